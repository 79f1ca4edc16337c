//! One position explained for a person.
//!
//! [`explain`] takes a problem (any name or alias) and the numbers of one case
//! of it, and returns a few lines of text from the problem's module: who wins,
//! why (the Wythoff pair and its index k, the perfect-play line, the period of
//! Bash's game, the Zeckendorf representation in Fibonacci nim), the winning
//! moves, and what the classic float formula answers — flagged `WRONG` when it
//! differs from the exact answer.

use crate::Problem;
use crate::problem::Case;

/// Explains the case `numbers` of `game` (see the [module docs](self)).
///
/// ```
/// let t = beatty_judge::explain::explain("wythoff", &[165_580_140, 267_914_295]).unwrap();
/// assert!(t.contains("outcome: P"));
/// assert!(t.contains("k = 102334155"));
/// assert!(t.contains("WRONG"));
/// assert!(beatty_judge::explain::explain("nim", &[1]).is_err());
/// ```
pub fn explain(game: &str, numbers: &[u64]) -> Result<String, String> {
    let problem: Problem = game
        .parse()
        .map_err(|e: crate::UnknownProblem| e.to_string())?;
    let fields = problem.spec().fields;
    if numbers.len() != fields.len() {
        let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
        return Err(format!(
            "{problem} needs exactly {} number{} ({}), got {}",
            fields.len(),
            if fields.len() == 1 { "" } else { "s" },
            names.join(", "),
            numbers.len()
        ));
    }
    problem.def().explain(&Case::new(numbers))
}

#[cfg(test)]
mod tests {
    use super::explain;
    use crate::Problem;

    /// Every explanation quotes the exact answer in the one rendering of
    /// [`Answer`](crate::problem::Answer) (the one `solve` prints), on the
    /// cases of every problem's edge profile.
    #[test]
    fn every_explanation_quotes_the_answer_that_solve_prints() {
        for problem in Problem::ALL {
            for case in problem.def().edge() {
                let Ok(answer) = problem.answer(case.values()) else {
                    continue;
                };
                let t = explain(problem.name(), case.values()).expect("an edge case explains");
                let mut solved = Vec::new();
                let mut input = Vec::new();
                crate::problem::write_input(problem.spec(), &[case], &mut input).expect("a Vec");
                crate::solve(problem, &input[..], &mut solved).expect("an edge case solves");
                assert_eq!(answer.to_bytes(), solved, "{problem} {case}");
                let quoted = format!("answer `{}`", answer.shown());
                assert!(
                    t.contains(&quoted),
                    "{problem} {case}: {quoted} not in\n{t}"
                );
            }
        }
    }
}
