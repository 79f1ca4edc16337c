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

/// A search of one block `lo..=hi`, calling `visit` with each hazard in order.
pub(crate) type BlockSearch = fn(u64, u64, &mut dyn FnMut(u64));

/// A formula's `enumerate_block` for any `lo..=hi`, as the public trait
/// method must serve it: the part up to [`ENUMERATION_LIMIT`] enumerated by
/// `enumerate` one engine block at a time (so that a formula that gathers a
/// block's hazards holds one block's worth), the part above swept by `sweep`;
/// nothing when `lo > hi`.
pub(crate) fn any_range(
    lo: u64,
    hi: u64,
    visit: &mut dyn FnMut(u64),
    enumerate: BlockSearch,
    sweep: BlockSearch,
) {
    let top = hi.min(ENUMERATION_LIMIT);
    let mut a = lo;
    // b ≤ top ≤ the limit: b + 1 cannot overflow.
    while a <= top {
        let b = block_end(a, top);
        enumerate(a, b, visit);
        a = b + 1;
    }
    // Empty (lo > hi) unless hi is above the limit.
    sweep(lo.max(SWEPT_FROM), hi, visit);
}

/// The first input [`any_range`] sweeps.
const SWEPT_FROM: u64 = ENUMERATION_LIMIT + 1;

/// Calls `visit` with every candidate of the block `lo..=hi` (hi ≤
/// [`ENUMERATION_LIMIT`]), in increasing order.
pub(crate) fn walk_block(lo: u64, hi: u64, visit: impl FnMut(u64)) {
    assert!(
        hi <= ENUMERATION_LIMIT,
        "no enumeration above the limit: {hi}"
    );
    let w = u64::try_from(window_half_width(hi)).expect("hi ≤ ENUMERATION_LIMIT: W < 2⁶¹");
    walk::walk(golden::INV_PHI_Q64, w, 2 * w + 1, lo, hi, visit);
}

/// Every candidate k in `range` (‖kφ‖ within the error bound, module docs) up to
/// [`ENUMERATION_LIMIT`], in increasing order. Every hazard of `lower_f64` up to the
/// limit is among them.
///
/// # Errors
///
/// [`TooMany`](crate::TooMany) when there are more than
/// [`COLLECT_LIMIT`](crate::COLLECT_LIMIT) candidates (0..=10¹² has about 10⁹).
///
/// ```
/// use beatty_hazards::{candidates, lower_f64_sweep, no_progress};
/// let c = candidates(0..=200_000_000).unwrap();
/// // Every hazard the sweep finds, visiting every k, is a candidate.
/// let h = lower_f64_sweep(0..=200_000_000, &no_progress).unwrap();
/// assert!(h.iter().all(|k| c.binary_search(k).is_ok()));
/// ```
pub fn candidates(range: RangeInclusive<u64>) -> Result<Vec<u64>, crate::TooMany> {
    candidates_at_most(range, crate::COLLECT_LIMIT)
}

/// [`candidates`] with `limit` for the limit.
fn candidates_at_most(
    range: RangeInclusive<u64>,
    limit: usize,
) -> Result<Vec<u64>, crate::TooMany> {
    let (lo, hi) = (*range.start(), (*range.end()).min(ENUMERATION_LIMIT));
    let mut out = Vec::new();
    let mut a = lo;
    while a <= hi {
        let b = block_end(a, hi);
        // One past the limit is enough to know: the rest of the block is
        // walked but not kept.
        walk_block(a, b, |k| {
            if out.len() <= limit {
                out.push(k);
            }
        });
        if out.len() > limit {
            return Err(crate::TooMany { limit });
        }
        if b == hi {
            break;
        }
        a = b + 1;
    }
    Ok(out)
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
            // Each block ends in the range and past its start (or the loop would not end).
            assert!(a <= b && b <= hi, "block {a}..={b} of {lo}..={hi}");
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
        let c = candidates(0..=3_000_000).unwrap();
        for k in crate::lower_f64_sweep(0..=3_000_000, &crate::no_progress).unwrap() {
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
        assert_eq!(candidates(lo..=hi).unwrap(), brute);
    }

    // The tests below take their expectations from the module docs, not from the
    // functions: W = 4353·kmax units for kmax ≤ 2⁵³ and 7681·kmax above, blocks of
    // a/64 values clamped to [2¹⁶, 2²⁶], and the candidate predicate checked k by k.

    const THETA: u64 = golden::INV_PHI_Q64;

    /// The documented window of a block ending at `hi` ≤ 2⁴⁸: `W = 4353·hi`.
    fn w_of(hi: u64) -> u64 {
        assert!(hi <= 1 << 48);
        4353 * hi
    }

    /// The candidate predicate of the module docs for k in a block ending at `hi`.
    fn in_window(k: u64, hi: u64) -> bool {
        let w = w_of(hi);
        k.wrapping_mul(THETA).wrapping_add(w) < 2 * w + 1
    }

    /// The k of `lo..=hi` that satisfy the predicate, by brute force.
    fn brute(lo: u64, hi: u64) -> Vec<u64> {
        (lo..=hi).filter(|&k| in_window(k, hi)).collect()
    }

    fn walked(lo: u64, hi: u64) -> Vec<u64> {
        let mut out = Vec::new();
        walk_block(lo, hi, |k| out.push(k));
        out
    }

    /// The inverse of an odd `m` modulo 2⁶⁴ (Newton's iteration, 6 doublings).
    fn inverse(m: u64) -> u64 {
        assert_eq!(m % 2, 1);
        let mut x = m; // right to 3 bits: m·m ≡ 1 (mod 8)
        for _ in 0..5 {
            x = x.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(x)));
        }
        assert_eq!(m.wrapping_mul(x), 1);
        x
    }

    /// The least `(k, d)` found, d = 2ˢ·e for e = 1, 2, …, with `k·a ≡ r·d` (mod
    /// 2⁶⁴) and `k + d` ≤ 2⁴⁸, where 2ˢ is the power of two in `a`.
    fn solve(a: u64, r: u64) -> (u64, u64) {
        let s = a.trailing_zeros();
        let m_inv = inverse(a >> s);
        let mask = u64::MAX >> s;
        (1u64..)
            .map(|e| {
                let k = r.wrapping_mul(e).wrapping_mul(m_inv) & mask;
                (k, e << s)
            })
            .find(|&(k, d)| k + d <= 1 << 48)
            .unwrap()
    }

    #[test]
    fn window_half_width_is_the_documented_bound() {
        for (k, w) in [
            (0u64, 0u128),
            (1, 4353),
            (2, 8706),
            (1_000_000, 4_353_000_000),
            (1 << 48, 4353 << 48),
            (1 << 53, 4353 << 53),
            ((1 << 53) + 1, 7681 * ((1 << 53) + 1)),
            (u64::MAX, 7681 * u128::from(u64::MAX)),
        ] {
            assert_eq!(window_half_width(k), w, "k = {k}");
        }
    }

    #[test]
    fn block_end_is_a_64th_of_the_start_clamped_and_cut() {
        let limit = 1u64 << 48;
        let (a1, a2, t) = (
            (1u64 << 22) + 64 * 5 + 17,
            (1u64 << 26) + 64 + 3,
            1u64 << 40,
        );
        for (a, hi, end) in [
            // a/64 below 2¹⁶: 2¹⁶ values.
            (0u64, u64::MAX, (1 << 16) - 1),
            (1_000_000, u64::MAX, 1_000_000 + (1 << 16) - 1),
            // a/64 = 2¹⁶ + 5 (a mod 64 = 17): a/64 values.
            (a1, u64::MAX, a1 + (1 << 16) + 4),
            // a/64 = 2²⁰ + 1.
            (a2, u64::MAX, a2 + (1 << 20)),
            // a/64 above 2²⁶: 2²⁶ values.
            (t, u64::MAX, t + (1 << 26) - 1),
            ((1 << 32) + 64, u64::MAX, (1 << 32) + 64 + (1 << 26) - 1),
            // Cut at hi.
            (100, 200, 200),
            (100, 100, 100),
            (t, t + 5, t + 5),
            (t, t + (1 << 26) - 1, t + (1 << 26) - 1),
            (t, t + (1 << 26), t + (1 << 26) - 1),
            // Cut at the limit.
            (limit - 5, u64::MAX, limit),
            (limit, u64::MAX, limit),
            (limit - (1 << 26), u64::MAX, limit - 1),
            (limit - (1 << 26) + 1, u64::MAX, limit),
        ] {
            assert_eq!(block_end(a, hi), end, "a = {a}, hi = {hi}");
        }
    }

    #[test]
    fn walk_block_visits_exactly_the_window_members() {
        for (lo, hi) in [
            (0u64, 0u64),
            (0, 70_000),
            (1_000_000, 1_065_535),
            (1 << 40, (1 << 40) + 100_000),
            ((1 << 47) - 3, (1 << 47) + 50_000),
            ((1 << 48) - 80_000, 1 << 48),
        ] {
            assert_eq!(walked(lo, hi), brute(lo, hi), "{lo}..={hi}");
        }
        // 0 is a candidate of 0..=0 (W = 0, the window is {0}).
        assert_eq!(walked(0, 0), [0]);
        // Dense near the limit: about 8707·2⁴⁸/2⁶⁴ ≈ 0.13 per k.
        assert!(brute((1 << 48) - 80_000, 1 << 48).len() > 5_000);
    }

    #[test]
    fn walk_block_includes_both_edges_of_the_window() {
        // k·Θ + W ≡ 2W, the last point of the window [0, 2W] (W = 4353·hi,
        // hi = k + d): k·(Θ − 4353) ≡ 4353·d.
        let (k, d) = solve(THETA.wrapping_sub(4353), 4353);
        let w = w_of(k + d);
        assert_eq!(k.wrapping_mul(THETA).wrapping_add(w), 2 * w);
        // k·Θ + W ≡ 0, its first point: k·(Θ + 4353) ≡ −4353·d.
        let (k0, d0) = solve(THETA.wrapping_add(4353), 4353u64.wrapping_neg());
        let w0 = w_of(k0 + d0);
        assert_eq!(k0.wrapping_mul(THETA).wrapping_add(w0), 0);
        for (k, hi) in [(k, k + d), (k0, k0 + d0)] {
            assert!(d.max(d0) < 1 << 20, "short blocks: {d}, {d0}");
            let got = walked(k, hi);
            assert_eq!(got, brute(k, hi));
            assert_eq!(got.first(), Some(&k));
            let got = walked(k.saturating_sub(1_000), hi);
            assert_eq!(got, brute(k.saturating_sub(1_000), hi));
            assert!(got.contains(&k));
        }
    }

    /// The candidates k ≥ `from` of the block that ends at k itself.
    fn own_block_candidates(from: u64) -> impl Iterator<Item = u64> {
        (from..).filter(|&k| in_window(k, k))
    }

    #[test]
    fn walk_block_finds_a_candidate_at_either_end_of_the_block() {
        for k in own_block_candidates(1 << 40).take(3) {
            assert_eq!(walked(k, k), [k]);
            let before = walked(k - 5_000, k);
            assert_eq!(before, brute(k - 5_000, k));
            assert_eq!(before.last(), Some(&k));
            let after = walked(k, k + 5_000);
            assert_eq!(after, brute(k, k + 5_000));
            assert_eq!(after.first(), Some(&k));
        }
    }

    #[test]
    fn candidates_span_blocks_with_candidates_at_their_ends() {
        // Above 2³² every block has 2²⁶ values: a block ending at a candidate c
        // starts at c − 2²⁶ + 1. The range has that block, a full one after it, and
        // 1000 values more; each block's window is that of its own last k.
        let len = 1u64 << 26;
        let c = own_block_candidates(1 << 38).next().unwrap();
        let lo = c - len + 1;
        let hi = c + len + 1_000;
        let mut expected = brute(lo, c);
        expected.extend(brute(c + 1, c + len));
        expected.extend(brute(c + len + 1, hi));
        assert_eq!(expected.last(), expected.iter().max());
        assert!(expected.contains(&c));
        let got = candidates(lo..=hi).unwrap();
        assert!(got.windows(2).all(|p| p[0] < p[1]), "increasing, once each");
        assert_eq!(got, expected);
        // The same from the block's last k: one value in the first block.
        let got = candidates(c..=c + 10_000).unwrap();
        assert_eq!(got.first(), Some(&c));
        assert_eq!(got, brute(c, c + 10_000));
    }

    /// A list of exactly the limit fits, one more does not.
    #[test]
    fn candidates_are_bounded_by_the_collect_limit() {
        let all = candidates(0..=200_000_000).unwrap();
        let n = all.len();
        assert!(n >= 3); // at least the hazards F(40), 141422324, 180510493
        assert_eq!(candidates_at_most(0..=200_000_000, n), Ok(all.clone()));
        assert_eq!(
            candidates_at_most(0..=200_000_000, n - 1),
            Err(crate::TooMany { limit: n - 1 })
        );
    }

    #[test]
    fn candidates_stop_at_the_limit() {
        let limit = 1u64 << 48;
        let expected = brute(limit - 100_000, limit);
        assert_eq!(candidates(limit - 100_000..=u64::MAX).unwrap(), expected);
        assert_eq!(candidates(limit - 100_000..=limit).unwrap(), expected);
        assert_eq!(candidates(limit + 1..=u64::MAX), Ok(vec![]));
        // Below 2¹⁶·64 blocks have 2¹⁶ values: 0..=200 000 is four blocks.
        let mut expected = Vec::new();
        for a in (0..200_000).step_by(1 << 16) {
            let b = (a + (1 << 16) - 1).min(200_000);
            expected.extend(brute(a, b));
        }
        assert_eq!(candidates(0..=200_000).unwrap(), expected);
    }
}
