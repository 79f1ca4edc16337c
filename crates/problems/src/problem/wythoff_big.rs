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
//! | double hazards | the losing positions (a, b) in both orders and their neighbours (a + 1, b) and (a − 1, b − 1) at the k just below the largest pair index (from `beatty_hazards::lower_f64_hazards`) and at the Fibonacci and Lucas numbers k, each kept only if [`beatty_float::solutions::wythoff_big_f64`] answers it wrongly | `float.py`, `double.cpp` |
//! | `long double` at 10^18 | those of them that also fool the same solution in x87 `long double` ([`beatty_float::solutions::wythoff_big_long_double`], wrong on about 8 % of k there), placed first so that `mixed` (which takes the first 20) breaks both | `float.cpp` (`sqrtl`), `decimal_constant.cpp` (a 32-digit literal, rounded to the same 64-bit significand) |
//! | decimal constants at 10^18 | both orders of the losing position at every Fibonacci or Lucas number k where φ written to d = 20 … 27 significant digits (rounded to nearest), multiplied exactly, misses ⌊kφ⌋ (`decimal_errs`, exact in `u128` from a published value of φ): the odd-index Fibonacci numbers from F(65) on for 27 digits | `decimal_27.py` (`Decimal`, 60-digit products) |
//!
//! The edge cases fail the other archetypes: `int_piles.c` (piles read into
//! 32-bit `int`: the piles near 10^18), `fixed_point.c` (φ as a 64-bit
//! fixed-point integer: k · 1618033988749894848 wraps from k = 12 on),
//! `unsorted.cpp` (never sorts the piles: the edge case 2 1), `round.cpp`
//! (rounds kφ: the sample's 1 2), `count_short.cpp` (T − 1 cases),
//! `lower_case.cpp` (`a`/`b`: testlib's `wcmp` is case-sensitive, WA; the
//! package sets `validator_flags: case_sensitive` so that Kattis agrees), and
//! the `max` test fails `time_limit_exceeded/scan.py`.

use super::spec::{
    Answer, Case, Definition, DomainError, Field, Framing, OutcomeWords, OutputKind, Relation, Spec,
};
use super::wythoff::{LEGEND, max_pair_index, pair, random_case};
use crate::rng::SplitMix64;
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
    assets: assets!["wythoff_big";
        "exact.py" => "submissions/accepted/exact.py",
        "exact.cpp" => "submissions/accepted/exact.cpp",
        "float.py" => "submissions/wrong_answer/float.py",
        "float.cpp" => "submissions/wrong_answer/float.cpp",
        "double.cpp" => "submissions/wrong_answer/double.cpp",
        "decimal_constant.cpp" => "submissions/wrong_answer/decimal_constant.cpp",
        "decimal_27.py" => "submissions/wrong_answer/decimal_27.py",
        "int_piles.c" => "submissions/wrong_answer/int_piles.c",
        "fixed_point.c" => "submissions/wrong_answer/fixed_point.c",
        "round.cpp" => "submissions/wrong_answer/round.cpp",
        "unsorted.cpp" => "submissions/wrong_answer/unsorted.cpp",
        "count_short.cpp" => "submissions/wrong_answer/count_short.cpp",
        "lower_case.cpp" => "submissions/wrong_answer/lower_case.cpp",
        "scan.py" => "submissions/time_limit_exceeded/scan.py",
    ],
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
        let mut ks = beatty_hazards::lower_f64_hazards(kmax - 2000..=kmax)
            .expect("2001 inputs: at most 2001 hazards, below COLLECT_LIMIT");
        ks.extend(fibonacci_and_lucas());
        let mut v = Vec::new();
        for k in ks {
            let (a, b) = pair(k);
            // ((a, b + 1) is never wrong: the test checks that too)
            for (x, y) in [(a, b), (b, a), (a + 1, b), (a - 1, b - 1)] {
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
        // Truncated decimal constants: exact products, a constant of d digits.
        for k in fibonacci_and_lucas() {
            if DECIMAL_DIGITS.iter().any(|&d| decimal_errs(k, d)) {
                let (a, b) = pair(k);
                for c in [Case::pair(a, b), Case::pair(b, a)] {
                    if !v.contains(&c) {
                        v.push(c);
                    }
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

/// The first 41 significant digits of φ, a published value (OEIS A001622):
/// 1.6180339887498948482045868343656381177203….
const PHI_DIGITS: &[u8] = b"16180339887498948482045868343656381177203";

/// The lengths of the decimal constants of φ the hack cases expose: from
/// 20 significant digits (beyond `long double`) to 27.
const DECIMAL_DIGITS: [u32; 8] = [20, 21, 22, 23, 24, 25, 26, 27];

/// Whether a solution with φ written to `d` significant digits (rounded to
/// nearest: C / 10^(d − 1) with C the first d digits, plus one when the next
/// digit is 5 or more), multiplied exactly (a big-decimal type with enough
/// precision), takes ⌊k · C / 10^(d − 1)⌋ for a value other than ⌊kφ⌋.
///
/// Exact in `u128` for k ≤ 10^18 and d ≤ 27: with C = C1 · 10^13 + C0,
/// k · C ≥ m · 10^(d − 1) iff k · C1 + ⌊k · C0 / 10^13⌋ ≥ m · 10^(d − 14).
fn decimal_errs(k: u64, d: u32) -> bool {
    let Some(a) = golden::lower(k) else {
        return false;
    };
    let digit = |i: usize| u128::from(PHI_DIGITS[i] - b'0');
    let c = (0..d as usize).fold(0u128, |v, i| v * 10 + digit(i));
    let up = digit(d as usize) >= 5;
    let c = c + u128::from(up);
    let ten13 = 10u128.pow(13);
    let scale = 10u128.pow(d - 14);
    // k · c ≥ m · 10^(d − 1)
    let at_least = |m: u64| {
        let k = u128::from(k);
        k * (c / ten13) + k * (c % ten13) / ten13 >= u128::from(m) * scale
    };
    if up {
        // Too large: k · C reaches ⌊kφ⌋ + 1.
        at_least(a + 1)
    } else {
        // Too small: k · C falls below ⌊kφ⌋.
        !at_least(a)
    }
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

    #[inline(always)]
    fn wins(&self, case: &Case) -> Option<bool> {
        let (a, b) = case.ab();
        Some(!golden::is_p_position(a, b))
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

    /// [`random_case`]: piles from 1 (from 10^18 − 10^15 for `max`), k of
    /// every pair inside the limit (the last thousandth of them for `max`).
    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let kmax = max_pair_index(MAX);
        if max {
            random_case(r, MAX - MAX / 1000..=MAX, kmax - kmax / 1000..=kmax)
        } else {
            random_case(r, 1..=MAX, 1..=kmax)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_constants_err_at_large_odd_fibonacci_k() {
        // F(65) = 17167680177565 and F(85) = 259695496911122585: φ·F(n) for odd
        // n exceeds F(n + 1) by |ψ|^n ≈ 1 / (√5 F(n)), less than F(n) · 4.4e-27,
        // the shortfall of φ written to 27 digits (the 28th digit is 4: rounded
        // is truncated); F(64) (even n) is safe for a constant that is too small.
        assert!(decimal_errs(17_167_680_177_565, 27));
        assert!(decimal_errs(259_695_496_911_122_585, 27));
        assert!(!decimal_errs(10_610_209_857_723, 27));
        // Small k: every constant of 20 or more digits is right.
        assert!((1..1000).all(|k| DECIMAL_DIGITS.iter().all(|&d| !decimal_errs(k, d))));
        let hack = WythoffBig.hack();
        let (a, b) = pair(259_695_496_911_122_585);
        assert!(hack.contains(&Case::pair(a, b)) && hack.contains(&Case::pair(b, a)));
        // Within the count limit: a longer list would be cut off.
        assert!(hack.len() <= 10_000, "{}", hack.len());
    }

    #[test]
    fn the_random_pairs_are_the_documented_mix() {
        use super::super::wythoff::tests::assert_random_mix;
        const E18: u64 = 1_000_000_000_000_000_000;
        let kmax = max_pair_index(E18);
        assert_random_mix(&WythoffBig, false, 1..=E18, 1..=kmax);
        assert_random_mix(
            &WythoffBig,
            true,
            E18 - E18 / 1000..=E18,
            kmax - kmax / 1000..=kmax,
        );
    }

    /// The hack cases, class by class as the module docs' table gives them:
    /// the Fibonacci and Lucas numbers by their recurrences, the exact
    /// answer by beatty-core, the float solutions by beatty-float.
    #[test]
    fn the_hack_cases_are_the_classes_of_the_module_docs() {
        const E18: u64 = 1_000_000_000_000_000_000;
        let kmax = max_pair_index(E18);
        let hack: Vec<(u64, u64)> = WythoffBig.hack().iter().map(Case::ab).collect();
        let exact_wins = |a: u64, b: u64| !golden::is_p_position(a, b);
        let float_errs =
            |a: u64, b: u64| beatty_float::solutions::wythoff_big_f64(a, b) != exact_wins(a, b);
        let mut seen = std::collections::HashSet::new();
        for &(a, b) in &hack {
            assert!((1..=E18).contains(&a) && (1..=E18).contains(&b), "{a} {b}");
            assert!(seen.insert((a, b)), "{a} {b} twice");
        }
        // F(2) = 1, F(3) = 2, … and L(0) = 2, L(1) = 1, L(2) = 3, …, up to kmax
        let mut special = Vec::new();
        for (mut x, mut y) in [(1u128, 2u128), (2, 1)] {
            while x <= u128::from(kmax) {
                special.push(x as u64);
                (x, y) = (y, x + y);
            }
        }
        // the double hazards: every neighbour the double solution gets wrong
        let mut ks = beatty_hazards::lower_f64_hazards(kmax - 2000..=kmax)
            .expect("2001 inputs: at most 2001 hazards, below COLLECT_LIMIT");
        ks.extend(&special);
        let mut doubles = std::collections::HashSet::new();
        for k in ks {
            let (a, b) = pair(k);
            // ((a, b + 1) is never wrong: the test checks that too)
            for (x, y) in [(a, b), (b, a), (a + 1, b), (a - 1, b - 1)] {
                if (1..=E18).contains(&x) && (1..=E18).contains(&y) && float_errs(x, y) {
                    assert!(seen.contains(&(x, y)), "double: {x} {y} (k = {k})");
                    doubles.insert((x, y));
                }
            }
        }
        // the decimal constants: both orders at every k where one errs
        let mut decimals = std::collections::HashSet::new();
        for &k in &special {
            if DECIMAL_DIGITS.iter().any(|&d| decimal_errs(k, d)) {
                let (a, b) = pair(k);
                for c in [(a, b), (b, a)] {
                    assert!(seen.contains(&c), "decimal: {c:?} (k = {k})");
                    decimals.insert(c);
                }
            }
        }
        assert!(
            decimals.len() >= 4 && doubles.len() >= 100,
            "{} {}",
            decimals.len(),
            doubles.len()
        );
        // nothing else, and those that fool `long double` first
        let fools_long_double = |&(a, b): &(u64, u64)| {
            beatty_float::solutions::wythoff_big_long_double(a, b) != exact_wins(a, b)
        };
        let first = hack.iter().take_while(|c| fools_long_double(c)).count();
        assert!(first >= 20, "{first}");
        for c in &hack[first..] {
            assert!(
                !fools_long_double(c),
                "{c:?} fools long double but comes late"
            );
        }
        for c in &hack {
            assert!(
                doubles.contains(c) || decimals.contains(c),
                "{c:?} is in no class"
            );
        }
    }

    /// `decimal_errs` against a second exact method: k · C split at 10^19
    /// instead of 10^13, φ's digits from OEIS A001622, on every Fibonacci and
    /// Lucas k up to 10^18 and on random k, for every length of constant.
    #[test]
    fn decimal_errs_agrees_with_a_second_exact_product() {
        const DIGITS: &str = "16180339887498948482045868343656381177203";
        const E19: u128 = 10_000_000_000_000_000_000;
        let reference = |k: u64, d: u32| {
            let digit = |i: usize| u128::from(DIGITS.as_bytes()[i] - b'0');
            let c: u128 =
                DIGITS[..d as usize].parse::<u128>().unwrap() + u128::from(digit(d as usize) >= 5);
            // k · c = a · 10^19 + (k · c mod 10^19), exactly
            let (k, c_hi, c_lo) = (u128::from(k), c / E19, c % E19);
            let a = k * c_hi + k * c_lo / E19;
            // ⌊k · c / 10^(d − 1)⌋ = ⌊a / 10^(d − 20)⌋ for d ≥ 20: the low part
            // k · c mod 10^19 adds less than one to a
            let q = a / 10u128.pow(d - 20);
            Some(q) != golden::lower(k as u64).map(u128::from)
        };
        let mut ks: Vec<u64> = Vec::new();
        for (mut x, mut y) in [(1u64, 2u64), (2, 1)] {
            while x <= 1_000_000_000_000_000_000 {
                ks.push(x);
                (x, y) = (y, x + y);
            }
        }
        let mut r = SplitMix64::new(1185);
        ks.extend((0..2000).map(|_| r.range(1, 1_000_000_000_000_000_000)));
        let mut errs = 0;
        for k in ks {
            for d in 20..=27 {
                assert_eq!(decimal_errs(k, d), reference(k, d), "k = {k}, {d} digits");
                errs += usize::from(reference(k, d));
            }
        }
        assert!(errs >= 10, "{errs}");
    }
}
