//! Time-outs: the smallest input found on which a program is too slow.
//!
//! A wrong answer is a property of one case; a time-out is one of a run:
//! the cases of a batch add their times up, and every failing run costs the
//! whole time limit. So a batch that times out is not halved (twelve
//! time-outs for 4096 cases) but cut in [`PARTS`] parts, run in order, the
//! first part that times out cut again ([`isolate`]): a time-out per level,
//! `log₈` levels. The passing parts cost only their own time.
//!
//! A case that times out alone is then shrunk along lines ([`shrink_slow`]):
//! both numbers down together, then each number down, the others kept; on
//! each line the least value that still times out is searched between a
//! passing and a failing value. The passing runs' CPU times aim the
//! search: the next value is where the power law through the two passing
//! runs of the largest values reaches the limit (a secant in logarithms,
//! the way a root finder aims; a little past the limit, so that the value
//! found fails), then the value just below a failing aim (which ends the
//! line if it passes), else the middle of the interval (the geometric
//! middle while it spans more than a factor of four). A line ends when
//! the interval is within [`RESOLUTION`] of its failing value (timing
//! noise is larger than that), after [`PROBES_PER_LINE`] runs, or when the
//! budget is spent. The lines are gone through again until none of them
//! moves the case; a line after one that ended next to its boundary starts
//! just below the case.
//!
//! Timing is noisy near the limit, so the case found is the smallest found
//! that timed out, not the smallest there is: the report says so, and names
//! the nearest passing case with its time.

// The pure modules this one reads (one block, repointed at the crate split).
use super::{Case, case_key, legal};
use crate::Problem;
use std::time::Duration;

/// The parts a failing batch is cut into.
pub const PARTS: usize = 8;

/// A line's search ends when passing and failing values are this close
/// (a fraction of the failing value: 1/16).
pub const RESOLUTION: u64 = 16;

/// The most runs on one line.
pub const PROBES_PER_LINE: usize = 16;

/// How a run went: passed, in this much CPU time, or failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probe<F> {
    /// Every answer right, in this CPU time.
    Passed(Duration),
    /// Failed (a time-out, or another failure).
    Failed(F),
}

/// A program whose passing runs are timed.
pub trait Timed {
    /// What a failing run reports.
    type Failure: Clone;
    /// A failure of the judge.
    type Error;
    /// Runs the program on `cases`.
    ///
    /// # Errors
    /// A failure of the judge (not of the program).
    fn time(&mut self, cases: &[Case]) -> Result<Probe<Self::Failure>, Self::Error>;
    /// Whether the budget is spent: then no more runs are asked for.
    fn spent(&self) -> bool;
}

/// What [`isolate`] found: the first part that fails, cut down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Isolated<F> {
    /// One case that fails alone, or the smallest part that fails whole.
    pub cases: Vec<Case>,
    /// How it failed.
    pub failure: F,
    /// The runs it took.
    pub runs: usize,
}

/// Cuts the failing batch `cases` (which failed with `failure`) down to a
/// case that fails alone: [`PARTS`] parts in order, the first failing part
/// cut again. When no part fails alone, or the budget is spent, the
/// smallest failing part is returned whole.
///
/// # Errors
/// The oracle's error, at once.
///
/// ```
/// use beatty_problems::hack::slow::{isolate, Probe, Timed};
/// use std::time::Duration;
/// // A "program" that takes n ms for a case n, with a limit of 100 ms.
/// struct Slow(usize);
/// impl Timed for Slow {
///     type Failure = ();
///     type Error = ();
///     fn time(&mut self, cases: &[Vec<u64>]) -> Result<Probe<()>, ()> {
///         self.0 += 1;
///         let ms: u64 = cases.iter().map(|c| c[0]).sum();
///         Ok(if ms > 100 { Probe::Failed(()) } else { Probe::Passed(Duration::from_millis(ms)) })
///     }
///     fn spent(&self) -> bool { false }
/// }
/// let cases: Vec<Vec<u64>> = (0..1000).map(|n| vec![if n == 700 { 500 } else { 0 }]).collect();
/// let found = isolate(&cases, (), &mut Slow(0)).unwrap();
/// assert_eq!(found.cases, [vec![500]]);
/// assert!(found.runs <= 4 * 8);
/// ```
pub fn isolate<T: Timed>(
    cases: &[Case],
    failure: T::Failure,
    oracle: &mut T,
) -> Result<Isolated<T::Failure>, T::Error> {
    let mut found = Isolated {
        cases: cases.to_vec(),
        failure,
        runs: 0,
    };
    'cut: while found.cases.len() > 1 {
        let size = found.cases.len().div_ceil(PARTS);
        let parts: Vec<Vec<Case>> = found.cases.chunks(size).map(<[Case]>::to_vec).collect();
        for part in parts {
            if oracle.spent() {
                break 'cut;
            }
            found.runs += 1;
            if let Probe::Failed(f) = oracle.time(&part)? {
                (found.cases, found.failure) = (part, f);
                continue 'cut;
            }
        }
        // Only the parts together fail.
        break;
    }
    Ok(found)
}

/// The shrunk slow case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slowest<F> {
    /// The smallest case found that failed.
    pub case: Case,
    /// How it failed.
    pub failure: F,
    /// Every case adopted, the first one first (each smaller than the one
    /// before; the last is `case`).
    pub adopted: Vec<(Case, F)>,
    /// The largest passing case next to `case` (on the last line that
    /// moved, or the last line searched) and its CPU time.
    pub nearest: Option<(Case, Duration)>,
    /// Runs.
    pub runs: usize,
    /// Whether the budget stopped the shrinking.
    pub cut_short: bool,
}

/// One line through a case: the case moved down by `t`, for `t` up to
/// `max`, and the number that moves (what the times are aimed along).
#[derive(Clone, Debug)]
struct Line {
    /// Per field: how much it moves down per step (0 or 1).
    dir: Vec<u64>,
    /// The most steps (every case on the line legal by the limits).
    max: u64,
}

impl Line {
    fn at(&self, case: &[u64], t: u64) -> Case {
        case.iter()
            .zip(&self.dir)
            .map(|(&v, &d)| v - d * t)
            .collect()
    }
}

/// The directions of the lines through a case of `arity` numbers: both
/// numbers down together, then each number.
fn directions(arity: usize) -> Vec<Vec<u64>> {
    let mut dirs: Vec<Vec<u64>> = Vec::new();
    if arity == 2 {
        dirs.push(vec![1, 1]);
    }
    for i in 0..arity {
        let mut d = vec![0; arity];
        d[i] = 1;
        dirs.push(d);
    }
    dirs
}

/// The line through `case` in direction `dir`, as far as the cases stay
/// legal (`None` when not a step is).
fn line(problem: Problem, case: &[u64], dir: Vec<u64>) -> Option<Line> {
    let spec = problem.spec();
    let mut max = case
        .iter()
        .zip(spec.fields)
        .zip(&dir)
        .filter(|(_, d)| **d == 1)
        .map(|((&v, f), _)| v.saturating_sub(f.min))
        .min()?;
    if spec.relation != crate::problem::Relation::None && dir == [0, 1] {
        max = max.min(case[1].saturating_sub(case[0]));
    }
    let mut line = Line { dir, max };
    // the end marker, the game's domain: a few steps back at most
    for _ in 0..4 {
        if line.max == 0 || legal(problem, &line.at(case, line.max)) {
            break;
        }
        line.max -= 1;
    }
    (line.max > 0).then_some(line)
}

/// Shrinks the slow `case` (which failed with `failure`) for a program
/// limited to `limit` of CPU time: see the [module docs](self).
///
/// # Errors
/// The oracle's error, at once.
///
/// ```
/// use beatty_problems::{Problem, hack::slow::{shrink_slow, Probe, Timed}};
/// use std::time::Duration;
/// // A "program" quadratic in the smaller number: (a·a)/1000 ms, 100 ms
/// // allowed: it times out from a = 317 on.
/// struct Quadratic;
/// impl Timed for Quadratic {
///     type Failure = ();
///     type Error = ();
///     fn time(&mut self, cases: &[Vec<u64>]) -> Result<Probe<()>, ()> {
///         let a = cases[0][0].min(cases[0][1]);
///         let ms = a * a / 1000;
///         Ok(if ms > 100 { Probe::Failed(()) } else { Probe::Passed(Duration::from_millis(ms)) })
///     }
///     fn spent(&self) -> bool { false }
/// }
/// let limit = Duration::from_millis(100);
/// let s = shrink_slow(Problem::Wythoff, vec![900_000, 1_000_000], (), &mut Quadratic, limit).unwrap();
/// let [a, b] = s.case[..] else { panic!() };
/// assert!(a.min(b) >= 317 && a.min(b) <= 317 + 317 / 16, "{:?}", s.case);
/// assert!(a.max(b) <= 317 + 317 / 8, "{:?}", s.case);
/// ```
pub fn shrink_slow<T: Timed>(
    problem: Problem,
    case: Case,
    failure: T::Failure,
    oracle: &mut T,
    limit: Duration,
) -> Result<Slowest<T::Failure>, T::Error> {
    let mut s = Slowest {
        adopted: vec![(case.clone(), failure.clone())],
        case,
        failure,
        nearest: None,
        runs: 0,
        cut_short: false,
    };
    let dirs = directions(s.case.len());
    // Lines searched on the current case without moving it (a line that
    // moves it ends next to its boundary: it counts as one).
    let mut still = 0;
    // Whether the case is next to a boundary already (found by a line).
    let mut near = false;
    let mut i = 0;
    while still < dirs.len() {
        if oracle.spent() {
            s.cut_short = true;
            break;
        }
        let dir = dirs[i % dirs.len()].clone();
        i += 1;
        let Some(line) = line(problem, &s.case, dir) else {
            still += 1;
            continue;
        };
        let (moved, converged) = search_line(problem, &line, &mut s, oracle, limit, near)?;
        near = converged;
        if moved {
            still = 1;
        } else {
            still += 1;
        }
    }
    s.cut_short |= oracle.spent() && still < dirs.len();
    Ok(s)
}

/// What the next value on a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// The end of the line (its smallest case).
    End,
    /// Where the passing times say the limit is reached.
    Aim,
    /// Just below the failing value (by the resolution): ends the search
    /// if it passes.
    Below,
    /// The middle of the interval.
    Middle,
}

/// The least value that fails on `line` through `s.case` (see the
/// [module docs](self)): adopts it (and says so) when it is below the case.
/// `near`: the case is next to a boundary already, so the value just below
/// it is tried first. Says whether the case moved, and whether the search
/// ended within the resolution (else its runs or the budget ran out).
fn search_line<T: Timed>(
    problem: Problem,
    line: &Line,
    s: &mut Slowest<T::Failure>,
    oracle: &mut T,
    limit: Duration,
    near: bool,
) -> Result<(bool, bool), T::Error> {
    let base = s.case.clone();
    // steps: `fail` fails (0: the case itself), `pass` passed (None: not
    // tried yet), with the passing times by step
    let mut fail: u64 = 0;
    let mut failure = s.failure.clone();
    let mut pass: Option<u64> = None;
    let mut times: Vec<(u64, Duration)> = Vec::new();
    // the value that moves: the least moving number of the case
    let value = |t: u64| -> u64 {
        line.at(&base, t)
            .iter()
            .zip(&line.dir)
            .filter(|(_, d)| **d == 1)
            .map(|(v, _)| *v)
            .min()
            .unwrap_or(0)
    };
    let end = value(line.max);
    let mut next = if near { Next::Below } else { Next::End };
    let mut converged = false;
    for _ in 0..PROBES_PER_LINE {
        let vf = value(fail);
        let vp = pass.map_or(end, value);
        if pass.is_some() && vf - vp <= (vf / RESOLUTION).max(1) {
            converged = true;
            break;
        }
        let aimed = match next {
            Next::Aim => aim(&times, limit, &value),
            _ => None,
        };
        let v = match (next, aimed) {
            (Next::End, _) => end,
            (Next::Below, _) => vf - (vf / RESOLUTION).max(1),
            (Next::Aim, Some((v, _))) => v,
            _ if vf > 4 * vp.max(1) => {
                u64::try_from((u128::from(vp.max(1)) * u128::from(vf)).isqrt()).unwrap_or(vf)
            }
            _ => vp + (vf - vp) / 2,
        };
        // within the line, below the failing value, above the passing one
        let v = if pass.is_some() {
            v.clamp(vp + 1, vf - 1)
        } else {
            v.clamp(end, vf - 1)
        };
        let step = fail + (vf - v);
        if oracle.spent() {
            s.cut_short = true;
            break;
        }
        let candidate = line.at(&base, step);
        s.runs += 1;
        let probe = if legal(problem, &candidate) {
            oracle.time(std::slice::from_ref(&candidate))?
        } else {
            Probe::Passed(Duration::ZERO)
        };
        match probe {
            Probe::Passed(t) => {
                pass = Some(step);
                if t < limit && legal(problem, &candidate) {
                    times.push((step, t));
                }
                next = Next::Aim;
            }
            Probe::Failed(f) => {
                (fail, failure) = (step, f);
                next = match next {
                    // the whole line fails: its end is the least
                    Next::End => {
                        converged = true;
                        break;
                    }
                    Next::Below if pass.is_none() => Next::End,
                    // a strong aim missed by little, a weak one by more
                    Next::Aim if matches!(aimed, Some((_, true))) => Next::Below,
                    Next::Aim => Next::Middle,
                    // the passing times have not changed: aiming again
                    // would give the same value
                    Next::Below | Next::Middle => Next::Middle,
                };
            }
        }
    }
    if let Some(&(t, time)) = times.iter().filter(|(t, _)| *t > fail).min() {
        s.nearest = Some((line.at(&base, t), time));
    }
    let moved = fail > 0;
    if moved {
        let case = line.at(&base, fail);
        debug_assert!(case_key(&case) < case_key(&base));
        s.adopted.push((case.clone(), failure.clone()));
        (s.case, s.failure) = (case, failure);
    }
    Ok((moved, converged))
}

/// Where the passing times say the limit is reached, as a value of the
/// line: the power law (a secant in logarithms) through the passing run of
/// the largest value and the next one below it that took at least a tenth
/// of the limit less (aimed at the limit), or else a hundredth less (aimed
/// at a quarter of the limit: a weak signal, a passing run to aim from
/// again).
/// Whether the aim is a strong one (at the limit) comes with the value.
fn aim(
    times: &[(u64, Duration)],
    limit: Duration,
    value: &dyn Fn(u64) -> u64,
) -> Option<(u64, bool)> {
    // by value, largest first
    let mut by_value: Vec<(u64, f64)> = times
        .iter()
        .map(|&(t, d)| (value(t), d.as_secs_f64()))
        .collect();
    by_value.sort_by_key(|b| std::cmp::Reverse(b.0));
    let (v2, t2) = *by_value.first()?;
    let l = limit.as_secs_f64();
    let (lower, strong) = match by_value[1..].iter().find(|&&(_, t)| t2 - t >= l / 10.0) {
        Some(x) => (x, true),
        None => (
            by_value[1..].iter().find(|&&(_, t)| t2 - t >= l / 100.0)?,
            false,
        ),
    };
    // a little past the limit (a strong aim), so that the value found
    // fails; a quarter of it (a weak one)
    let target = if strong { l * 1.02 } else { l / 4.0 };
    let (v1, t1) = *lower;
    if v2 <= v1 || t2 >= target {
        return None;
    }
    // less the start of the program: the least time seen (the line's end,
    // its smallest case, is run first)
    let t0 = by_value
        .iter()
        .map(|&(_, t)| t)
        .fold(f64::INFINITY, f64::min);
    let (t1, t2, target) = (t1 - t0, t2 - t0, target - t0);
    if t1 <= 0.0 {
        // the end's time itself: a line through it
        let v = v2 as f64 + (v2 - v1) as f64 * (target - t2) / (t2 - t1);
        return (v.is_finite() && v > 0.0).then(|| (v.min(u64::MAX as f64) as u64, strong));
    }
    // a power law through the two (t = c·vᵖ: exact for linear and
    // quadratic costs; an exponential one grows faster, and is aimed past)
    let v = if v1 > 0 {
        let p = (t2 / t1).ln() / (v2 as f64 / v1 as f64).ln();
        v2 as f64 * (target / t2).powf(1.0 / p)
    } else {
        v2 as f64 + (v2 - v1) as f64 * (target - t2) / (t2 - t1)
    };
    (v.is_finite() && v > 0.0).then(|| (v.min(u64::MAX as f64) as u64, strong))
}

/// The cases to judge again before one is reported, in order: the smallest
/// found, then between it and the case adopted before it (an eighth of the
/// way up, half of it), then that case: a time-out found at the boundary
/// may pass when run again, and a case a little larger is then the one to
/// report. Each is legal, and each number between the two cases' (the
/// lines only ever lower numbers).
///
/// ```
/// use beatty_problems::{Problem, hack::slow::confirmations};
/// let c = confirmations(Problem::Euclid, &[1, 1600], Some(&[9, 3200]));
/// assert_eq!(c, [vec![1, 1600], vec![2, 1800], vec![5, 2400], vec![9, 3200]]);
/// ```
#[must_use]
pub fn confirmations(problem: Problem, smallest: &[u64], before: Option<&[u64]>) -> Vec<Case> {
    let mut out = vec![smallest.to_vec()];
    if let Some(before) = before {
        for eighths in [1, 4, 8] {
            let c: Case = smallest
                .iter()
                .zip(before)
                .map(|(&lo, &hi)| {
                    let (lo, hi) = (lo.min(hi), lo.max(hi));
                    lo + u64::try_from(u128::from(hi - lo) * eighths / 8).unwrap_or(0)
                })
                .collect();
            if legal(problem, &c) && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A synthetic program: `cost` ms for a case, the run's time the sum
    /// of its cases' and a start of `start` ms; it counts its runs.
    struct Model<'a> {
        cost: &'a dyn Fn(&[u64]) -> u64,
        start: u64,
        limit: u64,
        runs: usize,
        budget: usize,
        /// The time the runs took, ms: each its own (at most the limit)
        /// and 100 for starting it.
        took: u64,
    }

    impl Timed for Model<'_> {
        type Failure = u64;
        type Error = ();
        fn time(&mut self, cases: &[Case]) -> Result<Probe<u64>, ()> {
            self.runs += 1;
            let ms = self.start + cases.iter().map(|c| (self.cost)(c)).sum::<u64>();
            self.took += ms.min(self.limit) + 100;
            Ok(if ms > self.limit {
                Probe::Failed(ms)
            } else {
                Probe::Passed(Duration::from_millis(ms))
            })
        }
        fn spent(&self) -> bool {
            self.runs >= self.budget
        }
    }

    /// The smallest failing case by brute force over a grid of the first
    /// number (the second fixed by `other`), for a cost increasing in it.
    fn threshold(
        cost: &dyn Fn(&[u64]) -> u64,
        start: u64,
        limit: u64,
        case: impl Fn(u64) -> Case,
    ) -> u64 {
        (0..).find(|&v| start + cost(&case(v)) > limit).unwrap()
    }

    /// On costs linear, quadratic and exponential in the smaller number,
    /// the case found is within the resolution of the smallest failing one
    /// (a brute force of the threshold), in few runs.
    #[test]
    fn the_slow_shrink_reaches_the_threshold_within_its_resolution() {
        let limit = 2000;
        type Cost = Box<dyn Fn(&[u64]) -> u64>;
        let costs: [(&str, Cost); 3] = [
            ("linear", Box::new(|c: &[u64]| c[0].min(c[1]) / 1000)),
            (
                "quadratic",
                Box::new(|c: &[u64]| {
                    let a = c[0].min(c[1]);
                    a.saturating_mul(a) / 1_000_000
                }),
            ),
            (
                "exponential",
                Box::new(|c: &[u64]| {
                    let a = c[0].min(c[1]);
                    if a >= 40 {
                        u64::MAX / 4
                    } else {
                        1u64 << (a / 2)
                    }
                }),
            ),
        ];
        for (name, cost) in &costs {
            for start in [0, 50] {
                let t = threshold(cost.as_ref(), start, limit, |v| vec![v, v]);
                let mut m = Model {
                    cost: cost.as_ref(),
                    start,
                    limit,
                    runs: 0,
                    budget: 1000,
                    took: 0,
                };
                let big = vec![999_999_999, 999_999_999];
                let s = shrink_slow(
                    Problem::Wythoff,
                    big,
                    0,
                    &mut m,
                    Duration::from_millis(limit),
                )
                .unwrap();
                let (a, b) = (s.case[0], s.case[1]);
                // it fails, and is within the resolution of the threshold
                assert!(start + cost(&s.case) > limit, "{name}: {s:?}");
                let slack = (t / RESOLUTION).max(1) + 1;
                assert!(
                    a.min(b) >= t && a.min(b) <= t + slack,
                    "{name} {start}: {:?} vs {t}",
                    s.case
                );
                assert!(
                    a.max(b) <= t + 2 * slack,
                    "{name} {start}: {:?} vs {t}",
                    s.case
                );
                assert!(!s.cut_short);
                eprintln!(
                    "{name} {start}: {:?} in {} runs, {} ms (threshold {t})",
                    s.case, m.runs, m.took
                );
                assert!(m.runs <= 3 * 3 * PROBES_PER_LINE, "{name}: {} runs", m.runs);
                // the model's time of the runs: within a default budget (60 s)
                assert!(m.took <= 30_000, "{name} {start}: {} ms", m.took);
                // the nearest pass passed, and is below the case
                let (near, time) = s.nearest.clone().unwrap();
                assert!(start + cost(&near) <= limit && time <= Duration::from_millis(limit));
                assert!(case_key(&near) < case_key(&s.case));
                // adopted cases shrink
                assert!(
                    s.adopted
                        .windows(2)
                        .all(|w| case_key(&w[1].0) < case_key(&w[0].0))
                );
                assert_eq!(s.adopted.last().unwrap().0, s.case);
            }
        }
    }

    /// A cost that grows as one number shrinks (a quotient): that number
    /// goes to its least, the other down to the threshold.
    #[test]
    fn a_quotient_cost_shrinks_the_divisor_to_its_least() {
        let cost = |c: &[u64]| c[1] / c[0] / 1000;
        let limit = 2000;
        let mut m = Model {
            cost: &cost,
            start: 30,
            limit,
            runs: 0,
            budget: 1000,
            took: 0,
        };
        let s = shrink_slow(
            Problem::Euclid,
            vec![7, 2_000_000_000],
            0,
            &mut m,
            Duration::from_millis(limit),
        )
        .unwrap();
        let t = threshold(&cost, 30, limit, |v| vec![1, v]);
        assert_eq!(s.case[0], 1, "{s:?}");
        assert!(
            s.case[1] >= t && s.case[1] <= t + t / RESOLUTION + 1,
            "{s:?} vs {t}"
        );
    }

    /// The budget stops the shrink: the case is the smallest adopted, and
    /// the shrink says it was cut short.
    #[test]
    fn the_budget_stops_the_shrink() {
        let cost = |c: &[u64]| c[0].min(c[1]) / 1000;
        let mut m = Model {
            cost: &cost,
            start: 0,
            limit: 2000,
            runs: 0,
            budget: 3,
            took: 0,
        };
        let big = vec![999_999_999, 999_999_999];
        let s = shrink_slow(
            Problem::Wythoff,
            big.clone(),
            0,
            &mut m,
            Duration::from_secs(2),
        )
        .unwrap();
        assert!(s.cut_short);
        assert_eq!(m.runs, 3);
        assert!(cost(&s.case) > 2000 && case_key(&s.case) <= case_key(&big));
    }

    /// The cases judged again: the smallest first, then larger ones, each
    /// legal and each number between the two cases'; the case before last.
    #[test]
    fn confirmations_climb_from_the_smallest_to_the_case_before() {
        let mut rng = crate::rng::SplitMix64::new(16);
        for _ in 0..500 {
            let (a, b) = (rng.range(1, 1000), rng.range(1, 1000));
            let small = vec![rng.range(1, a), rng.range(1, b)];
            let before = vec![a, b];
            let c = confirmations(Problem::Bash, &small, Some(&before));
            assert_eq!(c[0], small);
            assert!(
                c.windows(2).all(|w| case_key(&w[0]) < case_key(&w[1])),
                "{c:?}"
            );
            for x in &c {
                assert!(legal(Problem::Bash, x));
                assert!(
                    (0..2).all(|i| small[i] <= x[i] && x[i] <= before[i]),
                    "{x:?}"
                );
            }
            if small != before {
                assert_eq!(c.last(), Some(&before));
            }
        }
        assert_eq!(confirmations(Problem::Bash, &[3, 4], None), [vec![3, 4]]);
    }

    /// A batch whose cases fail alone: the first failing one is found in a
    /// run per part and level; a batch that fails only whole is kept.
    #[test]
    fn isolate_finds_a_slow_case_or_keeps_the_batch() {
        let cost = |c: &[u64]| c[0];
        for (n, at) in [(4096, 4000), (1000, 0), (9, 8), (2, 1)] {
            let cases: Vec<Case> = (0..n)
                .map(|i| vec![if i == at { 5000 } else { 1 }])
                .collect();
            let mut m = Model {
                cost: &cost,
                start: 0,
                limit: 2000,
                runs: 0,
                budget: 1000,
                took: 0,
            };
            let f = isolate(&cases, 0, &mut m).unwrap();
            assert_eq!(f.cases, [vec![5000]], "{n} {at}");
            assert_eq!(f.runs, m.runs);
            let levels = (n as f64).log(PARTS as f64).ceil() as usize;
            assert!(f.runs <= levels * PARTS, "{n}: {}", f.runs);
        }
        // 100 cases of 30 ms: only 67 or more together fail
        let cases: Vec<Case> = vec![vec![30]; 100];
        let mut m = Model {
            cost: &cost,
            start: 0,
            limit: 2000,
            runs: 0,
            budget: 1000,
            took: 0,
        };
        let f = isolate(&cases, 0, &mut m).unwrap();
        assert_eq!(f.cases.len(), 100);
        assert_eq!(m.runs, PARTS);
    }
}
