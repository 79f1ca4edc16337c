//! `judge run` of the interactive problems: the judge's own contestant and an
//! exact Python one win every game of every default test set, as root and as
//! `nobody`, in both isolation modes; the contestants of
//! `tests/interactive/` (after DOMjudge's `runpipe` test matrix: exits at
//! once, closes its input, never reads, writes forever, floods one line,
//! numbers beyond u64, negative numbers, NUL bytes, writes on after the
//! judge's `-1`, a crash after a mistake, never flushes) each get the verdict
//! of their first line, quickly, and leave no process behind; a move time
//! limit turns an idle program into TLE long before the wall limit; the
//! transcript holds every ply with the program's think time; and (an
//! ignored test, a step of `.ci/run`) every contestant gets one verdict
//! in every run under CPU load.
#![cfg(target_os = "linux")]

use crate::common::{dir, is_root, judge_for_nobody, processes_with, wait_bounded};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const GAMES: [&str; 4] = [
    "wythoff-play",
    "euclid-play",
    "bash-play",
    "fibonacci-nim-play",
];

/// The judges to run: the tests' own, and as root one run by `nobody`.
fn judges() -> Vec<(PathBuf, bool)> {
    let mut v = vec![(PathBuf::from(env!("CARGO_BIN_EXE_judge")), false)];
    if is_root() && Path::new("/usr/bin/setpriv").exists() {
        v.push((judge_for_nobody().to_path_buf(), true));
    }
    v
}

/// `judge ARGS` (as `nobody` with `as_nobody`) in `cwd`, bounded to 60 s.
fn judge(judge: &Path, as_nobody: bool, cwd: &Path, args: &[&str]) -> (Output, Duration) {
    let mut cmd = if as_nobody {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(judge);
        c
    } else {
        Command::new(judge)
    };
    let start = Instant::now();
    let child = cmd
        .current_dir(cwd)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start judge");
    let out = wait_bounded(child, Duration::from_secs(60), &format!("judge {args:?}"));
    (out, start.elapsed())
}

/// The last line of the report.
fn verdict(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_owned()
}

/// A scratch directory the runs' users can reach (Cargo's temporary one).
fn scratch(name: &str) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::Builder::new()
        .prefix(&format!("beatty-interactive-{name}-"))
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir");
    std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    d
}

/// The judge's own contestant of each game wins every test of the default
/// test set (six profiles: samples, small, hazard starts, large, many
/// games, both sides), strict and basic, as root and as nobody.
#[test]
fn the_judges_own_contestant_wins_every_game() {
    if crate::common::skip_slow() {
        return;
    }
    let base = scratch("own");
    for (j, nobody) in judges() {
        for game in GAMES {
            for isolation in ["strict", "basic"] {
                let j_str = j.to_str().expect("utf-8 path");
                let (out, _) = judge(
                    &j,
                    nobody,
                    base.path(),
                    &[
                        "run",
                        game,
                        "--isolation",
                        isolation,
                        "--",
                        j_str,
                        "solve",
                        game,
                    ],
                );
                assert_eq!(
                    verdict(&out),
                    "verdict: AC (6/6 tests)",
                    "{game} ({isolation}, nobody {nobody}):\n{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                assert_eq!(out.status.code(), Some(0));
            }
        }
    }
}

/// The one-game test the contestants of `tests/interactive/` play: Wythoff
/// from (4, 7), a P-position (`judge explain wythoff 4 7`): the second
/// player wins.
fn one_game(base: &Path) -> PathBuf {
    let tests = dir(base, "tests", 0o755);
    std::fs::write(tests.join("a.in"), "1 0\n4 7\n").expect("write");
    tests
}

/// The test a contestant of `tests/interactive/` plays: the one-game test
/// of [`one_game`], or one game from the start its second line names
/// (`# start: 1 1`), in `base/tests-START` (so that contestants of one
/// start share it).
fn test_of(base: &Path, program: &Path) -> PathBuf {
    let text = std::fs::read_to_string(program).expect("read");
    match text
        .lines()
        .nth(1)
        .and_then(|l| l.strip_prefix("# start: "))
    {
        None => one_game(base),
        Some(start) => {
            let tests = dir(base, &format!("tests-{}", start.replace(' ', "-")), 0o755);
            std::fs::write(tests.join("a.in"), format!("1 0\n{start}\n")).expect("write");
            tests
        }
    }
}

/// The verdict in a contestant's first line.
fn expected(program: &Path) -> String {
    let text = std::fs::read_to_string(program).expect("read");
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("# expect: "))
        .expect("first line `# expect: V`")
        .to_owned()
}

#[test]
fn every_contestant_gets_its_verdict_quickly_and_leaves_nothing() {
    if crate::common::skip_slow() {
        return;
    }
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive");
    let base = scratch("matrix");
    let mut names: Vec<String> = std::fs::read_dir(&programs)
        .expect("tests/interactive")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sh") || n.ends_with(".py"))
        .collect();
    names.sort();
    assert!(names.len() >= 14, "{names:?}");
    let progs = dir(base.path(), "prog", 0o755);
    for (j, nobody) in judges() {
        for name in &names {
            let prog = progs.join(name);
            std::fs::copy(programs.join(name), &prog).expect("copy");
            let want = expected(&prog);
            let tests = test_of(base.path(), &prog);
            let interpreter = if name.ends_with(".py") {
                "python3"
            } else {
                "sh"
            };
            let marker = format!("beatty-interactive-{}-{name}-{nobody}", std::process::id());
            let (out, took) = judge(
                &j,
                nobody,
                base.path(),
                &[
                    "run",
                    "wythoff-play",
                    "--tests",
                    tests.to_str().expect("utf-8"),
                    "--time-limit",
                    "1",
                    "--",
                    interpreter,
                    prog.to_str().expect("utf-8"),
                    &marker,
                ],
            );
            let report = String::from_utf8_lossy(&out.stdout).into_owned();
            let last = verdict(&out);
            assert!(
                last.starts_with(&format!("verdict: {want} ")),
                "{name} (nobody {nobody}): expected {want}:\n{report}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                out.status.code(),
                Some(if want == "AC" { 0 } else { 1 }),
                "{name}"
            );
            // One time limit of 1 s, plus the grace for the pipes, plus a
            // loaded machine.
            assert!(took < Duration::from_secs(15), "{name} took {took:?}");
            // The report quotes what the program wrote escaped: no NUL, no
            // raw escape, bounded lines.
            assert!(
                !report.contains('\0') && !report.contains('\x1b'),
                "{name}: {report:?}"
            );
            assert!(report.lines().all(|l| l.len() < 2000), "{name}: {report}");
            let left = processes_with(&marker);
            assert!(left.is_empty(), "{name}: processes survive: {left:?}");
        }
    }
}

/// What the report says of the mistakes of a few contestants, word for
/// word where the protocol fixes it.
#[test]
fn the_report_names_the_mistake() {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive");
    let base = scratch("words");
    let tests = one_game(base.path());
    let j = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
    let run = |name: &str| {
        let (out, _) = judge(
            &j,
            false,
            base.path(),
            &[
                "run",
                "wythoff-play",
                "--tests",
                tests.to_str().expect("utf-8"),
                "--time-limit",
                "1",
                "--",
                "sh",
                programs.join(name).to_str().expect("utf-8"),
            ],
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // (4, 7) is lost for the first player: the side is the mistake.
    let r = run("writes_after_wa.sh");
    assert!(
        r.contains("game 1: chose First from `4 7`") && r.contains("P-position"),
        "{r}"
    );
    let r = run("beyond_u64.sh");
    assert!(r.contains("99999999999999999999999"), "{r}");
    let r = run("nul_bytes.sh");
    assert!(r.contains("\\0") || r.contains("\\x00"), "{r}");
}

/// With `--move-time-limit 0.2` a program that never flushes is TLE for
/// being idle, long before its wall limit of 10 s.
#[test]
fn a_move_time_limit_stops_an_idle_program() {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive");
    let base = scratch("idle");
    let tests = one_game(base.path());
    let j = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
    let (out, took) = judge(
        &j,
        false,
        base.path(),
        &[
            "run",
            "wythoff-play",
            "--tests",
            tests.to_str().expect("utf-8"),
            "--time-limit",
            "10",
            "--move-time-limit",
            "0.2",
            "--",
            "python3",
            programs.join("never_flushes.py").to_str().expect("utf-8"),
        ],
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(verdict(&out).starts_with("verdict: TLE"), "{report}");
    assert!(report.contains("idle"), "{report}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

/// `--transcript` writes one JSON object a ply: the program's plies with
/// their think time, the judge's without, in order, as many as the report
/// counts.
#[test]
fn the_transcript_has_every_ply() {
    if crate::common::skip_slow() {
        return;
    }
    let base = scratch("transcript");
    let j = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
    let file = base.path().join("plies.jsonl");
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive/exact_wythoff.py");
    let (out, _) = judge(
        &j,
        false,
        base.path(),
        &[
            "run",
            "wythoff-play",
            "--format",
            "json",
            "--transcript",
            file.to_str().expect("utf-8"),
            "--",
            "python3",
            program.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).expect("the transcript");
    let plies: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    // The report's ply counts, test by test (side choices are plies 0).
    let reported: u64 = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v.get("play")?.get("plies")?.as_u64())
        .sum();
    let moves = plies.iter().filter(|p| p["ply"] != 0).count() as u64;
    assert_eq!(moves, reported);
    // The report's answers are the program's lines the referee took, each
    // timed (a side choice and a move written at once are one answer, and
    // the transcript gives both plies its time); its longest think time is
    // the transcript's, its mean between their least and most.
    let report = |key: &str| -> Vec<f64> {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|v| v.get("play")?.get(key)?.as_f64())
            .collect()
    };
    let thought: Vec<f64> = plies.iter().filter_map(|p| p["think"].as_f64()).collect();
    let answers = report("answers").iter().sum::<f64>() as usize;
    assert!(
        answers > 0 && answers <= thought.len(),
        "{answers} answers, {} timed plies",
        thought.len()
    );
    let longest = thought.iter().copied().fold(0.0, f64::max);
    let least = thought.iter().copied().fold(f64::INFINITY, f64::min);
    assert!((report("think_max").into_iter().fold(0.0, f64::max) - longest).abs() < 1e-9);
    for mean in report("think_mean") {
        assert!(
            mean >= least && mean <= longest,
            "{mean} not in {least}..={longest}"
        );
    }
    for p in &plies {
        let program = p["by"] == "program";
        assert_eq!(p.get("think").is_some(), program, "{p}");
        assert!(p["test"].is_string() && p["before"].is_string() && p["after"].is_string());
    }
    assert!(plies.iter().any(|p| p["by"] == "judge"));
    // `judge play --replay` shows it game by game, every ply a line.
    let (shown, _) = judge(
        &j,
        false,
        base.path(),
        &["play", "--replay", file.to_str().unwrap()],
    );
    assert_eq!(
        shown.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );
    let shown = String::from_utf8_lossy(&shown.stdout);
    let ply_lines = shown.lines().filter(|l| l.starts_with("  ply ")).count();
    assert_eq!(ply_lines, plies.len(), "{shown}");
    assert!(shown.contains("01-samples, game 1"), "{shown}");
    assert!(shown.contains("think"), "{shown}");
    // A file that is no transcript is refused, naming its line.
    std::fs::write(&file, "{\"x\": 1}\n").expect("write");
    let (bad, _) = judge(
        &j,
        false,
        base.path(),
        &["play", "--replay", file.to_str().unwrap()],
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("line 1"));
}

/// `judge problems` lists the interactive problems after the batch ones,
/// with their protocols; `judge validate` checks an interactive test file
/// (`T S`, then T starts) and says why one is wrong; `judge solve` of an
/// interactive problem takes no input file.
#[test]
fn problems_validate_and_solve_know_the_interactive_problems() {
    let j = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
    let base = scratch("cli");
    let (out, _) = judge(&j, false, base.path(), &["problems"]);
    let list = String::from_utf8_lossy(&out.stdout);
    for g in GAMES {
        let line = list
            .lines()
            .position(|l| l.starts_with(&format!("{g} (interactive) — ")))
            .unwrap_or_else(|| panic!("{g} missing from:\n{list}"));
        let protocol = list.lines().nth(line + 1).unwrap_or_default();
        assert!(
            protocol.starts_with("  protocol: the judge sends T"),
            "{protocol}"
        );
    }
    let file = base.path().join("t.in");
    std::fs::write(&file, "2 7\n4 7\n10 3\n").expect("write");
    let (out, _) = judge(
        &j,
        false,
        base.path(),
        &["validate", "wythoff-play", file.to_str().unwrap()],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "valid: 2 games of wythoff-play, opponent seed 7\n"
    );
    // Two games announced, one given.
    std::fs::write(&file, "2 7\n4 7\n").expect("write");
    let (out, _) = judge(
        &j,
        false,
        base.path(),
        &["validate", "wythoff-play", file.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (out, _) = judge(
        &j,
        false,
        base.path(),
        &["solve", "bash-play", file.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2));
    // judge run checks every test before anything runs: the file and the line.
    let tests = dir(base.path(), "bad-tests", 0o755);
    std::fs::write(tests.join("a.in"), "2 7\n4 7\n").expect("write");
    let (out, _) = judge(
        &j,
        false,
        base.path(),
        &[
            "run",
            "wythoff-play",
            "--tests",
            tests.to_str().unwrap(),
            "--",
            "true",
        ],
    );
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a.in: invalid input: line 3"), "{err}");
}

/// `judge gen` writes one interactive test by profile and `judge testset`
/// a whole set (a test a profile) that `judge validate` accepts, into a new
/// or empty directory only; both are reproducible from their seed.
#[test]
fn gen_and_testset_write_valid_interactive_tests() {
    let j = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
    let base = scratch("gen");
    for g in GAMES {
        for profile in ["samples", "small", "hazard", "large", "many", "both-sides"] {
            let args = ["gen", g, "--profile", profile, "--seed", "5"];
            let (one, _) = judge(&j, false, base.path(), &args);
            let (two, _) = judge(&j, false, base.path(), &args);
            assert_eq!(one.status.code(), Some(0), "{g} {profile}");
            assert_eq!(one.stdout, two.stdout, "{g} {profile}: not reproducible");
            let file = base.path().join(format!("{g}-{profile}.in"));
            std::fs::write(&file, &one.stdout).expect("write");
            let (v, _) = judge(
                &j,
                false,
                base.path(),
                &["validate", g, file.to_str().unwrap()],
            );
            assert_eq!(
                v.status.code(),
                Some(0),
                "{g} {profile}: {}",
                String::from_utf8_lossy(&v.stderr)
            );
        }
        let out = base.path().join(format!("set-{g}"));
        let (t, _) = judge(
            &j,
            false,
            base.path(),
            &["testset", g, "--out", out.to_str().unwrap()],
        );
        assert_eq!(
            t.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&t.stderr)
        );
        let names: Vec<String> = std::fs::read_dir(&out)
            .expect("the set")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 6, "{names:?}");
        // Not over a directory that holds something.
        let (again, _) = judge(
            &j,
            false,
            base.path(),
            &["testset", g, "--out", out.to_str().unwrap()],
        );
        assert_eq!(again.status.code(), Some(3));
        assert_eq!(std::fs::read_dir(&out).expect("kept").count(), 6);
    }
}

/// CPU-bound processes, two a CPU, until dropped: the load beside the
/// judge under which a race shows.
struct Load(Vec<std::process::Child>);

impl Load {
    fn start() -> Load {
        let cpus = std::thread::available_parallelism().map_or(2, usize::from);
        Load(
            (0..2 * cpus)
                .map(|_| {
                    Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .stdin(Stdio::null())
                        .spawn()
                        .expect("start a busy loop")
                })
                .collect(),
        )
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// The verdict of every test of a text report (`NAME VERDICT …` lines).
fn verdicts_of(report: &str) -> Vec<String> {
    report
        .lines()
        .filter(|l| l.starts_with('r'))
        .filter_map(|l| l.split_whitespace().nth(1).map(str::to_owned))
        .collect()
}

/// Issue #45: no verdict depends on scheduling. Every contestant of
/// `tests/interactive/` (the hostile matrix, and the two whose end races
/// the judge's reading: one that writes its winning move and exits
/// without reading the judge's last line, AC; one that writes after the
/// last game, WA) plays its test `BEATTY_STRESS_RUNS` times (60 unless
/// set) in one `judge run --jobs 4` (time limit 0.5 s for the contestants
/// that must be TLE, 5 s for the others), with two CPU-bound processes a CPU
/// beside the judge, as root and as `nobody`: every run must get the
/// verdict of the contestant's first line. About two minutes on two
/// CPUs: a slow test, which the full matrix runs (docs/ci.md).
#[test]
fn stress_every_contestant_gets_one_verdict_under_load() {
    if crate::common::skip_slow() {
        return;
    }
    let runs: usize = std::env::var("BEATTY_STRESS_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive");
    let base = scratch("stress");
    let mut names: Vec<String> = std::fs::read_dir(&programs)
        .expect("tests/interactive")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sh") || n.ends_with(".py"))
        .collect();
    names.sort();
    assert!(names.len() >= 14, "{names:?}");
    let progs = dir(base.path(), "prog", 0o755);
    let _load = Load::start();
    let mut wrong = Vec::new();
    for (j, nobody) in judges() {
        for name in &names {
            let prog = progs.join(name);
            std::fs::copy(programs.join(name), &prog).expect("copy");
            let want = expected(&prog);
            let one = test_of(base.path(), &prog).join("a.in");
            let tests = dir(base.path(), &format!("stress-{name}-{nobody}"), 0o755);
            for i in 0..runs {
                std::fs::copy(&one, tests.join(format!("r{i:03}.in"))).expect("copy");
            }
            let interpreter = if name.ends_with(".py") {
                "python3"
            } else {
                "sh"
            };
            // A contestant whose verdict is TLE meets a short limit; the
            // others must finish their lines within theirs, which a shell
            // under this load may not do in half a second (once in 120
            // runs, negative.sh was TLE at 0.5 s: slowness, not a race).
            let limit = if want == "TLE" { "0.5" } else { "5" };
            let (out, took) = judge(
                &j,
                nobody,
                base.path(),
                &[
                    "run",
                    "wythoff-play",
                    "--tests",
                    tests.to_str().expect("utf-8"),
                    "--jobs",
                    "4",
                    "--time-limit",
                    limit,
                    "--",
                    interpreter,
                    prog.to_str().expect("utf-8"),
                ],
            );
            let report = String::from_utf8_lossy(&out.stdout);
            let got = verdicts_of(&report);
            let mut counts = std::collections::BTreeMap::<&str, usize>::new();
            for v in &got {
                *counts.entry(v.as_str()).or_default() += 1;
            }
            println!("{name} (nobody {nobody}, {took:.1?}): expected {want}, got {counts:?}");
            if got.len() != runs || got.iter().any(|v| *v != want) {
                wrong.push(format!(
                    "{name} (nobody {nobody}): expected {runs} × {want}, got {counts:?}"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "verdicts that depend on scheduling:\n{}",
        wrong.join("\n")
    );
}
