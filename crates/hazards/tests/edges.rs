//! Every public function at 0, 1, MAX − 1, MAX, the enumeration limit and
//! random values: an answer or an error, never a panic (each call runs under
//! `catch_unwind`; every panic is collected and reported at the end). Where
//! an answer comes, it is checked against the definition of a hazard: the
//! float formula of beatty-float differs from the exact value of
//! beatty-core's Zeckendorf shift (which the searches do not use).

use beatty_core::zeckendorf;
use beatty_hazards::{
    self as hazards, COLLECT_LIMIT, ENUMERATION_LIMIT, Formula, Method, TooMany, classify_f64,
    lower_f32, lower_f64, no_progress,
};
use core::ops::RangeInclusive;
use std::panic::{AssertUnwindSafe, catch_unwind};

const MAX: u64 = u64::MAX;

/// Short ranges at the edges of `u64` and of the enumeration, empty and
/// reversed ones, and short ranges at random places.
fn ranges() -> Vec<RangeInclusive<u64>> {
    let mut v = vec![
        0..=0,
        0..=1,
        1..=1,
        0..=100,
        MAX - 1..=MAX,
        MAX..=MAX,
        MAX - 100..=MAX,
        // Empty: the start past the end.
        std::hint::black_box(MAX)..=0,
        std::hint::black_box(5)..=4,
        ENUMERATION_LIMIT - 50..=ENUMERATION_LIMIT + 50,
        (1 << 53) - 50..=(1 << 53) + 50,
        102_334_100..=102_334_200,
        // One input, a hazard of lower_f64 and one of classify_f64.
        102_334_155..=102_334_155,
        165_580_140..=165_580_140,
    ];
    let mut state = 0x853c_49e6_748f_ea9b_u64;
    for _ in 0..6 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let lo = z >> (z % 64);
        v.push(lo..=lo.saturating_add(200));
    }
    v
}

/// A hazard of `lower_f64` by its definition.
fn lower_f64_wrong(k: u64) -> bool {
    u128::from(beatty_float::lower_f64(k)) != zeckendorf::lower_wide(k)
}

fn lower_f32_wrong(k: u64) -> bool {
    u128::from(beatty_float::lower_f32(k)) != zeckendorf::lower_wide(k)
}

#[derive(Default)]
struct Panics(Vec<String>);

impl Panics {
    fn call<T>(&mut self, what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> Option<T> {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(v) => Some(v),
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                self.0.push(format!("{}: {msg}", what()));
                None
            }
        }
    }

    fn check(self) {
        assert!(
            self.0.is_empty(),
            "{} calls panicked:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

#[test]
fn predicates_are_total_and_match_the_definition() {
    let mut p = Panics::default();
    for r in ranges() {
        for k in [*r.start(), *r.end()] {
            if let Some(h) = p.call(
                || format!("lower_f64::is_hazard({k})"),
                || lower_f64::is_hazard(k),
            ) {
                assert_eq!(h, lower_f64_wrong(k), "lower_f64 at {k}");
                assert_eq!(hazards::is_lower_f64_hazard(k), h);
            }
            if let Some(h) = p.call(
                || format!("lower_f32::is_hazard({k})"),
                || lower_f32::is_hazard(k),
            ) {
                assert_eq!(h, lower_f32_wrong(k), "lower_f32 at {k}");
            }
            p.call(
                || format!("classify_f64::is_hazard({k})"),
                || classify_f64::is_hazard(k),
            );
            for b in [0, 1, k / 2, MAX] {
                p.call(
                    || format!("euclid_near_phi({k}, {b})"),
                    || hazards::euclid_near_phi(k, b),
                );
            }
            if let Some(c) = p.call(|| format!("consequence({k})"), || hazards::consequence(k)) {
                assert_eq!(c.k, k);
                assert_eq!(c.exact, zeckendorf::lower_wide(k));
                assert_eq!(c.p_position, (c.exact, c.exact + u128::from(k)));
                for limit in [0, 1, MAX] {
                    let within = p.call(|| format!("within({k}, {limit})"), || c.within(limit));
                    let by_piles =
                        c.p_position.1 <= u128::from(limit) && c.n_position.1 <= u128::from(limit);
                    assert_eq!(within, Some(by_piles));
                }
            }
        }
    }
    p.check();
}

#[test]
fn searches_are_total_and_match_the_definition() {
    let mut p = Panics::default();
    for r in ranges() {
        let (lo, hi) = r.clone().into_inner();
        let expected: Vec<u64> = r.clone().filter(|&k| lower_f64_wrong(k)).collect();
        let expected_f32 = r.clone().filter(|&k| lower_f32_wrong(k)).count() as u64;
        let len = if lo <= hi { hi - lo + 1 } else { 0 };
        for method in [Method::Sweep, Method::Enumerate] {
            let listed = p.call(
                || format!("lower_f64::hazards({lo}..={hi}, {method:?})"),
                || lower_f64::hazards(r.clone(), method, &no_progress).collect::<Vec<_>>(),
            );
            assert_eq!(listed.as_ref(), Some(&expected), "{lo}..={hi} {method:?}");
            let stats = p.call(
                || format!("lower_f64::stats({lo}..={hi}, {method:?})"),
                || lower_f64::stats(r.clone(), method, &no_progress),
            );
            if let Some(s) = stats {
                assert_eq!(
                    (s.checked, s.count, s.first),
                    (len, expected.len() as u64, expected.first().copied())
                );
            }
            let stats = p.call(
                || format!("stats_of(LowerF64, {lo}..={hi}, {method:?})"),
                || hazards::stats_of(&lower_f64::LowerF64, r.clone(), method, &no_progress),
            );
            assert_eq!(stats.map(|s| s.count), Some(expected.len() as u64));
            let of = p.call(
                || format!("hazards_of(LowerF32, {lo}..={hi}, {method:?})"),
                || {
                    hazards::hazards_of(&lower_f32::LowerF32, r.clone(), method, &no_progress)
                        .count()
                },
            );
            assert_eq!(of, Some(expected_f32 as usize));
            p.call(
                || format!("classify_f64::hazards({lo}..={hi}, {method:?})"),
                || classify_f64::hazards(r.clone(), method, &no_progress).count(),
            );
            p.call(
                || format!("classify_f64::stats({lo}..={hi}, {method:?})"),
                || classify_f64::stats(r.clone(), method, &no_progress),
            );
        }
        let f32_stats = p.call(
            || format!("lower_f32::stats({lo}..={hi})"),
            || lower_f32::stats(r.clone(), &no_progress),
        );
        assert_eq!(f32_stats.map(|s| s.count), Some(expected_f32));
        assert_eq!(
            p.call(
                || format!("lower_f32::hazards({lo}..={hi})"),
                || lower_f32::hazards(r.clone(), &no_progress).count()
            ),
            Some(expected_f32 as usize)
        );
        assert_eq!(
            p.call(
                || format!("lower_f32_summary({lo}..={hi})"),
                || hazards::lower_f32_summary(r.clone(), &no_progress).count
            ),
            Some(expected_f32)
        );
        let ok = Some(Ok(expected.clone()));
        assert_eq!(
            p.call(
                || format!("lower_f64_hazards({lo}..={hi})"),
                || hazards::lower_f64_hazards(r.clone())
            ),
            ok
        );
        assert_eq!(
            p.call(
                || format!("lower_f64_sweep({lo}..={hi})"),
                || hazards::lower_f64_sweep(r.clone(), &no_progress)
            ),
            ok
        );
        assert_eq!(
            p.call(
                || format!("lower_f64_enumerate({lo}..={hi})"),
                || hazards::lower_f64_enumerate(r.clone(), &no_progress)
            ),
            ok
        );
        assert_eq!(
            p.call(
                || format!("count({lo}..={hi})"),
                || hazards::count(r.clone(), &no_progress)
            ),
            Some(expected.len() as u64)
        );
        let e = p.call(
            || format!("classify_f64_enumerate({lo}..={hi})"),
            || hazards::classify_f64_enumerate(r.clone()),
        );
        let s = p.call(
            || format!("classify_f64_sweep({lo}..={hi})"),
            || hazards::classify_f64_sweep(r.clone(), &no_progress),
        );
        assert_eq!(e, s, "{lo}..={hi}");
        if let Some(Ok(c)) = p.call(
            || format!("candidates({lo}..={hi})"),
            || hazards::candidates(r.clone()),
        ) {
            // Every hazard up to the limit is a candidate.
            for k in expected.iter().filter(|&&k| k <= ENUMERATION_LIMIT) {
                assert!(c.binary_search(k).is_ok(), "{k} is no candidate");
            }
        }
        for avx2 in [false, true] {
            if let Some(Some(n)) = p.call(
                || format!("kernel_count({lo}, {hi}, {avx2})"),
                || lower_f64::kernel_count(lo, hi, avx2),
            ) {
                assert_eq!(n, expected.len() as u64, "kernel {lo}..={hi}");
            }
        }
    }
    p.check();
}

/// The `Formula` methods of the crate's formulas, called directly at any
/// range (the engine calls them with its own blocks only): reversed ranges
/// are empty, and the part above the enumeration limit is swept.
#[test]
fn formula_methods_take_any_range() {
    let mut p = Panics::default();
    let formulas: [&dyn Formula; 3] = [
        &lower_f64::LowerF64,
        &lower_f32::LowerF32,
        &classify_f64::ClassifyF64,
    ];
    for f in formulas {
        let name = f.name();
        p.call(|| format!("{name}.enumerates()"), || f.enumerates());
        for r in ranges() {
            let (lo, hi) = r.clone().into_inner();
            let by_predicate: Vec<u64> = r.clone().filter(|&k| f.is_hazard(k)).collect();
            let mut swept = Vec::new();
            p.call(
                || format!("{name}.sweep_block({lo}, {hi})"),
                || f.sweep_block(lo, hi, &mut |k| swept.push(k)),
            );
            assert_eq!(swept, by_predicate, "{name} swept {lo}..={hi}");
            let mut enumerated = Vec::new();
            p.call(
                || format!("{name}.enumerate_block({lo}, {hi})"),
                || f.enumerate_block(lo, hi, &mut |k| enumerated.push(k)),
            );
            assert_eq!(enumerated, by_predicate, "{name} enumerated {lo}..={hi}");
            if name == "lower_f64" {
                let by_definition: Vec<u64> = r.clone().filter(|&k| lower_f64_wrong(k)).collect();
                assert_eq!(by_predicate, by_definition);
            }
        }
        // Straddling the limit: enumerated below, swept above.
        let (lo, hi) = (ENUMERATION_LIMIT - 3000, ENUMERATION_LIMIT + 3000);
        let mut enumerated = Vec::new();
        f.enumerate_block(lo, hi, &mut |k| enumerated.push(k));
        let by_predicate: Vec<u64> = (lo..=hi).filter(|&k| f.is_hazard(k)).collect();
        assert_eq!(enumerated, by_predicate, "{name} across the limit");
    }
    p.check();
}

/// The whole of `u64`: the lazy iterators and the counts start at once; the
/// lists stop at the limit with an error instead of exhausting memory.
#[test]
fn the_whole_range_is_an_error_for_lists_and_fine_for_iterators() {
    let all = 0..=MAX;
    let mut h = lower_f64::hazards(all.clone(), Method::Enumerate, &no_progress);
    assert_eq!(h.next(), Some(102_334_155));
    let mut h = hazards::hazards_of(
        &classify_f64::ClassifyF64,
        all.clone(),
        Method::Sweep,
        &no_progress,
    );
    assert_eq!(h.next(), Some(165_580_140));
    let too_many = Err(TooMany {
        limit: COLLECT_LIMIT,
    });
    assert_eq!(hazards::lower_f64_hazards(all.clone()), too_many);
    assert_eq!(hazards::candidates(all.clone()), too_many);
    let m = TooMany {
        limit: COLLECT_LIMIT,
    }
    .to_string();
    assert!(m.contains(&COLLECT_LIMIT.to_string()), "{m}");
    // The callback is the identity of `no_progress`: it takes any count.
    hazards::no_progress(MAX);
}

/// A formula built at run time, borrowed (not `'static`).
#[test]
fn a_formula_can_be_borrowed() {
    struct Below(u64);
    impl Formula for Below {
        fn name(&self) -> &'static str {
            "below"
        }
        fn is_hazard(&self, k: u64) -> bool {
            k < self.0
        }
    }
    let limit = std::hint::black_box(7);
    let f = Below(limit);
    let listed: Vec<u64> = hazards::hazards_of(&f, 0..=100, Method::Sweep, &no_progress).collect();
    assert_eq!(listed, (0..7).collect::<Vec<_>>());
    assert_eq!(
        hazards::stats_of(&f, 0..=100, Method::Enumerate, &no_progress).count,
        7
    );
}
