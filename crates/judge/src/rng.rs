//! The random numbers of the generators: SplitMix64, a leaf of the judge
//! library that the problem definitions (`Definition::random`) and the
//! drivers (`generate`) both use. Re-exported as `generate::SplitMix64`.

/// The SplitMix64 generator (Steele, Lea and Flood, 2014): 64 bits of
/// state, one addition, two multiplications and three xor-shifts per output, the same
/// sequence on every platform, so a seed names a test set.
///
/// ```
/// use beatty_judge::generate::SplitMix64;
/// let mut r = SplitMix64::new(1234567);
/// // Published first outputs of SplitMix64 for the seed 1234567.
/// assert_eq!(r.next_u64(), 6457827717110365317);
/// assert_eq!(r.next_u64(), 3203168211198807973);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started at `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `lo..=hi` (`lo ≤ hi`).
    ///
    /// ```
    /// let mut r = beatty_judge::generate::SplitMix64::new(7);
    /// assert!((3..=5).contains(&r.range(3, 5)));
    /// ```
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = u128::from(hi - lo) + 1;
        lo + ((u128::from(self.next_u64()) * span) >> 64) as u64
    }

    pub(crate) fn chance(&mut self, num: u64, den: u64) -> bool {
        self.range(0, den - 1) < num
    }
}
