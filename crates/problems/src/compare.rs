//! A leaf below the drivers: the primitives of comparing an output with an
//! answer the way testlib does, shared by the checker (`check`) and the
//! problems with their own comparison (`wythoff-moves`): testlib's blanks and
//! integers, a token kept in constant memory ([`Tok`]), an output read line by
//! line ([`Lines`]), how tokens and lines are shown in messages, and the
//! verdict with its message when an output is not accepted ([`Mismatch`]).

use crate::Verdict;
use crate::text::{TOKEN_BYTES, excerpt, excerpt_of};
use crate::window::Window;
use std::io::{self, Read};

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
pub(crate) const MAX_TOKEN: usize = 32 << 20;

/// At most this many tokens of a case are shown in messages.
pub(crate) const SHOWN_TOKENS: usize = 8;

pub(crate) fn tokens(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    data.split(is_blank).filter(|t| !t.is_empty())
}

/// Up to [`SHOWN_TOKENS`] tokens, each bounded and escaped, separated by spaces.
pub(crate) fn shown_tokens<'a>(toks: impl IntoIterator<Item = &'a [u8]>) -> String {
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
pub(crate) fn testlib_long(t: &[u8]) -> Option<i64> {
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

/// A token as the streaming checker keeps it: its first [`KEPT`] bytes and its
/// length (a token of any length in constant memory). Every decision needs no
/// more: an integer has at most 20 bytes, an answer token fewer than `KEPT`, and
/// [`excerpt`] of `TOKEN_BYTES` bytes reads at most `TOKEN_BYTES + 4` of them.
pub(crate) struct Tok {
    pub(crate) kept: Vec<u8>,
    pub(crate) len: u64,
}

/// Bytes kept of a token.
pub(crate) const KEPT: usize = TOKEN_BYTES + 8;

impl Tok {
    pub(crate) fn of(t: &[u8]) -> Tok {
        Tok {
            kept: t[..t.len().min(KEPT)].to_vec(),
            len: t.len() as u64,
        }
    }

    /// Reads the token that starts at the window's position (not blank),
    /// through its end, keeping its first [`KEPT`] bytes.
    pub(crate) fn read<R: Read>(w: &mut Window<R>) -> io::Result<Tok> {
        let mut t = Tok {
            kept: Vec::new(),
            len: 0,
        };
        loop {
            let s = w.ahead(1)?;
            if s.is_empty() {
                break;
            }
            let end = s.iter().position(is_blank);
            let n = end.unwrap_or(s.len());
            let keep = n.min(KEPT - t.kept.len());
            t.kept.extend_from_slice(&s[..keep]);
            t.len += n as u64;
            w.advance(n);
            if end.is_some() {
                break;
            }
        }
        Ok(t)
    }

    pub(crate) fn is(&self, want: &[u8]) -> bool {
        self.len == want.len() as u64 && self.kept == want
    }

    pub(crate) fn long(&self) -> Option<i64> {
        if self.len > 20 {
            None
        } else {
            testlib_long(&self.kept)
        }
    }

    pub(crate) fn shown(&self) -> String {
        excerpt_of(&self.kept, self.len, TOKEN_BYTES)
    }
}

/// Up to [`SHOWN_TOKENS`] kept tokens, as [`shown_tokens`] shows whole ones.
pub(crate) fn shown_toks(toks: &[Tok]) -> String {
    let mut v: Vec<String> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if i == SHOWN_TOKENS {
            v.push("…".into());
            break;
        }
        v.push(t.shown());
    }
    v.join(" ")
}

/// A non-empty line of an output read by [`Lines`] (a line is what lies
/// between line feeds; it is non-empty when it has a token): its number of
/// tokens, its first [`LINE_TOKENS`] tokens, and, when asked for, its tokens
/// shown as a message shows them (each bounded by [`excerpt`], separated by
/// spaces).
pub(crate) struct LineToks {
    /// How many tokens the line has.
    pub(crate) count: u64,
    /// The first tokens (at most [`LINE_TOKENS`]).
    toks: Vec<Tok>,
    /// Every token shown, when the line was read with `show` and has more
    /// tokens than are kept.
    shown: Option<String>,
}

/// Tokens kept of a line.
pub(crate) const LINE_TOKENS: usize = 4;

impl LineToks {
    /// Token `i` (< [`LINE_TOKENS`]) is exactly `want`.
    pub(crate) fn is(&self, i: usize, want: &[u8]) -> bool {
        self.toks.get(i).is_some_and(|t| t.is(want))
    }

    /// Token `i` (< [`LINE_TOKENS`]) as an unsigned integer as testlib reads
    /// one: digits only, no leading zero, at most `u64::MAX`.
    pub(crate) fn unsigned(&self, i: usize) -> Option<u64> {
        let t = self.toks.get(i)?;
        let k = &t.kept;
        if t.len > 20 || k.is_empty() || (k.len() > 1 && k[0] == b'0') {
            return None;
        }
        k.iter().try_fold(0u64, |v, &d| {
            if !d.is_ascii_digit() {
                return None;
            }
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })
    }

    /// Every token shown (the line must have been read with `show` when it has
    /// more than [`LINE_TOKENS`] tokens).
    pub(crate) fn shown(&self) -> String {
        match &self.shown {
            Some(s) => s.clone(),
            None => self.first_shown(usize::MAX),
        }
    }

    /// The first `n` (≤ [`LINE_TOKENS`]) tokens shown.
    pub(crate) fn first_shown(&self, n: usize) -> String {
        self.toks
            .iter()
            .take(n)
            .map(Tok::shown)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The reader of [`Definition::compare_lines`].
pub(crate) type DynLines<'a> = Lines<&'a mut dyn Read>;

/// An output read line by line, in constant memory but for what messages
/// show: the reader of the line-structured comparisons ([`OutputKind::Custom`]).
/// One line may be read ahead ([`Lines::peek`]).
pub(crate) struct Lines<R> {
    w: Window<R>,
    peeked: Option<Option<LineToks>>,
}

impl<R: Read> Lines<R> {
    pub(crate) fn new(inner: R) -> Self {
        Lines {
            w: Window::new(inner),
            peeked: None,
        }
    }

    /// The fast path: the next lines are exactly `rendered` (lines, each ended
    /// by a line feed, the first a lone token) and the line after them is not
    /// one more line of this case (it has at most one token, or the output
    /// ends); they are consumed and `true`. Otherwise nothing is consumed and
    /// `false`. A line read ahead already must be `rendered`'s first.
    #[inline]
    pub(crate) fn next_are(&mut self, rendered: &[u8]) -> io::Result<bool> {
        let need = match &self.peeked {
            None => rendered,
            Some(Some(first)) => {
                let Some(nl) = rendered.iter().position(|&b| b == b'\n') else {
                    return Ok(false);
                };
                if first.count != 1 || !first.is(0, &rendered[..nl]) {
                    return Ok(false);
                }
                &rendered[nl + 1..]
            }
            Some(None) => return Ok(false),
        };
        let s = self.w.ahead(need.len() + 64)?;
        if !s.starts_with(need) {
            return Ok(false);
        }
        // The line after: at most one token and no other blank (else decline).
        let t = &s[need.len()..];
        let k = t.iter().position(is_blank).unwrap_or(t.len());
        let next_ok = match t.get(k) {
            Some(b'\n') => k > 0,
            Some(_) => false,
            // The window ends: the output ends there (or the token is long).
            None => t.len() < 64,
        };
        if next_ok {
            self.w.advance(need.len());
            self.peeked = None;
        }
        Ok(next_ok)
    }

    /// The next non-empty line (`show`: keep every token shown when there are
    /// more than are kept), `None` at the end of the output.
    pub(crate) fn next(&mut self, show: bool) -> io::Result<Option<LineToks>> {
        match self.peeked.take() {
            Some(l) => Ok(l),
            None => self.read(show),
        }
    }

    /// The next non-empty line, left to be read by [`Lines::next`].
    pub(crate) fn peek(&mut self, show: bool) -> io::Result<Option<&LineToks>> {
        if self.peeked.is_none() {
            self.peeked = Some(self.read(show)?);
        }
        Ok(self.peeked.as_ref().and_then(Option::as_ref))
    }

    fn read(&mut self, show: bool) -> io::Result<Option<LineToks>> {
        loop {
            let mut line = LineToks {
                count: 0,
                toks: Vec::new(),
                shown: None,
            };
            let mut all = Vec::new();
            let ended = loop {
                // Blanks of the line.
                let s = self.w.ahead(1)?;
                let Some(&b) = s.first() else { break true };
                if b == b'\n' {
                    self.w.advance(1);
                    break false;
                }
                if is_blank(&b) {
                    let n = s
                        .iter()
                        .position(|b| !is_blank(b) || *b == b'\n')
                        .unwrap_or(s.len());
                    self.w.advance(n);
                    continue;
                }
                // A token.
                let t = Tok::read(&mut self.w)?;
                line.count += 1;
                if show {
                    all.push(t.shown());
                }
                if line.toks.len() < LINE_TOKENS {
                    line.toks.push(t);
                }
            };
            if line.count > 0 {
                if show && line.count > LINE_TOKENS as u64 {
                    line.shown = Some(all.join(" "));
                }
                return Ok(Some(line));
            }
            if ended {
                return Ok(None);
            }
        }
    }
}

/// `token` or `tokens`: the noun after a count of `n` tokens in messages.
pub(crate) fn tokens_noun(n: u64) -> &'static str {
    if n == 1 { "token" } else { "tokens" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::testing::Trickle;

    /// The non-empty lines of `data`, each as its tokens: the lines
    /// [`Lines::next`] must return, by their definition.
    fn lines_of(data: &[u8]) -> Vec<Vec<Vec<u8>>> {
        data.split(|&b| b == b'\n')
            .map(|l| tokens(l).map(<[u8]>::to_vec).collect::<Vec<_>>())
            .filter(|l| !l.is_empty())
            .collect()
    }

    /// What a [`Lines`] has left: every line, each as its kept tokens (the
    /// tokens here are short, so kept whole).
    fn rest<R: Read>(l: &mut Lines<R>) -> Vec<Vec<Vec<u8>>> {
        let mut out = Vec::new();
        while let Some(line) = l.next(false).unwrap() {
            assert!(
                line.count <= LINE_TOKENS as u64,
                "a test line has few tokens"
            );
            out.push(line.toks.iter().map(|t| t.kept.clone()).collect());
        }
        out
    }

    #[test]
    fn lines_next_are_takes_exactly_the_lines_it_may() {
        // `next_are(rendered)` on random streams, with or without a line read
        // ahead (`peek`), read in random steps. Its definition: true only when
        // the stream shows `rendered` (after the line read ahead, which must
        // be its lone first token) and the line after has at most one token
        // (it may not be one more line of the case), and true whenever that is
        // certain within 64 bytes; what it consumes is exactly that prefix,
        // and on false nothing.
        let mut rng = SplitMix64::new(259);
        let (mut taken, mut declined) = (0, 0);
        for _ in 0..40_000 {
            let moves = rng.range(0, 2);
            let mut rendered = if moves == 0 {
                b"0\n".to_vec()
            } else {
                b"1\n".to_vec()
            };
            for _ in 0..moves {
                rendered.extend(format!("{} {}\n", rng.range(0, 12), rng.range(0, 12)).bytes());
            }
            let mut stream = rendered.clone();
            if rng.chance(1, 4) {
                // a changed byte: a digit, a blank, or a line feed
                let at = rng.range(0, stream.len() as u64 - 1) as usize;
                stream[at] = b"05 \n\t"[rng.range(0, 4) as usize];
            }
            let token_len = match rng.range(0, 3) {
                0 => 0,
                1 => rng.range(1, 5),
                _ => rng.range(60, 68),
            } as usize;
            let after: Vec<u8> = match rng.range(0, 5) {
                0 => Vec::new(),
                1 => b"\n".to_vec(),
                2 => b" ".to_vec(),
                3 => b" 8\n".to_vec(),
                _ => b"\n2 3\n".to_vec(),
            };
            stream.extend(std::iter::repeat_n(b'7', token_len));
            stream.extend(&after);
            let peek = rng.chance(1, 2);
            let step = 1 + rng.range(0, 9) as usize;
            let mut l = Lines::new(Trickle {
                data: &stream,
                step,
            });
            let all = lines_of(&stream);
            if peek {
                l.peek(false).unwrap();
            }
            let got = l.next_are(&rendered).unwrap();
            // The definition, on the bytes.
            let first_line_ok = {
                let head = &rendered[..rendered.len().min(2)]; // `0\n` or `1\n`
                if peek {
                    // the peeked line is `rendered`'s first as a lone token, and
                    // the stream after its line feed shows the rest
                    all.first().is_some_and(|l| *l == [head[..1].to_vec()])
                } else {
                    true
                }
            };
            let shown = if peek {
                // after the first non-empty line (and its line feed, if any)
                let mut at = 0;
                loop {
                    let end = stream[at..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map(|n| at + n);
                    let line_end = end.unwrap_or(stream.len());
                    at = end.map_or(stream.len(), |e| e + 1);
                    if tokens(&stream[..line_end]).count() > 0 || end.is_none() {
                        break;
                    }
                }
                stream[at..]
                    .starts_with(&rendered[2..])
                    .then_some(at + rendered.len() - 2)
            } else {
                stream.starts_with(&rendered).then_some(rendered.len())
            };
            let (may, must) = match (first_line_ok, shown) {
                (true, Some(end)) => {
                    let t = &stream[end..];
                    let k = t.iter().position(is_blank);
                    match k {
                        Some(k) if k < 64 => {
                            let one = k > 0 && t[k] == b'\n';
                            (one, one)
                        }
                        Some(k) => (t[k] == b'\n', false),
                        None => (true, t.len() < 64),
                    }
                }
                _ => (false, false),
            };
            assert!(!got || may, "{stream:?} {rendered:?} peek {peek}");
            assert!(got || !must, "{stream:?} {rendered:?} peek {peek}");
            // What is left to read.
            let left = rest(&mut l);
            let want = if got {
                lines_of(&stream[shown.unwrap()..])
            } else {
                all
            };
            assert_eq!(left, want, "{stream:?} {rendered:?} peek {peek} got {got}");
            if got { taken += 1 } else { declined += 1 }
        }
        assert!(taken > 5_000 && declined > 5_000, "{taken} {declined}");
    }

    #[test]
    fn a_line_shows_its_tokens_however_it_was_read() {
        // `shown` needs `show` only for a line of more than LINE_TOKENS tokens.
        let data = b"a  b\n1 2 3 4 5 6\nc\n";
        for show in [false, true] {
            let mut l = Lines::new(&data[..]);
            let first = l.next(show).unwrap().unwrap();
            assert_eq!((first.count, first.shown()), (2, "a b".to_owned()));
            let second = l.next(true).unwrap().unwrap();
            assert_eq!(
                (second.count, second.shown()),
                (6, "1 2 3 4 5 6".to_owned())
            );
            assert_eq!(second.first_shown(3), "1 2 3");
            let third = l.next(show).unwrap().unwrap();
            assert_eq!(third.shown(), "c");
            assert!(l.next(show).unwrap().is_none());
        }
    }

    #[test]
    fn a_long_token_keeps_its_first_bytes_only() {
        // Read in steps of 1000 bytes: each step may keep only what the
        // earlier ones left of KEPT.
        let data = [b"x".repeat(100_000), b" y".to_vec()].concat();
        let mut w = Window::new(Trickle {
            data: &data,
            step: 1000,
        });
        let t = Tok::read(&mut w).unwrap();
        assert_eq!(t.len, 100_000);
        assert_eq!(t.kept, b"x".repeat(KEPT));
        assert_eq!(w.pos(), 100_000);
    }

    #[test]
    fn unsigned_reads_as_testlib_does() {
        // Digits only, no leading zero, at most u64::MAX (20 digits).
        let cases: [(&[u8], Option<u64>); 9] = [
            (b"0", Some(0)),
            (b"7", Some(7)),
            (b"18446744073709551615", Some(u64::MAX)),
            (b"18446744073709551616", None),
            (b"99999999999999999999", None),
            (b"100000000000000000000", None),
            (b"00", None),
            (b"-1", None),
            (b"1x", None),
        ];
        for (tok, want) in cases {
            let line = [tok, b" 5\n"].concat();
            let mut l = Lines::new(&line[..]);
            let toks = l.next(false).unwrap().unwrap();
            assert_eq!(toks.unsigned(0), want, "{}", String::from_utf8_lossy(tok));
            assert_eq!(toks.unsigned(1), Some(5));
            assert_eq!(toks.unsigned(2), None, "no third token");
        }
    }
}
