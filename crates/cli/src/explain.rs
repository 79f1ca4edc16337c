//! `judge explain`: one case explained: who wins, the winning moves, what the
//! float formula says.

use crate::{Outcome, fail};
use clap::Args;
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct ExplainArgs {
    /// The problem (name or alias), e.g. `wythoff`.
    game: String,
    /// The position, e.g. `165580140 267914295`.
    #[arg(required = true)]
    numbers: Vec<u64>,
}

pub(crate) fn run(a: &ExplainArgs) -> Outcome {
    match beatty_judge::explain::explain(&a.game, &a.numbers) {
        Ok(text) => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(2, &e)),
    }
}
