//! Cross-crate tests of `beatty-judge` at the library level: the reference solver
//! agrees with `beatty-games` (and with brute force) on generated inputs of every
//! profile, and the generators' output passes the validator for many seeds.
//! (The tests through the built `judge` binary are in `crates/judge/tests/e2e.rs`,
//! where cargo provides the binary's path.)

use beatty_games::{Outcome, bash, euclid, wythoff};
use beatty_judge::generate::{Profile, generate};
use beatty_judge::{Problem, Verdict, check, solve, validate};
use quickcheck::quickcheck;

/// The cases of a valid input as number pairs (the count line of `bash` and the
/// terminator left out), parsed independently of the crate.
fn cases(problem: Problem, input: &str) -> Vec<(u64, u64)> {
    let mut lines: Vec<&str> = input.lines().collect();
    if problem == Problem::Bash {
        lines.remove(0);
    }
    if matches!(problem, Problem::WythoffMoves | Problem::Euclid) {
        assert_eq!(lines.pop(), Some("0 0"));
    }
    lines
        .iter()
        .map(|l| {
            let (a, b) = l.split_once(' ').expect("two numbers");
            (a.parse().expect("a"), b.parse().expect("b"))
        })
        .collect()
}

/// The expected output, written from the games crate's pinned API and the
/// problem statement's output format.
fn expected(problem: Problem, cases: &[(u64, u64)]) -> String {
    let mut s = String::new();
    for &(a, b) in cases {
        match problem {
            Problem::Wythoff => {
                s += if wythoff::outcome(a, b) == Outcome::N {
                    "1\n"
                } else {
                    "0\n"
                }
            }
            Problem::WythoffMoves => {
                if wythoff::outcome(a, b) == Outcome::P {
                    s += "0\n";
                    continue;
                }
                s += "1\n";
                let moves = wythoff::winning_moves(a, b);
                let norm = |(x, y): (u64, u64)| (x.min(y), x.max(y));
                let mut singles = Vec::new();
                for m in &moves {
                    if m.kind == wythoff::MoveKind::Both {
                        let (x, y) = norm(m.to);
                        s += &format!("{x} {y}\n");
                    } else if !singles.contains(&norm(m.to)) {
                        singles.push(norm(m.to));
                    }
                }
                singles.sort();
                for (x, y) in singles {
                    s += &format!("{x} {y}\n");
                }
            }
            Problem::Bash => {
                s += if bash::outcome(a, b).expect("m > 0") == Outcome::N {
                    "first\n"
                } else {
                    "second\n"
                }
            }
            Problem::BashAuction => match bash::auction_winning_bids(a, b).expect("N > 0") {
                None => s += "none\n",
                Some(r) => {
                    let v: Vec<String> = r.map(|x| x.to_string()).collect();
                    s += &v.join(" ");
                    s += "\n";
                }
            },
            Problem::Euclid => {
                s += if euclid::outcome(a, b) == Outcome::N {
                    "Stan wins\n"
                } else {
                    "Ollie wins\n"
                }
            }
        }
    }
    s
}

fn generated(problem: Problem, profile: Profile, seed: u64, cases: Option<u64>) -> String {
    let mut v = Vec::new();
    generate(problem, profile, seed, cases, &mut v).expect("generate");
    String::from_utf8(v).expect("ascii")
}

fn solved(problem: Problem, input: &str) -> String {
    let mut out = Vec::new();
    solve(problem, input.as_bytes(), &mut out).expect("solve");
    String::from_utf8(out).expect("ascii")
}

#[test]
fn solve_agrees_with_the_games_crate_on_every_profile() {
    for problem in Problem::ALL {
        for profile in Profile::ALL {
            // `max` is large; 2000 cases of it are enough here.
            let n = (profile == Profile::Max && problem != Problem::Bash).then_some(2000);
            let input = generated(problem, profile, 11, n);
            let c = cases(problem, &input);
            assert!(!c.is_empty(), "{problem} {profile:?}");
            assert_eq!(
                solved(problem, &input),
                expected(problem, &c),
                "{problem} {profile:?}"
            );
        }
    }
}

#[test]
fn generated_inputs_pass_validation_for_many_seeds() {
    for seed in 0..40 {
        for problem in Problem::ALL {
            for profile in [Profile::Random, Profile::Edge, Profile::Mixed] {
                if problem == Problem::Wythoff && profile == Profile::Mixed && seed > 2 {
                    continue; // the same hack cases every time; checked on a few seeds
                }
                let input = generated(problem, profile, seed, Some(30));
                if let Err(e) = validate(problem, input.as_bytes()) {
                    panic!("{problem} {profile:?} seed {seed}: {e}\n{input}");
                }
            }
        }
    }
}

#[test]
fn hack_cases_really_make_the_float_formulas_answer_wrongly() {
    let input = generated(Problem::Wythoff, Profile::Hack, 1, None);
    let c = cases(Problem::Wythoff, &input);
    assert!(
        c.contains(&(165_580_140, 267_914_295)),
        "the F40 pair is missing"
    );
    for (a, b) in c {
        assert_ne!(
            beatty_float::is_p_position_f64(a, b),
            beatty_core::golden::is_p_position(a, b)
        );
    }
    let input = generated(Problem::Euclid, Profile::Hack, 1, None);
    let c = cases(Problem::Euclid, &input);
    assert!(!c.is_empty());
    for (a, b) in c {
        assert_ne!(
            beatty_float::euclid_first_wins_f64(a, b),
            euclid::outcome(a, b) == Outcome::N
        );
    }
}

/// Wythoff's P-positions by their definition (a position is P iff no move leads
/// to a P-position), for piles up to `n`.
fn p_table(n: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let to_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|t| p[a - t][b - t]);
            p[a][b] = !to_p;
        }
    }
    p
}

#[test]
fn wythoff_moves_output_matches_brute_force_for_small_piles() {
    const N: usize = 40;
    let p = p_table(N);
    let mut input = String::new();
    let mut want = String::new();
    for a in 0..=N {
        for b in a..=N {
            if a == 0 && b == 0 {
                continue;
            }
            input += &format!("{a} {b}\n");
            if p[a][b] {
                want += "0\n";
                continue;
            }
            want += "1\n";
            // The move from both piles first, then single-pile moves as sorted
            // distinct positions.
            for t in 1..=a {
                if p[a - t][b - t] {
                    want += &format!("{} {}\n", a - t, b - t);
                }
            }
            let mut singles: Vec<(usize, usize)> = Vec::new();
            for (x, row) in p.iter().enumerate().take(a) {
                if row[b] {
                    singles.push((x.min(b), x.max(b)));
                }
            }
            for (y, &is_p) in p[a].iter().enumerate().take(b) {
                if is_p {
                    singles.push((a.min(y), a.max(y)));
                }
            }
            singles.sort();
            singles.dedup();
            for (x, y) in singles {
                want += &format!("{x} {y}\n");
            }
        }
    }
    input += "0 0\n";
    assert_eq!(solved(Problem::WythoffMoves, &input), want);
}

quickcheck! {
    fn solve_wythoff_matches_games_on_any_u64(pairs: Vec<(u64, u64)>) -> bool {
        let input: String = pairs.iter().map(|(a, b)| format!("{a}\t {b}\r\n")).collect();
        solved(Problem::Wythoff, &input) == expected(Problem::Wythoff, &pairs)
    }

    fn solve_and_validate_never_panic(problem: u8, data: Vec<u8>) -> bool {
        let problem = Problem::ALL[usize::from(problem) % 5];
        let _ = validate(problem, &data);
        let _ = solve(problem, &data[..], Vec::new());
        true
    }

    fn the_exact_output_is_accepted_and_a_flipped_one_is_not(pairs: Vec<(u32, u32)>) -> bool {
        let pairs: Vec<(u64, u64)> = pairs
            .iter()
            .map(|&(a, b)| (u64::from(a) % 1_000_000_001, u64::from(b) % 1_000_000_001))
            .collect();
        if pairs.is_empty() {
            return true;
        }
        let input: String = pairs.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
        let out = solved(Problem::Wythoff, &input);
        let ok = check(Problem::Wythoff, input.as_bytes(), out.as_bytes(), Some(out.as_bytes()));
        let flipped: String = out.lines().enumerate().map(|(i, l)| {
            if i == 0 { if l == "0" { "1\n".to_string() } else { "0\n".to_string() } } else { format!("{l}\n") }
        }).collect();
        let bad = check(Problem::Wythoff, input.as_bytes(), flipped.as_bytes(), None);
        ok.verdict == Verdict::Accepted && bad.verdict == Verdict::WrongAnswer
    }
}
