//! The hot paths measured in instructions: `scripts/icount.sh` runs
//! `icount NAME` under `valgrind --tool=callgrind`, counting only what runs
//! inside [`icount_measured`] (the input is made before it, outside the count),
//! and compares the counts with `crates/problems/bench/icount-baseline.txt`.
//!
//! `icount --list` prints the names: `core-lower`, `core-classify`, and
//! `solve-P`, `validate-P`, `check-P` for every problem P, each on a fixed input
//! (`judge gen P --profile random --seed 1 --cases N`, N = 20000 or the most the
//! format allows; the output checked is the
//! exact answer, so `check` reads it all); and `referee-G` for every
//! interactive problem G: the referee judging the judge's own contestant
//! over the 1000 games of the `Many` start profile (seed 1), from the
//! contestant's lines recorded in a first play (the referee's work per ply,
//! without the contestant's).

use beatty_core::golden;
use beatty_problems::generate::{Profile, generate};
use beatty_problems::interact::solution::Solution;
use beatty_problems::interact::starts::{self, Profile as Starts};
use beatty_problems::interact::{Game, Referee};
use beatty_problems::problem::Framing;
use beatty_problems::{Problem, check, solve, validate};
use std::hint::black_box;

/// Cases of each problem's fixed input.
const CASES: u64 = 20_000;
/// Numbers each of `lower` and `classify` is measured on.
const NUMBERS: u64 = 20_000;

/// What is measured: everything this function runs is counted (callgrind's
/// `--toggle-collect`), nothing else.
#[inline(never)]
fn icount_measured(f: &mut dyn FnMut() -> u64) -> u64 {
    f()
}

fn names() -> Vec<String> {
    let mut v = vec!["core-lower".to_string(), "core-classify".to_string()];
    for what in ["solve", "validate", "check"] {
        for p in Problem::ALL {
            v.push(format!("{what}-{p}"));
        }
    }
    for g in Game::ALL {
        v.push(format!("referee-{}", g.name()));
    }
    v
}

/// The contestant's writes when the judge's own contestant plays `starts`
/// against the referee (seed 1), one chunk an answer.
fn recorded(game: Game, starts: &[starts::Start]) -> Vec<Vec<u8>> {
    let mut referee = Referee::new(starts.to_vec(), 1).expect("valid starts");
    let mut solution = Solution::new(game);
    let mut chunks = Vec::new();
    loop {
        let said = referee.output();
        if said.is_empty() {
            return chunks;
        }
        for line in said.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let answer = solution.hear(line).expect("the judge's line");
            if !answer.is_empty() {
                referee.feed(&answer);
                chunks.push(answer);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: icount --list | icount NAME");
        std::process::exit(2);
    };
    if name == "--bench" {
        // `cargo bench` runs every bench target with `--bench`: counts need
        // callgrind, so say where they come from instead of measuring.
        println!("icount: instruction counts come from scripts/icount.sh (callgrind)");
        return;
    }
    if name == "--list" {
        for n in names() {
            println!("{n}");
        }
        return;
    }
    let result = match name.as_str() {
        "core-lower" => icount_measured(&mut || {
            (0..NUMBERS).fold(0u64, |s, k| {
                s.wrapping_add(golden::lower(black_box(k * 48_271)).unwrap_or(0))
            })
        }),
        "core-classify" => icount_measured(&mut || {
            (0..NUMBERS).fold(0u64, |s, n| {
                s.wrapping_add(match golden::classify(black_box(n * 48_271)) {
                    golden::Class::Zero => 0,
                    golden::Class::Lower(k) => k,
                    golden::Class::Upper(k) => k + 1,
                })
            })
        }),
        _ if name.starts_with("referee-") => {
            let Some(game) = Game::from_name(&name["referee-".len()..]) else {
                eprintln!("unknown benchmark {name} (see --list)");
                std::process::exit(2);
            };
            let starts = starts::generate(game, Starts::Many, 1);
            let chunks = recorded(game, &starts);
            icount_measured(&mut || {
                let mut referee = Referee::new(starts.clone(), 1).expect("valid starts");
                for c in &chunks {
                    black_box(referee.output());
                    referee.feed(black_box(c));
                }
                let j = referee.finish();
                assert_eq!(j.verdict, beatty_problems::Verdict::Accepted, "{j}");
                j.plies
            })
        }
        _ => {
            let Some((what, problem)) = name.split_once('-') else {
                eprintln!("unknown benchmark {name} (see --list)");
                std::process::exit(2);
            };
            let Ok(problem) = problem.parse::<Problem>() else {
                eprintln!("unknown benchmark {name} (see --list)");
                std::process::exit(2);
            };
            // At most the count a counted format allows (bash: 100, wythoff-big: 10^4).
            let cases = match problem.spec().framing {
                Framing::Counted { max, .. } => CASES.min(max),
                _ => CASES,
            };
            let mut input = Vec::new();
            generate(problem, Profile::Random, 1, Some(cases), &mut input).expect("generate");
            let mut answer = Vec::new();
            solve(problem, &input[..], &mut answer).expect("solve");
            match what {
                "solve" => icount_measured(&mut || {
                    let mut out = Vec::with_capacity(answer.len());
                    solve(problem, black_box(&input[..]), &mut out).expect("solve");
                    out.len() as u64
                }),
                "validate" => icount_measured(&mut || {
                    validate(problem, black_box(&input)).expect("valid").cases
                }),
                "check" => icount_measured(&mut || {
                    let r = check(problem, black_box(&input), &answer, Some(&answer));
                    assert_eq!(r.verdict, beatty_problems::Verdict::Accepted, "{r}");
                    r.message.len() as u64
                }),
                _ => {
                    eprintln!("unknown benchmark {name} (see --list)");
                    std::process::exit(2);
                }
            }
        }
    };
    black_box(result);
}
