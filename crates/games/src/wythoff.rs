//! Wythoff's game (Wythoff 1907): two piles; take any positive number from one
//! pile, or the same positive number from both.

use crate::Outcome;
use beatty_core::golden::{self, Wythoff};

/// Which kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The same number from both piles.
    Both,
    /// From the smaller pile (the first pile when they are equal).
    Smaller,
    /// From the larger pile (the second pile when they are equal).
    Larger,
}

/// A move, given by its kind and the resulting piles in the input's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// What kind of move it is.
    pub kind: MoveKind,
    /// The piles after the move, in the same order as the position moved from.
    pub to: (u64, u64),
}

/// Outcome of (a, b), exact for all `u64`.
///
/// ```
/// use beatty_games::{wythoff, Outcome};
/// assert_eq!(wythoff::outcome(165_580_140, 267_914_295), Outcome::P);
/// ```
#[must_use]
pub fn outcome(a: u64, b: u64) -> Outcome {
    if golden::is_p_position(a, b) {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn partner(n: u64) -> Option<u64> {
    match golden::classify(n) {
        Wythoff::Zero => Some(0),
        Wythoff::Lower(k) => golden::upper(k),
        Wythoff::Upper(k) => golden::lower(k),
    }
}

/// Every winning move from (a, b) (moves into P-positions): the equal-from-both
/// move first, then from the smaller pile, then from the larger. At most three.
///
/// ```
/// use beatty_games::wythoff::{winning_moves, MoveKind};
/// let m: Vec<_> = winning_moves(4, 5).into_iter().map(|m| m.to).collect();
/// assert_eq!(m, [(1, 2), (3, 5)]);
/// ```
#[must_use]
pub fn winning_moves(a: u64, b: u64) -> Vec<Move> {
    let mut out = Vec::with_capacity(3);
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let d = hi - lo;
    if let Some(x) = golden::lower(d) {
        if x < lo {
            let t = lo - x;
            out.push(Move {
                kind: MoveKind::Both,
                to: (a - t, b - t),
            });
        }
    }
    // Smaller pile first: index 0 if a <= b.
    let piles = if a <= b {
        [(0usize, MoveKind::Smaller), (1, MoveKind::Larger)]
    } else {
        [(1, MoveKind::Smaller), (0, MoveKind::Larger)]
    };
    for (idx, kind) in piles {
        let (take_from, other) = if idx == 0 { (a, b) } else { (b, a) };
        if let Some(x) = partner(other) {
            if x < take_from {
                let to = if idx == 0 { (x, b) } else { (a, x) };
                out.push(Move { kind, to });
            }
        }
    }
    out
}
