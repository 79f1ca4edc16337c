//! Reproducible test generators.
//!
//! Every generator is driven by [`SplitMix64`] (Steele, Lea and Flood's
//! SplitMix64: a 64-bit counter stepped by 0x9e3779b97f4a7c15 and mixed by two
//! multiply-xorshift rounds), implemented here with wrapping `u64` arithmetic only,
//! so the same seed gives byte-identical output on every platform and in every
//! build. Bounded values use the high half of a 64×64-bit product (Lemire's
//! multiply-shift, without rejection: the bias is below 2^-30 for our ranges and
//! the result is deterministic).
//!
//! # Profiles
//!
//! The cases of each profile come from the problem's module (see
//! [`crate::problem`] and each problem's `judge problems` entry); this module
//! frames them (the count line, the terminator) and draws the random ones.
//!
//! * `random` — values uniform within the official limits, mixed with losing
//!   positions and their neighbours (a solution printing a constant must fail).
//! * `edge` — zeros, equal piles, the limits, the smallest and largest losing
//!   positions inside the limits, the sample's cases first.
//! * `hack` — cases on which a classic naive solution answers wrongly. Where the
//!   problem has a float solution (in `beatty_float::solutions`), a candidate is
//!   kept only if that solution's answer, computed at generation, differs from
//!   the exact one; without one, the hack cases are the boundaries where
//!   off-by-one solutions fail. Each problem module's docs say which cases
//!   these are.
//! * `max` — the largest input the limits allow: many cases ([`default_max_cases`],
//!   chosen so that the answer stays within a few MB) with values at or near the
//!   limits.
//! * `mixed` (the default) — the edge cases, up to 20 hack cases, then random ones.
//!
//! `--cases` sets the number of random (or max) cases; for `edge` and `hack` it
//! caps the number of cases. A counted format never exceeds its count limit
//! ([`Framing::Counted`]).

use crate::Problem;
use crate::problem::{Case, Framing};
use core::fmt;
use core::str::FromStr;
use std::io::{self, Write};

pub use crate::rng::SplitMix64;

/// What kind of cases to generate (see the [module docs](self)).
///
/// ```
/// use beatty_problems::generate::Profile;
/// assert_eq!("hack".parse::<Profile>(), Ok(Profile::Hack));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// Uniform values within the limits, with losing positions mixed in.
    Random,
    /// Zeros, equal piles, limits, samples.
    Edge,
    /// Cases where the float formulas answer wrongly.
    Hack,
    /// The largest input the limits allow.
    Max,
    /// Edge, some hack, then random cases.
    Mixed,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 5] = [
        Profile::Random,
        Profile::Edge,
        Profile::Hack,
        Profile::Max,
        Profile::Mixed,
    ];

    /// The profile's name.
    ///
    /// ```
    /// assert_eq!(beatty_problems::generate::Profile::Max.name(), "max");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Profile::Random => "random",
            Profile::Edge => "edge",
            Profile::Hack => "hack",
            Profile::Max => "max",
            Profile::Mixed => "mixed",
        }
    }
}

impl FromStr for Profile {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown profile `{s}`; use random, edge, hack, max or mixed"))
    }
}

/// Why generation failed.
///
/// ```
/// use beatty_problems::generate::{generate, GenError, Profile};
/// use beatty_problems::Problem;
/// let e = generate(Problem::Bash, Profile::Random, 1, Some(101), Vec::new()).unwrap_err();
/// assert!(matches!(e, GenError::Cases(_)));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum GenError {
    /// An impossible number of cases was asked for.
    Cases(String),
    /// Writing failed.
    Io(io::Error),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Cases(s) => f.write_str(s),
            GenError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

impl std::error::Error for GenError {}

impl From<io::Error> for GenError {
    fn from(e: io::Error) -> Self {
        GenError::Io(e)
    }
}

/// The default number of random cases of the `random` and `mixed` profiles.
pub const DEFAULT_RANDOM_CASES: u64 = 100;

/// The default number of cases of the `max` profile, from the problem's module:
/// chosen so that the answer stays within a few MB, and never above the count
/// limit of a counted format.
///
/// ```
/// use beatty_problems::{generate::default_max_cases, Problem};
/// assert_eq!(default_max_cases(Problem::Bash), 100);
/// assert_eq!(default_max_cases(Problem::BashAuction), 500);
/// ```
#[must_use]
pub fn default_max_cases(problem: Problem) -> u64 {
    problem.def().max_cases()
}

/// Writes a valid input of `problem` to `out`, reproducible from `seed`.
///
/// `cases` is the number of random (or max) cases, or the cap for edge and hack
/// cases (`None`: [`DEFAULT_RANDOM_CASES`] random cases, [`default_max_cases`] max cases, every edge or hack case).
///
/// ```
/// use beatty_problems::generate::{generate, Profile};
/// use beatty_problems::{validate, Problem};
/// let mut a = Vec::new();
/// generate(Problem::Euclid, Profile::Mixed, 42, Some(10), &mut a).unwrap();
/// let mut b = Vec::new();
/// generate(Problem::Euclid, Profile::Mixed, 42, Some(10), &mut b).unwrap();
/// assert_eq!(a, b);
/// assert!(validate(Problem::Euclid, &a).is_ok());
/// ```
pub fn generate<W: Write>(
    problem: Problem,
    profile: Profile,
    seed: u64,
    cases: Option<u64>,
    out: W,
) -> Result<(), GenError> {
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    let def = problem.def();
    let spec = def.spec();
    if cases == Some(0) {
        return Err(GenError::Cases("--cases must be at least 1".into()));
    }
    let limit = match spec.framing {
        Framing::Counted { max, .. } => {
            if cases.is_some_and(|c| c > max) {
                return Err(GenError::Cases(format!(
                    "{problem} allows at most {max} cases"
                )));
            }
            Some(max)
        }
        _ => None,
    };
    let mut rng = SplitMix64::new(seed);
    let cap = |v: Vec<Case>| -> Vec<Case> {
        let n = cases.map_or(v.len(), |c| {
            v.len().min(usize::try_from(c).unwrap_or(usize::MAX))
        });
        v.into_iter().take(n).collect()
    };
    let (mut fixed, random, max) = match profile {
        Profile::Random => (Vec::new(), cases.unwrap_or(DEFAULT_RANDOM_CASES), false),
        Profile::Edge => (cap(def.edge()), 0, false),
        Profile::Hack => (cap(def.hack()), 0, false),
        Profile::Max => (Vec::new(), cases.unwrap_or(def.max_cases()), true),
        Profile::Mixed => {
            let mut v = def.edge();
            v.extend(def.hack().into_iter().take(20));
            (v, cases.unwrap_or(DEFAULT_RANDOM_CASES), false)
        }
    };
    if fixed.is_empty() && random == 0 {
        // Nothing qualifies (cannot happen for the built-in lists); keep the input valid.
        fixed = def.edge();
        fixed.truncate(1);
    }
    // The random cases are written as they are drawn, never held: an input
    // of `u64::MAX` cases costs no memory, only the time to write it.
    let max_count = limit.unwrap_or(u64::MAX);
    fixed.truncate(usize::try_from(max_count).unwrap_or(usize::MAX));
    let random = random.min(max_count - fixed.len() as u64);
    let count = fixed.len() as u64 + random;
    let drawn = (0..random).map(|_| def.random(&mut rng, max));
    crate::problem::write_input_from(spec, count, fixed.into_iter().chain(drawn), &mut out)?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_algorithm_written_with_u128() {
        // An independent formulation: the state is k·γ mod 2^64 after k steps.
        let seed = 0xdead_beef_u64;
        let mut r = SplitMix64::new(seed);
        for k in 1..=100u128 {
            let state = ((u128::from(seed) + k * 0x9e37_79b9_7f4a_7c15) % (1u128 << 64)) as u64;
            let mut z = u128::from(state);
            z = ((z ^ (z >> 30)) * 0xbf58_476d_1ce4_e5b9) % (1u128 << 64);
            z = ((z ^ (z >> 27)) * 0x94d0_49bb_1331_11eb) % (1u128 << 64);
            assert_eq!(r.next_u64(), (z ^ (z >> 31)) as u64);
        }
    }

    /// The cases of a generated input, counted by the validator.
    fn generated_cases(problem: Problem, profile: Profile, cases: Option<u64>) -> u64 {
        let mut v = Vec::new();
        generate(problem, profile, 7, cases, &mut v).unwrap();
        crate::validate(problem, &v).unwrap().cases
    }

    #[test]
    fn each_profile_gives_the_cases_asked_for() {
        // The definition (the docs of `generate`): `cases` random or max cases,
        // or at most `cases` edge or hack cases; without it 100 random, the
        // problem's max_cases max, every edge or hack case; mixed is every edge
        // case, 20 hack cases and the random ones; never above a counted
        // format's limit.
        for p in Problem::ALL {
            let def = p.def();
            let limit = match def.spec().framing {
                Framing::Counted { max, .. } => max,
                _ => u64::MAX,
            };
            let (edge, hack) = (def.edge().len() as u64, def.hack().len() as u64);
            for n in [1, 3, 57] {
                assert_eq!(
                    generated_cases(p, Profile::Random, Some(n)),
                    n.min(limit),
                    "{p}"
                );
                assert_eq!(
                    generated_cases(p, Profile::Max, Some(n)),
                    n.min(limit),
                    "{p}"
                );
                assert_eq!(
                    generated_cases(p, Profile::Edge, Some(n)),
                    n.min(edge),
                    "{p}"
                );
                assert_eq!(
                    generated_cases(p, Profile::Hack, Some(n)),
                    n.min(hack),
                    "{p}"
                );
                let mixed = edge + hack.min(20) + n;
                assert_eq!(
                    generated_cases(p, Profile::Mixed, Some(n)),
                    mixed.min(limit),
                    "{p}"
                );
            }
            assert_eq!(
                generated_cases(p, Profile::Random, None),
                100.min(limit),
                "{p}"
            );
            assert_eq!(
                generated_cases(p, Profile::Edge, None),
                edge.min(limit),
                "{p}"
            );
            assert_eq!(
                generated_cases(p, Profile::Hack, None),
                hack.min(limit),
                "{p}"
            );
            if p != Problem::BashAuction {
                // (bash-auction's max answers are long: its default is checked below)
                assert_eq!(
                    generated_cases(p, Profile::Max, None),
                    default_max_cases(p),
                    "{p}"
                );
            }
        }
        // The defaults the docs give.
        assert_eq!(default_max_cases(Problem::Bash), 100);
        assert_eq!(default_max_cases(Problem::BashAuction), 500);
    }

    #[test]
    fn a_counted_format_takes_its_limit_and_no_more() {
        // bash: at most 100 cases (HDU 1846).
        assert_eq!(
            generated_cases(Problem::Bash, Profile::Random, Some(100)),
            100
        );
        let e = generate(Problem::Bash, Profile::Random, 1, Some(101), Vec::new()).unwrap_err();
        assert_eq!(e.to_string(), "bash allows at most 100 cases");
        let e = generate(Problem::Wythoff, Profile::Edge, 1, Some(0), Vec::new()).unwrap_err();
        assert_eq!(e.to_string(), "--cases must be at least 1");
        let io = GenError::Io(io::Error::other("disk full"));
        assert_eq!(io.to_string(), "i/o error: disk full");
    }

    #[test]
    fn profiles_are_named_as_the_command_line_names_them() {
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["random", "edge", "hack", "max", "mixed"]);
        for p in Profile::ALL {
            assert_eq!(p.name().to_uppercase().parse::<Profile>(), Ok(p));
        }
        assert!("maximum".parse::<Profile>().is_err());
    }

    #[test]
    fn no_double_hazard_below_a_million() {
        // The claim in the module docs, checked.
        assert_eq!(beatty_hazards::lower_f64_hazards(0..=1_000_000), Ok(vec![]));
    }
}
