//! `judge play --replay FILE`: a transcript of `judge run --transcript`
//! (interactive problems) shown ply by ply, game by game, as people read a
//! game: who played what, from which position to which, and how long the
//! program thought.

use beatty_problems::text::excerpt as text_escape;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

/// One ply of a transcript (the fields `judge run --transcript` writes).
#[derive(serde::Deserialize)]
struct Ply {
    test: String,
    game: u64,
    ply: u64,
    by: String,
    line: String,
    before: String,
    after: String,
    think: Option<f64>,
    /// The mistake, on the line that erred (the last ply).
    #[serde(default)]
    mistake: Option<String>,
}

/// Shows the transcript `path`; a line that is no ply is an error naming it.
pub(crate) fn run(path: &Path) -> crate::Outcome {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            return Ok(crate::fail(
                crate::exit::FAILED,
                &format!("cannot read {}: {e}", path.display()),
            ));
        }
    };
    let mut out = io::stdout().lock();
    let mut at: Option<(String, u64)> = None;
    for (i, line) in io::BufReader::new(file).lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                return Ok(crate::fail(
                    crate::exit::FAILED,
                    &format!("{} line {}: {e}", path.display(), i + 1),
                ));
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let p: Ply = match serde_json::from_str(&line) {
            Ok(p) => p,
            Err(e) => {
                return Ok(crate::fail(
                    crate::exit::USAGE,
                    &format!(
                        "{} line {}: not a ply of `judge run --transcript` ({e}): {}",
                        path.display(),
                        i + 1,
                        text_escape(line.as_bytes(), 80)
                    ),
                ));
            }
        };
        let game = (p.test.clone(), p.game);
        if at.as_ref() != Some(&game) {
            writeln!(
                out,
                "{}, game {}",
                text_escape(p.test.as_bytes(), 80),
                p.game
            )?;
            at = Some(game);
        }
        let what = if p.ply == 0 {
            format!("start {}", p.after)
        } else {
            format!("{} -> {}", p.before, p.after)
        };
        let think = p
            .think
            .map_or_else(String::new, |t| format!("   think {:.3} ms", t * 1e3));
        writeln!(
            out,
            "  ply {:<4} {:<8} {:<24} {}{think}",
            p.ply,
            text_escape(p.by.as_bytes(), 8),
            text_escape(p.line.as_bytes(), 24),
            text_escape(what.as_bytes(), 120)
        )?;
        if let Some(m) = &p.mistake {
            writeln!(out, "    mistake: {}", text_escape(m.as_bytes(), 400))?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
