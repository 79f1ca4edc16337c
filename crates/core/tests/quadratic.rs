//! `quadratic` against an independent exact comparison (sign tests with
//! squares in i128), Beatty's theorem for several ratios, and its errors.

use beatty_core::quadratic::{QuadraticError, QuadraticIrrational};
use quickcheck::{TestResult, quickcheck};

/// Whether m ≤ n·α for α = (p + q√d)/r (r > 0, d not a square), exactly:
/// m ≤ nα ⟺ u ≤ v√d with u = m·r − n·p, v = n·q.
fn at_most(m: i128, n: i128, (p, q, d, r): (i64, i64, u64, i64)) -> bool {
    assert!(r > 0);
    let u = m * i128::from(r) - n * i128::from(p);
    let v = n * i128::from(q);
    let (u2, v2d) = (u * u, v * v * i128::from(d));
    match v.signum() {
        0 => u <= 0,
        1 => u <= 0 || u2 < v2d,
        _ => u < 0 && u2 > v2d,
    }
}

/// floor_mul(n) is the floor: m ≤ nα < m + 1.
fn check_floor(alpha: QuadraticIrrational, n: u64) {
    let m = alpha.floor_mul(n).expect("small parameters never overflow");
    let parts = alpha.parts();
    let n = i128::from(n);
    assert!(at_most(m, n, parts), "{parts:?}, n = {n}: {m} > nα");
    assert!(
        !at_most(m + 1, n, parts),
        "{parts:?}, n = {n}: {m} + 1 ≤ nα"
    );
}

fn is_square(d: u64) -> bool {
    (0..=d).take_while(|s| s * s <= d).any(|s| s * s == d)
}

/// Builds (p + q√d)/r from random parameters and checks a few floors;
/// discards rational or undefined parameter sets.
fn check_random(p: i64, q: i64, d: u64, r: i64, ns: &[u64]) -> TestResult {
    if q == 0 || r == 0 || is_square(d) {
        return TestResult::discard();
    }
    let alpha = QuadraticIrrational::new(p, q, d, r).unwrap();
    for &n in ns {
        check_floor(alpha, n);
    }
    TestResult::passed()
}

quickcheck! {
    fn qc_floor_mul_small_parameters(p: i8, q: i8, d: u8, r: i8, n: u32) -> TestResult {
        let n = u64::from(n);
        check_random(p.into(), q.into(), d.into(), r.into(), &[n, n % 1000])
    }

    fn qc_floor_mul_wider(p: i16, q: i16, d: u16, r: i16, n: u32) -> TestResult {
        check_random(p.into(), q.into(), d.into(), r.into(), &[n.into()])
    }

    fn qc_reduction_keeps_the_value(p: i8, q: i8, d: u8, r: i8, g: i8, n: u16) -> TestResult {
        // (gp + gq√d)/(gr) is the same number: same floors, same parts.
        let (p, q, d, r, g) = (i64::from(p), i64::from(q), u64::from(d), i64::from(r), i64::from(g));
        if q == 0 || r == 0 || g == 0 || is_square(d) {
            return TestResult::discard();
        }
        let a = QuadraticIrrational::new(p, q, d, r).unwrap();
        let b = QuadraticIrrational::new(g * p, g * q, d, g * r).unwrap();
        TestResult::from_bool(a == b && a.floor_mul(u64::from(n)) == b.floor_mul(u64::from(n)))
    }
}

/// α and its complement β = α/(α − 1) partition 1..=N (Beatty's theorem).
fn check_partition(alpha: QuadraticIrrational) {
    const N: u64 = 100_000;
    let beta = alpha.complement().unwrap();
    let mut hits = vec![0u8; N as usize + 1];
    for seq in [alpha, beta] {
        let mut prev = 0;
        for (i, v) in seq.beatty().unwrap().take_while(|&v| v <= N).enumerate() {
            assert!(v > prev, "{:?} not increasing", seq.parts());
            assert_eq!(Some(i128::from(v)), seq.floor_mul(i as u64 + 1));
            prev = v;
            hits[v as usize] += 1;
        }
    }
    let bad: Vec<usize> = (1..=N as usize).filter(|&i| hits[i] != 1).take(5).collect();
    assert!(
        bad.is_empty(),
        "{:?} / {:?}: {bad:?}",
        alpha.parts(),
        beta.parts()
    );
    // β's complement is α again.
    assert_eq!(beta.complement(), Ok(alpha));
}

#[test]
fn beatty_partitions_for_several_ratios() {
    let mut ratios = vec![
        QuadraticIrrational::phi(),
        QuadraticIrrational::phi_squared(),
        QuadraticIrrational::sqrt2(),
        QuadraticIrrational::new(0, 1, 3, 1).unwrap(), // √3
        QuadraticIrrational::new(1, 1, 13, 2).unwrap(), // (1 + √13)/2
        QuadraticIrrational::new(5, -1, 7, 2).unwrap(), // (5 − √7)/2 ≈ 1.18
        QuadraticIrrational::new(0, 7, 2, 3).unwrap(), // 7√2/3 ≈ 3.3
    ];
    for a in 1..=6 {
        ratios.push(QuadraticIrrational::generalized_wythoff(a).unwrap());
    }
    for alpha in ratios {
        check_partition(alpha);
    }
}

#[test]
fn generalized_wythoff_p_positions_differ_by_a_times_n() {
    // Fraenkel: the complement of α_a is α_a + a, so b_n = a_n + a·n.
    for a in 1..=6u64 {
        let alpha = QuadraticIrrational::generalized_wythoff(a).unwrap();
        let beta = alpha.complement().unwrap();
        for n in 0..2000u64 {
            let (x, y) = (alpha.floor_mul(n).unwrap(), beta.floor_mul(n).unwrap());
            assert_eq!(y - x, i128::from(a * n), "a = {a}, n = {n}");
        }
    }
}

#[test]
fn floor_mul_exhaustive_small_grid() {
    for d in [2u64, 3, 5, 6, 7, 8, 10, 13, 99] {
        for p in -4..=4 {
            for q in [-3, -1, 1, 2] {
                for r in [1, 2, 3, 5] {
                    let alpha = QuadraticIrrational::new(p, q, d, r).unwrap();
                    for n in 0..300 {
                        check_floor(alpha, n);
                    }
                }
            }
        }
    }
}

#[test]
fn floor_mul_overflow_is_none_not_wrong() {
    let phi = QuadraticIrrational::phi();
    // n²q²d = 5n² must fit in u128: n ≤ ⌊√((2¹²⁸ − 1)/5)⌋ = 8249634742471189717.
    let n_max = 8_249_634_742_471_189_717u64;
    assert!(phi.floor_mul(n_max).is_some());
    assert_eq!(phi.floor_mul(n_max + 1), None);
    assert_eq!(
        phi.floor_mul(n_max),
        beatty_core::golden::lower(n_max).map(i128::from)
    );
}

#[test]
fn constructor_errors() {
    use QuadraticError::*;
    for d in [
        0u64,
        1,
        4,
        9,
        1 << 62,
        u64::from(u32::MAX) * u64::from(u32::MAX),
    ] {
        assert_eq!(
            QuadraticIrrational::new(1, 1, d, 2),
            Err(PerfectSquare),
            "d = {d}"
        );
    }
    assert_eq!(QuadraticIrrational::new(1, 1, 5, 0), Err(ZeroDenominator));
    assert_eq!(
        QuadraticIrrational::new(1, 0, 5, 2),
        Err(ZeroSurdCoefficient)
    );
    assert_eq!(QuadraticIrrational::new(i64::MIN, 1, 5, -1), Err(Overflow));
    assert_eq!(
        QuadraticIrrational::generalized_wythoff(0),
        Err(NotGreaterThanOne)
    );
    assert_eq!(
        QuadraticIrrational::generalized_wythoff(u64::MAX),
        Err(Overflow)
    );
    assert_eq!(
        QuadraticIrrational::generalized_wythoff(1 << 32),
        Err(Overflow)
    );
    // α ≤ 1 has no Beatty pair.
    let small = [
        QuadraticIrrational::new(-1, 1, 5, 2).unwrap(), // 1/φ
        QuadraticIrrational::new(0, -1, 2, 1).unwrap(), // −√2
        QuadraticIrrational::new(2, -1, 2, 1).unwrap(), // 2 − √2 ≈ 0.59
    ];
    for a in small {
        assert!(!a.is_greater_than_one());
        assert_eq!(a.complement(), Err(NotGreaterThanOne));
        assert!(a.beatty().is_err());
    }
    // Just above and below 1: (3 − √3)/1 ≈ 1.27 > 1, (1 + √3)/3 ≈ 0.91 < 1.
    assert!(
        QuadraticIrrational::new(3, -1, 3, 1)
            .unwrap()
            .is_greater_than_one()
    );
    assert!(
        !QuadraticIrrational::new(1, 1, 3, 3)
            .unwrap()
            .is_greater_than_one()
    );
    for e in [
        PerfectSquare,
        ZeroDenominator,
        ZeroSurdCoefficient,
        NotGreaterThanOne,
        Overflow,
    ] {
        assert!(!e.to_string().is_empty());
    }
}
