//! `lower_f64`: ⌊kφ⌋ in doubles, `(long long)(k * (1 + sqrt(5)) / 2)`, and what its
//! errors do to Wythoff's game.
//!
//! Its hazards are sparse — 95 up to 10⁹, the first at k = F(40) = 102334155 — and
//! the proved error bound of the [`enumerate`](mod@crate::enumerate) module lists them
//! without visiting every k. [`consequence`] turns a hazard k into the two Wythoff
//! positions that [`beatty_float::is_p_position_f64`] misjudges because of it.

use crate::kernel::{self, Kernel};
use crate::search::{Engine, Formula};
use crate::{Hazards, Method, Progress, Stats, enumerate, sweep};
use beatty_core::golden;
use core::ops::RangeInclusive;

/// Whether `lower_f64(k)` differs from ⌊kφ⌋ (exact, for every `u64`).
///
/// ```
/// use beatty_hazards::lower_f64::is_hazard;
/// assert!(is_hazard(102_334_155));
/// assert!(!is_hazard(102_334_154));
/// ```
#[inline]
#[must_use]
pub fn is_hazard(k: u64) -> bool {
    golden::lower_wide(k) != beatty_float::lower_f64(k) as u128
}

/// `lower_f64` as the engine searches it: swept with the vectorised kernel,
/// enumerated by the error bound.
///
/// ```
/// use beatty_hazards::{Formula, lower_f64::LowerF64};
/// // k = F(40): (k·φ) in doubles rounds up past ⌊kφ⌋ = 165580140.
/// assert!(LowerF64.is_hazard(102_334_155));
/// assert!(!LowerF64.is_hazard(102_334_154));
/// assert_eq!(LowerF64.name(), "lower_f64");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LowerF64;

impl Formula for LowerF64 {
    fn name(&self) -> &'static str {
        "lower_f64"
    }

    fn is_hazard(&self, k: u64) -> bool {
        is_hazard(k)
    }

    fn sweep_block(&self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
        sweep_block(lo, hi, visit);
    }

    fn enumerates(&self) -> bool {
        true
    }

    fn enumerate_block(&self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
        enumerate::any_range(lo, hi, visit, enumerate_block, sweep_block);
    }
}

fn engine(method: Method) -> Engine<'static> {
    Engine::new(&LowerF64, method)
}

/// Every hazard of [`beatty_float::lower_f64`] in `range`, in increasing order, found by
/// `method`; computed lazily, a few blocks at a time.
///
/// ```
/// use beatty_hazards::{Method, lower_f64, no_progress};
/// let h: Vec<u64> = lower_f64::hazards(0..=1_000_000_000, Method::Enumerate, &no_progress).collect();
/// assert_eq!(h.len(), 95);
/// ```
pub fn hazards(range: RangeInclusive<u64>, method: Method, progress: Progress<'_>) -> Hazards<'_> {
    engine(method).iter(range, progress)
}

/// How many hazards of [`beatty_float::lower_f64`] `range` holds, and the first, found
/// by `method` without any list.
///
/// ```
/// use beatty_hazards::{Method, lower_f64, no_progress};
/// let s = lower_f64::stats(0..=1_000_000_000, Method::Sweep, &no_progress);
/// assert_eq!((s.count, s.first), (95, Some(102_334_155)));
/// ```
#[must_use]
pub fn stats(range: RangeInclusive<u64>, method: Method, progress: Progress<'_>) -> Stats {
    engine(method).stats(range, progress)
}

/// The `lower_f64` sweep of one block with `kernel`: whole kernel spans through the
/// vectorised loop, rechecked k by k (exactly) only where the kernel flags something;
/// the rest k by k.
fn lower_f64_block_with(kernel: Kernel, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
    const SPAN: u64 = kernel::SPAN;
    let mut k = lo;
    while hi - k >= SPAN - 1 && k + SPAN <= 1 << 51 {
        if kernel.may_have_hazard(k) {
            sweep::filter(k, k + SPAN - 1, is_hazard, visit);
        }
        if k + SPAN - 1 == hi {
            return;
        }
        k += SPAN;
    }
    sweep::filter(k, hi, is_hazard, visit);
}

/// The `lower_f64` sweep of one block, with the fastest kernel this CPU runs.
fn sweep_block(lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
    // An empty range (lo > hi) has none.
    if lo <= hi {
        lower_f64_block_with(Kernel::best(), lo, hi, visit);
    }
}

/// For the workspace's benchmark only: how many hazards of `lower_f64` the
/// sweep finds in `lo..=hi` on the calling thread with the portable build of the kernel
/// (`avx2 = false`) or the AVX2 build (`None` if this CPU has no AVX2); 0 when lo > hi.
#[doc(hidden)]
#[must_use]
pub fn kernel_count(lo: u64, hi: u64, avx2: bool) -> Option<u64> {
    let kernel = if avx2 {
        #[cfg(target_arch = "x86_64")]
        {
            Kernel::Avx2(kernel::Avx2::detect()?)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            return None;
        }
    } else {
        Kernel::Portable
    };
    let mut n = 0;
    // An empty range (lo > hi) has none.
    if lo <= hi {
        lower_f64_block_with(kernel, lo, hi, &mut |_| n += 1);
    }
    Some(n)
}

/// The enumeration of one block (≤ the enumeration limit): candidates, confirmed.
pub(crate) fn enumerate_block(lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
    enumerate::walk_block(lo, hi, |k| {
        if is_hazard(k) {
            visit(k);
        }
    });
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
/// assert!(c.within(1_000_000_000)); // legal POJ 1067 input
/// assert!(!c.within(267_914_295));
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
}

impl Consequence {
    /// Whether all four piles are at most `limit` (a judge's limit on a
    /// pile: 10⁹ in POJ 1067), so that both misjudged positions are legal
    /// input.
    ///
    /// ```
    /// // k = F(40): the P-position (165580140, 267914295) and the N-position
    /// // (165580141, 267914296); the larger pile of the latter decides.
    /// let c = beatty_hazards::consequence(102_334_155);
    /// assert!(c.within(267_914_296));
    /// assert!(!c.within(267_914_295));
    /// ```
    #[must_use]
    pub fn within(&self, limit: u64) -> bool {
        let limit = u128::from(limit);
        self.p_position.1 <= limit && self.n_position.1 <= limit
    }
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
    Consequence {
        k,
        exact,
        float,
        p_position,
        n_position,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the engine and `judge hazards` read off each formula: its name
    /// (the name of the float function it searches, as the compiler spells
    /// it), its hazard test (against the free `is_hazard` of its module on
    /// the first hazards and their neighbours, which the issue and the sweep
    /// name: 102334155 for `lower_f64`), and whether it enumerates, seen in
    /// the blocks a search reports: an enumeration cuts 2¹⁶ values at the
    /// start, a sweep 2²⁰.
    #[test]
    fn each_formula_keeps_its_name_hazard_test_and_method() {
        use crate::classify_f64::ClassifyF64;
        use crate::lower_f32::LowerF32;
        use std::any::type_name_of_val;
        /// A formula, the name of its float function, its module's free
        /// hazard test, and whether it enumerates.
        type Row = (&'static dyn Formula, &'static str, fn(u64) -> bool, bool);
        let formulas: [Row; 3] = [
            (
                &LowerF64,
                type_name_of_val(&beatty_float::lower_f64),
                is_hazard,
                true,
            ),
            (
                &LowerF32,
                type_name_of_val(&beatty_float::lower_f32),
                crate::lower_f32::is_hazard,
                false,
            ),
            (
                &ClassifyF64,
                type_name_of_val(&beatty_float::classify_f64),
                crate::classify_f64::is_hazard,
                true,
            ),
        ];
        for (formula, function, free, enumerates) in formulas {
            assert_eq!(Some(formula.name()), function.rsplit("::").next());
            let mut seen = [0; 2];
            for k in (0..200)
                .chain(102_334_150..102_334_160)
                .chain(165_580_135..165_580_145)
            {
                let h = formula.is_hazard(k);
                assert_eq!(h, free(k), "{} at {k}", formula.name());
                seen[usize::from(h)] += 1;
            }
            assert!(seen[0] > 0 && seen[1] > 0, "{}: {seen:?}", formula.name());
            let (_, sizes) =
                crate::search::tests::with_progress(formula, 0..=3_000_000, Method::Enumerate);
            let want = if enumerates { 1 << 16 } else { 1 << 20 };
            assert_eq!(sizes.last(), Some(&want), "{}", formula.name());
        }
        assert!(is_hazard(102_334_155) && !is_hazard(102_334_154));
    }

    /// A block goes through the kernel one whole span at a time while a
    /// whole span is left and ends by 2⁵¹ (the kernel's domain), the rest k by
    /// k: the number of kernel calls tells, and the hazards are those of the
    /// scalar test either way.
    #[test]
    fn a_block_takes_the_kernel_for_every_whole_span_below_2_pow_51() {
        const S: u64 = kernel::SPAN;
        let top = 1u64 << 51;
        for (lo, hi, calls) in [
            (1_000_000_000, 1_000_000_000 + 10 * S - 1, 10),
            (1_000_000_000, 1_000_000_000 + 10 * S + 5, 10),
            (1_000_000_000, 1_000_000_000 + S - 1, 1),
            (1_000_000_000, 1_000_000_000 + S - 2, 0),
            // The spans ending at 2⁵¹ at the most, then k by k.
            (top - 3 * S, top + 2 * S, 3),
        ] {
            let scalar: Vec<u64> = (lo..=hi).filter(|&k| is_hazard(k)).collect();
            let before = kernel::tests::CALLS.with(|c| c.get());
            let mut out = Vec::new();
            lower_f64_block_with(Kernel::Portable, lo, hi, &mut |k| out.push(k));
            let made = kernel::tests::CALLS.with(|c| c.get()) - before;
            assert_eq!((made, &out), (calls, &scalar), "{lo}..={hi}");
        }
    }

    /// The benchmark's count: the number of hazards k by k, with either
    /// build of the kernel (`None` for AVX2 only on a CPU without it).
    #[test]
    fn kernel_count_is_the_number_of_hazards() {
        // From the first hazard to the one of the kernel test, both included.
        let (lo, hi) = (102_334_155, 141_422_324);
        let want = (lo..=hi).filter(|&k| is_hazard(k)).count() as u64;
        assert!(want >= 2, "{want}");
        assert_eq!(kernel_count(lo, hi, false), Some(want));
        #[cfg(target_arch = "x86_64")]
        assert_eq!(
            kernel_count(lo, hi, true),
            kernel::Avx2::detect().map(|_| want)
        );
    }

    #[test]
    fn every_available_kernel_agrees_with_the_scalar_check() {
        let kernels = kernel::tests::kernels();
        // Around F(40) = 102334155 and other hazards, plus a range with none.
        for (lo, hi) in [
            (102_300_000u64, 102_400_000u64),
            (0, 70_000),
            (141_422_324 - 9_000, 141_422_324 + 100),
        ] {
            let scalar: Vec<u64> = (lo..=hi).filter(|&k| is_hazard(k)).collect();
            for &kernel in &kernels {
                let mut out = Vec::new();
                lower_f64_block_with(kernel, lo, hi, &mut |k| out.push(k));
                assert_eq!(out, scalar, "{kernel:?}");
            }
        }
    }
    use crate::{ENUMERATION_LIMIT, no_progress};

    fn sweep(range: RangeInclusive<u64>) -> Vec<u64> {
        hazards(range, Method::Sweep, &no_progress).collect()
    }

    fn enumerate(range: RangeInclusive<u64>) -> Vec<u64> {
        hazards(range, Method::Enumerate, &no_progress).collect()
    }

    fn count(range: RangeInclusive<u64>, method: Method) -> u64 {
        stats(range, method, &no_progress).count
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
        assert_eq!(crate::candidates(lo..=hi), Ok(vec![]));
        assert_eq!(count(lo..=hi, Method::Enumerate), 0);
        assert_eq!(stats(lo..=hi, Method::Sweep, &no_progress).checked, 0);
        // Near u64::MAX the float formula saturates and nearly every k is a hazard.
        let top = u64::MAX - 1000..=u64::MAX;
        assert_eq!(enumerate(top.clone()), sweep(top.clone()));
        assert_eq!(sweep(top.clone()).len(), 1001);
        assert_eq!(count(top, Method::Sweep), 1001);
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
            for method in [Method::Sweep, Method::Enumerate] {
                let s = stats(lo..=hi, method, &no_progress);
                assert_eq!(
                    (s.count, s.first),
                    (swept.len() as u64, swept.first().copied())
                );
            }
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
    fn progress_adds_up_to_the_range_and_the_iterator_stops_early() {
        use std::sync::atomic::{AtomicU64, Ordering};
        for method in [Method::Sweep, Method::Enumerate] {
            let done = AtomicU64::new(0);
            let tick = |n: u64| {
                done.fetch_add(n, Ordering::Relaxed);
            };
            let n = hazards(3..=300_000_000, method, &tick).count();
            assert_eq!(n, 8, "{method:?}"); // 8: tests/data/hazards-lower_f64-0-1e9.txt
            assert_eq!(done.swap(0, Ordering::Relaxed), 300_000_000 - 2);
            let _ = stats(3..=300_000_000, method, &tick);
            assert_eq!(done.swap(0, Ordering::Relaxed), 300_000_000 - 2);
            // The first hazard of the whole u64 range: only the first blocks are searched.
            assert_eq!(
                hazards(0..=u64::MAX, method, &tick).next(),
                Some(102_334_155)
            );
            assert!(done.load(Ordering::Relaxed) < 1 << 40);
        }
    }
}
