//! The strict validator, in the testlib tradition.
//!
//! [`validate`] accepts exactly the official format and nothing else:
//!
//! * numbers are written `0` or without leading zeros, with no sign;
//! * the numbers of a case are separated by exactly one space (no tabs);
//! * every line, the last one included, ends with a single line feed (no
//!   carriage return, no trailing space, no blank line);
//! * the terminator `0 0` is present where the format has one, and nothing
//!   follows it; `bash` has exactly C cases after the line C and nothing after them;
//! * the official constraints hold (see [`Problem`]); formats read until end of
//!   file must have at least one case.
//!
//! A violation is a [`ValidationError`] naming the 1-based line and column
//! (**columns count bytes**) and the rule broken. The error points at the first
//! byte that cannot be part of a valid input, or, for a value out of range, at
//! the first digit of the value.

use crate::Problem;
use core::fmt;

/// A rule of the format broken at a place.
///
/// ```
/// use beatty_judge::{validate, Problem};
/// let e = validate(Problem::Wythoff, b"1 2\n3  4\n").unwrap_err();
/// assert_eq!((e.line, e.column), (2, 3));
/// assert_eq!(e.to_string(), "line 2, column 3: expected pile b (an integer from 0 to 1000000000), found ' '");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in bytes.
    pub column: u64,
    /// The rule broken, e.g. `expected a single space, found a tab`.
    pub rule: String,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.rule
        )
    }
}

impl std::error::Error for ValidationError {}

/// What a valid input contains.
///
/// ```
/// use beatty_judge::{validate, Problem};
/// let s = validate(Problem::Euclid, b"34 12\n15 24\n0 0\n").unwrap();
/// assert_eq!(s.cases, 2);
/// assert_eq!(s.to_string(), "valid euclid input: 2 cases");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValidSummary {
    /// The problem validated against.
    pub problem: Problem,
    /// How many cases the input has (the terminator is not a case).
    pub cases: u64,
}

impl fmt::Display for ValidSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "valid {} input: {} case{}",
            self.problem,
            self.cases,
            if self.cases == 1 { "" } else { "s" }
        )
    }
}

struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    line: u64,
    line_start: usize,
}

type Res<T> = Result<T, ValidationError>;

impl Cursor<'_> {
    fn at(&self, pos: usize, rule: String) -> ValidationError {
        ValidationError {
            line: self.line,
            column: (pos - self.line_start + 1) as u64,
            rule,
        }
    }

    fn found(&self) -> String {
        match self.data.get(self.pos) {
            None => "end of file".into(),
            Some(b'\n') => "end of line".into(),
            Some(b' ') => "' '".into(),
            Some(b'\t') => "a tab".into(),
            Some(b'\r') => "a carriage return".into(),
            Some(_) => {
                let rest = &self.data[self.pos..];
                let end = rest
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .unwrap_or(rest.len())
                    .min(24);
                format!(
                    "\"{}\"",
                    String::from_utf8_lossy(&rest[..end]).escape_debug()
                )
            }
        }
    }

    fn eof(&self) -> bool {
        self.pos == self.data.len()
    }

    fn uint(&mut self, what: &str, lo: u64, hi: u64) -> Res<u64> {
        let start = self.pos;
        let expected = || format!("expected {what} (an integer from {lo} to {hi})");
        match self.data.get(start) {
            Some(b'0'..=b'9') => {}
            _ => return Err(self.at(start, format!("{}, found {}", expected(), self.found()))),
        }
        let digits = self.data[start..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(self.data.len() - start);
        let text = &self.data[start..start + digits];
        if text.len() > 1 && text[0] == b'0' {
            return Err(self.at(
                start,
                format!(
                    "{}, found \"{}\" (leading zeros are not allowed)",
                    expected(),
                    String::from_utf8_lossy(text)
                ),
            ));
        }
        self.pos = start + digits;
        if let Some(b) = self.data.get(self.pos) {
            if !matches!(b, b' ' | b'\n' | b'\t' | b'\r') {
                let pos = start;
                let saved = self.pos;
                self.pos = start;
                let e = self.at(pos, format!("{}, found {}", expected(), self.found()));
                self.pos = saved;
                return Err(e);
            }
        }
        let v = text.iter().try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        match v {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(self.at(
                start,
                format!(
                    "{}, found {} (out of range)",
                    expected(),
                    String::from_utf8_lossy(text)
                ),
            )),
        }
    }

    fn space(&mut self) -> Res<()> {
        if self.data.get(self.pos) == Some(&b' ') {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.at(
                self.pos,
                format!("expected a single space, found {}", self.found()),
            ))
        }
    }

    fn eol(&mut self) -> Res<()> {
        if self.data.get(self.pos) == Some(&b'\n') {
            self.pos += 1;
            self.line += 1;
            self.line_start = self.pos;
            Ok(())
        } else {
            Err(self.at(
                self.pos,
                format!("expected a line break, found {}", self.found()),
            ))
        }
    }

    fn end(&mut self, after: &str) -> Res<()> {
        if self.eof() {
            Ok(())
        } else {
            Err(self.at(
                self.pos,
                format!("expected end of file after {after}, found {}", self.found()),
            ))
        }
    }

    /// Reads `x y` and the line break.
    fn pair(&mut self, what: (&str, &str), lo: u64, hi: u64) -> Res<((u64, usize), (u64, usize))> {
        let ap = self.pos;
        let a = self.uint(what.0, lo, hi)?;
        self.space()?;
        let bp = self.pos;
        let b = self.uint(what.1, lo, hi)?;
        Ok(((a, ap), (b, bp)))
    }
}

/// Validates `input` strictly against `problem`'s official format.
///
/// See the [module docs](self) for the rules.
///
/// ```
/// use beatty_judge::{validate, Problem};
/// assert!(validate(Problem::Bash, b"2\n23 2\n4 3\n").is_ok());
/// let e = validate(Problem::Bash, b"2\n23 2\n4 3").unwrap_err();
/// assert_eq!((e.line, e.column), (3, 4));
/// ```
pub fn validate(problem: Problem, input: &[u8]) -> Result<ValidSummary, ValidationError> {
    let mut c = Cursor {
        data: input,
        pos: 0,
        line: 1,
        line_start: 0,
    };
    let mut cases = 0u64;
    match problem {
        Problem::Wythoff | Problem::BashAuction => {
            let (names, lo, hi) = if problem == Problem::Wythoff {
                (("pile a", "pile b"), 0, 1_000_000_000)
            } else {
                (("price M", "maximum raise N"), 1, 1099)
            };
            loop {
                c.pair(names, lo, hi)?;
                c.eol()?;
                cases += 1;
                if c.eof() {
                    break;
                }
            }
        }
        Problem::WythoffMoves | Problem::Euclid => {
            let (names, lo, hi) = if problem == Problem::WythoffMoves {
                (("pile a", "pile b"), 0, 1_000_000)
            } else {
                (("a", "b"), 0, (1 << 31) - 1)
            };
            loop {
                if c.eof() {
                    return Err(c.at(
                        c.pos,
                        "expected a case or the terminator `0 0`, found end of file".into(),
                    ));
                }
                let ((a, ap), (b, bp)) = c.pair(names, lo, hi)?;
                if a == 0 && b == 0 {
                    c.eol()?;
                    c.end("the terminator `0 0`")?;
                    break;
                }
                if problem == Problem::WythoffMoves {
                    if a > b {
                        return Err(c.at(ap, format!("expected a ≤ b, found a = {a} > b = {b}")));
                    }
                } else if a == 0 {
                    return Err(c.at(ap, "expected a positive integer a (only the terminator `0 0` has zeros), found 0".into()));
                } else if b == 0 {
                    return Err(c.at(bp, "expected a positive integer b (only the terminator `0 0` has zeros), found 0".into()));
                }
                c.eol()?;
                cases += 1;
            }
        }
        Problem::Bash => {
            let count = c.uint("the number of cases C", 1, 100)?;
            c.eol()?;
            for _ in 0..count {
                c.pair(("pile n", "maximum take m"), 1, 1000)?;
                c.eol()?;
                cases += 1;
            }
            c.end("the C cases")?;
        }
    }
    Ok(ValidSummary { problem, cases })
}
