//! The languages the judge can compile and run a source file in: a table from
//! the file's extension to a compile command (if any) and a run command.
//!
//! | language | extensions | compile | run |
//! |---|---|---|---|
//! | C | `.c` | `gcc -O2 -std=gnu11 -o EXE SRC -lm` | `EXE` |
//! | C++ | `.cpp`, `.cc` | `g++ -O2 -std=gnu++17 -o EXE SRC` | `EXE` |
//! | Python 3 | `.py` | — | `python3 SRC` |
//!
//! These are the compilers and flags of problemtools' defaults for C and C++;
//! problemtools runs Python 3 with `pypy3`, the judge with `python3` (CPython,
//! slower: a Python solution that fits the judge's time limit fits pypy3's).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One language of the table (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// The language's name, e.g. `C++`.
    pub name: &'static str,
    /// The file extensions (without the dot), e.g. `cpp`.
    pub extensions: &'static [&'static str],
    /// The compiler and its arguments before `-o EXE SRC`, or `None` for an
    /// interpreted language.
    compile: Option<&'static [&'static str]>,
    /// Arguments after `SRC` (libraries).
    link: &'static [&'static str],
    /// The interpreter, for an interpreted language.
    interpreter: Option<&'static str>,
}

/// The table.
pub const LANGUAGES: [Language; 3] = [
    Language {
        name: "C",
        extensions: &["c"],
        compile: Some(&["gcc", "-O2", "-std=gnu11"]),
        link: &["-lm"],
        interpreter: None,
    },
    Language {
        name: "C++",
        extensions: &["cpp", "cc"],
        compile: Some(&["g++", "-O2", "-std=gnu++17"]),
        link: &[],
        interpreter: None,
    },
    Language {
        name: "Python 3",
        extensions: &["py"],
        compile: None,
        link: &[],
        interpreter: Some("python3"),
    },
];

/// The language of a file, from its extension.
///
/// ```
/// use beatty_judge::lang::language_of;
/// assert_eq!(language_of(std::path::Path::new("a/exact.cpp")).unwrap().name, "C++");
/// assert!(language_of(std::path::Path::new("Main.kt")).is_none());
/// ```
#[must_use]
pub fn language_of(path: &Path) -> Option<&'static Language> {
    let ext = path.extension()?.to_str()?;
    LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
}

impl Language {
    /// Makes `src` runnable: compiles it to `exe` (a compiled language) and
    /// returns the command that runs it.
    ///
    /// # Errors
    /// The compiler cannot start or fails: its name and the end of its
    /// messages (bounded and escaped).
    pub fn prepare(&self, src: &Path, exe: &Path) -> Result<Vec<OsString>, String> {
        if let Some(interpreter) = self.interpreter {
            return Ok(vec![interpreter.into(), src.into()]);
        }
        let Some(compile) = self.compile else {
            return Err(format!("{}: no way to run it", self.name));
        };
        let out = Command::new(compile[0])
            .args(&compile[1..])
            .arg("-o")
            .arg(exe)
            .arg(src)
            .args(self.link)
            .output()
            .map_err(|e| format!("cannot start {}: {e}", compile[0]))?;
        if !out.status.success() {
            let keep = out.stderr.len().saturating_sub(600);
            return Err(format!(
                "{} failed on {} ({}): {}",
                compile[0],
                src.display(),
                out.status,
                crate::text::excerpt(&out.stderr[keep..], 600)
            ));
        }
        Ok(vec![PathBuf::from(exe).into()])
    }
}
