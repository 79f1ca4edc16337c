//! `judge_input` and `judge_generate`: the judge pipeline of `beatty_problems`, for every
//! problem of `Problem::ALL`.
//!
//! * [`check_input`] (arbitrary bytes): `solve` and `validate` never panic and every
//!   input error has a position (line ≥ 1, column ≥ 1); whatever `validate` accepts,
//!   `solve` answers with the same number of cases, `check` accepts `solve`'s output (also
//!   with it as the answer file), and rejects an empty output when there is a case;
//! * [`check_generate`]: `generate` fails exactly on an impossible case count; otherwise
//!   its output validates with the number of cases asked for, and goes through the
//!   pipeline above.

use arbitrary::Arbitrary;
use beatty_problems::generate::{
    DEFAULT_RANDOM_CASES, GenError, Profile, default_max_cases, generate,
};
use beatty_problems::problem::Framing;
use beatty_problems::text::excerpt;
use beatty_problems::{Problem, SolveError, Verdict, check, solve, validate};

/// How much of an input a failure message shows.
const SHOWN: usize = 200;

/// The `judge_input` property for raw bytes, over every problem (panics on a violation).
pub fn check_input(data: &[u8]) {
    for problem in Problem::ALL {
        pipeline(problem, data);
    }
}

fn pipeline(problem: Problem, data: &[u8]) {
    let shown = || excerpt(data, SHOWN);
    let mut out = Vec::new();
    let solved = solve(problem, data, &mut out);
    if let Err(SolveError::Input(e)) = &solved {
        assert!(
            e.line >= 1 && e.column >= 1,
            "solve({problem}): error without a position: {e:?}"
        );
    }
    let summary = match validate(problem, data) {
        Ok(summary) => summary,
        Err(e) => {
            assert!(
                e.line >= 1 && e.column >= 1,
                "validate({problem}): error without a position: {e:?}"
            );
            return;
        }
    };
    assert_eq!(summary.problem, problem);
    let solved = match solved {
        Ok(s) => s,
        Err(e) => panic!(
            "{problem}: validate accepts `{}`, solve fails: {e}",
            shown()
        ),
    };
    assert_eq!(
        solved.cases,
        summary.cases,
        "{problem}: solve and validate count the cases of `{}` differently",
        shown()
    );
    for answer in [None, Some(&out[..])] {
        let r = check(problem, data, &out, answer);
        assert_eq!(
            r.verdict,
            Verdict::Accepted,
            "{problem}: check rejects solve's own output for `{}` (answer file: {}): {}",
            shown(),
            answer.is_some(),
            r.message
        );
    }
    if summary.cases >= 1 {
        let r = check(problem, data, b"", None);
        assert_ne!(
            r.verdict,
            Verdict::Accepted,
            "{problem}: check accepts an empty output for `{}`",
            shown()
        );
    }
}

/// The input of `judge_generate`: indices into `Problem::ALL` and `Profile::ALL` (mod
/// their lengths), the generator's seed, and the case count.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateInput {
    /// The problem's index (mod the number of problems).
    pub problem: u8,
    /// The profile's index (mod the number of profiles).
    pub profile: u8,
    /// The generator's seed.
    pub seed: u64,
    /// The case count asked for.
    pub cases: Cases,
}

/// The case count asked of `generate`.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cases {
    /// `None`: the profile's default.
    Default,
    /// `Some(n)`, 0 included (an error).
    Few(u8),
    /// The count limit of a counted format plus the offset (beyond it: an error); for
    /// other formats `Some` of the offset's low byte.
    AtLimit(i8),
}

/// The most random or max cases the `judge_generate` target asks for: a max input of
/// 100 000 cases takes seconds under the fuzzing instrumentation, for little new
/// coverage. The unit tests run [`check_generate`] on the default counts of every
/// problem and profile.
pub const FUZZED_CASES: u64 = 1000;

/// The `judge_generate` target: [`check_generate`] for the inputs that ask for at most
/// [`FUZZED_CASES`] random or max cases (impossible counts included).
pub fn check_generate_fuzzed(input: &GenerateInput) {
    check_generate_up_to(input, FUZZED_CASES);
}

/// The `judge_generate` property (panics on a violation).
pub fn check_generate(input: &GenerateInput) {
    check_generate_up_to(input, u64::MAX);
}

fn check_generate_up_to(input: &GenerateInput, most: u64) {
    let problem = Problem::ALL[usize::from(input.problem) % Problem::ALL.len()];
    let profile = Profile::ALL[usize::from(input.profile) % Profile::ALL.len()];
    let limit = match problem.spec().framing {
        Framing::Counted { max, .. } => Some(max),
        _ => None,
    };
    let cases = match (input.cases, limit) {
        (Cases::Default, _) => None,
        (Cases::Few(n), _) => Some(u64::from(n)),
        (Cases::AtLimit(o), Some(max)) => Some(max.saturating_add_signed(i64::from(o))),
        (Cases::AtLimit(o), None) => Some(u64::from(o as u8)),
    };
    let impossible = cases == Some(0) || cases.zip(limit).is_some_and(|(c, max)| c > max);
    let asked = match profile {
        Profile::Max => cases.unwrap_or(default_max_cases(problem)),
        _ => cases.unwrap_or(DEFAULT_RANDOM_CASES),
    };
    if !impossible && asked > most {
        return;
    }
    let what = format!(
        "generate({problem}, {}, {}, {cases:?})",
        profile.name(),
        input.seed
    );
    let mut out = Vec::new();
    match generate(problem, profile, input.seed, cases, &mut out) {
        Ok(()) => assert!(!impossible, "{what} succeeded"),
        Err(GenError::Cases(m)) => {
            assert!(impossible, "{what}: {m}");
            return;
        }
        Err(e) => panic!("{what}: {e}"),
    }
    let summary = match validate(problem, &out) {
        Ok(s) => s,
        Err(e) => panic!("{what} does not validate: {e}\n{}", excerpt(&out, SHOWN)),
    };
    let counted = |n: u64| limit.map_or(n, |max| n.min(max));
    match (profile, cases) {
        (Profile::Random, _) => assert_eq!(
            summary.cases,
            counted(cases.unwrap_or(DEFAULT_RANDOM_CASES)),
            "{what}"
        ),
        (Profile::Max, _) => assert_eq!(
            summary.cases,
            cases.unwrap_or(default_max_cases(problem)),
            "{what}"
        ),
        (Profile::Edge | Profile::Hack, Some(c)) => {
            assert!(
                (1..=c).contains(&summary.cases),
                "{what}: {} cases",
                summary.cases
            )
        }
        _ => assert!(summary.cases >= 1, "{what}: no case"),
    }
    pipeline(problem, &out);
}
