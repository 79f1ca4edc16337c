//! Arbitrary bytes into the judge's parsers for every problem format: no panic, ever, and
//! every input error carries a position (line ≥ 1, column ≥ 1).
#![no_main]

use beatty_judge::{Problem, SolveError, solve, validate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for &problem in Problem::ALL.iter() {
        if let Err(SolveError::Input(e)) = solve(problem, data, std::io::sink()) {
            assert!(
                e.line >= 1 && e.column >= 1,
                "solve({problem:?}): error without a position: {e:?}"
            );
        }
        if let Err(e) = validate(problem, data) {
            assert!(
                e.line >= 1 && e.column >= 1,
                "validate({problem:?}): error without a position: {e:?}"
            );
        }
    }
});
