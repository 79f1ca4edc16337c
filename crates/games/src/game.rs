//! Rules as data, and brute-force oracles that solve any small game by search.
//!
//! # The idea
//!
//! An *impartial* game is one where both players have the same moves from
//! every position; under the *normal play* convention a player with no move
//! loses. Such a game is fully described by its positions and, for each
//! position, the list of positions one move away. That is the [`Game`] trait.
//!
//! Every finite impartial game can be solved by looking at all of its
//! positions:
//!
//! * a position is a **P-position** (the previous player wins) when every move
//!   leads to an N-position — in particular when there is no move at all;
//!   otherwise it is an **N-position** (the next player wins);
//! * its **Sprague–Grundy value** is the mex (minimum excluded value) of the
//!   values of its options; it is 0 exactly on P-positions, and the value of a
//!   disjunctive sum of games is the XOR of the values of its parts
//!   (Sprague 1935, Grundy 1939);
//! * under the *misère* convention (a player with no move **wins**) the
//!   outcome is computed by the same recursion with the terminal case flipped;
//! * the **remoteness** (Smith 1966) is the length of the game when the winner
//!   plays to win as fast as possible and the loser to lose as slowly as
//!   possible; it is even exactly on P-positions.
//!
//! [`Oracle`] does exactly this, with memoisation and an explicit stack (no
//! recursion, so deep games cannot overflow the call stack). It costs time
//! and memory proportional to the number of positions reachable from the one
//! asked about, times the number of moves from each: it is an **oracle for
//! small positions**, the independent reference every closed form in this
//! crate is tested against, not a solver for large inputs.
//!
//! ```
//! use beatty_games::bash::Bash;
//! use beatty_games::game::Oracle;
//! use beatty_games::Outcome;
//!
//! // Bash's game with takes of 1..=3: the multiples of 4 are lost.
//! let mut oracle = Oracle::new(Bash::new(3).unwrap());
//! assert_eq!(oracle.outcome(&8), Ok(Outcome::P));
//! assert_eq!(oracle.outcome(&9), Ok(Outcome::N));
//! assert_eq!(oracle.grundy(&10), Ok(2));
//! ```

#[cfg(feature = "std")]
use crate::Outcome;
#[cfg(feature = "std")]
use crate::prelude::*;
#[cfg(feature = "std")]
use core::fmt;
use core::hash::Hash;
#[cfg(feature = "std")]
use core::hash::{BuildHasherDefault, Hasher};
#[cfg(feature = "std")]
use std::collections::{HashMap, HashSet};

/// An impartial game under normal play: the player who cannot move loses.
///
/// The game value itself carries the rules' parameters (for example the
/// maximum take of Bash's game); [`Game::Position`] is what changes during
/// play. Implementations must describe a **finite** game: every sequence of
/// moves ends. (The [`Oracle`] detects a cycle and reports
/// [`OracleError::Cycle`] instead of looping.)
///
/// [`Game::moves`] returns an iterator, so asking for the moves of a huge
/// position costs nothing until they are taken: `Wythoff.moves(&(u64::MAX,
/// u64::MAX))` is fine, and its first move is `(u64::MAX − 1, u64::MAX)`.
///
/// ```
/// use beatty_games::game::{Game, Oracle};
/// use beatty_games::Outcome;
///
/// /// Nim with a single pile: take any positive number of stones.
/// struct OnePileNim;
///
/// impl Game for OnePileNim {
///     type Position = u64;
///     fn moves(&self, n: &u64) -> impl Iterator<Item = u64> {
///         0..*n
///     }
/// }
///
/// let mut oracle = Oracle::new(OnePileNim);
/// assert_eq!(oracle.grundy(&7), Ok(7));
/// assert_eq!(oracle.outcome(&0), Ok(Outcome::P));
/// ```
pub trait Game {
    /// A position of the game (the rules' parameters live in `Self`).
    type Position: Clone + Eq + Hash;

    /// Every position reachable in one move from `position`, lazily; empty
    /// when the position is terminal. Duplicates are allowed.
    ///
    /// ```
    /// use beatty_games::game::Game;
    /// use beatty_games::wythoff::Wythoff;
    /// // From (1, 1): empty the first pile, the second, or take one from both.
    /// let moves: Vec<_> = Wythoff.moves(&(1, 1)).collect();
    /// assert_eq!(moves, [(0, 1), (1, 0), (0, 0)]);
    /// ```
    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position>;
}

/// Why an [`Oracle`] could not answer.
///
/// ```
/// use beatty_games::game::{Game, Oracle, OracleError};
///
/// /// Not a finite game: from 0 you can move to 0 forever.
/// struct Loop;
/// impl Game for Loop {
///     type Position = u8;
///     fn moves(&self, _: &u8) -> impl Iterator<Item = u8> { [0].into_iter() }
/// }
/// assert_eq!(Oracle::new(Loop).grundy(&0), Err(OracleError::Cycle));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OracleError {
    /// A position can be reached from itself: the game is not finite.
    Cycle,
    /// The search would hold more than `limit` positions (the memo and the
    /// options waiting to be solved): the position is too large for a
    /// brute-force oracle. See [`Oracle::with_limit`].
    TooLarge {
        /// The limit of the oracle that refused.
        limit: usize,
    },
}

impl core::fmt::Display for OracleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            OracleError::Cycle => {
                f.write_str("the game has a cycle: a position can be reached from itself")
            }
            OracleError::TooLarge { limit } => write!(
                f,
                "the position is too large for the oracle: its search would hold more than {limit} positions"
            ),
        }
    }
}

impl core::error::Error for OracleError {}

#[cfg(feature = "std")]
/// A small multiplicative hasher (the "Fx" hash of rustc) for the memo
/// tables: positions are a few integers, and the default SipHash would
/// dominate the oracle's run time. Not DoS-resistant, which an oracle
/// does not need.
#[derive(Clone, Copy, Debug, Default)]
struct FxHasher {
    hash: u64,
}

#[cfg(feature = "std")]
impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(feature = "std")]
type Memo<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

#[cfg(feature = "std")]
/// One value per position, computed from the values of the options.
struct Table<P, V> {
    values: Memo<P, V>,
}

#[cfg(feature = "std")]
impl<P: Clone + Eq + Hash, V: Clone> Table<P, V> {
    fn new() -> Self {
        Table {
            values: Memo::default(),
        }
    }

    /// Post-order search from `start`; `combine` gets the options' values.
    /// The memo and the options held on the stack stay within `limit`
    /// positions together, else [`OracleError::TooLarge`].
    fn solve<G: Game<Position = P>>(
        &mut self,
        game: &G,
        start: &P,
        limit: usize,
        combine: impl Fn(&[V]) -> V,
    ) -> Result<V, OracleError> {
        enum Frame<P> {
            Visit(P),
            Finish(P, Vec<P>),
        }
        if let Some(v) = self.values.get(start) {
            return Ok(v.clone());
        }
        // Positions whose `Finish` frame is on the stack. Everything above such
        // a frame was pushed while expanding that position, so meeting one of
        // them again as `Visit` means it is reachable from itself.
        let mut open: HashSet<P, BuildHasherDefault<FxHasher>> = HashSet::default();
        let mut stack = vec![Frame::Visit(start.clone())];
        let mut options = Vec::new();
        // Options held by the `Finish` frames on the stack: with the memo,
        // what the search keeps in memory.
        let mut held = 0usize;
        let too_large = OracleError::TooLarge { limit };
        while let Some(frame) = stack.pop() {
            match frame {
                Frame::Visit(p) => {
                    if self.values.contains_key(&p) {
                        continue;
                    }
                    if !open.insert(p.clone()) {
                        return Err(OracleError::Cycle);
                    }
                    // One more than the room left: enough to know it is too many.
                    let room = limit.saturating_sub(self.values.len().saturating_add(held));
                    let children: Vec<P> = game.moves(&p).take(room.saturating_add(1)).collect();
                    if children.len() > room {
                        return Err(too_large);
                    }
                    held += children.len();
                    let todo: Vec<P> = children
                        .iter()
                        .filter(|c| !self.values.contains_key(*c))
                        .cloned()
                        .collect();
                    stack.push(Frame::Finish(p, children));
                    stack.extend(todo.into_iter().map(Frame::Visit));
                }
                Frame::Finish(p, children) => {
                    held -= children.len();
                    if self.values.len() >= limit {
                        return Err(too_large);
                    }
                    options.clear();
                    for c in &children {
                        // Every child was finished before its parent's frame
                        // came back to the top of the stack.
                        match self.values.get(c) {
                            Some(v) => options.push(v.clone()),
                            None => return Err(OracleError::Cycle),
                        }
                    }
                    open.remove(&p);
                    let v = combine(&options);
                    self.values.insert(p, v);
                }
            }
        }
        self.values.get(start).cloned().ok_or(OracleError::Cycle)
    }
}

#[cfg(feature = "std")]
/// The minimum excluded value of a set of naturals.
fn mex(values: &[u64]) -> u64 {
    // The mex of k values is at most k, so a k + 1 bitmap suffices.
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Ok(i) = usize::try_from(v)
            && i < seen.len()
        {
            seen[i] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u64
}

#[cfg(feature = "std")]
/// Brute-force solver for small positions of any finite [`Game`]:
/// outcome, Grundy value, misère outcome, remoteness, winning moves and a
/// perfect-play line, each memoised across calls.
///
/// See the [module documentation](self) for what is computed and at what cost.
///
/// ```
/// use beatty_games::game::Oracle;
/// use beatty_games::wythoff::Wythoff;
/// use beatty_games::Outcome;
///
/// let mut oracle = Oracle::new(Wythoff);
/// assert_eq!(oracle.outcome(&(3, 5)), Ok(Outcome::P));
/// // Game::moves order: first pile, second pile, both.
/// assert_eq!(oracle.winning_moves(&(4, 5)), Ok(vec![(3, 5), (1, 2)]));
/// ```
pub struct Oracle<G: Game> {
    game: G,
    limit: usize,
    grundy: Table<G::Position, u64>,
    misere: Table<G::Position, Outcome>,
    remoteness: Table<G::Position, u64>,
}

#[cfg(feature = "std")]
/// The game, not the memo: the tables can hold millions of positions.
impl<G: Game + fmt::Debug> fmt::Debug for Oracle<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Oracle")
            .field("game", &self.game)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "std")]
impl<G: Game> Oracle<G> {
    /// The limit of [`Oracle::new`]: 2²² positions per question (each memo
    /// table holds at most this many: for a Wythoff position and its Grundy
    /// value, 24 bytes an entry in at most 2²³ hash buckets, about 200 MiB).
    pub const DEFAULT_LIMIT: usize = 1 << 22;

    /// An oracle for `game` with empty memo tables and the
    /// [`Oracle::DEFAULT_LIMIT`].
    ///
    /// ```
    /// use beatty_games::game::Oracle;
    /// use beatty_games::euclid::Euclid;
    /// let mut oracle = Oracle::new(Euclid);
    /// assert_eq!(oracle.grundy(&(0, 5)), Ok(0)); // a zero: terminal
    /// ```
    pub fn new(game: G) -> Self {
        Self::with_limit(game, Self::DEFAULT_LIMIT)
    }

    /// An oracle that holds at most `limit` positions in each memo table,
    /// counting the options waiting on the search stack: a question that
    /// needs more is answered [`OracleError::TooLarge`], in time and memory
    /// proportional to `limit`, instead of exhausting memory. (A limit larger
    /// than the memory at hand gives that protection up: the allocator
    /// aborts the process when memory runs out.)
    ///
    /// ```
    /// use beatty_games::game::{Oracle, OracleError};
    /// use beatty_games::wythoff::Wythoff;
    /// use beatty_games::Outcome;
    /// let mut oracle = Oracle::with_limit(Wythoff, 1000);
    /// // The 3·2⁴⁰ moves of (2⁴⁰, 2⁴⁰) are never listed.
    /// let huge = (1 << 40, 1 << 40);
    /// assert_eq!(oracle.outcome(&huge), Err(OracleError::TooLarge { limit: 1000 }));
    /// // Small positions still work: the 16 positions of the 4 × 4 board.
    /// assert_eq!(oracle.outcome(&(1, 2)), Ok(Outcome::P));
    /// ```
    pub fn with_limit(game: G, limit: usize) -> Self {
        Oracle {
            game,
            limit,
            grundy: Table::new(),
            misere: Table::new(),
            remoteness: Table::new(),
        }
    }

    /// The game being solved.
    ///
    /// ```
    /// use beatty_games::game::{Game, Oracle};
    /// use beatty_games::wythoff::Wythoff;
    /// let oracle = Oracle::new(Wythoff);
    /// assert!(oracle.game().moves(&(0, 1)).eq([(0, 0)]));
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The Sprague–Grundy value: the mex of the options' values.
    ///
    /// # Errors
    ///
    /// [`OracleError::Cycle`] when the game is not finite from `position`,
    /// [`OracleError::TooLarge`] when the search would exceed the limit.
    ///
    /// ```
    /// use beatty_games::game::Oracle;
    /// use beatty_games::wythoff::Wythoff;
    /// assert_eq!(Oracle::new(Wythoff).grundy(&(1, 1)), Ok(2));
    /// ```
    pub fn grundy(&mut self, position: &G::Position) -> Result<u64, OracleError> {
        self.grundy.solve(&self.game, position, self.limit, mex)
    }

    /// The outcome under normal play ([`Outcome::P`] exactly when the Grundy
    /// value is 0).
    ///
    /// # Errors
    ///
    /// As [`Oracle::grundy`].
    ///
    /// ```
    /// use beatty_games::game::Oracle;
    /// use beatty_games::wythoff::Wythoff;
    /// use beatty_games::Outcome;
    /// assert_eq!(Oracle::new(Wythoff).outcome(&(0, 0)), Ok(Outcome::P));
    /// ```
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, OracleError> {
        Ok(if self.grundy(position)? == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The outcome under the misère convention: the player who cannot move
    /// **wins** (equivalently, whoever makes the last move loses).
    ///
    /// # Errors
    ///
    /// As [`Oracle::grundy`].
    ///
    /// ```
    /// use beatty_games::game::Oracle;
    /// use beatty_games::wythoff::Wythoff;
    /// use beatty_games::Outcome;
    /// let mut oracle = Oracle::new(Wythoff);
    /// assert_eq!(oracle.misere_outcome(&(0, 0)), Ok(Outcome::N));
    /// assert_eq!(oracle.misere_outcome(&(0, 1)), Ok(Outcome::P));
    /// ```
    pub fn misere_outcome(&mut self, position: &G::Position) -> Result<Outcome, OracleError> {
        self.misere
            .solve(&self.game, position, self.limit, |options| {
                if options.is_empty() || options.contains(&Outcome::P) {
                    Outcome::N
                } else {
                    Outcome::P
                }
            })
    }

    /// The remoteness (Smith 1966): 0 at a terminal position; otherwise, if
    /// some option has even remoteness (is a P-position), one more than the
    /// least such; else one more than the largest remoteness of an option.
    /// It is the number of moves left when the winner wins as fast as
    /// possible and the loser loses as slowly as possible.
    ///
    /// # Errors
    ///
    /// As [`Oracle::grundy`].
    ///
    /// ```
    /// use beatty_games::game::Oracle;
    /// use beatty_games::euclid::Euclid;
    /// // 25 7 → 11 7 → 4 7 → 4 3 → 1 3 → 1 0
    /// assert_eq!(Oracle::new(Euclid).remoteness(&(25, 7)), Ok(5));
    /// ```
    pub fn remoteness(&mut self, position: &G::Position) -> Result<u64, OracleError> {
        self.remoteness
            .solve(&self.game, position, self.limit, |options| {
                let fastest_win = options.iter().filter(|&&r| r % 2 == 0).min();
                match fastest_win {
                    Some(&r) => r + 1,
                    None => options.iter().max().map_or(0, |&r| r + 1),
                }
            })
    }

    /// The legal moves into P-positions, in the order of [`Game::moves`],
    /// without duplicates.
    ///
    /// # Errors
    ///
    /// As [`Oracle::grundy`].
    ///
    /// ```
    /// use beatty_games::game::Oracle;
    /// use beatty_games::bash::Bash;
    /// assert_eq!(Oracle::new(Bash::new(3).unwrap()).winning_moves(&6), Ok(vec![4]));
    /// ```
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<G::Position>, OracleError> {
        // Solving the position first bounds its options by the limit.
        self.grundy(position)?;
        let moves: Vec<G::Position> = self.game.moves(position).collect();
        let mut out: Vec<G::Position> = Vec::new();
        for m in moves {
            if self.outcome(&m)? == Outcome::P && !out.contains(&m) {
                out.push(m);
            }
        }
        Ok(out)
    }

    /// A perfect-play line by remoteness: from the start position, each
    /// player moves to the first option (in [`Game::moves`] order) of the
    /// remoteness that [`Oracle::remoteness`] chose, until a terminal
    /// position. The winner thus always makes a winning move (the quickest)
    /// and the loser the move that lasts longest.
    ///
    /// # Errors
    ///
    /// As [`Oracle::grundy`].
    ///
    /// ```
    /// use beatty_games::game::Oracle;
    /// use beatty_games::euclid::Euclid;
    /// assert_eq!(
    ///     Oracle::new(Euclid).perfect_play(&(25, 7)),
    ///     Ok(vec![(25, 7), (11, 7), (4, 7), (4, 3), (1, 3), (1, 0)])
    /// );
    /// ```
    pub fn perfect_play(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<G::Position>, OracleError> {
        let mut line = vec![position.clone()];
        let mut here = position.clone();
        let mut left = self.remoteness(&here)?;
        while left > 0 {
            let mut next = None;
            // `here` was solved: its options are within the limit.
            let moves: Vec<G::Position> = self.game.moves(&here).collect();
            for m in moves {
                if self.remoteness(&m)? + 1 == left {
                    next = Some(m);
                    break;
                }
            }
            // The remoteness was computed from these very options.
            let Some(m) = next else {
                return Err(OracleError::Cycle);
            };
            here = m;
            left -= 1;
            line.push(here.clone());
        }
        Ok(line)
    }
}

#[cfg(feature = "std")]
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oracle_shows_its_game_and_not_its_tables() {
        let mut oracle = Oracle::new(crate::euclid::Euclid);
        assert_eq!(oracle.grundy(&(3, 5)), Ok(crate::euclid::grundy(3, 5)));
        // std's debug_struct with finish_non_exhaustive: `Name { field: .., .. }`.
        assert_eq!(
            format!("{oracle:?}"),
            "Oracle { game: Euclid, limit: 4194304, .. }"
        );
    }

    /// Subtraction game with subtraction set {1, 3, 4}: Grundy values have
    /// period 7, 0 1 0 1 2 3 2 (Berlekamp, Conway & Guy, *Winning Ways*).
    struct Subtract134;

    impl Game for Subtract134 {
        type Position = u32;
        fn moves(&self, &n: &u32) -> impl Iterator<Item = u32> {
            [1, 3, 4].into_iter().filter_map(move |s| n.checked_sub(s))
        }
    }

    #[test]
    fn grundy_matches_published_period() {
        let period = [0, 1, 0, 1, 2, 3, 2];
        let mut o = Oracle::new(Subtract134);
        for n in 0..200u32 {
            assert_eq!(o.grundy(&n), Ok(period[n as usize % 7]), "n = {n}");
        }
    }

    /// The memo hasher is rustc's Fx hash (rustc-hash 1.x, `add_to_hash`): from
    /// h = 0, each word w sets h to (h.rotate_left(5) ^ w) · 0x517cc1b727220a95,
    /// narrower integers and each byte of `write` going in as one word. A hasher
    /// that ignored its input would still give right answers, only slowly (every
    /// position in one bucket), so no other test would see it.
    #[test]
    fn the_memo_hasher_is_the_fx_hash() {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let hash = |f: &dyn Fn(&mut FxHasher)| {
            let mut h = FxHasher::default();
            f(&mut h);
            h.finish()
        };
        assert_eq!(hash(&|_| ()), 0);
        assert_eq!(hash(&|h| h.write_u64(1)), K);
        assert_eq!(hash(&|h| h.write_u64(3)), 3u64.wrapping_mul(K));
        // (K.rotate_left(5) ^ u64::MAX) is its complement.
        let two = (!K.rotate_left(5)).wrapping_mul(K);
        assert_eq!(
            hash(&|h| {
                h.write_u64(1);
                h.write_u64(u64::MAX);
            }),
            two
        );
        assert_eq!(hash(&|h| h.write_u8(3)), 3u64.wrapping_mul(K));
        assert_eq!(hash(&|h| h.write_u32(3)), 3u64.wrapping_mul(K));
        assert_eq!(hash(&|h| h.write_usize(3)), 3u64.wrapping_mul(K));
        let bytes = (K.rotate_left(5) ^ 2).wrapping_mul(K);
        assert_eq!(hash(&|h| h.write(&[1, 2])), bytes);
    }

    /// Position 0 with five terminal options, 1 to 5: six positions.
    struct Star;
    impl Game for Star {
        type Position = u8;
        fn moves(&self, p: &u8) -> impl Iterator<Item = u8> {
            let n = if *p == 0 { 5 } else { 0 };
            1..=n
        }
    }

    /// The limit is on the positions a table holds: the six of `Star` fit in
    /// six and not in five, whichever question is asked.
    #[test]
    fn the_limit_counts_the_positions_held() {
        let too_large = Err(OracleError::TooLarge { limit: 5 });
        assert_eq!(Oracle::with_limit(Star, 6).grundy(&0), Ok(1));
        assert_eq!(Oracle::with_limit(Star, 5).grundy(&0), too_large);
        assert_eq!(Oracle::with_limit(Star, 6).remoteness(&0), Ok(1));
        assert_eq!(Oracle::with_limit(Star, 5).remoteness(&0), too_large);
        assert_eq!(
            Oracle::with_limit(Star, 6).misere_outcome(&0),
            Ok(Outcome::P)
        );
        assert_eq!(
            Oracle::with_limit(Star, 5).misere_outcome(&0),
            too_large.map(|_: u64| Outcome::P)
        );
        assert_eq!(
            Oracle::with_limit(Star, 6).winning_moves(&0),
            Ok(vec![1, 2, 3, 4, 5])
        );
        assert_eq!(Oracle::with_limit(Star, 6).perfect_play(&0), Ok(vec![0, 1]));
        // Five options do not even fit beside the start in four.
        assert_eq!(
            Oracle::with_limit(Star, 4).outcome(&0),
            Err(OracleError::TooLarge { limit: 4 })
        );
        let m = OracleError::TooLarge { limit: 4 }.to_string();
        assert!(m.contains("more than 4 positions"), "{m}");
    }

    #[test]
    fn mex_examples() {
        assert_eq!(mex(&[]), 0);
        assert_eq!(mex(&[1, 2]), 0);
        assert_eq!(mex(&[0, 2, 1, 5]), 3);
        assert_eq!(mex(&[0, 0, 0]), 1);
        assert_eq!(mex(&[u64::MAX, 0]), 1);
    }

    struct TwoCycle;
    impl Game for TwoCycle {
        type Position = u8;
        fn moves(&self, p: &u8) -> impl Iterator<Item = u8> {
            let options: Vec<u8> = {
                match p {
                    0 => vec![1, 2],
                    1 => vec![2, 3],
                    3 => vec![0],
                    _ => vec![],
                }
            };
            options.into_iter()
        }
    }

    #[test]
    fn cycles_are_reported_not_looped() {
        let mut o = Oracle::new(TwoCycle);
        assert_eq!(o.grundy(&0), Err(OracleError::Cycle));
        assert_eq!(o.misere_outcome(&1), Err(OracleError::Cycle));
        // Position 2 is terminal and unaffected.
        assert_eq!(o.grundy(&2), Ok(0));
        // The error says what is wrong with the game.
        let m = OracleError::Cycle.to_string();
        assert!(
            m.contains("cycle") && m.contains("reached from itself"),
            "{m}"
        );
    }

    /// A diamond (shared children) is not a cycle.
    struct Diamond;
    impl Game for Diamond {
        type Position = u8;
        fn moves(&self, p: &u8) -> impl Iterator<Item = u8> {
            let options: Vec<u8> = {
                match p {
                    0 => vec![1, 2],
                    1 | 2 => vec![3],
                    _ => vec![],
                }
            };
            options.into_iter()
        }
    }

    #[test]
    fn shared_children_are_fine() {
        let mut o = Oracle::new(Diamond);
        assert_eq!(o.grundy(&0), Ok(0));
        assert_eq!(o.remoteness(&0), Ok(2));
        assert_eq!(o.misere_outcome(&0), Ok(Outcome::N));
        assert_eq!(o.perfect_play(&0), Ok(vec![0, 1, 3]));
    }

    #[test]
    fn remoteness_prefers_fast_wins_and_slow_losses() {
        // 0 can win at once (to 9) or through 1 → 2 → 3 → 9; from 1 the
        // loser's only line is the long one.
        struct Chain;
        impl Game for Chain {
            type Position = u8;
            fn moves(&self, p: &u8) -> impl Iterator<Item = u8> {
                let options: Vec<u8> = {
                    match p {
                        0 => vec![1, 9],
                        // Both options are N: the loser picks the longer game.
                        20 => vec![0, 1],
                        1 => vec![2],
                        2 => vec![3],
                        3 => vec![9],
                        _ => vec![],
                    }
                };
                options.into_iter()
            }
        }
        let mut o = Oracle::new(Chain);
        assert_eq!(o.remoteness(&0), Ok(1));
        assert_eq!(o.perfect_play(&0), Ok(vec![0, 9]));
        assert_eq!(o.remoteness(&1), Ok(3));
        assert_eq!(o.outcome(&20), Ok(Outcome::P));
        assert_eq!(o.remoteness(&20), Ok(4));
        assert_eq!(o.perfect_play(&20), Ok(vec![20, 1, 2, 3, 9]));
    }
}
