//! The exact reference solver: streaming, tolerant of layout.
//!
//! # How it reads
//!
//! [`solve`] reads its input through one reusable buffer (8 KiB, doubling up to 1 MiB for large inputs) and a
//! hand-written byte-level tokenizer, so memory does not grow with the input and
//! no case with a one-line answer allocates. It is *tolerant of layout*: numbers
//! may be separated by any run of spaces, tabs or carriage returns, blank lines
//! are skipped, the last line need not end with a line break, and the input may
//! end where the format has a terminator line.
//! Each case must still be on one line: a line with too few numbers is an
//! incomplete case, one with too many has an unexpected token. After a
//! terminator, or after the C cases of a counted format, the rest of the input
//! is not read, as a contestant's program would not read it.
//!
//! The format (framing, fields) comes from the problem's
//! [`Spec`](crate::problem::Spec) and each case's answer from its module, written
//! through the one rendering of [`Answer`](crate::problem::Answer).
//!
//! Values are exact for everything that fits in a `u64`, beyond the official
//! limits (enforcing those is [`crate::validate()`]'s job). What is refused, with an
//! [`InputError`] naming line, column and what was expected: a non-number, a
//! negative number, a value above `u64::MAX`, an incomplete case, and values
//! outside the game's domain, which the problem's module states as a
//! [`DomainError`](crate::problem::DomainError) (a maximum take of 0, a pile
//! too small for a first move, an answer too long to print, …: each problem
//! module's docs list its own). Relations between fields (`a ≤ b`) are the
//! validator's business: the solver answers either order. What was found is
//! described by [`crate::text::found`] (the validator's renderer), cut to
//! [`TOKEN_BYTES`](crate::text::TOKEN_BYTES) bytes and escaped.
//!
//! Positions in errors are 1-based; **columns count bytes**, not characters.
//! Before an error is returned, the answers of every earlier case have been
//! written and the output flushed.

use crate::Problem;
use crate::problem::{Case, Definition, Framing};
use core::fmt;
use std::io::{self, BufRead, Write};

/// Input that cannot be solved: where, what was expected, what was found.
///
/// Line and column are 1-based; the column counts bytes.
///
/// ```
/// use beatty_judge::{solve, Problem, SolveError};
/// let mut out = Vec::new();
/// let Err(SolveError::Input(e)) = solve(Problem::Wythoff, &b"1 2\n3 x\n"[..], &mut out) else { panic!() };
/// assert_eq!((e.line, e.column), (2, 3));
/// assert_eq!(e.to_string(), r#"line 2, column 3: expected a number (pile b), found "x""#);
/// assert_eq!(out, b"0\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in bytes.
    pub column: u64,
    /// What the format expects at that place.
    pub expected: String,
    /// What is there instead (a quoted token, `end of line` or `end of file`).
    pub found: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )
    }
}

impl std::error::Error for InputError {}

/// Why [`solve`] stopped.
///
/// ```
/// use beatty_judge::{solve, Problem, SolveError};
/// let e = solve(Problem::Euclid, &b"-1 2\n"[..], Vec::new()).unwrap_err();
/// assert!(matches!(e, SolveError::Input(_)));
/// ```
#[derive(Debug)]
pub enum SolveError {
    /// The input is not an input of the problem.
    Input(InputError),
    /// Reading or writing failed.
    Io(io::Error),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Input(e) => e.fmt(f),
            SolveError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

impl std::error::Error for SolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SolveError::Input(e) => Some(e),
            SolveError::Io(e) => Some(e),
        }
    }
}

impl From<io::Error> for SolveError {
    fn from(e: io::Error) -> Self {
        SolveError::Io(e)
    }
}

impl From<InputError> for SolveError {
    fn from(e: InputError) -> Self {
        SolveError::Input(e)
    }
}

/// What [`solve`] did.
///
/// ```
/// use beatty_judge::{solve, Problem};
/// let s = solve(Problem::Wythoff, &b"2 1\n8 4\n"[..], Vec::new()).unwrap();
/// assert_eq!(s.cases, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SolveSummary {
    /// How many cases were answered.
    pub cases: u64,
}

/// The largest read and output buffer (1 MiB).
const BUF: usize = 1 << 20;
/// The first read buffer: small inputs (and fuzzing) never pay for 1 MiB; a read that
/// fills the buffer doubles it, up to [`BUF`].
const FIRST_BUF: usize = 1 << 13;

/// The tolerant streaming tokenizer (see the module docs).
pub(crate) struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    eof: bool,
    /// Absolute offset of `buf[0]`.
    base: u64,
    line: u64,
    /// Absolute offset of the first byte of the current line.
    line_start: u64,
}

impl<R: BufRead> Reader<R> {
    fn new(inner: R) -> Self {
        Reader {
            inner,
            buf: vec![0; FIRST_BUF],
            pos: 0,
            len: 0,
            eof: false,
            base: 0,
            line: 1,
            line_start: 0,
        }
    }

    #[cold]
    fn refill(&mut self) -> io::Result<Option<u8>> {
        while !self.eof {
            self.base += self.len as u64;
            self.pos = 0;
            self.len = 0;
            match self.inner.read(&mut self.buf) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    if n == self.buf.len() && n < BUF {
                        // A large input: read bigger chunks from now on.
                        let grown = (2 * n).min(BUF);
                        self.buf.resize(grown, 0);
                    }
                    self.len = n;
                    return Ok(Some(self.buf[0]));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(None)
    }

    #[inline(always)]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos < self.len {
            Ok(Some(self.buf[self.pos]))
        } else {
            self.refill()
        }
    }

    fn column(&self) -> u64 {
        self.base + self.pos as u64 - self.line_start + 1
    }

    /// Skips all whitespace including line breaks; `false` at end of file.
    fn skip_blank(&mut self) -> io::Result<bool> {
        loop {
            match self.peek()? {
                None => return Ok(false),
                Some(b'\n') => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.base + self.pos as u64;
                }
                Some(b' ' | b'\t' | b'\r') => self.pos += 1,
                Some(_) => return Ok(true),
            }
        }
    }

    /// Skips spaces, tabs and carriage returns.
    #[inline(always)]
    fn skip_spaces(&mut self) -> io::Result<()> {
        while let Some(b' ' | b'\t' | b'\r') = self.peek()? {
            self.pos += 1;
        }
        Ok(())
    }

    /// Describes what is at the current position, consuming the token (error
    /// path only), as [`crate::text::found`] does for a whole input; `prefix`
    /// is the start of the token already consumed.
    fn found_here(&mut self, prefix: &str) -> io::Result<String> {
        let max = crate::text::TOKEN_BYTES;
        let mut tok: Vec<u8> = prefix.as_bytes().to_vec();
        let mut total = tok.len() as u64;
        while let Some(b) = self.peek()? {
            if b.is_ascii_whitespace() {
                break;
            }
            if tok.len() < max {
                tok.push(b);
            }
            total += 1;
            self.pos += 1;
        }
        Ok(if tok.is_empty() {
            crate::text::found_blank(self.peek()?)
        } else {
            crate::text::found_token(&tok, total)
        })
    }

    fn error(&mut self, column: u64, expected: &str, prefix: &str) -> SolveError {
        let line = self.line;
        match self.found_here(prefix) {
            Ok(found) => SolveError::Input(InputError {
                line,
                column,
                expected: expected.to_owned(),
                found,
            }),
            Err(e) => SolveError::Io(e),
        }
    }

    /// A number on the current line (after optional spaces).
    #[inline(always)]
    fn number(&mut self, what: &str) -> Result<(u64, u64), SolveError> {
        self.skip_spaces()?;
        let column = self.column();
        let mut v: u64 = match self.peek()? {
            Some(b @ b'0'..=b'9') => u64::from(b - b'0'),
            _ => return Err(self.error(column, what, "")),
        };
        self.pos += 1;
        // Digits read so far, leading zeros included (for error messages only).
        let mut count = 1usize;
        loop {
            match self.peek()? {
                Some(b @ b'0'..=b'9') => {
                    let d = u64::from(b - b'0');
                    match v.checked_mul(10).and_then(|v| v.checked_add(d)) {
                        Some(w) => v = w,
                        None => return Err(self.overflow(column, v, count)),
                    }
                    count += 1;
                    self.pos += 1;
                }
                Some(b' ' | b'\t' | b'\r' | b'\n') | None => return Ok((v, column)),
                Some(_) => {
                    let e = self.error(column, what, &format!("{v:0>count$}"));
                    return Err(e);
                }
            }
        }
    }

    /// A number too large for a `u64`: `v` holds its first `count` digits.
    #[cold]
    fn overflow(&mut self, column: u64, v: u64, count: usize) -> SolveError {
        let line = self.line;
        match self.found_here(&format!("{v:0>count$}")) {
            Ok(found) => SolveError::Input(InputError {
                line,
                column,
                expected: format!("a number ≤ {}", u64::MAX),
                found,
            }),
            Err(e) => SolveError::Io(e),
        }
    }

    /// The end of the current line (after optional spaces) or of the file.
    #[inline(always)]
    fn end_of_line(&mut self) -> Result<(), SolveError> {
        self.skip_spaces()?;
        match self.peek()? {
            Some(b'\n') => {
                self.pos += 1;
                self.line += 1;
                self.line_start = self.base + self.pos as u64;
                Ok(())
            }
            None => Ok(()),
            Some(_) => {
                let c = self.column();
                Err(self.error(c, "end of line", ""))
            }
        }
    }

    /// The fast path for a whole line `a b\n` (single space, at most 19 digits per
    /// number, at least 48 bytes left in the buffer). Anything else returns `None`
    /// without consuming, and the general path takes over.
    #[inline(always)]
    fn fast_pair(&mut self) -> Option<(u64, u64, u64)> {
        let s = self.buf.get(self.pos..self.len)?;
        if s.len() < 48 {
            return None;
        }
        let mut i = 0;
        let a = fast_digits(s, &mut i)?;
        if s[i] != b' ' {
            return None;
        }
        i += 1;
        let b_column = i as u64 + 1;
        let b = fast_digits(s, &mut i)?;
        if s[i] != b'\n' {
            return None;
        }
        i += 1;
        self.pos += i;
        self.line += 1;
        self.line_start = self.base + self.pos as u64;
        Some((a, b, b_column))
    }

    /// A case starts: skips blank lines; `false` at end of file.
    #[inline(always)]
    fn next_case(&mut self) -> io::Result<bool> {
        self.skip_blank()
    }
}

/// 1 to 19 digits at `s[*i..]` followed by a non-digit (`s` has at least 20
/// bytes after `*i`); 19 digits cannot overflow a `u64`.
#[inline(always)]
fn fast_digits(s: &[u8], i: &mut usize) -> Option<u64> {
    let start = *i;
    let mut v = 0u64;
    while *i < start + 19 {
        let d = s[*i].wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        v = v * 10 + u64::from(d);
        *i += 1;
    }
    if *i == start || s[*i].is_ascii_digit() {
        None
    } else {
        Some(v)
    }
}

/// A big output buffer flushed to the writer when full, at the end, and before
/// an error is returned.
pub(crate) struct Out<W: Write> {
    inner: W,
    buf: Vec<u8>,
}

impl<W: Write> Out<W> {
    fn new(inner: W) -> Self {
        Out {
            inner,
            buf: Vec::with_capacity(FIRST_BUF),
        }
    }

    #[inline(always)]
    fn push(&mut self, s: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(s);
        if self.buf.len() >= BUF - 256 {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.buf)?;
        self.buf.clear();
        self.inner.flush()
    }
}

impl<W: Write> Write for Out<W> {
    #[inline(always)]
    fn write(&mut self, s: &[u8]) -> io::Result<usize> {
        self.push(s)?;
        Ok(s.len())
    }

    #[inline(always)]
    fn write_all(&mut self, s: &[u8]) -> io::Result<()> {
        self.push(s)
    }

    fn flush(&mut self) -> io::Result<()> {
        Out::flush(self)
    }
}

/// Solves `problem` on `input`, writing the reference answers to `output`.
///
/// Streaming (memory does not grow with the input), tolerant of layout, exact for
/// every `u64`; see the [module docs](self) for what is accepted. On bad input the
/// answers of all earlier cases are written and flushed, then
/// [`SolveError::Input`] says where and what.
///
/// ```
/// use beatty_judge::{solve, Problem};
/// let mut out = Vec::new();
/// solve(Problem::WythoffMoves, &b"1 2\n5 8\n4 7\n2 2\n0 0\n"[..], &mut out).unwrap();
/// assert_eq!(out, b"0\n1\n4 7\n3 5\n0\n1\n0 0\n1 2\n");
/// ```
pub fn solve<R: BufRead, W: Write>(
    problem: Problem,
    input: R,
    output: W,
) -> Result<SolveSummary, SolveError> {
    let (mut input, mut output) = (input, output);
    let mut r = Reader::new(&mut input as &mut dyn BufRead);
    let mut out = Out::new(&mut output as &mut dyn Write);
    let mut summary = SolveSummary::default();
    // The problem's own monomorphic copy of the loop below (see `Definition::solve`).
    let result = problem.def().solve(&mut r, &mut out, &mut summary);
    let flushed = out.flush();
    result?;
    flushed?;
    Ok(summary)
}

/// The input side of [`Definition::solve`](crate::problem::Definition): reads
/// through a `dyn` reader only when its buffer is empty.
pub(crate) type DynReader<'a> = Reader<&'a mut dyn BufRead>;
/// The output side: writes through a `dyn` writer only when its buffer is full.
pub(crate) type DynOut<'a> = Out<&'a mut dyn Write>;

/// The solving loop over the cases of `def`'s format: generic, so each
/// problem gets a copy in which its `answer` is a direct, inlinable call.
pub(crate) fn solve_cases<D: Definition + ?Sized>(
    def: &D,
    r: &mut DynReader<'_>,
    out: &mut DynOut<'_>,
    summary: &mut SolveSummary,
) -> Result<(), SolveError> {
    let spec = def.spec();
    let expected: Vec<String> = spec
        .fields
        .iter()
        .map(|f| format!("a number ({})", f.name))
        .collect();
    let count = match spec.framing {
        Framing::Counted { name, .. } => {
            if !r.next_case()? {
                return Ok(());
            }
            let (c, _) = r.number(&format!("a number ({name})"))?;
            r.end_of_line()?;
            Some(c)
        }
        _ => None,
    };
    let terminator = spec.framing == Framing::Terminator;
    let two = spec.fields.len() == 2;
    let mut columns = [1u64; 2];
    loop {
        if count == Some(summary.cases) {
            break;
        }
        let (case, line) = match if two { r.fast_pair() } else { None } {
            Some((a, b, b_column)) => {
                columns[1] = b_column;
                (Case::pair(a, b), r.line - 1)
            }
            None => {
                if !r.next_case()? {
                    if let Some(c) = count {
                        let col = r.column();
                        let what = format!("case {} of {c}", summary.cases + 1);
                        return Err(r.error(col, &what, ""));
                    }
                    break;
                }
                let mut values = [0u64; 2];
                for (i, what) in expected.iter().enumerate() {
                    (values[i], columns[i]) = r.number(what)?;
                }
                let line = r.line;
                r.end_of_line()?;
                (Case::new(&values[..expected.len()]), line)
            }
        };
        if terminator && case.values().iter().all(|&v| v == 0) {
            break;
        }
        match def.answer(&case) {
            Ok(answer) => answer.write_to(out)?,
            Err(e) => {
                return Err(InputError {
                    line,
                    column: columns[e.field.min(1)],
                    expected: e.expected,
                    found: e.found,
                }
                .into());
            }
        }
        summary.cases += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A reader that hands out at most `step` bytes per `read`, to push tokens
    /// across every possible buffer boundary.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn run(problem: Problem, input: &[u8], step: usize) -> (Vec<u8>, Result<u64, String>) {
        let mut out = Vec::new();
        let r = solve(
            problem,
            io::BufReader::with_capacity(1, Trickle { data: input, step }),
            &mut out,
        );
        (out, r.map(|s| s.cases).map_err(|e| e.to_string()))
    }

    #[test]
    fn chunking_never_changes_answers_or_error_positions() {
        let inputs: &[(Problem, &[u8])] = &[
            (Problem::Wythoff, b"2 1\n8 4\n4 7\n165580140 267914295\n"),
            (Problem::Wythoff, b" 2 \t1\r\n\n 8 4 \n4 7"),
            (Problem::Wythoff, b"1 2\n3 18446744073709551616\n"),
            (Problem::Wythoff, b"1 2\n3 4x\n"),
            (Problem::WythoffMoves, b"1 2\n5 8\n4 7\n2 2\n0 0\n9 9\n"),
            (Problem::Bash, b"2\n23 2\n4 3\n"),
            (Problem::BashAuction, b"4 2\n3 2\n3 5\n"),
            (Problem::Euclid, b"34 12\n15 24\n0 0\n"),
            (Problem::Euclid, b"34 12\n15 -24\n0 0\n"),
        ];
        for &(problem, input) in inputs {
            let whole = run(problem, input, usize::MAX);
            for step in 1..=7 {
                assert_eq!(run(problem, input, step), whole, "{problem} step {step}");
            }
        }
    }

    #[test]
    fn fast_and_general_paths_agree_on_long_inputs() {
        // Long enough for the fast path; every 7th line is irregular, so both paths
        // alternate. Expected answers from the games crate.
        let mut input = String::new();
        let mut want = String::new();
        for i in 0..20_000u64 {
            let (a, b) = (i * 7919 % 1000, i * 104_729 % 1700);
            input += &if i % 7 == 0 {
                format!("  {a}\t{b} \r\n\n")
            } else {
                format!("{a} {b}\n")
            };
            want += if beatty_games::wythoff::outcome(a, b).player_to_move_wins() {
                "1\n"
            } else {
                "0\n"
            };
        }
        for step in [usize::MAX, 4093] {
            let (out, r) = run(Problem::Wythoff, input.as_bytes(), step);
            assert_eq!(r, Ok(20_000));
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }

    #[test]
    fn overflow_reports_the_token_bounded() {
        let (_, r) = run(Problem::Wythoff, b"18446744073709551616 1\n", usize::MAX);
        assert_eq!(
            r.unwrap_err(),
            "line 1, column 1: expected a number ≤ 18446744073709551615, found \"18446744073709551616\""
        );
        let long = format!("1 {}\n", "9".repeat(100));
        let (_, r) = run(Problem::Wythoff, long.as_bytes(), usize::MAX);
        let shown = "9".repeat(64);
        assert!(
            r.as_ref()
                .unwrap_err()
                .ends_with(&format!("found \"{shown}…(100 bytes)\"")),
            "{r:?}"
        );
    }

    #[test]
    fn the_found_token_is_quoted_as_written() {
        let (_, r) = run(Problem::Euclid, b"3 007x\n", usize::MAX);
        assert_eq!(
            r.unwrap_err(),
            "line 1, column 3: expected a number (b), found \"007x\""
        );
    }

    #[test]
    fn huge_auction_answers_are_refused_not_printed() {
        let (out, r) = run(
            Problem::BashAuction,
            b"4 2\n1 18446744073709551615\n",
            usize::MAX,
        );
        assert_eq!(out, b"1\n");
        assert!(
            r.unwrap_err()
                .starts_with("line 2, column 3: expected a case whose answer has at most")
        );
    }
}
