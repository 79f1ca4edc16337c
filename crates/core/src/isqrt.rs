//! Exact integer square roots.
//!
//! `isqrt_u64(n)` is the largest `r` with `r * r <= n`; likewise for `u128`.

/// The exact integer square root ⌊√n⌋ of a `u64`.
///
/// ```
/// use beatty_core::isqrt_u64;
/// assert_eq!(isqrt_u64(0), 0);
/// assert_eq!(isqrt_u64(24), 4);
/// assert_eq!(isqrt_u64(25), 5);
/// assert_eq!(isqrt_u64(u64::MAX), u32::MAX as u64);
/// ```
#[must_use]
pub const fn isqrt_u64(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    // Start above the root (2^⌈bits/2⌉ > √n) and run Newton's method down.
    let bits = 64 - n.leading_zeros();
    let mut x = 1u64 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// The exact integer square root ⌊√n⌋ of a `u128`.
///
/// ```
/// use beatty_core::isqrt_u128;
/// assert_eq!(isqrt_u128(1 << 100), 1 << 50);
/// assert_eq!(isqrt_u128((1 << 100) - 1), (1 << 50) - 1);
/// assert_eq!(isqrt_u128(u128::MAX), u64::MAX as u128);
/// ```
#[must_use]
pub const fn isqrt_u128(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    let mut x = 1u128 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}
