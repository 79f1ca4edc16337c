//! `wythoff-big` — Wythoff's game with piles up to 10^18 (51nod 1185).
//!
//! A first line T (1 ≤ T ≤ 10000), then T lines `a b` with 1 ≤ a, b ≤ 10^18;
//! the answer is `A` if the player to move wins, else `B`.
//!
//! Near 10^18 the double formula `(long long)(k * (1 + sqrt(5)) / 2)` is wrong
//! on most k: the product needs 60 bits and a double keeps 53.
//!
//! # Hack cases, by the class of mistake they expose
//!
//! Every class is in the `hack` profile, so every test set (its `03-hack`, at
//! every seed) holds all of them; each is a legal input (1 ≤ a, b ≤ 10^18).
//!
//! | class | cases | archetypes (package submissions) it fails |
//! |---|---|---|
//! | double hazards | the losing positions and their neighbours at the k just below the largest pair index (from `beatty_hazards::lower_f64_hazards`) and at the Fibonacci and Lucas numbers k, each kept only if [`beatty_float::solutions::wythoff_big_f64`] answers it wrongly | `float.py`, `double.cpp` |
//! | `long double` at 10^18 | those of them that also fool the same solution in x87 `long double` ([`beatty_float::solutions::wythoff_big_long_double`], wrong on about 8 % of k there), placed first so that `mixed` (which takes the first 20) breaks both | `float.cpp` (`sqrtl`), `decimal_constant.cpp` (a 32-digit literal, rounded to the same 64-bit significand) |
//!
//! The edge cases fail the other archetypes: `int_piles.c` (piles read into
//! 32-bit `int`: the piles near 10^18), `fixed_point.c` (φ as a 64-bit
//! fixed-point integer: k · 1618033988749894848 wraps from k = 12 on),
//! `unsorted.cpp` (never sorts the piles: the edge case 2 1), `round.cpp`
//! (rounds kφ: the sample's 1 2), `count_short.cpp` (T − 1 cases),
//! `lower_case.cpp` (`a`/`b`: testlib's `wcmp` is case-sensitive, WA; the
//! package sets `validator_flags: case_sensitive` so that Kattis agrees), and
//! the `max` test fails `time_limit_exceeded/scan.py`.

use super::wythoff::{LEGEND, max_pair_index, pair};
use super::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation, Spec,
};
use crate::generate::SplitMix64;
use beatty_core::golden;
use beatty_core::zeckendorf::FIBONACCI;
use std::sync::OnceLock;

const MAX: u64 = 1_000_000_000_000_000_000;

static SPEC: Spec = Spec {
    name: "wythoff-big",
    aliases: &["51nod1185"],
    title: "Wythoff's game, big piles",
    source: "51nod 1185",
    legend: LEGEND,
    input_format: "first line T (1 ≤ T ≤ 10000), then T lines `a b`, 1 ≤ a, b ≤ 10^18",
    output_format: "per case `A` if the player to move wins, else `B`",
    framing: Framing::Counted {
        name: "the number of cases T",
        max: 10_000,
    },
    fields: &[
        Field {
            name: "pile a",
            min: 1,
            max: MAX,
        },
        Field {
            name: "pile b",
            min: 1,
            max: MAX,
        },
    ],
    relation: Relation::None,
    words: Some(WORDS),
    sample: b"3\n3 5\n3 4\n1 2\n",
    output: OutputKind::Words,
};

/// `A` if the player to move wins, else `B`.
const WORDS: OutcomeWords = OutcomeWords {
    wins: "A",
    loses: "B",
};

fn letter(wins: bool) -> Answer {
    WORDS.answer(wins)
}

/// The Fibonacci numbers F(i) (i ≥ 2) and the Lucas numbers
/// L(i) = F(i − 1) + F(i + 1) up to the largest pair index.
fn fibonacci_and_lucas() -> Vec<u64> {
    let kmax = max_pair_index(MAX);
    let f = &FIBONACCI;
    let lucas = (1..f.len() - 1).filter_map(|i| f[i - 1].checked_add(f[i + 1]));
    f[2..]
        .iter()
        .copied()
        .chain([2])
        .chain(lucas)
        .filter_map(|x| u64::try_from(x).ok())
        .filter(|&x| x <= kmax)
        .collect()
}

fn hack_cases() -> &'static [Case] {
    static H: OnceLock<Vec<Case>> = OnceLock::new();
    H.get_or_init(|| {
        let kmax = max_pair_index(MAX);
        let mut ks = beatty_hazards::lower_f64_hazards(kmax - 2000..=kmax);
        ks.extend(fibonacci_and_lucas());
        let mut v = Vec::new();
        for k in ks {
            let (a, b) = pair(k);
            for (x, y) in [(a, b), (b, a), (a + 1, b), (a, b + 1), (a - 1, b - 1)] {
                let c = Case::pair(x, y);
                if (1..=MAX).contains(&x)
                    && (1..=MAX).contains(&y)
                    && WythoffBig.float_answer(&c) != WythoffBig.answer(&c).ok()
                    && !v.contains(&c)
                {
                    v.push(c);
                }
            }
        }
        let fools_long_double = |c: &Case| {
            let (a, b) = c.ab();
            beatty_float::solutions::wythoff_big_long_double(a, b) == golden::is_p_position(a, b)
        };
        let (mut first, rest): (Vec<Case>, Vec<Case>) = v.into_iter().partition(fools_long_double);
        first.extend(rest);
        first
    })
}

pub(super) struct WythoffBig;

impl Definition for WythoffBig {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        let (a, b) = case.ab();
        Ok(letter(!golden::is_p_position(a, b)))
    }

    fn float_answer(&self, case: &Case) -> Option<Answer> {
        let (a, b) = case.ab();
        Some(letter(beatty_float::solutions::wythoff_big_f64(a, b)))
    }

    fn edge(&self) -> Vec<Case> {
        let (a, b) = pair(max_pair_index(MAX));
        let m = MAX;
        [
            (3, 5),
            (3, 4),
            (1, 2),
            (1, 1),
            (2, 1),
            (2, 2),
            (1, m),
            (m, 1),
            (m, m),
            (m - 1, m),
            (a, b),
            (b, a),
            (a + 1, b),
            (a, b - 1),
            (165_580_140, 267_914_295),
        ]
        .map(|(a, b)| Case::pair(a, b))
        .to_vec()
    }

    fn hack(&self) -> Vec<Case> {
        hack_cases().to_vec()
    }

    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let lo = if max { MAX - MAX / 1000 } else { 1 };
        let kmax = max_pair_index(MAX);
        if r.chance(1, 2) {
            return Case::pair(r.range(lo, MAX), r.range(lo, MAX));
        }
        let k = if max {
            r.range(kmax - kmax / 1000, kmax)
        } else {
            r.range(1, kmax)
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
        10_000
    }

    fn explain(&self, case: &Case) -> Result<String, String> {
        let (a, b) = case.ab();
        Ok(super::wythoff::explain_text(a, b, &letter))
    }
}
