//! The checker: compares a contestant's output with the exact answer.
//!
//! It follows testlib's conventions: arguments `INPUT OUTPUT [ANSWER]`, verdicts
//! accepted (exit 0), wrong answer (1), presentation error (2) and checker
//! failure (3).
//!
//! # The standard comparisons
//!
//! The exact answers of all cases are rendered (the same bytes `judge solve`
//! prints) and compared with the output as testlib's standard checkers compare
//! a jury answer, according to the problem's
//! [`OutputKind`] (its [`Spec::output`](crate::problem::Spec::output), set in
//! the problem's module):
//!
//! * **integers** — testlib's `ncmp`: both sides are sequences of
//!   tokens separated by spaces, tabs, carriage returns and line feeds. Each
//!   output token must be an integer as testlib reads one (optional `-`,
//!   digits, no leading zeros, no `-0`, within 64 bits, at most 20 characters),
//!   else **presentation error**; a different value is a **wrong answer**; too
//!   few or too many integers is a **wrong answer** (a non-integer among the
//!   extra tokens is a presentation error, as `ncmp` reads them too).
//! * **words** — testlib's `wcmp`: tokens compared byte for byte; a
//!   different token, a missing or an extra token are all a **wrong answer**.
//!   `wcmp` never gives a presentation error except for a token longer than
//!   testlib's 32 MiB limit, which this checker reproduces.
//! * **custom** — the problem module's own comparison (e.g. a line-structured
//!   one that accepts moves in any order; see the output format in
//!   `judge problems`).
//!
//! Whitespace never matters in the standard comparisons. The first failing
//! case is reported with its number, its input, the expected answer and what
//! was received for it; every token of the output shown in a message is cut to
//! [`TOKEN_BYTES`] bytes and escaped ([`excerpt`]).
//!
//! # Checker failure
//!
//! The INPUT must pass [`crate::validate()`]. The exact answer is always computed;
//! an ANSWER file, when given, is *verified* against it with the same
//! comparison, not trusted: if the jury's answer differs from the exact one,
//! that is a checker failure (the test data is wrong).

use crate::problem::{Answer, Case, Framing, OutputKind};
use crate::text::{TOKEN_BYTES, excerpt};
use crate::{Problem, Verdict};
use core::fmt;

/// A verdict with its explanation.
///
/// ```
/// use beatty_judge::{check, Problem, Verdict};
/// let r = check(Problem::Wythoff, b"2 1\n8 4\n", b"0 1", None);
/// assert_eq!(r.verdict, Verdict::Accepted);
/// assert_eq!(r.to_string(), "ok 2 cases");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResult {
    /// The verdict.
    pub verdict: Verdict,
    /// What was found (testlib style: `ok …`, `wrong answer …`).
    pub message: String,
}

impl fmt::Display for CheckResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Why an output is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mismatch {
    pub(crate) verdict: Verdict,
    pub(crate) message: String,
}

impl Mismatch {
    pub(crate) fn wa(message: String) -> Self {
        Mismatch {
            verdict: Verdict::WrongAnswer,
            message,
        }
    }

    pub(crate) fn pe(message: String) -> Self {
        Mismatch {
            verdict: Verdict::PresentationError,
            message,
        }
    }

    pub(crate) fn fail(message: &str) -> Self {
        Mismatch {
            verdict: Verdict::Fail,
            message: message.to_owned(),
        }
    }
}

/// testlib's whitespace: space, tab, carriage return, line feed.
pub(crate) fn is_blank(b: &u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// testlib's longest token (`maxTokenLength`, 32 MiB): a longer output token
/// is a presentation error.
const MAX_TOKEN: usize = 32 << 20;

/// At most this many tokens of a case are shown in messages.
const SHOWN_TOKENS: usize = 8;

fn tokens(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    data.split(is_blank).filter(|t| !t.is_empty())
}

/// Up to [`SHOWN_TOKENS`] tokens, each bounded and escaped, separated by spaces.
fn shown_tokens<'a>(toks: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut v: Vec<String> = Vec::new();
    for (i, t) in toks.into_iter().enumerate() {
        if i == SHOWN_TOKENS {
            v.push("…".into());
            break;
        }
        v.push(excerpt(t, TOKEN_BYTES));
    }
    v.join(" ")
}

/// An answer's lines joined by ` / `, each line's tokens bounded.
pub(crate) fn shown_lines(rendered: &[u8]) -> String {
    rendered
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| shown_tokens(tokens(l)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// An integer as testlib's `stringToLongLong` reads one, or `None`.
fn testlib_long(t: &[u8]) -> Option<i64> {
    if t.is_empty() || t.len() > 20 {
        return None;
    }
    let neg = t.len() > 1 && t[0] == b'-';
    let digits = &t[usize::from(neg)..];
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if digits.len() > 1 && digits[0] == b'0' || neg && digits == b"0" {
        return None;
    }
    core::str::from_utf8(t).ok()?.parse().ok()
}

/// The cases of a *valid* input (the count line and the terminator excluded).
fn cases(problem: Problem, input: &[u8]) -> Vec<Case> {
    let spec = problem.spec();
    let mut lines = input.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    if matches!(spec.framing, Framing::Counted { .. }) {
        lines.next();
    }
    let mut out = Vec::new();
    for line in lines {
        let values: Vec<u64> = line
            .split(|&b| b == b' ')
            .map(|t| t.iter().fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')))
            .collect();
        if spec.framing == Framing::Terminator && values.iter().all(|&v| v == 0) {
            break;
        }
        out.push(Case::new(&values));
    }
    out
}

/// ncmp (`integers`) or wcmp (`words`) of `output` against the rendered answers.
fn compare_tokens(
    integers: bool,
    cases: &[Case],
    rendered: &[Vec<u8>],
    output: &[u8],
) -> Result<(), Mismatch> {
    let mut out = tokens(output);
    let mut read = 0usize;
    for (i, (case, exp)) in cases.iter().zip(rendered).enumerate() {
        let mut got: Vec<&[u8]> = Vec::new();
        let head = |verdict: &str, got: &[&[u8]]| {
            format!(
                "{verdict} on case {} (input `{case}`): expected `{}`, received `{}`",
                i + 1,
                shown_lines(exp),
                shown_tokens(got.iter().copied())
            )
        };
        for want in tokens(exp) {
            let Some(t) = out.next() else {
                return Err(Mismatch::wa(format!(
                    "{}: the output ends after {read} tokens",
                    head("wrong answer", &got)
                )));
            };
            read += 1;
            got.push(t);
            if t.len() > MAX_TOKEN {
                return Err(Mismatch::pe(format!(
                    "{}: a token longer than 32 MiB",
                    head("presentation error", &got)
                )));
            }
            let same = if integers {
                let Some(v) = testlib_long(t) else {
                    return Err(Mismatch::pe(format!(
                        "{}: `{}` is not an integer",
                        head("presentation error", &got),
                        excerpt(t, TOKEN_BYTES)
                    )));
                };
                testlib_long(want) == Some(v)
            } else {
                t == want
            };
            if !same {
                return Err(Mismatch::wa(head("wrong answer", &got)));
            }
        }
    }
    let extra: Vec<&[u8]> = out.collect();
    if let Some(first) = extra.first() {
        if integers
            && let Some(bad) = extra
                .iter()
                .find(|t| t.len() > MAX_TOKEN || testlib_long(t).is_none())
        {
            return Err(Mismatch::pe(format!(
                "presentation error: extra output after the last case, and `{}` is not an integer",
                excerpt(bad, TOKEN_BYTES)
            )));
        }
        return Err(Mismatch::wa(format!(
            "wrong answer: extra output after the last case ({} more tokens), starting with `{}`",
            extra.len(),
            excerpt(first, TOKEN_BYTES)
        )));
    }
    Ok(())
}

fn compare(
    problem: Problem,
    cases: &[Case],
    answers: &[Answer],
    rendered: &[Vec<u8>],
    data: &[u8],
) -> Result<(), Mismatch> {
    match problem.spec().output {
        OutputKind::Integers => compare_tokens(true, cases, rendered, data),
        OutputKind::Words => compare_tokens(false, cases, rendered, data),
        OutputKind::Custom => problem.def().compare_custom(cases, answers, data),
    }
}

/// Checks `output` for `input`, against the exact answer (and verifies `answer`
/// when given). See the [module docs](self) for the rules.
///
/// ```
/// use beatty_judge::{check, Problem, Verdict};
/// let input = b"1 2\n5 7\n0 0\n";
/// // single-pile moves in any order, the equal-from-both move first
/// assert_eq!(check(Problem::WythoffMoves, input, b"0\n1\n3 5\n4 7\n3 5\n", None).verdict, Verdict::Accepted);
/// let r = check(Problem::WythoffMoves, input, b"0\n1\n3 5\n4 7\n", None);
/// assert_eq!(r.verdict, Verdict::WrongAnswer); // a move is missing
/// let r = check(Problem::Wythoff, b"2 1\n8 4\n", b"0\n0\n", None);
/// assert_eq!(r.verdict, Verdict::WrongAnswer);
/// assert_eq!(r.message, "wrong answer on case 2 (input `8 4`): expected `1`, received `0`");
/// ```
#[must_use]
pub fn check(problem: Problem, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> CheckResult {
    let fail = |message: String| CheckResult {
        verdict: Verdict::Fail,
        message,
    };
    if let Err(e) = crate::validate(problem, input) {
        return fail(format!("invalid INPUT: {e}"));
    }
    let cases = cases(problem, input);
    let mut answers = Vec::with_capacity(cases.len());
    for c in &cases {
        match problem.def().answer(c) {
            Ok(a) => answers.push(a),
            Err(e) => return fail(format!("invalid INPUT: case `{c}`: {e}")),
        }
    }
    let rendered: Vec<Vec<u8>> = answers.iter().map(Answer::to_bytes).collect();
    if let Some(answer) = answer
        && let Err(m) = compare(problem, &cases, &answers, &rendered, answer)
    {
        return fail(format!(
            "invalid ANSWER (it is not the exact answer): {}",
            m.message
        ));
    }
    match compare(problem, &cases, &answers, &rendered, output) {
        Ok(()) => CheckResult {
            verdict: Verdict::Accepted,
            message: format!(
                "ok {} case{}",
                cases.len(),
                if cases.len() == 1 { "" } else { "s" }
            ),
        },
        Err(m) => CheckResult {
            verdict: m.verdict,
            message: m.message,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(problem: Problem, input: &str, output: &str) -> Verdict {
        check(problem, input.as_bytes(), output.as_bytes(), None).verdict
    }

    #[test]
    fn verdicts_follow_ncmp_and_wcmp() {
        use Verdict::*;
        let w = "2 1\n8 4\n";
        assert_eq!(v(Problem::Wythoff, w, "0\n1\n"), Accepted);
        assert_eq!(v(Problem::Wythoff, w, "  0   1  "), Accepted);
        assert_eq!(v(Problem::Wythoff, w, "1\n1\n"), WrongAnswer);
        assert_eq!(v(Problem::Wythoff, w, "0\n2\n"), WrongAnswer); // an integer, wrong value
        assert_eq!(v(Problem::Wythoff, w, "0\nyes\n"), PresentationError);
        assert_eq!(v(Problem::Wythoff, w, "0\n01\n"), PresentationError); // leading zero
        assert_eq!(v(Problem::Wythoff, w, "0\n"), WrongAnswer); // ends early
        assert_eq!(v(Problem::Wythoff, w, "0\n1\n0\n"), WrongAnswer); // extra
        assert_eq!(v(Problem::Wythoff, w, "0\n1\nx\n"), PresentationError); // extra, not a number
        let b = "2\n23 2\n4 3\n";
        assert_eq!(v(Problem::Bash, b, "first second"), Accepted);
        assert_eq!(v(Problem::Bash, b, "second second"), WrongAnswer);
        assert_eq!(v(Problem::Bash, b, "First second"), WrongAnswer);
        assert_eq!(v(Problem::Bash, b, "first"), WrongAnswer);
        let e = "34 12\n15 24\n0 0\n";
        assert_eq!(
            v(Problem::Euclid, e, "Stan wins\r\nOllie wins\r\n"),
            Accepted
        );
        assert_eq!(v(Problem::Euclid, e, "Stan won\nOllie wins\n"), WrongAnswer);
        let a = "4 2\n3 2\n3 5\n";
        assert_eq!(v(Problem::BashAuction, a, "1\nnone\n3 4 5\n"), Accepted);
        assert_eq!(v(Problem::BashAuction, a, "1\nnone\n3 5 4\n"), WrongAnswer);
        assert_eq!(
            v(Problem::BashAuction, a, "1\nnone\n3 4 5 6\n"),
            WrongAnswer
        );
    }

    #[test]
    fn wythoff_moves_is_checked_case_by_case_from_its_lines() {
        use Verdict::*;
        let i = "4 5\n0 0\n";
        assert_eq!(v(Problem::WythoffMoves, i, "1\n1 2\n3 5\n"), Accepted);
        assert_eq!(v(Problem::WythoffMoves, i, "1\n3 5\n1 2\n"), WrongAnswer); // both-move first
        assert_eq!(v(Problem::WythoffMoves, i, "1\n1 2\n"), WrongAnswer); // missing move
        assert_eq!(v(Problem::WythoffMoves, i, "0\n"), WrongAnswer);
        assert_eq!(v(Problem::WythoffMoves, i, ""), WrongAnswer);
        assert_eq!(
            v(Problem::WythoffMoves, i, "1\n1 2\n3 x\n"),
            PresentationError
        );
        assert_eq!(
            v(Problem::WythoffMoves, i, "1 1 2\n3 5\n"),
            PresentationError
        );
        // (2, 9), by hand from the pairs (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) (9,15) (11,18):
        // no pair has difference 7 below (2, 9), 9's partner 15 is not below 2, and
        // taking 8 from the 9 reaches (2, 1) = (1, 2). The answer is `1 / 1 2`.
        assert_eq!(v(Problem::WythoffMoves, "2 9\n0 0\n", "1\n1 2\n"), Accepted);
        // (5, 5): take all from both → 0 0; single-pile moves (3, 5) from either pile, once.
        assert_eq!(
            v(Problem::WythoffMoves, "5 5\n0 0\n", "1\n0 0\n3 5\n"),
            Accepted
        );
        assert_eq!(
            v(Problem::WythoffMoves, "5 5\n0 0\n", "1\n0 0\n3 5\n3 5\n"),
            WrongAnswer
        );
        // The issue's example: the extra move belongs to case 1, which is blamed.
        let r = check(
            Problem::WythoffMoves,
            b"1 1\n1 2\n0 0\n",
            b"1\n0 0\n1 2\n0\n",
            None,
        );
        assert_eq!(r.verdict, WrongAnswer);
        assert_eq!(
            r.message,
            "wrong answer on case 1 (input `1 1`): expected `1 / 0 0`, received `1 / 0 0 / 1 2`"
        );
    }

    #[test]
    fn invalid_input_or_answer_is_a_checker_failure() {
        let r = check(Problem::Wythoff, b"2 1", b"0", None);
        assert_eq!(r.verdict, Verdict::Fail);
        assert!(
            r.message.starts_with("invalid INPUT: line 1, column 4"),
            "{}",
            r.message
        );
        let r = check(Problem::Wythoff, b"2 1\n", b"0", Some(b"1"));
        assert_eq!(r.verdict, Verdict::Fail);
        let r = check(Problem::Wythoff, b"2 1\n", b"0", Some(b"0\n"));
        assert_eq!(r.verdict, Verdict::Accepted);
    }

    #[test]
    fn huge_tokens_are_shown_bounded() {
        let big = vec![b'7'; 1 << 20];
        let r = check(Problem::Euclid, b"1 1\n0 0\n", &big, None);
        assert_eq!(r.verdict, Verdict::WrongAnswer);
        assert!(r.message.len() < 300, "{}", r.message.len());
        assert!(r.message.contains("…(1048576 bytes)"), "{}", r.message);
    }
}
