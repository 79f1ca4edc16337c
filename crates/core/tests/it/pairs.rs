//! The pair iterator against a plain per-step Zeckendorf simulation (the
//! textbook rule, one increment per k), against `golden::pair`, and at its
//! boundaries: segment changes, `nth` jumps, the end of the u64 range.

use beatty_core::golden::{self, MAX_PAIR_INDEX, pairs};
use beatty_core::zeckendorf::{FIBONACCI, Zeckendorf, increment_mask};
use quickcheck::quickcheck;

/// The simple exact rule the fast iterator implements in blocks:
/// a₁ = 1, a_{k+1} = a_k + 1 + [smallest Zeckendorf index of k is even],
/// with the Zeckendorf mask of k advanced by `increment_mask` each step.
struct Reference {
    k: u64,
    a: u64,
    mask: u128,
}

impl Reference {
    fn at(k: u64) -> Self {
        let a = u64::try_from(beatty_core::zeckendorf::lower_wide(k)).unwrap();
        let mask = Zeckendorf::from_u64(k).mask().unwrap();
        Reference { k, a, mask }
    }

    fn step(&mut self) -> (u64, u64) {
        let out = (self.a, self.a + self.k);
        let lower = self.mask != 0 && self.mask.trailing_zeros().is_multiple_of(2);
        self.a += 1 + u64::from(lower);
        self.k += 1;
        self.mask = increment_mask(self.mask).unwrap();
        out
    }
}

#[test]
fn first_two_million_match_the_per_step_reference() {
    let mut r = Reference::at(0);
    for (k, p) in pairs().take(2_000_000).enumerate() {
        assert_eq!(p, r.step(), "k = {k}");
    }
}

#[test]
fn reference_is_the_definition_for_small_k() {
    let mut r = Reference::at(0);
    for k in 0..10_000u64 {
        assert_eq!(Some(r.step()), golden::pair(k));
    }
}

/// Runs of the iterator from `start` agree with `pair(k)` and the reference.
fn check_run_from(start: u64, len: u64) {
    let mut it = pairs();
    if start > 0 {
        it.nth(start as usize - 1);
    }
    let mut r = Reference::at(start);
    for k in start..=start.saturating_add(len - 1).min(MAX_PAIR_INDEX) {
        let p = it.next();
        assert_eq!(p, golden::pair(k), "k = {k}");
        assert_eq!(p, Some(r.step()), "k = {k}");
    }
}

/// Starts just before every segment boundary of the word table (k with no
/// Zeckendorf digit below F(18)) in a few regions, and right at Fibonacci numbers.
#[test]
fn runs_across_segment_boundaries() {
    let fib = FIBONACCI[2..].iter().filter_map(|&f| u64::try_from(f).ok());
    for f in fib.filter(|&f| f <= MAX_PAIR_INDEX) {
        for start in [f.saturating_sub(3), f.saturating_sub(70), f + 1597 - 2] {
            check_run_from(start.min(MAX_PAIR_INDEX), 200);
        }
    }
    // Long runs through many segments at a few places.
    for start in [
        0,
        1 << 40,
        7_000_000_000_000_000_000,
        MAX_PAIR_INDEX - 300_000,
    ] {
        check_run_from(start, 300_000);
    }
}

#[test]
fn ends_cleanly_after_the_last_pair() {
    let mut it = pairs();
    assert_eq!(
        it.nth(MAX_PAIR_INDEX as usize - 3),
        golden::pair(MAX_PAIR_INDEX - 3)
    );
    assert_eq!(it.size_hint(), (3, Some(3)));
    let rest: Vec<_> = it.by_ref().collect();
    assert_eq!(rest.len(), 3);
    assert_eq!(rest.last().copied(), golden::pair(MAX_PAIR_INDEX));
    // The next pair does not fit in u64: upper(MAX + 1) overflows.
    assert_eq!(golden::upper(MAX_PAIR_INDEX + 1), None);
    assert_eq!(it.size_hint(), (0, Some(0)));
    assert_eq!(it.next(), None);
    assert_eq!(it.next(), None); // fused
    // `nth` past the end repositions at MAX + 1, whose ⌊kφ⌋ still fits.
    assert!(golden::lower(MAX_PAIR_INDEX + 1).is_some());
    assert_eq!(pairs().nth(usize::MAX), None);
    assert_eq!(it.nth(1), None);
    let mut it = pairs();
    assert_eq!(it.nth(MAX_PAIR_INDEX as usize + 1), None);
    assert_eq!(it.next(), None);
    let mut it = pairs();
    assert_eq!(it.nth(usize::MAX), None);
    assert_eq!(it.next(), None);
}

#[test]
fn size_hint_counts_down() {
    let mut it = pairs();
    let n = usize::try_from(MAX_PAIR_INDEX + 1).unwrap();
    assert_eq!(it.size_hint(), (n, Some(n)));
    it.next();
    it.nth(99);
    assert_eq!(it.size_hint(), (n - 101, Some(n - 101)));
}

quickcheck! {
    fn qc_nth_equals_pair(k: u64) -> bool {
        let k = k % (MAX_PAIR_INDEX + 1);
        pairs().nth(k as usize) == golden::pair(k)
    }

    fn qc_nth_then_next_matches_reference(k: u64, hops: Vec<u16>) -> bool {
        // Relative nth jumps, then plain steps, from a random place.
        let mut k = k % (MAX_PAIR_INDEX / 2);
        let mut it = pairs();
        if k > 0 {
            it.nth(k as usize - 1);
        }
        for h in hops.into_iter().take(8) {
            let h = u64::from(h % 3000);
            k += h;
            if it.nth(h as usize) != golden::pair(k) {
                return false;
            }
            k += 1;
            let mut r = Reference::at(k);
            for _ in 0..100 {
                if it.next() != Some(r.step()) {
                    return false;
                }
            }
            k += 100;
        }
        true
    }
}
