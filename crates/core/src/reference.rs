//! Slow, plainly exact definitions that cross-check the fast functions: what
//! the tests, the fuzz targets and the benchmarks compare against. Use the
//! real functions ([`golden::lower`](crate::golden::lower) and the rest); these
//! are public so that a dependent crate can run the same cross-checks.

/// ⌊kφ⌋ by the textbook formula (k + ⌊√(5k²)⌋)/2 — a simple exact reference
/// for [`lower`](crate::golden::lower), `None` outside its domain.
///
/// kφ = (k + √(5k²))/2 and √(5k²) is irrational for k > 0, so
/// ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋. The domain is every k with 5k² ≤ `u128::MAX`,
/// that is k ≤ 8_249_634_742_471_189_717 (≈ 0.447·2⁶⁴); above it this returns
/// `None` even though ⌊kφ⌋ may fit (use [`lower`](crate::golden::lower) there).
///
/// ```
/// use beatty_core::golden::lower;
/// use beatty_core::reference::lower_by_isqrt;
/// assert_eq!(lower_by_isqrt(102_334_155), Some(165_580_140));
/// assert_eq!(lower_by_isqrt(1_000_000_007), lower(1_000_000_007));
/// assert_eq!(lower_by_isqrt(8_249_634_742_471_189_717), lower(8_249_634_742_471_189_717));
/// assert_eq!(lower_by_isqrt(8_249_634_742_471_189_718), None);
/// ```
#[must_use]
pub const fn lower_by_isqrt(k: u64) -> Option<u64> {
    let k = k as u128;
    let five_k2 = match (k * k).checked_mul(5) {
        Some(x) => x,
        None => return None,
    };
    // k + √(5k²) < 2⁶³·(1 + √5) < 2¹²⁸; the result kφ < 2⁶⁴ on the domain.
    Some(((k + crate::isqrt::isqrt_u128(five_k2)) / 2) as u64)
}
