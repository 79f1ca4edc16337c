//! `judge run`: a submission judged on a test set, each test in the sandbox of
//! `beatty-sandbox` (Linux only: it is made of Linux process control).

use crate::{Outcome, fail};
use beatty_judge::Problem;
use beatty_judge::run::{RunConfig, run_tests, shut_down, tests_in, validate_tests, verdict_line};
use beatty_judge::sandbox::{Isolation, strict_available};
use clap::Args;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// `--isolation`: how each run is isolated.
#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum IsolationArg {
    /// Strict where the kernel allows namespaces, else basic.
    Auto,
    /// PID, mount, IPC and UTS namespaces; refuse to run without them.
    Strict,
    /// Session, process group and (as root) a user id per run; no namespaces.
    Basic,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// The problem (name or alias), e.g. `wythoff`.
    problem: Problem,
    /// A test directory, searched recursively for `*.in` (optional `*.ans`
    /// beside), e.g. `--tests tests-wythoff` or a Kattis package's
    /// `--tests pkg/data` (default: a fresh test set from the seed).
    #[arg(long)]
    tests: Option<PathBuf>,
    /// The seed of the fresh test set, e.g. `--seed 3`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Wall-clock seconds per test, e.g. `--time-limit 0.5`.
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// CPU seconds per test, all processes together, e.g. `--cpu-limit 1`
    /// (default: the time limit).
    #[arg(long)]
    cpu_limit: Option<f64>,
    /// Memory per test in MiB, all processes together (charged by a memory
    /// cgroup where there is one, else their resident memory sampled every
    /// 20 ms), e.g. `--memory-limit 64`.
    #[arg(long, default_value_t = 256)]
    memory_limit: u64,
    /// Disk per test in MiB: the size of the private tmpfs holding its /tmp,
    /// /var/tmp, /dev/shm and working directory (strict), and the largest
    /// file it may write, e.g. `--disk-limit 16`.
    #[arg(long, default_value_t = 64)]
    disk_limit: u64,
    /// Output cap per test in bytes, e.g. `--output-limit 1000000` (default:
    /// twice the answer plus 1 MiB, at least 64 MiB).
    #[arg(long)]
    output_limit: Option<u64>,
    /// How each run is isolated, e.g. `--isolation basic`.
    #[arg(long, value_enum, default_value = "auto")]
    isolation: IsolationArg,
    /// Stop at the first failing test.
    #[arg(long)]
    stop_on_fail: bool,
    /// Tests run in parallel, e.g. `--jobs 1` (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// The submission and its arguments, after `--`, e.g. `-- python3 sol.py`.
    #[arg(last = true, required = true)]
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

/// `judge run` (Unix only: its sandbox is made of POSIX process control).
pub(crate) fn run(a: &RunArgs) -> Outcome {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use std::io::IsTerminal;
    use std::sync::atomic::Ordering;
    let mut signals = match signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        Ok(s) => s,
        Err(e) => {
            return Ok(fail(3, &format!("cannot install the signal handlers: {e}")));
        }
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            SIGNALLED.store(sig, Ordering::SeqCst);
            shut_down();
        }
    });
    let signalled = || match SIGNALLED.load(Ordering::SeqCst) {
        0 => None,
        s => Some(ExitCode::from(u8::try_from(128 + s).unwrap_or(1))),
    };
    let (time_limit, cpu_limit) = match (
        seconds("--time-limit", a.time_limit),
        a.cpu_limit.map(|c| seconds("--cpu-limit", c)).transpose(),
    ) {
        (Ok(t), Ok(c)) => (t, c),
        (Err(e), _) | (_, Err(e)) => return Ok(fail(2, &e)),
    };
    if !(1..=1 << 20).contains(&a.memory_limit) {
        return Ok(fail(2, "--memory-limit must be between 1 and 1048576 MiB"));
    }
    if !(1..=1 << 20).contains(&a.disk_limit) {
        return Ok(fail(2, "--disk-limit must be between 1 and 1048576 MiB"));
    }
    let strict = strict_available();
    let isolation = match (a.isolation, strict) {
        (IsolationArg::Strict, false) => {
            return Ok(fail(
                3,
                "--isolation strict: the kernel refuses PID/mount namespaces here (try --isolation basic)",
            ));
        }
        (IsolationArg::Basic, _) | (IsolationArg::Auto, false) => Isolation::Basic,
        _ => Isolation::Strict,
    };
    let _ = writeln!(
        io::stderr(),
        "judge: isolation {isolation}; memory limit by {}; {}",
        beatty_judge::sandbox::memory_enforcement(),
        beatty_judge::sandbox::layers()
    );
    let cfg = RunConfig {
        time_limit,
        cpu_limit,
        memory_limit: a.memory_limit << 20,
        disk_limit: a.disk_limit << 20,
        output_limit: a.output_limit,
        jobs: a.jobs.unwrap_or_else(|| RunConfig::default().jobs).max(1),
        isolation,
        stop_on_fail: a.stop_on_fail,
        hide: Vec::new(),
    };
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(0)
    } else {
        indicatif::ProgressBar::hidden()
    };
    // The generated test set lives in a private temporary directory, removed
    // when `temp` drops (on every path out of this function).
    let mut temp = None;
    let dir = match &a.tests {
        Some(d) => d.clone(),
        None => {
            let t = match beatty_judge::sandbox::scratch_dir("testset") {
                Ok(t) => t,
                Err(e) => {
                    return Ok(fail(
                        3,
                        &format!("cannot create a temporary directory: {e}"),
                    ));
                }
            };
            let d = t.path().join("tests");
            if let Err(e) = beatty_judge::testset::write_testset(a.problem, &d, a.seed) {
                return Ok(fail(3, &e.to_string()));
            }
            temp = Some(t);
            d
        }
    };
    let mut cfg = cfg;
    cfg.hide.push(dir.clone());
    let write_error: std::sync::Mutex<Option<std::io::Error>> = std::sync::Mutex::new(None);
    let result = tests_in(&dir)
        .map_err(|e| format!("cannot read the tests: {e}"))
        .and_then(|tests| {
            if tests.is_empty() {
                return Err(format!("no *.in files in {}", dir.display()));
            }
            validate_tests(a.problem, &tests).map_err(|e| e.to_string())?;
            bar.set_length(tests.len() as u64);
            let r = run_tests(a.problem, &tests, &a.cmd, &cfg, &|r| {
                bar.inc(1);
                let mut line = format!(
                    "{:<20} {:<3} {:>7.3}s wall {:>7.3}s cpu {:>5} MiB\n",
                    r.name,
                    r.verdict.short(),
                    r.time.as_secs_f64(),
                    r.cpu.as_secs_f64(),
                    r.memory >> 20
                );
                for l in r.detail.lines() {
                    line.push_str("    ");
                    line.push_str(l);
                    line.push('\n');
                }
                let w = bar.suspend(|| {
                    let mut out = std::io::stdout().lock();
                    out.write_all(line.as_bytes()).and_then(|()| out.flush())
                });
                if let Err(e) = w {
                    let mut slot = write_error
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    if slot.is_none() {
                        *slot = Some(e);
                        shut_down();
                    }
                }
            });
            bar.finish_and_clear();
            r.map_err(|e| e.to_string())
        });
    if let Some(e) = write_error
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        drop(temp);
        return Err(e.into());
    }
    if let Some(code) = signalled() {
        drop(temp);
        return Ok(code);
    }
    let results = match result {
        Ok(r) => r,
        Err(e) => return Ok(fail(3, &e)),
    };
    drop(temp);
    let (line, v) = verdict_line(&results);
    writeln!(std::io::stdout().lock(), "{line}")?;
    Ok(if v == beatty_judge::Verdict::Accepted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
