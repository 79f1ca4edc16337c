//! The problems: one module each, and the registry that lists them.
//!
//! # The idea
//!
//! Everything the judge knows about one problem lives in its module
//! (`problem/<name>.rs`): its names and aliases, the format as a [`Spec`]
//! (framing, fields with their limits, statement text, sample, how answers are
//! compared), the exact [`Answer`] of a case and the answer of the classic float
//! solution, the case tables of the generator profiles, and the text of
//! `judge explain`. [`solve`](crate::solve()), [`validate`](crate::validate()),
//! [`check`](crate::check()), [`generate`](crate::generate), the test sets and
//! [`explain`](crate::explain) are drivers over that description: they read the
//! format from the [`Spec`] and ask the module only for answers and cases.
//!
//! Adding a problem is one new module implementing `Definition` (from
//! `spec.rs`, which holds what every problem file shares and imports none of
//! them, so that the registry here can name the problems without an import
//! circle), its `mod` line here, and one entry (a doc line and a line) in the `registry!` list,
//! which declares the [`Problem`] variant and the registry row (an entry
//! whose module is not declared does not build). The `mod` lines stand
//! outside the macro so that tools which follow `mod` items, cargo-mutants
//! above all, see the problems' code.

use core::fmt;
use core::str::FromStr;

mod spec;
pub use spec::{
    Answer, Asset, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation, Spec,
    WinningMoves,
};
pub(crate) use spec::{Case, Definition, Visit, write_input, write_input_from};

pub use bash_auction::MAX_BIDS;
/// The limit on a pile of the `wythoff` problem (POJ 1067, HDU 1527): 10⁹.
pub const WYTHOFF_MAX_PILE: u64 = wythoff::MAX;

/// A problem's package files, kept as source files in the directory named
/// after its module (`problem/wythoff_moves/`) and compiled into the crate:
/// `assets!["wythoff"; "exact.py" => "submissions/accepted/exact.py", …]`.
macro_rules! assets {
    ($dir:literal; $($file:literal => $path:literal,)*) => {
        &[$(crate::problem::Asset {
            path: $path,
            contents: include_str!(concat!($dir, "/", $file)),
        },)*]
    };
}

// After `assets!`, which they use.
mod bash;
mod bash_auction;
mod euclid;
mod fibonacci_nim;
mod wythoff;
mod wythoff_big;
mod wythoff_moves;

/// Declares the problems: for each, its module (`problem/<module>.rs`,
/// declared above), its [`Problem`] variant with the variant's doc line, and
/// its registry row.
macro_rules! registry {
    ($($(#[doc = $doc:literal])* $module:ident :: $def:ident => $variant:ident,)*) => {
        /// One of the classic problems the judge knows.
        ///
        /// Each problem has a canonical name (what [`Problem::name`] returns and what
        /// `judge problems` prints) and the online-judge ids it is known by
        /// ([`Problem::aliases`]). Parsing accepts both, ignoring ASCII case.
        ///
        /// ```
        /// use beatty_problems::Problem;
        /// assert_eq!("POJ1067".parse::<Problem>(), Ok(Problem::Wythoff));
        /// assert_eq!("51nod1185".parse::<Problem>(), Ok(Problem::WythoffBig));
        /// assert_eq!(Problem::Euclid.name(), "euclid");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Problem {
            $($(#[doc = $doc])* $variant,)*
        }

        /// The registry: every problem with its definition, in the order `judge
        /// problems` lists them.
        const REGISTRY: &[(Problem, &dyn Definition)] = &[$((Problem::$variant, &$module::$def),)*];

        impl Problem {
            /// Hands the problem's definition, with its own type, to a driver
            /// (see [`Visit`]).
            #[inline]
            pub(crate) fn visit<V: Visit>(self, v: V) -> V::Output {
                match self {
                    $(Problem::$variant => v.visit(&$module::$def),)*
                }
            }
        }
    };
}

// The one line per problem (in the order `judge problems` lists them).
registry! {
    /// Wythoff's game, outcome only (POJ 1067, HDU 1527).
    wythoff::Wythoff => Wythoff,
    /// Wythoff's game with the winning moves (HDU 2177).
    wythoff_moves::WythoffMoves => WythoffMoves,
    /// Wythoff's game with piles up to 10^18 (51nod 1185).
    wythoff_big::WythoffBig => WythoffBig,
    /// Bash's game (HDU 1846).
    bash::Bash => Bash,
    /// The auction form of Bash's game (HDU 2149).
    bash_auction::BashAuction => BashAuction,
    /// Euclid's game (HDU 1525, POJ 2348).
    euclid::Euclid => Euclid,
    /// Fibonacci nim (HDU 2516).
    fibonacci_nim::FibonacciNim => FibonacciNim,
}

impl Problem {
    /// Every problem, in the order `judge problems` lists them.
    pub const ALL: [Problem; REGISTRY.len()] = {
        let mut all = [Problem::Wythoff; REGISTRY.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = REGISTRY[i].0;
            i += 1;
        }
        all
    };

    pub(crate) fn def(self) -> &'static dyn Definition {
        REGISTRY[self as usize].1
    }

    /// The problem's description: framing, fields, statement, sample.
    ///
    /// ```
    /// use beatty_problems::{problem::Framing, Problem};
    /// assert_eq!(Problem::Euclid.spec().framing, Framing::Terminator);
    /// assert_eq!(Problem::Wythoff.spec().fields[1].max, 1_000_000_000);
    /// ```
    #[must_use]
    pub fn spec(self) -> &'static Spec {
        self.def().spec()
    }

    /// The canonical name.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The online-judge problem ids this problem is known by.
    #[must_use]
    pub fn aliases(self) -> &'static [&'static str] {
        self.spec().aliases
    }

    /// The input format in one line (as `judge problems` prints it).
    #[must_use]
    pub fn input_format(self) -> &'static str {
        self.spec().input_format
    }

    /// The output format in one line (as `judge problems` prints it).
    #[must_use]
    pub fn output_format(self) -> &'static str {
        self.spec().output_format
    }

    /// The exact answer of one case (its field values in order), for every
    /// value that fits in a `u64`; a [`DomainError`] for values outside the
    /// game's domain (a maximum take of 0, a lone zero in `euclid`, …).
    ///
    /// ```
    /// use beatty_problems::Problem;
    /// let a = Problem::WythoffMoves.answer(&[4, 5]).unwrap();
    /// assert_eq!(a.to_string(), "1\n1 2\n3 5\n");
    /// assert!(Problem::Bash.answer(&[4, 0]).is_err());
    /// ```
    pub fn answer(self, case: &[u64]) -> Result<Answer, DomainError> {
        let def = self.def();
        if case.len() != def.spec().fields.len() {
            return Err(DomainError {
                field: case.len().min(def.spec().fields.len()),
                expected: format!("{} numbers", def.spec().fields.len()),
                found: format!("{} numbers", case.len()),
            });
        }
        def.answer(&Case::new(case))
    }

    /// The answer "the player to move wins" (`true`) or "loses" (`false`) in
    /// this problem's words, for the problems whose answer is the winner
    /// ([`Spec::words`]); `None` for the others.
    ///
    /// ```
    /// use beatty_problems::Problem;
    /// let a = Problem::FibonacciNim.outcome_answer(false).unwrap();
    /// assert_eq!(a.to_string(), "Second win\n");
    /// assert!(Problem::WythoffMoves.outcome_answer(true).is_none());
    /// ```
    #[must_use]
    pub fn outcome_answer(self, to_move_wins: bool) -> Option<Answer> {
        self.spec().words.map(|w| w.answer(to_move_wins))
    }

    /// What the classic float solution answers on a case, `None` when the
    /// problem has no float solution or the case is outside its domain.
    ///
    /// ```
    /// use beatty_problems::Problem;
    /// // The F40 pair: doubles say the player to move wins (`1`); it loses.
    /// let f = Problem::Wythoff.float_answer(&[165_580_140, 267_914_295]).unwrap();
    /// assert_eq!(f.to_string(), "1\n");
    /// assert_eq!(Problem::Wythoff.answer(&[165_580_140, 267_914_295]).unwrap().to_string(), "0\n");
    /// ```
    #[must_use]
    pub fn float_answer(self, case: &[u64]) -> Option<Answer> {
        let def = self.def();
        if case.len() != def.spec().fields.len() {
            return None;
        }
        def.float_answer(&Case::new(case))
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown problem name; its message lists the known names.
///
/// ```
/// let e = "nim".parse::<beatty_problems::Problem>().unwrap_err();
/// assert!(e.to_string().contains("wythoff-moves"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProblem(pub String);

impl fmt::Display for UnknownProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown problem `{}`; known problems: ", self.0)?;
        for (i, p) in Problem::ALL.into_iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{} ({})", p.name(), p.aliases().join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownProblem {}

impl FromStr for Problem {
    type Err = UnknownProblem;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Problem::ALL
            .into_iter()
            .find(|p| {
                p.name().eq_ignore_ascii_case(s)
                    || p.aliases().iter().any(|a| a.eq_ignore_ascii_case(s))
            })
            .ok_or_else(|| UnknownProblem(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn the_public_answers_take_a_case_of_the_problems_arity() {
        // HDU 1846's statement: C ≤ 100 cases `n m`, the answer `first` or `second`.
        assert_eq!(
            Problem::Bash.input_format(),
            "first line C (1 ≤ C ≤ 100), then C lines `n m`, 1 ≤ n, m ≤ 1000"
        );
        assert_eq!(
            Problem::Bash.output_format(),
            "`first` or `second` per case"
        );
        // 3 stones, take at most 2: the second player wins.
        assert_eq!(
            Problem::Bash.answer(&[3, 2]).unwrap().to_string(),
            "second\n"
        );
        for case in [&[3][..], &[3, 2, 1]] {
            let e = Problem::Bash.answer(case).unwrap_err();
            assert_eq!(
                (e.expected.as_str(), e.found.clone()),
                ("2 numbers", format!("{} numbers", case.len()))
            );
            assert_eq!(Problem::Wythoff.float_answer(case), None);
        }
        // HDU 2516's words; wythoff-moves answers with moves, not words.
        assert_eq!(
            Problem::FibonacciNim
                .outcome_answer(false)
                .unwrap()
                .to_string(),
            "Second win\n"
        );
        assert_eq!(
            Problem::FibonacciNim
                .outcome_answer(true)
                .unwrap()
                .to_string(),
            "First win\n"
        );
        assert!(Problem::WythoffMoves.outcome_answer(true).is_none());
        // The F40 pair, where the double formula says the player to move wins.
        let f40 = [165_580_140, 267_914_295];
        assert_eq!(
            Problem::Wythoff.float_answer(&f40).unwrap().to_string(),
            "1\n"
        );
        assert_eq!(Problem::Wythoff.answer(&f40).unwrap().to_string(), "0\n");
    }

    #[test]
    fn errors_and_answers_read_as_their_docs_say() {
        // wythoff-moves' answer for (4, 5) (HDU 2177): `1`, then the moves.
        let a = Problem::WythoffMoves.answer(&[4, 5]).unwrap();
        assert_eq!(a.shown(), "1 / 1 2 / 3 5");
        let e = Problem::Bash.answer(&[4, 0]).unwrap_err();
        assert_eq!(e.to_string(), "expected a positive number m, found \"0\"");
        let e = "nim".parse::<Problem>().unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with("unknown problem `nim`; known problems: wythoff (poj1067, hdu1527, openjudge01067), "),
            "{text}"
        );
        // every problem once, separated by commas, no separator before the first
        assert_eq!(text.matches(", wythoff-moves (").count(), 1, "{text}");
        assert!(!text.contains(": , "), "{text}");
    }

    /// `Definition::wins`, where it answers, is `answer` in the spec's words, on
    /// every case of every profile (the edge and hack tables whole, random and
    /// max cases) and on values outside the limits and the domain.
    #[test]
    fn wins_is_the_answer_in_the_spec_words() {
        let mut rng = SplitMix64::new(21);
        for p in Problem::ALL {
            let def = p.def();
            let mut cases = def.edge();
            cases.extend(def.hack());
            for i in 0..20_000 {
                cases.push(def.random(&mut rng, i % 2 == 0));
            }
            let fields = def.spec().fields.len();
            for v in [0, 1, 2, 3, u64::MAX, u64::MAX - 1, 1 << 32] {
                for w in [0, 1, 5, u64::MAX] {
                    cases.push(Case::new(&[v, w][..fields]));
                }
            }
            let mut answered = 0;
            for c in &cases {
                if let Some(w) = def.wins(c) {
                    let words = def.spec().words.expect("wins needs words");
                    assert_eq!(def.answer(c), Ok(words.answer(w)), "{p} {c}");
                    answered += 1;
                }
            }
            if def.spec().words.is_some() {
                assert!(answered > 10_000, "{p}: wins answered {answered} cases");
            }
        }
    }

    #[test]
    fn the_limits_are_the_published_statements() {
        // Each statement's limits, written from the statement (see `source`).
        const BIG: u64 = 1_000_000_000_000_000_000; // 10^18
        const I31: u64 = 2_147_483_647; // 2^31 − 1
        let pair = |min, max| vec![(min, max), (min, max)];
        let published = [
            // POJ 1067: 0 ≤ a, b ≤ 10^9, until end of file
            (Problem::Wythoff, pair(0, 1_000_000_000), Framing::UntilEof),
            // 51Nod 1185: T ≤ 10000, then 1 ≤ a, b ≤ 10^18
            (
                Problem::WythoffBig,
                pair(1, BIG),
                Framing::Counted {
                    name: "",
                    max: 10_000,
                },
            ),
            // HDU 2177: 0 ≤ a ≤ b ≤ 10^6, ended by `0 0`
            (
                Problem::WythoffMoves,
                pair(0, 1_000_000),
                Framing::Terminator,
            ),
            // HDU 1846: C ≤ 100, then 1 ≤ n, m ≤ 1000
            (
                Problem::Bash,
                pair(1, 1000),
                Framing::Counted { name: "", max: 100 },
            ),
            // HDU 2149: 0 < M, N < 1100, until end of file
            (Problem::BashAuction, pair(1, 1099), Framing::UntilEof),
            // HDU 1525: positive integers < 2^31, ended by `0 0`
            (Problem::Euclid, pair(1, I31), Framing::Terminator),
            // HDU 2516: 2 ≤ n < 2^31, ended by `0`
            (Problem::FibonacciNim, vec![(2, I31)], Framing::Terminator),
        ];
        assert_eq!(published.len(), Problem::ALL.len());
        for (p, fields, framing) in published {
            let spec = p.def().spec();
            let got: Vec<(u64, u64)> = spec.fields.iter().map(|f| (f.min, f.max)).collect();
            assert_eq!(got, fields, "{p}");
            let count = |f: Framing| match f {
                Framing::Counted { max, .. } => Some(max),
                _ => None,
            };
            assert_eq!(count(spec.framing), count(framing), "{p}");
            assert_eq!(
                std::mem::discriminant(&spec.framing),
                std::mem::discriminant(&framing),
                "{p}"
            );
        }
    }

    /// The `edge` profile's docs: every case legal (the spec's fields and
    /// relation), none twice, the sample's cases first.
    #[test]
    fn the_edge_cases_are_legal_distinct_and_start_with_the_sample() {
        for p in Problem::ALL {
            let def = p.def();
            let spec = def.spec();
            let edge = def.edge();
            let mut seen = std::collections::HashSet::new();
            for c in &edge {
                let v = c.values();
                assert_eq!(v.len(), spec.fields.len(), "{p} {c}");
                for (x, f) in v.iter().zip(spec.fields) {
                    assert!((f.min..=f.max).contains(x), "{p}: {c} outside {}", f.name);
                }
                if spec.relation == Relation::FirstAtMostSecond {
                    assert!(v[0] <= v[1], "{p}: {c}");
                }
                assert!(seen.insert(v.to_vec()), "{p}: {c} twice");
            }
            // the sample's numbers, without the count line and the terminator
            let text = std::str::from_utf8(spec.sample).unwrap();
            let mut numbers: Vec<u64> = text
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            if matches!(spec.framing, Framing::Counted { .. }) {
                numbers.remove(0);
            }
            if spec.framing == Framing::Terminator {
                numbers.truncate(numbers.len() - spec.fields.len());
            }
            let sample: Vec<&[u64]> = numbers.chunks(spec.fields.len()).collect();
            let first: Vec<&[u64]> = edge.iter().take(sample.len()).map(Case::values).collect();
            assert_eq!(first, sample, "{p}");
        }
    }

    #[test]
    fn the_max_profile_has_the_documented_number_of_cases() {
        for p in Problem::ALL {
            let want = match p {
                Problem::Bash => 100,
                Problem::WythoffBig => 10_000,
                Problem::BashAuction => 500,
                _ => 100_000,
            };
            assert_eq!(p.def().max_cases(), want, "{p}");
            if let Framing::Counted { max, .. } = p.def().spec().framing {
                assert_eq!(want, max, "{p}: the count limit");
            }
        }
    }

    #[test]
    fn a_problem_without_a_custom_comparison_says_so_streaming_or_not() {
        // The docs of `compare_lines`: the streaming form of `compare_custom`,
        // with the same message.
        for p in Problem::ALL {
            let def = p.def();
            if def.spec().output == OutputKind::Custom {
                continue;
            }
            let case = def.edge()[0];
            let answer = def.answer(&case).unwrap();
            let mut output: &[u8] = b"";
            let mut lines: crate::compare::DynLines<'_> =
                crate::compare::Lines::new(&mut output as &mut dyn std::io::Read);
            let streaming = def
                .compare_lines(&mut lines, 1, &case, &answer, b"")
                .unwrap();
            let whole = def.compare_custom(&[case], &[answer], b"").err();
            assert_eq!(streaming, whole, "{p}");
            let message = streaming.map(|m| m.message);
            assert_eq!(
                message.as_deref(),
                Some("this problem has no custom comparison"),
                "{p}"
            );
        }
    }

    #[test]
    fn every_name_and_alias_parses_back_in_any_case() {
        for p in Problem::ALL {
            assert_eq!(p.name().to_uppercase().parse::<Problem>(), Ok(p));
            for a in p.aliases() {
                assert_eq!(a.parse::<Problem>(), Ok(p));
                assert_eq!(a.to_uppercase().parse::<Problem>(), Ok(p));
            }
        }
        assert!("poj".parse::<Problem>().is_err());
        for (i, p) in Problem::ALL.into_iter().enumerate() {
            assert_eq!(p as usize, i, "REGISTRY is indexed by the enum");
            assert_eq!(REGISTRY[i].0, p);
        }
        assert!("".parse::<Problem>().is_err());
    }
}
