//! Many cases to one run, and the split of a failing batch down to one case.
//!
//! [`first_failing`] sends the cases in batches of at most `batch` cases, in
//! order; a failing batch is halved, the first half tried first, until one
//! case remains. When the program's answers to the cases are independent of
//! each other (the problem's promise), that case is the first failing case
//! of the list, in `log₂(batch)` further runs. When neither half of a
//! failing batch fails alone, the failure is the batch's (the program
//! mishandles several cases: reads one, stops early) and the batch is
//! returned whole, for the shrinker to cut down.

// The pure modules this one reads (one block, repointed at the crate split).
use super::{Case, Oracle};

/// A failing input found by [`first_failing`], with how it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<F> {
    /// The failing input: one case, or a batch that fails only whole.
    pub cases: Vec<Case>,
    /// What the failing run of `cases` reported.
    pub failure: F,
    /// The index in the list of the first case of `cases`.
    pub index: usize,
}

/// What [`first_failing`] did: the failing input if any, the cases whose
/// batches were run whole (the cases tried), and the runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search<F> {
    /// The first failing input, `None` when every batch passed.
    pub found: Option<Found<F>>,
    /// The cases sent in whole batches (up to and including the failing one).
    pub tried: usize,
    /// The runs of the program, the splits included.
    pub runs: usize,
}

/// Runs `cases` in batches of at most `batch` (at least 1) cases in order,
/// and splits the first failing batch (see the [module docs](self)).
///
/// # Errors
/// The oracle's error, at once.
///
/// ```
/// use beatty_problems::hack::batch::first_failing;
/// let cases: Vec<Vec<u64>> = (0..1000).map(|n| vec![n]).collect();
/// // The "program" is wrong on multiples of 7 above 600.
/// let mut oracle = |input: &[Vec<u64>]| -> Result<Option<()>, ()> {
///     Ok(input.iter().any(|c| c[0] > 600 && c[0] % 7 == 0).then_some(()))
/// };
/// let s = first_failing(&cases, 256, &mut oracle).unwrap();
/// assert_eq!(s.found.unwrap().cases, [vec![602]]);
/// ```
pub fn first_failing<O: Oracle>(
    cases: &[Case],
    batch: usize,
    oracle: &mut O,
) -> Result<Search<O::Failure>, O::Error> {
    let batch = batch.max(1);
    let mut search = Search {
        found: None,
        tried: 0,
        runs: 0,
    };
    let mut start = 0;
    for chunk in cases.chunks(batch) {
        search.runs += 1;
        search.tried += chunk.len();
        if let Some(failure) = oracle.run(chunk)? {
            let (found, runs) = split(chunk, start, failure, oracle)?;
            search.runs += runs;
            search.found = Some(found);
            return Ok(search);
        }
        start += chunk.len();
    }
    Ok(search)
}

/// Splits the batch `cases`, which failed with `failure` in a run of its
/// own, as [`first_failing`] splits a failing batch; returns the failing
/// input and the runs the split took.
///
/// # Errors
/// The oracle's error, at once.
///
/// ```
/// use beatty_problems::hack::batch::split_failing;
/// let cases: Vec<Vec<u64>> = (0..100).map(|n| vec![n]).collect();
/// let mut oracle = |input: &[Vec<u64>]| -> Result<Option<()>, ()> {
///     Ok(input.iter().any(|c| c[0] >= 37).then_some(()))
/// };
/// let (found, runs) = split_failing(&cases, (), &mut oracle).unwrap();
/// assert_eq!((found.cases, found.index), (vec![vec![37]], 37));
/// assert!(runs <= 2 * 7);
/// ```
pub fn split_failing<O: Oracle>(
    cases: &[Case],
    failure: O::Failure,
    oracle: &mut O,
) -> Result<(Found<O::Failure>, usize), O::Error> {
    split(cases, 0, failure, oracle)
}

/// Splits the failing batch `cases` (its first case at `index` of the list)
/// down to its first failing case; returns it and the runs it took.
fn split<O: Oracle>(
    cases: &[Case],
    index: usize,
    failure: O::Failure,
    oracle: &mut O,
) -> Result<(Found<O::Failure>, usize), O::Error> {
    let (mut cases, mut index, mut failure) = (cases, index, failure);
    let mut runs = 0;
    while cases.len() > 1 {
        let (left, right) = cases.split_at(cases.len() / 2);
        runs += 1;
        if let Some(f) = oracle.run(left)? {
            (cases, failure) = (left, f);
            continue;
        }
        runs += 1;
        if let Some(f) = oracle.run(right)? {
            (cases, index, failure) = (right, index + left.len(), f);
            continue;
        }
        // Neither half fails alone: the batch's failure.
        break;
    }
    Ok((
        Found {
            cases: cases.to_vec(),
            failure,
            index,
        },
        runs,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// A deterministic "program" wrong on the cases of `bad`: the failure is
    /// the smallest bad case of the batch; it counts its runs.
    fn wrong_on(bad: &[u64]) -> impl FnMut(&[Case]) -> Result<Option<u64>, ()> + '_ {
        move |input: &[Case]| Ok(input.iter().map(|c| c[0]).filter(|v| bad.contains(v)).min())
    }

    /// The property: on a list with independent failures, the split finds
    /// the first failing case, as a scan of the list one case at a time does
    /// (the independent search), for every batch size.
    #[test]
    fn the_split_finds_the_first_failing_case_of_the_list() {
        let mut rng = SplitMix64::new(48);
        for round in 0..300 {
            let n = rng.range(1, 300) as usize;
            let cases: Vec<Case> = (0..n).map(|_| vec![rng.range(0, 500)]).collect();
            let bad: Vec<u64> = (0..rng.range(0, 4)).map(|_| rng.range(0, 500)).collect();
            let expected = cases.iter().position(|c| bad.contains(&c[0]));
            for batch in [1, 2, 3, 7, 64, 1000] {
                let s = first_failing(&cases, batch, &mut wrong_on(&bad)).unwrap();
                match (&s.found, expected) {
                    (None, None) => assert_eq!(s.tried, n),
                    (Some(f), Some(i)) => {
                        assert_eq!((f.index, &f.cases[..]), (i, &cases[i..=i]), "round {round}");
                        assert_eq!(f.failure, cases[i][0]);
                        // whole batches up to the failing one
                        assert_eq!(s.tried, ((i / batch + 1) * batch).min(n));
                        // one run per batch, at most two per halving
                        let halvings = usize::BITS - batch.min(n).leading_zeros();
                        assert!(s.runs <= i / batch + 1 + 2 * halvings as usize, "{s:?}");
                    }
                    other => panic!("round {round}: {other:?}"),
                }
            }
        }
    }

    /// A program that fails only on two cases or more (it reads one case):
    /// the split stops at the smallest batch that fails whole.
    #[test]
    fn a_failure_of_the_batch_keeps_the_batch() {
        let cases: Vec<Case> = (0..64).map(|n| vec![n]).collect();
        let mut reads_one = |input: &[Case]| -> Result<Option<usize>, ()> {
            Ok((input.len() >= 2).then_some(input.len()))
        };
        let s = first_failing(&cases, 16, &mut reads_one).unwrap();
        let f = s.found.unwrap();
        assert_eq!(
            (f.cases, f.index, f.failure),
            (vec![vec![0], vec![1]], 0, 2)
        );
        // The judge's error stops the search.
        let mut broken = |_: &[Case]| -> Result<Option<()>, &str> { Err("sandbox") };
        assert_eq!(first_failing(&cases, 16, &mut broken), Err("sandbox"));
        // No case: nothing run.
        let s = first_failing(&[], 16, &mut wrong_on(&[1])).unwrap();
        assert_eq!((s.found, s.tried, s.runs), (None, 0, 0));
    }
}
