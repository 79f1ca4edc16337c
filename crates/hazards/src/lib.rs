//! Where the float formulas of [`beatty_float`] disagree with the exact answers of
//! [`beatty_core`] — every input, in a range (the "hazards").
//!
//! # The idea
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
//! Two independent ways find the disagreements ("hazards"):
//!
//! * [`sweep`] visits every k (in parallel with rayon) and compares
//!   [`beatty_float::lower_f64`] with the exact `beatty_core::golden::lower_wide`.
//! * [`enumerate`] visits only the candidates. Since kφ ≡ k/φ (mod 1) and
//!   `k·Θ mod 2⁶⁴` with `Θ = INV_PHI_Q64 = ⌊2⁶⁴/φ⌋` is within `k` units of
//!   `{k/φ}·2⁶⁴` (from below), the candidates of a block of k ≤ `kmax` all satisfy
//!   `(k·Θ + W) mod 2⁶⁴ < 2W + 1` with `W = E(kmax)·2⁶⁴ + kmax`
//!   (`= 4353·kmax` or `7681·kmax` units). That is a short interval of a rotation of the
//!   circle, and its visits are walked in O(1) each through the three-distance
//!   theorem (the Fibonacci/Ostrowski structure of kφ mod 1; see the private
//!   `walk` module). Each candidate is then confirmed exactly, so the result is
//!   the same list as the sweep — a test checks that — in time proportional to the
//!   number of candidates (about `E`'s constant × kmax²/2⁶⁴, a few per hazard),
//!   not to the length of the range.
//!
//! The enumeration needs the window to be small: blocks above
//! [`ENUMERATION_LIMIT`] (2⁴⁸ ≈ 2.8·10¹⁴, where doubles are off by a noticeable
//! fraction of a unit anyway) are swept instead.
//!
//! ```
//! use beatty_hazards as hazards;
//! let h = hazards::enumerate(0..=200_000_000, &hazards::no_progress);
//! assert_eq!(h, hazards::sweep(0..=200_000_000, &hazards::no_progress));
//! assert!(h.contains(&102_334_155)); // F(40)
//! ```
//!
//! The other formulas: [`is_p_position_f64`](beatty_float::is_p_position_f64) misjudges
//! exactly the pairs whose difference is a hazard of `lower_f64` (see
//! [`consequence`]); [`classify_f64_enumerate`] derives the hazards of
//! [`classify_f64`](beatty_float::classify_f64) from those of `lower_f64`;
//! [`lower_f32_summary`] counts the (many) failures of single precision; and
//! [`euclid_near_phi`] is the explanation every Euclid disagreement must have.

mod kernel;
mod walk;

use kernel::Kernel;

use beatty_core::golden;
use core::ops::RangeInclusive;
use rayon::prelude::*;

/// Above this k, [`enumerate`] sweeps instead of walking candidates.
///
/// ```
/// assert_eq!(beatty_hazards::ENUMERATION_LIMIT, 1 << 48);
/// ```
pub const ENUMERATION_LIMIT: u64 = 1 << 48;

/// The POJ 1067 / HDU 1527 limit on a pile: 10⁹.
///
/// ```
/// assert_eq!(beatty_hazards::POJ_LIMIT, 1_000_000_000);
/// ```
pub const POJ_LIMIT: u64 = 1_000_000_000;

/// A progress callback: called with the number of values just finished, from several
/// threads; over one call of a search the numbers add up to the length of its range.
pub type Progress<'a> = &'a (dyn Fn(u64) + Sync);

/// The [`Progress`] callback that ignores its argument.
pub fn no_progress(_done: u64) {}

/// Whether `lower_f64(k)` differs from ⌊kφ⌋ (exact, for every `u64`).
///
/// ```
/// use beatty_hazards::is_lower_f64_hazard;
/// assert!(is_lower_f64_hazard(102_334_155));
/// assert!(!is_lower_f64_hazard(102_334_154));
/// ```
#[inline]
#[must_use]
pub fn is_lower_f64_hazard(k: u64) -> bool {
    golden::lower_wide(k) != beatty_float::lower_f64(k) as u128
}

/// Every k in `range`, in increasing order, where [`beatty_float::lower_f64`]`(k)` differs
/// from the exact ⌊kφ⌋. The same as [`enumerate`].
///
/// ```
/// let h = beatty_hazards::lower_f64_hazards(102_334_150..=102_334_160);
/// assert_eq!(h, [102_334_155]);
/// ```
#[must_use]
pub fn lower_f64_hazards(range: RangeInclusive<u64>) -> Vec<u64> {
    enumerate(range, &no_progress)
}

/// The error bound of the module docs in units of 2⁻⁶⁴, plus the `kmax` units by
/// which `k·Θ` undershoots `{k/φ}·2⁶⁴`: the half-width `W` of the candidate window.
const fn window_half_width(kmax: u64) -> u64 {
    // E(k) ≤ 2.125·2⁻⁵³·k = 4352·k units for k ≤ 2⁵³, ≤ 3.75·2⁻⁵³·k = 7680·k units above.
    let per_k = if kmax <= 1 << 53 { 4352 + 1 } else { 7680 + 1 };
    kmax * per_k
}

/// Splits `lo..=hi` into blocks short enough that the window of a block, sized for
/// its largest k, is barely larger than needed (≤ 1/64 too wide), and not longer
/// than 2³² (so that rayon can share them out).
fn blocks(lo: u64, hi: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut a = lo;
    loop {
        let len = (a / 64).clamp(1 << 16, 1 << 32);
        let b = a.saturating_add(len - 1).min(hi);
        out.push((a, b));
        if b == hi {
            return out;
        }
        a = b + 1;
    }
}

fn sweep_block(lo: u64, hi: u64, out: &mut Vec<u64>, is_hazard: impl Fn(u64) -> bool) {
    out.extend((lo..=hi).filter(|&k| is_hazard(k)));
}

/// The lower_f64 sweep of one block: whole kernel spans through the kernel module's vectorised loop,
/// rechecked k by k (exactly) only where the kernel flags something; the rest k by k.
fn sweep_lower_f64_block_with(kernel: Kernel, lo: u64, hi: u64, out: &mut Vec<u64>) {
    const SPAN: u64 = kernel::SPAN;
    let mut k = lo;
    while hi - k >= SPAN - 1 && k + SPAN <= 1 << 51 {
        if kernel.may_have_hazard(k) {
            sweep_block(k, k + SPAN - 1, out, is_lower_f64_hazard);
        }
        if k + SPAN - 1 == hi {
            return;
        }
        k += SPAN;
    }
    sweep_block(k, hi, out, is_lower_f64_hazard);
}

fn sweep_lower_f64_block(lo: u64, hi: u64, out: &mut Vec<u64>) {
    sweep_lower_f64_block_with(Kernel::best(), lo, hi, out);
}

/// Runs `block` on every block of `lo..=hi` in parallel, in order, reporting the
/// number of k done to `progress`.
fn par_blocks(
    range: RangeInclusive<u64>,
    progress: Progress<'_>,
    block: impl Fn(u64, u64, &mut Vec<u64>) + Sync,
) -> Vec<u64> {
    let (lo, hi) = (*range.start(), *range.end());
    if lo > hi {
        return Vec::new();
    }
    // Chunks are made lazily: even 0..=u64::MAX needs no list of them.
    let n_chunks = (hi - lo) / (1 << 20) + 1;
    (0..n_chunks)
        .into_par_iter()
        .flat_map_iter(|i| {
            let a = lo + i * (1 << 20);
            let b = a.saturating_add((1 << 20) - 1).min(hi);
            let mut out = Vec::new();
            block(a, b, &mut out);
            progress(b - a + 1);
            out
        })
        .collect()
}

/// Every hazard of [`beatty_float::lower_f64`] in `range`, found by visiting every k in
/// parallel: the reference that [`enumerate`] is tested against.
///
/// `progress(n)` is called after each finished block of `n` values of k (from several
/// threads), e.g. to drive a progress bar; the `n` add up to the length of the range.
/// Pass [`no_progress`] when nobody watches.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// let done = AtomicU64::new(0);
/// let h = beatty_hazards::sweep(102_334_150..=102_334_160, &|n| {
///     done.fetch_add(n, Ordering::Relaxed);
/// });
/// assert_eq!(h, [102_334_155]);
/// assert_eq!(done.into_inner(), 11);
/// ```
#[must_use]
pub fn sweep(range: RangeInclusive<u64>, progress: Progress<'_>) -> Vec<u64> {
    par_blocks(range, progress, sweep_lower_f64_block)
}

/// Every candidate k in `range` (‖kφ‖ within the error bound, module docs), in
/// increasing order, at most [`ENUMERATION_LIMIT`]. Every hazard is among them.
///
/// ```
/// let c = beatty_hazards::candidates(0..=200_000_000);
/// let h = beatty_hazards::enumerate(0..=200_000_000, &beatty_hazards::no_progress);
/// assert!(h.iter().all(|k| c.binary_search(k).is_ok()));
/// ```
#[must_use]
pub fn candidates(range: RangeInclusive<u64>) -> Vec<u64> {
    walk_candidates(range, &no_progress, |_| true)
}

fn walk_candidates(
    range: RangeInclusive<u64>,
    progress: Progress<'_>,
    keep: impl Fn(u64) -> bool + Sync,
) -> Vec<u64> {
    let (lo, hi) = (*range.start(), (*range.end()).min(ENUMERATION_LIMIT));
    if lo > hi {
        return Vec::new();
    }
    blocks(lo, hi)
        .par_iter()
        .flat_map_iter(|&(a, b)| {
            let w = window_half_width(b);
            let mut out = Vec::new();
            walk::walk(golden::INV_PHI_Q64, w, 2 * w + 1, a, b, |k| {
                if keep(k) {
                    out.push(k);
                }
            });
            progress(b - a + 1);
            out
        })
        .collect()
}

/// Every hazard of [`beatty_float::lower_f64`] in `range`, found by walking only the
/// candidates (module docs) and confirming each exactly; the part of the range above
/// [`ENUMERATION_LIMIT`] is swept. Progress is reported as by [`sweep`].
///
/// ```
/// let h = beatty_hazards::enumerate(0..=1_000_000_000, &beatty_hazards::no_progress);
/// assert_eq!(h[..3], [102_334_155, 141_422_324, 180_510_493]);
/// assert_eq!(h.len(), 95);
/// ```
#[must_use]
pub fn enumerate(range: RangeInclusive<u64>, progress: Progress<'_>) -> Vec<u64> {
    let (lo, hi) = (*range.start(), *range.end());
    let mut out = walk_candidates(range, progress, is_lower_f64_hazard);
    if hi > ENUMERATION_LIMIT {
        out.extend(sweep(lo.max(ENUMERATION_LIMIT + 1)..=hi, progress));
    }
    out
}

/// How many hazards [`enumerate`] would return, without storing them (for ranges such
/// as 0..=10¹² with about 10⁸ hazards). Progress is reported as by [`sweep`].
///
/// ```
/// assert_eq!(beatty_hazards::count(0..=1_000_000_000, &beatty_hazards::no_progress), 95);
/// ```
#[must_use]
pub fn count(range: RangeInclusive<u64>, progress: Progress<'_>) -> u64 {
    let (lo, hi) = (*range.start(), *range.end());
    let (wlo, whi) = (lo, hi.min(ENUMERATION_LIMIT));
    let mut n = 0;
    if wlo <= whi {
        n = blocks(wlo, whi)
            .par_iter()
            .map(|&(a, b)| {
                let w = window_half_width(b);
                let mut n = 0u64;
                walk::walk(golden::INV_PHI_Q64, w, 2 * w + 1, a, b, |k| {
                    n += u64::from(is_lower_f64_hazard(k));
                });
                progress(b - a + 1);
                n
            })
            .sum();
    }
    if hi > ENUMERATION_LIMIT {
        n += sweep(lo.max(ENUMERATION_LIMIT + 1)..=hi, progress).len() as u64;
    }
    n
}

/// The game consequence of a hazard k of [`beatty_float::lower_f64`]: what
/// [`beatty_float::is_p_position_f64`] gets wrong.
///
/// ```
/// let c = beatty_hazards::consequence(102_334_155);
/// assert_eq!(c.exact, 165_580_140);
/// assert_eq!(c.float, 165_580_141);
/// assert_eq!(c.p_position, (165_580_140, 267_914_295)); // judged a win by doubles
/// assert_eq!(c.n_position, (165_580_141, 267_914_296)); // judged a loss by doubles
/// assert!(c.inside_limits);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Consequence {
    /// The k.
    pub k: u64,
    /// ⌊kφ⌋ (as `u128`, since it can exceed `u64` for huge k).
    pub exact: u128,
    /// `lower_f64(k)`.
    pub float: u64,
    /// The P-position (⌊kφ⌋, ⌊kφ⌋ + k) that the float test judges a win for the mover.
    pub p_position: (u128, u128),
    /// The N-position (`float`, `float` + k) that the float test judges a loss.
    pub n_position: (u128, u128),
    /// Whether all four piles are ≤ [`POJ_LIMIT`], i.e. legal POJ 1067 input.
    pub inside_limits: bool,
}

/// The [`Consequence`] of `k` (meaningful when k is a hazard: otherwise both
/// positions coincide and are judged right).
///
/// Proof that these are the misjudged positions: with a ≤ b and d = b − a,
/// `is_p_position_f64` answers `a == lower_f64(d)` while the truth is
/// `a == ⌊dφ⌋`; when they differ, they disagree exactly on a = ⌊dφ⌋ (a true
/// P-position called N) and a = `lower_f64(d)` (an N-position called P).
///
/// ```
/// let c = beatty_hazards::consequence(10);
/// assert_eq!(c.p_position, c.n_position); // 10 is no hazard
/// ```
#[must_use]
pub fn consequence(k: u64) -> Consequence {
    let exact = golden::lower_wide(k);
    let float = beatty_float::lower_f64(k);
    let p_position = (exact, exact + k as u128);
    let n_position = (float as u128, float as u128 + k as u128);
    let limit = POJ_LIMIT as u128;
    Consequence {
        k,
        exact,
        float,
        p_position,
        n_position,
        inside_limits: p_position.1 <= limit && n_position.1 <= limit,
    }
}

/// How [`beatty_float::lower_f32`] fares on a range: it fails early and often, so this
/// counts instead of listing.
///
/// ```
/// let s = beatty_hazards::lower_f32_summary(0..=1_000, &beatty_hazards::no_progress);
/// assert_eq!(s.checked, 1_001);
/// assert!(s.count < s.checked);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct F32Summary {
    /// How many k were checked.
    pub checked: u64,
    /// The least failing k, if any.
    pub first: Option<u64>,
    /// How many k fail.
    pub count: u64,
}

/// Whether `lower_f32(k)` differs from ⌊kφ⌋.
///
/// ```
/// assert!(!beatty_hazards::is_lower_f32_hazard(10));
/// ```
#[must_use]
pub fn is_lower_f32_hazard(k: u64) -> bool {
    golden::lower_wide(k) != beatty_float::lower_f32(k) as u128
}

/// Counts the failures of [`beatty_float::lower_f32`] on `range` (every k, in
/// parallel), reporting progress as [`sweep`] does.
///
/// ```
/// let s = beatty_hazards::lower_f32_summary(0..=100_000, &beatty_hazards::no_progress);
/// let first = s.first.unwrap();
/// assert_ne!(beatty_float::lower_f32(first) as u128, beatty_core::golden::lower_wide(first));
/// ```
#[must_use]
pub fn lower_f32_summary(range: RangeInclusive<u64>, progress: Progress<'_>) -> F32Summary {
    let (lo, hi) = (*range.start(), *range.end());
    if lo > hi {
        return F32Summary {
            checked: 0,
            first: None,
            count: 0,
        };
    }
    let n_chunks = (hi - lo) / (1 << 20) + 1;
    let (first, count) = (0..n_chunks)
        .into_par_iter()
        .map(|i| {
            let a = lo + i * (1 << 20);
            let b = a.saturating_add((1 << 20) - 1).min(hi);
            let mut first = None;
            let mut count = 0u64;
            for k in a..=b {
                if is_lower_f32_hazard(k) {
                    first = first.or(Some(k));
                    count += 1;
                }
            }
            progress(b - a + 1);
            (first, count)
        })
        .reduce(
            || (None, 0),
            |x, y| {
                let first = match (x.0, y.0) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                (first, x.1 + y.1)
            },
        );
    F32Summary {
        checked: (hi - lo).saturating_add(1),
        first,
        count,
    }
}

/// Whether [`beatty_float::classify_f64`]`(a)` disagrees with the exact
/// `beatty_core::golden::classify(a)`.
///
/// ```
/// use beatty_hazards::is_classify_f64_hazard;
/// assert!(!is_classify_f64_hazard(4));
/// assert!(is_classify_f64_hazard(165_580_140)); // ⌊F(40)·φ⌋, a lower number called upper
/// ```
#[must_use]
pub fn is_classify_f64_hazard(a: u64) -> bool {
    use beatty_float::FloatClass;
    use golden::Class;
    let agree = match (beatty_float::classify_f64(a), golden::classify(a)) {
        (FloatClass::Zero, Class::Zero) | (FloatClass::Upper, Class::Upper(_)) => true,
        (FloatClass::Lower(j), Class::Lower(k)) => j == k,
        _ => false,
    };
    !agree
}

/// Every a in `range` where [`beatty_float::classify_f64`] is wrong, visiting every a,
/// reporting progress as [`sweep`] does.
///
/// ```
/// use beatty_hazards::{classify_f64_enumerate, classify_f64_sweep, no_progress};
/// let r = 165_580_130..=165_580_150;
/// // 165580140 = ⌊102334155φ⌋ is taken for an upper number, and 165580141 (an upper
/// // number) for ⌊102334155φ⌋.
/// assert_eq!(classify_f64_sweep(r.clone(), &no_progress), [165_580_140, 165_580_141]);
/// assert_eq!(classify_f64_enumerate(r), [165_580_140, 165_580_141]);
/// ```
#[must_use]
pub fn classify_f64_sweep(range: RangeInclusive<u64>, progress: Progress<'_>) -> Vec<u64> {
    par_blocks(range, progress, |a, b, out| {
        sweep_block(a, b, out, is_classify_f64_hazard);
    })
}

/// Every a in `range` where [`beatty_float::classify_f64`] is wrong, derived from the
/// hazards of `lower_f64`.
///
/// Why that suffices (for a ≤ [`ENUMERATION_LIMIT`]; above it this sweeps): the
/// shortcut computes j ≈ a/φ with an error far below 0.38, and a lower number
/// a = ⌊kφ⌋ has k = ⌊a/φ⌋ + 1 with {a/φ} > 0.38, so k ∈ {j, j + 1}. Hence a wrong
/// answer needs a `lower_f64(i)` that is wrong: either `lower_f64(k) ≠ a = ⌊kφ⌋`
/// (a = ⌊kφ⌋ for a hazard k), or `lower_f64(i) = a ≠ ⌊iφ⌋` (a = `lower_f64(i)`
/// for a hazard i). Every such a is checked exactly.
///
/// ```
/// let h = beatty_hazards::classify_f64_enumerate(0..=1_000_000_000);
/// assert!(h.contains(&165_580_140));
/// ```
#[must_use]
pub fn classify_f64_enumerate(range: RangeInclusive<u64>) -> Vec<u64> {
    let (lo, hi) = (*range.start(), *range.end());
    if lo > hi {
        return Vec::new();
    }
    let top = hi.min(ENUMERATION_LIMIT);
    let mut out = Vec::new();
    if lo <= top {
        // k ≈ a/φ: a margin of 2 covers the rounding of the indices.
        let klo = golden::floor_div_phi(lo).saturating_sub(2);
        let khi = golden::floor_div_phi(top) + 2;
        for k in enumerate(klo..=khi, &no_progress) {
            for a in [golden::lower_wide(k), beatty_float::lower_f64(k) as u128] {
                if (lo as u128..=top as u128).contains(&a) && is_classify_f64_hazard(a as u64) {
                    out.push(a as u64);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
    if hi > ENUMERATION_LIMIT {
        out.extend(classify_f64_sweep(
            lo.max(ENUMERATION_LIMIT + 1)..=hi,
            &no_progress,
        ));
    }
    out
}

/// Whether a/b (either order) is within the documented error bound of the Euclid
/// float rule: |large/small − φ| < 2⁻⁵⁰, decided with integers (up to a slack of
/// 2⁻⁶⁴ towards "yes").
///
/// [`beatty_float::euclid_first_wins_f64`] compares `r = fl(fl(L)/fl(S))` with
/// `P = φ + δ`. Each of the three roundings has relative error ≤ u = 2⁻⁵³ and
/// δ < u/2, so r is within 3.01·u·(L/S) of L/S, and a disagreement with the
/// exact rule L/S > φ needs |L/S − φ| ≤ 3.01·u·(φ + 10⁻¹⁵) + u/2 < 5.4·u < 2⁻⁵⁰.
/// So every disagreement satisfies this test; it is what the fuzz target checks.
///
/// ```
/// use beatty_hazards::euclid_near_phi;
/// assert!(euclid_near_phi(165_580_141, 102_334_155)); // F(41)/F(40) ≈ φ + 2.6·10⁻¹⁷
/// assert!(!euclid_near_phi(13, 8));
/// assert!(!euclid_near_phi(5, 0));
/// ```
#[must_use]
pub fn euclid_near_phi(a: u64, b: u64) -> bool {
    let (s, l) = if a <= b { (a, b) } else { (b, a) };
    if s == 0 || l - s > s {
        return false; // ratio infinite or ≥ 2
    }
    // L/S − φ = (L − S − S/φ)/S, and S/φ·2⁶⁴ ∈ (S·Θ, S·Θ + S). With X = (L − S)·2⁶⁴ − S·Θ,
    // (L/S − φ)·S·2⁶⁴ ∈ (X − S, X); the bound is T = S·2⁻⁵⁰·2⁶⁴ = S·2¹⁴ units.
    // Accept when (X − S, X) meets (−T, T): X > −T and X − S < T.
    let n = ((l - s) as u128) << 64;
    let st = s as u128 * golden::INV_PHI_Q64 as u128;
    let t = (s as u128) << 14;
    n.saturating_add(t) > st && n < st.saturating_add(t).saturating_add(s as u128)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sweep(range: RangeInclusive<u64>) -> Vec<u64> {
        super::sweep(range, &no_progress)
    }

    fn enumerate(range: RangeInclusive<u64>) -> Vec<u64> {
        super::enumerate(range, &no_progress)
    }

    fn count(range: RangeInclusive<u64>) -> u64 {
        super::count(range, &no_progress)
    }

    #[test]
    fn window_covers_the_true_error_for_small_k() {
        // Every hazard the sweep (the float formula at every k) finds in a range is among the
        // enumerated candidates: a test of the enumeration's completeness on that range, not
        // of the bound itself.
        let c = candidates(0..=3_000_000);
        for k in sweep(0..=3_000_000) {
            assert!(c.binary_search(&k).is_ok(), "{k} not a candidate");
        }
    }

    #[test]
    fn every_available_kernel_agrees_with_the_scalar_check() {
        let mut kernels = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        kernels.extend(kernel::Avx2::detect().map(Kernel::Avx2));
        // Around F(40) = 102334155 and other hazards, plus a range with none.
        for (lo, hi) in [
            (102_300_000u64, 102_400_000u64),
            (0, 70_000),
            (141_422_324 - 9_000, 141_422_324 + 100),
        ] {
            let scalar: Vec<u64> = (lo..=hi).filter(|&k| is_lower_f64_hazard(k)).collect();
            for &kernel in &kernels {
                let mut out = Vec::new();
                sweep_lower_f64_block_with(kernel, lo, hi, &mut out);
                assert_eq!(out, scalar, "{kernel:?}");
            }
        }
    }

    #[test]
    fn blocks_tile_the_range() {
        for (lo, hi) in [
            (0u64, 0u64),
            (0, 1 << 30),
            (5, 70_000),
            (u64::MAX - 100_000, u64::MAX),
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
                let w = window_half_width(b);
                (a..=b)
                    .filter(move |k| k.wrapping_mul(golden::INV_PHI_Q64).wrapping_add(w) <= 2 * w)
            })
            .collect();
        assert_eq!(candidates(lo..=hi), brute);
    }

    #[test]
    fn enumerate_equals_sweep_on_a_shifted_range() {
        let r = 400_000_000..=420_000_000;
        assert_eq!(enumerate(r.clone()), sweep(r));
    }

    #[test]
    fn enumerate_handles_empty_and_huge_ranges() {
        let (lo, hi) = (5, 4);
        assert!(enumerate(lo..=hi).is_empty());
        assert!(sweep(lo..=hi).is_empty());
        assert!(candidates(lo..=hi).is_empty());
        assert_eq!(count(lo..=hi), 0);
        // Near u64::MAX the float formula saturates and nearly every k is a hazard.
        let top = u64::MAX - 1000..=u64::MAX;
        assert_eq!(enumerate(top.clone()), sweep(top.clone()));
        assert_eq!(sweep(top).len(), 1001);
        let mid = ENUMERATION_LIMIT - 2000..=ENUMERATION_LIMIT + 2000;
        assert_eq!(enumerate(mid.clone()), sweep(mid));
    }

    #[test]
    fn enumerate_equals_sweep_where_hazards_are_dense() {
        // Near 10¹² about one k in 10⁴ is a hazard, near 2⁴⁸ about one in 10: the error bound
        // is tested where it is tight, not only where it has slack.
        for (lo, hi) in [
            (1_000_000_000_000u64, 1_000_000_400_000u64),
            (123_456_789_012_345, 123_456_789_112_345),
            (ENUMERATION_LIMIT - 100_000, ENUMERATION_LIMIT),
        ] {
            let swept = sweep(lo..=hi);
            assert!(!swept.is_empty());
            assert_eq!(enumerate(lo..=hi), swept, "{lo}..={hi}");
            assert_eq!(count(lo..=hi), swept.len() as u64);
        }
    }

    #[test]
    fn enumerate_equals_sweep_on_random_ranges() {
        fn prop(start: u64, len: u16) -> bool {
            let lo = start % ENUMERATION_LIMIT;
            let hi = lo + u64::from(len) * 4;
            enumerate(lo..=hi) == sweep(lo..=hi)
        }
        quickcheck::QuickCheck::new()
            .tests(300)
            .quickcheck(prop as fn(u64, u16) -> bool);
    }

    #[test]
    fn classify_enumerate_equals_sweep() {
        let r = 0..=30_000_000;
        assert_eq!(
            classify_f64_enumerate(r.clone()),
            classify_f64_sweep(r, &no_progress)
        );
    }

    #[test]
    fn euclid_near_phi_holds_on_every_disagreement_of_fibonacci_neighbours() {
        // Consecutive Fibonacci ratios are the closest approaches to φ; scan a neighbourhood.
        let (mut f0, mut f1) = (1u64, 2u64);
        let mut disagreements = 0;
        while f1 < 1 << 62 {
            for s in f0.saturating_sub(3)..=f0 + 3 {
                for l in f1.saturating_sub(3)..=f1 + 3 {
                    if s == 0 || l == 0 {
                        continue;
                    }
                    let (small, large) = (s.min(l), s.max(l));
                    let exact = small == large
                        || golden::cmp_ratio(large, small) == core::cmp::Ordering::Greater;
                    if beatty_float::euclid_first_wins_f64(s, l) != exact {
                        assert!(euclid_near_phi(s, l), "({s}, {l}) unexplained");
                        disagreements += 1;
                    }
                }
            }
            (f0, f1) = (f1, f0 + f1);
        }
        assert!(
            disagreements > 0,
            "the scan found no disagreement to explain"
        );
    }

    #[test]
    fn euclid_near_phi_against_a_coarse_exact_test() {
        // |L/S − φ| < 2⁻⁵⁰ implies L ∈ {⌊Sφ⌋, ⌊Sφ⌋ + 1} for S < 2⁴⁹; check the converse side.
        for s in 1..20_000u64 {
            let f = golden::lower(s).unwrap();
            for l in s..=2 * s {
                if l != f && l != f + 1 {
                    assert!(!euclid_near_phi(l, s), "({l}, {s})");
                }
            }
        }
    }
}

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
