//! The rules as a player meets them: whether a move is legal, where it leads,
//! and what perfect play does — one place for `judge play` and the interactive
//! opponent ([`crate::opponent`]).
//!
//! # The idea
//!
//! Each game module answers questions about positions (outcome, winning
//! moves). Playing a game needs a little more: a *move* as a player says it
//! (Wythoff's and Euclid's games name the position a move leads to, Bash's
//! game and Fibonacci nim the number of stones taken), a check of that move
//! against the rules with the reason when it is refused ([`Illegal`], in the
//! player's terms), and the advice of perfect play: from a won position a
//! winning move and why it wins, from a lost one a legal move that plays on
//! and why nothing wins ([`Advice`]). [`Rules`] is that, and its four
//! implementations ([`WythoffRules`], [`EuclidRules`], [`BashRules`],
//! [`FibonacciNimRules`]) get every answer from the game modules, exactly, for
//! every `u64`. How a position is drawn or a move typed belongs to the
//! caller (the terminal of `judge play`, the protocol of the interactive
//! referee).
//!
//! ```
//! use beatty_games::play::{Advice, BashRules, Rules};
//! let bash = BashRules::new(2).unwrap();
//! assert_eq!(bash.apply(&5, 2), Ok(3));
//! assert!(bash.apply(&5, 3).is_err()); // at most 2
//! assert!(matches!(bash.advise(&3), Advice::Lose { to: 2, .. }));
//! ```

use crate::Outcome;
use crate::prelude::*;
use crate::{bash, euclid, fibonacci_nim, wythoff};
use core::fmt::{self, Debug};

/// What perfect play does from a position that has a move.
///
/// ```
/// use beatty_games::play::{Advice, EuclidRules, Rules};
/// // 25/7 > 2: the player to move wins by taking 2·7 (Cole & Davie's rule).
/// assert!(matches!(EuclidRules.advise(&(25, 7)), Advice::Win { to: (11, 7), .. }));
/// // 7/5 < φ: lost; the only move takes 5 once.
/// assert!(matches!(EuclidRules.advise(&(7, 5)), Advice::Lose { to: (2, 5), .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice<P> {
    /// The player to move wins by moving to `to`; `why` says why it wins.
    Win {
        /// The position after the winning move.
        to: P,
        /// Why it wins, e.g. "a Wythoff pair, k = 2".
        why: String,
    },
    /// Every move loses against perfect play; `to` is the move made anyway.
    Lose {
        /// The position after the move that plays on.
        to: P,
        /// Which move `to` is, e.g. "taking 1 from the larger pile, the smallest move".
        which: String,
        /// Why the position is lost, e.g. "(3, 5) is a Wythoff pair, k = 2".
        why: String,
    },
}

impl<P> Advice<P> {
    /// The position the advised move leads to.
    ///
    /// ```
    /// use beatty_games::play::{Rules, WythoffRules};
    /// // (4, 5) → (1, 2), 3 from both: the Wythoff pair (⌊φ⌋, ⌊φ²⌋).
    /// assert_eq!(WythoffRules.advise(&(4, 5)).to(), &(1, 2));
    /// ```
    #[must_use]
    pub fn to(&self) -> &P {
        match self {
            Advice::Win { to, .. } | Advice::Lose { to, .. } => to,
        }
    }
}

/// Why a move is not legal, in the player's terms ([`fmt::Display`] says it).
///
/// ```
/// use beatty_games::play::{Illegal, Rules, WythoffRules};
/// let e = WythoffRules.apply(&(4, 5), (2, 4)).unwrap_err();
/// assert_eq!(e, Illegal::UnequalFromBoth { first: 2, second: 1 });
/// assert_eq!(e.to_string(), "taking from both piles needs the same number from each (2 and 1 here)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Illegal {
    /// A two-pile move to `to` that would add stones to a pile of `from`.
    AddsStones {
        /// The position moved from.
        from: (u64, u64),
        /// The position named.
        to: (u64, u64),
    },
    /// A move that takes nothing (the position named is the position itself).
    TakesNothing,
    /// Wythoff's game: stones taken from both piles, but not the same number.
    UnequalFromBoth {
        /// Taken from the first pile.
        first: u64,
        /// Taken from the second pile.
        second: u64,
    },
    /// Euclid's game: `to` is not `from` with a positive multiple of the
    /// smaller number taken from the larger.
    NotAMultiple {
        /// The position moved from.
        from: (u64, u64),
        /// The position named.
        to: (u64, u64),
    },
    /// A one-pile game: the take is not in 1..=`most`.
    TakeOutOfRange {
        /// The stones taken.
        take: u64,
        /// The most a move may take here (0 when no move is left).
        most: u64,
    },
    /// The game is over: there is no move at all.
    NoMove,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::AddsStones {
                from: (a, b),
                to: (x, y),
            } => write!(f, "({x}, {y}) adds stones to a pile of ({a}, {b})"),
            Illegal::TakesNothing => f.write_str("a move takes at least one stone"),
            Illegal::UnequalFromBoth { first, second } => write!(
                f,
                "taking from both piles needs the same number from each ({first} and {second} here)"
            ),
            Illegal::NotAMultiple {
                from: (a, b),
                to: (x, y),
            } => {
                let (big, small) = (a.max(b), a.min(b));
                write!(
                    f,
                    "({x}, {y}) is not ({a}, {b}) with a positive multiple of {small} taken from {big}"
                )
            }
            Illegal::TakeOutOfRange { take, most } => {
                write!(f, "you may take 1 to {most} stones, not {take}")
            }
            Illegal::NoMove => f.write_str("there is no move: the game is over"),
        }
    }
}

impl core::error::Error for Illegal {}

/// One game, as a player meets it.
///
/// Every method is total: it answers for every value of `Pos` and `Move`,
/// positions without a move included.
///
/// ```
/// use beatty_games::play::{BashRules, Rules};
/// use beatty_games::Outcome;
/// // A game played to its end by perfect play on both sides: 10 stones,
/// // take 1..=3; the first player leaves multiples of 4.
/// let rules = BashRules::new(3).unwrap();
/// let mut n = 10;
/// let mut plies = 0;
/// while rules.has_move(&n) {
///     n = *rules.advise(&n).to();
///     plies += 1;
/// }
/// assert_eq!((n, plies % 2), (0, 1)); // the first player took the last stone
/// assert_eq!(rules.outcome(&10), Outcome::N);
/// ```
pub trait Rules {
    /// A position, with whatever the rules need to know (Fibonacci nim keeps
    /// the largest take allowed).
    type Pos: Copy + Eq + Debug;
    /// A move as a player says it: the position it leads to (Wythoff, Euclid)
    /// or the stones taken (Bash, Fibonacci nim).
    type Move: Copy + Eq + Debug;
    /// Whether the player to move has a move at all (no move: that player has lost).
    ///
    /// ```
    /// use beatty_games::play::{EuclidRules, Rules};
    /// assert!(EuclidRules.has_move(&(3, 5)));
    /// assert!(!EuclidRules.has_move(&(0, 5))); // a zero ends Euclid's game
    /// ```
    fn has_move(&self, p: &Self::Pos) -> bool;
    /// The position after `m`, or why `m` is not a legal move from `p`.
    ///
    /// # Errors
    ///
    /// [`Illegal`] when the rules do not allow `m` from `p`.
    ///
    /// ```
    /// use beatty_games::play::{FibonacciNimRules, Illegal, Rules};
    /// // 10 stones, at most 4: taking 3 leaves 7 and allows 6 next.
    /// assert_eq!(FibonacciNimRules.apply(&(10, 4), 3), Ok((7, 6)));
    /// assert_eq!(FibonacciNimRules.apply(&(10, 4), 5), Err(Illegal::TakeOutOfRange { take: 5, most: 4 }));
    /// ```
    fn apply(&self, p: &Self::Pos, m: Self::Move) -> Result<Self::Pos, Illegal>;
    /// The move from `p` that leads to `to`, a position one legal move away
    /// (for any other `to`, a move that [`Rules::apply`] refuses or that
    /// leads elsewhere).
    ///
    /// ```
    /// use beatty_games::play::{BashRules, Rules, WythoffRules};
    /// assert_eq!(BashRules::new(3).unwrap().move_to(&10, &8), 2); // took 2
    /// assert_eq!(WythoffRules.move_to(&(4, 5), &(3, 5)), (3, 5)); // names the position
    /// ```
    fn move_to(&self, p: &Self::Pos, to: &Self::Pos) -> Self::Move;
    /// Who wins from `p` with perfect play.
    ///
    /// ```
    /// use beatty_games::play::{FibonacciNimRules, Rules};
    /// use beatty_games::Outcome;
    /// // Whinihan: the opening with a Fibonacci number of stones is lost.
    /// assert_eq!(FibonacciNimRules.outcome(&(13, 12)), Outcome::P);
    /// assert_eq!(FibonacciNimRules.outcome(&(12, 11)), Outcome::N);
    /// ```
    fn outcome(&self, p: &Self::Pos) -> Outcome;
    /// What perfect play does from `p` (only meaningful when [`Rules::has_move`];
    /// without a move the advice is to "move" to `p` itself).
    ///
    /// ```
    /// use beatty_games::play::{FibonacciNimRules, Rules};
    /// // 12 = 8 + 3 + 1: take the smallest Zeckendorf term.
    /// assert_eq!(FibonacciNimRules.advise(&(12, 11)).to(), &(11, 2));
    /// // No move (a largest take of 0): stay.
    /// assert_eq!(FibonacciNimRules.advise(&(u64::MAX, 0)).to(), &(u64::MAX, 0));
    /// ```
    fn advise(&self, p: &Self::Pos) -> Advice<Self::Pos>;
}

/// Wythoff's game on two piles; a move names the piles it leaves.
///
/// ```
/// use beatty_games::play::{Illegal, Rules, WythoffRules};
/// assert_eq!(WythoffRules.apply(&(4, 5), (2, 3)), Ok((2, 3))); // 2 from both
/// assert_eq!(WythoffRules.apply(&(4, 5), (4, 5)), Err(Illegal::TakesNothing));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WythoffRules;

impl Rules for WythoffRules {
    type Pos = (u64, u64);
    type Move = (u64, u64);

    fn has_move(&self, &(a, b): &(u64, u64)) -> bool {
        wythoff::delaying_move(a, b).is_some()
    }

    fn apply(&self, &(a, b): &(u64, u64), (x, y): (u64, u64)) -> Result<(u64, u64), Illegal> {
        if wythoff::is_move((a, b), (x, y)) {
            return Ok((x, y));
        }
        Err(if x > a || y > b {
            Illegal::AddsStones {
                from: (a, b),
                to: (x, y),
            }
        } else if (x, y) == (a, b) {
            Illegal::TakesNothing
        } else {
            Illegal::UnequalFromBoth {
                first: a - x,
                second: b - y,
            }
        })
    }

    fn move_to(&self, _: &(u64, u64), to: &(u64, u64)) -> (u64, u64) {
        *to
    }

    fn outcome(&self, &(a, b): &(u64, u64)) -> Outcome {
        wythoff::outcome(a, b)
    }

    fn advise(&self, &(a, b): &(u64, u64)) -> Advice<(u64, u64)> {
        if let Some(m) = wythoff::winning_moves(a, b).first() {
            let (x, y) = m.to;
            if (x, y) == (0, 0) {
                return Advice::Win {
                    to: m.to,
                    why: "the last stones: the game is won".to_owned(),
                };
            }
            let k = x.abs_diff(y);
            let order = if x <= y { "" } else { " (mirrored)" };
            return Advice::Win {
                to: m.to,
                why: format!(
                    "a Wythoff pair{order}, k = {k}: a P-position, lost for the player to move"
                ),
            };
        }
        // (a, b) is a Wythoff pair: every move leaves an N-position. Take one stone from
        // the larger pile: the smallest move.
        let k = a.abs_diff(b);
        let to = wythoff::delaying_move(a, b).unwrap_or((a, b));
        Advice::Lose {
            to,
            which: "taking 1 from the larger pile, the smallest move".to_owned(),
            why: format!("({a}, {b}) is a Wythoff pair, k = {k}, a P-position"),
        }
    }
}

/// Euclid's game on two numbers; a move names the numbers it leaves.
///
/// ```
/// use beatty_games::play::{EuclidRules, Rules};
/// assert_eq!(EuclidRules.apply(&(25, 7), (4, 7)), Ok((4, 7))); // 3·7 taken
/// assert!(EuclidRules.apply(&(25, 7), (5, 7)).is_err()); // 20 is no multiple of 7
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EuclidRules;

impl Rules for EuclidRules {
    type Pos = (u64, u64);
    type Move = (u64, u64);

    fn has_move(&self, &(a, b): &(u64, u64)) -> bool {
        euclid::delaying_move(a, b).is_some()
    }

    fn apply(&self, &(a, b): &(u64, u64), (x, y): (u64, u64)) -> Result<(u64, u64), Illegal> {
        if euclid::is_move((a, b), (x, y)) {
            return Ok((x, y));
        }
        Err(if !self.has_move(&(a, b)) {
            Illegal::NoMove
        } else {
            Illegal::NotAMultiple {
                from: (a, b),
                to: (x, y),
            }
        })
    }

    fn move_to(&self, _: &(u64, u64), to: &(u64, u64)) -> (u64, u64) {
        *to
    }

    fn outcome(&self, &(a, b): &(u64, u64)) -> Outcome {
        euclid::outcome(a, b)
    }

    fn advise(&self, &(a, b): &(u64, u64)) -> Advice<(u64, u64)> {
        if let Some(&(x, y)) = euclid::winning_moves(a, b).first() {
            let why = if x == 0 || y == 0 {
                "a zero: the game is won".to_owned()
            } else {
                let (big, small) = (x.max(y), x.min(y));
                format!("{big}/{small} < φ: a P-position, the reply is forced and loses")
            };
            return Advice::Win { to: (x, y), why };
        }
        // a/b < φ < 2: the only move takes the smaller number once.
        let to = euclid::delaying_move(a, b).unwrap_or((a, b));
        let (big, small) = (a.max(b), a.min(b));
        Advice::Lose {
            to,
            which: format!("taking {small} once, the only move"),
            why: format!("{big}/{small} < φ, a P-position"),
        }
    }
}

/// Bash's game: one pile, take 1 to `max_take`; a move names the stones taken.
///
/// ```
/// use beatty_games::play::{BashRules, Rules};
/// let rules = BashRules::new(2).unwrap();
/// assert_eq!(rules.apply(&7, 2), Ok(5));
/// assert_eq!(rules.advise(&7).to(), &6); // leave a multiple of 3
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BashRules {
    max_take: u64,
}

impl BashRules {
    /// The rules with takes of 1 to `max_take`.
    ///
    /// # Errors
    ///
    /// [`bash::BashError::ZeroMaxTake`] when `max_take` is 0.
    ///
    /// ```
    /// use beatty_games::bash::BashError;
    /// use beatty_games::play::BashRules;
    /// assert_eq!(BashRules::new(0), Err(BashError::ZeroMaxTake));
    /// assert!(BashRules::new(u64::MAX).is_ok());
    /// ```
    pub const fn new(max_take: u64) -> Result<Self, bash::BashError> {
        if max_take == 0 {
            return Err(bash::BashError::ZeroMaxTake);
        }
        Ok(BashRules { max_take })
    }

    /// The most stones a move may take.
    ///
    /// ```
    /// assert_eq!(beatty_games::play::BashRules::new(3).unwrap().max_take(), 3);
    /// ```
    #[must_use]
    pub const fn max_take(&self) -> u64 {
        self.max_take
    }
}

impl Rules for BashRules {
    type Pos = u64;
    type Move = u64;

    fn has_move(&self, &n: &u64) -> bool {
        n > 0
    }

    fn apply(&self, &n: &u64, take: u64) -> Result<u64, Illegal> {
        let most = self.max_take.min(n);
        if take == 0 || take > most {
            return Err(Illegal::TakeOutOfRange { take, most });
        }
        Ok(n - take)
    }

    fn move_to(&self, &n: &u64, &to: &u64) -> u64 {
        n.saturating_sub(to)
    }

    fn outcome(&self, &n: &u64) -> Outcome {
        bash::outcome(n, self.max_take).unwrap_or(Outcome::P)
    }

    fn advise(&self, &n: &u64) -> Advice<u64> {
        let m = self.max_take;
        // m + 1 in u128: for m = u64::MAX it is 2^64, which u64 cannot hold.
        let period = u128::from(m) + 1;
        match bash::winning_take(n, m) {
            Ok(Some(t)) if t == n => Advice::Win {
                to: 0,
                why: format!("taking all {n}, at most m = {m}: the last stones, the game is won"),
            },
            Ok(Some(t)) => Advice::Win {
                to: n - t,
                why: format!(
                    "taking {t}: {} is a multiple of m + 1 = {period}, a P-position",
                    n - t
                ),
            },
            _ => Advice::Lose {
                to: n.saturating_sub(1),
                which: "taking 1, the smallest move".to_owned(),
                why: format!("{n} is a multiple of m + 1 = {period}, a P-position"),
            },
        }
    }
}

/// Fibonacci nim: one pile; a move takes 1 to the limit, which is n − 1 for
/// the first move and twice the previous take afterwards. A position is
/// `(stones, limit)`, the opening [`FibonacciNimRules::opening`]; a move
/// names the stones taken.
///
/// ```
/// use beatty_games::play::{FibonacciNimRules, Rules};
/// let start = FibonacciNimRules::opening(10).unwrap();
/// assert_eq!(start, (10, 9));
/// // 10 = 8 + 2: taking 2 wins; the opponent may then take at most 4 of 8.
/// assert_eq!(FibonacciNimRules.advise(&start).to(), &(8, 4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FibonacciNimRules;

impl FibonacciNimRules {
    /// The opening with `n` stones, `(n, n − 1)`.
    ///
    /// # Errors
    ///
    /// [`fibonacci_nim::FibonacciNimError::TooFewStones`] for n < 2.
    ///
    /// ```
    /// use beatty_games::fibonacci_nim::FibonacciNimError;
    /// use beatty_games::play::FibonacciNimRules;
    /// assert_eq!(FibonacciNimRules::opening(2), Ok((2, 1)));
    /// assert_eq!(FibonacciNimRules::opening(1), Err(FibonacciNimError::TooFewStones(1)));
    /// ```
    pub const fn opening(n: u64) -> Result<(u64, u64), fibonacci_nim::FibonacciNimError> {
        if n < 2 {
            return Err(fibonacci_nim::FibonacciNimError::TooFewStones(n));
        }
        Ok((n, n - 1))
    }
}

impl Rules for FibonacciNimRules {
    type Pos = (u64, u64);
    type Move = u64;

    fn has_move(&self, &(n, limit): &(u64, u64)) -> bool {
        n > 0 && limit > 0
    }

    fn apply(&self, &(n, limit): &(u64, u64), take: u64) -> Result<(u64, u64), Illegal> {
        let most = limit.min(n);
        if take == 0 || take > most {
            return Err(Illegal::TakeOutOfRange { take, most });
        }
        Ok((n - take, take.saturating_mul(2)))
    }

    fn move_to(&self, &(n, _): &(u64, u64), &(to, _): &(u64, u64)) -> u64 {
        n.saturating_sub(to)
    }

    fn outcome(&self, &(n, limit): &(u64, u64)) -> Outcome {
        fibonacci_nim::outcome_with_limit(n, limit)
    }

    fn advise(&self, &(n, limit): &(u64, u64)) -> Advice<(u64, u64)> {
        let zeckendorf = || {
            use beatty_core::zeckendorf::{FIBONACCI, Zeckendorf};
            let mut terms: Vec<String> = Zeckendorf::from_u64(n)
                .indices()
                .map(|i| FIBONACCI[i as usize].to_string())
                .collect();
            terms.reverse();
            terms.join(" + ")
        };
        match fibonacci_nim::winning_take_with_limit(n, limit) {
            Some(t) => Advice::Win {
                to: (n - t, t.saturating_mul(2)),
                why: format!(
                    "taking {t}, the smallest Zeckendorf term of {n} = {}: the opponent may take at most {}, less than the next term",
                    zeckendorf(),
                    t.saturating_mul(2)
                ),
            },
            // No move at all (no stones, or a limit of 0): the advice is to
            // stay, as `Rules::advise` says.
            None if !self.has_move(&(n, limit)) => Advice::Lose {
                to: (n, limit),
                which: "no move: no stone may be taken".to_owned(),
                why: format!("{n} stones with a largest take of {limit}: the game is over"),
            },
            None => Advice::Lose {
                to: (n - 1, 2),
                which: "taking 1, the smallest move".to_owned(),
                why: format!(
                    "the smallest Zeckendorf term of {n} = {} is more than {}, the largest take allowed",
                    zeckendorf(),
                    limit.min(n)
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bash::Bash;
    use crate::euclid::Euclid;
    use crate::fibonacci_nim::FibonacciNim;
    use crate::game::{Game, Oracle};
    use crate::wythoff::Wythoff;

    /// `apply` accepts exactly the options of the game's `Game::moves` (the one
    /// statement of the rules the brute force uses), and leads where they lead;
    /// `advise` is one of them, winning exactly when the oracle says so.
    fn check_against_oracle<R, G>(
        rules: &R,
        game: G,
        positions: &[R::Pos],
        moves: impl Fn(&R::Pos) -> Vec<R::Move>,
    ) where
        R: Rules,
        G: Game<Position = R::Pos>,
    {
        let mut oracle = Oracle::new(game);
        for p in positions {
            let options = oracle.game().moves(p).collect::<Vec<_>>();
            assert_eq!(rules.has_move(p), !options.is_empty(), "{p:?}");
            for m in moves(p) {
                match rules.apply(p, m) {
                    Ok(to) => {
                        assert!(options.contains(&to), "{p:?} {m:?} → {to:?}");
                        assert_eq!(rules.move_to(p, &to), m, "{p:?} → {to:?}");
                    }
                    Err(_) => assert!(
                        options.iter().all(|o| rules.move_to(p, o) != m),
                        "{p:?} {m:?} refused"
                    ),
                }
            }
            let outcome = oracle.outcome(p).unwrap();
            assert_eq!(rules.outcome(p), outcome, "{p:?}");
            if options.is_empty() {
                continue;
            }
            let advice = rules.advise(p);
            assert!(options.contains(advice.to()), "{p:?} {advice:?}");
            let to_outcome = oracle.outcome(advice.to()).unwrap();
            match advice {
                Advice::Win { .. } => {
                    assert_eq!(outcome, Outcome::N, "{p:?}");
                    assert_eq!(to_outcome, Outcome::P, "{p:?}");
                }
                Advice::Lose { .. } => assert_eq!(outcome, Outcome::P, "{p:?}"),
            }
        }
    }

    fn pairs(n: u64) -> Vec<(u64, u64)> {
        (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect()
    }

    #[test]
    fn two_pile_rules_agree_with_the_oracle() {
        let ps = pairs(25);
        let named = |&(a, b): &(u64, u64)| pairs(a.max(b) + 2);
        check_against_oracle(&WythoffRules, Wythoff, &ps, named);
        check_against_oracle(&EuclidRules, Euclid, &ps, named);
    }

    #[test]
    fn one_pile_rules_agree_with_the_oracle() {
        for m in 1..=6 {
            let ps: Vec<u64> = (0..60).collect();
            check_against_oracle(
                &BashRules::new(m).unwrap(),
                Bash::new(m).unwrap(),
                &ps,
                |&n| (0..=n + 2).collect(),
            );
        }
        let states: Vec<(u64, u64)> = (0..50)
            .flat_map(|n| (0..=n + 1).map(move |l| (n, l)))
            .collect();
        check_against_oracle(&FibonacciNimRules, FibonacciNim, &states, |&(n, _)| {
            (0..=n + 2).collect()
        });
    }

    #[test]
    fn refusals_say_why_in_the_players_terms() {
        let w = |p, m| WythoffRules.apply(&p, m).unwrap_err().to_string();
        assert_eq!(w((4, 5), (9, 9)), "(9, 9) adds stones to a pile of (4, 5)");
        assert_eq!(w((4, 5), (4, 5)), "a move takes at least one stone");
        let e = EuclidRules.apply(&(25, 7), (20, 7)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "(20, 7) is not (25, 7) with a positive multiple of 7 taken from 25"
        );
        assert_eq!(EuclidRules.apply(&(0, 7), (0, 0)), Err(Illegal::NoMove));
        let b = BashRules::new(4).unwrap().apply(&10, 5).unwrap_err();
        assert_eq!(b.to_string(), "you may take 1 to 4 stones, not 5");
        assert_eq!(
            FibonacciNimRules.apply(&(10, 9), 10),
            Err(Illegal::TakeOutOfRange { take: 10, most: 9 })
        );
        assert!(BashRules::new(0).is_err());
        assert_eq!(FibonacciNimRules::opening(5), Ok((5, 4)));
        assert!(FibonacciNimRules::opening(1).is_err());
    }
}
