//! `isqrt_u64` / `isqrt_u128` against the definition (r² ≤ n < (r + 1)²) and
//! against the standard library's `u64::isqrt` / `u128::isqrt`, an
//! independent implementation.

use beatty_core::{isqrt_u64, isqrt_u128};
use quickcheck::quickcheck;

/// The definition of ⌊√n⌋, checked without trusting any square-root code.
fn is_floor_root_u64(n: u64, r: u64) -> bool {
    let (n, r) = (u128::from(n), u128::from(r));
    r * r <= n && (r + 1) * (r + 1) > n
}

fn is_floor_root_u128(n: u128, r: u128) -> bool {
    let fits = |x: u128| x.checked_mul(x);
    matches!(fits(r), Some(sq) if sq <= n) && fits(r + 1).is_none_or(|sq| sq > n)
}

fn check_u64(n: u64) {
    let r = isqrt_u64(n);
    assert_eq!(r, n.isqrt(), "n = {n}");
    assert!(is_floor_root_u64(n, r), "n = {n}, r = {r}");
    // The u128 version agrees on the same values.
    assert_eq!(isqrt_u128(u128::from(n)), u128::from(r), "n = {n}");
}

fn check_u128(n: u128) {
    let r = isqrt_u128(n);
    assert_eq!(r, n.isqrt(), "n = {n}");
    assert!(is_floor_root_u128(n, r), "n = {n}, r = {r}");
}

/// For one type: `$around(r0)` checks r² − 1, r², r² + 1 for the roots r
/// within 2 of r0 (whatever fits), and the test `$edges` runs it at the edge
/// roots (powers of two and one less, the root of MAX) and checks the edge
/// values (2ᵉ − 1, 2ᵉ, 2ᵉ + 1, all-ones, the top 1000).
macro_rules! edge_tests {
    ($around:ident, $edges:ident, $t:ty, $check:ident) => {
        fn $around(r0: $t) {
            for r in r0.saturating_sub(2)..=r0.saturating_add(2) {
                if let Some(sq) = r.checked_mul(r) {
                    for n in [sq.wrapping_sub(1), sq, sq.wrapping_add(1)] {
                        $check(n);
                    }
                }
            }
        }

        #[test]
        fn $edges() {
            for e in 0..=<$t>::BITS / 2 {
                let p: $t = 1 << e;
                $around(p);
                $around(p - 1);
            }
            $around(<$t>::MAX >> (<$t>::BITS / 2)); // ⌊√MAX⌋
            for e in 0..<$t>::BITS {
                let p: $t = 1 << e;
                for n in [p - 1, p, p + 1, p | (p - 1)] {
                    $check(n);
                }
            }
            for d in 0..1000 {
                $check(<$t>::MAX - d);
            }
        }
    };
}

edge_tests!(
    around_square_u64,
    around_squares_of_edge_roots_u64,
    u64,
    check_u64
);
edge_tests!(
    around_square_u128,
    around_squares_of_edge_roots_u128,
    u128,
    check_u128
);

#[test]
fn around_squares_of_other_roots() {
    around_square_u64(3_037_000_499); // ⌊√(2⁶³)⌋
    around_square_u128(u128::from(u32::MAX));
    around_square_u128(13_043_817_825_332_782_212); // ⌊√(2¹²⁷)⌋
}

#[test]
fn small_values_exhaustive() {
    for n in 0..=1u64 << 20 {
        check_u64(n);
    }
}

#[test]
fn every_square_of_a_sparse_root_sweep_u64() {
    // Roots spread over the whole u32 range, each tested at r² − 1, r², r² + 1.
    let mut r = 1u64;
    while r <= u64::from(u32::MAX) {
        around_square_u64(r);
        r += r / 1000 + 1;
    }
}

quickcheck! {
    fn qc_u64(n: u64) -> bool {
        check_u64(n);
        true
    }

    fn qc_u64_near_square(r: u32, d: i8) -> bool {
        let sq = u64::from(r) * u64::from(r);
        check_u64(sq.wrapping_add_signed(i64::from(d)));
        true
    }

    fn qc_u128(hi: u64, lo: u64) -> bool {
        check_u128((u128::from(hi) << 64) | u128::from(lo));
        true
    }

    fn qc_u128_near_square(r: u64, d: i8) -> bool {
        let sq = u128::from(r) * u128::from(r);
        check_u128(sq.wrapping_add_signed(i128::from(d)));
        true
    }

    fn qc_u128_small_shifted(x: u64, s: u8) -> bool {
        check_u128(u128::from(x) << (s % 64));
        true
    }
}
