//! `exact_oracles`: the exact core against independent oracles on arbitrary `u64`/`u128`:
//!
//! * ⌊n/φ⌋ (`floor_div_phi`, the 64×64→128 fast path) against the defining inequalities
//!   c·(c + n) ≤ n² < (c + 1)·(c + 1 + n) in `u128`, and against the isqrt formula
//!   ⌊n/φ⌋ = ⌊(⌊√(5n²)⌋ − n)/2⌋ with std's `u128::isqrt` (when 5n² fits);
//! * `isqrt_u64`/`isqrt_u128` against std's `isqrt`;
//! * `lower`/`upper`/`pair` return `None` exactly on overflow, `classify` round-trips,
//!   `is_p_position` agrees with `pair`, `cmp_ratio` with a² vs b·(a + b);
//! * the fast path equals the Zeckendorf shift (`beatty_core::zeckendorf`) and the core's
//!   isqrt-formula reference `reference::lower_by_isqrt` (where 5k² fits in u128), and the
//!   pair iterator's `nth` equals `pair`.

use crate::{fib, nudge, offset};
use arbitrary::Arbitrary;
use beatty_core::golden::{self, Class};
use beatty_core::{isqrt_u64, isqrt_u128};
use beatty_core::{reference, zeckendorf};
use core::cmp::Ordering;

/// The input; y also steers a second n towards F(y mod 94) ± a few.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// An arbitrary n.
    pub x: u64,
    /// Picks the Fibonacci neighbour, and the second value of the ratio test.
    pub y: u64,
    /// An arbitrary `u128` for the wide functions.
    pub w: u128,
}

/// The property (panics on a violation).
pub fn check(input: &Input) {
    let Input { x, y, w } = *input;
    let near_fib = nudge(fib((y % 94) as u32), offset(y >> 8, 3), 0, u64::MAX);
    for n in [x, near_fib, u64::MAX - (y % 4)] {
        check_floor_div_phi(n);
        check_sequences(n);
        check_classify(n);
        check_second_implementations(n);
        assert_eq!(isqrt_u64(n), n.isqrt(), "isqrt_u64({n})");
    }
    check_cmp_ratio(x, y);
    check_cmp_ratio(x, near_fib);
    assert_eq!(isqrt_u128(w), w.isqrt(), "isqrt_u128({w})");
    if let Ok(w64) = u64::try_from(w) {
        assert_eq!(zeckendorf::lower_u128(w), Some(golden::lower_wide(w64)));
    }
}

fn check_floor_div_phi(n: u64) {
    let c = golden::floor_div_phi(n) as u128;
    let n128 = n as u128;
    // c ≤ n/φ ⟺ c(c + n) ≤ n²; c + 1 > n/φ ⟺ (c + 1)(c + 1 + n) > n² (n > 0; both < 2¹²⁸ here
    // since c < 0.62·2⁶⁴).
    if n > 0 {
        assert!(
            c * (c + n128) <= n128 * n128,
            "floor_div_phi({n}) = {c} too large"
        );
        let c1 = c + 1;
        assert!(
            c1.checked_mul(c1 + n128).is_none_or(|v| v > n128 * n128),
            "floor_div_phi({n}) = {c} too small"
        );
    } else {
        assert_eq!(c, 0);
    }
    if let Some(five_n2) = (n128 * n128).checked_mul(5) {
        let formula = (five_n2.isqrt() - n128) / 2;
        assert_eq!(c, formula, "floor_div_phi({n}) vs the isqrt formula");
    }
}

fn check_sequences(k: u64) {
    let lw = golden::lower_wide(k);
    let uw = golden::upper_wide(k);
    assert_eq!(lw, k as u128 + golden::floor_div_phi(k) as u128);
    assert_eq!(uw, lw + k as u128);
    assert_eq!(
        golden::lower(k),
        u64::try_from(lw).ok(),
        "lower({k}): None exactly on overflow"
    );
    assert_eq!(
        golden::upper(k),
        u64::try_from(uw).ok(),
        "upper({k}): None exactly on overflow"
    );
    assert_eq!(
        golden::pair(k),
        golden::lower(k).zip(golden::upper(k)),
        "pair({k})"
    );
    if let Some((a, b)) = golden::pair(k) {
        assert!(golden::is_p_position(a, b) && golden::is_p_position(b, a));
        if k > 0 {
            assert_eq!(golden::classify(a), Class::Lower(k), "classify(lower({k}))");
            assert_eq!(golden::classify(b), Class::Upper(k), "classify(upper({k}))");
            if b < u64::MAX {
                assert!(!golden::is_p_position(a, b + 1) && !golden::is_p_position(a + 1, b));
            }
        }
    }
}

fn check_second_implementations(k: u64) {
    assert_eq!(
        zeckendorf::lower_wide(k),
        golden::lower_wide(k),
        "Zeckendorf shift vs fast path at {k}"
    );
    assert_eq!(
        zeckendorf::lower(k),
        golden::lower(k),
        "zeckendorf::lower({k})"
    );
    if let Some(v) = reference::lower_by_isqrt(k) {
        assert_eq!(
            Some(v),
            golden::lower(k),
            "isqrt formula vs fast path at {k}"
        );
    }
    if let Ok(n) = usize::try_from(k) {
        assert_eq!(golden::pairs().nth(n), golden::pair(k), "pairs().nth({k})");
    }
}

fn check_classify(n: u64) {
    match golden::classify(n) {
        Class::Zero => assert_eq!(n, 0),
        Class::Lower(k) => assert_eq!(golden::lower(k), Some(n), "classify({n}) = Lower({k})"),
        Class::Upper(k) => assert_eq!(golden::upper(k), Some(n), "classify({n}) = Upper({k})"),
    }
}

fn check_cmp_ratio(a: u64, b: u64) {
    if b == 0 {
        return;
    }
    // a/b > φ ⟺ a² > b·(a + b) (φ is the positive root of t² = t + 1; never equal).
    let (a128, b128) = (a as u128, b as u128);
    let greater = match b128.checked_mul(a128 + b128) {
        Some(rhs) => a128 * a128 > rhs,
        None => false, // b(a + b) ≥ 2¹²⁸ > a²
    };
    let expected = if greater {
        Ordering::Greater
    } else {
        Ordering::Less
    };
    assert_eq!(golden::cmp_ratio(a, b), expected, "cmp_ratio({a}, {b})");
}
