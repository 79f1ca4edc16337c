//! Wythoff's game's Grundy values against published ones, and the board edges
//! of `GrundyTable`.
//!
//! The values are OEIS A317205, "Sprague-Grundy values for Wythoff's game":
//! the lower triangle G(n, m), 0 ≤ m ≤ n, of the table A004481, read by rows
//! (its data section, 12 rows, typed in from <https://oeis.org/A317205>; the
//! table is also Table 2 of Blass and Fraenkel, Theoretical Computer Science
//! 75.3 (1990)). The game is symmetric, so they give the whole 12 × 12 board.

use beatty_games::reference::wythoff_grundy_table_by_mex;
use beatty_games::wythoff::{GrundyTable, grundy_table};

/// A317205's data: row n holds G(n, 0), …, G(n, n).
const A317205: [u64; 78] = [
    0, //
    1, 2, //
    2, 0, 1, //
    3, 4, 5, 6, //
    4, 5, 3, 2, 7, //
    5, 3, 4, 0, 6, 8, //
    6, 7, 8, 1, 9, 10, 3, //
    7, 8, 6, 9, 0, 1, 4, 5, //
    8, 6, 7, 10, 1, 2, 5, 3, 4, //
    9, 10, 11, 12, 8, 7, 13, 14, 15, 16, //
    10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, //
    11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15, //
];

const SIDE: u64 = 12;

/// G(a, b) from the published triangle.
fn published(a: u64, b: u64) -> u64 {
    let (n, m) = (a.max(b), a.min(b));
    A317205[(n * (n + 1) / 2 + m) as usize]
}

fn check_table(t: &GrundyTable, side: u64) {
    for a in 0..side {
        for b in 0..side {
            assert_eq!(t.get(a, b), Some(published(a, b)), "G({a}, {b})");
        }
    }
}

#[test]
fn grundy_values_are_the_published_ones() {
    for side in 1..=SIDE {
        let fast = grundy_table(side as usize).unwrap();
        let naive = wythoff_grundy_table_by_mex(side as usize).unwrap();
        check_table(&fast, side);
        check_table(&naive, side);
        // The row-major slice holds the same values.
        let want: Vec<u32> = (0..side)
            .flat_map(|a| (0..side).map(move |b| published(a, b) as u32))
            .collect();
        assert_eq!(fast.as_slice(), want, "side {side}");
        assert_eq!(naive.as_slice(), want, "side {side}");
    }
    // The 12 × 12 board inside larger ones.
    check_table(&grundy_table(40).unwrap(), SIDE);
    check_table(&wythoff_grundy_table_by_mex(40).unwrap(), SIDE);
}

/// `get` is `None` exactly off the board, on either coordinate.
#[test]
fn get_is_none_exactly_off_the_board() {
    for side in [0u64, 1, 2, 5, 12] {
        let t = grundy_table(side as usize).unwrap();
        assert_eq!(t.side(), side as usize);
        for a in 0..side + 3 {
            for b in 0..side + 3 {
                let on = a < side && b < side;
                assert_eq!(t.get(a, b).is_some(), on, "side {side}: ({a}, {b})");
            }
        }
        for far in [u64::MAX, u64::from(u32::MAX) + 1, 1 << 40] {
            assert_eq!(t.get(far, 0), None);
            assert_eq!(t.get(0, far), None);
        }
    }
    assert!(grundy_table(0).unwrap().as_slice().is_empty());
}

/// `move_to` off the board is `None` too, even for a target some cell has.
#[test]
fn move_to_is_none_off_the_board() {
    let t = grundy_table(5).unwrap();
    // G(0, 4) = 4 and every smaller value is reachable from it, on the board.
    assert_eq!(published(0, 4), 4);
    for target in 0..4 {
        assert_eq!(t.move_to(0, 4, target).map(|m| m.to), Some((0, target)));
    }
    for (a, b) in [(5, 0), (0, 5), (5, 5), (7, 1)] {
        for target in 0..8 {
            assert_eq!(t.move_to(a, b, target), None, "({a}, {b}) → {target}");
        }
    }
}
