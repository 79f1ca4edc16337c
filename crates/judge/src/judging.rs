//! `judge run`'s whole work as one call: a submission judged on a test set.
//!
//! [`judge`] takes a [`Request`] (the problem, the [`Submission`], where the
//! tests come from, the [`RunConfig`]) and does, in order: the test set
//! (generated from a seed into a private scratch directory, or read from a
//! directory), every test's input validated, the source compiled in the
//! sandbox (a compile error ends the judging with [`Report::CompileError`]),
//! every test run and checked ([`run_tests`]), and the verdict. What happens
//! along the way goes to a [`Progress`], which a caller implements to print
//! it (the `judge` binary's progress bar and per-test lines); nothing here
//! prints. [`choose_isolation`] turns the isolation asked for into the one
//! the kernel gives.
//!
//! Scratch directories (the generated tests, the compiled program) are
//! removed before [`judge`] returns, on every path.

use crate::lang::{CompileLimits, Compiled, Language, compile};
use crate::run::verdict_line;
use crate::run::{
    RunConfig, RunError, Task, Test, TestResult, run_tests, tests_in, validate_tests,
};
use crate::sandbox::{Isolation, scratch_dir, strict_available};
use crate::testset::{TestsetError, write_play_testset, write_testset};
use beatty_problems::Verdict;
use std::ffi::OsString;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The program to judge.
#[derive(Clone, Debug)]
pub enum Submission {
    /// A command and its arguments, run as they are.
    Command(Vec<OsString>),
    /// A source file, compiled in the sandbox with `language` first.
    Source {
        /// The source file.
        path: PathBuf,
        /// How it is compiled and run.
        language: Language,
    },
}

/// Where the tests come from.
#[derive(Clone, Debug)]
pub enum TestSource {
    /// A directory, searched recursively for `*.in` (with `*.ans` beside).
    Dir(PathBuf),
    /// A fresh test set from this seed, in a private scratch directory.
    Generated {
        /// The generators' seed.
        seed: u64,
    },
}

/// What to judge, and how.
#[derive(Clone, Debug)]
pub struct Request {
    /// The problem, batch or interactive.
    pub task: Task,
    /// The program.
    pub submission: Submission,
    /// The tests.
    pub tests: TestSource,
    /// Limits, isolation, parallelism; the test directory is added to its
    /// `hide`.
    pub config: RunConfig,
}

/// What a caller hears while [`judge`] works. Every method does nothing by
/// default; `()` is the progress that hears nothing.
///
/// ```
/// use beatty_judge::judging::Progress;
/// use beatty_judge::run::TestResult;
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// /// Counts the tests done.
/// struct Count(AtomicUsize);
/// impl Progress for Count {
///     fn done(&self, _: &TestResult) {
///         self.0.fetch_add(1, Ordering::Relaxed);
///     }
/// }
/// let c = Count(AtomicUsize::new(0));
/// assert!(!c.stopped());
/// ```
pub trait Progress: Sync {
    /// The source `path` is about to be compiled as `language`.
    fn compiling(&self, path: &Path, language: &Language) {
        let _ = (path, language);
    }
    /// The `tests` tests are about to run.
    fn running(&self, tests: usize) {
        let _ = tests;
    }
    /// One test is done (in the order they finish, from the threads that
    /// run them).
    fn done(&self, result: &TestResult) {
        let _ = result;
    }
    /// Whether the caller was stopped (a signal): asked once, after the
    /// compile; `true` ends the judging with [`Error::Stopped`] before any
    /// test runs. Stopping the runs themselves is [`crate::run::shut_down`].
    fn stopped(&self) -> bool {
        false
    }
}

impl Progress for () {}

/// How a judging ended.
#[derive(Clone, Debug)]
pub enum Report {
    /// The source did not compile: no test ran.
    CompileError {
        /// The tests' names, in order.
        tests: Vec<String>,
        /// The compiler's messages (escaped, bounded: [`Compiled::Error`]).
        message: String,
    },
    /// Every test that ran, with the verdict.
    Judged {
        /// The tests' names, in order.
        tests: Vec<String>,
        /// The results, in test order (fewer than the tests after a stop on
        /// the first failure).
        results: Vec<TestResult>,
        /// The verdict of the whole: AC when every test passed, else the
        /// first failure's.
        verdict: Verdict,
        /// The verdict line (`verdict: AC (7/7 tests)`), as
        /// [`verdict_line`] says it.
        line: String,
    },
}

impl Report {
    /// The verdict: [`Verdict::CompileError`] for a source that did not compile.
    ///
    /// ```
    /// use beatty_judge::judging::Report;
    /// use beatty_problems::Verdict;
    /// let r = Report::CompileError { tests: vec!["01-sample".into()], message: "x".into() };
    /// assert_eq!(r.verdict(), Verdict::CompileError);
    /// ```
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        match self {
            Report::CompileError { .. } => Verdict::CompileError,
            Report::Judged { verdict, .. } => *verdict,
        }
    }
}

/// Why a judging could not give a verdict (the judge's failure, not the
/// submission's).
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// A scratch directory could not be made.
    Scratch(io::Error),
    /// The test set could not be written.
    Testset(TestsetError),
    /// The generated test set could not be made private (0700/0600).
    Private {
        /// The test directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The test directory could not be read.
    ReadTests(io::Error),
    /// The test directory has no `*.in` file.
    NoTests(PathBuf),
    /// A test's input does not validate.
    InvalidTest(RunError),
    /// The compile failed as the judge's failure (no compiler, no sandbox).
    Compile(RunError),
    /// The runs failed as the judge's failure.
    Run(RunError),
    /// [`Progress::stopped`] said stop.
    Stopped,
    /// Strict isolation was asked for where the kernel refuses namespaces.
    StrictUnavailable,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Scratch(e) => write!(f, "cannot create a temporary directory: {e}"),
            Error::Testset(e) => write!(f, "{e}"),
            Error::Private { path, source } => write!(f, "{}: {source}", path.display()),
            Error::ReadTests(e) => write!(f, "cannot read the tests: {e}"),
            Error::NoTests(dir) => write!(f, "no *.in files in {}", dir.display()),
            Error::InvalidTest(e) | Error::Compile(e) | Error::Run(e) => write!(f, "{e}"),
            Error::Stopped => f.write_str("stopped"),
            Error::StrictUnavailable => f.write_str("the kernel refuses PID/mount namespaces here"),
        }
    }
}

impl std::error::Error for Error {}

/// The isolation a caller asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IsolationChoice {
    /// Strict where the kernel allows namespaces, else basic.
    Auto,
    /// Strict or nothing.
    Strict,
    /// Basic.
    Basic,
}

/// The isolation of the runs for what the caller asks: basic when asked, or
/// when `Auto` meets a kernel without namespaces; strict otherwise.
///
/// # Errors
/// [`Error::StrictUnavailable`]: `Strict` where the kernel refuses namespaces.
///
/// ```
/// use beatty_judge::judging::{choose_isolation, IsolationChoice};
/// use beatty_judge::sandbox::Isolation;
/// assert_eq!(choose_isolation(IsolationChoice::Basic).unwrap(), Isolation::Basic);
/// let auto = choose_isolation(IsolationChoice::Auto).unwrap();
/// assert_eq!(auto == Isolation::Strict, beatty_judge::sandbox::strict_available());
/// ```
pub fn choose_isolation(choice: IsolationChoice) -> Result<Isolation, Error> {
    match (choice, strict_available()) {
        (IsolationChoice::Strict, false) => Err(Error::StrictUnavailable),
        (IsolationChoice::Basic, _) | (IsolationChoice::Auto, false) => Ok(Isolation::Basic),
        _ => Ok(Isolation::Strict),
    }
}

/// Judges `request`, telling `progress` along the way (see the [module
/// docs](self)).
///
/// # Errors
/// A failure of the judge, never of the submission (those are verdicts): a
/// test set that cannot be written or read or does not validate, a compile
/// or a run the sandbox cannot carry out, or a stop (see [`Error`]).
///
/// ```no_run
/// use beatty_judge::judging::{judge, Report, Request, Submission, TestSource};
/// use beatty_judge::run::RunConfig;
/// use beatty_problems::{Problem, Verdict};
/// let request = Request {
///     task: Problem::Bash.into(),
///     submission: Submission::Command(vec!["./a.out".into()]),
///     tests: TestSource::Generated { seed: 1 },
///     config: RunConfig::default(),
/// };
/// let report = judge(&request, &()).unwrap();
/// assert_eq!(report.verdict(), Verdict::Accepted);
/// ```
pub fn judge(request: &Request, progress: &dyn Progress) -> Result<Report, Error> {
    // The generated test set lives in a private scratch directory, removed
    // when `_scratch` drops (on every path out of this function).
    let (dir, _scratch) = match &request.tests {
        TestSource::Dir(d) => (d.clone(), None),
        TestSource::Generated { seed } => {
            let (d, t) = generated(request.task, *seed)?;
            (d, Some(t))
        }
    };
    let mut cfg = request.config.clone();
    cfg.hide.push(dir.clone());
    let tests = tests_of(request.task, &dir)?;
    let names: Vec<String> = tests.iter().map(|t| t.name.clone()).collect();
    // A source file is compiled into a directory of its own (0700: the runs
    // get copies where their ids can read them), removed when `_build` drops.
    let (cmd, _build) = match &request.submission {
        Submission::Command(c) => (c.clone(), None),
        Submission::Source { path, language } => {
            progress.compiling(path, language);
            match compiled(path, language, &cfg)? {
                (Compiled::Ready(c), out) => (c, Some(out)),
                (Compiled::Error(message), _) => {
                    return Ok(Report::CompileError {
                        tests: names,
                        message,
                    });
                }
            }
        }
    };
    if progress.stopped() {
        return Err(Error::Stopped);
    }
    progress.running(tests.len());
    let results =
        run_tests(request.task, &tests, &cmd, &cfg, &|r| progress.done(r)).map_err(Error::Run)?;
    let (line, verdict) = verdict_line(&results, tests.len());
    Ok(Report::Judged {
        tests: names,
        results,
        verdict,
        line,
    })
}

/// A fresh test set of `task` from `seed` in a private scratch directory:
/// the test directory and the scratch directory that holds it.
fn generated(task: Task, seed: u64) -> Result<(PathBuf, tempfile::TempDir), Error> {
    let t = scratch_dir("testset").map_err(Error::Scratch)?;
    let d = t.path().join("tests");
    match task {
        Task::Batch(p) => write_testset(p, &d, seed),
        Task::Play(g) => write_play_testset(g, &d, seed),
    }
    .map_err(Error::Testset)?;
    // The judge's own, as everything it makes: 0700 and 0600.
    private(&d).map_err(|source| Error::Private {
        path: d.clone(),
        source,
    })?;
    Ok((d, t))
}

/// The tests of `dir`, every input validated for `task`.
fn tests_of(task: Task, dir: &Path) -> Result<Vec<Test>, Error> {
    let tests = tests_in(dir).map_err(Error::ReadTests)?;
    if tests.is_empty() {
        return Err(Error::NoTests(dir.to_path_buf()));
    }
    validate_tests(task, &tests).map_err(Error::InvalidTest)?;
    Ok(tests)
}

/// `path` compiled with `language` under `cfg`'s isolation, hidden
/// directories and memory limit, into a private scratch directory returned
/// with it (removed when it drops): what [`judge`] does with a
/// [`Submission::Source`], for callers that run the program otherwise
/// (`judge hack`).
///
/// # Errors
/// [`Error::Scratch`] when no scratch directory can be made,
/// [`Error::Compile`] when the compile fails as the judge's failure (a
/// compile error of the source is [`Compiled::Error`]).
///
/// ```no_run
/// use beatty_judge::judging::compiled;
/// use beatty_judge::lang::{Compiled, language_of};
/// use beatty_judge::run::RunConfig;
/// use std::path::Path;
/// let src = Path::new("solution.c");
/// let lang = language_of(src).unwrap();
/// let (c, _dir) = compiled(src, lang, &RunConfig::default()).unwrap();
/// assert!(matches!(c, Compiled::Ready(_)));
/// ```
pub fn compiled(
    path: &Path,
    language: &Language,
    cfg: &RunConfig,
) -> Result<(Compiled, tempfile::TempDir), Error> {
    let out = scratch_dir("compile").map_err(Error::Scratch)?;
    let limits = CompileLimits {
        program_memory: cfg.memory_limit,
        ..Default::default()
    };
    let c = compile(
        language,
        path,
        out.path(),
        &limits,
        cfg.isolation,
        &cfg.hide,
    )
    .map_err(Error::Compile)?;
    Ok((c, out))
}

/// Makes the tree `dir` (directories and regular files the judge wrote)
/// its own only: directories 0700, files 0600.
fn private(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m));
    mode(dir, 0o700)?;
    for e in std::fs::read_dir(dir)? {
        let e = e?;
        let kind = e.file_type()?;
        if kind.is_dir() {
            private(&e.path())?;
        } else if kind.is_file() {
            mode(&e.path(), 0o600)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use beatty_problems::Problem;

    #[test]
    fn a_generated_test_set_is_private_and_gone_afterwards() {
        use std::os::unix::fs::PermissionsExt;
        let (dir, scratch) = generated(Problem::Bash.into(), 1).expect("generated");
        let mode = |p: &Path| std::fs::metadata(p).expect("stat").permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        let input = dir.join("01-sample.in");
        assert_eq!(mode(&input), 0o600);
        // The same bytes as the test set written by hand from the same seed.
        let other = tempfile::tempdir().expect("tempdir");
        write_testset(Problem::Bash, &other.path().join("t"), 1).expect("testset");
        assert_eq!(
            std::fs::read(&input).expect("read"),
            std::fs::read(other.path().join("t/01-sample.in")).expect("read")
        );
        drop(scratch);
        assert!(!dir.exists());
    }

    #[test]
    fn an_empty_directory_and_an_invalid_input_are_errors() {
        let d = tempfile::tempdir().expect("tempdir");
        let e = tests_of(Problem::Bash.into(), d.path()).expect_err("empty");
        assert!(matches!(e, Error::NoTests(_)), "{e}");
        assert_eq!(
            e.to_string(),
            format!("no *.in files in {}", d.path().display())
        );
        std::fs::write(d.path().join("a.in"), "not a test\n").expect("write");
        let e = tests_of(Problem::Bash.into(), d.path()).expect_err("invalid");
        assert!(matches!(e, Error::InvalidTest(_)), "{e}");
    }

    #[test]
    fn a_stop_before_the_runs_runs_nothing() {
        struct Stop;
        impl Progress for Stop {
            fn running(&self, _: usize) {
                panic!("no test may run after a stop");
            }
            fn stopped(&self) -> bool {
                true
            }
        }
        let request = Request {
            task: Problem::Bash.into(),
            submission: Submission::Command(vec!["/bin/false".into()]),
            tests: TestSource::Generated { seed: 1 },
            config: RunConfig::default(),
        };
        assert!(matches!(judge(&request, &Stop), Err(Error::Stopped)));
    }

    #[test]
    fn strict_is_refused_only_where_the_kernel_refuses_it() {
        let strict = choose_isolation(IsolationChoice::Strict);
        assert_eq!(strict.is_ok(), strict_available());
        assert_eq!(
            choose_isolation(IsolationChoice::Basic).expect("basic"),
            Isolation::Basic
        );
    }
}
