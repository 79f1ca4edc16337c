//! Judging solutions of the classic golden-ratio game problems: running
//! submissions on test sets in a sandbox and giving verdicts, the languages
//! they are written in, test sets on disk, the matrix of a package's
//! invocations, and problem packages. What a problem is and how its answers
//! are computed and checked is the pure crate `beatty-problems`, which this
//! one runs programs against.
//!
//! * [`run`](mod@run) — a local judge: runs a submission on a test set with time and
//!   output limits and gives a verdict (Linux only, like the [`sandbox`] it runs in);
//! * [`judging`] — `judge run`'s whole work as one call: test set, compile,
//!   runs, verdict, with progress through a callback (Linux only);
//! * [`invoke`](mod@invoke) — every package submission of a problem judged on the test set
//!   of every seed (the matrix of invocations; Linux only);
//! * [`lang`] — the language table: how a source file is compiled and run;
//! * [`testset`] — a complete test set on disk;
//! * [`package`] — Kattis problem packages (DOMjudge zip too).
//!
//! ```
//! use beatty_judge::testset::write_testset;
//! use beatty_problems::Problem;
//! let dir = tempfile::tempdir().unwrap();
//! let names = write_testset(Problem::Bash, &dir.path().join("tests"), 1).unwrap();
//! assert_eq!(names[0], "01-sample");
//! assert!(dir.path().join("tests/01-sample.ans").is_file());
//! ```

#![forbid(unsafe_code)]

#[cfg(target_os = "linux")]
pub mod hack;
#[cfg(target_os = "linux")]
pub mod hack_play;
#[cfg(target_os = "linux")]
pub mod invoke;
#[cfg(target_os = "linux")]
pub mod judging;
pub mod lang;
pub mod package;
#[cfg(target_os = "linux")]
pub mod run;
#[cfg(target_os = "linux")]
pub use beatty_sandbox as sandbox;
pub mod testset;

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
