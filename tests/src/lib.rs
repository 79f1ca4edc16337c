//! Cross-crate and end-to-end tests of the beatty workspace live in `tests/tests/`;
//! test data lives in `tests/data/`.

/// The Rust examples of the workspace README, run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
