//! `judge validate`: does an input follow the official format exactly (a
//! testlib-style validator)? It takes the arguments of `judge solve`.

use crate::solve::SolveArgs;
use crate::{Outcome, exit, fail};
use beatty_judge::run::Task;
use beatty_problems::interact::{Game, starts};
use beatty_problems::validate::{ValidateError, validate_reader};
use std::io::Read;
use std::io::{self, Write};
use std::process::ExitCode;

pub(crate) fn run(a: &SolveArgs) -> Outcome {
    let problem = match a.problem {
        Task::Batch(p) => p,
        Task::Play(g) => return play_test(g, a),
        other => return Ok(fail(exit::USAGE, &format!("{other}: nothing to validate"))),
    };
    // Read as it goes: constant memory whatever the input's size.
    let (result, name) = match &a.input {
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => (validate_reader(problem, f), p.display().to_string()),
            Err(e) => {
                return Ok(fail(
                    exit::FAILED,
                    &format!("cannot read {}: {e}", p.display()),
                ));
            }
        },
        None => (
            validate_reader(problem, io::stdin().lock()),
            "standard input".to_string(),
        ),
    };
    // Invalid: the validation says no (1); unreadable: a file failed (3).
    match result.map_err(|e| match e {
        ValidateError::Invalid(e) => (exit::NO, e.to_string()),
        ValidateError::Io(e) => (exit::FAILED, format!("cannot read {name}: {e}")),
        other => (exit::FAILED, other.to_string()),
    }) {
        Ok(s) => {
            let mut out = io::stdout().lock();
            writeln!(out, "{s}")?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err((code, e)) => Ok(fail(code, &e)),
    }
}

/// An interactive test (`T S`, then the starts): valid or why not.
fn play_test(game: Game, a: &SolveArgs) -> Outcome {
    let mut data = Vec::new();
    let (read, name) = match &a.input {
        Some(p) => (
            std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut data)),
            p.display().to_string(),
        ),
        None => (
            io::stdin().lock().read_to_end(&mut data),
            "standard input".to_string(),
        ),
    };
    if let Err(e) = read {
        return Ok(fail(exit::FAILED, &format!("cannot read {name}: {e}")));
    }
    match starts::parse(game, &data) {
        Ok((s, seed)) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "valid: {} games of {}, opponent seed {seed}",
                s.len(),
                game.name()
            )?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(exit::NO, &e.to_string())),
    }
}
