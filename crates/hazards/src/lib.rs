//! Where the float formulas of [`beatty_float`] disagree with the exact answers of
//! [`beatty_core`] — every input, in a range (the "hazards").
//!
//! # The idea
//!
//! A float formula such as `(long long)(k * φ)` in doubles is right unless rounding
//! carries the product across an integer. Two independent ways find where it does:
//!
//! * **sweep** ([`sweep`](mod@sweep)): visit every input, in parallel on all cores,
//!   and compare the float formula with the exact one — the reference, linear in the
//!   length of the range;
//! * **enumerate** ([`enumerate`](mod@enumerate)): a proved error bound says a
//!   hazard k of `lower_f64` has kφ within `E(k)` of an integer; those k (the
//!   *candidates*) are visits of a rotation of the circle to a short interval,
//!   walked one by one through the three-distance theorem, and each is confirmed
//!   exactly. The time is proportional to the number of candidates, not to the
//!   length of the range: 0..=10⁹ in milliseconds, 0..=10¹² in seconds.
//!
//! Tests check that both give the same list. Each formula has its module —
//! [`lower_f64`], [`lower_f32`], [`classify_f64`], [`euclid`] — with the same three
//! ways to ask: a lazy, ordered iterator ([`Hazards`], computed in parallel a few
//! blocks at a time, so a listing of 10⁹ hazards never holds them all), the
//! [`Stats`] of a range (how many, the first) without any list, and the predicate
//! for one input. Progress is a callback ([`Progress`]) that every search calls
//! with the number of inputs just finished; pass [`no_progress`] when nobody watches.
//!
//! ```
//! use beatty_hazards::{Method, lower_f64, no_progress};
//! let h: Vec<u64> = lower_f64::hazards(0..=200_000_000, Method::Enumerate, &no_progress).collect();
//! let s: Vec<u64> = lower_f64::hazards(0..=200_000_000, Method::Sweep, &no_progress).collect();
//! assert_eq!(h, s);
//! assert!(h.contains(&102_334_155)); // F(40)
//! let stats = lower_f64::stats(0..=10_000_000_000, Method::Enumerate, &no_progress);
//! assert_eq!(stats.first, Some(102_334_155));
//! ```
//!
//! The functions at the crate root ([`lower_f64_enumerate`], [`lower_f64_sweep`],
//! [`count`], …) are shorthands for the `lower_f64` ones that collect into a
//! `Vec` (at most [`COLLECT_LIMIT`] items, else [`TooMany`]). Every public
//! function is total: it answers or returns an error for every value of its
//! arguments.
// Every public function is total (an answer, or None or an error, for
// every value of its arguments): a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]

pub mod classify_f64;
pub mod enumerate;
pub mod euclid;
mod kernel;
pub mod lower_f32;
pub mod lower_f64;
mod search;
pub mod sweep;
mod walk;

pub use classify_f64::is_hazard as is_classify_f64_hazard;
pub use enumerate::{ENUMERATION_LIMIT, candidates};
pub use euclid::euclid_near_phi;
pub use lower_f32::is_hazard as is_lower_f32_hazard;
pub use lower_f64::{Consequence, consequence, is_hazard as is_lower_f64_hazard};
pub use search::{Formula, Hazards, Method, Stats};

use core::ops::RangeInclusive;

/// A progress callback: called with the number of inputs just finished, from several
/// threads; over one search the numbers add up to the length of its range (less,
/// when an iterator is dropped early).
pub type Progress<'a> = &'a (dyn Fn(u64) + Sync);

/// The [`Progress`] callback that ignores its argument.
///
/// ```
/// use beatty_hazards::{Method, lower_f64, no_progress};
/// let s = lower_f64::stats(0..=1000, Method::Sweep, &no_progress);
/// assert_eq!(s.checked, 1001);
/// ```
pub fn no_progress(_done: u64) {}

/// The most inputs a collecting function of this crate returns
/// ([`lower_f64_hazards`], [`lower_f64_sweep`], [`lower_f64_enumerate`],
/// [`classify_f64_enumerate`], [`classify_f64_sweep`], [`candidates`]): 2²⁴,
/// 128 MiB of `u64`. A longer list is [`TooMany`]; the lazy iterators
/// ([`Hazards`]) and the counts ([`Stats`]) have no such bound.
///
/// ```
/// assert_eq!(beatty_hazards::COLLECT_LIMIT, 1 << 24);
/// ```
pub const COLLECT_LIMIT: usize = 1 << 24;

/// A list that would be longer than [`COLLECT_LIMIT`]: ask the lazy iterator
/// or the counts instead.
///
/// ```
/// use beatty_hazards::{COLLECT_LIMIT, TooMany, lower_f64_hazards};
/// // 0..=10¹³ holds about 10⁹ hazards.
/// assert_eq!(lower_f64_hazards(0..=10_000_000_000_000), Err(TooMany { limit: COLLECT_LIMIT }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TooMany {
    /// The most items the list may hold ([`COLLECT_LIMIT`]).
    pub limit: usize,
}

impl core::fmt::Display for TooMany {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "more than {} inputs to list: iterate over them or count them instead",
            self.limit
        )
    }
}

impl std::error::Error for TooMany {}

/// Collects at most [`COLLECT_LIMIT`] items, stopping (and the search with
/// them) at the first one over.
fn collect(items: impl Iterator<Item = u64>) -> Result<Vec<u64>, TooMany> {
    collect_at_most(items, COLLECT_LIMIT)
}

/// Collects at most `limit` items, stopping at the first one over.
fn collect_at_most(items: impl Iterator<Item = u64>, limit: usize) -> Result<Vec<u64>, TooMany> {
    let out: Vec<u64> = items.take(limit.saturating_add(1)).collect();
    if out.len() > limit {
        return Err(TooMany { limit });
    }
    Ok(out)
}

/// Every hazard of `formula` in `range`, in increasing order, found by
/// `method` (a formula without an enumeration is swept); computed lazily.
/// The formula is borrowed for as long as the iterator lives, like the
/// progress callback: it may be built at run time.
///
/// ```
/// use beatty_hazards::{Formula, Method, hazards_of, no_progress};
/// /// Multiples of n (not a float formula: any exact test will do).
/// struct Multiples(u64);
/// impl Formula for Multiples {
///     fn name(&self) -> &'static str { "multiples" }
///     fn is_hazard(&self, k: u64) -> bool { k % self.0 == 0 }
/// }
/// let n = 1000; // known only at run time
/// let formula = Multiples(n);
/// let h: Vec<u64> = hazards_of(&formula, 1..=3500, Method::Enumerate, &no_progress).collect();
/// assert_eq!(h, [1000, 2000, 3000]);
/// ```
pub fn hazards_of<'a>(
    formula: &'a dyn Formula,
    range: RangeInclusive<u64>,
    method: Method,
    progress: Progress<'a>,
) -> Hazards<'a> {
    search::Engine::new(formula, method).iter(range, progress)
}

/// How many hazards of `formula` `range` holds, and the first, found by
/// `method` without any list.
///
/// ```
/// use beatty_hazards::{Method, lower_f64::LowerF64, no_progress, stats_of};
/// let s = stats_of(&LowerF64, 0..=1_000_000_000, Method::Enumerate, &no_progress);
/// assert_eq!((s.count, s.first), (95, Some(102_334_155)));
/// ```
#[must_use]
pub fn stats_of(
    formula: &dyn Formula,
    range: RangeInclusive<u64>,
    method: Method,
    progress: Progress<'_>,
) -> Stats {
    search::Engine::new(formula, method).stats(range, progress)
}

/// Every hazard of [`beatty_float::lower_f64`] in `range`, in increasing order:
/// [`lower_f64::hazards`] by [`Method::Enumerate`], collected.
///
/// # Errors
///
/// [`TooMany`] when `range` holds more than [`COLLECT_LIMIT`] hazards.
///
/// ```
/// let h = beatty_hazards::lower_f64_hazards(102_334_150..=102_334_160);
/// assert_eq!(h, Ok(vec![102_334_155]));
/// ```
pub fn lower_f64_hazards(range: RangeInclusive<u64>) -> Result<Vec<u64>, TooMany> {
    lower_f64_enumerate(range, &no_progress)
}

/// Every hazard of [`beatty_float::lower_f64`] in `range`, found by visiting every k
/// ([`Method::Sweep`], the [`sweep`](mod@sweep) module), collected: the
/// reference that [`lower_f64_enumerate`] is tested against. `progress` as
/// in [`Progress`].
///
/// # Errors
///
/// [`TooMany`] when `range` holds more than [`COLLECT_LIMIT`] hazards.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// let done = AtomicU64::new(0);
/// let h = beatty_hazards::lower_f64_sweep(102_334_150..=102_334_160, &|n| {
///     done.fetch_add(n, Ordering::Relaxed);
/// });
/// assert_eq!(h, Ok(vec![102_334_155]));
/// assert_eq!(done.into_inner(), 11);
/// ```
pub fn lower_f64_sweep(
    range: RangeInclusive<u64>,
    progress: Progress<'_>,
) -> Result<Vec<u64>, TooMany> {
    collect(lower_f64::hazards(range, Method::Sweep, progress))
}

/// Every hazard of [`beatty_float::lower_f64`] in `range`, found by walking only the
/// candidates ([`Method::Enumerate`], the [`enumerate`](mod@enumerate)
/// module), collected.
///
/// # Errors
///
/// [`TooMany`] when `range` holds more than [`COLLECT_LIMIT`] hazards.
///
/// ```
/// let h = beatty_hazards::lower_f64_enumerate(0..=1_000_000_000, &beatty_hazards::no_progress)
///     .unwrap();
/// // k = F(40) = 102334155 is the first (`published in beatty-core's docs`).
/// assert_eq!(h[..3], [102_334_155, 141_422_324, 180_510_493]);
/// assert_eq!(h.len(), 95);
/// ```
pub fn lower_f64_enumerate(
    range: RangeInclusive<u64>,
    progress: Progress<'_>,
) -> Result<Vec<u64>, TooMany> {
    collect(lower_f64::hazards(range, Method::Enumerate, progress))
}

/// How many hazards [`lower_f64_enumerate`] would return, without any list (for ranges such
/// as 0..=10¹² with about 10⁸ hazards).
///
/// ```
/// assert_eq!(beatty_hazards::count(0..=1_000_000_000, &beatty_hazards::no_progress), 95);
/// ```
#[must_use]
pub fn count(range: RangeInclusive<u64>, progress: Progress<'_>) -> u64 {
    lower_f64::stats(range, Method::Enumerate, progress).count
}

/// Every a in `range` where [`beatty_float::classify_f64`] is wrong, derived from the
/// hazards of `lower_f64` ([`classify_f64::hazards`] by [`Method::Enumerate`]), collected.
///
/// # Errors
///
/// [`TooMany`] when `range` holds more than [`COLLECT_LIMIT`] of them.
///
/// ```
/// let h = beatty_hazards::classify_f64_enumerate(0..=1_000_000_000).unwrap();
/// assert!(h.contains(&165_580_140));
/// ```
pub fn classify_f64_enumerate(range: RangeInclusive<u64>) -> Result<Vec<u64>, TooMany> {
    collect(classify_f64::hazards(
        range,
        Method::Enumerate,
        &no_progress,
    ))
}

/// Every a in `range` where [`beatty_float::classify_f64`] is wrong, found by visiting
/// every a ([`classify_f64::hazards`] by [`Method::Sweep`]), collected.
///
/// # Errors
///
/// [`TooMany`] when `range` holds more than [`COLLECT_LIMIT`] of them.
///
/// ```
/// let h = beatty_hazards::classify_f64_sweep(165_580_130..=165_580_150, &beatty_hazards::no_progress);
/// assert_eq!(h, Ok(vec![165_580_140, 165_580_141]));
/// ```
pub fn classify_f64_sweep(
    range: RangeInclusive<u64>,
    progress: Progress<'_>,
) -> Result<Vec<u64>, TooMany> {
    collect(classify_f64::hazards(range, Method::Sweep, progress))
}

/// How [`beatty_float::lower_f32`] fares on `range`: [`lower_f32::stats`].
///
/// ```
/// let s = beatty_hazards::lower_f32_summary(0..=1_000, &beatty_hazards::no_progress);
/// assert_eq!(s.checked, 1_001);
/// assert!(s.count < s.checked);
/// ```
#[must_use]
pub fn lower_f32_summary(range: RangeInclusive<u64>, progress: Progress<'_>) -> Stats {
    lower_f32::stats(range, progress)
}

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_the_limit_fits_and_one_more_does_not() {
        assert_eq!(collect_at_most(0..3, 3), Ok(vec![0, 1, 2]));
        assert_eq!(collect_at_most(0..4, 3), Err(TooMany { limit: 3 }));
        assert_eq!(collect_at_most(0..0, 0), Ok(vec![]));
        assert_eq!(collect_at_most(0..1, 0), Err(TooMany { limit: 0 }));
        // An endless iterator stops one past the limit.
        assert_eq!(collect_at_most(0.., 5), Err(TooMany { limit: 5 }));
    }
}
