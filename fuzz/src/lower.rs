//! `lower_float_vs_exact`: `lower_f64(k)` against the exact ⌊kφ⌋, and `is_p_position_f64`
//! against the exact test, on 0..=10⁹: every disagreement must be a k of the checked-in
//! hazard list (tests/data/hazards-lower_f64-0-1e9.txt), and every listed k must really
//! disagree.

use crate::{domain, fib, hazards, is_listed_hazard, nudge, offset};
use arbitrary::Arbitrary;
use beatty_core::golden;

/// The input: `mode` 0 any k (x mod 10⁹+1, so every k is reachable), 1 near a Fibonacci
/// number, 2 near a listed hazard, 3 near a sum of two Fibonacci numbers (the Ostrowski
/// digits of the bad k), 4 an arbitrary pair (x, y).
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// Which kind of k (mod 5).
    pub mode: u8,
    /// The main value.
    pub x: u64,
    /// The offset or second value.
    pub y: u64,
}

/// The property (panics on a violation).
pub fn check(input: &Input) {
    let Input { mode, x, y } = *input;
    let k = match mode % 5 {
        0 => x % (domain() + 1),
        1 => nudge(fib((x % 45) as u32), offset(y, 5_000), 0, domain()),
        2 => {
            let h = hazards();
            nudge(
                h[(x % h.len() as u64) as usize],
                offset(y, 5_000),
                0,
                domain(),
            )
        }
        3 => {
            let base = fib((x % 45) as u32).saturating_add(fib(((x >> 8) % 45) as u32));
            nudge(base, offset(y, 2_000), 0, domain())
        }
        _ => {
            check_pair(x % (domain() + 1), y % (domain() + 1));
            return;
        }
    };
    check_k(k);
}

fn check_k(k: u64) {
    let exact = golden::lower(k).expect("k ≤ 10⁹ has ⌊kφ⌋ in u64");
    let float = beatty_float::lower_f64(k);
    if float != exact {
        assert!(
            is_listed_hazard(k),
            "lower_f64({k}) = {float} but ⌊kφ⌋ = {exact}, and {k} is not in the hazard list"
        );
    } else {
        assert!(
            !is_listed_hazard(k),
            "{k} is in the hazard list but lower_f64({k}) = ⌊kφ⌋ = {exact}"
        );
    }
    // The two positions the hazard list predicts: the P-position and the float's N-position.
    for a in [exact, float] {
        check_pair(a, a + k);
        check_pair(a + k, a);
    }
}

fn check_pair(a: u64, b: u64) {
    if a > domain() || b > domain() {
        return;
    }
    let exact = golden::is_p_position(a, b);
    if beatty_float::is_p_position_f64(a, b) != exact {
        let d = a.abs_diff(b);
        assert!(
            is_listed_hazard(d),
            "is_p_position_f64({a}, {b}) is wrong (exact: {exact}) and |a − b| = {d} is not a listed hazard"
        );
    }
}
