//! Every public function of the judging side that runs no submission, at
//! its edges: empty, huge, malformed and non-UTF-8 text, the seeds 0 and
//! `u64::MAX`, paths that do not exist or are files. An answer or an error,
//! never a panic (each call runs under `catch_unwind`; every panic is
//! collected and reported at the end). Where an answer comes it is checked
//! against a second route: a written test set is read back by `tests_in`
//! and passes `validate_tests` (the problems' validator), a seed list is the
//! one its definition spells out.

use beatty_judge::invoke::{Expected, parse_seeds};
use beatty_judge::judging::{IsolationChoice, choose_isolation};
use beatty_judge::lang::{Languages, Tool, language_of, which};
use beatty_judge::package::{self, assets, interactive, short_name};
use beatty_judge::run::{Task, tests_in, validate_tests, verdict_line};
use beatty_judge::testset::{sample, write_play_testset, write_testset};
use beatty_problems::interact::Game;
use beatty_problems::{Problem, Verdict};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

#[derive(Default)]
struct Panics(Vec<String>);

impl Panics {
    fn call<T>(&mut self, what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> Option<T> {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(v) => Some(v),
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                self.0.push(format!("{}: {msg}", what()));
                None
            }
        }
    }

    fn check(self) {
        assert!(
            self.0.is_empty(),
            "{} calls panicked:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

const VERDICTS: [Verdict; 9] = [
    Verdict::Accepted,
    Verdict::WrongAnswer,
    Verdict::PresentationError,
    Verdict::TimeLimit,
    Verdict::MemoryLimit,
    Verdict::OutputLimit,
    Verdict::RuntimeError,
    Verdict::CompileError,
    Verdict::Fail,
];

#[test]
fn seeds_are_parsed_by_their_definition_and_bounded() {
    let mut p = Panics::default();
    // The definition: a seed, LO..HI with both ends, or a comma-separated list.
    let spelled: [(&str, Option<Vec<u64>>); 6] = [
        ("7", Some(vec![7])),
        ("3..5", Some(vec![3, 4, 5])),
        ("3,7", Some(vec![3, 7])),
        ("18446744073709551615", Some(vec![u64::MAX])),
        (
            "18446744073709551614..18446744073709551615",
            Some(vec![u64::MAX - 1, u64::MAX]),
        ),
        ("18446744073709551616", None),
    ];
    for (s, want) in spelled {
        if let Some(got) = p.call(|| format!("parse_seeds({s:?})"), || parse_seeds(s)) {
            assert_eq!(got.ok(), want, "parse_seeds({s:?})");
        }
    }
    // A range of 2^64 seeds is refused, not allocated; so is every malformed list.
    let long = "1,".repeat(100_000);
    for s in [
        "",
        ",",
        "..",
        "1..",
        "..1",
        "5..4",
        "0..18446744073709551615",
        "1,,2",
        "-1",
        "+1",
        "a",
        "1..=5",
        " 1",
        "1 ",
        "１",
        "1..2..3",
        &long,
    ] {
        if let Some(r) = p.call(
            || format!("parse_seeds({:?})", &s[..s.len().min(20)]),
            || parse_seeds(s),
        ) {
            match r {
                Ok(v) => assert!(
                    v.len() <= 10_000,
                    "{} seeds from {:?}",
                    v.len(),
                    &s[..s.len().min(20)]
                ),
                Err(e) => assert!(e.len() < 400, "an unbounded message: {} bytes", e.len()),
            }
        }
    }
    p.check();
}

#[test]
fn names_languages_and_tools_are_total() {
    let mut p = Panics::default();
    for dir in [
        "accepted",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
        "",
        "x",
        "ACCEPTED",
    ] {
        if let Some(Some(e)) = p.call(
            || format!("Expected::from_dir({dir:?})"),
            || Expected::from_dir(dir),
        ) {
            for v in VERDICTS {
                p.call(|| format!("{e:?}.admits({v:?})"), || e.admits(v));
            }
            p.call(|| format!("{e:?}.short()"), || e.short());
        }
    }
    let words = [
        "",
        "/",
        ".",
        "..",
        "a/b",
        "/nonexistent/x",
        "sh",
        "\u{202e}",
        &"x".repeat(5000),
    ];
    for w in words {
        let shown = &w[..w.len().min(20)];
        p.call(|| format!("which({shown:?})"), || which(w));
        p.call(|| format!("Tool::find({shown:?})"), || Tool::find(w));
        p.call(|| format!("short_name({shown:?})"), || short_name(w));
        p.call(|| format!("assets({shown:?})"), || assets(w));
        p.call(
            || format!("{shown:?}.parse::<Task>()"),
            || w.parse::<Task>(),
        );
        for path in [Path::new(w), &Path::new(w).with_extension("cpp")] {
            p.call(|| format!("language_of({path:?})"), || language_of(path));
            p.call(
                || format!("builtin().of({path:?})"),
                || Languages::builtin().of(path).map(|l| l.extensions.clone()),
            );
        }
    }
    p.call(
        || "builtin().extensions()".into(),
        || Languages::builtin().extensions(),
    );
    for choice in [
        IsolationChoice::Auto,
        IsolationChoice::Strict,
        IsolationChoice::Basic,
    ] {
        p.call(
            || format!("choose_isolation({choice:?})"),
            || choose_isolation(choice),
        );
    }
    for total in [0, 1, usize::MAX] {
        if let Some((line, v)) = p.call(
            || format!("verdict_line(&[], {total})"),
            || verdict_line(&[], total),
        ) {
            // The definition: the passed and the total, with nothing run.
            assert!(line.contains(&format!("(0/{total} tests")), "{line}");
            assert_eq!(v, Verdict::Accepted, "no result, no failure: {line}");
        }
    }
    p.check();
}

#[test]
fn package_texts_are_total() {
    let mut p = Panics::default();
    for problem in Problem::ALL {
        let spec = problem.spec();
        for largest in [0, 1, u64::MAX] {
            p.call(
                || format!("problem_yaml({problem}, {largest})"),
                || package::problem_yaml(spec, largest),
            );
        }
        p.call(
            || format!("statement_tex({problem})"),
            || package::statement_tex(spec),
        );
        p.call(
            || format!("input_validator({problem})"),
            || package::input_validator(spec),
        );
        p.call(|| format!("sample({problem})"), || sample(problem));
        p.call(
            || format!("hack::max_batch({problem})"),
            || assert!(beatty_judge::hack::max_batch(problem) >= 1),
        );
    }
    for game in Game::ALL {
        p.call(|| format!("title({game:?})"), || interactive::title(game));
        p.call(
            || format!("interactor({game:?})"),
            || interactive::interactor(game),
        );
        p.call(
            || format!("input_validator({game:?})"),
            || interactive::input_validator(game),
        );
        p.call(
            || format!("problem_yaml({game:?})"),
            || interactive::problem_yaml(game),
        );
        p.call(
            || format!("statement_tex({game:?})"),
            || interactive::statement_tex(game),
        );
    }
    p.check();
}

#[test]
fn test_sets_at_the_edge_seeds_read_back_and_validate() {
    let mut p = Panics::default();
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for seed in [0, u64::MAX] {
        for problem in Problem::ALL {
            let dir = tmp.path().join(format!("{problem}-{seed}"));
            let written = p.call(
                || format!("write_testset({problem}, {seed})"),
                || write_testset(problem, &dir, seed),
            );
            if let Some(Ok(names)) = written {
                let tests = tests_in(&dir).expect("the test set just written");
                assert_eq!(tests.len(), names.len(), "{problem} seed {seed}");
                let v = validate_tests(problem, &tests);
                assert!(v.is_ok(), "{problem} seed {seed}: {v:?}");
            } else {
                panic!("{problem} seed {seed}: {written:?}");
            }
        }
        for game in Game::ALL {
            let dir = tmp.path().join(format!("{}-{seed}", game.name()));
            let written = p.call(
                || format!("write_play_testset({game:?}, {seed})"),
                || write_play_testset(game, &dir, seed),
            );
            if let Some(Ok(names)) = written {
                let tests = tests_in(&dir).expect("the test set just written");
                assert_eq!(tests.len(), names.len(), "{game:?} seed {seed}");
                let v = validate_tests(game, &tests);
                assert!(v.is_ok(), "{game:?} seed {seed}: {v:?}");
            } else {
                panic!("{game:?} seed {seed}: {written:?}");
            }
        }
    }
    // Where no test set can be: under a file, at a path that does not exist.
    let file = tmp.path().join("a-file");
    std::fs::write(&file, b"x").expect("a file");
    for dir in [
        file.join("tests"),
        file.clone(),
        tmp.path().join("none/at/all"),
    ] {
        p.call(|| format!("tests_in({dir:?})"), || tests_in(&dir));
        let r = p.call(
            || format!("write_testset(wythoff, {dir:?})"),
            || write_testset(Problem::Wythoff, &dir, 1),
        );
        if dir.starts_with(&file) {
            assert!(
                matches!(r, Some(Err(_))),
                "a test set written under a file: {r:?}"
            );
        }
    }
    p.check();
}
