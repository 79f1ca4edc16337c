//! Bash, Euclid and Wythoff games: exact outcomes, winning moves, perfect play
//! and Grundy values, checked against brute force.
//!
//! # The idea
//!
//! The classic take-away games have closed-form solutions, several of them
//! through the golden ratio φ. Contest solutions usually evaluate those
//! formulas with doubles, and get large inputs wrong. This crate states each
//! game's rules, solves it with integers only (through [`beatty_core`]),
//! exactly on the whole `u64` range, and tests every closed form against a
//! brute-force search of the rules on small boards:
//!
//! * [`game`] — the [`Game`](game::Game) trait (a position type and its
//!   legal moves) and the generic memoised [`Oracle`](game::Oracle):
//!   outcome, Sprague–Grundy value, misère outcome, remoteness;
//! * [`bash`] — one pile, take 1..=m: outcome, winning move, Grundy value,
//!   misère, and the auction of HDU 2149;
//! * [`euclid`] — Euclid's game (Cole & Davie 1969): O(1) outcome, the
//!   contest step rule, winning moves, perfect play, Grundy values;
//! * [`wythoff`] — Wythoff's game (Wythoff 1907): outcome, all winning moves
//!   with their kinds, misère Wythoff, the Grundy table;
//! * [`fibonacci_nim`] — Fibonacci nim (Whinihan 1963, HDU 2516): outcome
//!   and winning move from any (stones, maximum take) state by the smallest
//!   Zeckendorf term, perfect play;
//! * [`awythoff`] — Fraenkel's generalised a-Wythoff game (Fraenkel 1982);
//! * [`sum`] — disjunctive sums of all of these, by XOR of Grundy values;
//! * [`play`] — the rules as a player meets them (a move checked against the
//!   rules with the reason of a refusal, perfect play's advice), shared by
//!   `judge play` and the interactive opponent;
//! * [`opponent`] — the interactive judge's opponent: perfect play that
//!   chooses, seeded, moves that test the player and end the game within a
//!   known number of plies.
//!
//! All games use *normal play* (the player who cannot move loses) unless a
//! function says "misère".
//!
//! Every public function is total: it answers, or returns `None` or an
//! error, for every value of its arguments (the brute-force
//! [`Oracle`](game::Oracle) included: past its limit it says
//! [`TooLarge`](game::OracleError::TooLarge) rather than exhaust memory).
//!
//! **Features.** `std` (default) adds the [`Oracle`](game::Oracle), whose
//! memo tables are std's hash maps. Without it
//! (`default-features = false`) the crate is `#![no_std]` and needs only
//! `alloc`.
//!
//! A *move* is named by the position it leads to (`euclid::winning_moves`,
//! `wythoff::Move::to`, `sum::SumMove::to`, `game::Oracle::winning_moves`).
//! The one-pile games name what a player says instead, the *take*, the number
//! of stones removed: `bash::winning_take`, `fibonacci_nim::winning_take`.
//!
//! ```
//! use beatty_games::{bash, euclid, wythoff, Outcome};
//!
//! assert_eq!(bash::outcome(20, 3), Ok(Outcome::P));
//! assert_eq!(euclid::outcome(25, 7), Outcome::N);
//! // Doubles get this one wrong: ⌊102334155·φ⌋ = 165580140.
//! assert_eq!(wythoff::outcome(165_580_140, 267_914_295), Outcome::P);
//! ```
// Every public function is total (an answer, or None or an error, for
// every value of its arguments): a `Result` says when it errs.
#![warn(clippy::missing_errors_doc)]
// `no_std` with `alloc`; the unit tests use std's prelude.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]

// The unit tests check the closed forms against the Oracle.
#[cfg(all(test, not(feature = "std")))]
compile_error!("beatty-games' unit tests need the `std` feature (the brute-force Oracle)");

extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

/// What the modules use of `alloc`, as std's prelude would give it.
mod prelude {
    pub(crate) use alloc::borrow::ToOwned;
    pub(crate) use alloc::format;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec;
    pub(crate) use alloc::vec::Vec;
}

pub mod awythoff;
pub mod bash;
pub mod euclid;
pub mod fibonacci_nim;
pub mod game;
pub mod opponent;
pub mod play;
pub mod reference;
pub mod sum;
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

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
