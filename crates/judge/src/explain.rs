//! One position explained for a person.
//!
//! [`explain`] takes a game (`wythoff`, `euclid`, `bash`, or any problem name or
//! alias of those games) and the numbers of a position, and returns a few lines
//! of text: who wins, why (the Wythoff pair and its index k, the perfect-play
//! line, the period of Bash's game), every winning move, and what the classic
//! float formula answers — flagged `WRONG` when it differs from the exact answer.

use crate::Problem;
use beatty_core::golden::{self, Class};
use beatty_games::{Outcome, bash, euclid, wythoff};
use core::fmt::Write;

fn describe_pile(n: u64) -> String {
    match golden::classify(n) {
        Class::Zero => "0 (empty)".into(),
        Class::Lower(k) => format!("{n} = ⌊kφ⌋ for k = {k} (a lower Wythoff number)"),
        Class::Upper(k) => format!("{n} = ⌊kφ⌋ + k for k = {k} (an upper Wythoff number)"),
    }
}

fn verdict_word(right: bool) -> &'static str {
    if right { "correct" } else { "WRONG" }
}

fn wythoff_text(a: u64, b: u64) -> String {
    let mut s = String::new();
    let o = wythoff::outcome(a, b);
    let _ = writeln!(s, "Wythoff's game, piles ({a}, {b})");
    let (lo, hi) = (a.min(b), a.max(b));
    let k = hi - lo;
    if o == Outcome::P {
        let _ = writeln!(s, "outcome: P — the player to move loses (answer 0)");
        let _ = writeln!(
            s,
            "it is the Wythoff pair k = {k}: (⌊kφ⌋, ⌊kφ⌋ + k) = ({lo}, {hi})"
        );
        let _ = writeln!(
            s,
            "winning moves: none (every move leads to a winning position)"
        );
    } else {
        let _ = writeln!(s, "outcome: N — the player to move wins (answer 1)");
        let _ = writeln!(s, "pile a: {}", describe_pile(a));
        let _ = writeln!(s, "pile b: {}", describe_pile(b));
        let _ = writeln!(s, "winning moves:");
        for m in wythoff::winning_moves(a, b) {
            let (kind, taken) = match m.kind {
                wythoff::MoveKind::Both => ("from both piles", a - m.to.0),
                wythoff::MoveKind::Smaller => {
                    ("from the smaller pile", (a - m.to.0).max(b - m.to.1))
                }
                wythoff::MoveKind::Larger => ("from the larger pile", (a - m.to.0).max(b - m.to.1)),
            };
            let _ = writeln!(s, "  take {taken} {kind} → ({}, {})", m.to.0, m.to.1);
        }
    }
    let f = beatty_float::lower_f64(k);
    let float_p = beatty_float::is_p_position_f64(a, b);
    let _ = writeln!(
        s,
        "float formula: (int)(k * (1 + sqrt(5)) / 2) with k = |a − b| = {k} gives {f} (exact ⌊kφ⌋ = {}), so it answers {} — {}",
        golden::lower(k).map_or_else(|| "beyond u64".to_string(), |x| x.to_string()),
        if float_p { "P (0)" } else { "N (1)" },
        verdict_word(float_p == (o == Outcome::P))
    );
    s
}

fn euclid_text(a: u64, b: u64) -> String {
    let mut s = String::new();
    let o = euclid::outcome(a, b);
    let _ = writeln!(s, "Euclid's game, numbers ({a}, {b})");
    let _ = writeln!(
        s,
        "outcome: {} — {}",
        if o.player_to_move_wins() { "N" } else { "P" },
        if o.player_to_move_wins() {
            "Stan (the player to move) wins"
        } else {
            "Ollie wins"
        }
    );
    let line = euclid::perfect_play(a, b);
    let path: Vec<String> = line.iter().map(|(x, y)| format!("{x} {y}")).collect();
    let _ = writeln!(s, "perfect play: {}", path.join(" → "));
    if a > 0 && b > 0 {
        let fw = beatty_float::euclid_first_wins_f64(a, b);
        let _ = writeln!(
            s,
            "float formula: larger / smaller > (1 + sqrt(5)) / 2 answers {} — {}",
            if fw { "Stan wins" } else { "Ollie wins" },
            verdict_word(fw == o.player_to_move_wins())
        );
    }
    s
}

fn bash_text(n: u64, m: u64) -> Result<String, String> {
    let o = bash::outcome(n, m).map_err(|e| e.to_string())?;
    let mut s = String::new();
    let _ = writeln!(s, "Bash's game, a pile of {n}, take 1 to {m}");
    if o.player_to_move_wins() {
        let take = if m == u64::MAX { n } else { n % (m + 1) };
        let _ = writeln!(s, "outcome: N — the first player wins (answer `first`)");
        let _ = writeln!(
            s,
            "winning move: take {take}, leaving {} (a multiple of m + 1)",
            n - take
        );
    } else {
        let _ = writeln!(
            s,
            "outcome: P — the second player wins (answer `second`): {n} is a multiple of m + 1"
        );
    }
    Ok(s)
}

/// Explains the position `numbers` of `game` (see the [module docs](self)).
///
/// ```
/// let t = beatty_judge::explain::explain("wythoff", &[165_580_140, 267_914_295]).unwrap();
/// assert!(t.contains("outcome: P"));
/// assert!(t.contains("k = 102334155"));
/// assert!(t.contains("WRONG"));
/// assert!(beatty_judge::explain::explain("nim", &[1]).is_err());
/// ```
pub fn explain(game: &str, numbers: &[u64]) -> Result<String, String> {
    let two = |what: &str| -> Result<(u64, u64), String> {
        match numbers {
            [a, b] => Ok((*a, *b)),
            _ => Err(format!(
                "{what} needs exactly two numbers, got {}",
                numbers.len()
            )),
        }
    };
    let problem: Problem = game
        .parse()
        .map_err(|e: crate::UnknownProblem| e.to_string())?;
    match problem {
        Problem::Wythoff | Problem::WythoffMoves => {
            let (a, b) = two("wythoff (piles a b)")?;
            Ok(wythoff_text(a, b))
        }
        Problem::Euclid => {
            let (a, b) = two("euclid (numbers a b)")?;
            Ok(euclid_text(a, b))
        }
        Problem::Bash | Problem::BashAuction => {
            let (n, m) = two("bash (pile n, maximum take m)")?;
            bash_text(n, m)
        }
    }
}
