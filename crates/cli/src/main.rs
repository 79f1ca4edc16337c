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
#[cfg(target_os = "linux")]
mod hack;
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
mod replay;
mod report;
#[cfg(target_os = "linux")]
mod run;
mod solve;
mod testset;
mod validate;

use beatty_problems::Problem;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
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

// The help texts: `judge`'s own and each subcommand's, one file under `help/`
// each (`help/plot-wythoff.txt` for `judge plot wythoff`). A new subcommand
// (`judge hack`) gets a line here, `("hack", include_str!("help/hack.txt"))`,
// and a file in this format (`cli.rs`'s `every_help_follows_the_format` checks it):
//
//     PARAGRAPHS       what the subcommand does, in full, ending with the doc
//                      that holds the rest (`More: docs/judging.md.`); may use
//                      `{problems}` and `{fields}`; shown by `--help` only
//     Examples:        a line of its own
//       judge hack …   exactly three lines, two spaces then `judge ` (or a
//                      shell pipe into `judge `), each one
//       judge hack …   that runs (or exits with the code the paragraphs give);
//       judge hack …   shown by `-h` and by `--help`
//     More examples:   optional, a line of its own; the lines under it are
//       judge hack …   shown by `--help` only, under the three
//
// The other half of the help is clap's: the variant's `///` is the one line
// of what the subcommand does (`about`), and each argument's `///` starts
// with a one-line first paragraph (`-h`) before the rest (`--help`), as
// `cargo build` and `rg` print a screen for `-h` and the manual for `--help`.
// `-h` stays under 4 000 characters and 50 lines (`cli.rs` checks that too).
const HELP_TEXTS: &[(&str, &str)] = &[
    ("judge", include_str!("help/judge.txt")),
    ("problems", include_str!("help/problems.txt")),
    ("solve", include_str!("help/solve.txt")),
    ("validate", include_str!("help/validate.txt")),
    ("check", include_str!("help/check.txt")),
    ("gen", include_str!("help/gen.txt")),
    ("testset", include_str!("help/testset.txt")),
    ("package", include_str!("help/package.txt")),
    ("run", include_str!("help/run.txt")),
    ("hack", include_str!("help/hack.txt")),
    ("invoke", include_str!("help/invoke.txt")),
    ("languages", include_str!("help/languages.txt")),
    ("explain", include_str!("help/explain.txt")),
    ("hazards", include_str!("help/hazards.txt")),
    ("plot", include_str!("help/plot.txt")),
    ("plot wythoff", include_str!("help/plot-wythoff.txt")),
    ("plot hazards", include_str!("help/plot-hazards.txt")),
    ("plot euclid", include_str!("help/plot-euclid.txt")),
    ("plot bash", include_str!("help/plot-bash.txt")),
    ("play", include_str!("help/play.txt")),
];

/// A help text of [`HELP_TEXTS`] split into what `-h` shows after the
/// options (`Examples:` and the three) and what `--help` shows (the
/// paragraphs, then every example).
fn split_help(text: &str) -> (String, String) {
    let text = text.trim_end();
    let (paragraphs, examples) = match text.split_once("\nExamples:\n") {
        Some((p, e)) => (p.trim_end(), e),
        None => return (String::new(), text.to_owned()),
    };
    let (three, more) = examples
        .split_once("\nMore examples:\n")
        .unwrap_or((examples, ""));
    let short = format!("Examples:\n{three}");
    let mut long = format!("{paragraphs}\n\n{short}");
    if !more.is_empty() {
        long = format!("{long}\n{more}");
    }
    (short, long.trim_start().to_owned())
}

/// `cmd` with the help texts after each help: the short part after `-h`
/// (`after_help`), the long one after `--help` (`after_long_help`), the
/// lists filled in.
///
/// clap would build every text at each start, help asked for or not (half of
/// the instructions of a `judge` start, the lists made again for each text),
/// so [`main`] adds them only when the arguments may ask for help
/// ([`may_ask_for_help`]), and the lists are made once.
fn with_help_texts(cmd: clap::Command) -> clap::Command {
    let (problems, fields) = (problems_help(), case_fields_help());
    let text = |name: &str| {
        HELP_TEXTS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| {
                split_help(
                    &text
                        .replace("{problems}", &problems)
                        .replace("{fields}", &fields),
                )
            })
    };
    let add = |cmd: clap::Command, name: &str| match text(name) {
        Some((short, long)) => cmd.after_help(short).after_long_help(long),
        None => cmd,
    };
    let cmd = add(cmd, "judge");
    // a subcommand's by its name, a subcommand's subcommand's (`judge plot
    // wythoff`) by both names: `plot wythoff`, from `help/plot-wythoff.txt`
    cmd.mut_subcommands(|sub| {
        let name = sub.get_name().to_owned();
        let sub = add(sub, &name);
        sub.mut_subcommands(|leaf| {
            let leaf_name = format!("{name} {}", leaf.get_name());
            add(leaf, &leaf_name)
        })
    })
}

/// Whether clap may print a help text for these arguments (the program's name
/// first): `-h` or `--help` anywhere, the `help` subcommand, or no subcommand
/// at all. Erring towards yes costs only time.
fn may_ask_for_help(args: &[std::ffi::OsString]) -> bool {
    args.len() < 2
        || args[1] == "help"
        || args[1..]
            .iter()
            .take_while(|a| *a != "--")
            .any(|a| a == "-h" || a == "--help")
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
#[command(name = "judge", version, about)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// List the problems: names, aliases, input and output formats.
    Problems,
    /// Print the exact answers of an input (streaming, tolerant of layout).
    Solve(solve::SolveArgs),
    /// Check that an input follows the official format exactly (testlib-style validator).
    Validate(solve::SolveArgs),
    /// Check a contestant's output (testlib argument order and exit codes, or Kattis with --kattis).
    Check(check::CheckArgs),
    /// Generate a valid input, reproducible from the seed (SplitMix64).
    Gen(r#gen::GenArgs),
    /// Write a complete test set (NN-name.in/.ans) into a directory.
    Testset(testset::TestsetArgs),
    /// Write a problem package a judging system imports (Kattis format; DOMjudge takes the zip).
    Package(package::PackageArgs),
    /// Judge a source file or a command on a test set, each test in a sandbox: AC, WA, PE, TLE, MLE, OLE, RE or CE.
    #[cfg(target_os = "linux")]
    Run(run::RunArgs),
    /// Find the smallest input (or shortest game) on which a program is wrong, and why (hazards, limits, overflow, then random).
    #[cfg(target_os = "linux")]
    Hack(hack::HackArgs),
    /// Judge every package submission of a problem on the test set of every seed: the matrix.
    #[cfg(target_os = "linux")]
    Invoke(invoke::InvokeArgs),
    /// List the languages `judge run` compiles, their commands and whether each is installed.
    #[cfg(target_os = "linux")]
    Languages(languages::LanguagesArgs),
    /// Explain one case: who wins, the winning moves, what the float formula says.
    Explain(explain::ExplainArgs),
    /// Map every input where a float formula of beatty-float is wrong (the hazard map).
    Hazards(hazards::HazardsArgs),
    /// Draw a game or the float hazards as SVG (or PNG): Wythoff, Euclid, Bash, hazards.
    Plot(plot::PlotArgs),
    /// Play a game in the terminal against perfect play.
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
                beatty_problems::text::excerpt(value.as_bytes(), 40)
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
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let mut cmd = Cli::command();
    if may_ask_for_help(&args) {
        cmd = with_help_texts(cmd);
    }
    let parsed = cmd
        .try_get_matches_from_mut(args)
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m));
    // The command tree is not freed: hundreds of allocations, 6 % of the
    // instructions of a start, for memory the process gives back at exit.
    std::mem::forget(cmd);
    let cli = match parsed {
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
        Cmd::Hack(a) => hack::run(a),
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
