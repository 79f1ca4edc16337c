//! `euclid_float_vs_exact`: `euclid_first_wins_f64` against the exact rule of
//! `beatty_games::euclid` on 1..=10⁹: every disagreement must be explained by the
//! documented error bound — a/b within 2⁻⁵⁰ of φ, decided with integers by
//! `beatty_hazards::euclid_near_phi`.

use crate::{domain, fib, nudge, offset};
use arbitrary::Arbitrary;
use beatty_games::{Outcome, euclid};

/// The input: `mode` 0 any (a, b); 1 near m·(F(i+1), F(i)), the best rational
/// approximations of φ; 2 b any and a next to ⌊bφ⌋.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// Which kind of pair (mod 3).
    pub mode: u8,
    /// The first value.
    pub x: u64,
    /// The second value.
    pub y: u64,
}

/// The property (panics on a violation), for (a, b) and (b, a).
pub fn check(input: &Input) {
    let Input { mode, x, y } = *input;
    let (a, b) = match mode % 3 {
        0 => (1 + x % domain(), 1 + y % domain()),
        1 => {
            let i = (x % 43 + 1) as u32;
            let (f1, f0) = (fib(i + 1), fib(i));
            let m = 1 + (x >> 8) % (domain() / f1).max(1);
            (
                nudge(m * f1, offset(y, 8), 1, domain()),
                nudge(m * f0, offset(y >> 8, 8), 1, domain()),
            )
        }
        _ => {
            let b = 1 + y % (domain() * 100 / 162);
            let a = beatty_core::golden::lower(b).expect("b < 10⁹") + (x & 1);
            (a.min(domain()), b)
        }
    };
    check_pair(a, b);
    check_pair(b, a);
}

fn check_pair(a: u64, b: u64) {
    let exact = euclid::outcome(a, b) == Outcome::N;
    let float = beatty_float::euclid_first_wins_f64(a, b);
    if float != exact {
        assert!(
            beatty_hazards::euclid_near_phi(a, b),
            "euclid_first_wins_f64({a}, {b}) = {float}, exact {exact}, and {a}/{b} is not within 2^-50 of φ"
        );
    }
}
