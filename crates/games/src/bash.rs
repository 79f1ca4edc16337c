//! Bash's game: one pile, take 1..=m stones, whoever takes the last stone wins.

use crate::Outcome;
use core::ops::RangeInclusive;

/// Degenerate parameters of Bash's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BashError {
    /// The maximum take (or raise) is 0: no move is ever possible.
    ZeroMaxTake,
}

impl core::fmt::Display for BashError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the maximum take must be at least 1")
    }
}

impl std::error::Error for BashError {}

/// Outcome of a pile of `n` stones when each move takes 1..=`m`.
///
/// ```
/// use beatty_games::{bash, Outcome};
/// assert_eq!(bash::outcome(23, 2), Ok(Outcome::N));
/// assert_eq!(bash::outcome(4, 3), Ok(Outcome::P));
/// ```
pub fn outcome(n: u64, m: u64) -> Result<Outcome, BashError> {
    if m == 0 {
        return Err(BashError::ZeroMaxTake);
    }
    let losing = if m == u64::MAX {
        n == 0
    } else {
        n % (m + 1) == 0
    };
    Ok(if losing { Outcome::P } else { Outcome::N })
}

/// HDU 2149: the price starts at 0, players alternately raise it by 1..=`max_raise`,
/// whoever first brings it to at least `price` wins. The winning first bids
/// always form one contiguous range; `None` when there is none.
///
/// ```
/// use beatty_games::bash::auction_winning_bids;
/// assert_eq!(auction_winning_bids(4, 2), Ok(Some(1..=1)));
/// assert_eq!(auction_winning_bids(3, 2), Ok(None));
/// assert_eq!(auction_winning_bids(3, 5), Ok(Some(3..=5)));
/// ```
pub fn auction_winning_bids(
    price: u64,
    max_raise: u64,
) -> Result<Option<RangeInclusive<u64>>, BashError> {
    if max_raise == 0 {
        return Err(BashError::ZeroMaxTake);
    }
    if price == 0 {
        // Already at the price before any bid: every bid "wins"; treat as all bids.
        return Ok(Some(1..=max_raise));
    }
    if max_raise >= price {
        return Ok(Some(price..=max_raise));
    }
    let r = price % (max_raise + 1);
    Ok(if r == 0 { None } else { Some(r..=r) })
}
