//! `referee`: the interactive problems' [`Referee`] against arbitrary contestants.
//!
//! * **Raw bytes** ([`Input::raw`], fed in pieces of arbitrary sizes): the referee never
//!   panics, its verdict and everything it says are the same whatever the pieces, its
//!   output is bounded by what the protocol lets it say, and its plies stay within the
//!   starts' caps.
//! * **Plays** ([`Input::acts`]): the harness answers the referee as a contestant would,
//!   act by act (the right side or the wrong one, a winning move, some legal move, a
//!   line of bytes), and a small reference referee written from the rules (legal moves
//!   by hand, who wins from the closed forms of `beatty-games`, which are checked
//!   against brute force) follows the same exchange: every move of the judge must be
//!   legal and leave the contestant a won position (the opponent never errs), the
//!   referee must answer `-1` and WA exactly at the contestant's first wrong side,
//!   illegal or losing move, the sentinel exactly when the contestant's move leaves the
//!   judge without one, and AC exactly when every game is won. After a line of bytes
//!   (which may or may not be a move) or past a game's ply cap the reference stops
//!   comparing.

use arbitrary::Arbitrary;
use beatty_games::Outcome;
use beatty_problems::Verdict;
use beatty_problems::interact::starts::{self, Start};
use beatty_problems::interact::{Game, Referee};

/// What the contestant does at its turn.
#[derive(Arbitrary, Debug, Clone)]
pub enum Act {
    /// The side that wins (a side choice), or a winning move.
    Right,
    /// The side that loses (a side choice), or the `k`-th of a few legal moves.
    Other(u16),
    /// A line of arbitrary bytes.
    Line(Vec<u8>),
}

/// A fuzz input: the game, the starts (made valid), the opponent's seed, the
/// contestant's acts, and raw bytes with the sizes of the pieces they are fed in.
#[derive(Arbitrary, Debug)]
pub struct Input {
    pub game: u8,
    pub starts: Vec<(u64, u64)>,
    pub seed: u64,
    pub acts: Vec<Act>,
    pub raw: Vec<u8>,
    pub pieces: Vec<u8>,
}

/// The starts of `input` within their game's limits (at most 8 games).
fn starts_of(game: Game, pairs: &[(u64, u64)]) -> Vec<Start> {
    let max = beatty_problems::interact::MAX_NUMBER;
    let mut v: Vec<Start> = pairs
        .iter()
        .take(8)
        .map(|&(a, b)| match game {
            Game::Wythoff => Start::Wythoff(a % (max + 1), b % (max + 1)),
            Game::Euclid => Start::Euclid(a % (max + 1), b % (max + 1)),
            Game::Bash => {
                let m = 1 + b % max;
                let n = a % (m.saturating_mul(101).min(max) + 1);
                Start::Bash { n, m }
            }
            _ => Start::FibonacciNim(2 + a % (max - 1)),
        })
        .filter(|s| s.check().is_ok())
        .collect();
    while starts::check(&v).is_err() && !v.is_empty() {
        v.pop();
    }
    v
}

/// A position of the reference: the game's own, and for Fibonacci nim the
/// largest take allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pos {
    Pair(u64, u64),
    Bash(u64, u64),
    Fib(u64, u64),
}

impl Pos {
    fn of(s: Start) -> Pos {
        match s {
            Start::Wythoff(a, b) | Start::Euclid(a, b) => Pos::Pair(a, b),
            Start::Bash { n, m } => Pos::Bash(n, m),
            Start::FibonacciNim(n) => Pos::Fib(n, n - 1),
            _ => unreachable!("the four games"),
        }
    }
}

/// The rules, written here: is there a move, is `to` one, who wins.
struct Rules(Game);

impl Rules {
    fn over(&self, p: Pos) -> bool {
        match p {
            Pos::Pair(a, b) if self.0 == Game::Euclid => a == 0 || b == 0,
            Pos::Pair(a, b) => a == 0 && b == 0,
            Pos::Bash(n, _) | Pos::Fib(n, _) => n == 0,
        }
    }

    /// Whether the player to move wins (a position with a move).
    fn mover_wins(&self, p: Pos) -> bool {
        match p {
            Pos::Pair(a, b) if self.0 == Game::Euclid => {
                beatty_games::euclid::outcome(a, b) == Outcome::N
            }
            Pos::Pair(a, b) => beatty_games::wythoff::outcome(a, b) == Outcome::N,
            Pos::Bash(n, m) => beatty_games::bash::outcome(n, m) == Ok(Outcome::N),
            Pos::Fib(n, limit) => {
                beatty_games::fibonacci_nim::outcome_with_limit(n, limit) == Outcome::N
            }
        }
    }

    /// The position after the move written `line`, if it is a legal one.
    fn apply(&self, p: Pos, line: &str) -> Option<Pos> {
        let nums: Vec<u64> = line
            .split(' ')
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?;
        match (p, nums.as_slice()) {
            (Pos::Pair(a, b), &[x, y]) if self.0 == Game::Euclid => {
                let ok = (x == a && y < b && a > 0 && b >= a && (b - y) % a == 0)
                    || (y == b && x < a && b > 0 && a >= b && (a - x) % b == 0);
                ok.then_some(Pos::Pair(x, y))
            }
            (Pos::Pair(a, b), &[x, y]) => {
                let ok = (x < a && y == b)
                    || (x == a && y < b)
                    || (x < a && a - x == b.wrapping_sub(y) && y < b);
                ok.then_some(Pos::Pair(x, y))
            }
            (Pos::Bash(n, m), &[t]) => (1..=m.min(n)).contains(&t).then_some(Pos::Bash(n - t, m)),
            (Pos::Fib(n, limit), &[t]) => (1..=limit.min(n))
                .contains(&t)
                .then_some(Pos::Fib(n - t, t.saturating_mul(2))),
            _ => None,
        }
    }

    /// A winning move's line (from a position the mover wins), else a legal one.
    fn winning(&self, p: Pos) -> Option<String> {
        let line = match p {
            Pos::Pair(a, b) if self.0 == Game::Euclid => beatty_games::euclid::winning_moves(a, b)
                .first()
                .map(|&(x, y)| format!("{x} {y}")),
            Pos::Pair(a, b) => beatty_games::wythoff::winning_moves(a, b)
                .first()
                .map(|m| format!("{} {}", m.to.0, m.to.1)),
            Pos::Bash(n, m) => beatty_games::bash::winning_take(n, m)
                .ok()
                .flatten()
                .map(|t| t.to_string()),
            Pos::Fib(n, limit) => {
                // The largest winning take keeps a game short: try from the top.
                (1..=limit.min(n))
                    .rev()
                    .take(64)
                    .find(|&t| !self.mover_wins(Pos::Fib(n - t, t.saturating_mul(2))) || n == t)
                    .or_else(|| beatty_games::fibonacci_nim::winning_take_with_limit(n, limit))
                    .map(|t| t.to_string())
            }
        };
        line.filter(|l| self.apply(p, l).is_some())
    }

    /// The `k`-th of a few legal moves.
    fn legal(&self, p: Pos, k: u64) -> Option<String> {
        let line = match p {
            Pos::Pair(a, b) if self.0 == Game::Euclid => {
                let (x, y) = (a.min(b), a.max(b));
                if x == 0 {
                    return None;
                }
                let q = 1 + k % (y / x);
                if a <= b {
                    format!("{a} {}", b - q * a)
                } else {
                    format!("{} {b}", a - q * b)
                }
            }
            Pos::Pair(a, b) => match k % 3 {
                0 if a > 0 => format!("{} {b}", a - 1 - k % a),
                1 if b > 0 => format!("{a} {}", b - 1 - k % b),
                _ if a.min(b) > 0 => {
                    let d = 1 + k % a.min(b);
                    format!("{} {}", a - d, b - d)
                }
                _ if a > 0 => format!("0 {b}"),
                _ if b > 0 => format!("{a} 0"),
                _ => return None,
            },
            Pos::Bash(n, m) if n > 0 => (1 + k % m.min(n)).to_string(),
            Pos::Fib(n, limit) if n > 0 => (1 + k % limit.min(n)).to_string(),
            _ => return None,
        };
        self.apply(p, &line).is_some().then_some(line)
    }
}

/// The bytes the referee says, as lines (without their `\n`).
fn lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .split_terminator('\n')
        .map(str::to_owned)
        .collect()
}

/// The next line the referee said, which the protocol wants there.
fn next(heard: &mut Vec<String>, game: usize, what: &str) -> String {
    assert!(
        !heard.is_empty(),
        "game {}: the referee did not say {what}",
        game + 1
    );
    heard.remove(0)
}

/// The property (panics on a violation); whether the play was followed to
/// the end of the last game (else it stopped where the reference cannot
/// follow: acts ran out, a line of bytes, a start without a move, a cap).
pub fn check(input: &Input) -> bool {
    let game = Game::ALL[usize::from(input.game) % Game::ALL.len()];
    let starts = starts_of(game, &input.starts);
    if starts.is_empty() {
        return false;
    }
    raw(&starts, input);
    play(game, &starts, input)
}

/// Raw bytes, whole and in pieces: the same verdict and words, within bounds.
fn raw(starts: &[Start], input: &Input) {
    let cap: u64 = starts.iter().map(Start::ply_cap).sum();
    let run = |pieces: &[u8]| {
        let mut r = Referee::new(starts.to_vec(), input.seed).expect("valid starts");
        let mut said = r.output();
        let mut at = 0;
        let mut sizes = pieces.iter().map(|&p| usize::from(p).max(1)).cycle();
        while at < input.raw.len() {
            let n = if pieces.is_empty() {
                input.raw.len()
            } else {
                sizes.next().unwrap_or(1)
            };
            let end = (at + n).min(input.raw.len());
            r.feed(&input.raw[at..end]);
            said.extend(r.output());
            at = end;
        }
        let j = r.finish().clone();
        said.extend(r.output());
        (j, said)
    };
    let (whole, said_whole) = run(&[]);
    let (pieces, said_pieces) = run(&input.pieces);
    assert_eq!(whole, pieces, "the verdict depends on how the bytes come");
    assert_eq!(
        said_whole, said_pieces,
        "the words depend on how the bytes come"
    );
    assert!(
        whole.plies <= cap,
        "{} plies beyond the caps' {cap}",
        whole.plies
    );
    // The judge says T, each start, a move per ply of its own, a sentinel per game
    // and -1 at most once: lines of at most 41 bytes.
    let bound = 42 * (2 + 2 * starts.len() as u64 + whole.plies);
    assert!(
        (said_whole.len() as u64) <= bound,
        "{} bytes said",
        said_whole.len()
    );
}

/// A play act by act, against the reference; whether it reached the end.
fn play(game: Game, starts: &[Start], input: &Input) -> bool {
    let rules = Rules(game);
    let mut r = Referee::new(starts.to_vec(), input.seed).expect("valid starts");
    let mut heard = lines(&r.output());
    assert_eq!(
        next(&mut heard, 0, "T"),
        starts.len().to_string(),
        "the number of games"
    );
    let mut acts = input.acts.iter();
    let sentinel = game.sentinel();
    for (g, &start) in starts.iter().enumerate() {
        assert_eq!(
            next(&mut heard, g, "the start"),
            start.line(),
            "game {}: the start",
            g + 1
        );
        let mut pos = Pos::of(start);
        if rules.over(pos) {
            // A start without a move: not the reference's to judge.
            return false;
        }
        let mut plies = 0u64;
        let Some(act) = acts.next() else {
            return false;
        };
        let wins = rules.mover_wins(pos);
        let line = match act {
            Act::Right => if wins { "First" } else { "Second" }.to_owned(),
            Act::Other(_) => if wins { "Second" } else { "First" }.to_owned(),
            Act::Line(_) => return false,
        };
        r.feed(format!("{line}\n").as_bytes());
        heard.extend(lines(&r.output()));
        if matches!(act, Act::Other(_)) {
            assert_eq!(heard, ["-1"], "game {}: a wrong side", g + 1);
            assert_eq!(r.judgement().map(|j| j.verdict), Some(Verdict::WrongAnswer));
            return true;
        }
        let mut mine = wins;
        loop {
            if plies >= start.ply_cap() {
                return false;
            }
            if !mine {
                // The judge moves: legal, from a position it loses, leaving one the
                // contestant wins.
                let m = next(&mut heard, g, "the judge's move");
                let to = rules.apply(pos, &m).unwrap_or_else(|| {
                    panic!(
                        "game {}: the judge's move `{m}` is illegal from {pos:?}",
                        g + 1
                    )
                });
                assert!(
                    !rules.over(to) && rules.mover_wins(to),
                    "game {}: the judge's move `{m}` from {pos:?} loses",
                    g + 1
                );
                pos = to;
                plies += 1;
            }
            let Some(act) = acts.next() else {
                return false;
            };
            let line = match act {
                Act::Right => rules.winning(pos),
                Act::Other(k) => rules.legal(pos, u64::from(*k)),
                Act::Line(_) => return false,
            };
            let Some(line) = line else {
                return false;
            };
            let to = rules
                .apply(pos, &line)
                .expect("the harness writes legal moves");
            r.feed(format!("{line}\n").as_bytes());
            heard.extend(lines(&r.output()));
            plies += 1;
            if rules.over(to) {
                assert_eq!(
                    heard.first().map(String::as_str),
                    Some(sentinel),
                    "game {}: the sentinel",
                    g + 1
                );
                heard.remove(0);
                break;
            }
            if rules.mover_wins(to) {
                assert_eq!(heard, ["-1"], "game {}: `{line}` from {pos:?} loses", g + 1);
                assert_eq!(r.judgement().map(|j| j.verdict), Some(Verdict::WrongAnswer));
                return true;
            }
            pos = to;
            mine = false;
        }
    }
    assert!(heard.is_empty(), "said after the last game: {heard:?}");
    assert_eq!(r.finish().verdict, Verdict::Accepted, "every game won");
    true
}
