//! Shared pieces of the beatty fuzz targets: the checked-in hazard list, Fibonacci
//! numbers for steering inputs, and the fixed byte layouts the targets read.
//!
//! # Byte layouts
//!
//! Every target reads its input with [`Bytes`]: little-endian integers in a fixed order,
//! missing bytes read as zero (through `arbitrary::Unstructured::fill_buffer`). The
//! seed corpora in `fuzz/corpus/<target>/` are written in these layouts by
//! `fuzz/seeds.py`:
//!
//! | target | layout |
//! |---|---|
//! | `lower_float_vs_exact` | `mode: u8, x: u64, y: u64` |
//! | `euclid_float_vs_exact` | `mode: u8, x: u64, y: u64` |
//! | `exact_oracles` | `x: u64, y: u64, w: u128` |
//! | `quadratic` | `mode: u8, p: i64, q: i64, d: u64, r: i64, n: u64` |
//! | `judge_input` | raw bytes |

use arbitrary::{Arbitrary, Unstructured};

/// The POJ 1067 limit and the fuzzed domain of the differential targets: 10⁹.
pub const DOMAIN: u64 = 1_000_000_000;

/// The checked-in list of every k in 0..=10⁹ with `lower_f64(k) ≠ ⌊kφ⌋`.
pub const HAZARD_LIST: &str = include_str!("../../tests/data/hazards-lower_f64-0-1e9.txt");

/// The hazards of [`HAZARD_LIST`], parsed, increasing.
pub fn hazards() -> &'static [u64] {
    static LIST: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        HAZARD_LIST
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                l.trim()
                    .parse()
                    .expect("tests/data hazard list: one k per line")
            })
            .collect()
    })
}

/// Whether `k` is in the checked-in hazard list.
pub fn is_listed_hazard(k: u64) -> bool {
    hazards().binary_search(&k).is_ok()
}

/// F(i) for i in 0..=93 (F(93) is the largest Fibonacci number in `u64`).
pub fn fib(i: u32) -> u64 {
    // F(93) is the largest Fibonacci number below 2^64, so the conversion cannot fail.
    beatty_core::zeckendorf::fibonacci(i.min(93))
        .and_then(|f| u64::try_from(f).ok())
        .unwrap_or(u64::MAX)
}

/// The raw input of a target: the bytes, read as fixed-width little-endian fields.
#[derive(Debug)]
pub struct Bytes(pub Vec<u8>);

impl<'a> Arbitrary<'a> for Bytes {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut buf = vec![0u8; 48];
        u.fill_buffer(&mut buf)?;
        Ok(Bytes(buf))
    }
}

impl Bytes {
    /// The `N` bytes at `at` (zeros past the end).
    fn take<const N: usize>(&self, at: usize) -> [u8; N] {
        let mut out = [0u8; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0.get(at + i).copied().unwrap_or(0);
        }
        out
    }
    /// The byte at `at`.
    pub fn u8(&self, at: usize) -> u8 {
        self.take::<1>(at)[0]
    }
    /// The little-endian `u64` at `at`.
    pub fn u64(&self, at: usize) -> u64 {
        u64::from_le_bytes(self.take(at))
    }
    /// The little-endian `i64` at `at`.
    pub fn i64(&self, at: usize) -> i64 {
        i64::from_le_bytes(self.take(at))
    }
    /// The little-endian `u128` at `at`.
    pub fn u128(&self, at: usize) -> u128 {
        u128::from_le_bytes(self.take(at))
    }
}

/// `base + offset` clamped to `lo..=hi`.
pub fn nudge(base: u64, offset: i64, lo: u64, hi: u64) -> u64 {
    (base as i128 + offset as i128).clamp(lo as i128, hi as i128) as u64
}

/// A small signed offset in `-span..=span` from the low bits of `y`.
pub fn offset(y: u64, span: u64) -> i64 {
    (y % (2 * span + 1)) as i64 - span as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_the_enumeration() {
        assert_eq!(hazards(), beatty_hazards::enumerate(0..=DOMAIN, &beatty_hazards::no_progress));
    }

    #[test]
    fn fibonacci_numbers() {
        assert_eq!((fib(0), fib(1), fib(2), fib(40)), (0, 1, 1, 102_334_155));
        assert_eq!(fib(93), 12_200_160_415_121_876_738);
    }

    #[test]
    fn byte_layout_is_little_endian_zero_padded() {
        let b = Bytes(vec![7, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!((b.u8(0), b.u64(1), b.u64(9)), (7, 1, 2));
        assert_eq!(b.u64(40), 0);
    }
}
