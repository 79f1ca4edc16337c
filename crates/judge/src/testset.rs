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
//! | `07-max` | the `max` profile, with at most 20 000 cases (fewer where [`beatty_problems::generate::default_max_cases`] says so) |
//!
//! each as `NN-name.in` and `NN-name.ans`. Every `.in` is checked with
//! [`beatty_problems::validate()`] before it is written, and every `.ans` comes from
//! [`beatty_problems::solve()`].

use beatty_problems::Problem;
use beatty_problems::generate::{Profile, generate};
use core::fmt;
use std::path::{Path, PathBuf};

/// The sample input of a problem (from the problem statement).
///
/// ```
/// use beatty_judge::testset::sample;
/// use beatty_problems::Problem;
/// assert_eq!(sample(Problem::Wythoff), b"2 1\n8 4\n4 7\n");
/// ```
#[must_use]
pub fn sample(problem: Problem) -> &'static [u8] {
    problem.spec().sample
}

/// Why a test set could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum TestsetError {
    /// Reading or writing `path` failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// `path` holds files that are not part of a test set; nothing was changed.
    NotEmpty(PathBuf),
    /// A generated input did not pass validation (a bug in the generator).
    Invalid(String),
}

impl fmt::Display for TestsetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TestsetError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TestsetError::NotEmpty(p) => write!(
                f,
                "{}: the directory holds other files than a test set; choose an empty or new directory",
                p.display()
            ),
            TestsetError::Invalid(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for TestsetError {}

fn io_at(path: &Path) -> impl FnOnce(std::io::Error) -> TestsetError + '_ {
    move |source| TestsetError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The test names, in order.
const NAMES: [&str; 7] = [
    "01-sample",
    "02-edge",
    "03-hack",
    "04-random-small",
    "05-random",
    "06-mixed",
    "07-max",
];

/// The entries of an existing `dir` if they are all files of a test set
/// (`NN-name.in`/`.ans` of [`NAMES`]); `Ok(vec![])` when `dir` does not exist.
fn old_testset(dir: &Path) -> Result<Vec<PathBuf>, TestsetError> {
    let entries = match std::fs::read_dir(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        r => r.map_err(io_at(dir))?,
    };
    let mut old = Vec::new();
    for e in entries {
        let e = e.map_err(io_at(dir))?;
        let name = e.file_name();
        let ours = name.to_str().is_some_and(|n| {
            NAMES.iter().any(|t| {
                n.strip_prefix(t)
                    .is_some_and(|ext| ext == ".in" || ext == ".ans")
            })
        }) && e.file_type().is_ok_and(|t| t.is_file());
        if !ours {
            return Err(TestsetError::NotEmpty(dir.to_path_buf()));
        }
        old.push(e.path());
    }
    Ok(old)
}

/// Writes the test set of the interactive `game` for `seed` into `dir` (which
/// must not exist, or be empty) and returns the test names in order: one
/// test a profile of [`beatty_problems::interact::starts::Profile`], named after it
/// (`01-samples`, `02-small`, `03-hazard`, `04-large`, `05-many`,
/// `06-both-sides`), each `T S` and its starts, the opponent's seed derived
/// from `seed`.
///
/// # Errors
/// A failed write, naming the path.
pub fn write_play_testset(
    game: beatty_problems::interact::Game,
    dir: &Path,
    seed: u64,
) -> Result<Vec<String>, TestsetError> {
    use beatty_problems::interact::starts::{self, Profile};
    std::fs::create_dir_all(dir).map_err(io_at(dir))?;
    let mut names = Vec::new();
    for (i, profile) in Profile::ALL.into_iter().enumerate() {
        let label = match profile {
            Profile::Samples => "samples",
            Profile::Small => "small",
            Profile::Hazard => "hazard",
            Profile::Large => "large",
            Profile::Many => "many",
            Profile::BothSides => "both-sides",
        };
        let name = format!("{:02}-{label}", i + 1);
        let test_seed = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(i as u64);
        let text = starts::write(&starts::generate(game, profile, test_seed), test_seed);
        let path = dir.join(format!("{name}.in"));
        std::fs::write(&path, text).map_err(io_at(&path))?;
        names.push(name);
    }
    Ok(names)
}

/// Writes the test set of `problem` for `seed` into `dir` and returns the test
/// names in order (what `judge run` and `judge invoke` write into their own
/// scratch directories; the command line's `judge testset` uses
/// [`crate::package::write_testset_dir`]).
///
/// The set is written into a temporary directory beside `dir` and renamed into
/// place only when complete, so a failure (a full disk, an interruption) leaves
/// `dir` as it was. An existing `dir` is replaced only if it holds nothing but
/// the files of a test set; otherwise it is refused with
/// [`TestsetError::NotEmpty`].
///
/// # Errors
/// A failed read or write (naming the path), a `dir` with other files in it, or
/// a generated input that does not validate (a bug).
///
/// ```no_run
/// use beatty_judge::testset::write_testset;
/// use beatty_problems::Problem;
/// let names = write_testset(Problem::Euclid, std::path::Path::new("target/tests-euclid"), 1).unwrap();
/// assert_eq!(names[0], "01-sample");
/// ```
pub fn write_testset(problem: Problem, dir: &Path, seed: u64) -> Result<Vec<String>, TestsetError> {
    old_testset(dir)?;
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(parent).map_err(io_at(parent))?;
    // What a judge killed here left (its process is gone) goes first.
    #[cfg(target_os = "linux")]
    crate::sandbox::remove_stale(parent);
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".judge-testset-{}-", std::process::id()))
        .tempdir_in(parent)
        .map_err(io_at(parent))?;
    let max_cases = beatty_problems::generate::default_max_cases(problem).min(20_000);
    let random_cases = match problem.spec().framing {
        beatty_problems::problem::Framing::Counted { max, .. } => max.min(1000),
        _ => 1000,
    };
    // None for the sample or Some((profile, seed, cases)), in the order of NAMES.
    type Plan = Option<(Profile, u64, Option<u64>)>;
    let plan: [Plan; 7] = [
        None,
        Some((Profile::Edge, seed, None)),
        Some((Profile::Hack, seed, None)),
        Some((Profile::Random, seed, Some(10))),
        Some((Profile::Random, seed.wrapping_add(1), Some(random_cases))),
        Some((Profile::Mixed, seed.wrapping_add(2), None)),
        Some((Profile::Max, seed.wrapping_add(3), Some(max_cases))),
    ];
    for (name, how) in NAMES.into_iter().zip(plan) {
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
        beatty_problems::validate(problem, &input)
            .map_err(|e| TestsetError::Invalid(format!("{name}.in is invalid: {e}")))?;
        let mut ans = Vec::new();
        beatty_problems::solve(problem, &input[..], &mut ans)
            .map_err(|e| TestsetError::Invalid(format!("{name}.in: solve failed: {e}")))?;
        for (ext, data) in [("in", &input), ("ans", &ans)] {
            let path = tmp.path().join(format!("{name}.{ext}"));
            std::fs::write(&path, data).map_err(io_at(&path))?;
        }
    }
    // Into place: the old set (only test-set files, checked again) goes first.
    for f in old_testset(dir)? {
        std::fs::remove_file(&f).map_err(io_at(&f))?;
    }
    if dir.exists() {
        std::fs::remove_dir(dir).map_err(io_at(dir))?;
    }
    let tmp = tmp.keep();
    if let Err(e) = std::fs::rename(&tmp, dir) {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(io_at(dir)(e));
    }
    Ok(NAMES.iter().map(|n| (*n).to_owned()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use beatty_problems::{Verdict, check};
    use std::fs;

    /// The names and contents of the files of `dir`, sorted.
    fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
        let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().into_string().unwrap(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_test_set_is_seven_valid_inputs_with_their_answers() {
        let root = tempfile::tempdir().unwrap();
        // (a parent that does not exist yet is made)
        let dir = root.path().join("new/tests");
        let names = write_testset(Problem::Bash, &dir, 5).unwrap();
        assert_eq!(
            names,
            [
                "01-sample",
                "02-edge",
                "03-hack",
                "04-random-small",
                "05-random",
                "06-mixed",
                "07-max"
            ]
        );
        let got = files(&dir);
        assert_eq!(got.len(), 14);
        for name in &names {
            let input = fs::read(dir.join(format!("{name}.in"))).unwrap();
            let answer = fs::read(dir.join(format!("{name}.ans"))).unwrap();
            // the checker solves the input itself: the answer must be accepted
            let r = check(Problem::Bash, &input, &answer, None);
            assert_eq!(r.verdict, Verdict::Accepted, "{name}: {}", r.message);
        }
        // HDU 1846's sample, from the problem statement
        assert_eq!(
            fs::read(dir.join("01-sample.in")).unwrap(),
            b"2\n23 2\n4 3\n"
        );
        assert_eq!(sample(Problem::Bash), b"2\n23 2\n4 3\n");
        // The seed names the set; nothing is left beside it.
        let again = root.path().join("again");
        write_testset(Problem::Bash, &again, 5).unwrap();
        assert_eq!(files(&again), got);
        write_testset(Problem::Bash, &again, 6).unwrap();
        assert_ne!(files(&again), got);
        let mut beside: Vec<String> = fs::read_dir(root.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        beside.sort();
        assert_eq!(beside, ["again", "new"]);
    }

    #[test]
    fn only_a_test_set_is_replaced() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("tests");
        // a missing directory is no old test set
        assert!(old_testset(&dir).unwrap().is_empty());
        write_testset(Problem::Euclid, &dir, 1).unwrap();
        assert_eq!(old_testset(&dir).unwrap().len(), 14);
        write_testset(Problem::Euclid, &dir, 2).unwrap();
        // Another file, a test-set name with another extension, a directory
        // named like a test: refused, and nothing changed.
        for (stray, is_dir) in [
            ("notes.txt", false),
            ("01-sample.out", false),
            ("02-edge.in.bak", false),
            ("03-hack.in", true),
        ] {
            let before = files(&dir);
            let path = dir.join(stray);
            if is_dir {
                fs::remove_file(&path).unwrap();
                fs::create_dir(&path).unwrap();
            } else {
                fs::write(&path, "x").unwrap();
            }
            let e = write_testset(Problem::Euclid, &dir, 3).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "{}: the directory holds other files than a test set; choose an empty or new directory",
                    dir.display()
                )
            );
            if is_dir {
                fs::remove_dir(&path).unwrap();
                fs::write(&path, &before.iter().find(|(n, _)| n == stray).unwrap().1).unwrap();
            } else {
                fs::remove_file(&path).unwrap();
            }
            assert_eq!(files(&dir), before, "{stray}");
        }
        // A directory that cannot be read (a link to itself): the error is
        // the read's, and the link stays.
        let looped = root.path().join("loop");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        let e = write_testset(Problem::Euclid, &looped, 1).unwrap_err();
        assert!(
            matches!(&e, TestsetError::Io { path, source } if *path == looped && source.raw_os_error() == Some(40)),
            "{e}"
        );
        assert!(
            fs::symlink_metadata(&looped)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        // A file where the directory should be: the error names it.
        let file = root.path().join("file");
        fs::write(&file, "x").unwrap();
        let e = write_testset(Problem::Euclid, &file, 1).unwrap_err();
        assert!(
            e.to_string().starts_with(&file.display().to_string()),
            "{e}"
        );
    }
}
