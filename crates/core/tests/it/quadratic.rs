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
}

/// Regression (issue 9): the numerator of the complement is exactly −2^127
/// here and the denominator negative; making r positive used to compute
/// −(−2^127) and panic in debug builds. The reduced numerator 2^127 does not
/// fit in i64, so the answer is `Overflow`.
#[test]
fn complement_with_numerator_i128_min_is_overflow_not_a_panic() {
    let alpha = QuadraticIrrational::new(
        1,
        3_037_000_501,
        18_446_744_061_270_601_238,
        3_576_767_008_090_766_491,
    )
    .unwrap();
    assert!(alpha.is_greater_than_one());
    assert_eq!(alpha.complement(), Err(QuadraticError::Overflow));
}

/// a·b as a 256-bit number (high, low), schoolbook on 64-bit limbs.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
    let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
    let (lo, mid1, mid2, hi) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let (mid, c1) = mid1.overflowing_add(mid2);
    let (low, c2) = lo.overflowing_add(mid << 64);
    let high = hi + (mid >> 64) + (u128::from(c1) << 64) + u128::from(c2);
    (high, low)
}

/// Whether u + q√d > 0 (q ≠ 0, d not a square), by comparing u² with q²d as
/// 256-bit numbers: no shortcut, no overflow for any `i64`-built α.
fn surd_sum_positive_ref(u: i128, q: i128, d: u64) -> bool {
    let u2 = mul_wide(u.unsigned_abs(), u.unsigned_abs());
    let (q2_hi, q2_lo) = mul_wide(q.unsigned_abs(), q.unsigned_abs());
    assert_eq!(q2_hi, 0, "|q| ≤ 2^63");
    let q2d = mul_wide(q2_lo, u128::from(d));
    let surd_dominates = u2 < q2d;
    if q > 0 {
        u >= 0 || surd_dominates
    } else {
        u > 0 && !surd_dominates
    }
}

/// The residue of the integer polynomial identity β·(α − 1) = α, i.e. for
/// α = (p + q√d)/r and β = (P + Q√d)/R:
/// P(p − r) + Qqd − Rp = 0 and Pq + Q(p − r) − Rq = 0.
/// Evaluated modulo 2^128 (wrapping) and modulo two primes: the terms are
/// below 2^192 in size and the moduli multiply to more than 2^219, so both
/// sides vanish modulo all three only if they vanish exactly (CRT).
fn complement_identity_holds(alpha: (i64, i64, u64, i64), beta: (i64, i64, u64, i64)) -> bool {
    let (p, q, d, r) = alpha;
    let (bp, bq, bd, br) = beta;
    if d != bd {
        return false;
    }
    let wrap = |x: i64| x as i128;
    let w = |a: i128, b: i128| a.wrapping_mul(b);
    let (p, q, d, r, bp, bq, br) = (
        wrap(p),
        wrap(q),
        d as i128,
        wrap(r),
        wrap(bp),
        wrap(bq),
        wrap(br),
    );
    let u = p - r; // fits: |u| < 2^64
    let rat = w(bp, u).wrapping_add(w(w(bq, q), d)).wrapping_sub(w(br, p));
    let sur = w(bp, q).wrapping_add(w(bq, u)).wrapping_sub(w(br, q));
    if rat != 0 || sur != 0 {
        return false;
    }
    for m in [(1u128 << 61) - 1, (1u128 << 31) - 1] {
        let red = |x: i128| x.rem_euclid(m as i128) as u128;
        let mm = |a: u128, b: u128| (a * b) % m;
        let (p, q, d, bp, bq, br, u) = (red(p), red(q), red(d), red(bp), red(bq), red(br), red(u));
        let rat = (mm(bp, u) + mm(mm(bq, q), d) + m - mm(br, p)) % m;
        let sur = (mm(bp, q) + mm(bq, u) + m - mm(br, q)) % m;
        if rat != 0 || sur != 0 {
            return false;
        }
    }
    true
}

/// The slow reference for ⌊nα⌋: binary search for the largest m with
/// m ≤ nα, using only the exact comparison [`at_most`] (no square root).
fn floor_mul_ref(alpha: (i64, i64, u64, i64), n: u64) -> i128 {
    let (p, q, d, _) = alpha;
    let n = i128::from(n);
    // |nα| ≤ n(|p| + |q|·d)/r ≤ n(|p| + |q|·d).
    let bound = n * (i128::from(p).abs() + i128::from(q).abs() * i128::from(d)) + 1;
    let (mut lo, mut hi) = (-bound, bound); // at_most(lo), !at_most(hi)
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if at_most(mid, n, alpha) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Checks `is_greater_than_one`, `complement` and `beatty` of one α against
/// the references above; `terms` of the sequence are compared when the
/// parameters are small enough for [`floor_mul_ref`].
fn check_quadratic(alpha: QuadraticIrrational, terms: u64) {
    let parts = alpha.parts();
    let (p, q, d, r) = parts;
    let greater = surd_sum_positive_ref(i128::from(p) - i128::from(r), q.into(), d);
    assert_eq!(alpha.is_greater_than_one(), greater, "{parts:?}");
    match alpha.complement() {
        Ok(beta) => {
            assert!(greater, "{parts:?}");
            assert!(beta.is_greater_than_one(), "{parts:?} → {:?}", beta.parts());
            assert!(
                complement_identity_holds(parts, beta.parts()),
                "{parts:?} → {:?}",
                beta.parts()
            );
            // The complement is an involution (its intermediate values may overflow).
            match beta.complement() {
                Ok(back) => assert_eq!(back, alpha, "{:?}", beta.parts()),
                Err(e) => assert_eq!(e, QuadraticError::Overflow, "{:?}", beta.parts()),
            }
        }
        Err(QuadraticError::NotGreaterThanOne) => assert!(!greater, "{parts:?}"),
        Err(QuadraticError::Overflow) => assert!(greater, "{parts:?}"),
        Err(e) => panic!("{parts:?}: unexpected {e:?}"),
    }
    match alpha.beatty() {
        Ok(seq) => {
            assert!(greater);
            for (n, v) in (1..=terms).zip(seq) {
                assert_eq!(i128::from(v), floor_mul_ref(parts, n), "{parts:?}, n = {n}");
            }
        }
        Err(e) => {
            assert!(!greater);
            assert_eq!(e, QuadraticError::NotGreaterThanOne);
        }
    }
}

#[test]
fn quadratic_exhaustive_small_parameters_against_references() {
    for d in 2..=30u64 {
        if is_square(d) {
            continue;
        }
        for p in -6..=6 {
            for q in (-4..=4).filter(|&q| q != 0) {
                for r in (-5..=5).filter(|&r| r != 0) {
                    check_quadratic(QuadraticIrrational::new(p, q, d, r).unwrap(), 40);
                }
            }
        }
    }
}

quickcheck! {
    fn qc_quadratic_any_i64_parameters(p: i64, q: i64, d: u64, r: i64) -> TestResult {
        if q == 0 || r == 0 || is_square_u64(d) {
            return TestResult::discard();
        }
        match QuadraticIrrational::new(p, q, d, r) {
            Ok(alpha) => check_quadratic(alpha, 0),
            Err(e) => assert_eq!(e, QuadraticError::Overflow),
        }
        TestResult::passed()
    }

    fn qc_quadratic_near_the_overflow_edge(p: i64, q: u32, d_shift: u8, d_low: u32, r: i64) -> TestResult {
        // q²d near 2^127, where the complement's intermediate values are largest.
        let q = i64::from(q) | 1 << 31;
        let d = (u64::MAX >> (d_shift % 4)) ^ u64::from(d_low);
        if r == 0 || is_square_u64(d) {
            return TestResult::discard();
        }
        if let Ok(alpha) = QuadraticIrrational::new(p, q, d, r) {
            check_quadratic(alpha, 0);
        }
        TestResult::passed()
    }

    fn qc_quadratic_moderate_parameters_beatty(p: i16, q: i16, d: u16, r: i16) -> TestResult {
        let d = u64::from(d);
        if q == 0 || r == 0 || is_square_u64(d) {
            return TestResult::discard();
        }
        check_quadratic(QuadraticIrrational::new(p.into(), q.into(), d, r.into()).unwrap(), 30);
        TestResult::passed()
    }
}

/// `is_square` for any u64 (binary search on the root, no isqrt of the crate).
fn is_square_u64(d: u64) -> bool {
    let (mut lo, mut hi) = (0u64, 1 << 32); // lo² ≤ d < hi²
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if u128::from(mid) * u128::from(mid) <= u128::from(d) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo * lo == d
}
