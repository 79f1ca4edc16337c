//! The engine every search runs on: a range cut into blocks, each block searched on
//! its own (in parallel), the results delivered in order — as a lazy iterator that
//! computes a few blocks at a time, or as counts that keep no list at all.
//!
//! The engine knows no formula: it searches any [`Formula`], and each formula's
//! module (`lower_f64`, `lower_f32`, `classify_f64`) implements the trait and
//! calls the engine. Imports go one way, formulas → engine → the generic
//! sweep and enumeration blocks.

use crate::{Progress, enumerate, sweep};
use core::ops::RangeInclusive;
use rayon::prelude::*;

/// How to find the hazards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// Visit every input ([`sweep`](mod@crate::sweep)).
    Sweep,
    /// Walk only the candidates the error bound allows, then confirm each exactly
    /// ([`enumerate`](mod@crate::enumerate)); the part of a range above
    /// [`ENUMERATION_LIMIT`](crate::ENUMERATION_LIMIT) is swept. `lower_f32` has no
    /// enumeration (its errors are dense): it is always swept.
    Enumerate,
}

/// What a search found, without the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stats {
    /// How many inputs were checked (the length of the range; saturates at `u64::MAX`).
    pub checked: u64,
    /// How many are hazards.
    pub count: u64,
    /// The least hazard, if any.
    pub first: Option<u64>,
}

/// A float formula whose hazards (the inputs where it is wrong) the engine
/// can search.
pub trait Formula: Sync {
    /// Its name, e.g. `lower_f64`.
    fn name(&self) -> &'static str;

    /// Whether input `k` is a hazard (exact, for every `u64`).
    fn is_hazard(&self, k: u64) -> bool;

    /// Calls `visit` with every hazard of `lo..=hi` in increasing order, by
    /// visiting every input (the default: [`Formula::is_hazard`] on each).
    fn sweep_block(&self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
        sweep::filter(lo, hi, |k| self.is_hazard(k), visit);
    }

    /// Whether the formula has an enumeration (its errors are sparse enough).
    fn enumerates(&self) -> bool {
        false
    }

    /// Calls `visit` with every hazard of `lo..=hi` (at most
    /// [`ENUMERATION_LIMIT`](crate::ENUMERATION_LIMIT)) in increasing order,
    /// by enumeration where [`Formula::enumerates`] (the default sweeps).
    fn enumerate_block(&self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
        self.sweep_block(lo, hi, visit);
    }
}

/// One concrete search: a formula and the method that finds its hazards.
#[derive(Clone, Copy)]
pub(crate) struct Engine<'f> {
    formula: &'f dyn Formula,
    enumerate: bool,
}

impl core::fmt::Debug for Engine<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("formula", &self.formula.name())
            .field("enumerate", &self.enumerate)
            .finish()
    }
}

/// Sweep blocks: 2²⁰ inputs.
const SWEEP_BLOCK: u64 = 1 << 20;

impl<'f> Engine<'f> {
    /// `formula` searched by `method` (a formula without an enumeration is
    /// always swept).
    pub(crate) fn new(formula: &'f dyn Formula, method: Method) -> Engine<'f> {
        Engine {
            formula,
            enumerate: method == Method::Enumerate && formula.enumerates(),
        }
    }

    /// The last input of the block that starts at `a` (at most `hi`).
    fn block_end(self, a: u64, hi: u64) -> u64 {
        let enumerated = self.enumerate && a <= enumerate::ENUMERATION_LIMIT;
        if enumerated {
            enumerate::block_end(a, hi)
        } else {
            a.saturating_add(SWEEP_BLOCK - 1).min(hi)
        }
    }

    /// Calls `visit` with every hazard of `lo..=hi` (one block), in increasing order.
    fn search(self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
        if self.enumerate && hi <= enumerate::ENUMERATION_LIMIT {
            self.formula.enumerate_block(lo, hi, visit);
        } else {
            self.formula.sweep_block(lo, hi, visit);
        }
    }

    /// Up to `n` consecutive blocks from `start` to at most `hi`.
    fn batch(self, start: u64, hi: u64, n: usize) -> Vec<(u64, u64)> {
        let mut out = Vec::with_capacity(n);
        let mut a = start;
        while out.len() < n {
            let b = self.block_end(a, hi);
            out.push((a, b));
            if b == hi {
                break;
            }
            a = b + 1;
        }
        out
    }

    /// The hazards of `range`, in order, computed lazily.
    pub(crate) fn iter(self, range: RangeInclusive<u64>, progress: Progress<'f>) -> Hazards<'f> {
        let (lo, hi) = range.into_inner();
        Hazards {
            engine: self,
            progress,
            next: (lo <= hi).then_some(lo),
            hi,
            buf: Vec::new().into_iter(),
        }
    }

    /// The [`Stats`] of `range`: every block counted in parallel, no list kept.
    pub(crate) fn stats(self, range: RangeInclusive<u64>, progress: Progress<'_>) -> Stats {
        let (lo, hi) = range.into_inner();
        let mut stats = Stats {
            checked: if lo <= hi {
                (hi - lo).saturating_add(1)
            } else {
                0
            },
            count: 0,
            first: None,
        };
        if lo > hi {
            return stats;
        }
        // Blocks are made a batch at a time: even 0..=u64::MAX needs no list of them.
        let mut start = lo;
        loop {
            let batch = self.batch(start, hi, 4096);
            // Each batch starts where the last one ended (or the loop would not end).
            debug_assert_eq!(batch.first().map(|&(a, _)| a), Some(start));
            let (count, first) = batch
                .par_iter()
                .map(|&(a, b)| {
                    let (mut n, mut first) = (0u64, None);
                    self.search(a, b, &mut |k| {
                        n += 1;
                        first = first.or(Some(k));
                    });
                    progress(b - a + 1);
                    (n, first)
                })
                .reduce(
                    || (0, None),
                    |x, y| {
                        let first = match (x.1, y.1) {
                            (Some(a), Some(b)) => Some(a.min(b)),
                            (a, b) => a.or(b),
                        };
                        (x.0 + y.0, first)
                    },
                );
            stats.count += count;
            stats.first = stats.first.or(first);
            let last = batch.last().map_or(hi, |&(_, b)| b);
            if last == hi {
                return stats;
            }
            start = last + 1;
        }
    }
}

/// The hazards of a range in increasing order, computed a batch of blocks at a time
/// (in parallel; four blocks per thread of the current rayon pool): memory stays
/// bounded by one batch whatever the length of the range, and dropping the iterator
/// stops the search.
///
/// ```
/// use beatty_hazards::{Method, lower_f64, no_progress};
/// let mut h = lower_f64::hazards(0..=u64::MAX, Method::Enumerate, &no_progress);
/// assert_eq!(h.next(), Some(102_334_155)); // only the first blocks are searched
/// ```
pub struct Hazards<'a> {
    engine: Engine<'a>,
    progress: Progress<'a>,
    /// The start of the next block to search, `None` once the range is done.
    next: Option<u64>,
    hi: u64,
    buf: std::vec::IntoIter<u64>,
}

impl core::fmt::Debug for Hazards<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hazards")
            .field("engine", &self.engine)
            .field("next", &self.next)
            .field("hi", &self.hi)
            .finish_non_exhaustive()
    }
}

impl Iterator for Hazards<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        loop {
            if let Some(k) = self.buf.next() {
                return Some(k);
            }
            let start = self.next?;
            let batch = self
                .engine
                .batch(start, self.hi, 4 * rayon::current_num_threads());
            debug_assert_eq!(batch.first().map(|&(a, _)| a), Some(start));
            let (engine, progress) = (self.engine, self.progress);
            let lists: Vec<Vec<u64>> = batch
                .par_iter()
                .map(|&(a, b)| {
                    let mut out = Vec::new();
                    engine.search(a, b, &mut |k| out.push(k));
                    progress(b - a + 1);
                    out
                })
                .collect();
            let last = batch.last().map_or(self.hi, |&(_, b)| b);
            self.next = (last < self.hi).then(|| last + 1);
            self.buf = lists.concat().into_iter();
        }
    }
}

impl core::iter::FusedIterator for Hazards<'_> {}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::lower_f64::LowerF64;
    use crate::no_progress;
    use std::sync::Mutex;

    /// Multiples of 1000, swept (no enumeration: the trait's defaults).
    struct Thousands;

    impl Formula for Thousands {
        fn name(&self) -> &'static str {
            "thousands"
        }

        fn is_hazard(&self, k: u64) -> bool {
            k.is_multiple_of(1000)
        }
    }

    /// Multiples of 1000 again, with an enumeration that is the default one.
    struct EnumeratedThousands;

    impl Formula for EnumeratedThousands {
        fn name(&self) -> &'static str {
            "enumerated thousands"
        }

        fn is_hazard(&self, k: u64) -> bool {
            k.is_multiple_of(1000)
        }

        fn enumerates(&self) -> bool {
            true
        }
    }

    /// Multiples of 2²⁰, enumerated without visiting the other k, and swept only
    /// above the limit (where an enumerated search sweeps): a sweep of its blocks
    /// below, which would be slow, fails at once instead.
    struct Sparse;

    impl Formula for Sparse {
        fn name(&self) -> &'static str {
            "sparse"
        }

        fn is_hazard(&self, k: u64) -> bool {
            k.is_multiple_of(1 << 20)
        }

        fn sweep_block(&self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
            assert!(lo > crate::ENUMERATION_LIMIT, "swept {lo}..={hi}");
            sweep::filter(lo, hi, |k| self.is_hazard(k), visit);
        }

        fn enumerates(&self) -> bool {
            true
        }

        fn enumerate_block(&self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
            let mut k = lo.next_multiple_of(1 << 20);
            while k <= hi {
                visit(k);
                k += 1 << 20;
            }
        }
    }

    #[test]
    fn enumerate_sweeps_only_above_the_limit() {
        // Sparse fails any sweep at or below the limit.
        let limit = crate::ENUMERATION_LIMIT;
        let s = crate::stats_of(
            &Sparse,
            limit - (1 << 30)..=limit,
            Method::Enumerate,
            &no_progress,
        );
        assert_eq!(s.count, (1 << 10) + 1);
        let h: Vec<u64> = crate::hazards_of(
            &Sparse,
            limit - 9..=limit + (1 << 20),
            Method::Enumerate,
            &no_progress,
        )
        .collect();
        assert_eq!(h, [limit, limit + (1 << 20)]);
    }

    /// The hazards of `range` by `method`, and the progress calls, sorted.
    pub(crate) fn with_progress(
        formula: &'static dyn Formula,
        range: RangeInclusive<u64>,
        method: Method,
    ) -> (Vec<u64>, Vec<u64>) {
        let calls = Mutex::new(Vec::new());
        let progress = |n| calls.lock().unwrap().push(n);
        let h = crate::hazards_of(formula, range, method, &progress).collect();
        let mut calls = calls.into_inner().unwrap();
        calls.sort_unstable();
        (h, calls)
    }

    #[test]
    fn the_defaults_sweep() {
        assert!(!Thousands.enumerates());
        let mut found = Vec::new();
        Thousands.enumerate_block(1, 3_500, &mut |k| found.push(k));
        assert_eq!(found, [1_000, 2_000, 3_000]);
        let mut found = Vec::new();
        EnumeratedThousands.enumerate_block(999, 3_000, &mut |k| found.push(k));
        assert_eq!(found, [1_000, 2_000, 3_000]);
        for method in [Method::Sweep, Method::Enumerate] {
            let h: Vec<u64> =
                crate::hazards_of(&EnumeratedThousands, 0..=3_000, method, &no_progress).collect();
            assert_eq!(h, [0, 1_000, 2_000, 3_000]);
        }
    }

    #[test]
    fn debug_shows_the_engine_and_the_rest_of_the_range() {
        let h = crate::hazards_of(&Thousands, 5..=10, Method::Enumerate, &no_progress);
        assert_eq!(
            format!("{h:?}"),
            r#"Hazards { engine: Engine { formula: "thousands", enumerate: false }, next: Some(5), hi: 10, .. }"#
        );
        let mut h = crate::lower_f64::hazards(7..=102_334_155, Method::Enumerate, &no_progress);
        assert_eq!(
            format!("{h:?}"),
            r#"Hazards { engine: Engine { formula: "lower_f64", enumerate: true }, next: Some(7), hi: 102334155, .. }"#
        );
        assert_eq!(h.next(), Some(102_334_155));
        assert!(format!("{h:?}").contains("next: None"));
    }

    #[test]
    fn sweep_blocks_have_2_to_the_20_inputs() {
        let n = 1u64 << 20;
        let (h, calls) = with_progress(&Thousands, 0..=3 * n + 5, Method::Sweep);
        assert_eq!(calls, [6, n, n, n]);
        assert_eq!(h.len() as u64, (3 * n + 5) / 1000 + 1);
        // A formula without an enumeration is swept whatever the method.
        let (_, calls) = with_progress(&Thousands, 10..=n + 10, Method::Enumerate);
        assert_eq!(calls, [1, n]);
    }

    #[test]
    fn enumeration_blocks_are_the_enumerate_modules() {
        // a/64 values from a, at least 2¹⁶ and at most 2²⁶ (enumerate's docs).
        let m = 1u64 << 16;
        let (h, calls) = with_progress(&Sparse, 0..=3 * m + 10, Method::Enumerate);
        assert_eq!(calls, [11, m, m, m]);
        assert_eq!(h, [0]);
        let big = 1u64 << 26;
        let lo = (1u64 << 40) + 3;
        let (h, calls) = with_progress(&Sparse, lo..=lo + 2 * big, Method::Enumerate);
        assert_eq!(calls, [1, big, big]);
        assert_eq!(h.len() as u64, (2 * big) >> 20);
        // Above the limit the blocks are swept ones (2²⁰ inputs).
        let limit = crate::ENUMERATION_LIMIT;
        let (h, calls) = with_progress(&Sparse, limit - 9..=limit + (1 << 20), Method::Enumerate);
        assert_eq!(calls, [10, 1 << 20]);
        assert_eq!(h, [limit, limit + (1 << 20)]);
    }

    #[test]
    fn a_batch_is_four_blocks_per_thread() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        pool.install(|| {
            let done = Mutex::new(0u64);
            let progress = |n| *done.lock().unwrap() += n;
            // 16 blocks: a search that finds nothing ends after the second batch.
            let mut h = crate::hazards_of(&Thousands, 1..=16 << 20, Method::Sweep, &progress);
            assert_eq!(h.next(), Some(1_000));
            assert_eq!(*done.lock().unwrap(), 8 << 20);
            drop(h);
        });
    }

    #[test]
    fn stats_of_one_input_and_of_none() {
        let s = crate::stats_of(&Thousands, 2_000..=2_000, Method::Sweep, &no_progress);
        assert_eq!((s.checked, s.count, s.first), (1, 1, Some(2_000)));
        let s = crate::stats_of(
            &LowerF64,
            102_334_155..=102_334_155,
            Method::Enumerate,
            &no_progress,
        );
        assert_eq!((s.checked, s.count, s.first), (1, 1, Some(102_334_155)));
        let s = crate::stats_of(&Thousands, 2_001..=2_001, Method::Sweep, &no_progress);
        assert_eq!((s.checked, s.count, s.first), (1, 0, None));
        #[allow(clippy::reversed_empty_ranges)]
        let s = crate::stats_of(&Thousands, 5..=4, Method::Sweep, &no_progress);
        assert_eq!((s.checked, s.count, s.first), (0, 0, None));
    }

    #[test]
    fn stats_and_hazards_over_many_batches() {
        // More than 4096 enumeration blocks: 0..=2³⁸ has about 4150 (2¹⁶ values up
        // to 2²², then a/64, then 2²⁶ from 2³²), so stats takes two batches.
        let hi = 1u64 << 38;
        let done = Mutex::new(0u64);
        let progress = |n| *done.lock().unwrap() += n;
        let s = crate::stats_of(&Sparse, 0..=hi, Method::Enumerate, &progress);
        assert_eq!(
            (s.checked, s.count, s.first),
            (hi + 1, (hi >> 20) + 1, Some(0))
        );
        assert_eq!(done.into_inner().unwrap(), hi + 1);
        let s = crate::stats_of(&Sparse, 1..=hi, Method::Enumerate, &no_progress);
        assert_eq!((s.checked, s.count, s.first), (hi, hi >> 20, Some(1 << 20)));
        let (h, calls) = with_progress(&Sparse, 5..=hi, Method::Enumerate);
        assert_eq!(calls.iter().sum::<u64>(), hi - 4);
        assert!(calls.len() > 4096);
        assert_eq!(h, (1..=hi >> 20).map(|j| j << 20).collect::<Vec<u64>>());
    }
}
