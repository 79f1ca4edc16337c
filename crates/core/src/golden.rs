//! The golden ratio φ = (1 + √5)/2 and its Beatty sequences, exactly.
//!
//! # The idea
//!
//! Everything here reduces to one exact primitive, ⌊n/φ⌋. Because
//! 1/φ = φ − 1 is irrational, for integers `c ≥ 0` and `n > 0`
//!
//! ```text
//! c ≤ n/φ   ⟺   c·φ ≤ n   ⟺   c·(c + n) ≤ n²
//! ```
//!
//! (square `cφ ≤ n` after writing φ = 1 + 1/φ; equality never holds), a test in
//! `u128` arithmetic. The fast path multiplies `n` by the 64-bit fixed-point
//! constant `M = ⌊2⁶⁴/φ⌋ = 0x9e3779b97f4a7c15`: the true value
//! `n·2⁶⁴/φ = n·M + n·ε` with `0 < ε < 1`, so the high word of `n·M` is the
//! answer unless the low word is within `n` of a carry — then the exact test
//! decides. With that:
//!
//! * ⌊kφ⌋ = k + ⌊k/φ⌋ — the lower Wythoff numbers (OEIS A000201),
//! * ⌊kφ²⌋ = 2k + ⌊k/φ⌋ — the upper Wythoff numbers (OEIS A001950),
//! * the k-th Wythoff pair (⌊kφ⌋, ⌊kφ²⌋) is the k-th P-position of
//!   Wythoff's game (Wythoff 1907).
//!
//! Beside the fast path sits a simple exact reference,
//! [`reference::lower_by_isqrt`](crate::reference::lower_by_isqrt) = (k + ⌊√(5k²)⌋)/2, and [`pairs`] walks all Wythoff pairs
//! in order without any multiplication (see [`Pairs`]).
//!
//! ```
//! use beatty_core::golden::{self, Class};
//!
//! assert_eq!(golden::lower(10), Some(16));
//! assert_eq!(golden::upper(10), Some(26));
//! assert_eq!(golden::classify(26), Class::Upper(10));
//! assert!(golden::is_p_position(16, 26));
//! ```

use core::cmp::Ordering;

/// `⌊2⁶⁴/φ⌋ = ⌊(φ − 1)·2⁶⁴⌋`, the 64-bit fixed-point value of 1/φ.
///
/// ```
/// // M·(M + 2⁶⁴) ≤ 2¹²⁸ < (M + 1)·(M + 1 + 2⁶⁴), the exact test of the module docs.
/// let m = beatty_core::golden::INV_PHI_Q64 as u128;
/// let two64 = 1u128 << 64;
/// // Divide both sides by 2⁶⁴ to stay in range: M² / 2⁶⁴ + M ≤ 2⁶⁴.
/// assert!(m * m / two64 + m < two64);
/// assert!((m + 1) * (m + 1) / two64 + m + 1 >= two64);
/// ```
pub const INV_PHI_Q64: u64 = 0x9e37_79b9_7f4a_7c15;

/// Which Beatty sequence of φ an integer belongs to; see [`classify`].
///
/// ```
/// use beatty_core::golden::{classify, Class};
/// assert_eq!(classify(0), Class::Zero);
/// assert_eq!(classify(4), Class::Lower(3)); // ⌊3φ⌋ = 4
/// assert_eq!(classify(5), Class::Upper(2)); // ⌊2φ²⌋ = 5
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// The number 0 (= ⌊0·φ⌋ = ⌊0·φ²⌋), the pair (0, 0).
    Zero,
    /// `Lower(k)`: the number is ⌊kφ⌋, k ≥ 1.
    Lower(u64),
    /// `Upper(k)`: the number is ⌊kφ²⌋ = ⌊kφ⌋ + k, k ≥ 1.
    Upper(u64),
}

/// `c ≤ n/φ`, decided exactly as `c·(c + n) ≤ n²` (for `n > 0` equality is impossible).
#[inline]
const fn at_most_n_over_phi(c: u64, n: u64) -> bool {
    let c = c as u128;
    let n = n as u128;
    // c + n < 2^65 and c·(c + n) may exceed u128: then it is certainly > n².
    match c.checked_mul(c + n) {
        Some(lhs) => lhs <= n * n,
        None => false,
    }
}

/// ⌊n/φ⌋ = ⌊n·(φ − 1)⌋, exact for every `u64`.
///
/// ```
/// use beatty_core::golden::floor_div_phi;
/// assert_eq!(floor_div_phi(0), 0);
/// assert_eq!(floor_div_phi(1), 0);
/// assert_eq!(floor_div_phi(100), 61); // 100/φ = 61.80…
/// assert_eq!(floor_div_phi(165_580_141), 102_334_155); // F(41)/φ ≈ F(40) + 0.38…
/// ```
#[inline]
#[must_use]
pub const fn floor_div_phi(n: u64) -> u64 {
    let prod = n as u128 * INV_PHI_Q64 as u128;
    let hi = (prod >> 64) as u64;
    let lo = prod as u64;
    // n·2⁶⁴/φ = prod + n·ε with 0 < ε < 1: only a carry out of `lo` can change the floor.
    if lo.checked_add(n).is_some() {
        hi
    } else {
        floor_div_slow_fix(n, hi)
    }
}

#[cold]
#[inline(never)]
const fn floor_div_slow_fix(n: u64, hi: u64) -> u64 {
    // The answer is hi or hi + 1 (hi + 1 ≤ n always fits since n/φ < n).
    if at_most_n_over_phi(hi + 1, n) {
        hi + 1
    } else {
        hi
    }
}

/// ⌊k·φ⌋, the k-th lower Wythoff number (OEIS A000201); `None` exactly when it
/// exceeds `u64::MAX`.
///
/// ```
/// use beatty_core::golden::lower;
/// assert_eq!(lower(0), Some(0));
/// assert_eq!(lower(1), Some(1));
/// assert_eq!(lower(2), Some(3));
/// assert_eq!(lower(102_334_155), Some(165_580_140)); // doubles say 165580141
/// assert_eq!(lower(u64::MAX), None);
/// ```
#[inline]
#[must_use]
pub const fn lower(k: u64) -> Option<u64> {
    k.checked_add(floor_div_phi(k))
}

/// ⌊k·φ²⌋ = ⌊k·φ⌋ + k, the k-th upper Wythoff number (OEIS A001950); `None`
/// exactly when it exceeds `u64::MAX`.
///
/// ```
/// use beatty_core::golden::upper;
/// assert_eq!(upper(0), Some(0));
/// assert_eq!(upper(1), Some(2));
/// assert_eq!(upper(3), Some(7));
/// assert_eq!(upper(u64::MAX / 2), None);
/// ```
#[inline]
#[must_use]
pub const fn upper(k: u64) -> Option<u64> {
    match lower(k) {
        Some(a) => a.checked_add(k),
        None => None,
    }
}

/// ⌊k·φ⌋ as a `u128`: never overflows.
///
/// ```
/// use beatty_core::golden::lower_wide;
/// assert_eq!(lower_wide(u64::MAX), 29_847_458_893_032_750_100);
/// ```
#[inline]
#[must_use]
pub const fn lower_wide(k: u64) -> u128 {
    k as u128 + floor_div_phi(k) as u128
}

/// ⌊k·φ²⌋ as a `u128`: never overflows.
///
/// ```
/// use beatty_core::golden::upper_wide;
/// assert_eq!(upper_wide(u64::MAX), 48_294_202_966_742_301_715);
/// ```
#[inline]
#[must_use]
pub const fn upper_wide(k: u64) -> u128 {
    2 * k as u128 + floor_div_phi(k) as u128
}

/// The k-th Wythoff pair (⌊kφ⌋, ⌊kφ²⌋), the k-th P-position of Wythoff's game;
/// `None` when the upper number exceeds `u64::MAX`.
///
/// ```
/// use beatty_core::golden::pair;
/// assert_eq!(pair(0), Some((0, 0)));
/// assert_eq!(pair(1), Some((1, 2)));
/// assert_eq!(pair(4), Some((6, 10)));
/// ```
#[inline]
#[must_use]
pub const fn pair(k: u64) -> Option<(u64, u64)> {
    let a = match lower(k) {
        Some(a) => a,
        None => return None,
    };
    match a.checked_add(k) {
        Some(b) => Some((a, b)),
        None => None,
    }
}

/// ⌊(n + 1)/φ⌋ for any `u64` n: how many k ≥ 1 have ⌊kφ⌋ ≤ n.
#[inline]
const fn count_lower_upto(n: u64) -> u64 {
    let c = floor_div_phi(n);
    // c + 1 ≤ (n+1)/φ ⟺ (c+1)(c+n+2) ≤ (n+1)² ⟺ (c+1)(c+n+2) − 1 ≤ n² + 2n (no overflow).
    let n = n as u128;
    let c1 = c as u128 + 1;
    match c1.checked_mul(c1 + n + 1) {
        Some(lhs) if lhs - 1 <= n * n + 2 * n => c1 as u64,
        _ => c,
    }
}

/// Says whether `n` is a lower or an upper Wythoff number and which index, in O(1).
///
/// The lower numbers ⌊kφ⌋ and the upper numbers ⌊kφ²⌋ (k ≥ 1) partition the
/// positive integers (Beatty's theorem), so every `n > 0` is exactly one of them.
///
/// ```
/// use beatty_core::golden::{Class, classify, lower, upper};
/// assert_eq!(classify(1), Class::Lower(1));
/// assert_eq!(classify(2), Class::Upper(1));
/// assert_eq!(classify(lower(1_000_000).unwrap()), Class::Lower(1_000_000));
/// assert_eq!(classify(upper(1_000_000).unwrap()), Class::Upper(1_000_000));
/// ```
#[must_use]
pub const fn classify(n: u64) -> Class {
    if n == 0 {
        return Class::Zero;
    }
    let k = count_lower_upto(n);
    if lower_wide(k) == n as u128 {
        Class::Lower(k)
    } else {
        // n − k upper numbers are ≤ n, and n is the largest of them.
        Class::Upper(n - k)
    }
}

/// Whether (a, b) is a P-position of Wythoff's game (the player to move loses),
/// piles in either order.
///
/// ```
/// use beatty_core::golden::is_p_position;
/// assert!(is_p_position(0, 0));
/// assert!(is_p_position(2, 1));
/// assert!(!is_p_position(8, 4));
/// assert!(is_p_position(4, 7));
/// assert!(is_p_position(165_580_140, 267_914_295));
/// ```
#[inline]
#[must_use]
pub const fn is_p_position(a: u64, b: u64) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    lower_wide(hi - lo) == lo as u128
}

/// Compares the ratio a/b with φ exactly.
///
/// For `b > 0` the answer is never `Equal` (φ is irrational). `b = 0` is read
/// as a/b = +∞ and gives `Greater`, also for `a = 0`.
///
/// ```
/// use beatty_core::golden::cmp_ratio;
/// use core::cmp::Ordering;
/// assert_eq!(cmp_ratio(8, 5), Ordering::Less);     // 1.6 < φ
/// assert_eq!(cmp_ratio(13, 8), Ordering::Greater); // 1.625 > φ
/// assert_eq!(cmp_ratio(1, 0), Ordering::Greater);
/// ```
#[inline]
#[must_use]
pub const fn cmp_ratio(a: u64, b: u64) -> Ordering {
    if b == 0 {
        return Ordering::Greater;
    }
    if a <= b {
        return Ordering::Less;
    }
    // a/b > φ ⟺ (a − b)/b > 1/φ ⟺ a − b > b/φ ⟺ a − b > ⌊b/φ⌋ (b/φ is irrational).
    if a - b > floor_div_phi(b) {
        Ordering::Greater
    } else {
        Ordering::Less
    }
}

/// The largest k whose Wythoff pair fits in `u64`: ⌊kφ²⌋ ≤ `u64::MAX` ⟺
/// k < 2⁶⁴/φ² = 2⁶⁴ − 2⁶⁴/φ ⟺ k ≤ 2⁶⁴ − ⌈2⁶⁴/φ⌉ = `u64::MAX − INV_PHI_Q64`.
///
/// ```
/// use beatty_core::golden::{pair, MAX_PAIR_INDEX};
/// assert!(pair(MAX_PAIR_INDEX).is_some());
/// assert_eq!(pair(MAX_PAIR_INDEX + 1), None);
/// ```
pub const MAX_PAIR_INDEX: u64 = u64::MAX - INV_PHI_Q64;

/// Number of low Zeckendorf digits (F(2) … F(17)) handled by the word table.
const SEG_BITS: u32 = 16;
/// F(18) and F(17): the lengths of the two kinds of segment (see [`Pairs`]).
const SEG_LONG: u32 = 2584;
const SEG_SHORT: u32 = 1597;
/// Words of the table, plus one so that a 64-bit window can always be read.
const FIB_WORDS: usize = (SEG_LONG as usize).div_ceil(64) + 1;

/// `FIB_WORD` bit L (1 ≤ L < F(18)) is 1 exactly when L is a lower Wythoff
/// number; bit 0 and the padding are 0. Built with the Zeckendorf increment
/// (smallest index even ⟺ lower), no multiplication.
const FIB_WORD: [u64; FIB_WORDS] = {
    let mut words = [0u64; FIB_WORDS];
    let mut mask = 0u128;
    let mut l = 1;
    while l < SEG_LONG as usize {
        mask = match crate::zeckendorf::increment_mask(mask) {
            Some(m) => m,
            None => panic!("unreachable: small masks"),
        };
        if mask.trailing_zeros().is_multiple_of(2) {
            words[l / 64] |= 1 << (l % 64);
        }
        l += 1;
    }
    words
};

/// All Wythoff pairs (⌊kφ⌋, ⌊kφ²⌋) for k = 0, 1, 2, …, [`MAX_PAIR_INDEX`], in order.
///
/// Each step is two additions and a shift — no multiplication, no square
/// root — using the Fibonacci word: a₀ = 0, a₁ = 1, and for k ≥ 1
/// a_{k+1} = a_k + 1 + [k is a lower Wythoff number], with b_k = a_k + k.
///
/// Whether k is lower is read off its Zeckendorf representation (smallest index
/// even). Split k = H + L where H holds the digits F(18) and above and L the
/// digits F(2) … F(17). While H stays fixed, L counts 0, 1, 2, … up to F(18) − 1
/// (or F(17) − 1 when H contains F(18)), and for L ≥ 1 the smallest index of k
/// is that of L: the bits are simply the start of the Fibonacci word, kept in a
/// 2584-bit table and read 64 at a time. Only at L = 0 the bit comes from H, and
/// when L runs out, H is incremented as a Zeckendorf bit mask (a few bit
/// operations, once every ≥ 1597 steps).
///
/// [`nth`](Iterator::nth) jumps in O(log k) with [`lower`] and the Zeckendorf
/// representation of the target. The iterator is exact over its whole range
/// and ends after k = [`MAX_PAIR_INDEX`], the last pair that fits in `u64`.
///
/// ```
/// use beatty_core::golden::pairs;
/// let first: Vec<(u64, u64)> = pairs().take(5).collect();
/// assert_eq!(first, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
/// assert_eq!(pairs().nth(102_334_155), Some((165_580_140, 267_914_295)));
/// ```
#[derive(Clone, Debug)]
pub struct Pairs {
    /// The index of the next pair to yield; `MAX_PAIR_INDEX + 1` when done.
    k: u64,
    /// a_k = ⌊kφ⌋.
    a: u64,
    /// Fibonacci-word bits for k, k + 1, …: bit 0 is [k is lower].
    bits: u64,
    /// How many of `bits` are valid.
    left: u32,
    /// The segment position (low part L) of the first step not yet in `bits`.
    l: u32,
    /// The length of the current segment (F(18) or F(17)).
    seg_len: u32,
    /// The Zeckendorf mask of the high part H (bits below SEG_BITS clear).
    high: u128,
    /// Whether H is a lower Wythoff number (the bit for L = 0); 0 for H = 0.
    head: u64,
}

/// The iterator over all Wythoff pairs, starting at k = 0; see [`Pairs`].
///
/// ```
/// use beatty_core::golden::{pair, pairs};
/// for (k, p) in pairs().enumerate().take(1000) {
///     assert_eq!(Some(p), pair(k as u64));
/// }
/// ```
#[must_use]
pub const fn pairs() -> Pairs {
    Pairs::starting_at(0)
}

impl Pairs {
    /// The iterator positioned at k (k ≤ MAX_PAIR_INDEX + 1).
    #[inline(never)]
    const fn starting_at(k: u64) -> Pairs {
        // k ≤ MAX_PAIR_INDEX + 1 < 2⁶⁴/φ² + 1, so kφ < 2⁶⁴/φ + φ < 2⁶⁴: ⌊kφ⌋ fits
        // (only ⌊kφ²⌋ = ⌊kφ⌋ + k, read past the end, may not).
        let a = lower(k).expect("k ≤ MAX_PAIR_INDEX + 1, whose ⌊kφ⌋ fits in u64");
        let mask = crate::zeckendorf::Zeckendorf::from_u64(k)
            .mask()
            .expect("a u64 has a Zeckendorf mask below 2⁹²");
        let high = mask & !((1 << SEG_BITS) - 1);
        let mut l = 0u32;
        let mut low = mask & ((1 << SEG_BITS) - 1);
        while low != 0 {
            l += crate::zeckendorf::FIBONACCI[low.trailing_zeros() as usize + 2] as u32;
            low &= low - 1;
        }
        Pairs {
            k,
            a,
            bits: 0,
            left: 0,
            l,
            seg_len: segment_len(high),
            high,
            head: head_bit(high),
        }
    }

    /// Loads the next word bits into `bits`; `false` at the end.
    #[inline]
    fn refill(&mut self) -> bool {
        if self.k > MAX_PAIR_INDEX {
            return false;
        }
        if self.l == self.seg_len {
            (self.high, self.seg_len, self.head) = next_segment(self.high);
            self.l = 0;
        }
        let l = self.l as usize;
        let (w, s) = (l / 64, l % 64);
        let mut bits = FIB_WORD[w] >> s;
        if s != 0 {
            bits |= FIB_WORD[w + 1] << (64 - s);
        }
        if l == 0 {
            bits |= self.head; // table bit 0 is 0
        }
        // Steps to take from this window: to the end of the segment, at most
        // 64, and not past MAX_PAIR_INDEX.
        let n = (self.seg_len - self.l)
            .min(64)
            .min((MAX_PAIR_INDEX - self.k).saturating_add(1).min(64) as u32);
        self.bits = bits;
        self.left = n;
        self.l += n;
        true
    }
}

/// The segment after the one with high part `high`: H ← the next number with
/// no digit below F(18), with its length and head bit.
///
/// A free function returning values, not a `&mut self` method, so that the
/// iterator's state can stay in registers in a loop.
#[cold]
#[inline(never)]
const fn next_segment(high: u128) -> (u128, u32, u64) {
    // Incrementing the mask shifted down by SEG_BITS is exactly that.
    let next = crate::zeckendorf::increment_mask(high >> SEG_BITS)
        .expect("k < 2⁶⁴ keeps the mask far below bit 128")
        << SEG_BITS;
    (next, segment_len(next), head_bit(next))
}

/// F(17) when H contains F(18) (then L may not use F(17)), else F(18).
const fn segment_len(high: u128) -> u32 {
    if high & (1 << SEG_BITS) != 0 {
        SEG_SHORT
    } else {
        SEG_LONG
    }
}

/// 1 when H > 0 is a lower Wythoff number (smallest index even), else 0.
const fn head_bit(high: u128) -> u64 {
    (high != 0 && high.trailing_zeros().is_multiple_of(2)) as u64
}

impl Iterator for Pairs {
    type Item = (u64, u64);

    #[inline]
    fn next(&mut self) -> Option<(u64, u64)> {
        if self.left == 0 && !self.refill() {
            return None;
        }
        let out = (self.a, self.a + self.k);
        self.a += 1 + (self.bits & 1);
        self.bits >>= 1;
        self.left -= 1;
        self.k += 1;
        Some(out)
    }

    // Inlined so that a caller's loop after `nth` can keep the state in
    // registers (an out-of-line `&mut self` call would pin it to memory).
    #[inline]
    fn nth(&mut self, n: usize) -> Option<(u64, u64)> {
        let target = match u64::try_from(n).ok().and_then(|n| self.k.checked_add(n)) {
            Some(t) if t <= MAX_PAIR_INDEX => t,
            _ => MAX_PAIR_INDEX + 1,
        };
        *self = Pairs::starting_at(target);
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (MAX_PAIR_INDEX + 1).saturating_sub(self.k);
        match usize::try_from(left) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

impl core::iter::FusedIterator for Pairs {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::lower_by_isqrt;

    /// Every bit of the table, padding included, against its definition: bit
    /// L is set exactly when 1 ≤ L < F(18) and L = ⌊kφ⌋ for some k ≥ 1 (the
    /// lower numbers by the isqrt formula, not by the Zeckendorf increment
    /// the table is built with).
    #[test]
    fn fib_word_holds_the_lower_numbers_below_f18_and_nothing_else() {
        let bits = FIB_WORDS * 64;
        let mut lower = [false; FIB_WORDS * 64];
        // ⌊kφ⌋ > k for k ≥ 1: the k below `bits` give every lower number
        // below it (a bounded loop, whatever lower_by_isqrt returns).
        for k in 1..bits as u64 {
            let l = lower_by_isqrt(k).expect("small") as usize;
            if l < bits {
                lower[l] = true;
            }
        }
        for (l, &is_lower) in lower.iter().enumerate() {
            let bit = FIB_WORD[l / 64] >> (l % 64) & 1 == 1;
            let want = is_lower && (1..SEG_LONG as usize).contains(&l);
            assert_eq!(bit, want, "bit {l}");
        }
        // F(18) itself is a lower number (its one Zeckendorf index, 18, is
        // even), so the bound of the table is what keeps its bit clear.
        assert!(lower[SEG_LONG as usize]);
    }
}
