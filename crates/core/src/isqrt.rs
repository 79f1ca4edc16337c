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
///
/// Exact from any start; in debug builds (and so in every test) it also
/// asserts that it took at most `$most` steps, the bound the estimate of each
/// caller is proved and tested to meet: a slow estimate fails loudly there.
macro_rules! correct {
    ($s:expr, $x:expr, $most:expr) => {{
        let (mut s, x) = ($s, $x);
        let mut steps = 0u32;
        loop {
            match s.checked_mul(s) {
                Some(sq) if sq <= x => break,
                _ => {
                    s -= 1;
                    steps += 1;
                }
            }
            debug_assert!(steps <= $most, "isqrt: the estimate was too far above");
        }
        loop {
            match (s + 1).checked_mul(s + 1) {
                Some(sq) if sq <= x => {
                    s += 1;
                    steps += 1;
                }
                _ => break,
            }
            debug_assert!(steps <= $most, "isqrt: the estimate was too far below");
        }
        s
    }};
}

/// The first estimate of ⌊√t⌋ for 2³⁰ ≤ t < 2³²: the table's root of the top
/// eight bits, ·2⁸, and one Newton step in u32. It is ⌊√t⌋ or ⌊√t⌋ + 1: an
/// integer Newton step never lands below ⌊√t⌋, and the test
/// `one_newton_step_from_the_table_is_within_one_on_every_bucket` proves it
/// lands less than one above, bucket by bucket.
#[inline]
const fn estimate_u32(t: u32) -> u32 {
    let y0 = (SQRT_TABLE[(t >> 24) as usize - 64] as u32) << 8; // 2¹⁵ ≤ y0 ≤ 2¹⁶
    (y0 + t / y0) / 2 // < 2¹⁸: no overflow
}

/// The second estimate, of ⌊√x⌋ for x ≥ 2⁶², from r = ⌊√(x >> 32)⌋: one
/// Newton step in u64 from r·2¹⁶ (within one part in 2¹⁵ of √x), which lands
/// on ⌊√x⌋, ⌊√x⌋ + 1 or ⌊√x⌋ + 2.
#[inline]
const fn estimate_u64(x: u64, r: u64) -> u64 {
    let y = r << 16; // ≥ 2³¹
    (y + x / y) / 2 // x/y < 2³³: no overflow
}

/// The exact ⌊√x⌋ of `x ≥ 2⁶²` (normalised), the core of [`isqrt_u64`].
#[inline]
const fn isqrt_normalised_u64(x: u64) -> u64 {
    // The exact 16-bit root of the top half (2³⁰ ≤ t < 2³²; r² and (r + 1)²
    // fit in u64), then the root of x from it.
    let t = (x >> 32) as u32;
    let r = correct!(estimate_u32(t) as u64, t as u64, 1);
    correct!(estimate_u64(x, r), x, 2)
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
    correct!(s, x, 2) >> (shift / 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::vec;
    use std::vec::Vec;

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

    /// ⌊√n⌋ by bisection on r² ≤ n: slow, obviously exact, and no part of
    /// the code under test.
    fn slow_isqrt(n: u128) -> u128 {
        let (mut lo, mut hi) = (0u128, 1u128 << 64); // lo² ≤ n < hi²
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if mid * mid <= n { lo = mid } else { hi = mid }
        }
        lo
    }

    /// The claim the first estimate rests on, for every t in 2³⁰..2³² at once:
    /// on the bucket of t's top byte `top` the estimate is the floor of
    /// f(t) = (y0 + t/y0)/2 with y0 fixed, and f(t) − √t is convex in t, so it
    /// is below 1 on the whole bucket when it is at both ends, which is checked
    /// exactly: f(t) − √t < 1 ⟺ y0² + t − 2·y0 < 2·y0·√t ⟺ (y0² + t − 2·y0)² < 4·y0²·t.
    /// With the integer Newton step never below ⌊√t⌋, it is ⌊√t⌋ or ⌊√t⌋ + 1.
    #[test]
    fn one_newton_step_from_the_table_is_within_one_on_every_bucket() {
        for top in 64u128..256 {
            let y0 = u128::from(SQRT_TABLE[(top - 64) as usize]) << 8;
            for t in [top << 24, (top + 1) << 24] {
                let lhs = y0 * y0 + t - 2 * y0;
                assert!(lhs * lhs < 4 * y0 * y0 * t, "top byte {top}, t = {t}");
            }
        }
    }

    /// Values of t where the estimate is tested against the slow root: both
    /// ends of every bucket, perfect squares and their neighbours, and a sweep.
    fn sample_t() -> Vec<u32> {
        let mut v = Vec::new();
        for top in 64u32..256 {
            v.extend([top << 24, (top << 24) + 1, (top << 24) | 0xff_ffff]);
        }
        for m in (1u32 << 15)..(1 << 16) {
            let sq = m * m;
            v.extend([sq, sq.wrapping_sub(1), sq.wrapping_add(1)]);
        }
        let mut t = 1u32 << 30;
        while let Some(next) = t.checked_add(12_345) {
            v.push(t);
            t = next;
        }
        v.retain(|&t| t >= 1 << 30);
        v
    }

    #[test]
    fn first_estimate_is_the_root_or_one_above() {
        for t in sample_t() {
            let r = slow_isqrt(u128::from(t));
            let e = u128::from(estimate_u32(t));
            assert!(e == r || e == r + 1, "t = {t}: estimate {e}, root {r}");
        }
    }

    /// Values of x ≥ 2⁶²: around every square of the top half's roots and a sweep.
    fn sample_x() -> Vec<u64> {
        let mut v = vec![1 << 62, u64::MAX, u64::MAX - 1];
        let mut m = 1u64 << 31;
        while m < 1 << 32 {
            for sq in [m * m, (m + 1) * (m + 1) - 1] {
                v.extend([sq, sq - 1, sq.saturating_add(1), sq.saturating_add(1 << 32)]);
            }
            m += 9_973;
        }
        let mut x = 1u64 << 62;
        let mut step = 1u64;
        while let Some(next) = x.checked_add(step) {
            v.push(x);
            x = next;
            step = step + step / 7 + 1;
        }
        v.retain(|&x| x >= 1 << 62);
        v
    }

    #[test]
    fn second_estimate_is_the_root_or_up_to_two_above() {
        for x in sample_x() {
            let r = slow_isqrt(u128::from(x >> 32)) as u64;
            let s = u128::from(estimate_u64(x, r));
            let want = slow_isqrt(u128::from(x));
            assert!(
                (want..=want + 2).contains(&s),
                "x = {x}: estimate {s}, root {want}"
            );
            assert_eq!(u128::from(isqrt_normalised_u64(x)), want, "x = {x}");
        }
    }

    #[test]
    fn roots_equal_the_slow_root() {
        let mut ns: Vec<u128> = (0..5000).collect();
        for k in 1..128 {
            let p = 1u128 << k;
            ns.extend([p - 1, p, p + 1]);
        }
        for m in [
            3u128,
            7,
            1 << 31,
            (1 << 32) - 1,
            1 << 32,
            u128::from(u64::MAX),
        ] {
            ns.extend([m * m - 1, m * m, m * m + 1]);
        }
        ns.extend(sample_x().into_iter().map(u128::from));
        ns.extend(
            sample_x()
                .into_iter()
                .map(|x| u128::from(x) << 64 | u128::from(x)),
        );
        ns.push(u128::MAX);
        for n in ns {
            let want = slow_isqrt(n);
            assert_eq!(isqrt_u128(n), want, "n = {n}");
            if let Ok(n64) = u64::try_from(n) {
                assert_eq!(u128::from(isqrt_u64(n64)), want, "n = {n}");
            }
        }
    }
}
