//! Beatty sequences of quadratic irrationals α = (p + q·√d)/r, exactly.
//!
//! # The idea
//!
//! For n ≥ 0 write n·α = (n·p + n·q·√d)/r with r > 0. The surd n·q·√d is
//! irrational, so with s = ⌊√(n²q²d)⌋ its floor is `s` when n·q > 0 and
//! `−s − 1` when n·q < 0; and ⌊(m + x)/r⌋ = ⌊m/r⌋ for an integer m and
//! 0 ≤ x < 1. Hence
//!
//! ```text
//! ⌊n·α⌋ = ⌊(n·p + ⌊n·q·√d⌋) / r⌋
//! ```
//!
//! with one integer square root and no rounding anywhere. When α > 1 the
//! complementary ratio β = α/(α − 1) is again of this form, and by Beatty's
//! theorem the sequences ⌊nα⌋ and ⌊nβ⌋ (n ≥ 1) partition the positive integers.
//!
//! ```
//! use beatty_core::quadratic::QuadraticIrrational;
//!
//! let phi = QuadraticIrrational::phi();
//! assert_eq!(phi.floor_mul(102_334_155), Some(165_580_140));
//! let beta = phi.complement().unwrap(); // φ/(φ − 1) = φ²
//! assert_eq!(beta, QuadraticIrrational::phi_squared());
//! ```

use crate::isqrt::{isqrt_u64, isqrt_u128};
use core::fmt;

/// Why a [`QuadraticIrrational`] could not be built.
///
/// ```
/// use beatty_core::quadratic::{QuadraticError, QuadraticIrrational};
/// assert_eq!(QuadraticIrrational::new(1, 1, 4, 2), Err(QuadraticError::PerfectSquare));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QuadraticError {
    /// `d` is 0 or a perfect square, so α would be rational.
    PerfectSquare,
    /// `r` is 0.
    ZeroDenominator,
    /// `q` is 0, so α would be rational.
    ZeroSurdCoefficient,
    /// A Beatty pair needs α > 1, and α ≤ 1.
    NotGreaterThanOne,
    /// The reduced parameters do not fit in `i64`.
    Overflow,
}

impl fmt::Display for QuadraticError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QuadraticError::PerfectSquare => {
                "d is 0 or a perfect square: (p + q√d)/r would be rational"
            }
            QuadraticError::ZeroDenominator => "r is 0",
            QuadraticError::ZeroSurdCoefficient => "q is 0: (p + q√d)/r would be rational",
            QuadraticError::NotGreaterThanOne => "a Beatty pair needs α > 1",
            QuadraticError::Overflow => "the parameters do not fit in i64",
        })
    }
}

impl core::error::Error for QuadraticError {}

/// An irrational number α = (p + q·√d)/r, kept reduced with r > 0.
///
/// ```
/// use beatty_core::quadratic::QuadraticIrrational;
/// let sqrt2 = QuadraticIrrational::new(0, 1, 2, 1).unwrap();
/// assert_eq!(sqrt2.floor_mul(1_000_000), Some(1_414_213));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuadraticIrrational {
    p: i64,
    q: i64,
    d: u64,
    r: i64,
}

const fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// The sign of u + q·√d (|u| < 2^64, q ≠ 0, d not a square): `true` when positive.
const fn surd_sum_positive(u: i128, q: i128, d: u64) -> bool {
    // |u| < 2^64, so u² < 2^128 fits; q²·d may not, and then it exceeds u².
    let u2 = u.unsigned_abs() * u.unsigned_abs();
    // |u| < |q|√d ⟺ u² < q²d (never equal: √d is irrational).
    let surd_dominates = match q.unsigned_abs().checked_mul(q.unsigned_abs()) {
        Some(q2) => match q2.checked_mul(d as u128) {
            Some(q2d) => u2 < q2d,
            None => true,
        },
        None => true,
    };
    if q > 0 {
        u >= 0 || surd_dominates
    } else {
        u > 0 && !surd_dominates
    }
}

/// x/g, negated when `negate`, as an `i64` if it fits (g divides x, g ≥ 1).
///
/// Works on magnitudes, so x = `i128::MIN` is no special case.
const fn scale(x: i128, g: u128, negate: bool) -> Option<i64> {
    let m = x.unsigned_abs() / g;
    if (x < 0) != negate {
        // −m fits when m ≤ 2^63.
        if m <= 1 << 63 {
            Some((0 - m as i128) as i64)
        } else {
            None
        }
    } else if m <= i64::MAX as u128 {
        Some(m as i64)
    } else {
        None
    }
}

impl QuadraticIrrational {
    /// Builds (p + q·√d)/r, reduced, with r made positive.
    ///
    /// # Errors
    ///
    /// [`QuadraticError`] when `r = 0`, `q = 0`, `d` is zero or a perfect
    /// square, or the reduced parameters do not fit in `i64`.
    ///
    /// ```
    /// use beatty_core::quadratic::{QuadraticError, QuadraticIrrational};
    /// assert_eq!(
    ///     QuadraticIrrational::new(-2, -2, 5, -4),
    ///     QuadraticIrrational::new(1, 1, 5, 2)
    /// );
    /// assert_eq!(QuadraticIrrational::new(1, 0, 5, 2), Err(QuadraticError::ZeroSurdCoefficient));
    /// assert_eq!(QuadraticIrrational::new(1, 1, 5, 0), Err(QuadraticError::ZeroDenominator));
    /// ```
    pub const fn new(p: i64, q: i64, d: u64, r: i64) -> Result<Self, QuadraticError> {
        if r == 0 {
            return Err(QuadraticError::ZeroDenominator);
        }
        if q == 0 {
            return Err(QuadraticError::ZeroSurdCoefficient);
        }
        let s = isqrt_u64(d);
        if s * s == d {
            return Err(QuadraticError::PerfectSquare);
        }
        Self::reduce(p as i128, q as i128, d, r as i128)
    }

    /// (p + q√d)/r divided by gcd(p, q, r), with r made positive. `q, r ≠ 0`.
    const fn reduce(p: i128, q: i128, d: u64, r: i128) -> Result<Self, QuadraticError> {
        // g ≥ 1 because r ≠ 0.
        let g = gcd(gcd(p.unsigned_abs(), q.unsigned_abs()), r.unsigned_abs());
        let negate = r < 0;
        match (
            scale(p, g, negate),
            scale(q, g, negate),
            scale(r, g, negate),
        ) {
            (Some(p), Some(q), Some(r)) => Ok(QuadraticIrrational { p, q, d, r }),
            _ => Err(QuadraticError::Overflow),
        }
    }

    /// φ = (1 + √5)/2.
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// assert_eq!(QuadraticIrrational::phi().parts(), (1, 1, 5, 2));
    /// ```
    #[must_use]
    pub const fn phi() -> Self {
        QuadraticIrrational {
            p: 1,
            q: 1,
            d: 5,
            r: 2,
        }
    }

    /// φ² = (3 + √5)/2.
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// assert_eq!(QuadraticIrrational::phi_squared().floor_mul(3), Some(7));
    /// ```
    #[must_use]
    pub const fn phi_squared() -> Self {
        QuadraticIrrational {
            p: 3,
            q: 1,
            d: 5,
            r: 2,
        }
    }

    /// √2.
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// assert_eq!(QuadraticIrrational::sqrt2().floor_mul(10), Some(14));
    /// ```
    #[must_use]
    pub const fn sqrt2() -> Self {
        QuadraticIrrational {
            p: 0,
            q: 1,
            d: 2,
            r: 1,
        }
    }

    /// The ratio α_a = (2 − a + √(a² + 4))/2 of Fraenkel's generalised Wythoff
    /// game with parameter `a ≥ 1` (a = 1 gives φ). Its P-positions are
    /// (⌊nα_a⌋, ⌊nα_a⌋ + a·n).
    ///
    /// # Errors
    ///
    /// [`QuadraticError::NotGreaterThanOne`] for `a = 0` and
    /// [`QuadraticError::Overflow`] when `a² + 4` does not fit in `u64`.
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// assert_eq!(QuadraticIrrational::generalized_wythoff(1), Ok(QuadraticIrrational::phi()));
    /// // a = 2: α = √8/2 = √2, P-positions (⌊n√2⌋, ⌊n√2⌋ + 2n).
    /// let a2 = QuadraticIrrational::generalized_wythoff(2).unwrap();
    /// assert_eq!(a2.parts(), (0, 1, 8, 2));
    /// assert_eq!(a2.floor_mul(10), Some(14));
    /// ```
    pub const fn generalized_wythoff(a: u64) -> Result<Self, QuadraticError> {
        if a == 0 {
            return Err(QuadraticError::NotGreaterThanOne);
        }
        if a > i64::MAX as u64 {
            return Err(QuadraticError::Overflow);
        }
        let d = match a.checked_mul(a) {
            Some(x) => match x.checked_add(4) {
                Some(d) => d,
                None => return Err(QuadraticError::Overflow),
            },
            None => return Err(QuadraticError::Overflow),
        };
        Self::new(2 - a as i64, 1, d, 2)
    }

    /// The reduced parameters `(p, q, d, r)` with α = (p + q√d)/r and r > 0.
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// let a = QuadraticIrrational::new(2, 2, 5, 4).unwrap();
    /// assert_eq!(a.parts(), (1, 1, 5, 2));
    /// ```
    #[must_use]
    pub const fn parts(&self) -> (i64, i64, u64, i64) {
        (self.p, self.q, self.d, self.r)
    }

    /// Whether α > 1, decided exactly.
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// assert!(QuadraticIrrational::phi().is_greater_than_one());
    /// let inv_phi = QuadraticIrrational::new(-1, 1, 5, 2).unwrap(); // φ − 1 ≈ 0.618
    /// assert!(!inv_phi.is_greater_than_one());
    /// ```
    #[must_use]
    pub const fn is_greater_than_one(&self) -> bool {
        // α > 1 ⟺ (p − r) + q√d > 0 since r > 0.
        surd_sum_positive(self.p as i128 - self.r as i128, self.q as i128, self.d)
    }

    /// ⌊n·α⌋ exactly, or `None` when an intermediate value would overflow
    /// (n²q²d must fit in `u128`).
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// let phi = QuadraticIrrational::phi();
    /// assert_eq!(phi.floor_mul(0), Some(0));
    /// assert_eq!(phi.floor_mul(4), Some(6));
    /// let neg = QuadraticIrrational::new(0, -1, 2, 1).unwrap(); // −√2
    /// assert_eq!(neg.floor_mul(1), Some(-2));
    /// assert_eq!(phi.floor_mul(u64::MAX), None);
    /// ```
    #[must_use]
    pub const fn floor_mul(&self, n: u64) -> Option<i128> {
        let nq = n as i128 * self.q as i128; // |n·q| < 2^127
        let abs = nq.unsigned_abs();
        let sq = match abs.checked_mul(abs) {
            Some(x) => x,
            None => return None,
        };
        let rad = match sq.checked_mul(self.d as u128) {
            Some(x) => x,
            None => return None,
        };
        let s = isqrt_u128(rad) as i128; // ≤ 2^64
        let surd_floor = if nq > 0 {
            s
        } else if nq < 0 {
            -s - 1
        } else {
            0
        };
        let np = n as i128 * self.p as i128;
        match np.checked_add(surd_floor) {
            Some(m) => Some(m.div_euclid(self.r as i128)),
            None => None,
        }
    }

    /// The complementary Beatty ratio β = α/(α − 1), so that 1/α + 1/β = 1.
    ///
    /// # Errors
    ///
    /// [`QuadraticError::NotGreaterThanOne`] when α ≤ 1, and
    /// [`QuadraticError::Overflow`] when the result does not fit.
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// let sqrt2 = QuadraticIrrational::sqrt2();
    /// assert_eq!(sqrt2.complement(), QuadraticIrrational::new(2, 1, 2, 1)); // 2 + √2
    /// ```
    pub const fn complement(&self) -> Result<Self, QuadraticError> {
        if !self.is_greater_than_one() {
            return Err(QuadraticError::NotGreaterThanOne);
        }
        let (p, q, d, r) = (
            self.p as i128,
            self.q as i128,
            self.d as i128,
            self.r as i128,
        );
        // β = (p + q√d)/(p − r + q√d); multiply by the conjugate (p − r − q√d).
        let u = p - r;
        let qq = match q.checked_mul(q) {
            Some(x) => x,
            None => return Err(QuadraticError::Overflow),
        };
        let q2d = match qq.checked_mul(d) {
            Some(x) => x,
            None => return Err(QuadraticError::Overflow),
        };
        let num_p = match p.checked_mul(u) {
            Some(x) => match x.checked_sub(q2d) {
                Some(y) => y,
                None => return Err(QuadraticError::Overflow),
            },
            None => return Err(QuadraticError::Overflow),
        };
        let num_q = match q.checked_mul(r) {
            Some(x) => -x,
            None => return Err(QuadraticError::Overflow),
        };
        let den = match u.checked_mul(u) {
            Some(x) => match x.checked_sub(q2d) {
                Some(y) => y,
                None => return Err(QuadraticError::Overflow),
            },
            None => return Err(QuadraticError::Overflow),
        };
        Self::reduce(num_p, num_q, self.d, den)
    }

    /// The Beatty sequence ⌊nα⌋ for n = 1, 2, …, ending at the first value
    /// that does not fit in `u64` (or overflows the computation).
    ///
    /// # Errors
    ///
    /// [`QuadraticError::NotGreaterThanOne`] when α ≤ 1 (the sequence would
    /// not be a Beatty sequence).
    ///
    /// ```
    /// use beatty_core::quadratic::QuadraticIrrational;
    /// let v: Vec<u64> = QuadraticIrrational::sqrt2().beatty().unwrap().take(5).collect();
    /// assert_eq!(v, [1, 2, 4, 5, 7]);
    /// ```
    pub const fn beatty(&self) -> Result<BeattyIter, QuadraticError> {
        if !self.is_greater_than_one() {
            return Err(QuadraticError::NotGreaterThanOne);
        }
        Ok(BeattyIter {
            alpha: *self,
            n: 1,
            done: false,
        })
    }
}

/// Iterator over ⌊nα⌋, n = 1, 2, …; see [`QuadraticIrrational::beatty`].
///
/// ```
/// use beatty_core::quadratic::QuadraticIrrational;
/// let mut it = QuadraticIrrational::phi().beatty().unwrap();
/// assert_eq!(it.next(), Some(1));
/// assert_eq!(it.next(), Some(3));
/// ```
#[derive(Clone, Debug)]
pub struct BeattyIter {
    alpha: QuadraticIrrational,
    n: u64,
    done: bool,
}

impl Iterator for BeattyIter {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.done {
            return None;
        }
        let v = self
            .alpha
            .floor_mul(self.n)
            .and_then(|v| u64::try_from(v).ok());
        match (v, self.n.checked_add(1)) {
            (Some(v), Some(n)) => {
                self.n = n;
                Some(v)
            }
            (Some(v), None) => {
                self.done = true;
                Some(v)
            }
            (None, _) => {
                self.done = true;
                None
            }
        }
    }
}

impl core::iter::FusedIterator for BeattyIter {}
