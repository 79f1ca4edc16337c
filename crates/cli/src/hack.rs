//! `judge hack`: the smallest input on which a program is wrong, and why
//! (the search is `beatty_problems::hack`, run by `beatty_judge::hack`; this module parses the arguments,
//! compiles like `judge run` and prints the report).

use crate::run::{IsolationArg, isolation, language_table, seconds};
use crate::{Outcome, fail};
use beatty_judge::hack::{HackConfig, Hacked, Report, Round, hack};
use beatty_judge::hack_play::{PlayReport, hack_play};
use beatty_judge::judging::compiled;
use beatty_judge::lang::Compiled;
use beatty_judge::run::{RunConfig, Task};
use beatty_problems::hack::{input_bytes, why};
use beatty_problems::interact::Game;
use beatty_problems::{Problem, Verdict};
use clap::Args;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// `--format` of `judge hack`: one report at the end (no per-test lines,
/// so no JUnit).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// The report in words.
    Text,
    /// One JSON object.
    Json,
}

#[derive(Args)]
pub(crate) struct HackArgs {
    /// The problem (name or alias), e.g. `wythoff` or `wythoff-play`.
    problem: Task,
    /// A source file, compiled in the sandbox by its extension, e.g.
    /// `sol.cpp`; or else give a command after `--`.
    file: Option<PathBuf>,
    /// Seconds the search may take (the shrinking of a wrong answer as long
    /// again; a time-out's within them), e.g. `--time 10`.
    #[arg(long, default_value_t = 60.0)]
    time: f64,
    /// Write the smallest failing input as a test: PATH.in and PATH.ans,
    /// e.g. `--out tests/hack-1`.
    ///
    /// For a game, the transcript of the shortest failing game, which
    /// `judge play --replay PATH` shows.
    #[arg(long, value_name = "PATH")]
    out: Option<PathBuf>,
    /// The report: `text` or `json` (one object), e.g. `--format json`.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// The seed of the generator profiles and the random round, e.g. `--seed 3`.
    #[arg(long, default_value_t = 1, value_parser = crate::number::count)]
    seed: u64,
    /// Wall-clock seconds per run, as `judge run`'s, e.g. `--time-limit 1`.
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// Memory per run in MiB, as `judge run`'s, e.g. `--memory-limit 64`.
    #[arg(long, default_value_t = 256, value_parser = crate::number::count)]
    memory_limit: u64,
    /// How each run is isolated, as `judge run`'s, e.g. `--isolation basic`.
    #[arg(long, value_enum, default_value = "auto")]
    isolation: IsolationArg,
    /// A languages file that changes or extends the language table.
    #[arg(long, value_name = "FILE")]
    languages: Option<PathBuf>,
    /// The language of FILE by its id in `judge languages`, e.g. `--language pypy3`.
    #[arg(long, value_name = "ID")]
    language: Option<String>,
    /// The program as a command and its arguments, after `--`, e.g. `-- ./a.out`.
    #[arg(last = true)]
    cmd: Vec<OsString>,
}

/// `judge hack` (see `help/hack.txt`).
pub(crate) fn run(a: &HackArgs) -> Outcome {
    let langs = match language_table(a.languages.as_deref()) {
        Ok(t) => t,
        Err((code, e)) => return Ok(fail(code, &e)),
    };
    let p = a.problem;
    let source = match (&a.file, a.cmd.is_empty()) {
        (Some(_), false) => {
            return Ok(fail(
                2,
                "give either a source FILE or a command after `--`, not both",
            ));
        }
        (None, true) => {
            return Ok(fail(
                2,
                &format!(
                    "give a source file (e.g. `judge hack {p} sol.cpp`) or a command after `--` (e.g. `judge hack {p} -- ./a.out`)"
                ),
            ));
        }
        (Some(f), true) => {
            let lang = match a.language.as_deref() {
                Some(id) => langs.list.iter().find(|l| l.id == id),
                None => langs.of(f),
            };
            let Some(lang) = lang else {
                return Ok(fail(
                    2,
                    &format!(
                        "{}: no such language (known extensions: {}); give a command after `--` instead",
                        f.display(),
                        langs.extensions()
                    ),
                ));
            };
            if !f.is_file() {
                return Ok(fail(3, &format!("{}: no such file", f.display())));
            }
            Some((f, lang.clone()))
        }
        (None, false) => None,
    };
    let time = match seconds("--time", a.time) {
        Ok(t) => t,
        Err(e) => return Ok(fail(2, &e)),
    };
    let time_limit = match seconds("--time-limit", a.time_limit) {
        Ok(t) => t,
        Err(e) => return Ok(fail(2, &e)),
    };
    if !(1..=1 << 20).contains(&a.memory_limit) {
        return Ok(fail(2, "--memory-limit must be between 1 and 1048576 MiB"));
    }
    let isolation = match isolation(a.isolation) {
        Ok(i) => i,
        Err(e) => return Ok(fail(3, &e)),
    };
    let cfg = RunConfig {
        time_limit,
        memory_limit: a.memory_limit << 20,
        isolation,
        jobs: 1,
        ..RunConfig::default()
    };
    // A source file is compiled into a directory of its own, removed when
    // `build` drops.
    let mut build = None;
    let cmd: Vec<OsString> = match source {
        None => a.cmd.clone(),
        Some((src, lang)) => {
            let _ = writeln!(
                io::stderr(),
                "judge: compiling {} as {}",
                src.display(),
                lang.name
            );
            match compiled(src, &lang, &cfg) {
                Ok((Compiled::Ready(c), out)) => {
                    build = Some(out);
                    c
                }
                Ok((Compiled::Error(m), _)) => {
                    return Ok(fail(1, &format!("compile error (CE): {m}")));
                }
                Err(e) => return Ok(fail(3, &e.to_string())),
            }
        }
    };
    let config = HackConfig {
        time,
        seed: a.seed,
        run: cfg,
    };
    let progress = |r: &Round| {
        let _ = writeln!(
            io::stderr(),
            "judge: {}: {} cases in {} runs",
            r.name,
            r.cases,
            r.runs
        );
    };
    let p = match p {
        Task::Batch(p) => p,
        Task::Play(g) => {
            let report = hack_play(g, &cmd, &config, &progress);
            drop(build);
            return play_report(a, g, report);
        }
        _ => {
            return Ok(fail(
                2,
                &format!("{p}: `judge hack` cannot hack this problem"),
            ));
        }
    };
    let report = hack(p, &cmd, &config, &progress);
    drop(build);
    let report = match report {
        Ok(r) => r,
        Err(e) => return Ok(fail(3, &e.to_string())),
    };
    if let (Some(path), Some(h)) = (&a.out, &report.hacked) {
        let base = path.to_string_lossy();
        let base = base.strip_suffix(".in").unwrap_or(&base);
        for (ext, bytes) in [("in", input_bytes(p, &h.cases)), ("ans", h.answer.clone())] {
            let f = format!("{base}.{ext}");
            if let Err(e) = std::fs::write(&f, bytes) {
                return Ok(fail(3, &format!("{f}: {e}")));
            }
        }
    }
    let text = match a.format {
        Format::Json => json(p, &report),
        Format::Text => text(p, &report),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::from(u8::from(report.hacked.is_some())))
}

/// `s` for a count other than one.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// What the rounds tried, one line each.
fn tried(rounds: &[Round]) -> String {
    let mut s = String::new();
    for (i, r) in rounds.iter().enumerate() {
        s += &format!(
            "  round {} ({}): {} cases in {} runs\n",
            i + 1,
            r.name,
            r.cases,
            r.runs
        );
    }
    s
}

/// The explanation of a one-case input: `judge explain`'s text, and the notes.
fn explained(p: Problem, cases: &[Vec<u64>]) -> (Vec<String>, String) {
    match cases {
        [c] => (
            why::notes(p, c),
            beatty_problems::explain::explain(p.name(), c).unwrap_or_default(),
        ),
        _ => (Vec::new(), String::new()),
    }
}

fn text(p: Problem, report: &Report) -> String {
    let Some(h) = &report.hacked else {
        return format!(
            "no failing input found in {:.1} s; tried:\n{}",
            report.elapsed.as_secs_f64(),
            tried(&report.rounds)
        );
    };
    let mut s = String::new();
    let input = String::from_utf8_lossy(&input_bytes(p, &h.cases)).into_owned();
    let n = h.cases.len();
    s += &format!(
        "failing input ({n} case{}):\n{input}",
        if n == 1 { "" } else { "s" }
    );
    s += &format!("expected:\n{}", String::from_utf8_lossy(&h.answer));
    if let Some(r) = h.failure.received() {
        s += &format!("received: {r}\n");
    }
    s += &format!(
        "verdict: {} ({})\n",
        h.failure.verdict.short(),
        h.failure.detail
    );
    let (notes, explain) = explained(p, &h.cases);
    if !notes.is_empty() {
        s += "why:\n";
        for n in notes {
            s += &format!("  {n}\n");
        }
    }
    if !explain.is_empty() {
        s += "explain:\n";
        for l in explain.lines() {
            s += &format!("  {l}\n");
        }
    }
    let smallest = if h.failure.verdict == Verdict::TimeLimit {
        slow_note(h)
    } else if h.exhaustive {
        "every smaller case passed".into()
    } else if h.cut_short {
        "stopped at the time of --time; a smaller input may fail".into()
    } else {
        "no move of the shrinker fails".into()
    };
    s += &format!(
        "shrunk: from {} in {} step{}, {} run{} ({smallest})\n",
        found_of(&h.found),
        h.shrink_steps,
        plural(h.shrink_steps),
        h.shrink_runs,
        plural(h.shrink_runs)
    );
    s += &format!(
        "found in round {} after {:.1} s; tried:\n{}",
        h.round + 1,
        report.elapsed.as_secs_f64(),
        tried(&report.rounds)
    );
    s
}

/// What the shrinking of a time-out came to: the smallest case found, not
/// the smallest there is (timing decides near the limit), and the nearest
/// passing case with its CPU time.
fn slow_note(h: &Hacked) -> String {
    let within = if h.cut_short {
        "the smallest found before --time ran out"
    } else {
        "the smallest found"
    };
    match &h.nearest {
        Some((case, cpu)) => format!(
            "a time-out: {within}; the nearest smaller case that passed, {}, took {:.2} s of CPU time",
            line_of(case),
            cpu.as_secs_f64()
        ),
        None => format!("a time-out: {within}"),
    }
}

fn json(p: Problem, report: &Report) -> String {
    let rounds: Vec<serde_json::Value> = report
        .rounds
        .iter()
        .map(|r| serde_json::json!({"name": r.name, "cases": r.cases, "runs": r.runs}))
        .collect();
    let hacked = report.hacked.as_ref().map(|h| {
        let (notes, explain) = explained(p, &h.cases);
        serde_json::json!({
            "cases": h.cases,
            "input": String::from_utf8_lossy(&input_bytes(p, &h.cases)),
            "expected": String::from_utf8_lossy(&h.answer),
            "received": h.failure.received(),
            "verdict": h.failure.verdict.short(),
            "message": h.failure.detail,
            "why": notes,
            "explain": explain,
            "found": h.found,
            "round": h.round + 1,
            "shrink_steps": h.shrink_steps,
            "shrink_runs": h.shrink_runs,
            "smallest_of_all": h.exhaustive,
            "cut_short": h.cut_short,
            "nearest_passing": h.nearest.as_ref().map(|(case, cpu)| serde_json::json!({
                "case": case,
                "cpu_seconds": cpu.as_secs_f64(),
            })),
        })
    });
    let mut s = serde_json::json!({
        "problem": p.name(),
        "found": report.hacked.is_some(),
        "hack": hacked,
        "rounds": rounds,
        "seconds": report.elapsed.as_secs_f64(),
    })
    .to_string();
    s.push('\n');
    s
}

/// The report of a game's hack: the transcript to `--out`, the text or json.
fn play_report(
    a: &HackArgs,
    g: Game,
    report: Result<PlayReport, beatty_judge::run::RunError>,
) -> Outcome {
    let report = match report {
        Ok(r) => r,
        Err(e) => return Ok(fail(3, &e.to_string())),
    };
    if let (Some(path), Some(h)) = (&a.out, &report.hacked) {
        let t = crate::report::transcript(std::slice::from_ref(&h.replay));
        if let Err(e) = std::fs::write(path, t) {
            return Ok(fail(3, &format!("{}: {e}", path.display())));
        }
    }
    let text = match a.format {
        Format::Json => play_json(g, &report),
        Format::Text => play_text(g, &report),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::from(u8::from(report.hacked.is_some())))
}

/// The batch problem of the same game (`wythoff` for `wythoff-play`),
/// whose notes and explanation say why a start is where programs err.
fn batch_of(g: Game) -> Option<Problem> {
    g.name().strip_suffix("-play")?.parse().ok()
}

/// Why a start: the batch problem's notes and `judge explain`'s text.
fn start_why(g: Game, start: &[u64]) -> (Vec<String>, String) {
    match batch_of(g) {
        Some(p) if beatty_problems::hack::legal(p, start) => {
            explained(p, std::slice::from_ref(&start.to_vec()))
        }
        _ => (Vec::new(), String::new()),
    }
}

/// The plies played well before the mistake (the transcript's last ply is
/// the line that erred, when one did).
fn plies_before_mistake(p: &beatty_judge::run::Play) -> usize {
    p.transcript
        .iter()
        .filter(|t| t.ply.mistake.is_none())
        .count()
}

/// The input first found: its cases separated by ` / `, or how many when
/// they are more than three.
fn found_of(found: &[Vec<u64>]) -> String {
    if found.len() > 3 {
        return format!("{} cases", found.len());
    }
    found
        .iter()
        .map(|c| line_of(c))
        .collect::<Vec<_>>()
        .join(" / ")
}

fn line_of(start: &[u64]) -> String {
    start
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn play_text(g: Game, report: &PlayReport) -> String {
    let Some(h) = &report.hacked else {
        return format!(
            "no failing game found in {:.1} s; tried:\n{}",
            report.elapsed.as_secs_f64(),
            tried(&report.rounds)
        );
    };
    let n = h.starts.len();
    let mut s = format!("failing game{} ({n} start{}):\n", plural(n), plural(n));
    for st in &h.starts {
        s += &format!("{}\n", line_of(st));
    }
    if let Some(p) = &h.replay.play {
        s += &format!("plies played: {}\n", plies_before_mistake(p));
    }
    s += &format!(
        "verdict: {} ({})\n",
        h.failure.verdict.short(),
        h.failure.detail
    );
    if let [start] = &h.starts[..] {
        let (notes, explain) = start_why(g, start);
        if !notes.is_empty() {
            s += "why:\n";
            for n in notes {
                s += &format!("  {n}\n");
            }
        }
        if !explain.is_empty() {
            s += "explain:\n";
            for l in explain.lines() {
                s += &format!("  {l}\n");
            }
        }
    }
    let smallest = if h.exhaustive {
        "every smaller start passed"
    } else if h.cut_short {
        "stopped at the time of --time; a smaller start may fail"
    } else {
        "no move of the shrinker fails"
    };
    s += &format!(
        "shrunk: from {} in {} step{}, {} run{} ({smallest})\n",
        found_of(&h.found),
        h.shrink_steps,
        plural(h.shrink_steps),
        h.shrink_runs,
        plural(h.shrink_runs)
    );
    s += &format!(
        "found in round {} after {:.1} s; tried:\n{}",
        h.round + 1,
        report.elapsed.as_secs_f64(),
        tried(&report.rounds)
    );
    s
}

fn play_json(g: Game, report: &PlayReport) -> String {
    let rounds: Vec<serde_json::Value> = report
        .rounds
        .iter()
        .map(|r| serde_json::json!({"name": r.name, "cases": r.cases, "runs": r.runs}))
        .collect();
    let hacked = report.hacked.as_ref().map(|h| {
        let (notes, explain) = match &h.starts[..] {
            [start] => start_why(g, start),
            _ => (Vec::new(), String::new()),
        };
        serde_json::json!({
            "starts": h.starts,
            "plies": h.replay.play.as_ref().map(plies_before_mistake),
            "verdict": h.failure.verdict.short(),
            "message": h.failure.detail,
            "why": notes,
            "explain": explain,
            "found": h.found,
            "round": h.round + 1,
            "shrink_steps": h.shrink_steps,
            "shrink_runs": h.shrink_runs,
            "smallest_of_all": h.exhaustive,
            "cut_short": h.cut_short,
        })
    });
    let mut s = serde_json::json!({
        "problem": g.name(),
        "found": report.hacked.is_some(),
        "hack": hacked,
        "rounds": rounds,
        "seconds": report.elapsed.as_secs_f64(),
    })
    .to_string();
    s.push('\n');
    s
}
