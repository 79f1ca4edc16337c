//! Slow, plainly exact definitions that cross-check the fast functions: what
//! the tests and the benchmarks compare against. Use the real functions
//! ([`euclid::outcome`](crate::euclid::outcome),
//! [`wythoff::grundy_table`](crate::wythoff::grundy_table)); these are public so
//! that a dependent crate can run the same cross-checks.

use crate::Outcome;
use crate::prelude::*;
use crate::wythoff::{GrundyTable, side_fits};

/// Outcome of (a, b) by the step rule of most accepted contest solutions:
/// with a ≥ b, the player to move wins if b divides a or a ≥ 2b; otherwise
/// the move (a, b) → (b, a − b) is forced and the turn passes. A second,
/// independent implementation of [`euclid::outcome`](crate::euclid::outcome), O(log max(a, b)).
///
/// ```
/// use beatty_games::{reference::euclid_outcome_by_steps, Outcome};
/// assert_eq!(euclid_outcome_by_steps(25, 7), Outcome::N);
/// assert_eq!(euclid_outcome_by_steps(11, 7), Outcome::P);
/// assert_eq!(euclid_outcome_by_steps(5, 0), Outcome::P);
/// ```
#[must_use]
pub fn euclid_outcome_by_steps(a: u64, b: u64) -> Outcome {
    let (mut big, mut small) = if a >= b { (a, b) } else { (b, a) };
    if small == 0 {
        return Outcome::P;
    }
    let mut first_player_to_move = true;
    loop {
        // small > 0 here; big < 2·small after the test, so big − small < small.
        if big % small == 0 || big / small >= 2 {
            return if first_player_to_move {
                Outcome::N
            } else {
                Outcome::P
            };
        }
        (big, small) = (small, big - small);
        first_player_to_move = !first_player_to_move;
    }
}

/// The same table as [`wythoff::grundy_table`](crate::wythoff::grundy_table) by the definition: each value is the
/// mex of the values of all options, O(n³). For tests and as the
/// benchmark's baseline; `None` when `n` > [`wythoff::MAX_TABLE_SIDE`](crate::wythoff::MAX_TABLE_SIDE).
///
/// ```
/// use beatty_games::{reference::wythoff_grundy_table_by_mex, wythoff::grundy_table};
/// assert_eq!(wythoff_grundy_table_by_mex(20), grundy_table(20));
/// ```
#[must_use]
pub fn wythoff_grundy_table_by_mex(n: usize) -> Option<GrundyTable> {
    if !side_fits(n) {
        return None;
    }
    let mut values = vec![0u32; n * n];
    // A value is at most the number of options, a + b + min(a, b) < 3n.
    let mut seen = vec![false; 3 * n + 1];
    for a in 0..n {
        for b in 0..n {
            seen.fill(false);
            for x in 0..a {
                seen[values[x * n + b] as usize] = true;
            }
            for y in 0..b {
                seen[values[a * n + y] as usize] = true;
            }
            for t in 1..=a.min(b) {
                seen[values[(a - t) * n + (b - t)] as usize] = true;
            }
            values[a * n + b] = seen
                .iter()
                .position(|&s| !s)
                .expect("a + b + min(a, b) options cannot fill all of `seen`")
                as u32;
        }
    }
    Some(GrundyTable { n, values })
}
