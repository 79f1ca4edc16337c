//! The checker against testlib's own rules, token by token, for both the
//! streaming checker ([`check`]) and the whole-input one ([`check_whole`]).
//!
//! Every expectation is read off testlib.h (MikeMirzayanov/testlib, commit
//! 1e4e8a2 of 2026-02-06), not off this crate:
//!
//! * `stringToLongLong`, which `ncmp`'s `readLong` uses: a token is an integer
//!   when it has 1 to 20 characters, an optional `-` only when more characters
//!   follow, then digits only; `std::stoll` must not overflow; and it has no
//!   leading zero (`zeroes > 0 && (result != 0 || has_minus) || zeroes > 1`),
//!   so `0` is one but `00`, `01`, `-0` and `-01` are not. Otherwise `_pe`.
//! * `readWordTo`: a token longer than `maxTokenLength` (32 · 1024 · 1024 bytes)
//!   is `_pe`; one of exactly that length is read.
//! * `ncmp`: when the answer has more numbers, "output contains n elements"
//!   where n is the number of output tokens read, and extra output tokens are
//!   read with `readLong` too (so a non-integer among them is `_pe`).

use super::*;

/// Both checkers' verdicts and messages, which must agree.
fn both(problem: Problem, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> CheckResult {
    let whole = check_whole(problem, input, output, answer);
    let streaming = check(problem, input, output, answer);
    assert_eq!(
        streaming,
        whole,
        "{problem} {:?}",
        String::from_utf8_lossy(input)
    );
    whole
}

/// `2 1` is a losing position ((1, 2) is Wythoff's first pair): the answer is `0`.
const WYTHOFF_P: &[u8] = b"2 1\n";

#[test]
fn integer_tokens_are_read_as_testlib_reads_them() {
    use Verdict::*;
    let cases: [(&str, Verdict); 24] = [
        ("0", Accepted),
        // Not integers for stringToLongLong.
        ("-", PresentationError),
        ("-0", PresentationError),
        ("00", PresentationError),
        ("-00", PresentationError),
        ("01", PresentationError),
        ("-01", PresentationError),
        ("000", PresentationError),
        ("+0", PresentationError),
        ("+1", PresentationError),
        ("1-", PresentationError),
        ("--1", PresentationError),
        ("0x0", PresentationError),
        ("1e0", PresentationError),
        ("9223372036854775808", PresentationError), // i64::MAX + 1: stoll overflows
        ("-9223372036854775809", PresentationError), // i64::MIN − 1, 20 characters
        ("100000000000000000000", PresentationError), // 21 characters
        // Integers, not the answer: wrong answer.
        ("1", WrongAnswer),
        ("-1", WrongAnswer),
        ("10", WrongAnswer),
        ("-10", WrongAnswer),
        ("9223372036854775807", WrongAnswer),
        ("-9223372036854775808", WrongAnswer), // i64::MIN: 20 characters, read
        ("-100", WrongAnswer),
    ];
    for (token, want) in cases {
        for layout in [
            format!("{token}\n"),
            format!(" \t{token}\r\n"),
            token.to_string(),
        ] {
            let r = both(Problem::Wythoff, WYTHOFF_P, layout.as_bytes(), None);
            assert_eq!(r.verdict, want, "{token:?}: {}", r.message);
        }
        // The same token as the jury's answer: accepted only when it is `0` itself.
        let r = both(Problem::Wythoff, WYTHOFF_P, b"0\n", Some(token.as_bytes()));
        let jury = if want == Accepted { Accepted } else { Fail };
        assert_eq!(r.verdict, jury, "answer {token:?}: {}", r.message);
    }
}

#[test]
fn the_not_an_integer_message_names_the_token() {
    let r = both(Problem::Wythoff, WYTHOFF_P, b"-\n", None);
    assert_eq!(
        r.message,
        "presentation error on case 1 (input `2 1`): expected `0`, received `-`: `-` is not an integer"
    );
}

/// testlib's ncmp: "output contains n elements", n the output tokens read.
#[test]
fn a_short_output_says_how_many_tokens_it_has() {
    // Answers: (2, 1) → 0, (8, 4) → 1 (not a pair: 8 − 4 = 4, pair 4 is (6, 10)), (5, 5) → 1.
    let input = b"2 1\n8 4\n5 5\n";
    for (output, n, case) in [("", 0, 1), ("0", 1, 2), ("0 1", 2, 3), ("0\n\n1\n", 2, 3)] {
        let r = both(Problem::Wythoff, input, output.as_bytes(), None);
        assert_eq!(r.verdict, Verdict::WrongAnswer, "{output:?}");
        assert!(
            r.message
                .starts_with(&format!("wrong answer on case {case} ")),
            "{output:?}: {}",
            r.message
        );
        assert!(
            r.message.ends_with(&format!(
                ": the output ends after {n} {}",
                if n == 1 { "token" } else { "tokens" }
            )),
            "{output:?}: {}",
            r.message
        );
    }
    // Words (wcmp) count the same way: Bash 23 2 → first, 4 3 → second.
    let r = both(Problem::Bash, b"2\n23 2\n4 3\n", b"first", None);
    assert_eq!(r.verdict, Verdict::WrongAnswer);
    assert!(
        r.message.ends_with(": the output ends after 1 token"),
        "{}",
        r.message
    );
}

#[test]
fn extra_output_is_counted_and_read_as_integers() {
    use Verdict::*;
    let input = b"2 1\n8 4\n";
    let r = both(Problem::Wythoff, input, b"0 1 5 6 7\n", None);
    assert_eq!(r.verdict, WrongAnswer);
    assert_eq!(
        r.message,
        "wrong answer: extra output after the last case (3 more tokens), starting with `5`"
    );
    // ncmp reads the extra tokens with readLong: any non-integer is a PE, wherever it is.
    for extra in ["x", "-0", "01", "-", "5 x", "5 6 -0"] {
        let out = format!("0 1 {extra}\n");
        let r = both(Problem::Wythoff, input, out.as_bytes(), None);
        assert_eq!(r.verdict, PresentationError, "{extra:?}: {}", r.message);
    }
    for extra in ["-5", "0", "-9223372036854775808"] {
        let out = format!("0 1 {extra}\n");
        let r = both(Problem::Wythoff, input, out.as_bytes(), None);
        assert_eq!(r.verdict, WrongAnswer, "{extra:?}: {}", r.message);
    }
    // wcmp reads words: an extra `x` is only a wrong answer.
    let r = both(Problem::Bash, b"1\n23 2\n", b"first x\n", None);
    assert_eq!(r.verdict, WrongAnswer);
    assert_eq!(
        r.message,
        "wrong answer: extra output after the last case (1 more token), starting with `x`"
    );
}

/// readWordTo: PE only when a token is *longer* than 32 MiB.
#[test]
fn the_32_mib_token_bound_is_testlibs_at_its_edge() {
    use Verdict::*;
    const LIMIT: usize = 32 * 1024 * 1024;
    let mut token = vec![b'x'; LIMIT];
    // Words: a 32 MiB word is read and differs from `first`: wrong answer.
    let r = both(Problem::Bash, b"1\n23 2\n", &token, None);
    assert_eq!(
        r.verdict,
        WrongAnswer,
        "{}",
        &r.message[..r.message.len().min(200)]
    );
    token.push(b'x');
    let r = both(Problem::Bash, b"1\n23 2\n", &token, None);
    assert_eq!(r.verdict, PresentationError);
    assert!(
        r.message.ends_with(": a token longer than 32 MiB"),
        "{}",
        r.message
    );
    // As an extra token of words: one more word, wrong answer, at either length.
    let mut out = b"first ".to_vec();
    out.extend_from_slice(&token);
    let r = both(Problem::Bash, b"1\n23 2\n", &out, None);
    assert_eq!(r.verdict, WrongAnswer);
    out.pop();
    let r = both(Problem::Bash, b"1\n23 2\n", &out, None);
    assert_eq!(r.verdict, WrongAnswer);
}
