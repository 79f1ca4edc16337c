//! `wythoff` — Wythoff's game, outcome only (POJ 1067, HDU 1527).
//!
//! Lines `a b` until end of file, 0 ≤ a, b ≤ 10^9; the answer is `1` if the
//! player to move wins, else `0`.
//!
//! # Hack cases, by the class of mistake they expose
//!
//! Every class is in the `hack` profile, so every test set (its `03-hack`, at
//! every seed) holds all of them; each is a legal input by construction.
//!
//! | class | cases | archetypes (package submissions) it fails |
//! |---|---|---|
//! | double hazards | at every k where `lower_f64(k) ≠ ⌊kφ⌋` and both piles are ≤ 10^9 (from `beatty_hazards::lower_f64_hazards`), both orders of the losing position (⌊kφ⌋, ⌊kφ⌋ + k), which the double test calls a win, and of the position (`lower_f64(k)`, `lower_f64(k)` + k) it takes for it, a win it calls a loss: every neighbour of the losing position it answers wrongly (a test checks) | `float.cpp`, `float.py` |
//! | truncated constants | both orders of the losing position at the first two k and the last k ≤ the largest pair index where `(long long)(k * c)` in doubles differs from ⌊kφ⌋, for c = 1.618, 1.61803, 1.618033, 1.618034, 1.6180339, 1.61803399, 1.618033989, and where `k + (int)(k * 0.618)` does ([`TRUNCATED_CONSTANTS`]) | `const_1618.c` (0.618), `const_1618034.cpp` |
//!
//! The edge cases (the sample, (0, 0) and the piles at the limits, the last
//! losing position inside the limits) fail the other archetypes: `round.c`
//! (rounds kφ: the sample's `2 1`), `larger_pile.c` and `unsorted.cpp` (pile
//! order: the sample), `float32.c` (single precision: the last losing
//! position), `stops_at_zero.c` (stops at the case `0 0`, the fourth edge
//! case), `one_case.cpp` (one case only), `run_time_error/eof.py` (reads past
//! the end of the input: RE), `yes_no.c` (`YES`/`NO`: testlib's `ncmp` wants
//! integers, a presentation error; WA on Kattis) and, through the `max` test,
//! `time_limit_exceeded/scan.py`. `accepted/one_line.c` prints every answer
//! on one line: `ncmp` compares the integers, not the lines, so it is
//! accepted. No usual formula here has a 32-bit overflow (a + b ≤ 2·10^9 <
//! 2^31).

use super::spec::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation,
    Spec, answer_note,
};
use crate::rng::SplitMix64;
use beatty_core::golden::{self, Class};
use beatty_games::{Outcome, wythoff};
use core::fmt::Write;
use core::ops::RangeInclusive;
use std::sync::OnceLock;

pub(super) const LEGEND: &str = "There are two piles of stones. Two players move in turn; a move takes any positive number of stones from one pile, or the same positive number from both piles. The player who takes the last stone wins. Both play perfectly; the first player is to move.";

/// The limit on a pile: 10⁹ (POJ 1067, HDU 1527).
pub(super) const MAX: u64 = 1_000_000_000;

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
    assets: assets!["wythoff";
        "exact.py" => "submissions/accepted/exact.py",
        "exact.cpp" => "submissions/accepted/exact.cpp",
        "float.py" => "submissions/wrong_answer/float.py",
        "one_line.c" => "submissions/accepted/one_line.c",
        "float.cpp" => "submissions/wrong_answer/float.cpp",
        "float32.c" => "submissions/wrong_answer/float32.c",
        "const_1618.c" => "submissions/wrong_answer/const_1618.c",
        "const_1618034.cpp" => "submissions/wrong_answer/const_1618034.cpp",
        "round.c" => "submissions/wrong_answer/round.c",
        "larger_pile.c" => "submissions/wrong_answer/larger_pile.c",
        "unsorted.cpp" => "submissions/wrong_answer/unsorted.cpp",
        "stops_at_zero.c" => "submissions/wrong_answer/stops_at_zero.c",
        "one_case.cpp" => "submissions/wrong_answer/one_case.cpp",
        "yes_no.c" => "submissions/wrong_answer/yes_no.c",
        "scan.py" => "submissions/time_limit_exceeded/scan.py",
        "eof.py" => "submissions/run_time_error/eof.py",
    ],
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
    H.get_or_init(|| {
        beatty_hazards::lower_f64_hazards(0..=max_pair_index(MAX))
            .expect("95 hazards up to 10^9, far below COLLECT_LIMIT")
    })
}

/// The truncated constants of φ that contestants write, each with the way it
/// is used: `(c, true)` is `(long long)(k * c)` in doubles; `(0.618, false)`
/// is `k + (int)(k * 0.618)`.
pub(super) const TRUNCATED_CONSTANTS: [(f64, bool); 8] = [
    (1.618, true),
    (1.61803, true),
    (1.618033, true),
    (1.618034, true),
    (1.6180339, true),
    (1.61803399, true),
    (1.618033989, true),
    (0.618, false),
];

/// What a solution with a truncated constant takes for ⌊kφ⌋ (see
/// [`TRUNCATED_CONSTANTS`]).
pub(super) fn lower_truncated(k: u64, c: f64, times_k: bool) -> u64 {
    if times_k {
        (k as f64 * c) as u64
    } else {
        k + (k as f64 * c) as u64
    }
}

/// The k ≤ `kmax` at which each truncated constant errs: the first two from 1
/// up and the last one from `kmax` down (each search stops after 10^7 k).
pub(super) fn truncated_constant_ks(kmax: u64) -> Vec<u64> {
    let mut ks = Vec::new();
    for (c, times_k) in TRUNCATED_CONSTANTS {
        let wrong = |k: u64| golden::lower(k) != Some(lower_truncated(k, c, times_k));
        ks.extend((1..=kmax.min(10_000_000)).filter(|&k| wrong(k)).take(2));
        ks.extend(
            (kmax.saturating_sub(10_000_000)..=kmax)
                .rev()
                .filter(|&k| wrong(k)) // (never k = 0: every formula gives 0)
                .take(1),
        );
    }
    ks.sort_unstable();
    ks.dedup();
    ks
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

    #[inline(always)]
    fn wins(&self, case: &Case) -> Option<bool> {
        let (a, b) = case.ab();
        Some(!golden::is_p_position(a, b))
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
        // Both wrong by construction: the double test takes (f, f + k) with
        // f = lower_f64(k) ≠ ⌊kφ⌋ for the losing position of difference k, so
        // it calls (⌊kφ⌋, ⌊kφ⌋ + k) a win and (f, f + k) (a win: one losing
        // position per difference) a loss.
        for &k in hazards() {
            let (a, b) = pair(k);
            let f = beatty_float::lower_f64(k);
            for (x, y) in [(a, b), (f, f + k)] {
                if x.max(y) <= MAX {
                    v.extend([Case::pair(x, y), Case::pair(y, x)]);
                }
            }
        }
        static TRUNCATED: OnceLock<Vec<u64>> = OnceLock::new();
        for &k in TRUNCATED.get_or_init(|| truncated_constant_ks(max_pair_index(MAX))) {
            let (a, b) = pair(k);
            v.extend([Case::pair(a, b), Case::pair(b, a)]);
        }
        v
    }

    /// [`random_case`]: piles from 0 (from 10^9 − 10^6 for `max`), k of every
    /// pair inside the limit (the last 400 001 for `max`).
    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let kmax = max_pair_index(MAX);
        if max {
            random_case(r, MAX - 1_000_000..=MAX, kmax - 400_000..=kmax)
        } else {
            random_case(r, 0..=MAX, 0..=kmax)
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

/// A random case of a Wythoff problem: half the cases a uniform pair of
/// piles from `piles`, half a Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k) with k uniform in
/// `ks`: one in four with the smaller pile one more, independently one in four
/// with the larger one less (when that keeps it the larger), and then in
/// either order.
pub(super) fn random_case(
    r: &mut SplitMix64,
    piles: RangeInclusive<u64>,
    ks: RangeInclusive<u64>,
) -> Case {
    if r.chance(1, 2) {
        return Case::pair(
            r.range(*piles.start(), *piles.end()),
            r.range(*piles.start(), *piles.end()),
        );
    }
    let (mut a, mut b) = pair(r.range(*ks.start(), *ks.end()));
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
pub(super) mod tests {
    use super::*;

    #[test]
    fn every_truncated_constant_errs_on_a_hack_case() {
        // Each archetype's formula, as C evaluates it, against ⌊kφ⌋ from the
        // definition (the largest m with m² ≤ 5k², halved with k).
        let floor_phi = |k: u64| {
            let n = 5 * u128::from(k) * u128::from(k);
            let mut s = (n as f64).sqrt() as u128;
            while s * s > n {
                s -= 1;
            }
            while (s + 1) * (s + 1) <= n {
                s += 1;
            }
            ((u128::from(k) + s) / 2) as u64
        };
        let hack = Wythoff.hack();
        for (c, times_k) in TRUNCATED_CONSTANTS {
            let fooled = hack.iter().filter(|case| {
                let (a, b) = case.ab();
                let (lo, hi) = (a.min(b), a.max(b));
                let k = hi - lo;
                (lo == floor_phi(k)) != (lo == lower_truncated(k, c, times_k))
            });
            assert!(fooled.count() >= 4, "{c}: too few hack cases");
        }
    }

    /// The edge cases of the three Wythoff problems hold the piles at the
    /// limits and the last losing position inside them, with its near misses
    /// (the pair at `max_pair_index`, tested below against beatty-core).
    #[test]
    fn the_edge_cases_hold_the_limits_and_the_last_losing_position() {
        let last_pair = |limit: u64| pair(max_pair_index(limit));
        let e6 = 1_000_000;
        let e18 = 1_000_000_000_000_000_000;
        let (a, b) = last_pair(MAX);
        let (a18, b18) = last_pair(e18);
        let (a6, b6) = last_pair(e6);
        let m = MAX;
        for (p, want) in [
            (
                crate::Problem::Wythoff,
                vec![
                    (0, 0),
                    (0, m),
                    (m, 0),
                    (m, m),
                    (m - 1, m),
                    (a, b),
                    (b, a),
                    (a + 1, b),
                    (a, b - 1),
                    (a - 1, b - 1),
                ],
            ),
            (
                crate::Problem::WythoffBig,
                vec![
                    (1, e18),
                    (e18, 1),
                    (e18, e18),
                    (e18 - 1, e18),
                    (a18, b18),
                    (b18, a18),
                    (a18 + 1, b18),
                    (a18, b18 - 1),
                ],
            ),
            (
                crate::Problem::WythoffMoves,
                vec![
                    (0, e6),
                    (1, e6),
                    (e6, e6),
                    (e6 - 1, e6),
                    (a6, b6),
                    (a6 + 1, b6),
                    (a6, b6 + 1),
                    (b6, b6),
                ],
            ),
        ] {
            let edge: Vec<(u64, u64)> = p.def().edge().iter().map(Case::ab).collect();
            for c in want {
                assert!(edge.contains(&c), "{p}: {c:?} is not an edge case");
            }
        }
    }

    /// What the archetypes compute, worked by hand: 1000 · 1.618 = 1618,
    /// 144 · 1.618 = 232.992, 6765 · 1.618034 = 10946.00001 (⌊6765φ⌋ is
    /// 10945: `const_1618034.cpp`'s error), 6765 + ⌊6765 · 0.618⌋ = 6765 + 4180.
    #[test]
    fn lower_truncated_is_the_c_expression() {
        assert_eq!(lower_truncated(1000, 1.618, true), 1618);
        assert_eq!(lower_truncated(144, 1.618, true), 232);
        assert_eq!(lower_truncated(6765, 1.618_034, true), 10_946);
        assert_eq!(golden::lower(6765), Some(10_945));
        assert_eq!(lower_truncated(6765, 0.618, false), 10_945);
        assert_eq!(lower_truncated(1000, 0.618, false), 1618);
    }

    /// The hack cases, class by class as the module docs' table gives them,
    /// and nothing else: the exact answer by beatty-core, the double test by
    /// beatty-float, the hazards by beatty-hazards (which must hold the first
    /// one, k = 102334155), the truncated constants' errors by a search.
    #[test]
    fn the_hack_cases_are_the_classes_of_the_module_docs() {
        let kmax = max_pair_index(MAX);
        let hack: Vec<(u64, u64)> = Wythoff.hack().iter().map(Case::ab).collect();
        let seen: std::collections::HashSet<(u64, u64)> = hack.iter().copied().collect();
        let mut classed = std::collections::HashSet::new();
        let float_errs =
            |a: u64, b: u64| beatty_float::is_p_position_f64(a, b) != golden::is_p_position(a, b);
        let hazards = beatty_hazards::lower_f64_hazards(0..=kmax).unwrap();
        assert_eq!(hazards.first(), Some(&102_334_155));
        for k in hazards {
            let (a, b) = (golden::lower(k).unwrap(), golden::upper(k).unwrap());
            for x in [a - 1, a, a + 1] {
                for y in [b - 1, b, b + 1] {
                    if x.max(y) <= MAX && float_errs(x, y) {
                        assert!(
                            seen.contains(&(x, y)) && seen.contains(&(y, x)),
                            "double: {x} {y}"
                        );
                        classed.extend([(x, y), (y, x)]);
                    }
                }
            }
        }
        assert!(classed.len() >= 40, "{}", classed.len());
        for (c, times_k) in TRUNCATED_CONSTANTS {
            let wrong = |k: &u64| golden::lower(*k) != Some(lower_truncated(*k, c, times_k));
            let first = (1..=10_000_000).filter(wrong).take(2);
            let last = (kmax - 10_000_000..=kmax).rev().filter(wrong).take(1);
            for k in first.chain(last) {
                let (a, b) = (golden::lower(k).unwrap(), golden::upper(k).unwrap());
                assert!(
                    seen.contains(&(a, b)) && seen.contains(&(b, a)),
                    "{c}: k = {k}"
                );
                classed.extend([(a, b), (b, a)]);
            }
        }
        assert_eq!(seen, classed);
    }

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

    /// Checks 16 000 random cases of a Wythoff problem against
    /// [`random_case`]'s docs with these `piles` and `ks`: how many are
    /// uniform pairs, Wythoff pairs (core's) as they are, with the smaller
    /// pile one more, the larger one less, or both, and how many swapped.
    pub(in crate::problem) fn assert_random_mix(
        def: &dyn Definition,
        max: bool,
        piles: RangeInclusive<u64>,
        ks: RangeInclusive<u64>,
    ) {
        let mut r = SplitMix64::new(1067);
        // [uniform, pair, smaller + 1, larger − 1, both], then swapped pairs,
        // and how many piles of the uniform pairs and k of the Wythoff pairs
        // lie in the lower half of their ranges (about half: the whole range
        // is drawn from)
        let (mut kinds, mut swapped) = ([0usize; 5], 0usize);
        let (mut low_piles, mut low_ks) = (0usize, 0usize);
        let pile_mid = piles.start() + (piles.end() - piles.start()) / 2;
        let k_mid = ks.start() + (ks.end() - ks.start()) / 2;
        for _ in 0..16_000 {
            let (a, b) = def.random(&mut r, max).ab();
            let from_pair = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .into_iter()
                .find_map(|(da, db)| {
                    let (x, y) = (a.min(b).checked_sub(da)?, a.max(b) + db);
                    let k = y - x;
                    (ks.contains(&k) && golden::lower(k) == Some(x))
                        .then_some((1 + da as usize + 2 * db as usize, k))
                });
            match from_pair {
                Some((kind, k)) => {
                    kinds[kind] += 1;
                    swapped += usize::from(a > b);
                    low_ks += usize::from(k < k_mid);
                }
                None => {
                    assert!(piles.contains(&a) && piles.contains(&b), "{a} {b}");
                    kinds[0] += 1;
                    low_piles += usize::from(a < pile_mid);
                }
            }
        }
        // out of 16 000: 8000, then 8000 · 9/16, 3/16, 3/16, 1/16
        for (kind, want) in kinds.into_iter().zip([8000usize, 4500, 1500, 1500, 500]) {
            assert!(kind.abs_diff(want) <= 300, "max {max}: {kinds:?}");
        }
        assert!(
            swapped.abs_diff(4000) <= 300,
            "max {max}: {swapped} swapped"
        );
        assert!(
            low_piles.abs_diff(4000) <= 300,
            "max {max}: {low_piles} low"
        );
        assert!(low_ks.abs_diff(4000) <= 300, "max {max}: {low_ks} low k");
    }

    /// The one pair whose piles are equal, k = 0: (0, 0), (1, 0) or (0, 1), its
    /// larger pile never made smaller (the docs: only while it stays the larger).
    #[test]
    fn random_case_keeps_the_empty_pair_a_pair() {
        let mut r = SplitMix64::new(0);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..1000 {
            let c = random_case(&mut r, 5..=5, 0..=0).ab();
            assert!([(5, 5), (0, 0), (1, 0), (0, 1)].contains(&c), "{c:?}");
            seen.insert(c);
        }
        assert_eq!(seen.len(), 4, "{seen:?}");
    }

    #[test]
    fn the_random_pairs_are_the_documented_mix() {
        let kmax = max_pair_index(MAX);
        assert_random_mix(&Wythoff, false, 0..=1_000_000_000, 0..=kmax);
        assert_random_mix(
            &Wythoff,
            true,
            999_000_000..=1_000_000_000,
            kmax - 400_000..=kmax,
        );
    }

    /// The explanation against the definition: on every position up to 30
    /// (brute force over the game: beatty-games' oracle on its model of the
    /// rules), on the edge and hack cases (core's exact P-positions), its
    /// outcome, the pair, each pile's Beatty class, every winning move and the
    /// float formula's verdict.
    #[test]
    fn the_explanation_agrees_with_the_game() {
        const N: u64 = 31;
        let mut oracle = beatty_games::game::Oracle::new(wythoff::Wythoff);
        let is_p = |oracle: &mut beatty_games::game::Oracle<_>, a: u64, b: u64| {
            if a < N && b < N {
                oracle.outcome(&(a, b)) == Ok(Outcome::P)
            } else {
                golden::is_p_position(a, b)
            }
        };
        let mut cases: Vec<(u64, u64)> = (0..N).flat_map(|a| (0..N).map(move |b| (a, b))).collect();
        cases.extend(Wythoff.edge().iter().chain(&Wythoff.hack()).map(Case::ab));
        for (a, b) in cases {
            let text = explain_text(a, b, &bit);
            let (lo, hi) = (a.min(b), a.max(b));
            let k = hi - lo;
            if is_p(&mut oracle, a, b) {
                assert!(
                    text.contains("outcome: P — the player to move loses (answer `0`)"),
                    "{text}"
                );
                assert!(
                    text.contains(&format!(
                        "it is the Wythoff pair k = {k}: (⌊kφ⌋, ⌊kφ⌋ + k) = ({lo}, {hi})"
                    )),
                    "{text}"
                );
            } else {
                assert!(
                    text.contains("outcome: N — the player to move wins (answer `1`)"),
                    "{text}"
                );
                for (name, n) in [("a", a), ("b", b)]
                    .into_iter()
                    .filter(|&(_, n)| n < 100_000)
                {
                    let line = text
                        .lines()
                        .find_map(|l| l.strip_prefix(&format!("pile {name}: ")))
                        .unwrap();
                    let lower = (0..=n).find(|&j| golden::lower(j) == Some(n));
                    let upper = (1..=n).find(|&j| golden::lower(j).unwrap() + j == n);
                    let want = match (n, lower, upper) {
                        (0, _, _) => "0 (empty)".to_string(),
                        (_, Some(j), _) => {
                            format!("{n} = ⌊kφ⌋ for k = {j} (a lower Wythoff number)")
                        }
                        (_, _, Some(j)) => {
                            format!("{n} = ⌊kφ⌋ + k for k = {j} (an upper Wythoff number)")
                        }
                        _ => panic!("{n} is in neither Beatty sequence"),
                    };
                    assert_eq!(line, want, "{text}");
                }
                // every winning move: to a P-position, as the line says
                let mut listed = Vec::new();
                for l in text.lines().filter_map(|l| l.strip_prefix("  take ")) {
                    let (t, rest) = l.split_once(' ').unwrap();
                    let t: u64 = t.parse().unwrap();
                    let (kind, to) = rest.split_once(" → (").unwrap();
                    let (x, y) = to.trim_end_matches(')').split_once(", ").unwrap();
                    let (x, y): (u64, u64) = (x.parse().unwrap(), y.parse().unwrap());
                    assert!(is_p(&mut oracle, x, y), "{text}");
                    let smaller_is_a = a <= b;
                    let ok = match kind {
                        "from both piles" => (x, y) == (a - t, b - t),
                        "from the smaller pile" if smaller_is_a => (x, y) == (a - t, b),
                        "from the smaller pile" => (x, y) == (a, b - t),
                        "from the larger pile" if smaller_is_a => (x, y) == (a, b - t),
                        "from the larger pile" => (x, y) == (a - t, b),
                        _ => false,
                    };
                    assert!(ok && t > 0, "{a} {b}: {l}");
                    listed.push((x, y));
                }
                if a < N && b < N {
                    let mut all = oracle.winning_moves(&(a, b)).unwrap();
                    all.sort_unstable();
                    listed.sort_unstable();
                    assert_eq!(listed, all, "{text}");
                } else {
                    assert!(!listed.is_empty(), "{text}");
                }
            }
            let f = beatty_float::lower_f64(k);
            let float_p = beatty_float::is_p_position_f64(a, b);
            let exact = golden::lower(k).unwrap();
            let answers = if float_p {
                "P (answer `0`)"
            } else {
                "N (answer `1`)"
            };
            let verdict = if float_p == is_p(&mut oracle, a, b) {
                "correct"
            } else {
                "WRONG"
            };
            assert!(
                text.contains(&format!("with k = |a − b| = {k} gives {f} (exact ⌊kφ⌋ = {exact}), so it answers {answers} — {verdict}")),
                "{text}"
            );
        }
    }
}
