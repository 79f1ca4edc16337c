//! `judge testset`: a whole test set (`NN-name.in` and `.ans`) in a directory.

use crate::{Outcome, exit, fail};
use beatty_judge::Problem;
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct TestsetArgs {
    /// The problem (name or alias), e.g. `bash`.
    problem: Problem,
    /// The directory to write, e.g. `--out tests-bash` (its parent must exist).
    #[arg(long)]
    out: PathBuf,
    /// Replace an existing non-empty --out.
    #[arg(long)]
    force: bool,
    /// The seed, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1, value_parser = crate::number::count)]
    seed: u64,
}

pub(crate) fn run(a: &TestsetArgs) -> Outcome {
    match beatty_judge::testset::write_testset_dir(a.problem, &a.out, a.seed, a.force) {
        Ok((names, warning)) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "wrote {} tests to {}: {}",
                names.len(),
                a.out.display(),
                names.join(", ")
            )?;
            out.flush()?;
            if let Some(warning) = &warning {
                let _ = writeln!(io::stderr(), "judge: warning: {warning}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(exit::FAILED, &e.to_string())),
    }
}
