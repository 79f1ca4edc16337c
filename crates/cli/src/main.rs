//! The `judge` command line: see `judge --help`.
//!
//! `main` parses the arguments (clap) and hands them to the subcommand's
//! module, which does its work with the libraries and returns an [`Outcome`];
//! [`finish`] turns that into the exit code, the one place where a failed
//! write (a broken pipe above all) ends the program. Each subcommand is one
//! module with its arguments and its handler; its long help is a text file
//! under `help/`, where `{problems}` and `{fields}` stand for lists made from
//! the problem registry.

mod check;
mod explain;
mod r#gen;
mod hazards;
#[cfg(target_os = "linux")]
mod invoke;
#[cfg(target_os = "linux")]
mod languages;
mod number;
mod package;
mod play;
mod plot;
mod problems;
#[cfg(target_os = "linux")]
mod report;
#[cfg(target_os = "linux")]
mod run;
mod solve;
mod testset;
mod validate;

use beatty_judge::Problem;
use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::OnceLock;

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

/// A help text of `help/` with its lists filled in.
///
/// clap builds every subcommand's help at each start, help asked for or not,
/// so the two lists are made once (they were half of the instructions of a
/// `judge` start), and a text without a placeholder is only copied.
fn help(text: &str) -> String {
    static PROBLEMS: OnceLock<String> = OnceLock::new();
    static FIELDS: OnceLock<String> = OnceLock::new();
    let mut text = text.trim_end().to_owned();
    for (placeholder, list, make) in [
        ("{problems}", &PROBLEMS, problems_help as fn() -> String),
        ("{fields}", &FIELDS, case_fields_help),
    ] {
        if text.contains(placeholder) {
            text = text.replace(placeholder, list.get_or_init(make));
        }
    }
    text
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
    after_help = help(include_str!("help/judge.txt"))
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
    #[command(after_help = help(include_str!("help/solve.txt")))]
    Solve(solve::SolveArgs),
    /// Check that an input follows the official format exactly (testlib-style validator).
    #[command(after_help = help(include_str!("help/validate.txt")))]
    Validate(solve::SolveArgs),
    /// Check a contestant's output (testlib argument order and exit codes, or Kattis with --kattis).
    #[command(after_help = help(include_str!("help/check.txt")))]
    Check(check::CheckArgs),
    /// Generate a valid input, reproducible from the seed (SplitMix64).
    #[command(after_help = help(include_str!("help/gen.txt")))]
    Gen(r#gen::GenArgs),
    /// Write a complete test set (NN-name.in/.ans) into a directory.
    #[command(after_help = help(include_str!("help/testset.txt")))]
    Testset(testset::TestsetArgs),
    /// Write a problem package a judging system imports (Kattis format; DOMjudge takes the zip).
    #[command(after_help = help(include_str!("help/package.txt")))]
    Package(package::PackageArgs),
    /// Judge a source file or a command on a test set, each test in a sandbox: AC, WA, PE, TLE, MLE, OLE, RE or CE.
    #[command(after_help = help(include_str!("help/run.txt")))]
    #[cfg(target_os = "linux")]
    Run(run::RunArgs),
    /// Judge every package submission of a problem on the test set of every seed: the matrix.
    #[cfg(target_os = "linux")]
    #[command(after_help = help(include_str!("help/invoke.txt")))]
    Invoke(invoke::InvokeArgs),
    /// List the languages `judge run` compiles, their commands and whether each is installed.
    #[cfg(target_os = "linux")]
    #[command(after_help = help(include_str!("help/languages.txt")))]
    Languages(languages::LanguagesArgs),
    /// Explain one case: who wins, the winning moves, what the float formula says.
    #[command(after_help = help(include_str!("help/explain.txt")))]
    Explain(explain::ExplainArgs),
    /// Map every input where a float formula of beatty-float is wrong (the hazard map).
    #[command(after_help = help(include_str!("help/hazards.txt")))]
    Hazards(hazards::HazardsArgs),
    /// Draw a game or the float hazards as SVG (or PNG): Wythoff, Euclid, Bash, hazards.
    #[command(after_help = help(include_str!("help/plot.txt")))]
    Plot(plot::PlotArgs),
    /// Play a game in the terminal against perfect play.
    #[command(after_help = help(include_str!("help/play.txt")))]
    Play(play::PlayArgs),
}

/// The exit codes every subcommand shares (the table of `judge --help`, in
/// `help/judge.txt`, and of the README). Two exceptions keep the codes the
/// judging systems read: `check` exits with testlib's codes (0 AC, 1 WA, 2 PE,
/// 3 FAIL, so a usage error of `check` is 3, never 2) and `check --kattis` with
/// 42 (accepted) and 43 (rejected).
pub(crate) mod exit {
    /// Done, and (for `validate`, `run`, `invoke`) the answer is yes.
    pub(crate) const OK: u8 = 0;
    /// The verdict or the validation says no: an invalid input (`validate`), a
    /// rejected submission (`run`), a wrong cell (`invoke`).
    pub(crate) const NO: u8 = 1;
    /// Usage: bad arguments (an unknown problem, a number out of range, a
    /// missing option), or an input that `solve` or `explain` cannot answer.
    pub(crate) const USAGE: u8 = 2;
    /// The judge itself or a file failed: a file that cannot be read or
    /// written, an output directory that is refused, a sandbox that cannot start.
    pub(crate) const FAILED: u8 = 3;
}

/// Writes `judge: error: MSG` to standard error (a failure to write it is
/// ignored: the exit code still tells) and returns `code`. A second line of
/// `msg`, if any, says what to do.
pub(crate) fn fail(code: u8, msg: &str) -> ExitCode {
    let _ = writeln!(io::stderr(), "judge: error: {msg}");
    ExitCode::from(code)
}

/// clap's usage error in the one error style: `judge: error: …`. A value its
/// parser refused reads `judge: error: --to: '10^x' is not a whole number
/// (…)`; a Rust parse error (`invalid digit found in string`) never shows.
fn usage_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let rendered = e.render().to_string();
    let Some(rest) = rendered.strip_prefix("error: ") else {
        return rendered;
    };
    let (first, tail) = rest.split_once('\n').unwrap_or((rest, ""));
    let mut first = first.to_owned();
    if e.kind() == ErrorKind::ValueValidation
        && let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg)
        && let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue)
    {
        // `--to <TO>` → `--to`; a positional keeps its `<N>`, without `...`.
        let arg = match arg.split_once(' ') {
            Some((flag, _)) if flag.starts_with('-') => flag,
            _ => arg.trim_end_matches("..."),
        };
        let source = std::error::Error::source(e).map(ToString::to_string);
        let why = match source {
            Some(s) if !is_rust_parse_error(&s) => s,
            _ => format!(
                "'{}' is not a number",
                beatty_judge::text::excerpt(value.as_bytes(), 40)
            ),
        };
        first = format!("{arg}: {why}");
    }
    format!("judge: error: {first}\n{tail}")
}

/// The messages of the standard library's integer and float parsers, which
/// mean nothing to a user of the command line.
fn is_rust_parse_error(s: &str) -> bool {
    [
        "invalid digit found in string",
        "cannot parse integer from empty string",
        "number too large to fit in target type",
        "number too small to fit in target type",
        "invalid float literal",
    ]
    .contains(&s)
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
        Err(w) => fail(exit::FAILED, &format!("cannot write the output: {}", w.err)),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Usage errors (on stderr, in the one error style), and --help and
        // --version (on stdout): clap's text.
        Err(e) => {
            if e.use_stderr() {
                // A usage error keeps its exit code, whatever became of the message.
                let _ = write!(io::stderr(), "{}", usage_error(&e));
                // `check` answers with testlib's codes, where 2 is a verdict (PE):
                // its usage errors are failures of the checker (3).
                let code = if std::env::args_os().nth(1).is_some_and(|a| a == "check") {
                    exit::FAILED
                } else {
                    exit::USAGE
                };
                return ExitCode::from(code);
            }
            let printed = e.print();
            return finish(
                printed
                    .map(|()| ExitCode::from(exit::OK))
                    .map_err(Into::into),
            );
        }
    };
    finish(match &cli.cmd {
        Cmd::Problems => problems::run(),
        Cmd::Solve(a) => solve::run(a),
        Cmd::Validate(a) => validate::run(a),
        Cmd::Check(a) => check::run(a),
        Cmd::Gen(a) => r#gen::run(a),
        Cmd::Testset(a) => testset::run(a),
        #[cfg(target_os = "linux")]
        Cmd::Run(a) => run::run(a),
        #[cfg(target_os = "linux")]
        Cmd::Invoke(a) => invoke::run(a),
        #[cfg(target_os = "linux")]
        Cmd::Languages(a) => languages::run(a),
        Cmd::Package(a) => package::run(a),
        Cmd::Hazards(a) => hazards::run(a),
        Cmd::Plot(a) => plot::run(a),
        Cmd::Play(a) => play::run(a),
        Cmd::Explain(a) => explain::run(a),
    })
}
