//! Euclid's game solved by brute force on every pair up to 400, from the rules
//! alone (a plain table filled in order of a + b, no `game::Oracle`), against
//! `euclid::outcome`, `reference::euclid_outcome_by_steps`, `winning_moves` and `perfect_play`.
//!
//! Rules (HDU 1525): subtract a positive multiple of the smaller number from the
//! larger, leaving it ≥ 0 (either one when they are equal); whoever makes a
//! number 0 wins, so a position with a zero is lost for the player to move.

use beatty_games::{Outcome, euclid, reference};

const N: usize = 400;

/// Every move from (a, b) by the rules, without duplicates.
fn moves(a: usize, b: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if a == 0 || b == 0 {
        return out;
    }
    if a >= b {
        let mut x = a;
        while x >= b {
            x -= b;
            out.push((x, b));
        }
    }
    if b >= a {
        let mut y = b;
        while y >= a {
            y -= a;
            if !out.contains(&(a, y)) {
                out.push((a, y));
            }
        }
    }
    out
}

/// `won[a][b]`: the player to move at (a, b) wins.
fn solve() -> Vec<Vec<bool>> {
    let mut won = vec![vec![false; N + 1]; N + 1];
    // Every move lowers a + b, so filling by increasing sum sees options first.
    for sum in 0..=2 * N {
        for a in sum.saturating_sub(N)..=sum.min(N) {
            let b = sum - a;
            won[a][b] = moves(a, b).iter().any(|&(x, y)| !won[x][y]);
        }
    }
    won
}

#[test]
fn outcomes_and_winning_moves_equal_brute_force_up_to_400() {
    let won = solve();
    let mut n_count = 0;
    for a in 0..=N {
        for b in 0..=N {
            let want = if won[a][b] { Outcome::N } else { Outcome::P };
            let (a64, b64) = (a as u64, b as u64);
            assert_eq!(euclid::outcome(a64, b64), want, "({a}, {b})");
            assert_eq!(
                reference::euclid_outcome_by_steps(a64, b64),
                want,
                "({a}, {b})"
            );
            let mut wins: Vec<(u64, u64)> = moves(a, b)
                .into_iter()
                .filter(|&(x, y)| !won[x][y])
                .map(|(x, y)| (x as u64, y as u64))
                .collect();
            wins.sort_unstable();
            let mut got = euclid::winning_moves(a64, b64);
            got.sort_unstable();
            assert_eq!(got, wins, "({a}, {b})");
            n_count += usize::from(won[a][b]);
        }
    }
    // Cole & Davie: for a ≥ b > 0 the mover loses only when b < a < φ·b, a
    // minority of the board (a sanity check of the table itself).
    assert!(n_count > (N + 1) * (N + 1) / 2, "{n_count}");
}

#[test]
fn perfect_play_follows_brute_force_up_to_150() {
    let won = solve();
    for a in 0..=150usize {
        for b in 0..=150usize {
            let line = euclid::perfect_play(a as u64, b as u64);
            assert_eq!(line[0], (a as u64, b as u64));
            // Each step is a legal move; the winner always moves into a lost
            // position; the game ends at a zero.
            for w in line.windows(2) {
                let (x, y) = (w[0].0 as usize, w[0].1 as usize);
                let to = (w[1].0 as usize, w[1].1 as usize);
                assert!(moves(x, y).contains(&to), "({a}, {b}): {:?}", w);
                if won[x][y] {
                    assert!(!won[to.0][to.1], "({a}, {b}): {:?}", w);
                }
            }
            let last = *line.last().unwrap();
            assert!(last.0 == 0 || last.1 == 0, "({a}, {b}): {line:?}");
            // The first player wins exactly when the line has an odd number of moves.
            assert_eq!((line.len() - 1) % 2 == 1, won[a][b], "({a}, {b}): {line:?}");
        }
    }
}
