//! The one verdict type of the checker and the local judge.
//!
//! [`crate::check()`] gives [`Verdict::Accepted`], [`Verdict::WrongAnswer`],
//! [`Verdict::PresentationError`] or [`Verdict::Fail`]; the local judge
//! (`beatty_judge::run`) adds the verdicts of running a program: time, memory
//! and output limits and run-time errors, and `beatty_judge::lang` the compile
//! error of a source file. Exit codes follow testlib (0 AC, 1 WA, 2 PE, 3 FAIL); the Kattis
//! output-validator interface uses 42 for accepted and 43 for rejected.

use core::fmt;

/// A verdict of the checker or the local judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Verdict {
    /// The output is correct.
    Accepted,
    /// A value is wrong, or tokens are missing or extra.
    WrongAnswer,
    /// A token is not of the kind the format requires at its place.
    PresentationError,
    /// Time limit exceeded (wall clock or CPU time).
    TimeLimit,
    /// Memory limit exceeded.
    MemoryLimit,
    /// Output limit exceeded.
    OutputLimit,
    /// Run-time error: a non-zero exit code or death by a signal.
    RuntimeError,
    /// Compile error: the submission's source did not compile (see
    /// `beatty_judge::lang`); no test ran.
    CompileError,
    /// The judge could not judge: invalid input or answer, unreadable file.
    Fail,
}

impl Verdict {
    /// The short name: `AC`, `WA`, `PE`, `TLE`, `MLE`, `OLE`, `RE`, `CE`, `FAIL`.
    ///
    /// ```
    /// use beatty_problems::Verdict;
    /// assert_eq!(Verdict::MemoryLimit.short(), "MLE");
    /// assert_eq!(Verdict::WrongAnswer.to_string(), "WA");
    /// ```
    #[must_use]
    pub fn short(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError => "RE",
            Verdict::CompileError => "CE",
            Verdict::Fail => "FAIL",
        }
    }

    /// testlib's exit code of a checker verdict: 0 AC, 1 WA, 2 PE, 3 FAIL; the
    /// verdicts of running a program (which no checker gives) map to 1.
    ///
    /// ```
    /// use beatty_problems::Verdict;
    /// assert_eq!(Verdict::PresentationError.exit_code(), 2);
    /// assert_eq!(Verdict::Fail.exit_code(), 3);
    /// ```
    #[must_use]
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Accepted => 0,
            Verdict::PresentationError => 2,
            Verdict::Fail => 3,
            _ => 1,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict::*;

    #[test]
    fn exit_codes_are_testlibs_and_names_the_judges() {
        // testlib.h: _ok 0, _wa 1, _pe 2, _fail 3; the verdicts no checker
        // gives map to 1 (a rejection).
        let table = [
            (Accepted, 0, "AC"),
            (WrongAnswer, 1, "WA"),
            (PresentationError, 2, "PE"),
            (Fail, 3, "FAIL"),
            (TimeLimit, 1, "TLE"),
            (MemoryLimit, 1, "MLE"),
            (OutputLimit, 1, "OLE"),
            (RuntimeError, 1, "RE"),
            (CompileError, 1, "CE"),
        ];
        for (v, code, name) in table {
            assert_eq!(v.exit_code(), code, "{name}");
            assert_eq!(v.to_string(), name);
        }
    }
}
