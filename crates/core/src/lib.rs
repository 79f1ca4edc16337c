//! Exact integer Beatty sequences of the golden ratio — no floating point.
//!
//! The losing positions of Wythoff's game are the pairs
//! (⌊kφ⌋, ⌊kφ⌋ + k), where φ = (1 + √5)/2. Almost every published
//! solution computes ⌊kφ⌋ with doubles, and that is wrong on legal inputs: at
//! k = 102334155 the double product rounds up past the true floor
//! 165580140. This crate computes the same numbers with integers only, so
//! every answer is exact for every input of its type.
//!
//! * [`golden`] — ⌊kφ⌋, ⌊kφ²⌋, ⌊n/φ⌋, Wythoff pairs, classification of an
//!   integer as a lower or upper Wythoff number, exact comparison of a/b
//!   with φ.
//! * [`isqrt`] — exact integer square roots of `u64` and `u128`.
//! * [`zeckendorf`] — Fibonacci numbers, Zeckendorf representations and
//!   ⌊nφ⌋ by the shift identity: a second, independent exact implementation.
//! * [`quadratic`] — Beatty sequences ⌊nα⌋ for any quadratic irrational
//!   α = (p + q√d)/r, and the complementary sequence.
//!
//! ```
//! use beatty_core::golden;
//!
//! // The k = F(40) Wythoff pair, misjudged by double-precision solutions.
//! assert_eq!(golden::pair(102_334_155), Some((165_580_140, 267_914_295)));
//! assert!(golden::is_p_position(267_914_295, 165_580_140));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod golden;
pub mod isqrt;
pub mod quadratic;
pub mod zeckendorf;

pub use isqrt::{isqrt_u64, isqrt_u128};
