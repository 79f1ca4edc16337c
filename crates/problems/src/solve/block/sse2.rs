//! The block path on x86-64 with SSE2 (part of every x86-64 CPU, so no
//! runtime detection; the intrinsics through the safe API of `safe_arch`):
//! the lines of a 64-byte window at once.
//!
//! Compares of the window's four 16-byte parts give the bit masks of its
//! non-digits, spaces and line feeds. Bit arithmetic on the masks decides
//! whether every line ending in the window is canonical ([`all_canonical`]);
//! if so each line takes its space and line feed from the masks, else each is
//! checked from them (its first non-digit a space, its second the line feed,
//! both numbers 1 to 15 digits long) up to the first that is not. The two
//! numbers of a line are converted together: the 16 bytes ending at each
//! number, their leading bytes masked off, become pairs, quadruples and
//! halves of eight digits by a multiply each. The line starts come from the
//! line-feed mask, so no line waits for the parse of the one before it, and
//! the limits of [`run`](super::run) (range, cases, room in the output) are
//! checked once a window. Each line is decided exactly as
//! [`line`](super::line) decides it; the tests run both on the same bytes.

use super::lines::{ANSWER, Form, Stop, WINDOW, answer_line, run_lines};
use crate::problem::Definition;
use safe_arch::{
    add_i8_m128i, add_i16_m128i, add_i64_m128i, bitand_m128i, cmp_eq_mask_i8_m128i,
    cmp_gt_mask_i8_m128i, get_i64_from_m128i_s, load_unaligned_m128i, m128i, move_mask_i8_m128i,
    mul_i16_horizontal_add_m128i, mul_i16_keep_low_m128i, mul_widen_u32_odd_m128i,
    pack_i32_to_i16_m128i, set_splat_i8_m128i, set_splat_i16_m128i, set_splat_i32_m128i,
    shr_imm_u16_m128i, shr_imm_u64_m128i, sub_i8_m128i, unpack_high_i64_m128i,
};

/// The bytes of a window.
const SPAN: usize = 64;
/// The bytes before a window a number may start in (its 16-byte load).
const BEFORE: usize = 16;

/// 16 zero bytes, then 16 bytes `0xff`: bytes `n..n + 16` keep the last `n`
/// bytes of a vector.
const TAIL: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 16;
    while i < 32 {
        t[i] = 0xff;
        i += 1;
    }
    t
};

/// The 16 bytes of `w` from `i` (at most 64: no bounds check).
#[inline(always)]
fn load(w: &[u8; BEFORE + SPAN], i: usize) -> m128i {
    let i = i.min(SPAN);
    let mut b = [0u8; 16];
    b.copy_from_slice(&w[i..i + 16]);
    load_unaligned_m128i(&b)
}

/// The masks of the 64 bytes after the first 16 of `w`, one bit a byte:
/// (non-digits, spaces, line feeds).
#[inline(always)]
fn masks(w: &[u8; BEFORE + SPAN]) -> (u64, u64, u64) {
    // Adding 0x50 takes the digits, and only them, to 0x80..=0x89, the
    // bytes not above -119 as `i8`.
    let (shift, top) = (set_splat_i8_m128i(0x50), set_splat_i8_m128i(-119));
    let (space, lf) = (
        set_splat_i8_m128i(b' ' as i8),
        set_splat_i8_m128i(b'\n' as i8),
    );
    let (mut non_digits, mut spaces, mut lfs) = (0u64, 0u64, 0u64);
    for k in 0..SPAN / 16 {
        let v = load(w, BEFORE + 16 * k);
        let bits = |m: m128i| u64::from(move_mask_i8_m128i(m) as u16) << (16 * k);
        non_digits |= bits(cmp_gt_mask_i8_m128i(add_i8_m128i(v, shift), top));
        spaces |= bits(cmp_eq_mask_i8_m128i(v, space));
        lfs |= bits(cmp_eq_mask_i8_m128i(v, lf));
    }
    (non_digits, spaces, lfs)
}

/// The values of two runs of 1 to 15 digits in `w`: `na` digits ending
/// before `w[ea]` and `nb` before `w[eb]` (`ea`, `eb` in 16..80).
#[inline(always)]
fn values(w: &[u8; BEFORE + SPAN], ea: usize, na: usize, eb: usize, nb: usize) -> (u64, u64) {
    let zero = set_splat_i8_m128i(b'0' as i8);
    // The digits 0 to 9 of a number, one a byte, its last in the last byte;
    // zeros before its first.
    let digits = |e: usize, n: usize| {
        let n = n & 15;
        let mut keep = [0u8; 16];
        keep.copy_from_slice(&TAIL[n..n + 16]);
        bitand_m128i(
            sub_i8_m128i(load(w, e - BEFORE), zero),
            load_unaligned_m128i(&keep),
        )
    };
    // Pairs (16 bits: the first byte of each is the higher digit), then
    // quadruples (32 bits).
    let fours = |d: m128i| {
        let first = bitand_m128i(d, set_splat_i16_m128i(0xff));
        let pairs = add_i16_m128i(
            mul_i16_keep_low_m128i(first, set_splat_i16_m128i(10)),
            shr_imm_u16_m128i::<8>(d),
        );
        mul_i16_horizontal_add_m128i(pairs, set_splat_i32_m128i(1 << 16 | 100))
    };
    // Each quadruple is below 10^4: 16 bits. Then the halves of 16 digits.
    let q = pack_i32_to_i16_m128i(fours(digits(ea, na)), fours(digits(eb, nb)));
    let e = mul_i16_horizontal_add_m128i(q, set_splat_i32_m128i(1 << 16 | 10_000));
    // The first half (the even 32-bit lanes) times 10^8, plus the second.
    let v = add_i64_m128i(
        mul_widen_u32_odd_m128i(e, set_splat_i32_m128i(100_000_000)),
        shr_imm_u64_m128i::<32>(e),
    );
    (
        get_i64_from_m128i_s(v) as u64,
        get_i64_from_m128i_s(unpack_high_i64_m128i(v, v)) as u64,
    )
}

/// Whether every line ending in the window is canonical, from its masks
/// alone. Up to the last line feed: every non-digit is a separator (a space or
/// a line feed; a line feed only, for one field); no two are adjacent and the
/// first byte is a digit (no number is empty); spaces and line feeds alternate
/// from a space (the parity of the non-digits up to a space is odd, up to a
/// line feed even); and no 16 bytes in a row are digits.
#[inline(always)]
fn all_canonical<const TWO: bool>(non_digits: u64, spaces: u64, lfs: u64) -> bool {
    let lines = u64::MAX >> lfs.leading_zeros();
    let nd = non_digits & lines;
    let spaces = spaces & lines;
    let separators = if TWO { spaces | lfs } else { lfs };
    let mut odd = nd;
    for k in [1, 2, 4, 8, 16, 32] {
        odd ^= odd << k;
    }
    let mut digits16 = !nd & lines;
    for k in [1, 2, 4, 8] {
        digits16 &= digits16 >> k;
    }
    nd == separators
        && nd & (nd >> 1 | 1) == 0
        && (!TWO || spaces & !odd | lfs & odd == 0)
        && digits16 == 0
}

/// The answer of the case `(a, b)` (or `a`) at `out[*o..]`; `false` (nothing
/// written) for the terminator and a case `wins` does not decide.
#[inline(always)]
fn answer<D: Definition + ?Sized, const TWO: bool, const TERMINATOR: bool>(
    def: &D,
    form: &Form,
    (a, b): (u64, u64),
    out: &mut [u8; SPAN * ANSWER + ANSWER],
    o: &mut usize,
) -> bool {
    let Some((line, n)) = answer_line::<D, TWO, TERMINATOR>(def, form, a, b) else {
        return false;
    };
    let at = *o & (SPAN * ANSWER - 1);
    out[at..at + ANSWER].copy_from_slice(line);
    *o += n;
    true
}

/// The answers of the lines that end in the window `w[16..]`, the first
/// starting at `w[16]`, written from `out[0]`: the offset (from `w[16]`) of
/// the first line not taken, the cases and the bytes written.
#[inline(always)]
fn window<D: Definition + ?Sized, const TWO: bool, const TERMINATOR: bool>(
    def: &D,
    form: &Form,
    w: &[u8; BEFORE + SPAN],
    out: &mut [u8; SPAN * ANSWER + ANSWER],
) -> (usize, u64, usize) {
    let (non_digits, spaces, mut lfs) = masks(w);
    let (mut st, mut cases, mut o) = (0usize, 0u64, 0usize);
    if lfs != 0 && all_canonical::<TWO>(non_digits, spaces, lfs) {
        // Every line: its space is the next one.
        let mut spaces = spaces;
        while lfs != 0 {
            let e = lfs.trailing_zeros() as usize;
            let values = if TWO {
                let sp = spaces.trailing_zeros() as usize;
                spaces &= spaces.wrapping_sub(1);
                values(w, BEFORE + sp, sp - st, BEFORE + e, e - sp - 1)
            } else {
                (values(w, BEFORE + e, e - st, BEFORE + e, e - st).0, 0)
            };
            if !answer::<D, TWO, TERMINATOR>(def, form, values, out, &mut o) {
                break;
            }
            cases += 1;
            st = e + 1;
            lfs &= lfs - 1;
        }
        return (st, cases, o);
    }
    // Some line is not: each checked, up to the first that is not.
    while lfs != 0 {
        let e = lfs.trailing_zeros() as usize;
        let nd = non_digits >> st;
        let t1 = nd.trailing_zeros() as usize;
        let values = if TWO {
            let t2 = (nd & (nd - 1)).trailing_zeros() as usize;
            let nb = t2.wrapping_sub(t1 + 1);
            let canonical = spaces >> (st + t1) & 1 == 1
                && t2 == e - st
                && t1.wrapping_sub(1) < 15
                && nb.wrapping_sub(1) < 15;
            if !canonical {
                break;
            }
            values(w, BEFORE + st + t1, t1, BEFORE + e, nb)
        } else {
            if !(t1 == e - st && t1.wrapping_sub(1) < 15) {
                break;
            }
            (values(w, BEFORE + e, t1, BEFORE + e, t1).0, 0)
        };
        if !answer::<D, TWO, TERMINATOR>(def, form, values, out, &mut o) {
            break;
        }
        cases += 1;
        st = e + 1;
        lfs &= lfs - 1;
    }
    (st, cases, o)
}

/// [`run_lines`](super::run_lines) by windows: the same lines, the same
/// [`Stop`].
#[inline(always)]
pub(crate) fn run_as<D: Definition + ?Sized, const TWO: bool, const TERMINATOR: bool>(
    def: &D,
    form: &Form,
    s: &[u8],
    from: usize,
    to: usize,
    max_cases: u64,
    out: &mut [u8],
) -> Stop {
    let end = to.min(s.len().saturating_sub(WINDOW));
    // A number is read from the 16 bytes before its end: windows from byte 16,
    // the lines before it one at a time.
    let head = run_lines::<D, TWO, TERMINATOR>(def, form, s, from, to.min(BEFORE), max_cases, out);
    let (mut p, mut o, mut cases) = (head.at, head.written, head.cases);
    // Windows while every line in one starts before `end` and its answers
    // fit, whatever they are (at most 64 lines).
    while p >= BEFORE && p + SPAN <= end && max_cases - cases >= SPAN as u64 {
        let (Some(w), Some(dst)) = (
            s.get(p - BEFORE..p + SPAN)
                .and_then(|w| <&[u8; BEFORE + SPAN]>::try_from(w).ok()),
            out.get_mut(o..o + SPAN * ANSWER + ANSWER)
                .and_then(|d| <&mut [u8; SPAN * ANSWER + ANSWER]>::try_from(d).ok()),
        ) else {
            break;
        };
        let (taken, n, written) = window::<D, TWO, TERMINATOR>(def, form, w, dst);
        p += taken;
        cases += n;
        o += written;
        if taken == 0 {
            // The line at `p` is one the general path decides (or longer
            // than a window, so not canonical either).
            break;
        }
    }
    // The last lines, where a window would pass the end, and the line that
    // stopped the windows (which `run_lines` declines as well).
    let tail =
        run_lines::<D, TWO, TERMINATOR>(def, form, s, p, to, max_cases - cases, &mut out[o..]);
    Stop {
        at: tail.at,
        cases: cases + tail.cases,
        written: o + tail.written,
        full: tail.full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Case;

    /// Every byte value at every place of a window, against the definition.
    #[test]
    fn masks_classify_every_byte() {
        for first in 0..=255u8 {
            let mut w = [b'7'; BEFORE + SPAN];
            for (i, b) in w[BEFORE..].iter_mut().enumerate() {
                *b = first.wrapping_add(i as u8);
            }
            let mut want = (0u64, 0u64, 0u64);
            for (i, &b) in w[BEFORE..].iter().enumerate() {
                want.0 |= u64::from(!b.is_ascii_digit()) << i;
                want.1 |= u64::from(b == b' ') << i;
                want.2 |= u64::from(b == b'\n') << i;
            }
            assert_eq!(masks(&w), want, "from {first}");
        }
    }

    /// What [`window`] takes, against its definition: the lines from the
    /// window's first byte that end in it, each one [`line`](super::super::line)
    /// takes and the problem answers (not the terminator, `wins` decides it),
    /// up to the first that is not. The windows, from random lines with up to
    /// three bytes changed, are as often mixed as canonical, so both of its
    /// ways are checked (a way that gave up early would only have cost speed
    /// in the solver, whose per-line path takes the rest).
    #[test]
    fn window_takes_the_lines_line_takes() {
        let mut rng = crate::generate::SplitMix64::new(2124);
        let odd = [b' ', b'\n', b'0', b'9', b'x', b'\t'];
        for problem in crate::Problem::ALL {
            let def = problem.def();
            let Some(form) = Form::of(def.spec()) else {
                assert!(def.spec().words.is_none(), "{problem}: no form");
                continue;
            };
            // The expectation reads the format off the spec, not off `form`.
            let two = def.spec().fields.len() == 2;
            let terminator = def.spec().framing == crate::problem::Framing::Terminator;
            let (mut full, mut part) = (0, 0);
            for _ in 0..4_000 {
                let mut s = Vec::new();
                // A first line of numbers 15 or 16 digits long, small by their
                // leading zeros (so the problem answers them): the length
                // bound is all that decides it.
                if rng.chance(1, 4) {
                    for f in 0..1 + usize::from(form.two) {
                        if f > 0 {
                            s.push(b' ');
                        }
                        s.resize(s.len() + rng.range(14, 15) as usize, b'0');
                        s.push(b'1' + rng.range(0, 8) as u8);
                    }
                    s.push(b'\n');
                }
                s.extend(super::super::lines::tests::random_lines(
                    &mut rng,
                    form.two,
                    2 * SPAN,
                ));
                let mut w = [b'7'; BEFORE + SPAN];
                w[BEFORE..].copy_from_slice(&s[..SPAN]);
                for _ in 0..rng.range(0, 3) {
                    let at = BEFORE + rng.range(0, SPAN as u64 - 1) as usize;
                    w[at] = odd[rng.range(0, odd.len() as u64 - 1) as usize];
                }
                let mut padded = w[BEFORE..].to_vec();
                padded.extend_from_slice(&[b'x'; WINDOW]);
                let (mut st, mut cases, mut written) = (0usize, 0u64, 0usize);
                while let Some(([a, b], len)) = super::super::lines::line(&padded, st, two) {
                    if st + len > SPAN || (terminator && a == 0 && b == 0) {
                        break;
                    }
                    let case = if two { Case::pair(a, b) } else { Case::one(a) };
                    let Some(wins) = def.wins(&case) else { break };
                    st += len;
                    cases += 1;
                    written += form.lines[usize::from(wins)].1;
                }
                let mut out = [0u8; SPAN * ANSWER + ANSWER];
                let got = match (form.two, form.terminator) {
                    (true, false) => window::<_, true, false>(def, &form, &w, &mut out),
                    (true, true) => window::<_, true, true>(def, &form, &w, &mut out),
                    (false, false) => window::<_, false, false>(def, &form, &w, &mut out),
                    (false, true) => window::<_, false, true>(def, &form, &w, &mut out),
                };
                assert_eq!(
                    got,
                    (st, cases, written),
                    "{problem}: window {:?}",
                    String::from_utf8_lossy(&w[BEFORE..])
                );
                let last = padded[..SPAN].iter().rposition(|&b| b == b'\n');
                if last.is_some_and(|l| st == l + 1) {
                    full += 1;
                } else {
                    part += 1;
                }
            }
            assert!(
                full > 500 && part > 500,
                "{problem}: {full} whole, {part} cut short"
            );
        }
    }

    /// `all_canonical` against its definition: every line that ends in the
    /// window, read from its first byte, is a line [`line`](super::super::line)
    /// takes. Windows of random lines (mostly canonical), with up to three
    /// bytes changed to separators, digits or strays; both answers must occur
    /// often, so a mask test that says "no" too often fails as surely as one
    /// that says "yes" (a "no" only costs speed on the path, not answers).
    #[test]
    fn all_canonical_is_every_line_taken_by_line() {
        let mut rng = crate::generate::SplitMix64::new(2123);
        let odd = [b' ', b'\n', b'0', b'9', b'x', b'\t'];
        for two in [false, true] {
            let (mut yes, mut no) = (0, 0);
            for _ in 0..20_000 {
                let s = super::super::lines::tests::random_lines(&mut rng, two, 2 * SPAN);
                let mut w = [b'7'; BEFORE + SPAN];
                w[BEFORE..].copy_from_slice(&s[..SPAN]);
                for _ in 0..rng.range(0, 3) {
                    // The first bytes half of the time: the window's first
                    // line is the one its tests treat apart.
                    let end = if rng.chance(1, 2) { 3 } else { SPAN as u64 - 1 };
                    let at = BEFORE + rng.range(0, end) as usize;
                    w[at] = odd[rng.range(0, odd.len() as u64 - 1) as usize];
                }
                let (nd, spaces, lfs) = masks(&w);
                if lfs == 0 {
                    continue;
                }
                let last = 63 - lfs.leading_zeros() as usize;
                let mut padded = w[BEFORE..].to_vec();
                padded.extend_from_slice(&[b'x'; WINDOW]);
                let mut p = 0;
                let want = loop {
                    if p > last {
                        break true;
                    }
                    match super::super::lines::line(&padded, p, two) {
                        Some((_, len)) if p + len - 1 <= last => p += len,
                        _ => break false,
                    }
                };
                let got = if two {
                    all_canonical::<true>(nd, spaces, lfs)
                } else {
                    all_canonical::<false>(nd, spaces, lfs)
                };
                assert_eq!(
                    got,
                    want,
                    "two fields: {two}, window {:?}",
                    String::from_utf8_lossy(&w[BEFORE..])
                );
                if want {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
            assert!(yes > 2_000 && no > 2_000, "two: {two}: {yes} yes, {no} no");
        }
    }
}
