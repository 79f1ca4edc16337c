//! The exact core and the games crate agree, and the float formulas really fail where the
//! project says they do.

#[test]
fn float_formula_misjudges_f40_pair_exact_core_does_not() {
    // F(40) = 102334155, F(41) = 165580141, F(42) = 267914296 (published Fibonacci values).
    // The Wythoff pair k = F(40) is (F(41) − 1, F(42) − 1) (a known identity for even index).
    let (a, b) = (165_580_140u64, 267_914_295u64);
    assert!(beatty_core::golden::is_p_position(a, b));
    assert!(!beatty_float::is_p_position_f64(a, b));
    assert_eq!(
        beatty_games::wythoff::outcome(a, b),
        beatty_games::Outcome::P
    );
}
