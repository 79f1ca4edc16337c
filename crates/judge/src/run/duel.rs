//! The runner of an interactive test: the contestant in the sandbox, the
//! referee ([`beatty_problems::interact::Referee`]) in the judge, joined by the run's
//! own pipes ([`sandbox::run_interactive`]).
//!
//! The referee is trusted and runs in the judge's process; the contestant is
//! not and runs under the same sandbox and limits as a batch run. The loop is
//! the referee's: send what it has to say, read what the contestant writes,
//! feed it, until the referee has its verdict (it then sends `-1` and the run
//! is ended at once: nothing the program does after its first mistake
//! counts), the contestant's output ends, or the run is over. Neither side
//! can hang the judge: a contestant that stops reading or answering meets
//! the wall limit (or the move time limit, when one is set), and the pipes'
//! ends never block past the run's end.
//!
//! **Think time** is the time between the judge's last byte to the
//! contestant and the contestant's line that the referee took as its next
//! side choice or move; the report gives its largest and mean value.
//! **No verdict depends on scheduling** (issue #45): the program's output
//! is read to its end of file before its end, a limit or the move deadline
//! decides anything (`sandbox::FromProgram`: the pipe gets a last look),
//! and a write to a program that has gone is ignored. The program's input
//! stays open until the run ends: a program that reads on after the last
//! game waits for the time limit, as under problemtools' runner.
//!
//! **Verdicts**, by the first protocol violation (see
//! [`beatty_problems::interact::combine`]): a mistake the referee saw first is WA,
//! whatever the program did after; otherwise a run that failed (over the wall
//! or CPU time, the move time limit (TLE, "idle"), memory, its output cap, or
//! a crash) has that verdict; otherwise the referee's at the end of the
//! output (AC, or WA for output that ended mid-game).

use super::test_run::{
    Held, Play, RunConfig, RunError, TestResult, TimedPly, failed, limits_of, start_failed,
};
use crate::sandbox;
use beatty_problems::Verdict;
use beatty_problems::interact::{Game, Ply, Referee, Status, combine, starts};
use std::ffi::OsString;
use std::io::{ErrorKind, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// Bytes the contestant may write in one test: a move is a short line, and
/// the games of a test are at most [`beatty_problems::interact::MAX_PLIES_PER_TEST`]
/// plies.
pub(crate) const OUTPUT_CAP: u64 = 64 << 20;

/// What the talk with the contestant left: the referee, the think times,
/// and how the talk ended.
struct Talked {
    referee: Referee,
    think: Think,
    transcript: Vec<TimedPly>,
    /// The contestant did not answer within the move time limit.
    idle: bool,
    /// The contestant wrote more than [`OUTPUT_CAP`].
    flooded: bool,
}

/// Plays the test `test` of `game` against `cmd` (see the module docs).
pub(crate) fn play_one(
    game: Game,
    test: &Held,
    cmd: &[OsString],
    program: &Path,
    cfg: &RunConfig,
) -> Result<TestResult, RunError> {
    let err =
        |what: &str, e: &dyn std::fmt::Display| RunError(format!("{}: {what}: {e}", test.name));
    let input = test
        .input
        .bytes()
        .map_err(|e| err("cannot read the input", &e))?;
    let (starts, seed) =
        starts::parse(game, &input).map_err(|e| err("invalid interactive test", &e))?;
    let mut referee = Referee::new(starts, seed).map_err(|e| err("cannot play the test", &e))?;
    if cfg.transcript {
        referee.record();
    }
    let limits = limits_of(cfg, cfg.output_limit.unwrap_or(OUTPUT_CAP));
    let cap = limits.output;
    let move_limit = cfg.move_time_limit;
    let (o, talked) =
        sandbox::run_interactive(cmd, &limits, cfg.isolation, true, move |to, from| {
            talk(referee, to, from, cap, move_limit)
        })
        .map_err(|e| start_failed(program, &e))?;
    let Talked {
        mut referee,
        think,
        transcript,
        idle,
        flooded,
    } = talked;
    let decided = referee.judgement().cloned();
    let finished = referee.finish().clone();
    // How the run ended, as a batch run's would be judged (a run the judge
    // ended after the referee's verdict is no failure of the program's).
    let ended_by_judge = decided.is_some();
    let (run_verdict, run_detail) = if idle {
        (
            Verdict::TimeLimit,
            format!(
                "idle: no answer within the move time limit of {:.3}s",
                move_limit.unwrap_or_default().as_secs_f64()
            ),
        )
    } else if flooded {
        (Verdict::OutputLimit, format!("output beyond {cap} bytes"))
    } else if ended_by_judge {
        (Verdict::Accepted, String::new())
    } else {
        failed(&o, &limits).unwrap_or((Verdict::Accepted, String::new()))
    };
    let verdict = combine(decided.as_ref(), run_verdict, &finished);
    let detail = match (&decided, verdict) {
        (Some(j), _) => mistake_of(j),
        (None, Verdict::Accepted) => String::new(),
        (None, v) if v == run_verdict => run_detail,
        (None, _) => mistake_of(&finished),
    };
    if verdict == Verdict::Fail {
        return Err(RunError(format!(
            "{}: referee failure: {detail}",
            test.name
        )));
    }
    let moves = think.answers;
    let think_mean = match moves {
        0 => Duration::ZERO,
        n => think.total / u32::try_from(n).unwrap_or(u32::MAX),
    };
    Ok(TestResult {
        name: test.name.clone(),
        verdict,
        time: o.wall,
        cpu: o.cpu,
        memory: o.memory,
        detail,
        play: Some(Play {
            games: finished.games,
            won: finished.won,
            plies: finished.plies,
            moves,
            think_max: think.longest,
            think_mean,
            transcript,
        }),
    })
}

/// A judgement in the words of a report's detail, whose verdict the report
/// already says: the mistake and the games won.
fn mistake_of(j: &beatty_problems::interact::Judgement) -> String {
    match &j.mistake {
        Some(m) => format!("{m} (won {} of {} games)", j.won, j.games),
        None => j.to_string(),
    }
}

/// The referee's side of the talk (on the thread `run_interactive` gives it).
fn talk(
    mut referee: Referee,
    to: sandbox::ToProgram,
    mut from: sandbox::FromProgram,
    cap: u64,
    move_limit: Option<Duration>,
) -> Talked {
    let (mut think, mut transcript) = (Think::default(), Vec::new());
    let (mut idle, mut flooded) = (false, false);
    let mut buf = vec![0u8; 64 << 10];
    let mut read = 0u64;
    // The program's input stays open until the run ends, as problemtools'
    // runner keeps it (issue #45): a program that reads on after the last
    // game waits, as it would there, and meets the time limit; the
    // statement tells contestants to exit after the last game.
    let mut to = to;
    // A write to a program that has gone (or closed its input) fails and
    // decides nothing: the program is judged by what it wrote, read to its
    // end of file.
    let send = |referee: &mut Referee, to: &mut sandbox::ToProgram| {
        let out = referee.output();
        if !out.is_empty() {
            let _ = to.write_all(&out);
        }
    };
    send(&mut referee, &mut to);
    let mut asked = Instant::now();
    loop {
        if referee.judgement().is_some() {
            // The verdict is given (and `-1` sent): the run ends now.
            from.end_run();
            break;
        }
        from.set_deadline(move_limit.map(|l| asked + l));
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::TimedOut => {
                idle = true;
                from.end_run();
                break;
            }
            // The run is over (a limit, the judge stopping).
            Err(_) => break,
        };
        read += n as u64;
        if read > cap {
            flooded = true;
            from.end_run();
            break;
        }
        let before = referee.status();
        referee.feed(&buf[..n]);
        let now = Instant::now();
        let moved = referee.status() != before;
        if moved && matches!(before, Status::Side { .. } | Status::Move { .. }) {
            think.add(now - asked);
        }
        for ply in referee.take_plies() {
            transcript.push(timed(ply, now - asked));
        }
        send(&mut referee, &mut to);
        if moved {
            asked = Instant::now();
        }
    }
    for ply in referee.take_plies() {
        transcript.push(TimedPly { ply, think: None });
    }
    Talked {
        referee,
        think,
        transcript,
        idle,
        flooded,
    }
}

/// The program's think times, as the report gives them (a test may have
/// hundreds of thousands: kept as a count, a sum and a maximum).
#[derive(Default)]
struct Think {
    answers: u64,
    total: Duration,
    longest: Duration,
}

impl Think {
    fn add(&mut self, t: Duration) {
        self.answers += 1;
        self.total += t;
        self.longest = self.longest.max(t);
    }
}

/// A ply of the contestant's with its think time; the judge's own without.
fn timed(ply: Ply, think: Duration) -> TimedPly {
    let think = (ply.by == beatty_problems::interact::Party::Contestant).then_some(think);
    TimedPly { ply, think }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count, sum and maximum of some think times, against the list's own.
    #[test]
    fn think_keeps_the_count_the_sum_and_the_longest() {
        let times: Vec<Duration> = [5, 1, 9, 9, 2].map(Duration::from_micros).to_vec();
        let mut t = Think::default();
        for &d in &times {
            t.add(d);
        }
        assert_eq!(t.answers, times.len() as u64);
        assert_eq!(t.total, times.iter().sum::<Duration>());
        assert_eq!(Some(t.longest), times.iter().max().copied());
    }
}
