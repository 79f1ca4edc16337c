//! Euclid's game (Cole & Davie 1969): subtract a positive multiple of the smaller
//! number from the larger, keeping it ≥ 0; whoever reaches 0 wins.

use crate::Outcome;
use beatty_core::golden::cmp_ratio;
use core::cmp::Ordering;

/// Outcome of (a, b). A position with a zero is terminal: the previous player has
/// won, so it is [`Outcome::P`].
///
/// ```
/// use beatty_games::{euclid, Outcome};
/// assert_eq!(euclid::outcome(34, 12), Outcome::N);
/// assert_eq!(euclid::outcome(15, 24), Outcome::P);
/// ```
#[must_use]
pub fn outcome(a: u64, b: u64) -> Outcome {
    if a == 0 || b == 0 {
        return Outcome::P;
    }
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    if a == b || cmp_ratio(large, small) == Ordering::Greater {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// A perfect-play line from (a, b): the start position, then each position after a
/// move, ending at a position with a zero.
///
/// ```
/// use beatty_games::euclid::perfect_play;
/// assert_eq!(perfect_play(25, 7), vec![(25, 7), (11, 7), (4, 7), (4, 3), (1, 3), (1, 0)]);
/// ```
#[must_use]
pub fn perfect_play(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut line = vec![(a, b)];
    let (mut a, mut b) = (a, b);
    while a != 0 && b != 0 {
        let (big, small) = if a >= b { (a, b) } else { (b, a) };
        let q = big / small;
        let r = big % small;
        // Winning choices: reach 0, or leave a P-position; otherwise last longest (t = 1).
        let next_big = if r == 0 {
            0
        } else if outcome(r, small) == Outcome::N && q >= 2 {
            r + small
        } else if outcome(r, small) == Outcome::P {
            r
        } else {
            big - small
        };
        if a >= b {
            a = next_big;
        } else {
            b = next_big;
        }
        line.push((a, b));
    }
    line
}
