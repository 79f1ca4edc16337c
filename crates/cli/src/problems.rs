//! `judge problems`: the problems, their names, aliases and formats.

use crate::Outcome;
use beatty_judge::Problem;
use std::io::{self, Write};
use std::process::ExitCode;

pub(crate) fn run() -> Outcome {
    let mut out = io::stdout().lock();
    for p in Problem::ALL {
        let s = p.spec();
        writeln!(
            out,
            "{} ({}) — {}, {}",
            s.name,
            s.aliases.join(", "),
            s.title,
            s.source
        )?;
        writeln!(out, "  input:  {}", s.input_format)?;
        writeln!(out, "  output: {}", s.output_format)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
