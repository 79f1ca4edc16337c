//! `judge play`: play a game in the terminal against perfect play.
//!
//! The engine ([`play`]) knows nothing about any game: it reads commands from a
//! `BufRead`, writes the board and the replies to a `Write`, and asks a [`Board`]
//! implementation how the position looks and how a move is typed. The rules
//! themselves — whether a move is legal (and where it leads), and what perfect play
//! does from a position (the winning move and why, or, from a lost position, a legal
//! move that plays on) — are `beatty_games::play::Rules`, the one place the
//! interactive opponent shares; this module only draws and parses. Adding a game
//! is its `Rules` in `beatty_games::play`, a [`GameName`] variant, its `impl Board`,
//! its problems in [`GameName::of`] and one arm in [`run`] (a game whose moves depend
//! on the previous move, like Fibonacci nim, keeps that in its `Pos`).
//!
//! Nothing read is trusted: a line is at most [`MAX_LINE`] bytes (the rest of a longer
//! line is skipped and reported), must be UTF-8, and every number is parsed and checked
//! against the rules before it touches the position. End of input ends the game
//! cleanly.

use beatty_games::play::{Advice, BashRules, EuclidRules, FibonacciNimRules, Rules, WythoffRules};
use beatty_problems::Problem;
use clap::{Args, ValueEnum};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// The longest input line read, in bytes.
pub const MAX_LINE: usize = 200;

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    You,
    /// The computer moves first.
    Computer,
}

/// The games `judge play` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Wythoff's game: piles A and B.
    Wythoff,
    /// Euclid's game: numbers A and B.
    Euclid,
    /// Bash's game: a pile of N, take 1 to M.
    Bash,
    /// Fibonacci nim (HDU 2516): a pile of N; first take 1 to N − 1, then at most twice the previous take.
    FibonacciNim,
}

impl GameName {
    /// The game a problem is about (every problem has one): the three Wythoff
    /// problems play Wythoff's game, the two Bash problems Bash's game (the
    /// auction's price M is the pile, its largest raise N the largest take).
    #[must_use]
    pub fn of(problem: Problem) -> Option<GameName> {
        match problem {
            Problem::Wythoff | Problem::WythoffMoves | Problem::WythoffBig => {
                Some(GameName::Wythoff)
            }
            Problem::Bash | Problem::BashAuction => Some(GameName::Bash),
            Problem::Euclid => Some(GameName::Euclid),
            Problem::FibonacciNim => Some(GameName::FibonacciNim),
            _ => None,
        }
    }
}

/// Options of `judge play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The problem (name or alias) whose game to play, e.g. `wythoff` or `poj1067`.
    #[arg(required_unless_present = "replay")]
    pub problem: Option<Problem>,
    /// The starting position, the numbers of one case line: `A B` for
    /// wythoff and euclid, `N M` for bash, `N` for fibonacci-nim.
    #[arg(required_unless_present = "replay", num_args = 1..=2, value_parser = crate::number::count)]
    pub position: Vec<u64>,
    /// Instead of playing, show a transcript of `judge run --transcript`
    ///
    /// An interactive problem's plies, JSON Lines, game by game, e.g.
    /// `--replay plies.jsonl`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["problem", "position", "first"])]
    pub replay: Option<std::path::PathBuf>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::You)]
    pub first: First,
}

/// How one game looks and is typed in the terminal; the rules themselves (legal
/// moves, perfect play) are `beatty_games::play::Rules`.
pub trait Board: Rules {
    /// The game's name, e.g. "Wythoff's game".
    fn title(&self) -> &'static str;
    /// The rules in one sentence.
    fn rules(&self) -> String;
    /// How to type a move, with an example for `p`.
    fn move_syntax(&self, p: &Self::Pos) -> String;
    /// The position in a few words, e.g. "(3, 5)".
    fn show(&self, p: &Self::Pos) -> String;
    /// The board, one or more lines (each ending in a newline).
    fn board(&self, p: &Self::Pos) -> String;
    /// The position after the move typed as `text` (already trimmed, non-empty), or why
    /// it is not a legal move.
    fn parse_move(&self, p: &Self::Pos, text: &str) -> Result<Self::Pos, String>;
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// You made the last move.
    YouWon,
    /// The computer made the last move.
    ComputerWon,
    /// You typed `quit`.
    Quit,
    /// The input ended.
    InputEnded,
}

/// One line of input: its text, or why it was refused.
enum Line {
    Text(String),
    TooLong,
    NotUtf8,
}

/// Reads one line of at most `max` bytes (without the newline); a longer line is read to
/// its end and refused. `None` at end of input.
fn read_line(input: &mut dyn BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take + usize::from(done));
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(s) => Line::Text(s),
        Err(_) => Line::NotUtf8,
    }))
}

/// Why a game stopped before its end: reading the commands or writing failed.
#[derive(Debug)]
pub enum PlayError {
    /// Reading `input` failed.
    Read(io::Error),
    /// Writing `out` failed.
    Write(io::Error),
}

impl From<io::Error> for PlayError {
    /// Every `?` on a write in [`play`]; reads are mapped to [`PlayError::Read`] by hand.
    fn from(e: io::Error) -> Self {
        PlayError::Write(e)
    }
}

/// Plays one game of `rules` from `start`, reading your commands from `input` and
/// writing everything to `out`. Returns how it ended; only I/O errors are errors.
pub fn play<R: Board>(
    rules: &R,
    start: R::Pos,
    first: First,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<End, PlayError> {
    writeln!(out, "{}: {}", rules.title(), rules.rules())?;
    if !rules.has_move(&start) {
        // Nobody has moved: the game is over before it starts, and whoever is to move
        // (and cannot) has lost.
        write!(out, "\n{}", rules.board(&start))?;
        let (who, end) = match first {
            First::You => ("you are to move, so you have lost", End::ComputerWon),
            First::Computer => ("the computer is to move, so it has lost", End::YouWon),
        };
        writeln!(
            out,
            "The game is already over: there is no move from {}; {who}.",
            rules.show(&start)
        )?;
        out.flush()?;
        return Ok(end);
    }
    writeln!(
        out,
        "Your move: {}. Commands: hint, undo, help, quit.",
        rules.move_syntax(&start)
    )?;
    let mut pos = start;
    let mut your_turn = first == First::You;
    // The positions at your earlier turns, for `undo`.
    let mut undo: Vec<R::Pos> = Vec::new();
    let mut show_board = true;
    loop {
        if show_board {
            write!(out, "\n{}", rules.board(&pos))?;
            show_board = false;
        }
        if !rules.has_move(&pos) {
            let end = if your_turn {
                writeln!(
                    out,
                    "No move is left: the computer made the last move and wins."
                )?;
                End::ComputerWon
            } else {
                writeln!(out, "No move is left: you made the last move and win!")?;
                End::YouWon
            };
            out.flush()?;
            return Ok(end);
        }
        if !your_turn {
            let to = match rules.advise(&pos) {
                Advice::Win { to, why } => {
                    writeln!(out, "computer: → {}, {why}", rules.show(&to))?;
                    to
                }
                Advice::Lose { to, which, why } => {
                    writeln!(
                        out,
                        "computer: → {}, {which} (no winning move: {why})",
                        rules.show(&to)
                    )?;
                    to
                }
            };
            pos = to;
            your_turn = true;
            show_board = true;
            continue;
        }
        write!(out, "your move> ")?;
        out.flush()?;
        let line = match read_line(input, MAX_LINE).map_err(PlayError::Read)? {
            None => {
                writeln!(
                    out,
                    "\nEnd of input: game left at {}. Bye.",
                    rules.show(&pos)
                )?;
                out.flush()?;
                return Ok(End::InputEnded);
            }
            Some(Line::TooLong) => {
                writeln!(out, "That line is longer than {MAX_LINE} bytes; ignored.")?;
                continue;
            }
            Some(Line::NotUtf8) => {
                writeln!(out, "That line is not UTF-8 text; ignored.")?;
                continue;
            }
            Some(Line::Text(t)) => t,
        };
        let cmd = line.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "q" | "exit" => {
                writeln!(out, "Bye.")?;
                out.flush()?;
                return Ok(End::Quit);
            }
            "help" | "?" => {
                writeln!(out, "{}", rules.rules())?;
                writeln!(
                    out,
                    "Your move: {}. Commands: hint, undo, help, quit.",
                    rules.move_syntax(&pos)
                )?;
                continue;
            }
            "hint" => {
                match rules.advise(&pos) {
                    Advice::Win { to, why } => {
                        writeln!(out, "hint: move to {}, {why}", rules.show(&to))?;
                    }
                    Advice::Lose { to, which, why } => writeln!(
                        out,
                        "hint: no winning move: {why}, every move loses against perfect play; to play on: {}, {which}",
                        rules.show(&to)
                    )?,
                }
                continue;
            }
            "undo" => {
                match undo.pop() {
                    Some(p) => {
                        pos = p;
                        writeln!(out, "Undone: back to {}.", rules.show(&pos))?;
                        show_board = true;
                    }
                    None => writeln!(out, "Nothing to undo.")?,
                }
                continue;
            }
            _ => {}
        }
        match rules.parse_move(&pos, cmd) {
            Ok(to) => {
                writeln!(out, "you: → {}", rules.show(&to))?;
                undo.push(pos);
                pos = to;
                your_turn = false;
                show_board = true;
            }
            Err(e) => writeln!(
                out,
                "Not a legal move: {e}. Type {}, or help.",
                rules.move_syntax(&pos)
            )?,
        }
    }
}

/// Parses exactly `N` non-negative integers separated by spaces or commas (brackets
/// allowed around them).
fn numbers<const N: usize>(text: &str, what: &str) -> Result<[u64; N], String> {
    let cleaned: String = text
        .chars()
        .map(|c| if matches!(c, ',' | '(' | ')') { ' ' } else { c })
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    if words.len() != N {
        return Err(format!(
            "expected {what}, found {}",
            beatty_problems::text::excerpt(text.as_bytes(), 40)
        ));
    }
    let mut v = [0u64; N];
    for (slot, w) in v.iter_mut().zip(&words) {
        *slot = decimal(w)?;
    }
    Ok(v)
}

/// Parses `word` as a number written in plain decimal digits without a leading zero
/// (`0` itself is fine): no sign, no `03`, nothing above `u64::MAX`. The refusal names
/// the word, bounded and escaped.
fn decimal(word: &str) -> Result<u64, String> {
    let shown = || beatty_problems::text::excerpt(word.as_bytes(), 40);
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    if !digits {
        return Err(format!(
            "{} is not a whole number written in decimal digits",
            shown()
        ));
    }
    if word.len() > 1 && word.starts_with('0') {
        return Err(format!(
            "{} has a leading zero; write numbers without one",
            shown()
        ));
    }
    word.parse()
        .map_err(|_| format!("{} is more than {}", shown(), u64::MAX))
}

/// What [`Board::move_syntax`] says about a position without a move.
const NO_MOVE: &str = "none: there is no move from this position, the game is over";

/// Stones drawn as `o`s after a space, when there are some but not too many.
fn stones(n: u64) -> String {
    if (1..=40).contains(&n) {
        format!(" {}", "o".repeat(n as usize))
    } else {
        String::new()
    }
}

impl Board for WythoffRules {
    fn title(&self) -> &'static str {
        "Wythoff's game"
    }

    fn rules(&self) -> String {
        "take any number of stones from one pile, or the same number from both; whoever takes the last stone wins".to_owned()
    }

    fn move_syntax(&self, &(a, b): &(u64, u64)) -> String {
        if !self.has_move(&(a, b)) {
            return NO_MOVE.to_owned();
        }
        let ex = if a > 0 {
            (a - 1, b)
        } else {
            (a, b.saturating_sub(1))
        };
        format!("the two piles after your move, e.g. `{} {}`", ex.0, ex.1)
    }

    fn show(&self, &(a, b): &(u64, u64)) -> String {
        format!("({a}, {b})")
    }

    fn board(&self, &(a, b): &(u64, u64)) -> String {
        format!(
            "  pile 1: {a:>6}{}\n  pile 2: {b:>6}{}\n",
            stones(a),
            stones(b)
        )
    }

    fn parse_move(&self, p: &(u64, u64), text: &str) -> Result<(u64, u64), String> {
        let [x, y] = numbers::<2>(text, "the two piles after your move")?;
        self.apply(p, (x, y)).map_err(|e| e.to_string())
    }
}

impl Board for EuclidRules {
    fn title(&self) -> &'static str {
        "Euclid's game"
    }

    fn rules(&self) -> String {
        "subtract a positive multiple of the smaller number from the larger, keeping it ≥ 0; whoever makes a number 0 wins".to_owned()
    }

    fn move_syntax(&self, &(a, b): &(u64, u64)) -> String {
        if !self.has_move(&(a, b)) {
            return NO_MOVE.to_owned();
        }
        let ex = if a >= b {
            (a.saturating_sub(b), b)
        } else {
            (a, b - a)
        };
        format!("the two numbers after your move, e.g. `{} {}`", ex.0, ex.1)
    }

    fn show(&self, &(a, b): &(u64, u64)) -> String {
        format!("({a}, {b})")
    }

    fn board(&self, &(a, b): &(u64, u64)) -> String {
        format!("  numbers: {a} and {b}\n")
    }

    fn parse_move(&self, p: &(u64, u64), text: &str) -> Result<(u64, u64), String> {
        let [x, y] = numbers::<2>(text, "the two numbers after your move")?;
        self.apply(p, (x, y)).map_err(|e| e.to_string())
    }
}

impl Board for BashRules {
    fn title(&self) -> &'static str {
        "Bash's game"
    }

    fn rules(&self) -> String {
        format!(
            "take 1 to {} stones from the pile; whoever takes the last stone wins",
            self.max_take()
        )
    }

    fn move_syntax(&self, n: &u64) -> String {
        if !self.has_move(n) {
            return NO_MOVE.to_owned();
        }
        format!(
            "how many stones to take, 1 to {}, e.g. `1`",
            self.max_take().min(*n)
        )
    }

    fn show(&self, n: &u64) -> String {
        format!("{n} stones")
    }

    fn board(&self, &n: &u64) -> String {
        format!("  pile: {n:>6}{}\n", stones(n))
    }

    fn parse_move(&self, n: &u64, text: &str) -> Result<u64, String> {
        let [t] = numbers::<1>(text, "how many stones to take")?;
        self.apply(n, t).map_err(|e| e.to_string())
    }
}

impl Board for FibonacciNimRules {
    fn title(&self) -> &'static str {
        "Fibonacci nim"
    }

    fn rules(&self) -> String {
        "the first move takes 1 to n − 1 stones, every later move 1 to twice the previous take; whoever takes the last stone wins".to_owned()
    }

    fn move_syntax(&self, &(n, limit): &(u64, u64)) -> String {
        if !self.has_move(&(n, limit)) {
            return NO_MOVE.to_owned();
        }
        format!("how many stones to take, 1 to {}, e.g. `1`", limit.min(n))
    }

    fn show(&self, &(n, limit): &(u64, u64)) -> String {
        format!("{n} stones, take at most {}", limit.min(n))
    }

    fn board(&self, &(n, limit): &(u64, u64)) -> String {
        format!(
            "  pile: {n:>6}{}\n  take: 1 to {}\n",
            stones(n),
            limit.min(n)
        )
    }

    fn parse_move(&self, p: &(u64, u64), text: &str) -> Result<(u64, u64), String> {
        let [t] = numbers::<1>(text, "how many stones to take")?;
        self.apply(p, t).map_err(|e| e.to_string())
    }
}

/// Plays with the terminal.
fn run_game<R: Board>(rules: &R, start: R::Pos, first: First) -> crate::Outcome {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    match play(rules, start, first, &mut input, &mut out) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(PlayError::Write(e)) => Err(e.into()),
        Err(PlayError::Read(e)) => Ok(crate::fail(
            crate::exit::FAILED,
            &format!("cannot read standard input: {e}"),
        )),
    }
}

/// Runs `judge play`.
pub fn run(args: &PlayArgs) -> crate::Outcome {
    let usage = |msg: &str| Ok(crate::fail(crate::exit::USAGE, msg));
    if let Some(file) = &args.replay {
        return crate::replay::run(file);
    }
    let Some(problem) = args.problem else {
        return usage(
            "give a problem and a position, e.g. `judge play wythoff 3 5`, or --replay FILE",
        );
    };
    let Some(game) = GameName::of(problem) else {
        return usage(&format!("{problem} has no game to play"));
    };
    // The numbers are the fields of the problem's case line: name them.
    let fields = problem.spec().fields;
    if args.position.len() != fields.len() {
        let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
        let example = match game {
            GameName::Wythoff => "3 5",
            GameName::Euclid => "25 7",
            GameName::Bash => "23 3",
            GameName::FibonacciNim => "100",
        };
        return usage(&format!(
            "{problem} starts from {}, {}; got {}\ne.g. judge play {problem} {example}",
            if fields.len() == 1 {
                "one number"
            } else {
                "two numbers"
            },
            names.join(" and "),
            args.position.len()
        ));
    }
    if game == GameName::FibonacciNim {
        let n = args.position[0];
        if n < 2 {
            return usage("fibonacci-nim needs at least 2 stones");
        }
        return match FibonacciNimRules::opening(n) {
            Ok(start) => run_game(&FibonacciNimRules, start, args.first),
            Err(_) => usage("fibonacci-nim needs at least 2 stones"),
        };
    }
    let &[x, y] = args.position.as_slice() else {
        return usage("expected two numbers");
    };
    match game {
        GameName::FibonacciNim => unreachable!("handled above"),
        GameName::Wythoff => run_game(&WythoffRules, (x, y), args.first),
        GameName::Euclid => run_game(&EuclidRules, (x, y), args.first),
        GameName::Bash => {
            let Ok(rules) = BashRules::new(y) else {
                return usage(&format!("the {} must be at least 1", fields[1].name));
            };
            run_game(&rules, x, args.first)
        }
    }
}

/// The outcome for the player to move, by the engine's own rules: used by the tests
/// below to cross-check [`Rules::advise`] against `beatty_games`.
#[cfg(test)]
fn outcome_of<R: Rules>(rules: &R, p: &R::Pos) -> beatty_games::Outcome {
    use beatty_games::Outcome;
    match rules.advise(p) {
        Advice::Win { .. } => Outcome::N,
        Advice::Lose { .. } => Outcome::P,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use beatty_core::golden;
    use beatty_games::euclid;

    /// Every legal move of Wythoff's game from (a, b), by the definition.
    fn wythoff_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
        let mut v: Vec<_> = (0..a).map(|x| (x, b)).collect();
        v.extend((0..b).map(|y| (a, y)));
        v.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
        v
    }

    #[test]
    fn wythoff_moves_parse_exactly_the_legal_ones() {
        for a in 0..8 {
            for b in 0..8 {
                let legal = wythoff_moves(a, b);
                for x in 0..9 {
                    for y in 0..9 {
                        let ok = WythoffRules
                            .parse_move(&(a, b), &format!("{x} {y}"))
                            .is_ok();
                        assert_eq!(ok, legal.contains(&(x, y)), "({a},{b}) → ({x},{y})");
                    }
                }
            }
        }
    }

    #[test]
    fn advice_is_a_legal_move_to_the_right_kind_of_position() {
        for a in 0..30u64 {
            for b in 0..30u64 {
                if WythoffRules.has_move(&(a, b)) {
                    let (to, win) = match WythoffRules.advise(&(a, b)) {
                        Advice::Win { to, .. } => (to, true),
                        Advice::Lose { to, .. } => (to, false),
                    };
                    assert!(wythoff_moves(a, b).contains(&to));
                    assert_eq!(win, !golden::is_p_position(a, b));
                    assert_eq!(win, golden::is_p_position(to.0, to.1));
                }
                if EuclidRules.has_move(&(a, b)) {
                    let o = outcome_of(&EuclidRules, &(a, b));
                    assert_eq!(o, euclid::outcome(a, b), "({a},{b})");
                    let to = match EuclidRules.advise(&(a, b)) {
                        Advice::Win { to, .. } | Advice::Lose { to, .. } => to,
                    };
                    let text = format!("{} {}", to.0, to.1);
                    assert_eq!(EuclidRules.parse_move(&(a, b), &text), Ok(to));
                }
            }
        }
    }

    /// Who wins Fibonacci nim from (n, limit), by searching the rules.
    fn fib_nim_wins(
        n: u64,
        limit: u64,
        memo: &mut std::collections::HashMap<(u64, u64), bool>,
    ) -> bool {
        let limit = limit.min(n);
        if let Some(&w) = memo.get(&(n, limit)) {
            return w;
        }
        let w = (1..=limit).any(|t| !fib_nim_wins(n - t, 2 * t, memo));
        memo.insert((n, limit), w);
        w
    }

    #[test]
    fn fibonacci_nim_advice_is_legal_and_agrees_with_a_search_of_the_rules() {
        let mut memo = std::collections::HashMap::new();
        for n in 1..60u64 {
            for limit in 1..=n {
                let p = (n, limit);
                let (to, win) = match FibonacciNimRules.advise(&p) {
                    Advice::Win { to, .. } => (to, true),
                    Advice::Lose { to, .. } => (to, false),
                };
                assert_eq!(win, fib_nim_wins(n, limit, &mut memo), "{p:?}");
                let take = n - to.0;
                assert_eq!(FibonacciNimRules.parse_move(&p, &take.to_string()), Ok(to));
                if win {
                    assert!(!fib_nim_wins(to.0, to.1, &mut memo), "{p:?} → {to:?}");
                }
            }
        }
        // More than the limit, nothing, or everything at the opening: refused.
        assert!(FibonacciNimRules.parse_move(&(10, 9), "10").is_err());
        assert!(FibonacciNimRules.parse_move(&(10, 4), "5").is_err());
        assert!(FibonacciNimRules.parse_move(&(10, 4), "0").is_err());
    }

    #[test]
    fn long_and_binary_lines_are_refused_and_skipped() {
        let mut data = vec![b'7'; 5000];
        data.extend_from_slice(b"\n\xff\xfe\nquit\n");
        let mut input = &data[..];
        assert!(matches!(
            read_line(&mut input, MAX_LINE).unwrap(),
            Some(Line::TooLong)
        ));
        assert!(matches!(
            read_line(&mut input, MAX_LINE).unwrap(),
            Some(Line::NotUtf8)
        ));
        assert!(matches!(
            read_line(&mut input, MAX_LINE).unwrap(),
            Some(Line::Text(t)) if t == "quit"
        ));
        assert!(read_line(&mut input, MAX_LINE).unwrap().is_none());
    }
}
