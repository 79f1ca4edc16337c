//! `judge testset`: a whole test set (`NN-name.in` and `.ans`) in a directory.

use crate::{Outcome, fail};
use beatty_judge::Problem;
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct TestsetArgs {
    /// The problem (name or alias), e.g. `bash`.
    problem: Problem,
    /// The directory to write, e.g. `--out tests-bash`.
    #[arg(long)]
    out: PathBuf,
    /// The seed, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub(crate) fn run(a: &TestsetArgs) -> Outcome {
    match beatty_judge::testset::write_testset(a.problem, &a.out, a.seed) {
        Ok(names) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "wrote {} tests to {}: {}",
                names.len(),
                a.out.display(),
                names.join(", ")
            )?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(3, &e.to_string())),
    }
}
