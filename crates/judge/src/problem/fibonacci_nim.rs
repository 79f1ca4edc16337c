//! `fibonacci-nim` — Fibonacci nim (HDU 2516).
//!
//! Lines `n` (2 ≤ n < 2^31) until a line `0`. The first player may take any
//! number of stones but not all; afterwards each take is at most twice the
//! previous one; whoever takes the last stone wins. The answer is
//! `Second win` if the first player loses (n is a Fibonacci number), else
//! `First win`.
//!
//! Hack cases: the Fibonacci numbers below 2^31 and their neighbours ±1, and
//! every n where the classic float solution that tests whether 5n² ± 4 is a
//! perfect square in doubles
//! ([`beatty_float::solutions::fibonacci_nim_square_f64`], the float answer of
//! this problem) is wrong:
//! [`SQUARE_TEST_WRONG_BELOW_2_31`](beatty_float::solutions::SQUARE_TEST_WRONG_BELOW_2_31),
//! each kept only if that solution still errs on it. The other classic
//! solution, Binet's formula `round(φ^k / √5)` in doubles
//! ([`beatty_float::solutions::fibonacci_nim_binet`]), is exact below 2^31
//! (its relative error, about 10^-15, stays far below 0.5 / F(k)).
//!
//! Outside the game's domain (refused by the solver): n < 2 (no first move
//! exists).

use super::wythoff::verdict_word;
use super::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation,
    Spec, answer_note,
};
use crate::generate::SplitMix64;
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

pub(super) struct FibonacciNim;

impl Definition for FibonacciNim {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        let n = case.values()[0];
        let o = fibonacci_nim::outcome(n).map_err(|_| DomainError {
            field: 0,
            expected: "at least 2 stones".into(),
            found: crate::text::found(n.to_string().as_bytes()),
        })?;
        Ok(words(o.player_to_move_wins()))
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
        let mut v = Vec::new();
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
            let take = fibonacci_nim::winning_move(n)
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
            let take = fibonacci_nim::winning_move_with_limit(left, limit).unwrap_or(1);
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
