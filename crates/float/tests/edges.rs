//! Every public function at 0, 1, MAX − 1, MAX and random values: an answer,
//! never a panic (each call runs under `catch_unwind`; every panic is
//! collected and reported at the end). The formulas are deliberately
//! inexact, so answers are checked against the exact ones of beatty-core
//! only where doubles are known to be right: below k = 102334155, the first
//! hazard of `lower_f64` (for `lower_f32` below 2²⁴ / φ… not at all: it is
//! wrong early, which is its point).

use beatty_core::{golden, zeckendorf};
use beatty_float::{self as float, FloatClass, solutions};
use std::panic::{AssertUnwindSafe, catch_unwind};

const MAX: u64 = u64::MAX;

fn values() -> Vec<u64> {
    let mut v = vec![
        0,
        1,
        2,
        3,
        4,
        5,
        7,
        12,
        13,
        1000,
        MAX - 1,
        MAX,
        1 << 53,
        102_334_155,
    ];
    let mut state = 0xbb67_ae85_84ca_a73b_u64;
    for _ in 0..12 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        v.push(z >> (z % 64));
    }
    v
}

#[derive(Default)]
struct Panics(Vec<String>);

impl Panics {
    fn call<T>(&mut self, what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> Option<T> {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(v) => Some(v),
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                self.0.push(format!("{}: {msg}", what()));
                None
            }
        }
    }

    fn check(self) {
        assert!(
            self.0.is_empty(),
            "{} calls panicked:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

/// Where doubles are still right (below the first hazard, k = F(40)).
const SAFE: u64 = 102_334_155;

#[test]
fn every_function_answers() {
    let mut p = Panics::default();
    let phi = p.call(|| "phi_f64()".to_owned(), float::phi_f64);
    // φ² = φ + 1, to within the rounding of doubles.
    assert!(phi.is_some_and(|f| (f * f - f - 1.0).abs() < 1e-15));
    for k in values() {
        let exact = golden::lower(k);
        let l = p.call(|| format!("lower_f64({k})"), || float::lower_f64(k));
        if k < SAFE {
            assert_eq!(l, exact, "lower_f64({k})");
        }
        p.call(|| format!("lower_f32({k})"), || float::lower_f32(k));
        let ld = p.call(
            || format!("lower_long_double({k})"),
            || solutions::lower_long_double(k),
        );
        if k < SAFE {
            assert_eq!(ld, exact, "lower_long_double({k})");
        }
        let class = p.call(|| format!("classify_f64({k})"), || float::classify_f64(k));
        if k < SAFE {
            let expected = match golden::classify(k) {
                golden::Class::Zero => FloatClass::Zero,
                golden::Class::Lower(j) => FloatClass::Lower(j),
                golden::Class::Upper(_) => FloatClass::Upper,
            };
            assert_eq!(class, Some(expected), "classify_f64({k})");
        }
        let is_fib = (0..=93).any(|i| zeckendorf::fibonacci(i) == Some(u128::from(k)));
        let first_wins = p.call(
            || format!("fibonacci_nim_binet({k})"),
            || solutions::fibonacci_nim_binet(k),
        );
        if (2..SAFE).contains(&k) {
            assert_eq!(first_wins, Some(!is_fib), "fibonacci_nim_binet({k})");
        }
        if let Some(first_wins) = p.call(
            || format!("fibonacci_nim_square_f64({k})"),
            || solutions::fibonacci_nim_square_f64(k),
        ) {
            // Right while 5n² + 4 is exact in doubles (n below about 4.2·10⁷).
            if (2..40_000_000).contains(&k) {
                assert_eq!(first_wins, !is_fib, "fibonacci_nim_square_f64({k})");
            }
        }
        for b in values() {
            let small = k.max(b) < SAFE;
            let is_p = p.call(
                || format!("is_p_position_f64({k}, {b})"),
                || float::is_p_position_f64(k, b),
            );
            if small {
                assert_eq!(is_p, Some(golden::is_p_position(k, b)), "({k}, {b})");
            }
            let big = p.call(
                || format!("wythoff_big_f64({k}, {b})"),
                || solutions::wythoff_big_f64(k, b),
            );
            assert_eq!(big, is_p.map(|p| !p));
            let ld = p.call(
                || format!("wythoff_big_long_double({k}, {b})"),
                || solutions::wythoff_big_long_double(k, b),
            );
            if small {
                assert_eq!(ld, Some(!golden::is_p_position(k, b)));
            }
            if let Some(moves) = p.call(
                || format!("wythoff_moves_naive({k}, {b})"),
                || solutions::wythoff_moves_naive(k, b),
            ) {
                let (a, b) = (k.min(b), k.max(b));
                assert_eq!(moves.is_none(), is_p == Some(true));
                for (x, y) in moves.into_iter().flatten() {
                    // A legal Wythoff move from (a, b) (either order of the result).
                    let legal = |x: u64, y: u64| {
                        (x < a && y == b) || (x == a && y < b) || (x < a && y < b && a - x == b - y)
                    };
                    assert!(legal(x, y) || legal(y, x), "({a}, {b}) → ({x}, {y})");
                }
            }
            let first = p.call(
                || format!("euclid_first_wins_f64({k}, {b})"),
                || float::euclid_first_wins_f64(k, b),
            );
            assert_eq!(
                p.call(
                    || format!("euclid_f64({k}, {b})"),
                    || solutions::euclid_f64(k, b)
                ),
                first
            );
            if small && k > 0 && b > 0 {
                // Cole & Davie: the player to move wins iff a = b or the ratio exceeds φ.
                let (lo, hi) = (k.min(b), k.max(b));
                let exact = lo == hi || golden::cmp_ratio(hi, lo).is_gt();
                assert_eq!(first, Some(exact), "euclid ({k}, {b})");
            }
        }
    }
    for i in [0, 1, 2, 40, 70, 93, 94, 1000, u32::MAX - 1, u32::MAX] {
        let f = p.call(
            || format!("fibonacci_binet_f64({i})"),
            || solutions::fibonacci_binet_f64(i),
        );
        if i <= 40 {
            assert_eq!(f.map(u128::from), zeckendorf::fibonacci(i), "F({i})");
        }
    }
    p.check();
}
