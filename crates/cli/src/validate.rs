//! `judge validate`: does an input follow the official format exactly (a
//! testlib-style validator)? It takes the arguments of `judge solve`.

use crate::solve::SolveArgs;
use crate::{Outcome, fail};
use beatty_judge::validate::{ValidateError, validate_reader};
use std::io::{self, Write};
use std::process::ExitCode;

pub(crate) fn run(a: &SolveArgs) -> Outcome {
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
