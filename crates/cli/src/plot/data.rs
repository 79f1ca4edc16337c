//! The data of each picture, computed exactly and apart from drawing: which
//! class each cell of a board is in, the P-positions to mark, the hazards per
//! decade. The drawing (`super`) only turns these into shapes, and the tests
//! below check the data against brute force over the games' rules; the
//! command's tests check that the SVG shows it.

use beatty_core::golden;
use beatty_games::{Outcome, bash, euclid, wythoff};

/// The hazards of `plot hazards` are listed (and drawn one by one) up to this k: the
/// POJ 1067 limit, as `judge hazards` lists by default.
pub(super) const LIST_TO: u64 = beatty_problems::problem::WYTHOFF_MAX_PILE;

/// A board of cells, column by column: `class(i, j)` is the legend entry of
/// column `i`, row `j`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Columns.
    pub cols: u64,
    /// Rows.
    pub rows: u64,
    classes: Vec<u8>,
}

impl Board {
    fn new(cols: u64, rows: u64, class: impl Fn(u64, u64) -> u8) -> Board {
        let mut classes = Vec::with_capacity((cols * rows) as usize);
        for i in 0..cols {
            for j in 0..rows {
                classes.push(class(i, j));
            }
        }
        Board {
            cols,
            rows,
            classes,
        }
    }

    /// The class of column `i`, row `j`.
    #[must_use]
    pub fn class(&self, i: u64, j: u64) -> usize {
        usize::from(self.classes[(i * self.rows + j) as usize])
    }
}

/// Euclid's game on `1..=n` squared: column `i`, row `j` is the position
/// (i + 1, j + 1), class 1 when it is lost for the player to move.
#[must_use]
pub fn euclid_board(n: u64) -> Board {
    Board::new(n, n, |i, j| {
        u8::from(euclid::outcome(i + 1, j + 1) == Outcome::P)
    })
}

/// Bash's game: column `i` is a pile of i stones (0..=n), row `j` the
/// maximum take j + 1 (1..=m); class 1 when lost for the player to move.
#[must_use]
pub fn bash_board(n: u64, m: u64) -> Board {
    Board::new(n + 1, m, |i, j| {
        u8::from(bash::outcome(i, j + 1) == Ok(Outcome::P))
    })
}

/// The Grundy values of Wythoff's game on the `n × n` board, row-major, or
/// `None` when the table would be too large.
#[must_use]
pub fn wythoff_grundy_values(n: u64) -> Option<wythoff::GrundyTable> {
    wythoff::grundy_table(usize::try_from(n).ok()?)
}

/// The P-positions (a, b) of Wythoff's game with a, b < n: the Wythoff pairs and their
/// mirror images, sorted.
#[must_use]
pub fn wythoff_p_cells(n: u64) -> Vec<(u64, u64)> {
    let mut v = Vec::new();
    for (a, b) in golden::pairs().take_while(|&(a, _)| a < n) {
        v.push((a, b));
        if a != b {
            v.push((b, a));
        }
    }
    v.retain(|&(a, b)| a < n && b < n);
    v.sort_unstable();
    v
}

/// The hazards of `formula` in `1..=to` per decade `[10^d, 10^(d+1))` (d = 0, 1, …; the
/// last decade cut at `to`), and for `lower-f64` the list of those up to `min(to, 10⁹)`.
#[must_use]
pub fn hazard_data(to: u64, formula: crate::hazards::Formula) -> (Vec<(u32, u64)>, Vec<u64>) {
    use crate::hazards::Formula as F;
    use beatty_hazards::{self as h, Method};
    let mut decades = Vec::new();
    let mut d = 0u32;
    while let Some(lo) = 10u64.checked_pow(d).filter(|&lo| lo <= to) {
        let hi = 10u64.checked_pow(d + 1).map_or(to, |x| (x - 1).min(to));
        let count = h::stats_of(formula.lib(), lo..=hi, Method::Enumerate, &h::no_progress).count;
        decades.push((d, count));
        d += 1;
    }
    let top = to.min(LIST_TO);
    let list = match formula {
        F::LowerF64 => h::lower_f64_enumerate(1..=top, &h::no_progress)
            .expect("95 hazards up to 10^9, far below COLLECT_LIMIT"),
        F::ClassifyF64 | F::LowerF32 => Vec::new(),
    };
    (decades, list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move loses, by search over the moves the rules
    /// allow (`moves`), memoised: no closed form involved.
    fn lost<P: Copy + Eq + std::hash::Hash>(
        p: P,
        moves: &dyn Fn(P) -> Vec<P>,
        memo: &mut HashMap<P, bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let v = moves(p).into_iter().all(|q| !lost(q, moves, memo));
        memo.insert(p, v);
        v
    }

    #[test]
    fn euclid_board_is_the_game_by_search() {
        // A move subtracts a positive multiple of the smaller number from the
        // larger, leaving it non-negative; a position with a 0 has no move.
        let moves = |(a, b): (u64, u64)| -> Vec<(u64, u64)> {
            if a == 0 || b == 0 {
                return Vec::new();
            }
            let (big, small) = (a.max(b), a.min(b));
            (1..=big / small)
                .map(|t| {
                    if a >= b {
                        (a - t * small, b)
                    } else {
                        (a, b - t * small)
                    }
                })
                .collect()
        };
        let mut memo = HashMap::new();
        let n = 40;
        let board = euclid_board(n);
        assert_eq!((board.cols, board.rows), (n, n));
        for i in 0..n {
            for j in 0..n {
                let want = lost((i + 1, j + 1), &moves, &mut memo);
                assert_eq!(board.class(i, j) == 1, want, "({}, {})", i + 1, j + 1);
            }
        }
    }

    #[test]
    fn bash_board_is_the_game_by_search() {
        let (n, m) = (60, 9);
        let board = bash_board(n, m);
        assert_eq!((board.cols, board.rows), (n + 1, m));
        for take in 1..=m {
            let moves = |s: u64| -> Vec<u64> { (1..=take.min(s)).map(|t| s - t).collect() };
            let mut memo = HashMap::new();
            for pile in 0..=n {
                let want = lost(pile, &moves, &mut memo);
                assert_eq!(
                    board.class(pile, take - 1) == 1,
                    want,
                    "n = {pile}, m = {take}"
                );
            }
        }
    }

    #[test]
    fn p_cells_are_the_wythoff_p_positions_by_search() {
        let moves = |(a, b): (u64, u64)| -> Vec<(u64, u64)> {
            let mut v: Vec<_> = (0..a).map(|x| (x, b)).collect();
            v.extend((0..b).map(|y| (a, y)));
            v.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
            v
        };
        let mut memo = HashMap::new();
        let n = 60;
        let mut want = Vec::new();
        for a in 0..n {
            for b in 0..n {
                if lost((a, b), &moves, &mut memo) {
                    want.push((a, b));
                }
            }
        }
        assert_eq!(wythoff_p_cells(n), want);
    }

    #[test]
    fn grundy_values_are_the_mex_by_definition() {
        let n = 30;
        let table = wythoff_grundy_values(n).expect("small table");
        let want = beatty_games::reference::wythoff_grundy_table_by_mex(n as usize).expect("small");
        assert_eq!(table, want);
        assert!(wythoff_grundy_values(u64::MAX).is_none());
    }

    #[test]
    fn hazard_data_counts_the_95_of_lower_f64_to_1e9() {
        // The published hazard list (tests/data/hazards-lower_f64-0-1e9.txt):
        // 95 values of k up to 10⁹, the first 102334155 = F(40).
        let (decades, list) = hazard_data(1_000_000_000, crate::hazards::Formula::LowerF64);
        assert_eq!(decades.iter().map(|&(_, c)| c).sum::<u64>(), 95);
        assert_eq!(decades.len(), 10);
        assert_eq!(list.len(), 95);
        assert_eq!(list.first(), Some(&102_334_155));
        assert!(decades[..8].iter().all(|&(_, c)| c == 0), "{decades:?}");
    }
}
