//! `classify_f64`: the tutorial shortcut that tells whether a number a is a lower
//! Wythoff number ⌊kφ⌋ (and which k), from j = ⌊a·(√5 − 1)/2⌋ in doubles.
//!
//! # Why its hazards come from those of `lower_f64`
//!
//! For a ≤ [`ENUMERATION_LIMIT`]: the shortcut computes j ≈ a/φ with an error far
//! below 0.38, and a lower number a = ⌊kφ⌋ has k = ⌊a/φ⌋ + 1 with {a/φ} > 0.38, so
//! k ∈ {j, j + 1}. Hence a wrong answer needs a `lower_f64(i)` that is wrong: either
//! `lower_f64(k) ≠ a = ⌊kφ⌋` (a = ⌊kφ⌋ for a hazard k), or `lower_f64(i) = a ≠ ⌊iφ⌋`
//! (a = `lower_f64(i)` for a hazard i). The enumeration takes every hazard k of
//! `lower_f64` with k ≈ a/φ, checks both a = ⌊kφ⌋ and a = `lower_f64(k)` exactly, and
//! keeps the wrong ones; above the limit it sweeps. A test compares it with the sweep.

use crate::search::{Engine, Formula};
use crate::{ENUMERATION_LIMIT, Hazards, Method, Progress, Stats, lower_f64};
use beatty_core::golden;
use core::ops::RangeInclusive;

/// Whether [`beatty_float::classify_f64`]`(a)` disagrees with the exact
/// `beatty_core::golden::classify(a)`.
///
/// ```
/// use beatty_hazards::classify_f64::is_hazard;
/// assert!(!is_hazard(4));
/// assert!(is_hazard(165_580_140)); // ⌊F(40)·φ⌋, a lower number called upper
/// ```
#[must_use]
pub fn is_hazard(a: u64) -> bool {
    use beatty_float::FloatClass;
    use golden::Class;
    let agree = match (beatty_float::classify_f64(a), golden::classify(a)) {
        (FloatClass::Zero, Class::Zero) | (FloatClass::Upper, Class::Upper(_)) => true,
        (FloatClass::Lower(j), Class::Lower(k)) => j == k,
        _ => false,
    };
    !agree
}

/// `classify_f64` as the engine searches it: enumerated from the hazards of
/// `lower_f64`.
///
/// ```
/// use beatty_hazards::{Formula, Method, classify_f64::ClassifyF64, no_progress, stats_of};
/// assert_eq!(ClassifyF64.name(), "classify_f64");
/// // ⌊F(40)·φ⌋ = 165580140 and its neighbour, found by both methods.
/// for method in [Method::Sweep, Method::Enumerate] {
///     let s = stats_of(&ClassifyF64, 165_580_130..=165_580_150, method, &no_progress);
///     assert_eq!((s.count, s.first), (2, Some(165_580_140)));
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ClassifyF64;

impl Formula for ClassifyF64 {
    fn name(&self) -> &'static str {
        "classify_f64"
    }

    fn is_hazard(&self, a: u64) -> bool {
        is_hazard(a)
    }

    fn enumerates(&self) -> bool {
        true
    }

    fn enumerate_block(&self, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
        // The sweep is `Formula::sweep_block`'s default: the predicate at every a.
        let sweep: crate::enumerate::BlockSearch =
            |a, b, visit| crate::sweep::filter(a, b, is_hazard, visit);
        crate::enumerate::any_range(lo, hi, visit, enumerate_block, sweep);
    }
}

fn engine(method: Method) -> Engine<'static> {
    Engine::new(&ClassifyF64, method)
}

/// Every a in `range` where [`beatty_float::classify_f64`] is wrong, in increasing
/// order, found by `method`; computed lazily.
///
/// ```
/// use beatty_hazards::{Method, classify_f64, no_progress};
/// let r = 165_580_130..=165_580_150;
/// // 165580140 = ⌊102334155φ⌋ is taken for an upper number, and 165580141 (an upper
/// // number) for ⌊102334155φ⌋.
/// for method in [Method::Sweep, Method::Enumerate] {
///     let h: Vec<u64> = classify_f64::hazards(r.clone(), method, &no_progress).collect();
///     assert_eq!(h, [165_580_140, 165_580_141]);
/// }
/// ```
pub fn hazards(range: RangeInclusive<u64>, method: Method, progress: Progress<'_>) -> Hazards<'_> {
    engine(method).iter(range, progress)
}

/// How many a in `range` make [`beatty_float::classify_f64`] wrong, and the first,
/// found by `method` without any list.
///
/// ```
/// use beatty_hazards::{Method, classify_f64, no_progress};
/// let s = classify_f64::stats(0..=1_000_000_000, Method::Enumerate, &no_progress);
/// assert_eq!(s.first, Some(165_580_140));
/// ```
#[must_use]
pub fn stats(range: RangeInclusive<u64>, method: Method, progress: Progress<'_>) -> Stats {
    engine(method).stats(range, progress)
}

/// The enumeration of one block `lo..=hi` of a (hi ≤ [`ENUMERATION_LIMIT`]), from the
/// `lower_f64` hazards k ≈ a/φ (module docs), in increasing order.
pub(crate) fn enumerate_block(lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
    debug_assert!(hi <= ENUMERATION_LIMIT);
    // k ≈ a/φ: a margin of 2 covers the rounding of the indices; khi < hi ≤ the limit.
    let klo = golden::floor_div_phi(lo).saturating_sub(2);
    let khi = golden::floor_div_phi(hi) + 2;
    let mut found = Vec::new();
    lower_f64::enumerate_block(klo, khi, &mut |k| {
        for a in [golden::lower_wide(k), beatty_float::lower_f64(k) as u128] {
            if let Ok(a) = u64::try_from(a)
                && (lo..=hi).contains(&a)
                && is_hazard(a)
            {
                found.push(a);
            }
        }
    });
    found.sort_unstable();
    found.dedup();
    found.into_iter().for_each(visit);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::no_progress;

    /// A block of one value finds the hazard it holds: the k ≈ a/φ that
    /// explains it is inside the block's k range however the rounding falls.
    #[test]
    fn a_block_of_one_hazard_finds_it() {
        let swept: Vec<u64> = (0..=30_000_000)
            .chain(165_000_000..=170_000_000)
            .filter(|&a| is_hazard(a))
            .collect();
        assert_eq!(swept, [165_580_140, 165_580_141]);
        for a in swept {
            let mut found = Vec::new();
            enumerate_block(a, a, &mut |x| found.push(x));
            assert_eq!(found, [a]);
        }
    }

    #[test]
    fn enumerate_equals_sweep() {
        for r in [0..=30_000_000, 165_000_000..=170_000_000] {
            let e: Vec<u64> = hazards(r.clone(), Method::Enumerate, &no_progress).collect();
            let s: Vec<u64> = hazards(r.clone(), Method::Sweep, &no_progress).collect();
            assert_eq!(e, s);
            let st = stats(r, Method::Enumerate, &no_progress);
            assert_eq!((st.count, st.first), (s.len() as u64, s.first().copied()));
        }
    }
}
