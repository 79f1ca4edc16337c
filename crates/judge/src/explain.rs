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
