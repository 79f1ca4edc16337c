//! Euclid's game in doubles: float solutions of HDU 1525 / POJ 2348 compare
//! `large / small` with φ in floating point ([`beatty_float::euclid_first_wins_f64`]).
//!
//! There is no range to search here — the inputs are pairs — but every pair where the
//! float test disagrees with the exact one must be very close to the ratio φ;
//! [`euclid_near_phi`] is that explanation, checked with integers, which the fuzz
//! target asserts on every disagreement it finds.

use beatty_core::golden;

/// Whether a/b (either order) is within the documented error bound of the Euclid
/// float rule: |large/small − φ| < 2⁻⁵⁰, decided with integers (up to a slack of
/// 2⁻⁶⁴ towards "yes").
///
/// [`beatty_float::euclid_first_wins_f64`] compares `r = fl(fl(L)/fl(S))` with
/// `P = φ + δ`. Each of the three roundings has relative error ≤ u = 2⁻⁵³ and
/// δ < u/2, so r is within 3.01·u·(L/S) of L/S, and a disagreement with the
/// exact rule L/S > φ needs |L/S − φ| ≤ 3.01·u·(φ + 10⁻¹⁵) + u/2 < 5.4·u < 2⁻⁵⁰.
/// So every disagreement satisfies this test; it is what the fuzz target checks.
///
/// ```
/// use beatty_hazards::euclid_near_phi;
/// assert!(euclid_near_phi(165_580_141, 102_334_155)); // F(41)/F(40) ≈ φ + 2.6·10⁻¹⁷
/// assert!(!euclid_near_phi(13, 8));
/// assert!(!euclid_near_phi(5, 0));
/// ```
#[must_use]
pub fn euclid_near_phi(a: u64, b: u64) -> bool {
    let (s, l) = if a <= b { (a, b) } else { (b, a) };
    if s == 0 || l - s > s {
        return false; // ratio infinite or ≥ 2
    }
    // L/S − φ = (L − S − S/φ)/S, and S/φ·2⁶⁴ ∈ (S·Θ, S·Θ + S). With X = (L − S)·2⁶⁴ − S·Θ,
    // (L/S − φ)·S·2⁶⁴ ∈ (X − S, X); the bound is T = S·2⁻⁵⁰·2⁶⁴ = S·2¹⁴ units.
    // Accept when (X − S, X) meets (−T, T): X > −T and X − S < T.
    let n = ((l - s) as u128) << 64;
    let st = s as u128 * golden::INV_PHI_Q64 as u128;
    let t = (s as u128) << 14;
    n.saturating_add(t) > st && n < st.saturating_add(t).saturating_add(s as u128)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euclid_near_phi_at_the_upper_edge_of_its_window() {
        // S = 2⁶³ and L = 2⁶³ + (Θ + 2¹⁴ + 1)/2 make X − S = T exactly (Θ + 2¹⁴ + 1
        // is even): the window (X − S, X) touches (−T, T) without meeting it, and
        // L/S − φ = 1.0000030·2⁻⁵⁰ (Python, 80-digit decimals): no. One less for
        // L: 0.99988·2⁻⁵⁰, yes.
        let (s, l) = (1u64 << 63, 14_923_729_446_516_383_243u64);
        assert!(!euclid_near_phi(l, s));
        assert!(!euclid_near_phi(s, l));
        assert!(euclid_near_phi(l - 1, s));
    }

    #[test]
    fn euclid_near_phi_holds_on_every_disagreement_of_fibonacci_neighbours() {
        // Consecutive Fibonacci ratios are the closest approaches to φ; scan a neighbourhood.
        let (mut f0, mut f1) = (1u64, 2u64);
        let mut disagreements = 0;
        while f1 < 1 << 62 {
            for s in f0.saturating_sub(3)..=f0 + 3 {
                for l in f1.saturating_sub(3)..=f1 + 3 {
                    if s == 0 || l == 0 {
                        continue;
                    }
                    let (small, large) = (s.min(l), s.max(l));
                    let exact = small == large
                        || golden::cmp_ratio(large, small) == core::cmp::Ordering::Greater;
                    if beatty_float::euclid_first_wins_f64(s, l) != exact {
                        assert!(euclid_near_phi(s, l), "({s}, {l}) unexplained");
                        disagreements += 1;
                    }
                }
            }
            (f0, f1) = (f1, f0 + f1);
        }
        assert!(
            disagreements > 0,
            "the scan found no disagreement to explain"
        );
    }

    #[test]
    fn euclid_near_phi_against_a_coarse_exact_test() {
        // |L/S − φ| < 2⁻⁵⁰ implies L ∈ {⌊Sφ⌋, ⌊Sφ⌋ + 1} for S < 2⁴⁹; check the converse side.
        for s in 1..20_000u64 {
            let f = golden::lower(s).unwrap();
            for l in s..=2 * s {
                if l != f && l != f + 1 {
                    assert!(!euclid_near_phi(l, s), "({l}, {s})");
                }
            }
        }
    }
}
