//! `bash` — Bash's game (HDU 1846).
//!
//! A count C ≤ 100, then C lines `n m` with 1 ≤ n, m ≤ 1000; the answer is
//! `first` if the first player wins, else `second`. There is no float formula.
//! Outside the game's domain (refused by the solver): a maximum take m = 0.
//!
//! # Hack cases, by the class of mistake they expose
//!
//! Every class is in the `hack` profile (46 cases, within the count limit of
//! 100: a test checks it), so every test set (its `03-hack`, at every seed) holds all of them.
//!
//! | class | cases | archetypes (package submissions) it fails |
//! |---|---|---|
//! | period boundaries | n ∈ {m, m + 1, m + 2, 2(m + 1) − 1, 2(m + 1), 2(m + 1) + 1} for m ∈ {1, 2, 3, 9, 99, 332, 499, 998, 999}, each kept if 1 ≤ n ≤ 1000 | `first_period.c` (only n = m + 1 loses: n = 2(m + 1)), `off_by_one.py` (period m) |
//!
//! No intermediate value can overflow (n, m ≤ 1000) and there is no float
//! formula. The sample and the edge cases fail the other archetypes:
//! `swapped.cpp` (reads m before n: the sample's 4 3), `count_short.c` (C − 1
//! cases), `no_count.c` (no count line), `capital.c` (`First`: testlib's
//! `wcmp` is case-sensitive, WA; the package sets `validator_flags:
//! case_sensitive` so that Kattis agrees), `run_time_error/table_1000.py` (a
//! table of 1000 entries: the edge case n = 1000, RE), and
//! `time_limit_exceeded/search.py` (the edge cases near 1000).
//! `accepted/trailing_space.c` ends every answer with a space instead of a
//! line feed: `wcmp` compares tokens, so it is accepted.

use super::spec::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation,
    Spec, answer_note, zero_field,
};
use crate::rng::SplitMix64;
use beatty_games::bash;
use core::fmt::Write;

const MAX: u64 = 1000;

static SPEC: Spec = Spec {
    name: "bash",
    aliases: &["hdu1846"],
    title: "Bash's game",
    source: "HDU 1846",
    legend: "There is one pile of n stones. Two players move in turn; a move takes at least 1 and at most m stones. The player who takes the last stone wins. Both play perfectly; the first player is to move.",
    input_format: "first line C (1 ≤ C ≤ 100), then C lines `n m`, 1 ≤ n, m ≤ 1000",
    output_format: "`first` or `second` per case",
    framing: Framing::Counted {
        name: "the number of cases C",
        max: 100,
    },
    fields: &[
        Field {
            name: "pile n",
            min: 1,
            max: MAX,
        },
        Field {
            name: "maximum take m",
            min: 1,
            max: MAX,
        },
    ],
    relation: Relation::None,
    words: Some(WORDS),
    sample: b"2\n23 2\n4 3\n",
    output: OutputKind::Words,
    assets: assets!["bash";
        "exact.py" => "submissions/accepted/exact.py",
        "exact.cpp" => "submissions/accepted/exact.cpp",
        "trailing_space.c" => "submissions/accepted/trailing_space.c",
        "off_by_one.py" => "submissions/wrong_answer/off_by_one.py",
        "first_period.c" => "submissions/wrong_answer/first_period.c",
        "swapped.cpp" => "submissions/wrong_answer/swapped.cpp",
        "count_short.c" => "submissions/wrong_answer/count_short.c",
        "no_count.c" => "submissions/wrong_answer/no_count.c",
        "capital.c" => "submissions/wrong_answer/capital.c",
        "search.py" => "submissions/time_limit_exceeded/search.py",
        "table_1000.py" => "submissions/run_time_error/table_1000.py",
    ],
};

/// `first` if the first player wins, else `second`.
const WORDS: OutcomeWords = OutcomeWords {
    wins: "first",
    loses: "second",
};

/// The largest losing pile for a maximum take m: the largest multiple of
/// m + 1 up to 1000, or 1000 when m + 1 exceeds it.
fn largest_losing_pile(m: u64) -> u64 {
    ((MAX / (m + 1)).max(1) * (m + 1)).min(MAX)
}

pub(super) struct Bash;

impl Definition for Bash {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        let (n, m) = case.ab();
        let o = bash::outcome(n, m).map_err(|_| zero_field(1, "m"))?;
        Ok(WORDS.answer(o.player_to_move_wins()))
    }

    #[inline(always)]
    fn wins(&self, case: &Case) -> Option<bool> {
        let (n, m) = case.ab();
        bash::outcome(n, m).ok().map(|o| o.player_to_move_wins())
    }

    fn float_answer(&self, _: &Case) -> Option<Answer> {
        None
    }

    fn edge(&self) -> Vec<Case> {
        [
            (23, 2),
            (4, 3),
            (1, 1),
            (2, 1),
            (3, 1),
            (1, 1000),
            (1000, 1000),
            (1000, 1),
            (1000, 999),
            (999, 1000),
            (500, 499),
            (7, 6),
            (8, 7),
        ]
        .map(|(n, m)| Case::pair(n, m))
        .to_vec()
    }

    fn hack(&self) -> Vec<Case> {
        let mut v = Vec::new();
        for m in [1, 2, 3, 9, 99, 332, 499, 998, 999] {
            for n in [
                m + 1,
                m + 2,
                m,
                2 * (m + 1),
                2 * (m + 1) - 1,
                2 * (m + 1) + 1,
            ] {
                if (1..=MAX).contains(&n) {
                    v.push(Case::pair(n, m));
                }
            }
        }
        v
    }

    /// Half the cases a losing pile (a multiple of m + 1: the largest one up to
    /// 1000, or n = 1000 when m = 1000), which uniform piles would almost never
    /// give; the other half uniform; `max` takes m (and a uniform n) from 900
    /// up.
    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let lo = if max { 900 } else { 1 };
        let m = r.range(lo, MAX);
        let n = if r.chance(1, 2) {
            r.range(lo, MAX)
        } else {
            largest_losing_pile(m)
        };
        Case::pair(n, m)
    }

    fn max_cases(&self) -> u64 {
        100
    }

    fn explain(&self, case: &Case) -> Result<String, String> {
        let (n, m) = case.ab();
        // A winning take exists exactly when the player to move wins.
        let take = bash::winning_take(n, m).map_err(|e| e.to_string())?;
        let mut s = String::new();
        let _ = writeln!(s, "Bash's game, a pile of {n}, take 1 to {m}");
        match take {
            Some(take) => {
                let _ = writeln!(
                    s,
                    "outcome: N — the first player wins ({})",
                    answer_note(&WORDS.answer(true))
                );
                let _ = writeln!(
                    s,
                    "winning move: take {take}, leaving {} (a multiple of m + 1)",
                    n - take
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "outcome: P — the second player wins ({}): {n} is a multiple of m + 1",
                    answer_note(&WORDS.answer(false))
                );
            }
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hack_case_fits_in_one_input() {
        // A counted format keeps at most 100 cases: more would be cut off.
        let Framing::Counted { max, .. } = SPEC.framing else {
            panic!("bash has a count line")
        };
        let hack = Bash.hack();
        assert_eq!(hack.len(), 46);
        assert!(hack.len() as u64 <= max);
        // The case that fails `first_period.c`: n = 2(m + 1) loses.
        assert!(hack.contains(&Case::pair(4, 1)));
        assert_eq!(Bash.answer(&Case::pair(4, 1)), Ok(WORDS.answer(false)));
    }

    #[test]
    fn the_hack_cases_are_the_period_boundaries_of_the_module_docs() {
        // The docs' table: for each m, every pile within one of the first two
        // losing piles m + 1 and 2(m + 1), kept if 1 ≤ n ≤ 1000; each once.
        let mut want = Vec::new();
        for m in [1, 2, 3, 9, 99, 332, 499, 998, 999] {
            for k in 1..=2 {
                for n in [k * (m + 1) - 1, k * (m + 1), k * (m + 1) + 1] {
                    if (1..=1000).contains(&n) {
                        want.push(Case::pair(n, m));
                    }
                }
            }
        }
        let mut got = Bash.hack();
        got.sort_by_key(Case::ab);
        want.sort_by_key(Case::ab);
        assert_eq!(got, want);
        // ... and they fail the two archetypes the table names, by the exact
        // outcome of beatty-games (not the problem's own answer).
        let first_wins = |c: &Case| {
            let (n, m) = c.ab();
            bash::outcome(n, m).unwrap().player_to_move_wins()
        };
        type Model = fn(u64, u64) -> bool;
        let archetypes: [(&str, Model); 2] = [
            ("first_period.c", |n, m| n != m + 1),
            ("off_by_one.py", |n, m| n % m != 0),
        ];
        for (name, wrong) in archetypes {
            assert!(
                got.iter()
                    .any(|c| wrong(c.ab().0, c.ab().1) != first_wins(c)),
                "{name} passes the hack cases"
            );
        }
    }

    #[test]
    fn the_largest_losing_pile_is_found_by_search() {
        for m in 1..=1000 {
            let want = (1..=1000).rev().find(|n| n % (m + 1) == 0).unwrap_or(1000);
            assert_eq!(largest_losing_pile(m), want, "m = {m}");
        }
    }

    #[test]
    fn half_the_random_cases_are_losing_piles_as_documented() {
        // the largest losing pile (tested above against a search)
        let top = largest_losing_pile;
        for m in 1..1000 {
            assert_eq!(bash::outcome(top(m), m), Ok(beatty_games::Outcome::P));
        }
        let mut r = SplitMix64::new(2149);
        for max in [false, true] {
            let lo = if max { 900 } else { 1 };
            let at_top = (0..4000)
                .map(|_| Bash.random(&mut r, max).ab())
                .filter(|&(n, m)| {
                    assert!((1..=1000).contains(&n) && (lo..=1000).contains(&m));
                    n == top(m)
                })
                .count();
            // 2000 expected from the documented coin, plus the few uniform
            // piles that happen to be the top one (under 1 % of them).
            assert!(
                (1800..=2250).contains(&at_top),
                "max {max}: {at_top} of 4000"
            );
        }
    }

    #[test]
    fn the_explanation_names_a_take_that_leaves_a_losing_pile() {
        let mut cases = Bash.edge();
        cases.extend(Bash.hack());
        for c in cases {
            let (n, m) = c.ab();
            let text = Bash.explain(&c).unwrap();
            if (n % (m + 1)) == 0 {
                assert!(
                    text.contains("outcome: P — the second player wins (answer `second`)"),
                    "{text}"
                );
            } else {
                let take = n % (m + 1);
                assert!(
                    text.contains("outcome: N — the first player wins (answer `first`)"),
                    "{text}"
                );
                assert!(
                    text.contains(&format!("winning move: take {take}, leaving {}", n - take)),
                    "{text}"
                );
            }
        }
    }
}
