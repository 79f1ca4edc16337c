//! The shrinker: from a failing input to the smallest failing one.
//!
//! Like Hypothesis, it keeps moving to a smaller input ([`size_key`]) that
//! still fails, until no move does. The moves of one case ([`Moves::of`]),
//! every one legal and smaller than the case:
//!
//! * each number: to its lower limit, and down by half the distance to it,
//!   a quarter, …, by 1;
//! * two numbers: both down by the same amounts (the difference kept), and
//!   an amount moved from the first to the second (the sum kept, the first
//!   smaller); the two swapped when the second is smaller;
//! * Wythoff's games: the same offset from the P-position (⌊k'φ⌋, ⌊k'φ²⌋)
//!   of a smaller k' (0, halvings, k − 1, every float hazard below k) as
//!   the case has from that of its k = larger − smaller, and those
//!   P-positions and the float formula's positions themselves;
//! * Euclid's game: one step of the game backwards (b − a, a) (the ratio
//!   stays near φ), both numbers divided by a common factor;
//! * Fibonacci nim: the same offset from a smaller Fibonacci number;
//! * Bash's games: the first number down by multiples of the second plus one
//!   (the remainder kept).
//!
//! A single failing case has all its moves tried in one batch (the smallest
//! first: the first failing one is the smallest). Once none fails, when at
//! most [`Options::exhaustive`] legal cases are smaller, all of them are
//! tried, the smallest first: the case kept is then the smallest failing
//! case of all. An input of several cases (a failure only of the batch) is
//! cut down case by case (removing cases, as delta debugging does, then the
//! moves of each case), one run per try.

// The pure modules this one reads (one block, repointed at the crate split).
use super::batch::first_failing;
use super::candidates::{below, fibonacci, hazard_ks, is_wythoff};
use super::{Case, Oracle, case_key, legal, size_key};
use crate::Problem;
use beatty_core::golden;

/// How far to shrink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The most cases to one run.
    pub batch: usize,
    /// The most smaller cases to try all of at the end (0: never).
    pub exhaustive: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            batch: 10_000,
            exhaustive: 200_000,
        }
    }
}

/// The shrunk input and how it got there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk<F> {
    /// The smallest failing input found.
    pub cases: Vec<Case>,
    /// How it failed (its last failing run).
    pub failure: F,
    /// Moves taken (each to a smaller failing input).
    pub steps: usize,
    /// Runs of the program.
    pub runs: usize,
    /// Cases sent to the program in whole batches (the halves a failing
    /// batch is split into are not counted again; see
    /// [`Search::tried`](super::batch::Search::tried)).
    pub cases_run: usize,
    /// Whether every smaller single case was tried and passed: then `cases`
    /// (one case) is the smallest failing case there is.
    pub exhaustive: bool,
}

/// The per-problem moves, with what they need computed once.
#[derive(Clone, Debug)]
pub struct Moves {
    problem: Problem,
    hazards: Vec<u64>,
    fibonacci: Vec<u64>,
}

impl Moves {
    /// The moves of `problem`.
    #[must_use]
    pub fn new(problem: Problem) -> Moves {
        let mut hazards = if is_wythoff(problem) {
            hazard_ks(problem)
        } else {
            Vec::new()
        };
        hazards.sort_unstable();
        hazards.dedup();
        Moves {
            problem,
            hazards,
            fibonacci: fibonacci(),
        }
    }

    /// The moves of `case` (see the [module docs](self)): legal cases
    /// smaller than it, each once, the smallest first.
    #[must_use]
    pub fn of(&self, case: &[u64]) -> Vec<Case> {
        let p = self.problem;
        let mut v: Vec<Case> = Vec::new();
        let spec = p.spec();
        let downs = |x: u64, min: u64| -> Vec<u64> {
            let mut d: Vec<u64> = (1..64).map(|j| (x.saturating_sub(min)) >> j).collect();
            d.push(x.saturating_sub(min));
            d.push(1);
            d.retain(|&d| d > 0 && d <= x.saturating_sub(min));
            d
        };
        for (i, f) in spec.fields.iter().enumerate() {
            for d in downs(case[i], f.min) {
                let mut c = case.to_vec();
                c[i] -= d;
                v.push(c);
            }
        }
        if let [a, b] = *case {
            for d in downs(a.min(b), 0) {
                v.push(vec![a - d, b - d]);
            }
            for d in downs(a, 0) {
                v.push(vec![a - d, b.saturating_add(d)]);
            }
            v.push(vec![b, a]);
            self.pair_moves(a, b, &mut v);
        } else if let [n] = *case {
            // the same offset from a smaller Fibonacci number
            if let Some(i) = self.fibonacci.iter().rposition(|&f| f <= n) {
                let d = n - self.fibonacci[i];
                for &f in &self.fibonacci[..i] {
                    v.push(vec![f + d]);
                    v.push(vec![f]);
                }
            }
        }
        let key = case_key(case);
        v.retain(|c| legal(p, c) && case_key(c) < key);
        v.sort_by_cached_key(|c| case_key(c));
        v.dedup();
        v
    }

    fn pair_moves(&self, a: u64, b: u64, v: &mut Vec<Case>) {
        let (s, l) = (a.min(b), a.max(b));
        let ordered = |x: u64, y: u64| if a <= b { vec![x, y] } else { vec![y, x] };
        match self.problem {
            p if is_wythoff(p) => {
                let k = l - s;
                let offset = i128::from(s) - golden::lower_wide(k) as i128;
                let mut ks: Vec<u64> = (1..64).map(|j| k - (k >> j)).collect();
                ks.extend([0, k.saturating_sub(1)]);
                ks.extend(self.hazards.iter().copied().filter(|&h| h < k));
                for k2 in ks {
                    let Some((x, _)) = golden::pair(k2) else {
                        continue;
                    };
                    if let Ok(x2) = u64::try_from(i128::from(x) + offset) {
                        v.push(ordered(x2, x2.saturating_add(k2)));
                    }
                    v.push(ordered(x, x + k2));
                    let f = beatty_float::lower_f64(k2);
                    v.push(ordered(f, f.saturating_add(k2)));
                }
            }
            Problem::Euclid if s > 0 => {
                v.push(ordered(l - s, s));
                let g = gcd(s, l);
                for q in [g, 2, 3, 5, 7] {
                    if q > 1 && s % q == 0 && l % q == 0 {
                        v.push(vec![a / q, b / q]);
                    }
                }
            }
            Problem::Bash | Problem::BashAuction => {
                let m = b.saturating_add(1);
                let q = a / m;
                for j in 1..64 {
                    let d = q - (q >> j);
                    v.push(vec![a - d * m, b]);
                }
                v.push(vec![a % m, b]);
            }
            _ => {}
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Shrinks the failing input `cases` (which failed with `failure`): see the
/// [module docs](self).
///
/// # Errors
/// The oracle's error, at once.
///
/// ```
/// use beatty_problems::{Problem, hack::shrink::{shrink, Moves, Options}};
/// // A "program" wrong when a·b is at least 5000.
/// let mut oracle = |input: &[Vec<u64>]| -> Result<Option<()>, ()> {
///     Ok(input.iter().any(|c| c[0] * c[1] >= 5000).then_some(()))
/// };
/// let moves = Moves::new(Problem::Bash);
/// let s = shrink(&moves, vec![vec![900, 700]], (), &mut oracle, &Options::default()).unwrap();
/// // The smallest sum is 142 (71·71 ≥ 5000 > 70·71), and with it the
/// // smallest first number is 65 (65·77 = 5005; 64·78 = 4992).
/// assert_eq!(s.cases, [vec![65, 77]]);
/// assert!(s.exhaustive);
/// ```
pub fn shrink<O: Oracle>(
    moves: &Moves,
    cases: Vec<Case>,
    failure: O::Failure,
    oracle: &mut O,
    options: &Options,
) -> Result<Shrunk<O::Failure>, O::Error> {
    let mut s = Shrunk {
        cases,
        failure,
        steps: 0,
        runs: 0,
        cases_run: 0,
        exhaustive: false,
    };
    if s.cases.len() > 1 {
        shrink_input(moves, &mut s, oracle)?;
    }
    if s.cases.len() == 1 {
        shrink_case(moves, &mut s, oracle, options)?;
    }
    Ok(s)
}

/// One run of a candidate input; it becomes the current one if it fails.
fn attempt<O: Oracle>(
    s: &mut Shrunk<O::Failure>,
    input: Vec<Case>,
    oracle: &mut O,
) -> Result<bool, O::Error> {
    s.runs += 1;
    s.cases_run += input.len();
    if let Some(f) = oracle.run(&input)? {
        (s.cases, s.failure) = (input, f);
        s.steps += 1;
        return Ok(true);
    }
    Ok(false)
}

/// Several cases: each alone, then delta debugging's removals, then each
/// case's moves, until none fails.
fn shrink_input<O: Oracle>(
    moves: &Moves,
    s: &mut Shrunk<O::Failure>,
    oracle: &mut O,
) -> Result<(), O::Error> {
    // A case that fails alone is a smaller input at once.
    let mut alone: Vec<Case> = s.cases.clone();
    alone.sort_by_cached_key(|c| case_key(c));
    alone.dedup();
    for c in alone {
        if attempt(s, vec![c], oracle)? {
            return Ok(());
        }
    }
    'again: loop {
        // removals: halves, quarters, …, single cases
        let mut chunk = s.cases.len() / 2;
        while chunk >= 1 {
            let n = s.cases.len();
            for start in (0..n).step_by(chunk) {
                if n - chunk.min(n - start) == 0 {
                    continue;
                }
                let mut rest = s.cases[..start].to_vec();
                rest.extend_from_slice(&s.cases[(start + chunk).min(n)..]);
                if attempt(s, rest, oracle)? {
                    continue 'again;
                }
            }
            chunk /= 2;
        }
        // each case's moves, the smallest first
        let key = size_key(&s.cases);
        for i in 0..s.cases.len() {
            for m in moves.of(&s.cases[i]) {
                let mut input = s.cases.clone();
                input[i] = m;
                if size_key(&input) < key && attempt(s, input, oracle)? {
                    continue 'again;
                }
            }
        }
        return Ok(());
    }
}

/// How a search for one smaller failing case ended.
enum Ended {
    /// A single case failed and is now the input.
    Adopted,
    /// Only batches of the candidates failed, no case alone.
    OnlyBatches,
    /// Nothing failed.
    Nothing,
}

/// Runs `candidates` in batches (the first failing one, split down), counts
/// the runs, and takes a case that fails alone as the input.
fn search<O: Oracle>(
    s: &mut Shrunk<O::Failure>,
    candidates: &[Case],
    batch: usize,
    oracle: &mut O,
) -> Result<Ended, O::Error> {
    let found = first_failing(candidates, batch, oracle)?;
    s.runs += found.runs;
    s.cases_run += found.tried;
    Ok(match found.found {
        Some(f) if f.cases.len() == 1 => {
            (s.cases, s.failure) = (f.cases, f.failure);
            s.steps += 1;
            Ended::Adopted
        }
        Some(_) => Ended::OnlyBatches,
        None => Ended::Nothing,
    })
}

/// One case: its moves in one batch until none fails, then every smaller
/// case when there are few enough.
fn shrink_case<O: Oracle>(
    moves: &Moves,
    s: &mut Shrunk<O::Failure>,
    oracle: &mut O,
    options: &Options,
) -> Result<(), O::Error> {
    loop {
        let m = moves.of(&s.cases[0]);
        if !matches!(search(s, &m, options.batch, oracle)?, Ended::Adopted) {
            break;
        }
    }
    if options.exhaustive == 0 {
        return Ok(());
    }
    let key = case_key(&s.cases[0]);
    let mut smaller = below(moves.problem, key.0 + 1, options.exhaustive + 1);
    smaller.retain(|c| case_key(c) < key);
    if smaller.len() > options.exhaustive {
        return Ok(());
    }
    match search(s, &smaller, options.batch, oracle)? {
        Ended::Adopted | Ended::Nothing => s.exhaustive = true,
        // Only batches of them fail (the program mishandles several
        // cases): each alone, when they are few.
        Ended::OnlyBatches if smaller.len() <= ALONE => {
            for c in smaller {
                if attempt(s, vec![c], oracle)? {
                    break;
                }
            }
            s.exhaustive = true;
        }
        Ended::OnlyBatches => {}
    }
    Ok(())
}

/// The most smaller cases run one by one when only batches of them fail.
const ALONE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// The independent search: every legal case with both numbers up to
    /// `top`, the smallest failing one by sum, then numbers.
    fn brute_min(p: Problem, top: u64, fails: &dyn Fn(&[u64]) -> bool) -> Option<Case> {
        let mut best: Option<Case> = None;
        for a in 0..=top {
            for b in 0..=top {
                let c = vec![a, b];
                if legal(p, &c) && fails(&c) {
                    let better = best
                        .as_ref()
                        .is_none_or(|x| (a + b, a) < (x[0] + x[1], x[0]));
                    if better {
                        best = Some(c);
                    }
                }
            }
        }
        best
    }

    fn oracle_of(
        fails: &dyn Fn(&[u64]) -> bool,
    ) -> impl FnMut(&[Case]) -> Result<Option<()>, ()> + '_ {
        move |input: &[Case]| Ok(input.iter().any(|c| fails(c)).then_some(()))
    }

    /// The counts of a shrink are what the program was asked: its runs are
    /// the oracle's calls, and its cases some of the cases those calls held
    /// (the whole batches: a split's halves are not counted again), counted
    /// here by the oracle itself.
    #[test]
    fn the_counts_are_the_oracles_calls_and_cases() {
        let moves = Moves::new(Problem::Bash);
        let fails = |c: &[u64]| c[0] + c[1] >= 37 && c[0] % 3 == 1;
        let mut inner = oracle_of(&fails);
        let (mut calls, mut cases) = (0, 0);
        let mut counting = |batch: &[Case]| {
            calls += 1;
            cases += batch.len();
            inner(batch)
        };
        let start = vec![vec![250, 200]];
        let s = shrink(&moves, start, (), &mut counting, &Options::default()).unwrap();
        assert!(s.steps > 0 && calls > 1, "{s:?}");
        assert_eq!(s.runs, calls);
        assert!(0 < s.cases_run && s.cases_run <= cases, "{s:?}: {cases}");
    }

    /// The property: on random predicates, from a random failing case, the
    /// shrinker ends at the smallest failing case that a brute force over
    /// all of Bash's cases finds.
    #[test]
    fn shrinking_finds_the_brute_force_minimum() {
        let mut rng = SplitMix64::new(4848);
        let p = Problem::Bash;
        let moves = Moves::new(p);
        // 8 predicates in the full matrix, 3 in the quick loop.
        let mut checked = 0;
        for round in 0..beatty_testing::rounds(3, 8) {
            let (x, y, m, r, t) = (
                rng.range(1, 30),
                rng.range(1, 30),
                rng.range(2, 40),
                rng.range(0, 1),
                rng.range(0, 300),
            );
            let fails = move |c: &[u64]| (c[0] * x + c[1] * y) % m == r && c[0] + c[1] >= t;
            let Some(want) = brute_min(p, 1000, &fails) else {
                continue;
            };
            // a failing start far from the minimum (where fewer than
            // `Options::exhaustive` cases are smaller: the moves alone stop
            // at local minima of such sparse predicates)
            let start = (0..10_000)
                .map(|_| vec![rng.range(1, 300), rng.range(1, 300)])
                .filter(|c| fails(c))
                .max_by_key(|c| c[0] + c[1])
                .unwrap_or_else(|| want.clone());
            let mut o = oracle_of(&fails);
            let s = shrink(&moves, vec![start], (), &mut o, &Options::default()).unwrap();
            assert_eq!(s.cases, [want], "round {round}");
            assert!(s.exhaustive);
            checked += 1;
        }
        assert!(checked > 0, "no predicate of these rounds fails below 1000");
    }

    /// Without the final exhaustive pass the moves alone reach the minimum
    /// of monotone predicates (a threshold on the sum, on each number) — the
    /// moves do not stop at a local minimum there. (They can elsewhere: a
    /// threshold on the product stops them near the minimum; the exhaustive
    /// pass is what finds it.)
    #[test]
    fn the_moves_alone_reach_the_minimum_of_monotone_predicates() {
        let p = Problem::Bash;
        let moves = Moves::new(p);
        let no_exhaustive = Options {
            batch: 100,
            exhaustive: 0,
        };
        let mut rng = SplitMix64::new(7);
        // 4 thresholds in the full matrix, 2 in the quick loop.
        let mut checked = 0;
        for _ in 0..beatty_testing::rounds(2, 4) {
            let (t, x, y) = (rng.range(2, 1900), rng.range(1, 900), rng.range(1, 900));
            type Pred = Box<dyn Fn(&[u64]) -> bool>;
            let preds: [Pred; 2] = [
                Box::new(move |c: &[u64]| c[0] + c[1] >= t),
                Box::new(move |c: &[u64]| c[0] >= x && c[1] >= y),
            ];
            for fails in &preds {
                let Some(want) = brute_min(p, 1000, fails) else {
                    continue;
                };
                let mut o = oracle_of(fails);
                let s = shrink(&moves, vec![vec![1000, 1000]], (), &mut o, &no_exhaustive).unwrap();
                assert_eq!(s.cases, [want]);
                assert!(!s.exhaustive);
                checked += 1;
            }
        }
        assert!(checked > 0, "no threshold of these rounds fails below 1000");
    }

    /// The float Wythoff test (`is_p_position_f64`) shrunk from a later
    /// hazard's P-position ends at the first hazard of beatty-hazards (k =
    /// F(40) = 102334155, the issue's number), where no brute force reaches.
    #[test]
    fn the_float_wythoff_failure_shrinks_to_the_first_hazard() {
        let first = beatty_hazards::lower_f64::stats(
            0..=1_000_000_000,
            beatty_hazards::Method::Enumerate,
            &beatty_hazards::no_progress,
        )
        .first
        .unwrap();
        assert_eq!(first, 102_334_155);
        let fails = |c: &[u64]| {
            beatty_float::is_p_position_f64(c[0].min(c[1]), c[0].max(c[1]))
                != golden::is_p_position(c[0].min(c[1]), c[0].max(c[1]))
        };
        let later = beatty_hazards::lower_f64_hazards(0..=400_000_000).unwrap();
        let p = Problem::Wythoff;
        let moves = Moves::new(p);
        for &k in &later[1..4] {
            let c = beatty_hazards::consequence(k);
            for (a, b) in [c.p_position, c.n_position] {
                let start = vec![b as u64, a as u64];
                assert!(fails(&start));
                let mut o = oracle_of(&fails);
                let s = shrink(&moves, vec![start], (), &mut o, &Options::default()).unwrap();
                let want = golden::pair(first).unwrap();
                assert_eq!(s.cases, [vec![want.0, want.1]], "from k = {k}");
                assert!(!s.exhaustive);
            }
        }
    }

    /// A program that fails only on two cases or more: the input shrinks to
    /// two cases, each the smallest legal case.
    #[test]
    fn a_batch_failure_shrinks_to_the_fewest_smallest_cases() {
        for p in Problem::ALL {
            let moves = Moves::new(p);
            let mut reads_one =
                |input: &[Case]| -> Result<Option<()>, ()> { Ok((input.len() >= 2).then_some(())) };
            let start: Vec<Case> = super::super::candidates::round1(p)
                .into_iter()
                .rev()
                .take(9)
                .collect();
            let s = shrink(&moves, start, (), &mut reads_one, &Options::default()).unwrap();
            let smallest = below(p, u128::MAX, 1).remove(0);
            assert_eq!(s.cases, [smallest.clone(), smallest], "{p}");
            assert!(s.steps > 0 && s.runs >= s.steps);
        }
    }

    /// A program that fails on every batch of two cases or more, and alone
    /// on (3, 3) and above: the smaller cases are tried one by one, and the
    /// smallest failing one is kept, as a brute force finds it.
    #[test]
    fn smaller_cases_are_tried_alone_when_only_batches_fail() {
        let p = Problem::Bash;
        let fails = |c: &[u64]| c[0] >= 3 && c[1] >= 3;
        let mut o = |input: &[Case]| -> Result<Option<()>, ()> {
            Ok((input.len() >= 2 || input.iter().any(|c| fails(c))).then_some(()))
        };
        let s = shrink(
            &Moves::new(p),
            vec![vec![5, 4]],
            (),
            &mut o,
            &Options::default(),
        )
        .unwrap();
        assert_eq!(s.cases, [brute_min(p, 20, &fails).unwrap()]);
        assert_eq!(s.cases, [vec![3, 3]]);
        assert!(s.exhaustive);
    }

    #[test]
    fn moves_are_legal_smaller_and_sorted() {
        for p in Problem::ALL {
            let moves = Moves::new(p);
            for c in super::super::candidates::round1(p).iter().step_by(97) {
                let m = moves.of(c);
                assert!(
                    m.iter().all(|x| legal(p, x) && case_key(x) < case_key(c)),
                    "{p}"
                );
                assert!(
                    m.windows(2).all(|w| case_key(&w[0]) < case_key(&w[1])),
                    "{p}"
                );
            }
        }
        assert_eq!(gcd(12, 18), 6);
        // Euclid's backward step and the Fibonacci move
        let e = Moves::new(Problem::Euclid).of(&[21, 34]);
        assert!(e.contains(&vec![13, 21]));
        let f = Moves::new(Problem::FibonacciNim).of(&[90]); // 89 + 1
        assert!(f.contains(&vec![56]) && f.contains(&vec![34]));
    }
}
