//! The classic golden-ratio game problems of online judges (Wythoff's, Bash's
//! and Euclid's games and Fibonacci nim, in several formats; [`Problem`] lists
//! them with their judge ids, and each has its module in [`problem`]),
//! answered exactly: what a problem is and how its answers are computed,
//! checked, generated, explained and refereed. Pure and portable: no process
//! is run and no file is touched; running submissions is `beatty-judge`'s.
//!
//! Online judges accept float solutions of these problems that print wrong answers
//! on legal inputs. This crate is the other side of the table:
//!
//! * [`solve()`] — the exact reference solver, streaming and tolerant of layout;
//! * [`validate()`] — a strict validator in the testlib tradition;
//! * [`check()`] — a checker with the verdicts of testlib's `ncmp`/`wcmp`;
//! * [`problem`] — one module per problem, the description every driver reads;
//! * [`generate`] — reproducible test generators, including *hack* cases on which the
//!   float formulas of `beatty-float` answer wrongly;
//! * [`explain`] — one position explained for a person;
//! * [`interact`] — the referee of the interactive game problems: the contestant
//!   plays against a perfect opponent, move by move, as a pure state machine.
//!
//! ```
//! use beatty_problems::{solve, validate, Problem};
//! let input = b"2 1\n8 4\n4 7\n";
//! assert!(validate(Problem::Wythoff, input).is_ok());
//! let mut out = Vec::new();
//! solve(Problem::Wythoff, &input[..], &mut out).unwrap();
//! assert_eq!(out, b"0\n1\n0\n");
//! ```

#![forbid(unsafe_code)]

pub mod check;
mod compare;
pub mod explain;
pub mod generate;
pub mod hack;
pub mod interact;
pub mod problem;
mod rng;
pub mod solve;
#[cfg(test)]
mod testing;
pub mod text;
pub mod validate;
pub mod verdict;
mod window;

pub use check::{CheckResult, check};
pub use problem::{Problem, UnknownProblem};
pub use solve::{InputError, SolveError, SolveSummary, solve};
pub use validate::{ValidSummary, ValidationError, validate};
pub use verdict::Verdict;

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
