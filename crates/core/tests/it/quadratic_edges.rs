//! The edges of `QuadraticIrrational`'s constructors: the parameters that just
//! fit in `i64` and those that just do not, and the error messages. The
//! expectations are the definitions: (p + q√d)/r reduced by gcd(p, q, r) with
//! r > 0 fits when each of p, q, r lies in i64::MIN..=i64::MAX.

use beatty_core::quadratic::{QuadraticError, QuadraticIrrational};

const MIN: i64 = i64::MIN;
const MAX: i64 = i64::MAX;

#[test]
fn parameters_at_the_ends_of_i64() {
    let parts = |p, q, d, r| QuadraticIrrational::new(p, q, d, r).map(|a| a.parts());
    // Already reduced (gcd 1), r > 0: kept as they are, i64::MIN included.
    assert_eq!(parts(MIN, 1, 2, 1), Ok((MIN, 1, 2, 1)));
    assert_eq!(parts(MAX, 1, 2, 1), Ok((MAX, 1, 2, 1)));
    assert_eq!(parts(1, MIN, 2, 1), Ok((1, MIN, 2, 1)));
    assert_eq!(parts(1, MAX, 2, 1), Ok((1, MAX, 2, 1)));
    assert_eq!(parts(1, 1, 2, MAX), Ok((1, 1, 2, MAX)));
    // r < 0: every sign flips; −i64::MIN = 2⁶³ does not fit, −i64::MAX does.
    assert_eq!(parts(MIN, 1, 2, -1), Err(QuadraticError::Overflow));
    assert_eq!(parts(1, MIN, 2, -1), Err(QuadraticError::Overflow));
    assert_eq!(parts(1, 1, 2, MIN), Err(QuadraticError::Overflow));
    assert_eq!(parts(MAX, 1, 2, -1), Ok((-MAX, -1, 2, 1)));
    assert_eq!(parts(-MAX, -MAX, 3, -1), Ok((MAX, MAX, 3, 1)));
    // … unless the gcd shrinks them: gcd(2⁶³, 2⁶³, 2⁶³) = 2⁶³.
    assert_eq!(parts(MIN, MIN, 2, MIN), Ok((1, 1, 2, 1)));
    assert_eq!(parts(MIN, 2, 3, -2), Ok((1 << 62, -1, 3, 1)));
    assert_eq!(parts(MIN, 2, 3, 2), Ok((-(1 << 62), 1, 3, 1)));
    assert_eq!(parts(0, MIN, 3, MIN), Ok((0, 1, 3, 1)));
}

#[test]
fn generalized_wythoff_at_its_limits() {
    use QuadraticError::*;
    let gw = QuadraticIrrational::generalized_wythoff;
    assert_eq!(gw(0), Err(NotGreaterThanOne));
    assert_eq!(gw(1), Ok(QuadraticIrrational::phi()));
    // The largest a with a² + 4 in u64 is 2³² − 1: α = (2 − a + √(a² + 4))/2.
    let a = (1u64 << 32) - 1;
    assert_eq!(
        gw(a).map(|x| x.parts()),
        Ok((2 - a as i64, 1, a * a + 4, 2))
    );
    for a in [
        1u64 << 32,
        (1 << 32) + 1,
        MAX as u64 - 1,
        MAX as u64,
        MAX as u64 + 1,
        u64::MAX,
    ] {
        assert_eq!(gw(a), Err(Overflow), "a = {a}");
    }
    // α_a > 1 for every a ≥ 1 (√(a² + 4) > a), and n·α_a + a·n is the upper sequence.
    for a in [1u64, 2, 3, 10, 1000, (1 << 32) - 1] {
        assert!(gw(a).unwrap().is_greater_than_one(), "a = {a}");
    }
}

#[test]
fn errors_say_what_is_wrong() {
    use QuadraticError::*;
    let cases = [
        (PerfectSquare, "perfect square"),
        (ZeroDenominator, "r is 0"),
        (ZeroSurdCoefficient, "q is 0"),
        (NotGreaterThanOne, "α > 1"),
        (Overflow, "i64"),
    ];
    let mut seen = Vec::new();
    for (e, says) in cases {
        let m = e.to_string();
        assert!(m.contains(says), "{e:?}: {m}");
        assert!(!seen.contains(&m), "{e:?}: {m} twice");
        seen.push(m);
    }
    // The constructors return the variant each message describes.
    assert_eq!(QuadraticIrrational::new(1, 1, 9, 2), Err(PerfectSquare));
    assert_eq!(QuadraticIrrational::new(1, 1, 0, 2), Err(PerfectSquare));
    assert_eq!(QuadraticIrrational::new(1, 1, 5, 0), Err(ZeroDenominator));
    assert_eq!(
        QuadraticIrrational::new(1, 0, 5, 2),
        Err(ZeroSurdCoefficient)
    );
    let below_one = QuadraticIrrational::new(-1, 1, 5, 2).unwrap(); // φ − 1
    assert_eq!(below_one.complement(), Err(NotGreaterThanOne));
}
