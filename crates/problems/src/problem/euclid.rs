//! `euclid` — Euclid's game (HDU 1525, POJ 2348).
//!
//! Lines `a b` of positive integers below 2^31, ended by `0 0`; the answer is
//! `Stan wins` if the player to move wins, else `Ollie wins`.
//! Outside the game's domain (refused by the solver): a single zero beside a
//! positive number (the format has only positive integers; `0 0` is the
//! terminator).
//!
//! # Hack cases, by the class of mistake they expose
//!
//! Every class is in the `hack` profile, so every test set (its `03-hack`, at
//! every seed) holds all of them; each is kept only if it is a legal input and
//! the mistake's model (written here as the archetype computes) answers it
//! wrongly.
//!
//! | class | cases | archetypes (package submissions) it fails |
//! |---|---|---|
//! | double ratio test | both orders of the multiples c·(F(k + 1), F(k)) of consecutive Fibonacci numbers (F(k + 1) ≥ 2, c ≤ 64, c·F(k + 1) < 2^31), whose ratio is so close to φ that the double test `larger / smaller > φ` errs (a neighbour's ratio is off φ by about 1 / b, far more than a double's error) | `float.cpp`, `float.py` |
//! | truncated constants | both orders of every pair of consecutive Fibonacci numbers below 2^31 on which `larger / smaller > c` errs for a truncated φ (the constants of `wythoff`'s truncated-constant class: 1.618 … 1.618033989) | `ratio_1618.c` (377 233), `ratio_1618034.cpp` (10946 6765) |
//! | 32-bit overflow of 2b | both orders of the pairs with b ∈ {2^30 + 1, 1 200 000 000, 1 327 217 884, 1 500 000 000, 2^31 − 2} and a ∈ {b + 1, b + ⌊b / 3⌋, ⌊bφ⌋, 2^31 − 1}, b < a < 2^31 (so `2 * b` wraps in `int`), on which the exact algorithm with `int` arithmetic errs | `int_2b.c` |
//!
//! The other archetypes fail on the sample or the edge cases: `strict_2b.c`
//! (`a > 2b`: the sample's 15 24 reaches 6 3), `unsorted.cpp` (the edge case
//! 1 2), `one_case.cpp` (one case only), `lower_case.c` (`stan wins`:
//! testlib's `wcmp` is case-sensitive, WA; the package sets
//! `validator_flags: case_sensitive` so that Kattis agrees),
//! `run_time_error/no_terminator.c` (plays the terminator `0 0`: division by
//! zero, RE), and `time_limit_exceeded/subtract.py` on the `max` test.

use super::spec::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation,
    Spec, answer_note, zero_field,
};
use super::wythoff::verdict_word;
use crate::rng::SplitMix64;
use beatty_core::golden;
use beatty_core::zeckendorf::FIBONACCI;
use beatty_games::euclid;
use core::fmt::Write;
use std::sync::OnceLock;

const MAX: u64 = (1 << 31) - 1;

static SPEC: Spec = Spec {
    name: "euclid",
    aliases: &["hdu1525", "poj2348"],
    title: "Euclid's game",
    source: "HDU 1525, POJ 2348",
    legend: "Two players, Stan and Ollie, start with two positive integers. In turn, a player subtracts a positive multiple of the smaller number from the larger one, leaving it non-negative. The player who reaches 0 wins. Stan moves first; both play perfectly.",
    input_format: "lines `a b`, positive integers < 2^31; the line `0 0` ends the input",
    output_format: "`Stan wins` or `Ollie wins` per case",
    framing: Framing::Terminator,
    fields: &[
        Field {
            name: "a",
            min: 1,
            max: MAX,
        },
        Field {
            name: "b",
            min: 1,
            max: MAX,
        },
    ],
    relation: Relation::None,
    words: Some(WORDS),
    sample: b"34 12\n15 24\n0 0\n",
    output: OutputKind::Words,
    assets: assets!["euclid";
        "exact.py" => "submissions/accepted/exact.py",
        "exact.cpp" => "submissions/accepted/exact.cpp",
        "float.py" => "submissions/wrong_answer/float.py",
        "float.cpp" => "submissions/wrong_answer/float.cpp",
        "ratio_1618.c" => "submissions/wrong_answer/ratio_1618.c",
        "ratio_1618034.cpp" => "submissions/wrong_answer/ratio_1618034.cpp",
        "int_2b.c" => "submissions/wrong_answer/int_2b.c",
        "strict_2b.c" => "submissions/wrong_answer/strict_2b.c",
        "unsorted.cpp" => "submissions/wrong_answer/unsorted.cpp",
        "one_case.cpp" => "submissions/wrong_answer/one_case.cpp",
        "lower_case.c" => "submissions/wrong_answer/lower_case.c",
        "subtract.py" => "submissions/time_limit_exceeded/subtract.py",
        "no_terminator.c" => "submissions/run_time_error/no_terminator.c",
    ],
};

/// `Stan wins` if the player to move (Stan) wins, else `Ollie wins`.
const WORDS: OutcomeWords = OutcomeWords {
    wins: "Stan wins",
    loses: "Ollie wins",
};

fn winner(stan: bool) -> Answer {
    WORDS.answer(stan)
}

fn hack_cases() -> &'static [Case] {
    static H: OnceLock<Vec<Case>> = OnceLock::new();
    H.get_or_init(|| {
        let mut v = Vec::new();
        // Multiples c · (F(k + 1), F(k)) of consecutive Fibonacci numbers from
        // (2, 1), c ≤ 64, inside the limits: the ratios nearest φ.
        let u = |f: u128| u64::try_from(f).unwrap_or(u64::MAX);
        let fib = FIBONACCI[2..].windows(2).map(|w| (u(w[0]), u(w[1])));
        for (f0, f1) in fib.take_while(|&(_, f1)| f1 <= MAX) {
            for c in (1..=64).take_while(|c| c * f1 <= MAX) {
                for c in [Case::pair(c * f1, c * f0), Case::pair(c * f0, c * f1)] {
                    if Euclid.float_answer(&c) != Euclid.answer(&c).ok() && !v.contains(&c) {
                        v.push(c);
                    }
                }
            }
        }
        // Truncated constants: consecutive Fibonacci numbers, both orders.
        let exact = |a: u64, b: u64| euclid::outcome(a, b).player_to_move_wins();
        for (f0, f1) in FIBONACCI[2..]
            .windows(2)
            .map(|w| (u(w[0]), u(w[1])))
            .take_while(|&(_, f1)| f1 <= MAX)
        {
            let truncated_errs = super::wythoff::TRUNCATED_CONSTANTS
                .iter()
                .filter(|(_, times_k)| *times_k)
                .any(|&(c, _)| ratio_test(f1, f0, c) != exact(f1, f0));
            if truncated_errs {
                for c in [Case::pair(f1, f0), Case::pair(f0, f1)] {
                    if !v.contains(&c) {
                        v.push(c);
                    }
                }
            }
        }
        // 32-bit overflow of 2b: b above 2^30, a between b and 2b.
        for b in [
            (1 << 30) + 1,
            1_200_000_000,
            1_327_217_884,
            1_500_000_000,
            MAX - 1,
        ] {
            // (every a is above b, the last one at the limit)
            for a in [b + 1, b + b / 3, golden::lower(b).unwrap_or(MAX), MAX] {
                if a > MAX {
                    continue;
                }
                for c in [Case::pair(a, b), Case::pair(b, a)] {
                    let (x, y) = c.ab();
                    if int_2b(x, y) != exact(x, y) && !v.contains(&c) {
                        v.push(c);
                    }
                }
            }
        }
        v
    })
}

/// The float rule with the constant `c`: with a ≥ b, the player to move wins
/// iff a = b or a / b > c in doubles.
fn ratio_test(a: u64, b: u64, c: f64) -> bool {
    let (a, b) = (a.max(b), a.min(b));
    a == b || a as f64 / b as f64 > c
}

/// The exact algorithm in 32-bit `int`, where `2 * b` wraps (two's
/// complement): whether it says the player to move wins.
fn int_2b(a: u64, b: u64) -> bool {
    let (Ok(mut a), Ok(mut b)) = (i32::try_from(a), i32::try_from(b)) else {
        return false;
    };
    let mut stan = true;
    loop {
        if a < b {
            (a, b) = (b, a);
        }
        if b == 0 || a % b == 0 || a >= b.wrapping_mul(2) {
            return stan;
        }
        (a, b) = (b, a - b);
        stan = !stan;
    }
}

/// Whether the player to move (Stan) wins (a, b), both positive: exactly when
/// the piles are equal or the larger over the smaller exceeds φ
/// ([`euclid::outcome`], the reference this is tested against). For x > y > 0,
/// x/y > φ ⟺ (x/y)² − x/y − 1 > 0 ⟺ x(x − y) > y² (φ is the positive root
/// of t² − t − 1, and no integers make the two sides equal): two products in
/// `u128`, exact for every `u64`.
#[inline]
fn stan_wins(a: u64, b: u64) -> bool {
    let (x, y) = (u128::from(a.max(b)), u128::from(a.min(b)));
    x == y || x * (x - y) > y * y
}

/// The error of a case with a zero (`a` is the first field).
#[cold]
fn zero_error(a: u64) -> DomainError {
    if a == 0 {
        zero_field(0, "a (only `0 0` may contain a zero)")
    } else {
        zero_field(1, "b (only `0 0` may contain a zero)")
    }
}

pub(super) struct Euclid;

impl Definition for Euclid {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    #[inline]
    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        match case.ab() {
            (a, b) if a > 0 && b > 0 => Ok(winner(stan_wins(a, b))),
            (a, _) => Err(zero_error(a)),
        }
    }

    #[inline(always)]
    fn wins(&self, case: &Case) -> Option<bool> {
        let (a, b) = case.ab();
        (a > 0 && b > 0).then(|| stan_wins(a, b))
    }

    fn float_answer(&self, case: &Case) -> Option<Answer> {
        let (a, b) = case.ab();
        (a > 0 && b > 0).then(|| winner(beatty_float::solutions::euclid_f64(a, b)))
    }

    fn edge(&self) -> Vec<Case> {
        let m = MAX;
        [
            (34, 12),
            (15, 24),
            (1, 1),
            (1, 2),
            (2, 1),
            (2, 3),
            (3, 5),
            (5, 8),
            (8, 5),
            (m, m),
            (1, m),
            (m, 1),
            (m, m - 1),
            (m - 1, m),
            (m / 2, m),
        ]
        .map(|(a, b)| Case::pair(a, b))
        .to_vec()
    }

    fn hack(&self) -> Vec<Case> {
        hack_cases().to_vec()
    }

    /// A quarter of the cases uniform pairs (both from 2^31 − 1 − 10^6 up for
    /// `max`), a quarter pairs up to 1000, half a number b and ⌊bφ⌋ or
    /// ⌊bφ⌋ + 1 (at most 2^31 − 1; b from half the lower bound up to 2^30),
    /// in either order: the ratios nearest φ.
    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let lo = if max { MAX - 1_000_000 } else { 1 };
        match r.range(0, 3) {
            0 => Case::pair(r.range(lo, MAX), r.range(lo, MAX)),
            1 => Case::pair(r.range(1, 1000), r.range(1, 1000)),
            _ => {
                // near φ: b, ⌊bφ⌋ or ⌊bφ⌋ + 1
                let b = r.range(lo / 2 + 1, 1 << 30);
                let a = golden::lower(b).expect("b < 2^31, so ⌊bφ⌋ fits") + r.range(0, 1);
                let a = a.min(MAX);
                if r.chance(1, 2) {
                    Case::pair(a, b)
                } else {
                    Case::pair(b, a)
                }
            }
        }
    }

    fn max_cases(&self) -> u64 {
        100_000
    }

    fn explain(&self, case: &Case) -> Result<String, String> {
        let (a, b) = case.ab();
        let mut s = String::new();
        let o = euclid::outcome(a, b);
        let _ = writeln!(s, "Euclid's game, numbers ({a}, {b})");
        let _ = writeln!(
            s,
            "outcome: {} — {} ({})",
            if o.player_to_move_wins() { "N" } else { "P" },
            if o.player_to_move_wins() {
                "Stan (the player to move) wins"
            } else {
                "Ollie (the second player) wins"
            },
            answer_note(&winner(o.player_to_move_wins()))
        );
        let line = euclid::perfect_play(a, b);
        let path: Vec<String> = line.iter().map(|(x, y)| format!("{x} {y}")).collect();
        let _ = writeln!(s, "perfect play: {}", path.join(" → "));
        if a > 0 && b > 0 {
            let fw = beatty_float::solutions::euclid_f64(a, b);
            let _ = writeln!(
                s,
                "float formula: larger / smaller > (1 + sqrt(5)) / 2 gives the {} — {}",
                answer_note(&winner(fw)),
                verdict_word(fw == o.player_to_move_wins())
            );
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Who wins, from the definition (beatty-games' step-by-step play: with
    /// a ≥ b the player to move wins iff b divides a, a ≥ 2b, or the only
    /// move (b, a − b) loses).
    fn wins(a: u64, b: u64) -> bool {
        beatty_games::reference::euclid_outcome_by_steps(a, b).player_to_move_wins()
    }

    /// The product test agrees with the games crate's ratio comparison and with
    /// its step-by-step play (independent of both) on every pair up to 400, on
    /// consecutive Fibonacci numbers (the ratios nearest φ) and their
    /// neighbours, and on random pairs of every size up to `u64::MAX`.
    #[test]
    fn stan_wins_agrees_with_both_references() {
        let check = |a: u64, b: u64| {
            let want = euclid::outcome(a, b).player_to_move_wins();
            assert_eq!(stan_wins(a, b), want, "({a}, {b})");
            assert_eq!(wins(a, b), want, "({a}, {b})");
        };
        for a in 1..=400 {
            for b in 1..=400 {
                check(a, b);
            }
        }
        let fib: Vec<u64> = FIBONACCI
            .iter()
            .skip(1)
            .map_while(|&f| u64::try_from(f).ok())
            .collect();
        for w in fib.windows(2) {
            for (da, db) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let (a, b) = (w[1].saturating_add(da), w[0].saturating_add(db));
                check(a, b);
                check(b, a);
            }
        }
        let mut rng = SplitMix64::new(1525);
        for _ in 0..200_000 {
            let a = (rng.next_u64() >> rng.range(0, 63)).max(1);
            let b = (rng.next_u64() >> rng.range(0, 63)).max(1);
            check(a, b);
            check(a, a / 2 + 1);
        }
        check(u64::MAX, u64::MAX);
        check(u64::MAX, u64::MAX - 1);
    }

    #[test]
    fn the_archetypes_of_the_docs_err_on_hack_cases() {
        let hack = Euclid.hack();
        // 377 / 233 lies between 1.618 and φ (a loss), 10946 / 6765 between φ
        // and 1.618034 (a win).
        for (a, b, win) in [(377, 233, false), (10946, 6765, true)] {
            assert!(hack.contains(&Case::pair(a, b)), "{a} {b}");
            assert!(hack.contains(&Case::pair(b, a)), "{b} {a}");
            assert_eq!(wins(a, b), win, "{a} {b}");
        }
        assert!(ratio_test(377, 233, 1.618) != wins(377, 233));
        assert!(ratio_test(10946, 6765, 1.618_034) != wins(10946, 6765));
        let overflow: Vec<&Case> = hack
            .iter()
            .filter(|c| {
                let (a, b) = c.ab();
                int_2b(a, b) != wins(a, b)
            })
            .collect();
        assert!(overflow.len() >= 4, "{overflow:?}");
    }

    /// The hack cases, class by class as the module docs' table gives them,
    /// each kept because an archetype's model errs on it: the exact outcome
    /// is the games crate's, the double test is beatty-float's.
    #[test]
    fn the_hack_cases_are_the_classes_of_the_module_docs() {
        const I31: u64 = (1 << 31) - 1;
        let hack = Euclid.hack();
        let exact = |a: u64, b: u64| euclid::outcome(a, b).player_to_move_wins();
        let float_errs = |a: u64, b: u64| beatty_float::solutions::euclid_f64(a, b) != exact(a, b);
        let truncated_errs = |a: u64, b: u64| {
            super::super::wythoff::TRUNCATED_CONSTANTS
                .iter()
                .filter(|(_, times_k)| *times_k)
                .any(|&(c, _)| ratio_test(a, b, c) != exact(a, b))
        };
        let mut seen = std::collections::HashSet::new();
        for c in &hack {
            let (a, b) = c.ab();
            assert!((1..=I31).contains(&a) && (1..=I31).contains(&b), "{c}");
            assert!(seen.insert((a, b)), "{c} twice");
            assert!(
                float_errs(a, b) || truncated_errs(a, b) || int_2b(a, b) != exact(a, b),
                "{c}: no archetype errs"
            );
        }
        let has_both = |a: u64, b: u64| seen.contains(&(a, b)) && seen.contains(&(b, a));
        // consecutive Fibonacci numbers (F(k), F(k + 1)) from (1, 2)
        let mut fib = vec![(1_u64, 2_u64)];
        while let Some(&(f0, f1)) = fib.last()
            && f0 + f1 <= I31
        {
            fib.push((f1, f0 + f1));
        }
        let (mut float_cases, mut classed) = (0, std::collections::HashSet::new());
        for &(f0, f1) in &fib {
            for c in (1..=64).take_while(|c| c * f1 <= I31) {
                let (a, b) = (c * f1, c * f0);
                if float_errs(a, b) {
                    assert!(has_both(a, b), "double test: {a} {b}");
                    classed.extend([(a, b), (b, a)]);
                    float_cases += 2;
                }
                // the docs' reason to take no neighbour: none is a hazard
                for (x, y) in [(a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)] {
                    if (1..=I31).contains(&x) && (1..=I31).contains(&y) {
                        assert!(!float_errs(x, y), "{x} {y}");
                    }
                }
            }
            if truncated_errs(f1, f0) {
                assert!(has_both(f1, f0), "truncated constant: {f1} {f0}");
                classed.extend([(f1, f0), (f0, f1)]);
            }
        }
        assert!(float_cases >= 10, "{float_cases}");
        // 32-bit overflow of 2b: at least two pairs, both orders, all with
        // 2^30 < b < a < 2^31 where `int` errs.
        let overflow: Vec<(u64, u64)> = seen
            .iter()
            .copied()
            .filter(|&(a, b)| int_2b(a, b) != exact(a, b))
            .collect();
        assert!(overflow.len() >= 4, "{overflow:?}");
        for (a, b) in overflow {
            let (x, y) = (a.max(b), a.min(b));
            assert!(y > 1 << 30 && x > y, "{a} {b}");
        }
        for b in [
            (1 << 30) + 1,
            1_200_000_000,
            1_327_217_884,
            1_500_000_000,
            I31 - 1,
        ] {
            for a in [b + 1, b + b / 3, golden::lower(b).unwrap(), I31] {
                if b < a && a <= I31 && int_2b(a, b) != exact(a, b) {
                    assert!(has_both(a, b), "2b: {a} {b}");
                    classed.extend([(a, b), (b, a)]);
                }
            }
        }
        // and nothing else
        assert_eq!(seen, classed);
    }

    #[test]
    fn the_random_pairs_are_the_documented_mix() {
        const I31: u64 = (1 << 31) - 1;
        let mut r = SplitMix64::new(2348);
        for max in [false, true] {
            let lo = if max { I31 - 1_000_000 } else { 1 };
            let (mut uniform, mut small, mut near, mut near_first) =
                (0usize, 0usize, 0usize, 0usize);
            for _ in 0..8000 {
                let (a, b) = Euclid.random(&mut r, max).ab();
                assert!((1..=I31).contains(&a) && (1..=I31).contains(&b), "{a} {b}");
                let (x, y) = (a.max(b), a.min(b));
                // ⌊yφ⌋ by beatty-core, tested on its own
                let lower = golden::lower(y).unwrap();
                if lo / 2 < y && y <= 1 << 30 && [lower, lower + 1, I31].contains(&x) {
                    near += 1;
                    near_first += usize::from(a > b);
                } else if x <= 1000 {
                    small += 1;
                } else {
                    assert!(y >= lo, "{a} {b}");
                    uniform += 1;
                }
            }
            for (what, n, want) in [
                ("uniform", uniform, 2000),
                ("small", small, 2000),
                ("near φ", near, 4000),
            ] {
                assert!(n.abs_diff(want) <= 250, "max {max}: {what} {n} of 8000");
            }
            assert!(
                near_first.abs_diff(near / 2) <= 200,
                "{near_first} of {near}"
            );
        }
    }

    #[test]
    fn the_explanation_plays_legal_moves_to_zero_and_judges_the_float_test() {
        let mut cases = Euclid.edge();
        cases.extend(Euclid.hack());
        for c in cases {
            let (a, b) = c.ab();
            let text = Euclid.explain(&c).unwrap();
            let w = wins(a, b);
            let outcome = if w {
                "outcome: N — Stan (the player to move) wins (answer `Stan wins`)"
            } else {
                "outcome: P — Ollie (the second player) wins (answer `Ollie wins`)"
            };
            assert!(text.contains(outcome), "{text}");
            let f = beatty_float::solutions::euclid_f64(a, b);
            let float = format!(
                "gives the answer `{}` — {}",
                if f { "Stan wins" } else { "Ollie wins" },
                if f == w { "correct" } else { "WRONG" }
            );
            assert!(text.contains(&float), "{text}");
            let play = text
                .lines()
                .find_map(|l| l.strip_prefix("perfect play: "))
                .unwrap();
            let steps: Vec<(u64, u64)> = play
                .split(" → ")
                .map(|p| {
                    let (x, y) = p.split_once(' ').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(steps[0], (a, b), "{text}");
            assert_eq!(
                steps.last().unwrap().1.min(steps.last().unwrap().0),
                0,
                "{text}"
            );
            for s in steps.windows(2) {
                let ((x, y), (u, v)) = (s[0], s[1]);
                // one number less by a positive multiple of the other
                let legal =
                    (u == x && v < y && (y - v) % x == 0) || (v == y && u < x && (x - u) % y == 0);
                assert!(legal, "{x} {y} → {u} {v}");
            }
            // the winner moves last: an odd number of moves iff Stan wins
            assert_eq!((steps.len() - 1) % 2 == 1, w, "{text}");
        }
    }

    /// The models of two archetypes by what C computes: `int_2b.c` is exact
    /// while 2b fits in `int` (the smaller number below 2^30 at every step) and
    /// says the player to move wins as soon as it does not (2b wraps negative,
    /// so `a >= 2 * b` holds); `ratio_1618.c` compares with `>`.
    #[test]
    fn the_archetype_models_compute_what_c_computes() {
        let exact = |a: u64, b: u64| euclid::outcome(a, b).player_to_move_wins();
        for a in 1..=300 {
            for b in 1..=300 {
                assert_eq!(int_2b(a, b), exact(a, b), "{a} {b}");
            }
        }
        let mut rng = SplitMix64::new(1525);
        for _ in 0..100_000 {
            let a = rng.range(1, (1 << 31) - 1);
            let b = rng.range(1, (1 << 30) - 1);
            assert_eq!(int_2b(a, b), exact(a, b), "{a} {b}");
            assert_eq!(int_2b(b, a), exact(a, b), "{b} {a}");
            let (x, y) = (
                rng.range(1 << 30, (1 << 31) - 1),
                rng.range(1 << 30, (1 << 31) - 1),
            );
            if x % y != 0 && y % x != 0 {
                assert!(int_2b(x, y), "{x} {y}: 2b wraps, a >= 2b");
            }
        }
        // the archetype's own comment: 2147483647 2147483646
        assert!(int_2b(2_147_483_647, 2_147_483_646));
        assert!(!exact(2_147_483_647, 2_147_483_646));
        // 809 / 500 is 1.618 in doubles too: not greater
        assert!(!ratio_test(809, 500, 1.618));
        assert!(ratio_test(810, 500, 1.618) && ratio_test(7, 7, 1.618));
    }

    /// The module docs: a single zero beside a positive number is outside the
    /// game's domain, and the error names the field with the zero.
    #[test]
    fn a_zero_is_refused_by_its_field() {
        for (a, b, field, name) in [
            (0, 5, 0, "a"),
            (5, 0, 1, "b"),
            (0, 0, 0, "a"),
            (0, 1, 0, "a"),
        ] {
            let e = Euclid.answer(&Case::pair(a, b)).unwrap_err();
            assert_eq!(e.field, field, "{a} {b}");
            assert_eq!(
                e.expected,
                format!("a positive number {name} (only `0 0` may contain a zero)")
            );
            assert_eq!(Euclid.wins(&Case::pair(a, b)), None);
        }
        // no float solution and no float line without a game
        for (a, b) in [(0, 5), (5, 0)] {
            assert_eq!(Euclid.float_answer(&Case::pair(a, b)), None);
            let text = Euclid.explain(&Case::pair(a, b)).unwrap();
            assert!(!text.contains("float formula"), "{text}");
        }
        assert!(Euclid.float_answer(&Case::pair(3, 2)).is_some());
        assert_eq!(Euclid.answer(&Case::pair(1, 1)), Ok(winner(true)));
        assert_eq!(Euclid.answer(&Case::pair(3, 2)), Ok(winner(false)));
    }
}
