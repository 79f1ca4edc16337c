//! The referee of the interactive game problems: the contestant plays
//! Wythoff's, Euclid's or Bash's game or Fibonacci nim against the opponent
//! of [`beatty_games::opponent`], which never errs.
//!
//! # The idea
//!
//! A batch problem asks who wins; an interactive one makes the contestant
//! *win*. The contestant chooses a side and plays move by move against perfect
//! play, and the judge can name its first mistake: the wrong side, or the
//! move that handed the opponent a won position (with the opponent's winning
//! reply as the proof). The [`Referee`] is that judge as a pure state machine,
//! without any transport: the runner hands it the bytes the contestant
//! writes ([`Referee::feed`], [`Referee::finish`] at the end of them) and
//! sends the contestant what [`Referee::output`] gives. It never blocks,
//! never reads a clock and never panics on any input, so one runner (pipes,
//! a sandbox, time limits) serves the four games, and the tests play scripted
//! contestants against it in memory.
//!
//! # The protocol
//!
//! Lines end with `\n` (a `\r` before it is ignored); numbers are decimal
//! `u64`s without sign or leading zero; tokens are separated by spaces or
//! tabs; blank lines from the contestant are skipped. After Codeforces and
//! AtCoder:
//!
//! 1. The judge sends `T`, the number of games (1 ≤ T ≤ [`MAX_GAMES`]).
//! 2. For each game the judge sends its start: `a b` (Wythoff: two piles;
//!    Euclid: two numbers), `n m` (Bash: n stones, take 1 to m), or `n`
//!    (Fibonacci nim: n stones; the first move takes 1 to n − 1, every
//!    later one 1 to twice the previous take).
//! 3. The contestant answers `First` (it moves first) or `Second`.
//! 4. Moves alternate, the first player first, one line each. Wythoff and
//!    Euclid: the position the move leads to, `a b`, the piles in the order
//!    of the start. Bash and Fibonacci nim: the number of stones taken.
//! 5. When the contestant's move leaves the judge without a move, the
//!    contestant has won the game: the judge sends the sentinel `0 0`
//!    (Wythoff, Euclid) or `0` (Bash, Fibonacci nim), then the next game's
//!    start, or nothing after the last game. (The judge's own moves never
//!    look like the sentinel: from the positions it moves from, it never
//!    takes the last stone or makes a zero, and it takes at least one.)
//! 6. At the contestant's first mistake — a malformed line, an illegal
//!    move, the losing side, a move into a position the judge wins from, a
//!    game longer than its cap — the judge sends `-1` and stops reading:
//!    the contestant should exit. The judge does not play on after a
//!    mistake: against perfect play a mistake is a lost game, and playing it
//!    out could last 2k plies from the k-th Wythoff pair.
//! 7. After the last game the contestant exits; anything but blank lines
//!    written after it is a mistake (output after the end).
//!
//! **Bounds.** A game from a start the contestant plays without a mistake
//! ends within [`Start::ply_cap`] plies: Wythoff 2·bits(max pile) + 1
//! (at most 121 below 2⁶⁰), Euclid 2 per step of Euclid's algorithm (at most
//! 182), Bash 2·⌊n/(m + 1)⌋ + 1 (starts keep ⌊n/(m + 1)⌋ ≤
//! [`BASH_MAX_ROUNDS`]), all proved in `beatty_games::opponent`; Fibonacci
//! nim caps a game at [`FIBONACCI_NIM_PLY_CAP`] plies, which a contestant
//! taking the largest winning take stays far below (it needs at most 65) and
//! one taking single stones may exceed: it then loses the game, "too slow".
//! A test's starts keep the sum of their caps within [`MAX_PLIES_PER_TEST`];
//! numbers are at most [`MAX_NUMBER`] = 10¹⁸.
//!
//! **Verdicts.** AC only when the contestant wins every game: it chose the
//! winning side of every start (every start has one) and never handed the
//! opponent a won position. Every other ending is a [`Mistake`] with
//! [`Verdict::WrongAnswer`](crate::Verdict::WrongAnswer) that names the game, the ply, the position
//! before and after, and why — the opponent's winning reply, or the side
//! that wins. Offending bytes are quoted bounded and escaped
//! ([`crate::text::excerpt`]). The judge's own failures (a start it cannot
//! play, a proved bound broken) are [`Verdict::Fail`](crate::Verdict::Fail).
//!
//! **Order of verdicts** (the first protocol violation wins): the referee's
//! verdict freezes at the contestant's first mistake, and nothing after it
//! (more output, a crash, a time-out) changes it. A runner combines it with
//! how the program ended by [`combine`]: a mistake the referee saw before
//! the program ended wins over the program's own end (WA, then a crash, is
//! WA); otherwise a program that failed (TLE, RE, MLE, OLE) gets that
//! verdict, even if its output then also ends mid-game; otherwise the
//! referee's final word after [`Referee::finish`].
//!
//! ```
//! use beatty_problems::interact::{Referee, Start};
//! use beatty_problems::Verdict;
//!
//! // One game of Bash's game: 5 stones, take 1 or 2; the first player wins
//! // by taking 2 (3 is a multiple of m + 1).
//! let mut referee = Referee::new(vec![Start::Bash { n: 5, m: 2 }], 1).unwrap();
//! assert_eq!(referee.output(), b"1\n5 2\n");
//! referee.feed(b"First\n2\n");
//! let reply = String::from_utf8(referee.output()).unwrap();
//! let take: u64 = reply.trim().parse().unwrap(); // 1 or 2 of the 3 stones
//! referee.feed(format!("{}\n", 3 - take).as_bytes());
//! assert_eq!(referee.output(), b"0\n"); // you won
//! referee.finish();
//! assert_eq!(referee.judgement().unwrap().verdict, Verdict::Accepted);
//! ```

pub mod archetypes;
mod game;
mod games;
mod referee;
pub mod solution;
pub mod starts;
#[cfg(test)]
mod tests;

pub use game::{BASH_MAX_ROUNDS, Game, MAX_GAMES, MAX_LINE, MAX_NUMBER, MAX_PLIES_PER_TEST, Side};
pub use games::HazardInterest;
pub use referee::{Judgement, Mistake, Party, Ply, Referee, Status, combine};
pub use starts::{Start, StartError};

pub use beatty_games::opponent::FIBONACCI_NIM_PLY_CAP;
