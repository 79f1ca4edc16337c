//! The enumeration: only the k where `lower_f64` *can* be wrong, walked in time
//! proportional to their number.
//!
//! # The bound
//!
//! [`beatty_float::lower_f64`] computes `y = fl(fl(k)·P)` and truncates it, where
//! `P = phi_f64()` is exactly (1 + fl(√5))/2 (adding 1 to a double in [2, 4) and
//! halving are exact), fl(·) rounding to the nearest double. It returns the exact
//! ⌊kφ⌋ unless `y` lands on the other side of an integer than kφ does. How far can
//! `y` be from kφ? With `u = 2⁻⁵³` (the unit roundoff of doubles) and `x = fl(k)`:
//!
//! * `P = φ + δ` with `δ = 5.4321…·10⁻¹⁷ < u/2` (checked with 60-digit decimals);
//! * `|x − k| ≤ u·k`, and `x = k` when `k ≤ 2⁵³`;
//! * `|y − x·P| ≤ u·x·P` (one correctly rounded product).
//!
//! So `|y − kφ| ≤ |y − xP| + P·|x − k| + k·δ ≤ k·u·(P·(2 + u) + 1/2) < 3.75·u·k`,
//! and for `k ≤ 2⁵³` (no rounding of k) `|y − kφ| ≤ k·u·(P + 0.4893) < 2.125·u·k`.
//! Call this bound `E(k)`. If kφ is farther than `E(k)` from every integer, `y`
//! lies strictly between ⌊kφ⌋ and ⌊kφ⌋ + 1 and truncates to the exact answer.
//! **Every disagreement therefore has ‖kφ‖ ≤ E(k)** (‖·‖ the distance to the
//! nearest integer): these k are the *candidates*.
//!
//! # The walk
//!
//! Since kφ ≡ k/φ (mod 1) and `k·Θ mod 2⁶⁴` with `Θ = INV_PHI_Q64 = ⌊2⁶⁴/φ⌋` is
//! within `k` units of `{k/φ}·2⁶⁴` (from below), the candidates of a block of
//! k ≤ `kmax` all satisfy `(k·Θ + W) mod 2⁶⁴ < 2W + 1` with
//! `W = E(kmax)·2⁶⁴ + kmax` (`= 4353·kmax` or `7681·kmax` units). That is a short
//! interval of a rotation of the circle, and its visits are walked in O(1) each
//! through the three-distance theorem (the Fibonacci/Ostrowski structure of
//! kφ mod 1; see the private `walk` module). Each candidate is then confirmed
//! exactly, so the result is the list of the sweep — tests check it — in time
//! proportional to the number of candidates (about `E`'s constant × kmax²/2⁶⁴, a
//! few per hazard), not to the length of the range.
//!
//! Blocks are short enough (`a/64` values from `a`, between 2¹⁶ and 2²⁶) that the
//! window, sized for the block's largest k, is at most 1/64 wider than needed, and
//! that one block's hazards fit in memory even where they are dense.
//!
//! The enumeration needs the window to be small: above [`ENUMERATION_LIMIT`]
//! (2⁴⁸ ≈ 2.8·10¹⁴, where doubles are off by a noticeable fraction of a unit
//! anyway) every search sweeps instead.

use crate::walk;
use beatty_core::golden;
use core::ops::RangeInclusive;

/// Above this k, the enumeration sweeps instead of walking candidates.
///
/// ```
/// assert_eq!(beatty_hazards::ENUMERATION_LIMIT, 1 << 48);
/// ```
pub const ENUMERATION_LIMIT: u64 = 1 << 48;

/// The error bound of the module docs in units of 2⁻⁶⁴, plus the `kmax` units by
/// which `k·Θ` undershoots `{k/φ}·2⁶⁴`: the half-width `W` of the candidate window.
///
/// In `u128`, for every `kmax` (above about 2⁵¹·⁹ it no longer fits in `u64`; the
/// walk only asks for `kmax` ≤ [`ENUMERATION_LIMIT`], where it is below 2⁶¹).
pub(crate) const fn window_half_width(kmax: u64) -> u128 {
    // E(k) ≤ 2.125·2⁻⁵³·k = 4352·k units for k ≤ 2⁵³, ≤ 3.75·2⁻⁵³·k = 7680·k units above.
    let per_k = if kmax <= 1 << 53 { 4352 + 1 } else { 7680 + 1 };
    kmax as u128 * per_k
}

/// The last k of the enumeration block that starts at `a` ≤ [`ENUMERATION_LIMIT`]:
/// `a/64` values (from 2¹⁶ to 2²⁶), cut at `hi` and at the limit.
pub(crate) fn block_end(a: u64, hi: u64) -> u64 {
    let len = (a / 64).clamp(1 << 16, 1 << 26);
    a.saturating_add(len - 1).min(hi).min(ENUMERATION_LIMIT)
}

/// Calls `visit` with every candidate of the block `lo..=hi` (hi ≤
/// [`ENUMERATION_LIMIT`]), in increasing order.
pub(crate) fn walk_block(lo: u64, hi: u64, visit: impl FnMut(u64)) {
    let w = u64::try_from(window_half_width(hi)).expect("hi ≤ ENUMERATION_LIMIT: W < 2⁶¹");
    walk::walk(golden::INV_PHI_Q64, w, 2 * w + 1, lo, hi, visit);
}

/// Every candidate k in `range` (‖kφ‖ within the error bound, module docs) up to
/// [`ENUMERATION_LIMIT`], in increasing order. Every hazard of `lower_f64` up to the
/// limit is among them.
///
/// ```
/// let c = beatty_hazards::candidates(0..=200_000_000);
/// let h = beatty_hazards::enumerate(0..=200_000_000, &beatty_hazards::no_progress);
/// assert!(h.iter().all(|k| c.binary_search(k).is_ok()));
/// ```
#[must_use]
pub fn candidates(range: RangeInclusive<u64>) -> Vec<u64> {
    let (lo, hi) = (*range.start(), (*range.end()).min(ENUMERATION_LIMIT));
    let mut out = Vec::new();
    let mut a = lo;
    while a <= hi {
        let b = block_end(a, hi);
        walk_block(a, b, |k| out.push(k));
        if b == hi {
            break;
        }
        a = b + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blocks of `lo..=hi` (≤ the limit), as the searches cut them.
    fn blocks(lo: u64, hi: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        let mut a = lo;
        loop {
            let b = block_end(a, hi);
            out.push((a, b));
            if b == hi {
                return out;
            }
            a = b + 1;
        }
    }

    #[test]
    fn window_covers_the_true_error_for_small_k() {
        // Every hazard the sweep (the float formula at every k) finds in a range is among the
        // enumerated candidates: a test of the enumeration's completeness on that range, not
        // of the bound itself.
        let c = candidates(0..=3_000_000);
        for k in crate::sweep(0..=3_000_000, &crate::no_progress) {
            assert!(c.binary_search(&k).is_ok(), "{k} not a candidate");
        }
    }

    #[test]
    fn blocks_tile_the_range() {
        for (lo, hi) in [
            (0u64, 0u64),
            (0, 1 << 30),
            (5, 70_000),
            (ENUMERATION_LIMIT - 100_000, ENUMERATION_LIMIT),
        ] {
            let b = blocks(lo, hi);
            assert_eq!(b[0].0, lo);
            assert_eq!(b.last().unwrap().1, hi);
            for w in b.windows(2) {
                assert_eq!(w[0].1 + 1, w[1].0);
            }
        }
    }

    #[test]
    fn candidates_are_exactly_the_window_members() {
        // The walk against a brute-force filter of the same window condition.
        let (lo, hi) = (1_000_000u64, 1_300_000u64);
        let brute: Vec<u64> = blocks(lo, hi)
            .iter()
            .flat_map(|&(a, b)| {
                let w = u64::try_from(window_half_width(b)).unwrap();
                (a..=b)
                    .filter(move |k| k.wrapping_mul(golden::INV_PHI_Q64).wrapping_add(w) <= 2 * w)
            })
            .collect();
        assert_eq!(candidates(lo..=hi), brute);
    }
}
