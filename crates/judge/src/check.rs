//! The checker: compares a contestant's output with the exact answer.
//!
//! It follows testlib's conventions: arguments `INPUT OUTPUT [ANSWER]`, verdicts
//! accepted (exit 0), wrong answer (1), presentation error (2) and checker
//! failure (3).
//!
//! # Tokens, and what is a presentation error
//!
//! The output is read as a sequence of tokens separated by any ASCII whitespace,
//! so line breaks, spaces and blank lines never matter. The format says, at each
//! place, which *kind* of token comes there:
//!
//! | problem | tokens per case |
//! |---|---|
//! | `wythoff` | one of `0`, `1` |
//! | `wythoff-moves` | one of `0`, `1`; after `1`, two unsigned integers per winning move |
//! | `bash` | one of `first`, `second` |
//! | `bash-auction` | `none`, or the bids as unsigned integers |
//! | `euclid` | one of `Stan`, `Ollie`, then `wins` |
//!
//! The number of tokens of a case comes from the *expected* answer (how many
//! moves, how many bids). Then, consistently:
//!
//! * **presentation error** — a token that is not of the kind required at its
//!   place (`yes` where `0`/`1` is expected, `First` where `first` is expected,
//!   `-3` or `x` where an integer is expected, `won` instead of `wins`), the
//!   output ending before every case is answered, or tokens left after the last
//!   case;
//! * **wrong answer** — every token is of the right kind but a value differs.
//!   For `wythoff-moves` the equal-from-both move must come first (when there is
//!   one) and the single-pile moves may come in any order.
//!
//! The first failing case is reported with its number, its input, the expected
//! answer and what was received for it.
//!
//! # Checker failure
//!
//! The INPUT must pass [`crate::validate()`]. The exact answer is always computed;
//! an ANSWER file, when given, is *verified* against it, not trusted: if the jury's
//! answer differs from the exact one, that is a checker failure too (the test
//! data is wrong).

use crate::solve::{WinningMoves, wythoff_moves_answer};
use crate::{Problem, Verdict};
use beatty_games::{bash, euclid, wythoff};
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

/// The exact answer of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Expected {
    Bit(bool),
    Moves(Option<WinningMoves>),
    Word(&'static str),
    Bids(Option<(u64, u64)>),
    Euclid(&'static str),
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Bit(b) => write!(f, "{}", u8::from(*b)),
            Expected::Moves(None) => f.write_str("0"),
            Expected::Moves(Some(moves)) => {
                f.write_str("1")?;
                for (x, y) in moves.all() {
                    write!(f, " {x} {y}")?;
                }
                Ok(())
            }
            Expected::Word(w) => f.write_str(w),
            Expected::Bids(None) => f.write_str("none"),
            Expected::Bids(Some((lo, hi))) => {
                for b in *lo..=*hi {
                    if b != *lo {
                        f.write_str(" ")?;
                    }
                    write!(f, "{b}")?;
                }
                Ok(())
            }
            Expected::Euclid(w) => write!(f, "{w} wins"),
        }
    }
}

/// The cases of a *valid* input, as number pairs (the line C of `bash` and the
/// terminator excluded).
fn cases(problem: Problem, input: &[u8]) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let lines = input.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    let skip = usize::from(problem == Problem::Bash);
    for line in lines.skip(skip) {
        let mut it = line
            .split(|&b| b == b' ')
            .map(|t| t.iter().fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')));
        let (a, b) = (it.next().unwrap_or(0), it.next().unwrap_or(0));
        if a == 0 && b == 0 && matches!(problem, Problem::WythoffMoves | Problem::Euclid) {
            break;
        }
        out.push((a, b));
    }
    out
}

fn expected(problem: Problem, (a, b): (u64, u64)) -> Expected {
    match problem {
        Problem::Wythoff => Expected::Bit(wythoff::outcome(a, b).player_to_move_wins()),
        Problem::WythoffMoves => Expected::Moves(wythoff_moves_answer(a, b)),
        Problem::Bash => Expected::Word(match bash::outcome(a, b) {
            Ok(o) if o.player_to_move_wins() => "first",
            _ => "second",
        }),
        Problem::BashAuction => Expected::Bids(
            bash::auction_winning_bids(a, b)
                .ok()
                .flatten()
                .map(|r| r.into_inner()),
        ),
        Problem::Euclid => Expected::Euclid(if euclid::outcome(a, b).player_to_move_wins() {
            "Stan"
        } else {
            "Ollie"
        }),
    }
}

/// Why a case does not match.
enum Bad {
    Pe(String),
    Wa,
}

struct Tokens<'a> {
    it: Box<dyn Iterator<Item = &'a [u8]> + 'a>,
    seen: Vec<String>,
}

impl<'a> Tokens<'a> {
    fn new(data: &'a [u8]) -> Self {
        Tokens {
            it: Box::new(
                data.split(u8::is_ascii_whitespace)
                    .filter(|t| !t.is_empty()),
            ),
            seen: Vec::new(),
        }
    }

    fn next_raw(&mut self, kind: &str) -> Result<&'a [u8], Bad> {
        match self.it.next() {
            Some(t) => {
                self.seen
                    .push(String::from_utf8_lossy(t).escape_debug().to_string());
                Ok(t)
            }
            None => Err(Bad::Pe(format!("the output ends where {kind} is expected"))),
        }
    }

    /// A token that must be one of `words`.
    fn word(&mut self, words: &[&str]) -> Result<&'a [u8], Bad> {
        let kind = words
            .iter()
            .map(|w| format!("`{w}`"))
            .collect::<Vec<_>>()
            .join(" or ");
        let t = self.next_raw(&kind)?;
        if words.iter().any(|w| w.as_bytes() == t) {
            Ok(t)
        } else {
            Err(Bad::Pe(format!(
                "expected {kind}, found `{}`",
                String::from_utf8_lossy(t).escape_debug()
            )))
        }
    }

    /// An unsigned integer (or `none` when `none_ok`, returned as `None`).
    fn uint(&mut self, none_ok: bool) -> Result<Option<u64>, Bad> {
        let kind = if none_ok {
            "an unsigned integer or `none`"
        } else {
            "an unsigned integer"
        };
        let t = self.next_raw(kind)?;
        if none_ok && t == b"none" {
            return Ok(None);
        }
        let v = if t.iter().all(u8::is_ascii_digit) {
            t.iter().try_fold(0u64, |v, &d| {
                v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
            })
        } else {
            None
        };
        match v {
            Some(v) => Ok(Some(v)),
            None => Err(Bad::Pe(format!(
                "expected {kind}, found `{}`",
                String::from_utf8_lossy(t).escape_debug()
            ))),
        }
    }

    fn case(&mut self, e: &Expected) -> Result<(), Bad> {
        self.seen.clear();
        match e {
            Expected::Bit(b) => {
                let t = self.word(&["0", "1"])?;
                ok_if((t == b"1") == *b)
            }
            Expected::Word(w) => {
                let t = self.word(&["first", "second"])?;
                ok_if(t == w.as_bytes())
            }
            Expected::Euclid(w) => {
                let t = self.word(&["Stan", "Ollie"])?;
                self.word(&["wins"])?;
                ok_if(t == w.as_bytes())
            }
            Expected::Bids(None) => ok_if(self.uint(true)?.is_none()),
            Expected::Bids(Some((lo, hi))) => {
                for want in *lo..=*hi {
                    ok_if(self.uint(true)? == Some(want))?;
                }
                Ok(())
            }
            Expected::Moves(m) => {
                let t = self.word(&["0", "1"])?;
                ok_if((t == b"1") == m.is_some())?;
                let Some(WinningMoves { both, singles }) = m else {
                    return Ok(());
                };
                let mut got = Vec::with_capacity(3);
                for _ in 0..usize::from(both.is_some()) + singles.len() {
                    // A non-integer is a presentation error even after a wrong value.
                    let x = self.uint(false)?.unwrap_or(0);
                    let y = self.uint(false)?.unwrap_or(0);
                    got.push((x, y));
                }
                let rest = if let Some(both) = both {
                    ok_if(got[0] == *both)?;
                    &mut got[1..]
                } else {
                    &mut got[..]
                };
                rest.sort_unstable();
                ok_if(rest == singles.as_slice())
            }
        }
    }
}

fn ok_if(c: bool) -> Result<(), Bad> {
    if c { Ok(()) } else { Err(Bad::Wa) }
}

/// Checks `output` for `input`, against the exact answer (and verifies `answer`
/// when given). See the [module docs](self) for the rules.
///
/// ```
/// use beatty_judge::{check, Problem, Verdict};
/// let input = b"1 2\n5 7\n0 0\n";
/// // single-pile moves in any order, the equal-from-both move first
/// assert_eq!(check(Problem::WythoffMoves, input, b"0\n1\n3 5\n4 7\n3 5\n", None).verdict, Verdict::Accepted);
/// let wa = check(Problem::WythoffMoves, input, b"0\n1\n3 5\n4 7\n", None);
/// assert_eq!(wa.verdict, Verdict::PresentationError); // the output ends early
/// let wa = check(Problem::Wythoff, b"2 1\n8 4\n", b"0\n0\n", None);
/// assert_eq!(wa.verdict, Verdict::WrongAnswer);
/// assert_eq!(wa.message, "wrong answer on case 2 (input `8 4`): expected `1`, received `0`");
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
    let exp: Vec<Expected> = cases.iter().map(|&c| expected(problem, c)).collect();
    if let Some(answer) = answer {
        if let Err(m) = compare(&cases, &exp, answer) {
            return fail(format!(
                "invalid ANSWER (it is not the exact answer): {}",
                m.1
            ));
        }
    }
    match compare(&cases, &exp, output) {
        Ok(()) => CheckResult {
            verdict: Verdict::Accepted,
            message: format!(
                "ok {} case{}",
                cases.len(),
                if cases.len() == 1 { "" } else { "s" }
            ),
        },
        Err((verdict, message)) => CheckResult { verdict, message },
    }
}

fn compare(cases: &[(u64, u64)], exp: &[Expected], data: &[u8]) -> Result<(), (Verdict, String)> {
    let mut toks = Tokens::new(data);
    for (i, (case, e)) in cases.iter().zip(exp).enumerate() {
        if let Err(bad) = toks.case(e) {
            let head = format!(
                "case {} (input `{} {}`): expected `{e}`, received `{}`",
                i + 1,
                case.0,
                case.1,
                toks.seen.join(" ")
            );
            return Err(match bad {
                Bad::Wa => (Verdict::WrongAnswer, format!("wrong answer on {head}")),
                Bad::Pe(why) => (
                    Verdict::PresentationError,
                    format!("presentation error on {head}: {why}"),
                ),
            });
        }
    }
    if let Some(t) = toks.it.next() {
        return Err((
            Verdict::PresentationError,
            format!(
                "presentation error: extra output after the last case, starting with `{}`",
                String::from_utf8_lossy(t).escape_debug()
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(problem: Problem, input: &str, output: &str) -> Verdict {
        check(problem, input.as_bytes(), output.as_bytes(), None).verdict
    }

    #[test]
    fn presentation_errors_and_wrong_answers_are_told_apart() {
        use Verdict::*;
        let w = "2 1\n8 4\n";
        assert_eq!(v(Problem::Wythoff, w, "0\n1\n"), Accepted);
        assert_eq!(v(Problem::Wythoff, w, "  0   1  "), Accepted);
        assert_eq!(v(Problem::Wythoff, w, "1\n1\n"), WrongAnswer);
        assert_eq!(v(Problem::Wythoff, w, "0\n2\n"), PresentationError); // not 0/1
        assert_eq!(v(Problem::Wythoff, w, "0\n"), PresentationError); // ends early
        assert_eq!(v(Problem::Wythoff, w, "0\n1\n0\n"), PresentationError); // extra
        let b = "2\n23 2\n4 3\n";
        assert_eq!(v(Problem::Bash, b, "first second"), Accepted);
        assert_eq!(v(Problem::Bash, b, "second second"), WrongAnswer);
        assert_eq!(v(Problem::Bash, b, "First second"), PresentationError);
        let e = "34 12\n15 24\n0 0\n";
        assert_eq!(v(Problem::Euclid, e, "Stan wins\nOllie wins\n"), Accepted);
        assert_eq!(
            v(Problem::Euclid, e, "Ollie wins\nOllie wins\n"),
            WrongAnswer
        );
        assert_eq!(
            v(Problem::Euclid, e, "Stan won\nOllie wins\n"),
            PresentationError
        );
        let a = "4 2\n3 2\n3 5\n";
        assert_eq!(v(Problem::BashAuction, a, "1\nnone\n3 4 5\n"), Accepted);
        assert_eq!(v(Problem::BashAuction, a, "1\nnone\n3 5 4\n"), WrongAnswer);
        assert_eq!(v(Problem::BashAuction, a, "2\nnone\n3 4 5\n"), WrongAnswer);
        assert_eq!(
            v(Problem::BashAuction, a, "1\nnothing\n3 4 5\n"),
            PresentationError
        );
    }

    #[test]
    fn wythoff_moves_accepts_single_pile_moves_in_any_order_only() {
        use Verdict::*;
        let i = "4 5\n0 0\n";
        assert_eq!(v(Problem::WythoffMoves, i, "1\n1 2\n3 5\n"), Accepted);
        assert_eq!(v(Problem::WythoffMoves, i, "1\n3 5\n1 2\n"), WrongAnswer); // both-move first
        assert_eq!(v(Problem::WythoffMoves, i, "1\n1 2\n"), PresentationError); // missing move
        assert_eq!(v(Problem::WythoffMoves, i, "0\n"), WrongAnswer);
        assert_eq!(
            v(Problem::WythoffMoves, i, "1\n1 2\n3 x\n"),
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
            PresentationError
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
}
