//! `judge gen`: one valid input, reproducible from its seed.

use crate::{Outcome, exit, fail};
use beatty_judge::Problem;
use beatty_judge::generate::{GenError, Profile, generate};
use clap::Args;
use std::io;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct GenArgs {
    /// The problem (name or alias), e.g. `wythoff`.
    problem: Problem,
    /// The seed, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1, value_parser = crate::number::count)]
    seed: u64,
    /// Random (or max) cases, or a cap for edge/hack, e.g. `--cases 1000` or `--cases 10^4`.
    #[arg(long, value_parser = crate::number::count)]
    cases: Option<u64>,
    /// random, edge, hack, max or mixed, e.g. `--profile hack`.
    #[arg(long, default_value = "mixed")]
    profile: Profile,
}

pub(crate) fn run(a: &GenArgs) -> Outcome {
    match generate(a.problem, a.profile, a.seed, a.cases, io::stdout().lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(GenError::Io(e)) => Err(e.into()),
        Err(e) => Ok(fail(exit::USAGE, &e.to_string())),
    }
}
