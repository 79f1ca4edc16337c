//! `judge problems`: the problems, their names, aliases and formats; then the
//! interactive ones and their protocols.

use crate::Outcome;
use beatty_problems::Problem;
use beatty_problems::interact::Game;
use std::io::{self, Write};
use std::process::ExitCode;

pub(crate) fn run() -> Outcome {
    let mut out = io::stdout().lock();
    for p in Problem::ALL {
        let s = p.spec();
        writeln!(
            out,
            "{} ({}) — {}, {}",
            s.name,
            s.aliases.join(", "),
            s.title,
            s.source
        )?;
        writeln!(out, "  input:  {}", s.input_format)?;
        writeln!(out, "  output: {}", s.output_format)?;
    }
    for g in Game::ALL {
        let (title, start, moves) = protocol(g);
        writeln!(out, "{} (interactive) — {title}", g.name())?;
        writeln!(
            out,
            "  protocol: the judge sends T (games, at most 1000), then each game's start {start}; you answer First or Second; moves alternate, one line each: {moves}; when your move leaves the judge no move it sends `{}` (you won), then the next start; at your first mistake it sends -1: exit",
            g.sentinel()
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// An interactive problem's title, start and moves, in words (docs/interactive.md
/// has the whole protocol).
fn protocol(g: Game) -> (&'static str, &'static str, &'static str) {
    match g {
        Game::Wythoff => (
            "Wythoff's game: take any number from one pile, or the same from both; who cannot move loses",
            "`a b` (piles up to 10^18)",
            "the position your move leads to, `a b`, in the start's order",
        ),
        Game::Euclid => (
            "Euclid's game: subtract a positive multiple of the smaller number from the larger; who makes a 0 wins",
            "`a b` (up to 10^18)",
            "the position your move leads to, `a b`, in the start's order",
        ),
        Game::Bash => (
            "Bash's game: take 1 to m stones; who takes the last one wins",
            "`n m` (up to 10^18, n/(m + 1) at most 100)",
            "the stones you take",
        ),
        _ => (
            "Fibonacci nim: first take 1 to n - 1, then at most twice the previous take; who takes the last stone wins",
            "`n` (2 to 10^18)",
            "the stones you take",
        ),
    }
}
