//! The strict validator, in the testlib tradition.
//!
//! [`validate`] accepts exactly the official format and nothing else:
//!
//! * numbers are written `0` or without leading zeros, with no sign;
//! * the numbers of a case are separated by exactly one space (no tabs);
//! * every line, the last one included, ends with a single line feed (no
//!   carriage return, no trailing space, no blank line);
//! * the terminator (every field `0`) is present where the format has one, and
//!   nothing follows it; a counted format has exactly C cases after the line C
//!   and nothing after them;
//! * the official constraints hold (the fields and framing of the problem's
//!   [`Spec`](crate::problem::Spec)); formats read until end of file must have
//!   at least one case.
//!
//! A violation is a [`ValidationError`] naming the 1-based line and column
//! (**columns count bytes**) and the rule broken. The error points at the first
//! byte that cannot be part of a valid input, or, for a value out of range, at
//! the first digit of the value. Tokens echoed in messages are cut to
//! [`TOKEN_BYTES`](crate::text::TOKEN_BYTES) bytes and escaped ([`crate::text::found`]).

use crate::Problem;
use crate::problem::{Framing, Relation};
use crate::text::found;
use core::fmt;

/// A rule of the format broken at a place.
///
/// ```
/// use beatty_judge::{validate, Problem};
/// let e = validate(Problem::Wythoff, b"1 2\n3  4\n").unwrap_err();
/// assert_eq!((e.line, e.column), (2, 3));
/// assert_eq!(e.to_string(), "line 2, column 3: expected pile b (an integer from 0 to 1000000000), found a space");
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
        found(&self.data[self.pos..])
    }

    fn eof(&self) -> bool {
        self.pos == self.data.len()
    }

    /// A number from `lo` to `hi` (or 0 when `zero_ok`, for a terminator).
    fn uint(&mut self, what: &str, lo: u64, hi: u64, zero_ok: bool) -> Res<u64> {
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
        if let Some(b) = self.data.get(start + digits)
            && !matches!(b, b' ' | b'\n' | b'\t' | b'\r')
        {
            return Err(self.at(start, format!("{}, found {}", expected(), self.found())));
        }
        if text.len() > 1 && text[0] == b'0' {
            return Err(self.at(
                start,
                format!(
                    "{}, found {} (leading zeros are not allowed)",
                    expected(),
                    found(text)
                ),
            ));
        }
        self.pos = start + digits;
        let v = text.iter().try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        match v {
            Some(v) if (lo..=hi).contains(&v) || (zero_ok && v == 0) => Ok(v),
            _ => Err(self.at(
                start,
                format!("{}, found {} (out of range)", expected(), found(text)),
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
                format!("expected end of line, found {}", self.found()),
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
    let spec = problem.spec();
    let fields = spec.fields;
    let terminator = spec.framing == Framing::Terminator;
    let zeros = vec!["0"; fields.len()].join(" ");
    let count = match spec.framing {
        Framing::Counted { name, max } => {
            let n = c.uint(name, 1, max, false)?;
            c.eol()?;
            Some(n)
        }
        _ => None,
    };
    let mut cases = 0u64;
    loop {
        match spec.framing {
            Framing::Counted { .. } if Some(cases) == count => {
                c.end("the last case")?;
                break;
            }
            Framing::UntilEof if cases > 0 && c.eof() => break,
            Framing::Terminator if c.eof() => {
                return Err(c.at(
                    c.pos,
                    format!("expected a case or the terminator `{zeros}`, found end of file"),
                ));
            }
            _ => {}
        }
        let mut values = [(0u64, 0usize); 2];
        for (i, f) in fields.iter().enumerate() {
            if i > 0 {
                c.space()?;
            }
            let pos = c.pos;
            values[i] = (c.uint(f.name, f.min, f.max, terminator)?, pos);
        }
        let values = &values[..fields.len()];
        if terminator && values.iter().all(|&(v, _)| v == 0) {
            c.eol()?;
            c.end(&format!("the terminator `{zeros}`"))?;
            break;
        }
        for (f, &(v, pos)) in fields.iter().zip(values) {
            if v < f.min {
                return Err(c.at(
                    pos,
                    format!(
                        "expected {} (an integer from {} to {}; only the terminator `{zeros}` has zeros), found {}",
                        f.name,
                        f.min,
                        f.max,
                        found(v.to_string().as_bytes())
                    ),
                ));
            }
        }
        if spec.relation == Relation::FirstAtMostSecond && values[0].0 > values[1].0 {
            let ((a, pos), (b, _)) = (values[0], values[1]);
            return Err(c.at(pos, format!("expected a ≤ b, found a = {a} > b = {b}")));
        }
        c.eol()?;
        cases += 1;
    }
    Ok(ValidSummary { problem, cases })
}
