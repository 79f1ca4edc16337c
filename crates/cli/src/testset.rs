//! `judge testset`: a whole test set (`NN-name.in` and `.ans`) in a directory.

use crate::{Outcome, exit, fail};
use beatty_judge::run::Task;
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct TestsetArgs {
    /// The problem (name or alias), e.g. `bash`, or an interactive one, e.g.
    /// `bash-play` (a test a start profile, no answers).
    problem: Task,
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
    let written = match a.problem {
        Task::Batch(p) => beatty_judge::package::write_testset_dir(p, &a.out, a.seed, a.force)
            .map_err(|e| e.to_string()),
        Task::Play(g) => {
            // Nothing is replaced: an interactive test set goes into a new
            // or empty directory only (--force is the batch sets' way).
            let busy = std::fs::read_dir(&a.out).is_ok_and(|mut d| d.next().is_some());
            if busy {
                Err(format!(
                    "{}: not empty; an interactive test set is written into a new or empty directory only",
                    a.out.display()
                ))
            } else {
                beatty_judge::testset::write_play_testset(g, &a.out, a.seed)
                    .map(|names| (names, None))
                    .map_err(|e| e.to_string())
            }
        }
        other => Err(format!("{other}: no test set")),
    };
    match written {
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
        Err(e) => Ok(fail(exit::FAILED, &e)),
    }
}
