//! Where the float formulas disagree with the exact answers.
//!
//! (Pinned API; the fast enumeration comes with issue #5. This version sweeps.)

use core::ops::RangeInclusive;

/// Every k in `range`, in increasing order, where [`crate::lower_f64`]`(k)` differs
/// from the exact ⌊kφ⌋.
///
/// ```
/// let h = beatty_float::hazards::lower_f64_hazards(102_334_150..=102_334_160);
/// assert_eq!(h, [102_334_155]);
/// ```
#[must_use]
pub fn lower_f64_hazards(range: RangeInclusive<u64>) -> Vec<u64> {
    range
        .filter(|&k| beatty_core::golden::lower(k) != Some(crate::lower_f64(k)))
        .collect()
}
