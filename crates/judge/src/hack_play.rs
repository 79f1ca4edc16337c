//! The impure half of `judge hack` for the interactive games: the program
//! plays the referee in the sandbox as `judge run GAME-play` plays it (one
//! test of many starts a run), and the search of
//! `beatty_problems::hack::play` is driven round by round against the
//! clock. The shortest failing game is played once more with its
//! transcript kept. Linux only, like the sandbox.

use crate::hack::{Failure, HackConfig, Round};
use crate::run::{RunConfig, RunError, Task, Test, TestResult, run_tests};
use beatty_problems::Verdict;
use beatty_problems::hack::Case;
use beatty_problems::hack::Oracle;
use beatty_problems::hack::batch::first_failing;
use beatty_problems::hack::play::{ROUNDS, batch_size, round, shrink_start, start_of};
use beatty_problems::interact::{Game, Start, starts};
use std::ffi::OsString;
use std::time::{Duration, Instant};

/// The seed of the opponent's choices in every test of a hack.
pub const OPPONENT_SEED: u64 = 1;

/// The program as an [`Oracle`] over starts (their numbers): each input a
/// test file of `judge run GAME-play`, in the judge's private directory.
#[derive(Debug)]
pub struct Played<'a> {
    game: Game,
    cmd: &'a [OsString],
    cfg: RunConfig,
    dir: tempfile::TempDir,
    /// Runs so far.
    pub runs: usize,
    /// After this instant no program runs: every input passes, so that the
    /// shrinker stops where it is.
    pub deadline: Option<Instant>,
    /// Whether an input was refused by the deadline.
    pub cut_short: bool,
}

impl<'a> Played<'a> {
    /// The program `cmd` playing `game`, run with `cfg`.
    ///
    /// # Errors
    /// The private directory cannot be made.
    pub fn new(game: Game, cmd: &'a [OsString], cfg: &RunConfig) -> Result<Self, RunError> {
        let dir = crate::sandbox::scratch_dir("hack")
            .map_err(|e| RunError(format!("cannot create a temporary directory: {e}")))?;
        let mut cfg = cfg.clone();
        cfg.hide.push(dir.path().to_path_buf());
        cfg.jobs = 1;
        Ok(Played {
            game,
            cmd,
            cfg,
            dir,
            runs: 0,
            deadline: None,
            cut_short: false,
        })
    }

    /// Plays `starts` as one test; `transcript` keeps every ply.
    ///
    /// # Errors
    /// A failure of the judge, or a start that is not one of the game's.
    pub fn play(&mut self, starts: &[Case], transcript: bool) -> Result<TestResult, RunError> {
        let starts: Vec<Start> = starts
            .iter()
            .map(|c| {
                start_of(self.game, c)
                    .ok_or_else(|| RunError(format!("not a start of {}: {c:?}", self.game.name())))
            })
            .collect::<Result<_, _>>()?;
        let input = self.dir.path().join("hack.in");
        std::fs::write(&input, starts::write(&starts, OPPONENT_SEED))
            .map_err(|e| RunError(format!("{}: cannot write: {e}", input.display())))?;
        let test = Test {
            name: "hack".into(),
            input,
            answer: None,
        };
        let mut cfg = self.cfg.clone();
        cfg.transcript = transcript;
        let results = run_tests(Task::Play(self.game), &[test], self.cmd, &cfg, &|_| ())?;
        self.runs += 1;
        results
            .into_iter()
            .next()
            .ok_or_else(|| RunError("the run gave no result".into()))
    }
}

impl Oracle for Played<'_> {
    type Failure = Failure;
    type Error = RunError;

    fn run(&mut self, cases: &[Case]) -> Result<Option<Failure>, RunError> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut_short = true;
            return Ok(None);
        }
        let r = self.play(cases, false)?;
        match r.verdict {
            Verdict::Accepted => Ok(None),
            Verdict::Fail => Err(RunError(format!("the judge failed: {}", r.detail))),
            v => Ok(Some(Failure {
                verdict: v,
                detail: r.detail,
            })),
        }
    }
}

/// The shortest failing game found.
#[derive(Clone, Debug)]
pub struct HackedGame {
    /// The failing starts (one, unless only several games together fail).
    pub starts: Vec<Case>,
    /// The failure of the shrunk input.
    pub failure: Failure,
    /// The starts as first found (before shrinking).
    pub found: Vec<Case>,
    /// The round it was found in (its index in [`PlayReport::rounds`]).
    pub round: usize,
    /// Moves the shrinker took.
    pub shrink_steps: usize,
    /// Runs of the shrinker.
    pub shrink_runs: usize,
    /// Whether every smaller start was tried and passed.
    pub exhaustive: bool,
    /// Whether the shrinking was stopped by its time.
    pub cut_short: bool,
    /// The failing input played once more, its transcript kept (what
    /// `judge play --replay` shows).
    pub replay: TestResult,
}

/// What `judge hack GAME-play` did.
#[derive(Clone, Debug)]
pub struct PlayReport {
    /// The rounds run, in order.
    pub rounds: Vec<Round>,
    /// The failing games, `None` when none was found.
    pub hacked: Option<HackedGame>,
    /// The wall time of the whole search, shrinking included.
    pub elapsed: Duration,
}

/// The most smaller starts the shrinker tries one by one at its end.
const EXHAUSTIVE: usize = 20_000;

/// Hacks the program `cmd` playing `game` (see the module docs), with
/// `progress` called after every round.
///
/// # Errors
/// A failure of the judge (the sandbox, the files of the runs).
pub fn hack_play(
    game: Game,
    cmd: &[OsString],
    config: &HackConfig,
    progress: &dyn Fn(&Round),
) -> Result<PlayReport, RunError> {
    let start = Instant::now();
    let mut oracle = Played::new(game, cmd, &config.run)?;
    let batch = batch_size(game);
    let mut rounds = Vec::new();
    let mut found = None;
    let mut r = 0;
    while found.is_none() && (r == 0 || start.elapsed() < config.time) {
        let name = ROUNDS[r.min(2)];
        let list = round(game, r, config.seed);
        let s = first_failing(&list, batch, &mut oracle)?;
        let counted = Round {
            name,
            cases: s.tried,
            runs: s.runs,
        };
        // The random rounds add up into one.
        match rounds.last_mut() {
            Some(last) if r > 2 => {
                let last: &mut Round = last;
                last.cases += counted.cases;
                last.runs += counted.runs;
            }
            _ => rounds.push(counted),
        }
        if let Some(f) = s.found {
            found = Some((f, r.min(2)));
        }
        if (r < 2 || found.is_some() || start.elapsed() >= config.time)
            && let Some(last) = rounds.last()
        {
            progress(last);
        }
        r += 1;
    }
    let hacked = match found {
        None => None,
        Some((f, round)) => {
            // The shrinking stops when the search's time is up, or a sixth
            // of it after the find, whichever is later.
            oracle.deadline = Some((start + config.time).max(Instant::now() + config.time / 6));
            let first = f.cases.clone();
            let (starts, failure, steps, runs, exhaustive) = if f.cases.len() == 1 {
                let s = shrink_start(
                    game,
                    f.cases[0].clone(),
                    f.failure,
                    &mut oracle,
                    batch,
                    EXHAUSTIVE,
                )?;
                (vec![s.start], s.failure, s.steps, s.runs, s.exhaustive)
            } else {
                shrink_games(game, f.cases, f.failure, &mut oracle)?
            };
            oracle.deadline = None;
            let replay = oracle.play(&starts, true)?;
            Some(HackedGame {
                starts,
                failure,
                found: first,
                round,
                shrink_steps: steps,
                shrink_runs: runs,
                exhaustive: exhaustive && !oracle.cut_short,
                cut_short: oracle.cut_short,
                replay,
            })
        }
    };
    Ok(PlayReport {
        rounds,
        hacked,
        elapsed: start.elapsed(),
    })
}

/// Shrinks starts that fail only together (a program that mishandles the
/// count of games): the fewest starts first (dropping one at a time, the
/// last first), then each start to the least legal one of its game that
/// keeps the test failing.
fn shrink_games(
    game: Game,
    mut starts: Vec<Case>,
    mut failure: Failure,
    oracle: &mut Played<'_>,
) -> Result<(Vec<Case>, Failure, usize, usize, bool), RunError> {
    let (mut steps, mut runs) = (0, 0);
    let mut i = starts.len();
    while i > 0 && starts.len() > 1 {
        i -= 1;
        let mut fewer = starts.clone();
        fewer.remove(i);
        runs += 1;
        if let Some(f) = oracle.run(&fewer)? {
            (starts, failure) = (fewer, f);
            steps += 1;
            i = i.min(starts.len());
        }
    }
    let least = round(game, 1, 0).into_iter().next();
    for i in 0..starts.len() {
        let Some(least) = least.clone() else { break };
        if starts[i] == least {
            continue;
        }
        let mut smaller = starts.clone();
        smaller[i] = least;
        runs += 1;
        if let Some(f) = oracle.run(&smaller)? {
            (starts, failure) = (smaller, f);
            steps += 1;
        }
    }
    Ok((starts, failure, steps, runs, false))
}
