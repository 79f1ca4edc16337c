//! Every public function at 0, 1, MAX − 1, MAX (of each argument type) and
//! random values: an answer or a `None`/error, never a panic (each call runs
//! under `catch_unwind`; every panic is collected and reported at the end).
//! Where an answer comes it is checked against a second method or a
//! definition: `golden::lower` against the Zeckendorf shift and the integer
//! square root formula, `isqrt` against its defining inequality, a
//! Zeckendorf representation against its value, and so on.

use beatty_core::quadratic::QuadraticIrrational;
use beatty_core::{golden, isqrt, reference, zeckendorf};
use core::cmp::Ordering;
use std::panic::{AssertUnwindSafe, catch_unwind};

const MAX: u64 = u64::MAX;

fn values() -> Vec<u64> {
    let mut v = vec![
        0,
        1,
        2,
        3,
        MAX - 1,
        MAX,
        golden::MAX_PAIR_INDEX,
        golden::MAX_PAIR_INDEX + 1,
    ];
    let mut state = 0x6a09_e667_f3bc_c908_u64;
    for _ in 0..12 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        v.push(z >> (z % 64));
    }
    v
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
fn golden_functions_are_total() {
    let mut p = Panics::default();
    for k in values() {
        let wide = p.call(|| format!("lower_wide({k})"), || golden::lower_wide(k));
        // A second method: the Zeckendorf shift.
        assert_eq!(wide, Some(zeckendorf::lower_wide(k)), "lower_wide({k})");
        let lower = p.call(|| format!("lower({k})"), || golden::lower(k));
        assert_eq!(lower, Some(wide.and_then(|w| u64::try_from(w).ok())));
        assert_eq!(
            p.call(
                || format!("lower_by_isqrt({k})"),
                || reference::lower_by_isqrt(k)
            ),
            lower
        );
        let upper_wide = p.call(|| format!("upper_wide({k})"), || golden::upper_wide(k));
        // ⌊kφ²⌋ = ⌊kφ⌋ + k.
        assert_eq!(upper_wide, wide.map(|w| w + u128::from(k)));
        let upper = p.call(|| format!("upper({k})"), || golden::upper(k));
        assert_eq!(upper, Some(upper_wide.and_then(|w| u64::try_from(w).ok())));
        let pair = p.call(|| format!("pair({k})"), || golden::pair(k));
        assert_eq!(pair, Some(lower.flatten().zip(upper.flatten())));
        assert_eq!(pair.flatten().is_some(), k <= golden::MAX_PAIR_INDEX);
        // ⌊k/φ⌋ = ⌊kφ⌋ − k.
        let div = p.call(
            || format!("floor_div_phi({k})"),
            || golden::floor_div_phi(k),
        );
        assert_eq!(div.map(u128::from), wide.map(|w| w - u128::from(k)));
        if let Some(class) = p.call(|| format!("classify({k})"), || golden::classify(k)) {
            match class {
                golden::Class::Zero => assert_eq!(k, 0),
                golden::Class::Lower(j) => assert_eq!(golden::lower_wide(j), u128::from(k)),
                golden::Class::Upper(j) => assert_eq!(golden::upper_wide(j), u128::from(k)),
            }
        }
        for b in values() {
            let is_p = p.call(
                || format!("is_p_position({k}, {b})"),
                || golden::is_p_position(k, b),
            );
            // The definition: (⌊jφ⌋, ⌊jφ⌋ + j) in either order, j = |a − b|.
            let j = k.abs_diff(b);
            let by_pair = u128::from(k.min(b)) == golden::lower_wide(j);
            assert_eq!(is_p, Some(by_pair), "({k}, {b})");
            let cmp = p.call(
                || format!("cmp_ratio({k}, {b})"),
                || golden::cmp_ratio(k, b),
            );
            // a/b against φ, the positive root of x² − x − 1: the sign of
            // a² − ab − b², i.e. a² against b·(a + b) (an overflow of the
            // latter in u128 means it is the larger); b = 0 reads as +∞.
            let (a, bb) = (u128::from(k), u128::from(b));
            let expected = if b == 0 {
                Some(Ordering::Greater)
            } else {
                Some(match bb.checked_mul(a + bb) {
                    None => Ordering::Less,
                    Some(rhs) => (a * a).cmp(&rhs),
                })
            };
            if let (Some(cmp), Some(expected)) = (cmp, expected) {
                assert_eq!(cmp, expected, "cmp_ratio({k}, {b})");
            }
        }
    }
    // The iterator from its start: the first pairs by the definition.
    let first: Vec<(u64, u64)> = golden::pairs().take(5).collect();
    assert_eq!(first, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
    p.check();
}

#[test]
fn isqrt_and_zeckendorf_are_total() {
    let mut p = Panics::default();
    for n in values() {
        if let Some(r) = p.call(|| format!("isqrt_u64({n})"), || isqrt::isqrt_u64(n)) {
            let (r, n) = (u128::from(r), u128::from(n));
            assert!(r * r <= n && (r + 1) * (r + 1) > n, "isqrt_u64({n}) = {r}");
        }
        for wide in [
            u128::from(n),
            u128::from(n) << 64 | u128::from(n),
            u128::MAX,
            u128::MAX - 1,
        ] {
            if let Some(r) = p.call(|| format!("isqrt_u128({wide})"), || isqrt::isqrt_u128(wide)) {
                assert!(r.checked_mul(r).is_some_and(|s| s <= wide));
                assert!((r + 1).checked_mul(r + 1).is_none_or(|s| s > wide));
            }
            if let Some(z) = p.call(
                || format!("from_u128({wide})"),
                || zeckendorf::Zeckendorf::from_u128(wide),
            ) {
                assert_eq!(z.value(), wide);
                let sum: u128 = z.indices().map(|i| zeckendorf::FIBONACCI[i as usize]).sum();
                assert_eq!(sum, wide);
                let mask = p.call(|| format!("mask({wide})"), || z.mask());
                if let Some(Some(m)) = mask {
                    assert_eq!(zeckendorf::Zeckendorf::from_mask(m), Some(z));
                }
                p.call(|| format!("smallest_index({wide})"), || z.smallest_index());
            }
            p.call(
                || format!("lower_u128({wide})"),
                || zeckendorf::lower_u128(wide),
            );
            p.call(
                || format!("increment_mask({wide})"),
                || zeckendorf::increment_mask(wide),
            );
            if let Some(Some(z)) = p.call(
                || format!("from_mask({wide})"),
                || zeckendorf::Zeckendorf::from_mask(wide),
            ) {
                // A valid mask has no two adjacent bits.
                assert_eq!(wide & (wide >> 1), 0);
                assert_eq!(z.mask(), Some(wide));
            }
        }
        let z = p.call(
            || format!("from_u64({n})"),
            || zeckendorf::Zeckendorf::from_u64(n),
        );
        assert_eq!(z.map(|z| z.value()), Some(u128::from(n)));
        assert_eq!(
            p.call(
                || format!("zeckendorf::lower({n})"),
                || zeckendorf::lower(n)
            ),
            Some(golden::lower(n))
        );
    }
    for i in [
        0,
        1,
        2,
        zeckendorf::MAX_INDEX - 1,
        zeckendorf::MAX_INDEX,
        zeckendorf::MAX_INDEX + 1,
        u32::MAX,
    ] {
        if let Some(f) = p.call(|| format!("fibonacci({i})"), || zeckendorf::fibonacci(i)) {
            assert_eq!(f.is_some(), i <= zeckendorf::MAX_INDEX);
            if (2..=zeckendorf::MAX_INDEX).contains(&i) {
                // The definition: F(i) = F(i − 1) + F(i − 2).
                let (a, b) = (zeckendorf::fibonacci(i - 1), zeckendorf::fibonacci(i - 2));
                assert_eq!(f, a.zip(b).map(|(a, b)| a + b));
            }
        }
    }
    p.check();
}

#[test]
fn quadratic_functions_are_total() {
    let mut p = Panics::default();
    let ints = [
        i64::MIN,
        i64::MIN + 1,
        -2,
        -1,
        0,
        1,
        2,
        i64::MAX - 1,
        i64::MAX,
    ];
    let ds = [0, 1, 2, 5, 8, MAX - 1, MAX];
    let mut made = vec![
        QuadraticIrrational::phi(),
        QuadraticIrrational::phi_squared(),
        QuadraticIrrational::sqrt2(),
    ];
    for &pp in &ints {
        for &q in &ints {
            for &d in &ds {
                for &r in &ints {
                    if let Some(Ok(a)) = p.call(
                        || format!("QuadraticIrrational::new({pp}, {q}, {d}, {r})"),
                        || QuadraticIrrational::new(pp, q, d, r),
                    ) {
                        made.push(a);
                    }
                }
            }
        }
    }
    for a in values() {
        if let Some(Ok(g)) = p.call(
            || format!("generalized_wythoff({a})"),
            || QuadraticIrrational::generalized_wythoff(a),
        ) {
            made.push(g);
        }
    }
    for alpha in made {
        let parts = p.call(|| format!("{alpha:?}.parts()"), || alpha.parts());
        p.call(
            || format!("{alpha:?}.is_greater_than_one()"),
            || alpha.is_greater_than_one(),
        );
        for n in values() {
            p.call(
                || format!("{alpha:?}.floor_mul({n})"),
                || alpha.floor_mul(n),
            );
        }
        if let Some(Ok(c)) = p.call(|| format!("{alpha:?}.complement()"), || alpha.complement()) {
            p.call(|| format!("{c:?}.parts()"), || c.parts());
        }
        if let Some(Ok(it)) = p.call(|| format!("{alpha:?}.beatty()"), || alpha.beatty()) {
            p.call(
                || format!("{alpha:?}.beatty().take(3)"),
                || it.take(3).count(),
            );
        }
        // φ itself: ⌊nφ⌋ is golden::lower, a second implementation.
        if parts == Some((1, 1, 5, 2)) {
            for n in values() {
                // `None` only where n²·q²·d = 5n² overflows u128.
                match alpha.floor_mul(n) {
                    Some(v) => assert_eq!(v, golden::lower_wide(n) as i128),
                    None => assert!(u128::from(n).pow(2).checked_mul(5).is_none()),
                }
            }
        }
    }
    p.check();
}
