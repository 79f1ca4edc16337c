//! `judge run`: a submission judged on a test set, each test in the sandbox of
//! `beatty-sandbox` (Linux only: it is made of Linux process control).

use crate::report::{Format, Summary, json_line, text_line};
use crate::{Outcome, fail};
use beatty_judge::judging::{
    self, IsolationChoice, Progress, Report, Request, Submission, TestSource, choose_isolation,
};
use beatty_judge::lang::{Language, Languages};
use beatty_judge::run::{RunConfig, Task, TestResult, shut_down};
use beatty_judge::sandbox::Isolation;
use beatty_problems::Verdict;
use clap::Args;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, PoisonError};

/// `--isolation`: how each run is isolated.
#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum IsolationArg {
    /// Strict where the kernel allows namespaces, else basic.
    Auto,
    /// PID, mount, IPC, UTS and network namespaces; refuse to run without them.
    Strict,
    /// No namespaces: session, process group and (as root) a user id per
    /// run, in the host's file tree behind Landlock. It does not protect the
    /// metadata of files the run's user owns, hides no process, bounds the
    /// disk per file only, and without root runs as your own user id.
    Basic,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// The problem, e.g. `wythoff`, or an interactive one, e.g. `wythoff-play`
    ///
    /// By name or alias; `judge problems` lists them.
    problem: Task,
    /// A source file, compiled by its extension, e.g. `sol.cpp`
    ///
    /// Compiled in the sandbox (`judge languages` lists the extensions); or
    /// else give a command after `--`.
    file: Option<PathBuf>,
    /// A languages file that changes or extends the language table
    ///
    /// E.g. `--languages langs.txt` (`judge languages --help` has the format).
    #[arg(long, value_name = "FILE")]
    languages: Option<PathBuf>,
    /// The language of FILE by its id, instead of its extension
    ///
    /// The ids are those of `judge languages`, e.g. `--language pypy3` for a
    /// `.py` file run by PyPy.
    #[arg(long, value_name = "ID")]
    language: Option<String>,
    /// The report's format
    ///
    /// `text` (a line per test, then the verdict), `json` (JSON Lines: an
    /// object per test, then a summary object) or `junit` (JUnit XML), e.g.
    /// `--format junit`.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// A test directory (default: a fresh test set from the seed)
    ///
    /// Searched recursively for `*.in` (optional `*.ans` beside), e.g.
    /// `--tests tests-wythoff` or a Kattis package's `--tests pkg/data`.
    #[arg(long)]
    tests: Option<PathBuf>,
    /// The seed of the fresh test set, e.g. `--seed 3`.
    #[arg(long, default_value_t = 1, value_parser = crate::number::count)]
    seed: u64,
    /// Wall-clock seconds per test, e.g. `--time-limit 0.5`.
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// CPU seconds per test, all processes together (default: the time limit)
    ///
    /// E.g. `--cpu-limit 1`.
    #[arg(long)]
    cpu_limit: Option<f64>,
    /// Memory per test in MiB, all processes together
    ///
    /// Charged by a memory cgroup where there is one, else their resident
    /// memory sampled every 20 ms, e.g. `--memory-limit 64`.
    #[arg(long, default_value_t = 256, value_parser = crate::number::count)]
    memory_limit: u64,
    /// Disk per test in MiB
    ///
    /// The size of the private tmpfs holding its /tmp, /var/tmp, /dev/shm and
    /// working directory (strict), and the largest file it may write, e.g.
    /// `--disk-limit 16`.
    #[arg(long, default_value_t = 64, value_parser = crate::number::count)]
    disk_limit: u64,
    /// Output cap per test in bytes
    ///
    /// E.g. `--output-limit 1000000` (default: twice the answer plus 1 MiB, at
    /// least 64 MiB).
    #[arg(long, value_parser = crate::number::count)]
    output_limit: Option<u64>,
    /// How each run is isolated, e.g. `--isolation basic`.
    ///
    /// Whose identity a run has: as root, a user id of its own per run
    /// (60000 + n); without root, where /etc/subuid and /etc/subgid give your
    /// user subordinate ids and newuidmap and newgidmap are installed (the
    /// `uidmap` package, as rootless podman uses), one of them per strict run,
    /// so your files are another user's to it; otherwise your own user id,
    /// so a run reads every file of yours that it sees (under /usr, the
    /// listed entries of /etc, a toolchain's own directory and the files the
    /// command names), and the judge warns on stderr.
    #[arg(long, value_enum, default_value = "auto")]
    isolation: IsolationArg,
    /// Stop at the first failing test.
    #[arg(long)]
    stop_on_fail: bool,
    /// Interactive problems: the most seconds one move may take
    ///
    /// From the judge's last byte to the program's answer (beyond it: TLE,
    /// idle), e.g. `--move-time-limit 0.1` (default: only the time limit).
    #[arg(long, value_name = "SECONDS")]
    move_time_limit: Option<f64>,
    /// Interactive problems: write every ply to FILE as JSON Lines
    ///
    /// Every ply of every test: test, game, ply, who, line, position before
    /// and after, think time, e.g. `--transcript plies.jsonl`.
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
    /// Tests run in parallel (default: the number of cores)
    ///
    /// E.g. `--jobs 1`.
    #[arg(long)]
    jobs: Option<usize>,
    /// The submission as a command and its arguments, e.g. `-- ./a.out`
    ///
    /// After `--`, instead of a source FILE.
    #[arg(last = true)]
    cmd: Vec<OsString>,
}

/// The signal that stopped `judge run` (0: none).
static SIGNALLED: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

pub(crate) fn seconds(name: &str, s: f64) -> Result<std::time::Duration, String> {
    if s.is_finite() && s > 0.0 && s < 1e6 {
        Ok(std::time::Duration::from_secs_f64(s))
    } else {
        Err(format!(
            "{name} must be a positive number of seconds below 10^6"
        ))
    }
}

/// What to say about a command given after `--` that names a file the sandbox
/// cannot start (a source file, a file that is not executable): the reason
/// and the command to type instead. `None` when it is a runnable file or not
/// a file at all.
fn command_hint(problem: Task, cmd: &[OsString], langs: &Languages) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let first = Path::new(cmd.first()?);
    let m = std::fs::metadata(first).ok()?;
    let shown = first.display();
    if m.is_dir() {
        return Some(format!("`{shown}` is a directory, not a program"));
    }
    if m.permissions().mode() & 0o111 != 0 {
        return None;
    }
    let source = langs.of(first).map(|l| l.name.clone());
    Some(match source {
        Some(lang) => format!(
            "`{shown}` is a {lang} source file, not a program; did you mean `judge run {problem} {shown}`?"
        ),
        None => format!(
            "`{shown}` is not executable (chmod +x {shown}); for a source file, did you mean `judge run {problem} {shown}`?"
        ),
    })
}

/// The language table: the built-in one, changed by `--languages FILE`; or
/// the exit code and message: 3 for a file that cannot be read, 2 for a
/// mistake in it.
pub(crate) fn language_table(file: Option<&Path>) -> Result<Languages, (u8, String)> {
    let t = Languages::builtin();
    let Some(f) = file else { return Ok(t) };
    let text = std::fs::read_to_string(f).map_err(|e| {
        (
            3,
            format!("cannot read the languages file {}: {e}", f.display()),
        )
    })?;
    t.with_file(&text, &f.display().to_string())
        .map_err(|e| (2, e))
}

/// `judge run` (Linux only: its sandbox is made of Linux process control):
/// the arguments mapped onto a [`Request`], judged by [`judging::judge`],
/// the report printed in its format.
pub(crate) fn run(a: &RunArgs) -> Outcome {
    let request = match request(a) {
        Ok(r) => r,
        Err((code, e)) => return Ok(fail(code, &e)),
    };
    announce(a.isolation, request.config.isolation);
    let printer = Printer::new(a.format);
    let judged = judging::judge(&request, &printer);
    printer.bar.finish_and_clear();
    if let Some(e) = printer
        .write_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        return Err(e.into());
    }
    match judged {
        Ok(Report::CompileError { tests, message }) => report_compile_error(a, &tests, &message),
        Ok(Report::Judged {
            tests,
            results,
            verdict,
            line,
        }) => match signalled() {
            Some(code) => Ok(code),
            None => report(a, &tests, &results, verdict, line),
        },
        Err(e) => Ok(signalled().unwrap_or_else(|| fail(3, &e.to_string()))),
    }
}

/// The request `a` asks for, or the exit code and message of its mistake:
/// checked in this order, the signal handlers installed between the
/// program's checks and the limits'.
fn request(a: &RunArgs) -> Result<Request, (u8, String)> {
    let langs = language_table(a.languages.as_deref())?;
    let submission = submission(a, &langs)?;
    if a.jobs == Some(0) {
        return Err((2, "--jobs must be at least 1".into()));
    }
    watch_signals()?;
    let tests = match &a.tests {
        Some(d) => TestSource::Dir(d.clone()),
        None => TestSource::Generated { seed: a.seed },
    };
    Ok(Request {
        task: a.problem,
        submission,
        tests,
        config: config(a)?,
    })
}

/// The program `a` names: a source FILE (its language by `--language` or
/// its extension) or a command after `--`.
fn submission(a: &RunArgs, langs: &Languages) -> Result<Submission, (u8, String)> {
    match (&a.file, a.cmd.is_empty()) {
        (Some(_), false) => Err((
            2,
            "give either a source FILE or a command after `--`, not both".into(),
        )),
        (None, true) => Err((
            2,
            format!(
                "give a source file (e.g. `judge run {p} sol.cpp`) or a command after `--` (e.g. `judge run {p} -- ./a.out`)",
                p = a.problem
            ),
        )),
        (Some(f), true) => {
            let language = language(a.language.as_deref(), f, langs)?.clone();
            if !f.is_file() {
                return Err((3, format!("{}: no such file", f.display())));
            }
            Ok(Submission::Source {
                path: f.clone(),
                language,
            })
        }
        (None, false) => {
            if a.language.is_some() {
                return Err((
                    2,
                    "--language names the language of a source FILE; a command after `--` runs as it is".into(),
                ));
            }
            if let Some(hint) = command_hint(a.problem, &a.cmd, langs) {
                return Err((2, hint));
            }
            Ok(Submission::Command(a.cmd.clone()))
        }
    }
}

/// The language of the source `f`: the one of id `id`, else the one of its
/// extension.
fn language<'a>(
    id: Option<&str>,
    f: &Path,
    langs: &'a Languages,
) -> Result<&'a Language, (u8, String)> {
    if let Some(id) = id {
        return langs.list.iter().find(|l| l.id == id).ok_or_else(|| {
            let ids: Vec<&str> = langs.list.iter().map(|l| l.id.as_str()).collect();
            (
                2,
                format!(
                    "--language {}: no such language (known: {})",
                    beatty_problems::text::excerpt(id.as_bytes(), 40),
                    ids.join(", ")
                ),
            )
        });
    }
    langs.of(f).ok_or_else(|| {
        (
            2,
            format!(
                "{}: no language has this extension (known: {}); give a command after `--` instead, or a --languages file",
                f.display(),
                langs.extensions()
            ),
        )
    })
}

/// The limits, isolation and parallelism `a` asks for.
/// The isolation `--isolation` asks for (`judge run`'s and `judge hack`'s),
/// or the message of a refusal (exit 3).
pub(crate) fn isolation(asked: IsolationArg) -> Result<Isolation, String> {
    let choice = match asked {
        IsolationArg::Auto => IsolationChoice::Auto,
        IsolationArg::Strict => IsolationChoice::Strict,
        IsolationArg::Basic => IsolationChoice::Basic,
    };
    choose_isolation(choice).map_err(|e| format!("--isolation strict: {e} (try --isolation basic)"))
}

fn config(a: &RunArgs) -> Result<RunConfig, (u8, String)> {
    let time_limit = seconds("--time-limit", a.time_limit).map_err(|e| (2, e))?;
    let cpu_limit = a
        .cpu_limit
        .map(|c| seconds("--cpu-limit", c))
        .transpose()
        .map_err(|e| (2, e))?;
    let move_time_limit = a
        .move_time_limit
        .map(|m| seconds("--move-time-limit", m))
        .transpose()
        .map_err(|e| (2, e))?;
    if matches!(a.problem, Task::Batch(_))
        && (a.move_time_limit.is_some() || a.transcript.is_some())
    {
        return Err((
            2,
            format!(
                "--move-time-limit and --transcript are for interactive problems; {} is a batch problem",
                a.problem
            ),
        ));
    }
    if !(1..=1 << 20).contains(&a.memory_limit) {
        return Err((2, "--memory-limit must be between 1 and 1048576 MiB".into()));
    }
    if !(1..=1 << 20).contains(&a.disk_limit) {
        return Err((2, "--disk-limit must be between 1 and 1048576 MiB".into()));
    }
    let isolation = isolation(a.isolation).map_err(|e| (3, e))?;
    Ok(RunConfig {
        time_limit,
        cpu_limit,
        memory_limit: a.memory_limit << 20,
        disk_limit: a.disk_limit << 20,
        output_limit: a.output_limit,
        jobs: a.jobs.unwrap_or_else(|| RunConfig::default().jobs).max(1),
        isolation,
        stop_on_fail: a.stop_on_fail,
        hide: Vec::new(),
        move_time_limit,
        transcript: a.transcript.is_some(),
    })
}

/// SIGINT, SIGTERM and SIGHUP stop every run and are remembered for the
/// exit code (128 + the signal).
fn watch_signals() -> Result<(), (u8, String)> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|e| (3, format!("cannot install the signal handlers: {e}")))?;
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            SIGNALLED.store(sig, Ordering::SeqCst);
            shut_down();
        }
    });
    Ok(())
}

/// The exit code of the signal that stopped `judge run`, if one did.
fn signalled() -> Option<ExitCode> {
    match SIGNALLED.load(Ordering::SeqCst) {
        0 => None,
        s => Some(ExitCode::from(u8::try_from(128 + s).unwrap_or(1))),
    }
}

/// The isolation and the sandbox's layers on stderr, with a warning for
/// what `isolation` leaves open.
fn announce(asked: IsolationArg, isolation: Isolation) {
    let mut err = io::stderr().lock();
    let _ = writeln!(
        err,
        "judge: isolation {isolation}; memory limit by {}; {}",
        beatty_judge::sandbox::memory_enforcement(),
        beatty_judge::sandbox::layers()
    );
    if let Some(open) = beatty_judge::sandbox::identity_left_open(isolation) {
        let _ = writeln!(err, "judge: warning: {open}");
    }
    if let Some(open) = beatty_judge::sandbox::left_open(isolation) {
        let why = match asked {
            IsolationArg::Basic => "--isolation basic",
            _ => "the kernel refuses namespaces here",
        };
        let _ = writeln!(err, "judge: warning: {why}: {open}");
    }
}

/// What `judge run` prints while it judges: the compile on stderr, a progress
/// bar on a terminal, each test's line (text, JSON) on stdout as it ends. A
/// failed write stops every run and is kept for the exit.
struct Printer {
    format: Format,
    bar: indicatif::ProgressBar,
    write_error: Mutex<Option<io::Error>>,
}

impl Printer {
    fn new(format: Format) -> Printer {
        let bar = if io::stderr().is_terminal() {
            indicatif::ProgressBar::new(0)
        } else {
            indicatif::ProgressBar::hidden()
        };
        Printer {
            format,
            bar,
            write_error: Mutex::new(None),
        }
    }
}

impl Progress for Printer {
    fn compiling(&self, path: &Path, language: &Language) {
        let _ = writeln!(
            io::stderr(),
            "judge: compiling {} as {}",
            path.display(),
            language.name
        );
    }

    fn running(&self, tests: usize) {
        self.bar.set_length(tests as u64);
    }

    fn done(&self, r: &TestResult) {
        self.bar.inc(1);
        let line = match self.format {
            Format::Text => text_line(r),
            Format::Json => json_line(r),
            Format::Junit => return,
        };
        let w = self.bar.suspend(|| {
            let mut out = io::stdout().lock();
            out.write_all(line.as_bytes()).and_then(|()| out.flush())
        });
        if let Err(e) = w {
            let mut slot = self
                .write_error
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if slot.is_none() {
                *slot = Some(e);
                shut_down();
            }
        }
    }

    fn stopped(&self) -> bool {
        signalled().is_some()
    }
}

/// The report of a judging: the transcript if asked, the summary, and the
/// exit code (0 for AC, else 1).
fn report(
    a: &RunArgs,
    tests: &[String],
    results: &[TestResult],
    verdict: Verdict,
    line: String,
) -> Outcome {
    if let Some(path) = &a.transcript
        && let Err(e) = std::fs::write(path, crate::report::transcript(results))
    {
        return Ok(fail(3, &format!("{}: {e}", path.display())));
    }
    let summary = Summary {
        problem: a.problem.name(),
        verdict,
        line,
        results,
        tests,
        compile_error: None,
    };
    write_summary(a.format, &summary)?;
    Ok(if verdict == Verdict::Accepted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The report's end in its format.
fn write_summary(format: Format, s: &Summary) -> io::Result<()> {
    let mut out = std::io::stdout().lock();
    match format {
        Format::Text => writeln!(out, "{}", s.line)?,
        Format::Json => out.write_all(s.json().as_bytes())?,
        Format::Junit => out.write_all(s.junit().as_bytes())?,
    }
    out.flush()
}

/// The report of a source that did not compile: the verdict CE, no test run.
fn report_compile_error(a: &RunArgs, names: &[String], message: &str) -> Outcome {
    let line = format!(
        "verdict: CE (0/{} tests; the source did not compile)",
        names.len()
    );
    if a.format == Format::Text {
        let mut text = String::from("compile              CE\n");
        for l in message.lines() {
            text.push_str("    ");
            text.push_str(l);
            text.push('\n');
        }
        std::io::stdout().lock().write_all(text.as_bytes())?;
    }
    let summary = Summary {
        problem: a.problem.name(),
        verdict: Verdict::CompileError,
        line,
        results: &[],
        tests: names,
        compile_error: Some(message),
    };
    write_summary(a.format, &summary)?;
    Ok(ExitCode::from(1))
}
