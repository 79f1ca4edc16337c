//! A complete test set on disk.
//!
//! [`write_testset`] writes, for one problem and seed:
//!
//! | file | content |
//! |---|---|
//! | `01-sample` | the problem's sample |
//! | `02-edge` | the `edge` profile |
//! | `03-hack` | the `hack` profile (cases where the float formulas err) |
//! | `04-random-small` | 10 `random` cases |
//! | `05-random` | 1000 `random` cases |
//! | `06-mixed` | the `mixed` profile |
//! | `07-max` | the `max` profile, with at most 20 000 cases (fewer where [`crate::generate::default_max_cases`] says so) |
//!
//! each as `NN-name.in` and `NN-name.ans`. Every `.in` is checked with
//! [`crate::validate()`] before it is written, and every `.ans` comes from
//! [`crate::solve()`].

use crate::Problem;
use crate::generate::{Profile, generate};
use core::fmt;
use std::path::Path;

/// The sample input of a problem (from the problem statement).
///
/// ```
/// use beatty_judge::{testset::sample, Problem};
/// assert_eq!(sample(Problem::Wythoff), b"2 1\n8 4\n4 7\n");
/// ```
#[must_use]
pub fn sample(problem: Problem) -> &'static [u8] {
    problem.spec().sample
}

/// Why a test set could not be written.
///
/// ```
/// use beatty_judge::testset::TestsetError;
/// let e = TestsetError::Io(std::io::Error::other("disk full"));
/// assert!(e.to_string().contains("disk full"));
/// ```
#[derive(Debug)]
pub enum TestsetError {
    /// Writing failed.
    Io(std::io::Error),
    /// A generated input did not pass validation (a bug in the generator).
    Invalid(String),
}

impl fmt::Display for TestsetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TestsetError::Io(e) => write!(f, "i/o error: {e}"),
            TestsetError::Invalid(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for TestsetError {}

impl From<std::io::Error> for TestsetError {
    fn from(e: std::io::Error) -> Self {
        TestsetError::Io(e)
    }
}

/// Writes the test set of `problem` for `seed` into `dir` (created if needed) and
/// returns the test names in order.
///
/// ```no_run
/// use beatty_judge::{testset::write_testset, Problem};
/// let names = write_testset(Problem::Euclid, std::path::Path::new("tests-euclid"), 1).unwrap();
/// assert_eq!(names[0], "01-sample");
/// ```
pub fn write_testset(problem: Problem, dir: &Path, seed: u64) -> Result<Vec<String>, TestsetError> {
    std::fs::create_dir_all(dir)?;
    let max_cases = crate::generate::default_max_cases(problem).min(20_000);
    let random_cases = match problem.spec().framing {
        crate::problem::Framing::Counted { max, .. } => max.min(1000),
        _ => 1000,
    };
    // (name, None for the sample or Some((profile, seed, cases)))
    type Plan = Option<(Profile, u64, Option<u64>)>;
    let plan: [(&str, Plan); 7] = [
        ("01-sample", None),
        ("02-edge", Some((Profile::Edge, seed, None))),
        ("03-hack", Some((Profile::Hack, seed, None))),
        ("04-random-small", Some((Profile::Random, seed, Some(10)))),
        (
            "05-random",
            Some((Profile::Random, seed.wrapping_add(1), Some(random_cases))),
        ),
        (
            "06-mixed",
            Some((Profile::Mixed, seed.wrapping_add(2), None)),
        ),
        (
            "07-max",
            Some((Profile::Max, seed.wrapping_add(3), Some(max_cases))),
        ),
    ];
    let mut names = Vec::new();
    for (name, how) in plan {
        let input = match how {
            None => sample(problem).to_vec(),
            Some((profile, seed, cases)) => {
                let mut v = Vec::new();
                generate(problem, profile, seed, cases, &mut v).map_err(|e| {
                    TestsetError::Invalid(format!("{name}: generation failed: {e}"))
                })?;
                v
            }
        };
        crate::validate(problem, &input)
            .map_err(|e| TestsetError::Invalid(format!("{name}.in is invalid: {e}")))?;
        let mut ans = Vec::new();
        crate::solve(problem, &input[..], &mut ans)
            .map_err(|e| TestsetError::Invalid(format!("{name}.in: solve failed: {e}")))?;
        std::fs::write(dir.join(format!("{name}.in")), &input)?;
        std::fs::write(dir.join(format!("{name}.ans")), &ans)?;
        names.push(name.to_owned());
    }
    Ok(names)
}
