//! Fibonacci nim (Whinihan 1963): one pile of n stones; the first move takes
//! any number but not all, every later move takes at least one and at most
//! twice the previous take; whoever takes the last stone wins (HDU 2516).
//!
//! # The idea
//!
//! Write n as its Zeckendorf sum of non-consecutive Fibonacci numbers. The
//! player to move, allowed to take up to `max_take`, wins exactly when the
//! smallest term of that sum is at most `max_take`, and taking that term wins.
//! For the opening (`max_take` = n − 1) that means: the first player loses
//! exactly when n is a Fibonacci number.
//!
//! ```
//! use beatty_games::{fibonacci_nim, Outcome};
//! assert_eq!(fibonacci_nim::outcome(13), Ok(Outcome::P));
//! assert_eq!(fibonacci_nim::winning_move(12), Ok(Some(1))); // 12 = 8 + 3 + 1
//! ```

use crate::Outcome;
use beatty_core::zeckendorf::{FIBONACCI, Zeckendorf};
use core::fmt;

/// Degenerate openings of Fibonacci nim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FibonacciNimError {
    /// Fewer than 2 stones: the first move ("any number but not all") is impossible.
    TooFewStones(u64),
}

impl fmt::Display for FibonacciNimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FibonacciNimError::TooFewStones(n) => {
                write!(f, "the pile must have at least 2 stones, got {n}")
            }
        }
    }
}

impl std::error::Error for FibonacciNimError {}

/// The smallest term of n's Zeckendorf representation (n ≥ 1).
fn smallest_term(n: u64) -> u64 {
    let i = Zeckendorf::from_u64(n)
        .smallest_index()
        .expect("n ≥ 1 has a Zeckendorf term");
    u64::try_from(FIBONACCI[i as usize]).expect("a term of a u64 fits in a u64")
}

fn opening(n: u64) -> Result<(), FibonacciNimError> {
    if n < 2 {
        Err(FibonacciNimError::TooFewStones(n))
    } else {
        Ok(())
    }
}

/// The outcome of the opening with `n` stones: P exactly when n is a Fibonacci number.
///
/// ```
/// use beatty_games::{fibonacci_nim::outcome, Outcome};
/// assert_eq!(outcome(2), Ok(Outcome::P));
/// assert_eq!(outcome(4), Ok(Outcome::N));
/// assert!(outcome(1).is_err());
/// ```
pub fn outcome(n: u64) -> Result<Outcome, FibonacciNimError> {
    opening(n)?;
    Ok(outcome_with_limit(n, n - 1))
}

/// The winning first take from `n` stones (the smallest Zeckendorf term of n),
/// `None` when n is a Fibonacci number.
///
/// ```
/// use beatty_games::fibonacci_nim::winning_move;
/// assert_eq!(winning_move(100), Ok(Some(3))); // 100 = 89 + 8 + 3
/// assert_eq!(winning_move(89), Ok(None));
/// ```
pub fn winning_move(n: u64) -> Result<Option<u64>, FibonacciNimError> {
    opening(n)?;
    Ok(winning_move_with_limit(n, n - 1))
}

/// The outcome of `n` stones when the player to move may take 1..=`max_take`.
///
/// ```
/// use beatty_games::{fibonacci_nim::outcome_with_limit, Outcome};
/// assert_eq!(outcome_with_limit(12, 1), Outcome::N); // take 1: 11 = 8 + 3, the opponent may take 2
/// assert_eq!(outcome_with_limit(11, 2), Outcome::P);
/// assert_eq!(outcome_with_limit(0, 5), Outcome::P);
/// ```
#[must_use]
pub fn outcome_with_limit(n: u64, max_take: u64) -> Outcome {
    if winning_move_with_limit(n, max_take).is_some() {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The winning take from `n` stones with takes of 1..=`max_take`: the smallest
/// Zeckendorf term of n when it is at most `max_take`, else `None`.
///
/// ```
/// use beatty_games::fibonacci_nim::winning_move_with_limit;
/// assert_eq!(winning_move_with_limit(11, 3), Some(3));
/// assert_eq!(winning_move_with_limit(11, 2), None);
/// ```
#[must_use]
pub fn winning_move_with_limit(n: u64, max_take: u64) -> Option<u64> {
    if n == 0 {
        return None;
    }
    let t = smallest_term(n);
    (t <= max_take).then_some(t)
}

/// A perfect-play line from the opening with `n` stones: each step is (stones
/// before, stones taken). The player who can win takes the smallest Zeckendorf
/// term; the player who cannot takes 1.
///
/// ```
/// use beatty_games::fibonacci_nim::perfect_play;
/// // 4 = 3 + 1: take 1; 3 is Fibonacci, the loser takes 1; 2 ≤ 2: take both.
/// assert_eq!(perfect_play(4), Ok(vec![(4, 1), (3, 1), (2, 2)]));
/// ```
pub fn perfect_play(n: u64) -> Result<Vec<(u64, u64)>, FibonacciNimError> {
    opening(n)?;
    let mut line = Vec::new();
    let (mut left, mut limit) = (n, n - 1);
    while left > 0 {
        let take = winning_move_with_limit(left, limit).unwrap_or(1);
        line.push((left, take));
        left -= take;
        limit = take.saturating_mul(2);
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules searched directly: `wins[n][m]` for n stones and takes up to m.
    fn brute(n_max: usize) -> Vec<Vec<bool>> {
        let mut w = vec![vec![false; n_max + 1]; n_max + 1];
        for n in 1..=n_max {
            for m in 1..=n_max {
                w[n][m] = (1..=m.min(n)).any(|t| !w[n - t][(2 * t).min(n_max)]);
            }
        }
        w
    }

    #[test]
    fn closed_forms_match_brute_force_of_the_rules_up_to_300() {
        let w = brute(300);
        for n in 1..=300u64 {
            for m in 1..=300u64 {
                let want = w[n as usize][m as usize];
                assert_eq!(
                    outcome_with_limit(n, m).player_to_move_wins(),
                    want,
                    "{n} {m}"
                );
                if let Some(t) = winning_move_with_limit(n, m) {
                    assert!(t <= m && !w[(n - t) as usize][(2 * t).min(300) as usize]);
                }
            }
            if n >= 2 {
                assert_eq!(
                    outcome(n).unwrap().player_to_move_wins(),
                    w[n as usize][n as usize - 1]
                );
            }
        }
    }
}
