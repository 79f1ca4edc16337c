//! Bash's game: one pile, take 1..=m stones, whoever takes the last stone wins.
//!
//! # Rules and theorem
//!
//! A pile holds `n` stones; the players alternately take between 1 and `m`
//! stones; whoever takes the last stone wins (HDU 1846). The multiples of
//! `m + 1` are exactly the P-positions: from a multiple every take leaves a
//! non-multiple, and from a non-multiple taking `n mod (m + 1)` leaves a
//! multiple. More precisely the Sprague–Grundy value of `n` is
//! `n mod (m + 1)` (the options of `n` have the values of the `m` numbers
//! before it, a full set of residues other than its own). This is the
//! subtraction game of Bouton's era; see Berlekamp, Conway & Guy, *Winning
//! Ways* (1982), ch. 4.
//!
//! Two variants:
//!
//! * **misère** — whoever takes the last stone *loses*: the P-positions are
//!   the `n ≡ 1 (mod m + 1)`; the empty pile is a win for the player to move
//!   (the opponent took the last stone);
//! * **the auction** of HDU 2149 — the price starts at 0, players alternately
//!   raise it by 1..=N, whoever first brings it to at least M wins. With
//!   `r = M − price` left to go, a raise of `x ≥ r` wins on the spot, so this
//!   is Bash's game on `r` where a move may overshoot. For M ≤ N every first
//!   bid from M to N wins at once (and no smaller one does: it leaves the
//!   opponent a winning raise); for M > N the only winning first bid is
//!   `M mod (N + 1)`, when it is not 0. When **M = 0** the price already meets
//!   the target before anyone bids: nobody can "first bring it" there, so the
//!   auction is not a game, and [`auction_winning_bids`] answers
//!   [`BashError::ZeroPrice`].
//!
//! A maximum take (or raise) of 0 makes every rule above meaningless (no move
//! is ever possible, and "mod 1" would call every pile lost): it is rejected
//! with [`BashError::ZeroMaxTake`].
//!
//! ```
//! use beatty_games::{bash, Outcome};
//!
//! assert_eq!(bash::outcome(23, 2), Ok(Outcome::N));
//! assert_eq!(bash::winning_take(23, 2), Ok(Some(2))); // leaves 21 = 7·3
//! assert_eq!(bash::grundy(23, 2), Ok(2));
//! assert_eq!(bash::misere_outcome(22, 2), Ok(Outcome::P));
//! assert_eq!(bash::auction_winning_bids(4, 2), Ok(Some(1..=1)));
//! assert_eq!(bash::outcome(5, 0), Err(bash::BashError::ZeroMaxTake));
//! ```

use crate::Outcome;
use crate::game::Game;
use core::ops::RangeInclusive;

/// Degenerate parameters of Bash's game.
///
/// ```
/// use beatty_games::bash::{self, BashError};
/// assert_eq!(bash::outcome(1, 0), Err(BashError::ZeroMaxTake));
/// assert_eq!(bash::auction_winning_bids(0, 3), Err(BashError::ZeroPrice));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BashError {
    /// The maximum take (or raise) is 0: no move is ever possible.
    ZeroMaxTake,
    /// The auction's target price is 0: it is met before the first bid, so
    /// there is no game to play.
    ZeroPrice,
}

impl core::fmt::Display for BashError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            BashError::ZeroMaxTake => "the maximum take must be at least 1",
            BashError::ZeroPrice => "the target price must be at least 1",
        })
    }
}

impl core::error::Error for BashError {}

/// `n mod (m + 1)` for `m ≥ 1`, without overflow at `m = u64::MAX`.
const fn residue(n: u64, m: u64) -> u64 {
    match m.checked_add(1) {
        Some(modulus) => n % modulus,
        None => n, // modulus 2⁶⁴ > n
    }
}

/// Outcome of a pile of `n` stones when each move takes 1..=`m`.
///
/// # Errors
///
/// [`BashError::ZeroMaxTake`] when `m` is 0.
///
/// ```
/// use beatty_games::{bash, Outcome};
/// assert_eq!(bash::outcome(23, 2), Ok(Outcome::N));
/// assert_eq!(bash::outcome(4, 3), Ok(Outcome::P));
/// assert_eq!(bash::outcome(0, 3), Ok(Outcome::P)); // no stone: no move
/// ```
pub fn outcome(n: u64, m: u64) -> Result<Outcome, BashError> {
    Ok(if grundy(n, m)? == 0 {
        Outcome::P
    } else {
        Outcome::N
    })
}

/// The Sprague–Grundy value `n mod (m + 1)`.
///
/// # Errors
///
/// [`BashError::ZeroMaxTake`] when `m` is 0.
///
/// ```
/// use beatty_games::bash;
/// assert_eq!(bash::grundy(10, 3), Ok(2));
/// assert_eq!(bash::grundy(u64::MAX, u64::MAX), Ok(u64::MAX));
/// ```
pub fn grundy(n: u64, m: u64) -> Result<u64, BashError> {
    if m == 0 {
        return Err(BashError::ZeroMaxTake);
    }
    Ok(residue(n, m))
}

/// The winning take from `n` (the unique number of stones to take that
/// leaves a P-position), or `None` when `n` is a P-position.
///
/// # Errors
///
/// [`BashError::ZeroMaxTake`] when `m` is 0.
///
/// ```
/// use beatty_games::bash;
/// assert_eq!(bash::winning_take(10, 3), Ok(Some(2)));
/// assert_eq!(bash::winning_take(8, 3), Ok(None));
/// ```
pub fn winning_take(n: u64, m: u64) -> Result<Option<u64>, BashError> {
    let r = grundy(n, m)?;
    Ok((r != 0).then_some(r))
}

/// Outcome of misère Bash (whoever takes the last stone loses): P exactly
/// when `n ≡ 1 (mod m + 1)`. The empty pile is an N-position: the opponent
/// took the last stone and lost.
///
/// # Errors
///
/// [`BashError::ZeroMaxTake`] when `m` is 0.
///
/// ```
/// use beatty_games::{bash, Outcome};
/// assert_eq!(bash::misere_outcome(1, 3), Ok(Outcome::P));
/// assert_eq!(bash::misere_outcome(5, 3), Ok(Outcome::P));
/// assert_eq!(bash::misere_outcome(0, 3), Ok(Outcome::N));
/// assert_eq!(bash::misere_outcome(4, 3), Ok(Outcome::N));
/// ```
pub fn misere_outcome(n: u64, m: u64) -> Result<Outcome, BashError> {
    Ok(if misere_winning_take(n, m)?.is_none() && n != 0 {
        Outcome::P
    } else {
        Outcome::N
    })
}

/// The winning take in misère Bash: the take that leaves `≡ 1 (mod m + 1)`
/// stones, or `None` when there is none (`n ≡ 1`, or the empty pile, which
/// is won without a move).
///
/// # Errors
///
/// [`BashError::ZeroMaxTake`] when `m` is 0.
///
/// ```
/// use beatty_games::bash;
/// assert_eq!(bash::misere_winning_take(4, 3), Ok(Some(3)));
/// assert_eq!(bash::misere_winning_take(5, 3), Ok(None));
/// assert_eq!(bash::misere_winning_take(0, 3), Ok(None));
/// ```
pub fn misere_winning_take(n: u64, m: u64) -> Result<Option<u64>, BashError> {
    if m == 0 {
        return Err(BashError::ZeroMaxTake);
    }
    if n == 0 {
        return Ok(None);
    }
    let r = residue(n - 1, m);
    Ok((r != 0).then_some(r))
}

/// HDU 2149: the price starts at 0, players alternately raise it by
/// 1..=`max_raise`, whoever first brings it to at least `price` wins. The
/// winning first bids always form one contiguous range; `None` when there is
/// none (the first bidder loses). See the [module documentation](self) for
/// the reasoning and for `price = 0`.
///
/// # Errors
///
/// [`BashError::ZeroMaxTake`] when `max_raise` is 0, [`BashError::ZeroPrice`]
/// when `price` is 0.
///
/// ```
/// use beatty_games::bash::{auction_winning_bids, BashError};
/// assert_eq!(auction_winning_bids(4, 2), Ok(Some(1..=1)));
/// assert_eq!(auction_winning_bids(3, 2), Ok(None));
/// assert_eq!(auction_winning_bids(3, 5), Ok(Some(3..=5)));
/// assert_eq!(auction_winning_bids(0, 5), Err(BashError::ZeroPrice));
/// assert_eq!(auction_winning_bids(5, 0), Err(BashError::ZeroMaxTake));
/// ```
pub fn auction_winning_bids(
    price: u64,
    max_raise: u64,
) -> Result<Option<RangeInclusive<u64>>, BashError> {
    if max_raise == 0 {
        return Err(BashError::ZeroMaxTake);
    }
    if price == 0 {
        return Err(BashError::ZeroPrice);
    }
    if max_raise >= price {
        return Ok(Some(price..=max_raise));
    }
    let r = residue(price, max_raise);
    Ok((r != 0).then_some(r..=r))
}

/// Bash's game as a [`Game`]: the position is the number of stones.
///
/// ```
/// use beatty_games::bash::Bash;
/// use beatty_games::game::Game;
/// assert!(Bash::new(3).unwrap().moves(&5).eq([4, 3, 2]));
/// assert!(Bash::new(0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bash {
    max_take: u64,
}

impl Bash {
    /// The game with takes of 1..=`max_take`; errors when `max_take` is 0.
    ///
    /// # Errors
    ///
    /// [`BashError::ZeroMaxTake`] when `max_take` is 0.
    ///
    /// ```
    /// use beatty_games::bash::{Bash, BashError};
    /// assert_eq!(Bash::new(0), Err(BashError::ZeroMaxTake));
    /// assert_eq!(Bash::new(7).unwrap().max_take(), 7);
    /// ```
    pub const fn new(max_take: u64) -> Result<Self, BashError> {
        if max_take == 0 {
            Err(BashError::ZeroMaxTake)
        } else {
            Ok(Bash { max_take })
        }
    }

    /// The maximum take `m`.
    ///
    /// ```
    /// assert_eq!(beatty_games::bash::Bash::new(2).unwrap().max_take(), 2);
    /// ```
    #[must_use]
    pub const fn max_take(&self) -> u64 {
        self.max_take
    }
}

impl Game for Bash {
    type Position = u64;

    /// `n − 1, n − 2, …, n − min(n, m)`: one item per possible take, lazily.
    fn moves(&self, &n: &u64) -> impl Iterator<Item = u64> {
        (1..=self.max_take.min(n)).map(move |t| n - t)
    }
}

/// The auction of HDU 2149 exactly as stated, as a [`Game`]: the position
/// is the current price (starting at 0), a move raises it by 1..=N, and a
/// price of at least M is terminal — whoever reached it has won, so the
/// player to move there has lost, as normal play says. The closed form
/// [`auction_winning_bids`] is tested against this.
///
/// ```
/// use beatty_games::bash::Auction;
/// use beatty_games::game::{Game, Oracle};
/// let auction = Auction::new(4, 2).unwrap();
/// assert!(auction.moves(&0).eq([1, 2]));
/// assert_eq!(auction.moves(&4).next(), None);
/// // The winning first bids are the moves from price 0 into P-positions.
/// assert_eq!(Oracle::new(auction).winning_moves(&0), Ok(vec![1]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    target: u64,
    max_raise: u64,
}

impl Auction {
    /// The auction with target price `target` (M) and raises of
    /// 1..=`max_raise` (N); the same errors as [`auction_winning_bids`].
    ///
    /// # Errors
    ///
    /// [`BashError::ZeroMaxTake`] when `max_raise` is 0,
    /// [`BashError::ZeroPrice`] when `target` is 0.
    ///
    /// ```
    /// use beatty_games::bash::{Auction, BashError};
    /// assert_eq!(Auction::new(0, 3), Err(BashError::ZeroPrice));
    /// assert_eq!(Auction::new(3, 0), Err(BashError::ZeroMaxTake));
    /// ```
    pub const fn new(target: u64, max_raise: u64) -> Result<Self, BashError> {
        if max_raise == 0 {
            Err(BashError::ZeroMaxTake)
        } else if target == 0 {
            Err(BashError::ZeroPrice)
        } else {
            Ok(Auction { target, max_raise })
        }
    }
}

impl Game for Auction {
    type Position = u64;

    /// The prices `price + 1 ..= price + N` (saturating), none once the
    /// target is reached. One item per raise, lazily.
    fn moves(&self, &price: &u64) -> impl Iterator<Item = u64> {
        let most = if price >= self.target {
            0
        } else {
            self.max_raise
        };
        (1..=most).map(move |x| price.saturating_add(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Oracle;
    use quickcheck::quickcheck;

    #[test]
    fn closed_forms_equal_oracle_m_le_20_n_le_2000() {
        for m in 1..=20u64 {
            let mut o = Oracle::new(Bash::new(m).unwrap());
            for n in 0..=2000u64 {
                let g = o.grundy(&n).unwrap();
                assert_eq!(grundy(n, m), Ok(g), "grundy n={n} m={m}");
                assert_eq!(outcome(n, m), Ok(o.outcome(&n).unwrap()));
                let misere = o.misere_outcome(&n).unwrap();
                assert_eq!(misere_outcome(n, m), Ok(misere), "misère n={n} m={m}");
                let wins: Vec<u64> = o.winning_moves(&n).unwrap();
                let mine: Vec<u64> = winning_take(n, m)
                    .unwrap()
                    .map(|t| n - t)
                    .into_iter()
                    .collect();
                assert_eq!(mine, wins, "winning move n={n} m={m}");
                let misere_wins: Vec<u64> = o
                    .game()
                    .moves(&n)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .filter(|&c| o.misere_outcome(&c).unwrap() == Outcome::P)
                    .collect();
                let mine: Vec<u64> = misere_winning_take(n, m)
                    .unwrap()
                    .map(|t| n - t)
                    .into_iter()
                    .collect();
                assert_eq!(mine, misere_wins, "misère winning move n={n} m={m}");
            }
        }
    }

    fn auction_by_search(target: u64, max_raise: u64) -> Option<RangeInclusive<u64>> {
        let mut o = Oracle::new(Auction::new(target, max_raise).unwrap());
        let wins: Vec<u64> = o.winning_moves(&0).unwrap();
        // The bids are the prices after the first move; check they are one range.
        let (first, last) = (*wins.first()?, *wins.last()?);
        assert_eq!(
            wins,
            (first..=last).collect::<Vec<_>>(),
            "M={target} N={max_raise}"
        );
        Some(first..=last)
    }

    #[test]
    fn auction_equals_search_of_the_literal_rules() {
        for target in 1..40 {
            for max_raise in 1..40 {
                assert_eq!(
                    auction_winning_bids(target, max_raise),
                    Ok(auction_by_search(target, max_raise)),
                    "M={target} N={max_raise}"
                );
            }
        }
    }

    /// The same auction with the distance to go as the position (a raise of
    /// x ≥ r ends the game at 0), so one memo serves every M; checked
    /// against the literal rules above on M, N < 40.
    struct AuctionToGo {
        max_raise: u64,
    }

    impl Game for AuctionToGo {
        type Position = u64;
        fn moves(&self, &r: &u64) -> impl Iterator<Item = u64> {
            let most = if r == 0 { 0 } else { self.max_raise };
            (1..=most).map(move |x| r.saturating_sub(x))
        }
    }

    #[test]
    fn auction_equals_search_m_n_below_200() {
        for max_raise in 1..200u64 {
            let mut o = Oracle::new(AuctionToGo { max_raise });
            for target in 1..200u64 {
                let wins: Vec<u64> = (1..=max_raise)
                    .filter(|&x| o.outcome(&target.saturating_sub(x)).unwrap() == Outcome::P)
                    .collect();
                let expected = wins.first().map(|&f| f..=*wins.last().unwrap());
                if let Some(r) = &expected {
                    assert_eq!(wins.len() as u64, r.end() - r.start() + 1);
                }
                if target < 40 && max_raise < 40 {
                    assert_eq!(expected, auction_by_search(target, max_raise));
                }
                assert_eq!(
                    auction_winning_bids(target, max_raise),
                    Ok(expected),
                    "M={target} N={max_raise}"
                );
            }
        }
    }

    #[test]
    fn degenerate_parameters_are_errors() {
        assert_eq!(outcome(0, 0), Err(BashError::ZeroMaxTake));
        assert_eq!(grundy(7, 0), Err(BashError::ZeroMaxTake));
        assert_eq!(winning_take(7, 0), Err(BashError::ZeroMaxTake));
        assert_eq!(misere_outcome(7, 0), Err(BashError::ZeroMaxTake));
        assert_eq!(misere_winning_take(0, 0), Err(BashError::ZeroMaxTake));
        assert_eq!(auction_winning_bids(0, 0), Err(BashError::ZeroMaxTake));
        assert_eq!(auction_winning_bids(0, 1), Err(BashError::ZeroPrice));
        assert_eq!(
            BashError::ZeroPrice.to_string(),
            "the target price must be at least 1"
        );
        assert_eq!(
            BashError::ZeroMaxTake.to_string(),
            "the maximum take must be at least 1"
        );
    }

    quickcheck! {
        /// On all of u64: the winning take is legal and leaves a multiple of
        /// m + 1 (checked with u128 arithmetic, no shortcut), and P-positions
        /// are exactly those without one.
        fn winning_take_is_legal_and_lands_on_multiple(n: u64, m: u64) -> bool {
            let m = m.max(1);
            let modulus = u128::from(m) + 1;
            match winning_take(n, m).unwrap() {
                Some(t) => (1..=m).contains(&t) && t <= n
                    && u128::from(n - t) % modulus == 0
                    && outcome(n, m) == Ok(Outcome::N),
                None => u128::from(n) % modulus == 0 && outcome(n, m) == Ok(Outcome::P),
            }
        }

        fn misere_take_is_legal_and_lands_on_one_mod(n: u64, m: u64) -> bool {
            let m = m.max(1);
            let modulus = u128::from(m) + 1;
            match misere_winning_take(n, m).unwrap() {
                Some(t) => (1..=m).contains(&t) && t <= n
                    && u128::from(n - t) % modulus == 1
                    && misere_outcome(n, m) == Ok(Outcome::N),
                None => (n == 0) == (misere_outcome(n, m) == Ok(Outcome::N))
                    && (n == 0 || u128::from(n) % modulus == 1),
            }
        }

        fn auction_bids_win_at_once_or_leave_a_multiple(price: u64, n: u64) -> bool {
            let (price, n) = (price.max(1), n.max(1));
            let bids = auction_winning_bids(price, n).unwrap();
            match bids {
                Some(r) if n >= price => r == (price..=n),
                Some(r) => r.start() == r.end()
                    && u128::from(price - r.start()) % (u128::from(n) + 1) == 0,
                None => n < price && u128::from(price) % (u128::from(n) + 1) == 0,
            }
        }
    }
}
