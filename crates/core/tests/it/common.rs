//! Independent oracles shared by the integration tests: nothing here calls the
//! code under test.
#![allow(dead_code)] // each test crate uses a different subset

/// a·b as a 256-bit number (hi, lo), by schoolbook multiplication of 64-bit limbs.
pub fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a0, a1) = (a as u64 as u128, a >> 64);
    let (b0, b1) = (b as u64 as u128, b >> 64);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 as u64 as u128) + (p10 as u64 as u128);
    let lo = (p00 as u64 as u128) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// Whether m = ⌊n·φ⌋, decided from the definition alone (m ≤ nφ < m + 1).
///
/// With c = m − n: m ≤ nφ ⟺ c ≤ n/φ ⟺ c·(c + n) ≤ n², and
/// nφ < m + 1 ⟺ n² < (c + 1)·(c + 1 + n) (equality is impossible, φ being
/// irrational). Products are 256-bit. Requires m < u128::MAX.
pub fn is_floor_phi(n: u128, m: u128) -> bool {
    if n == 0 {
        return m == 0;
    }
    let Some(c) = m.checked_sub(n) else {
        return false;
    };
    let n2 = mul_wide(n, n);
    let low_ok = mul_wide(c, m) <= n2; // c + n = m
    let high_ok = n2 < mul_wide(c + 1, m + 1);
    low_ok && high_ok
}

/// ⌊nφ⌋ for a `u64` n by bisection on [`is_floor_phi`]'s lower test
/// (c ≤ n/φ ⟺ c(c + n) ≤ n²): slow, and independent of every implementation.
pub fn floor_phi_by_bisection(n: u64) -> u128 {
    let n = u128::from(n);
    let n2 = mul_wide(n, n);
    // Largest c in [0, n] with c(c + n) ≤ n².
    let (mut lo, mut hi) = (0u128, n);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if mul_wide(mid, mid + n) <= n2 {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    n + lo
}

/// Every Fibonacci number ≤ u64::MAX and its neighbours F ± 1, F ± 2 (those in range),
/// plus the 100 values next to u64::MAX: test *inputs*, so they come from the
/// core's table (`zeckendorf.rs` tests it against published values).
pub fn fibonacci_neighbourhood_u64() -> Vec<u64> {
    let mut v = Vec::new();
    for f in beatty_core::zeckendorf::FIBONACCI {
        for d in -2i128..=2 {
            if let Ok(x) = u64::try_from(f as i128 + d) {
                v.push(x);
            }
        }
    }
    v.extend((0..100).map(|d| u64::MAX - d));
    v.sort_unstable();
    v.dedup();
    v
}

/// The smallest x in (lo, hi] with `pred(x)`, for a monotone `pred` with
/// `!pred(lo)` and `pred(hi)`, by bisection.
pub fn first_true(mut lo: u128, mut hi: u128, pred: impl Fn(u128) -> bool) -> u128 {
    assert!(!pred(lo) && pred(hi));
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}
