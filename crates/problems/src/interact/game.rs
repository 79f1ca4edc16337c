//! The interactive problems ([`Game`]), who moves first ([`Side`]) and the
//! limits of a test: below the referee (`referee.rs`) and the starts
//! (`starts.rs`), which import from here; it imports neither. Re-exported by
//! `interact/mod.rs`: the public paths are `beatty_problems::interact::X`.

/// The most games in one test.
pub const MAX_GAMES: usize = 1000;

/// The most plies of one test: the sum of its starts' [`Start::ply_cap`](super::Start::ply_cap).
pub const MAX_PLIES_PER_TEST: u64 = 250_000;

/// The largest number in a start.
pub const MAX_NUMBER: u64 = 1_000_000_000_000_000_000;

/// Bash starts keep ⌊n/(m + 1)⌋ (the rounds of a game) at most this.
pub const BASH_MAX_ROUNDS: u64 = 100;

/// The longest line the contestant may write, in bytes (without the newline).
pub const MAX_LINE: usize = 128;

/// The four interactive problems.
///
/// ```
/// use beatty_problems::interact::Game;
/// assert_eq!(Game::from_name("bash-play"), Some(Game::Bash));
/// assert_eq!(Game::Wythoff.name(), "wythoff-play");
/// ```
// Exhaustive on purpose: beatty-judge matches on it (the package of each
// game), so a new game does not build until it has its package.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// `wythoff-play`: Wythoff's game on two piles.
    Wythoff,
    /// `euclid-play`: Euclid's game on two numbers.
    Euclid,
    /// `bash-play`: one pile, take 1 to m, whoever takes the last stone wins.
    Bash,
    /// `fibonacci-nim-play`: one pile; first take 1 to n − 1, then at most twice the previous take.
    FibonacciNim,
}

impl Game {
    /// Every interactive problem, in this order.
    pub const ALL: [Game; 4] = [Game::Wythoff, Game::Euclid, Game::Bash, Game::FibonacciNim];

    /// The problem's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Game::Wythoff => "wythoff-play",
            Game::Euclid => "euclid-play",
            Game::Bash => "bash-play",
            Game::FibonacciNim => "fibonacci-nim-play",
        }
    }

    /// The problem of a name (exactly as [`Game::name`] spells it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The sentinel line "you won, next game" (without the newline).
    #[must_use]
    pub fn sentinel(self) -> &'static str {
        match self {
            Game::Wythoff | Game::Euclid => "0 0",
            Game::Bash | Game::FibonacciNim => "0",
        }
    }
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The contestant moves first.
    First,
    /// The judge moves first.
    Second,
}

impl Side {
    /// `First` or `Second`, as the contestant writes it.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Side::First => "First",
            Side::Second => "Second",
        }
    }
}
