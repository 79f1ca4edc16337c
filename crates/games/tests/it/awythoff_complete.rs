//! The a-Wythoff game's winning moves are *all* the moves into P-positions, and
//! its error says what is wrong: checked against a brute-force search of the
//! rules (`game::Oracle` over `Game::moves`, which enumerates the rules' moves
//! one by one) on small boards for a = 1..=5.

use beatty_games::awythoff::{AWythoff, AWythoffError};
use beatty_games::game::Oracle;

const BOARD: u64 = 40;

#[test]
fn winning_moves_are_every_move_into_a_p_position() {
    for a in 1..=5 {
        let g = AWythoff::new(a).unwrap();
        let mut o = Oracle::new(g);
        // Largest piles first: a broken search then fails an assertion on a
        // large pile before it could loop on pile 1.
        for x in (0..BOARD).rev() {
            for y in (0..BOARD).rev() {
                let mut want = o.winning_moves(&(x, y)).unwrap();
                want.sort_unstable();
                want.dedup();
                let mut got = g.winning_moves(x, y);
                got.sort_unstable();
                assert_eq!(got, want, "a = {a}, ({x}, {y})");
            }
        }
    }
}

#[test]
fn the_error_names_the_parameter() {
    assert_eq!(AWythoff::new(0), Err(AWythoffError::ZeroParameter));
    let m = AWythoffError::ZeroParameter.to_string();
    assert!(m.contains("parameter a") && m.contains("at least 1"), "{m}");
}
