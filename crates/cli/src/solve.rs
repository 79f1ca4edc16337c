//! `judge solve`: the exact answers of an input, as it streams; for an
//! interactive problem, the judge's own contestant, which plays every game
//! to a win on its standard streams.

use crate::{Outcome, exit, fail};
use beatty_judge::run::Task;
use beatty_problems::interact::{Game, solution::Solution};
use beatty_problems::{SolveError, solve};
use clap::Args;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct SolveArgs {
    /// The problem (name or alias), e.g. `wythoff`, `poj1067` or `wythoff-play`
    ///
    /// For an interactive one, the judge's own contestant.
    pub(crate) problem: Task,
    /// The input file, e.g. `tests/01.in` (default: standard input).
    pub(crate) input: Option<PathBuf>,
}

pub(crate) fn run(a: &SolveArgs) -> Outcome {
    let problem = match a.problem {
        Task::Batch(p) => p,
        Task::Play(g) => return contestant(g, a),
        other => return Ok(fail(exit::USAGE, &format!("{other}: nothing to solve"))),
    };
    let stdout = io::stdout().lock();
    let r = match &a.input {
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => solve(problem, BufReader::with_capacity(1 << 16, f), stdout),
            Err(e) => {
                return Ok(fail(
                    exit::FAILED,
                    &format!("cannot read {}: {e}", p.display()),
                ));
            }
        },
        None => solve(problem, io::stdin().lock(), stdout),
    };
    match r {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(SolveError::Io(e)) => Err(e.into()),
        Err(e) => Ok(fail(exit::USAGE, &e.to_string())),
    }
}

/// The judge's own contestant of `game` on standard input and output (an
/// interactive problem has no input file: its input is the judge's lines).
fn contestant(game: Game, a: &SolveArgs) -> Outcome {
    if let Some(p) = &a.input {
        return Ok(fail(
            exit::USAGE,
            &format!(
                "{}: an interactive problem's contestant talks on its standard streams; give no input file ({})",
                game.name(),
                p.display()
            ),
        ));
    }
    let mut solution = Solution::new(game);
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().split(b'\n') {
        let mut line = line?;
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        match solution.hear(&line) {
            Ok(bytes) if bytes.is_empty() => {}
            Ok(bytes) => {
                out.write_all(&bytes)?;
                out.flush()?;
            }
            Err(e) => return Ok(fail(exit::NO, &format!("{}: {e}", game.name()))),
        }
        // After the last game the protocol wants an exit, not a read.
        if solution.done() {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}
