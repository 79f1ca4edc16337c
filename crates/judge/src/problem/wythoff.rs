//! `wythoff` — Wythoff's game, outcome only (POJ 1067, HDU 1527).
//!
//! Lines `a b` until end of file, 0 ≤ a, b ≤ 10^9; the answer is `1` if the
//! player to move wins, else `0`. The hack cases are the losing positions
//! (⌊kφ⌋, ⌊kφ⌋ + k) and their neighbours at every k where `lower_f64(k) ≠ ⌊kφ⌋`
//! and both piles are ≤ 10^9 (from `beatty_hazards::lower_f64_hazards`),
//! each kept only if the double test answers it wrongly.

use super::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation,
    Spec, answer_note,
};
use crate::generate::SplitMix64;
use beatty_core::golden::{self, Class};
use beatty_games::{Outcome, wythoff};
use core::fmt::Write;
use std::sync::OnceLock;

pub(super) const LEGEND: &str = "There are two piles of stones. Two players move in turn; a move takes any positive number of stones from one pile, or the same positive number from both piles. The player who takes the last stone wins. Both play perfectly; the first player is to move.";

const MAX: u64 = beatty_hazards::POJ_LIMIT;

static SPEC: Spec = Spec {
    name: "wythoff",
    aliases: &["poj1067", "hdu1527", "openjudge01067"],
    title: "Wythoff's game",
    source: "POJ 1067, HDU 1527",
    legend: LEGEND,
    input_format: "lines `a b` until end of file; 0 ≤ a, b ≤ 10^9",
    output_format: "per line `1` if the player to move wins, else `0`",
    framing: Framing::UntilEof,
    fields: &[
        Field {
            name: "pile a",
            min: 0,
            max: MAX,
        },
        Field {
            name: "pile b",
            min: 0,
            max: MAX,
        },
    ],
    relation: Relation::None,
    words: Some(WORDS),
    sample: b"2 1\n8 4\n4 7\n",
    output: OutputKind::Integers,
};

/// The largest k whose Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k) has both piles ≤ `limit`.
///
/// That is the number of upper Wythoff numbers ≤ `limit`, read off the core's O(1)
/// classification of `limit`: if `limit` is ⌊kφ²⌋ it is k; if `limit` is ⌊kφ⌋, k of
/// the numbers in 1..=limit are lower ones and the other `limit − k` are upper.
pub(super) fn max_pair_index(limit: u64) -> u64 {
    match golden::classify(limit) {
        Class::Zero => 0,
        Class::Upper(k) => k,
        Class::Lower(k) => limit - k,
    }
}

/// The k-th Wythoff pair, for k up to [`max_pair_index`] of a `u64` limit.
pub(super) fn pair(k: u64) -> (u64, u64) {
    golden::pair(k).expect("k is at most max_pair_index of a u64 limit, so its pair fits")
}

/// The k whose Wythoff pair has both piles ≤ 10^9 and where `lower_f64(k)`
/// is wrong, computed once per process.
fn hazards() -> &'static [u64] {
    static H: OnceLock<Vec<u64>> = OnceLock::new();
    H.get_or_init(|| beatty_hazards::lower_f64_hazards(0..=max_pair_index(MAX)))
}

/// `1` if the player to move wins, else `0`.
const WORDS: OutcomeWords = OutcomeWords {
    wins: "1",
    loses: "0",
};

fn bit(wins: bool) -> Answer {
    WORDS.answer(wins)
}

pub(super) struct Wythoff;

impl Definition for Wythoff {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    #[inline]
    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        let (a, b) = case.ab();
        Ok(bit(!golden::is_p_position(a, b)))
    }

    fn float_answer(&self, case: &Case) -> Option<Answer> {
        let (a, b) = case.ab();
        Some(bit(!beatty_float::is_p_position_f64(a, b)))
    }

    fn edge(&self) -> Vec<Case> {
        let (a, b) = pair(max_pair_index(MAX));
        let m = MAX;
        [
            (2, 1),
            (8, 4),
            (4, 7),
            (0, 0),
            (0, 1),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 2),
            (3, 5),
            (5, 3),
            (0, m),
            (m, 0),
            (m, m),
            (m - 1, m),
            (a, b),
            (b, a),
            (a + 1, b),
            (a, b - 1),
            (a - 1, b - 1),
        ]
        .map(|(a, b)| Case::pair(a, b))
        .to_vec()
    }

    fn hack(&self) -> Vec<Case> {
        let mut v = Vec::new();
        for &k in hazards() {
            let (a, b) = pair(k);
            for da in [0, 1, -1i64] {
                for db in [0, 1, -1i64] {
                    let (Some(x), Some(y)) = (a.checked_add_signed(da), b.checked_add_signed(db))
                    else {
                        continue;
                    };
                    let c = Case::pair(x, y);
                    if x.max(y) <= MAX && self.float_answer(&c) != self.answer(&c).ok() {
                        v.push(c);
                        v.push(Case::pair(y, x));
                    }
                }
            }
        }
        v
    }

    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let lo = if max { MAX - 1_000_000 } else { 0 };
        let kmax = max_pair_index(MAX);
        if r.chance(1, 2) {
            return Case::pair(r.range(lo, MAX), r.range(lo, MAX));
        }
        let k = if max {
            r.range(kmax - 400_000, kmax)
        } else {
            r.range(0, kmax)
        };
        let (mut a, mut b) = pair(k);
        if r.chance(1, 4) {
            a += 1;
        }
        if r.chance(1, 4) {
            b -= u64::from(b > a);
        }
        if r.chance(1, 2) {
            Case::pair(b, a)
        } else {
            Case::pair(a, b)
        }
    }

    fn max_cases(&self) -> u64 {
        100_000
    }

    fn explain(&self, case: &Case) -> Result<String, String> {
        let (a, b) = case.ab();
        Ok(explain_text(a, b, &bit))
    }
}

fn describe_pile(n: u64) -> String {
    match golden::classify(n) {
        Class::Zero => "0 (empty)".into(),
        Class::Lower(k) => format!("{n} = ⌊kφ⌋ for k = {k} (a lower Wythoff number)"),
        Class::Upper(k) => format!("{n} = ⌊kφ⌋ + k for k = {k} (an upper Wythoff number)"),
    }
}

/// `correct` or `WRONG`.
pub(super) fn verdict_word(right: bool) -> &'static str {
    if right { "correct" } else { "WRONG" }
}

/// Wythoff's game explained; `answer(w)` is the problem's answer when the
/// player to move wins (`w`) or loses.
pub(super) fn explain_text(a: u64, b: u64, answer: &dyn Fn(bool) -> Answer) -> String {
    let (win, lose) = (answer_note(&answer(true)), answer_note(&answer(false)));
    let mut s = String::new();
    let o = wythoff::outcome(a, b);
    let _ = writeln!(s, "Wythoff's game, piles ({a}, {b})");
    let (lo, hi) = (a.min(b), a.max(b));
    let k = hi - lo;
    if o == Outcome::P {
        let _ = writeln!(s, "outcome: P — the player to move loses ({lose})");
        let _ = writeln!(
            s,
            "it is the Wythoff pair k = {k}: (⌊kφ⌋, ⌊kφ⌋ + k) = ({lo}, {hi})"
        );
        let _ = writeln!(
            s,
            "winning moves: none (every move leads to a winning position)"
        );
    } else {
        let _ = writeln!(s, "outcome: N — the player to move wins ({win})");
        let _ = writeln!(s, "pile a: {}", describe_pile(a));
        let _ = writeln!(s, "pile b: {}", describe_pile(b));
        let _ = writeln!(s, "winning moves:");
        for m in wythoff::winning_moves(a, b) {
            let taken = (a - m.to.0).max(b - m.to.1);
            let kind = match m.kind {
                wythoff::MoveKind::Both => "from both piles",
                wythoff::MoveKind::Smaller => "from the smaller pile",
                wythoff::MoveKind::Larger => "from the larger pile",
            };
            let _ = writeln!(s, "  take {taken} {kind} → ({}, {})", m.to.0, m.to.1);
        }
    }
    let f = beatty_float::lower_f64(k);
    let float_p = beatty_float::is_p_position_f64(a, b);
    let _ = writeln!(
        s,
        "float formula: (int)(k * (1 + sqrt(5)) / 2) with k = |a − b| = {k} gives {f} (exact ⌊kφ⌋ = {}), so it answers {} — {}",
        golden::lower(k).map_or_else(|| "beyond u64".to_string(), |x| x.to_string()),
        if float_p {
            format!("P ({lose})")
        } else {
            format!("N ({win})")
        },
        verdict_word(float_p == (o == Outcome::P))
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_pair_index_is_the_last_pair_inside_the_limit() {
        for limit in [
            0u64,
            1,
            2,
            3,
            10,
            1000,
            1_000_000,
            MAX,
            1_000_000_000_000_000_000,
        ] {
            let k = max_pair_index(limit);
            // ⌊kφ⌋ + k = ⌊kφ²⌋ is the larger pile of the k-th pair.
            assert!(golden::upper(k).unwrap() <= limit);
            assert!(golden::upper(k + 1).unwrap() > limit);
        }
    }
}
