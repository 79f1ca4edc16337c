//! `judge validate`: does an input follow the official format exactly (a
//! testlib-style validator)? It takes the arguments of `judge solve`.

use crate::solve::SolveArgs;
use crate::{Outcome, exit, fail};
use beatty_judge::validate::{ValidateError, validate_reader};
use std::io::{self, Write};
use std::process::ExitCode;

pub(crate) fn run(a: &SolveArgs) -> Outcome {
    // Read as it goes: constant memory whatever the input's size.
    let (result, name) = match &a.input {
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => (validate_reader(a.problem, f), p.display().to_string()),
            Err(e) => {
                return Ok(fail(
                    exit::FAILED,
                    &format!("cannot read {}: {e}", p.display()),
                ));
            }
        },
        None => (
            validate_reader(a.problem, io::stdin().lock()),
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
