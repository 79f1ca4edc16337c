//! `is_move` and `delaying_move` of Wythoff's and Euclid's games against the
//! move generators of their `Game` impls (the rules written as a list of
//! moves), on every pair of positions of a small board.

use beatty_games::game::Game;
use beatty_games::{Outcome, euclid, wythoff};

const N: u64 = 14;

#[test]
fn wythoff_moves_are_the_rules() {
    for a in 0..N {
        for b in 0..N {
            let moves = wythoff::Wythoff.moves(&(a, b)).collect::<Vec<_>>();
            for x in 0..N {
                for y in 0..N {
                    assert_eq!(
                        wythoff::is_move((a, b), (x, y)),
                        moves.contains(&(x, y)),
                        "({a}, {b}) -> ({x}, {y})"
                    );
                }
            }
            match wythoff::delaying_move(a, b) {
                None => assert!(moves.is_empty()),
                Some(to) => {
                    assert!(moves.contains(&to));
                    // It leaves the most stones of any move.
                    let left = |p: &(u64, u64)| p.0 + p.1;
                    assert_eq!(left(&to), moves.iter().map(left).max().unwrap());
                }
            }
        }
    }
}

#[test]
fn euclid_moves_are_the_rules() {
    for a in 0..N {
        for b in 0..N {
            let moves = euclid::Euclid.moves(&(a, b)).collect::<Vec<_>>();
            for x in 0..N {
                for y in 0..N {
                    assert_eq!(
                        euclid::is_move((a, b), (x, y)),
                        moves.contains(&(x, y)),
                        "({a}, {b}) -> ({x}, {y})"
                    );
                }
            }
            match euclid::delaying_move(a, b) {
                None => assert!(moves.is_empty()),
                Some(to) => {
                    assert!(moves.contains(&to));
                    // From a losing position it is the only move.
                    if euclid::outcome(a, b) == Outcome::P {
                        assert_eq!(moves, [to]);
                    }
                }
            }
        }
    }
}

/// Near the top of `u64`, where the board cannot be listed.
#[test]
fn moves_at_the_top_of_u64() {
    let m = u64::MAX;
    assert!(wythoff::is_move((m, m), (0, 0)));
    assert!(wythoff::is_move((m, m - 1), (1, 0)));
    assert!(!wythoff::is_move((m, m - 1), (0, 1)));
    assert_eq!(wythoff::delaying_move(m, m), Some((m - 1, m)));
    assert!(euclid::is_move((m, 1), (0, 1)));
    assert!(!euclid::is_move((m, 2), (0, 2))); // u64::MAX is odd
    assert!(euclid::is_move((m, 2), (1, 2)));
    assert_eq!(euclid::delaying_move(m, m), Some((0, m)));
}
