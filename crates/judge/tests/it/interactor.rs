//! The package's interactor held to ours (issue #39, item 2).
//!
//! `judge package GAME-play` ships an interactor in Python 3
//! (`beatty_judge::package::interactive::interactor`): a second
//! implementation of the referee (`interact::Referee`) and of the opponent
//! (`beatty_games::opponent`, with the hazard hook `interact::HazardInterest`:
//! the listed hazard indices are written into it, the rest is computed the same
//! way in IEEE doubles). Here both judge the same contestant at once: the
//! contestant hears our `Referee`; every byte it writes goes to the referee and,
//! through a pipe, to the interactor run as Kattis runs it (`python3
//! interactor.py input answer feedback_dir < contestant_output >
//! contestant_input`), with the same starts and seed. Required: the
//! interactor sends exactly the bytes the referee sends (every opponent move,
//! every sentinel, every `-1`) and reaches the same judgement: the verdict,
//! the kind of the first mistake, its game and ply, the games won, the plies,
//! and whether it came before the end of the output.
//!
//! What is not compared: the wording of the messages (`judgemessage.txt`
//! gives the same facts in its last line, `verdict=… mistake=… game=… ply=…`,
//! but shorter sentences: no perfect-play advice in `WrongSide`, plainer
//! reasons in `IllegalMove`); and how a run ends around the referee (time
//! limits, crashes: the judging system's runner decides those, as
//! `interact::combine` does for ours).
//!
//! The contestants: the judge's own `solution::Solution` on every start
//! profile of the four games at two seeds; every archetype of
//! `interact::archetypes` (Python programs, run as processes) at two seeds,
//! their input kept open after the last game as `judge run` and
//! problemtools' runner keep it (`reads_past_the_end.py` waits there: both
//! referees' AC, the runners' TLE, which verifyproblem and `judge invoke`
//! check on the package);
//! and 400 generated contestants that play the correct solution but replace
//! some lines by random ones (moves near the position, numbers beyond u64,
//! signs, leading zeros, tabs, `\r`, blank lines, overlong lines, words,
//! output after the end, an early exit); and a Fibonacci nim contestant
//! whose small takes make its games too slow.

use beatty_judge::package::interactive::interactor;
use beatty_problems::Verdict;
use beatty_problems::interact::solution::Solution;
use beatty_problems::interact::starts::{self, Profile};
use beatty_problems::interact::{Game, Judgement, Mistake, Referee, Start, Status, archetypes};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The package's interactor of one test, running.
struct Interactor {
    child: Child,
    stdin: Option<ChildStdin>,
    out: std::thread::JoinHandle<Vec<u8>>,
    feedback: PathBuf,
    _dir: tempfile::TempDir,
}

/// The interactor's source of `game`, written once per test binary.
fn interactor_file(game: Game) -> PathBuf {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    let dir = DIR.get_or_init(|| tempfile::tempdir().unwrap());
    let path = dir.path().join(format!("{}.py", game.name()));
    if !path.exists() {
        let tmp = dir.path().join(format!(
            "{}.py.tmp{:?}",
            game.name(),
            std::thread::current().id()
        ));
        std::fs::write(&tmp, interactor(game)).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }
    path
}

impl Interactor {
    fn spawn(game: Game, starts: &[Start], seed: u64) -> Interactor {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("test.in");
        std::fs::write(&input, starts::write(starts, seed)).unwrap();
        let answer = dir.path().join("test.ans");
        std::fs::write(&answer, b"").unwrap();
        let feedback = dir.path().join("feedback");
        std::fs::create_dir(&feedback).unwrap();
        let mut child = Command::new("python3")
            .arg(interactor_file(game))
            .arg(&input)
            .arg(&answer)
            .arg(&feedback)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs the package's interactor");
        let mut stdout = child.stdout.take().unwrap();
        let out = std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = stdout.read_to_end(&mut v);
            v
        });
        Interactor {
            stdin: child.stdin.take(),
            child,
            out,
            feedback,
            _dir: dir,
        }
    }

    /// The contestant's bytes (the interactor may have stopped reading).
    fn feed(&mut self, bytes: &[u8]) {
        if let Some(s) = &mut self.stdin
            && s.write_all(bytes).and_then(|()| s.flush()).is_err()
        {
            self.stdin = None;
        }
    }

    /// The end of the contestant's output: everything it sent, its exit
    /// code and the last line of its judge message.
    fn finish(mut self) -> (Vec<u8>, Option<i32>, String) {
        self.stdin = None;
        let status = self.child.wait().unwrap();
        let out = self.out.join().unwrap();
        let message =
            std::fs::read_to_string(self.feedback.join("judgemessage.txt")).unwrap_or_default();
        let summary = message.lines().last().unwrap_or("").to_owned();
        (out, status.code(), summary)
    }
}

/// The judgement in the interactor's words (its judge message's last line).
fn summary(j: &Judgement, games: usize, decided_before_end: bool) -> String {
    let verdict = match j.verdict {
        Verdict::Accepted => "AC",
        Verdict::WrongAnswer => "WA",
        _ => "FAIL",
    };
    let (kind, game, ply) = match &j.mistake {
        None => ("None", 0, 0),
        Some(m) => match m {
            Mistake::WrongSide { game, .. } => ("WrongSide", *game, 0),
            Mistake::LosingMove { game, ply, .. } => ("LosingMove", *game, *ply),
            Mistake::IllegalMove { game, ply, .. } => ("IllegalMove", *game, *ply),
            Mistake::Malformed { game, ply, .. } => ("Malformed", *game, *ply),
            Mistake::LineTooLong { game, ply, .. } => ("LineTooLong", *game, *ply),
            Mistake::EndOfOutput { game, ply, .. } => ("EndOfOutput", *game, *ply),
            Mistake::OutputAfterEnd { .. } => ("OutputAfterEnd", 0, 0),
            Mistake::TooSlow { game, .. } => ("TooSlow", *game, 0),
            _ => ("Judge", 0, 0),
        },
    };
    format!(
        "verdict={verdict} mistake={kind} game={game} ply={ply} won={} games={games} plies={} decided={}",
        j.won,
        j.plies,
        if decided_before_end {
            "before-end"
        } else {
            "at-end"
        }
    )
}

/// A contestant: what it writes after hearing the judge's bytes; `None` when
/// it exits.
trait Contestant {
    fn respond(&mut self, heard: &[u8]) -> Option<Vec<u8>>;
    /// What it writes after the last game, before it exits.
    fn last_words(&mut self) -> Vec<u8> {
        Vec::new()
    }
}

impl Contestant for Solution {
    fn respond(&mut self, heard: &[u8]) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for line in heard.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            out.extend(self.hear(line).ok()?);
        }
        Some(out)
    }
}

/// What one run came to on both sides.
#[derive(Debug, Default)]
struct Tally {
    runs: usize,
    by_kind: std::collections::BTreeMap<String, usize>,
    /// The last run's judgement.
    last: String,
}

impl Tally {
    fn add(&mut self, ours: &str) {
        self.runs += 1;
        let kind = ours.split(' ').take(2).collect::<Vec<_>>().join(" ");
        *self.by_kind.entry(kind).or_default() += 1;
        ours.clone_into(&mut self.last);
    }
}

/// Plays an in-process contestant against both; panics on any difference.
fn play_in_process(
    game: Game,
    starts: &[Start],
    seed: u64,
    who: &str,
    contestant: &mut dyn Contestant,
    tally: &mut Tally,
) {
    let mut referee = Referee::new(starts.to_vec(), seed).unwrap();
    let mut theirs = Interactor::spawn(game, starts, seed);
    let mut sent = Vec::new();
    loop {
        let out = referee.output();
        sent.extend_from_slice(&out);
        match referee.status() {
            Status::Decided => break,
            Status::End => {
                let last = contestant.last_words();
                referee.feed(&last);
                theirs.feed(&last);
                break;
            }
            _ => {}
        }
        let Some(wrote) = contestant.respond(&out) else {
            break;
        };
        if wrote.is_empty() {
            break; // it waits for nothing: it has exited
        }
        referee.feed(&wrote);
        theirs.feed(&wrote);
    }
    compare(game, starts, seed, who, referee, sent, theirs, tally);
}

#[allow(clippy::too_many_arguments)]
fn compare(
    game: Game,
    starts: &[Start],
    seed: u64,
    who: &str,
    mut referee: Referee,
    mut sent: Vec<u8>,
    theirs: Interactor,
    tally: &mut Tally,
) {
    let decided = referee.judgement().is_some();
    let judgement = referee.finish().clone();
    sent.extend_from_slice(&referee.output());
    let ours = summary(&judgement, starts.len(), decided);
    let (their_out, code, their_summary) = theirs.finish();
    let context = format!(
        "{} seed {seed}, {who}, {} starts (first {:?}); ours: {judgement}",
        game.name(),
        starts.len(),
        starts.first()
    );
    assert_eq!(
        String::from_utf8_lossy(&their_out),
        String::from_utf8_lossy(&sent),
        "{context}: the interactor sent other bytes"
    );
    assert_eq!(their_summary, ours, "{context}: another judgement");
    let want = match judgement.verdict {
        Verdict::Accepted => Some(42),
        Verdict::WrongAnswer => Some(43),
        _ => Some(1),
    };
    assert_eq!(code, want, "{context}: the interactor's exit code");
    tally.add(&ours);
}

/// Plays a program (an archetype) against both; a program that waits
/// longer than `idle` for nothing is killed (the never-flushing archetype).
fn play_program(
    game: Game,
    starts: &[Start],
    seed: u64,
    path: &Path,
    who: &str,
    tally: &mut Tally,
) {
    let mut referee = Referee::new(starts.to_vec(), seed).unwrap();
    let mut theirs = Interactor::spawn(game, starts, seed);
    let mut program = Command::new("python3")
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env_remove("PYTHONUNBUFFERED")
        .spawn()
        .unwrap();
    let mut stdin = program.stdin.take();
    let mut stdout = program.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    let reader = std::thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut sent = Vec::new();
    loop {
        let out = referee.output();
        sent.extend_from_slice(&out);
        if let Some(s) = &mut stdin
            && s.write_all(&out).and_then(|()| s.flush()).is_err()
        {
            stdin = None;
        }
        match referee.status() {
            Status::Decided => break,
            // Every game over: its input stays open, as `judge run` and
            // problemtools' runner keep it (a program that reads on waits).
            Status::End => {}
            _ => {}
        }
        match rx.recv_timeout(Duration::from_secs(3)) {
            Ok(bytes) => {
                referee.feed(&bytes);
                theirs.feed(&bytes);
            }
            Err(_) => break, // it exited, or waits forever
        }
    }
    let _ = program.kill();
    let _ = program.wait();
    drop(rx);
    let _ = reader.join();
    compare(game, starts, seed, who, referee, sent, theirs, tally);
}

#[test]
fn the_interactor_plays_the_judges_solution_as_the_referee_does() {
    let mut tally = Tally::default();
    // Two seeds a profile in the full matrix; in the quick loop one, and
    // not the profile of a thousand games (half the time).
    let slow = beatty_testing::slow_tests();
    let seeds: &[u64] = if slow { &[1, 0xdead_beef] } else { &[1] };
    let profiles: Vec<Profile> = Profile::ALL
        .into_iter()
        .filter(|p| slow || *p != Profile::Many)
        .collect();
    for game in Game::ALL {
        for &profile in &profiles {
            for &seed in seeds {
                let starts = starts::generate(game, profile, seed);
                let mut solution = Solution::new(game);
                play_in_process(
                    game,
                    &starts,
                    seed,
                    "the solution",
                    &mut solution,
                    &mut tally,
                );
            }
        }
    }
    eprintln!("solution: {tally:?}");
    assert_eq!(tally.runs, 4 * profiles.len() * seeds.len());
    assert_eq!(tally.by_kind.len(), 1, "every run AC: {tally:?}");
}

#[test]
fn the_interactor_judges_every_archetype_as_the_referee_does() {
    if beatty_testing::skip_slow() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut tally = Tally::default();
    for game in Game::ALL {
        for a in archetypes::ALL {
            let path = dir.path().join(a.path.replace('/', "_"));
            std::fs::write(&path, a.source(game)).unwrap();
            for seed in [1, 7] {
                let mut starts = starts::samples(game);
                // The small test's edges first (zeros, equal numbers, limits:
                // the Python archetypes once crashed on Euclid's `0 b`).
                starts.extend(
                    starts::generate(game, Profile::Small, seed)
                        .into_iter()
                        .take(21),
                );
                starts.extend(starts::generate(game, Profile::Hazard, seed));
                play_program(game, &starts, seed, &path, a.path, &mut tally);
                // The correct archetype wins every game (its promise: the
                // package's accepted/exact.py), edges included.
                if a.path.starts_with("submissions/accepted/") {
                    assert!(
                        tally.last.starts_with("verdict=AC"),
                        "{} seed {seed}: {}",
                        a.path,
                        tally.last
                    );
                }
            }
        }
    }
    eprintln!("archetypes: {tally:?}");
    assert_eq!(tally.runs, 4 * archetypes::ALL.len() * 2);
}

/// A small PRNG of the test's own (xorshift64*), so the contestants do not
/// depend on the judge's.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The correct solution with some of its lines replaced by random ones.
struct Mutant {
    solution: Solution,
    rng: Rng,
    /// One line in `rate` is replaced.
    rate: u64,
    /// The numbers of the judge's last line.
    last: Vec<u64>,
    /// The numbers of a move line.
    fields: usize,
}

impl Mutant {
    /// The `i`-th token: mostly a number near the `i`-th of the judge's
    /// last line (a legal move, often: one pile kept, a few stones taken).
    fn token(&mut self, i: usize) -> Vec<u8> {
        let near = |r: &mut Rng, last: &[u64]| {
            let base = last.get(i).copied().unwrap_or(0);
            let less = if r.below(2) == 0 { 0 } else { 1 + r.below(3) };
            base.saturating_sub(less).to_string()
        };
        match self.rng.below(14) {
            0..=5 => near(&mut self.rng, &self.last).into_bytes(),
            6 => self.rng.below(4).to_string().into_bytes(),
            7 => u64::MAX.to_string().into_bytes(),
            8 => b"18446744073709551616".to_vec(),
            9 => b"-1".to_vec(),
            10 => b"007".to_vec(),
            11 => b"First".to_vec(),
            12 => b"Second".to_vec(),
            _ => b"x\x00\xff".to_vec(),
        }
    }

    fn random_line(&mut self) -> Vec<u8> {
        let mut line = Vec::new();
        if self.rng.below(20) == 0 {
            line.extend(std::iter::repeat_n(b'7', 120 + self.rng.below(20) as usize));
        } else {
            let tokens = match self.rng.below(10) {
                0 => 0,
                1 => 3,
                2 => 3 - self.fields,
                _ => self.fields,
            };
            for i in 0..tokens {
                if i > 0 || self.rng.below(8) == 0 {
                    line.extend_from_slice(match self.rng.below(6) {
                        0 => b"\t",
                        1 => b"  ",
                        _ => b" ",
                    });
                }
                let t = self.token(i);
                line.extend(t);
            }
        }
        if self.rng.below(6) == 0 {
            line.push(b'\r');
        }
        line.push(b'\n');
        line
    }
}

impl Contestant for Mutant {
    fn respond(&mut self, heard: &[u8]) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for line in heard.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            self.last = line
                .split(|&b| b == b' ')
                .filter_map(|t| std::str::from_utf8(t).ok()?.parse().ok())
                .collect();
            match self.solution.hear(line) {
                Ok(bytes) => out.extend(bytes),
                Err(_) => {
                    // Its state is stale (a replaced line was legal): random play.
                    if self.rng.below(4) == 0 {
                        return None;
                    }
                    out.extend(self.random_line());
                }
            }
        }
        if out.is_empty() {
            return Some(out);
        }
        if self.rng.below(300) == 0 {
            return None; // exits early
        }
        if self.rng.below(self.rate) == 0 {
            let mut lines: Vec<Vec<u8>> = out
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(|l| [l, b"\n"].concat())
                .collect();
            let i = self.rng.below(lines.len() as u64) as usize;
            lines[i] = self.random_line();
            out = lines.concat();
        }
        if self.rng.below(10) == 0 {
            out.splice(0..0, b"\n \t\r\n".iter().copied()); // blank lines
        }
        Some(out)
    }

    fn last_words(&mut self) -> Vec<u8> {
        match self.rng.below(4) {
            0 => self.random_line(),
            1 => b"\n\n".to_vec(),
            _ => Vec::new(),
        }
    }
}

#[test]
fn the_interactor_judges_random_contestants_as_the_referee_does() {
    if beatty_testing::skip_slow() {
        return;
    }
    let mut tally = Tally::default();
    for game in Game::ALL {
        for i in 0..100u64 {
            let seed = 1000 + i;
            let profile = [
                Profile::Samples,
                Profile::Small,
                Profile::BothSides,
                Profile::Hazard,
            ][(i % 4) as usize];
            let mut starts = starts::generate(game, profile, seed);
            starts.truncate(12);
            let mut mutant = Mutant {
                solution: Solution::new(game),
                rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
                rate: [3, 8, 30][(i % 3) as usize],
                last: Vec::new(),
                fields: if matches!(game, Game::Wythoff | Game::Euclid) {
                    2
                } else {
                    1
                },
            };
            play_in_process(
                game,
                &starts,
                seed,
                "a random contestant",
                &mut mutant,
                &mut tally,
            );
        }
    }
    eprintln!("random contestants: {tally:?}");
    assert_eq!(tally.runs, 400);
    // The generated set reaches every kind of ending the referee has.
    for kind in [
        "verdict=AC mistake=None",
        "verdict=WA mistake=WrongSide",
        "verdict=WA mistake=LosingMove",
        "verdict=WA mistake=IllegalMove",
        "verdict=WA mistake=Malformed",
        "verdict=WA mistake=LineTooLong",
        "verdict=WA mistake=EndOfOutput",
        "verdict=WA mistake=OutputAfterEnd",
    ] {
        assert!(tally.by_kind.contains_key(kind), "no {kind}: {tally:?}");
    }
}

/// Fibonacci nim played with the *smallest* winning take (often one stone):
/// correct moves, but games that outlast the ply cap (`TooSlow`).
struct SmallTakes {
    /// (stones, limit) while a game is in play.
    pos: Option<(u64, u64)>,
    /// Whether the count `T` has been heard.
    counted: bool,
}

impl SmallTakes {
    fn my_move(&mut self) -> Option<Vec<u8>> {
        let (n, limit) = self.pos?;
        let take = *beatty_games::opponent::winning_takes(n, limit).first()?;
        self.pos = Some((n - take, 2 * take));
        Some(format!("{take}\n").into_bytes())
    }
}

impl Contestant for SmallTakes {
    fn respond(&mut self, heard: &[u8]) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for line in heard.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let v: u64 = std::str::from_utf8(line).ok()?.parse().ok()?;
            if !self.counted {
                self.counted = true;
                continue;
            }
            match self.pos {
                None => {
                    // A start n (n ≥ 2): the first move may take n − 1.
                    self.pos = Some((v, v - 1));
                    if beatty_games::opponent::winning_takes(v, v - 1).is_empty() {
                        out.extend_from_slice(b"Second\n");
                    } else {
                        out.extend_from_slice(b"First\n");
                        out.extend(self.my_move()?);
                    }
                }
                Some((n, _)) if v == 0 || n == 0 => self.pos = None, // the sentinel
                Some((n, _)) => {
                    self.pos = Some((n - v, 2 * v));
                    out.extend(self.my_move()?);
                }
            }
        }
        Some(out)
    }
}

#[test]
fn the_interactor_calls_slow_fibonacci_nim_too_slow_as_the_referee_does() {
    let mut tally = Tally::default();
    for (seed, starts) in [
        (1, vec![Start::FibonacciNim(1_000_000_000_000_000_000)]),
        (
            2,
            vec![Start::FibonacciNim(4), Start::FibonacciNim(100_000)],
        ),
        (
            3,
            vec![Start::FibonacciNim(1_000), Start::FibonacciNim(987)],
        ),
    ] {
        let mut slow = SmallTakes {
            pos: None,
            counted: false,
        };
        play_in_process(
            Game::FibonacciNim,
            &starts,
            seed,
            "small takes",
            &mut slow,
            &mut tally,
        );
    }
    eprintln!("small takes: {tally:?}");
    assert!(
        tally.by_kind.contains_key("verdict=WA mistake=TooSlow"),
        "{tally:?}"
    );
}
