//! `judge check`: a contestant's output against the exact answer, with
//! testlib's argument order and exit codes, or as a Kattis output validator.

use crate::{Outcome, WriteError, exit, fail};
use beatty_problems::Problem;
use beatty_problems::check::check_reader;
use clap::Args;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// The problem (name or alias), e.g. `euclid`.
    problem: Problem,
    /// The test input, e.g. `01.in`.
    input: PathBuf,
    /// The contestant's output, e.g. `out.txt`.
    output: PathBuf,
    /// The jury's answer, e.g. `01.ans` (default: computed exactly); with
    /// --kattis, the feedback directory.
    answer: Option<PathBuf>,
    /// Kattis output-validator mode: the arguments are INPUT ANSWER
    /// FEEDBACK_DIR, the contestant's output is read from standard input.
    #[arg(long)]
    kattis: bool,
    /// With --kattis: flags the judging system appends, e.g. `case_sensitive`; ignored.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    flags: Vec<OsString>,
}

pub(crate) fn run(a: &CheckArgs) -> Outcome {
    if a.kattis {
        return Ok(kattis(a));
    }
    if let Some(extra) = a.flags.first() {
        return Ok(fail(
            exit::FAILED,
            &format!(
                "unexpected argument {} (only --kattis takes more than INPUT OUTPUT [ANSWER])",
                beatty_problems::text::excerpt(extra.as_encoded_bytes(), 64)
            ),
        ));
    }
    // Opened here, read as the check goes (constant memory; a read error later is
    // a checker failure too).
    let open = |p: &PathBuf, what: &str| {
        std::fs::File::open(p).map_err(|e| format!("cannot read {what} {}: {e}", p.display()))
    };
    let files = (|| -> Result<_, String> {
        Ok((
            open(&a.input, "INPUT")?,
            open(&a.output, "OUTPUT")?,
            a.answer.as_ref().map(|p| open(p, "ANSWER")).transpose()?,
        ))
    })();
    let (input, output, answer) = match files {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(io::stderr(), "FAIL {e}");
            return Ok(ExitCode::from(exit::FAILED));
        }
    };
    let r = check_reader(a.problem, input, output, answer);
    let code = r.verdict.exit_code();
    // The exit code is the verdict, even when nobody reads the message.
    writeln!(io::stderr(), "{r}").map_err(|err| WriteError {
        err,
        on_broken_pipe: code,
    })?;
    Ok(ExitCode::from(code))
}

/// `check --kattis`: INPUT ANSWER FEEDBACK_DIR, the output on standard input.
/// Exits 42 (accepted) or 43 (rejected); anything else, 3 here as for every
/// failure of the judge, is a judge error to Kattis.
fn kattis(a: &CheckArgs) -> ExitCode {
    let Some(feedback) = &a.answer else {
        return fail(exit::FAILED, "--kattis needs INPUT ANSWER FEEDBACK_DIR");
    };
    let open = |p: &PathBuf, what: &str| {
        std::fs::File::open(p).map_err(|e| format!("cannot read {what} {}: {e}", p.display()))
    };
    let files =
        (|| -> Result<_, String> { Ok((open(&a.input, "INPUT")?, open(&a.output, "ANSWER")?)) })();
    let (code, message) = match files {
        Ok((input, answer)) => {
            let r = check_reader(a.problem, input, io::stdin().lock(), Some(answer));
            let code = match r.verdict {
                beatty_problems::Verdict::Accepted => 42,
                beatty_problems::Verdict::Fail => exit::FAILED,
                _ => 43,
            };
            (code, r.message)
        }
        Err(e) => (exit::FAILED, format!("FAIL {e}")),
    };
    let path = feedback.join("judgemessage.txt");
    if let Err(e) = std::fs::write(&path, format!("{message}\n")) {
        return fail(
            exit::FAILED,
            &format!("cannot write {}: {e}", path.display()),
        );
    }
    let _ = writeln!(io::stderr(), "{message}");
    ExitCode::from(code)
}
