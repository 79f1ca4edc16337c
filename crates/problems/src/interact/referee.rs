//! The referee's state machine: lines in, lines out, one verdict.

use super::game::{Game, MAX_LINE, Side};
use super::games::{HazardInterest, Notation, lost};
use super::starts::{self, Start, StartError};
use crate::Verdict;
use crate::rng::SplitMix64;
use crate::text::{TOKEN_BYTES, excerpt, number};
use beatty_games::opponent::{Interest, Plain};
use beatty_games::play::{Advice, BashRules, EuclidRules, FibonacciNimRules, Rules, WythoffRules};
use core::fmt;

/// The contestant's first mistake, or the judge's failure.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mistake {
    /// The contestant chose the side that loses.
    WrongSide {
        /// The game (1-based).
        game: usize,
        /// The start, as sent.
        start: String,
        /// The side chosen.
        chose: Side,
        /// Why the other side wins.
        why: String,
    },
    /// A legal move after which the judge wins.
    LosingMove {
        /// The game (1-based).
        game: usize,
        /// The ply (1-based, both players' moves counted).
        ply: u64,
        /// The position before, in words.
        before: String,
        /// The position after, in words.
        after: String,
        /// The judge's winning reply, as its line would read.
        reply: String,
        /// The position the reply leads to, in words.
        reply_to: String,
    },
    /// A move the rules do not allow.
    IllegalMove {
        /// The game (1-based).
        game: usize,
        /// The ply (1-based).
        ply: u64,
        /// The position before, in words.
        before: String,
        /// The line, bounded and escaped.
        line: String,
        /// Why the rules refuse it.
        why: String,
    },
    /// A line that is not what the protocol expects there.
    Malformed {
        /// The game (1-based; 0 before the first start).
        game: usize,
        /// The ply (1-based; 0 for the side choice).
        ply: u64,
        /// What the protocol expects.
        expected: &'static str,
        /// The line, bounded and escaped.
        line: String,
        /// What is wrong with it.
        why: String,
    },
    /// A line longer than [`MAX_LINE`] bytes.
    LineTooLong {
        /// The game (1-based).
        game: usize,
        /// The ply (1-based; 0 for the side choice).
        ply: u64,
        /// Its first bytes, bounded and escaped.
        start: String,
    },
    /// The output ended while the judge waited for a line.
    EndOfOutput {
        /// The game (1-based).
        game: usize,
        /// The ply (1-based; 0 for the side choice).
        ply: u64,
        /// What the judge waited for.
        waiting_for: &'static str,
    },
    /// Output after the last game.
    OutputAfterEnd {
        /// The line, bounded and escaped.
        line: String,
    },
    /// A game reached its ply cap before its end (Fibonacci nim: the
    /// contestant's takes are too small).
    TooSlow {
        /// The game (1-based).
        game: usize,
        /// The cap.
        cap: u64,
    },
    /// The judge failed: a proved bound broke (a bug of the judge).
    Judge {
        /// What broke.
        what: String,
    },
}

impl Mistake {
    /// The verdict it gives: [`Verdict::Fail`] for [`Mistake::Judge`], WA otherwise.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        match self {
            Mistake::Judge { .. } => Verdict::Fail,
            _ => Verdict::WrongAnswer,
        }
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mistake::WrongSide {
                game,
                start,
                chose,
                why,
            } => write!(
                f,
                "game {game}: chose {} from `{start}`, but {why}",
                chose.word()
            ),
            Mistake::LosingMove {
                game,
                ply,
                before,
                after,
                reply,
                reply_to,
            } => write!(
                f,
                "game {game}, ply {ply}: the move from {before} to {after} loses: the judge answers `{reply}`, to {reply_to}, a lost position for you"
            ),
            Mistake::IllegalMove {
                game,
                ply,
                before,
                line,
                why,
            } => write!(
                f,
                "game {game}, ply {ply}: `{line}` is not a legal move from {before}: {why}"
            ),
            Mistake::Malformed {
                game,
                ply,
                expected,
                line,
                why,
            } => write!(
                f,
                "game {game}, ply {ply}: expected {expected}, found `{line}`: {why}"
            ),
            Mistake::LineTooLong { game, ply, start } => write!(
                f,
                "game {game}, ply {ply}: a line longer than {MAX_LINE} bytes, starting `{start}`"
            ),
            Mistake::EndOfOutput {
                game,
                ply,
                waiting_for,
            } => write!(
                f,
                "game {game}, ply {ply}: the output ended while the judge waited for {waiting_for}"
            ),
            Mistake::OutputAfterEnd { line } => {
                write!(f, "output after the last game: `{line}`")
            }
            Mistake::TooSlow { game, cap } => write!(
                f,
                "game {game}: not over after {cap} plies, the most a game may last (take more stones at a time)"
            ),
            Mistake::Judge { what } => write!(f, "judge error: {what}"),
        }
    }
}

/// The referee's final word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// The first mistake, for every verdict but AC.
    pub mistake: Option<Mistake>,
    /// The games of the test.
    pub games: usize,
    /// The games the contestant won.
    pub won: usize,
    /// The plies played in all.
    pub plies: u64,
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.mistake {
            None => write!(
                f,
                "{}: won all {} games in {} plies",
                self.verdict, self.games, self.plies
            ),
            Some(m) => write!(
                f,
                "{}: {m} (won {} of {} games)",
                self.verdict, self.won, self.games
            ),
        }
    }
}

/// What the referee waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Status {
    /// The contestant's side, `First` or `Second`, for `game` (1-based).
    Side {
        /// The game.
        game: usize,
    },
    /// The contestant's move at `ply` of `game` (both 1-based).
    Move {
        /// The game.
        game: usize,
        /// The ply.
        ply: u64,
    },
    /// Every game is won: the end of the output (anything else is a mistake).
    End,
    /// The verdict is given ([`Referee::judgement`]); input is ignored.
    Decided,
}

/// The position of the game in play.
#[derive(Clone, Copy, Debug)]
enum Board {
    Wythoff((u64, u64)),
    Euclid((u64, u64)),
    Bash(BashRules, u64),
    FibonacciNim((u64, u64)),
}

/// One move as played: its line and the positions around it, in words.
struct Played {
    line: String,
    before: String,
    after: String,
}

/// What a contestant's move did.
enum Step {
    /// The contestant won the game with this move.
    Won(Played),
    /// The contestant's move, then the judge's answer; the game goes on.
    Answer(Played, Played),
    /// The contestant erred.
    Mistake(Mistake),
}

/// Who wrote a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Party {
    /// The contestant.
    Contestant,
    /// The judge.
    Judge,
}

/// One step of a game as a transcript records it ([`Referee::record`]): the
/// contestant's side choice (ply 0) or a move, by either party. The
/// contestant's line that erred (a wrong side, a losing or illegal move, a
/// malformed line) is the transcript's last ply, with the mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The game (1-based).
    pub game: usize,
    /// The ply (1-based; 0 for the side choice).
    pub ply: u64,
    /// Who wrote it.
    pub by: Party,
    /// The line (the contestant's bounded and escaped, without the newline).
    pub line: String,
    /// The position before, in words.
    pub before: String,
    /// The position after, in words (the start, for the side choice; the
    /// position before, for a line that is no legal move).
    pub after: String,
    /// The mistake, in the words of the [`Judgement`], when this ply is the
    /// line that erred (the last ply of the transcript).
    pub mistake: Option<String>,
}

/// The referee of one test (see the [module documentation](super)).
#[derive(Debug)]
pub struct Referee {
    starts: Vec<Start>,
    rng: SplitMix64,
    out: Vec<u8>,
    line: Vec<u8>,
    /// The game in play (0-based), `starts.len()` after the last.
    game: usize,
    /// `None` while waiting for the side, else the position.
    board: Option<Board>,
    ply: u64,
    plies: u64,
    won: usize,
    judgement: Option<Judgement>,
    /// The transcript, when recorded.
    plies_log: Option<Vec<Ply>>,
}

impl Board {
    fn of(start: &Start) -> Result<(Board, bool), StartError> {
        let board = match *start {
            Start::Wythoff(a, b) => Board::Wythoff((a, b)),
            Start::Euclid(a, b) => Board::Euclid((a, b)),
            Start::Bash { n, m } => Board::Bash(
                BashRules::new(m).map_err(|_| StartError::OutOfLimits {
                    start: *start,
                    why: "the largest take m must be at least 1",
                })?,
                n,
            ),
            Start::FibonacciNim(n) => {
                Board::FibonacciNim(FibonacciNimRules::opening(n).map_err(|_| {
                    StartError::OutOfLimits {
                        start: *start,
                        why: "Fibonacci nim needs at least 2 stones",
                    }
                })?)
            }
        };
        let has_move = match board {
            Board::Wythoff(p) => WythoffRules.has_move(&p),
            Board::Euclid(p) => EuclidRules.has_move(&p),
            Board::Bash(r, n) => r.has_move(&n),
            Board::FibonacciNim(p) => FibonacciNimRules.has_move(&p),
        };
        Ok((board, has_move))
    }

    /// Why the start's winning side wins, by perfect play's advice.
    /// The position, in words.
    fn show(&self) -> String {
        match self {
            Board::Wythoff(p) => WythoffRules.show(p),
            Board::Euclid(p) => EuclidRules.show(p),
            Board::Bash(r, n) => r.show(n),
            Board::FibonacciNim(p) => FibonacciNimRules.show(p),
        }
    }

    fn why_side(&self) -> String {
        match self {
            Board::Wythoff(p) => why_side(&WythoffRules, p),
            Board::Euclid(p) => why_side(&EuclidRules, p),
            Board::Bash(r, n) => why_side(r, n),
            Board::FibonacciNim(p) => why_side(&FibonacciNimRules, p),
        }
    }

    fn fields(&self) -> usize {
        match self {
            Board::Wythoff(_) => WythoffRules::FIELDS,
            Board::Euclid(_) => EuclidRules::FIELDS,
            Board::Bash(..) => BashRules::FIELDS,
            Board::FibonacciNim(_) => FibonacciNimRules::FIELDS,
        }
    }

    fn move_words(&self) -> &'static str {
        match self {
            Board::Wythoff(_) => WythoffRules::MOVE_WORDS,
            Board::Euclid(_) => EuclidRules::MOVE_WORDS,
            Board::Bash(..) => BashRules::MOVE_WORDS,
            Board::FibonacciNim(_) => FibonacciNimRules::MOVE_WORDS,
        }
    }
}

/// Why the side that wins from `p` wins: the first player's winning move, or
/// why every move loses, or that there is no move.
fn why_side<R: Notation>(rules: &R, p: &R::Pos) -> String {
    if !rules.has_move(p) {
        return "there is no move from there: the player to move has lost".to_owned();
    }
    match rules.advise(p) {
        Advice::Win { to, why } => format!(
            "the player to move wins: `{}`, to {}, {why}",
            rules.move_line(rules.move_to(p, &to)),
            rules.show(&to)
        ),
        Advice::Lose { why, .. } => format!("the player to move loses: {why}"),
    }
}

/// The judge's move from `pos` (lost for the judge, by the caller's check);
/// `None` when the judge has no move.
fn judge_move<R: Notation>(
    rules: &R,
    pos: &mut R::Pos,
    random: u64,
    interest: &dyn Interest<R::Pos>,
) -> Option<Played> {
    let to = rules.choose(pos, random, interest)?;
    let played = Played {
        line: rules.move_line(rules.move_to(pos, &to)),
        before: rules.show(pos),
        after: rules.show(&to),
    };
    *pos = to;
    Some(played)
}

/// The contestant's move `numbers` (the line `raw`) from `pos`.
#[allow(clippy::too_many_arguments)]
fn contestant_move<R: Notation>(
    rules: &R,
    pos: &mut R::Pos,
    numbers: &[u64],
    raw: &[u8],
    game: usize,
    ply: u64,
    random: u64,
    interest: &dyn Interest<R::Pos>,
) -> Step {
    let before = *pos;
    let to = match rules.apply(&before, rules.move_of(numbers)) {
        Ok(to) => to,
        Err(e) => {
            return Step::Mistake(Mistake::IllegalMove {
                game,
                ply,
                before: rules.show(&before),
                line: excerpt(raw, TOKEN_BYTES),
                why: e.to_string(),
            });
        }
    };
    let played = Played {
        line: excerpt(raw, TOKEN_BYTES),
        before: rules.show(&before),
        after: rules.show(&to),
    };
    if !rules.has_move(&to) {
        *pos = to;
        return Step::Won(played);
    }
    if !lost(rules, &to) {
        let replies = rules.winning_replies(&to);
        let reply = replies.first().copied().unwrap_or(to);
        return Step::Mistake(Mistake::LosingMove {
            game,
            ply,
            before: played.before,
            after: played.after,
            reply: rules.move_line(rules.move_to(&to, &reply)),
            reply_to: rules.show(&reply),
        });
    }
    *pos = to;
    match judge_move(rules, pos, random, interest) {
        Some(answer) => Step::Answer(played, answer),
        None => Step::Won(played),
    }
}

impl Referee {
    /// A referee for `starts` (checked with [`starts::check`]) whose opponent
    /// draws its choices from `seed`. Its first output is `T` and the first start.
    ///
    /// # Errors
    ///
    /// What [`starts::check`] says of the starts.
    pub fn new(starts: Vec<Start>, seed: u64) -> Result<Referee, StartError> {
        starts::check(&starts)?;
        let mut r = Referee {
            rng: SplitMix64::new(seed),
            out: format!("{}\n", starts.len()).into_bytes(),
            line: Vec::new(),
            game: 0,
            board: None,
            ply: 0,
            plies: 0,
            won: 0,
            judgement: None,
            plies_log: None,
            starts,
        };
        r.send_start();
        Ok(r)
    }

    /// Records the transcript from now on: every side choice and move, for
    /// [`Referee::take_plies`].
    pub fn record(&mut self) {
        self.plies_log.get_or_insert_with(Vec::new);
    }

    /// The plies recorded since the last call (empty unless [`Referee::record`]).
    pub fn take_plies(&mut self) -> Vec<Ply> {
        self.plies_log
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn log(&mut self, ply: u64, by: Party, played: Played) {
        if let Some(log) = &mut self.plies_log {
            log.push(Ply {
                game: self.game + 1,
                ply,
                by,
                line: played.line,
                before: played.before,
                after: played.after,
                mistake: None,
            });
        }
    }

    /// Records the contestant's line that erred (ply `ply` of the game in
    /// play), with the mistake, then decides it.
    fn erred(&mut self, ply: u64, played: Played, mistake: Mistake) {
        if self.judgement.is_none()
            && let Some(log) = &mut self.plies_log
        {
            log.push(Ply {
                game: self.game + 1,
                ply,
                by: Party::Contestant,
                line: played.line,
                before: played.before,
                after: played.after,
                mistake: Some(mistake.to_string()),
            });
        }
        self.decide(mistake);
    }

    /// The game of the test.
    #[must_use]
    pub fn game(&self) -> Game {
        self.starts[0].game()
    }

    /// The bytes to send the contestant now (taken: the next call gives only
    /// what came after).
    pub fn output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// What the referee waits for.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.judgement.is_some() {
            Status::Decided
        } else if self.game >= self.starts.len() {
            Status::End
        } else if self.board.is_none() {
            Status::Side {
                game: self.game + 1,
            }
        } else {
            Status::Move {
                game: self.game + 1,
                ply: self.ply + 1,
            }
        }
    }

    /// The verdict, once given: at the first mistake, or by [`Referee::finish`].
    #[must_use]
    pub fn judgement(&self) -> Option<&Judgement> {
        self.judgement.as_ref()
    }

    /// Bytes the contestant wrote, in any pieces: each complete line is
    /// judged as it arrives, and the judge's answers queue in
    /// [`Referee::output`]. After the verdict, input is ignored.
    pub fn feed(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        while !rest.is_empty() && self.judgement.is_none() {
            match rest.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    // The line's length without the newline and a `\r` before it.
                    let cr = match i {
                        0 => self.line.last() == Some(&b'\r'),
                        _ => rest[i - 1] == b'\r',
                    };
                    if self.line.len() + i - usize::from(cr) > MAX_LINE {
                        self.line.extend_from_slice(&rest[..i.min(TOKEN_BYTES)]);
                        self.too_long();
                        return;
                    }
                    self.line.extend_from_slice(&rest[..i]);
                    rest = &rest[i + 1..];
                    let line = std::mem::take(&mut self.line);
                    self.judge_line(&line);
                }
                None => {
                    // One byte more than a line may hold: it may be a `\r`.
                    if self.line.len() + rest.len() > MAX_LINE + 1 {
                        let keep = TOKEN_BYTES.saturating_sub(self.line.len()).min(rest.len());
                        self.line.extend_from_slice(&rest[..keep]);
                        self.too_long();
                        return;
                    }
                    self.line.extend_from_slice(rest);
                    rest = &[];
                }
            }
        }
    }

    /// The end of the contestant's output: a last line without its newline
    /// is judged, then the verdict is given (AC when every game was won).
    pub fn finish(&mut self) -> &Judgement {
        if self.judgement.is_none() && !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            self.judge_line(&line);
        }
        if self.judgement.is_none() {
            match self.status() {
                Status::End => {
                    self.judgement = Some(Judgement {
                        verdict: Verdict::Accepted,
                        mistake: None,
                        games: self.starts.len(),
                        won: self.won,
                        plies: self.plies,
                    });
                }
                Status::Side { game } => self.decide(Mistake::EndOfOutput {
                    game,
                    ply: 0,
                    waiting_for: "First or Second",
                }),
                Status::Move { game, ply } => {
                    let waiting_for = self.board.map_or("a move", |b| b.move_words());
                    self.decide(Mistake::EndOfOutput {
                        game,
                        ply,
                        waiting_for,
                    });
                }
                Status::Decided => {}
            }
        }
        // Given just above in every branch.
        self.judgement.get_or_insert(Judgement {
            verdict: Verdict::Fail,
            mistake: None,
            games: 0,
            won: 0,
            plies: 0,
        })
    }

    fn too_long(&mut self) {
        let (game, ply) = self.place();
        let start = excerpt(&self.line[..self.line.len().min(TOKEN_BYTES)], TOKEN_BYTES);
        self.decide(Mistake::LineTooLong { game, ply, start });
    }

    /// The game and ply for messages (the ply the contestant is at).
    fn place(&self) -> (usize, u64) {
        match self.status() {
            Status::Move { game, ply } => (game, ply),
            Status::Side { game } => (game, 0),
            _ => (self.game.min(self.starts.len()), self.ply),
        }
    }

    fn decide(&mut self, mistake: Mistake) {
        if self.judgement.is_some() {
            return;
        }
        if !matches!(mistake, Mistake::OutputAfterEnd { .. }) {
            self.out.extend_from_slice(b"-1\n");
        }
        self.judgement = Some(Judgement {
            verdict: mistake.verdict(),
            mistake: Some(mistake),
            games: self.starts.len(),
            won: self.won,
            plies: self.plies,
        });
    }

    fn send(&mut self, line: &str) {
        self.out.extend_from_slice(line.as_bytes());
        self.out.push(b'\n');
    }

    fn send_start(&mut self) {
        let line = self.starts[self.game].line();
        self.send(&line);
        self.board = None;
        self.ply = 0;
    }

    /// The contestant won the game in play: the sentinel, then the next start.
    fn game_won(&mut self) {
        let sentinel = self.game().sentinel();
        self.send(sentinel);
        self.won += 1;
        self.game += 1;
        self.board = None;
        if self.game < self.starts.len() {
            self.send_start();
        }
    }

    fn judge_line(&mut self, raw: &[u8]) {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let tokens: Vec<&[u8]> = raw
            .split(|&b| b == b' ' || b == b'\t')
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.is_empty() {
            return; // a blank line
        }
        match self.status() {
            Status::Decided => {}
            Status::End => self.decide(Mistake::OutputAfterEnd {
                line: excerpt(raw, TOKEN_BYTES),
            }),
            Status::Side { game } => self.side(game, raw, &tokens),
            Status::Move { game, ply } => self.contestant(game, ply, raw, &tokens),
        }
    }

    fn side(&mut self, game: usize, raw: &[u8], tokens: &[&[u8]]) {
        let chose = match tokens {
            [b"First"] => Side::First,
            [b"Second"] => Side::Second,
            _ => {
                let start = self.starts[self.game].line();
                let played = Played {
                    line: excerpt(raw, TOKEN_BYTES),
                    before: start.clone(),
                    after: start,
                };
                return self.erred(
                    0,
                    played,
                    Mistake::Malformed {
                        game,
                        ply: 0,
                        expected: "`First` or `Second`",
                        line: excerpt(raw, TOKEN_BYTES),
                        why: "not one of the two words, spelt exactly so".into(),
                    },
                );
            }
        };
        let start = self.starts[self.game];
        let winning = start.winning_side();
        if chose != winning {
            let why = match Board::of(&start) {
                Ok((board, _)) => board.why_side(),
                Err(e) => e.to_string(),
            };
            let played = Played {
                line: chose.word().to_owned(),
                before: start.line(),
                after: start.line(),
            };
            return self.erred(
                0,
                played,
                Mistake::WrongSide {
                    game,
                    start: start.line(),
                    chose,
                    why,
                },
            );
        }
        let start_line = start.line();
        self.log(
            0,
            Party::Contestant,
            Played {
                line: chose.word().to_owned(),
                before: start_line.clone(),
                after: start_line,
            },
        );
        let (mut board, has_move) = match Board::of(&start) {
            Ok(b) => b,
            Err(e) => {
                return self.decide(Mistake::Judge {
                    what: e.to_string(),
                });
            }
        };
        if chose == Side::First {
            self.board = Some(board);
            return;
        }
        if !has_move {
            // The judge moves first and cannot: the contestant has won.
            return self.game_won();
        }
        let random = self.rng.next_u64();
        let line = match &mut board {
            Board::Wythoff(p) => judge_move(&WythoffRules, p, random, &HazardInterest),
            Board::Euclid(p) => judge_move(&EuclidRules, p, random, &Plain),
            Board::Bash(r, n) => judge_move(&*r, n, random, &Plain),
            Board::FibonacciNim(p) => judge_move(&FibonacciNimRules, p, random, &Plain),
        };
        match line {
            Some(played) => {
                self.board = Some(board);
                self.ply = 1;
                self.plies += 1;
                self.send(&played.line);
                self.log(1, Party::Judge, played);
            }
            None => self.game_won(),
        }
    }

    fn contestant(&mut self, game: usize, ply: u64, raw: &[u8], tokens: &[&[u8]]) {
        let Some(mut board) = self.board else {
            return;
        };
        let fields = board.fields();
        let expected = board.move_words();
        let malformed = |why: String| Mistake::Malformed {
            game,
            ply,
            expected,
            line: excerpt(raw, TOKEN_BYTES),
            why,
        };
        // the line that erred, from the position it was written in
        let unmoved = |board: &Board| Played {
            line: excerpt(raw, TOKEN_BYTES),
            before: board.show(),
            after: board.show(),
        };
        if tokens.len() != fields {
            let why = format!("{} tokens instead of {fields}", tokens.len());
            return self.erred(ply, unmoved(&board), malformed(why));
        }
        let mut numbers = Vec::with_capacity(fields);
        for t in tokens {
            match number(t) {
                Ok(v) => numbers.push(v),
                Err(why) => {
                    let why = format!("`{}` is {why}", excerpt(t, TOKEN_BYTES));
                    return self.erred(ply, unmoved(&board), malformed(why));
                }
            }
        }
        let random = self.rng.next_u64();
        let step = match &mut board {
            Board::Wythoff(p) => contestant_move(
                &WythoffRules,
                p,
                &numbers,
                raw,
                game,
                ply,
                random,
                &HazardInterest,
            ),
            Board::Euclid(p) => {
                contestant_move(&EuclidRules, p, &numbers, raw, game, ply, random, &Plain)
            }
            Board::Bash(r, n) => contestant_move(&*r, n, &numbers, raw, game, ply, random, &Plain),
            Board::FibonacciNim(p) => contestant_move(
                &FibonacciNimRules,
                p,
                &numbers,
                raw,
                game,
                ply,
                random,
                &Plain,
            ),
        };
        match step {
            // the board is as it was: a mistake does not move it
            Step::Mistake(m) => {
                let mut played = unmoved(&board);
                if let Mistake::LosingMove { after, .. } = &m {
                    played.after.clone_from(after);
                }
                self.erred(ply, played, m);
            }
            Step::Won(played) => {
                self.plies += 1;
                self.log(ply, Party::Contestant, played);
                self.game_won();
            }
            Step::Answer(mine, answer) => {
                self.board = Some(board);
                self.ply += 2;
                self.plies += 2;
                self.send(&answer.line);
                self.log(ply, Party::Contestant, mine);
                self.log(ply + 1, Party::Judge, answer);
                let cap = self.starts[self.game].ply_cap();
                if self.ply + 1 > cap {
                    let what = self.starts[self.game].game();
                    let mistake = if what == Game::FibonacciNim {
                        Mistake::TooSlow { game, cap }
                    } else {
                        Mistake::Judge {
                            what: format!(
                                "game {game} passed its proved bound of {cap} plies without a mistake"
                            ),
                        }
                    };
                    self.decide(mistake);
                }
            }
        }
    }
}

/// The verdict of an interactive run, by the first violation: `decided` is
/// [`Referee::judgement`] as it stood when the program ended (before
/// [`Referee::finish`]), `run` how the program ended ([`Verdict::Accepted`]
/// for a clean exit within its limits, else TLE, RE, MLE, OLE, …), and
/// `finished` the judgement [`Referee::finish`] gives after that.
///
/// ```
/// use beatty_problems::interact::{combine, Referee, Start};
/// use beatty_problems::Verdict;
/// let mut r = Referee::new(vec![Start::Bash { n: 3, m: 2 }], 1).unwrap();
/// r.feed(b"First\n"); // 3 = m + 1 is lost for the first player
/// let decided = r.judgement().cloned();
/// let finished = r.finish().clone();
/// // The wrong side came first: WA, even though the program then crashed.
/// assert_eq!(combine(decided.as_ref(), Verdict::RuntimeError, &finished), Verdict::WrongAnswer);
/// ```
#[must_use]
pub fn combine(decided: Option<&Judgement>, run: Verdict, finished: &Judgement) -> Verdict {
    match decided {
        Some(j) => j.verdict,
        None if run != Verdict::Accepted => run,
        None => finished.verdict,
    }
}
