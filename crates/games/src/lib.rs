//! Bash, Euclid and Wythoff games: exact outcomes, winning moves and perfect play.
//!
//! (Skeleton: the pinned API used by `beatty-judge`. See issue #3 for the rest.)
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bash;
pub mod euclid;
pub mod wythoff;

/// The outcome class of a position under normal play.
///
/// ```
/// use beatty_games::Outcome;
/// assert!(Outcome::N.player_to_move_wins());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: the player to move loses with perfect play.
    P,
    /// The next player (the one to move) wins with perfect play.
    N,
}

impl Outcome {
    /// `true` for [`Outcome::N`].
    ///
    /// ```
    /// assert!(!beatty_games::Outcome::P.player_to_move_wins());
    /// ```
    #[must_use]
    pub const fn player_to_move_wins(self) -> bool {
        matches!(self, Outcome::N)
    }
}
