//! The impure half of `judge hack`: the program run in the sandbox as
//! [`run_tests`] runs it (same limits, same checker), one input per run, and
//! the search of `beatty_problems::hack` driven round by round against the
//! clock. Linux only, like the sandbox.
//!
//! A time-out (TLE) is searched for as `beatty_problems::hack::slow` does
//! it: the failing batch cut in parts, the case shrunk along lines aimed by
//! the CPU time of the passing runs. Those runs are limited by CPU time
//! alone (the wall limit doubled), so that a run waiting for a CPU on a
//! loaded machine is not charged for the wait; the case found is judged once more as `judge run`
//! judges it (both limits) before it is reported, or a little larger one.
//! The whole search keeps to `--time`.

use crate::run::{RunConfig, RunError, Test, run_tests};
use beatty_problems::hack::batch::split_failing;
use beatty_problems::hack::candidates::{Random, round1, round2};
use beatty_problems::hack::shrink::{Moves, Options, shrink};
use beatty_problems::hack::slow::{PARTS, Probe, Timed, confirmations, isolate, shrink_slow};
use beatty_problems::hack::{Case, Oracle, answer_bytes, case_key, count_limit, input_bytes};
use beatty_problems::{Problem, Verdict};
use std::ffi::OsString;
use std::time::{Duration, Instant};

/// How a run failed: its verdict and the judge's message (the checker's,
/// with the case, the expected and the received answer; or the tail of
/// standard error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The verdict (never AC).
    pub verdict: Verdict,
    /// The message.
    pub detail: String,
}

impl Failure {
    /// The received answer the checker quotes (`received `…``), if it does.
    ///
    /// ```
    /// use beatty_judge::hack::Failure;
    /// use beatty_problems::Verdict;
    /// let f = Failure { verdict: Verdict::WrongAnswer, detail: "wrong answer on case 1 (input `1 2`): expected `0`, received `1`".into() };
    /// assert_eq!(f.received(), Some("1"));
    /// ```
    #[must_use]
    pub fn received(&self) -> Option<&str> {
        let i = self.detail.rfind(", received `")? + ", received `".len();
        let rest = &self.detail[i..];
        Some(&rest[..rest.rfind('`')?])
    }
}

/// The program as an [`Oracle`]: each input written to the judge's private
/// directory with its exact answer, and judged by [`run_tests`].
#[derive(Debug)]
pub struct Sandboxed<'a> {
    problem: Problem,
    cmd: &'a [OsString],
    cfg: RunConfig,
    dir: tempfile::TempDir,
    /// Runs so far.
    pub runs: usize,
    /// Cases sent so far.
    pub cases: usize,
    /// The wall time of the last run.
    pub last: Duration,
    /// The CPU time of the last run.
    pub last_cpu: Duration,
    /// Whether the runs are limited by CPU time alone (the wall limit
    /// doubled): the runs of a time-out's search.
    pub by_cpu: bool,
    /// After this instant no program runs: every input passes, so that a
    /// shrinker stops where it is (see [`Hacked::cut_short`]).
    pub deadline: Option<Instant>,
    /// Whether an input was refused by the deadline.
    pub cut_short: bool,
}

impl<'a> Sandboxed<'a> {
    /// The program `cmd` of `problem`, run with `cfg` (its `stop_on_fail`
    /// and `jobs` do not matter: one test per run).
    ///
    /// # Errors
    /// The private directory cannot be made.
    pub fn new(problem: Problem, cmd: &'a [OsString], cfg: &RunConfig) -> Result<Self, RunError> {
        let dir = crate::sandbox::scratch_dir("hack")
            .map_err(|e| RunError(format!("cannot create a temporary directory: {e}")))?;
        let mut cfg = cfg.clone();
        cfg.hide.push(dir.path().to_path_buf());
        cfg.jobs = 1;
        Ok(Sandboxed {
            problem,
            cmd,
            cfg,
            dir,
            runs: 0,
            cases: 0,
            last: Duration::ZERO,
            last_cpu: Duration::ZERO,
            by_cpu: false,
            deadline: None,
            cut_short: false,
        })
    }
}

impl Oracle for Sandboxed<'_> {
    type Failure = Failure;
    type Error = RunError;

    fn run(&mut self, cases: &[Case]) -> Result<Option<Failure>, RunError> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut_short = true;
            return Ok(None);
        }
        let input = self.dir.path().join("hack.in");
        let answer = self.dir.path().join("hack.ans");
        let write = |path: &std::path::Path, bytes: Vec<u8>| {
            std::fs::write(path, bytes)
                .map_err(|e| RunError(format!("{}: cannot write: {e}", path.display())))
        };
        write(&input, input_bytes(self.problem, cases))?;
        write(&answer, answer_bytes(self.problem, cases))?;
        let test = Test {
            name: "hack".into(),
            input,
            answer: Some(answer),
        };
        let start = Instant::now();
        let results = if self.by_cpu {
            let mut cfg = self.cfg.clone();
            cfg.cpu_limit = Some(cfg.cpu_limit.unwrap_or(cfg.time_limit));
            cfg.time_limit *= 2;
            run_tests(self.problem, &[test], self.cmd, &cfg, &|_| ())?
        } else {
            run_tests(self.problem, &[test], self.cmd, &self.cfg, &|_| ())?
        };
        self.last = start.elapsed();
        self.runs += 1;
        self.cases += cases.len();
        let r = results
            .into_iter()
            .next()
            .ok_or_else(|| RunError("the run gave no result".into()))?;
        self.last_cpu = r.cpu;
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

impl Timed for Sandboxed<'_> {
    type Failure = Failure;
    type Error = RunError;

    fn time(&mut self, cases: &[Case]) -> Result<Probe<Failure>, RunError> {
        Ok(match self.run(cases)? {
            Some(f) => Probe::Failed(f),
            None => Probe::Passed(self.last_cpu),
        })
    }

    fn spent(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// What to search with.
#[derive(Clone, Debug)]
pub struct HackConfig {
    /// The time the search (rounds 1 to 3, not the shrinking) may take.
    pub time: Duration,
    /// The seed of rounds 2 and 3.
    pub seed: u64,
    /// The run limits, as `judge run`'s.
    pub run: RunConfig,
}

/// One round's count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// `hazards, limits and boundaries`, `generator profiles`, `random`.
    pub name: &'static str,
    /// Cases tried (in whole batches).
    pub cases: usize,
    /// Runs of the program.
    pub runs: usize,
}

/// The failing input found, shrunk.
#[derive(Clone, Debug)]
pub struct Hacked {
    /// The input's cases (one, unless only several together fail).
    pub cases: Vec<Case>,
    /// The exact answers of the cases, as the answer file holds them.
    pub answer: Vec<u8>,
    /// The failure of the shrunk input.
    pub failure: Failure,
    /// The input as first found (before shrinking).
    pub found: Vec<Case>,
    /// The round it was found in (its index in [`Report::rounds`]).
    pub round: usize,
    /// Moves the shrinker took, and its runs.
    pub shrink_steps: usize,
    /// Runs of the shrinker.
    pub shrink_runs: usize,
    /// Whether every smaller case was tried (see [`beatty_problems::hack::shrink::Shrunk`]).
    pub exhaustive: bool,
    /// Whether the shrinking was stopped by its time (as long as the
    /// search's): the input is then smaller than the one found, not
    /// necessarily the smallest.
    pub cut_short: bool,
    /// A time-out's: the passing case nearest the one reported that the
    /// shrinker ran, and its CPU time.
    pub nearest: Option<(Case, Duration)>,
}

/// What `judge hack` did.
#[derive(Clone, Debug)]
pub struct Report {
    /// The rounds run, in order.
    pub rounds: Vec<Round>,
    /// The failing input, `None` when none was found.
    pub hacked: Option<Hacked>,
    /// The wall time of the whole search, shrinking included.
    pub elapsed: Duration,
}

/// The most cases to one run for `problem`: its count limit, and at most
/// the `max` profile's default (answers of a few MB).
#[must_use]
pub fn max_batch(problem: Problem) -> usize {
    let m = count_limit(problem).min(beatty_problems::generate::default_max_cases(problem));
    usize::try_from(m).unwrap_or(usize::MAX)
}

/// Hacks the program `cmd` of `problem`: the search of the
/// [module docs](super), with `progress` called after every round.
///
/// # Errors
/// A failure of the judge (the sandbox, the files of the runs).
pub fn hack(
    problem: Problem,
    cmd: &[OsString],
    config: &HackConfig,
    progress: &dyn Fn(&Round),
) -> Result<Report, RunError> {
    let start = Instant::now();
    let mut oracle = Sandboxed::new(problem, cmd, &config.run)?;
    let limit = max_batch(problem);
    // Batches grow from 4096 cases while a run takes under an eighth of
    // the time limit, so that a slow program is not timed out by the size
    // of a batch.
    let mut batch = limit.min(4096);
    let mut rounds = Vec::new();
    let out_of_time = |start: Instant| start.elapsed() >= config.time;
    let mut random = Random::new(problem, config.seed);
    let mut found = None;
    // A time-out of many cases together, kept while smaller inputs are
    // looked for.
    let mut many = None;
    for (r, name) in [
        "hazards, limits and boundaries",
        "generator profiles",
        "random",
    ]
    .into_iter()
    .enumerate()
    {
        let mut round = Round {
            name,
            cases: 0,
            runs: 0,
        };
        let list = match r {
            0 => round1(problem),
            1 => round2(problem, config.seed),
            _ => Vec::new(),
        };
        let mut at = 0;
        loop {
            if out_of_time(start) && !(r == 0 && at == 0) {
                break;
            }
            let chunk: Vec<Case> = if r == 2 {
                random.batch(batch)
            } else {
                if at >= list.len() {
                    break;
                }
                list[at..(at + batch).min(list.len())].to_vec()
            };
            let chunk_start = at;
            at += chunk.len();
            round.cases += chunk.len();
            round.runs += 1;
            if let Some(failure) = oracle.run(&chunk)? {
                if failure.verdict == Verdict::TimeLimit {
                    // a time-out: cut in parts, by CPU time (see the module docs)
                    oracle.by_cpu = true;
                    oracle.deadline = Some(slow_deadline(start, config));
                    let largest = |v: &[Case]| v.iter().max_by_key(|c| case_key(c)).cloned();
                    // The round's largest case alone first (a slow program
                    // is slowest there, mostly): one run, and no cutting.
                    let first = largest(if list.is_empty() { &chunk } else { &list });
                    let (single, runs) = alone(&mut oracle, first.iter())?;
                    round.runs += runs;
                    if let Some((c, failure)) = single {
                        found = Some((vec![c], failure, r));
                        break;
                    }
                    let f = isolate(&chunk, failure, &mut oracle)?;
                    round.runs += f.runs;
                    if f.cases.len() == 1 {
                        found = Some((f.cases, f.failure, r));
                        break;
                    }
                    // Only many cases together are too slow: the largest
                    // case of the part and of the batch alone.
                    let mut more: Vec<Case> = [largest(&f.cases), largest(&chunk)]
                        .into_iter()
                        .flatten()
                        .filter(|c| Some(c) != first.as_ref())
                        .collect();
                    more.dedup();
                    let (single, runs) = alone(&mut oracle, more.iter())?;
                    round.runs += runs;
                    if let Some((c, failure)) = single {
                        found = Some((vec![c], failure, r));
                        break;
                    }
                    // Else the rest in smaller batches (the many cases kept,
                    // should nothing else fail).
                    let size = f.cases.len();
                    many = Some((f.cases, f.failure, r));
                    oracle.by_cpu = false;
                    oracle.deadline = None;
                    batch = (size / PARTS).max(1);
                    if r < 2 {
                        at = chunk_start;
                    }
                    continue;
                } else {
                    let (f, runs) = split_failing(&chunk, failure, &mut oracle)?;
                    round.runs += runs;
                    found = Some((f.cases, f.failure, r));
                }
                break;
            }
            if many.is_some() {
                // small batches while a time-out of many cases is kept
                continue;
            }
            if oracle.last < config.run.time_limit / 8 {
                batch = (batch * 2).min(limit);
            }
        }
        progress(&round);
        rounds.push(round);
        if found.is_some() || out_of_time(start) {
            break;
        }
    }
    let found = found.or(many);
    let hacked = match found {
        None => None,
        Some((cases, failure, round))
            if failure.verdict == Verdict::TimeLimit && cases.len() == 1 =>
        {
            Some(hack_slow(
                problem,
                cases,
                failure,
                round,
                &mut oracle,
                start,
                config,
            )?)
        }
        Some((cases, failure, round)) => {
            let f = beatty_problems::hack::batch::Found {
                cases,
                failure,
                index: 0,
            };
            let moves = Moves::new(problem);
            let options = Options {
                batch: limit,
                exhaustive: Options::default().exhaustive.min(200 * limit),
            };
            let first = f.cases.clone();
            // The shrinking may take as long as the search could (a program
            // that times out costs a time limit a run); a time-out's, what
            // is left of `--time`.
            oracle.deadline = Some(if f.failure.verdict == Verdict::TimeLimit {
                slow_deadline(start, config)
            } else {
                Instant::now() + config.time
            });
            let runs_before = oracle.runs;
            let s = shrink(&moves, f.cases, f.failure, &mut oracle, &options)?;
            Some(Hacked {
                answer: answer_bytes(problem, &s.cases),
                cases: s.cases,
                failure: s.failure,
                found: first,
                round,
                shrink_steps: s.steps,
                // the runs made (not those the deadline refused)
                shrink_runs: oracle.runs - runs_before,
                exhaustive: s.exhaustive && !oracle.cut_short,
                cut_short: oracle.cut_short,
                nearest: None,
            })
        }
    };
    Ok(Report {
        rounds,
        hacked,
        elapsed: start.elapsed(),
    })
}

/// When a time-out's search stops asking for runs: `--time` after the
/// start, less what the last run and the confirming runs may take (a run
/// limited by CPU time takes twice the time limit at most, then up to four
/// runs of `judge run`'s limits), and at least a sixth of `--time` from now.
fn slow_deadline(start: Instant, config: &HackConfig) -> Instant {
    let reserve = config.run.time_limit * 6;
    (start + config.time.saturating_sub(reserve)).max(Instant::now() + config.time / 6)
}

/// A time-out's shrinking (the [module docs](self)): the case shrunk along
/// lines by CPU time, then judged again with `judge run`'s limits
/// ([`confirmations`]: the smallest, then a little larger), until one fails.
fn hack_slow(
    problem: Problem,
    cases: Vec<Case>,
    failure: Failure,
    round: usize,
    oracle: &mut Sandboxed<'_>,
    start: Instant,
    config: &HackConfig,
) -> Result<Hacked, RunError> {
    let first = cases.clone();
    let runs_before = oracle.runs;
    oracle.by_cpu = true;
    oracle.deadline = Some(slow_deadline(start, config));
    let limit = config.run.cpu_limit.unwrap_or(config.run.time_limit);
    let s = shrink_slow(problem, cases[0].clone(), failure, oracle, limit)?;
    oracle.by_cpu = false;
    oracle.deadline = None;
    // Confirm with `judge run`'s limits, the smallest first; a case that
    // passes now was at the boundary. The case adopted before it is kept if
    // none fails again (it failed once).
    let n = s.adopted.len();
    let before = (n >= 2).then(|| s.adopted[n - 2].clone());
    let mut report = before.clone().unwrap_or_else(|| s.adopted[n - 1].clone());
    for case in confirmations(problem, &s.case, before.as_ref().map(|b| &b.0[..])) {
        if let Some(f) = oracle.run(std::slice::from_ref(&case))? {
            report = (case, f);
            break;
        }
    }
    let (case, failure) = report;
    let cases = vec![case];
    Ok(Hacked {
        answer: answer_bytes(problem, &cases),
        cases,
        failure,
        found: first,
        round,
        shrink_steps: s.adopted.len() - 1,
        shrink_runs: oracle.runs - runs_before,
        exhaustive: false,
        cut_short: s.cut_short,
        nearest: s.nearest,
    })
}

/// Runs each of `cases` alone until one fails (or the deadline comes):
/// that case and its failure, and the runs made.
fn alone<'c>(
    oracle: &mut Sandboxed<'_>,
    cases: impl Iterator<Item = &'c Case>,
) -> Result<(Option<(Case, Failure)>, usize), RunError> {
    let mut runs = 0;
    for c in cases {
        if oracle.spent() {
            break;
        }
        runs += 1;
        if let Some(failure) = oracle.run(std::slice::from_ref(c))? {
            return Ok((Some((c.clone(), failure)), runs));
        }
    }
    Ok((None, runs))
}
