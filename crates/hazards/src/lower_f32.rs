//! `lower_f32`: ⌊kφ⌋ in single precision, `(k as f32 * ((1 + √5)/2 in f32)) as u64`.
//!
//! A float has 24 bits: its ⌊kφ⌋ fails below k = 10⁵ already, and the errors are
//! dense, so there is no useful candidate bound — every
//! search of this formula sweeps, and a listing is rarely what anyone wants
//! ([`stats`] gives the first failing k and the count).

use crate::search::{Engine, Formula};
use crate::{Hazards, Method, Progress, Stats};
use beatty_core::golden;
use core::ops::RangeInclusive;

/// Whether `lower_f32(k)` differs from ⌊kφ⌋.
///
/// ```
/// assert!(!beatty_hazards::lower_f32::is_hazard(10));
/// ```
#[must_use]
pub fn is_hazard(k: u64) -> bool {
    golden::lower_wide(k) != beatty_float::lower_f32(k) as u128
}

/// `lower_f32` as the engine searches it: its errors are dense, so it is
/// always swept.
///
/// ```
/// use beatty_hazards::{Formula, Method, lower_f32::LowerF32, no_progress, stats_of};
/// // The definition: where the f32 formula differs from the exact ⌊kφ⌋.
/// let by_definition = (0..=5000u64)
///     .filter(|&k| u128::from(beatty_float::lower_f32(k)) != beatty_core::golden::lower_wide(k))
///     .count() as u64;
/// let s = stats_of(&LowerF32, 0..=5000, Method::Enumerate, &no_progress);
/// assert_eq!(s.count, by_definition);
/// assert_eq!(LowerF32.name(), "lower_f32");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LowerF32;

impl Formula for LowerF32 {
    fn name(&self) -> &'static str {
        "lower_f32"
    }

    fn is_hazard(&self, k: u64) -> bool {
        is_hazard(k)
    }
}

/// Every k in `range` where [`beatty_float::lower_f32`] is wrong, in increasing order,
/// by visiting every k.
///
/// ```
/// use beatty_hazards::{lower_f32, no_progress};
/// let first = lower_f32::hazards(0..=100_000, &no_progress).next().unwrap();
/// assert_ne!(beatty_float::lower_f32(first) as u128, beatty_core::golden::lower_wide(first));
/// ```
pub fn hazards(range: RangeInclusive<u64>, progress: Progress<'_>) -> Hazards<'_> {
    Engine::new(&LowerF32, Method::Sweep).iter(range, progress)
}

/// How many k in `range` make [`beatty_float::lower_f32`] wrong, and the first, without
/// a list.
///
/// ```
/// use beatty_hazards::{lower_f32, no_progress};
/// let s = lower_f32::stats(0..=1_000, &no_progress);
/// assert_eq!(s.checked, 1_001);
/// assert!(s.count < s.checked);
/// ```
#[must_use]
pub fn stats(range: RangeInclusive<u64>, progress: Progress<'_>) -> Stats {
    Engine::new(&LowerF32, Method::Sweep).stats(range, progress)
}
