//! The Fibonacci table, Zeckendorf representations and the shift identity,
//! against published values, identities, brute-force enumeration and the
//! definition of ⌊nφ⌋ in 256-bit arithmetic.

use crate::common;

use beatty_core::zeckendorf::{
    self, FIBONACCI, MAX_INDEX, Zeckendorf, fibonacci, increment_mask, lower_u128,
};
use common::{is_floor_phi, mul_wide};
use quickcheck::quickcheck;

#[test]
fn fibonacci_table_matches_published_values_and_identities() {
    // Published values (e.g. OEIS A000045), independently computed with python3.
    assert_eq!(
        FIBONACCI[..13],
        [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144]
    );
    assert_eq!(FIBONACCI[40], 102_334_155);
    assert_eq!(FIBONACCI[93], 12_200_160_415_121_876_738);
    assert_eq!(FIBONACCI[100], 354_224_848_179_261_915_075);
    assert_eq!(
        FIBONACCI[186],
        332_825_110_087_067_562_321_196_029_789_634_457_848
    );
    // F(187) does not fit: F(186) + F(185) overflows.
    assert!(FIBONACCI[186].checked_add(FIBONACCI[185]).is_none());
    assert_eq!(fibonacci(MAX_INDEX), Some(FIBONACCI[186]));
    assert_eq!(fibonacci(MAX_INDEX + 1), None);
    // Doubling: F(2n) = F(n)·(2F(n+1) − F(n)), F(2n+1) = F(n)² + F(n+1)².
    for n in 1..=92usize {
        let (f, g) = (FIBONACCI[n], FIBONACCI[n + 1]);
        assert_eq!(FIBONACCI[2 * n], f * (2 * g - f), "n = {n}");
        if 2 * n < 186 {
            assert_eq!(FIBONACCI[2 * n + 1], f * f + g * g, "n = {n}");
        }
    }
    // Cassini: F(n−1)·F(n+1) − F(n)² = (−1)ⁿ, in 256 bits.
    for n in 1..186usize {
        let lhs = mul_wide(FIBONACCI[n - 1], FIBONACCI[n + 1]);
        let sq = mul_wide(FIBONACCI[n], FIBONACCI[n]);
        let plus_one = |(hi, lo): (u128, u128)| {
            let (lo, c) = lo.overflowing_add(1);
            (hi + u128::from(c), lo)
        };
        if n % 2 == 0 {
            assert_eq!(lhs, plus_one(sq), "n = {n}");
        } else {
            assert_eq!(plus_one(lhs), sq, "n = {n}");
        }
    }
}

/// The representation is valid: indices ≥ 2, no two consecutive, sum = n.
fn check_representation(n: u128) {
    let z = Zeckendorf::from_u128(n);
    let idx: Vec<u32> = z.indices().collect();
    assert_eq!(z.indices().len(), idx.len());
    assert!(idx.iter().all(|&i| (2..=MAX_INDEX).contains(&i)), "n = {n}");
    assert!(idx.windows(2).all(|w| w[1] >= w[0] + 2), "n = {n}: {idx:?}");
    let sum = idx
        .iter()
        .try_fold(0u128, |s, &i| s.checked_add(FIBONACCI[i as usize]));
    assert_eq!(sum, Some(n), "n = {n}");
    assert_eq!(z.value(), n);
    assert_eq!(z.smallest_index(), idx.first().copied());
    match z.mask() {
        Some(m) => {
            assert_eq!(Zeckendorf::from_mask(m), Some(z));
            let from_mask: Vec<u32> = (0..128)
                .filter(|b| m >> b & 1 == 1)
                .map(|b| b + 2)
                .collect();
            assert_eq!(from_mask, idx);
        }
        None => assert!(idx.last().is_some_and(|&i| i >= 130)),
    }
}

#[test]
fn representations_of_every_small_number_are_all_fibbinary_masks() {
    // Brute force: the masks with no two adjacent bits below bit 20 are exactly
    // F(22) numbers, and Zeckendorf's theorem says they are 0..F(22) in order.
    let masks: Vec<u128> = (0u128..1 << 20).filter(|m| m & (m >> 1) == 0).collect();
    assert_eq!(masks.len() as u128, FIBONACCI[22]);
    for (n, &m) in masks.iter().enumerate() {
        let z = Zeckendorf::from_u64(n as u64);
        assert_eq!(z.mask(), Some(m), "n = {n}");
        check_representation(n as u128);
        if n + 1 < masks.len() {
            assert_eq!(increment_mask(m), Some(masks[n + 1]), "n = {n}");
        }
    }
}

#[test]
fn representations_at_edges() {
    for &f in FIBONACCI.iter() {
        for d in -2i128..=2 {
            if let Ok(n) = u128::try_from(f as i128 + d) {
                check_representation(n);
            }
        }
    }
    for d in 0..1000 {
        check_representation(u128::MAX - d);
        check_representation(u128::from(u64::MAX - d as u64));
    }
    assert_eq!(Zeckendorf::from_mask(0b0110), None);
    assert_eq!(Zeckendorf::from_u64(0), Zeckendorf::default());
    assert_eq!(Zeckendorf::from_u64(0).smallest_index(), None);
}

#[test]
fn increment_mask_near_the_top() {
    // F(129) − 1 = F(127) + F(125) + … (mask 0b1010…10 up to bit 125 or so).
    for n in (FIBONACCI[129] - 50..FIBONACCI[130] - 1).take(100) {
        let m = Zeckendorf::from_u128(n).mask().unwrap();
        assert_eq!(
            increment_mask(m),
            Zeckendorf::from_u128(n + 1).mask(),
            "n = {n}"
        );
    }
    // F(130) − 1 is the largest value with a u128 mask; its successor has none.
    let top = Zeckendorf::from_u128(FIBONACCI[130] - 1).mask().unwrap();
    assert_eq!(increment_mask(top), None);
    assert_eq!(Zeckendorf::from_u128(FIBONACCI[130]).mask(), None);
}

/// The shift identity against the definition, checked in 256-bit arithmetic.
fn check_shift(n: u128) {
    match lower_u128(n) {
        Some(m) if m < u128::MAX => assert!(is_floor_phi(n, m), "n = {n}, m = {m}"),
        Some(_) => {}
        // None only when ⌊nφ⌋ > u128::MAX, i.e. nφ ≥ 2¹²⁸: n > (2¹²⁸ − 1)/φ.
        None => assert!(n > u128::MAX / 13 * 8, "n = {n}"), // 8/13 < 1/φ
    }
    if let Ok(n64) = u64::try_from(n) {
        let w = zeckendorf::lower_wide(n64);
        assert_eq!(Some(w), lower_u128(n));
        assert_eq!(zeckendorf::lower(n64), u64::try_from(w).ok());
    }
}

#[test]
fn shift_identity_on_edges() {
    for n in 0..10_000 {
        check_shift(n);
    }
    for &f in FIBONACCI.iter() {
        for d in -2i128..=2 {
            if let Ok(n) = u128::try_from(f as i128 + d) {
                check_shift(n);
            }
        }
    }
    for d in 0..1000 {
        check_shift(u128::from(u64::MAX) - d);
    }
}

/// Where `lower_u128` starts returning None: the first n with ⌊nφ⌋ > u128::MAX,
/// found by bisection on the definition (c ≤ n/φ ⟺ c(c + n) ≤ n² with
/// c = 2¹²⁸ − n, i.e. nφ ≥ 2¹²⁸ ⟺ ⌊nφ⌋ ≥ 2¹²⁸).
#[test]
fn shift_none_boundary_u128() {
    // nφ ≥ 2¹²⁸ ⟺ 2¹²⁸ − n ≤ n/φ ⟺ c(c + n) ≤ n² with c = 2¹²⁸ − n, c + n = 2¹²⁸.
    let overflows = |n: u128| {
        let c = u128::MAX - n + 1;
        let lhs = mul_wide(c, u128::MAX); // c·(2¹²⁸ − 1), then add c
        let (lo, carry) = lhs.1.overflowing_add(c);
        let lhs = (lhs.0 + u128::from(carry), lo);
        lhs <= mul_wide(n, n)
    };
    let hi = common::first_true(u128::MAX / 2, u128::MAX, overflows);
    let lo = hi - 1;
    assert!(lower_u128(lo).is_some());
    assert_eq!(lower_u128(hi), None);
    for n in lo - 100..=lo {
        check_shift(n);
    }
}

quickcheck! {
    fn qc_representation(hi: u64, lo: u64) -> bool {
        check_representation((u128::from(hi) << 64) | u128::from(lo));
        check_representation(u128::from(lo));
        true
    }

    fn qc_increment(n: u64) -> bool {
        let m = Zeckendorf::from_u64(n).mask().unwrap();
        increment_mask(m) == Zeckendorf::from_u128(u128::from(n) + 1).mask()
    }

    fn qc_shift(hi: u64, lo: u64, s: u8) -> bool {
        check_shift(((u128::from(hi) << 64) | u128::from(lo)) >> (s % 128));
        true
    }
}
