//! The float formulas against beatty-core's Zeckendorf shift, an exact
//! implementation that shares no code with `golden::lower` (which the
//! hazards sweep itself uses).

use beatty_core::zeckendorf;
use beatty_float::lower_f64;
use beatty_hazards::lower_f64_hazards;

/// Where `lower_f64` is wrong in `range`, decided by the Zeckendorf shift.
fn wrong_by_zeckendorf(range: std::ops::RangeInclusive<u64>) -> Vec<u64> {
    range
        .filter(|&k| u128::from(lower_f64(k)) != zeckendorf::lower_wide(k))
        .collect()
}

#[test]
fn hazards_agree_with_the_zeckendorf_shift() {
    for range in [
        0..=50_000,
        102_334_000..=102_335_000, // around F(40), the README example
        999_990_000..=1_000_000_000,
    ] {
        assert_eq!(
            lower_f64_hazards(range.clone()),
            Ok(wrong_by_zeckendorf(range))
        );
    }
    assert_eq!(
        wrong_by_zeckendorf(102_334_155..=102_334_155),
        [102_334_155]
    );
}

#[test]
fn double_formula_is_wrong_at_fibonacci_numbers_with_even_index() {
    // F(2j)·φ = F(2j+1) − (small positive): the double product rounds up to
    // F(2j+1) once the gap drops below the rounding error, e.g. at F(40).
    let f40 = zeckendorf::FIBONACCI[40] as u64;
    assert_eq!(
        zeckendorf::lower(f40),
        Some(zeckendorf::FIBONACCI[41] as u64 - 1)
    );
    assert_eq!(lower_f64(f40), zeckendorf::FIBONACCI[41] as u64);
}
