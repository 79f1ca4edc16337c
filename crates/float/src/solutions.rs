//! Whole naive solutions of the judge's problems, as contestants write them in
//! doubles: the judge's generator keeps a *hack* case only when one of these
//! answers it wrongly.
//!
//! Each function answers one case the way the classic accepted-looking
//! solution does; none is exact.

use crate::{FloatClass, classify_f64, is_p_position_f64, lower_f64, phi_f64};

/// The winning moves a naive `wythoff-moves` (HDU 2177) solution prints for
/// (a, b) with a ≤ b: `None` when it thinks the position is lost, else the
/// equal-from-both move and the move from the larger pile, both found with the
/// double formulas. It never looks for a move from the smaller pile, so it
/// misses (4, 5) → (3, 5).
///
/// ```
/// use beatty_float::solutions::wythoff_moves_naive;
/// assert_eq!(wythoff_moves_naive(4, 5), Some(vec![(1, 2)])); // exact: (1, 2) and (3, 5)
/// assert_eq!(wythoff_moves_naive(4, 7), None);
/// ```
#[must_use]
pub fn wythoff_moves_naive(a: u64, b: u64) -> Option<Vec<(u64, u64)>> {
    if is_p_position_f64(a, b) {
        return None;
    }
    let mut v = Vec::new();
    let x = lower_f64(b - a);
    if x < a {
        v.push((x, x + b - a));
    }
    // The larger pile b goes down to a's partner.
    let partner = match classify_f64(a) {
        FloatClass::Zero => Some(0),
        FloatClass::Lower(j) => Some(a + j),
        FloatClass::Upper => {
            // a = ⌊jφ⌋ + j for the j found near a / φ².
            let phi = phi_f64();
            let j0 = (a as f64 / (phi * phi)) as u64;
            (j0.saturating_sub(2)..=j0 + 2)
                .find(|&j| lower_f64(j) + j == a)
                .map(lower_f64)
        }
    };
    if let Some(p) = partner
        && p < b
    {
        v.push(if p <= a { (p, a) } else { (a, p) });
    }
    Some(v)
}

/// The classic 51nod 1185 solution in doubles: with a ≤ b and k = b − a, the
/// player to move loses iff `a == (long long)(k * (1 + sqrt(5)) / 2)`; returns
/// whether the player to move wins (the answer `A`).
///
/// ```
/// use beatty_float::solutions::wythoff_big_f64;
/// assert!(!wythoff_big_f64(1, 2));
/// assert!(wythoff_big_f64(165_580_140, 267_914_295)); // wrong: the player to move loses
/// ```
#[must_use]
pub fn wythoff_big_f64(a: u64, b: u64) -> bool {
    !is_p_position_f64(a, b)
}

/// `(long long)(k * (1 + sqrtl(5)) / 2)` evaluated in x87 80-bit `long double`
/// (64-bit significand, round to nearest even), as gcc on x86-64 Linux does,
/// modelled exactly with integers.
///
/// `sqrtl(5)` is correctly rounded: S / 2^62 with S = round(√5 · 2^62); adding 1
/// and halving are exact, so the factor is P / 2^63 with P = 2^62 + S < 2^64.
/// The product k · P / 2^63 is rounded to 64 significant bits and truncated.
/// Near 10^18 this is wrong on about 8 % of k (doubles: on most k).
///
/// ```
/// use beatty_float::solutions::lower_long_double;
/// assert_eq!(lower_long_double(102_334_155), 165_580_140); // right where doubles fail
/// ```
#[must_use]
pub fn lower_long_double(k: u64) -> u64 {
    // S = round(sqrt(5 · 2^124)); no tie: √5 is irrational.
    let n = 5u128 << 124;
    let r = beatty_core::isqrt::isqrt_u128(n);
    let s = if r * r + r < n { r + 1 } else { r };
    let p = (1u128 << 62) + s;
    let x = u128::from(k) * p;
    let bits = 128 - x.leading_zeros();
    let rounded = if bits > 64 {
        let shift = bits - 64;
        let q = x >> shift;
        let rest = x & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let up = rest > half || (rest == half && q & 1 == 1);
        (q + u128::from(up)) << shift
    } else {
        x
    };
    // Beyond 2^64 (k > 2^64 / φ) the C conversion overflows; saturate as Rust's
    // float-to-integer casts do.
    u64::try_from(rounded >> 63).unwrap_or(u64::MAX)
}

/// The 51nod 1185 solution in `long double` (see [`lower_long_double`]):
/// whether it says the player to move wins.
///
/// ```
/// use beatty_float::solutions::wythoff_big_long_double;
/// assert!(!wythoff_big_long_double(165_580_140, 267_914_295));
/// ```
#[must_use]
pub fn wythoff_big_long_double(a: u64, b: u64) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    lo != lower_long_double(hi - lo)
}

/// F(k) by Binet's formula in doubles, as naive solutions write it:
/// `round(pow(φ, k) / sqrt(5))`.
///
/// ```
/// assert_eq!(beatty_float::solutions::fibonacci_binet_f64(40), 102_334_155);
/// ```
#[must_use]
pub fn fibonacci_binet_f64(k: u32) -> u64 {
    (phi_f64().powf(f64::from(k)) / 5f64.sqrt()).round() as u64
}

/// The naive Fibonacci nim (HDU 2516) solution: n is a Fibonacci number iff
/// some k ≥ 2 has [`fibonacci_binet_f64`]`(k) == n` (k runs until the value
/// exceeds n); returns whether the first player wins (`First win`).
///
/// ```
/// use beatty_float::solutions::fibonacci_nim_binet;
/// assert!(!fibonacci_nim_binet(13));
/// assert!(fibonacci_nim_binet(12));
/// ```
#[must_use]
pub fn fibonacci_nim_binet(n: u64) -> bool {
    for k in 2.. {
        let f = fibonacci_binet_f64(k);
        if f == n {
            return false;
        }
        if f > n || k > 200 {
            return true;
        }
    }
    true
}

/// The classic Euclid's game (HDU 1525) solution: [`crate::euclid_first_wins_f64`]
/// for a, b > 0; returns whether Stan (the player to move) wins.
///
/// ```
/// assert!(beatty_float::solutions::euclid_f64(34, 12));
/// ```
#[must_use]
pub fn euclid_f64(a: u64, b: u64) -> bool {
    crate::euclid_first_wins_f64(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use beatty_core::zeckendorf::fibonacci;

    /// (k, `(long long)(k * (1 + sqrtl(5.0L)) / 2)`) as printed by a C program
    /// built with gcc -O2 on x86-64 Linux (80-bit long double): the first eight
    /// are k where it differs from ⌊kφ⌋. The model agreed with that program on
    /// 250 000 k up to 5 · 10^18 (all but one whose result overflows `long long`).
    const REFERENCE: [(u64, u64); 23] = [
        (178476501414771511, 288781045482268999),
        (278230683847086100, 450186703177711661),
        (362979971098146990, 587313930472256324),
        (216810431615714732, 350806647469761217),
        (278722828445723268, 450983009865686274),
        (118164031629511289, 191193419424266888),
        (73153788341532089, 118365315942414721),
        (221922445348212305, 359078059439898503),
        (210907246232936426, 341255092878534359),
        (381966011250055938, 618033988749815218),
        (4662021157148544869, 7543308688537460411),
        (3395347500411417126, 5493787659282670491),
        (1947034995760812361, 3150368800426501831),
        (280838449549481319, 454406156718883368),
        (235497426141582614, 381042839760198676),
        (339154484669549623, 548763483632286439),
        (381966011250075276, 618033988749846508),
        (381966011250005670, 618033988749733883),
        (381966011250087320, 618033988749865995),
        (381966011250081355, 618033988749856344),
        (1, 1),
        (2, 3),
        (102334155, 165580140),
    ];

    #[test]
    fn the_long_double_model_matches_gcc_x87() {
        for (k, want) in REFERENCE {
            assert_eq!(lower_long_double(k), want, "k = {k}");
        }
        // The first eight are wrong, by the exact core.
        for &(k, want) in &REFERENCE[..8] {
            assert_ne!(beatty_core::golden::lower(k), Some(want), "k = {k}");
        }
        assert_eq!(lower_long_double(u64::MAX), u64::MAX);
    }

    #[test]
    fn binet_in_doubles_is_right_for_every_fibonacci_number_below_2_pow_31() {
        // Checked against the exact table: no n < 2^31 fools the Binet test.
        for k in 2..=46u32 {
            assert_eq!(
                u128::from(fibonacci_binet_f64(k)),
                fibonacci(k).unwrap(),
                "k = {k}"
            );
        }
        assert!(fibonacci(47).unwrap() >= 1 << 31);
    }
}
