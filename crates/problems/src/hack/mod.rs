//! `judge hack`: the smallest input on which a program is wrong, and why.
//!
//! # The idea
//!
//! A careful solver's stress test, with what the judge knows about where
//! these problems' wrong answers live. The candidates come in three rounds
//! ([`candidates`]):
//!
//! 1. the small cases (every legal case up to a size, the smallest first),
//!    the problem's limits, the integer overflow boundaries 2³¹, 2³², 2⁵³,
//!    2⁶³, 2⁶⁴ and the inputs whose intermediate values (`a + b`, `a·b`,
//!    `5n²`, `kφ`, `kφ²`) cross them, and the inputs of beatty-hazards for
//!    every float formula that could be behind the program, with their
//!    neighbours; sorted by size, so the first failing one is the smallest;
//! 2. the problem's generator profiles (`edge`, `hack`, `random`, `max`);
//! 3. random cases (uniform, and of a random bit length), until the time
//!    runs out.
//!
//! The problems are multi-case: a round is sent many cases to one run of the
//! program ([`batch`]). A failing batch is split in two, the first half
//! first, until one case remains: the first failing case of the batch. When
//! no single case fails alone (the program mishandles the framing: it reads
//! one case, stops early, misses the count), the batch is the failing input.
//!
//! The failing input is then **shrunk** ([`shrink`]): the smaller inputs
//! that the per-problem moves make (listed in docs/judging.md) are tried, all
//! of a single case's moves in one batch, and the smallest that still fails
//! is kept, until no move fails; then, when few enough cases are smaller,
//! every smaller case is tried (in batches, the smallest first), so that the
//! case reported is the smallest failing one, not the first found.
//!
//! "Smaller" is [`size_key`]: fewer cases, then the smaller sum of the
//! numbers, then the lexicographically smaller numbers.
//!
//! A time-out is searched by time instead ([`slow`]): the cases of a batch
//! add their times up and every failing run costs the time limit, so a
//! batch that times out is cut in parts, and the slow case is shrunk along
//! lines aimed by the CPU times of the passing runs, to the smallest case
//! found (timing is noisy near the limit: not the smallest there is).
//!
//! Nothing here runs a program or touches a file: the program is an
//! [`Oracle`], which the command (`judge hack`) implements with the sandbox
//! of `beatty_judge::run` (the running half is `beatty_judge::hack`).

pub mod batch;
pub mod candidates;
pub mod play;
pub mod shrink;
pub mod slow;
pub mod why;

// The pure modules this one reads (one block, repointed at the crate split).
use crate::Problem;
use crate::problem::{Framing, Relation};

/// One case: its field values, in order.
pub type Case = Vec<u64>;

/// Runs the program on an input (cases in the problem's framing) and says
/// whether it failed: `Ok(Some(failure))` with what went wrong, `Ok(None)`
/// when every answer was right, `Err` when the judge itself failed.
pub trait Oracle {
    /// What a failing run reports (its verdict and message, say).
    type Failure: Clone;
    /// A failure of the judge.
    type Error;
    /// Runs the program on `cases` (at least one).
    ///
    /// # Errors
    /// A failure of the judge (not of the program).
    fn run(&mut self, cases: &[Case]) -> Result<Option<Self::Failure>, Self::Error>;
}

impl<F: Clone, E, T: FnMut(&[Case]) -> Result<Option<F>, E>> Oracle for T {
    type Failure = F;
    type Error = E;
    fn run(&mut self, cases: &[Case]) -> Result<Option<F>, E> {
        self(cases)
    }
}

/// The size of a case: the sum of its numbers, then the numbers themselves.
///
/// ```
/// use beatty_problems::hack::case_key;
/// assert!(case_key(&[1, 4]) < case_key(&[3, 3]));
/// assert!(case_key(&[2, 4]) < case_key(&[3, 3]));
/// ```
#[must_use]
pub fn case_key(case: &[u64]) -> (u128, Vec<u64>) {
    (case.iter().map(|&v| u128::from(v)).sum(), case.to_vec())
}

/// The size of an input: the number of cases, then the sum of all numbers,
/// then the cases' keys in order. [`shrink`] only ever moves to a smaller
/// one, so it ends.
///
/// ```
/// use beatty_problems::hack::size_key;
/// assert!(size_key(&[vec![9, 9]]) < size_key(&[vec![0, 0], vec![0, 1]]));
/// ```
#[must_use]
pub fn size_key(input: &[Case]) -> (usize, u128, Vec<(u128, Vec<u64>)>) {
    let keys: Vec<(u128, Vec<u64>)> = input.iter().map(|c| case_key(c)).collect();
    (input.len(), keys.iter().map(|k| k.0).sum(), keys)
}

/// Whether `case` is a legal case of `problem`: its arity, each field within
/// its limits, the relation between the fields, inside the game's domain,
/// and not the end marker of a problem whose input ends with one.
///
/// ```
/// use beatty_problems::{Problem, hack::legal};
/// assert!(legal(Problem::Wythoff, &[0, 0]));
/// assert!(!legal(Problem::WythoffMoves, &[0, 0])); // the end marker
/// assert!(!legal(Problem::WythoffMoves, &[5, 3])); // a ≤ b
/// assert!(!legal(Problem::Bash, &[1001, 3]));
/// ```
#[must_use]
pub fn legal(problem: Problem, case: &[u64]) -> bool {
    let spec = problem.spec();
    case.len() == spec.fields.len()
        && case
            .iter()
            .zip(spec.fields)
            .all(|(v, f)| (f.min..=f.max).contains(v))
        && (spec.relation == Relation::None || case[0] <= case[1])
        && !(spec.framing == Framing::Terminator && case.iter().all(|&v| v == 0))
        && problem.answer(case).is_ok()
}

/// The most cases one input may hold: the count limit of a counted format,
/// else `u64::MAX`.
#[must_use]
pub fn count_limit(problem: Problem) -> u64 {
    match problem.spec().framing {
        Framing::Counted { max, .. } => max,
        _ => u64::MAX,
    }
}

/// The input of `cases` in the problem's framing (the count line, the case
/// lines, the end marker), as `judge gen` writes it.
///
/// ```
/// use beatty_problems::{Problem, hack::input_bytes};
/// assert_eq!(input_bytes(Problem::Bash, &[vec![3, 2]]), b"1\n3 2\n");
/// assert_eq!(input_bytes(Problem::WythoffMoves, &[vec![1, 2]]), b"1 2\n0 0\n");
/// ```
#[must_use]
pub fn input_bytes(problem: Problem, cases: &[Case]) -> Vec<u8> {
    let cases: Vec<crate::problem::Case> =
        cases.iter().map(|c| crate::problem::Case::new(c)).collect();
    let mut out = Vec::new();
    crate::problem::write_input(problem.spec(), &cases, &mut out)
        .expect("writing to a Vec cannot fail");
    out
}

/// The exact answer file of `cases` (every case legal), as the solver writes it.
///
/// # Panics
/// On a case outside the game's domain (see [`legal`]).
#[must_use]
pub fn answer_bytes(problem: Problem, cases: &[Case]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in cases {
        out.extend(
            problem
                .answer(c)
                .expect("a hack case is legal (checked by `legal`)")
                .to_bytes(),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `legal` agrees with the strict validator on every small case of every
    /// problem, as a one-case input.
    #[test]
    fn legal_is_what_the_validator_accepts() {
        for p in Problem::ALL {
            let arity = p.spec().fields.len();
            let mut checked = 0;
            for a in 0..8u64 {
                for b in 0..8u64 {
                    let case = [a, b][..arity].to_vec();
                    if arity == 1 && b > 0 {
                        continue;
                    }
                    let input = input_bytes(p, std::slice::from_ref(&case));
                    let valid = crate::validate(p, &input).is_ok();
                    assert_eq!(legal(p, &case), valid, "{p} {case:?}");
                    checked += 1;
                }
            }
            assert!(checked >= 8, "{p}");
            let over = p.spec().fields[0].max + 1;
            for big in [u64::MAX, over] {
                assert!(!legal(p, &vec![big; arity]), "{p}");
            }
        }
    }

    #[test]
    fn the_answer_file_is_the_solver_output() {
        for p in Problem::ALL {
            let cases: Vec<Case> = candidates::round1(p).into_iter().take(50).collect();
            let input = input_bytes(p, &cases);
            let mut solved = Vec::new();
            crate::solve(p, &input[..], &mut solved).unwrap();
            assert_eq!(answer_bytes(p, &cases), solved, "{p}");
            assert_eq!(
                count_limit(p) == u64::MAX,
                !matches!(p.spec().framing, Framing::Counted { .. })
            );
        }
        assert_eq!(count_limit(Problem::Bash), 100);
    }

    #[test]
    fn sizes_order_by_count_then_sum_then_numbers() {
        assert!(size_key(&[vec![5]]) < size_key(&[vec![0], vec![0]]));
        assert!(size_key(&[vec![1, 5]]) < size_key(&[vec![2, 5]]));
        assert!(size_key(&[vec![1, 5]]) < size_key(&[vec![5, 1]]));
        assert!(case_key(&[u64::MAX, u64::MAX]).0 > u128::from(u64::MAX));
    }
}
