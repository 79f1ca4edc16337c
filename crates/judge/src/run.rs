//! The local judge: runs a submission on a test set.
//!
//! Each test runs in the [`sandbox`]: the input is fed through
//! a pipe, the program runs in an empty private directory under wall time, CPU
//! time, memory, process and output limits, and every process it starts is
//! killed when it ends (see the sandbox's docs for what each isolation mode
//! enforces). This module turns what happened into verdicts, in this order of
//! precedence:
//!
//! * **OLE** — the output grew beyond the output limit (default: twice the
//!   answer plus 1 MiB, at least 64 MiB);
//! * **TLE** — still running at the wall time limit, or over the CPU limit;
//! * **MLE** — over the memory limit (the cgroup's verdict where there is
//!   one, else the sampled resident memory of the run's processes, or a failed
//!   allocation named on standard error: see the sandbox's docs);
//! * **RE** — a non-zero exit code or death by a signal; the last bytes of its
//!   standard error are kept, escaped and bounded;
//! * otherwise the output is checked with [`beatty_problems::check()`]: **AC**, **WA** or **PE**.
//!
//! The overall verdict is that of the first failing test in test order, or AC.
//!
//! An interactive problem's tests ([`Task::Play`]) run the same way, but the
//! judge talks with the program move by move instead of feeding it a file
//! and checking its output (`run/duel.rs` has the loop and the order of its
//! verdicts).

mod duel;
mod test_run;

pub(crate) use test_run::{Data, Held, failed, limits_of, start_failed};
pub use test_run::{Play, RunConfig, RunError, TestResult, TimedPly};

use crate::sandbox;
use beatty_problems::interact::Game;
use beatty_problems::{Problem, Verdict, check};
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What a test set is judged as: the answers of a batch problem, or the
/// play of an interactive one.
///
/// ```
/// use beatty_judge::run::Task;
/// let t: Task = beatty_problems::Problem::Wythoff.into();
/// assert_eq!(t.name(), "wythoff");
/// let p: Task = beatty_problems::interact::Game::Wythoff.into();
/// assert_eq!(p.name(), "wythoff-play");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Task {
    /// A batch problem: each test's output is checked.
    Batch(Problem),
    /// An interactive game: the program plays against the referee.
    Play(Game),
}

impl Task {
    /// The problem's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Task::Batch(p) => p.name(),
            Task::Play(g) => g.name(),
        }
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no problem's, batch or interactive.
///
/// ```
/// let e = "nim".parse::<beatty_judge::run::Task>().unwrap_err();
/// assert!(e.to_string().contains("wythoff-play"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTask(pub String);

impl fmt::Display for UnknownTask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; interactive: ",
            beatty_problems::UnknownProblem(self.0.clone())
        )?;
        let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
        f.write_str(&names.join(", "))
    }
}

impl std::error::Error for UnknownTask {}

impl std::str::FromStr for Task {
    type Err = UnknownTask;

    /// A batch problem by its name or an alias ([`Problem`]'s own parse), or
    /// an interactive one by its name (`wythoff-play`), any case.
    fn from_str(s: &str) -> Result<Task, UnknownTask> {
        if let Ok(p) = s.parse::<Problem>() {
            return Ok(Task::Batch(p));
        }
        Game::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s))
            .map(Task::Play)
            .ok_or_else(|| UnknownTask(s.to_owned()))
    }
}

impl From<Problem> for Task {
    fn from(p: Problem) -> Task {
        Task::Batch(p)
    }
}

impl From<Game> for Task {
    fn from(g: Game) -> Task {
        Task::Play(g)
    }
}

/// One test: its name, input and (optional) jury answer.
///
/// ```
/// let t = beatty_judge::run::Test { name: "01-sample".into(), input: "01-sample.in".into(), answer: None };
/// assert_eq!(t.name, "01-sample");
/// ```
#[derive(Clone, Debug)]
pub struct Test {
    /// The test's name (the path below the test directory, without `.in`).
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The answer file, if there is one (it is verified by the checker).
    pub answer: Option<PathBuf>,
}

/// The tests of a directory, found recursively (a Kattis package's `data/`
/// with `sample/` and `secret/` works as it is): every `*.in` file, named by
/// its relative path without `.in`, in name order, with `*.ans` if present.
///
/// # Errors
/// A directory that cannot be read, or an `.in`/`.ans` that is not a regular
/// file (a FIFO would hang the judge); the message names the path.
///
/// ```no_run
/// let tests = beatty_judge::run::tests_in(std::path::Path::new("tests-wythoff")).unwrap();
/// assert!(!tests.is_empty());
/// ```
pub fn tests_in(dir: &Path) -> std::io::Result<Vec<Test>> {
    let mut tests = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let named =
            |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", d.display()));
        for entry in std::fs::read_dir(&d).map_err(named)? {
            let entry = entry.map_err(named)?;
            let path = entry.path();
            let kind = std::fs::symlink_metadata(&path)
                .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?
                .file_type();
            if kind.is_dir() {
                todo.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let not_regular =
                |p: &Path| std::io::Error::other(format!("{}: not a regular file", p.display()));
            if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                return Err(not_regular(&path));
            }
            let rel = path.strip_prefix(dir).unwrap_or(&path).with_extension("");
            let ans = path.with_extension("ans");
            let answer = match std::fs::symlink_metadata(&ans) {
                Err(_) => None,
                Ok(_) if std::fs::metadata(&ans).is_ok_and(|m| m.is_file()) => Some(ans),
                Ok(_) => return Err(not_regular(&ans)),
            };
            tests.push(Test {
                name: rel.to_string_lossy().into_owned(),
                answer,
                input: path,
            });
        }
    }
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(tests)
}

/// Checks every test's input with the strict validator before anything runs
/// (an interactive test's with the validator of its starts).
///
/// # Errors
/// The first input that cannot be read or is invalid, naming the file.
pub fn validate_tests(task: impl Into<Task>, tests: &[Test]) -> Result<(), RunError> {
    let task = task.into();
    for t in tests {
        let data =
            std::fs::read(&t.input).map_err(|e| RunError(format!("{}: {e}", t.input.display())))?;
        let invalid = match task {
            Task::Batch(p) => beatty_problems::validate(p, &data)
                .err()
                .map(|e| e.to_string()),
            Task::Play(g) => beatty_problems::interact::starts::parse(g, &data)
                .err()
                .map(|e| e.to_string()),
        };
        if let Some(e) = invalid {
            return Err(RunError(format!(
                "{}: invalid input: {e}",
                t.input.display()
            )));
        }
    }
    Ok(())
}

/// Stops every run: no new run starts afterwards, and each running one is
/// killed within milliseconds. For the `judge` binary's signal handling.
pub fn shut_down() {
    sandbox::stop_all();
}

/// The output cap of a test: the configured one, else twice the answer's
/// length plus 1 MiB, at least 64 MiB ([`RunConfig::output_limit`]).
fn output_limit(configured: Option<u64>, answer_len: Option<u64>) -> u64 {
    configured.unwrap_or_else(|| (2 * answer_len.unwrap_or(0) + (1 << 20)).max(64 << 20))
}

/// Runs `cmd` on one test.
fn run_one(
    problem: Problem,
    test: &Held,
    cmd: &[OsString],
    program: &Path,
    cfg: &RunConfig,
) -> Result<TestResult, RunError> {
    let err = |what: &str, e: &dyn fmt::Display| RunError(format!("{}: {what}: {e}", test.name));
    let input = test
        .input
        .bytes()
        .map_err(|e| err("cannot read the input", &e))?;
    let answer = match &test.answer {
        Some(a) => Some(a.bytes().map_err(|e| err("cannot read the answer", &e))?),
        None => None,
    };
    let output_limit = output_limit(cfg.output_limit, answer.as_ref().map(|a| a.len() as u64));
    let limits = limits_of(cfg, output_limit);
    let o = sandbox::run(cmd, std::sync::Arc::clone(&input), &limits, cfg.isolation)
        .map_err(|e| start_failed(program, &e))?;
    let done = |verdict, detail: String| {
        Ok(TestResult {
            name: test.name.clone(),
            verdict,
            time: o.wall,
            cpu: o.cpu,
            memory: o.memory,
            detail,
            play: None,
        })
    };
    if let Some((verdict, detail)) = failed(&o, &limits) {
        return done(verdict, detail);
    }
    let r = check(problem, &input, &o.stdout, answer.as_ref().map(|a| &a[..]));
    match r.verdict {
        Verdict::Accepted => done(Verdict::Accepted, String::new()),
        Verdict::Fail => Err(RunError(format!(
            "{}: checker failure: {}",
            test.name, r.message
        ))),
        v => done(v, r.message),
    }
}

/// Runs `cmd` on every test, `cfg.jobs` at a time; results in test order.
/// `on_done` is called with each result in test order, as soon as it and all
/// earlier ones are known (for progress). With `cfg.stop_on_fail`, no test
/// starts after the first failing one (in test order) is known, and results
/// end at it.
///
/// Before the first run, every input and answer is read into memory (up to
/// 256 MiB in all) or copied into a fresh directory of the judge's (mode
/// 0700, hidden from the runs, removed at the end), and the runs are fed and
/// checked from these copies: a program cannot change what a later test gets
/// or is compared with (by renaming the test directory, say).
///
/// # Errors
/// A failure of the judge (cannot start the program, a checker failure,
/// interrupted by [`shut_down`]).
///
/// ```no_run
/// use beatty_judge::run::{run_tests, tests_in, RunConfig};
/// use beatty_problems::Problem;
/// let tests = tests_in(std::path::Path::new("tests-wythoff")).unwrap();
/// let cmd = ["python3".into(), "solution.py".into()];
/// let results = run_tests(Problem::Wythoff, &tests, &cmd, &RunConfig::default(), &|_| ()).unwrap();
/// assert_eq!(results.len(), tests.len());
/// ```
pub fn run_tests(
    task: impl Into<Task>,
    tests: &[Test],
    cmd: &[OsString],
    cfg: &RunConfig,
    on_done: &(dyn Fn(&TestResult) + Sync),
) -> Result<Vec<TestResult>, RunError> {
    // The tests as they are now, in the judge's memory or its own 0700
    // directory, before anything runs: nothing a program does can change
    // what later tests get or are compared with. The directory is hidden
    // from the runs too.
    let task = task.into();
    let snapshot = Snapshot::take(tests, HELD_IN_MEMORY)?;
    // As root, the program and its script are copied where the runs' user
    // ids can read them (see `sandbox::program`).
    let boxed = sandbox::into_box(cmd)
        .map_err(|e| RunError(format!("cannot put the program into the box: {e}")))?;
    let program = PathBuf::from(cmd.first().cloned().unwrap_or_default());
    let program = &program;
    let cmd = &boxed.cmd[..];
    let mut cfg = cfg.clone();
    cfg.hide
        .extend(snapshot.dir.as_ref().map(|d| d.path().to_path_buf()));
    let (tests, cfg) = (&snapshot.tests[..], &cfg);
    struct State {
        results: Vec<Option<Result<TestResult, RunError>>>,
        reported: usize,
        end: usize,
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let state = Mutex::new(State {
        results: (0..tests.len()).map(|_| None).collect(),
        reported: 0,
        end: tests.len(),
    });
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1).min(tests.len().max(1)) {
            s.spawn(|| {
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(test) = tests.get(i) else { break };
                    let r = match task {
                        Task::Batch(problem) => run_one(problem, test, cmd, program, cfg),
                        Task::Play(game) => duel::play_one(game, test, cmd, program, cfg),
                    };
                    let mut st = state
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    st.results[i] = Some(r);
                    while st.reported < st.end {
                        let k = st.reported;
                        let failed = match &st.results[k] {
                            None => break,
                            Some(Ok(r)) => {
                                on_done(r);
                                r.verdict != Verdict::Accepted && cfg.stop_on_fail
                            }
                            Some(Err(_)) => true,
                        };
                        st.reported += 1;
                        if failed {
                            st.end = st.reported;
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                }
            });
        }
    });
    let st = state
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut out = Vec::with_capacity(st.end);
    for r in st.results.into_iter().take(st.end) {
        match r {
            Some(r) => out.push(r?),
            None => return Err(RunError("interrupted".into())),
        }
    }
    Ok(out)
}

/// The test data held privately for a run of a test set: in memory up to
/// [`HELD_IN_MEMORY`] bytes in all (no file to create, read or remove per
/// test), the rest copied into a fresh directory only the judge's user can
/// enter (mode 0700, hidden from the runs, removed when this drops).
struct Snapshot {
    tests: Vec<Held>,
    dir: Option<tempfile::TempDir>,
}

/// The test data a run of a test set holds in memory at most (the rest is
/// copied to files): 256 MiB.
const HELD_IN_MEMORY: u64 = 256 << 20;

impl Snapshot {
    /// Reads or copies every test's input and answer, before anything runs:
    /// into memory while the bytes held stay within `budget`
    /// ([`HELD_IN_MEMORY`]), the rest into files.
    fn take(tests: &[Test], budget: u64) -> Result<Snapshot, RunError> {
        let mut snap = Snapshot {
            tests: Vec::with_capacity(tests.len()),
            dir: None,
        };
        let mut in_memory = 0u64;
        let mut hold = |from: &Path, to: String| -> Result<Data, RunError> {
            let failed =
                |e: std::io::Error| RunError(format!("{}: cannot copy: {e}", from.display()));
            let size = std::fs::metadata(from).map_err(failed)?.len();
            if in_memory + size <= budget {
                let bytes = std::fs::read(from).map_err(failed)?;
                in_memory += bytes.len() as u64;
                return Ok(Data::Memory(std::sync::Arc::new(bytes)));
            }
            if snap.dir.is_none() {
                snap.dir = Some(sandbox::scratch_dir("tests").map_err(|e| {
                    RunError(format!("cannot make a directory for the tests: {e}"))
                })?);
            }
            let to = snap
                .dir
                .as_ref()
                .map_or_else(PathBuf::new, |d| d.path().join(to));
            std::fs::copy(from, &to).map_err(failed)?;
            Ok(Data::Copy(to))
        };
        let mut held = Vec::with_capacity(tests.len());
        for (i, t) in tests.iter().enumerate() {
            held.push(Held {
                name: t.name.clone(),
                input: hold(&t.input, format!("{i}.in"))?,
                answer: match &t.answer {
                    Some(a) => Some(hold(a, format!("{i}.ans"))?),
                    None => None,
                },
            });
        }
        snap.tests = held;
        Ok(snap)
    }
}

/// The overall verdict line: the first failing test's verdict (or AC) and the
/// number of accepted tests of the `total`, e.g. `verdict: WA (5/7 tests)`;
/// when fewer ran (stopped at the first failure), how many did.
///
/// ```
/// use beatty_judge::run::{verdict_line, TestResult};
/// use beatty_problems::Verdict;
/// let t = |v| TestResult { name: String::new(), verdict: v, time: Default::default(), cpu: Default::default(), memory: 0, detail: String::new(), play: None };
/// let (line, v) = verdict_line(&[t(Verdict::Accepted), t(Verdict::TimeLimit), t(Verdict::WrongAnswer)], 3);
/// assert_eq!(line, "verdict: TLE (1/3 tests)");
/// assert_eq!(v, Verdict::TimeLimit);
/// let (line, _) = verdict_line(&[t(Verdict::Accepted), t(Verdict::WrongAnswer)], 7);
/// assert_eq!(line, "verdict: WA (1/7 tests; stopped at the first failure, 5 not run)");
/// ```
#[must_use]
pub fn verdict_line(results: &[TestResult], total: usize) -> (String, Verdict) {
    let passed = results
        .iter()
        .filter(|r| r.verdict == Verdict::Accepted)
        .count();
    let v = results
        .iter()
        .find(|r| r.verdict != Verdict::Accepted)
        .map_or(Verdict::Accepted, |r| r.verdict);
    let total = total.max(results.len());
    let not_run = total - results.len();
    let line = if not_run == 0 {
        format!("verdict: {v} ({passed}/{total} tests)")
    } else {
        format!(
            "verdict: {v} ({passed}/{total} tests; stopped at the first failure, {not_run} not run)"
        )
    };
    (line, v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::time::Duration;
    use test_run::cannot_start;

    /// `shut_down` as its docs say: a run that works before it does not start
    /// after it. It stops every run of the process for good, so the test runs
    /// in a process of its own: this test binary again, with only this test.
    #[test]
    fn after_shut_down_no_run_starts() {
        const CHILD: &str = "BEATTY_JUDGE_SHUT_DOWN_TEST_CHILD";
        const NAME: &str = "run::tests::after_shut_down_no_run_starts";
        if std::env::var_os(CHILD).is_none() {
            let out = std::process::Command::new(std::env::current_exe().unwrap())
                .args([NAME, "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD, "1")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{text}");
            assert!(text.contains("1 passed"), "{text}");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        // HDU 1846: 23 stones, take 1 or 2: the first player wins.
        fs::write(dir.path().join("1.in"), "1\n23 2\n").unwrap();
        let tests = tests_in(dir.path()).unwrap();
        let cmd: Vec<OsString> = ["/bin/sh", "-c", "echo first"].map(OsString::from).to_vec();
        let cfg = RunConfig {
            jobs: 1,
            ..RunConfig::default()
        };
        let before = run_tests(Problem::Bash, &tests, &cmd, &cfg, &|_| ()).unwrap();
        assert_eq!(before[0].verdict, Verdict::Accepted, "{:?}", before[0]);
        shut_down();
        let after = run_tests(Problem::Bash, &tests, &cmd, &cfg, &|_| ());
        let e = after.expect_err("a run started after shut_down");
        assert!(e.0.contains("interrupted"), "{e}");
    }

    #[test]
    fn the_verdict_line_names_the_first_failure_and_counts_the_accepted() {
        let t = |verdict| TestResult {
            name: String::new(),
            verdict,
            time: Duration::ZERO,
            cpu: Duration::ZERO,
            memory: 0,
            detail: String::new(),
            play: None,
        };
        use Verdict::{Accepted as Ac, RuntimeError as Re, TimeLimit as Tle, WrongAnswer as Wa};
        let line = |v: &[Verdict], total| {
            verdict_line(&v.iter().map(|&v| t(v)).collect::<Vec<_>>(), total)
        };
        assert_eq!(line(&[Ac, Ac], 2), ("verdict: AC (2/2 tests)".into(), Ac));
        assert_eq!(
            line(&[Ac, Tle, Wa], 3),
            ("verdict: TLE (1/3 tests)".into(), Tle)
        );
        assert_eq!(
            line(&[Re, Ac, Ac], 3),
            ("verdict: RE (2/3 tests)".into(), Re)
        );
        assert_eq!(
            line(&[Ac, Wa], 7),
            (
                "verdict: WA (1/7 tests; stopped at the first failure, 5 not run)".into(),
                Wa
            )
        );
        assert_eq!(
            line(&[Wa], 2),
            (
                "verdict: WA (0/2 tests; stopped at the first failure, 1 not run)".into(),
                Wa
            )
        );
        // a total below the results counts the results
        assert_eq!(
            line(&[Ac, Ac, Ac], 1),
            ("verdict: AC (3/3 tests)".into(), Ac)
        );
        assert_eq!(line(&[], 0), ("verdict: AC (0/0 tests)".into(), Ac));
    }

    #[test]
    fn a_snapshot_holds_tests_in_memory_up_to_its_budget_and_copies_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut tests = Vec::new();
        for (i, text) in ["aaaa", "bbbbbb", "cc", "ddd"].iter().enumerate() {
            let input = d.join(format!("{i}.in"));
            fs::write(&input, text).unwrap();
            let answer = (i == 1).then(|| d.join("1.ans"));
            if let Some(a) = &answer {
                fs::write(a, "answer").unwrap();
            }
            tests.push(Test {
                name: format!("t{i}"),
                input,
                answer,
            });
        }
        // Budget 12: 4 + 6 bytes held, the 6-byte answer would make 16 (a
        // copy), then 2 more make 12 (held), and 3 more 15 (a copy).
        let snap = Snapshot::take(&tests, 12).unwrap();
        let held: Vec<(&str, bool, Option<bool>)> = snap
            .tests
            .iter()
            .map(|t| {
                let mem = |d: &Data| matches!(d, Data::Memory(_));
                (t.name.as_str(), mem(&t.input), t.answer.as_ref().map(mem))
            })
            .collect();
        assert_eq!(
            held,
            [
                ("t0", true, None),
                ("t1", true, Some(false)),
                ("t2", true, None),
                ("t3", false, None)
            ]
        );
        // The same bytes either way, from a directory of the judge's own.
        let bytes: Vec<Vec<u8>> = snap
            .tests
            .iter()
            .map(|t| t.input.bytes().unwrap().to_vec())
            .collect();
        assert_eq!(bytes, [&b"aaaa"[..], b"bbbbbb", b"cc", b"ddd"]);
        assert_eq!(
            &snap.tests[1].answer.as_ref().unwrap().bytes().unwrap()[..],
            b"answer"
        );
        let copied = snap.dir.as_ref().expect("a directory for the copies");
        assert!(!copied.path().starts_with(d));
        // Changing the tests afterwards changes nothing held.
        fs::write(d.join("3.in"), "zzz").unwrap();
        fs::write(d.join("0.in"), "zzzz").unwrap();
        assert_eq!(&snap.tests[3].input.bytes().unwrap()[..], b"ddd");
        assert_eq!(&snap.tests[0].input.bytes().unwrap()[..], b"aaaa");
        // Everything in memory with room for it.
        let all = Snapshot::take(&tests, HELD_IN_MEMORY).unwrap();
        assert!(all.dir.is_none());
    }

    #[test]
    fn the_output_cap_is_twice_the_answer_and_a_mebibyte_at_least_64_mib() {
        const MIB: u64 = 1 << 20;
        assert_eq!(output_limit(Some(5), Some(100 * MIB)), 5);
        assert_eq!(output_limit(None, None), 64 * MIB);
        assert_eq!(output_limit(None, Some(1000)), 64 * MIB);
        // 2 · 31.5 MiB + 1 MiB = 64 MiB: the two rules meet
        assert_eq!(output_limit(None, Some(63 * MIB / 2)), 64 * MIB);
        assert_eq!(output_limit(None, Some(63 * MIB / 2 + 1)), 64 * MIB + 2);
        assert_eq!(output_limit(None, Some(40 * MIB)), 81 * MIB);
    }

    #[test]
    fn cannot_start_says_what_the_file_tells() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let other = std::io::Error::from(std::io::ErrorKind::NotFound);
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let file = |name: &str, text: &str, mode: u32| {
            let p = d.join(name);
            fs::write(&p, text).unwrap();
            fs::set_permissions(&p, fs::Permissions::from_mode(mode)).unwrap();
            p
        };
        assert_eq!(
            cannot_start(&d.join("none"), &other),
            None,
            "no file: nothing to tell"
        );
        assert_eq!(
            cannot_start(d, &other).as_deref(),
            Some("not a regular file")
        );
        let p = file("plain", "#!/bin/sh\n", 0o644);
        assert_eq!(
            cannot_start(&p, &other).as_deref(),
            Some("the file is not executable")
        );
        // any execute bit will do
        let p = file("group", "#!/bin/sh\n", 0o610);
        assert_eq!(cannot_start(&p, &other), None);
        // a script whose interpreter exists inside the system directories
        let p = file("sh", "#!/bin/sh -e\necho\n", 0o755);
        assert_eq!(cannot_start(&p, &other), None);
        // ... refused all the same: the message says how to run it
        let why = cannot_start(&p, &denied).unwrap();
        assert!(
            why.starts_with("a script whose interpreter `/bin/sh` lies outside"),
            "{why}"
        );
        assert!(
            why.ends_with(&format!("`-- python3 {}`", p.display())),
            "{why}"
        );
        // an interpreter that does not exist
        let p = file("gone", "#!/no/such/interpreter\n", 0o755);
        assert_eq!(
            cannot_start(&p, &other).as_deref(),
            Some("its interpreter `/no/such/interpreter` does not exist")
        );
        // an interpreter outside the system directories: the test's own dir
        let interp = file("interp", "", 0o755);
        let p = file("outside", &format!("#!{}\n", interp.display()), 0o755);
        let why = cannot_start(&p, &other).unwrap();
        assert!(
            why.contains(&format!("`{}` lies outside", interp.display())),
            "{why}"
        );
        // not a script, or no interpreter on the line
        assert_eq!(cannot_start(&file("elf", "\x7fELF", 0o755), &other), None);
        assert_eq!(
            cannot_start(&file("empty", "#!  \n/bin/sh", 0o755), &other),
            None
        );
    }

    #[test]
    fn tests_in_finds_every_input_below_the_directory_in_name_order() {
        // The layout of a Kattis package's data/: the docs' definition.
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir_all(d.join("secret/deep")).unwrap();
        fs::create_dir(d.join("sample")).unwrap();
        for f in [
            "sample/1.in",
            "sample/1.ans",
            "secret/b.in",
            "secret/deep/a.in",
            "secret/deep/a.ans",
            "a.in",
            "notes.txt",
            "x.ans",
        ] {
            fs::write(d.join(f), "1\n3 2\n").unwrap();
        }
        let tests = tests_in(d).unwrap();
        let got: Vec<(&str, Option<PathBuf>)> = tests
            .iter()
            .map(|t| {
                assert_eq!(t.input, d.join(format!("{}.in", t.name)));
                (t.name.as_str(), t.answer.clone())
            })
            .collect();
        assert_eq!(
            got,
            [
                ("a", None),
                ("sample/1", Some(d.join("sample/1.ans"))),
                ("secret/b", None),
                ("secret/deep/a", Some(d.join("secret/deep/a.ans"))),
            ]
        );
        // Every input valid for bash (one case `3 2`), then one that is not.
        assert!(validate_tests(Problem::Bash, &tests).is_ok());
        fs::write(d.join("secret/b.in"), "1\n3 2 1\n").unwrap();
        let e = validate_tests(Problem::Bash, &tests).unwrap_err();
        assert!(
            e.to_string().starts_with(&format!(
                "{}: invalid input: ",
                d.join("secret/b.in").display()
            )),
            "{e}"
        );
        fs::remove_file(d.join("secret/b.in")).unwrap();
        let e = validate_tests(Problem::Bash, &tests).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("{}: ", d.join("secret/b.in").display())),
            "{e}"
        );
    }

    #[test]
    fn tests_in_refuses_an_input_or_answer_that_is_not_a_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::write(d.join("1.in"), "x").unwrap();
        // an answer that is a directory
        fs::create_dir(d.join("1.ans")).unwrap();
        let e = tests_in(d).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: not a regular file", d.join("1.ans").display())
        );
        fs::remove_dir(d.join("1.ans")).unwrap();
        // an input that is a device (a FIFO would hang the judge the same way)
        std::os::unix::fs::symlink("/dev/null", d.join("2.in")).unwrap();
        let e = tests_in(d).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: not a regular file", d.join("2.in").display())
        );
        // a directory that does not exist
        let e = tests_in(&d.join("none")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&d.join("none").display().to_string()),
            "{e}"
        );
    }
}
