//! Fraenkel's generalised Wythoff game ("a-Wythoff", Fraenkel 1982).
//!
//! # Rules and theorem
//!
//! Two piles (x, y) and a fixed parameter a ≥ 1. A move either takes any
//! positive number of stones from one pile, or takes k > 0 from one pile
//! and l > 0 from the other with |k − l| < a. Whoever takes the last stone
//! wins. For a = 1 the second kind of move must take equally from both:
//! this is Wythoff's game ([`crate::wythoff`]).
//!
//! Fraenkel (1982, "How to beat your Wythoff games' opponent on three
//! fronts", *Amer. Math. Monthly* 89) proved that the P-positions are the
//! pairs (A_n, B_n), n ≥ 0, and their mirror images, where
//!
//! ```text
//! A_n = ⌊n·α⌋,   B_n = A_n + a·n,   α = α_a = (2 − a + √(a² + 4)) / 2.
//! ```
//!
//! α is a root of α² + (a − 2)·α − a = 0, equivalently 1/α + 1/(α + a) = 1,
//! so (A_n) and (B_n) = (⌊n(α + a)⌋) are complementary Beatty sequences.
//! The difference B_n − A_n = a·n tells which index a candidate position
//! could have, so membership is one ⌊n·α⌋: exact, through
//! [`QuadraticIrrational::generalized_wythoff`] and
//! [`QuadraticIrrational::floor_mul`] — no floating point.
//!
//! ```
//! use beatty_games::awythoff::AWythoff;
//! use beatty_games::Outcome;
//!
//! let g = AWythoff::new(2).unwrap(); // α = √2
//! assert_eq!(g.p_position(3), Some((4, 10))); // ⌊3√2⌋ = 4, 4 + 2·3
//! assert_eq!(g.outcome(10, 4), Outcome::P);
//! assert_eq!(g.outcome(4, 9), Outcome::N);
//! ```

use crate::Outcome;
use crate::game::Game;
use crate::prelude::*;
use beatty_core::golden;
use beatty_core::quadratic::QuadraticIrrational;

/// Why an [`AWythoff`] game could not be built.
///
/// ```
/// use beatty_games::awythoff::{AWythoff, AWythoffError};
/// assert_eq!(AWythoff::new(0), Err(AWythoffError::ZeroParameter));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AWythoffError {
    /// The parameter a is 0; the game needs a ≥ 1.
    ZeroParameter,
}

impl core::fmt::Display for AWythoffError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the a-Wythoff parameter a must be at least 1")
    }
}

impl core::error::Error for AWythoffError {}

/// The a-Wythoff game for one parameter a ≥ 1: closed forms, and the rules
/// as a [`Game`] (positions are ordered pairs of piles).
///
/// ```
/// use beatty_games::awythoff::AWythoff;
/// use beatty_games::game::Game;
/// let g = AWythoff::new(2).unwrap();
/// // From (1, 2): one pile, or (1, 1) and (1, 2) from both (|k − l| < 2).
/// assert!(g.moves(&(1, 2)).eq([(0, 2), (1, 1), (1, 0), (0, 1), (0, 0)]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AWythoff {
    a: u64,
    /// α_a, when a² + 4 fits the quadratic-irrational type (a < 2³²).
    alpha: Option<QuadraticIrrational>,
}

impl AWythoff {
    /// The game with parameter `a`; errors when `a` is 0.
    ///
    /// # Errors
    ///
    /// [`AWythoffError::ZeroParameter`] when `a` is 0.
    ///
    /// ```
    /// use beatty_games::awythoff::AWythoff;
    /// assert_eq!(AWythoff::new(3).unwrap().parameter(), 3);
    /// assert!(AWythoff::new(u64::MAX).is_ok());
    /// ```
    pub fn new(a: u64) -> Result<Self, AWythoffError> {
        if a == 0 {
            return Err(AWythoffError::ZeroParameter);
        }
        Ok(AWythoff {
            a,
            alpha: QuadraticIrrational::generalized_wythoff(a).ok(),
        })
    }

    /// The parameter a.
    ///
    /// ```
    /// assert_eq!(beatty_games::awythoff::AWythoff::new(5).unwrap().parameter(), 5);
    /// ```
    #[must_use]
    pub const fn parameter(&self) -> u64 {
        self.a
    }

    /// A_n = ⌊n·α_a⌋, or `None` when it cannot be computed in range. Always
    /// `Some` when B_n = A_n + a·n fits in `u64` (see the proof inside).
    fn lower(&self, n: u64) -> Option<u64> {
        if self.a == 1 {
            return golden::lower(n);
        }
        match self.alpha {
            // floor_mul needs n²(a² + 4) < 2¹²⁸. If B_n < 2⁶⁴ then, as
            // B_n ≥ n(a + 2 + √(a²+4))/2 − 1 ≥ n√(a²+4) − 1 (because
            // a + 2 ≥ √(a²+4)), n√(a²+4) < 2⁶⁴ + 1 and, being irrational,
            // n√(a² + 4) < 2⁶⁴: the computation succeeds.
            Some(alpha) => alpha.floor_mul(n).and_then(|v| u64::try_from(v).ok()),
            // a ≥ 2³²: α = 1 + 2/(a + √(a²+4)), so A_n = n for n ≤ a, and
            // B_n < 2⁶⁴ forces n < 2⁶⁴/a ≤ 2³² ≤ a.
            None => (n <= self.a).then_some(n),
        }
    }

    /// The n-th P-position (A_n, A_n + a·n), or `None` when it does not fit
    /// in `u64`.
    ///
    /// ```
    /// use beatty_games::awythoff::AWythoff;
    /// let g = AWythoff::new(1).unwrap(); // Wythoff: (⌊nφ⌋, ⌊nφ²⌋)
    /// assert_eq!(g.p_position(4), Some((6, 10)));
    /// let g3 = AWythoff::new(3).unwrap(); // α = (−1 + √13)/2
    /// assert_eq!(g3.p_position(1), Some((1, 4)));
    /// assert_eq!(g3.p_position(2), Some((2, 8)));
    /// assert_eq!(g3.p_position(u64::MAX), None);
    /// ```
    #[must_use]
    pub fn p_position(&self, n: u64) -> Option<(u64, u64)> {
        let lower = self.lower(n)?;
        let upper = lower.checked_add(self.a.checked_mul(n)?)?;
        Some((lower, upper))
    }

    /// Outcome of (x, y), piles in either order, exact for all `u64`.
    ///
    /// ```
    /// use beatty_games::awythoff::AWythoff;
    /// use beatty_games::Outcome;
    /// let g = AWythoff::new(2).unwrap();
    /// assert_eq!(g.outcome(0, 0), Outcome::P);
    /// assert_eq!(g.outcome(1, 3), Outcome::P);
    /// assert_eq!(g.outcome(1, 2), Outcome::N);
    /// ```
    #[must_use]
    pub fn outcome(&self, x: u64, y: u64) -> Outcome {
        let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
        let d = hi - lo;
        // The only candidate index is n = d/a; a pair beyond u64 cannot equal (lo, hi).
        let p = d % self.a == 0 && self.p_position(d / self.a) == Some((lo, hi));
        if p { Outcome::P } else { Outcome::N }
    }

    /// The index n of the P-position with `v` as one of its coordinates —
    /// `v` is A_n or B_n, never both for n ≥ 1 (Beatty) — by binary search
    /// over the increasing sequence (A_n), then (B_n).
    fn index_of(&self, v: u64) -> Option<u64> {
        if v == 0 {
            return Some(0);
        }
        // A_n ≥ n and B_n ≥ n, so n ≤ v.
        let find = |f: &dyn Fn(u64) -> Option<u64>| {
            let (mut lo, mut hi) = (1u64, v);
            // Each step leaves at most half of hi − lo < 2⁶⁴, so 64 steps end any
            // search; a broken midpoint or bound fails here instead of looping.
            let mut steps = 0..u64::BITS;
            while lo < hi {
                steps
                    .next()
                    .expect("a binary search over u64 ends within 64 steps");
                let mid = lo + (hi - lo) / 2;
                // None means beyond u64, so above v.
                if f(mid).is_some_and(|x| x < v) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            (f(lo) == Some(v)).then_some(lo)
        };
        find(&|n| self.lower(n)).or_else(|| find(&|n| self.p_position(n).map(|(_, b)| b)))
    }

    /// Every winning move from (x, y) (the moves into P-positions), as the
    /// positions reached in the input's order: from the first pile, from the
    /// second, then from both; empty exactly at P-positions. Exact for all
    /// `u64`, O(log) (a binary search per pile).
    ///
    /// ```
    /// use beatty_games::awythoff::AWythoff;
    /// let g = AWythoff::new(2).unwrap(); // P-positions (0,0), (1,3), (2,6), (4,10), …
    /// // Take 1 from the first pile, or 3 and 4 (|3 − 4| < 2).
    /// assert_eq!(g.winning_moves(5, 10), vec![(4, 10), (2, 6)]);
    /// assert_eq!(g.winning_moves(3, 4), vec![(3, 1), (1, 3), (0, 0)]);
    /// assert!(g.winning_moves(4, 10).is_empty());
    /// ```
    #[must_use]
    pub fn winning_moves(&self, x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        let partner = |v: u64| {
            let (an, bn) = self.p_position(self.index_of(v)?)?;
            Some(if an == v { bn } else { an })
        };
        if let Some(p) = partner(y).filter(|&p| p < x) {
            out.push((p, y));
        }
        if let Some(q) = partner(x).filter(|&q| q < y) {
            out.push((x, q));
        }
        // Both piles: k = x − p > 0, l = y − q > 0, |k − l| < a, so the
        // target's signed difference q − p lies within a − 1 of d = y − x.
        // Its index n has q − p = ±a·n with a·n among the 2a − 1 integers
        // within a − 1 of ±d, which hold at most two multiples of a: at most two
        // candidates each way (taking no more bounds the loop even if the range
        // were wrong). Every candidate has |k − l| = |±a·n − d| ≤ a − 1, so only
        // k > 0 and l > 0 remain to check.
        let a = i128::from(self.a);
        let d = i128::from(y) - i128::from(x);
        let mut both = Vec::new();
        for sign in [1i128, -1] {
            let (lo, hi) = (sign * d - (a - 1), sign * d + (a - 1));
            let first = lo.max(0).div_euclid(a) + i128::from(lo.max(0).rem_euclid(a) != 0);
            for n in (first..=hi.div_euclid(a)).take(2) {
                let Some((an, bn)) = u64::try_from(n).ok().and_then(|n| self.p_position(n)) else {
                    continue;
                };
                let (p, q) = if sign == 1 { (an, bn) } else { (bn, an) };
                if p < x && q < y && !both.contains(&(p, q)) {
                    both.push((p, q));
                }
            }
        }
        both.sort_unstable_by(|s, t| t.cmp(s));
        out.extend(both);
        out
    }
}

impl Game for AWythoff {
    type Position = (u64, u64);

    /// From the first pile, from the second, then from both (k from the
    /// first, l from the second, |k − l| < a), nearest first. O((x + y)·a)
    /// items, lazily.
    fn moves(&self, &(x, y): &(u64, u64)) -> impl Iterator<Item = (u64, u64)> {
        // |k − l| < a: l within `reach` of k.
        let reach = self.a - 1;
        let first = (0..x).rev().map(move |v| (v, y));
        let second = (0..y).rev().map(move |w| (x, w));
        // l ∈ [1, y] with k − reach ≤ l ≤ k + reach; so k ≤ y + reach: no k
        // beyond that has a move, and none is visited.
        let both = (1..=x.min(y.saturating_add(reach))).flat_map(move |k| {
            let low = k.saturating_sub(reach).max(1);
            let high = k.saturating_add(reach).min(y);
            (low..=high).map(move |l| (x - k, y - l))
        });
        first.chain(second).chain(both)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Oracle;

    const BOARD: u64 = 100;

    #[test]
    fn outcome_equals_oracle_a_1_to_5_below_100() {
        for a in 1..=5 {
            let g = AWythoff::new(a).unwrap();
            let mut o = Oracle::new(g);
            for x in 0..BOARD {
                for y in 0..BOARD {
                    assert_eq!(
                        g.outcome(x, y),
                        o.outcome(&(x, y)).unwrap(),
                        "a={a} {x} {y}"
                    );
                }
            }
        }
    }

    #[test]
    fn random_u64_winning_moves_are_legal_and_into_p() {
        fn prop(a: u8, x: u64, y: u64, n: u64, dx: i8) -> bool {
            let g = AWythoff::new(u64::from(a % 7) + 1).unwrap();
            let a = g.parameter();
            // A random position, and one next to a P-position.
            let (px, py) = g.p_position(n >> 3).unwrap_or((0, 0));
            let near = (px.saturating_add_signed(i64::from(dx)), py);
            [(x, y), near, (near.1, near.0)].into_iter().all(|(x, y)| {
                let moves = g.winning_moves(x, y);
                let sound = moves.iter().all(|&(p, q)| {
                    let legal = (p < x && q == y)
                        || (p == x && q < y)
                        || (p < x && q < y && (x - p).abs_diff(y - q) < a);
                    legal && g.outcome(p, q) == Outcome::P
                });
                sound && moves.is_empty() == (g.outcome(x, y) == Outcome::P)
            })
        }
        quickcheck::QuickCheck::new()
            .tests(5_000)
            .quickcheck(prop as fn(u8, u64, u64, u64, i8) -> bool);
    }

    #[test]
    fn a_1_is_wythoff() {
        let g = AWythoff::new(1).unwrap();
        for x in 0..300 {
            for y in 0..300 {
                assert_eq!(g.outcome(x, y), crate::wythoff::outcome(x, y));
            }
        }
        let mut o = Oracle::new(g);
        let mut w = Oracle::new(crate::wythoff::Wythoff);
        for x in 0..30 {
            for y in 0..30 {
                assert_eq!(o.grundy(&(x, y)), w.grundy(&(x, y)));
            }
        }
    }

    /// A_n is the mex of all earlier A_i, B_i (Fraenkel's recursive
    /// definition), computed with integers only and compared with ⌊nα⌋.
    #[test]
    fn beatty_form_equals_mex_recursion() {
        for a in 1..=12u64 {
            let g = AWythoff::new(a).unwrap();
            let mut used = vec![false; 40_000];
            for n in 0..2_000u64 {
                let an = used.iter().position(|&u| !u).unwrap() as u64;
                let bn = an + a * n;
                used[an as usize] = true;
                used[bn as usize] = true;
                assert_eq!(g.p_position(n), Some((an, bn)), "a={a} n={n}");
            }
        }
    }

    /// B_n is also ⌊n·β⌋ for the Beatty complement β = α/(α − 1) = α + a.
    #[test]
    fn upper_is_the_complementary_beatty_sequence() {
        for a in 1..=12u64 {
            let g = AWythoff::new(a).unwrap();
            let beta = QuadraticIrrational::generalized_wythoff(a)
                .unwrap()
                .complement()
                .unwrap();
            for n in 0..1_000u64 {
                let (_, bn) = g.p_position(n).unwrap();
                assert_eq!(beta.floor_mul(n), Some(i128::from(bn)), "a={a} n={n}");
            }
        }
    }

    #[test]
    fn large_parameters_and_piles() {
        // The fallback A_n = n for huge a agrees with the Beatty form where both apply.
        let g = AWythoff::new(1 << 20).unwrap();
        for n in 0..=(1u64 << 20) {
            assert_eq!(g.lower(n), Some(n));
        }
        for a in [1u64 << 32, u64::MAX / 3, u64::MAX] {
            let g = AWythoff::new(a).unwrap();
            assert_eq!(g.p_position(1), a.checked_add(1).map(|b| (1, b)));
            assert_eq!(g.outcome(0, 0), Outcome::P);
            if let Some(y) = a.checked_mul(2).and_then(|t| t.checked_add(2)) {
                assert_eq!(g.outcome(2, y), Outcome::P);
                assert_eq!(g.outcome(2, y - 1), Outcome::N);
            }
        }
        for a in 1..=6 {
            let g = AWythoff::new(a).unwrap();
            // The largest P-position that fits, and its neighbours.
            let (mut lo, mut hi) = (0u64, u64::MAX / a);
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                if g.p_position(mid).is_some() {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            let (x, y) = g.p_position(lo).unwrap();
            assert_eq!(g.outcome(x, y), Outcome::P);
            assert_eq!(g.outcome(y, x), Outcome::P);
            assert_eq!(g.outcome(x + 1, y), Outcome::N);
            assert_eq!(g.outcome(x - 1, y), Outcome::N);
            assert_eq!(g.outcome(u64::MAX, u64::MAX), Outcome::N);
        }
    }
}
