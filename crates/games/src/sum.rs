//! Disjunctive sums: several games side by side, each turn a move in one.
//!
//! # Theorem
//!
//! In a *disjunctive sum* the player to move picks one component and makes
//! a move there; a player who cannot move in any component loses. By the
//! Sprague–Grundy theorem (Sprague 1935, Grundy 1939) the sum's Grundy value
//! is the XOR of the components' values, so the sum is a P-position exactly
//! when that XOR is 0. From an N-position, with X the XOR, some component
//! has value g with g XOR X < g, and it has an option of value g XOR X
//! (its value is the mex of its options); moving there makes the XOR 0.
//!
//! Grundy values are available here in closed form for [`Component::Nim`]
//! (the pile size), [`Component::Bash`] (n mod (m + 1)) and
//! [`Component::Euclid`] ([`crate::euclid::grundy`]), for any `u64`; and for
//! [`Component::Wythoff`] from a [`GrundyTable`] when the position is on
//! its board (Wythoff's game has no known closed form for them).
//!
//! ```
//! use beatty_games::sum::{self, Component, SumMove};
//! use beatty_games::Outcome;
//!
//! // Nim 5, Bash (7 stones, take ≤ 3), Euclid (7, 2): values 5, 3, 3.
//! let game = [
//!     Component::Nim(5),
//!     Component::Bash { stones: 7, max_take: 3 },
//!     Component::Euclid(7, 2),
//! ];
//! assert_eq!(sum::grundy(&game, None), Ok(5));
//! assert_eq!(sum::outcome(&game, None), Ok(Outcome::N));
//! assert_eq!(
//!     sum::winning_move(&game, None),
//!     Ok(Some(SumMove { index: 0, to: Component::Nim(0) }))
//! );
//! ```

use crate::Outcome;
use crate::bash::{self, BashError};
use crate::euclid;
use crate::game::Game;
use crate::prelude::*;
use crate::wythoff::{self, GrundyTable};

/// One component of a sum: a position of one of the games of this crate.
///
/// ```
/// use beatty_games::sum::Component;
/// let c = Component::Wythoff(3, 5);
/// assert_ne!(c, Component::Euclid(3, 5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// A Nim pile: take any positive number of stones.
    Nim(u64),
    /// Bash's game: `stones` left, takes of 1..=`max_take`.
    Bash {
        /// Stones in the pile.
        stones: u64,
        /// The largest take (must be at least 1).
        max_take: u64,
    },
    /// Euclid's game at (a, b); a zero makes it terminal.
    Euclid(u64, u64),
    /// Wythoff's game at (a, b).
    Wythoff(u64, u64),
}

/// Why a sum could not be solved.
///
/// ```
/// use beatty_games::sum::{self, Component, SumError};
/// let game = [Component::Nim(1), Component::Wythoff(100, 7)];
/// assert_eq!(sum::outcome(&game, None), Err(SumError::Unavailable { index: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SumError {
    /// The Grundy value of component `index` is not available: a Wythoff
    /// position with no table, or outside the table's board.
    Unavailable {
        /// Position of the component in the slice.
        index: usize,
    },
    /// Component `index` is a Bash game with degenerate parameters.
    Bash {
        /// Position of the component in the slice.
        index: usize,
        /// What is wrong with it.
        error: BashError,
    },
}

impl core::fmt::Display for SumError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SumError::Unavailable { index } => {
                write!(f, "the Grundy value of component {index} is not available")
            }
            SumError::Bash { index, error } => write!(f, "component {index}: {error}"),
        }
    }
}

impl core::error::Error for SumError {}

/// A move in a sum: component `index` becomes `to`.
///
/// ```
/// use beatty_games::sum::{winning_move, Component, SumMove};
/// let game = [Component::Nim(3), Component::Nim(1)];
/// assert_eq!(winning_move(&game, None), Ok(Some(SumMove { index: 0, to: Component::Nim(1) })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// Which component moves.
    pub index: usize,
    /// The component after the move.
    pub to: Component,
}

impl Component {
    /// The Grundy value, with `table` for Wythoff positions.
    fn grundy(&self, index: usize, table: Option<&GrundyTable>) -> Result<u64, SumError> {
        match *self {
            Component::Nim(n) => Ok(n),
            Component::Bash { stones, max_take } => {
                bash::grundy(stones, max_take).map_err(|error| SumError::Bash { index, error })
            }
            Component::Euclid(a, b) => Ok(euclid::grundy(a, b)),
            Component::Wythoff(a, b) => table
                .and_then(|t| t.get(a, b))
                .ok_or(SumError::Unavailable { index }),
        }
    }

    /// A move to an option of value `target`, if there is one.
    fn move_to(&self, target: u64, table: Option<&GrundyTable>) -> Option<Component> {
        match *self {
            Component::Nim(n) => (target < n).then_some(Component::Nim(target)),
            Component::Bash { stones, max_take } => {
                let g = bash::grundy(stones, max_take).ok()?;
                (target < g).then_some(Component::Bash {
                    stones: stones - (g - target),
                    max_take,
                })
            }
            Component::Euclid(a, b) => {
                euclid::move_to_grundy(a, b, target).map(|(x, y)| Component::Euclid(x, y))
            }
            Component::Wythoff(a, b) => table?
                .move_to(a, b, target)
                .map(|m| Component::Wythoff(m.to.0, m.to.1)),
        }
    }

    /// Every option of this component, one per move, lazily (a Bash
    /// component with `max_take` 0 has none).
    ///
    /// ```
    /// use beatty_games::sum::Component;
    /// assert!(Component::Nim(2).moves().eq([Component::Nim(1), Component::Nim(0)]));
    /// assert_eq!(Component::Bash { stones: 3, max_take: 0 }.moves().next(), None);
    /// // Lazy: the nearest of the 2⁶⁴ − 1 options of the largest pile.
    /// assert_eq!(Component::Nim(u64::MAX).moves().next(), Some(Component::Nim(u64::MAX - 1)));
    /// ```
    pub fn moves(&self) -> impl Iterator<Item = Component> + use<> {
        // One of the four is non-empty: chained, they need no boxing.
        let (mut nim, mut bash, mut euclid_, mut wythoff_) = (None, None, None, None);
        match *self {
            Component::Nim(n) => nim = Some((0..n).rev().map(Component::Nim)),
            // As `Bash::moves`; `max_take` 0 (no game) gives none.
            Component::Bash { stones, max_take } => {
                bash = Some((1..=max_take.min(stones)).map(move |t| Component::Bash {
                    stones: stones - t,
                    max_take,
                }));
            }
            Component::Euclid(a, b) => {
                euclid_ = Some(euclid::options(a, b).map(|(x, y)| Component::Euclid(x, y)));
            }
            Component::Wythoff(a, b) => {
                wythoff_ = Some(wythoff::options(a, b).map(|(x, y)| Component::Wythoff(x, y)));
            }
        }
        let nim = nim.into_iter().flatten();
        let bash = bash.into_iter().flatten();
        let euclid_ = euclid_.into_iter().flatten();
        let wythoff_ = wythoff_.into_iter().flatten();
        nim.chain(bash).chain(euclid_).chain(wythoff_)
    }
}

/// The Grundy value of the sum: the XOR of the components' values. `table`
/// supplies Wythoff values (pass `None` when there are no Wythoff parts).
///
/// # Errors
///
/// [`SumError::Unavailable`] for a Wythoff component without a `table` that
/// holds it, [`SumError::Bash`] for a Bash component with `max_take` 0.
///
/// ```
/// use beatty_games::sum::{grundy, Component};
/// use beatty_games::wythoff::grundy_table;
/// let t = grundy_table(8).unwrap();
/// let game = [Component::Wythoff(2, 2), Component::Nim(3)];
/// assert_eq!(grundy(&game, Some(&t)), Ok(2)); // 1 XOR 3
/// ```
pub fn grundy(components: &[Component], table: Option<&GrundyTable>) -> Result<u64, SumError> {
    components
        .iter()
        .enumerate()
        .try_fold(0, |x, (i, c)| Ok(x ^ c.grundy(i, table)?))
}

/// The outcome of the sum: [`Outcome::P`] exactly when the XOR is 0.
///
/// # Errors
///
/// As [`grundy`].
///
/// ```
/// use beatty_games::sum::{outcome, Component};
/// use beatty_games::Outcome;
/// let game = [Component::Euclid(25, 7), Component::Bash { stones: 9, max_take: 2 }];
/// assert_eq!(outcome(&game, None), Ok(Outcome::N));
/// assert_eq!(outcome(&[], None), Ok(Outcome::P));
/// ```
pub fn outcome(components: &[Component], table: Option<&GrundyTable>) -> Result<Outcome, SumError> {
    Ok(if grundy(components, table)? == 0 {
        Outcome::P
    } else {
        Outcome::N
    })
}

/// A winning move of the sum — the first component (in slice order) that
/// can bring the XOR to 0, and where it goes — or `None` at a P-position.
///
/// # Errors
///
/// As [`grundy`].
///
/// ```
/// use beatty_games::sum::{winning_move, Component, SumMove};
/// let game = [Component::Euclid(7, 2), Component::Nim(3)];
/// assert_eq!(winning_move(&game, None), Ok(None)); // 3 XOR 3 = 0
/// let game = [Component::Euclid(7, 2), Component::Nim(1)];
/// assert_eq!(
///     winning_move(&game, None),
///     Ok(Some(SumMove { index: 0, to: Component::Euclid(5, 2) }))
/// );
/// ```
pub fn winning_move(
    components: &[Component],
    table: Option<&GrundyTable>,
) -> Result<Option<SumMove>, SumError> {
    let values: Vec<u64> = components
        .iter()
        .enumerate()
        .map(|(i, c)| c.grundy(i, table))
        .collect::<Result<_, _>>()?;
    let x = values.iter().fold(0, |x, g| x ^ g);
    if x == 0 {
        return Ok(None);
    }
    // Some component has g XOR x < g (the one holding x's top bit), and the
    // mex guarantees it an option of that value.
    Ok(components
        .iter()
        .zip(&values)
        .enumerate()
        .filter(|&(_, (_, &g))| g ^ x < g)
        .find_map(|(index, (c, &g))| c.move_to(g ^ x, table).map(|to| SumMove { index, to })))
}

/// A sum of [`Component`]s as a [`Game`], for brute-force checks with
/// [`crate::game::Oracle`]: the position is the list of components, a move
/// changes one of them.
///
/// ```
/// use beatty_games::game::Oracle;
/// use beatty_games::sum::{Component, SumGame};
/// let mut o = Oracle::new(SumGame);
/// let game = vec![Component::Wythoff(1, 1), Component::Nim(2)];
/// assert_eq!(o.grundy(&game), Ok(0)); // 2 XOR 2
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SumGame;

impl Game for SumGame {
    type Position = Vec<Component>;

    /// Component by component, each one's options in the order of
    /// [`Component::moves`], lazily.
    fn moves(&self, components: &Vec<Component>) -> impl Iterator<Item = Vec<Component>> {
        components.iter().enumerate().flat_map(move |(i, c)| {
            c.moves().map(move |to| {
                let mut next = components.clone();
                next[i] = to;
                next
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Oracle;
    use crate::wythoff::grundy_table;
    use quickcheck::{Gen, QuickCheck, TestResult};

    fn small_component(g: &mut Gen) -> Component {
        let small = |g: &mut Gen| u64::from(u8::arbitrary(g) % 7);
        use quickcheck::Arbitrary;
        match u8::arbitrary(g) % 4 {
            0 => Component::Nim(small(g)),
            1 => Component::Bash {
                stones: small(g) * 2,
                max_take: 1 + small(g) % 4,
            },
            2 => Component::Euclid(small(g) * 2, small(g)),
            _ => Component::Wythoff(small(g), small(g)),
        }
    }

    #[test]
    fn sums_equal_oracle() {
        let table = grundy_table(16).unwrap();
        let mut o = Oracle::new(SumGame);
        let mut rng = Gen::new(100);
        for _ in 0..300 {
            let len = 1 + usize::from(<u8 as quickcheck::Arbitrary>::arbitrary(&mut rng) % 3);
            let game: Vec<Component> = (0..len).map(|_| small_component(&mut rng)).collect();
            let g = o.grundy(&game).unwrap();
            assert_eq!(grundy(&game, Some(&table)), Ok(g), "{game:?}");
            let expected = o.outcome(&game).unwrap();
            assert_eq!(outcome(&game, Some(&table)), Ok(expected));
            match winning_move(&game, Some(&table)).unwrap() {
                None => assert_eq!(expected, Outcome::P, "{game:?}"),
                Some(SumMove { index, to }) => {
                    assert_eq!(expected, Outcome::N);
                    assert!(
                        game[index].moves().collect::<Vec<_>>().contains(&to),
                        "{game:?}"
                    );
                    let mut next = game.clone();
                    next[index] = to;
                    assert_eq!(o.outcome(&next).unwrap(), Outcome::P, "{game:?}");
                }
            }
        }
    }

    #[test]
    fn unavailable_and_bad_components_are_errors() {
        let t = grundy_table(4).unwrap();
        let bad = [
            Component::Nim(1),
            Component::Bash {
                stones: 1,
                max_take: 0,
            },
        ];
        let err = SumError::Bash {
            index: 1,
            error: BashError::ZeroMaxTake,
        };
        assert_eq!(outcome(&bad, None), Err(err));
        assert_eq!(winning_move(&bad, None), Err(err));
        let off_board = [Component::Wythoff(4, 0)];
        assert_eq!(
            grundy(&off_board, Some(&t)),
            Err(SumError::Unavailable { index: 0 })
        );
        assert_eq!(grundy(&[Component::Wythoff(3, 0)], Some(&t)), Ok(3));
        assert_eq!(
            err.to_string(),
            "component 1: the maximum take must be at least 1"
        );
        assert_eq!(
            SumError::Unavailable { index: 0 }.to_string(),
            "the Grundy value of component 0 is not available"
        );
    }

    #[test]
    fn huge_components_use_closed_forms() {
        fn prop(a: u64, b: u64, n: u64, m: u64) -> TestResult {
            let game = [
                Component::Euclid(a, b),
                Component::Nim(n),
                Component::Bash {
                    stones: n,
                    max_take: m.max(1),
                },
            ];
            let Ok(x) = grundy(&game, None) else {
                return TestResult::failed();
            };
            match winning_move(&game, None) {
                Ok(None) => TestResult::from_bool(x == 0),
                Ok(Some(SumMove { index, to })) => {
                    let mut next = game;
                    next[index] = to;
                    let legal = match (game[index], to) {
                        (Component::Euclid(..), Component::Euclid(x, y)) => {
                            (y == b && a >= b && x < a && (a - x).is_multiple_of(b))
                                || (x == a && b >= a && y < b && (b - y).is_multiple_of(a))
                        }
                        (Component::Nim(n), Component::Nim(k)) => k < n,
                        (
                            Component::Bash { stones, max_take },
                            Component::Bash { stones: s, .. },
                        ) => s < stones && stones - s <= max_take,
                        _ => false,
                    };
                    TestResult::from_bool(x != 0 && legal && grundy(&next, None) == Ok(0))
                }
                Err(_) => TestResult::failed(),
            }
        }
        QuickCheck::new()
            .tests(2_000)
            .quickcheck(prop as fn(u64, u64, u64, u64) -> TestResult);
    }
}
