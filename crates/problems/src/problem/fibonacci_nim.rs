//! `fibonacci-nim` — Fibonacci nim (HDU 2516).
//!
//! Lines `n` (2 ≤ n < 2^31) until a line `0`. The first player may take any
//! number of stones but not all; afterwards each take is at most twice the
//! previous one; whoever takes the last stone wins. The answer is
//! `Second win` if the first player loses (n is a Fibonacci number), else
//! `First win`.
//!
//! # Hack cases, by the class of mistake they expose
//!
//! Every class is in the `hack` profile, so every test set (its `03-hack`, at
//! every seed) holds all of them; each case is computed from the definition
//! and kept only if it is a legal input (2 ≤ n < 2^31).
//!
//! | class | cases | archetypes (package submissions) it fails |
//! |---|---|---|
//! | wrapped 32-bit tables | every value of a Fibonacci table kept in 32-bit `int` or `unsigned` up to F(100), wrapped mod 2^32, that is a legal n and no Fibonacci number ([`wrapped_table_values`]; the first is F(48) mod 2^32 = 512559680) | `int_table.c`: a table past F46 that is scanned whole answers `Second win` on them |
//! | Fibonacci numbers ± 1 | every Fibonacci number 2 ≤ F(k) < 2^31 and its neighbours | `short_table.cpp` (table ends at F45), `no_two.cpp` (table starts at 3), `overflow_square.c` (5n² in `int`), `binet_truncated.cpp` (truncates Binet's formula), `binet_1618034.cpp` (φ = 1.618034) |
//! | the float square test | every n where the classic float solution that tests whether 5n² ± 4 is a perfect square in doubles ([`beatty_float::solutions::fibonacci_nim_square_f64`], the float answer of this problem) is wrong: [`SQUARE_TEST_WRONG_BELOW_2_31`](beatty_float::solutions::SQUARE_TEST_WRONG_BELOW_2_31), each kept only if that solution still errs on it | `float.cpp` |
//!
//! The other classes need no hack case: the sample (`2 13 10000 0`) fails
//! `no_two.cpp`, a terminator line fails `no_terminator.c` (it answers the
//! `0`: one line too many, WA), every answer fails `capital_win.c` (`First
//! Win`: testlib's `wcmp` compares case-sensitively, WA; the package sets
//! `validator_flags: case_sensitive` so that Kattis agrees), and the `max`
//! test (n near 2^31) fails `search.py` (TLE). `accepted/blank_lines.c` prints
//! a blank line after every answer: `wcmp` compares tokens, so it is accepted.
//!
//! The other classic float solution, Binet's formula `round(φ^k / √5)` in
//! doubles ([`beatty_float::solutions::fibonacci_nim_binet`]), is exact below
//! 2^31 (its relative error, about 10^-15, stays far below 0.5 / F(k)), so it
//! is not a wrong archetype here.
//!
//! Outside the game's domain (refused by the solver): n < 2 (no first move
//! exists).

use super::spec::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation,
    Spec, answer_note,
};
use super::wythoff::verdict_word;
use crate::rng::SplitMix64;
use beatty_core::zeckendorf::{FIBONACCI, Zeckendorf};
use beatty_games::fibonacci_nim;
use core::fmt::Write;

const MAX: u64 = (1 << 31) - 1;

static SPEC: Spec = Spec {
    name: "fibonacci-nim",
    aliases: &["hdu2516"],
    title: "Fibonacci nim",
    source: "HDU 2516",
    legend: "There is one pile of n stones. Two players move in turn. The first player may take any number of stones but not all of them; afterwards each player takes at least one stone and at most twice as many as the opponent took just before. The player who takes the last stone wins. Both play perfectly.",
    input_format: "lines `n`, 2 ≤ n < 2^31; the line `0` ends the input",
    output_format: "`Second win` if the first player loses, else `First win`, per case",
    framing: Framing::Terminator,
    fields: &[Field {
        name: "n",
        min: 2,
        max: MAX,
    }],
    relation: Relation::None,
    words: Some(WORDS),
    sample: b"2\n13\n10000\n0\n",
    output: OutputKind::Words,
    assets: assets!["fibonacci_nim";
        "exact.py" => "submissions/accepted/exact.py",
        "exact.cpp" => "submissions/accepted/exact.cpp",
        "blank_lines.c" => "submissions/accepted/blank_lines.c",
        "float.cpp" => "submissions/wrong_answer/float.cpp",
        "int_table.c" => "submissions/wrong_answer/int_table.c",
        "short_table.cpp" => "submissions/wrong_answer/short_table.cpp",
        "no_two.cpp" => "submissions/wrong_answer/no_two.cpp",
        "overflow_square.c" => "submissions/wrong_answer/overflow_square.c",
        "binet_truncated.cpp" => "submissions/wrong_answer/binet_truncated.cpp",
        "binet_1618034.cpp" => "submissions/wrong_answer/binet_1618034.cpp",
        "no_terminator.c" => "submissions/wrong_answer/no_terminator.c",
        "capital_win.c" => "submissions/wrong_answer/capital_win.c",
        "search.py" => "submissions/time_limit_exceeded/search.py",
    ],
};

/// `First win` if the first player wins, else `Second win`.
const WORDS: OutcomeWords = OutcomeWords {
    wins: "First win",
    loses: "Second win",
};

fn words(first_wins: bool) -> Answer {
    WORDS.answer(first_wins)
}

/// The Fibonacci numbers 2 ≤ F(k) ≤ 2^31 − 1.
fn fibonacci_in_range() -> impl Iterator<Item = u64> {
    FIBONACCI
        .iter()
        .map(|&f| u64::try_from(f).unwrap_or(u64::MAX))
        .skip(3)
        .take_while(|&f| f <= MAX)
}

/// The values of a Fibonacci table kept in 32 bits, F(1) = F(2) = 1 up to
/// F(100) with every sum wrapped mod 2^32 (as `int`, two's complement, or as
/// `unsigned`), that are legal inputs (2 ≤ n < 2^31) and no Fibonacci number,
/// in table order without repeats. A solution that fills such a table past F46
/// (F47 exceeds 2^31 − 1) and scans it whole answers `Second win` on them.
pub(super) fn wrapped_table_values() -> Vec<u64> {
    let mut v = Vec::new();
    let (mut x, mut y) = (1u32, 1u32);
    for _ in 3..=100 {
        (x, y) = (y, x.wrapping_add(y));
        // y is F(k) mod 2^32: the `unsigned` entry, and the `int` entry when below 2^31.
        let n = u64::from(y);
        if (2..=MAX).contains(&n) && fibonacci_in_range().all(|f| f != n) && !v.contains(&n) {
            v.push(n);
        }
    }
    v
}

/// The answer by the games crate's theorem (the smallest Zeckendorf term of n
/// against the opening's limit n − 1), with the error for n < 2: the reference
/// [`is_fibonacci`] is tested against, and the answer for n < 2.
#[cold]
fn answer_by_zeckendorf(n: u64) -> Result<Answer, DomainError> {
    let o = fibonacci_nim::outcome(n).map_err(|_| DomainError {
        field: 0,
        expected: "at least 2 stones".into(),
        found: crate::text::found(n.to_string().as_bytes()),
    })?;
    Ok(words(o.player_to_move_wins()))
}

/// The Fibonacci numbers F(2) = 1, F(3) = 2, … F(93) (the last below 2^64) by
/// their bit length: row L holds those with exactly L bits, at most two (F(k + 2)
/// ≥ 2·F(k) has more bits than F(k)), the rest of the row 0.
const BY_BITS: [[u64; 2]; 65] = {
    const fn put(t: &mut [[u64; 2]; 65], f: u64) {
        let row = &mut t[(64 - f.leading_zeros()) as usize];
        if row[0] == 0 {
            row[0] = f;
        } else if row[1] == 0 {
            row[1] = f;
        } else {
            panic!("three Fibonacci numbers of one bit length");
        }
    }
    let mut t = [[0u64; 2]; 65];
    let (mut f, mut g) = (1u64, 2u64); // F(2), F(3)
    loop {
        put(&mut t, f);
        match f.checked_add(g) {
            Some(h) => (f, g) = (g, h),
            None => {
                put(&mut t, g); // F(93): F(92) + F(93) overflows
                break;
            }
        }
    }
    t
};

/// Whether `n` ≥ 1 is a Fibonacci number: at most two candidates share its bit
/// length ([`BY_BITS`]). The fast path of the answer, tested against
/// [`answer_by_zeckendorf`].
#[inline]
fn is_fibonacci(n: u64) -> bool {
    let row = BY_BITS[(64 - n.leading_zeros()) as usize];
    n != 0 && (n == row[0] || n == row[1])
}

pub(super) struct FibonacciNim;

impl Definition for FibonacciNim {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    #[inline]
    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        let n = case.values()[0];
        if n >= 2 {
            // The first player loses exactly when n is a Fibonacci number.
            return Ok(words(!is_fibonacci(n)));
        }
        answer_by_zeckendorf(n)
    }

    #[inline(always)]
    fn wins(&self, case: &Case) -> Option<bool> {
        let n = case.values()[0];
        (n >= 2).then(|| !is_fibonacci(n))
    }

    fn float_answer(&self, case: &Case) -> Option<Answer> {
        let n = case.values()[0];
        (n >= 2).then(|| words(beatty_float::solutions::fibonacci_nim_square_f64(n)))
    }

    fn edge(&self) -> Vec<Case> {
        [
            2,
            13,
            10000,
            3,
            4,
            5,
            6,
            7,
            8,
            9,
            1_836_311_903,
            1_836_311_904,
            MAX - 1,
            MAX,
        ]
        .map(Case::one)
        .to_vec()
    }

    fn hack(&self) -> Vec<Case> {
        let mut v: Vec<Case> = wrapped_table_values().into_iter().map(Case::one).collect();
        for f in fibonacci_in_range() {
            for n in [f - 1, f, f + 1] {
                let c = Case::one(n);
                if (2..=MAX).contains(&n) && !v.contains(&c) {
                    v.push(c);
                }
            }
        }
        let exact = |n: u64| fibonacci_nim::outcome(n).map(|o| o.player_to_move_wins());
        v.extend(
            beatty_float::solutions::SQUARE_TEST_WRONG_BELOW_2_31
                .into_iter()
                .filter(|&n| {
                    exact(n)
                        .is_ok_and(|w| w != beatty_float::solutions::fibonacci_nim_square_f64(n))
                })
                .map(Case::one),
        );
        v
    }

    /// A third of the cases a Fibonacci number (a losing pile; the largest pile
    /// when none is in range, as for `max`), the rest uniform; `max` draws
    /// both from 2^31 − 1 − 10^6 up.
    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let lo = if max { MAX - 1_000_000 } else { 2 };
        if r.chance(1, 3) {
            let fibs: Vec<u64> = fibonacci_in_range().filter(|&f| f >= lo).collect();
            let f = if fibs.is_empty() {
                MAX
            } else {
                fibs[r.range(0, fibs.len() as u64 - 1) as usize]
            };
            Case::one(f)
        } else {
            Case::one(r.range(lo, MAX))
        }
    }

    fn max_cases(&self) -> u64 {
        100_000
    }

    fn explain(&self, case: &Case) -> Result<String, String> {
        let n = case.values()[0];
        let o = fibonacci_nim::outcome(n).map_err(|e| e.to_string())?;
        let mut s = String::new();
        let _ = writeln!(s, "Fibonacci nim, a pile of {n}");
        let terms: Vec<String> = Zeckendorf::from_u64(n)
            .indices()
            .collect::<Vec<_>>()
            .iter()
            .rev()
            .map(|&i| FIBONACCI[i as usize].to_string())
            .collect();
        let _ = writeln!(s, "Zeckendorf: {n} = {}", terms.join(" + "));
        if o.player_to_move_wins() {
            let take = fibonacci_nim::winning_take(n)
                .map_err(|e| e.to_string())?
                .ok_or("an N-position has a winning move")?;
            let _ = writeln!(
                s,
                "outcome: N — the first player wins ({})",
                answer_note(&words(true))
            );
            let _ = writeln!(
                s,
                "winning move: take {take} (the smallest Zeckendorf term); the opponent may take at most {}, less than the next term",
                take.saturating_mul(2)
            );
        } else {
            let _ = writeln!(
                s,
                "outcome: P — the second player wins ({}): {n} is a Fibonacci number",
                answer_note(&words(false))
            );
        }
        // The first steps of perfect play (the whole line can be very long): the
        // player who can win takes the smallest Zeckendorf term, the other takes 1.
        let (mut left, mut limit, mut shown) = (n, n - 1, Vec::new());
        while left > 0 && shown.len() < 12 {
            let take = fibonacci_nim::winning_take_with_limit(left, limit).unwrap_or(1);
            shown.push(format!("{left} −{take}"));
            left -= take;
            limit = take.saturating_mul(2);
        }
        let _ = writeln!(
            s,
            "perfect play (stones −take): {}{}",
            shown.join(" → "),
            if left > 0 { " → …" } else { "" }
        );
        for (formula, fw) in [
            (
                "5n² ± 4 a perfect square in doubles",
                beatty_float::solutions::fibonacci_nim_square_f64(n),
            ),
            (
                "n == round(pow(φ, k) / sqrt(5)) for some k",
                beatty_float::solutions::fibonacci_nim_binet(n),
            ),
        ] {
            let _ = writeln!(
                s,
                "float formula: {formula} gives the {} — {}",
                answer_note(&words(fw)),
                verdict_word(fw == o.player_to_move_wins())
            );
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table lookup and the Zeckendorf reference give the same answers (and
    /// errors) on every n up to 2·10^6, around every Fibonacci number below 2^64
    /// (the recurrence in u128, independent of both) and on random n of every
    /// bit length.
    #[test]
    fn fast_answer_agrees_with_the_zeckendorf_reference() {
        let fast = |n: u64| FibonacciNim.answer(&Case::one(n));
        for n in 0..=2_000_000 {
            assert_eq!(fast(n), answer_by_zeckendorf(n), "{n}");
        }
        let (mut f, mut g) = (1u128, 1u128);
        let mut count = 0;
        while f <= u128::from(u64::MAX) {
            let n = f as u64;
            assert!(is_fibonacci(n), "{n}");
            for m in n.saturating_sub(3)..=n.saturating_add(3) {
                assert_eq!(fast(m), answer_by_zeckendorf(m), "{m}");
            }
            if n >= 2 {
                assert_eq!(fast(n), Ok(words(false)), "{n}");
                count += 1;
            }
            (f, g) = (g, f + g);
        }
        assert_eq!(count, 91, "F(3) = 2 … F(93)");
        let mut rng = crate::rng::SplitMix64::new(2516);
        for _ in 0..200_000 {
            let n = rng.next_u64() >> rng.range(0, 63);
            assert_eq!(fast(n), answer_by_zeckendorf(n), "{n}");
        }
        assert!(!is_fibonacci(0) && !is_fibonacci(u64::MAX));
    }

    /// Issue 26: a 32-bit `int` Fibonacci table past F46 wraps; every wrapped
    /// entry that is a legal input and no Fibonacci number must be a hack case
    /// (the generator of ab468b0 had none, and four published solutions that
    /// scan such a table passed every test set).
    #[test]
    fn every_wrapped_entry_of_an_int_fibonacci_table_is_a_hack_case() {
        // The table as contestants fill it, in i32 with wrapping sums, and the
        // Fibonacci numbers below 2^31 from the recurrence in u64 (independent
        // of the code under test).
        let mut fib = vec![1u64, 1];
        while fib[fib.len() - 1] + fib[fib.len() - 2] < 1 << 31 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let mut table = vec![1i32, 1];
        while table.len() < 100 {
            let n = table[table.len() - 1].wrapping_add(table[table.len() - 2]);
            table.push(n);
        }
        let hack = FibonacciNim.hack();
        let mut wrapped = 0;
        for &t in &table {
            let Ok(n) = u64::try_from(t) else { continue };
            if n >= 2 && !fib.contains(&n) {
                wrapped += 1;
                assert!(hack.contains(&Case::one(n)), "{n} is not a hack case");
                assert_eq!(FibonacciNim.answer(&Case::one(n)), Ok(words(true)));
            }
        }
        // F(48) mod 2^32 = 512559680 is the first (4807526976 − 2^32).
        assert!(hack.contains(&Case::one(4_807_526_976 - (1 << 32))));
        assert!(wrapped >= 20, "only {wrapped} wrapped values");
    }

    /// The Fibonacci numbers F(2) = 1, F(3) = 2, … below 2^31, by the
    /// recurrence (independent of the code under test).
    fn fibonacci_below_2_31() -> Vec<u64> {
        let mut fib = vec![1u64, 2];
        while fib[fib.len() - 1] + fib[fib.len() - 2] < 1 << 31 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        fib
    }

    #[test]
    fn the_hack_cases_are_the_classes_of_the_module_docs() {
        const I31: u64 = (1 << 31) - 1;
        let fib = fibonacci_below_2_31();
        let hack: Vec<u64> = FibonacciNim.hack().iter().map(|c| c.values()[0]).collect();
        let mut seen = std::collections::HashSet::new();
        for &n in &hack {
            assert!((2..=I31).contains(&n), "{n}");
            assert!(seen.insert(n), "{n} twice");
        }
        // Fibonacci numbers ± 1: every one of them that is legal.
        let mut near = std::collections::HashSet::new();
        for &f in &fib {
            for n in [f - 1, f, f + 1] {
                if (2..=I31).contains(&n) {
                    assert!(seen.contains(&n), "{n} (next to {f}) is not a hack case");
                    near.insert(n);
                }
            }
        }
        // The float square test: every n where it errs (by the definition:
        // n loses iff it is a Fibonacci number).
        let square_wrong: Vec<u64> = beatty_float::solutions::SQUARE_TEST_WRONG_BELOW_2_31
            .into_iter()
            .filter(|&n| {
                (2..=I31).contains(&n)
                    && beatty_float::solutions::fibonacci_nim_square_f64(n) == fib.contains(&n)
            })
            .collect();
        assert!(!square_wrong.is_empty());
        for n in &square_wrong {
            assert!(seen.contains(n), "{n}: the square test errs");
        }
        // The wrapped table values (the test above) and nothing else.
        let wrapped = wrapped_table_values();
        for n in &hack {
            assert!(
                near.contains(n) || square_wrong.contains(n) || wrapped.contains(n),
                "{n} is in no class"
            );
        }
    }

    /// The module docs: the float answer is the square test's, for every
    /// legal pile; there is none without a game (n < 2).
    #[test]
    fn the_float_answer_is_the_square_tests() {
        for n in (2..2000).chain(beatty_float::solutions::SQUARE_TEST_WRONG_BELOW_2_31) {
            let first_wins = beatty_float::solutions::fibonacci_nim_square_f64(n);
            let want = if first_wins {
                "First win\n"
            } else {
                "Second win\n"
            };
            let got = FibonacciNim.float_answer(&Case::one(n)).unwrap();
            assert_eq!(got.to_string(), want, "{n}");
        }
        assert_eq!(FibonacciNim.float_answer(&Case::one(0)), None);
        assert_eq!(FibonacciNim.float_answer(&Case::one(1)), None);
    }

    #[test]
    fn a_third_of_the_random_piles_are_fibonacci_numbers_as_documented() {
        const I31: u64 = (1 << 31) - 1;
        let fib = fibonacci_below_2_31();
        let mut r = SplitMix64::new(2516);
        for max in [false, true] {
            let lo = if max { I31 - 1_000_000 } else { 2 };
            let piles: Vec<u64> = (0..6000)
                .map(|_| FibonacciNim.random(&mut r, max).values()[0])
                .collect();
            assert!(piles.iter().all(|n| (lo..=I31).contains(n)));
            let fibs = piles.iter().filter(|n| fib.contains(n)).count();
            if max {
                // no Fibonacci number lies in the top 10^6: the coin's third
                // gives the largest pile instead
                assert_eq!(fibs, 0);
                let top = piles.iter().filter(|&&n| n == I31).count();
                assert!((1800..=2200).contains(&top), "{top} of 6000");
            } else {
                assert!((1800..=2200).contains(&fibs), "{fibs} of 6000");
            }
        }
    }

    #[test]
    fn the_explanation_takes_the_smallest_zeckendorf_term_or_names_a_fibonacci_pile() {
        let fib = fibonacci_below_2_31();
        // the greedy Zeckendorf representation, largest term first
        let zeckendorf = |mut left: u64| {
            let mut terms = Vec::new();
            while left > 0 {
                let f = *fib.iter().rev().find(|&&f| f <= left).unwrap();
                terms.push(f);
                left -= f;
            }
            terms
        };
        let mut cases = FibonacciNim.edge();
        cases.extend(FibonacciNim.hack());
        for c in cases {
            let n = c.values()[0];
            let text = FibonacciNim.explain(&c).unwrap();
            let terms: Vec<String> = zeckendorf(n).iter().map(u64::to_string).collect();
            assert!(
                text.contains(&format!("Zeckendorf: {n} = {}\n", terms.join(" + "))),
                "{text}"
            );
            // Perfect play: whoever can win (the smallest Zeckendorf term
            // within the limit) takes that term, the other takes 1; twelve
            // moves at most, `…` when stones are left.
            let play = text
                .lines()
                .find_map(|l| l.strip_prefix("perfect play (stones −take): "))
                .unwrap();
            let (play, cut) = match play.strip_suffix(" → …") {
                Some(p) => (p, true),
                None => (play, false),
            };
            let (mut left, mut limit) = (n, n - 1);
            let steps: Vec<&str> = play.split(" → ").collect();
            assert!(steps.len() <= 12, "{text}");
            for step in &steps {
                let (stones, take) = step.split_once(" −").unwrap();
                let (stones, take): (u64, u64) = (stones.parse().unwrap(), take.parse().unwrap());
                assert_eq!(stones, left, "{text}");
                let z = *zeckendorf(left).last().unwrap();
                assert_eq!(take, if z <= limit { z } else { 1 }, "{text}");
                left -= take;
                limit = 2 * take;
            }
            assert_eq!(cut, left > 0, "{text}");
            assert!(cut || steps.len() < 12 || left == 0, "{text}");
            // the two float formulas, judged by the definition
            for (formula, says_first_wins) in [
                (
                    "5n² ± 4 a perfect square in doubles",
                    beatty_float::solutions::fibonacci_nim_square_f64(n),
                ),
                (
                    "n == round(pow(φ, k) / sqrt(5)) for some k",
                    beatty_float::solutions::fibonacci_nim_binet(n),
                ),
            ] {
                let line = format!(
                    "float formula: {formula} gives the answer `{}` — {}",
                    if says_first_wins {
                        "First win"
                    } else {
                        "Second win"
                    },
                    if says_first_wins != fib.contains(&n) {
                        "correct"
                    } else {
                        "WRONG"
                    }
                );
                assert!(text.contains(&line), "{text}");
            }
            if fib.contains(&n) {
                assert!(
                    text.contains(&format!(
                        "outcome: P — the second player wins (answer `Second win`): {n} is a Fibonacci number"
                    )),
                    "{text}"
                );
            } else {
                // the greedy Zeckendorf representation's smallest term
                let mut left = n;
                let mut smallest = 0;
                while left > 0 {
                    smallest = *fib.iter().rev().find(|&&f| f <= left).unwrap();
                    left -= smallest;
                }
                assert!(
                    text.contains("outcome: N — the first player wins (answer `First win`)"),
                    "{text}"
                );
                assert!(
                    text.contains(&format!(
                        "winning move: take {smallest} (the smallest Zeckendorf term); the opponent may take at most {},",
                        2 * smallest
                    )),
                    "{text}"
                );
            }
        }
    }
}
