//! `judge gen`: one valid input, reproducible from its seed; for an
//! interactive problem, one test file of starts.

use crate::{Outcome, exit, fail};
use beatty_judge::run::Task;
use beatty_problems::generate::{GenError, Profile, generate};
use beatty_problems::interact::{Game, starts};
use clap::Args;
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct GenArgs {
    /// The problem (name or alias), e.g. `wythoff`, or an interactive one,
    /// e.g. `wythoff-play`.
    problem: Task,
    /// The seed, e.g. `--seed 42`.
    #[arg(long, default_value_t = 1, value_parser = crate::number::count)]
    seed: u64,
    /// Random (or max) cases, or a cap for edge/hack, e.g. `--cases 1000` or `--cases 10^4`.
    #[arg(long, value_parser = crate::number::count)]
    cases: Option<u64>,
    /// The kind of cases, e.g. `--profile hack`
    ///
    /// random, edge, hack, max or mixed; for an interactive problem samples,
    /// small, hazard, large, many or both-sides (mixed: both-sides).
    #[arg(long, default_value = "mixed")]
    profile: String,
}

pub(crate) fn run(a: &GenArgs) -> Outcome {
    let problem = match a.problem {
        Task::Batch(p) => p,
        Task::Play(g) => return play(g, a),
        other => return Ok(fail(exit::USAGE, &format!("{other}: no generator"))),
    };
    let profile = match a.profile.parse::<Profile>() {
        Ok(p) => p,
        Err(e) => return Ok(fail(exit::USAGE, &e)),
    };
    match generate(problem, profile, a.seed, a.cases, io::stdout().lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(GenError::Io(e)) => Err(e.into()),
        Err(e) => Ok(fail(exit::USAGE, &e.to_string())),
    }
}

/// One interactive test of `game`: `T S` and the starts of the profile.
fn play(game: Game, a: &GenArgs) -> Outcome {
    use beatty_problems::interact::starts::Profile as Starts;
    let profile = match a.profile.to_ascii_lowercase().as_str() {
        "samples" => Starts::Samples,
        "small" => Starts::Small,
        "hazard" => Starts::Hazard,
        "large" => Starts::Large,
        "many" => Starts::Many,
        "both-sides" | "mixed" => Starts::BothSides,
        other => {
            return Ok(fail(
                exit::USAGE,
                &format!(
                    "unknown profile `{other}` for {}; use samples, small, hazard, large, many or both-sides",
                    game.name()
                ),
            ));
        }
    };
    if a.cases.is_some() {
        return Ok(fail(
            exit::USAGE,
            "--cases is for batch problems; an interactive test's games come from its profile",
        ));
    }
    let text = starts::write(&starts::generate(game, profile, a.seed), a.seed);
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
