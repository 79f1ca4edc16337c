//! The interactive judge's opponent: perfect play that tests the player
//! across the table and ends every game within a known number of plies.
//!
//! # The idea
//!
//! Against a contestant, perfect play has two sides.
//!
//! * **From a won position** the opponent makes a winning move, a seeded
//!   choice among the winning moves the closed forms give
//!   ([`Opponent::winning_replies`]).
//! * **From a lost position** every move loses, and which one to make is the
//!   opponent's freedom. It is spent on two things. First, *steering*: the
//!   game must end. Delaying defeat is no option — in Wythoff's game the
//!   loser's longest defence from the k-th losing position lasts 2k plies, so
//!   with piles near 10¹⁸ a game would never end. Second, *testing*: among the
//!   moves that steer, prefer those after which every winning reply of the
//!   contestant lands on an interesting position — a boundary (an empty pile,
//!   a single stone, equal piles, the largest take allowed), a large number,
//!   or whatever the caller scores through the [`Interest`] hook (the judge
//!   plugs in the positions where ⌊kφ⌋ computed in doubles is wrong). A
//!   contestant that wins only the easy positions meets the hard ones.
//!
//! The choice is seeded: [`Opponent::choose`] takes one random 64-bit word
//! per move and is otherwise a pure function, so a seed names a game.
//!
//! # Steering, game by game
//!
//! The bounds below hold for every game in which the contestant makes only
//! winning moves — the only games an interactive judge plays to their end, as
//! the first losing move already decides the verdict. [`Opponent::ply_bound`]
//! computes them; the tests check them against the brute-force
//! [`Oracle`](crate::game::Oracle).
//!
//! * **Wythoff**: from a lost position with larger pile M the opponent moves
//!   only where *every* winning reply leaves both piles at most ⌊M/2⌋ (taking
//!   the whole larger pile always qualifies: the only winning reply is then
//!   (0, 0)). The larger pile halves every two plies: at most 2·bits(M) + 1
//!   plies, 121 for piles below 2⁶⁰.
//! * **Euclid**: from a lost position (ratio below φ) the move is forced.
//!   Every division step of Euclid's algorithm then takes at most two plies:
//!   at most 2·steps, 182 for `u64` (91 steps at most, from consecutive
//!   Fibonacci numbers: F(93), F(92) is the largest such pair in `u64`).
//! * **Bash** (take 1..=m): every round of a lost position and its winning
//!   reply removes exactly m + 1 stones, whatever is taken: 2·⌊n/(m + 1)⌋ + 1
//!   plies. Only the start bounds this (the judge's starts keep n/(m + 1) small).
//! * **Fibonacci nim**: the limit of each move is twice the previous take, so
//!   the pace belongs to both players. The opponent takes at least three
//!   quarters of what it may, so it never slows the game down; but a
//!   contestant who keeps taking the smallest winning take (often one stone)
//!   can make the game last about n plies, the only bound
//!   [`Opponent::ply_bound`] can give. The judge therefore caps the plies of a
//!   Fibonacci nim game ([`FIBONACCI_NIM_PLY_CAP`]), and the tests measure that
//!   a contestant taking the largest winning take (as
//!   [`fibonacci_nim::perfect_play`](crate::fibonacci_nim::perfect_play) does) stays far below the cap: at most 65
//!   plies on every n ≤ 3000, 6000 random n up to 2⁶⁴ and every Fibonacci
//!   number. (Smaller takes of the opponent, even the one that leaves the
//!   contestant the largest smallest winning take, made games of thousands
//!   of plies in the same measurement.)
//!
//! Everything is exact integer arithmetic on `u64` through
//! [`beatty_core`]; no move is ever searched among all legal moves, so every
//! call is O(log n) or O(1), whatever the piles.
//!
//! ```
//! use beatty_games::opponent::{Opponent, Plain};
//! use beatty_games::play::WythoffRules;
//! use beatty_games::wythoff;
//! use beatty_games::Outcome;
//!
//! // (4, 5) is won: the opponent moves to a Wythoff pair.
//! let to = WythoffRules.choose(&(4, 5), 7, &Plain).unwrap();
//! assert_eq!(wythoff::outcome(to.0, to.1), Outcome::P);
//! // (165580140, 267914295) is lost: the opponent moves where every winning
//! // reply leaves piles of at most half the larger pile.
//! let to = WythoffRules.choose(&(165_580_140, 267_914_295), 7, &Plain).unwrap();
//! for r in WythoffRules.winning_replies(&to) {
//!     assert!(r.0.max(r.1) <= 267_914_295 / 2);
//! }
//! ```

use crate::play::{BashRules, EuclidRules, FibonacciNimRules, Rules, WythoffRules};
use crate::prelude::*;
use crate::{bash, euclid, wythoff};
use beatty_core::zeckendorf::{FIBONACCI, Zeckendorf};

/// How interesting a position is as the place a contestant's winning reply
/// lands on, beyond the boundaries the opponent scores by itself; and which
/// positions the caller would like the contestant to have to find.
///
/// A closure `Fn(&P) -> u32` is an `Interest` that only scores.
///
/// ```
/// use beatty_games::opponent::{Interest, Opponent};
/// use beatty_games::play::WythoffRules;
/// use beatty_games::wythoff;
/// use beatty_games::Outcome;
///
/// /// Wants the contestant to have to find (12, 20), the Wythoff pair k = 8.
/// struct Aim;
/// impl Interest<(u64, u64)> for Aim {
///     fn targets(&self, _: &(u64, u64)) -> Vec<(u64, u64)> {
///         vec![(12, 20)]
///     }
/// }
/// // (21, 34) is the pair k = 13: lost, so every move leaves a won position;
/// // the opponent aims where the contestant's winning reply is (12, 20) when
/// // steering allows. Whatever it picks is a legal move.
/// let to = WythoffRules.choose(&(21, 34), 1, &Aim).unwrap();
/// assert!(wythoff::is_move((21, 34), to));
/// assert_eq!(wythoff::outcome(to.0, to.1), Outcome::N);
/// ```
pub trait Interest<P> {
    /// Extra interest of `p` (0: nothing special). The opponent adds it to
    /// its own score of boundaries and sizes, which stays below 32; the sum
    /// saturates.
    ///
    /// ```
    /// use beatty_games::opponent::{Interest, Plain};
    /// assert_eq!(Interest::<u64>::score(&Plain, &7), 0);
    /// let odd = |p: &u64| (p % 2) as u32;
    /// assert_eq!(odd.score(&7), 1);
    /// ```
    fn score(&self, p: &P) -> u32 {
        let _ = p;
        0
    }

    /// Lost positions (P-positions) the caller wants the contestant to have
    /// to move to, from the position `from` the opponent is about to leave;
    /// the opponent aims its move at them when the rules and steering allow
    /// (used by Wythoff's game; the other games ignore it). Few, please: each
    /// costs O(1) candidate moves.
    ///
    /// ```
    /// use beatty_games::opponent::{Interest, Plain};
    /// assert!(Interest::<(u64, u64)>::targets(&Plain, &(4, 7)).is_empty());
    /// ```
    fn targets(&self, from: &P) -> Vec<P> {
        let _ = from;
        Vec::new()
    }
}

/// No interest beyond the opponent's own.
///
/// ```
/// use beatty_games::opponent::{Opponent, Plain};
/// use beatty_games::play::EuclidRules;
/// // (25, 7) is won: the only winning move is to (11, 7) (11/7 < φ).
/// assert_eq!(EuclidRules.choose(&(25, 7), 0, &Plain), Some((11, 7)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plain;

impl<P> Interest<P> for Plain {}

impl<P, F: Fn(&P) -> u32> Interest<P> for F {
    fn score(&self, p: &P) -> u32 {
        self(p)
    }
}

/// The opponent of one game (see the [module documentation](self)).
///
/// ```
/// use beatty_games::opponent::{Opponent, Plain};
/// use beatty_games::play::{BashRules, Rules};
/// // A game against itself: the opponent on both sides ends within the bound.
/// let rules = BashRules::new(3).unwrap();
/// let (mut n, mut plies) = (40, 0);
/// while let Some(to) = rules.choose(&n, plies, &Plain) {
///     n = to;
///     plies += 1;
/// }
/// assert_eq!(n, 0);
/// // 40 is lost (a multiple of 4): every round of two plies takes 4 stones.
/// assert!(plies <= rules.ply_bound(&40));
/// assert_eq!(plies, 20);
/// ```
pub trait Opponent: Rules {
    /// Every winning move from `p`, as the positions they lead to (empty
    /// exactly when `p` is lost). For Fibonacci nim, the winning takes
    /// (see [`winning_takes`]).
    ///
    /// ```
    /// use beatty_games::opponent::Opponent;
    /// use beatty_games::play::WythoffRules;
    /// // (4, 5) → (3, 5) from the first pile, or (1, 2) from both (3 each).
    /// let mut replies = WythoffRules.winning_replies(&(4, 5));
    /// replies.sort();
    /// assert_eq!(replies, [(1, 2), (3, 5)]);
    /// assert!(WythoffRules.winning_replies(&(3, 5)).is_empty()); // lost
    /// ```
    fn winning_replies(&self, p: &Self::Pos) -> Vec<Self::Pos>;

    /// The opponent's move from `p`, as the position it leads to; `None` when
    /// there is no move (the opponent has lost). `random` is one random word
    /// (the choice is a pure function of `p`, `random` and `interest`).
    ///
    /// ```
    /// use beatty_games::opponent::{Opponent, Plain};
    /// use beatty_games::play::FibonacciNimRules;
    /// // 8 stones, at most 7: lost (8 is a Fibonacci number), but a move is made.
    /// let to = FibonacciNimRules.choose(&(8, 7), 3, &Plain).unwrap();
    /// assert!(to.0 < 8 && 8 - to.0 <= 7);
    /// assert_eq!(FibonacciNimRules.choose(&(0, 7), 3, &Plain), None); // no stones
    /// ```
    fn choose(
        &self,
        p: &Self::Pos,
        random: u64,
        interest: &dyn Interest<Self::Pos>,
    ) -> Option<Self::Pos>;

    /// The most plies a game from `start` lasts when the opponent plays
    /// [`Opponent::choose`] and the contestant makes only winning moves
    /// (whoever starts).
    ///
    /// ```
    /// use beatty_games::opponent::Opponent;
    /// use beatty_games::play::{EuclidRules, WythoffRules};
    /// // 2·bits(M) + 1 for Wythoff: M = 5 has 3 bits.
    /// assert_eq!(WythoffRules.ply_bound(&(4, 5)), 7);
    /// // 2·steps for Euclid: 25 7 → 7 4 → 4 3 → 3 1 → 1 0 is 4 steps.
    /// assert_eq!(EuclidRules.ply_bound(&(25, 7)), 8);
    /// ```
    fn ply_bound(&self, start: &Self::Pos) -> u64;
}

/// SplitMix64's output function: the i-th derived random word of a move.
const fn mix(random: u64, i: u64) -> u64 {
    let mut z = random.wrapping_add(i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A value of `0..n` from a random word (`n ≥ 1`), by the high half of the product.
const fn below(word: u64, n: u64) -> u64 {
    ((word as u128 * n as u128) >> 64) as u64
}

/// The number of bits of `n`: 0 for 0, ⌊log₂ n⌋ + 1 otherwise.
const fn bits(n: u64) -> u64 {
    (u64::BITS - n.leading_zeros()) as u64
}

/// The seeded pick among scored candidates: seven times in eight one of the
/// best-scored, else any (boundaries and early ends, now and then); the first
/// of equal candidates is kept once.
fn pick<P: Copy + Eq>(candidates: &[(P, u32)], random: u64) -> Option<P> {
    let mut distinct: Vec<(P, u32)> = Vec::with_capacity(candidates.len());
    for &(p, s) in candidates {
        if !distinct.iter().any(|&(q, _)| q == p) {
            distinct.push((p, s));
        }
    }
    let best = distinct.iter().map(|&(_, s)| s).max()?;
    let word = mix(random, 1);
    let pool: Vec<P> = if word & 7 == 0 {
        distinct.iter().map(|&(p, _)| p).collect()
    } else {
        distinct
            .iter()
            .filter(|&&(_, s)| s == best)
            .map(|&(p, _)| p)
            .collect()
    };
    pool.get(below(word >> 3, pool.len() as u64) as usize)
        .copied()
}

/// A uniform seeded pick among `options`.
fn any<P: Copy>(options: &[P], random: u64) -> Option<P> {
    options
        .get(below(mix(random, 2), options.len() as u64) as usize)
        .copied()
}

// ---------------------------------------------------------------- Wythoff

/// The opponent's own interest in a winning reply `r` of Wythoff's game:
/// the end (0, 0) is dull, the single stone of (1, 2) a boundary, and larger
/// piles more interesting with their size (so that, steering by halves, the
/// game descends through every scale, each a chance for the hook).
fn wythoff_reply_score((x, y): (u64, u64)) -> u32 {
    match (x.min(y), x.max(y)) {
        (0, 0) => 0,
        (1, 2) => 6,
        (_, hi) => 2 + (bits(hi) / 4) as u32,
    }
}

/// The opponent's own interest in the position `q` it leaves the contestant:
/// equal piles, an empty pile or a single stone.
fn two_pile_boundary((x, y): (u64, u64)) -> u32 {
    u32::from(x == y || x.min(y) <= 1) * 2
}

/// The candidates of a lost Wythoff position: one-pile and both-pile moves
/// to boundaries, halves, thirds, random sizes, and moves aimed at the
/// caller's targets. All legal; not yet filtered by steering.
fn wythoff_candidates(
    (a, b): (u64, u64),
    random: u64,
    interest: &dyn Interest<(u64, u64)>,
) -> Vec<(u64, u64)> {
    let sizes = |pile: u64, other: u64, salt: u64| {
        [
            0,
            1,
            2,
            other,
            pile / 2,
            pile / 3,
            pile / 4,
            pile / 6,
            pile / 8,
            pile / 16,
            below(mix(random, salt), pile.max(1)),
            below(mix(random, salt + 1), (pile / 4).max(1)),
        ]
    };
    let mut out = Vec::new();
    for x in sizes(a, b, 10) {
        if x < a {
            out.push((x, b));
        }
    }
    for y in sizes(b, a, 20) {
        if y < b {
            out.push((a, y));
        }
    }
    let m = a.min(b);
    for t in [
        1,
        m,
        m / 2,
        1 + below(mix(random, 30), m.max(1)),
        m.saturating_sub(1),
    ] {
        if (1..=m).contains(&t) {
            out.push((a - t, b - t));
        }
    }
    for (x, y) in interest.targets(&(a, b)) {
        for (x, y) in [(x, y), (y, x)] {
            if x < a && y < b {
                out.push((a, y));
                out.push((x, b));
            }
        }
    }
    out
}

impl Opponent for WythoffRules {
    fn winning_replies(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        wythoff::winning_moves(a, b)
            .into_iter()
            .map(|m| m.to)
            .collect()
    }

    fn choose(
        &self,
        &(a, b): &(u64, u64),
        random: u64,
        interest: &dyn Interest<(u64, u64)>,
    ) -> Option<(u64, u64)> {
        if !self.has_move(&(a, b)) {
            return None;
        }
        let winning = self.winning_replies(&(a, b));
        if !winning.is_empty() {
            return any(&winning, random);
        }
        let half = a.max(b) / 2;
        // Taking the whole larger pile: the only winning reply is (0, 0).
        let whole = if a >= b { (0, b) } else { (a, 0) };
        let mut scored = vec![(whole, 0)];
        for q in wythoff_candidates((a, b), random, interest) {
            let replies = self.winning_replies(&q);
            if replies.iter().any(|r| r.0.max(r.1) > half) {
                continue;
            }
            let worst = replies
                .iter()
                .map(|&r| wythoff_reply_score(r).saturating_add(interest.score(&r)))
                .min()
                .unwrap_or(0);
            scored.push((q, worst.saturating_add(two_pile_boundary(q))));
        }
        pick(&scored, random)
    }

    fn ply_bound(&self, &(a, b): &(u64, u64)) -> u64 {
        2 * bits(a.max(b)) + 1
    }
}

// ---------------------------------------------------------------- Euclid

/// The number of division steps of Euclid's algorithm on (a, b) until a zero.
///
/// ```
/// use beatty_games::opponent::euclid_steps;
/// assert_eq!(euclid_steps(25, 7), 4); // 25 = 3·7 + 4, 7 = 4 + 3, 4 = 3 + 1, 3 = 3·1
/// assert_eq!(euclid_steps(0, 9), 0);
/// // Consecutive Fibonacci numbers are the slowest: F(12), F(11) take 10.
/// assert_eq!(euclid_steps(144, 89), 10);
/// ```
#[must_use]
pub fn euclid_steps(a: u64, b: u64) -> u64 {
    let (mut big, mut small) = (a.max(b), a.min(b));
    let mut steps = 0;
    while small > 0 {
        (big, small) = (small, big % small);
        steps += 1;
    }
    steps
}

impl Opponent for EuclidRules {
    fn winning_replies(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        euclid::winning_moves(a, b)
    }

    fn choose(
        &self,
        &(a, b): &(u64, u64),
        random: u64,
        _: &dyn Interest<(u64, u64)>,
    ) -> Option<(u64, u64)> {
        let winning = euclid::winning_moves(a, b);
        if !winning.is_empty() {
            return any(&winning, random);
        }
        // Lost (larger/smaller < φ < 2): the only move takes the smaller once.
        euclid::delaying_move(a, b)
    }

    fn ply_bound(&self, &(a, b): &(u64, u64)) -> u64 {
        2 * euclid_steps(a, b)
    }
}

// ---------------------------------------------------------------- Bash

impl Opponent for BashRules {
    fn winning_replies(&self, &n: &u64) -> Vec<u64> {
        match bash::winning_take(n, self.max_take()) {
            Ok(Some(t)) => vec![n - t],
            _ => Vec::new(),
        }
    }

    fn choose(&self, &n: &u64, random: u64, interest: &dyn Interest<u64>) -> Option<u64> {
        if n == 0 {
            return None;
        }
        let winning = self.winning_replies(&n);
        if !winning.is_empty() {
            return any(&winning, random);
        }
        // n is a positive multiple of m + 1, so n > m: every take of 1..=m is
        // legal, and the winning reply takes m + 1 − t, landing on n − (m + 1)
        // whatever t is. Test the reply's size: 1 or m (a boundary) or other.
        let m = self.max_take();
        let scored: Vec<(u64, u32)> = [1, m, 1 + below(mix(random, 40), m)]
            .into_iter()
            .map(|t| {
                let q = n - t;
                let reply_take = m - t + 1;
                let own = if reply_take == 1 || reply_take == m {
                    3
                } else {
                    1
                };
                let hook = self
                    .winning_replies(&q)
                    .iter()
                    .map(|r| interest.score(r))
                    .min()
                    .unwrap_or(0);
                (q, hook.saturating_add(own))
            })
            .collect();
        pick(&scored, random)
    }

    fn ply_bound(&self, &n: &u64) -> u64 {
        // m + 1 in u128: 2^64 for m = u64::MAX.
        let rounds = (u128::from(n) / (u128::from(self.max_take()) + 1)) as u64;
        2 * rounds + 1
    }
}

// ---------------------------------------------------------------- Fibonacci nim

/// The Zeckendorf terms of `n`, smallest first.
fn terms(n: u64) -> Vec<u64> {
    Zeckendorf::from_u64(n)
        .indices()
        .map(|i| FIBONACCI[i as usize] as u64)
        .collect()
}

/// The most plies a Fibonacci nim game may last in an interactive judge: a
/// contestant taking the largest winning take needs at most 65 against this
/// opponent (measured, see the module documentation); one who wins with small
/// takes may need about n.
pub const FIBONACCI_NIM_PLY_CAP: u64 = 400;

/// Every winning take from the Fibonacci nim state (`n`, `limit`), smallest
/// first: the sums of the j smallest Zeckendorf terms of n (j ≥ 1) that the
/// limit allows and after which the next term is more than twice the take
/// (or nothing is left). Empty exactly when the state is lost. The tests
/// check that these are all the winning takes, against the brute-force
/// oracle and against the closed-form outcome of every take.
///
/// ```
/// use beatty_games::opponent::winning_takes;
/// assert_eq!(winning_takes(4, 3), vec![1]); // 4 = 3 + 1
/// assert_eq!(winning_takes(4, 4), vec![1, 4]);
/// assert!(winning_takes(8, 7).is_empty()); // a Fibonacci number
/// ```
#[must_use]
pub fn winning_takes(n: u64, limit: u64) -> Vec<u64> {
    let most = limit.min(n);
    let ts = terms(n);
    let mut out = Vec::new();
    let mut taken = 0u64;
    for (j, &t) in ts.iter().enumerate() {
        taken += t; // a partial sum of n's terms: at most n
        if taken > most {
            break;
        }
        match ts.get(j + 1) {
            Some(&next) if u128::from(next) <= 2 * u128::from(taken) => {}
            _ => out.push(taken),
        }
    }
    out
}

impl Opponent for FibonacciNimRules {
    fn winning_replies(&self, &(n, limit): &(u64, u64)) -> Vec<(u64, u64)> {
        winning_takes(n, limit)
            .into_iter()
            .map(|t| (n - t, t.saturating_mul(2)))
            .collect()
    }

    fn choose(
        &self,
        &(n, limit): &(u64, u64),
        random: u64,
        interest: &dyn Interest<(u64, u64)>,
    ) -> Option<(u64, u64)> {
        if !self.has_move(&(n, limit)) {
            return None;
        }
        let winning = self.winning_replies(&(n, limit));
        if !winning.is_empty() {
            return any(&winning, random);
        }
        // Takes of at least three quarters of what is allowed: the most, and
        // two seeded ones (smaller takes, and the take that leaves the
        // contestant the largest smallest winning take, make games last
        // thousands of plies: measured in the tests).
        let most = limit.min(n);
        let low = most - most / 4;
        let takes = [
            most,
            low + below(mix(random, 50), most - low + 1),
            low + below(mix(random, 51), most - low + 1),
        ];
        let scored: Vec<((u64, u64), u32)> = takes
            .into_iter()
            .filter(|&t| (1..=most).contains(&t))
            .map(|t| {
                let q = (n - t, t.saturating_mul(2));
                let worst = winning_takes(q.0, q.1)
                    .into_iter()
                    .map(|w| {
                        let r = (q.0 - w, w.saturating_mul(2));
                        let own = if r.0 == 0 {
                            1
                        } else if w == 1 || w == q.1.min(q.0) {
                            4
                        } else {
                            2 + (bits(w) / 16) as u32
                        };
                        own.saturating_add(interest.score(&r))
                    })
                    .min()
                    .unwrap_or(0);
                (q, worst)
            })
            .collect();
        pick(&scored, random)
    }

    fn ply_bound(&self, &(n, _): &(u64, u64)) -> u64 {
        // Every take is at least one stone.
        n
    }
}

#[cfg(test)]
mod tests;
