//! The random numbers of the generators: SplitMix64, a leaf of the judge
//! library that the problem definitions (`Definition::random`) and the
//! drivers (`generate`) both use. Re-exported as `generate::SplitMix64`.

/// The SplitMix64 generator (Steele, Lea and Flood, 2014): 64 bits of
/// state, one addition, two multiplications and three xor-shifts per output, the same
/// sequence on every platform, so a seed names a test set.
///
/// ```
/// use beatty_problems::generate::SplitMix64;
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
    /// let mut r = beatty_problems::generate::SplitMix64::new(7);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_is_every_value_of_its_interval_and_the_whole_word_at_full_span() {
        // Over the whole of u64 the value is the output itself (the published
        // outputs of the seed 1234567, as in the docs above).
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.range(0, u64::MAX), 6_457_827_717_110_365_317);
        assert_eq!(r.range(0, u64::MAX), 3_203_168_211_198_807_973);
        // Each of 3..=5 about a third of the time, nothing outside.
        let mut seen = [0u32; 3];
        for _ in 0..30_000 {
            let v = r.range(3, 5);
            assert!((3..=5).contains(&v), "{v}");
            seen[(v - 3) as usize] += 1;
        }
        assert!(
            seen.iter().all(|&n| (9_000..=11_000).contains(&n)),
            "{seen:?}"
        );
        assert_eq!(r.range(9, 9), 9);
    }

    #[test]
    fn chance_is_num_in_den() {
        let mut r = SplitMix64::new(99);
        for den in 1..=6 {
            let mut hits = [0u32; 7];
            for _ in 0..6_000 {
                for num in 0..=den {
                    hits[num as usize] += u32::from(r.chance(num, den));
                }
            }
            assert_eq!(hits[0], 0, "never 0 in {den}");
            assert_eq!(hits[den as usize], 6_000, "always {den} in {den}");
            for num in 1..den {
                // 6000·num/den within 5 %
                let want = 6_000 * num as u32 / den as u32;
                assert!(
                    hits[num as usize].abs_diff(want) < 300,
                    "{num} in {den}: {hits:?}"
                );
            }
        }
    }
}
