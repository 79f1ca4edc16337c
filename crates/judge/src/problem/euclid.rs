//! `euclid` — Euclid's game (HDU 1525, POJ 2348).
//!
//! Lines `a b` of positive integers below 2^31, ended by `0 0`; the answer is
//! `Stan wins` if the player to move wins, else `Ollie wins`. The hack cases
//! are pairs of consecutive Fibonacci numbers below 2^31, their multiples and
//! neighbours, whose ratio is so close to φ that the double test
//! `larger / smaller > φ` errs; each is kept only if it does.
//! Outside the game's domain (refused by the solver): a single zero beside a
//! positive number (the format has only positive integers; `0 0` is the
//! terminator).

use super::wythoff::verdict_word;
use super::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation,
    Spec, answer_note, zero_field,
};
use crate::generate::SplitMix64;
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
        // Consecutive Fibonacci numbers (F(k), F(k + 1)) from (1, 2), F(k + 1) ≤ MAX.
        let u = |f: u128| u64::try_from(f).unwrap_or(u64::MAX);
        let fib = FIBONACCI[2..].windows(2).map(|w| (u(w[0]), u(w[1])));
        for (f0, f1) in fib.take_while(|&(_, f1)| f1 <= MAX) {
            for c in 1..=(MAX / f1).min(64) {
                for da in [0, 1, -1i64, 2, -2] {
                    for db in [0, 1, -1i64] {
                        let (Some(a), Some(b)) = (
                            (c * f1).checked_add_signed(da),
                            (c * f0).checked_add_signed(db),
                        ) else {
                            continue;
                        };
                        if a == 0 || b == 0 || a > MAX || b > MAX {
                            continue;
                        }
                        for c in [Case::pair(a, b), Case::pair(b, a)] {
                            if Euclid.float_answer(&c) != Euclid.answer(&c).ok() && !v.contains(&c)
                            {
                                v.push(c);
                            }
                        }
                    }
                }
            }
        }
        v
    })
}

pub(super) struct Euclid;

impl Definition for Euclid {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        match case.ab() {
            (0, _) => Err(zero_field(0, "a (only `0 0` may contain a zero)")),
            (_, 0) => Err(zero_field(1, "b (only `0 0` may contain a zero)")),
            (a, b) => Ok(winner(euclid::outcome(a, b).player_to_move_wins())),
        }
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

    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let lo = if max { MAX - 1_000_000 } else { 1 };
        match r.range(0, 3) {
            0 => Case::pair(r.range(lo, MAX), r.range(lo, MAX)),
            1 => Case::pair(r.range(1, 1000), r.range(1, 1000)),
            _ => {
                // near φ: b, ⌊bφ⌋ or ⌊bφ⌋ + 1
                let b = r.range(lo / 2 + 1, MAX / 2 + 1);
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
