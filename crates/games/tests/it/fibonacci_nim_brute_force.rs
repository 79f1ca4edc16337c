//! Fibonacci nim (HDU 2516) by brute force from its rules, every pile up to 80
//! and every limit: a state is (n stones, at most m to take); a move takes k
//! with 1 ≤ k ≤ min(n, m) and leaves (n − k, 2k); whoever takes the last stone
//! wins; the first move may take anything but the whole pile (m = n − 1).

use beatty_games::Outcome;
use beatty_games::fibonacci_nim::{
    FibonacciNimError, outcome, outcome_with_limit, perfect_play, winning_take,
    winning_take_with_limit,
};

const N: usize = 80;

/// `won[n][m]`: the player to move at (n, m) wins; m is capped at n.
fn solve() -> Vec<Vec<bool>> {
    let mut won = vec![vec![false; N + 1]; N + 1];
    for n in 1..=N {
        for m in 1..=n {
            won[n][m] = (1..=m).any(|k| !won[n - k][(2 * k).min(n - k)]);
        }
    }
    won
}

fn wins(won: &[Vec<bool>], n: u64, m: u64) -> bool {
    won[n as usize][m.min(n) as usize]
}

#[test]
fn outcomes_and_moves_equal_brute_force_up_to_80() {
    let won = solve();
    for n in 2..=N as u64 {
        let first = if wins(&won, n, n - 1) {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(outcome(n), Ok(first), "n = {n}");
        match winning_take(n).unwrap() {
            Some(k) => {
                assert_eq!(first, Outcome::N, "n = {n}");
                assert!((1..n).contains(&k), "n = {n}: take {k}");
                assert!(!wins(&won, n - k, 2 * k), "n = {n}: take {k} does not win");
            }
            None => assert_eq!(first, Outcome::P, "n = {n}"),
        }
        for m in 1..=n {
            let want = if wins(&won, n, m) {
                Outcome::N
            } else {
                Outcome::P
            };
            assert_eq!(outcome_with_limit(n, m), want, "({n}, {m})");
            match winning_take_with_limit(n, m) {
                Some(k) => {
                    assert!((1..=m).contains(&k), "({n}, {m}): take {k}");
                    assert!(
                        !wins(&won, n - k, 2 * k),
                        "({n}, {m}): take {k} does not win"
                    );
                }
                None => assert_eq!(want, Outcome::P, "({n}, {m})"),
            }
        }
    }
}

#[test]
fn perfect_play_is_legal_and_the_winner_keeps_winning() {
    let won = solve();
    for n in 2..=N as u64 {
        let line = perfect_play(n).unwrap();
        let (mut stones, mut limit) = (n, n - 1);
        for &(before, take) in &line {
            assert_eq!(before, stones, "n = {n}: {line:?}");
            assert!((1..=limit.min(stones)).contains(&take), "n = {n}: {line:?}");
            if wins(&won, stones, limit) {
                assert!(!wins(&won, stones - take, 2 * take), "n = {n}: {line:?}");
            }
            stones -= take;
            limit = 2 * take;
        }
        assert_eq!(stones, 0, "n = {n}: {line:?}");
        // The first player takes the last stone exactly when the opening is won.
        assert_eq!(
            line.len() % 2 == 1,
            wins(&won, n, n - 1),
            "n = {n}: {line:?}"
        );
    }
}

#[test]
fn fewer_than_two_stones_is_an_error_that_says_so() {
    for n in [0, 1] {
        assert_eq!(outcome(n), Err(FibonacciNimError::TooFewStones(n)));
        assert_eq!(winning_take(n), Err(FibonacciNimError::TooFewStones(n)));
        assert_eq!(perfect_play(n), Err(FibonacciNimError::TooFewStones(n)));
        let m = FibonacciNimError::TooFewStones(n).to_string();
        assert!(
            m.contains("at least 2") && m.contains(&n.to_string()),
            "{m}"
        );
    }
}
