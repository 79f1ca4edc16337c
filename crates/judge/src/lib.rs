//! The `judge` tool as a library: problem formats, streaming parsers with
//! positions, the exact reference solver, validator, checker, generator and runner.
//!
//! (Skeleton; see issue #4.)
#![warn(missing_docs)]

/// The problems the judge knows, with their aliases.
///
/// ```
/// assert!(beatty_judge::PROBLEMS.iter().any(|p| p.0 == "wythoff"));
/// ```
pub const PROBLEMS: &[(&str, &[&str])] = &[
    ("wythoff", &["poj1067", "hdu1527", "openjudge01067"]),
    ("wythoff-moves", &["hdu2177"]),
    ("bash", &["hdu1846"]),
    ("bash-auction", &["hdu2149"]),
    ("euclid", &["hdu1525", "poj2348"]),
];
