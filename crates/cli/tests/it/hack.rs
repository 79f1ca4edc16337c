//! `judge hack` on the package submissions of the seven batch problems:
//! every wrong one (wrong_answer, run_time_error) is hacked with the default
//! flags, and the input it reports is checked outside the judge: the
//! program, compiled and run directly (a control run), fails on it; every
//! smaller case (all of them, or all up to a sum when they are too many)
//! passes in one run; the float Wythoff solution's case is the P-position of
//! the first hazard k that beatty-hazards finds (F(40)); an input of two
//! cases holds the smallest legal case twice, which passes alone. Every
//! time_limit_exceeded one is hacked to a time-out of one case, shrunk from
//! the case first found, that `judge run` also judges TLE. Every accepted
//! submission: nothing found, with a short `--time`.
//!
//! The hacks run three at a time; the programs are compiled natively,
//! and handed to `judge hack` as commands (the command form; compiling in
//! the sandbox is `judge run`'s, tested there).
#![cfg(target_os = "linux")]

use beatty_judge::package::assets;
use beatty_problems::Problem;
use beatty_problems::problem::{Framing, Relation};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A package submission's kind, by its directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// wrong_answer, run_time_error: hacked to the smallest failing input.
    Wrong,
    /// time_limit_exceeded: hacked to a time-out.
    Slow,
    /// accepted: nothing found.
    Right,
}

/// The most smaller cases the test runs in its own search.
const SEARCH_LIMIT: u128 = 150_000;

/// A package submission, compiled natively: its command.
fn build(dir: &Path, name: &str, contents: &str) -> Vec<String> {
    let src = dir.join(name);
    std::fs::write(&src, contents).expect("write the source");
    let bin = dir.join(format!("{name}.bin"));
    let compiler = match src.extension().and_then(|e| e.to_str()) {
        Some("py") => return vec!["python3".into(), src.display().to_string()],
        Some("c") => "cc",
        Some("cpp") => "c++",
        other => panic!("{name}: no compiler for {other:?}"),
    };
    let ok = Command::new(compiler)
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&src)
        .arg("-lm")
        .status()
        .expect("compile")
        .success();
    assert!(ok, "{name} does not compile");
    vec![bin.display().to_string()]
}

/// The control run: the program on `input`, outside the judge; whether its
/// output is right (exit 0 and the checker's AC).
fn passes(p: Problem, cmd: &[String], input: &[u8]) -> bool {
    let mut program = Command::new(&cmd[0]);
    program.args(&cmd[1..]);
    let out = crate::common::output_with_input(program, input, Stdio::null());
    out.status.success()
        && beatty_problems::check(p, input, &out.stdout, None).verdict
            == beatty_problems::Verdict::Accepted
}

/// The input of `cases` in the problem's framing, written here from the
/// statement (count line, case lines, end marker).
fn input_of(p: Problem, cases: &[Vec<u64>]) -> Vec<u8> {
    let spec = p.spec();
    let mut s = String::new();
    if let Framing::Counted { .. } = spec.framing {
        s += &format!("{}\n", cases.len());
    }
    for c in cases {
        let words: Vec<String> = c.iter().map(u64::to_string).collect();
        s += &words.join(" ");
        s.push('\n');
    }
    if spec.framing == Framing::Terminator {
        s += &vec!["0"; spec.fields.len()].join(" ");
        s.push('\n');
    }
    s.into_bytes()
}

/// Whether a case is legal, from the spec (limits, relation, end marker)
/// and the exact answer (the domain).
fn legal(p: Problem, c: &[u64]) -> bool {
    let spec = p.spec();
    c.iter()
        .zip(spec.fields)
        .all(|(v, f)| (f.min..=f.max).contains(v))
        && (spec.relation != Relation::FirstAtMostSecond || c[0] <= c[1])
        && !(spec.framing == Framing::Terminator && c.iter().all(|&v| v == 0))
        && p.answer(c).is_ok()
}

/// Every legal case smaller than `case` (by sum, then numbers), or, when
/// they are more than [`SEARCH_LIMIT`], every one with a sum up to where
/// they fit; and that sum's bound.
fn smaller(p: Problem, case: &[u64]) -> (Vec<Vec<u64>>, u128) {
    let sum: u128 = case.iter().map(|&v| u128::from(v)).sum();
    let arity = p.spec().fields.len();
    // a counted format: at most 20 runs of the count limit
    let limit = match p.spec().framing {
        Framing::Counted { max, .. } => SEARCH_LIMIT.min(20 * u128::from(max)),
        _ => SEARCH_LIMIT,
    };
    // cases with sum < s: about s²/2 pairs, s numbers
    let fit = if arity == 1 {
        limit
    } else {
        (2 * limit).isqrt()
    };
    let top = sum.min(fit);
    let mut v = Vec::new();
    for s in 0..=top {
        let s = s as u64;
        let cands: Vec<Vec<u64>> = if arity == 1 {
            vec![vec![s]]
        } else {
            (0..=s).map(|a| vec![a, s - a]).collect()
        };
        for c in cands {
            let key = (u128::from(s), c.clone());
            if legal(p, &c) && key < (sum, case.to_vec()) {
                v.push(c);
            }
        }
    }
    (v, top)
}

/// `judge hack` on `cmd`; its JSON report.
fn hack(p: Problem, cmd: &[String], extra: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", p.name(), "--format", "json"])
        .args(extra)
        .arg("--")
        .args(cmd)
        .output()
        .expect("run judge hack");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let v = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
    (
        out.status.code(),
        v,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Checks one wrong submission's hack; returns a line for the log.
fn check_wrong(p: Problem, path: &str, cmd: &[String]) -> String {
    let start = std::time::Instant::now();
    let (code, v, err) = hack(p, cmd, &[]);
    let took = start.elapsed().as_secs_f64();
    assert_eq!(code, Some(1), "{p} {path}: {v}\n{err}");
    let cases: Vec<Vec<u64>> =
        serde_json::from_value(v["hack"]["cases"].clone()).expect("the cases");
    let input = input_of(p, &cases);
    assert_eq!(
        v["hack"]["input"].as_str().map(str::as_bytes),
        Some(&input[..]),
        "{p} {path}"
    );
    // the control run fails on the reported input
    assert!(
        !passes(p, cmd, &input),
        "{p} {path}: passes {cases:?} outside the judge"
    );
    match &cases[..] {
        [case] => {
            let (below, top) = smaller(p, case);
            // the counted format's count limit: in runs of at most that many
            let per_run = match p.spec().framing {
                Framing::Counted { max, .. } => max as usize,
                _ => below.len().max(1),
            };
            for chunk in below.chunks(per_run) {
                // a program that mishandles several cases fails the batch:
                // then each case alone (they are few)
                let each_alone = || {
                    chunk.len() <= 64
                        && chunk
                            .iter()
                            .all(|c| passes(p, cmd, &input_of(p, std::slice::from_ref(c))))
                };
                assert!(
                    passes(p, cmd, &input_of(p, chunk)) || each_alone(),
                    "{p} {path}: a case smaller than {case:?} fails (sums up to {top})"
                );
            }
            if path.ends_with("wythoff/float.cpp") || path.ends_with("wythoff/float.py") {
                let first = beatty_hazards::lower_f64::stats(
                    0..=1_000_000_000,
                    // beatty-hazards' tests check the enumeration against a sweep
                    beatty_hazards::Method::Enumerate,
                    &beatty_hazards::no_progress,
                )
                .first
                .expect("a hazard below 10^9");
                let c = beatty_hazards::consequence(first);
                assert_eq!(first, 102_334_155);
                let (a, b) = c.p_position;
                assert_eq!(case, &vec![a as u64, b as u64], "{p} {path}");
            }
        }
        [x, y] => {
            let (one, _) = smaller(p, &[u64::MAX; 2][..p.spec().fields.len()]);
            let smallest = one.first().expect("a legal case");
            assert_eq!((x, y), (smallest, smallest), "{p} {path}");
            assert!(passes(p, cmd, &input_of(p, &cases[..1])), "{p} {path}");
        }
        other => panic!("{p} {path}: {} cases", other.len()),
    }
    format!("{p} {path}: {cases:?} in {took:.1} s")
}

/// Checks one time_limit_exceeded submission's hack (default flags): a
/// time-out of one case, smaller than the case first found, that `judge
/// run` also judges TLE; the nearest passing case the report names is
/// smaller still. Returns a line for the log.
fn check_slow(p: Problem, path: &str, cmd: &[String], dir: &Path) -> String {
    let start = std::time::Instant::now();
    let (code, v, err) = hack(p, cmd, &[]);
    let took = start.elapsed().as_secs_f64();
    assert_eq!(code, Some(1), "{p} {path}: {v}\n{err}");
    let h = &v["hack"];
    assert_eq!(h["verdict"], "TLE", "{p} {path}: {v}");
    let cases: Vec<Vec<u64>> = serde_json::from_value(h["cases"].clone()).expect("the cases");
    let found: Vec<Vec<u64>> = serde_json::from_value(h["found"].clone()).expect("found");
    let [case] = &cases[..] else {
        panic!("{p} {path}: {cases:?}")
    };
    let key = |c: &[u64]| (c.iter().map(|&x| u128::from(x)).sum::<u128>(), c.to_vec());
    assert!(
        found.len() > 1 || key(case) < key(&found[0]),
        "{p} {path}: not shrunk: {v}"
    );
    assert_eq!(h["smallest_of_all"], false, "{p} {path}");
    if let Some(near) = h["nearest_passing"]["case"].as_array() {
        let near: Vec<u64> = near.iter().map(|x| x.as_u64().unwrap()).collect();
        assert!(key(&near) < key(case), "{p} {path}: {v}");
    }
    // `judge run` on the case, as a test of its own: TLE
    let tests = dir.join(format!("tle-{}", p.name()));
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(tests.join("1.in"), input_of(p, &cases)).unwrap();
    std::fs::write(tests.join("1.ans"), h["expected"].as_str().unwrap()).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["run", p.name(), "--tests"])
        .arg(&tests)
        .arg("--")
        .args(cmd)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{p} {path}: {out}");
    assert!(
        out.contains("verdict: TLE (0/1 tests)"),
        "{p} {path}: {out}"
    );
    format!(
        "{p} {path}: {cases:?} TLE in {took:.1} s (from {}; {} passed in {} s of CPU)",
        if found.len() > 3 {
            format!("{} cases", found.len())
        } else {
            format!("{found:?}")
        },
        h["nearest_passing"]["case"],
        h["nearest_passing"]["cpu_seconds"]
    )
}

/// Runs `check` on every job, three at a time (each a hack, mostly waiting
/// for its runs), the jobs taken in order, and prints their lines, one a
/// job, under `N WHAT in S s`.
fn three_at_a_time<J: Sync>(jobs: &[J], what: &str, check: impl Fn(&J) -> String + Sync) {
    let start = std::time::Instant::now();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let log = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                while let Some(job) =
                    jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::SeqCst))
                {
                    let line = check(job);
                    log.lock().unwrap().push(line);
                }
            });
        }
    });
    let log = log.into_inner().unwrap();
    assert_eq!(log.len(), jobs.len());
    eprintln!(
        "{} {what} in {:.1} s:\n{}",
        jobs.len(),
        start.elapsed().as_secs_f64(),
        log.join("\n")
    );
}

#[test]
fn every_wrong_submission_is_hacked_to_its_smallest_failing_input() {
    if crate::common::skip_slow() {
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    // (problem, path, directory, file name, source, kind)
    let mut jobs = Vec::new();
    for p in Problem::ALL {
        let dir = tmp.path().join(p.name());
        std::fs::create_dir(&dir).expect("dir");
        for a in assets(p.name()).expect("assets") {
            let Some(name) = a
                .path
                .strip_prefix("submissions/")
                .map(|s| s.replace('/', "-"))
            else {
                continue;
            };
            let kind = match a.path.split('/').nth(1).unwrap_or("") {
                "wrong_answer" | "run_time_error" => Kind::Wrong,
                "time_limit_exceeded" => Kind::Slow,
                "accepted" => Kind::Right,
                _ => continue,
            };
            jobs.push((p, a.path, dir.clone(), name, a.contents, kind));
        }
    }
    for kind in [Kind::Wrong, Kind::Slow] {
        let problems: std::collections::HashSet<Problem> =
            jobs.iter().filter(|j| j.5 == kind).map(|j| j.0).collect();
        assert_eq!(problems.len(), 7, "{kind:?}");
    }
    // the slow ones first (each up to a minute), so that the threads end
    // together
    jobs.sort_by_key(|j| j.5 != Kind::Slow);
    three_at_a_time(
        &jobs,
        "submissions hacked",
        |(p, path, dir, name, contents, kind)| {
            let cmd = build(dir, name, contents);
            if *kind == Kind::Wrong {
                check_wrong(*p, &format!("{}/{path}", p.name()), &cmd)
            } else if *kind == Kind::Slow {
                check_slow(*p, &format!("{}/{path}", p.name()), &cmd, dir)
            } else {
                let (code, v, err) = hack(*p, &cmd, &["--time", "1"]);
                assert_eq!(code, Some(0), "{p} {path}: {v}\n{err}");
                assert_eq!(v["found"], false, "{p} {path}");
                assert!(
                    v["rounds"][0]["cases"].as_u64() > Some(100),
                    "{p} {path}: {v}"
                );
                format!("{p} {path}: nothing found")
            }
        },
    );
}

#[test]
fn out_writes_a_test_that_judge_run_fails() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let src = assets("wythoff")
        .unwrap()
        .iter()
        .find(|a| a.path.ends_with("larger_pile.c"))
        .unwrap();
    let cmd = build(tmp.path(), "larger_pile.c", src.contents);
    let out: PathBuf = tmp.path().join("tests").join("hack-1");
    std::fs::create_dir(tmp.path().join("tests")).unwrap();
    let (code, v, err) = hack(Problem::Wythoff, &cmd, &["--out", out.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{v}\n{err}");
    let input = std::fs::read(out.with_extension("in")).unwrap();
    let answer = std::fs::read(out.with_extension("ans")).unwrap();
    assert_eq!(input, v["hack"]["input"].as_str().unwrap().as_bytes());
    // the answer is the exact solver's, from `judge solve`
    let solved = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["solve", "wythoff"])
        .arg(out.with_extension("in"))
        .output()
        .unwrap();
    assert_eq!(answer, solved.stdout);
    let run = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["run", "wythoff", "--tests"])
        .arg(tmp.path().join("tests"))
        .arg("--")
        .args(&cmd)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stdout).contains("verdict: WA (0/1 tests)"));
    // the text report: the case, expected, received, why
    let text = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", "wythoff", "--"])
        .args(&cmd)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    for want in [
        "failing input (1 case):\n0 1\n",
        "expected:\n1\n",
        "received: 0\n",
        "verdict: WA",
        "explain:\n  Wythoff's game, piles (0, 1)",
        "every smaller case passed",
    ] {
        assert!(text.contains(want), "{want}:\n{text}");
    }
    // usage mistakes
    let bad = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", "wythoff", "--time", "0", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let bad = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", "wythoff"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    // one report at the end: text or json, no JUnit (not offered either)
    let bad = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", "wythoff", "--format", "junit", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let help = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", "-h"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("[possible values: text, json]"), "{help}");
    assert!(!help.contains("junit"), "{help}");
}

/// The legal starts of an interactive game with these numbers, written
/// here from the protocol's statement: Bash takes 1 to m ≥ 1 with at most
/// 100 rounds, Fibonacci nim needs 2 stones, numbers at most 10¹⁸.
fn legal_start(game: &str, c: &[u64]) -> bool {
    c.iter().all(|&v| v <= 1_000_000_000_000_000_000)
        && match (game, c) {
            ("wythoff-play" | "euclid-play", [_, _]) => true,
            ("bash-play", &[n, m]) => m >= 1 && n / (m + 1) <= 100,
            ("fibonacci-nim-play", &[n]) => n >= 2,
            _ => false,
        }
}

/// Every legal start smaller than `start` (smaller sum, or the same sum and
/// smaller numbers in order), when they are at most `limit`.
fn smaller_starts(game: &str, start: &[u64], limit: usize) -> Option<Vec<Vec<u64>>> {
    let sum: u64 = start.iter().sum();
    let mut out = Vec::new();
    for s in 0..=sum {
        let all: Vec<Vec<u64>> = if start.len() == 1 {
            vec![vec![s]]
        } else {
            (0..=s).map(|a| vec![a, s - a]).collect()
        };
        for c in all {
            if (s < sum || c.as_slice() < start) && legal_start(game, &c) {
                out.push(c);
                if out.len() > limit {
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// `judge run GAME-play` on one test of `starts` (with `extra` flags, e.g.
/// a time limit): its exit code. `tag` names the test's directory.
fn play_run(
    dir: &Path,
    tag: &str,
    game: &str,
    cmd: &[String],
    starts: &[Vec<u64>],
    extra: &[&str],
) -> Option<i32> {
    let tests = dir.join(format!("t-{game}-{tag}"));
    let _ = std::fs::remove_dir_all(&tests);
    std::fs::create_dir_all(&tests).unwrap();
    let mut text = format!("{} 1\n", starts.len());
    for s in starts {
        let words: Vec<String> = s.iter().map(u64::to_string).collect();
        text += &format!("{}\n", words.join(" "));
    }
    std::fs::write(tests.join("1.in"), text).unwrap();
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["run", game, "--tests"])
        .arg(&tests)
        .args(extra)
        .arg("--")
        .args(cmd)
        .output()
        .unwrap()
        .status
        .code()
}

/// `judge hack GAME-play` on one archetype: the JSON report.
fn hack_game(
    game: &str,
    cmd: &[String],
    extra: &[&str],
) -> (Option<i32>, serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", game, "--format", "json"])
        .args(extra)
        .arg("--")
        .args(cmd)
        .output()
        .expect("run judge hack");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (
        out.status.code(),
        serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The players that never end a test (they wait for input or never flush):
/// every run of theirs costs the time limit, so the test gives them a short
/// one, for the hack and the `judge run` that re-judges its start alike.
const HANGING: [&str; 2] = ["never_flushes", "reads_past_the_end"];

/// Checks the hack of one wrong archetype; returns a line for the log.
fn check_wrong_game(dir: &Path, game: &str, name: &str, cmd: &[String]) -> String {
    let start = std::time::Instant::now();
    let out = dir.join(format!("{game}-{name}.jsonl"));
    let limit: &[&str] = if HANGING.contains(&name) {
        &["--time-limit", "0.5"]
    } else {
        &[]
    };
    let mut flags = vec!["--out", out.to_str().unwrap()];
    flags.extend_from_slice(limit);
    let (code, v, err) = hack_game(game, cmd, &flags);
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(code, Some(1), "{game} {name}: {v}\n{err}");
    let h = &v["hack"];
    let starts: Vec<Vec<u64>> = serde_json::from_value(h["starts"].clone()).unwrap();
    // The failing input fails when judged anew, by `judge run`.
    assert_eq!(
        play_run(dir, name, game, cmd, &starts, limit),
        Some(1),
        "{game} {name}: {v}"
    );
    // The transcript is one `judge play --replay` reads; a line that erred
    // (not a time-out, not output that stops) ends it.
    let replay = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["play", "--replay"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(replay.status.code(), Some(0), "{game} {name}");
    if h["verdict"] == "WA" && name != "exits_after_first_game" {
        let text = std::fs::read_to_string(&out).unwrap();
        let last: serde_json::Value =
            serde_json::from_str(text.lines().last().expect("a ply")).unwrap();
        assert_eq!(last["by"], "program", "{game} {name}: {last}");
        assert!(last["mistake"].is_string(), "{game} {name}: {last}");
        let shown = String::from_utf8_lossy(&replay.stdout);
        assert!(
            shown
                .trim_end()
                .lines()
                .last()
                .unwrap()
                .starts_with("    mistake: "),
            "{shown}"
        );
    }
    let mut note = String::new();
    // The smallest: every smaller start passes in one test (the random
    // player's moves depend on the games before, so its games are judged
    // only alone).
    if let [s] = &starts[..]
        && h["smallest_of_all"] == true
        && name != "random_legal"
    {
        let smaller = smaller_starts(game, s, 2000).expect("few smaller starts");
        for chunk in smaller.chunks(500) {
            assert_eq!(
                play_run(dir, name, game, cmd, chunk, &[]),
                Some(0),
                "{game} {name} {s:?}"
            );
        }
        note = format!(", {} smaller starts pass", smaller.len());
    }
    format!(
        "{game} {name}: {starts:?} {} in {secs:.1} s{note}",
        h["verdict"]
    )
}

/// The archetypes of a game's package, as Python programs.
fn archetypes(dir: &Path, game: beatty_problems::interact::Game) -> Vec<(String, Vec<String>)> {
    beatty_problems::interact::archetypes::ALL
        .iter()
        .map(|a| {
            let name = a.path.rsplit('/').next().unwrap().trim_end_matches(".py");
            let src = dir.join(format!("{}-{name}.py", game.name()));
            std::fs::write(&src, a.source(game)).unwrap();
            (
                name.to_owned(),
                vec!["python3".into(), src.display().to_string()],
            )
        })
        .collect()
}

/// Every wrong player of every game is hacked (its start fails anew under
/// `judge run`; where the report says it is the smallest, every smaller
/// start passes); the exact player, with a short `--time`: nothing found.
/// Three hacks at a time, as the batch matrix runs them.
#[test]
fn every_wrong_player_is_hacked_and_the_exact_one_is_not() {
    if crate::common::skip_slow() {
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut jobs = Vec::new();
    for game in beatty_problems::interact::Game::ALL {
        for (name, cmd) in archetypes(tmp.path(), game) {
            jobs.push((game, name, cmd));
        }
    }
    // the slowest first (the float players' search reaches the random
    // round), so that the threads end together
    let rank = |name: &str| match name {
        "float" => 0,
        "small_only" => 1,
        n if HANGING.contains(&n) => 2,
        _ => 3,
    };
    jobs.sort_by_key(|(_, name, _)| rank(name));
    three_at_a_time(&jobs, "players hacked", |(game, name, cmd)| {
        if name == "exact" {
            let t = std::time::Instant::now();
            let (code, v, err) = hack_game(game.name(), cmd, &["--time", "1"]);
            assert_eq!(code, Some(0), "{}: {v}\n{err}", game.name());
            assert_eq!(v["hack"], serde_json::Value::Null);
            assert!(v["rounds"][0]["cases"].as_u64() > Some(10), "{v}");
            format!(
                "{} exact: nothing found in {:.1} s",
                game.name(),
                t.elapsed().as_secs_f64()
            )
        } else {
            check_wrong_game(tmp.path(), game.name(), name, cmd)
        }
    });
}

/// The quick one: the float Wythoff player loses first at the F(40) hazard
/// pair, the P-position (⌊kφ⌋, ⌊kφ⌋ + k) of k = 102334155 (beatty-core's
/// exact pair), where its doubles say "First"; the text report says why.
#[test]
fn the_float_wythoff_player_loses_at_the_first_hazard() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let game = beatty_problems::interact::Game::Wythoff;
    let (_, cmd) = archetypes(tmp.path(), game)
        .into_iter()
        .find(|(n, _)| n == "float")
        .unwrap();
    let lost = tmp.path().join("lost.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", "wythoff-play", "--out"])
        .arg(&lost)
        .arg("--")
        .args(&cmd)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    // The transcript ends with the wrong side, the referee's message with
    // it; `judge play --replay` shows it last.
    let plies = std::fs::read_to_string(&lost).unwrap();
    let last: serde_json::Value = serde_json::from_str(plies.lines().last().unwrap()).unwrap();
    assert_eq!(
        (&last["ply"], &last["line"]),
        (&0.into(), &"First".into()),
        "{last}"
    );
    assert!(
        last["mistake"]
            .as_str()
            .is_some_and(|m| m.contains("chose First")),
        "{last}"
    );
    let replay = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["play", "--replay"])
        .arg(&lost)
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&replay.stdout);
    assert!(
        shown.contains("First") && shown.contains("    mistake: game 1: chose First"),
        "{shown}"
    );
    assert!(text.contains("plies played: 0\n"), "{text}");
    let (lo, hi) = beatty_core::golden::pair(102_334_155).unwrap();
    for want in [
        format!("failing game (1 start):\n{lo} {hi}\n"),
        "verdict: WA".into(),
        "k = 102334155 = F(40)".into(),
    ] {
        assert!(text.contains(&want), "{want}:\n{text}");
    }
    let bad = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["hack", "nim-play", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
