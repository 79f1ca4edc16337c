//! The local judge: runs a submission on a test set.
//!
//! Each test's `.in` file becomes the submission's standard input. The
//! submission runs in its **own process group** (`process_group(0)`), so that it
//! and everything it starts can be killed together. The judge polls the child
//! with `waitid(WNOWAIT)`, which sees the exit *without reaping*: the process
//! group is therefore always killed (`killpg(SIGKILL)`) while its id still
//! belongs to us, and only then is the child reaped. No path leaves a stray or a
//! zombie process: normal exit, time limit, output limit, or a judge error.
//! [`kill_all_live`] kills every live group (the `judge` binary calls it from its
//! Ctrl-C handler before exiting with 130).
//!
//! Verdicts, per test, in this order of precedence:
//!
//! * **OLE** — the output grew beyond the output limit (the judge stops reading
//!   and kills the group at once);
//! * **TLE** — still running at the time limit (wall clock); killed;
//! * **RE** — a non-zero exit code or death by a signal; the last lines of its
//!   standard error are kept;
//! * otherwise the output is checked with [`crate::check()`]: **AC**, **WA** or **PE**.
//!
//! The overall verdict is that of the first failing test in test order, or AC.

use crate::{Problem, Verdict, check};
use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
use nix::unistd::Pid;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One test: its name, input and (optional) jury answer.
///
/// ```
/// let t = beatty_judge::run::Test { name: "01-sample".into(), input: "01-sample.in".into(), answer: None };
/// assert_eq!(t.name, "01-sample");
/// ```
#[derive(Clone, Debug)]
pub struct Test {
    /// The test's name (the file name without `.in`).
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The answer file, if there is one (it is verified by the checker).
    pub answer: Option<PathBuf>,
}

/// The tests of a directory: every `*.in` file in name order, with `*.ans` if present.
///
/// ```no_run
/// let tests = beatty_judge::run::tests_in(std::path::Path::new("tests-wythoff")).unwrap();
/// assert!(!tests.is_empty());
/// ```
pub fn tests_in(dir: &Path) -> std::io::Result<Vec<Test>> {
    let mut tests = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "in") {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let ans = path.with_extension("ans");
            tests.push(Test {
                name,
                answer: ans.is_file().then_some(ans),
                input: path,
            });
        }
    }
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(tests)
}

/// Limits and parallelism.
///
/// ```
/// let c = beatty_judge::run::RunConfig::default();
/// assert_eq!(c.output_limit, 64 << 20);
/// ```
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Wall-clock time limit per test.
    pub time_limit: Duration,
    /// Output cap per test, in bytes.
    pub output_limit: u64,
    /// Tests run at the same time (at least 1).
    pub jobs: usize,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            time_limit: Duration::from_secs(2),
            output_limit: 64 << 20,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// The result of one test.
///
/// ```
/// use beatty_judge::run::TestResult;
/// use beatty_judge::Verdict;
/// let r = TestResult { name: "01".into(), verdict: Verdict::Accepted, time: std::time::Duration::ZERO, detail: String::new() };
/// assert_eq!(r.verdict, Verdict::Accepted);
/// ```
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The test's name.
    pub name: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// Wall-clock time until exit or kill.
    pub time: Duration,
    /// The checker's message, or the tail of standard error for RE.
    pub detail: String,
}

/// A failure of the judge itself (not of the submission).
///
/// ```
/// let e = beatty_judge::run::RunError("cannot start `x`".into());
/// assert!(e.to_string().contains("cannot start"));
/// ```
#[derive(Clone, Debug)]
pub struct RunError(pub String);

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RunError {}

/// Process groups of the running submissions.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<i32>> {
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills every live submission process group (for a Ctrl-C handler). The groups
/// stay registered until their leader is reaped, so the ids are still ours.
///
/// ```
/// beatty_judge::run::kill_all_live(); // nothing running: does nothing
/// ```
pub fn kill_all_live() {
    for &pg in live().iter() {
        let _ = killpg(Pid::from_raw(pg), Signal::SIGKILL);
    }
}

const STDERR_TAIL: usize = 2048;

/// Runs `cmd` on one test.
fn run_one(
    problem: Problem,
    test: &Test,
    cmd: &[OsString],
    cfg: &RunConfig,
) -> Result<TestResult, RunError> {
    let err = |what: &str, e: &dyn fmt::Display| RunError(format!("{}: {what}: {e}", test.name));
    let input = std::fs::read(&test.input).map_err(|e| err("cannot read the input", &e))?;
    let answer = match &test.answer {
        Some(p) => Some(std::fs::read(p).map_err(|e| err("cannot read the answer", &e))?),
        None => None,
    };
    let stdin = File::open(&test.input).map_err(|e| err("cannot open the input", &e))?;
    let (program, args) = cmd
        .split_first()
        .ok_or_else(|| RunError("no command to run".into()))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // Spawn and register under the lock, so a Ctrl-C cannot miss this group.
    let (mut child, pgid) = {
        let mut live = live();
        let child = command
            .spawn()
            .map_err(|e| RunError(format!("cannot start `{}`: {e}", program.to_string_lossy())))?;
        let pgid = i32::try_from(child.id()).map_err(|e| err("pid", &e))?;
        live.push(pgid);
        (child, pgid)
    };
    let start = Instant::now();
    let over = Arc::new(AtomicBool::new(false));
    let limit = cfg.output_limit;
    let mut out_pipe = child.stdout.take();
    let over_w = Arc::clone(&over);
    let out_thread = std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(p) = out_pipe.as_mut() {
            let mut chunk = vec![0u8; 64 << 10];
            loop {
                match p.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => {
                        if (out.len() + n) as u64 > limit {
                            over_w.store(true, Ordering::SeqCst);
                            break;
                        }
                        out.extend_from_slice(&chunk[..n]);
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
        }
        out
    });
    let mut err_pipe = child.stderr.take();
    let err_thread = std::thread::spawn(move || {
        let mut tail: Vec<u8> = Vec::new();
        if let Some(p) = err_pipe.as_mut() {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = p.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                tail.extend_from_slice(&chunk[..n]);
                if tail.len() > 2 * STDERR_TAIL {
                    tail.drain(..tail.len() - STDERR_TAIL);
                }
            }
        }
        tail
    });
    let pid = Pid::from_raw(pgid);
    let mut nap = Duration::from_micros(500);
    let mut timed_out = false;
    loop {
        match waitid(
            Id::Pid(pid),
            WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT,
        ) {
            Ok(WaitStatus::StillAlive) => {}
            Err(nix::errno::Errno::EINTR) => continue,
            _ => break, // exited (or cannot wait: reaped below either way)
        }
        if over.load(Ordering::SeqCst) {
            break;
        }
        if start.elapsed() >= cfg.time_limit {
            timed_out = true;
            break;
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(10));
    }
    let time = start.elapsed();
    // The leader is not reaped yet, so the group id is still ours: kill the group
    // (the leader and anything it started), unregister, then reap.
    let _ = killpg(pid, Signal::SIGKILL);
    live().retain(|&g| g != pgid);
    let status = child
        .wait()
        .map_err(|e| err("cannot wait for the submission", &e))?;
    let output = out_thread.join().unwrap_or_default();
    let tail = err_thread.join().unwrap_or_default();
    let done = |verdict, detail: String| {
        Ok(TestResult {
            name: test.name.clone(),
            verdict,
            time,
            detail,
        })
    };
    if over.load(Ordering::SeqCst) {
        return done(Verdict::OutputLimit, format!("output beyond {limit} bytes"));
    }
    if timed_out {
        return done(
            Verdict::TimeLimit,
            format!("killed after {:.3}s", time.as_secs_f64()),
        );
    }
    if !status.success() {
        let how = match (status.code(), status.signal()) {
            (Some(c), _) => format!("exit code {c}"),
            (None, Some(s)) => format!("killed by signal {s}"),
            _ => "abnormal exit".into(),
        };
        let text = String::from_utf8_lossy(&tail);
        let last: Vec<&str> = text.lines().rev().take(5).collect();
        let last: Vec<&str> = last.into_iter().rev().collect();
        return done(
            Verdict::RuntimeError,
            format!("{how}; stderr ends with:\n{}", last.join("\n")),
        );
    }
    let r = check(problem, &input, &output, answer.as_deref());
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
/// `on_done` is called with each result as soon as it is known (for progress).
///
/// ```no_run
/// use beatty_judge::run::{run_tests, tests_in, RunConfig};
/// use beatty_judge::Problem;
/// let tests = tests_in(std::path::Path::new("tests-wythoff")).unwrap();
/// let cmd = ["python3".into(), "solution.py".into()];
/// let results = run_tests(Problem::Wythoff, &tests, &cmd, &RunConfig::default(), &|_| ()).unwrap();
/// assert_eq!(results.len(), tests.len());
/// ```
pub fn run_tests(
    problem: Problem,
    tests: &[Test],
    cmd: &[OsString],
    cfg: &RunConfig,
    on_done: &(dyn Fn(&TestResult) + Sync),
) -> Result<Vec<TestResult>, RunError> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<TestResult, RunError>>>> =
        Mutex::new((0..tests.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1).min(tests.len().max(1)) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(test) = tests.get(i) else { break };
                    let r = run_one(problem, test, cmd, cfg);
                    if let Ok(r) = &r {
                        on_done(r);
                    }
                    let stop = r.is_err();
                    results
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)[i] = Some(r);
                    if stop {
                        next.store(tests.len(), Ordering::SeqCst);
                        break;
                    }
                }
            });
        }
    });
    let results = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut out = Vec::with_capacity(tests.len());
    for r in results {
        match r {
            Some(r) => out.push(r?),
            None => continue,
        }
    }
    Ok(out)
}

/// The overall verdict line: the first failing test's verdict (or AC) and the
/// number of accepted tests, e.g. `verdict: WA (5/7 tests)`.
///
/// ```
/// use beatty_judge::run::{verdict_line, TestResult};
/// use beatty_judge::Verdict;
/// let t = |v| TestResult { name: String::new(), verdict: v, time: Default::default(), detail: String::new() };
/// let (line, v) = verdict_line(&[t(Verdict::Accepted), t(Verdict::TimeLimit), t(Verdict::WrongAnswer)]);
/// assert_eq!(line, "verdict: TLE (1/3 tests)");
/// assert_eq!(v, Verdict::TimeLimit);
/// ```
#[must_use]
pub fn verdict_line(results: &[TestResult]) -> (String, Verdict) {
    let passed = results
        .iter()
        .filter(|r| r.verdict == Verdict::Accepted)
        .count();
    let v = results
        .iter()
        .find(|r| r.verdict != Verdict::Accepted)
        .map_or(Verdict::Accepted, |r| r.verdict);
    (
        format!("verdict: {v} ({passed}/{} tests)", results.len()),
        v,
    )
}
