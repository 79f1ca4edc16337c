//! The validator's summaries and messages, written out from the formats of
//! the problem statements (`judge problems`): Euclid's game (HDU 1525) is a list
//! of pairs `a b` ended by the line `0 0`; Bash's game (HDU 1846) a count C
//! then C pairs; Wythoff's game (POJ 1067) pairs up to the end of the file.
//! Lines and columns are counted by hand, 1-based, in bytes.

use beatty_problems::{Problem, validate};

fn err(problem: Problem, input: &str) -> (u64, u64, String) {
    let e = validate(problem, input.as_bytes()).unwrap_err();
    let shown = e.to_string();
    assert_eq!(
        shown,
        format!("line {}, column {}: {}", e.line, e.column, e.rule)
    );
    (e.line, e.column, e.rule)
}

#[test]
fn summaries_count_cases_in_english() {
    let s = |p, i: &str| validate(p, i.as_bytes()).unwrap().to_string();
    assert_eq!(s(Problem::Euclid, "0 0\n"), "valid euclid input: 0 cases");
    assert_eq!(
        s(Problem::Euclid, "34 12\n0 0\n"),
        "valid euclid input: 1 case"
    );
    assert_eq!(
        s(Problem::Euclid, "34 12\n15 24\n0 0\n"),
        "valid euclid input: 2 cases"
    );
    assert_eq!(s(Problem::Bash, "1\n23 2\n"), "valid bash input: 1 case");
    assert_eq!(
        s(Problem::Bash, "3\n23 2\n4 3\n1 1\n"),
        "valid bash input: 3 cases"
    );
    assert_eq!(s(Problem::Wythoff, "2 1\n"), "valid wythoff input: 1 case");
    let v = validate(Problem::Wythoff, b"2 1\n8 4\n").unwrap();
    assert_eq!((v.problem, v.cases), (Problem::Wythoff, 2));
}

#[test]
fn a_missing_terminator_is_named_where_the_file_ends() {
    let want = "expected a case or the terminator `0 0`, found end of file";
    assert_eq!(err(Problem::Euclid, ""), (1, 1, want.into()));
    assert_eq!(err(Problem::Euclid, "34 12\n"), (2, 1, want.into()));
    assert_eq!(err(Problem::Euclid, "34 12\n15 24\n"), (3, 1, want.into()));
}

#[test]
fn after_the_terminator_and_the_last_case_the_file_ends() {
    assert_eq!(
        err(Problem::Euclid, "34 12\n0 0\n5 5\n"),
        (
            3,
            1,
            "expected end of file after the terminator `0 0`, found \"5\"".into()
        )
    );
    assert_eq!(
        err(Problem::Euclid, "34 12\n0 0"),
        (2, 4, "expected end of line, found end of file".into())
    );
    assert_eq!(
        err(Problem::Bash, "1\n23 2\n4 3\n"),
        (
            3,
            1,
            "expected end of file after the last case, found \"4\"".into()
        )
    );
    assert_eq!(
        err(Problem::Bash, "1\n23 2\n\n"),
        (
            3,
            1,
            "expected end of file after the last case, found end of line".into()
        )
    );
}

#[test]
fn what_was_found_is_named() {
    assert_eq!(
        err(Problem::Wythoff, "1 2\n3\t4\n"),
        (2, 2, "expected a single space, found a tab".into())
    );
    assert_eq!(
        err(Problem::Wythoff, "1 2\n3 x4\n"),
        (
            2,
            3,
            "expected pile b (an integer from 0 to 1000000000), found \"x4\"".into()
        )
    );
    assert_eq!(
        err(Problem::Wythoff, "1 2\n3 4x 5\n"),
        (
            2,
            3,
            "expected pile b (an integer from 0 to 1000000000), found \"4x\"".into()
        )
    );
    assert_eq!(
        err(Problem::Wythoff, "1 2 \n"),
        (1, 4, "expected end of line, found a space".into())
    );
    assert_eq!(
        err(Problem::Wythoff, "1 02\n"),
        (
            1,
            3,
            "expected pile b (an integer from 0 to 1000000000), found \"02\" (leading zeros are not allowed)"
                .into()
        )
    );
    assert_eq!(
        err(Problem::Wythoff, "1 1000000001\n"),
        (
            1,
            3,
            "expected pile b (an integer from 0 to 1000000000), found \"1000000001\" (out of range)"
                .into()
        )
    );
    assert_eq!(
        err(Problem::Euclid, "0 5\n0 0\n"),
        (
            1,
            1,
            "expected a (an integer from 1 to 2147483647; only the terminator `0 0` has zeros), found \"0\""
                .into()
        )
    );
}

/// `validate_reader`'s error says whether the input broke a rule or could not
/// be read; an interrupted read is retried, as `std::io` does.
#[test]
fn reading_errors_are_not_rule_errors() {
    use beatty_problems::validate::{ValidateError, validate_reader};
    use std::io::{self, Read};
    /// Fails its first read with `kind`, then hands out `data`.
    struct Hiccup {
        kind: Option<io::ErrorKind>,
        data: &'static [u8],
    }
    impl Read for Hiccup {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if let Some(kind) = self.kind.take() {
                return Err(io::Error::new(kind, "disk on fire"));
            }
            self.data.read(buf)
        }
    }
    let data = b"2 1\n";
    let e = validate_reader(
        Problem::Wythoff,
        Hiccup {
            kind: Some(io::ErrorKind::Other),
            data,
        },
    )
    .unwrap_err();
    assert!(matches!(e, ValidateError::Io(_)), "{e:?}");
    assert_eq!(e.to_string(), "i/o error: disk on fire");
    let ok = validate_reader(
        Problem::Wythoff,
        Hiccup {
            kind: Some(io::ErrorKind::Interrupted),
            data,
        },
    );
    assert_eq!(ok.map(|s| s.cases).ok(), Some(1));
    let e = validate_reader(Problem::Wythoff, &b"1 2 \n"[..]).unwrap_err();
    assert!(matches!(e, ValidateError::Invalid(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "line 1, column 4: expected end of line, found a space"
    );
}
