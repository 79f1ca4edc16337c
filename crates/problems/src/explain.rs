//! One position explained for a person.
//!
//! [`explain`] takes a problem (any name or alias) and the numbers of one case
//! of it, and returns a few lines of text from the problem's module: who wins,
//! why (the Wythoff pair and its index k, the perfect-play line, the period of
//! Bash's game, the Zeckendorf representation in Fibonacci nim), the winning
//! moves, and what the classic float formula answers — flagged `WRONG` when it
//! differs from the exact answer.
//!
//! A case outside the problem's limits is explained all the same, after a
//! `note:` line that says which number is out of range; the end marker of a
//! problem whose input ends with `0 0` (or `0`) is refused, it is no case.

use crate::Problem;
use crate::problem::{Case, Framing, Relation};

/// Explains the case `numbers` of `game` (see the [module docs](self)).
///
/// ```
/// let t = beatty_problems::explain::explain("wythoff", &[165_580_140, 267_914_295]).unwrap();
/// assert!(t.contains("outcome: P"));
/// assert!(t.contains("k = 102334155"));
/// assert!(t.contains("WRONG"));
/// assert!(beatty_problems::explain::explain("nim", &[1]).is_err());
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
    let spec = problem.spec();
    if spec.framing == Framing::Terminator && numbers.iter().all(|&n| n == 0) {
        let zeros = vec!["0"; numbers.len()].join(" ");
        return Err(format!(
            "`{zeros}` is the end marker of the {problem} input, not a case; give a case ({})",
            spec.input_format
        ));
    }
    let text = problem.def().explain(&Case::new(numbers))?;
    // A position without a move has no "every move" to speak of.
    let text = if numbers.iter().all(|&n| n == 0) {
        text.replace(
            "winning moves: none (every move leads to a winning position)",
            "winning moves: none (there is no move: the piles are empty, and the player to move has lost)",
        )
    } else {
        text
    };
    let notes = outside_limits(problem, numbers);
    Ok(if notes.is_empty() {
        text
    } else {
        format!("{notes}{text}")
    })
}

/// A `note:` line for each number outside the problem's limits (and one for
/// a broken relation between them): the explanation is exact all the same,
/// but no valid input of the problem holds the case.
fn outside_limits(problem: Problem, numbers: &[u64]) -> String {
    let spec = problem.spec();
    let mut notes = String::new();
    let mut note = |what: String| {
        notes.push_str(&format!(
            "note: {what}, outside the limits of {problem} ({}): no valid input holds this case; the answer below is exact all the same\n",
            spec.input_format
        ));
    };
    for (field, &v) in spec.fields.iter().zip(numbers) {
        if v < field.min {
            note(format!("{} = {v} is below {}", field.name, field.min));
        } else if v > field.max {
            note(format!("{} = {v} is above {}", field.name, field.max));
        }
    }
    if spec.relation == Relation::FirstAtMostSecond
        && let [first, second, ..] = numbers
        && first > second
        && let [f, g, ..] = spec.fields
    {
        note(format!(
            "{} = {first} is greater than {} = {second}",
            f.name, g.name
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::explain;
    use crate::Problem;

    /// Issue 23: `wythoff 0 0` has no move, so no "every move" either.
    #[test]
    fn a_position_without_a_move_says_so() {
        let t = explain("wythoff", &[0, 0]).expect("explains");
        assert!(t.contains("there is no move"), "{t}");
        assert!(!t.contains("every move"), "{t}");
    }

    /// Issue 23: the end marker is no case, and a case beyond the limits is
    /// explained after a note naming the number.
    #[test]
    fn the_end_marker_is_refused_and_the_limits_are_noted() {
        for (p, n) in [
            ("euclid", &[0, 0][..]),
            ("fibonacci-nim", &[0]),
            ("hdu2177", &[0, 0]),
        ] {
            let e = explain(p, n).expect_err(p);
            assert!(e.contains("end marker"), "{p}: {e}");
        }
        let t = explain("wythoff", &[10_000_000_000, 3]).expect("explains");
        assert!(
            t.starts_with(
                "note: pile a = 10000000000 is above 1000000000, outside the limits of wythoff"
            ),
            "{t}"
        );
        let t = explain("wythoff-moves", &[5, 3]).expect("explains");
        assert!(
            t.contains("note: pile a = 5 is greater than pile b = 3"),
            "{t}"
        );
        let t = explain("euclid", &[0, 5]).expect("explains");
        assert!(t.contains("is below 1"), "{t}");
        assert!(
            !explain("wythoff", &[3, 5])
                .expect("explains")
                .contains("note:")
        );
    }

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
