//! What the workspace's tests share: the line between the quick loop and the
//! full matrix.
//!
//! `cargo test --workspace` is the quick loop a person runs after each change;
//! `BEATTY_SLOW_TESTS=1 cargo test --workspace` is the full matrix that
//! `.ci/run` runs (docs/ci.md). A test is slow when it runs a matrix of which
//! the quick loop keeps one case, or takes seconds of its own; it starts with
//! `if beatty_testing::skip_slow() { return; }`, as rust-analyzer's tests call
//! `test_utils::skip_slow_tests()`. A randomised test that is useful at any
//! size plays [`rounds`]`(quick, full)` rounds instead: fewer in the quick
//! loop, all of them in the full matrix (QuickCheck's `QUICKCHECK_TESTS` and
//! proptest's `PROPTEST_CASES` do the same from the environment).
//!
//! A development dependency of the workspace's crates only (`publish = false`;
//! cargo drops a path-only development dependency from a published manifest).
//!
//! ```
//! // In a test of the full matrix's rounds:
//! let rounds = beatty_testing::rounds(100, 1500);
//! assert!(rounds == 100 || rounds == 1500);
//! assert_eq!(rounds == 1500, beatty_testing::slow_tests());
//! ```

/// The environment variable that turns the slow tests on (any value).
pub const SLOW_TESTS: &str = "BEATTY_SLOW_TESTS";

/// Whether the slow tests run: [`SLOW_TESTS`] is set, as `.ci/run` sets it.
#[must_use]
pub fn slow_tests() -> bool {
    std::env::var_os(SLOW_TESTS).is_some()
}

/// Whether to skip a slow test: true (saying so on stderr, with the test's
/// name) unless [`SLOW_TESTS`] is set.
///
/// ```no_run
/// #[test]
/// fn every_language_as_root_and_as_nobody() {
///     if beatty_testing::skip_slow() {
///         return;
///     }
///     // the matrix
/// }
/// ```
#[must_use]
pub fn skip_slow() -> bool {
    let skip = !slow_tests();
    if skip {
        let name = std::thread::current().name().unwrap_or("?").to_owned();
        eprintln!("{name}: skipped, slow ({SLOW_TESTS}=1 runs it)");
    }
    skip
}

/// How many rounds a randomised test plays: `quick` in the quick loop,
/// `full` when the slow tests run (`full` should be the larger).
#[must_use]
pub fn rounds(quick: usize, full: usize) -> usize {
    if slow_tests() { full } else { quick }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The variable is read afresh on each call: setting it for this process
    // would race with the other tests, so the test reads it as the functions
    // do and compares.
    #[test]
    fn rounds_and_skip_follow_the_variable() {
        let set = std::env::var_os("BEATTY_SLOW_TESTS").is_some();
        assert_eq!(slow_tests(), set);
        assert_eq!(skip_slow(), !set);
        assert_eq!(rounds(3, 7), if set { 7 } else { 3 });
    }
}
