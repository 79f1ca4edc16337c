//! Euclid's game (Cole & Davie 1969): subtract a positive multiple of the smaller
//! number from the larger, keeping it ≥ 0; whoever reaches 0 wins.
//!
//! # Rules
//!
//! A position is a pair (a, b) of naturals (HDU 1525, POJ 2348). A move
//! subtracts a positive multiple of the smaller number from the larger one,
//! leaving it ≥ 0 (when a = b either number may be taken as the larger).
//! The player who makes a number 0 wins. A position with a zero therefore
//! ends the game: it is **terminal**, the player to move has already lost,
//! and every function here treats it as an ordinary [`Outcome::P`]
//! position with no move — never a panic.
//!
//! # Theorem
//!
//! Cole & Davie (1969): for a ≥ b > 0 the player to move wins if and only if
//! a = b or a/b > φ = (1 + √5)/2. Sketch: with a = q·b + r, the positions
//! (r + j·b, b) for j ≥ 2 have ratio above 2 > φ; from (r + b, b) the only
//! move is to (r, b); so exactly one of (r, b) and (r + b, b) is lost, and the
//! player at (a, b) can reach both when q ≥ 2. When q = 1 the move is
//! forced, and a/b < φ ⟺ b/(a − b) > φ flips the ratio's side of φ.
//! [`outcome`] decides a/b > φ exactly with
//! [`beatty_core::golden::cmp_ratio`], in O(1) and without floating point.
//!
//! Consequences used below:
//!
//! * from an N-position there is exactly one winning move (two when a = b:
//!   zeroing either number);
//! * from a P-position (a/b < φ < 2) the move is **forced**: the loser never
//!   has a choice, so the perfect-play line is unique up to the a = b tie;
//! * the Sprague–Grundy values follow the same chain: along
//!   (r, b), (r + b, b), (r + 2b, b), … each value is the mex of all earlier
//!   ones, which gives [`grundy`] in O(log) steps of the Euclidean algorithm.
//!
//! ```
//! use beatty_games::{euclid, Outcome};
//!
//! assert_eq!(euclid::outcome(25, 7), Outcome::N);
//! assert_eq!(euclid::winning_moves(25, 7), vec![(11, 7)]);
//! assert_eq!(
//!     euclid::perfect_play(25, 7),
//!     vec![(25, 7), (11, 7), (4, 7), (4, 3), (1, 3), (1, 0)]
//! );
//! assert_eq!(euclid::outcome(0, 9), Outcome::P); // terminal
//! ```

use crate::Outcome;
use crate::game::Game;
use crate::prelude::*;
use beatty_core::golden::cmp_ratio;
use core::cmp::Ordering;

/// Outcome of (a, b). A position with a zero is terminal: the previous player has
/// won, so it is [`Outcome::P`].
///
/// ```
/// use beatty_games::{euclid, Outcome};
/// assert_eq!(euclid::outcome(34, 12), Outcome::N);
/// assert_eq!(euclid::outcome(15, 24), Outcome::P);
/// assert_eq!(euclid::outcome(7, 7), Outcome::N);
/// assert_eq!(euclid::outcome(0, 0), Outcome::P);
/// ```
#[must_use]
pub fn outcome(a: u64, b: u64) -> Outcome {
    if a == 0 || b == 0 {
        return Outcome::P;
    }
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    if a == b || cmp_ratio(large, small) == Ordering::Greater {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The position after subtracting `t` times the smaller from the larger,
/// written back in the input's order (`first` says the larger is `a`).
const fn with_larger(a: u64, b: u64, first: bool, new_larger: u64) -> (u64, u64) {
    if first {
        (new_larger, b)
    } else {
        (a, new_larger)
    }
}

/// Every winning move from (a, b) (the moves into P-positions), as the
/// positions they lead to in the input's order. At most one, except for
/// a = b > 0 where zeroing either number wins: `[(0, b), (a, 0)]`. Empty at
/// P-positions, including the terminal positions with a zero.
///
/// ```
/// use beatty_games::euclid::winning_moves;
/// assert_eq!(winning_moves(25, 7), vec![(11, 7)]);
/// assert_eq!(winning_moves(7, 25), vec![(7, 11)]);
/// assert_eq!(winning_moves(4, 7), vec![(4, 3)]);
/// assert_eq!(winning_moves(21, 7), vec![(0, 7)]);
/// assert_eq!(winning_moves(3, 3), vec![(0, 3), (3, 0)]);
/// assert!(winning_moves(11, 7).is_empty());
/// assert!(winning_moves(0, 7).is_empty());
/// ```
#[must_use]
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    if a == 0 || b == 0 {
        return Vec::new();
    }
    if a == b {
        return vec![(0, b), (a, 0)];
    }
    let first = a > b;
    let (big, small) = if first { (a, b) } else { (b, a) };
    let (q, r) = (big / small, big % small);
    let target = if r == 0 {
        Some(0)
    } else if outcome(r, small) == Outcome::P {
        Some(r)
    } else if q >= 2 {
        Some(r + small)
    } else {
        None
    };
    target
        .map(|t| with_larger(a, b, first, t))
        .into_iter()
        .collect()
}

/// Whether `to` is one move away from `from`: a positive multiple of the
/// smaller number taken from the larger, leaving it ≥ 0 (the rules, for
/// every `u64`; a position with a zero has no move).
///
/// ```
/// use beatty_games::euclid::is_move;
/// assert!(is_move((25, 7), (11, 7)));
/// assert!(is_move((7, 25), (7, 4)));
/// assert!(!is_move((25, 7), (20, 7))); // 5 is no multiple of 7
/// assert!(!is_move((0, 7), (0, 0)));
/// ```
#[must_use]
pub fn is_move((a, b): (u64, u64), (x, y): (u64, u64)) -> bool {
    let taken = |big: u64, small: u64, new: u64| {
        small > 0 && new < big && (big - new).is_multiple_of(small)
    };
    (x == a && y != b && a <= b && taken(b, a, y)) || (y == b && x != a && b <= a && taken(a, b, x))
}

/// The move from a position with no zero that takes the least: the smaller
/// number once from the larger. From a losing position (larger/smaller < φ)
/// it is the only move. `None` when a number is 0.
///
/// ```
/// use beatty_games::euclid::delaying_move;
/// assert_eq!(delaying_move(11, 7), Some((4, 7)));
/// assert_eq!(delaying_move(5, 0), None);
/// ```
#[must_use]
pub fn delaying_move(a: u64, b: u64) -> Option<(u64, u64)> {
    match (a, b) {
        (0, _) | (_, 0) => None,
        _ if a >= b => Some((a - b, b)),
        _ => Some((a, b - a)),
    }
}

/// A perfect-play line from (a, b): the start position, then each position after a
/// move, ending at a position with a zero.
///
/// The player at an N-position makes its first winning move (see
/// [`winning_moves`]; the choice only exists at a = b, where both end the
/// game). The player at a P-position with no zero has exactly one legal
/// move (a/b < φ < 2 for the larger over the smaller), so the loser's
/// move is forced — it is trivially "the move that lasts longest". The line
/// therefore agrees with the remoteness line of
/// [`Oracle::perfect_play`](crate::game::Oracle::perfect_play) (winner
/// fastest, loser slowest), which the tests check on all a, b ≤ 200. Its
/// length is O(log max(a, b)); a start with a zero gives just `[(a, b)]`.
///
/// ```
/// use beatty_games::euclid::perfect_play;
/// assert_eq!(perfect_play(25, 7), vec![(25, 7), (11, 7), (4, 7), (4, 3), (1, 3), (1, 0)]);
/// assert_eq!(perfect_play(0, 3), vec![(0, 3)]);
/// ```
#[must_use]
pub fn perfect_play(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut line = vec![(a, b)];
    let (mut a, mut b) = (a, b);
    while a != 0 && b != 0 {
        let to = match winning_moves(a, b).first() {
            Some(&to) => to,
            // P-position with a ≠ b: the larger is below twice the smaller.
            None if a > b => (a - b, b),
            None => (a, b - a),
        };
        // Every move lowers a + b, so the line ends; a move that breaks the
        // rules fails here instead of looping.
        assert!(is_move((a, b), to), "({a}, {b}) -> {to:?} is no move");
        (a, b) = to;
        line.push((a, b));
    }
    line
}

/// The Sprague–Grundy value of (a, b), exact for all `u64`; 0 at the
/// terminal positions with a zero.
///
/// With a ≥ b > 0, a = q·b + r: if r = 0 the value is q (the chain
/// (0, b), (b, b), (2b, b), … behaves like a Nim heap). Otherwise let
/// G be the value of (b, r); the chain (r + j·b, b), j = 0, 1, … starts
/// at G and each later value is the mex of all before it, so the value of
/// (a, b) (j = q) is q when G = 0, q − 1 when 1 ≤ q ≤ G, and q when q > G.
/// The tests compare this with memoised search
/// ([`Oracle::grundy`](crate::game::Oracle::grundy)) on all a, b ≤ 200.
///
/// These are the values for the zero-ending rules above (HDU 1525: the
/// move that makes a number 0 ends the game). Grossman's variant keeps both
/// numbers positive, so (a, a) is terminal there; its values are Nivasch's
/// (2006) ⌊|a/b − b/a|⌋, which differ from these (here (2, 1) has value 2,
/// there 1).
///
/// ```
/// use beatty_games::euclid::grundy;
/// assert_eq!(grundy(0, 5), 0);
/// assert_eq!(grundy(5, 5), 1);
/// assert_eq!(grundy(2, 1), 2);
/// assert_eq!(grundy(11, 7), 0); // a P-position
/// assert_eq!(grundy(u64::MAX, 1), u64::MAX);
/// ```
#[must_use]
pub fn grundy(a: u64, b: u64) -> u64 {
    let (mut big, mut small) = if a >= b { (a, b) } else { (b, a) };
    if small == 0 {
        return 0;
    }
    // The quotients of the Euclidean algorithm (at most 93 for u64).
    let mut quotients = Vec::new();
    loop {
        quotients.push(big / small);
        let r = big % small;
        if r == 0 {
            break;
        }
        (big, small) = (small, r);
    }
    let mut g = quotients
        .pop()
        .expect("the loop pushes a quotient before it can break");
    while let Some(q) = quotients.pop() {
        g = chain_value(g, q);
    }
    g
}

/// A move from (a, b) to a position whose Grundy value is `target`, as
/// the position reached (input order), or `None` when no option has that
/// value. Every `target` below [`grundy`]`(a, b)` has one (that is what
/// the mex means); this is the move a component makes in a winning move of a
/// sum ([`crate::sum`]). O(log max(a, b)).
///
/// ```
/// use beatty_games::euclid::{grundy, move_to_grundy};
/// assert_eq!(grundy(7, 2), 3);
/// assert_eq!(move_to_grundy(7, 2, 0), Some((3, 2)));
/// assert_eq!(move_to_grundy(7, 2, 1), Some((5, 2)));
/// assert_eq!(grundy(5, 2), 1);
/// assert_eq!(move_to_grundy(7, 2, 3), None);
/// assert_eq!(move_to_grundy(0, 2, 0), None); // terminal
/// ```
#[must_use]
pub fn move_to_grundy(a: u64, b: u64, target: u64) -> Option<(u64, u64)> {
    if a == 0 || b == 0 {
        return None;
    }
    let first = a >= b;
    let (big, small) = if first { (a, b) } else { (b, a) };
    let (q, r) = (big / small, big % small);
    // The options are (r + j·small, small) for j < q, plus (a, 0) when a = b.
    let j = if r == 0 {
        target
    } else {
        let g0 = grundy(small, r);
        if target == g0 {
            0
        } else if target < g0 {
            target + 1
        } else {
            target
        }
    };
    (j < q).then(|| with_larger(a, b, first, r + j * small))
}

/// The value of (r + q·b, b), q ≥ 1, when (r, b) has value `g0`.
const fn chain_value(g0: u64, q: u64) -> u64 {
    if g0 != 0 && q <= g0 { q - 1 } else { q }
}

/// Euclid's game as a [`Game`]: the position is the ordered pair (a, b).
///
/// Moves keep the order: from (a, b) with a ≥ b the options are
/// (a − b, b), (a − 2b, b), …; with b ≥ a they are (a, b − a), …; when
/// a = b both (0, b) and (a, 0). Positions with a zero have no move.
///
/// ```
/// use beatty_games::euclid::Euclid;
/// use beatty_games::game::Game;
/// assert!(Euclid.moves(&(7, 3)).eq([(4, 3), (1, 3)]));
/// assert!(Euclid.moves(&(2, 2)).eq([(0, 2), (2, 0)]));
/// assert_eq!(Euclid.moves(&(0, 2)).next(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Euclid;

impl Game for Euclid {
    type Position = (u64, u64);

    /// One item per multiple, lazily.
    fn moves(&self, &(a, b): &(u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        options(a, b)
    }
}

/// The options of (a, b) in the order of [`Euclid`]'s moves, owning nothing.
pub(crate) fn options(a: u64, b: u64) -> impl Iterator<Item = (u64, u64)> {
    {
        // How many times the larger may lose the smaller, from each side.
        let (from_a, from_b) = match (a, b) {
            (0, _) | (_, 0) => (0, 0),
            _ => (
                if a >= b { a / b } else { 0 },
                if b >= a { b / a } else { 0 },
            ),
        };
        let first = (1..=from_a).map(move |t| (a - t * b, b));
        let second = (1..=from_b).map(move |t| (a, b - t * a));
        first.chain(second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Oracle;
    use quickcheck::{QuickCheck, quickcheck};

    const BOUND: u64 = 200;

    #[test]
    fn everything_equals_oracle_up_to_200() {
        let mut o = Oracle::new(Euclid);
        for a in 0..=BOUND {
            for b in 0..=BOUND {
                let p = (a, b);
                let expected = o.outcome(&p).unwrap();
                assert_eq!(outcome(a, b), expected, "{p:?}");
                assert_eq!(
                    crate::reference::euclid_outcome_by_steps(a, b),
                    expected,
                    "{p:?}"
                );
                assert_eq!(grundy(a, b), o.grundy(&p).unwrap(), "{p:?}");
                assert_eq!(winning_moves(a, b), o.winning_moves(&p).unwrap(), "{p:?}");
                assert_eq!(perfect_play(a, b), o.perfect_play(&p).unwrap(), "{p:?}");
                let g = grundy(a, b);
                for t in 0..g + 3 {
                    let found = move_to_grundy(a, b, t);
                    let options: Vec<(u64, u64)> = o
                        .game()
                        .moves(&p)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .filter(|c| o.grundy(c).unwrap() == t)
                        .collect();
                    match found {
                        Some(c) => assert!(options.contains(&c), "{p:?} -> {t}"),
                        None => assert!(options.is_empty(), "{p:?} -> {t}"),
                    }
                }
                if expected == Outcome::P && a != 0 && b != 0 {
                    assert_eq!(
                        o.game().moves(&p).collect::<Vec<_>>().len(),
                        1,
                        "loser not forced at {p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn issue_example() {
        assert_eq!(
            perfect_play(25, 7),
            [(25, 7), (11, 7), (4, 7), (4, 3), (1, 3), (1, 0)]
        );
    }

    /// F(0) = 0, F(1) = 1, … up to the last one that fits in u64 (F(93)),
    /// from the core's tested table (inputs here, not expectations).
    fn fibonacci() -> Vec<u64> {
        beatty_core::zeckendorf::FIBONACCI
            .iter()
            .map_while(|&f| u64::try_from(f).ok())
            .collect()
    }

    #[test]
    fn consecutive_fibonacci_pairs_up_to_u64_max() {
        let f = fibonacci();
        assert_eq!(f.len(), 94);
        assert_eq!(f[93], 12_200_160_415_121_876_738);
        for k in 1..f.len() - 1 {
            // F(k+1) − φ·F(k) = ψᵏ with ψ = (1 − √5)/2 < 0 (Binet), so the
            // ratio F(k+1)/F(k) is above φ exactly for even k; k = 1 is (1, 1).
            let expected = if k == 1 || k % 2 == 0 {
                Outcome::N
            } else {
                Outcome::P
            };
            for (a, b) in [(f[k + 1], f[k]), (f[k], f[k + 1])] {
                assert_eq!(outcome(a, b), expected, "k = {k}");
                assert_eq!(
                    crate::reference::euclid_outcome_by_steps(a, b),
                    expected,
                    "k = {k}"
                );
                let line = perfect_play(a, b);
                assert!(line.len() <= 95, "k = {k}");
                assert_eq!(
                    line.len().is_multiple_of(2),
                    expected == Outcome::N,
                    "k = {k}"
                );
            }
        }
    }

    #[test]
    fn zeros_are_terminal_everywhere() {
        for p in [(0, 0), (0, 1), (u64::MAX, 0), (0, u64::MAX)] {
            assert_eq!(outcome(p.0, p.1), Outcome::P);
            assert_eq!(
                crate::reference::euclid_outcome_by_steps(p.0, p.1),
                Outcome::P
            );
            assert!(winning_moves(p.0, p.1).is_empty());
            assert_eq!(perfect_play(p.0, p.1), [p]);
            assert_eq!(grundy(p.0, p.1), 0);
            assert!(Euclid.moves(&p).collect::<Vec<_>>().is_empty());
        }
    }

    /// Checks a perfect-play line move by move against the rules and against
    /// the step-rule outcome.
    fn line_is_sound(a: u64, b: u64) -> bool {
        let line = perfect_play(a, b);
        let mut ok = line[0] == (a, b);
        for w in line.windows(2) {
            let ((x, y), (x2, y2)) = (w[0], w[1]);
            let legal = (y2 == y && x >= y && x2 < x && (x - x2) % y == 0)
                || (x2 == x && y >= x && y2 < y && (y - y2) % x == 0);
            // A winner moves to a P-position; a loser has one move only.
            let good = match crate::reference::euclid_outcome_by_steps(x, y) {
                Outcome::N => crate::reference::euclid_outcome_by_steps(x2, y2) == Outcome::P,
                Outcome::P => x.max(y) - x.min(y) < x.min(y),
            };
            ok &= legal && good;
        }
        let (x, y) = line[line.len() - 1];
        ok && (x == 0 || y == 0)
    }

    /// (a, b) with b/a close to φ, both ways round, where mistakes would hide.
    fn near_phi(a: u64, delta: u8) -> (u64, u64) {
        let a = a >> 1;
        let b = beatty_core::golden::lower_wide(a) as u64;
        (a, b.saturating_add(u64::from(delta % 3)).saturating_sub(1))
    }

    #[test]
    fn random_u64_pairs_agree() {
        fn prop(a: u64, b: u64, delta: u8) -> bool {
            let (c, d) = near_phi(a, delta);
            [(a, b), (b, a), (c, d), (d, c), (a >> 40, b >> 40)]
                .into_iter()
                .all(|(x, y)| {
                    let o = outcome(x, y);
                    o == crate::reference::euclid_outcome_by_steps(x, y)
                        && (o == Outcome::P) == (grundy(x, y) == 0)
                        && (o == Outcome::P) == winning_moves(x, y).is_empty()
                        && line_is_sound(x, y)
                })
        }
        QuickCheck::new()
            .tests(20_000)
            .quickcheck(prop as fn(u64, u64, u8) -> bool);
    }

    quickcheck! {
        fn winning_moves_are_legal_and_into_p(a: u64, b: u64) -> bool {
            winning_moves(a, b).into_iter().all(|(x, y)| {
                let legal = (y == b && a >= b && x < a && (a - x).is_multiple_of(b))
                    || (x == a && b >= a && y < b && (b - y).is_multiple_of(a));
                legal && crate::reference::euclid_outcome_by_steps(x, y) == Outcome::P
            })
        }
    }
}
