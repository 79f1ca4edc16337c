//! `judge explain`: one case explained: who wins, the winning moves, what the
//! float formula says.

use crate::{Outcome, exit, fail};
use beatty_problems::Problem;
use clap::Args;
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct ExplainArgs {
    /// The problem (name or alias), e.g. `wythoff` or `poj1067`.
    problem: Problem,
    /// The numbers of one case line, e.g. `165580140 267914295`.
    #[arg(required = true, value_parser = crate::number::count)]
    numbers: Vec<u64>,
}

pub(crate) fn run(a: &ExplainArgs) -> Outcome {
    match beatty_problems::explain::explain(a.problem.name(), &a.numbers) {
        Ok(text) => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(exit::USAGE, &e)),
    }
}
