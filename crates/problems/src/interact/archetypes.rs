//! The contestants `judge invoke` plays each interactive problem with: a
//! correct one and the archetypes of wrong play, each a Python program made
//! of a shared prelude (the four games' rules with exact integers, and the
//! protocol's loop; `archetypes/prelude.py`) and a few lines of strategy.
//! Every wrong one must lose at every seed and the correct one win, as the
//! batch problems' package submissions must keep their directories'
//! promises.
//!
//! | file | directory | strategy |
//! |---|---|---|
//! | `exact.py` | `accepted` | the winning side, then winning moves (the largest winning take in Fibonacci nim, which keeps games short) |
//! | `always_first.py` | `wrong_answer` | always `First` |
//! | `random_legal.py` | `wrong_answer` | the right side, then random legal moves |
//! | `greedy.py` | `wrong_answer` | the right side, then the move that takes the most |
//! | `float.py` | `wrong_answer` | the float formulas people write: ⌊kφ⌋ in doubles, φ's ratio for Euclid, float division for Bash, Binet's formula for Fibonacci numbers |
//! | `small_only.py` | `wrong_answer` | exact below 10⁶, a guess beyond |
//! | `exits_after_first_game.py` | `wrong_answer` | exact for one game, then exits |
//! | `illegal_move.py` | `wrong_answer` | the right side, then an illegal move |
//! | `never_flushes.py` | `time_limit_exceeded` | exact, but never flushes its answers |
//! | `reads_past_the_end.py` | `time_limit_exceeded` | exact, then reads on after the last game instead of exiting (its input stays open: it waits) |

use super::Game;

/// The prelude every archetype starts with.
const PRELUDE: &str = include_str!("archetypes/prelude.py");

/// One archetype: its package path (`submissions/<directory>/<file>`) and
/// its strategy (the lines after the prelude).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Archetype {
    /// `submissions/<directory>/<file>`, as a package's submissions are named.
    pub path: &'static str,
    /// The strategy's lines.
    body: &'static str,
}

/// Every archetype, the correct one first.
pub const ALL: [Archetype; 10] = [
    Archetype {
        path: "submissions/accepted/exact.py",
        body: include_str!("archetypes/exact.py"),
    },
    Archetype {
        path: "submissions/wrong_answer/always_first.py",
        body: include_str!("archetypes/always_first.py"),
    },
    Archetype {
        path: "submissions/wrong_answer/random_legal.py",
        body: include_str!("archetypes/random_legal.py"),
    },
    Archetype {
        path: "submissions/wrong_answer/greedy.py",
        body: include_str!("archetypes/greedy.py"),
    },
    Archetype {
        path: "submissions/wrong_answer/float.py",
        body: include_str!("archetypes/float.py"),
    },
    Archetype {
        path: "submissions/wrong_answer/small_only.py",
        body: include_str!("archetypes/small_only.py"),
    },
    Archetype {
        path: "submissions/wrong_answer/exits_after_first_game.py",
        body: include_str!("archetypes/exits_after_first_game.py"),
    },
    Archetype {
        path: "submissions/wrong_answer/illegal_move.py",
        body: include_str!("archetypes/illegal_move.py"),
    },
    Archetype {
        path: "submissions/time_limit_exceeded/never_flushes.py",
        body: include_str!("archetypes/never_flushes.py"),
    },
    Archetype {
        path: "submissions/time_limit_exceeded/reads_past_the_end.py",
        body: include_str!("archetypes/reads_past_the_end.py"),
    },
];

impl Archetype {
    /// The whole program for `game`: which game it plays, the prelude, the
    /// strategy.
    #[must_use]
    pub fn source(&self, game: Game) -> String {
        let name = match game {
            Game::Wythoff => "wythoff",
            Game::Euclid => "euclid",
            Game::Bash => "bash",
            Game::FibonacciNim => "fib",
        };
        format!("GAME = \"{name}\"\n{PRELUDE}\n{}", self.body)
    }

    /// The strategy's first comment line, without `# `: what it does wrong.
    #[must_use]
    pub fn mistake(&self) -> &'static str {
        self.body
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# "))
            .unwrap_or("")
    }
}
