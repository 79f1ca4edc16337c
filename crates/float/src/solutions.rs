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
