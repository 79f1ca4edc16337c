//! `judge languages`: the language table of `judge run` (see
//! `beatty_judge::lang`) and whether each language's tools are here.

use crate::{Outcome, fail};
use beatty_judge::lang::Installed;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct LanguagesArgs {
    /// A languages file that changes or extends the table, as `judge run
    /// --languages` takes it, e.g. `--languages langs.txt`.
    #[arg(long, value_name = "FILE")]
    languages: Option<PathBuf>,
}

pub(crate) fn run(a: &LanguagesArgs) -> Outcome {
    let table = match crate::run::language_table(a.languages.as_deref()) {
        Ok(t) => t,
        Err((code, e)) => return Ok(fail(code, &e)),
    };
    let mut text = String::new();
    for l in &table.list {
        let ext: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
        let installed = match l.installed() {
            Installed::Yes(p) => format!("installed ({})", p.display()),
            Installed::Missing(t) => format!("not installed (no `{t}`)"),
            Installed::Unreachable(p, d) => format!(
                "installed at {} but out of the sandbox's reach ({} lets no other user in, and runs as root have user ids of their own)",
                p.display(),
                d.display()
            ),
        };
        text.push_str(&format!(
            "{} ({}): {} — {installed}\n",
            l.id,
            l.name,
            ext.join(" ")
        ));
        let compile = l.compile.as_ref().map_or("-".to_owned(), |c| c.join(" "));
        text.push_str(&format!(
            "    compile: {compile}\n    run:     {}\n",
            l.run.join(" ")
        ));
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
