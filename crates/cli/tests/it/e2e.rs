//! End-to-end tests through the built `judge` binary.
//!
//! They live in the binary's package, `beatty-cli` (not in the workspace's
//! `tests` crate), because only its own integration tests get
//! `CARGO_BIN_EXE_judge`, and cargo builds the binary before running them —
//! robust on a clean clone. The cross-crate, library-level tests are in
//! `tests/tests/it/judge.rs`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;

fn judge(args: &[&str], stdin: &[u8]) -> Output {
    crate::common::judge_in(None, args, stdin)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh scratch directory (tempfile), removed when dropped.
struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

fn temp_dir(name: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("beatty-judge-e2e-{name}-"))
            .tempdir()
            .expect("a scratch directory"),
    )
}

// ---------------------------------------------------------------- samples

#[test]
fn every_sample_of_the_issue_passes_end_to_end() {
    // (problem, input, expected output) with `/` of the issue turned into line breaks.
    let samples: &[(&str, &str, &str)] = &[
        ("wythoff", "2 1\n8 4\n4 7\n", "0\n1\n0\n"),
        (
            "wythoff-moves",
            "1 2\n5 8\n4 7\n2 2\n0 0\n",
            "0\n1\n4 7\n3 5\n0\n1\n0 0\n1 2\n",
        ),
        ("wythoff-moves", "4 5\n0 0\n", "1\n1 2\n3 5\n"),
        ("wythoff-moves", "5 7\n0 0\n", "1\n3 5\n3 5\n4 7\n"),
        ("bash", "2\n23 2\n4 3\n", "first\nsecond\n"),
        ("euclid", "34 12\n15 24\n0 0\n", "Stan wins\nOllie wins\n"),
        // HDU 2149's own sample.
        ("bash-auction", "4 2\n3 2\n3 5\n", "1\nnone\n3 4 5\n"),
        // 51nod 1185's and HDU 2516's samples.
        ("wythoff-big", "3\n3 5\n3 4\n1 2\n", "B\nA\nB\n"),
        (
            "fibonacci-nim",
            "2\n13\n10000\n0\n",
            "Second win\nSecond win\nFirst win\n",
        ),
    ];
    for (problem, input, want) in samples {
        let out = judge(&["solve", problem], input.as_bytes());
        assert!(out.status.success(), "{problem}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), *want, "{problem} on {input:?}");
        // Every sample is also a valid input, and its answer passes the checker.
        let v = judge(&["validate", problem], input.as_bytes());
        assert!(v.status.success(), "{problem}: {}", text(&v.stderr));
        let d = temp_dir(&format!("sample-{problem}"));
        std::fs::write(d.join("in"), input).expect("write");
        std::fs::write(d.join("out"), want).expect("write");
        let c = judge(
            &[
                "check",
                problem,
                &d.join("in").to_string_lossy(),
                &d.join("out").to_string_lossy(),
            ],
            b"",
        );
        assert_eq!(c.status.code(), Some(0), "{problem}: {}", text(&c.stderr));
    }
}

#[test]
fn aliases_work_and_problems_lists_every_alias() {
    let out = judge(&["solve", "POJ1067"], b"2 1\n");
    assert_eq!(text(&out.stdout), "0\n");
    let list = text(&judge(&["problems"], b"").stdout);
    for alias in [
        "poj1067",
        "hdu1527",
        "openjudge01067",
        "hdu2177",
        "hdu1846",
        "hdu2149",
        "hdu1525",
        "poj2348",
        "51nod1185",
        "hdu2516",
    ] {
        assert!(list.contains(alias), "{alias} missing from:\n{list}");
    }
}

#[test]
fn solve_is_tolerant_of_layout() {
    // Tabs, runs of spaces, CRLF, blank lines, no final newline, no terminator.
    let cases: &[(&str, &str, &str)] = &[
        ("wythoff", "\n 2\t 1 \r\n\n8   4\r\n4 7", "0\n1\n0\n"),
        ("wythoff-moves", "4 5\r\n\n", "1\n1 2\n3 5\n"),
        ("euclid", "34\t12\n15 24", "Stan wins\nOllie wins\n"),
        ("bash", "2\n\n23 2\n4 3", "first\nsecond\n"),
        // Beyond the official limits: exact for every u64.
        (
            "wythoff",
            "165580140 267914295\n18446744073709551615 18446744073709551615\n",
            "0\n1\n",
        ),
        (
            "bash",
            "1\n18446744073709551615 18446744073709551614\n",
            "second\n",
        ),
    ];
    for (problem, input, want) in cases {
        let out = judge(&["solve", problem], input.as_bytes());
        assert!(
            out.status.success(),
            "{problem} {input:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), *want, "{problem} on {input:?}");
    }
}

// ---------------------------------------------------------------- validate / solve errors

/// (problem, input, where `validate` must fail, where `solve` must fail and the
/// answers it must have written before, or `None` when the layout is only
/// non-strict and `solve` accepts it). Positions derived by hand: 1-based,
/// columns in bytes.
type Row = (
    &'static str,
    &'static str,
    (u64, u64),
    Option<((u64, u64), &'static str)>,
);

const MALFORMED: &[Row] = &[
    ("wythoff", "1 2\n3  4\n", (2, 3), None),    // two spaces
    ("wythoff", "1 2\n3 4", (2, 4), None),       // no final newline
    ("wythoff", "1 2\r\n", (1, 4), None),        // CRLF
    ("wythoff", "", (1, 1), None),               // no case
    ("wythoff", "1 2\n\n3 4\n", (2, 1), None),   // blank line
    ("wythoff", "01 2\n", (1, 1), None),         // leading zero
    ("wythoff", "1 1000000001\n", (1, 3), None), // above 10^9
    ("wythoff", "1\t2\n", (1, 2), None),         // tab
    ("wythoff", "1 2\n-3 4\n", (2, 1), Some(((2, 1), "0\n"))), // negative
    ("wythoff", "5 7\n8 x\n", (2, 3), Some(((2, 3), "1\n"))), // not a number
    ("wythoff", "1 2\n3 4 5\n", (2, 4), Some(((2, 5), "0\n"))), // extra number
    ("wythoff", "1 2\n3\n", (2, 2), Some(((2, 2), "0\n"))), // incomplete case
    (
        "wythoff",
        "18446744073709551616 1\n",
        (1, 1),
        Some(((1, 1), "")),
    ), // above u64::MAX
    ("wythoff-moves", "1 2\n5 3\n0 0\n", (2, 1), None), // a > b
    ("wythoff-moves", "1 2\n", (2, 1), None),    // no terminator
    ("wythoff-moves", "1 2\n0 0\n3 4\n", (3, 1), None), // data after terminator
    ("wythoff-moves", "1 2\n4 1000001\n0 0\n", (2, 3), None), // above 10^6
    (
        "wythoff-moves",
        "4 5\n2 +3\n0 0\n",
        (2, 3),
        Some(((2, 3), "1\n1 2\n3 5\n")),
    ), // sign
    ("bash", "2\n23 2\n", (3, 1), Some(((3, 1), "first\n"))), // missing case
    ("bash", "0\n", (1, 1), None),               // C = 0
    ("bash", "1\n5 0\n", (2, 3), Some(((2, 3), ""))), // m = 0
    ("bash", "1\n4 3\n9 9\n", (3, 1), None),     // more than C cases
    ("bash", "101\n", (1, 1), Some(((2, 1), ""))), // C > 100, no cases
    ("bash-auction", "4 2\n1100 5\n", (2, 1), None), // M ≥ 1100
    ("bash-auction", "4 2\n0 5\n", (2, 1), Some(((2, 1), "1\n"))), // M = 0
    (
        "euclid",
        "34 12\n0 5\n0 0\n",
        (2, 1),
        Some(((2, 1), "Stan wins\n")),
    ), // lone zero
    ("euclid", "34 12\n2147483648 1\n0 0\n", (2, 1), None), // 2^31
    (
        "euclid",
        "15 24\n7 0\n0 0\n",
        (2, 3),
        Some(((2, 3), "Ollie wins\n")),
    ), // lone zero
    ("euclid", "3 a\n", (1, 3), Some(((1, 3), ""))), // not a number
    ("euclid", "1 1\n0 0\n\n", (3, 1), None),    // blank line after terminator
    ("wythoff-big", "2\n1 2\n", (3, 1), Some(((3, 1), "B\n"))), // missing case
    ("wythoff-big", "1\n0 2\n", (2, 1), None),   // a = 0
    ("wythoff-big", "1\n1 1000000000000000001\n", (2, 3), None), // above 10^18
    ("wythoff-big", "10001\n", (1, 1), Some(((2, 1), ""))), // T > 10000, no cases
    ("fibonacci-nim", "2\n13\n", (3, 1), None),  // no terminator
    ("fibonacci-nim", "1\n0\n", (1, 1), Some(((1, 1), ""))), // n = 1
    ("fibonacci-nim", "2\n2147483648\n0\n", (2, 1), None), // 2^31
    ("fibonacci-nim", "13 5\n0\n", (1, 3), Some(((1, 4), ""))), // two numbers
];

#[test]
fn validate_rejects_each_malformed_input_at_the_right_place() {
    assert!(MALFORMED.len() >= 20);
    for (problem, input, (line, column), _) in MALFORMED {
        let p: beatty_problems::Problem = problem.parse().expect("problem");
        let e = beatty_problems::validate(p, input.as_bytes()).expect_err(input);
        assert_eq!(
            (e.line, e.column),
            (*line, *column),
            "{problem} {input:?}: {e}"
        );
        let out = judge(&["validate", problem], input.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{problem} {input:?}");
        let err = text(&out.stderr);
        assert!(
            err.starts_with(&format!("judge: error: line {line}, column {column}: ")),
            "{err}"
        );
    }
}

#[test]
fn solve_stops_at_broken_input_with_exit_2_after_earlier_answers() {
    for (problem, input, _, solve) in MALFORMED {
        let out = judge(&["solve", problem], input.as_bytes());
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{problem} {input:?}: {err}");
        match solve {
            None => assert!(out.status.success(), "{problem} {input:?}: {err}"),
            Some(((line, column), earlier)) => {
                assert_eq!(out.status.code(), Some(2), "{problem} {input:?}");
                assert_eq!(text(&out.stdout), *earlier, "{problem} {input:?}");
                let head = format!("judge: error: line {line}, column {column}: expected ");
                assert!(err.starts_with(&head), "{problem} {input:?}: {err}");
            }
        }
    }
}

// ---------------------------------------------------------------- check

#[test]
fn check_reaches_each_exit_code() {
    let d = temp_dir("check");
    let w = |name: &str, data: &str| {
        let p = d.join(name);
        std::fs::write(&p, data).expect("write");
        p.to_string_lossy().into_owned()
    };
    let input = w("in", "2 1\n8 4\n4 7\n");
    let bad_input = w("bad.in", "2 1\n8 4\n4 7");
    let good = w("good", "0 1\n\n0");
    let wrong = w("wrong", "0\n0\n0\n");
    let pe = w("pe", "0\nyes\n0\n");
    let short = w("short", "0\n1\n");
    let extra = w("extra", "0\n1\n0\n1\n");
    let bad_ans = w("bad.ans", "1\n1\n0\n");
    let run = |args: &[&str]| {
        let mut full = vec!["check", "wythoff"];
        full.extend_from_slice(args);
        let out = judge(&full, b"");
        (out.status.code(), text(&out.stderr))
    };
    assert_eq!(run(&[&input, &good]).0, Some(0));
    assert_eq!(run(&[&input, &good, &good]).0, Some(0));
    let (code, msg) = run(&[&input, &wrong]);
    assert_eq!(code, Some(1));
    assert!(
        msg.contains("case 2 (input `8 4`): expected `1`, received `0`"),
        "{msg}"
    );
    // testlib's ncmp: a non-integer is PE; missing or extra integers are WA.
    assert_eq!(run(&[&input, &pe]).0, Some(2));
    assert_eq!(run(&[&input, &short]).0, Some(1));
    assert_eq!(run(&[&input, &extra]).0, Some(1));
    assert_eq!(run(&[&bad_input, &good]).0, Some(3));
    assert_eq!(run(&[&input, &good, &bad_ans]).0, Some(3));
    assert_eq!(
        run(&[&input, &d.join("missing").to_string_lossy()]).0,
        Some(3)
    );
    // wythoff-moves: single-pile moves in any order, the equal-from-both move first.
    let mi = w("m.in", "5 7\n0 0\n");
    assert_eq!(
        judge(
            &[
                "check",
                "wythoff-moves",
                &mi,
                &w("m1", "1\n3 5\n4 7\n3 5\n")
            ],
            b""
        )
        .status
        .code(),
        Some(0)
    );
    assert_eq!(
        judge(
            &[
                "check",
                "wythoff-moves",
                &mi,
                &w("m2", "1\n4 7\n3 5\n3 5\n")
            ],
            b""
        )
        .status
        .code(),
        Some(1)
    );
}

// ---------------------------------------------------------------- gen / testset / explain

#[test]
fn gen_is_reproducible_and_valid() {
    for problem in [
        "wythoff-moves",
        "wythoff-big",
        "bash",
        "bash-auction",
        "euclid",
        "fibonacci-nim",
    ] {
        for profile in ["random", "edge", "hack", "max", "mixed"] {
            let args = [
                "gen",
                problem,
                "--profile",
                profile,
                "--seed",
                "9",
                "--cases",
                "50",
            ];
            let a = judge(&args, b"");
            let b = judge(&args, b"");
            assert!(
                a.status.success(),
                "{problem} {profile}: {}",
                text(&a.stderr)
            );
            assert_eq!(a.stdout, b.stdout, "{problem} {profile}");
            let v = judge(&["validate", problem], &a.stdout);
            assert!(
                v.status.success(),
                "{problem} {profile}: {}",
                text(&v.stderr)
            );
        }
        let a = judge(&["gen", problem, "--profile", "random", "--seed", "1"], b"");
        let b = judge(&["gen", problem, "--profile", "random", "--seed", "2"], b"");
        assert_ne!(
            a.stdout, b.stdout,
            "{problem}: seeds 1 and 2 give the same input"
        );
    }
}

#[test]
fn explain_runs_the_readme_quick_start() {
    let out = judge(&["explain", "wythoff", "165580140", "267914295"], b"");
    assert!(out.status.success());
    let t = text(&out.stdout);
    assert!(t.contains("outcome: P"), "{t}");
    assert!(t.contains("k = 102334155"), "{t}");
    assert!(t.contains("165580141"), "{t}"); // what the doubles say
    assert!(t.contains("WRONG"), "{t}");
    let t = text(&judge(&["explain", "euclid", "25", "7"], b"").stdout);
    assert!(t.contains("25 7 → 11 7 → 4 7 → 4 3 → 1 3 → 1 0"), "{t}");
    let t = text(&judge(&["explain", "bash", "23", "2"], b"").stdout);
    assert!(t.contains("take 2"), "{t}");
    assert_eq!(
        judge(&["explain", "bash", "1", "0"], b"").status.code(),
        Some(2)
    );
    // The auction is explained as an auction: HDU 2149's sample answers 1, none, 3 4 5.
    let t = text(&judge(&["explain", "bash-auction", "4", "2"], b"").stdout);
    assert!(t.contains("with the bid 1"), "{t}");
    let t = text(&judge(&["explain", "hdu2149", "3", "2"], b"").stdout);
    assert!(t.contains("answer `none`"), "{t}");
    let t = text(&judge(&["explain", "bash-auction", "3", "5"], b"").stdout);
    assert!(t.contains("from 3 to 5"), "{t}");
    // 100 = 89 + 8 + 3: the first player wins by taking 3.
    let t = text(&judge(&["explain", "fibonacci-nim", "100"], b"").stdout);
    assert!(
        t.contains("100 = 89 + 8 + 3") && t.contains("take 3"),
        "{t}"
    );
    let t = text(&judge(&["explain", "hdu2516", "89"], b"").stdout);
    assert!(t.contains("outcome: P"), "{t}");
    let t = text(&judge(&["explain", "51nod1185", "165580140", "267914295"], b"").stdout);
    assert!(t.contains("answer `B`") && t.contains("WRONG"), "{t}");
    assert_eq!(
        judge(&["explain", "fibonacci-nim", "1", "2"], b"")
            .status
            .code(),
        Some(2)
    );
}

/// Every subcommand that writes survives a full disk and a closed pipe: exit 3
/// with a message for the first, a quiet 0 for the second, never a panic.
#[cfg(unix)]
#[test]
fn write_errors_end_with_exit_3_and_broken_pipes_quietly() {
    let d = temp_dir("io");
    std::fs::write(
        d.join("in"),
        "2 1
8 4
4 7
",
    )
    .expect("write");
    std::fs::write(
        d.join("out"),
        "0
1
0
",
    )
    .expect("write");
    let (i, o) = (
        d.join("in").to_string_lossy().into_owned(),
        d.join("out").to_string_lossy().into_owned(),
    );
    let ts = d.join("ts").to_string_lossy().into_owned();
    let pkg = d.join("pkg").to_string_lossy().into_owned();
    // A one-test set for `run`, and the judge itself as the (correct) submission.
    let tests = d.join("tests");
    std::fs::create_dir_all(&tests).expect("mkdir");
    std::fs::write(tests.join("1.in"), "2 1\n8 4\n").expect("write");
    let tests = tests.to_string_lossy().into_owned();
    let me = env!("CARGO_BIN_EXE_judge");
    // Every subcommand, each with an output longer than nothing.
    let commands: Vec<Vec<&str>> = vec![
        vec!["problems"],
        vec!["solve", "wythoff", &i],
        vec!["validate", "wythoff", &i],
        vec!["check", "wythoff", &i, &o],
        vec!["gen", "wythoff", "--profile", "random", "--cases", "100000"],
        vec!["testset", "bash", "--out", &ts],
        vec![
            "run",
            "wythoff",
            "--tests",
            &tests,
            "--isolation",
            "basic",
            "--",
            me,
            "solve",
            "wythoff",
        ],
        vec!["explain", "wythoff", "3", "5"],
        vec!["package", "bash", "--out", &pkg],
        vec!["hazards", "--to", "1000000000"],
        vec!["plot", "euclid", "20", "--out", "-"],
        vec!["play", "wythoff", "3", "5"],
        vec!["--help"],
    ];
    let subcommands: Vec<&str> = commands.iter().map(|c| c[0]).collect();
    for sub in [
        "problems", "solve", "validate", "check", "gen", "testset", "run", "explain", "package",
        "hazards", "plot", "play",
    ] {
        assert!(subcommands.contains(&sub), "{sub} not covered");
    }
    for args in &commands {
        let full = std::fs::File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        // `check` writes its verdict to stderr; the others write to stdout.
        let on_stderr = args[0] == "check";
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
        cmd.args(args).stdin(Stdio::null());
        if on_stderr {
            cmd.stdout(Stdio::null()).stderr(full);
        } else {
            cmd.stdout(full).stderr(Stdio::piped());
        }
        let out = cmd.output().expect("run judge");
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        if !on_stderr {
            let err = text(&out.stderr);
            assert!(
                err.contains("judge: error: cannot write"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
        let _ = std::fs::remove_dir_all(&ts);
        let _ = std::fs::remove_dir_all(&pkg);
        // A pipe whose reader is gone.
        let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run judge");
        if on_stderr {
            drop(child.stderr.take());
        } else {
            drop(child.stdout.take());
        }
        let out = child.wait_with_output().expect("wait judge");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        let _ = std::fs::remove_dir_all(&ts);
        let _ = std::fs::remove_dir_all(&pkg);
    }
}

/// A wythoff test set shared by the `run` tests (computing the hack cases takes
/// a few seconds, so it is written once for the tests that run together). Each
/// user holds a [`Shared`]; the last one to drop it removes the directory, so
/// no `cargo test` leaves one behind (a static is never dropped: it used to).
fn wythoff_tests() -> Shared {
    let mut users = SHARED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if users.0.is_none() {
        let d = tempfile::Builder::new()
            .prefix("beatty-judge-e2e-testset-wythoff-")
            .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
            .expect("a scratch directory");
        let out = judge(
            &[
                "testset",
                "wythoff",
                "--out",
                &d.path().to_string_lossy(),
                "--seed",
                "1",
            ],
            b"",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        users.0 = Some(d);
    }
    users.1 += 1;
    let path = users.0.as_ref().expect("just made").path().to_owned();
    Shared(path)
}

/// The shared test set and how many tests hold it.
static SHARED: Mutex<(Option<tempfile::TempDir>, usize)> = Mutex::new((None, 0));

/// One test's hold on the shared test set of [`wythoff_tests`].
struct Shared(PathBuf);

impl std::ops::Deref for Shared {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        let mut users = SHARED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        users.1 -= 1;
        if users.1 == 0 {
            // Dropping the TempDir removes the directory.
            users.0 = None;
        }
    }
}

/// Issue 23: the shared test set is gone once its last user is done.
#[test]
fn the_shared_test_set_is_removed_after_its_last_user() {
    let (a, b) = (wythoff_tests(), wythoff_tests());
    let dir = a.to_path_buf();
    assert!(dir.join("01-sample.in").exists());
    drop(a);
    assert!(dir.exists(), "still held");
    drop(b);
    // Unless another test holds it at the same moment.
    let held = SHARED.lock().map(|u| u.1 > 0).unwrap_or(true);
    assert!(held || !dir.exists(), "{} left behind", dir.display());
}

#[test]
fn testset_files_validate_and_answers_come_from_solve() {
    let d = temp_dir("testset-euclid");
    let out = judge(
        &[
            "testset",
            "euclid",
            "--out",
            &d.to_string_lossy(),
            "--seed",
            "4",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&d)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".in"))
        .collect();
    names.sort();
    assert_eq!(names[0], "01-sample.in");
    assert!(names.iter().any(|n| n.contains("hack")) && names.iter().any(|n| n.contains("max")));
    for n in &names {
        let input = std::fs::read(d.join(n)).expect("in");
        let ans = std::fs::read(d.join(n.replace(".in", ".ans"))).expect("ans");
        assert!(
            judge(&["validate", "euclid"], &input).status.success(),
            "{n}"
        );
        assert_eq!(judge(&["solve", "euclid"], &input).stdout, ans, "{n}");
    }
}

// ---------------------------------------------------------------- run

fn submissions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/submissions")
}

/// A file of the wythoff problem's package submissions (the one copy of the
/// exact and the float Python solutions).
pub(crate) fn wythoff_asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../problems/src/problem/wythoff")
        .join(name)
}

/// Runs a submission on the shared test set. The time limit is short for the
/// sleeper (it bounds the test's duration) and generous for the others, so a
/// loaded machine cannot turn a correct Python solution into a TLE.
fn run_submission(tests: &Path, file: &Path) -> (Option<i32>, String) {
    let tests = tests.to_string_lossy().into_owned();
    let sleeper = file
        .parent()
        .is_some_and(|p| p.ends_with("time_limit_exceeded"));
    // The sleeper's 7 tests each wait their limit: all at once, 0.5 s.
    let limits: &[&str] = if sleeper {
        &["--time-limit", "0.5", "--jobs", "7"]
    } else {
        &["--time-limit", "10"]
    };
    let file = file.to_string_lossy();
    let mut args = vec!["run", "wythoff", "--tests", &tests];
    args.extend_from_slice(limits);
    args.extend(["--output-limit", "1000000", "--", "python3", &file]);
    let out = judge(&args, b"");
    (out.status.code(), text(&out.stdout))
}

#[test]
fn each_submission_gets_its_folders_verdict() {
    let verdicts = [
        ("accepted", "AC"),
        ("wrong_answer", "WA"),
        ("time_limit_exceeded", "TLE"),
        ("run_time_error", "RE"),
        ("output_limit_exceeded", "OLE"),
    ];
    let tests = wythoff_tests();
    let mut jobs = Vec::new();
    for (folder, verdict) in verdicts {
        let mut files: Vec<PathBuf> = match std::fs::read_dir(submissions().join(folder)) {
            Ok(dir) => dir.map(|e| e.expect("entry").path()).collect(),
            Err(_) => Vec::new(),
        };
        match folder {
            "accepted" => files.push(wythoff_asset("exact.py")),
            "wrong_answer" => files.push(wythoff_asset("float.py")),
            _ => {}
        }
        files.retain(|f| f.extension().is_some_and(|e| e == "py"));
        jobs.extend(files.into_iter().map(|f| (f, verdict)));
    }
    assert!(jobs.len() >= 5);
    // The judges run at once: the time-out waits its limit, the others
    // mostly wait for Python.
    std::thread::scope(|scope| {
        for (file, verdict) in &jobs {
            let tests = &tests;
            scope.spawn(move || {
                let (code, out) = run_submission(tests, file);
                let last = out.lines().last().unwrap_or_default().to_owned();
                assert!(
                    last.starts_with(&format!("verdict: {verdict} (")),
                    "{}: {out}",
                    file.display()
                );
                assert_eq!(
                    code,
                    Some(if *verdict == "AC" { 0 } else { 1 }),
                    "{}",
                    file.display()
                );
            });
        }
    });
}

#[test]
fn the_float_solution_fails_exactly_the_hack_tests() {
    let tests = wythoff_tests();
    let (_, out) = run_submission(&tests, &wythoff_asset("float.py"));
    let verdict_of = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(verdict_of("03-hack"), "WA", "{out}");
    for name in ["01-sample", "04-random-small", "05-random"] {
        assert_eq!(verdict_of(name), "AC", "{name}: {out}");
    }
}

// ---------------------------------------------------------------- invoke

#[test]
fn invoke_refuses_bad_seeds_with_a_message() {
    for bad in ["", "3..1", "x", "1..99999"] {
        let out = judge(&["invoke", "bash", "--seeds", bad], b"");
        assert_eq!(out.status.code(), Some(2), "--seeds {bad:?}");
        assert!(
            text(&out.stderr).contains("--seeds"),
            "{}",
            text(&out.stderr)
        );
    }
}

/// Issue 26: the fibonacci-nim archetype with a wrapped 32-bit table fails on
/// the hack test (which holds the wrapped values), every other archetype fails
/// too, and every accepted submission passes: the whole matrix is right.
#[test]
fn invoke_fibonacci_nim_fails_the_wrapped_int_table_on_the_hack_test() {
    if crate::common::skip_slow() {
        return;
    }
    if Command::new("gcc").arg("--version").output().is_err()
        || Command::new("g++").arg("--version").output().is_err()
    {
        eprintln!("skipping: no gcc/g++");
        return;
    }
    let out = judge(
        &["invoke", "fibonacci-nim", "--seeds", "7", "--markdown"],
        b"",
    );
    let md = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{md}\n{}", text(&out.stderr));
    let row = md
        .lines()
        .find(|l| l.starts_with("| `wrong_answer/int_table.c` | WA | 32-bit int Fibonacci table"))
        .unwrap_or_else(|| panic!("no int_table row in\n{md}"));
    assert!(row.ends_with("| 7: WA 03 |"), "{row}");
    assert!(md.contains("| `accepted/exact.cpp` | AC |"), "{md}");
    assert!(text(&out.stderr).contains("every cell right"));
}
