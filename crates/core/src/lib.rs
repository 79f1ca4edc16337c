//! Exact integer Beatty sequences of the golden ratio — no floating point.
//!
//! The losing positions of Wythoff's game are the pairs
//! (⌊kφ⌋, ⌊kφ⌋ + k), where φ = (1 + √5)/2. Almost every published
//! solution computes ⌊kφ⌋ with doubles, and that is wrong on legal inputs: at
//! k = 102334155 the double product rounds up past the true floor
//! 165580140. This crate computes the same numbers with integers only, so
//! every answer is exact for every input of its type — and faster than the
//! floating-point formula.
//!
//! ```
//! use beatty_core::golden;
//!
//! // The k = F(40) Wythoff pair, misjudged by double-precision solutions.
//! assert_eq!(golden::pair(102_334_155), Some((165_580_140, 267_914_295)));
//! assert!(golden::is_p_position(267_914_295, 165_580_140));
//! ```
//!
//! # The ideas
//!
//! **An exact test.** For integers c ≥ 0 and n > 0,
//! c ≤ n/φ ⟺ c·φ ≤ n ⟺ c·(c + n) ≤ n² (square c·√5 ≤ 2n − c), and
//! equality never holds because φ is irrational. One multiplication in
//! `u128` decides any comparison with φ; [`golden::cmp_ratio`] and every
//! boundary case rest on it.
//!
//! **A fixed-point fast path.** With M = ⌊2⁶⁴/φ⌋, the high word of n·M is
//! ⌊n/φ⌋ unless the low word is within n of a carry — a window of
//! probability n/2⁶⁴, where the exact test decides. So ⌊kφ⌋ = k + ⌊k/φ⌋
//! costs one 64×64→128 multiplication ([`golden::lower`]).
//!
//! **The Zeckendorf shift.** Write n as a sum of non-consecutive Fibonacci
//! numbers; moving every index up by one and subtracting 1 when the smallest
//! index is even gives ⌊nφ⌋ with additions only ([`zeckendorf::lower`]). It
//! shares nothing with the fast path, and the tests play them (and the
//! formula (k + ⌊√(5k²)⌋)/2, [`reference::lower_by_isqrt`]) against each other.
//!
//! **The Fibonacci word.** a_{k+1} − a_k is 2 when k is a lower Wythoff
//! number and 1 otherwise, and that bit is the parity of the smallest
//! Zeckendorf index of k. [`golden::pairs`] reads those bits 64 at a time
//! from a small table (the Fibonacci word is self-similar: the bits for
//! k = H + L repeat those for L) and walks the pairs with two additions per
//! step, no multiplication.
//!
//! # Modules
//!
//! * [`golden`] — ⌊kφ⌋, ⌊kφ²⌋, ⌊n/φ⌋, Wythoff pairs and their iterator,
//!   classification of an integer as a lower or upper Wythoff number, exact
//!   comparison of a/b with φ.
//! * [`zeckendorf`] — Fibonacci numbers, Zeckendorf representations and
//!   ⌊nφ⌋ by the shift identity: a second, independent exact implementation.
//! * [`isqrt`] — exact integer square roots of `u64` and `u128`.
//! * [`quadratic`] — Beatty sequences ⌊nα⌋ for any quadratic irrational
//!   α = (p + q√d)/r, and the complementary sequence.
//!
//! `no_std`, `forbid(unsafe_code)`, no dependencies, and no floating point
//! anywhere in the source.
// Every public function is total (an answer, or None or an error, for
// every value of its arguments): a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]
#![no_std]
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]

pub mod golden;
pub mod isqrt;
pub mod quadratic;
pub mod reference;
pub mod zeckendorf;

pub use isqrt::{isqrt_u64, isqrt_u128};

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
