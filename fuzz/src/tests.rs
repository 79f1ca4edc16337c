//! Replays the committed seeds and regressions through the targets' properties, and
//! checks that the derived inputs read the seeds as the hand-written decoder did.

use super::*;
use std::path::{Path, PathBuf};

#[test]
fn the_list_is_the_enumeration() {
    assert_eq!(
        hazards(),
        beatty_hazards::lower_f64_enumerate(0..=domain(), &beatty_hazards::no_progress).unwrap()
    );
}

#[test]
fn fibonacci_numbers() {
    assert_eq!((fib(0), fib(1), fib(2), fib(40)), (0, 1, 1, 102_334_155));
    assert_eq!(fib(93), 12_200_160_415_121_876_738);
}

/// The decoder the targets used before the derived inputs: fixed-width little-endian
/// fields at fixed offsets, zeros past the end.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn take<const N: usize>(&self, at: usize) -> [u8; N] {
        let mut out = [0u8; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0.get(at + i).copied().unwrap_or(0);
        }
        out
    }
    fn u8(&self, at: usize) -> u8 {
        self.take::<1>(at)[0]
    }
    fn u64(&self, at: usize) -> u64 {
        u64::from_le_bytes(self.take(at))
    }
    fn i64(&self, at: usize) -> i64 {
        i64::from_le_bytes(self.take(at))
    }
    fn u128(&self, at: usize) -> u128 {
        u128::from_le_bytes(self.take(at))
    }
}

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The files of `dir` (sorted), with their contents; none when `dir` does not exist.
fn files(dir: &Path, prefix: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<_> = entries
        .map(|e| e.expect("readable directory").path())
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(prefix))
        })
        .map(|p| {
            let data = std::fs::read(&p).expect("readable file");
            (p, data)
        })
        .collect();
    out.sort();
    out
}

fn seeds(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    files(&fuzz_dir().join("corpus").join(target), "seed-")
}

#[test]
fn derived_inputs_read_the_seeds_as_the_byte_layout_says() {
    let mut n = 0;
    for (path, data) in seeds("lower_float_vs_exact") {
        let b = Bytes(&data);
        let old = lower::Input {
            mode: b.u8(0),
            x: b.u64(1),
            y: b.u64(9),
        };
        assert_eq!(
            decode::<lower::Input>(&data),
            Some(old),
            "{}",
            path.display()
        );
        n += 1;
    }
    for (path, data) in seeds("euclid_float_vs_exact") {
        let b = Bytes(&data);
        let old = euclid::Input {
            mode: b.u8(0),
            x: b.u64(1),
            y: b.u64(9),
        };
        assert_eq!(
            decode::<euclid::Input>(&data),
            Some(old),
            "{}",
            path.display()
        );
        n += 1;
    }
    for (path, data) in seeds("exact_oracles") {
        let b = Bytes(&data);
        let old = exact::Input {
            x: b.u64(0),
            y: b.u64(8),
            w: b.u128(16),
        };
        assert_eq!(
            decode::<exact::Input>(&data),
            Some(old),
            "{}",
            path.display()
        );
        n += 1;
    }
    for (path, data) in seeds("quadratic") {
        let b = Bytes(&data);
        let old = quadratic::Input {
            mode: b.u8(0),
            p: b.i64(1),
            q: b.i64(9),
            d: b.u64(17),
            r: b.i64(25),
            n: b.u64(33),
        };
        assert_eq!(
            decode::<quadratic::Input>(&data),
            Some(old),
            "{}",
            path.display()
        );
        n += 1;
    }
    assert!(n >= 300, "only {n} seeds found");
}

/// Runs every file through its target's property; the failures with their panic messages.
fn replay_all(root: &Path, prefix: &str, must_decode: bool) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut ran = 0;
    let dirs = std::fs::read_dir(root).expect("the directory exists");
    for dir in dirs {
        let dir = dir.expect("readable directory").path();
        if !dir.is_dir() {
            continue;
        }
        let target = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        assert!(
            TARGETS.iter().any(|(name, _)| *name == target),
            "{}: no fuzz target `{target}`",
            dir.display()
        );
        for (path, data) in files(&dir, prefix) {
            let result = std::panic::catch_unwind(|| replay(&target, &data));
            match result {
                Ok(Some(true)) => ran += 1,
                Ok(_) if !must_decode => {}
                Ok(_) => failures.push(format!("{}: skipped (too short)", path.display())),
                Err(e) => {
                    let msg = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    failures.push(format!("{}: {msg}", path.display()));
                }
            }
        }
    }
    (ran, failures)
}

#[test]
fn every_regression_passes_its_property() {
    let (ran, failures) = replay_all(&fuzz_dir().join("regressions"), "", true);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 1, "no regression found");
}

#[test]
fn every_seed_passes_its_property() {
    let (ran, failures) = replay_all(&fuzz_dir().join("corpus"), "seed-", false);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 300, "only {ran} seeds ran");
}

#[test]
fn every_target_has_seeds() {
    for (target, _) in TARGETS {
        assert!(!seeds(target).is_empty(), "no seed for {target}");
    }
}

#[test]
fn generate_property_for_every_problem_and_profile() {
    use judge::{Cases, GenerateInput};
    for problem in 0..beatty_problems::Problem::ALL.len() {
        for profile in 0..beatty_problems::generate::Profile::ALL.len() {
            for cases in [
                Cases::Default,
                Cases::Few(0),
                Cases::Few(1),
                Cases::Few(7),
                Cases::AtLimit(0),
                Cases::AtLimit(1),
            ] {
                judge::check_generate(&GenerateInput {
                    problem: problem as u8,
                    profile: profile as u8,
                    seed: 0x5eed ^ problem as u64,
                    cases,
                });
            }
        }
    }
}

#[test]
fn every_fuzz_target_is_replayed() {
    // The [[bin]] names of Cargo.toml are the targets `cargo fuzz list` and build.sh see.
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).expect("Cargo.toml");
    let mut bins: Vec<&str> = manifest
        .split("[[bin]]")
        .skip(1)
        .filter_map(|b| b.lines().find_map(|l| l.strip_prefix("name = ")))
        .map(|n| n.trim_matches('"'))
        .collect();
    let mut replayed: Vec<&str> = TARGETS.iter().map(|(name, _)| *name).collect();
    bins.sort_unstable();
    replayed.sort_unstable();
    assert_eq!(bins, replayed);
}

#[test]
fn every_problem_has_a_valid_judge_input_seed() {
    // `judge_input` feeds each input to every problem; only an input `validate` accepts
    // reaches `solve` and `check`, so each problem needs at least one valid seed.
    let seeds = seeds("judge_input");
    for problem in beatty_problems::Problem::ALL {
        assert!(
            seeds
                .iter()
                .any(|(_, data)| beatty_problems::validate(problem, data).is_ok()),
            "no seed in corpus/judge_input that `validate {problem}` accepts"
        );
    }
}

/// The `referee` property on plays that go deep: every game of each profile
/// played right to the end (AC), and mixed with other legal moves and wrong
/// sides (the reference and the referee agree on where the first mistake is).
#[test]
fn referee_property_on_whole_plays() {
    use beatty_problems::interact::Game;
    use beatty_problems::interact::starts::{Profile, Start, generate};
    use referee::{Act, Input};
    let pair = |s: &Start| match *s {
        Start::Wythoff(a, b) | Start::Euclid(a, b) => (a, b),
        Start::Bash { n, m } => (n, m - 1),
        Start::FibonacciNim(n) => (n - 2, 0),
        _ => unreachable!("the four games"),
    };
    let has_move = |s: &Start| {
        use beatty_games::play::{BashRules, EuclidRules, Rules, WythoffRules};
        match *s {
            Start::Wythoff(a, b) => WythoffRules.has_move(&(a, b)),
            Start::Euclid(a, b) => EuclidRules.has_move(&(a, b)),
            Start::Bash { n, m } => BashRules::new(m).is_ok_and(|r| r.has_move(&n)),
            Start::FibonacciNim(n) => n > 0,
            _ => unreachable!("the four games"),
        }
    };
    let (mut ended, mut skipped) = (0, Vec::new());
    for (g, game) in Game::ALL.into_iter().enumerate() {
        for profile in [
            Profile::Samples,
            Profile::Small,
            Profile::Hazard,
            Profile::Large,
        ] {
            for seed in 0..4u64 {
                // The starts with a move: the reference declines a start
                // without one (the edge profiles open with them).
                let starts: Vec<(u64, u64)> = generate(game, profile, seed)
                    .iter()
                    .filter(|s| has_move(s))
                    .take(8)
                    .map(pair)
                    .collect();
                let right = vec![Act::Right; 5000];
                let mixed: Vec<Act> = (0..5000u16)
                    .map(|i| {
                        if i % 7 == 3 {
                            Act::Other(i)
                        } else {
                            Act::Right
                        }
                    })
                    .collect();
                for (k, acts) in [right, mixed].into_iter().enumerate() {
                    let followed = referee::check(&Input {
                        game: g as u8,
                        starts: starts.clone(),
                        seed,
                        acts,
                        raw: b"First\n1 2\nSecond\n0\n".to_vec(),
                        pieces: vec![1, 3, 2],
                    });
                    ended += usize::from(followed);
                    // Right play to the end: followed unless a start has no move.
                    if k == 0 && !followed {
                        skipped.push(format!("{game:?} {profile:?} seed {seed}"));
                    }
                }
            }
        }
    }
    // 4 games × 4 profiles × 4 seeds × 2 plays.
    assert!(
        ended >= 100,
        "only {ended} plays followed to the end; not: {skipped:?}"
    );
}
