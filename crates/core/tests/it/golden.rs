//! `golden` against the definitions and against independent implementations:
//! the mex construction, Beatty's partition, the isqrt formula, the Zeckendorf
//! shift, `quadratic::phi().floor_mul`, the pair iterator, brute-force game
//! search and exact rational comparison.

use crate::common;

use beatty_core::golden::{self, Class};
use beatty_core::quadratic::QuadraticIrrational;
use beatty_core::{reference, zeckendorf};
use common::{fibonacci_neighbourhood_u64, floor_phi_by_bisection, is_floor_phi};
use core::cmp::Ordering;
use quickcheck::quickcheck;

/// Every exact way to compute ⌊kφ⌋ agrees, and with the definition.
fn check_lower_agreement(k: u64) {
    let wide = golden::lower_wide(k);
    assert!(is_floor_phi(u128::from(k), wide), "definition, k = {k}");
    assert_eq!(wide, zeckendorf::lower_wide(k), "Zeckendorf shift, k = {k}");
    let fits = u64::try_from(wide).ok();
    assert_eq!(golden::lower(k), fits, "lower, k = {k}");
    assert_eq!(zeckendorf::lower(k), fits, "zeckendorf::lower, k = {k}");
    assert_eq!(
        u128::from(golden::floor_div_phi(k)),
        wide - u128::from(k),
        "k = {k}"
    );
    if let Some(v) = reference::lower_by_isqrt(k) {
        assert_eq!(u128::from(v), wide, "isqrt formula, k = {k}");
    } else {
        // Outside its documented domain only: 5k² > u128::MAX.
        assert!(u128::from(k) * u128::from(k) > u128::MAX / 5, "k = {k}");
    }
    if let Some(v) = QuadraticIrrational::phi().floor_mul(k) {
        assert_eq!(v, wide as i128, "quadratic, k = {k}");
    }
    let upper = golden::upper_wide(k);
    assert_eq!(upper, wide + u128::from(k), "k = {k}");
    assert_eq!(golden::upper(k), u64::try_from(upper).ok(), "k = {k}");
    let pair = golden::pair(k);
    assert_eq!(pair, fits.zip(u64::try_from(upper).ok()), "k = {k}");
    if k <= golden::MAX_PAIR_INDEX {
        assert_eq!(
            golden::pairs().nth(k as usize),
            pair,
            "iterator nth, k = {k}"
        );
    }
}

#[test]
fn agreement_on_fibonacci_neighbourhoods_and_near_max() {
    let ks = fibonacci_neighbourhood_u64();
    assert!(ks.len() > 400);
    for k in ks {
        check_lower_agreement(k);
    }
}

#[test]
fn agreement_on_small_k() {
    for k in 0..20_000 {
        check_lower_agreement(k);
    }
}

#[test]
fn the_f40_counterexample() {
    // F(40) = 102334155; ⌊F(40)·φ⌋ = F(41) − 1 = 165580140 (F(40) has even index).
    assert_eq!(golden::lower(102_334_155), Some(165_580_140));
    assert_eq!(golden::upper(102_334_155), Some(267_914_295));
    assert!(golden::is_p_position(165_580_140, 267_914_295));
}

quickcheck! {
    fn qc_agreement(k: u64) -> bool {
        check_lower_agreement(k);
        true
    }

    fn qc_agreement_small(k: u32) -> bool {
        check_lower_agreement(u64::from(k));
        true
    }

    fn qc_classify_round_trip(k: u64) -> bool {
        let k = k % (golden::MAX_PAIR_INDEX + 1);
        let (a, b) = golden::pair(k).unwrap();
        if k == 0 {
            golden::classify(0) == Class::Zero
        } else {
            golden::classify(a) == Class::Lower(k) && golden::classify(b) == Class::Upper(k)
        }
    }

    fn qc_classify_is_consistent(n: u64) -> bool {
        match golden::classify(n) {
            Class::Zero => n == 0,
            Class::Lower(k) => k >= 1 && golden::lower(k) == Some(n),
            Class::Upper(k) => k >= 1 && golden::upper(k) == Some(n),
        }
    }

    fn qc_is_p_position(k: u64, d: u8, swap: bool) -> bool {
        // Pairs, and positions next to pairs.
        let k = k % (golden::MAX_PAIR_INDEX + 1);
        let (a, b) = golden::pair(k).unwrap();
        let b2 = b.saturating_sub(u64::from(d % 3));
        let (x, y) = if swap { (b2, a) } else { (a, b2) };
        // Independent oracle: the Zeckendorf shift.
        let (lo, hi) = (a.min(b2), a.max(b2));
        golden::is_p_position(x, y) == (zeckendorf::lower_wide(hi - lo) == u128::from(lo))
    }

    fn qc_cmp_ratio(a: u64, b: u64) -> bool {
        golden::cmp_ratio(a, b) == cmp_ratio_exact(a, b)
    }

    fn qc_cmp_ratio_near_phi(b: u64, d: i8) -> bool {
        let b = b.max(1);
        let a = (golden::lower_wide(b) as u64).wrapping_add_signed(i64::from(d));
        golden::cmp_ratio(a, b) == cmp_ratio_exact(a, b)
    }
}

/// a/b vs φ in u128: for a > b > 0, a/b > φ ⟺ a² − ab − b² > 0 ⟺ a(a − b) > b².
fn cmp_ratio_exact(a: u64, b: u64) -> Ordering {
    if b == 0 {
        return Ordering::Greater; // documented: a/0 = +∞
    }
    if a <= b {
        return Ordering::Less; // a/b ≤ 1 < φ
    }
    let (a, b) = (u128::from(a), u128::from(b));
    if a * (a - b) > b * b {
        Ordering::Greater
    } else {
        Ordering::Less // never equal: φ is irrational
    }
}

#[test]
fn cmp_ratio_on_fibonacci_ratios() {
    // F(n+1)/F(n) alternates around φ; check the neighbours too.
    let f = beatty_core::zeckendorf::FIBONACCI;
    for w in f.windows(2).skip(1) {
        let (Ok(b), Ok(a)) = (u64::try_from(w[0]), u64::try_from(w[1])) else {
            continue;
        };
        for da in -2i64..=2 {
            for db in -2i64..=2 {
                let (a, b) = (a.wrapping_add_signed(da), b.wrapping_add_signed(db));
                assert_eq!(golden::cmp_ratio(a, b), cmp_ratio_exact(a, b), "{a}/{b}");
            }
        }
    }
    for a in 0..200 {
        for b in 0..200 {
            assert_eq!(golden::cmp_ratio(a, b), cmp_ratio_exact(a, b), "{a}/{b}");
        }
    }
}

/// Mex construction (Wythoff 1907): a_k is the smallest number not used so
/// far, b_k = a_k + k.
#[test]
fn pairs_match_the_mex_construction() {
    const N: usize = 100_000;
    let mut used = vec![false; 3 * N + 3];
    let mut mex = 0;
    let mut it = golden::pairs();
    for k in 0..=N {
        while used[mex] {
            mex += 1;
        }
        let (a, b) = (mex as u64, (mex + k) as u64);
        used[mex] = true;
        used[mex + k] = true;
        assert_eq!(golden::pair(k as u64), Some((a, b)), "k = {k}");
        assert_eq!(it.next(), Some((a, b)), "iterator, k = {k}");
        assert_eq!(reference::lower_by_isqrt(k as u64), Some(a), "k = {k}");
        assert_eq!(zeckendorf::lower(k as u64), Some(a), "k = {k}");
    }
}

/// Beatty: the lower and upper numbers partition 1..=N, and `classify` says which.
#[test]
fn lower_and_upper_partition_the_positive_integers() {
    const N: u64 = 300_000;
    let mut owner = vec![None; N as usize + 1];
    for k in 1..=N {
        for (n, w) in [
            (golden::lower(k).unwrap(), Class::Lower(k)),
            (golden::upper(k).unwrap(), Class::Upper(k)),
        ] {
            if n <= N {
                assert_eq!(owner[n as usize], None, "{n} hit twice");
                owner[n as usize] = Some(w);
            }
        }
    }
    for n in 1..=N {
        assert_eq!(Some(golden::classify(n)), owner[n as usize], "n = {n}");
    }
    assert_eq!(golden::classify(0), Class::Zero);
}

#[test]
fn classify_round_trips_near_the_top() {
    for k in (golden::MAX_PAIR_INDEX - 2000..=golden::MAX_PAIR_INDEX).chain(1..2000) {
        let (a, b) = golden::pair(k).unwrap();
        assert_eq!(golden::classify(a), Class::Lower(k));
        assert_eq!(golden::classify(b), Class::Upper(k));
    }
    // Lower numbers whose upper partner does not fit.
    let k_end = first_none(|k| zeckendorf::lower_wide(k) > u128::from(u64::MAX));
    for k in (k_end - 2000..k_end).chain(golden::MAX_PAIR_INDEX + 1..golden::MAX_PAIR_INDEX + 2000)
    {
        let a = golden::lower(k).unwrap();
        assert_eq!(golden::classify(a), Class::Lower(k));
    }
    for n in u64::MAX - 2000..=u64::MAX {
        match golden::classify(n) {
            Class::Lower(k) => assert_eq!(golden::lower(k), Some(n)),
            Class::Upper(k) => assert_eq!(golden::upper(k), Some(n)),
            Class::Zero => panic!("n = {n}"),
        }
    }
}

/// The smallest k for which `past_end(k)` holds (monotone), by bisection.
fn first_none(past_end: impl Fn(u64) -> bool) -> u64 {
    let k = common::first_true(0, u128::from(u64::MAX), |k| past_end(k as u64));
    u64::try_from(k).unwrap()
}

/// The points where `lower`, `upper` and `pair` start returning `None`,
/// derived from the Zeckendorf shift and from the bisection oracle.
#[test]
fn none_starts_exactly_at_overflow() {
    let max = u128::from(u64::MAX);
    let lower_end = first_none(|k| zeckendorf::lower_wide(k) > max);
    let upper_end = first_none(|k| zeckendorf::lower_wide(k) + u128::from(k) > max);
    // The oracle agrees on both sides of each boundary.
    for k in [lower_end - 1, lower_end, upper_end - 1, upper_end] {
        assert_eq!(floor_phi_by_bisection(k), zeckendorf::lower_wide(k));
    }
    assert!(golden::lower(lower_end - 1).is_some());
    assert_eq!(golden::lower(lower_end), None);
    assert!(golden::upper(upper_end - 1).is_some());
    assert_eq!(golden::upper(upper_end), None);
    assert!(golden::pair(upper_end - 1).is_some());
    assert_eq!(golden::pair(upper_end), None);
    assert_eq!(golden::MAX_PAIR_INDEX, upper_end - 1);
    for k in (lower_end - 500..lower_end + 500).chain(upper_end - 500..upper_end + 500) {
        check_lower_agreement(k);
    }
    // lower is None for every k from lower_end on (spot checks).
    for k in [
        lower_end,
        lower_end + 1,
        u64::MAX / 2 + u64::MAX / 4,
        u64::MAX,
    ] {
        assert_eq!(golden::lower(k), None);
    }
}

/// `floor_div_phi`'s rare slow path: k where the low word of k·M plus k carries.
#[test]
fn floor_div_slow_path_cases() {
    let carries = |k: u64| {
        let lo = (u128::from(k) * u128::from(golden::INV_PHI_Q64)) as u64;
        lo.checked_add(k).is_none()
    };
    let mut hits: Vec<u64> = fibonacci_neighbourhood_u64()
        .into_iter()
        .filter(|&k| carries(k))
        .collect();
    let near_fibonacci = hits.len();
    // Near u64::MAX the window (k out of 2⁶⁴) is wide: most k carry there.
    hits.extend((0..20_000).map(|d| u64::MAX - d).filter(|&k| carries(k)));
    // Sums of two Fibonacci numbers (k/φ close to an integer again).
    let f = beatty_core::zeckendorf::FIBONACCI;
    for &x in &f {
        for &y in &f {
            if let Some(Ok(k)) = x.checked_add(y).map(u64::try_from)
                && carries(k)
            {
                hits.push(k);
            }
        }
    }
    hits.sort_unstable();
    hits.dedup();
    assert!(
        near_fibonacci >= 20,
        "only {near_fibonacci} slow-path cases near F(n)"
    );
    assert!(
        hits.len() >= 10_000,
        "only {} slow-path cases found",
        hits.len()
    );
    for &k in &hits {
        let c = golden::floor_div_phi(k);
        assert_eq!(
            u128::from(k) + u128::from(c),
            floor_phi_by_bisection(k),
            "k = {k}"
        );
        check_lower_agreement(k);
    }
}

/// Wythoff's game by brute force: from (a, b) take any positive amount from
/// one pile or the same positive amount from both; who cannot move loses.
#[test]
fn is_p_position_matches_brute_force_game_search() {
    const N: usize = 64;
    let mut p = [[false; N + 1]; N + 1];
    for a in 0..=N {
        for b in 0..=N {
            let to_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|t| p[a - t][b - t]);
            p[a][b] = !to_p;
        }
    }
    for (a, row) in p.iter().enumerate() {
        for (b, &is_p) in row.iter().enumerate() {
            assert_eq!(
                golden::is_p_position(a as u64, b as u64),
                is_p,
                "({a}, {b})"
            );
        }
    }
}

/// Exhaustive: the fast `lower` against the isqrt formula for every k in
/// 0..=10⁹, and the pair iterator over the same range, on all cores.
/// Run with `cargo test --release -p beatty-core --test it -- --ignored`.
#[test]
#[ignore = "exhaustive: 10⁹ values, 7 s on two idle cores (37 s at load 7)"]
fn exhaustive_lower_vs_isqrt_formula_to_1e9() {
    use rayon::prelude::*;
    const END: u64 = 1_000_000_000;
    const CHUNK: u64 = 1 << 20;
    let chunks = END.div_ceil(CHUNK) + 1;
    (0..chunks).into_par_iter().for_each(|c| {
        let start = c * CHUNK;
        let end = (start + CHUNK).min(END + 1);
        if start >= end {
            return;
        }
        let mut it = golden::pairs();
        if start > 0 {
            it.nth(start as usize - 1);
        }
        for k in start..end {
            let a = golden::lower(k);
            assert_eq!(a, reference::lower_by_isqrt(k), "k = {k}");
            let a = a.unwrap();
            assert_eq!(it.next(), Some((a, a + k)), "iterator, k = {k}");
        }
    });
}
