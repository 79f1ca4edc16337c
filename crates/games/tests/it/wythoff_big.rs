//! `wythoff::outcome` near 10¹⁸ (the range of 51nod 1185) against an
//! independent exact method: (a, b) with a ≤ b is a P-position exactly when
//! a = ⌊dφ⌋ with d = b − a, and ⌊dφ⌋ = ⌊(d + √(5d²))/2⌋ = (d + ⌊√(5d²)⌋)/2
//! (√(5d²) is irrational for d > 0, so the floors commute), computed here in
//! `u128` with a square root by bisection — nothing from `beatty-core`.

use beatty_games::{Outcome, wythoff};

/// ⌊√x⌋ by bisection on the root.
fn isqrt(x: u128) -> u128 {
    let (mut lo, mut hi) = (0u128, 1u128 << 64); // lo² ≤ x < hi²
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mid.checked_mul(mid).is_some_and(|m| m <= x) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// ⌊dφ⌋ for d ≤ 10¹⁹.
fn lower(d: u64) -> u128 {
    let d = u128::from(d);
    (d + isqrt(5 * d * d)) / 2
}

fn outcome_ref(a: u64, b: u64) -> Outcome {
    let (a, b) = (a.min(b), a.max(b));
    if u128::from(a) == lower(b - a) {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn check(a: u64, b: u64) {
    let expected = outcome_ref(a, b);
    assert_eq!(wythoff::outcome(a, b), expected, "({a}, {b})");
    assert_eq!(wythoff::outcome(b, a), expected, "({b}, {a})");
}

/// The P-position of index k (k ≤ 10¹⁸) and the eight positions around it.
fn check_around_index(k: u64) {
    let a = u64::try_from(lower(k)).expect("k ≤ 10¹⁸");
    let b = a + k;
    for da in [-1i64, 0, 1] {
        for db in [-1i64, 0, 1] {
            check(a.saturating_add_signed(da), b.saturating_add_signed(db));
        }
    }
}

#[test]
fn fibonacci_and_lucas_indices_up_to_1e18() {
    const LIMIT: u64 = 1_000_000_000_000_000_000;
    let mut p_positions = 0;
    // Fibonacci numbers F(i) and Lucas numbers L(i) = F(i − 1) + F(i + 1),
    // from the core's tested table (inputs here).
    let f = &beatty_core::zeckendorf::FIBONACCI;
    let lucas = (1..f.len() - 1).filter_map(|i| f[i - 1].checked_add(f[i + 1]));
    for x in f.iter().copied().chain([2]).chain(lucas) {
        let Some(x) = u64::try_from(x).ok().filter(|&x| x <= LIMIT) else {
            continue;
        };
        for k in [x.saturating_sub(1), x, x + 1] {
            // b ≈ 2.618k goes past 10¹⁸ for the largest k, still inside u64.
            check_around_index(k);
            p_positions += 1;
        }
    }
    assert!(p_positions > 150);
}

#[test]
fn pairs_with_the_larger_pile_near_1e18() {
    // k with b = ⌊kφ⌋ + k just below 10¹⁸: k ≈ 10¹⁸/φ².
    let k0 = 381_966_011_250_105_151u64;
    for k in k0 - 500..k0 + 500 {
        check_around_index(k);
    }
}

#[test]
fn random_points_up_to_1e18() {
    // SplitMix64, so the points are the same in every run.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for _ in 0..200_000 {
        let a = next() % 1_000_000_000_000_000_000 + 1;
        let b = next() % 1_000_000_000_000_000_000 + 1;
        check(a, b);
        // A random index: its P-position and neighbours (random pairs are almost never P).
        check_around_index(next() % 381_966_011_250_105_152 + 1);
    }
}
