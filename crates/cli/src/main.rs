//! The `judge` command line: see `judge --help`.

mod hazards;
#[cfg(target_os = "linux")]
mod invoke;
mod play;
mod plot;

use beatty_judge::check::check_reader;
use beatty_judge::generate::{GenError, Profile, generate};
#[cfg(target_os = "linux")]
use beatty_judge::run::{RunConfig, run_tests, shut_down, tests_in, validate_tests, verdict_line};
#[cfg(target_os = "linux")]
use beatty_judge::sandbox::{Isolation, strict_available};
use beatty_judge::validate::{ValidateError, validate_reader};
use beatty_judge::{Problem, SolveError, solve};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{self, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Each problem with the fields of its case line, e.g. `bash (pile n, maximum take m)`.
fn case_fields_help() -> String {
    let list: Vec<String> = Problem::ALL
        .iter()
        .map(|p| {
            let fields: Vec<&str> = p.spec().fields.iter().map(|f| f.name).collect();
            format!("{} ({})", p.name(), fields.join(", "))
        })
        .collect();
    list.join(", ")
}

/// The problems and their aliases, for the help texts (from the registry).
fn problems_help() -> String {
    let list: Vec<String> = Problem::ALL
        .iter()
        .map(|p| format!("{} ({})", p.name(), p.aliases().join(", ")))
        .collect();
    format!("Problems: {}. Names are case-insensitive.", list.join(", "))
}

/// Exact solver, validator, checker, generator and local judge for the classic
/// golden-ratio game problems (Wythoff, Bash, Euclid, Fibonacci nim).
#[derive(Parser)]
#[command(
    name = "judge",
    version,
    about,
    after_help = "Examples:\n  judge problems\n  judge solve wythoff input.txt\n  judge validate euclid < data.in\n  judge check wythoff-moves t.in out.txt t.ans\n  judge gen wythoff --profile hack --seed 7\n  judge testset wythoff --out tests-wythoff\n  judge package wythoff --out wythoff\n  judge run wythoff --time-limit 1 -- python3 solution.py\n  judge invoke fibonacci-nim --seeds 1..20\n  judge explain wythoff 165580140 267914295\n\nExit codes: 0 success; a broken pipe ends quietly with 0 (check still exits with its verdict); any other failed write is reported with exit 3."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// List the problems: names, aliases, input and output formats.
    #[command(after_help = "Example:\n  judge problems")]
    Problems,
    /// Print the exact answers of an input (streaming, tolerant of layout).
    #[command(after_help = format!("Exits 2 with `judge: line L, column C: expected …, found …` on stderr on bad input, after writing the answers of all earlier cases.\n\n{}\n\nExamples:\n  judge solve wythoff input.txt\n  printf '2 1\\n8 4\\n' | judge solve poj1067", problems_help()))]
    Solve(SolveArgs),
    /// Check that an input follows the official format exactly (testlib-style validator).
    #[command(after_help = format!("Exits 0 with a one-line summary, or 1 with `line L, column C: <rule broken>`. Columns count bytes.\n\n{}\n\nExamples:\n  judge validate euclid tests/01.in\n  judge gen bash | judge validate bash", problems_help()))]
    Validate(SolveArgs),
    /// Check a contestant's output (testlib argument order and exit codes, or Kattis with --kattis).
    #[command(after_help = format!("With --kattis, the Kattis output-validator interface: `judge check --kattis PROBLEM INPUT ANSWER FEEDBACK_DIR [FLAGS...] < team_output`; exits 42 accepted, 43 wrong answer (a presentation error too), 1 checker failure, and writes the message to FEEDBACK_DIR/judgemessage.txt; flags the system appends (e.g. case_sensitive) are ignored.\n\nExit codes: 0 accepted, 1 wrong answer, 2 presentation error, 3 checker failure (invalid INPUT or ANSWER, unreadable file). The verdicts are testlib's standard ones: ncmp for wythoff (a token that is not an integer is a presentation error; a wrong value, missing or extra integers are a wrong answer), wcmp for the word answers of the other problems (any difference is a wrong answer). Whitespace does not matter. wythoff-moves is checked case by case from its lines (a case is a line `0`, or `1` followed by lines `x y`; single-pile moves in any order). ANSWER, when given, is verified against the exact answer. Tokens in messages are cut to 64 bytes and escaped.\n\n{}\n\nExamples:\n  judge check wythoff 01.in contestant.out 01.ans\n  judge check euclid 01.in contestant.out\n  judge check --kattis wythoff-moves 01.in 01.ans feedback/ < contestant.out", problems_help()))]
    Check(CheckArgs),
    /// Generate a valid input, reproducible from the seed (SplitMix64).
    #[command(after_help = format!("Profiles: random (uniform within the limits, losing positions mixed in), edge (zeros, equal piles, limits, samples), hack (cases where a naive solution answers wrongly: each verified against the float solutions of beatty-float where the problem has one; boundary cases for bash and bash-auction, which have none), max (the largest input the limits allow), mixed (edge + some hack + random; the default).\n\n{}\n\nExamples:\n  judge gen wythoff --seed 7\n  judge gen euclid --profile hack\n  judge gen wythoff --profile random --cases 10000000 > big.in", problems_help()))]
    Gen(GenArgs),
    /// Write a complete test set (NN-name.in/.ans) into a directory.
    #[command(after_help = format!("Writes 01-sample, 02-edge, 03-hack, 04-random-small, 05-random, 06-mixed, 07-max; every .in passes `validate`, every .ans comes from `solve`.\n\n{}\n\nExample:\n  judge testset wythoff --out tests-wythoff --seed 1", problems_help()))]
    Testset(TestsetArgs),
    /// Write a problem package a judging system imports (Kattis format; DOMjudge takes the zip).
    #[command(after_help = format!("Writes problem.yaml, problem_statement/problem.en.tex, data/sample and data/secret (the test set of `judge testset`, hack cases included), input_validators/validate.py (self-contained Python 3, accepts exactly what `judge validate` accepts), output_validators/ where token comparison is not enough (wythoff-moves), and submissions/ (accepted, wrong_answer, time_limit_exceeded). Kattis takes the short name from the directory name and wants [a-z0-9]+ (e.g. wythoffmoves). An existing non-empty --out is refused unless --force; ., .., /, symbolic links and the current directory or its ancestors always. The package is built in a temporary directory beside --out and renamed into place (the old one is moved aside first and deleted last), so a failure leaves nothing behind and the old package as it was. Verify with problemtools: `verifyproblem DIR` (scripts/verify-packages.sh).\n\nThe memory limit (256 MiB) is resident memory, as DOMjudge and Kattis count it with cgroups. problemtools limits address space instead, and PyPy (its Python 3) reserves a young generation of half the cache the CPU reports, so on a CPU that reports a large cache verify with PYPY_GC_NURSERY=4M in the environment (scripts/verify-packages.sh does).\n\n{}\n\nExamples:\n  judge package wythoff --out wythoff\n  judge package wythoff-moves --out wythoffmoves.zip --zip\n  judge package euclid --out euclid --force --seed 7", problems_help()))]
    Package(PackageArgs),
    /// Judge a submission on a test set, each test in a sandbox: AC, WA, PE, TLE, MLE, OLE or RE.
    #[command(after_help = format!("Prints a line per test as soon as its verdict is known (name, verdict, wall time, CPU time, peak memory; a progress bar on a terminal), then `verdict: <AC|WA|PE|TLE|MLE|OLE|RE> (<passed>/<total> tests)` (the verdict of the first failing test). Exits 0 only on AC, 1 otherwise, 3 if the judge itself fails (an invalid or unreadable test, a program that cannot start). Every `.in` is validated before anything runs.\n\nThe sandbox: the submission reads its input from a pipe, gets no other inherited file descriptor and a clean environment (PATH=/usr/local/bin:/usr/bin:/bin, HOME its working directory, TMPDIR the same or the private /tmp, LANG=C, PYPY_GC_NURSERY=4M; a bare command name is looked up in that PATH, then in the judge's), runs in an empty private directory (removed afterwards, whatever modes it left) under wall time (counted from its start), CPU time (all its processes, checked every 20 ms), memory and output limits, and every process it starts is killed when its test ends. Memory: where the judge can make a memory cgroup (in practice as root; cgroup v2 with the memory controller delegated, else cgroup v1) each test gets its own, limited for all its processes together; MLE when it hit the limit and did not exit 0, and the peak is the cgroup's. Without one (as an ordinary user, as a rule) the judge samples the resident memory of all the test's processes every 20 ms and kills the test past the limit: MLE, as is a peak over the limit or a failed run whose stderr names a failed allocation. Address space is not memory: each process may reserve the limit plus 8 GiB (RLIMIT_AS), so the JVM, Go and PyPy, which reserve far more than they touch, are judged by what they use. Every test's environment has PYPY_GC_NURSERY=4M, so that PyPy's memory does not depend on the cache the CPU reports. Every program, in both modes, is confined for good before it starts (no_new_privs): Landlock lets it read and execute only the system directories (/usr, /bin, /lib*, /opt), a few files of /etc that runtimes read, /proc and the files the command names, and write only its working directory and private /tmp; it denies TCP bind and connect and scopes abstract Unix sockets and signals to the run where the kernel's Landlock ABI has them; a seccomp filter answers EPERM to sockets other than AF_UNIX, keyrings, System V IPC and POSIX message queues, TIOCSTI, mounts, unshare and setns, ptrace, bpf, io_uring and perf_event_open. The judge says on stderr which isolation, which memory limit and which of these layers this kernel gives. As root it runs as a user id of its own (60000 + n) with at most 64 processes. --isolation strict (the default where the kernel allows it) adds a PID namespace (nothing it starts survives it, whatever it does with sessions; it sees and can signal no process outside, and its /proc shows only its own processes), a mount namespace where the test directory is covered by an empty tmpfs and /tmp, /var/tmp, /dev/shm by one private tmpfs of --disk-limit (each unless the program or an argument lies inside it), and IPC and UTS namespaces; without root it gets them through a user namespace. --isolation basic is the fallback without namespaces: the judge is a child subreaper and kills every re-parented descendant of the test; it loses the hiding of other processes and the private /tmp, and its working directory lies on the judge's disk, bounded only per file by --disk-limit (and with --jobs above 1 and no cgroup, a descendant that left its session with setsid may live until no other test runs). Every test is read into the judge's memory (up to 256 MiB; the rest copied into its own 0700 directory) before the first run, so nothing a program does changes what later tests get. docs/sandbox.md has the threat model and what each layer stops.\n\nSIGINT, SIGTERM and SIGHUP kill every running submission, remove the temporary files and exit 130, 143 and 129.\n\n{}\n\nExamples:\n  judge run wythoff -- python3 solution.py\n  judge run wythoff --tests target/tests-wythoff --time-limit 1 --jobs 2 -- ./a.out\n  judge run wythoff --tests wythoff-package/data --stop-on-fail -- ./a.out\n  judge run euclid --seed 5 --memory-limit 64 --output-limit 1000000 -- ./sol", problems_help()))]
    #[cfg(target_os = "linux")]
    Run(RunArgs),
    /// Judge every package submission of a problem on the test set of every seed: the matrix.
    #[cfg(target_os = "linux")]
    #[command(after_help = format!("{}\n\n{}", invoke::HELP, problems_help()))]
    Invoke(invoke::InvokeArgs),
    /// Explain one case: who wins, the winning moves, what the float formula says.
    #[command(after_help = format!("Give a problem and the numbers of one case line: {}.\n\n{}\n\nExamples:\n  judge explain wythoff 165580140 267914295\n  judge explain euclid 25 7\n  judge explain bash 23 2\n  judge explain bash-auction 4 2\n  judge explain fibonacci-nim 100\n  judge explain 51nod1185 165580140 267914295", case_fields_help(), problems_help()))]
    Explain(ExplainArgs),
    /// Map every input where a float formula of beatty-float is wrong (the hazard map).
    #[command(
        after_help = "Methods: enumerate (default; walks only the k where kφ is within the proved double-rounding error of an integer, then confirms each exactly — milliseconds for 0..=10^9, reaches 10^12 and beyond) and sweep (visits every k in parallel on all cores). lower-f32 is always swept. Hazards are written as they are found (nothing is held in memory); --count-only counts without a list. A progress bar (percentage, ETA) appears on a terminal when a run takes more than a second.\n\nExamples:\n  judge hazards\n  judge hazards --method sweep --to 100000000\n  judge hazards --to 1000000000000 --count-only\n  judge hazards --formula classify-f64 --format json"
    )]
    Hazards(hazards::HazardsArgs),
    /// Draw a game or the float hazards as SVG (or PNG): Wythoff, Euclid, Bash, hazards.
    #[command(
        after_help = "Examples:\n  judge plot wythoff --grundy 2048\n  judge plot wythoff --p-positions 100 --png\n  judge plot hazards --to 10^12 --out hazards.svg\n  judge plot euclid 60 --out -\n  judge plot bash 60 12"
    )]
    Plot(plot::PlotArgs),
    /// Play a game in the terminal against perfect play.
    #[command(after_help = play::HELP)]
    Play(play::PlayArgs),
}

#[derive(Args)]
struct SolveArgs {
    /// The problem (name or alias), e.g. `wythoff` or `poj1067`.
    problem: Problem,
    /// The input file, e.g. `tests/01.in` (default: standard input).
    input: Option<PathBuf>,
}

#[derive(Args)]
struct CheckArgs {
    /// The problem (name or alias), e.g. `euclid`.
    problem: Problem,
    /// The test input, e.g. `01.in`.
    input: PathBuf,
    /// The contestant's output, e.g. `out.txt`.
    output: PathBuf,
    /// The jury's answer, e.g. `01.ans` (default: computed exactly); with
    /// --kattis, the feedback directory.
    answer: Option<PathBuf>,
    /// Kattis output-validator mode: the arguments are INPUT ANSWER
    /// FEEDBACK_DIR, the contestant's output is read from standard input.
    #[arg(long)]
    kattis: bool,
    /// With --kattis: flags the judging system appends, e.g. `case_sensitive`; ignored.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    flags: Vec<OsString>,
}

#[derive(Args)]
struct PackageArgs {
    /// The problem (name or alias), e.g. `wythoff`.
    problem: Problem,
    /// The package directory (or zip file with --zip), e.g. `--out wythoff`.
    #[arg(long)]
    out: PathBuf,
    /// Replace an existing --out.
    #[arg(long)]
    force: bool,
    /// Write a zip file (what DOMjudge imports) instead of a directory.
    #[arg(long)]
    zip: bool,
    /// The package format, e.g. `--format kattis`.
    #[arg(long, default_value = "kattis")]
    format: beatty_judge::package::Format,
    /// The seed of the test set, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
struct GenArgs {
    /// The problem (name or alias), e.g. `wythoff`.
    problem: Problem,
    /// The seed, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random (or max) cases, or a cap for edge/hack, e.g. `--cases 1000`.
    #[arg(long)]
    cases: Option<u64>,
    /// random, edge, hack, max or mixed, e.g. `--profile hack`.
    #[arg(long, default_value = "mixed")]
    profile: Profile,
}

#[derive(Args)]
struct TestsetArgs {
    /// The problem (name or alias), e.g. `bash`.
    problem: Problem,
    /// The directory to write, e.g. `--out tests-bash`.
    #[arg(long)]
    out: PathBuf,
    /// The seed, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `--isolation`: how each run is isolated.
#[cfg(target_os = "linux")]
#[derive(Clone, Copy, clap::ValueEnum)]
enum IsolationArg {
    /// Strict where the kernel allows namespaces, else basic.
    Auto,
    /// PID, mount, IPC and UTS namespaces; refuse to run without them.
    Strict,
    /// Session, process group and (as root) a user id per run; no namespaces.
    Basic,
}

#[cfg(target_os = "linux")]
#[derive(Args)]
struct RunArgs {
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

#[derive(Args)]
struct ExplainArgs {
    /// The problem (name or alias), e.g. `wythoff`.
    game: String,
    /// The position, e.g. `165580140 267914295`.
    #[arg(required = true)]
    numbers: Vec<u64>,
}

/// Writes `judge: MSG` to standard error (a failure to write it is ignored:
/// the exit code still tells) and returns `code`.
pub(crate) fn fail(code: u8, msg: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "judge: {msg}");
    ExitCode::from(code)
}

/// A write to standard output (or, for `check`, standard error) that failed: the
/// one error every subcommand hands back to [`finish`].
pub(crate) struct WriteError {
    err: io::Error,
    /// The exit code when the reader went away (a broken pipe): 0, or the
    /// verdict where the exit code is the result (`check`).
    on_broken_pipe: u8,
}

impl From<io::Error> for WriteError {
    fn from(err: io::Error) -> Self {
        WriteError {
            err,
            on_broken_pipe: 0,
        }
    }
}

/// What every subcommand returns: its exit code, or the write that failed.
pub(crate) type Outcome = Result<ExitCode, WriteError>;

/// The one place where write errors end the program (as ripgrep does in `main`):
/// a broken pipe is a quiet success (the reader has what it wanted, as with
/// `head`), any other write error a message and exit 3.
fn finish(r: Outcome) -> ExitCode {
    match r {
        Ok(code) => code,
        Err(w) if w.err.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(w.on_broken_pipe),
        Err(w) => fail(3, &format!("cannot write the output: {}", w.err)),
    }
}

fn cmd_problems() -> Outcome {
    let mut out = io::stdout().lock();
    for p in Problem::ALL {
        let s = p.spec();
        writeln!(
            out,
            "{} ({}) — {}, {}",
            s.name,
            s.aliases.join(", "),
            s.title,
            s.source
        )?;
        writeln!(out, "  input:  {}", s.input_format)?;
        writeln!(out, "  output: {}", s.output_format)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn cmd_solve(a: &SolveArgs) -> Outcome {
    let stdout = io::stdout().lock();
    let r = match &a.input {
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => solve(a.problem, BufReader::with_capacity(1 << 16, f), stdout),
            Err(e) => return Ok(fail(2, &format!("cannot read {}: {e}", p.display()))),
        },
        None => solve(a.problem, io::stdin().lock(), stdout),
    };
    match r {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(SolveError::Io(e)) => Err(e.into()),
        Err(e) => Ok(fail(2, &e.to_string())),
    }
}

fn cmd_validate(a: &SolveArgs) -> Outcome {
    // Read as it goes: constant memory whatever the input's size.
    let (result, name) = match &a.input {
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => (validate_reader(a.problem, f), p.display().to_string()),
            Err(e) => return Ok(fail(1, &format!("cannot read {}: {e}", p.display()))),
        },
        None => (
            validate_reader(a.problem, io::stdin().lock()),
            "standard input".to_string(),
        ),
    };
    match result.map_err(|e| match e {
        ValidateError::Invalid(e) => e.to_string(),
        ValidateError::Io(e) => format!("cannot read {name}: {e}"),
        other => other.to_string(),
    }) {
        Ok(s) => {
            let mut out = io::stdout().lock();
            writeln!(out, "{s}")?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(1, &e)),
    }
}

fn cmd_check(a: &CheckArgs) -> Outcome {
    if a.kattis {
        return Ok(cmd_check_kattis(a));
    }
    if let Some(extra) = a.flags.first() {
        return Ok(fail(
            3,
            &format!(
                "unexpected argument {} (only --kattis takes more than INPUT OUTPUT [ANSWER])",
                beatty_judge::text::excerpt(extra.as_encoded_bytes(), 64)
            ),
        ));
    }
    // Opened here, read as the check goes (constant memory; a read error later is
    // a checker failure too).
    let open = |p: &PathBuf, what: &str| {
        std::fs::File::open(p).map_err(|e| format!("cannot read {what} {}: {e}", p.display()))
    };
    let files = (|| -> Result<_, String> {
        Ok((
            open(&a.input, "INPUT")?,
            open(&a.output, "OUTPUT")?,
            a.answer.as_ref().map(|p| open(p, "ANSWER")).transpose()?,
        ))
    })();
    let (input, output, answer) = match files {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(io::stderr(), "FAIL {e}");
            return Ok(ExitCode::from(3));
        }
    };
    let r = check_reader(a.problem, input, output, answer);
    let code = r.verdict.exit_code();
    // The exit code is the verdict, even when nobody reads the message.
    writeln!(io::stderr(), "{r}").map_err(|err| WriteError {
        err,
        on_broken_pipe: code,
    })?;
    Ok(ExitCode::from(code))
}

/// `check --kattis`: INPUT ANSWER FEEDBACK_DIR, the output on standard input.
fn cmd_check_kattis(a: &CheckArgs) -> ExitCode {
    let Some(feedback) = &a.answer else {
        return fail(1, "--kattis needs INPUT ANSWER FEEDBACK_DIR");
    };
    let open = |p: &PathBuf, what: &str| {
        std::fs::File::open(p).map_err(|e| format!("cannot read {what} {}: {e}", p.display()))
    };
    let files =
        (|| -> Result<_, String> { Ok((open(&a.input, "INPUT")?, open(&a.output, "ANSWER")?)) })();
    let (code, message) = match files {
        Ok((input, answer)) => {
            let r = check_reader(a.problem, input, io::stdin().lock(), Some(answer));
            let code = match r.verdict {
                beatty_judge::Verdict::Accepted => 42,
                beatty_judge::Verdict::Fail => 1,
                _ => 43,
            };
            (code, r.message)
        }
        Err(e) => (1, format!("FAIL {e}")),
    };
    let path = feedback.join("judgemessage.txt");
    if let Err(e) = std::fs::write(&path, format!("{message}\n")) {
        return fail(1, &format!("cannot write {}: {e}", path.display()));
    }
    let _ = writeln!(io::stderr(), "{message}");
    ExitCode::from(code)
}

fn cmd_package(a: &PackageArgs) -> Outcome {
    let opts = beatty_judge::package::Options {
        format: a.format,
        seed: a.seed,
        force: a.force,
        zip: a.zip,
    };
    match beatty_judge::package::write_package(a.problem, &a.out, &opts) {
        Ok(w) => {
            writeln!(
                io::stdout().lock(),
                "wrote the {} package to {}: {} files, {} bytes",
                a.problem,
                w.path.display(),
                w.files,
                w.bytes
            )?;
            if let Some(warning) = &w.warning {
                let _ = writeln!(io::stderr(), "judge: warning: {warning}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(3, &e.to_string())),
    }
}

fn cmd_gen(a: &GenArgs) -> Outcome {
    match generate(a.problem, a.profile, a.seed, a.cases, io::stdout().lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(GenError::Io(e)) => Err(e.into()),
        Err(e) => Ok(fail(2, &e.to_string())),
    }
}

fn cmd_testset(a: &TestsetArgs) -> Outcome {
    match beatty_judge::testset::write_testset(a.problem, &a.out, a.seed) {
        Ok(names) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "wrote {} tests to {}: {}",
                names.len(),
                a.out.display(),
                names.join(", ")
            )?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(3, &e.to_string())),
    }
}

fn cmd_explain(a: &ExplainArgs) -> Outcome {
    match beatty_judge::explain::explain(&a.game, &a.numbers) {
        Ok(text) => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(2, &e)),
    }
}

/// The signal that stopped `judge run` (0: none).
#[cfg(target_os = "linux")]
static SIGNALLED: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

#[cfg(target_os = "linux")]
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
#[cfg(target_os = "linux")]
fn cmd_run(a: &RunArgs) -> Outcome {
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Usage errors (on stderr), and --help and --version (on stdout): clap's text.
        Err(e) => {
            let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
            let printed = e.print();
            if e.use_stderr() {
                // A usage error keeps its exit code, whatever became of the message.
                return code;
            }
            return finish(printed.map(|()| code).map_err(Into::into));
        }
    };
    finish(match &cli.cmd {
        Cmd::Problems => cmd_problems(),
        Cmd::Solve(a) => cmd_solve(a),
        Cmd::Validate(a) => cmd_validate(a),
        Cmd::Check(a) => cmd_check(a),
        Cmd::Gen(a) => cmd_gen(a),
        Cmd::Testset(a) => cmd_testset(a),
        #[cfg(target_os = "linux")]
        Cmd::Run(a) => cmd_run(a),
        #[cfg(target_os = "linux")]
        Cmd::Invoke(a) => invoke::run(a),
        Cmd::Package(a) => cmd_package(a),
        Cmd::Hazards(a) => hazards::run(a),
        Cmd::Plot(a) => plot::run(a),
        Cmd::Play(a) => play::run(a),
        Cmd::Explain(a) => cmd_explain(a),
    })
}
