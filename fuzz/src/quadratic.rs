//! `quadratic`: `beatty_core::quadratic::QuadraticIrrational` against definitions.
//!
//! * `new(p, q, d, r)` returns exactly the error its precedence predicts (r = 0, then q = 0,
//!   then d zero or a square) and `Overflow` only when the reduced parameters cannot fit
//!   in `i64`; otherwise the parts are reduced (gcd 1, r > 0) and denote the same number;
//! * `floor_mul(n)` agrees with a slow exact comparison f ≤ n·α < f + 1 done by squaring in
//!   checked `i128`/`u128` (skipped only when that overflows), and is `Some` for small
//!   parameters;
//! * `is_greater_than_one` agrees with ⌊α⌋ ≥ 1 (or with the sign of q when q²d ≥ 2¹²⁸,
//!   which then outweighs p − r);
//! * `complement` errors exactly when α ≤ 1 or (only for large parameters) on overflow; β
//!   satisfies β·(α − 1) = α, β > 1, the complement of β is α again, and ⌊nα⌋, ⌊nβ⌋
//!   (n ≥ 1) partition 1..=[`PARTITION`] (Beatty's theorem);
//! * `beatty` errors exactly when α ≤ 1 and yields ⌊nα⌋ for n = 1, 2, … until the first
//!   value that does not fit in `u64`.
//!
//! Mode 1 keeps every parameter within 2¹⁶ so the checks almost always run.

use arbitrary::Arbitrary;
use beatty_core::quadratic::{QuadraticError, QuadraticIrrational};

/// The input: `mode` (odd: truncate p, q, r to `i16`, d to `u16`, n to `u32`), the
/// parameters of α = (p + q√d)/r, and n for `floor_mul`.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// Odd: small parameters.
    pub mode: u8,
    /// The rational part's numerator.
    pub p: i64,
    /// The surd's coefficient.
    pub q: i64,
    /// The radicand.
    pub d: u64,
    /// The denominator.
    pub r: i64,
    /// The multiplier of `floor_mul`.
    pub n: u64,
}

/// How far the Beatty partition of α and its complement is checked.
pub const PARTITION: u64 = 64;

/// The property (panics on a violation).
pub fn check(input: &Input) {
    let Input {
        mode,
        p,
        q,
        d,
        r,
        n,
    } = *input;
    if mode % 2 == 1 {
        check_params(
            p as i16 as i64,
            q as i16 as i64,
            d as u16 as u64,
            r as i16 as i64,
            n as u32 as u64,
        );
    } else {
        check_params(p, q, d, r, n);
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Whether every parameter is within 2¹⁶: then nothing in the library may overflow.
fn is_small(alpha: &QuadraticIrrational) -> bool {
    let (p, q, d, r) = alpha.parts();
    p.unsigned_abs() <= 1 << 16 && q.unsigned_abs() <= 1 << 16 && d <= 1 << 16 && r <= 1 << 16
}

fn check_params(p: i64, q: i64, d: u64, r: i64, n: u64) {
    let square_or_zero = d.isqrt() * d.isqrt() == d;
    let alpha = match QuadraticIrrational::new(p, q, d, r) {
        Ok(alpha) => alpha,
        Err(e) => {
            let expected = if r == 0 {
                QuadraticError::ZeroDenominator
            } else if q == 0 {
                QuadraticError::ZeroSurdCoefficient
            } else if square_or_zero {
                QuadraticError::PerfectSquare
            } else {
                QuadraticError::Overflow
            };
            assert_eq!(e, expected, "new({p}, {q}, {d}, {r})");
            if e == QuadraticError::Overflow {
                // Dividing by the gcd and making r positive must leave a value outside i64.
                let g = gcd(
                    gcd(p.unsigned_abs() as u128, q.unsigned_abs() as u128),
                    r.unsigned_abs() as u128,
                ) as i128;
                let sign = if r < 0 { -1 } else { 1 };
                assert!(
                    [p, q, r]
                        .iter()
                        .any(|&x| i64::try_from(x as i128 / g * sign).is_err()),
                    "new({p}, {q}, {d}, {r}) = Overflow, but the reduced parameters fit"
                );
            }
            return;
        }
    };
    assert!(
        r != 0 && q != 0 && !square_or_zero,
        "new({p}, {q}, {d}, {r}) accepted a rational"
    );
    let (p2, q2, d2, r2) = alpha.parts();
    assert_eq!(d2, d, "new({p}, {q}, {d}, {r}) changed d");
    assert!(r2 > 0, "new({p}, {q}, {d}, {r}): r = {r2} ≤ 0");
    let g = gcd(
        gcd(p2.unsigned_abs() as u128, q2.unsigned_abs() as u128),
        r2 as u128,
    );
    assert_eq!(
        g,
        1,
        "new({p}, {q}, {d}, {r}) = {:?} is not reduced",
        alpha.parts()
    );
    // (p2 + q2√d)/r2 = (p + q√d)/r ⟺ p2·r = p·r2 and q2·r = q·r2 (√d is irrational).
    let (pw, qw, rw) = (p as i128, q as i128, r as i128);
    assert!(
        p2 as i128 * rw == pw * r2 as i128 && q2 as i128 * rw == qw * r2 as i128,
        "new({p}, {q}, {d}, {r}) = {:?} is another number",
        alpha.parts()
    );
    check_floor_mul(&alpha, n);
    let greater = check_greater_than_one(&alpha);
    check_complement(&alpha, greater);
    check_beatty(&alpha, greater);
}

/// Whether t ≤ s·√m for an integer t, a sign s = ±1 and m not a perfect square (or m = 0),
/// or `None` on overflow.
fn le_signed_root(t: i128, negative: bool, m: u128) -> Option<bool> {
    let t2 = t.unsigned_abs().checked_mul(t.unsigned_abs())?;
    Some(if !negative {
        t <= 0 || t2 <= m // √m ≥ 0
    } else {
        t <= 0 && t2 >= m // −√m ≤ 0
    })
}

fn check_floor_mul(alpha: &QuadraticIrrational, n: u64) {
    let (p, q, d, r) = alpha.parts();
    // Then n²q²d ≤ 2¹¹², n·p ≤ 2⁴⁸: nothing can overflow.
    let small = n <= 1 << 32 && is_small(alpha);
    let Some(f) = alpha.floor_mul(n) else {
        assert!(
            !small,
            "floor_mul({n}) = None for small parameters {:?}",
            alpha.parts()
        );
        return;
    };
    // n·α = (n·p + n·q·√d)/r. f ≤ nα ⟺ f·r − n·p ≤ n·q·√d; nα < f + 1 ⟺ n·q·√d < (f + 1)·r − n·p.
    let (n, p, q, r) = (n as i128, p as i128, q as i128, r as i128);
    let Some(np) = n.checked_mul(p) else { return };
    let nq = n.checked_mul(q);
    let Some(m) = nq
        .and_then(|nq| nq.unsigned_abs().checked_mul(nq.unsigned_abs()))
        .and_then(|x| x.checked_mul(d as u128))
    else {
        return;
    };
    let negative = q < 0;
    let lower = f.checked_mul(r).and_then(|fr| fr.checked_sub(np));
    let upper = f
        .checked_add(1)
        .and_then(|f1| f1.checked_mul(r))
        .and_then(|v| v.checked_sub(np));
    if let Some(t) = lower
        && let Some(ok) = le_signed_root(t, negative, m)
    {
        assert!(ok, "floor_mul({n}) = {f} > n·α for {:?}", alpha.parts());
    }
    if let Some(t) = upper
        && let Some(le) = le_signed_root(t, negative, m)
    {
        // t ≤ n·q·√d would mean f + 1 ≤ n·α (equality needs n·q·√d rational: n = 0, t = r > 0).
        assert!(!le, "floor_mul({n}) = {f} < ⌊n·α⌋ for {:?}", alpha.parts());
    }
}

/// Checks `is_greater_than_one` and returns it.
fn check_greater_than_one(alpha: &QuadraticIrrational) -> bool {
    let greater = alpha.is_greater_than_one();
    let (_, q, _, _) = alpha.parts();
    let expected = match alpha.floor_mul(1) {
        // α is irrational, so α > 1 ⟺ ⌊α⌋ ≥ 1.
        Some(f) => f >= 1,
        // floor_mul(1) fails only when q²d ≥ 2¹²⁸: then |q|√d ≥ 2⁶⁴ > |p − r|.
        None => q > 0,
    };
    assert_eq!(
        greater,
        expected,
        "is_greater_than_one() for {:?}",
        alpha.parts()
    );
    greater
}

/// x·y + z·w in `i128`, or `None` on overflow.
fn dot(x: i128, y: i128, z: i128, w: i128) -> Option<i128> {
    x.checked_mul(y)?.checked_add(z.checked_mul(w)?)
}

fn check_complement(alpha: &QuadraticIrrational, greater: bool) {
    let parts = alpha.parts();
    let (p, q, d, r) = (
        parts.0 as i128,
        parts.1 as i128,
        parts.2 as i128,
        parts.3 as i128,
    );
    let beta = match alpha.complement() {
        Ok(beta) => beta,
        Err(QuadraticError::NotGreaterThanOne) => {
            assert!(!greater, "complement() of {parts:?} > 1 says α ≤ 1");
            return;
        }
        Err(QuadraticError::Overflow) => {
            assert!(greater, "complement() of {parts:?} ≤ 1 = Overflow");
            assert!(
                !is_small(alpha),
                "complement() = Overflow for small parameters {parts:?}"
            );
            // β = (p(p − r) − q²d − qr√d)/((p − r)² − q²d): when these fit in i64 unreduced,
            // the reduced β fits too.
            let u = p - r;
            let fits = q
                .checked_mul(q)
                .and_then(|qq| qq.checked_mul(d))
                .and_then(|q2d| {
                    let num_p = p.checked_mul(u)?.checked_sub(q2d)?;
                    let den = u.checked_mul(u)?.checked_sub(q2d)?;
                    Some([num_p, q * r, den])
                })
                .is_some_and(|v| v.iter().all(|x| x.unsigned_abs() <= i64::MAX as u128));
            assert!(
                !fits,
                "complement() = Overflow for {parts:?}, whose β fits in i64"
            );
            return;
        }
        Err(e) => panic!("complement() of {parts:?} = {e:?}"),
    };
    assert!(greater, "complement() of {parts:?} ≤ 1 succeeded");
    let (bp, bq, bd, br) = beta.parts();
    assert_eq!(
        bd as i128,
        d,
        "complement() of {parts:?} = {:?}: another radicand",
        beta.parts()
    );
    assert!(
        beta.is_greater_than_one(),
        "complement() of {parts:?} = {:?} ≤ 1",
        beta.parts()
    );
    // β(α − 1) = α ⟺ (bp + bq√d)(p − r + q√d) = br(p + q√d): compare both parts.
    let (bp, bq, br) = (bp as i128, bq as i128, br as i128);
    let both = || {
        let rational = dot(bp, p - r, bq, q.checked_mul(d)?)?;
        Some((
            rational,
            dot(bp, q, bq, p - r)?,
            br.checked_mul(p)?,
            br.checked_mul(q)?,
        ))
    };
    if let Some((rational, surd, rp, rq)) = both() {
        assert!(
            rational == rp && surd == rq,
            "complement() of {parts:?} = {:?}: β(α − 1) ≠ α",
            beta.parts()
        );
    }
    if let Ok(back) = beta.complement() {
        assert_eq!(back, *alpha, "the complement of complement() of {parts:?}");
    }
    check_partition(alpha, &beta);
}

/// Beatty's theorem: ⌊nα⌋ and ⌊nβ⌋ (n ≥ 1) cover 1..=PARTITION, each value once.
fn check_partition(alpha: &QuadraticIrrational, beta: &QuadraticIrrational) {
    let mut seen = [0u8; PARTITION as usize + 1];
    for x in [alpha, beta] {
        for n in 1.. {
            let Some(v) = x.floor_mul(n) else { return };
            if v > PARTITION as i128 {
                break;
            }
            assert!(v >= 1, "⌊{n}·α⌋ = {v} for α = {:?} > 1", x.parts());
            seen[v as usize] += 1;
        }
    }
    if let Some(v) = (1..=PARTITION as usize).find(|&v| seen[v] != 1) {
        panic!(
            "{v} is in {} of the Beatty sequences of {:?} and its complement {:?}",
            seen[v],
            alpha.parts(),
            beta.parts()
        );
    }
}

fn check_beatty(alpha: &QuadraticIrrational, greater: bool) {
    let parts = alpha.parts();
    let mut it = match alpha.beatty() {
        Ok(it) => it,
        Err(QuadraticError::NotGreaterThanOne) => {
            assert!(!greater, "beatty() of {parts:?} > 1 says α ≤ 1");
            return;
        }
        Err(e) => panic!("beatty() of {parts:?} = {e:?}"),
    };
    assert!(greater, "beatty() of {parts:?} ≤ 1 succeeded");
    let mut ended = false;
    for n in 1..=16u64 {
        let expected = if ended {
            None
        } else {
            alpha.floor_mul(n).and_then(|v| u64::try_from(v).ok())
        };
        ended = expected.is_none();
        assert_eq!(it.next(), expected, "beatty() of {parts:?}, term {n}");
    }
}
