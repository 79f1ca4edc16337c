//! The exact reference solver: streaming, tolerant of layout.
//!
//! # How it reads
//!
//! [`solve`] reads its input through one reusable buffer (8 KiB, doubling up to
//! 2 MiB for large inputs) and a hand-written byte-level tokenizer, so memory
//! does not grow with the input and no case with a one-line answer allocates.
//!
//! For the problems whose answer is who wins, runs of whole lines `a b\n` (or
//! `n\n`) are answered straight from the buffer by the block path
//! (`solve/block.rs`: 64-byte windows parsed with SSE2 on x86-64, eight digits
//! per SWAR parse elsewhere); on a large input the buffer is split between
//! two threads (the second one started once, at the first split, so that it
//! keeps a core of its own), and the next chunk is read while they work (see
//! `blocks`). Any other line goes through the tokenizer, so everything below
//! holds for every input however it is laid out; the answers are the same, in
//! the same order, and an error comes after exactly the same answers. It is
//! *tolerant of layout*: numbers may be separated by any run of spaces, tabs
//! or carriage returns, blank lines are skipped, the last line need not end
//! with a line break, and the input may end where the format has a terminator
//! line.
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

mod block;

use crate::Problem;
use crate::problem::{Case, Definition, Framing, Visit};
use core::fmt;
use std::io::{self, BufRead, Write};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// Input that cannot be solved: where, what was expected, what was found.
///
/// Line and column are 1-based; the column counts bytes.
///
/// ```
/// use beatty_problems::{solve, Problem, SolveError};
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
/// use beatty_problems::{solve, Problem, SolveError};
/// let e = solve(Problem::Euclid, &b"-1 2\n"[..], Vec::new()).unwrap_err();
/// assert!(matches!(e, SolveError::Input(_)));
/// ```
#[derive(Debug)]
#[non_exhaustive]
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
/// use beatty_problems::{solve, Problem};
/// let s = solve(Problem::Wythoff, &b"2 1\n8 4\n"[..], Vec::new()).unwrap();
/// assert_eq!(s.cases, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SolveSummary {
    /// How many cases were answered.
    pub cases: u64,
}

/// The output buffer (1 MiB).
const BUF: usize = 1 << 20;
/// The largest read buffer (2 MiB).
const READ_BUF: usize = 2 << 20;
/// The first read buffer: small inputs (and fuzzing) never pay for 2 MiB; a read that
/// fills the buffer doubles it, up to [`READ_BUF`].
const FIRST_BUF: usize = 1 << 13;
/// The fewest unread bytes in the read buffer for which the block path splits
/// them between two threads (only a full-size buffer of a large input has so many).
const PARALLEL_MIN: usize = 1 << 20;
/// The bytes read on one thread after a split that waited for its second
/// thread (then it tries two again).
const ALONE: usize = 32 << 20;

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
    /// The next chunk of input, read ahead by the block path while another
    /// thread works (see [`blocks`]).
    ahead: Ahead,
}

/// A chunk read ahead: `buf[..len]` comes right after the reader's buffer.
#[derive(Default)]
struct Ahead {
    buf: Vec<u8>,
    len: usize,
    /// The read ahead failed: the error, returned where it would have been
    /// without reading ahead (after the cases before it).
    error: Option<io::Error>,
}

impl Ahead {
    /// Reads the chunk after `len` bytes of buffer (unless already read, or at
    /// the end of the input, which sets `eof`).
    fn read<R: BufRead>(&mut self, inner: &mut R, size: usize, eof: &mut bool) {
        if *eof || self.len > 0 || self.error.is_some() {
            return;
        }
        self.buf.resize(size, 0);
        loop {
            match inner.read(&mut self.buf) {
                Ok(0) => *eof = true,
                Ok(n) => self.len = n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => self.error = Some(e),
            }
            return;
        }
    }
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
            ahead: Ahead::default(),
        }
    }

    #[cold]
    fn refill(&mut self) -> io::Result<Option<u8>> {
        if let Some(e) = self.ahead.error.take() {
            return Err(e);
        }
        if self.ahead.len > 0 {
            self.base += self.len as u64;
            self.pos = 0;
            self.len = core::mem::take(&mut self.ahead.len);
            core::mem::swap(&mut self.buf, &mut self.ahead.buf);
            return Ok(Some(self.buf[0]));
        }
        while !self.eof {
            self.base += self.len as u64;
            self.pos = 0;
            self.len = 0;
            match self.inner.read(&mut self.buf) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    if n == self.buf.len() && n < READ_BUF {
                        // A large input: read bigger chunks from now on.
                        let grown = (2 * n).min(READ_BUF);
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

    /// The fast path for a whole case line ([`fast::line`]: `a b\n` when `two`,
    /// else `n\n`, single space, 1 to 19 digits per number, at least
    /// [`fast::WINDOW`] bytes left in the buffer). Anything else returns `None`
    /// without consuming, and the general path takes over.
    #[inline(always)]
    fn fast_line(&mut self, two: bool) -> Option<fast::Line> {
        let s = self.buf.get(self.pos..self.len)?;
        let line = fast::line(s, two)?;
        self.pos += line.len;
        self.line += 1;
        self.line_start = self.base + self.pos as u64;
        Some(line)
    }

    /// A case starts: skips blank lines; `false` at end of file.
    #[inline(always)]
    fn next_case(&mut self) -> io::Result<bool> {
        self.skip_blank()
    }
}

/// Whole case lines read straight from a buffer with no bookkeeping per byte:
/// the fast paths of the solver, the validator and the checker. Each has a
/// general path beside it, which decides everything the fast path declines,
/// and the tests run both on the same lines. (A SWAR parse, eight digits per
/// `u64` multiply chain, ran no faster here than this plain loop, measured in
/// CPU time against it in the same run.)
pub(crate) mod fast {
    /// The bytes a fast line needs after its start (it reads at most 40 of them).
    pub(crate) const WINDOW: usize = 64;

    /// A case line `a b\n` or `n\n`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) struct Line {
        /// The numbers (the second is 0 on a one-number line).
        pub(crate) values: [u64; 2],
        /// The number of digits of each (leading zeros included; 0 when absent).
        pub(crate) digits: [usize; 2],
        /// The offset of the second number in the line (0 when absent).
        pub(crate) b_start: usize,
        /// The line's length, its line feed included.
        pub(crate) len: usize,
    }

    /// The run of 1 to 19 digits at `s[i..]` (`s` has 20 bytes from `i`) and its
    /// length; `None` when there is no digit or 20 or more. 19 digits cannot
    /// overflow a `u64`.
    #[inline(always)]
    pub(crate) fn number(s: &[u8], i: usize) -> Option<(u64, usize)> {
        let digits = &s[i..i + 20];
        let mut v = 0u64;
        let mut n = 0;
        while n < 20 {
            let d = digits[n].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            v = v.wrapping_mul(10).wrapping_add(u64::from(d));
            n += 1;
        }
        if n == 0 || n == 20 {
            None
        } else {
            Some((v, n))
        }
    }

    /// A whole line at the start of `s`: two numbers separated by one space
    /// (`two`) or one number, then a line feed; `None` for anything else or when
    /// `s` is shorter than [`WINDOW`].
    #[inline(always)]
    pub(crate) fn line(s: &[u8], two: bool) -> Option<Line> {
        if s.len() < WINDOW {
            return None;
        }
        let (a, da) = number(s, 0)?;
        if !two {
            return (s[da] == b'\n').then_some(Line {
                values: [a, 0],
                digits: [da, 0],
                b_start: 0,
                len: da + 1,
            });
        }
        if s[da] != b' ' {
            return None;
        }
        let (b, db) = number(s, da + 1)?;
        let end = da + 1 + db;
        (s[end] == b'\n').then_some(Line {
            values: [a, b],
            digits: [da, db],
            b_start: da + 1,
            len: end + 1,
        })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The same line read byte by byte with `str::parse`.
        fn simple(s: &[u8], two: bool) -> Option<Line> {
            let nl = s.iter().position(|&b| b == b'\n')?;
            let text = core::str::from_utf8(&s[..nl]).ok()?;
            let parts: Vec<&str> = text.split(' ').collect();
            if parts.len() != 1 + usize::from(two) || s.len() < WINDOW {
                return None;
            }
            let mut values = [0u64; 2];
            let mut digits = [0usize; 2];
            for (i, p) in parts.iter().enumerate() {
                if p.is_empty() || p.len() > 19 || !p.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                values[i] = p.parse().ok()?;
                digits[i] = p.len();
            }
            let b_start = if two { parts[0].len() + 1 } else { 0 };
            Some(Line {
                values,
                digits,
                b_start,
                len: nl + 1,
            })
        }

        #[test]
        fn agrees_with_parse_on_every_length_and_odd_bytes() {
            let mut rng = crate::generate::SplitMix64::new(21);
            let pad = [b'x'; WINDOW];
            let odd = [
                b' ', b'\n', b'\t', b'\r', b'/', b':', b'-', b'+', 0, 0x80, 0xb0, 0xff,
            ];
            for _ in 0..200_000 {
                let mut s = Vec::new();
                let fields = 1 + rng.range(0, 1) as usize;
                for f in 0..fields {
                    if f > 0 {
                        s.push(b' ');
                    }
                    let n = rng.range(0, 21);
                    for _ in 0..n {
                        s.push(b'0' + rng.range(0, 9) as u8);
                    }
                }
                s.push(b'\n');
                if rng.chance(1, 4) {
                    let at = rng.range(0, s.len() as u64 - 1) as usize;
                    s[at] = odd[rng.range(0, odd.len() as u64 - 1) as usize];
                }
                s.extend_from_slice(&pad);
                for two in [false, true] {
                    assert_eq!(
                        line(&s, two),
                        simple(&s, two),
                        "{:?}",
                        String::from_utf8_lossy(&s)
                    );
                }
            }
        }

        #[test]
        fn extremes() {
            let mut s = b"9999999999999999999 0\n".to_vec();
            s.resize(WINDOW, b' ');
            assert_eq!(
                line(&s, true).map(|l| l.values),
                Some([9_999_999_999_999_999_999, 0])
            );
            let mut s = b"10000000000000000000 0\n".to_vec();
            s.resize(WINDOW, b' ');
            assert_eq!(line(&s, true), None);
            let mut s = b"0000000000000000001\n".to_vec();
            s.resize(WINDOW, b' ');
            assert_eq!(
                line(&s, false).map(|l| (l.values[0], l.digits[0])),
                Some((1, 19))
            );
        }
    }
}

/// A big output buffer flushed to the writer when full, at the end, and before
/// an error is returned.
pub(crate) struct Out<W: Write> {
    inner: W,
    /// Always `BUF` bytes long; `buf[..len]` is pending.
    buf: Vec<u8>,
    len: usize,
    /// The answers of the second thread of the block path (empty until used).
    spare: Vec<u8>,
}

impl<W: Write> Out<W> {
    fn new(inner: W) -> Self {
        Out {
            inner,
            buf: vec![0; BUF],
            len: 0,
            spare: Vec::new(),
        }
    }

    /// One answer line of `len` ≤ 16 bytes, given in the first bytes of `line`
    /// (its line feed included): one copy of 16 bytes, of a length known here.
    #[inline(always)]
    fn line16(&mut self, line: &[u8; 16], len: usize) -> io::Result<()> {
        let n = self.len;
        if let Some(dst) = self.buf.get_mut(n..n + 16) {
            dst.copy_from_slice(line);
            self.len = n + len;
            if self.len >= BUF - 256 {
                self.flush_buf()?;
            }
            Ok(())
        } else {
            self.push(&line[..len])
        }
    }

    #[inline(always)]
    fn push(&mut self, s: &[u8]) -> io::Result<()> {
        let n = self.len;
        match self.buf.get_mut(n..n + s.len()) {
            Some(dst) => {
                dst.copy_from_slice(s);
                self.len = n + s.len();
                if self.len >= BUF - 256 {
                    self.flush_buf()?;
                }
                Ok(())
            }
            None => self.push_slow(s),
        }
    }

    #[cold]
    fn push_slow(&mut self, s: &[u8]) -> io::Result<()> {
        self.flush_buf()?;
        if s.len() >= BUF / 2 {
            self.inner.write_all(s)
        } else {
            self.push(s)
        }
    }

    #[cold]
    fn flush_buf(&mut self) -> io::Result<()> {
        let n = self.len;
        self.len = 0;
        self.inner.write_all(&self.buf[..n])
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flush_buf()?;
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
/// use beatty_problems::{solve, Problem};
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
    // The problem's own monomorphic copy of the loop below.
    let result = problem.visit(SolveCases {
        r: &mut r,
        out: &mut out,
        summary: &mut summary,
    });
    let flushed = out.flush();
    result?;
    flushed?;
    Ok(summary)
}

/// [`solve_cases`] for the problem [`Problem::visit`] hands over.
struct SolveCases<'r, 'a> {
    r: &'r mut DynReader<'a>,
    out: &'r mut DynOut<'a>,
    summary: &'r mut SolveSummary,
}

impl Visit for SolveCases<'_, '_> {
    type Output = Result<(), SolveError>;
    fn visit<D: Definition>(self, def: &'static D) -> Self::Output {
        solve_cases(def, self.r, self.out, self.summary)
    }
}

/// The input side of [`solve_cases`]: reads through a `dyn` reader only when
/// its buffer is empty.
pub(crate) type DynReader<'a> = Reader<&'a mut dyn BufRead>;
/// The output side: writes through a `dyn` writer only when its buffer is full.
pub(crate) type DynOut<'a> = Out<&'a mut dyn Write>;

/// The solving loop over the cases of `def`'s format: generic, so each
/// problem gets a copy in which its `answer` is a direct, inlinable call.
pub(crate) fn solve_cases<D: Definition + ?Sized + 'static>(
    def: &'static D,
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
    let form = block::Form::of(spec);
    let mut threads = Threads::default();
    // Lines left to the per-line path before the block path is tried again,
    // and the next such pause: it doubles (up to 64) each time the block path
    // takes no line, so input it never takes (numbers of 16 digits or more,
    // CRLF line ends) costs it little.
    let (mut pause, mut next_pause) = (0u32, 1u32);
    loop {
        if count == Some(summary.cases) {
            break;
        }
        if let Some(form) = &form {
            if pause == 0 {
                #[cfg(test)]
                tests::BLOCK_TRIES.with(|c| c.set(c.get() + 1));
                let before = summary.cases;
                blocks(def, form, r, out, count, summary, &mut threads)?;
                if count == Some(summary.cases) {
                    break;
                }
                if summary.cases == before {
                    pause = next_pause;
                    next_pause = (2 * next_pause).min(64);
                } else {
                    next_pause = 1;
                }
            } else {
                pause -= 1;
            }
        }
        let (case, line) = if let Some(l) = r.fast_line(two) {
            columns = [1, l.b_start as u64 + 1];
            let [a, b] = l.values;
            let case = if two { Case::pair(a, b) } else { Case::one(a) };
            (case, r.line - 1)
        } else {
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
        };
        if terminator && case.values().iter().all(|&v| v == 0) {
            break;
        }
        if let Some(w) = def.wins(&case)
            && let Some(form) = &form
        {
            // An outcome in the problem's words (`Definition::wins`): no `Answer`.
            let (line, len) = &form.lines[usize::from(w)];
            out.line16(line, *len)?;
            summary.cases += 1;
            continue;
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

/// What the block path did in one range.
#[derive(Clone, Copy, Debug, Default)]
struct Done {
    /// Where the range's first line not taken starts.
    at: usize,
    /// The lines (cases) answered.
    cases: u64,
    /// The bytes of answers written ([`run_into_vec`]'s only: those of
    /// [`run_into_out`] are in the output already, and not counted).
    written: usize,
}

/// [`block::run`] over `s[from..to]` into `out`, flushing it whenever full.
fn run_into_out<D: Definition + ?Sized>(
    def: &D,
    form: &block::Form,
    s: &[u8],
    from: usize,
    to: usize,
    max_cases: u64,
    out: &mut DynOut<'_>,
) -> io::Result<Done> {
    let mut done = Done {
        at: from,
        ..Done::default()
    };
    loop {
        let stop = block::run(
            def,
            form,
            s,
            done.at,
            to,
            max_cases - done.cases,
            &mut out.buf[out.len..],
        );
        out.len += stop.written;
        done.at = stop.at;
        done.cases += stop.cases;
        if !stop.full {
            return Ok(done);
        }
        out.flush_buf()?;
    }
}

/// [`block::run`] over `s[from..to]` into `v`, growing it whenever full.
fn run_into_vec<D: Definition + ?Sized>(
    def: &D,
    form: &block::Form,
    s: &[u8],
    from: usize,
    to: usize,
    v: &mut Vec<u8>,
) -> Done {
    let mut done = Done {
        at: from,
        ..Done::default()
    };
    loop {
        let stop = block::run(def, form, s, done.at, to, u64::MAX, &mut v[done.written..]);
        done.at = stop.at;
        done.cases += stop.cases;
        done.written += stop.written;
        if !stop.full {
            return done;
        }
        v.resize(2 * v.len() + 2 * block::ANSWER, 0);
    }
}

/// The state of the block path's second thread across calls of [`blocks`].
pub(crate) struct Threads {
    /// Whether a second core is there (asked when first useful).
    available: Option<bool>,
    /// This thread's share of a split, in `1 / SHARE_ONE` of the unread
    /// bytes (see [`balanced_share`]).
    share: u32,
    /// No split before this absolute offset: the last split waited longer
    /// for the second thread than this one worked.
    alone_until: u64,
    /// The answers of a second half whose first half stopped before its end:
    /// kept in [`Out::spare`] until the reader gets to `from` (absolute
    /// offset) with every earlier line answered, dropped if it goes past.
    pending: Option<Pending>,
    /// The second thread, started at the first split.
    worker: Option<Worker>,
}

impl Default for Threads {
    fn default() -> Self {
        Threads {
            available: None,
            share: SHARE_FIRST,
            alone_until: 0,
            pending: None,
            worker: None,
        }
    }
}

impl Threads {
    /// The second thread, started on first use; `None` (and no split from
    /// then on) if it cannot be started.
    fn worker<D: Definition + ?Sized + 'static>(
        &mut self,
        def: &'static D,
        form: &block::Form,
    ) -> Option<&Worker> {
        if self.worker.is_none() {
            match Worker::start(def, *form) {
                Ok(w) => self.worker = Some(w),
                Err(_) => {
                    self.available = Some(false);
                    return None;
                }
            }
        }
        self.worker.as_ref()
    }
}

/// The block path's second thread: one for a whole [`solve`], so that it is
/// started once, and every later split wakes it on the core it ran on (a new
/// thread for each split started on this thread's core, and waited there,
/// for as long as this thread took for its part).
struct Worker {
    jobs: mpsc::Sender<Job>,
    replies: mpsc::Receiver<Reply>,
    handle: Option<std::thread::JoinHandle<()>>,
}

/// A part for the second thread: `buf[from..to]`, answered into `spare`.
struct Job {
    buf: Arc<Vec<u8>>,
    from: usize,
    to: usize,
    spare: Vec<u8>,
    /// When the split began.
    started: Instant,
}

/// What the second thread did with a [`Job`] (its share of the buffer
/// already dropped).
struct Reply {
    done: Done,
    spare: Vec<u8>,
    /// When it started and ended, from the split's beginning.
    start: Duration,
    end: Duration,
}

impl Worker {
    fn start<D: Definition + ?Sized + 'static>(
        def: &'static D,
        form: block::Form,
    ) -> io::Result<Worker> {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (reply_tx, replies) = mpsc::channel();
        let handle = std::thread::Builder::new()
            .name("solve-blocks".into())
            .spawn(move || {
                for job in job_rx {
                    let start = job.started.elapsed();
                    let mut spare = job.spare;
                    let done = run_into_vec(def, &form, &job.buf, job.from, job.to, &mut spare);
                    let end = job.started.elapsed();
                    drop(job.buf);
                    let reply = Reply {
                        done,
                        spare,
                        start,
                        end,
                    };
                    if reply_tx.send(reply).is_err() {
                        return;
                    }
                }
            })?;
        Ok(Worker {
            jobs,
            replies,
            handle: Some(handle),
        })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop.
        let (closed, _) = mpsc::channel();
        drop(core::mem::replace(&mut self.jobs, closed));
        if let Some(h) = self.handle.take() {
            // A panic there was returned as an error already.
            let _ = h.join();
        }
    }
}

/// A second half answered ahead (see [`Threads::pending`]).
struct Pending {
    /// The absolute offset of its first line, in the reader's buffer (a refill moves past it).
    from: u64,
    /// Where it stopped, in the reader's buffer.
    done: Done,
}

/// Answers with the block path ([`block::run`]) the canonical lines from the
/// reader's position on, flushing the output as often as it fills. Leaves the
/// reader at the first line the general path must decide (or in the last
/// [`block::WINDOW`] bytes of its buffer), every earlier case answered in
/// order.
///
/// On two threads when at least [`PARALLEL_MIN`] bytes are unread, the input
/// is not counted, a second core is there and the last split did not wait
/// for its second thread longer than this one worked (else not for the next
/// [`ALONE`] bytes: on a loaded machine the second thread waits for a core,
/// and one thread alone is faster): the second thread ([`Worker`]) answers the
/// last part of the unread bytes (from a line start) into [`Out::spare`] while
/// this thread answers the first part and reads the next chunk ahead
/// ([`Ahead`]). How much the first part takes ([`Threads::share`]) follows
/// the times of the last split, so that both threads end together whatever a
/// read costs against a parse on this machine (see [`balanced_share`]).
/// When the first part ran to its end, the second part's answers
/// follow it; else they wait as [`Threads::pending`] while the general path
/// decides the line where the first part stopped and this function answers
/// the lines up to the second part's start, and are written then (or dropped,
/// if the reader does not get there: an error, a terminator, a blank line
/// skipped across it). No line is answered twice, none is lost, and no work
/// is thrown away on input with the odd irregular line.
fn blocks<D: Definition + ?Sized + 'static>(
    def: &'static D,
    form: &block::Form,
    r: &mut DynReader<'_>,
    out: &mut DynOut<'_>,
    count: Option<u64>,
    summary: &mut SolveSummary,
    threads: &mut Threads,
) -> io::Result<()> {
    loop {
        let s = &r.buf[..r.len];
        let here = r.base + r.pos as u64;
        if let Some(p) = &threads.pending {
            if here > p.from {
                threads.pending = None;
                continue;
            }
            let from = (p.from - r.base) as usize;
            if p.from > here {
                // The lines up to the second part, one thread.
                let first = run_into_out(def, form, s, r.pos, from, u64::MAX, out)?;
                advance(r, summary, first);
                if first.at < from {
                    return Ok(());
                }
            }
            let p = threads.pending.take().expect("pending");
            let spare = core::mem::take(&mut out.spare);
            let pushed = out.push(&spare[..p.done.written]);
            #[cfg(test)]
            tests::PENDING_USED.with(|c| c.set(c.get() + 1));
            out.spare = spare;
            pushed?;
            advance(r, summary, p.done);
            if p.done.at < r.len.saturating_sub(block::WINDOW) {
                // The second part stopped at a line to decide.
                return Ok(());
            }
            continue;
        }
        let split = if count.is_none()
            && s.len() - r.pos >= PARALLEL_MIN
            && here >= threads.alone_until
            && *threads.available.get_or_insert_with(|| {
                std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
            }) {
            split_point(s, r.pos, threads.share)
        } else {
            None
        };
        // The second thread is started at the first split (if it can be).
        let Some(split) = split.filter(|_| threads.worker(def, form).is_some()) else {
            let max_cases = count.map_or(u64::MAX, |c| c - summary.cases);
            let done = run_into_out(def, form, s, r.pos, s.len(), max_cases, out)?;
            advance(r, summary, done);
            return Ok(());
        };
        let Some(worker) = &threads.worker else {
            unreachable!("started above");
        };
        let mut spare = core::mem::take(&mut out.spare);
        if spare.is_empty() {
            spare.resize((s.len() - split) / 2 + 2 * block::ANSWER, 0);
        }
        let len = r.len;
        // The buffer is shared with the second thread for this split.
        let buf = Arc::new(core::mem::take(&mut r.buf));
        let started = Instant::now();
        let sent = worker.jobs.send(Job {
            buf: Arc::clone(&buf),
            from: split,
            to: len,
            spare,
            started,
        });
        let s = &buf[..len];
        let first = if sent.is_ok() {
            run_into_out(def, form, s, r.pos, split, u64::MAX, out)
        } else {
            Ok(Done::default())
        };
        r.ahead.read(&mut r.inner, len, &mut r.eof);
        let mine = started.elapsed();
        let reply = worker.replies.recv();
        let replied = started.elapsed();
        // The second thread dropped its share before replying (or died).
        r.buf = Arc::unwrap_or_clone(buf);
        let reply = reply.map_err(|_| io::Error::other("the block thread panicked"))?;
        out.spare = reply.spare;
        #[cfg(test)]
        tests::SPLITS.with(|c| c.set(c.get() + 1));
        threads.after_split(
            SplitTimes {
                mine,
                theirs: (reply.start, reply.end),
                replied,
            },
            r.base,
            len,
        );
        let second = reply.done;
        let first = first?;
        advance(r, summary, first);
        threads.pending = Some(Pending {
            from: r.base + split as u64,
            done: second,
        });
        if first.at < split {
            // The general path decides the line at `first.at` first.
            return Ok(());
        }
    }
}

/// Where a split of the unread bytes `s[pos..]` begins: the first line start
/// after `share` (in `1 / SHARE_ONE`) of them, if there is one.
fn split_point(s: &[u8], pos: usize, share: u32) -> Option<usize> {
    let mid = pos + (s.len() - pos) * share as usize / SHARE_ONE as usize;
    s[mid..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| mid + i + 1)
}

/// The times of one split, each from its beginning.
#[derive(Clone, Copy, Debug)]
struct SplitTimes {
    /// This thread ended its part and the read ahead.
    mine: Duration,
    /// The second thread started and ended its part.
    theirs: (Duration, Duration),
    /// This thread had the second one's answers.
    replied: Duration,
}

impl Threads {
    /// Learns from a split's times for the next one (the buffer split had
    /// `len` bytes from the absolute offset `base`): the next share
    /// ([`balanced_share`]); and one thread alone up to [`ALONE`] bytes past
    /// the buffer's end when this thread waited for the second one longer
    /// than it worked itself (the second thread got no core of its own for
    /// most of the time: a loaded machine, where one thread does better for
    /// a while).
    fn after_split(&mut self, t: SplitTimes, base: u64, len: usize) {
        let (start, theirs) = t.theirs;
        self.share = balanced_share(
            self.share,
            t.mine.as_nanos(),
            theirs.as_nanos(),
            theirs.saturating_sub(start).as_nanos(),
        );
        if t.replied.saturating_sub(t.mine) > t.mine {
            self.alone_until = base + (len + ALONE) as u64;
        }
    }
}

/// [`Threads::share`] is in units of `1 / SHARE_ONE` of the unread bytes.
const SHARE_ONE: u32 = 1 << 10;
/// The first split's share for this thread: 3/8, as it also reads ahead.
const SHARE_FIRST: u32 = SHARE_ONE * 3 / 8;
/// The least and the most of the bytes this thread takes.
const SHARE_MIN: u32 = SHARE_ONE / 8;
const SHARE_MAX: u32 = SHARE_ONE / 2;

/// The share of the next split for this thread (in `1 / SHARE_ONE` of the
/// bytes) that makes both threads end together, from the last split: with
/// the share `share`, this thread ended (its part and the read ahead) `mine_ns`
/// after the split began, the second thread `theirs_ns` after it (its start,
/// which waits for a new thread, included) having worked `worked_ns` on its
/// part.
///
/// Moving d of the bytes from the second thread to this one moves d · P of
/// time, P being the time to parse all of them (`worked_ns / (1 − share)`):
/// both end together for d = (theirs − mine) / (2 · P). Half that step is
/// taken (so a single slow split moves the share little), within
/// [`SHARE_MIN`]..=[`SHARE_MAX`].
fn balanced_share(share: u32, mine_ns: u128, theirs_ns: u128, worked_ns: u128) -> u32 {
    if worked_ns == 0 {
        return share;
    }
    // In units of 1 / SHARE_ONE: d = (theirs − mine) · (SHARE_ONE − share) / (2 · worked),
    // halved.
    let rest = u128::from(SHARE_ONE - share);
    let step = |diff: u128| {
        u32::try_from(diff.saturating_mul(rest) / worked_ns.saturating_mul(4)).unwrap_or(SHARE_ONE)
    };
    let next = if theirs_ns >= mine_ns {
        share.saturating_add(step(theirs_ns - mine_ns))
    } else {
        share.saturating_sub(step(mine_ns - theirs_ns))
    };
    next.clamp(SHARE_MIN, SHARE_MAX)
}

/// Moves the reader past the lines `done` answered (a range with no line
/// answered stops where it starts, a line start: the reader stays).
fn advance(r: &mut DynReader<'_>, summary: &mut SolveSummary, done: Done) {
    r.pos = done.at;
    r.line += done.cases;
    r.line_start = r.base + r.pos as u64;
    summary.cases += done.cases;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Trickle;

    /// `data` in reads of at most `step` bytes (a read as large as the
    /// capacity goes straight to `Trickle`).
    fn trickle(data: &[u8], step: usize) -> io::BufReader<Trickle<'_>> {
        io::BufReader::with_capacity(1, Trickle { data, step })
    }

    fn run(problem: Problem, input: &[u8], step: usize) -> (Vec<u8>, Result<u64, String>) {
        let mut out = Vec::new();
        let r = solve(problem, trickle(input, step), &mut out);
        (out, r.map(|s| s.cases).map_err(|e| e.to_string()))
    }

    /// Whether the block path may split here: a second core is there.
    fn second_core() -> bool {
        std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
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

    /// A large `wythoff` input (several full read buffers, so the block path
    /// splits them between threads and reads ahead) with an irregular line
    /// every `every` lines (none for 0), and its answers line by line.
    fn big_input(lines: u64, every: u64) -> (Vec<u8>, Vec<u8>) {
        let (mut input, mut want) = (Vec::new(), Vec::new());
        for i in 0..lines {
            let (a, b) = (i * 7919 % 1_000_000_007, i * 104_729 % 1_700_000_009);
            // Every 5th line a losing position, so both answers are common.
            let (a, b) = if i % 5 == 0 {
                beatty_core::golden::pair(i % 100_000).unwrap()
            } else {
                (a, b)
            };
            if every > 0 && i % every == every - 1 {
                input.extend_from_slice(format!("{a}  {b}\r\n").as_bytes());
            } else {
                input.extend_from_slice(format!("{a} {b}\n").as_bytes());
            }
            let wins = beatty_games::wythoff::outcome(a, b).player_to_move_wins();
            want.extend_from_slice(if wins { b"1\n" } else { b"0\n" });
        }
        (input, want)
    }

    #[test]
    fn threads_and_read_ahead_keep_answers_in_order() {
        // Every line canonical (the block path) and one line in 997 not, in
        // the quick loop; every line not, every other line, one in 150 000 too
        // in the full matrix.
        let every: &[u64] = if beatty_testing::slow_tests() {
            &[0, 1, 2, 997, 150_000]
        } else {
            &[0, 997]
        };
        for &every in every {
            let (input, want) = big_input(300_000, every);
            for step in [usize::MAX, (3 << 20) + 7, 65_537] {
                let (out, r) = run(Problem::Wythoff, &input, step);
                assert_eq!(r, Ok(300_000), "every {every} step {step}");
                assert!(out == want, "every {every} step {step}: answers differ");
            }
        }
    }

    thread_local! {
        /// The splits of the block path on this thread (counted in tests only).
        pub(super) static SPLITS: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
        /// The times `solve_cases` tried the block path on this thread.
        pub(super) static BLOCK_TRIES: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
        /// The second parts' answers written (`Threads::pending`) on this thread.
        pub(super) static PENDING_USED: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
    }

    #[test]
    fn the_block_path_backs_off_on_lines_it_never_takes() {
        // CRLF line ends are never canonical. The block path is tried before
        // the first line; each try that takes no line doubles the lines left
        // to the per-line path before the next (1, 2, 4, …, at most 64):
        // tries before lines 0, 2, 5, 10, 19, 36, 69, then every 65th line,
        // 134, 199, 264, … (counting the end of the input as line `lines`).
        for (lines, tries) in [
            (1, 1),
            (2, 2),
            (3, 2),
            (68, 6),
            (69, 7),
            (263, 9),
            (264, 10),
            (300, 10),
        ] {
            let input = "3 5\r\n".repeat(lines);
            let before = BLOCK_TRIES.with(|c| c.get());
            let (out, r) = run(Problem::Wythoff, input.as_bytes(), usize::MAX);
            assert_eq!(
                BLOCK_TRIES.with(|c| c.get()) - before,
                tries,
                "{lines} lines"
            );
            assert!(r == Ok(lines as u64) && out == "0\n".repeat(lines).as_bytes());
        }
    }

    #[test]
    fn a_large_input_is_split_with_a_second_thread() {
        let (input, want) = big_input(300_000, 0);
        let before = SPLITS.with(|c| c.get());
        let (out, r) = run(Problem::Wythoff, &input, usize::MAX);
        let splits = SPLITS.with(|c| c.get()) - before;
        assert_eq!(r, Ok(300_000));
        assert!(out == want, "answers differ");
        // 300 000 lines are several full buffers: the first is split at
        // least (the fallback to one thread starts after a split).
        if second_core() {
            assert!(splits >= 1, "no split with a second core");
        } else {
            assert_eq!(splits, 0);
        }
    }

    #[test]
    fn split_point_is_the_first_line_start_after_the_share() {
        // 100 lines of 6 bytes: line starts at 0, 6, 12, …
        let s = b"12 34\n".repeat(100);
        // From byte 6: half of the 594 bytes is 297, byte 303, in the line
        // of bytes 300..306: the split is at 306.
        assert_eq!(split_point(&s, 6, SHARE_ONE / 2), Some(306));
        // An eighth of 600 is 75, in the line of bytes 72..78.
        assert_eq!(split_point(&s, 0, SHARE_ONE / 8), Some(78));
        // At a line feed itself (byte 5 = 10 · 512 / 1024), the line after it.
        assert_eq!(split_point(&s[..10], 0, SHARE_ONE / 2), Some(6));
        // No line feed after the share: no split.
        assert_eq!(split_point(&s[..10], 6, SHARE_ONE / 2), None);
    }

    #[test]
    fn after_split_sets_the_share_and_falls_back_to_one_thread_on_a_wait() {
        // One split's times in µs (this thread's end; the second thread's
        // start and end; the reply) and its buffer (base, length), then the
        // share and the one-thread bound after it.
        fn after(
            t: &mut Threads,
            [mine, start, end, replied]: [u64; 4],
            base: u64,
            len: usize,
        ) -> (u32, u64) {
            let us = Duration::from_micros;
            let times = SplitTimes {
                mine: us(mine),
                theirs: (us(start), us(end)),
                replied: us(replied),
            };
            t.after_split(times, base, len);
            (t.share, t.alone_until)
        }
        let mut t = Threads::default();
        // The second thread worked 300 µs (100..400), this thread ended at
        // 400 µs too: equal ends, the share stays; the wait (0) is short.
        assert_eq!(
            after(&mut t, [400, 100, 400, 400], 0, 1 << 21),
            (SHARE_FIRST, 0)
        );
        // It ended 200 µs later, having worked 400 µs (200..600) on the
        // other 640/1024 of the bytes: balanced_share's step is
        // 200 · 640 / (4 · 400) = 80. The wait, 200 µs, is still shorter than
        // this thread's 400.
        assert_eq!(
            after(&mut t, [400, 200, 600, 600], 0, 1 << 21),
            (SHARE_FIRST + 80, 0)
        );
        // A wait exactly as long as this thread's work is not longer: two
        // threads still (the share at equal ends stays).
        assert_eq!(
            after(&mut t, [300, 0, 300, 600], 0, 1 << 21),
            (SHARE_FIRST + 80, 0)
        );
        // This thread waited 500 µs after its own 400: one thread from the
        // end of the buffer on, for ALONE bytes (and the share at its most:
        // 500 · 560 / 2000 = 140 more would pass 1/2).
        assert_eq!(
            after(&mut t, [400, 400, 900, 900], 3 << 20, 2 << 20),
            (SHARE_ONE / 2, (5 << 20) + ALONE as u64)
        );
        // So the next buffer, from byte 5 MiB on, is not split.
        assert!(t.alone_until > 5 << 20);
    }

    #[test]
    fn balanced_share_moves_half_way_to_equal_ends() {
        // Worked 1000 ns on 3/4 of the bytes: all of them take P = 4000/3 ns.
        // The second thread ended 400 ns later: equal ends need d = 400 / (2P)
        // = 0.15 of the bytes moved here, half of it is 0.075 · 1024 = 76.8.
        assert_eq!(balanced_share(256, 1000, 1400, 1000), 256 + 76);
        // This thread ended 400 ns later: the same step back.
        assert_eq!(balanced_share(256, 1400, 1000, 1000), 256 - 76);
        // Equal ends, or nothing measured: the share stays.
        assert_eq!(balanced_share(300, 700, 700, 500), 300);
        assert_eq!(balanced_share(300, 700, 0, 0), 300);
        // Never below 1/8 nor above 1/2, however far apart the ends.
        assert_eq!(balanced_share(256, 10_000_000, 1000, 1000), SHARE_ONE / 8);
        assert_eq!(balanced_share(256, 1000, u128::MAX / 2, 1), SHARE_ONE / 2);
    }

    #[test]
    fn balanced_share_settles_where_both_threads_end_together() {
        // A model of a split: parsing all the bytes takes `parse` ns on either
        // thread, and this thread's read ahead `read` ns besides. Both end
        // together at the share x = (parse − read) / (2 · parse), the fixed
        // point found by hand; the updates must settle within 1/64 of it.
        for (parse, read) in [(1000u128, 0u128), (1000, 250), (1000, 500), (700, 50)] {
            let mut share = SHARE_FIRST;
            for _ in 0..40 {
                let mine = parse * u128::from(share) / u128::from(SHARE_ONE) + read;
                let worked = parse * u128::from(SHARE_ONE - share) / u128::from(SHARE_ONE);
                share = balanced_share(share, mine, worked, worked);
            }
            let want = (parse - read) as f64 / (2 * parse) as f64;
            let got = f64::from(share) / f64::from(SHARE_ONE);
            assert!(
                (got - want.clamp(0.125, 0.5)).abs() < 1.0 / 64.0,
                "parse {parse} read {read}: {got} against {want}"
            );
        }
    }

    #[test]
    fn a_late_error_comes_after_every_earlier_answer() {
        let (mut input, want) = big_input(300_000, 0);
        // Line 250001 is bad: the answers of the 250000 before it are written.
        let at = (0..250_000).fold(0, |at, _| {
            at + input[at..].iter().position(|&b| b == b'\n').unwrap() + 1
        });
        input[at + 1] = b'x';
        let (out, r) = run(Problem::Wythoff, &input, usize::MAX);
        assert!(
            r.as_ref().unwrap_err().starts_with("line 250001, column "),
            "{r:?}"
        );
        assert!(
            out == want[..500_000],
            "the answers before the error differ"
        );
        // And the same when the last line has no line feed.
        let (input, want) = big_input(300_000, 0);
        let cut = input.len() - 1;
        let (out, r) = run(Problem::Wythoff, &input[..cut], usize::MAX);
        assert!(r.is_ok() && out == want, "{r:?}");
    }

    /// Delivers `data` in reads of at most `step` bytes, then fails once: a
    /// read after the error panics (the solver gives up at an error, it does
    /// not retry).
    struct FailAfter<'a> {
        data: &'a [u8],
        step: usize,
        failed: bool,
    }

    impl io::Read for FailAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.data.is_empty() {
                assert!(!self.failed, "read again after its error");
                self.failed = true;
                return Err(io::Error::other("the disk is on fire"));
            }
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_read_error_comes_after_the_answers_of_the_lines_read() {
        let (input, want) = big_input(300_000, 0);
        // Cut after line 200000: its answers, then the error.
        let cut = (0..200_000).fold(0, |at, _| {
            at + input[at..].iter().position(|&b| b == b'\n').unwrap() + 1
        });
        for step in [usize::MAX, 1 << 20] {
            let mut out = Vec::new();
            let r = solve(
                Problem::Wythoff,
                io::BufReader::with_capacity(
                    1,
                    FailAfter {
                        data: &input[..cut],
                        step,
                        failed: false,
                    },
                ),
                &mut out,
            );
            assert!(matches!(r, Err(SolveError::Io(_))), "{r:?}");
            assert!(
                out == want[..400_000],
                "step {step}: the answers before differ"
            );
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

    /// Answers each read with the next scripted one (these bytes, or an
    /// error of this kind) and panics on a read after the last: the reader
    /// must not read again after the end of the input or an error.
    struct Script(std::collections::VecDeque<Result<&'static [u8], io::ErrorKind>>);

    impl io::Read for Script {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self
                .0
                .pop_front()
                .expect("a read after the last one scripted")
            {
                Ok(data) => {
                    buf[..data.len()].copy_from_slice(data);
                    Ok(data.len())
                }
                Err(kind) => Err(io::Error::new(kind, "scripted")),
            }
        }
    }

    fn script(
        reads: impl IntoIterator<Item = Result<&'static [u8], io::ErrorKind>>,
    ) -> io::BufReader<Script> {
        // (A read as large as the capacity goes straight to the script.)
        io::BufReader::with_capacity(1, Script(reads.into_iter().collect()))
    }

    #[test]
    fn a_read_ahead_reads_once_and_not_at_the_end_or_after_an_error() {
        use io::ErrorKind::{Interrupted, Other};
        // One chunk, read once: a second call reads nothing (the script
        // would panic) and keeps it.
        let (mut a, mut eof) = (Ahead::default(), false);
        let mut inner = script([Ok(&b"5 8\n"[..])]);
        a.read(&mut inner, 16, &mut eof);
        assert_eq!((&a.buf[..a.len], eof), (&b"5 8\n"[..], false));
        a.read(&mut inner, 16, &mut eof);
        assert_eq!((&a.buf[..a.len], eof), (&b"5 8\n"[..], false));
        // At the end of the input: nothing read, nothing set.
        let (mut a, mut eof) = (Ahead::default(), true);
        a.read(&mut script([]), 16, &mut eof);
        assert!(a.len == 0 && a.error.is_none() && eof);
        // A read of 0 bytes is the end; an interrupted read is tried again.
        let (mut a, mut eof) = (Ahead::default(), false);
        a.read(&mut script([Ok(&b""[..])]), 16, &mut eof);
        assert!(a.len == 0 && a.error.is_none() && eof);
        let (mut a, mut eof) = (Ahead::default(), false);
        a.read(
            &mut script([Err(Interrupted), Ok(&b"1 2\n"[..])]),
            16,
            &mut eof,
        );
        assert_eq!((&a.buf[..a.len], eof), (&b"1 2\n"[..], false));
        assert!(a.error.is_none());
        // An error is kept, not retried, and nothing is read after it.
        let (mut a, mut eof) = (Ahead::default(), false);
        let mut inner = script([Err(Other)]);
        a.read(&mut inner, 16, &mut eof);
        assert_eq!(a.error.as_ref().map(io::Error::kind), Some(Other));
        a.read(&mut inner, 16, &mut eof);
        assert!(a.len == 0 && !eof);
    }

    #[test]
    fn refill_retries_an_interrupted_read_and_returns_an_error() {
        use io::ErrorKind::{Interrupted, Other};
        let mut r = Reader::new(script([Err(Interrupted), Ok(&b"7 9\n"[..]), Ok(&b""[..])]));
        assert_eq!(r.refill().unwrap(), Some(b'7'));
        r.pos = r.len;
        assert_eq!(r.refill().unwrap(), None);
        let mut r = Reader::new(script([Ok(&b"7 9\n"[..]), Err(Other)]));
        assert_eq!(r.refill().unwrap(), Some(b'7'));
        r.pos = r.len;
        assert_eq!(r.refill().map_err(|e| e.kind()), Err(Other));
    }

    #[test]
    fn refill_takes_the_chunk_read_ahead_where_it_belongs() {
        let mut r = Reader::new(script([
            Ok(&b"1 2\n"[..]),
            Ok(&b"10 20\n"[..]),
            Ok(&b"3 5\n"[..]),
            Ok(&b""[..]),
        ]));
        assert_eq!(r.refill().unwrap(), Some(b'1'));
        r.pos = r.len;
        assert_eq!((r.refill().unwrap(), r.base), (Some(b'1'), 4));
        // The next chunk read ahead, then taken: it starts at byte 4 + 6.
        r.ahead.read(&mut r.inner, 16, &mut r.eof);
        r.pos = r.len;
        assert_eq!((r.refill().unwrap(), r.base), (Some(b'3'), 10));
        assert_eq!(&r.buf[..r.len], b"3 5\n");
        r.pos = r.len;
        assert_eq!((r.refill().unwrap(), r.base), (None, 14));
        // An error read ahead comes at the refill that would have read it.
        let mut r = Reader::new(script([Ok(&b"1 2\n"[..]), Err(io::ErrorKind::Other)]));
        assert_eq!(r.refill().unwrap(), Some(b'1'));
        r.ahead.read(&mut r.inner, 16, &mut r.eof);
        r.pos = r.len;
        assert_eq!(r.refill().map_err(|e| e.kind()), Err(io::ErrorKind::Other));
    }

    #[test]
    fn the_read_buffer_doubles_from_8_kib_to_2_mib_on_full_reads_only() {
        // The module docs: 8 KiB, doubled by a read that fills it, up to
        // 2 MiB.
        let data = vec![b'1'; 8 << 20];
        let mut r = Reader::new(trickle(&data, usize::MAX));
        assert_eq!(r.buf.len(), 8 << 10);
        let mut sizes = Vec::new();
        for _ in 0..9 {
            r.pos = r.len;
            assert_eq!(r.refill().unwrap(), Some(b'1'));
            sizes.push(r.buf.len() >> 10);
        }
        assert_eq!(sizes, [16, 32, 64, 128, 256, 512, 1024, 2048, 2048]);
        // Reads that do not fill it leave it as it is.
        let mut r = Reader::new(trickle(&data, 100));
        for _ in 0..3 {
            r.pos = r.len;
            assert_eq!(r.refill().unwrap(), Some(b'1'));
            assert_eq!((r.len, r.buf.len()), (100, 8 << 10));
        }
    }

    #[test]
    fn an_input_under_a_mib_is_answered_on_one_thread() {
        // Fewer unread bytes than PARALLEL_MIN (1 MiB) are never split,
        // whatever the cores: a second thread costs more than it saves.
        let (input, want) = big_input(40_000, 0);
        assert!(input.len() < 1 << 20);
        let before = SPLITS.with(|c| c.get());
        let (out, r) = run(Problem::Wythoff, &input, usize::MAX);
        assert_eq!(SPLITS.with(|c| c.get()) - before, 0);
        assert!(r == Ok(40_000) && out == want, "{r:?}");
    }

    #[test]
    fn a_solve_error_has_its_cause_as_source() {
        use std::error::Error;
        let e = solve(Problem::Euclid, &b"3 5\n-1 2\n"[..], Vec::new()).unwrap_err();
        let input = e.source().and_then(|s| s.downcast_ref::<InputError>());
        assert_eq!(input.map(|i| (i.line, i.column)), Some((2, 1)));
        let mut inner = script([Ok(&b"3 5\n"[..]), Err(io::ErrorKind::PermissionDenied)]);
        let e = solve(Problem::Euclid, &mut inner, Vec::new()).unwrap_err();
        let io = e.source().and_then(|s| s.downcast_ref::<io::Error>());
        assert_eq!(
            io.map(io::Error::kind),
            Some(io::ErrorKind::PermissionDenied)
        );
    }

    /// Keeps the length of every write.
    struct Writes(Vec<usize>);

    impl io::Write for Writes {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.push(b.len());
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn answers_go_out_in_writes_of_about_a_mib() {
        // The output buffer (BUF, 1 MiB) is written when full: within 256
        // bytes of its end (room for any answer line), so every write but the
        // last is 1 MiB − 256 bytes or more. Counted inputs (no second thread),
        // from the block path, the per-line path (CRLF lines, answered by
        // `wins`) and answers of many lines (wythoff-moves).
        let mut rng = crate::generate::SplitMix64::new(24);
        let mut bash = String::from("400000\n");
        let mut moves = String::new();
        for i in 0..400_000 {
            let (n, m) = (rng.range(1, 1_000_000), rng.range(1, 100));
            bash += &format!("{n} {m}{}\n", if i % 3 == 0 { "\r" } else { "" });
            let (a, b) = (rng.range(0, 1_000_000), rng.range(0, 1_000_000));
            moves += &format!("{a} {b}\n");
        }
        moves += "0 0\n";
        for (problem, input) in [(Problem::Bash, bash), (Problem::WythoffMoves, moves)] {
            let mut w = Writes(Vec::new());
            let s = solve(problem, input.as_bytes(), &mut w).unwrap();
            assert_eq!(s.cases, 400_000);
            let (last, full) = w.0.split_last().unwrap();
            assert!(full.len() >= 2, "{problem}: {:?}", w.0);
            for &n in full {
                assert!(
                    (BUF - 256..=BUF).contains(&n),
                    "{problem}: a write of {n} bytes"
                );
            }
            assert!(*last <= BUF);
        }
    }

    #[test]
    fn a_split_whose_answers_outgrow_the_output_buffer_keeps_them_in_order() {
        // Lines of 4 bytes answered by lines of 10 or 11 (`Stan wins`,
        // `Ollie wins`): the second part of a split of a full read buffer
        // has more answers than the 1 MiB output buffer holds, and they go
        // to the writer straight after the first part's.
        let (mut input, mut want) = (Vec::new(), Vec::new());
        for i in 0..1_500_000u64 {
            let (a, b) = (1 + i % 9, 1 + i * 7 % 9);
            input.extend_from_slice(format!("{a} {b}\n").as_bytes());
            let stan = beatty_games::euclid::outcome(a, b).player_to_move_wins();
            want.extend_from_slice(if stan {
                b"Stan wins\n"
            } else {
                b"Ollie wins\n"
            });
        }
        input.extend_from_slice(b"0 0\n");
        let before = SPLITS.with(|c| c.get());
        let (out, r) = run(Problem::Euclid, &input, usize::MAX);
        assert_eq!(r, Ok(1_500_000));
        assert!(out == want, "answers differ");
        if second_core() {
            assert!(SPLITS.with(|c| c.get()) > before, "no split");
        }
    }

    #[test]
    fn out_writes_every_push_in_order_whatever_its_size() {
        let sizes = [
            10,
            BUF / 2 - 1,
            BUF / 2,
            3,
            BUF,
            BUF + 1,
            BUF + BUF / 2,
            1,
            3 * BUF,
            7,
        ];
        let mut want = Vec::new();
        let mut got = Vec::new();
        let mut out = Out::new(&mut got);
        for (i, n) in sizes.into_iter().enumerate() {
            let chunk: Vec<u8> = (0..n).map(|j| (i * 31 + j % 251) as u8).collect();
            out.push(&chunk).unwrap();
            want.extend_from_slice(&chunk);
        }
        out.flush().unwrap();
        assert!(got == want, "the bytes written differ");
    }

    #[test]
    fn errors_count_blank_lines_and_refuse_a_token_after_the_case() {
        // Line numbers count every line feed, blank lines' included.
        let (out, r) = run(Problem::Wythoff, b"1 2\n\n \n\t\r\n3 x\n", usize::MAX);
        assert_eq!(out, b"0\n");
        assert_eq!(
            r.unwrap_err(),
            "line 5, column 3: expected a number (pile b), found \"x\""
        );
        // A third number on a line of two: the case is not answered.
        let (out, r) = run(Problem::Wythoff, b"1 2\n3 5 8\n4 7\n", usize::MAX);
        assert_eq!(out, b"0\n");
        assert_eq!(
            r.unwrap_err(),
            "line 2, column 5: expected end of line, found \"8\""
        );
    }

    #[test]
    fn a_domain_error_on_a_fast_line_names_its_line_and_field() {
        // `23 0` is a whole canonical line with 64 bytes after it, read by the
        // per-line fast path (the block path stops before it: `wins` does not
        // decide it); its m = 0 starts at column 4 of line 3.
        let input = format!("32\n5 2\n23 0\n{}", "4 3\n".repeat(30));
        let (out, r) = run(Problem::Bash, input.as_bytes(), usize::MAX);
        assert_eq!(out, b"first\n");
        let e = r.unwrap_err();
        assert!(e.starts_with("line 3, column 4: expected "), "{e}");
    }

    #[test]
    fn canonical_lines_are_taken_by_the_block_path_in_one_try() {
        // 1000 lines `3 5\n` (4 bytes). The first try comes before the first
        // read and takes nothing: the per-line path answers lines 0 and 1.
        // The second, before line 2, takes every line that starts 40 bytes
        // (block::WINDOW) or more before the end: lines 2 to 989. The
        // per-line path answers line 990, and the block path, tried again
        // before line 991, takes nothing (too near the end), so it backs
        // off: tries before lines 993 and 996, and none after.
        let input = "3 5\n".repeat(1000);
        let before = BLOCK_TRIES.with(|c| c.get());
        let (out, r) = run(Problem::Wythoff, input.as_bytes(), usize::MAX);
        assert_eq!(BLOCK_TRIES.with(|c| c.get()) - before, 5);
        assert!(r == Ok(1000) && out == "0\n".repeat(1000).as_bytes());
    }

    #[test]
    fn out_is_a_writer() {
        // `write` takes the whole slice; `flush` writes what is held and
        // flushes the writer.
        let mut got = Vec::new();
        let mut out = Out::new(&mut got);
        assert_eq!(io::Write::write(&mut out, b"1 2\n").unwrap(), 4);
        io::Write::write_all(&mut out, b"3\n").unwrap();
        io::Write::flush(&mut out).unwrap();
        assert_eq!(out.len, 0);
        drop(out);
        assert_eq!(got, b"1 2\n3\n");
    }

    #[test]
    fn a_second_part_answered_ahead_is_used_after_an_irregular_line() {
        // An irregular line every 1000 lines (20 KB): the first part of every
        // split stops at one, and the second part's answers wait until the
        // reader gets to them through the lines in between; none is answered
        // again.
        // Without irregular lines the first part runs to its end, and the
        // second part's answers follow at once.
        for every in [1000, 0] {
            let (input, want) = big_input(300_000, every);
            let (splits, used) = (SPLITS.with(|c| c.get()), PENDING_USED.with(|c| c.get()));
            let (out, r) = run(Problem::Wythoff, &input, usize::MAX);
            assert_eq!(r, Ok(300_000));
            assert!(out == want, "every {every}: answers differ");
            let splits = SPLITS.with(|c| c.get()) - splits;
            if second_core() {
                assert!(splits >= 1, "every {every}: no split");
            }
            assert_eq!(
                PENDING_USED.with(|c| c.get()) - used,
                splits,
                "every {every}"
            );
        }
    }

    #[test]
    fn run_into_vec_answers_every_canonical_line_growing_the_vector() {
        // 200 canonical lines, then one with two spaces: the lines before it
        // are answered into `v`, grown from 40 bytes as it fills.
        let mut s = Vec::new();
        let mut want = Vec::new();
        for i in 0..200u64 {
            let (a, b) = beatty_core::golden::pair(i).unwrap();
            let (a, b) = if i % 2 == 0 { (a, b) } else { (a, b + 1) };
            s.extend_from_slice(format!("{a} {b}\n").as_bytes());
            let wins = beatty_games::wythoff::outcome(a, b).player_to_move_wins();
            want.extend_from_slice(if wins { b"1\n" } else { b"0\n" });
        }
        let at = s.len();
        s.extend_from_slice(format!("1  2\n{}", "x".repeat(64)).as_bytes());
        let def = Problem::Wythoff.def();
        let form = block::Form::of(def.spec()).unwrap();
        let mut v = vec![0; 40];
        let done = run_into_vec(def, &form, &s, 0, s.len(), &mut v);
        assert_eq!((done.at, done.cases, done.written), (at, 200, 400));
        assert!(v[..done.written] == want, "answers differ");
    }

    #[test]
    fn a_counted_input_is_answered_up_to_its_count_only() {
        // Five cases, the second one irregular (so the block path is tried
        // again after the first cases), then lines that are not read.
        let input = format!("5\n1 2\n3  5\n4 7\n2 3\n6 10\n{}", "8 13\n".repeat(40));
        let (out, r) = run(Problem::Bash, input.as_bytes(), usize::MAX);
        assert_eq!(r, Ok(5));
        // Bash: n = 1, 3, 4, 2, 6 with m = 2, 5, 7, 3, 10: the first player
        // loses only when m + 1 divides n (none here).
        assert_eq!(out, "first\n".repeat(5).as_bytes());
    }
}
