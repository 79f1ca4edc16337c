//! Exact integer square roots.
//!
//! `isqrt_u64(n)` is the largest `r` with `r * r <= n`; likewise for `u128`.
//!
//! # How
//!
//! A fast estimate followed by an exact correction, with integers only:
//!
//! 1. **Normalise.** Shift `n` left by an even amount `2h` so that one of its
//!    top two bits is set; then ⌊√n⌋ = ⌊⌊√x⌋ / 2ʰ⌋ for the shifted `x`.
//! 2. **Estimate.** The top eight bits of `x` index a 192-entry table of
//!    rounded square roots, good to about one part in two hundred.
//! 3. **Refine.** One Newton step `y ← (y + t/y)/2` in 32-bit arithmetic gives
//!    the 16-bit root of the top half of `x`; it is made exact with checked
//!    squares and then one 64-bit Newton step brings it to within a unit or
//!    two of √x (Newton's error squares at each step).
//! 4. **Correct.** Step down while `s² > x` and up while `(s + 1)² ≤ x`,
//!    using checked multiplication, so the answer is exact however good or
//!    bad the estimate was — the estimate only decides how fast we get there.
//!
//! `isqrt_u128` uses the exact `isqrt_u64` of the top half as its estimate,
//! one 128-bit Newton step and the same correction.
//!
//! ```
//! use beatty_core::{isqrt_u64, isqrt_u128};
//! let r = 3_037_000_499u64; // ⌊√(2⁶³)⌋
//! assert_eq!(isqrt_u64(r * r), r);
//! assert_eq!(isqrt_u64(r * r - 1), r - 1);
//! assert_eq!(isqrt_u128(u128::MAX), u64::MAX as u128);
//! ```

/// `SQRT_TABLE[t - 64]` is √(256·(t + ½)) rounded to the nearest integer, for
/// `t` in `64..=255`: the root at the middle of the interval of numbers whose
/// top eight bits are `t`.
const SQRT_TABLE: [u16; 192] = {
    let mut table = [0u16; 192];
    let mut t = 64u32;
    let mut r = 128u32;
    while t < 256 {
        let v = 128 * (2 * t + 1); // 256·(t + ½)
        while (r + 1) * (r + 1) <= v {
            r += 1;
        }
        // r = ⌊√v⌋; round up when √v ≥ r + ½ ⟺ v ≥ r² + r + ¼ ⟺ v > r² + r.
        table[(t - 64) as usize] = if v > r * r + r { r + 1 } else { r } as u16;
        t += 1;
    }
    table
};

/// Moves `s` to the exact ⌊√x⌋ with checked squares (any unsigned type).
macro_rules! correct {
    ($s:expr, $x:expr) => {{
        let (mut s, x) = ($s, $x);
        loop {
            match s.checked_mul(s) {
                Some(sq) if sq <= x => break,
                _ => s -= 1,
            }
        }
        loop {
            match (s + 1).checked_mul(s + 1) {
                Some(sq) if sq <= x => s += 1,
                _ => break,
            }
        }
        s
    }};
}

/// The exact ⌊√x⌋ of `x ≥ 2⁶²` (normalised), the core of [`isqrt_u64`].
#[inline]
const fn isqrt_normalised_u64(x: u64) -> u64 {
    // 16-bit root of the top half (2³⁰ ≤ t < 2³²) from the table and one
    // Newton step in u32.
    let t = (x >> 32) as u32;
    let y0 = (SQRT_TABLE[(t >> 24) as usize - 64] as u32) << 8; // 2¹⁵ ≤ y0 ≤ 2¹⁶
    let mut r = (y0 + t / y0) / 2; // < 2¹⁸: no overflow
    // Exact ⌊√t⌋ (r² and (r + 1)² fit in u64).
    while (r as u64) * (r as u64) > t as u64 {
        r -= 1;
    }
    while (r as u64 + 1) * (r as u64 + 1) <= t as u64 {
        r += 1;
    }
    // r·2¹⁶ ≤ √x is now within one part in 2¹⁵ of √x; one Newton step in u64.
    let y = (r as u64) << 16; // ≥ 2³¹
    let s = (y + x / y) / 2; // x/y < 2³³: no overflow
    correct!(s, x)
}

/// The exact integer square root ⌊√n⌋ of a `u64`.
///
/// ```
/// use beatty_core::isqrt_u64;
/// assert_eq!(isqrt_u64(0), 0);
/// assert_eq!(isqrt_u64(24), 4);
/// assert_eq!(isqrt_u64(25), 5);
/// assert_eq!(isqrt_u64(u64::MAX), u32::MAX as u64);
/// ```
#[inline]
#[must_use]
pub const fn isqrt_u64(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let shift = n.leading_zeros() & !1; // even
    isqrt_normalised_u64(n << shift) >> (shift / 2)
}

/// The exact integer square root ⌊√n⌋ of a `u128`.
///
/// ```
/// use beatty_core::isqrt_u128;
/// assert_eq!(isqrt_u128(1 << 100), 1 << 50);
/// assert_eq!(isqrt_u128((1 << 100) - 1), (1 << 50) - 1);
/// assert_eq!(isqrt_u128(u128::MAX), u64::MAX as u128);
/// ```
#[inline]
#[must_use]
pub const fn isqrt_u128(n: u128) -> u128 {
    if n <= u64::MAX as u128 {
        return isqrt_u64(n as u64) as u128;
    }
    let shift = n.leading_zeros() & !1; // even
    let x = n << shift; // ≥ 2¹²⁶
    // Estimate from the exact root of the top half (2³¹ ≤ r < 2³²), which is
    // within one part in 2³¹ of √x; one Newton step in u128.
    let y = (isqrt_u64((x >> 64) as u64) as u128) << 32; // ≥ 2⁶³
    let s = (y + x / y) / 2; // x/y < 2⁶⁵: no overflow
    correct!(s, x) >> (shift / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_entries_are_rounded_midpoint_roots() {
        for t in 64u32..256 {
            let e = u64::from(SQRT_TABLE[(t - 64) as usize]);
            // |e − √v| ≤ ½ with v = 256·(t + ½) ⟺ (2e − 1)² ≤ 4v ≤ (2e + 1)², in quarters.
            let four_v = 4 * 256 * u64::from(2 * t + 1) / 2;
            assert!(
                (2 * e - 1).pow(2) <= four_v && four_v <= (2 * e + 1).pow(2),
                "t = {t}"
            );
        }
    }

    /// The estimates before correction are within 1 and 2 of the answers: the
    /// correction loops are short (this is about speed, not exactness).
    #[test]
    fn estimate_needs_at_most_two_corrections() {
        let mut x = 1u64 << 62;
        let mut step = 1u64;
        while let Some(next) = x.checked_add(step) {
            let t = (x >> 32) as u32;
            let y0 = u32::from(SQRT_TABLE[(t >> 24) as usize - 64]) << 8;
            let r16 = t.isqrt();
            let est16 = (y0 + t / y0) / 2;
            assert!(est16.abs_diff(r16) <= 1, "x = {x}");
            let y = u64::from(r16) << 16;
            let s = (y + x / y) / 2;
            assert!(s.abs_diff(x.isqrt()) <= 2, "x = {x}");
            x = next;
            step = step + step / 7 + 1;
        }
    }
}
