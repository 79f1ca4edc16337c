//! The exact reference solver: streaming, tolerant of layout.
//!
//! # How it reads
//!
//! [`solve`] reads its input through one reusable buffer (8 KiB, doubling up to 1 MiB for large inputs) and a
//! hand-written byte-level tokenizer, so memory does not grow with the input and
//! no case allocates. It is *tolerant of layout*: numbers may be separated by any
//! run of spaces, tabs or carriage returns, blank lines are skipped, the last line
//! need not end with a line break, and the input may end where the format has a
//! terminator (`0 0`). Each case must still be on one line: a line with too few
//! numbers is an incomplete case, one with too many has an unexpected token.
//! After a terminator (`0 0`), or after the C cases of `bash`, the rest of the
//! input is not read, as a contestant's program would not read it.
//!
//! Values are exact for everything that fits in a `u64`, beyond the official
//! limits (enforcing those is [`crate::validate()`]'s job). What is refused, with an
//! [`InputError`] naming line, column and what was expected: a non-number, a
//! negative number, a value above `u64::MAX`, an incomplete case, and values
//! outside the game's domain — a maximum take or raise of 0 (`bash`,
//! `bash-auction`), a price of 0 (`bash-auction`), and in `euclid` a single zero
//! beside a positive number (the format has only positive integers; `0 0` is
//! the terminator). `bash-auction` also refuses a case whose answer would list
//! more than [`MAX_BIDS`] bids (a raise limit near `u64::MAX` would otherwise
//! print for centuries; the official answers have fewer than 1100).
//!
//! `wythoff-moves` accepts a > b as well (the game is symmetric) and prints the
//! resulting positions with x ≤ y as always.
//!
//! Positions in errors are 1-based; **columns count bytes**, not characters.
//! Before an error is returned, the answers of every earlier case have been
//! written and the output flushed.

use crate::Problem;
use beatty_games::{Outcome, bash, euclid, wythoff};
use core::fmt;
use std::io::{self, BufRead, Write};

/// A `bash-auction` case whose answer would list more bids than this is refused.
///
/// ```
/// assert!(beatty_judge::solve::MAX_BIDS >= 1100);
/// ```
pub const MAX_BIDS: u64 = 1 << 16;

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
struct Reader<R> {
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

    /// Describes what is at the current position, consuming it (error path only).
    fn found_here(&mut self, prefix: &str) -> io::Result<String> {
        let mut tok: Vec<u8> = prefix.as_bytes().to_vec();
        let mut more = false;
        while let Some(b) = self.peek()? {
            if b.is_ascii_whitespace() {
                break;
            }
            if tok.len() >= 24 {
                more = true;
                break;
            }
            tok.push(b);
            self.pos += 1;
        }
        Ok(if tok.is_empty() {
            match self.peek()? {
                None => "end of file".into(),
                Some(b'\n') => "end of line".into(),
                Some(_) => "whitespace".into(),
            }
        } else {
            format!(
                "\"{}{}\"",
                String::from_utf8_lossy(&tok).escape_debug(),
                if more { "…" } else { "" }
            )
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

    #[cold]
    fn overflow(&mut self, column: u64, v: u64, count: usize) -> SolveError {
        let mut wide = u128::from(v);
        let mut digits = count;
        let mut wide_ok = true;
        loop {
            match self.peek() {
                Ok(Some(b @ b'0'..=b'9')) => {
                    digits += 1;
                    self.pos += 1;
                    match wide
                        .checked_mul(10)
                        .and_then(|w| w.checked_add(u128::from(b - b'0')))
                    {
                        Some(w) => wide = w,
                        None => wide_ok = false,
                    }
                }
                Ok(_) => break,
                Err(e) => return SolveError::Io(e),
            }
        }
        SolveError::Input(InputError {
            line: self.line,
            column,
            expected: format!("a number ≤ {}", u64::MAX),
            found: if wide_ok {
                wide.to_string()
            } else {
                format!("a {digits}-digit number")
            },
        })
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
    fn fast_pair(&mut self) -> Option<(u64, u64)> {
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
        let b = fast_digits(s, &mut i)?;
        if s[i] != b'\n' {
            return None;
        }
        i += 1;
        self.pos += i;
        self.line += 1;
        self.line_start = self.base + self.pos as u64;
        Some((a, b))
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
struct Out<W: Write> {
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

    fn push_u64(&mut self, v: u64) -> io::Result<()> {
        let mut tmp = [0u8; 20];
        let s = fmt_u64(v, &mut tmp);
        self.push(s)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.buf)?;
        self.buf.clear();
        self.inner.flush()
    }
}

/// Formats `v` in decimal into `tmp`, returning the digits.
pub(crate) fn fmt_u64(mut v: u64, tmp: &mut [u8; 20]) -> &[u8] {
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            return &tmp[i..];
        }
    }
}

/// The winning moves of a `wythoff-moves` answer, as resulting positions (x ≤ y).
///
/// ```
/// use beatty_judge::solve::WinningMoves;
/// let m = WinningMoves { both: Some((1, 2)), singles: vec![(3, 5)] };
/// assert_eq!(m.all().collect::<Vec<_>>(), [(1, 2), (3, 5)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMoves {
    /// The move taking equally from both piles, if it wins.
    pub both: Option<(u64, u64)>,
    /// The distinct winning single-pile moves, in increasing (x, y).
    pub singles: Vec<(u64, u64)>,
}

impl WinningMoves {
    /// Every listed move in output order: `both` first, then `singles`.
    ///
    /// ```
    /// let m = beatty_judge::solve::wythoff_moves_answer(5, 7).unwrap();
    /// assert_eq!(m.all().count(), 3);
    /// ```
    pub fn all(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.both.iter().chain(&self.singles).copied()
    }
}

/// The answer of `wythoff-moves` for (a, b): `None` for a losing position, else the
/// equal-from-both move (if any) and the distinct single-pile moves in increasing
/// order, each as the resulting position with x ≤ y.
///
/// ```
/// use beatty_judge::solve::{wythoff_moves_answer, WinningMoves};
/// assert_eq!(wythoff_moves_answer(4, 7), None);
/// assert_eq!(wythoff_moves_answer(5, 7), Some(WinningMoves { both: Some((3, 5)), singles: vec![(3, 5), (4, 7)] }));
/// assert_eq!(wythoff_moves_answer(4, 5), Some(WinningMoves { both: Some((1, 2)), singles: vec![(3, 5)] }));
/// ```
#[must_use]
pub fn wythoff_moves_answer(a: u64, b: u64) -> Option<WinningMoves> {
    if wythoff::outcome(a, b) == Outcome::P {
        return None;
    }
    let sorted = |(x, y): (u64, u64)| if x <= y { (x, y) } else { (y, x) };
    let mut both = None;
    let mut singles = Vec::with_capacity(2);
    for m in wythoff::winning_moves(a, b) {
        match m.kind {
            wythoff::MoveKind::Both => both = Some(sorted(m.to)),
            _ => singles.push(sorted(m.to)),
        }
    }
    singles.sort_unstable();
    singles.dedup();
    Some(WinningMoves { both, singles })
}

/// The answer of `bash` for a pile of `n` and takes of 1..=`m`: `first` or `second`.
fn bash_word(o: Outcome) -> &'static [u8] {
    if o.player_to_move_wins() {
        b"first\n"
    } else {
        b"second\n"
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
    let mut r = Reader::new(input);
    let mut out = Out::new(output);
    let mut summary = SolveSummary::default();
    let result = solve_into(problem, &mut r, &mut out, &mut summary);
    let flushed = out.flush();
    result?;
    flushed?;
    Ok(summary)
}

fn solve_into<R: BufRead, W: Write>(
    problem: Problem,
    r: &mut Reader<R>,
    out: &mut Out<W>,
    summary: &mut SolveSummary,
) -> Result<(), SolveError> {
    match problem {
        Problem::Wythoff => loop {
            let (a, b) = match r.fast_pair() {
                Some(ab) => ab,
                None => {
                    if !r.next_case()? {
                        break;
                    }
                    let (a, _) = r.number("a number (pile a)")?;
                    let (b, _) = r.number("a number (pile b)")?;
                    r.end_of_line()?;
                    (a, b)
                }
            };
            {
                let p = beatty_core::golden::is_p_position(a, b);
                out.push(if p { b"0\n" } else { b"1\n" })?;
                summary.cases += 1;
            }
        },
        Problem::WythoffMoves => {
            while r.next_case()? {
                let (a, _) = r.number("a number (pile a)")?;
                let (b, _) = r.number("a number (pile b)")?;
                r.end_of_line()?;
                if a == 0 && b == 0 {
                    break;
                }
                match wythoff_moves_answer(a, b) {
                    None => out.push(b"0\n")?,
                    Some(moves) => {
                        out.push(b"1\n")?;
                        for (x, y) in moves.all() {
                            out.push_u64(x)?;
                            out.push(b" ")?;
                            out.push_u64(y)?;
                            out.push(b"\n")?;
                        }
                    }
                }
                summary.cases += 1;
            }
        }
        Problem::Bash => {
            if !r.next_case()? {
                return Ok(());
            }
            let (c, _) = r.number("the number of cases C")?;
            r.end_of_line()?;
            for i in 1..=c {
                if !r.next_case()? {
                    let col = r.column();
                    let what = format!("case {i} of {c} (`n m`)");
                    return Err(r.error(col, &what, ""));
                }
                let (n, _) = r.number("a number (pile n)")?;
                let (m, col) = r.number("a number (maximum take m)")?;
                let line = r.line;
                r.end_of_line()?;
                let o = bash::outcome(n, m).map_err(|_| zero(line, col, "m"))?;
                out.push(bash_word(o))?;
                summary.cases += 1;
            }
        }
        Problem::BashAuction => {
            while r.next_case()? {
                let (price, pc) = r.number("a number (price M)")?;
                let (raise, rc) = r.number("a number (maximum raise N)")?;
                let line = r.line;
                r.end_of_line()?;
                if price == 0 {
                    return Err(zero(line, pc, "M").into());
                }
                let bids =
                    bash::auction_winning_bids(price, raise).map_err(|_| zero(line, rc, "N"))?;
                match bids {
                    None => out.push(b"none\n")?,
                    Some(range) => {
                        let (lo, hi) = range.into_inner();
                        if hi - lo >= MAX_BIDS {
                            return Err(InputError {
                                line,
                                column: rc,
                                expected: format!(
                                    "a case whose answer has at most {MAX_BIDS} bids"
                                ),
                                found: format!(
                                    "{} bids (from {lo} to {hi})",
                                    u128::from(hi - lo) + 1
                                ),
                            }
                            .into());
                        }
                        for bid in lo..=hi {
                            if bid != lo {
                                out.push(b" ")?;
                            }
                            out.push_u64(bid)?;
                        }
                        out.push(b"\n")?;
                    }
                }
                summary.cases += 1;
            }
        }
        Problem::Euclid => {
            while r.next_case()? {
                let (a, ac) = r.number("a positive number a")?;
                let (b, bc) = r.number("a positive number b")?;
                let line = r.line;
                r.end_of_line()?;
                match (a, b) {
                    (0, 0) => break,
                    (0, _) => {
                        return Err(zero(line, ac, "a (only `0 0` may contain a zero)").into());
                    }
                    (_, 0) => {
                        return Err(zero(line, bc, "b (only `0 0` may contain a zero)").into());
                    }
                    _ => {}
                }
                out.push(if euclid::outcome(a, b).player_to_move_wins() {
                    b"Stan wins\n"
                } else {
                    b"Ollie wins\n"
                })?;
                summary.cases += 1;
            }
        }
    }
    Ok(())
}

fn zero(line: u64, column: u64, what: &str) -> InputError {
    InputError {
        line,
        column,
        expected: format!("a positive number {what}"),
        found: "\"0\"".into(),
    }
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
            want += if wythoff::outcome(a, b).player_to_move_wins() {
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
    fn overflow_reports_the_value_or_its_length() {
        let (_, r) = run(Problem::Wythoff, b"18446744073709551616 1\n", usize::MAX);
        assert_eq!(
            r.unwrap_err(),
            "line 1, column 1: expected a number ≤ 18446744073709551615, found 18446744073709551616"
        );
        let long = format!("1 {}\n", "9".repeat(50));
        let (_, r) = run(Problem::Wythoff, long.as_bytes(), usize::MAX);
        assert!(r.unwrap_err().ends_with("found a 50-digit number"));
    }

    #[test]
    fn the_found_token_is_quoted_as_written() {
        let (_, r) = run(Problem::Euclid, b"3 007x\n", usize::MAX);
        assert_eq!(
            r.unwrap_err(),
            "line 1, column 3: expected a positive number b, found \"007x\""
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
