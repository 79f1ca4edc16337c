//! The line-by-line reading of the block path (see [`block`](super)): a
//! number eight digits at a time ([`number`]), a canonical line ([`line`]),
//! the answer lines of a form ([`Form`]), and the loop over lines
//! ([`run_lines`]) that is the reference of the windows of `sse2.rs` and takes
//! the lines before and after them. Below both `block.rs` and `sse2.rs`, which
//! import from here; it imports neither.

use crate::problem::{Case, Definition, Framing, Spec};

/// The bytes a line needs after its start: it reads at most 16 + 1 + 16 + 1
/// of them (the second number's window starts at most 16 bytes in).
pub(crate) const WINDOW: usize = 40;

/// The bytes an answer may take in the output (`Answer` lines of up to 15
/// bytes and their line feed, copied 16 at a time).
pub(crate) const ANSWER: usize = 16;

/// `b'0'` in every byte.
const ZEROS: u64 = u64::from_le_bytes([b'0'; 8]);
/// The high bit of every byte.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// 10^n for n < 8.
const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// The high bit of each byte of `d` (bytes XOR `b'0'`) that is not a digit,
/// that is not below 10. No carry crosses a byte: `(d & 0x7f) + 0x76 ≤ 0xf5`.
#[inline(always)]
fn non_digits(d: u64) -> u64 {
    (((d & 0x7f7f_7f7f_7f7f_7f7f) + 0x7676_7676_7676_7676) | d) & HIGH
}

/// The value of eight digits, one per byte (0 to 9, the first in the lowest
/// byte): pairs, then quadruples, then the whole, one multiply each.
#[inline(always)]
fn eight(d: u64) -> u64 {
    let d = (d.wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
    let d = (d.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_ffff_0000_ffff;
    d.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// The run of 1 to 15 digits at the start of `w` and its length; `None` when
/// there is no digit or 16.
#[inline(always)]
pub(crate) fn number(w: &[u8; 16]) -> Option<(u64, usize)> {
    let [
        l0,
        l1,
        l2,
        l3,
        l4,
        l5,
        l6,
        l7,
        h0,
        h1,
        h2,
        h3,
        h4,
        h5,
        h6,
        h7,
    ] = *w;
    let lo = u64::from_le_bytes([l0, l1, l2, l3, l4, l5, l6, l7]) ^ ZEROS;
    let hi = u64::from_le_bytes([h0, h1, h2, h3, h4, h5, h6, h7]) ^ ZEROS;
    let mlo = non_digits(lo);
    if mlo != 0 {
        let n = (mlo.trailing_zeros() / 8) as usize;
        if n == 0 {
            return None;
        }
        // The n digits to the top bytes, zeros (digit 0) below them.
        return Some((eight(lo << (64 - 8 * n)), n));
    }
    let mhi = non_digits(hi);
    if mhi == 0 {
        return None;
    }
    let n = (mhi.trailing_zeros() / 8) as usize;
    // `hi << 1 << (63 - 8n)` is `hi << (64 - 8n)`, and 0 for n = 0.
    let tail = eight(hi << 1 << (63 - 8 * n));
    Some((eight(lo) * POW10[n] + tail, 8 + n))
}

/// The 16 bytes of `s` from `i` (the caller keeps `i + 16 ≤ s.len()`).
#[inline(always)]
fn window(s: &[u8], i: usize) -> Option<&[u8; 16]> {
    s.get(i..i + 16)?.try_into().ok()
}

/// A canonical line at `s[p..]`: its values and its length (line feed
/// included); `None` for anything else. `s` has [`WINDOW`] bytes from `p`.
#[inline(always)]
pub(crate) fn line(s: &[u8], p: usize, two: bool) -> Option<([u64; 2], usize)> {
    let (a, da) = number(window(s, p)?)?;
    if !two {
        return (*s.get(p + da)? == b'\n').then_some(([a, 0], da + 1));
    }
    if *s.get(p + da)? != b' ' {
        return None;
    }
    let (b, db) = number(window(s, p + da + 1)?)?;
    let len = da + db + 2;
    (*s.get(p + len - 1)? == b'\n').then_some(([a, b], len))
}

/// How a problem's answers are written by [`run`].
#[derive(Clone, Copy)]
pub(crate) struct Form {
    /// Two fields (else one).
    pub(crate) two: bool,
    /// A line of zeros ends the input ([`Framing::Terminator`](crate::problem::Framing)).
    pub(crate) terminator: bool,
    /// The answer lines (loses, wins), each padded to 16 bytes, and their lengths.
    pub(crate) lines: [([u8; ANSWER], usize); 2],
}

impl Form {
    /// The form of a problem's answers: `None` unless its answer is who wins
    /// (`words`) and both words fit in an answer line with their line feed.
    pub(crate) fn of(spec: &Spec) -> Option<Form> {
        let w = spec.words?;
        let padded = |word: &str| {
            let mut line = [0u8; ANSWER];
            line.get_mut(..word.len())?.copy_from_slice(word.as_bytes());
            *line.get_mut(word.len())? = b'\n';
            Some((line, word.len() + 1))
        };
        Some(Form {
            two: spec.fields.len() == 2,
            terminator: spec.framing == Framing::Terminator,
            lines: [padded(w.loses)?, padded(w.wins)?],
        })
    }
}

/// Where [`run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stop {
    /// The offset in `s` of the first line not taken.
    pub(crate) at: usize,
    /// The lines (cases) answered.
    pub(crate) cases: u64,
    /// The bytes written to `out`.
    pub(crate) written: usize,
    /// Stopped for want of room in `out` (else: the range ended or the line at
    /// `at` is one the general path must decide).
    pub(crate) full: bool,
}

/// One line taken at `*pos`, its answer written at `out[*o..]`;
/// `false` (nothing changed) for a line [`run`] does not take.
#[inline(always)]
fn step<D: Definition + ?Sized, const TWO: bool, const TERMINATOR: bool>(
    def: &D,
    form: &Form,
    s: &[u8],
    pos: &mut usize,
    o: &mut usize,
    out: &mut [u8],
) -> bool {
    let Some(dst) = out.get_mut(*o..*o + ANSWER) else {
        return false;
    };
    let Some(([a, b], len)) = line(s, *pos, TWO) else {
        return false;
    };
    let Some((answer, n)) = answer_line::<D, TWO, TERMINATOR>(def, form, a, b) else {
        return false;
    };
    dst.copy_from_slice(answer);
    *o += n;
    *pos += len;
    true
}

/// The answer line (padded to [`ANSWER`] bytes) and its length for the case
/// `a b` (or `a`); `None` for the terminator and a case `wins` does not decide.
#[inline(always)]
pub(super) fn answer_line<'f, D: Definition + ?Sized, const TWO: bool, const TERMINATOR: bool>(
    def: &D,
    form: &'f Form,
    a: u64,
    b: u64,
) -> Option<&'f ([u8; ANSWER], usize)> {
    if TERMINATOR && a == 0 && b == 0 {
        return None;
    }
    let case = if TWO { Case::pair(a, b) } else { Case::one(a) };
    Some(&form.lines[usize::from(def.wins(&case)?)])
}

/// [`run`] for one form, line by line with [`line()`]: the reference of the
/// windows of [`sse2`], which takes the lines before and after its windows
/// with it (and the block path where there is no SSE2).
#[inline(always)]
pub(super) fn run_lines<D: Definition + ?Sized, const TWO: bool, const TERMINATOR: bool>(
    def: &D,
    form: &Form,
    s: &[u8],
    from: usize,
    to: usize,
    max_cases: u64,
    out: &mut [u8],
) -> Stop {
    let end = to.min(s.len().saturating_sub(WINDOW));
    let (mut p, mut o, mut cases) = (from, 0usize, 0u64);
    while p < end
        && cases < max_cases
        && step::<D, TWO, TERMINATOR>(def, form, s, &mut p, &mut o, out)
    {
        cases += 1;
    }
    Stop {
        at: p,
        cases,
        written: o,
        full: p < end && cases < max_cases && o + ANSWER > out.len(),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::solve::fast;

    /// `fast::number` on a padded copy (it needs 20 bytes).
    fn reference(w: &[u8; 16]) -> Option<(u64, usize)> {
        let mut s = w.to_vec();
        s.extend_from_slice(&[b'x'; 8]);
        fast::number(&s, 0).filter(|&(_, n)| n <= 15)
    }

    #[test]
    fn every_length_and_every_digit_place() {
        for n in 0..=16 {
            for d in b'0'..=b'9' {
                for end in [b' ', b'\n', b'/', b':', 0, 0xb0, 0xff, b'x'] {
                    let mut w = [end; 16];
                    for (i, b) in w.iter_mut().take(n).enumerate() {
                        *b = if i % 3 == 0 {
                            d
                        } else {
                            b'0' + (i as u8 * 7) % 10
                        };
                    }
                    let got = number(&w);
                    assert_eq!(got, reference(&w), "{:?}", String::from_utf8_lossy(&w));
                    if let Some((v, len)) = got {
                        let text = core::str::from_utf8(&w[..len]).unwrap();
                        assert_eq!(v, text.parse::<u64>().unwrap());
                    }
                }
            }
        }
        assert_eq!(number(b"999999999999999 "), Some((999_999_999_999_999, 15)));
        assert_eq!(number(b"9999999999999999"), None);
        assert_eq!(number(b"000000000000001\n"), Some((1, 15)));
        assert_eq!(number(b" 1              "), None);
    }

    #[test]
    fn random_bytes_agree_with_the_byte_loop() {
        let mut rng = crate::generate::SplitMix64::new(2121);
        let odd = [
            b' ', b'\n', b'\t', b'\r', b'/', b':', b'-', b'+', 0, 0x80, 0xb0, 0xb9, 0xff, 0x7f,
        ];
        for _ in 0..300_000 {
            let mut w = [0u8; 16];
            for b in &mut w {
                *b = if rng.chance(7, 8) {
                    b'0' + rng.range(0, 9) as u8
                } else {
                    odd[rng.range(0, odd.len() as u64 - 1) as usize]
                };
            }
            assert_eq!(
                number(&w),
                reference(&w),
                "{:?}",
                String::from_utf8_lossy(&w)
            );
        }
    }

    #[test]
    fn lines_agree_with_the_fast_line() {
        let mut rng = crate::generate::SplitMix64::new(2122);
        let odd = [b' ', b'\n', b'\t', b'\r', b'x', 0, 0xff];
        for _ in 0..200_000 {
            let mut s = Vec::new();
            let fields = 1 + rng.range(0, 1) as usize;
            for f in 0..fields {
                if f > 0 {
                    s.push(b' ');
                }
                for _ in 0..rng.range(0, 17) {
                    s.push(b'0' + rng.range(0, 9) as u8);
                }
            }
            s.push(b'\n');
            if rng.chance(1, 4) {
                let at = rng.range(0, s.len() as u64 - 1) as usize;
                s[at] = odd[rng.range(0, odd.len() as u64 - 1) as usize];
            }
            s.extend_from_slice(&[b'7'; fast::WINDOW]);
            for two in [false, true] {
                let want = fast::line(&s, two)
                    .filter(|l| l.digits[0] <= 15 && l.digits[1] <= 15)
                    .map(|l| (l.values, l.len));
                assert_eq!(line(&s, 0, two), want, "{:?}", String::from_utf8_lossy(&s));
            }
        }
    }

    /// Random lines, mostly canonical: numbers of every length 1 to 17
    /// (leading zeros, zeros, the terminator `0 0`), and now and then a line
    /// the general path must decide (a tab, a carriage return, two spaces, a
    /// missing or extra field, a stray byte, a blank line).
    pub(in crate::solve::block) fn random_lines(
        rng: &mut crate::generate::SplitMix64,
        two: bool,
        len: usize,
    ) -> Vec<u8> {
        let odd = [b' ', b'\n', b'\t', b'\r', b'x', b'/', b':', 0, 0x80, 0xff];
        let mut s = Vec::new();
        while s.len() < len {
            let start = s.len();
            let fields = if rng.chance(1, 200) {
                usize::from(two) + 2 - rng.range(0, 2) as usize
            } else {
                1 + usize::from(two)
            };
            for f in 0..fields {
                if f > 0 {
                    s.push(b' ');
                }
                let digits = match rng.range(0, 9) {
                    0 => rng.range(1, 17),
                    1 => 1,
                    _ => rng.range(8, 10),
                };
                for _ in 0..digits {
                    let zero = rng.chance(1, 10);
                    s.push(if zero {
                        b'0'
                    } else {
                        b'0' + rng.range(0, 9) as u8
                    });
                }
            }
            s.push(b'\n');
            if rng.chance(1, 100) {
                let at = rng.range(start as u64, s.len() as u64 - 1) as usize;
                s[at] = odd[rng.range(0, odd.len() as u64 - 1) as usize];
            }
        }
        s
    }
}
