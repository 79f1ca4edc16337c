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
//!   [`Spec`]); formats read until end of file must have
//!   at least one case.
//!
//! A violation is a [`ValidationError`] naming the 1-based line and column
//! (**columns count bytes**) and the rule broken. The error points at the first
//! byte that cannot be part of a valid input, or, for a value out of range, at
//! the first digit of the value. Tokens echoed in messages are cut to
//! [`TOKEN_BYTES`] bytes and escaped ([`crate::text::found`]).

use crate::Problem;
use crate::problem::{Case, Framing, Relation, Spec};
use crate::solve::fast;
use crate::text::{TOKEN_BYTES, found, found_blank, found_token};
use crate::window::Window;
use core::fmt;
use std::io::{self, Read};

/// A rule of the format broken at a place.
///
/// ```
/// use beatty_problems::{validate, Problem};
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
/// use beatty_problems::{validate, Problem};
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

/// Why the [`Validator`] stopped before the end.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The input breaks a rule.
    Invalid(ValidationError),
    /// Reading failed.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Io(e)
    }
}

/// The streaming validator: the cases of a valid input one by one, or the
/// first rule broken. Whole case lines go through [`fast::line`] and the
/// official ranges; every line it declines, and the framing, through the
/// general byte-by-byte path, which words every error.
pub(crate) struct Validator<R> {
    w: Window<R>,
    spec: &'static Spec,
    line: u64,
    /// Absolute offset of the first byte of the current line.
    line_start: u64,
    count: Option<u64>,
    cases: u64,
    started: bool,
    done: bool,
    zeros: String,
}

impl<R: Read> Validator<R> {
    pub(crate) fn new(problem: Problem, input: R) -> Self {
        let spec = problem.spec();
        Validator {
            w: Window::new(input),
            spec,
            line: 1,
            line_start: 0,
            count: None,
            cases: 0,
            started: false,
            done: false,
            zeros: vec!["0"; spec.fields.len()].join(" "),
        }
    }

    /// The number of cases read so far.
    pub(crate) fn cases(&self) -> u64 {
        self.cases
    }

    fn at(&self, pos: u64, rule: String) -> Stop {
        Stop::Invalid(ValidationError {
            line: self.line,
            column: pos - self.line_start + 1,
            rule,
        })
    }

    /// [`found`] of the token at the position, whose first `count` bytes
    /// (`prefix`, at most [`TOKEN_BYTES`] of them) were consumed already;
    /// consumes the token (error path only).
    fn found_here(&mut self, prefix: &[u8], count: u64) -> io::Result<String> {
        let mut shown = prefix.to_vec();
        let mut total = count;
        while let Some(b) = self.w.peek()? {
            if b.is_ascii_whitespace() {
                break;
            }
            if shown.len() < TOKEN_BYTES {
                shown.push(b);
            }
            total += 1;
            self.w.advance(1);
        }
        Ok(if total == 0 {
            found_blank(self.w.peek()?)
        } else {
            found_token(&shown, total)
        })
    }

    /// A number from `lo` to `hi` (or 0 when `zero_ok`, for a terminator).
    fn uint(&mut self, what: &str, lo: u64, hi: u64, zero_ok: bool) -> Result<u64, Stop> {
        let start = self.w.pos();
        let expected = || format!("expected {what} (an integer from {lo} to {hi})");
        if !matches!(self.w.peek()?, Some(b'0'..=b'9')) {
            let f = self.found_here(&[], 0)?;
            return Err(self.at(start, format!("{}, found {f}", expected())));
        }
        let mut shown = [0u8; TOKEN_BYTES];
        let mut digits = 0u64;
        let mut value = Some(0u64);
        while let Some(d @ b'0'..=b'9') = self.w.peek()? {
            if let Some(s) = shown.get_mut(digits as usize) {
                *s = d;
            }
            value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(d - b'0')));
            digits += 1;
            self.w.advance(1);
        }
        let text = &shown[..(digits as usize).min(TOKEN_BYTES)];
        if let Some(b) = self.w.peek()?
            && !matches!(b, b' ' | b'\n' | b'\t' | b'\r')
        {
            let f = self.found_here(text, digits)?;
            return Err(self.at(start, format!("{}, found {f}", expected())));
        }
        if digits > 1 && text[0] == b'0' {
            return Err(self.at(
                start,
                format!(
                    "{}, found {} (leading zeros are not allowed)",
                    expected(),
                    found_token(text, digits)
                ),
            ));
        }
        match value {
            Some(v) if (lo..=hi).contains(&v) || (zero_ok && v == 0) => Ok(v),
            _ => Err(self.at(
                start,
                format!(
                    "{}, found {} (out of range)",
                    expected(),
                    found_token(text, digits)
                ),
            )),
        }
    }

    fn space(&mut self) -> Result<(), Stop> {
        if self.w.peek()? == Some(b' ') {
            self.w.advance(1);
            Ok(())
        } else {
            let pos = self.w.pos();
            let f = self.found_here(&[], 0)?;
            Err(self.at(pos, format!("expected a single space, found {f}")))
        }
    }

    fn eol(&mut self) -> Result<(), Stop> {
        if self.w.peek()? == Some(b'\n') {
            self.w.advance(1);
            self.line += 1;
            self.line_start = self.w.pos();
            Ok(())
        } else {
            let pos = self.w.pos();
            let f = self.found_here(&[], 0)?;
            Err(self.at(pos, format!("expected end of line, found {f}")))
        }
    }

    fn end(&mut self, after: &str) -> Result<(), Stop> {
        if self.w.peek()?.is_none() {
            Ok(())
        } else {
            let pos = self.w.pos();
            let f = self.found_here(&[], 0)?;
            Err(self.at(
                pos,
                format!("expected end of file after {after}, found {f}"),
            ))
        }
    }

    /// The fast path: a whole valid case line, not the terminator.
    #[inline(always)]
    fn fast_case(&mut self) -> io::Result<Option<Case>> {
        let spec = self.spec;
        let two = spec.fields.len() == 2;
        let s = self.w.ahead(fast::WINDOW)?;
        let Some(l) = fast::line(s, two) else {
            return Ok(None);
        };
        let starts = [0, l.b_start];
        for (i, f) in spec.fields.iter().enumerate() {
            let v = l.values[i];
            if v < f.min || v > f.max || (l.digits[i] > 1 && s[starts[i]] == b'0') {
                return Ok(None);
            }
        }
        if two && spec.relation == Relation::FirstAtMostSecond && l.values[0] > l.values[1]
            || spec.framing == Framing::Terminator && l.values == [0, 0]
        {
            return Ok(None);
        }
        self.w.advance(l.len);
        self.line += 1;
        self.line_start = self.w.pos();
        self.cases += 1;
        let [a, b] = l.values;
        Ok(Some(if two { Case::pair(a, b) } else { Case::one(a) }))
    }

    /// The fast half of reading the next case: the case when it is a whole
    /// valid case line in the middle of the input ([`Validator::fast_case`],
    /// inlined into the caller's loop), else `None` and nothing consumed; then
    /// [`Validator::next_case_general`] decides. Each loop calls the two itself,
    /// so that its case stays in registers (one function returning either
    /// case through memory made every case wait on a stalled reload).
    #[inline(always)]
    pub(crate) fn next_fast(&mut self) -> io::Result<Option<Case>> {
        if self.started && !self.done && self.count != Some(self.cases) {
            self.fast_case()
        } else {
            Ok(None)
        }
    }

    /// The next case by the general path (after [`Validator::next_fast`]),
    /// `None` after the last one (the input is then valid).
    #[inline(never)]
    pub(crate) fn next_case_general(&mut self) -> Result<Option<Case>, Stop> {
        if self.done {
            return Ok(None);
        }
        let spec = self.spec;
        if !self.started {
            self.started = true;
            if let Framing::Counted { name, max } = spec.framing {
                let n = self.uint(name, 1, max, false)?;
                self.eol()?;
                self.count = Some(n);
            }
        }
        if self.count != Some(self.cases)
            && let Some(case) = self.fast_case()?
        {
            return Ok(Some(case));
        }
        self.general_case()
    }

    fn general_case(&mut self) -> Result<Option<Case>, Stop> {
        let spec = self.spec;
        let fields = spec.fields;
        let terminator = spec.framing == Framing::Terminator;
        let eof = self.w.peek()?.is_none();
        match spec.framing {
            Framing::Counted { .. } if Some(self.cases) == self.count => {
                self.end("the last case")?;
                self.done = true;
                return Ok(None);
            }
            Framing::UntilEof if self.cases > 0 && eof => {
                self.done = true;
                return Ok(None);
            }
            Framing::Terminator if eof => {
                let zeros = &self.zeros;
                return Err(self.at(
                    self.w.pos(),
                    format!("expected a case or the terminator `{zeros}`, found end of file"),
                ));
            }
            _ => {}
        }
        let mut values = [(0u64, 0u64); 2];
        for (i, f) in fields.iter().enumerate() {
            if i > 0 {
                self.space()?;
            }
            let pos = self.w.pos();
            values[i] = (self.uint(f.name, f.min, f.max, terminator)?, pos);
        }
        let values = &values[..fields.len()];
        let zeros = self.zeros.clone();
        if terminator && values.iter().all(|&(v, _)| v == 0) {
            self.eol()?;
            self.end(&format!("the terminator `{zeros}`"))?;
            self.done = true;
            return Ok(None);
        }
        for (f, &(v, pos)) in fields.iter().zip(values) {
            if v < f.min {
                return Err(self.at(
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
            return Err(self.at(pos, format!("expected a ≤ b, found a = {a} > b = {b}")));
        }
        self.eol()?;
        self.cases += 1;
        let v: Vec<u64> = values.iter().map(|&(v, _)| v).collect();
        Ok(Some(Case::new(&v)))
    }
}

/// Validates `input` strictly against `problem`'s official format.
///
/// See the [module docs](self) for the rules. It streams: [`validate_reader`]
/// reads any input in constant memory.
///
/// ```
/// use beatty_problems::{validate, Problem};
/// assert!(validate(Problem::Bash, b"2\n23 2\n4 3\n").is_ok());
/// let e = validate(Problem::Bash, b"2\n23 2\n4 3").unwrap_err();
/// assert_eq!((e.line, e.column), (3, 4));
/// ```
pub fn validate(problem: Problem, input: &[u8]) -> Result<ValidSummary, ValidationError> {
    match validate_reader(problem, input) {
        Ok(s) => Ok(s),
        Err(ValidateError::Invalid(e)) => Err(e),
        Err(ValidateError::Io(e)) => unreachable!("reading a slice cannot fail: {e}"),
    }
}

/// Why [`validate_reader`] failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum ValidateError {
    /// The input breaks a rule.
    Invalid(ValidationError),
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for ValidateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValidateError::Invalid(e) => e.fmt(f),
            ValidateError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

impl std::error::Error for ValidateError {}

/// [`validate`] of an input read as it goes, in constant memory (one buffer of
/// at most 1 MiB).
///
/// ```
/// use beatty_problems::{validate::validate_reader, Problem};
/// let s = validate_reader(Problem::Wythoff, &b"2 1\n8 4\n"[..]).unwrap();
/// assert_eq!(s.cases, 2);
/// ```
pub fn validate_reader<R: Read>(problem: Problem, input: R) -> Result<ValidSummary, ValidateError> {
    let mut v = Validator::new(problem, input);
    loop {
        match v.next_fast() {
            Ok(Some(_)) => continue,
            Ok(None) => {}
            Err(e) => return Err(ValidateError::Io(e)),
        }
        match v.next_case_general() {
            Ok(Some(_)) => {}
            Ok(None) => {
                return Ok(ValidSummary {
                    problem,
                    cases: v.cases(),
                });
            }
            Err(Stop::Invalid(e)) => return Err(ValidateError::Invalid(e)),
            Err(Stop::Io(e)) => return Err(ValidateError::Io(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_error_says_so_and_a_broken_rule_is_its_message() {
        let io = ValidateError::Io(io::Error::other("disk gone"));
        assert_eq!(io.to_string(), "i/o error: disk gone");
        let e = validate(Problem::Bash, b"1\n3 x\n").unwrap_err();
        let whole = e.to_string();
        assert!(whole.starts_with("line 2, column 3: "), "{whole}");
        assert_eq!(ValidateError::Invalid(e).to_string(), whole);
    }

    #[test]
    fn a_summary_counts_cases_in_words() {
        let s = |problem, cases| ValidSummary { problem, cases }.to_string();
        assert_eq!(s(Problem::Euclid, 2), "valid euclid input: 2 cases");
        assert_eq!(s(Problem::Bash, 1), "valid bash input: 1 case");
        assert_eq!(s(Problem::Wythoff, 0), "valid wythoff input: 0 cases");
    }
    use crate::testing::Trickle;

    /// Mutations of valid inputs: every byte replaced, removed or doubled, at
    /// places near every line boundary, through a reader that hands out a few
    /// bytes at a time; the streaming validator and the simple one agree.
    #[test]
    fn streaming_and_simple_validators_agree_on_mutated_inputs() {
        let mut rng = crate::generate::SplitMix64::new(7);
        let odd = [
            b' ', b'\n', b'\t', b'\r', b'0', b'9', b'-', b'x', 0x0c, 0xff,
        ];
        let mut invalid = 0;
        for problem in Problem::ALL {
            let mut base = Vec::new();
            crate::generate::generate(
                problem,
                crate::generate::Profile::Random,
                3,
                Some(60),
                &mut base,
            )
            .unwrap();
            for round in 0..2000 {
                let mut input = base.clone();
                let at = rng.range(0, input.len() as u64 - 1) as usize;
                match round % 5 {
                    0 => input[at] = odd[rng.range(0, odd.len() as u64 - 1) as usize],
                    1 => {
                        input.remove(at);
                    }
                    2 => input.insert(at, input[at]),
                    3 => input.truncate(at),
                    _ => {
                        let digits = vec![b'7'; rng.range(1, 100) as usize];
                        input.splice(at..at, digits);
                    }
                }
                let want = validate_simple(problem, &input);
                invalid += usize::from(want.is_err());
                assert_eq!(validate(problem, &input), want, "{problem} round {round}");
                let step = 1 + rng.range(0, 40) as usize;
                let got = validate_reader(problem, Trickle { data: &input, step });
                match got {
                    Ok(s) => assert_eq!(Ok(s), want),
                    Err(ValidateError::Invalid(e)) => assert_eq!(Err(e), want),
                    Err(ValidateError::Io(e)) => panic!("{e}"),
                }
            }
            assert_eq!(validate(problem, &base), validate_simple(problem, &base));
            assert!(validate(problem, &base).is_ok());
        }
        // Most mutations break a rule, and the messages are compared.
        assert!(invalid > 7 * 2000 / 2, "{invalid}");
    }
}
#[cfg(test)]
mod simple {
    use super::{ValidSummary, ValidationError};
    use crate::Problem;
    use crate::problem::{Framing, Relation};
    use crate::text::found;

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

    /// The validator as first written, over the whole input in memory: the
    /// reference the streaming [`Validator`] is tested against.
    pub(crate) fn validate_simple(
        problem: Problem,
        input: &[u8],
    ) -> Result<ValidSummary, ValidationError> {
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
}
#[cfg(test)]
pub(crate) use simple::validate_simple;
