//! The checked-in hazard list of `lower_f64` on 0..=10⁹ (tests/data/hazards-lower_f64-0-1e9.txt)
//! is reproduced by both independent methods of `beatty_hazards`, and every listed k
//! really breaks the float solutions of Wythoff's game.

use beatty_hazards::{self as hazards, no_progress};

fn listed() -> Vec<u64> {
    beatty_tests::lower_f64_hazards_1e9().to_vec()
}

fn listed_in(lo: u64, hi: u64) -> Vec<u64> {
    listed()
        .into_iter()
        .filter(|k| (lo..=hi).contains(k))
        .collect()
}

#[test]
fn the_list_is_sorted_nonempty_and_starts_at_fibonacci_40() {
    let l = listed();
    assert!(l.windows(2).all(|w| w[0] < w[1]));
    // F(40) = 102334155, the published value (the core's table is tested against it).
    assert_eq!(beatty_core::zeckendorf::fibonacci(40), Some(102_334_155));
    assert_eq!(l[0], 102_334_155);
    assert!(l.iter().all(|&k| k <= 1_000_000_000));
}

#[test]
fn enumeration_reproduces_the_list() {
    assert_eq!(
        hazards::lower_f64_enumerate(0..=1_000_000_000, &no_progress).unwrap(),
        listed()
    );
    assert_eq!(hazards::lower_f64_hazards(0..=1_000_000_000), Ok(listed()));
}

#[test]
fn enumeration_reproduces_sub_ranges_of_the_list() {
    for (lo, hi) in [
        (0, 102_334_155),
        (102_334_156, 500_000_000),
        (141_422_324, 141_422_324),
        (999_000_000, 1_000_000_000),
    ] {
        assert_eq!(
            hazards::lower_f64_enumerate(lo..=hi, &no_progress).unwrap(),
            listed_in(lo, hi),
            "{lo}..={hi}"
        );
    }
}

#[test]
fn sweep_reproduces_the_list_on_a_sub_range() {
    // 0..=5·10⁷ holds no hazard, so sweep a stretch that holds several as well.
    assert_eq!(
        hazards::lower_f64_sweep(0..=50_000_000, &no_progress).unwrap(),
        listed_in(0, 50_000_000)
    );
    let (lo, hi) = (100_000_000, 250_000_000);
    let swept = hazards::lower_f64_sweep(lo..=hi, &no_progress).unwrap();
    assert!(swept.len() >= 4);
    assert_eq!(swept, listed_in(lo, hi));
}

#[test]
fn sweep_reproduces_the_whole_list() {
    // Visits all 10⁹ k: about 1 s on 2 cores in the test profile (vectorised kernel).
    assert_eq!(
        hazards::lower_f64_sweep(0..=1_000_000_000, &no_progress).unwrap(),
        listed()
    );
}

#[test]
fn every_listed_k_breaks_the_float_wythoff_test_both_ways() {
    for k in listed() {
        // Exact ⌊kφ⌋ from the exact-rational definition: ⌊kφ⌋ = a iff a < kφ < a + 1, decided by
        // cmp_ratio (a/k < φ < (a + 1)/k) rather than by `lower` itself.
        let a = beatty_core::golden::lower(k).unwrap();
        use core::cmp::Ordering::{Greater, Less};
        assert_eq!(beatty_core::golden::cmp_ratio(a, k), Less);
        assert_eq!(beatty_core::golden::cmp_ratio(a + 1, k), Greater);
        let c = hazards::consequence(k);
        assert_eq!(c.exact, a as u128);
        assert_ne!(c.float as u128, c.exact);
        let (p0, p1) = (c.p_position.0 as u64, c.p_position.1 as u64);
        let (n0, n1) = (c.n_position.0 as u64, c.n_position.1 as u64);
        assert!(beatty_core::golden::is_p_position(p0, p1));
        assert!(!beatty_float::is_p_position_f64(p0, p1), "k={k}");
        assert!(!beatty_core::golden::is_p_position(n0, n1));
        assert!(beatty_float::is_p_position_f64(n0, n1), "k={k}");
        assert_eq!(
            c.within(1_000_000_000),
            p1 <= 1_000_000_000 && n1 <= 1_000_000_000
        );
    }
}

#[test]
fn some_misjudged_positions_are_legal_poj_1067_input() {
    let inside = listed()
        .into_iter()
        .filter(|&k| hazards::consequence(k).within(1_000_000_000))
        .count();
    // Pairs with piles ≤ 10⁹ need k ≤ 10⁹/φ² ≈ 3.8·10⁸; the list has hazards there (F(40), …).
    assert!(inside >= 1);
    assert!(inside < listed().len());
}

#[test]
fn classify_f64_hazards_agree_between_methods_on_a_stretch_with_hazards() {
    let (lo, hi) = (160_000_000, 180_000_000);
    let e = hazards::classify_f64_enumerate(lo..=hi).unwrap();
    assert!(e.contains(&165_580_140));
    assert_eq!(
        e,
        hazards::classify_f64_sweep(lo..=hi, &no_progress).unwrap()
    );
}

#[test]
fn lower_f32_fails_early() {
    let s = hazards::lower_f32_summary(0..=1_000_000, &no_progress);
    let first = s.first.expect("single precision fails below 10^6");
    // Everything before `first` agrees, checked directly.
    assert!(
        (0..first)
            .all(|k| beatty_float::lower_f32(k) as u128 == beatty_core::golden::lower_wide(k))
    );
    assert_ne!(
        beatty_float::lower_f32(first) as u128,
        beatty_core::golden::lower_wide(first)
    );
    let direct = (0..=1_000_000u64)
        .filter(|&k| beatty_float::lower_f32(k) as u128 != beatty_core::golden::lower_wide(k))
        .count() as u64;
    assert_eq!(s.count, direct);
}

#[test]
fn count_matches_the_list() {
    assert_eq!(
        hazards::count(0..=1_000_000_000, &no_progress),
        listed().len() as u64
    );
    assert_eq!(hazards::count(102_334_155..=180_510_493, &no_progress), 3);
}
