//! `judge solve`: the exact answers of an input, as it streams.

use crate::{Outcome, exit, fail};
use beatty_judge::{Problem, SolveError, solve};
use clap::Args;
use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct SolveArgs {
    /// The problem (name or alias), e.g. `wythoff` or `poj1067`.
    pub(crate) problem: Problem,
    /// The input file, e.g. `tests/01.in` (default: standard input).
    pub(crate) input: Option<PathBuf>,
}

pub(crate) fn run(a: &SolveArgs) -> Outcome {
    let stdout = io::stdout().lock();
    let r = match &a.input {
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => solve(a.problem, BufReader::with_capacity(1 << 16, f), stdout),
            Err(e) => {
                return Ok(fail(
                    exit::FAILED,
                    &format!("cannot read {}: {e}", p.display()),
                ));
            }
        },
        None => solve(a.problem, io::stdin().lock(), stdout),
    };
    match r {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(SolveError::Io(e)) => Err(e.into()),
        Err(e) => Ok(fail(exit::USAGE, &e.to_string())),
    }
}
