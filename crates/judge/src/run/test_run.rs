//! One test's run, shared by the batch runs (`run.rs`) and the duels
//! (`run/duel.rs`): its configuration ([`RunConfig`]), its data as held by
//! the judge ([`Held`]), its result ([`TestResult`], with the [`Play`] of a
//! duel), the verdict of the sandbox's outcome ([`failed`]) and the judge's
//! own errors ([`RunError`]). Below both files, which import from here; it
//! imports neither. Re-exported by `run.rs`: the public paths are
//! `beatty_judge::run::X`.

use crate::sandbox::{self, Exit, Isolation, Limit, Limits, Outcome};
use beatty_problems::Verdict;
use beatty_problems::interact::Ply;
use beatty_problems::text::excerpt;
use std::fmt;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Limits, isolation and parallelism.
///
/// ```
/// let c = beatty_judge::run::RunConfig::default();
/// assert_eq!(c.memory_limit, 256 << 20);
/// ```
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Wall-clock time limit per test.
    pub time_limit: Duration,
    /// CPU time limit per test (default: the wall limit).
    pub cpu_limit: Option<Duration>,
    /// Memory limit per test, in bytes.
    pub memory_limit: u64,
    /// Output cap per test, in bytes (default: twice the answer plus 1 MiB, at least 64 MiB).
    pub output_limit: Option<u64>,
    /// Bytes a test may write to files (see [`sandbox::Limits::disk`]).
    pub disk_limit: u64,
    /// Tests run at the same time (at least 1).
    pub jobs: usize,
    /// How runs are isolated.
    pub isolation: Isolation,
    /// Stop at the first failing test (in test order).
    pub stop_on_fail: bool,
    /// Directories the submission must not see (the test data; see
    /// [`sandbox::Limits::hide`]).
    pub hide: Vec<PathBuf>,
    /// Interactive tests: the most the program may think about one move
    /// (from the judge's last byte to its answer); `None`: only the wall
    /// limit bounds it.
    pub move_time_limit: Option<Duration>,
    /// Interactive tests: keep every ply in [`Play::transcript`].
    pub transcript: bool,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            time_limit: Duration::from_secs(2),
            cpu_limit: None,
            memory_limit: 256 << 20,
            output_limit: None,
            disk_limit: 64 << 20,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            isolation: if sandbox::strict_available() {
                Isolation::Strict
            } else {
                Isolation::Basic
            },
            stop_on_fail: false,
            hide: Vec::new(),
            move_time_limit: None,
            transcript: false,
        }
    }
}

/// The result of one test.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The test's name.
    pub name: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// Wall-clock time until exit or kill.
    pub time: Duration,
    /// CPU time of its processes.
    pub cpu: Duration,
    /// Peak resident memory, bytes.
    pub memory: u64,
    /// The checker's message, or the escaped tail of standard error for RE.
    pub detail: String,
    /// An interactive test's play (`None` for a batch test).
    pub play: Option<Play>,
}

/// How an interactive test was played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Play {
    /// The games of the test.
    pub games: usize,
    /// The games the program won.
    pub won: usize,
    /// The plies played in all (both sides').
    pub plies: u64,
    /// The program's side choices and moves that were timed.
    pub moves: u64,
    /// The longest the program thought about one of them.
    pub think_max: Duration,
    /// The mean time it thought.
    pub think_mean: Duration,
    /// Every ply, with the program's think time (with
    /// [`RunConfig::transcript`]; else empty).
    pub transcript: Vec<TimedPly>,
}

/// One ply of a transcript: what the referee recorded, and for the
/// program's own plies how long it thought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedPly {
    /// The ply.
    pub ply: Ply,
    /// The program's think time (`None` for the judge's plies).
    pub think: Option<Duration>,
}

/// A failure of the judge itself (not of the submission).
///
/// ```
/// let e = beatty_judge::run::RunError("running `x`: No such file or directory".into());
/// assert!(e.to_string().contains("running `x`"));
/// ```
#[derive(Clone, Debug)]
pub struct RunError(pub String);

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RunError {}

/// Bytes of standard error shown in a report.
const STDERR_SHOWN: usize = 512;

/// The sandbox's limits of one test of `cfg` with the output cap `output`.
pub(crate) fn limits_of(cfg: &RunConfig, output: u64) -> Limits {
    Limits::default()
        .with_wall(cfg.time_limit)
        .with_cpu(cfg.cpu_limit.unwrap_or(cfg.time_limit))
        .with_memory(cfg.memory_limit)
        .with_output(output)
        .with_disk(cfg.disk_limit)
        .with_hide(cfg.hide.clone())
}

/// The judge's error for a run of `program` the sandbox could not start,
/// with why when the file tells ([`cannot_start`]).
pub(crate) fn start_failed(program: &Path, e: &std::io::Error) -> RunError {
    let why = cannot_start(program, e).map_or_else(String::new, |w| format!(" ({w})"));
    RunError(format!(
        "running `{}`: {e}{why}",
        excerpt(program.as_os_str().as_bytes(), 200)
    ))
}

/// The verdict of a run that failed, before anything it wrote is looked at:
/// over the output cap (OLE), the wall or CPU time (TLE), the memory (MLE),
/// or ended other than with exit code 0 (RE, with the escaped tail of its
/// standard error); `None` for a run that ended well.
pub(crate) fn failed(o: &Outcome, limits: &Limits) -> Option<(Verdict, String)> {
    let stderr_tail = || {
        let keep = o.stderr.len().saturating_sub(STDERR_SHOWN);
        excerpt(&o.stderr[keep..], STDERR_SHOWN)
    };
    Some(match o.limit {
        Some(Limit::Output) => (
            Verdict::OutputLimit,
            format!("output beyond {} bytes", limits.output),
        ),
        Some(Limit::Wall) => (
            Verdict::TimeLimit,
            format!("killed after {:.3}s (wall)", o.wall.as_secs_f64()),
        ),
        Some(Limit::Cpu) => (
            Verdict::TimeLimit,
            format!("CPU time {:.3}s beyond the limit", o.cpu.as_secs_f64()),
        ),
        Some(Limit::Memory) => (
            Verdict::MemoryLimit,
            format!(
                "over the memory limit of {} MiB (peak {} MiB)",
                limits.memory >> 20,
                o.memory.div_ceil(1 << 20)
            ),
        ),
        // A limit a later sandbox adds: never an AC.
        Some(other) => (
            Verdict::RuntimeError,
            format!("stopped by the sandbox: {other:?}"),
        ),
        None if o.exit == Exit::Code(0) => return None,
        None => {
            let how = match o.exit {
                Exit::Code(c) => format!("exit code {c}"),
                Exit::Signal(s) => format!("killed by signal {s}"),
            };
            if o.stderr.is_empty() {
                (Verdict::RuntimeError, format!("{how}; nothing on stderr"))
            } else {
                (
                    Verdict::RuntimeError,
                    format!("{how}; stderr ends with: {}", stderr_tail()),
                )
            }
        }
    })
}

/// Why the sandbox could not start `program` (after `error`), when the file
/// tells: it is not executable, or it is a script whose interpreter lies
/// outside the directories the sandbox lets programs read and execute.
pub(crate) fn cannot_start(program: &Path, error: &std::io::Error) -> Option<String> {
    use std::io::Read;
    use std::os::unix::fs::PermissionsExt;
    let m = std::fs::metadata(program).ok()?;
    if !m.is_file() {
        return Some("not a regular file".into());
    }
    if m.permissions().mode() & 0o111 == 0 {
        return Some("the file is not executable".into());
    }
    let mut head = [0u8; 256];
    let n = std::fs::File::open(program)
        .and_then(|mut f| f.read(&mut head))
        .ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next().unwrap_or(line);
    let interpreter = std::ffi::OsStr::from_bytes(line.trim_ascii())
        .to_str()?
        .split_whitespace()
        .next()?;
    let reachable = sandbox::filesystem::SYSTEM
        .iter()
        .any(|d| Path::new(interpreter).starts_with(d));
    if !Path::new(interpreter).exists() {
        return Some(format!("its interpreter `{interpreter}` does not exist"));
    }
    if !reachable || error.kind() == std::io::ErrorKind::PermissionDenied {
        return Some(format!(
            "a script whose interpreter `{interpreter}` lies outside the directories the sandbox lets programs read ({}): give the interpreter in the command, e.g. `-- python3 {}`",
            sandbox::filesystem::SYSTEM.join(", "),
            program.display()
        ));
    }
    None
}

/// One test's data, held privately.
pub(crate) struct Held {
    pub(crate) name: String,
    pub(crate) input: Data,
    pub(crate) answer: Option<Data>,
}

/// Bytes in memory or in a private copy.
pub(crate) enum Data {
    Memory(std::sync::Arc<Vec<u8>>),
    Copy(PathBuf),
}

impl Data {
    pub(crate) fn bytes(&self) -> std::io::Result<std::sync::Arc<Vec<u8>>> {
        match self {
            Data::Memory(b) => Ok(std::sync::Arc::clone(b)),
            Data::Copy(p) => std::fs::read(p).map(std::sync::Arc::new),
        }
    }
}
