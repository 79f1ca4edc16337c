//! The judge's own contestant: a correct solution of the four interactive
//! problems, in process, and the sample interactions it plays.
//!
//! [`Solution`] hears the judge's lines one at a time and answers as the
//! protocol wants: the winning side by the exact outcome, then winning moves
//! (in Fibonacci nim the largest winning take, which keeps games short; see
//! [`crate::interact`]'s bounds). [`interaction`] plays it against a
//! [`Referee`] and writes the exchange in the `.interaction` form of Kattis
//! packages: `<` before a line the judge sends, `>` before a line the
//! contestant writes.

use super::{Game, Referee, Side, Start, StartError};
use beatty_games::opponent::Opponent;
use beatty_games::play::{BashRules, EuclidRules, FibonacciNimRules, Rules, WythoffRules};

/// A position as the solution tracks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pos {
    Wythoff((u64, u64)),
    Euclid((u64, u64)),
    Bash(BashRules, u64),
    Fib((u64, u64)),
}

/// A correct contestant (see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct Solution {
    game: Game,
    games_left: Option<u64>,
    pos: Option<Pos>,
}

/// The numbers of a judge's line.
fn numbers(line: &[u8]) -> Result<Vec<u64>, String> {
    line.split(|&b| b == b' ')
        .map(|t| crate::text::number(t).map_err(|e| format!("judge line: {e}")))
        .collect()
}

/// The move the solution makes from `p`, as the position it leads to and its line.
fn play<R: Opponent>(rules: &R, p: &R::Pos, largest: bool) -> Option<(R::Pos, R::Move)> {
    let replies = rules.winning_replies(p);
    // winning_replies lists Fibonacci nim's takes smallest first.
    let to = if largest {
        replies.last()
    } else {
        replies.first()
    }
    .copied()?;
    Some((to, rules.move_to(p, &to)))
}

impl Solution {
    /// A solution of `game`.
    #[must_use]
    pub fn new(game: Game) -> Solution {
        Solution {
            game,
            games_left: None,
            pos: None,
        }
    }

    /// Every game is over (the last game's sentinel heard): the protocol
    /// wants the contestant to exit now, without reading on (a judging
    /// system may keep its input open until the end of the run).
    #[must_use]
    pub fn done(&self) -> bool {
        self.games_left == Some(0)
    }

    /// Its move from the position in play, as a line; `None` when it has no
    /// winning move (it never should: it only plays won positions).
    fn my_move(&mut self) -> Option<String> {
        let (pos, line) = match self.pos? {
            Pos::Wythoff(p) => {
                let (to, (x, y)) = play(&WythoffRules, &p, false)?;
                (Pos::Wythoff(to), format!("{x} {y}"))
            }
            Pos::Euclid(p) => {
                let (to, (x, y)) = play(&EuclidRules, &p, false)?;
                (Pos::Euclid(to), format!("{x} {y}"))
            }
            Pos::Bash(r, n) => {
                let (to, t) = play(&r, &n, false)?;
                (Pos::Bash(r, to), t.to_string())
            }
            Pos::Fib(p) => {
                let (to, t) = play(&FibonacciNimRules, &p, true)?;
                (Pos::Fib(to), t.to_string())
            }
        };
        self.pos = Some(pos);
        Some(line)
    }

    /// The position after the judge's move `v`.
    fn judge_moved(&mut self, v: &[u64]) -> Result<(), String> {
        let bad = || "a judge move that breaks the rules".to_owned();
        let pos = match (self.pos, v) {
            (Some(Pos::Wythoff(p)), &[x, y]) => {
                Pos::Wythoff(WythoffRules.apply(&p, (x, y)).map_err(|_| bad())?)
            }
            (Some(Pos::Euclid(p)), &[x, y]) => {
                Pos::Euclid(EuclidRules.apply(&p, (x, y)).map_err(|_| bad())?)
            }
            (Some(Pos::Bash(r, n)), &[t]) => Pos::Bash(r, r.apply(&n, t).map_err(|_| bad())?),
            (Some(Pos::Fib(p)), &[t]) => {
                Pos::Fib(FibonacciNimRules.apply(&p, t).map_err(|_| bad())?)
            }
            _ => return Err(bad()),
        };
        self.pos = Some(pos);
        Ok(())
    }

    /// The bytes to write after hearing the judge's `line` (without its
    /// newline): possibly none.
    ///
    /// # Errors
    ///
    /// A judge line the protocol does not allow there (the judge's `-1`
    /// included): the solution stops.
    pub fn hear(&mut self, line: &[u8]) -> Result<Vec<u8>, String> {
        if line == b"-1" {
            return Err("the judge says -1".into());
        }
        let v = numbers(line)?;
        let Some(left) = self.games_left else {
            self.games_left = Some(*v.first().ok_or("no game count")?);
            return Ok(Vec::new());
        };
        let Some(pos) = self.pos else {
            if left == 0 {
                return Err("a start after the last game".into());
            }
            let start = match (self.game, v.as_slice()) {
                (Game::Wythoff, &[a, b]) => Start::Wythoff(a, b),
                (Game::Euclid, &[a, b]) => Start::Euclid(a, b),
                (Game::Bash, &[n, m]) => Start::Bash { n, m },
                (Game::FibonacciNim, &[n]) => Start::FibonacciNim(n),
                _ => return Err("a malformed start".into()),
            };
            let pos = match start {
                Start::Wythoff(a, b) => Pos::Wythoff((a, b)),
                Start::Euclid(a, b) => Pos::Euclid((a, b)),
                Start::Bash { n, m } => Pos::Bash(BashRules::new(m).map_err(|e| e.to_string())?, n),
                Start::FibonacciNim(n) => {
                    Pos::Fib(FibonacciNimRules::opening(n).map_err(|e| e.to_string())?)
                }
            };
            self.pos = Some(pos);
            let side = start.winning_side();
            let mut out = format!("{}\n", side.word());
            if side == Side::First {
                let line = self.my_move().ok_or("no winning move")?;
                out.push_str(&line);
                out.push('\n');
            }
            return Ok(out.into_bytes());
        };
        if line == self.game.sentinel().as_bytes() && !has_move(pos) {
            // The game is won (the sentinel comes only when the judge has no move).
            self.pos = None;
            self.games_left = Some(left - 1);
            return Ok(Vec::new());
        }
        self.judge_moved(&v)?;
        let line = self.my_move().ok_or("no winning move")?;
        Ok(format!("{line}\n").into_bytes())
    }
}

fn has_move(p: Pos) -> bool {
    match p {
        Pos::Wythoff(p) => WythoffRules.has_move(&p),
        Pos::Euclid(p) => EuclidRules.has_move(&p),
        Pos::Bash(r, n) => r.has_move(&n),
        Pos::Fib(p) => FibonacciNimRules.has_move(&p),
    }
}

/// The interaction of [`Solution`] with a referee of `starts` and `seed`, in
/// the `.interaction` form (`<` judge, `>` contestant, one line each), and the
/// referee's verdict line. A start the solution cannot win (none) would end
/// the interaction at the judge's `-1`.
///
/// # Errors
///
/// What [`Referee::new`] says of the starts.
///
/// ```
/// use beatty_problems::interact::{solution::interaction, Start};
/// let (text, verdict) = interaction(&[Start::Bash { n: 3, m: 2 }], 1).unwrap();
/// assert!(text.starts_with("<1\n<3 2\n>Second\n"));
/// assert!(verdict.starts_with("AC"));
/// ```
pub fn interaction(starts: &[Start], seed: u64) -> Result<(String, String), StartError> {
    let game = starts.first().map_or(Game::Wythoff, Start::game);
    let mut referee = Referee::new(starts.to_vec(), seed)?;
    let mut solution = Solution::new(game);
    let mut text = String::new();
    loop {
        let out = referee.output();
        let mut wrote = Vec::new();
        for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            text.push('<');
            text.push_str(&String::from_utf8_lossy(line));
            text.push('\n');
            match solution.hear(line) {
                Ok(bytes) => wrote.extend(bytes),
                Err(_) => break,
            }
        }
        if wrote.is_empty() || referee.judgement().is_some() {
            break;
        }
        for line in wrote.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            text.push('>');
            text.push_str(&String::from_utf8_lossy(line));
            text.push('\n');
        }
        referee.feed(&wrote);
    }
    let verdict = referee.finish().to_string();
    Ok((text, verdict))
}

#[cfg(test)]
mod tests {
    use super::super::starts::{Profile, generate, samples};
    use super::*;

    #[test]
    fn the_solution_wins_every_generated_start_set() {
        for game in Game::ALL {
            for profile in Profile::ALL {
                let starts = generate(game, profile, 3);
                let (_, verdict) = interaction(&starts, 3).unwrap();
                assert!(verdict.starts_with("AC"), "{game:?} {profile:?}: {verdict}");
            }
        }
    }

    /// `done` once the last game's sentinel is heard, and not before:
    /// counted against the referee's own end (its status `End`).
    #[test]
    fn the_solution_is_done_exactly_after_the_last_game() {
        for game in Game::ALL {
            let starts = samples(game);
            let mut referee = Referee::new(starts.clone(), 1).unwrap();
            let mut solution = Solution::new(game);
            assert!(!solution.done());
            let mut heard = 0;
            while referee.status() != super::super::Status::End {
                let out = referee.output();
                let mut wrote = Vec::new();
                for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                    assert!(!solution.done(), "{game:?}: done before the end");
                    wrote.extend(solution.hear(line).unwrap());
                    heard += 1;
                }
                referee.feed(&wrote);
            }
            for line in referee
                .output()
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
            {
                solution.hear(line).unwrap();
            }
            assert!(solution.done(), "{game:?}: not done after {heard} lines");
        }
    }

    /// docs/interactive.md shows each problem's sample as this module plays
    /// it (written there with a space after `<` and `>`).
    #[test]
    fn the_documented_transcripts_are_the_sample_interactions() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/interactive.md");
        let Ok(doc) = std::fs::read_to_string(&path) else {
            return; // a packaged crate has no docs/ beside it
        };
        for game in Game::ALL {
            let (text, verdict) = interaction(&samples(game), 1).unwrap();
            assert!(verdict.starts_with("AC"), "{verdict}");
            let shown: String = text
                .lines()
                .map(|l| format!("{} {}\n", &l[..1], &l[1..]))
                .collect();
            assert!(
                doc.contains(&format!("```text\n{shown}```")),
                "{} in docs/interactive.md should read:\n{shown}",
                game.name()
            );
        }
    }
}
