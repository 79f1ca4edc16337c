//! Fibonacci numbers, Zeckendorf representations, and ⌊nφ⌋ by the shift identity.
//!
//! # The idea
//!
//! Every non-negative integer is, in exactly one way, a sum of Fibonacci
//! numbers F(i) with i ≥ 2 and no two consecutive indices (Zeckendorf's
//! theorem): 100 = 89 + 8 + 3 = F(11) + F(6) + F(4). Writing the digit of
//! F(i + 2) as bit `i` turns the representation into a binary number with no
//! two adjacent ones (a *fibbinary* number), and counting 0, 1, 2, … walks
//! through the fibbinary numbers in increasing order.
//!
//! Because F(i + 1) = F(i)·φ + (small error that alternates in sign), shifting
//! every index up by one multiplies by φ almost exactly:
//!
//! ```text
//! n = Σ F(iⱼ)   ⟹   ⌊nφ⌋ = Σ F(iⱼ + 1) − [the smallest index i₀ is even]
//! ```
//!
//! (F(2) = 1 is the lowest digit, so i₀ ≥ 2.) This is a second, completely
//! independent way to compute the lower Wythoff numbers: additions only, no
//! multiplication, no square root, no fixed-point constant. It is slower than
//! [`golden::lower`](crate::golden::lower) and exists to test it. The same
//! parity gives the Fibonacci word: n ≥ 1 is a lower Wythoff number exactly
//! when its smallest Zeckendorf index is even.
//!
//! ```
//! use beatty_core::zeckendorf::{self, Zeckendorf};
//!
//! let z = Zeckendorf::from_u64(100);
//! assert_eq!(z.indices().collect::<Vec<_>>(), [4, 6, 11]); // 3 + 8 + 89
//! // Shift: 5 + 13 + 144 = 162, smallest index 4 is even: ⌊100φ⌋ = 161.
//! assert_eq!(zeckendorf::lower(100), Some(161));
//! assert_eq!(zeckendorf::lower(102_334_155), Some(165_580_140));
//! ```

use core::iter::FusedIterator;

/// The largest `n` with F(n) ≤ `u128::MAX`.
///
/// ```
/// use beatty_core::zeckendorf::{fibonacci, MAX_INDEX};
/// assert!(fibonacci(MAX_INDEX).is_some());
/// assert!(fibonacci(MAX_INDEX + 1).is_none());
/// ```
pub const MAX_INDEX: u32 = 186;

/// The Fibonacci numbers F(0) = 0, F(1) = 1, F(2) = 1, …, F(186), all that fit
/// in a `u128`.
///
/// ```
/// use beatty_core::zeckendorf::FIBONACCI;
/// assert_eq!(FIBONACCI[..8], [0, 1, 1, 2, 3, 5, 8, 13]);
/// assert_eq!(FIBONACCI[93], 12_200_160_415_121_876_738); // the largest below 2⁶⁴
/// assert!(FIBONACCI[186].checked_add(FIBONACCI[185]).is_none());
/// ```
pub const FIBONACCI: [u128; MAX_INDEX as usize + 1] = {
    let mut f = [0u128; MAX_INDEX as usize + 1];
    f[1] = 1;
    let mut i = 2;
    while i < f.len() {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

/// F(n), or `None` when it does not fit in a `u128` (n > 186).
///
/// ```
/// use beatty_core::zeckendorf::fibonacci;
/// assert_eq!(fibonacci(10), Some(55));
/// assert_eq!(fibonacci(40), Some(102_334_155));
/// assert_eq!(fibonacci(187), None);
/// ```
#[must_use]
pub const fn fibonacci(n: u32) -> Option<u128> {
    if n <= MAX_INDEX {
        Some(FIBONACCI[n as usize])
    } else {
        None
    }
}

/// `TOP_INDEX[b]`: the largest index i with F(i) < 2ᵇ (a start for the greedy search).
const TOP_INDEX: [u8; 129] = {
    let mut t = [0u8; 129];
    let mut b = 0;
    let mut i = 0;
    while b <= 128 {
        // F(i + 1) < 2ᵇ; for b = 128 every table entry qualifies.
        while i < MAX_INDEX && (b == 128 || FIBONACCI[i as usize + 1] < 1u128 << b) {
            i += 1;
        }
        t[b as usize] = i as u8;
        b += 1;
    }
    t
};

/// The Zeckendorf representation of a non-negative integer below 2¹²⁸: the
/// set of Fibonacci indices i ≥ 2, no two consecutive, whose F(i) sum to it.
///
/// Stored as a 192-bit mask, bit `i` standing for F(i + 2).
///
/// ```
/// use beatty_core::zeckendorf::Zeckendorf;
/// let z = Zeckendorf::from_u128(u128::MAX);
/// assert_eq!(z.value(), u128::MAX);
/// assert_eq!(Zeckendorf::from_u64(7).indices().collect::<Vec<_>>(), [3, 5]); // 2 + 5
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Zeckendorf {
    // Bit i of the mask is bit i % 64 of words[i / 64].
    words: [u64; 3],
}

impl Zeckendorf {
    /// The representation of `n` (greedy: take the largest Fibonacci number
    /// that fits, repeat with the rest).
    ///
    /// ```
    /// use beatty_core::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_u128(0).indices().count(), 0);
    /// assert_eq!(Zeckendorf::from_u128(100).value(), 100);
    /// ```
    #[must_use]
    pub const fn from_u128(mut n: u128) -> Self {
        let mut words = [0u64; 3];
        let mut i = TOP_INDEX[(128 - n.leading_zeros()) as usize] as usize;
        while n != 0 {
            // Invariant: n < F(i + 1), so the largest index still usable is ≤ i.
            if FIBONACCI[i] <= n {
                n -= FIBONACCI[i];
                let bit = i - 2;
                words[bit / 64] |= 1 << (bit % 64);
                i -= 2; // the rest is < F(i − 1)
            } else {
                i -= 1;
            }
        }
        Zeckendorf { words }
    }

    /// The representation of `n`.
    ///
    /// ```
    /// use beatty_core::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_u64(12).indices().collect::<Vec<_>>(), [2, 4, 6]); // 1+3+8
    /// ```
    #[must_use]
    pub const fn from_u64(n: u64) -> Self {
        Self::from_u128(n as u128)
    }

    /// The represented number, Σ F(i).
    ///
    /// ```
    /// use beatty_core::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_u64(u64::MAX).value(), u64::MAX as u128);
    /// ```
    #[must_use]
    pub const fn value(&self) -> u128 {
        // Cannot overflow: built from a u128 or by a checked increment.
        let mut sum = 0u128;
        let mut w = 0;
        while w < 3 {
            let mut bits = self.words[w];
            while bits != 0 {
                sum += FIBONACCI[64 * w + bits.trailing_zeros() as usize + 2];
                bits &= bits - 1;
            }
            w += 1;
        }
        sum
    }

    /// The smallest Fibonacci index of the representation (≥ 2), `None` for 0.
    ///
    /// A positive n is a lower Wythoff number ⌊kφ⌋ exactly when this index is even.
    ///
    /// ```
    /// use beatty_core::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_u64(0).smallest_index(), None);
    /// assert_eq!(Zeckendorf::from_u64(4).smallest_index(), Some(2)); // 3 + 1: lower (⌊3φ⌋)
    /// assert_eq!(Zeckendorf::from_u64(5).smallest_index(), Some(5)); // 5: upper (⌊2φ²⌋)
    /// ```
    #[must_use]
    pub const fn smallest_index(&self) -> Option<u32> {
        let mut w = 0;
        while w < 3 {
            if self.words[w] != 0 {
                return Some(64 * w as u32 + self.words[w].trailing_zeros() + 2);
            }
            w += 1;
        }
        None
    }

    /// The bit mask (bit `i` ⟷ F(i + 2)) when it fits in a `u128`, which is
    /// the case for every number below F(130) — every `u64` among them.
    ///
    /// ```
    /// use beatty_core::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_u64(12).mask(), Some(0b10101)); // F(6) + F(4) + F(2)
    /// assert_eq!(Zeckendorf::from_u128(u128::MAX).mask(), None);
    /// ```
    #[must_use]
    pub const fn mask(&self) -> Option<u128> {
        if self.words[2] != 0 {
            None
        } else {
            Some(((self.words[1] as u128) << 64) | self.words[0] as u128)
        }
    }

    /// The representation with mask `mask` (bit `i` ⟷ F(i + 2)), or `None` when
    /// two adjacent bits are set (not a Zeckendorf representation).
    ///
    /// ```
    /// use beatty_core::zeckendorf::Zeckendorf;
    /// assert_eq!(Zeckendorf::from_mask(0b1001).map(|z| z.value()), Some(6)); // 5 + 1
    /// assert_eq!(Zeckendorf::from_mask(0b11), None);
    /// ```
    #[must_use]
    pub const fn from_mask(mask: u128) -> Option<Self> {
        if mask & (mask >> 1) != 0 {
            return None;
        }
        Some(Zeckendorf {
            words: [mask as u64, (mask >> 64) as u64, 0],
        })
    }

    /// The Fibonacci indices of the representation, smallest first.
    ///
    /// ```
    /// use beatty_core::zeckendorf::Zeckendorf;
    /// let z = Zeckendorf::from_u64(1_000_000);
    /// let sum: u128 = z.indices().map(|i| beatty_core::zeckendorf::FIBONACCI[i as usize]).sum();
    /// assert_eq!(sum, 1_000_000);
    /// ```
    #[must_use]
    pub const fn indices(&self) -> Indices {
        Indices { words: self.words }
    }
}

/// The Fibonacci indices of a [`Zeckendorf`] representation, smallest first;
/// see [`Zeckendorf::indices`].
///
/// ```
/// use beatty_core::zeckendorf::Zeckendorf;
/// let mut it = Zeckendorf::from_u64(4).indices(); // 4 = F(4) + F(2)
/// assert_eq!(it.len(), 2);
/// assert_eq!(it.next(), Some(2));
/// assert_eq!(it.next(), Some(4));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Indices {
    words: [u64; 3],
}

impl Iterator for Indices {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        for (w, bits) in self.words.iter_mut().enumerate() {
            if *bits != 0 {
                let i = bits.trailing_zeros();
                *bits &= *bits - 1;
                return Some(64 * w as u32 + i + 2);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words.iter().map(|w| w.count_ones() as usize).sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Indices {}
impl FusedIterator for Indices {}

/// The mask of n + 1 from the mask of n (bit `i` ⟷ F(i + 2)), or `None` when
/// it would need bit 128 or above.
///
/// In Zeckendorf terms, adding 1 turns the alternating run of digits that
/// starts at the lowest one (if it sits at bit 0 or 1) into the single digit
/// just above the run, and otherwise just sets bit 0. As bit arithmetic: with
/// `h = m | m >> 1`, the lowest clear bit `p` of `h` is the lowest position
/// with bits p and p + 1 of `m` both clear; the answer is `m` with bits below
/// `p` cleared and bit `p` set. (`m` must be a valid mask, no two adjacent
/// bits set; otherwise the result is meaningless but there is no panic.)
///
/// ```
/// use beatty_core::zeckendorf::increment_mask;
/// assert_eq!(increment_mask(0b000), Some(0b001)); // 0 → 1
/// assert_eq!(increment_mask(0b001), Some(0b010)); // 1 → 2
/// assert_eq!(increment_mask(0b101), Some(0b1000)); // 4 = 3 + 1 → 5
/// assert_eq!(increment_mask(0b1000), Some(0b1001)); // 5 → 6
/// assert_eq!(increment_mask(1 << 127), Some((1 << 127) | 1));
/// assert_eq!(increment_mask(u128::MAX / 3 * 2), None); // bits 1, 3, …, 127
/// ```
#[inline]
#[must_use]
pub const fn increment_mask(m: u128) -> Option<u128> {
    let h = m | (m >> 1);
    if h == u128::MAX {
        return None; // p would be 128
    }
    let p = !h & h.wrapping_add(1); // the lowest clear bit of h, as a single bit
    Some((m | p) & !(p - 1))
}

/// Σ F(i + 1) over the indices of `z`, minus 1 when the smallest is even:
/// ⌊nφ⌋ for n = value(z). `None` on overflow of `u128`.
const fn shifted_sum(z: &Zeckendorf) -> Option<u128> {
    let mut sum = 0u128;
    let mut first = true;
    let mut w = 0;
    while w < 3 {
        let mut bits = z.words[w];
        while bits != 0 {
            let i = 64 * w + bits.trailing_zeros() as usize + 2;
            if i + 1 > MAX_INDEX as usize {
                return None;
            }
            let mut term = FIBONACCI[i + 1];
            if first && i.is_multiple_of(2) {
                // Subtract the 1 from the smallest term (F(i + 1) ≥ 2) rather
                // than from the sum, which may be exactly 2¹²⁸.
                term -= 1;
            }
            first = false;
            sum = match sum.checked_add(term) {
                Some(s) => s,
                None => return None,
            };
            bits &= bits - 1;
        }
        w += 1;
    }
    Some(sum)
}

/// ⌊nφ⌋ by the Zeckendorf shift, or `None` when it exceeds `u128::MAX`.
///
/// ```
/// use beatty_core::zeckendorf::lower_u128;
/// assert_eq!(lower_u128(10), Some(16));
/// assert_eq!(lower_u128(u64::MAX as u128), Some(29_847_458_893_032_750_100));
/// assert_eq!(lower_u128(u128::MAX), None);
/// ```
#[must_use]
pub const fn lower_u128(n: u128) -> Option<u128> {
    shifted_sum(&Zeckendorf::from_u128(n))
}

/// ⌊nφ⌋ by the Zeckendorf shift as a `u128`: never overflows.
///
/// ```
/// use beatty_core::zeckendorf::lower_wide;
/// assert_eq!(lower_wide(u64::MAX), 29_847_458_893_032_750_100);
/// ```
#[must_use]
pub const fn lower_wide(n: u64) -> u128 {
    lower_u128(n as u128)
        .expect("n < 2⁶⁴ uses indices ≤ 93, so the shifted sum is below F(95) < 2⁶⁶")
}

/// ⌊nφ⌋ by the Zeckendorf shift, or `None` when it exceeds `u64::MAX`.
///
/// ```
/// use beatty_core::zeckendorf::lower;
/// assert_eq!(lower(0), Some(0));
/// assert_eq!(lower(4), Some(6));
/// assert_eq!(lower(u64::MAX), None);
/// ```
#[must_use]
pub const fn lower(n: u64) -> Option<u64> {
    let v = lower_wide(n);
    if v > u64::MAX as u128 {
        None
    } else {
        Some(v as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The indices, smallest first, by the greedy rule on plain Fibonacci
    /// numbers (F(1) = F(2) = 1, F(i) = F(i − 1) + F(i − 2)), none of this
    /// module's code.
    fn greedy_indices(mut n: u128) -> ([u32; 100], usize) {
        // F(186) < 2¹²⁸ < F(187): every u128 is a sum of these.
        let mut fib = [0u128; 187];
        fib[1] = 1;
        fib[2] = 1;
        let mut top = 2;
        while top + 1 < fib.len() {
            match fib[top].checked_add(fib[top - 1]) {
                Some(next) => {
                    top += 1;
                    fib[top] = next;
                }
                None => break,
            }
        }
        let (mut out, mut len) = ([0u32; 100], 0);
        let mut i = top;
        while n != 0 {
            if fib[i] <= n {
                n -= fib[i];
                out[len] = i as u32;
                len += 1;
                i -= 2;
            } else {
                i -= 1;
            }
        }
        out[..len].reverse();
        (out, len)
    }

    #[test]
    fn indices_end_after_the_last_index() {
        // At most 100 items are taken, so an iterator that repeats an index
        // or never ends fails here instead of hanging the test.
        let mut n = 0u128;
        for step in [1u128, 7, 1 << 20, 12_345_678_901, 1 << 70, u128::MAX / 1000] {
            for _ in 0..50 {
                let (want, len) = greedy_indices(n);
                let z = Zeckendorf::from_u128(n);
                let it = z.indices();
                assert_eq!(it.len(), len, "{n}");
                let mut got = [0u32; 100];
                let mut count = 0;
                for i in it.take(100) {
                    got[count] = i;
                    count += 1;
                }
                assert_eq!(&got[..count], &want[..len], "{n}");
                n = n.saturating_add(step);
            }
        }
    }

    #[test]
    fn lower_at_the_end_of_u64() {
        // ⌊nφ⌋ = (n + isqrt(5n²)) / 2, by Python's exact isqrt: 2⁶⁴ − 2 at
        // n = 11400714819323198485, 2⁶⁴ at the next n (none gives 2⁶⁴ − 1).
        assert_eq!(lower(11_400_714_819_323_198_485), Some(u64::MAX - 1));
        assert_eq!(lower(11_400_714_819_323_198_486), None);
        assert_eq!(lower_wide(11_400_714_819_323_198_486), 1 << 64);
    }

    #[test]
    fn top_index_bounds_the_greedy_start() {
        for b in 0..=128u32 {
            let i = TOP_INDEX[b as usize] as usize;
            if b < 128 {
                assert!(FIBONACCI[i] < 1u128 << b, "b = {b}");
                assert!(i == MAX_INDEX as usize || FIBONACCI[i + 1] >= 1u128 << b);
            } else {
                assert_eq!(i, MAX_INDEX as usize);
            }
        }
    }
}
