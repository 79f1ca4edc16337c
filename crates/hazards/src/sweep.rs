//! The sweep: every input, checked against the exact formula.
//!
//! It is the reference the enumeration is tested against, and the only method for
//! formulas whose errors are dense (`lower_f32`) or for inputs above
//! [`ENUMERATION_LIMIT`](crate::ENUMERATION_LIMIT). Blocks of 2²⁰ inputs run in
//! parallel (rayon). A formula may sweep faster than one exact check per input:
//! `lower_f64`'s sweep (in its module) first asks a vectorised kernel (the
//! crate's only `unsafe`, in the private `kernel` module) whether any k of a span
//! of 8192 *may* be a hazard, and checks k by k only the flagged spans. The
//! kernel never says "no" wrongly (tests compare it with the scalar check), so
//! the sweep stays an exhaustive check.

/// Calls `visit` with every k in `lo..=hi` where `is_hazard(k)`, in increasing order.
pub(crate) fn filter(
    lo: u64,
    hi: u64,
    is_hazard: impl Fn(u64) -> bool,
    visit: &mut dyn FnMut(u64),
) {
    for k in lo..=hi {
        if is_hazard(k) {
            visit(k);
        }
    }
}
