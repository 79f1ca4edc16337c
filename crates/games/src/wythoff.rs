//! Wythoff's game (Wythoff 1907): two piles; take any positive number from one
//! pile, or the same positive number from both.
//!
//! # Rules and theorem
//!
//! Two piles (a, b). A move takes any positive number of stones from one
//! pile, or the same positive number from both; whoever takes the last stone
//! wins (POJ 1067, HDU 1527, HDU 2177). Wythoff (1907) showed that the
//! P-positions are the pairs (⌊kφ⌋, ⌊kφ²⌋), k ≥ 0, and their mirror images,
//! with φ = (1 + √5)/2. Every positive integer is in exactly one such pair
//! (Beatty's theorem), and the pair of index k has difference k. Hence every
//! row, column and diagonal of the board holds exactly one P-position, and
//! from any position there are at most three winning moves — one per kind
//! of move:
//!
//! * [`MoveKind::Both`]: the P-position on the diagonal, (⌊dφ⌋, ⌊dφ⌋ + d)
//!   for the difference d, if it is below;
//! * [`MoveKind::Smaller`] / [`MoveKind::Larger`]: the partner of the pile
//!   that is kept, if it is smaller than the pile it replaces.
//!
//! All of it goes through [`beatty_core::golden`], so it is exact for every
//! `u64` — no floating point (the classic `(int)(k * 1.618…)` is wrong from
//! k = 102334155 on).
//!
//! **Misère** Wythoff (whoever takes the last stone loses) has the same
//! P-positions except for the small ones: (0, 0) and (1, 2) are replaced by
//! (0, 1) and (2, 2) (and mirror images). [`misere_outcome`] and
//! [`misere_winning_moves`] use that, and the tests verify it against a
//! brute-force search.
//!
//! **Grundy values** have no known closed form; [`grundy_table`] builds the
//! full table of an n × n board in O(n³/64) with one bitset per row, column
//! and diagonal recording the values already used there.
//!
//! ```
//! use beatty_games::wythoff::{self, MoveKind};
//! use beatty_games::Outcome;
//!
//! assert_eq!(wythoff::outcome(165_580_140, 267_914_295), Outcome::P);
//! let moves = wythoff::winning_moves(4, 5);
//! assert_eq!(moves[0].kind, MoveKind::Both);
//! assert_eq!(moves[0].to, (1, 2));
//! assert_eq!(moves[1].kind, MoveKind::Smaller);
//! assert_eq!(moves[1].to, (3, 5));
//! assert_eq!(wythoff::misere_outcome(2, 2), Outcome::P);
//! assert_eq!(wythoff::grundy_table(3).unwrap().get(1, 1), Some(2));
//! ```

use crate::Outcome;
use crate::game::Game;
use crate::prelude::*;
use beatty_core::golden::{self, Class};

/// Which kind of move.
///
/// ```
/// use beatty_games::wythoff::{winning_moves, MoveKind};
/// let kinds: Vec<MoveKind> = winning_moves(2, 2).iter().map(|m| m.kind).collect();
/// assert_eq!(kinds, [MoveKind::Both, MoveKind::Smaller, MoveKind::Larger]);
/// ```
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
///
/// ```
/// use beatty_games::wythoff::{winning_moves, Move, MoveKind};
/// assert_eq!(winning_moves(5, 4)[1], Move { kind: MoveKind::Smaller, to: (5, 3) });
/// ```
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
/// assert_eq!(wythoff::outcome(0, 0), Outcome::P);
/// assert_eq!(wythoff::outcome(4, 5), Outcome::N);
/// ```
#[must_use]
pub fn outcome(a: u64, b: u64) -> Outcome {
    if golden::is_p_position(a, b) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The P-positions one game variant uses: for a kept pile, the unique other
/// pile that makes a P-position; for a difference, the smaller pile of the
/// unique P-position on that diagonal. `None` when beyond `u64`.
struct PSet {
    partner: fn(u64) -> Option<u64>,
    diagonal: fn(u64) -> Option<u64>,
}

fn partner(n: u64) -> Option<u64> {
    match golden::classify(n) {
        Class::Zero => Some(0),
        Class::Lower(k) => golden::upper(k),
        Class::Upper(k) => golden::lower(k),
    }
}

const NORMAL: PSet = PSet {
    partner,
    diagonal: golden::lower,
};

/// Misère: (0, 0) and (1, 2) give way to (0, 1) and (2, 2).
const MISERE: PSet = PSet {
    partner: |n| match n {
        0 => Some(1),
        1 => Some(0),
        2 => Some(2),
        _ => partner(n),
    },
    diagonal: |d| match d {
        0 => Some(2),
        1 => Some(0),
        _ => golden::lower(d),
    },
};

/// The moves from (a, b) into the P-positions of `set`, in the pinned order.
fn moves_into(set: &PSet, a: u64, b: u64) -> Vec<Move> {
    let mut out = Vec::with_capacity(3);
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if let Some(x) = (set.diagonal)(hi - lo)
        && x < lo
    {
        let t = lo - x;
        out.push(Move {
            kind: MoveKind::Both,
            to: (a - t, b - t),
        });
    }
    // The smaller pile is the first one when a <= b (also when equal).
    let (smaller_first, kinds) = if a <= b {
        (true, [MoveKind::Smaller, MoveKind::Larger])
    } else {
        (false, [MoveKind::Larger, MoveKind::Smaller])
    };
    let mut pile_moves = [None, None];
    // Take from the first pile, keeping b; then from the second, keeping a.
    if let Some(x) = (set.partner)(b)
        && x < a
    {
        pile_moves[0] = Some(Move {
            kind: kinds[0],
            to: (x, b),
        });
    }
    if let Some(y) = (set.partner)(a)
        && y < b
    {
        pile_moves[1] = Some(Move {
            kind: kinds[1],
            to: (a, y),
        });
    }
    if !smaller_first {
        pile_moves.swap(0, 1);
    }
    out.extend(pile_moves.into_iter().flatten());
    out
}

/// Every winning move from (a, b) (moves into P-positions): the equal-from-both
/// move first, then from the smaller pile, then from the larger. At most three,
/// O(1), exact for all `u64`; empty exactly at P-positions.
///
/// ```
/// use beatty_games::wythoff::{winning_moves, MoveKind};
/// let m: Vec<_> = winning_moves(4, 5).into_iter().map(|m| m.to).collect();
/// assert_eq!(m, [(1, 2), (3, 5)]);
/// assert!(winning_moves(3, 5).is_empty());
/// ```
#[must_use]
pub fn winning_moves(a: u64, b: u64) -> Vec<Move> {
    moves_into(&NORMAL, a, b)
}

/// Whether `to` is one move away from `from`: some stones taken from one
/// pile, or the same number from both (the rules, for every `u64`).
///
/// ```
/// use beatty_games::wythoff::is_move;
/// assert!(is_move((4, 5), (1, 2))); // 3 from both
/// assert!(is_move((4, 5), (4, 0)));
/// assert!(!is_move((4, 5), (2, 4))); // 2 and 1
/// assert!(!is_move((4, 5), (4, 5))); // nothing taken
/// ```
#[must_use]
pub fn is_move((a, b): (u64, u64), (x, y): (u64, u64)) -> bool {
    x <= a && y <= b && (x, y) != (a, b) && (x == a || y == b || a - x == b - y)
}

/// The move that makes the game last longest from a losing position: one
/// stone from the larger pile (every move from a P-position leaves an
/// N-position, and this one leaves the most stones). `None` at (0, 0),
/// where there is no move.
///
/// ```
/// use beatty_games::wythoff::delaying_move;
/// assert_eq!(delaying_move(3, 5), Some((3, 4)));
/// assert_eq!(delaying_move(0, 0), None);
/// ```
#[must_use]
pub fn delaying_move(a: u64, b: u64) -> Option<(u64, u64)> {
    match (a, b) {
        (0, 0) => None,
        _ if a >= b => Some((a - 1, b)),
        _ => Some((a, b - 1)),
    }
}

/// Outcome of misère Wythoff (whoever takes the last stone loses), exact for
/// all `u64`: the P-positions are (0, 1), (2, 2) and the normal ones
/// (⌊kφ⌋, ⌊kφ²⌋) for k ≥ 2, with mirror images.
///
/// ```
/// use beatty_games::{wythoff, Outcome};
/// assert_eq!(wythoff::misere_outcome(0, 0), Outcome::N); // the opponent took last
/// assert_eq!(wythoff::misere_outcome(1, 0), Outcome::P);
/// assert_eq!(wythoff::misere_outcome(1, 2), Outcome::N);
/// assert_eq!(wythoff::misere_outcome(5, 3), Outcome::P);
/// ```
#[must_use]
pub fn misere_outcome(a: u64, b: u64) -> Outcome {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let p = if hi <= 2 {
        (lo, hi) == (0, 1) || (lo, hi) == (2, 2)
    } else {
        golden::is_p_position(lo, hi)
    };
    if p { Outcome::P } else { Outcome::N }
}

/// Every winning move of misère Wythoff from (a, b), in the order and with
/// the kinds of [`winning_moves`]; at most three, O(1).
///
/// ```
/// use beatty_games::wythoff::{misere_winning_moves, MoveKind};
/// let m: Vec<_> = misere_winning_moves(2, 3).into_iter().map(|m| m.to).collect();
/// assert_eq!(m, [(0, 1), (2, 2)]);
/// assert!(misere_winning_moves(0, 1).is_empty());
/// ```
#[must_use]
pub fn misere_winning_moves(a: u64, b: u64) -> Vec<Move> {
    moves_into(&MISERE, a, b)
}

/// Wythoff's game as a [`Game`]: the position is the ordered pair of piles.
/// Options: from the first pile, then from the second, then from both, each
/// nearest first.
///
/// ```
/// use beatty_games::game::Game;
/// use beatty_games::wythoff::Wythoff;
/// let moves: Vec<_> = Wythoff.moves(&(1, 2)).collect();
/// assert_eq!(moves, [(0, 2), (1, 1), (1, 0), (0, 1)]);
/// // Lazy: the first of the 3·(2⁶⁴ − 1) moves of the largest position.
/// assert_eq!(Wythoff.moves(&(u64::MAX, u64::MAX)).next(), Some((u64::MAX - 1, u64::MAX)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = (u64, u64);

    /// One item per move (a + b + min(a, b) of them), lazily.
    fn moves(&self, &(a, b): &(u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        options(a, b)
    }
}

/// The options of (a, b) in the order of [`Wythoff`]'s moves, owning nothing.
pub(crate) fn options(a: u64, b: u64) -> impl Iterator<Item = (u64, u64)> {
    {
        let first = (0..a).rev().map(move |x| (x, b));
        let second = (0..b).rev().map(move |y| (a, y));
        let both = (1..=a.min(b)).map(move |t| (a - t, b - t));
        first.chain(second).chain(both)
    }
}

/// The Sprague–Grundy values of Wythoff's game on the board a, b < n; see
/// [`grundy_table`].
///
/// ```
/// let t = beatty_games::wythoff::grundy_table(4).unwrap();
/// assert_eq!(t.side(), 4);
/// assert_eq!(t.get(0, 3), Some(3)); // one pile: Nim
/// assert_eq!(t.get(4, 0), None);   // outside the board
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrundyTable {
    pub(crate) n: usize,
    pub(crate) values: Vec<u32>,
}

impl GrundyTable {
    /// The side `n` of the board.
    ///
    /// ```
    /// assert_eq!(beatty_games::wythoff::grundy_table(5).unwrap().side(), 5);
    /// ```
    #[must_use]
    pub fn side(&self) -> usize {
        self.n
    }

    /// The value of (a, b), or `None` outside the board.
    ///
    /// ```
    /// let t = beatty_games::wythoff::grundy_table(8).unwrap();
    /// assert_eq!(t.get(3, 5), Some(0));
    /// assert_eq!(t.get(2, 2), Some(1));
    /// ```
    #[must_use]
    pub fn get(&self, a: u64, b: u64) -> Option<u64> {
        let a = usize::try_from(a).ok().filter(|&a| a < self.n)?;
        let b = usize::try_from(b).ok().filter(|&b| b < self.n)?;
        Some(u64::from(self.values[a * self.n + b]))
    }

    /// A move from (a, b) to a position of Grundy value `target`, found by
    /// looking up every option in the table (O(a + b)); `None` when (a, b)
    /// is outside the board or no option has that value. Every `target`
    /// below the value of (a, b) has one (that is what the mex means).
    ///
    /// ```
    /// use beatty_games::wythoff::{grundy_table, MoveKind};
    /// let t = grundy_table(8).unwrap();
    /// assert_eq!(t.get(2, 2), Some(1));
    /// let m = t.move_to(2, 2, 0).unwrap();
    /// assert_eq!((m.kind, m.to), (MoveKind::Both, (0, 0)));
    /// assert_eq!(t.move_to(2, 2, 1), None); // no option has the value itself
    /// ```
    #[must_use]
    pub fn move_to(&self, a: u64, b: u64, target: u64) -> Option<Move> {
        self.get(a, b)?;
        let both = (1..=a.min(b)).map(|t| Move {
            kind: MoveKind::Both,
            to: (a - t, b - t),
        });
        let (first_kind, second_kind) = if a <= b {
            (MoveKind::Smaller, MoveKind::Larger)
        } else {
            (MoveKind::Larger, MoveKind::Smaller)
        };
        let first = (0..a).map(|x| Move {
            kind: first_kind,
            to: (x, b),
        });
        let second = (0..b).map(|y| Move {
            kind: second_kind,
            to: (a, y),
        });
        both.chain(first)
            .chain(second)
            .find(|m| self.get(m.to.0, m.to.1) == Some(target))
    }

    /// The values row by row: entry `a·n + b` is the value of (a, b).
    ///
    /// ```
    /// let t = beatty_games::wythoff::grundy_table(2).unwrap();
    /// assert_eq!(t.as_slice(), [0, 1, 1, 2]);
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> &[u32] {
        &self.values
    }
}

/// The largest board side [`grundy_table`] accepts (2¹⁴: a 1 GiB table).
///
/// ```
/// use beatty_games::wythoff::{grundy_table, MAX_TABLE_SIDE};
/// assert!(grundy_table(MAX_TABLE_SIDE + 1).is_none());
/// ```
pub const MAX_TABLE_SIDE: usize = 1 << 14;

/// Whether a board of side `n` is within [`MAX_TABLE_SIDE`]: the one bound of
/// both table builders, testable at the limit without building a 1 GiB table.
pub(crate) const fn side_fits(n: usize) -> bool {
    n <= MAX_TABLE_SIDE
}

/// One fixed-size bitset per line (row, column or diagonal) over the values
/// 0..3n: a value is the mex of its options, so at most their number,
/// a + b + min(a, b) < 3n. The mex search therefore always finds a clear bit.
struct Bits {
    words: usize,
    data: Vec<u64>,
}

impl Bits {
    fn new(lines: usize, n: usize) -> Self {
        let words = (3 * n).div_ceil(64).max(1);
        Bits {
            words,
            data: vec![0; lines * words],
        }
    }

    fn line(&self, i: usize) -> &[u64] {
        &self.data[i * self.words..(i + 1) * self.words]
    }

    fn set(&mut self, i: usize, v: u32) {
        let v = v as usize;
        self.data[i * self.words + v / 64] |= 1 << (v % 64);
    }
}

/// The Sprague–Grundy value of every position (a, b) with a, b < n, or
/// `None` when `n` > [`MAX_TABLE_SIDE`].
///
/// Each row, column and diagonal keeps a bitset of the values already
/// placed on it; the value of (a, b) is the first bit clear in all three
/// (the options of (a, b) are exactly the earlier cells of its row, column
/// and diagonal). That is O(n²) cells × O(n/64) words. A straightforward
/// version that recomputes the mex from the options, [`reference::wythoff_grundy_table_by_mex`](crate::reference::wythoff_grundy_table_by_mex),
/// is kept beside it for the tests and the benchmark.
///
/// ```
/// use beatty_games::wythoff::grundy_table;
/// let t = grundy_table(6).unwrap();
/// // The zeros are the P-positions (0,0), (1,2), (2,1), (3,5), (5,3).
/// let zeros: Vec<(u64, u64)> = (0..6)
///     .flat_map(|a| (0..6).map(move |b| (a, b)))
///     .filter(|&(a, b)| t.get(a, b) == Some(0))
///     .collect();
/// assert_eq!(zeros, [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]);
/// ```
#[must_use]
pub fn grundy_table(n: usize) -> Option<GrundyTable> {
    if !side_fits(n) {
        return None;
    }
    let mut values = vec![0u32; n * n];
    let mut rows = Bits::new(n, n);
    let mut cols = Bits::new(n, n);
    // Diagonal of (a, b) is b − a + n − 1 ∈ 0..2n − 1.
    let mut diags = Bits::new((2 * n).saturating_sub(1), n);
    for a in 0..n {
        for b in 0..n {
            let d = b + n - 1 - a;
            let (r, c, g) = (rows.line(a), cols.line(b), diags.line(d));
            let mut v = 0u32;
            for ((x, y), z) in r.iter().zip(c).zip(g) {
                let used = x | y | z;
                if used != u64::MAX {
                    v += used.trailing_ones();
                    break;
                }
                v += 64;
            }
            values[a * n + b] = v;
            rows.set(a, v);
            cols.set(b, v);
            diags.set(d, v);
        }
    }
    Some(GrundyTable { n, values })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Oracle;
    use quickcheck::{QuickCheck, TestResult};

    const BOARD: u64 = 72;

    /// The winning moves as positions, each labelled with its kind from the
    /// geometry of the move, in the order Both, Smaller, Larger.
    fn labelled(a: u64, b: u64, targets: &[(u64, u64)]) -> Vec<Move> {
        let kind = |&(x, y): &(u64, u64)| {
            if x != a && y != b {
                MoveKind::Both
            } else if (x != a) == (a <= b) {
                MoveKind::Smaller
            } else {
                MoveKind::Larger
            }
        };
        let mut out: Vec<Move> = targets
            .iter()
            .map(|t| Move {
                kind: kind(t),
                to: *t,
            })
            .collect();
        out.sort_by_key(|m| m.kind as u8);
        out
    }

    #[test]
    fn normal_and_misere_equal_oracle_on_72x72() {
        let mut o = Oracle::new(Wythoff);
        let table = grundy_table(BOARD as usize).unwrap();
        for a in 0..BOARD {
            for b in 0..BOARD {
                let p = (a, b);
                assert_eq!(outcome(a, b), o.outcome(&p).unwrap(), "{p:?}");
                assert_eq!(table.get(a, b), Some(o.grundy(&p).unwrap()), "{p:?}");
                let wins = o.winning_moves(&p).unwrap();
                assert_eq!(winning_moves(a, b), labelled(a, b, &wins), "{p:?}");
                assert_eq!(misere_outcome(a, b), o.misere_outcome(&p).unwrap(), "{p:?}");
                let misere_wins: Vec<(u64, u64)> = o
                    .game()
                    .moves(&p)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .filter(|c| o.misere_outcome(c).unwrap() == Outcome::P)
                    .collect();
                assert_eq!(
                    misere_winning_moves(a, b),
                    labelled(a, b, &misere_wins),
                    "misère {p:?}"
                );
            }
        }
    }

    #[test]
    fn misere_exceptions_are_only_the_small_ones() {
        let mut o = Oracle::new(Wythoff);
        let mut differ = Vec::new();
        for a in 0..BOARD {
            for b in 0..BOARD {
                let p = (a, b);
                if o.outcome(&p).unwrap() != o.misere_outcome(&p).unwrap() {
                    differ.push(p);
                }
            }
        }
        assert_eq!(differ, [(0, 0), (0, 1), (1, 0), (1, 2), (2, 1), (2, 2)]);
    }

    #[test]
    fn table_move_to_equals_option_search() {
        let t = grundy_table(24).unwrap();
        for a in 0..24 {
            for b in 0..24 {
                let g = t.get(a, b).unwrap();
                for target in 0..g + 2 {
                    let options: Vec<(u64, u64)> = Wythoff
                        .moves(&(a, b))
                        .collect::<Vec<_>>()
                        .into_iter()
                        .filter(|&(x, y)| t.get(x, y) == Some(target))
                        .collect();
                    match t.move_to(a, b, target) {
                        Some(m) => {
                            assert!(options.contains(&m.to), "({a}, {b}) -> {target}");
                            assert_eq!(labelled(a, b, &[m.to])[0], m);
                        }
                        None => assert!(options.is_empty() && target >= g, "({a}, {b})"),
                    }
                }
            }
        }
        assert_eq!(t.move_to(24, 0, 0), None);
    }

    #[test]
    fn bitset_table_equals_naive_table() {
        for n in [0, 1, 2, 63, 64, 65, 130] {
            assert_eq!(
                grundy_table(n),
                crate::reference::wythoff_grundy_table_by_mex(n),
                "n = {n}"
            );
        }
        // The bound itself is `bound_tests`' (which stops at a wrong bound before
        // it could start building a 1 GiB table).
    }

    /// The k with f(k) = v for a nondecreasing f, by binary search.
    fn search(v: u64, f: fn(u64) -> u128) -> Option<u64> {
        let (mut lo, mut hi) = (0u64, u64::MAX);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if f(mid) < u128::from(v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (f(lo) == u128::from(v)).then_some(lo)
    }

    /// The P-positions whose coordinate (in either place) is `v`, found by
    /// binary search over the monotone sequences ⌊kφ⌋ and ⌊kφ²⌋, as
    /// (v, other) pairs.
    fn p_positions_with(v: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        if let Some(k) = search(v, golden::lower_wide)
            && let Ok(o) = u64::try_from(golden::upper_wide(k))
        {
            out.push((v, o));
        }
        if let Some(k) = search(v, golden::upper_wide)
            && let Ok(o) = u64::try_from(golden::lower_wide(k))
        {
            out.push((v, o));
        }
        out.dedup();
        out
    }

    /// How many winning moves (a, b) has, by a slow independent search.
    fn slow_count(a: u64, b: u64) -> usize {
        let mut n = 0;
        // Keep b, take from a / keep a, take from b.
        n += p_positions_with(b)
            .iter()
            .filter(|&&(_, x)| x < a && golden::is_p_position(x, b))
            .count();
        n += p_positions_with(a)
            .iter()
            .filter(|&&(_, y)| y < b && golden::is_p_position(a, y))
            .count();
        // Both: the P-position on the diagonal is the pair whose difference
        // ⌊kφ²⌋ − ⌊kφ⌋ (nondecreasing in k) is |a − b|, by binary search.
        if let Some(k) = search(a.abs_diff(b), |k| {
            golden::upper_wide(k) - golden::lower_wide(k)
        }) {
            let x = golden::lower_wide(k);
            if x < u128::from(a.min(b)) {
                assert!(golden::is_p_position(x as u64, (x as u64) + a.abs_diff(b)));
                n += 1;
            }
        }
        n
    }

    fn check(a: u64, b: u64) -> bool {
        let moves = winning_moves(a, b);
        let all_legal_into_p = moves.iter().all(|m| {
            let (x, y) = m.to;
            let legal = match m.kind {
                MoveKind::Both => x < a && a - x == b.wrapping_sub(y) && y < b,
                MoveKind::Smaller | MoveKind::Larger => {
                    let from_first = x != a;
                    let first_is_smaller = a <= b;
                    let kind_ok = (m.kind == MoveKind::Smaller) == (from_first == first_is_smaller);
                    kind_ok
                        && if from_first {
                            x < a && y == b
                        } else {
                            y < b && x == a
                        }
                }
            };
            legal && golden::is_p_position(x, y)
        });
        let ordered = moves
            .windows(2)
            .all(|w| (w[0].kind as u8) < (w[1].kind as u8));
        all_legal_into_p
            && ordered
            && moves.len() == slow_count(a, b)
            && moves.is_empty() == (outcome(a, b) == Outcome::P)
    }

    #[test]
    fn random_u64_positions_moves_legal_into_p_and_counted() {
        fn prop(a: u64, b: u64, k: u64, da: i8, db: i8) -> TestResult {
            // A random pair, and one near a P-position (where moves are rare).
            let k = k >> 1;
            let (pa, pb) = golden::pair(k >> 1).unwrap_or((0, 0));
            let near = (
                pa.saturating_add_signed(i64::from(da)),
                pb.saturating_add_signed(i64::from(db)),
            );
            TestResult::from_bool(check(a, b) && check(near.0, near.1) && check(near.1, near.0))
        }
        QuickCheck::new()
            .tests(100_000)
            .quickcheck(prop as fn(u64, u64, u64, i8, i8) -> TestResult);
    }

    #[test]
    fn extreme_positions_do_not_panic() {
        let m = u64::MAX;
        for (a, b) in [(m, m), (0, m), (m, 0), (m, m - 1), (1, m), (m / 2, m)] {
            assert!(check(a, b), "{a} {b}");
            for mv in misere_winning_moves(a, b) {
                assert_eq!(misere_outcome(mv.to.0, mv.to.1), Outcome::P);
            }
        }
    }

    #[test]
    fn circulated_larger_pile_only_solutions_miss_this() {
        let kinds: Vec<MoveKind> = winning_moves(4, 5).iter().map(|m| m.kind).collect();
        assert_eq!(kinds, [MoveKind::Both, MoveKind::Smaller]);
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    /// The documented limit, at it and one past it (building the 1 GiB table
    /// itself is out of reach of a unit test).
    #[test]
    fn the_largest_side_is_accepted_and_one_more_is_not() {
        assert_eq!(MAX_TABLE_SIDE, 16_384);
        assert!(side_fits(MAX_TABLE_SIDE));
        assert!(side_fits(MAX_TABLE_SIDE - 1));
        assert!(side_fits(0));
        assert!(!side_fits(MAX_TABLE_SIDE + 1));
        assert!(!side_fits(usize::MAX));
        // Both builders apply the bound the right way round (a small board is
        // built) before one past the limit is asked for: a builder that ignored
        // or inverted the bound would start on a 1 GiB table here.
        assert!(
            grundy_table(1).is_some() && crate::reference::wythoff_grundy_table_by_mex(1).is_some()
        );
        assert!(grundy_table(MAX_TABLE_SIDE + 1).is_none());
        assert!(crate::reference::wythoff_grundy_table_by_mex(MAX_TABLE_SIDE + 1).is_none());
    }
}
