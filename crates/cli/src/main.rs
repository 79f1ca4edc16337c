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
fn help(text: &str) -> String {
    text.trim_end()
        .replace("{problems}", &problems_help())
        .replace("{fields}", &case_fields_help())
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
