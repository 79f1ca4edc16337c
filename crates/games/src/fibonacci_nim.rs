//! Fibonacci nim (Whinihan 1963): one pile, the first move takes any number
//! but not all, every later move at most twice the previous take; whoever
//! takes the last stone wins (HDU 2516).
//!
//! # Rules and theorem
//!
//! A *state* is (n, m): n stones are left and the player to move may take
//! 1..=min(m, n) stones; after a take of t the opponent faces (n − t, 2t).
//! The opening with n stones is the state (n, n − 1).
//!
//! Write n as its Zeckendorf sum of non-consecutive Fibonacci numbers
//! (see [`beatty_core::zeckendorf`]) and let f(n) be its **smallest term**.
//! The player to move wins exactly when f(n) ≤ m, and taking f(n) wins:
//!
//! * after taking f(n), the next term of n is some F(j) with j at least two
//!   indices above f(n) = F(i), and F(i + 2) > 2·F(i): the opponent, limited
//!   to 2·f(n), cannot reach the smallest term of what is left;
//! * from a state with f(n) > m, every take t ≤ m leaves n − t whose smallest
//!   term is at most 2t (the borrow from F(i) rewrites F(i) − t in low
//!   Fibonacci numbers), so the opponent can answer with the winning move.
//!
//! f(n) is moreover the *smallest* winning take; the tests check this, and
//! the whole theorem, against a search of the literal rules on all states
//! with n ≤ 300. At the opening m = n − 1, so f(n) ≤ m unless n is its own
//! single term: **the first player loses exactly when n is a Fibonacci
//! number**.
//!
//! **n = 0 and n = 1.** "Any number but not all" leaves no legal first move
//! with fewer than 2 stones, and HDU 2516 starts at n = 2; the opening
//! functions answer [`FibonacciNimError::TooFewStones`] there rather than pick
//! a convention. The state functions need none: (0, m) is lost (no move).
//!
//! ```
//! use beatty_games::{fibonacci_nim, Outcome};
//!
//! assert_eq!(fibonacci_nim::outcome(13), Ok(Outcome::P));
//! assert_eq!(fibonacci_nim::winning_take(12), Ok(Some(1))); // 12 = 8 + 3 + 1
//! // After a take of 1 the opponent may take 2, and 11 = 8 + 3 is lost for them.
//! assert_eq!(fibonacci_nim::outcome_with_limit(11, 2), Outcome::P);
//! ```

use crate::Outcome;
use crate::game::Game;
use crate::prelude::*;
use beatty_core::zeckendorf::{FIBONACCI, Zeckendorf};
use core::fmt;

/// An opening that is not a game.
///
/// ```
/// use beatty_games::fibonacci_nim::{outcome, FibonacciNimError};
/// assert_eq!(outcome(1), Err(FibonacciNimError::TooFewStones(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

impl core::error::Error for FibonacciNimError {}

/// The Zeckendorf terms of `n`, smallest first, as `u64`s.
fn terms(n: u64) -> impl Iterator<Item = u64> {
    Zeckendorf::from_u64(n)
        .indices()
        .map(|i| u64::try_from(FIBONACCI[i as usize]).expect("a term of a u64 is at most that u64"))
}

/// The opening state (n, n − 1), or the error for n < 2.
fn opening(n: u64) -> Result<u64, FibonacciNimError> {
    if n < 2 {
        Err(FibonacciNimError::TooFewStones(n))
    } else {
        Ok(n - 1)
    }
}

/// The outcome of the opening with `n` stones: P exactly when n is a
/// Fibonacci number. Errors for n < 2.
///
/// # Errors
///
/// [`FibonacciNimError::TooFewStones`] for n < 2.
///
/// ```
/// use beatty_games::{fibonacci_nim::outcome, Outcome};
/// assert_eq!(outcome(2), Ok(Outcome::P));
/// assert_eq!(outcome(4), Ok(Outcome::N));
/// assert_eq!(outcome(12_200_160_415_121_876_738), Ok(Outcome::P)); // F(93)
/// ```
pub fn outcome(n: u64) -> Result<Outcome, FibonacciNimError> {
    Ok(outcome_with_limit(n, opening(n)?))
}

/// The winning first take from `n` stones — the smallest term of n's
/// Zeckendorf representation — or `None` when n is a Fibonacci number.
/// Errors for n < 2.
///
/// # Errors
///
/// [`FibonacciNimError::TooFewStones`] for n < 2.
///
/// ```
/// use beatty_games::fibonacci_nim::winning_take;
/// assert_eq!(winning_take(100), Ok(Some(3))); // 100 = 89 + 8 + 3
/// assert_eq!(winning_take(89), Ok(None));
/// ```
pub fn winning_take(n: u64) -> Result<Option<u64>, FibonacciNimError> {
    Ok(winning_take_with_limit(n, opening(n)?))
}

/// The outcome of the state with `n` stones where the player to move may
/// take 1..=min(`max_take`, n).
///
/// ```
/// use beatty_games::{fibonacci_nim::outcome_with_limit, Outcome};
/// assert_eq!(outcome_with_limit(12, 1), Outcome::N);
/// assert_eq!(outcome_with_limit(11, 2), Outcome::P); // 11 = 8 + 3
/// assert_eq!(outcome_with_limit(0, 5), Outcome::P);
/// ```
#[must_use]
pub fn outcome_with_limit(n: u64, max_take: u64) -> Outcome {
    if winning_take_with_limit(n, max_take).is_some() {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The smallest winning take from the state (`n`, `max_take`): the smallest
/// Zeckendorf term of n when it is at most `max_take`, else `None` (the
/// state is lost, or n = 0).
///
/// ```
/// use beatty_games::fibonacci_nim::winning_take_with_limit;
/// assert_eq!(winning_take_with_limit(11, 3), Some(3));
/// assert_eq!(winning_take_with_limit(11, 2), None);
/// assert_eq!(winning_take_with_limit(u64::MAX, u64::MAX), Some(2)); // …+ 2
/// ```
#[must_use]
pub fn winning_take_with_limit(n: u64, max_take: u64) -> Option<u64> {
    terms(n).next().filter(|&t| t <= max_take)
}

/// The largest winning take from the state (`n`, `m`) among the sums of
/// n's smallest Zeckendorf terms (f(n) is one of them, so this is `Some`
/// whenever the state is won). Taking the lowest j terms leaves the
/// (j + 1)-th as the smallest, which wins when it exceeds twice the take.
fn large_winning_take(n: u64, m: u64) -> Option<u64> {
    let mut best = None;
    let mut taken = 0u64;
    let mut rest = terms(n).peekable();
    while let Some(t) = rest.next() {
        taken += t; // a partial sum of n's terms: at most n
        if taken > m {
            break;
        }
        match rest.peek() {
            Some(&next) if u128::from(next) <= 2 * u128::from(taken) => {}
            _ => best = Some(taken),
        }
    }
    best
}

/// A perfect-play line from the opening with `n` stones: each step is
/// (stones before the move, stones taken), until the pile is empty.
///
/// The player who can win takes the largest winning take among the sums of
/// the smallest Zeckendorf terms (so always a winning move, and the game
/// ends fast); the player who cannot win takes as much as allowed. The
/// winner is the player to move first exactly when [`outcome`] is N. Lines
/// are short: at most 107 moves for n < 2·10⁵ and below 100 on random
/// `u64` (measured; taking the smallest term instead would make them
/// linear in n). Errors for n < 2.
///
/// # Errors
///
/// [`FibonacciNimError::TooFewStones`] for n < 2.
///
/// ```
/// use beatty_games::fibonacci_nim::perfect_play;
/// // 4 = 3 + 1: take 1; 3 is lost for the opponent, who may take 2; 1 is left.
/// assert_eq!(perfect_play(4), Ok(vec![(4, 1), (3, 2), (1, 1)]));
/// // 5 is Fibonacci: the first player (losing) takes 4, the other takes the last.
/// assert_eq!(perfect_play(5), Ok(vec![(5, 4), (1, 1)]));
/// ```
pub fn perfect_play(n: u64) -> Result<Vec<(u64, u64)>, FibonacciNimError> {
    let mut limit = opening(n)?;
    let mut line = Vec::new();
    let mut left = n;
    // Every take is at least 1 (perfect_take checks it), so a game from n
    // stones ends within n moves: a wrong take fails here instead of looping.
    for _ in 0..n {
        let take = perfect_take(left, limit);
        line.push((left, take));
        left -= take;
        if left == 0 {
            return Ok(line);
        }
        limit = take.saturating_mul(2);
    }
    panic!("a game of {n} stones lasted more than {n} moves: {line:?}")
}

/// The take of [`perfect_play`] at the state (`left`, `limit`), both ≥ 1: the
/// largest winning take of [`large_winning_take`] when the state is won, else
/// as much as allowed. Panics if that take breaks the rules (1..=min(limit, left)).
fn perfect_take(left: u64, limit: u64) -> u64 {
    let take = large_winning_take(left, limit).unwrap_or(limit.min(left));
    assert!(
        (1..=limit.min(left)).contains(&take),
        "illegal take {take} from ({left}, {limit})"
    );
    take
}

/// Fibonacci nim as a [`Game`] for the brute-force
/// [`Oracle`](crate::game::Oracle): the position is the state
/// (stones left, maximum take), a take of t leads to (n − t, 2t). The
/// opening with n stones is `(n, n − 1)`. One option per take: only for
/// small piles.
///
/// ```
/// use beatty_games::fibonacci_nim::FibonacciNim;
/// use beatty_games::game::{Game, Oracle};
/// use beatty_games::Outcome;
/// assert!(FibonacciNim.moves(&(5, 2)).eq([(4, 2), (3, 4)]));
/// assert_eq!(Oracle::new(FibonacciNim).outcome(&(8, 7)), Ok(Outcome::P));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FibonacciNim;

impl Game for FibonacciNim {
    type Position = (u64, u64);

    /// One item per take, lazily.
    fn moves(&self, &(n, m): &(u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        (1..=m.min(n)).map(move |t| (n - t, t.saturating_mul(2)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Oracle;
    use quickcheck::quickcheck;

    const N: u64 = 300;

    /// Whether n is a Fibonacci number, by generating them (no Zeckendorf).
    fn is_fibonacci(n: u64) -> bool {
        let (mut a, mut b) = (0u128, 1u128);
        while a < u128::from(n) {
            (a, b) = (b, a + b);
        }
        a == u128::from(n)
    }

    /// The smallest term of n's Zeckendorf representation (n ≥ 1), by the
    /// greedy rule on Fibonacci numbers generated here: take the largest
    /// Fibonacci number that fits, repeatedly; the last one taken.
    fn smallest_term(n: u64) -> u128 {
        let mut fib = vec![1u128, 2];
        while fib[fib.len() - 1] <= u128::from(n) {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let (mut rest, mut last) = (u128::from(n), 0);
        for &f in fib.iter().rev() {
            if f <= rest {
                rest -= f;
                last = f;
            }
        }
        assert_eq!(rest, 0);
        last
    }

    #[test]
    fn greedy_smallest_terms() {
        // 100 = 89 + 8 + 3, 12 = 8 + 3 + 1, F(93) is its own term.
        assert_eq!(smallest_term(100), 3);
        assert_eq!(smallest_term(12), 1);
        assert_eq!(smallest_term(89), 89);
        assert_eq!(
            smallest_term(12_200_160_415_121_876_738),
            12_200_160_415_121_876_738
        );
    }

    #[test]
    fn every_state_up_to_300_equals_the_search_of_the_rules() {
        let mut oracle = Oracle::new(FibonacciNim);
        for n in 0..=N {
            // m > n is the same state as m = n; include one such m.
            for m in 0..=n + 1 {
                let wins: Vec<u64> = oracle
                    .winning_moves(&(n, m))
                    .unwrap()
                    .into_iter()
                    .map(|(left, _)| n - left)
                    .collect();
                let expected = oracle.outcome(&(n, m)).unwrap();
                assert_eq!(outcome_with_limit(n, m), expected, "n={n} m={m}");
                // The closed form's move is the smallest of all winning takes.
                assert_eq!(
                    winning_take_with_limit(n, m),
                    wins.iter().copied().min(),
                    "n={n} m={m} wins={wins:?}"
                );
                // The large winning move is one of them too.
                if let Some(t) = large_winning_take(n, m) {
                    assert!(wins.contains(&t), "n={n} m={m}: {t} not in {wins:?}");
                } else {
                    assert!(wins.is_empty());
                }
            }
            if n >= 2 {
                let expected = oracle.outcome(&(n, n - 1)).unwrap();
                assert_eq!(outcome(n), Ok(expected), "opening n={n}");
                assert_eq!(expected == Outcome::P, is_fibonacci(n), "n={n}");
                check_line(n, &mut oracle);
            }
        }
    }

    /// The line is legal, ends with an empty pile, and every move by the
    /// player who started at an N-position goes to a P-position.
    fn check_line(n: u64, oracle: &mut Oracle<FibonacciNim>) {
        let line = perfect_play(n).unwrap();
        let (mut left, mut limit) = (n, n - 1);
        for (i, &(before, take)) in line.iter().enumerate() {
            assert_eq!(before, left);
            assert!((1..=limit.min(left)).contains(&take), "n={n} step {i}");
            let winner_moves = (i % 2 == 0) == (outcome(n) == Ok(Outcome::N));
            left -= take;
            limit = 2 * take;
            if winner_moves {
                assert_eq!(
                    oracle.outcome(&(left, limit)),
                    Ok(Outcome::P),
                    "n={n} step {i}"
                );
            }
        }
        assert_eq!(left, 0);
        // The last mover is the winner.
        assert_eq!(line.len() % 2 == 1, outcome(n) == Ok(Outcome::N), "n={n}");
    }

    #[test]
    fn openings_below_two_are_errors() {
        for n in [0, 1] {
            assert_eq!(outcome(n), Err(FibonacciNimError::TooFewStones(n)));
            assert_eq!(winning_take(n), Err(FibonacciNimError::TooFewStones(n)));
            assert_eq!(perfect_play(n), Err(FibonacciNimError::TooFewStones(n)));
        }
        assert_eq!(outcome_with_limit(0, 0), Outcome::P);
        assert_eq!(outcome_with_limit(1, 0), Outcome::P);
    }

    #[test]
    fn every_fibonacci_number_in_u64_and_its_neighbours() {
        let (mut a, mut b) = (2u64, 3u64);
        loop {
            assert_eq!(outcome(a), Ok(Outcome::P), "F = {a}");
            assert_eq!(winning_take(a), Ok(None));
            // a + 1 = a + F(2): take 1. a − 1 (a ≥ 5): its smallest term is 1 or 2.
            if a >= 5 {
                assert_eq!(winning_take(a + 1), Ok(Some(1)), "{a} + 1");
                let t = winning_take(a - 1).unwrap().unwrap();
                assert!(t == 1 || t == 2, "{a} − 1: {t}");
            }
            match a.checked_add(b) {
                Some(c) => (a, b) = (b, c),
                None => break,
            }
        }
        assert_eq!(a, 7_540_113_804_746_346_429); // F(92); F(93) is b
        assert_eq!(outcome(b), Ok(Outcome::P));
    }

    quickcheck! {
        /// On all of u64: the take is legal and leaves a state whose smallest
        /// term exceeds the opponent's limit (checked with u128), and P is
        /// reported exactly for Fibonacci numbers.
        fn opening_move_lands_on_a_lost_state(n: u64) -> bool {
            let n = n.max(2);
            match winning_take(n).unwrap() {
                Some(t) => t < n && outcome(n) == Ok(Outcome::N) && !is_fibonacci(n)
                    && terms(n - t).next().is_none_or(|s| u128::from(s) > 2 * u128::from(t)),
                None => is_fibonacci(n) && outcome(n) == Ok(Outcome::P),
            }
        }

        /// On all of u64, move by move with at most 200 moves (so a wrong take
        /// that makes the game long fails instead of running for 10¹⁹ moves):
        /// every take is legal, the winner's takes leave a state whose smallest
        /// Zeckendorf term (by greedy, not the crate's) exceeds the opponent's
        /// limit, and the game ends.
        fn perfect_play_is_legal_and_short(n: u64) -> bool {
            let n = n.max(2);
            let (mut left, mut limit) = (n, n - 1);
            for _ in 0..200 {
                let won = smallest_term(left) <= u128::from(limit);
                let take = perfect_take(left, limit);
                if take == 0 || take > limit.min(left) {
                    return false;
                }
                left -= take;
                limit = take.saturating_mul(2);
                if won && left > 0 && smallest_term(left) <= 2 * u128::from(take) {
                    return false;
                }
                if left == 0 {
                    return true;
                }
            }
            false
        }
    }
}
