//! The `judge` command line: see `judge --help`.

mod hazards;
mod play;
mod plot;

use beatty_judge::generate::{GenError, Profile, generate};
use beatty_judge::run::{RunConfig, kill_all_live, run_tests, tests_in, verdict_line};
use beatty_judge::{Problem, SolveError, check, solve, validate};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const PROBLEMS_HELP: &str = "Problems: wythoff (poj1067, hdu1527, openjudge01067), wythoff-moves (hdu2177), bash (hdu1846), bash-auction (hdu2149), euclid (hdu1525, poj2348). Names are case-insensitive.";

/// Exact solver, validator, checker, generator and local judge for the classic
/// golden-ratio game problems (Wythoff, Bash, Euclid).
#[derive(Parser)]
#[command(
    name = "judge",
    version,
    about,
    after_help = "Examples:\n  judge problems\n  judge solve wythoff input.txt\n  judge validate euclid < data.in\n  judge check wythoff-moves t.in out.txt t.ans\n  judge gen wythoff --profile hack --seed 7\n  judge testset wythoff --out tests-wythoff\n  judge run wythoff --time-limit 1 -- python3 solution.py\n  judge explain wythoff 165580140 267914295"
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
    #[command(after_help = format!("Exits 2 with `judge: line L, column C: expected …, found …` on stderr on bad input, after writing the answers of all earlier cases.\n\n{PROBLEMS_HELP}\n\nExamples:\n  judge solve wythoff input.txt\n  printf '2 1\\n8 4\\n' | judge solve poj1067"))]
    Solve(SolveArgs),
    /// Check that an input follows the official format exactly (testlib-style validator).
    #[command(after_help = format!("Exits 0 with a one-line summary, or 1 with `line L, column C: <rule broken>`. Columns count bytes.\n\n{PROBLEMS_HELP}\n\nExamples:\n  judge validate euclid tests/01.in\n  judge gen bash | judge validate bash"))]
    Validate(SolveArgs),
    /// Check a contestant's output (testlib argument order and exit codes).
    #[command(after_help = format!("Exit codes: 0 accepted, 1 wrong answer, 2 presentation error (a token of the wrong kind, missing or extra tokens), 3 checker failure (invalid INPUT or ANSWER, unreadable file). Tokens are compared, whitespace does not matter; for wythoff-moves the single-pile moves may come in any order. ANSWER, when given, is verified against the exact answer.\n\n{PROBLEMS_HELP}\n\nExamples:\n  judge check wythoff 01.in contestant.out 01.ans\n  judge check euclid 01.in contestant.out"))]
    Check(CheckArgs),
    /// Generate a valid input, reproducible from the seed (SplitMix64).
    #[command(after_help = format!("Profiles: random (uniform within the limits, losing positions mixed in), edge (zeros, equal piles, limits, samples), hack (cases where the float formulas of beatty-float answer wrongly, each verified), max (the largest input the limits allow), mixed (edge + some hack + random; the default).\n\n{PROBLEMS_HELP}\n\nExamples:\n  judge gen wythoff --seed 7\n  judge gen euclid --profile hack\n  judge gen wythoff --profile random --cases 10000000 > big.in"))]
    Gen(GenArgs),
    /// Write a complete test set (NN-name.in/.ans) into a directory.
    #[command(after_help = format!("Writes 01-sample, 02-edge, 03-hack, 04-random-small, 05-random, 06-mixed, 07-max; every .in passes `validate`, every .ans comes from `solve`.\n\n{PROBLEMS_HELP}\n\nExample:\n  judge testset wythoff --out tests-wythoff --seed 1"))]
    Testset(TestsetArgs),
    /// Judge a submission on a test set: AC, WA, PE, TLE, RE or OLE.
    #[command(after_help = format!("Prints a line per test (name, verdict, time), then `verdict: <AC|WA|PE|TLE|RE|OLE> (<passed>/<total> tests)` (the verdict of the first failing test). Exits 0 only on AC, 1 otherwise, 3 if the judge itself fails. Ctrl-C kills every running submission and exits 130.\n\n{PROBLEMS_HELP}\n\nExamples:\n  judge run wythoff -- python3 solution.py\n  judge run wythoff --tests tests-wythoff --time-limit 1 --jobs 2 -- ./a.out\n  judge run euclid --seed 5 --output-limit 1000000 -- ./sol"))]
    Run(RunArgs),
    /// Explain one position: who wins, the winning moves, what the float formula says.
    #[command(
        after_help = "Games: wythoff (piles a b), euclid (numbers a b), bash (pile n, maximum take m).\n\nExamples:\n  judge explain wythoff 165580140 267914295\n  judge explain euclid 25 7\n  judge explain bash 23 2"
    )]
    Explain(ExplainArgs),
    /// Map every input where a float formula of beatty-float is wrong (the hazard map).
    #[command(
        after_help = "Methods: enumerate (default; walks only the k where kφ is within the proved double-rounding error of an integer, then confirms each exactly — milliseconds for 0..=10^9, reaches 10^12 and beyond) and sweep (visits every k in parallel on all cores).\n\nExamples:\n  judge hazards\n  judge hazards --method sweep --to 100000000\n  judge hazards --to 1000000000000 --count-only\n  judge hazards --formula classify-f64 --format json"
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
    /// The jury's answer, e.g. `01.ans` (default: computed exactly).
    answer: Option<PathBuf>,
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

#[derive(Args)]
struct RunArgs {
    /// The problem (name or alias), e.g. `wythoff`.
    problem: Problem,
    /// A test directory (`*.in`, optional `*.ans`), e.g. `--tests tests-wythoff`
    /// (default: a fresh test set from the seed).
    #[arg(long)]
    tests: Option<PathBuf>,
    /// The seed of the fresh test set, e.g. `--seed 3`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Wall-clock seconds per test, e.g. `--time-limit 0.5`.
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// Output cap per test in bytes, e.g. `--output-limit 1000000`.
    #[arg(long, default_value_t = 64 << 20)]
    output_limit: u64,
    /// Tests run in parallel, e.g. `--jobs 1` (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// The submission and its arguments, after `--`, e.g. `-- python3 sol.py`.
    #[arg(last = true, required = true)]
    cmd: Vec<OsString>,
}

#[derive(Args)]
struct ExplainArgs {
    /// wythoff, euclid or bash (or a problem alias), e.g. `wythoff`.
    game: String,
    /// The position, e.g. `165580140 267914295`.
    #[arg(required = true)]
    numbers: Vec<u64>,
}

fn read_input(path: Option<&PathBuf>) -> Result<Vec<u8>, String> {
    match path {
        Some(p) => std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display())),
        None => {
            let mut v = Vec::new();
            std::io::stdin()
                .read_to_end(&mut v)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(v)
        }
    }
}

fn fail(code: u8, msg: &str) -> ExitCode {
    eprintln!("judge: {msg}");
    ExitCode::from(code)
}

fn cmd_solve(a: &SolveArgs) -> ExitCode {
    let stdout = std::io::stdout().lock();
    let r = match &a.input {
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => solve(a.problem, BufReader::with_capacity(1 << 16, f), stdout),
            Err(e) => return fail(2, &format!("cannot read {}: {e}", p.display())),
        },
        None => solve(a.problem, std::io::stdin().lock(), stdout),
    };
    match r {
        Ok(_) => ExitCode::SUCCESS,
        Err(SolveError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(2, &e.to_string()),
    }
}

fn cmd_validate(a: &SolveArgs) -> ExitCode {
    let data = match read_input(a.input.as_ref()) {
        Ok(d) => d,
        Err(e) => return fail(1, &e),
    };
    match validate(a.problem, &data) {
        Ok(s) => {
            println!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(1, &e.to_string()),
    }
}

fn cmd_check(a: &CheckArgs) -> ExitCode {
    let read = |p: &PathBuf, what: &str| {
        std::fs::read(p).map_err(|e| format!("cannot read {what} {}: {e}", p.display()))
    };
    let files = (|| -> Result<_, String> {
        Ok((
            read(&a.input, "INPUT")?,
            read(&a.output, "OUTPUT")?,
            a.answer.as_ref().map(|p| read(p, "ANSWER")).transpose()?,
        ))
    })();
    let (input, output, answer) = match files {
        Ok(f) => f,
        Err(e) => {
            eprintln!("FAIL {e}");
            return ExitCode::from(3);
        }
    };
    let r = check(a.problem, &input, &output, answer.as_deref());
    eprintln!("{r}");
    ExitCode::from(r.verdict.exit_code())
}

fn cmd_gen(a: &GenArgs) -> ExitCode {
    match generate(
        a.problem,
        a.profile,
        a.seed,
        a.cases,
        std::io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(GenError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(2, &e.to_string()),
    }
}

fn cmd_testset(a: &TestsetArgs) -> ExitCode {
    match beatty_judge::testset::write_testset(a.problem, &a.out, a.seed) {
        Ok(names) => {
            println!(
                "wrote {} tests to {}: {}",
                names.len(),
                a.out.display(),
                names.join(", ")
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(3, &e.to_string()),
    }
}

fn cmd_run(a: &RunArgs) -> ExitCode {
    if let Err(e) = ctrlc::set_handler(|| {
        kill_all_live();
        std::process::exit(130);
    }) {
        return fail(3, &format!("cannot install the Ctrl-C handler: {e}"));
    }
    if !(a.time_limit.is_finite() && a.time_limit > 0.0 && a.time_limit < 1e6) {
        return fail(2, "--time-limit must be a positive number of seconds");
    }
    let cfg = RunConfig {
        time_limit: Duration::from_secs_f64(a.time_limit),
        output_limit: a.output_limit,
        jobs: a.jobs.unwrap_or_else(|| RunConfig::default().jobs).max(1),
    };
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(0)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut temp = None;
    let dir = match &a.tests {
        Some(d) => d.clone(),
        None => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let d = std::env::temp_dir().join(format!("judge-{}-{nanos}", std::process::id()));
            if let Err(e) = beatty_judge::testset::write_testset(a.problem, &d, a.seed) {
                let _ = std::fs::remove_dir_all(&d);
                return fail(3, &e.to_string());
            }
            temp = Some(d.clone());
            d
        }
    };
    let result = tests_in(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))
        .and_then(|tests| {
            if tests.is_empty() {
                return Err(format!("no *.in files in {}", dir.display()));
            }
            {
                bar.set_length(tests.len() as u64);
                let r = run_tests(a.problem, &tests, &a.cmd, &cfg, &|_| bar.inc(1));
                bar.finish_and_clear();
                r
            }
            .map_err(|e| e.to_string())
        });
    if let Some(d) = temp {
        let _ = std::fs::remove_dir_all(d);
    }
    let results = match result {
        Ok(r) => r,
        Err(e) => return fail(3, &e),
    };
    let mut out = std::io::stdout().lock();
    for r in &results {
        let _ = writeln!(
            out,
            "{:<20} {:<3} {:>7.3}s",
            r.name,
            r.verdict.short(),
            r.time.as_secs_f64()
        );
        for line in r.detail.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    let (line, v) = verdict_line(&results);
    let _ = writeln!(out, "{line}");
    if v == beatty_judge::Verdict::Accepted {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.cmd {
        Cmd::Problems => {
            for p in Problem::ALL {
                println!("{} ({})", p.name(), p.aliases().join(", "));
                println!("  input:  {}", p.input_format());
                println!("  output: {}", p.output_format());
            }
            ExitCode::SUCCESS
        }
        Cmd::Solve(a) => cmd_solve(a),
        Cmd::Validate(a) => cmd_validate(a),
        Cmd::Check(a) => cmd_check(a),
        Cmd::Gen(a) => cmd_gen(a),
        Cmd::Testset(a) => cmd_testset(a),
        Cmd::Run(a) => cmd_run(a),
        Cmd::Hazards(a) => hazards::run(a),
        Cmd::Plot(a) => plot::run(a),
        Cmd::Play(a) => play::run(a),
        Cmd::Explain(a) => match beatty_judge::explain::explain(&a.game, &a.numbers) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(2, &e),
        },
    }
}
