//! `judge package`: a problem package a judging system imports (Kattis format).

use crate::{Outcome, exit, fail};
use beatty_judge::run::Task;
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct PackageArgs {
    /// The problem (name or alias), e.g. `wythoff` or `wythoff-play`
    ///
    /// An interactive one's interactor is the output validator.
    problem: Task,
    /// The package directory (or zip file with --zip), e.g. `--out wythoff`.
    #[arg(long)]
    out: PathBuf,
    /// Replace an existing non-empty --out.
    #[arg(long)]
    force: bool,
    /// Write a zip file (what DOMjudge imports) instead of a directory; --out
    /// must then end in `.zip`.
    #[arg(long)]
    zip: bool,
    /// The package format, e.g. `--format kattis`.
    #[arg(long, default_value = "kattis")]
    format: beatty_judge::package::Format,
    /// The seed of the test set, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1, value_parser = crate::number::count)]
    seed: u64,
}

pub(crate) fn run(a: &PackageArgs) -> Outcome {
    let opts = beatty_judge::package::Options {
        format: a.format,
        seed: a.seed,
        force: a.force,
        zip: a.zip,
    };
    let written = match a.problem {
        Task::Batch(p) => beatty_judge::package::write_package(p, &a.out, &opts),
        Task::Play(g) => beatty_judge::package::interactive::write_play_package(g, &a.out, &opts),
        other => return Ok(fail(exit::FAILED, &format!("{other}: no package to write"))),
    };
    match written {
        Ok(w) => {
            writeln!(
                io::stdout().lock(),
                "wrote the {} package to {}: {} files, {} bytes",
                a.problem,
                w.path.display(),
                w.files,
                w.bytes
            )?;
            if let Some(warning) = &w.warning {
                let _ = writeln!(io::stderr(), "judge: warning: {warning}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(fail(exit::FAILED, &e.to_string())),
    }
}
