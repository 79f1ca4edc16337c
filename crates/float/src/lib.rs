//! The floating-point golden-ratio formulas, exactly as classic solutions write them.
//!
//! **Deliberately inexact.** Nothing in this workspace uses these functions to
//! compute an answer: they exist to be tested against the exact integer
//! versions in [`beatty_core`], to build counterexamples (test data that breaks
//! float solutions), and to map every input where they go wrong.
//!
//! The classic Wythoff solution reads
//! `(int)(k * (1 + sqrt(5)) / 2)`, and at k = 102334155 it returns
//! 165580141 where ⌊kφ⌋ = 165580140:
//!
//! ```
//! use beatty_float::lower_f64;
//! assert_eq!(lower_f64(102_334_155), 165_580_141); // wrong: the exact value is 165580140
//! assert_eq!(beatty_core::golden::lower(102_334_155), Some(165_580_140));
//! ```
// Every public function is total (an answer, or None or an error, for
// every value of its arguments): a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]

/// φ as the classic solutions compute it: `(1.0 + 5f64.sqrt()) / 2.0`.
///
/// ```
/// assert!((beatty_float::phi_f64() - 1.618_033_988_749_895).abs() < 1e-15);
/// ```
#[must_use]
pub fn phi_f64() -> f64 {
    (1.0 + 5f64.sqrt()) / 2.0
}

/// `(k as f64 * ((1.0 + 5f64.sqrt()) / 2.0)) as u64` — the classic ⌊kφ⌋ in doubles.
///
/// ```
/// assert_eq!(beatty_float::lower_f64(10), 16);
/// ```
#[must_use]
pub fn lower_f64(k: u64) -> u64 {
    (k as f64 * phi_f64()) as u64
}

/// The same formula in single precision: `(k as f32 * ((1.0 + 5f32.sqrt()) / 2.0)) as u64`.
///
/// ```
/// assert_eq!(beatty_float::lower_f32(10), 16);
/// ```
#[must_use]
pub fn lower_f32(k: u64) -> u64 {
    (k as f32 * ((1.0 + 5f32.sqrt()) / 2.0)) as u64
}

/// The classic Wythoff test: with a ≤ b and k = b − a, the position is losing iff
/// `a == lower_f64(k)`.
///
/// ```
/// assert!(beatty_float::is_p_position_f64(1, 2));
/// assert!(!beatty_float::is_p_position_f64(165_580_140, 267_914_295)); // wrong: it is a P-position
/// ```
#[must_use]
pub fn is_p_position_f64(a: u64, b: u64) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    lo == lower_f64(hi - lo)
}

/// How [`classify_f64`] places a number among the Wythoff numbers.
///
/// ```
/// use beatty_float::{classify_f64, FloatClass};
/// assert_eq!(classify_f64(3), FloatClass::Lower(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatClass {
    /// 0.
    Zero,
    /// The float formula says `a = ⌊kφ⌋`.
    Lower(u64),
    /// Not found as a lower number: the shortcut then takes it for an upper one.
    Upper,
}

/// The tutorial shortcut: j = ⌊a·(√5 − 1)/2⌋, then test a = ⌊jφ⌋ or a = ⌊(j+1)φ⌋
/// (both in doubles).
///
/// ```
/// use beatty_float::{classify_f64, FloatClass};
/// assert_eq!(classify_f64(0), FloatClass::Zero);
/// assert_eq!(classify_f64(4), FloatClass::Lower(3));
/// assert_eq!(classify_f64(5), FloatClass::Upper);
/// ```
#[must_use]
pub fn classify_f64(a: u64) -> FloatClass {
    if a == 0 {
        return FloatClass::Zero;
    }
    let j = (a as f64 * ((5f64.sqrt() - 1.0) / 2.0)) as u64;
    if lower_f64(j) == a {
        FloatClass::Lower(j)
    } else if lower_f64(j + 1) == a {
        FloatClass::Lower(j + 1)
    } else {
        FloatClass::Upper
    }
}

/// The classic Euclid's-game rule: with a, b > 0 the player to move wins iff
/// `a == b || larger as f64 / smaller as f64 > φ`.
///
/// ```
/// assert!(beatty_float::euclid_first_wins_f64(34, 12));
/// assert!(!beatty_float::euclid_first_wins_f64(15, 24));
/// ```
#[must_use]
pub fn euclid_first_wins_f64(a: u64, b: u64) -> bool {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    a == b || large as f64 / small as f64 > phi_f64()
}

pub mod solutions;

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
