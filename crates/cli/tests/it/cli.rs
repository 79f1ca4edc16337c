//! Issue 23, "one command line": one number syntax, one error style, one
//! exit-code table, `<PROBLEM>` and its aliases everywhere, and the small
//! inconsistencies of `explain`, `play` and `package`. Each test here failed
//! on main 4f46fa9.

use std::process::Output;

/// Runs `judge ARGS` with `stdin`, in a fresh scratch directory (nothing is
/// written into the tree).
fn judge(args: &[&str], stdin: &[u8]) -> Output {
    let cwd = tempfile::tempdir().expect("tempdir");
    crate::common::judge_in(Some(cwd.path()), args, stdin)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The messages of Rust's own parsers, which must never reach a user.
const RUST_PARSE_ERRORS: [&str; 4] = [
    "invalid digit found in string",
    "invalid float literal",
    "number too large to fit in target type",
    "cannot parse integer from empty string",
];

#[test]
fn every_count_and_bound_takes_digits_powers_and_exponents() {
    // `judge hazards --to 10^12` said `invalid digit found in string`.
    for to in ["1000", "10^3", "1e3"] {
        let o = judge(&["hazards", "--to", to, "--count-only"], b"");
        assert_eq!(o.status.code(), Some(0), "--to {to}: {}", stderr(&o));
        assert!(stdout(&o).contains("1001"), "--to {to}: {}", stdout(&o));
    }
    let o = judge(
        &["hazards", "--from", "1e9", "--to", "10^9", "--count-only"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The same input for the same seed and count, however they are written.
    let plain = judge(&["gen", "wythoff", "--seed", "100", "--cases", "10"], b"");
    for (seed, cases) in [("10^2", "1e1"), ("1e2", "10^1")] {
        let o = judge(&["gen", "wythoff", "--seed", seed, "--cases", cases], b"");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(o.stdout, plain.stdout, "--seed {seed} --cases {cases}");
    }
    let o = judge(&["plot", "euclid", "6e1", "--out", "-"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = judge(&["plot", "bash", "10^2", "1e1", "--out", "-"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = judge(&["plot", "wythoff", "--grundy", "2^5", "--out", "-"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = judge(&["explain", "wythoff", "10^9", "1e9"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("(1000000000, 1000000000)"),
        "{}",
        stdout(&o)
    );
    let o = judge(&["play", "bash", "1e1", "2"], b"quit\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("10 oooooooooo"), "{}", stdout(&o));
}

#[test]
fn a_bad_number_names_the_option_and_the_accepted_forms() {
    for (args, shown) in [
        (&["hazards", "--to", "10^x"][..], "--to: '10^x'"),
        (&["gen", "wythoff", "--seed", "1.5"], "--seed: '1.5'"),
        (&["gen", "wythoff", "--cases=-3"], "--cases: '-3'"),
        (
            &["testset", "bash", "--out", "t", "--seed", "x"],
            "--seed: 'x'",
        ),
        (
            &["package", "bash", "--out", "p", "--seed", "1e"],
            "--seed: '1e'",
        ),
        (&["plot", "euclid", "sixty"], "<N>: 'sixty'"),
        (&["explain", "wythoff", "3", "five"], "<NUMBERS>: 'five'"),
        (&["play", "wythoff", "3", "+5"], "[POSITION]: '+5'"),
    ] {
        let o = judge(args, b"");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with(&format!(
                "judge: error: {shown} is not a whole number (write 1000000, 10^6 or 1e6)"
            )),
            "{args:?}: {err}"
        );
    }
    let o = judge(
        &["gen", "wythoff", "--cases", "99999999999999999999999"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("too large (the largest is 18446744073709551615)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn no_rust_parse_error_reaches_the_user() {
    // Options of other subcommands that still parse with the standard parsers
    // (run's seconds and sizes) are reworded too.
    for args in [
        &["gen", "wythoff", "--seed", "1.5"][..],
        &["gen", "wythoff", "--cases", "99999999999999999999999"],
        &["hazards", "--to", ""],
        &["run", "wythoff", "--time-limit", "1,5", "--", "true"],
        &["run", "wythoff", "--memory-limit", "64M", "--", "true"],
        &["invoke", "bash", "--time-limit", "x"],
    ] {
        let o = judge(args, b"");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("judge: error: "), "{args:?}: {err}");
        for rust in RUST_PARSE_ERRORS {
            assert!(!err.contains(rust), "{args:?}: {err}");
        }
    }
}

#[test]
fn every_error_starts_with_judge_error() {
    // clap's own usage errors started `error:`, ours `judge:`.
    for args in [
        &["solve", "nim"][..],
        &["solve", "wythoff", "--bogus"],
        &["gen"],
        &["hazards", "--from", "5", "--to", "4"],
        &["plot", "euclid", "0"],
        &["explain", "wythoff", "1"],
        &["play", "bash", "23"],
        &["check", "wythoff", "in", "out", "ans", "extra"],
    ] {
        let o = judge(args, b"");
        let err = stderr(&o);
        assert!(err.starts_with("judge: error: "), "{args:?}: {err}");
        assert!(!err.contains("\nerror:"), "{args:?}: {err}");
    }
}

#[test]
fn a_missing_file_exits_3_in_every_subcommand() {
    // solve exited 2, validate 1, the others 3.
    for args in [
        &["solve", "wythoff", "no-such.in"][..],
        &["validate", "wythoff", "no-such.in"],
        &["check", "wythoff", "no-such.in", "no-such.out"],
        &[
            "check",
            "--kattis",
            "wythoff",
            "no-such.in",
            "no-such.ans",
            ".",
        ],
        &["plot", "euclid", "10", "--out", "no/such/dir/e.svg"],
        &["testset", "bash", "--out", "no/such/dir"],
        &["package", "bash", "--out", "no/such/dir"],
    ] {
        let o = judge(args, b"");
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn bad_arguments_exit_2_except_in_check() {
    for args in [
        &["problems", "extra"][..],
        &["solve", "nim"],
        &["validate", "nim"],
        &["gen", "nim"],
        &["gen", "wythoff", "--profile", "huge"],
        &["testset", "bash"],
        &["package", "bash"],
        &["explain", "wythoff", "1", "2", "3"],
        &["explain", "euclid", "0", "0"],
        &["hazards", "--from", "5", "--to", "4"],
        &["plot", "bash", "0", "1"],
        &["play", "bash", "23"],
        &["play", "wythoff"],
        &["run", "nim", "--", "true"],
        &["invoke", "nim"],
        &["nosuchcommand"],
    ] {
        let o = judge(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
    // check answers with testlib's codes, where 2 is a presentation error: a
    // usage error of check is the checker's failure, 3.
    for args in [
        &["check", "nim", "a", "b"][..],
        &["check", "wythoff"],
        &["check", "wythoff", "a", "b", "c", "d"],
    ] {
        let o = judge(args, b"");
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn the_exit_code_table_is_in_the_help() {
    let o = judge(&["--help"], b"");
    let help = stdout(&o);
    for row in [
        "0  success",
        "1  the verdict or the validation says no",
        "2  usage",
        "3  the judge itself or a file failed",
        "42 (accepted) and 43 (rejected)",
    ] {
        assert!(help.contains(row), "{row}: {help}");
    }
}

#[test]
fn play_and_explain_take_a_problem_and_its_aliases() {
    // `judge play poj1067 4 6` was refused; play and explain said <GAME>.
    let o = judge(&["play", "poj1067", "4", "6"], b"quit\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Wythoff's game"), "{}", stdout(&o));
    let o = judge(&["play", "hdu2149", "4", "2"], b"quit\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Bash's game"), "{}", stdout(&o));
    let o = judge(&["explain", "POJ2348", "25", "7"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for cmd in [
        "play", "explain", "solve", "gen", "testset", "package", "check",
    ] {
        let help = stdout(&judge(&[cmd, "--help"], b""));
        assert!(help.contains("<PROBLEM>"), "{cmd}: {help}");
        assert!(!help.contains("<GAME>"), "{cmd}: {help}");
    }
}

#[test]
fn play_names_the_numbers_it_wants() {
    // "give two numbers" named neither.
    let o = judge(&["play", "bash", "23"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("pile n and maximum take m"), "{err}");
    assert!(err.contains("judge play bash 23 3"), "{err}");
    let o = judge(&["play", "fibonacci-nim", "5", "6"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("starts from one number, n; got 2"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn explain_says_what_is_no_move_no_case_and_out_of_limits() {
    let o = judge(&["explain", "wythoff", "0", "0"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(!stdout(&o).contains("every move"), "{}", stdout(&o));
    assert!(stdout(&o).contains("there is no move"), "{}", stdout(&o));
    let o = judge(&["explain", "euclid", "0", "0"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("end marker"), "{}", stderr(&o));
    let o = judge(&["explain", "wythoff", "10^10", "3"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("note: pile a = 10000000000 is above 1000000000"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn package_zip_needs_a_zip_name() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("wythoff");
    let o = judge(
        &[
            "package",
            "wythoff",
            "--zip",
            "--out",
            &out.to_string_lossy(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("name it NAME.zip"), "{}", stderr(&o));
    assert!(!out.exists());
}

/// The parts of `help/NAME.txt` as `judge` prints them: what `--help` shows
/// (its paragraphs, the registry's lists left out: the first placeholder or
/// `Examples:` ends it) and what `-h` shows (`Examples:` and the three).
fn help_file_text(name: &str) -> (String, String) {
    let path = format!("{}/src/help/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (paragraphs, examples) = text.split_once("\nExamples:\n").unwrap();
    let three = examples.split("More examples:").next().unwrap();
    let long = paragraphs.split('{').next().unwrap().trim_end().to_owned();
    (long, format!("Examples:\n{}", three.trim_end()))
}

#[test]
fn every_way_of_asking_for_help_shows_the_help_text() {
    // `main` adds the texts of help/ only when the arguments may ask for help.
    let mut names: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src/help"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter_map(|f| f.strip_suffix(".txt").map(str::to_owned))
            .collect();
    names.sort();
    assert!(names.len() >= 14, "{names:?}");
    for name in &names {
        let (long, short) = help_file_text(name);
        // `plot-wythoff.txt` is the help of `judge plot wythoff`
        let words: Vec<&str> = name.split('-').collect();
        let with = |last: &[&'static str]| -> Vec<&str> { [&words[..], last].concat() };
        let mut ways: Vec<Vec<&str>> = if name == "judge" {
            vec![vec!["--help"], vec!["-h"], vec!["help"], vec![]]
        } else {
            vec![
                with(&["--help"]),
                with(&["-h"]),
                [&["help"], &words[..]].concat(),
            ]
        };
        // after a problem, or after an option's value
        if ["solve", "validate", "check", "gen", "testset", "explain"].contains(&name.as_str()) {
            ways.push(vec![name, "wythoff", "--help"]);
        }
        if name == "hazards" {
            ways.push(vec![name, "--to", "100", "-h"]);
        }
        for args in ways {
            let o = judge(&args, b"");
            // clap prints help asked for on stdout, help for no arguments on stderr
            let shown = stdout(&o) + &stderr(&o);
            // `-h` (and no subcommand) the short part, `--help` and `help` both
            let asks_short = args.is_empty() || args.contains(&"-h");
            assert!(shown.contains(&short), "{args:?}: {shown}");
            assert_eq!(!asks_short, shown.contains(&long), "{args:?}: {shown}");
            assert!(
                !shown.contains("{problems}") && !shown.contains("{fields}"),
                "{args:?}: {shown}"
            );
        }
    }
    // The lists of the registry are filled in.
    let solve = stdout(&judge(&["solve", "--help"], b""));
    assert!(solve.contains("Problems: wythoff ("), "{solve}");
    // And a run that asks for no help does its work as before.
    let o = judge(&["solve", "bash"], b"1\n3 2\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// `judge run --language ID` chooses a source file's language by its id:
/// an unknown id is refused naming the known ones, and a command after `--`
/// takes none.
#[test]
fn run_language_is_an_id_of_the_table() {
    let o = judge(&["run", "wythoff", "sol.py", "--language", "cobol"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("--language cobol: no such language") && err.contains("pypy3"),
        "{err}"
    );
    let o = judge(
        &["run", "wythoff", "--language", "pypy3", "--", "true"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--language names the language of a source FILE"));
}
