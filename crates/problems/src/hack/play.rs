//! `judge hack` for the interactive games: the shortest game a program
//! loses or errs in.
//!
//! A start is a case here: its numbers ([`numbers`]: `a b`, `n m` or `n`),
//! so that the search of the batch problems ([`super::batch`]) serves the
//! games unchanged: many games to one test (at most [`batch_size`] starts,
//! within the test's ply budget), a failing test split down to one start.
//! The candidates come in three rounds ([`round`]): the hazard starts (the
//! Wythoff pairs and Euclid ratios where the float formulas are wrong, the
//! Fibonacci and Bash boundaries: the opponent then steers toward the
//! positions where a float program errs), the edge starts and every start
//! with numbers summing to at most [`SMALL_SUM`], then random starts of the
//! generator's profiles.
//!
//! A failing start is shrunk ([`shrink_start`]): the small starts (sum at
//! most [`SMALL_SUM`]) are tried first, in one test, the smallest failing
//! one taken; then its smaller neighbours
//! (each number set to its least, halved, lowered by a power of two; both
//! piles lowered together; the two numbers swapped) are sent in one test,
//! and the smallest that fails is kept, until none fails; then, when at most
//! `exhaustive` starts are smaller ([`smaller_starts`]), all of them are
//! tried, the smallest first, so that the start reported is the smallest
//! failing one. "Smaller" is [`super::case_key`] on the numbers: the smaller
//! sum, then the smaller numbers in order; a smaller start has a shorter
//! game bound (fewer plies).

use super::batch::first_failing;
use super::{Case, Oracle, case_key};
use crate::interact::starts::{Profile, generate};
use crate::interact::{Game, MAX_GAMES, MAX_PLIES_PER_TEST, Start};

/// The largest sum of numbers of the small starts of round 2: every legal
/// start up to it is tried.
pub const SMALL_SUM: u64 = 40;

/// A start's numbers, in the order of its line.
///
/// ```
/// use beatty_problems::hack::play::numbers;
/// use beatty_problems::interact::Start;
/// assert_eq!(numbers(&Start::Bash { n: 7, m: 2 }), [7, 2]);
/// ```
#[must_use]
pub fn numbers(start: &Start) -> Case {
    match *start {
        Start::Wythoff(a, b) | Start::Euclid(a, b) => vec![a, b],
        Start::Bash { n, m } => vec![n, m],
        Start::FibonacciNim(n) => vec![n],
    }
}

/// The start of `game` with these numbers, if it is a legal one
/// ([`Start::check`]).
///
/// ```
/// use beatty_problems::hack::play::start_of;
/// use beatty_problems::interact::{Game, Start};
/// assert_eq!(start_of(Game::Euclid, &[3, 2]), Some(Start::Euclid(3, 2)));
/// assert_eq!(start_of(Game::FibonacciNim, &[1]), None); // at least 2 stones
/// assert_eq!(start_of(Game::Bash, &[5]), None);
/// ```
#[must_use]
pub fn start_of(game: Game, numbers: &[u64]) -> Option<Start> {
    let s = match (game, numbers) {
        (Game::Wythoff, &[a, b]) => Start::Wythoff(a, b),
        (Game::Euclid, &[a, b]) => Start::Euclid(a, b),
        (Game::Bash, &[n, m]) => Start::Bash { n, m },
        (Game::FibonacciNim, &[n]) => Start::FibonacciNim(n),
        _ => return None,
    };
    s.check().is_ok().then_some(s)
}

/// The most starts one test of `game` holds: [`MAX_GAMES`], or fewer so
/// that any starts' ply caps fit [`MAX_PLIES_PER_TEST`] (the caps are at
/// most 121 for Wythoff, 182 for Euclid, 201 for Bash, 400 for Fibonacci
/// nim).
#[must_use]
pub fn batch_size(game: Game) -> usize {
    let cap = match game {
        Game::Wythoff => 121,
        Game::Euclid => 182,
        Game::Bash => 201,
        Game::FibonacciNim => beatty_games::opponent::FIBONACCI_NIM_PLY_CAP,
    };
    MAX_GAMES.min(usize::try_from(MAX_PLIES_PER_TEST / cap).unwrap_or(MAX_GAMES))
}

/// The names of the rounds, in order.
pub const ROUNDS: [&str; 3] = ["hazard starts", "edge and small starts", "random starts"];

/// The starts of round `r` (0, 1 or 2; random rounds again for 2 and above,
/// each of its own seed), as numbers, sorted by size without repeats.
#[must_use]
pub fn round(game: Game, r: usize, seed: u64) -> Vec<Case> {
    let mut starts = match r {
        0 => generate(game, Profile::Hazard, seed),
        1 => {
            let mut v = generate(game, Profile::Small, seed);
            v.extend(
                (0..=SMALL_SUM)
                    .flat_map(|s| with_sum(game, s))
                    .filter_map(|c| start_of(game, &c)),
            );
            v.extend(generate(game, Profile::Samples, seed));
            v
        }
        _ => {
            let seed = seed.wrapping_add(r as u64);
            let profile = [Profile::Large, Profile::BothSides, Profile::Many][r % 3];
            generate(game, profile, seed)
        }
    };
    starts.retain(|s| s.check().is_ok());
    let mut cases: Vec<Case> = starts.iter().map(numbers).collect();
    cases.sort_by_key(|c| case_key(c));
    cases.dedup();
    cases
}

/// The smaller neighbours of a start (see the [module docs](self)), legal
/// ones only, sorted by size.
///
/// ```
/// use beatty_problems::hack::play::moves;
/// use beatty_problems::interact::Game;
/// let m = moves(Game::Wythoff, &[3, 5]);
/// assert_eq!(m[0], [3, 0]); // the smallest first: sum 3
/// assert!(moves(Game::Wythoff, &[5, 3]).contains(&vec![3, 5])); // swapped
/// assert!(m.contains(&vec![2, 4]) && m.contains(&vec![3, 4]));
/// ```
#[must_use]
pub fn moves(game: Game, start: &[u64]) -> Vec<Case> {
    let key = case_key(start);
    let mut out: Vec<Case> = Vec::new();
    for i in 0..start.len() {
        let v = start[i];
        let mut lower = vec![0, v / 2];
        lower.extend(
            (0..64)
                .map(|j| 1u64 << j)
                .take_while(|&d| d <= v)
                .map(|d| v - d),
        );
        for w in lower {
            let mut c = start.to_vec();
            c[i] = w;
            out.push(c);
        }
    }
    if let &[a, b] = start {
        out.push(vec![b, a]);
        let least = a.min(b);
        for d in (0..64).map(|j| 1u64 << j).take_while(|&d| d <= least) {
            out.push(vec![a - d, b - d]);
        }
    }
    out.retain(|c| case_key(c) < key && start_of(game, c).is_some());
    out.sort_by_key(|c| case_key(c));
    out.dedup();
    out
}

/// Every legal start of `game` smaller than `start` (by [`case_key`]), the
/// smallest first; `None` when there are more than `limit`.
///
/// ```
/// use beatty_problems::hack::play::smaller_starts;
/// use beatty_problems::interact::Game;
/// assert_eq!(smaller_starts(Game::FibonacciNim, &[5], 10).unwrap(), [[2], [3], [4]]);
/// assert_eq!(smaller_starts(Game::Wythoff, &[0, 2], 10).unwrap(), [[0, 0], [0, 1], [1, 0]]);
/// assert!(smaller_starts(Game::Euclid, &[1000, 1000], 100).is_none());
/// ```
#[must_use]
pub fn smaller_starts(game: Game, start: &[u64], limit: usize) -> Option<Vec<Case>> {
    let key = case_key(start);
    let sum = u64::try_from(key.0).ok()?;
    let mut out = Vec::new();
    for s in 0..=sum {
        for c in with_sum(game, s) {
            if case_key(&c) < key && start_of(game, &c).is_some() {
                if out.len() == limit {
                    return None;
                }
                out.push(c);
            }
        }
    }
    Some(out)
}

/// The numbers of `game`'s arity summing to `s`, in order (legal or not).
fn with_sum(game: Game, s: u64) -> Vec<Case> {
    match game {
        Game::FibonacciNim => vec![vec![s]],
        _ => (0..=s).map(|a| vec![a, s - a]).collect(),
    }
}

/// What [`shrink_start`] came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShrunkStart<F> {
    /// The smallest failing start found (its numbers).
    pub start: Case,
    /// How it failed.
    pub failure: F,
    /// The moves taken.
    pub steps: usize,
    /// The runs of the program.
    pub runs: usize,
    /// Whether every smaller start was tried and passed: `start` is the
    /// smallest failing one.
    pub exhaustive: bool,
}

/// Shrinks the failing `start` (see the [module docs](self)): `batch`
/// starts to a test at most, and every smaller start tried at the end when
/// there are at most `exhaustive` of them.
///
/// # Errors
/// The oracle's error, at once.
///
/// ```
/// use beatty_problems::hack::play::shrink_start;
/// use beatty_problems::interact::Game;
/// // A "program" that loses every Wythoff game with a pile of 37 or more.
/// let mut oracle = |starts: &[Vec<u64>]| -> Result<Option<()>, ()> {
///     Ok(starts.iter().any(|s| s.iter().any(|&v| v >= 37)).then_some(()))
/// };
/// let s = shrink_start(Game::Wythoff, vec![900, 12345], (), &mut oracle, 100, 5000).unwrap();
/// assert_eq!(s.start, [0, 37]);
/// assert!(s.exhaustive);
/// ```
pub fn shrink_start<O: Oracle>(
    game: Game,
    start: Case,
    failure: O::Failure,
    oracle: &mut O,
    batch: usize,
    exhaustive: usize,
) -> Result<ShrunkStart<O::Failure>, O::Error> {
    let mut s = ShrunkStart {
        start,
        failure,
        steps: 0,
        runs: 0,
        exhaustive: false,
    };
    // The small starts first, in one test: most wrong players fail on one,
    // and the moves then have little left to do.
    if case_key(&s.start).0 > u128::from(SMALL_SUM) {
        let small: Vec<Case> = (0..=SMALL_SUM)
            .flat_map(|sum| with_sum(game, sum))
            .filter(|c| start_of(game, c).is_some())
            .collect();
        let r = first_failing(&small, batch, oracle)?;
        s.runs += r.runs;
        if let Some(f) = r.found
            && f.cases.len() == 1
        {
            s.start = f.cases[0].clone();
            s.failure = f.failure;
            s.steps += 1;
        }
    }
    loop {
        let m = moves(game, &s.start);
        if m.is_empty() {
            break;
        }
        let r = first_failing(&m, batch, oracle)?;
        s.runs += r.runs;
        match r.found {
            Some(f) if f.cases.len() == 1 => {
                s.start = f.cases[0].clone();
                s.failure = f.failure;
                s.steps += 1;
            }
            _ => break,
        }
    }
    if let Some(all) = smaller_starts(game, &s.start, exhaustive) {
        let r = first_failing(&all, batch, oracle)?;
        s.runs += r.runs;
        match r.found {
            Some(f) if f.cases.len() == 1 => {
                s.start = f.cases[0].clone();
                s.failure = f.failure;
                s.steps += 1;
                // Everything before it in the sorted list passed.
                s.exhaustive = true;
            }
            Some(_) => {}
            None => s.exhaustive = true,
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_are_legal_sorted_and_fit_a_test() {
        for game in Game::ALL {
            for r in 0..4 {
                let cases = round(game, r, 1);
                assert!(!cases.is_empty(), "{game:?} {r}");
                assert!(cases.windows(2).all(|w| case_key(&w[0]) < case_key(&w[1])));
                let starts: Vec<Start> = cases.iter().map(|c| start_of(game, c).unwrap()).collect();
                for chunk in starts.chunks(batch_size(game)) {
                    crate::interact::starts::check(chunk).unwrap();
                }
            }
        }
        // Round 2 holds every start up to the small sum: count them by the
        // definition (Bash: m ≥ 1; Fibonacci nim: n ≥ 2).
        let small = |g| {
            round(g, 1, 1)
                .into_iter()
                .filter(|c: &Case| c.iter().sum::<u64>() <= SMALL_SUM)
                .count()
        };
        let s = SMALL_SUM as usize;
        assert_eq!(small(Game::Wythoff), (s + 1) * (s + 2) / 2);
        assert_eq!(small(Game::FibonacciNim), s - 1);
        assert_eq!(small(Game::Bash), (1..=s).map(|m| s - m + 1).sum::<usize>());
    }

    #[test]
    fn numbers_and_starts_round_trip() {
        for game in Game::ALL {
            for c in round(game, 0, 3) {
                assert_eq!(numbers(&start_of(game, &c).unwrap()), c);
            }
        }
        assert_eq!(batch_size(Game::FibonacciNim), 625);
        assert_eq!(batch_size(Game::Wythoff), MAX_GAMES);
    }

    /// The shrinker against an oracle of known smallest failure, checked by
    /// a brute force over every start.
    #[test]
    fn the_shrinker_finds_the_smallest_failing_start() {
        let bad = |c: &Case| c.iter().sum::<u64>() >= 30 && c[0] % 2 == 1;
        let mut runs = 0;
        let mut oracle = |input: &[Case]| -> Result<Option<Case>, ()> {
            runs += 1;
            Ok(input.iter().find(|c| bad(c)).cloned())
        };
        let s = shrink_start(
            Game::Euclid,
            vec![999_999, 77],
            vec![],
            &mut oracle,
            50,
            5000,
        )
        .unwrap();
        let brute = (0..=60u64)
            .flat_map(|a| (0..=60u64).map(move |b| vec![a, b]))
            .filter(|c| bad(c) && start_of(Game::Euclid, c).is_some())
            .min_by_key(|c| case_key(c))
            .unwrap();
        assert_eq!(s.start, brute);
        assert!(s.exhaustive && s.steps > 0 && s.runs > 0);
        assert!(runs > 0);
        // Nothing smaller fails: nothing to do, and the start is kept.
        let mut never = |_: &[Case]| -> Result<Option<()>, ()> { Ok(None) };
        let s = shrink_start(Game::Bash, vec![5, 2], (), &mut never, 10, 100).unwrap();
        assert_eq!((s.start, s.steps, s.exhaustive), (vec![5, 2], 0, true));
    }

    #[test]
    fn moves_are_smaller_and_legal() {
        for game in Game::ALL {
            for c in round(game, 0, 5).into_iter().take(200) {
                for m in moves(game, &c) {
                    assert!(case_key(&m) < case_key(&c));
                    assert!(start_of(game, &m).is_some());
                }
            }
        }
        assert!(moves(Game::FibonacciNim, &[2]).is_empty());
    }
}
