//! Invocations: every package submission of a problem judged on the test set
//! of every seed, as Polygon's "invocations" do.
//!
//! [`invoke`] compiles each submission of the problem's package
//! (`submissions/<dir>/<file>`, see [`crate::package::assets`]) with the
//! built-in [language table](crate::lang), in the sandbox, writes the test set of each seed
//! ([`crate::testset::write_testset`]) and judges every submission on it with
//! [`crate::run::run_tests`] (the sandbox and limits of `judge run`), stopping
//! at its first failing test. The result is a [`Matrix`]: submission × seed,
//! each cell the verdict and the first failing test.
//!
//! A cell is **right** when its verdict is the one the submission's directory
//! promises ([`Expected::admits`]):
//!
//! | directory | verdicts |
//! |---|---|
//! | `accepted/` | AC on every test |
//! | `wrong_answer/` | WA or PE (problemtools and Kattis have no PE: both are a wrong answer there) |
//! | `time_limit_exceeded/` | TLE |
//! | `run_time_error/` | RE |
//!
//! [`Matrix::failures`] lists the wrong cells; the worst of them is a wrong
//! submission that passes a whole test set, which means the generator lost the
//! cases of its mistake.
//!
//! An interactive problem's submissions are the contestants of
//! [`beatty_problems::interact::archetypes`] (a correct one and the archetypes of wrong
//! play, in Python), its test sets those of
//! [`crate::testset::write_play_testset`], and each move may take at most a
//! second unless the configuration says otherwise, so that a contestant that
//! never flushes is TLE without waiting for the wall limit of every test.

use crate::run::{RunConfig, RunError, Task, run_tests, tests_in};
use beatty_problems::Verdict;
use core::fmt;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// The verdict a submission's directory promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expected {
    /// `accepted/`: passes every test.
    Accepted,
    /// `wrong_answer/`: a wrong answer (or a presentation error) on some test.
    WrongAnswer,
    /// `time_limit_exceeded/`: too slow on some test.
    TimeLimit,
    /// `run_time_error/`: crashes on some test.
    RuntimeError,
}

impl Expected {
    /// The expectation of a package directory name, e.g. `wrong_answer`.
    ///
    /// ```
    /// use beatty_judge::invoke::Expected;
    /// assert_eq!(Expected::from_dir("run_time_error"), Some(Expected::RuntimeError));
    /// assert_eq!(Expected::from_dir("memory_limit_exceeded"), None);
    /// ```
    #[must_use]
    pub fn from_dir(dir: &str) -> Option<Expected> {
        Some(match dir {
            "accepted" => Expected::Accepted,
            "wrong_answer" => Expected::WrongAnswer,
            "time_limit_exceeded" => Expected::TimeLimit,
            "run_time_error" => Expected::RuntimeError,
            _ => return None,
        })
    }

    /// Whether `v`, the verdict of a whole test set, keeps the promise.
    ///
    /// ```
    /// use beatty_judge::invoke::Expected;
    /// use beatty_problems::Verdict;
    /// assert!(Expected::WrongAnswer.admits(Verdict::PresentationError));
    /// assert!(!Expected::WrongAnswer.admits(Verdict::Accepted));
    /// assert!(!Expected::TimeLimit.admits(Verdict::WrongAnswer));
    /// ```
    #[must_use]
    pub fn admits(self, v: Verdict) -> bool {
        match self {
            Expected::Accepted => v == Verdict::Accepted,
            Expected::WrongAnswer => {
                matches!(v, Verdict::WrongAnswer | Verdict::PresentationError)
            }
            Expected::TimeLimit => v == Verdict::TimeLimit,
            Expected::RuntimeError => v == Verdict::RuntimeError,
        }
    }

    /// The short name: `AC`, `WA`, `TLE`, `RE`.
    #[must_use]
    pub fn short(self) -> &'static str {
        match self {
            Expected::Accepted => "AC",
            Expected::WrongAnswer => "WA",
            Expected::TimeLimit => "TLE",
            Expected::RuntimeError => "RE",
        }
    }
}

/// One submission on one seed's test set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The seed.
    pub seed: u64,
    /// The verdict of the whole test set (that of the first failing test, or AC).
    pub verdict: Verdict,
    /// The first failing test, e.g. `03-hack`; `None` when every test passed.
    pub test: Option<String>,
    /// The judge's message on that test (the checker's, or the end of stderr).
    pub detail: String,
}

impl Cell {
    /// The cell as the matrix shows it: `AC`, or the verdict and the number of
    /// the first failing test, e.g. `WA 03`.
    #[must_use]
    pub fn shown(&self) -> String {
        match &self.test {
            None => self.verdict.short().to_owned(),
            Some(t) => {
                let num: String = t.chars().take_while(char::is_ascii_digit).collect();
                let num = if num.is_empty() { t.clone() } else { num };
                format!("{} {num}", self.verdict.short())
            }
        }
    }
}

/// One submission on every seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The path in the package, e.g. `submissions/wrong_answer/float.cpp`.
    pub path: String,
    /// What its directory promises.
    pub expected: Expected,
    /// The mistake it makes: the comment that opens the file, without its
    /// comment markers.
    pub mistake: String,
    /// One cell per seed, in the order of the seeds.
    pub cells: Vec<Cell>,
}

impl Row {
    /// The path without `submissions/`.
    #[must_use]
    pub fn name(&self) -> &str {
        self.path.strip_prefix("submissions/").unwrap_or(&self.path)
    }
}

/// The result of [`invoke`]: every submission × every seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    /// The problem.
    pub problem: Task,
    /// The seeds, in order (the columns).
    pub seeds: Vec<u64>,
    /// The test names of a test set, in order.
    pub tests: Vec<String>,
    /// One row per submission, in package order.
    pub rows: Vec<Row>,
}

impl Matrix {
    /// Every broken promise, one line each: a wrong submission that passes a
    /// whole test set (named, with the seed), an accepted one that fails, a
    /// verdict of another kind than its directory says. Empty when every cell
    /// is right.
    #[must_use]
    pub fn failures(&self) -> Vec<String> {
        let mut v = Vec::new();
        for row in &self.rows {
            for c in &row.cells {
                if row.expected.admits(c.verdict) {
                    continue;
                }
                let at = c.test.as_deref().unwrap_or("");
                v.push(match (row.expected, c.verdict) {
                    (Expected::Accepted, _) => format!(
                        "{}: an accepted submission gets {} on test {at} of seed {}: {}",
                        row.name(),
                        c.verdict,
                        c.seed,
                        c.detail
                    ),
                    (_, Verdict::Accepted) => format!(
                        "{}: passes every test of seed {} (expected {}); its mistake: {}",
                        row.name(),
                        c.seed,
                        row.expected.short(),
                        row.mistake
                    ),
                    _ => format!(
                        "{}: gets {} on test {at} of seed {} (expected {}): {}",
                        row.name(),
                        c.verdict,
                        c.seed,
                        row.expected.short(),
                        c.detail
                    ),
                });
            }
        }
        v
    }

    /// Writes the matrix as a plain-text table: a row per submission, a column
    /// per seed.
    ///
    /// # Errors
    /// A failed write.
    pub fn write_text<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let width = self.rows.iter().map(|r| r.name().len()).max().unwrap_or(10);
        write!(out, "{:<width$}  exp", "submission")?;
        for s in &self.seeds {
            write!(out, " {s:>6}")?;
        }
        writeln!(out)?;
        for row in &self.rows {
            write!(out, "{:<width$}  {:<3}", row.name(), row.expected.short())?;
            for c in &row.cells {
                let mark = if row.expected.admits(c.verdict) {
                    ""
                } else {
                    "!"
                };
                write!(out, " {:>6}", format!("{mark}{}", c.shown()))?;
            }
            writeln!(out)?;
        }
        writeln!(
            out,
            "cells: the verdict of the seed's test set and its first failing test ({}); `!` marks a broken promise",
            self.tests.join(", ")
        )
    }

    /// Writes the matrix as a Markdown table, a row per submission with its
    /// mistake; runs of seeds with the same cell are merged (`1–20: WA 03`).
    ///
    /// # Errors
    /// A failed write.
    pub fn write_markdown<W: Write>(&self, out: &mut W) -> io::Result<()> {
        writeln!(
            out,
            "| submission | expected | mistake | seed: verdict, first failing test |"
        )?;
        writeln!(out, "|---|---|---|---|")?;
        for row in &self.rows {
            let mut runs: Vec<(u64, u64, String)> = Vec::new();
            for c in &row.cells {
                let shown = c.shown();
                match runs.last_mut() {
                    Some((_, hi, s)) if *s == shown && *hi + 1 == c.seed => *hi = c.seed,
                    _ => runs.push((c.seed, c.seed, shown)),
                }
            }
            let cells: Vec<String> = runs
                .iter()
                .map(|(lo, hi, s)| {
                    if lo == hi {
                        format!("{lo}: {s}")
                    } else {
                        format!("{lo}–{hi}: {s}")
                    }
                })
                .collect();
            writeln!(
                out,
                "| `{}` | {} | {} | {} |",
                row.name(),
                row.expected.short(),
                row.mistake.replace('|', "\\|"),
                cells.join("; ")
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for Matrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut v = Vec::new();
        self.write_text(&mut v).map_err(|_| fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(&v))
    }
}

/// Parses a list of seeds: `7`, `1..20` (both ends included), `1..=20`, or a
/// comma-separated list of these; at most 10 000 seeds.
///
/// ```
/// use beatty_judge::invoke::parse_seeds;
/// assert_eq!(parse_seeds("1..3").unwrap(), [1, 2, 3]);
/// assert_eq!(parse_seeds("5,9..=10").unwrap(), [5, 9, 10]);
/// assert!(parse_seeds("3..1").is_err());
/// ```
///
/// # Errors
/// Anything else, with what was expected.
pub fn parse_seeds(s: &str) -> Result<Vec<u64>, String> {
    const MAX_SEEDS: usize = 10_000;
    let bad = |part: &str| {
        format!(
            "bad seeds `{}`: expected a seed, a range LO..HI (both included) or a comma-separated list of these",
            beatty_problems::text::excerpt(part.as_bytes(), 64)
        )
    };
    let mut seeds = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let (lo, hi) = match part.split_once("..") {
            Some((lo, hi)) => {
                let hi = hi.strip_prefix('=').unwrap_or(hi);
                (lo.trim().parse::<u64>(), hi.trim().parse::<u64>())
            }
            None => (part.parse::<u64>(), part.parse::<u64>()),
        };
        let (Ok(lo), Ok(hi)) = (lo, hi) else {
            return Err(bad(part));
        };
        if lo > hi {
            return Err(format!("bad seeds `{lo}..{hi}`: the range is empty"));
        }
        if hi - lo >= MAX_SEEDS as u64 || seeds.len() + ((hi - lo) as usize) >= MAX_SEEDS {
            return Err(format!("at most {MAX_SEEDS} seeds"));
        }
        seeds.extend(lo..=hi);
    }
    Ok(seeds)
}

/// A submission of the package, ready to run.
struct Prepared {
    path: &'static str,
    expected: Expected,
    mistake: String,
    cmd: Vec<std::ffi::OsString>,
}

/// The comment that opens a source file (its first line and the comment lines
/// right after it), without the comment markers (`//`, `#`, `/*`, `*/`),
/// joined by spaces.
fn first_line_comment(src: &str) -> String {
    let strip = |line: &str| -> Option<String> {
        let line = line.trim();
        let body = line
            .strip_prefix("//")
            .or_else(|| line.strip_prefix('#'))
            .or_else(|| line.strip_prefix("/*"))?;
        Some(body.trim_end_matches("*/").trim().to_owned())
    };
    src.lines()
        .map_while(strip)
        .filter(|l| !l.starts_with('!') && !l.starts_with("include"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn chmod(path: &Path, mode: u32) -> Result<(), RunError> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| RunError(format!("{}: {e}", path.display())))
}

/// Compiles every submission of `problem`'s package and judges each on the
/// test set of every seed (see the [module docs](self)); `on_cell` is called
/// after each cell, for progress.
///
/// `cfg` gives the limits and isolation; its `stop_on_fail` is ignored (every
/// run stops at its first failing test) and the test directory is added to
/// its `hide` list.
///
/// # Errors
/// A failure of the judge: no package submissions, a submission that does not
/// compile or whose language is unknown, a test set that cannot be written, a
/// program that cannot start, a checker failure.
pub fn invoke(
    problem: impl Into<Task>,
    seeds: &[u64],
    cfg: &RunConfig,
    on_cell: &dyn Fn(&Row, &Cell),
) -> Result<Matrix, RunError> {
    let problem = problem.into();
    // (path, contents, what it does wrong) of each submission.
    let sources: Vec<(&'static str, String, String)> = match problem {
        Task::Batch(p) => crate::package::assets(p.name())
            .ok_or_else(|| RunError(format!("{problem} has no package files")))?
            .iter()
            .map(|a| {
                (
                    a.path,
                    a.contents.to_owned(),
                    first_line_comment(a.contents),
                )
            })
            .collect(),
        Task::Play(g) => beatty_problems::interact::archetypes::ALL
            .iter()
            .map(|a| (a.path, a.source(g), a.mistake().to_owned()))
            .collect(),
    };
    let mut cfg = cfg.clone();
    if matches!(problem, Task::Play(_)) && cfg.move_time_limit.is_none() {
        cfg.move_time_limit = Some(std::time::Duration::from_secs(1));
    }
    let cfg = &cfg;
    let base = crate::sandbox::scratch_dir("invoke")
        .map_err(|e| RunError(format!("cannot create a temporary directory: {e}")))?;
    // Everything here is the judge's own (0700, 0600): the runs get copies
    // of what they need where their ids can read them (`sandbox::into_box`).
    let mut prepared = Vec::new();
    for (i, (path, contents, mistake)) in sources.iter().enumerate() {
        let Some(rest) = path.strip_prefix("submissions/") else {
            continue;
        };
        let Some((dir, file)) = rest.split_once('/') else {
            continue;
        };
        let expected = Expected::from_dir(dir)
            .ok_or_else(|| RunError(format!("{path}: unknown directory `{dir}`")))?;
        let lang = crate::lang::language_of(Path::new(file))
            .ok_or_else(|| RunError(format!("{path}: no language for this extension")))?;
        let sub = base.path().join(format!("s{i:02}"));
        std::fs::create_dir(&sub).map_err(|e| RunError(format!("{}: {e}", sub.display())))?;
        chmod(&sub, 0o700)?;
        let src = sub.join(file);
        std::fs::write(&src, contents.as_bytes())
            .map_err(|e| RunError(format!("{}: {e}", src.display())))?;
        chmod(&src, 0o600)?;
        let out = sub.join("out");
        std::fs::create_dir(&out).map_err(|e| RunError(format!("{}: {e}", out.display())))?;
        chmod(&out, 0o700)?;
        let limits = crate::lang::CompileLimits {
            program_memory: cfg.memory_limit,
            ..Default::default()
        };
        let cmd = match crate::lang::compile(lang, &src, &out, &limits, cfg.isolation, &cfg.hide)
            .map_err(|e| RunError(format!("{path}: {e}")))?
        {
            crate::lang::Compiled::Ready(cmd) => cmd,
            crate::lang::Compiled::Error(m) => {
                return Err(RunError(format!("{path}: a compile error: {m}")));
            }
        };
        prepared.push(Prepared {
            path,
            expected,
            mistake: mistake.clone(),
            cmd,
        });
    }
    if prepared.is_empty() {
        return Err(RunError(format!(
            "{problem}: the package has no submissions"
        )));
    }
    let mut rows: Vec<Row> = prepared
        .iter()
        .map(|p| Row {
            path: p.path.to_owned(),
            expected: p.expected,
            mistake: p.mistake.clone(),
            cells: Vec::with_capacity(seeds.len()),
        })
        .collect();
    let mut names = Vec::new();
    for &seed in seeds {
        let dir = base.path().join(format!("tests-{seed}"));
        names = match problem {
            Task::Batch(p) => crate::testset::write_testset(p, &dir, seed),
            Task::Play(g) => crate::testset::write_play_testset(g, &dir, seed),
        }
        .map_err(|e| RunError(format!("seed {seed}: {e}")))?;
        let tests = tests_in(&dir).map_err(|e| RunError(e.to_string()))?;
        let mut cfg = cfg.clone();
        cfg.stop_on_fail = true;
        cfg.hide.push(dir.clone());
        for (p, row) in prepared.iter().zip(&mut rows) {
            let results = run_tests(problem, &tests, &p.cmd, &cfg, &|_| ())?;
            let fail = results.iter().find(|r| r.verdict != Verdict::Accepted);
            let cell = Cell {
                seed,
                verdict: fail.map_or(Verdict::Accepted, |r| r.verdict),
                test: fail.map(|r| r.name.clone()),
                detail: fail.map(|r| r.detail.clone()).unwrap_or_default(),
            };
            on_cell(row, &cell);
            row.cells.push(cell);
        }
        std::fs::remove_dir_all(&dir).map_err(|e| RunError(format!("{}: {e}", dir.display())))?;
    }
    Ok(Matrix {
        problem,
        seeds: seeds.to_vec(),
        tests: names,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mistake_is_the_first_line_without_its_comment_marker() {
        assert_eq!(first_line_comment("// int table\nint x;"), "int table");
        assert_eq!(first_line_comment("// a\n// b\n#include <x>\n"), "a b");
        assert_eq!(
            first_line_comment("#!/usr/bin/env python3\n# slow\n"),
            "slow"
        );
        assert_eq!(first_line_comment("# slow\nimport sys"), "slow");
        assert_eq!(first_line_comment("/* a */\n"), "a");
        assert_eq!(first_line_comment(""), "");
    }

    #[test]
    fn failures_name_a_wrong_submission_that_passes() {
        let cell = |seed, verdict, test: Option<&str>| Cell {
            seed,
            verdict,
            test: test.map(str::to_owned),
            detail: String::new(),
        };
        let m = Matrix {
            problem: beatty_problems::Problem::Bash.into(),
            seeds: vec![1, 2],
            tests: vec!["01-sample".into()],
            rows: vec![
                Row {
                    path: "submissions/wrong_answer/x.c".into(),
                    expected: Expected::WrongAnswer,
                    mistake: "off by one".into(),
                    cells: vec![
                        cell(1, Verdict::WrongAnswer, Some("03-hack")),
                        cell(2, Verdict::Accepted, None),
                    ],
                },
                Row {
                    path: "submissions/accepted/y.py".into(),
                    expected: Expected::Accepted,
                    mistake: String::new(),
                    cells: vec![
                        cell(1, Verdict::Accepted, None),
                        cell(2, Verdict::Accepted, None),
                    ],
                },
            ],
        };
        let f = m.failures();
        assert_eq!(f.len(), 1);
        assert!(f[0].starts_with("wrong_answer/x.c: passes every test of seed 2"));
        assert!(f[0].ends_with("off by one"));
        let mut md = Vec::new();
        m.write_markdown(&mut md).unwrap();
        let md = String::from_utf8(md).unwrap();
        assert!(md.contains("| `wrong_answer/x.c` | WA | off by one | 1: WA 03; 2: AC |"));
        assert!(md.contains("| `accepted/y.py` | AC |  | 1–2: AC |"));
    }
}
