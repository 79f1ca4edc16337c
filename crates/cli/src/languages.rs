//! `judge languages`: the language table of `judge run` (see
//! `beatty_judge::lang`) and whether each language's tools are here.

use crate::{Outcome, fail};
use beatty_judge::lang::{Installed, Tool};
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
    // The versions, asked of every found tool at once (a JVM tool takes a
    // second to answer).
    let versions: Vec<Option<String>> = std::thread::scope(|scope| {
        let asked: Vec<_> = table
            .list
            .iter()
            .map(|l| {
                scope.spawn(move || {
                    let name = l.tools().first().map(|t| (*t).to_owned())?;
                    Tool::find(&name)?.version()
                })
            })
            .collect();
        asked.into_iter().map(|h| h.join().ok().flatten()).collect()
    });
    let mut text = String::new();
    for (l, version) in table.list.iter().zip(versions) {
        let ext: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
        let version = version.map_or_else(String::new, |v| format!(", {v}"));
        let installed = match l.installed() {
            Installed::Yes(p) => format!("installed ({}{version})", p.display()),
            Installed::Missing(t) => format!("not installed (no `{t}`)"),
            Installed::Unreachable(p, d) => format!(
                "installed at {}{version} but out of the sandbox's reach ({} lets no other user in, and runs as root have user ids of their own; strict isolation binds a toolchain's directory into each run)",
                p.display(),
                d.display()
            ),
        };
        let ext = if ext.is_empty() {
            format!(
                "no extension (`judge run --language {}`, or a languages file gives it one)",
                l.id
            )
        } else {
            ext.join(" ")
        };
        text.push_str(&format!("{} ({}): {ext} — {installed}\n", l.id, l.name));
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
