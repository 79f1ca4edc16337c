//! `bash-auction` — the auction form of Bash's game (HDU 2149).
//!
//! Lines `M N` until end of file, 0 < M, N < 1100; the answer is the winning
//! first bids in increasing order on one line, or `none`. There is no float
//! formula. A `max` case lists up to 1099 bids (about 5 KB), so the
//! `max` profile has 500 cases by default: an answer of about 2.5 MB.
//!
//! # Hack cases, by the class of mistake they expose
//!
//! Every class is in the `hack` profile, so every test set (its `03-hack`, at
//! every seed) holds all of them.
//!
//! | class | cases | archetypes (package submissions) it fails |
//! |---|---|---|
//! | the boundaries | M ∈ {N − 1, N, N + 1, N + 2, 2(N + 1), 2(N + 1) + 1} for N ∈ {1, 2, 10, 100, 548, 549, 1000, 1098}, each kept if 1 ≤ M ≤ 1099: M ≤ N (every bid from M to N wins), M = N + 1 and M ≡ 0 mod (N + 1) (`none`) | `only_modulo.py` (forgets M ≤ N), `only_m.c` (only the bid M), `below_n.c` (bids up to N − 1), `modulo_n.cpp` (period N) |
//!
//! No intermediate value can overflow (M, N < 1100). The sample (`4 2`, `3 2`,
//! `3 5`) also fails all four, and `swapped.c` (reads N before M),
//! `one_case.cpp` (one case only), `capital_none.c` (`None`: testlib's `wcmp`
//! is case-sensitive, WA; the package sets `validator_flags: case_sensitive`
//! so that Kattis agrees) and `run_time_error/eof.py` (reads past the end of
//! the input: RE); the edge cases near 1099 fail
//! `time_limit_exceeded/search.py`. `accepted/trailing_space.c` ends every
//! line with a space (HDU's own checker calls that a presentation error):
//! `wcmp` compares tokens, so it is accepted.
//! Outside the game's domain (refused by the solver): M = 0, N = 0, and a case
//! whose answer would list more than [`MAX_BIDS`] bids.

use super::spec::{
    Answer, Case, Definition, DomainError, Field, Framing, OutputKind, Relation, Spec, answer_note,
    zero_field,
};
use crate::rng::SplitMix64;
use beatty_games::bash;
use core::fmt::Write;

const MAX: u64 = 1099;

/// A case whose answer would list more bids than this is refused by the solver
/// (a raise limit near `u64::MAX` would otherwise print for centuries; the
/// official answers have at most 1099).
pub const MAX_BIDS: u64 = 1 << 16;

static SPEC: Spec = Spec {
    name: "bash-auction",
    aliases: &["hdu2149"],
    title: "Bash's game, the auction",
    source: "HDU 2149",
    legend: "Two bidders raise the price of a field in turn, starting from 0; each raise is at least 1 and at most N. The first to make the price at least M wins the field. Both bid perfectly; you bid first. Which first bids win?",
    input_format: "lines `M N` until end of file; 0 < M, N < 1100",
    output_format: "the winning first bids in increasing order separated by single spaces, or `none`",
    framing: Framing::UntilEof,
    fields: &[
        Field {
            name: "price M",
            min: 1,
            max: MAX,
        },
        Field {
            name: "maximum raise N",
            min: 1,
            max: MAX,
        },
    ],
    relation: Relation::None,
    words: None,
    sample: b"4 2\n3 2\n3 5\n",
    output: OutputKind::Words,
    assets: assets!["bash_auction";
        "exact.py" => "submissions/accepted/exact.py",
        "exact.cpp" => "submissions/accepted/exact.cpp",
        "trailing_space.c" => "submissions/accepted/trailing_space.c",
        "only_modulo.py" => "submissions/wrong_answer/only_modulo.py",
        "only_m.c" => "submissions/wrong_answer/only_m.c",
        "below_n.c" => "submissions/wrong_answer/below_n.c",
        "modulo_n.cpp" => "submissions/wrong_answer/modulo_n.cpp",
        "swapped.c" => "submissions/wrong_answer/swapped.c",
        "one_case.cpp" => "submissions/wrong_answer/one_case.cpp",
        "capital_none.c" => "submissions/wrong_answer/capital_none.c",
        "search.py" => "submissions/time_limit_exceeded/search.py",
        "eof.py" => "submissions/run_time_error/eof.py",
    ],
};

pub(super) struct BashAuction;

impl Definition for BashAuction {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        let (price, raise) = case.ab();
        if price == 0 {
            return Err(zero_field(0, "M"));
        }
        let bids = bash::auction_winning_bids(price, raise).map_err(|_| zero_field(1, "N"))?;
        let bids = bids.map(|r| r.into_inner());
        if let Some((lo, hi)) = bids
            && hi - lo >= MAX_BIDS
        {
            return Err(DomainError {
                field: 1,
                expected: format!("a case whose answer has at most {MAX_BIDS} bids"),
                found: format!("{} bids (from {lo} to {hi})", u128::from(hi - lo) + 1),
            });
        }
        Ok(Answer::Bids(bids))
    }

    fn float_answer(&self, _: &Case) -> Option<Answer> {
        None
    }

    fn edge(&self) -> Vec<Case> {
        [
            (4, 2),
            (3, 2),
            (3, 5),
            (1, 1),
            (2, 1),
            (1, 1099),
            (1099, 1),
            (1099, 1099),
            (1098, 1099),
            (1099, 1098),
            (550, 549),
        ]
        .map(|(m, n)| Case::pair(m, n))
        .to_vec()
    }

    fn hack(&self) -> Vec<Case> {
        let mut v = Vec::new();
        for n in [1, 2, 10, 100, 548, 549, 1000, 1098] {
            for m in [n - 1, n, n + 1, n + 2, 2 * (n + 1), 2 * (n + 1) + 1] {
                if (1..=MAX).contains(&m) {
                    v.push(Case::pair(m, n));
                }
            }
        }
        v
    }

    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        if max {
            Case::pair(r.range(1, 50), r.range(MAX - 50, MAX))
        } else {
            Case::pair(r.range(1, MAX), r.range(1, MAX))
        }
    }

    fn max_cases(&self) -> u64 {
        500
    }

    fn explain(&self, case: &Case) -> Result<String, String> {
        let (price, raise) = case.ab();
        let bids = bash::auction_winning_bids(price, raise).map_err(|e| e.to_string())?;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Bash's auction: price M = {price}, each raise 1 to N = {raise}; the first to reach M wins"
        );
        let _ = writeln!(
            s,
            "a bidder facing a remaining distance d = M − price loses exactly when d is a multiple of N + 1 = {}",
            u128::from(raise) + 1
        );
        let bids = bids.map(|r| r.into_inner());
        let note = answer_note(&Answer::Bids(bids));
        match bids {
            None => {
                let _ = writeln!(
                    s,
                    "outcome: the first bidder loses ({note}): {price} is a multiple of {}",
                    u128::from(raise) + 1
                );
            }
            Some((lo, hi)) if raise >= price => {
                let _ = writeln!(
                    s,
                    "outcome: the first bidder wins at once ({note}): every bid from {lo} to {hi} reaches M"
                );
            }
            Some((r, _)) => {
                let _ = writeln!(
                    s,
                    "outcome: the first bidder wins with the bid {r} ({note}): the distance left, {}, is a multiple of {}; then answer every raise x with N + 1 − x",
                    price - r,
                    u128::from(raise) + 1
                );
            }
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The winning first bids by the rule of HDU 2149, written out: every bid
    /// from M to N when M ≤ N, else the one bid leaving a multiple of N + 1.
    fn rule(m: u64, n: u64) -> Option<(u64, u64)> {
        if m <= n {
            Some((m, n))
        } else {
            let r = m % (n + 1);
            (r != 0).then_some((r, r))
        }
    }

    #[test]
    fn the_hack_cases_are_the_boundaries_of_the_module_docs() {
        // The docs' table, each case once.
        let mut want = Vec::new();
        for n in [1, 2, 10, 100, 548, 549, 1000, 1098] {
            for m in [n - 1, n, n + 1, n + 2, 2 * (n + 1), 2 * (n + 1) + 1] {
                if (1..=1099).contains(&m) {
                    want.push(Case::pair(m, n));
                }
            }
        }
        let mut got = BashAuction.hack();
        got.sort_by_key(Case::ab);
        want.sort_by_key(Case::ab);
        assert_eq!(got, want);
        let exact = |c: &Case| {
            let (m, n) = c.ab();
            let bids = bash::auction_winning_bids(m, n).unwrap();
            let bids = bids.map(|r| r.into_inner());
            assert_eq!(bids, rule(m, n), "the rule at {m} {n}");
            bids
        };
        // The four archetypes the table names, each failed by some hack case.
        type Model = fn(u64, u64) -> Option<(u64, u64)>;
        let archetypes: [(&str, Model); 4] = [
            ("only_modulo.py", |m, n| {
                let r = m % (n + 1);
                (r != 0).then_some((r, r))
            }),
            (
                "only_m.c",
                |m, n| if m <= n { Some((m, m)) } else { rule(m, n) },
            ),
            ("below_n.c", |m, n| {
                if m <= n { Some((m, n - 1)) } else { rule(m, n) }
            }),
            ("modulo_n.cpp", |m, n| {
                if m <= n {
                    Some((m, n))
                } else {
                    let r = m % n;
                    (r != 0).then_some((r, r))
                }
            }),
        ];
        for (name, wrong) in archetypes {
            assert!(
                got.iter().any(|c| wrong(c.ab().0, c.ab().1) != exact(c)),
                "{name} passes the hack cases"
            );
        }
    }

    #[test]
    fn an_answer_of_max_bids_bids_is_given_and_one_more_refused() {
        // M ≤ N: the bids M to N, N − M + 1 of them.
        for m in [1, 2, 1000] {
            let n = m + MAX_BIDS - 1;
            assert_eq!(
                BashAuction.answer(&Case::pair(m, n)),
                Ok(Answer::Bids(Some((m, n)))),
                "{MAX_BIDS} bids from {m}"
            );
            let e = BashAuction.answer(&Case::pair(m, n + 1)).unwrap_err();
            assert_eq!(e.field, 1);
            assert_eq!(
                e.found,
                format!("{} bids (from {m} to {})", MAX_BIDS + 1, n + 1)
            );
        }
    }

    #[test]
    fn the_explanation_takes_the_branch_of_the_rule() {
        let mut cases = BashAuction.edge();
        cases.extend(BashAuction.hack());
        for c in cases {
            let (m, n) = c.ab();
            let text = BashAuction.explain(&c).unwrap();
            let claim = match rule(m, n) {
                None => "outcome: the first bidder loses".to_string(),
                Some(_) if m <= n => "outcome: the first bidder wins at once".to_string(),
                Some((r, _)) => format!("outcome: the first bidder wins with the bid {r} "),
            };
            assert!(text.contains(&claim), "{m} {n}: {text}");
        }
    }

    /// The module docs: a `max` case lists up to 1099 bids (here: at least
    /// 1000, every bid from a price M ≤ 50 to a raise limit N ≥ 1049); the
    /// other cases are uniform over the limits.
    #[test]
    fn random_cases_cover_the_limits_and_max_cases_list_a_thousand_bids() {
        let mut r = SplitMix64::new(2149);
        for _ in 0..2000 {
            let c = BashAuction.random(&mut r, true);
            let Ok(Answer::Bids(Some((lo, hi)))) = BashAuction.answer(&c) else {
                panic!("{c}: no bids")
            };
            assert!((1000..=1099).contains(&(hi - lo + 1)), "{c}: {lo}..={hi}");
        }
        let (mut m_lo, mut m_hi, mut n_lo, mut n_hi) = (0, 0, 0, 0);
        for _ in 0..2000 {
            let (m, n) = BashAuction.random(&mut r, false).ab();
            assert!(
                (1..=1099).contains(&m) && (1..=1099).contains(&n),
                "{m} {n}"
            );
            m_lo += usize::from(m <= 100);
            m_hi += usize::from(m >= 1000);
            n_lo += usize::from(n <= 100);
            n_hi += usize::from(n >= 1000);
        }
        // about 182 of 2000 each (100 of 1099 values)
        for k in [m_lo, m_hi, n_lo, n_hi] {
            assert!((120..=250).contains(&k), "{m_lo} {m_hi} {n_lo} {n_hi}");
        }
    }
}
