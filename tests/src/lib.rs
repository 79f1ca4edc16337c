//! Cross-crate and end-to-end tests of the beatty workspace live in `tests/tests/`;
//! test data lives in `tests/data/`.
//!
//! This library holds the independent helpers those tests share, and has no
//! dependencies (the crates under test are dev-dependencies of the tests), so
//! that the fuzz workspace can use it too: nothing here calls the code under test.

/// The checked-in list of every k in 0..=10⁹ with `lower_f64(k) ≠ ⌊kφ⌋`
/// (`tests/data/hazards-lower_f64-0-1e9.txt`; its header says how it was made).
pub const LOWER_F64_HAZARDS_1E9: &str = include_str!("../data/hazards-lower_f64-0-1e9.txt");

/// The numbers of a hazard list: one k per line, `#` comment lines and blank
/// lines skipped.
///
/// # Panics
///
/// On a line that is neither a comment nor a number (the checked-in lists have none).
///
/// ```
/// assert_eq!(beatty_tests::parse_hazard_list("# k\n5\n\n 8 \n"), [5, 8]);
/// ```
#[must_use]
pub fn parse_hazard_list(text: &str) -> Vec<u64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            l.trim()
                .parse()
                .unwrap_or_else(|_| panic!("a hazard list has one k per line, not {l:?}"))
        })
        .collect()
}

/// [`LOWER_F64_HAZARDS_1E9`], parsed once, increasing.
#[must_use]
pub fn lower_f64_hazards_1e9() -> &'static [u64] {
    static LIST: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| parse_hazard_list(LOWER_F64_HAZARDS_1E9))
}

/// Wythoff's P-positions by their definition, for piles up to `n`:
/// `p[a][b]` is whether (a, b) is lost for the player to move, i.e. no move
/// (any positive amount from one pile, or the same from both) leads to a
/// P-position.
///
/// ```
/// let p = beatty_tests::wythoff_p_table(5);
/// assert!(p[0][0] && p[1][2] && p[2][1] && p[3][5]);
/// assert!(!p[1][1] && !p[2][2] && !p[4][5]);
/// ```
#[must_use]
pub fn wythoff_p_table(n: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let to_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|t| p[a - t][b - t]);
            p[a][b] = !to_p;
        }
    }
    p
}

/// The Rust examples of the workspace README, run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The Rust examples of `docs/crates.md`, run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/crates.md")]
pub struct CratesDoctests;
