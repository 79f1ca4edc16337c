//! Walking the k whose `k·Θ mod 2⁶⁴` falls in a short interval, in time
//! proportional to their number.
//!
//! # The idea
//!
//! Multiplying by Θ modulo 2⁶⁴ is a rotation of a circle of 2⁶⁴ points. Fix an
//! interval `[0, L)` of that circle. Two numbers govern all returns to it:
//!
//! * `q`, the least n ≥ 1 whose step `n·Θ mod 2⁶⁴` lands in `[1, L)` — a small
//!   forward step `u`;
//! * `q′`, the least n ≥ 1 whose step lands in `(2⁶⁴ − L, 2⁶⁴)` — a small
//!   backward step `v`.
//!
//! `u + v ≥ L` (otherwise `|q − q′|` would be a smaller step of one kind), so from
//! a point `p` of the interval at most one of `p + u` and `p − v` stays inside;
//! when neither does, `p + u − v` does. By the three-distance theorem
//! (Slater 1967) the first return is exactly that point: the gaps between
//! consecutive visits are `q`, `q′` or `q + q′`, so every visit costs O(1). The
//! tests compare the walk with a brute-force scan on many intervals.
//!
//! `q`, `q′` and the first visit come from [`first_in_range`], the least `x ≥ 0`
//! with `a·x mod m` in a range, which recurses like Euclid's algorithm.

/// The least `x ≥ 0` with `l ≤ (a·x) mod m ≤ r`, or `None` if there is none.
///
/// Requires `l ≤ r < m ≤ 2⁶⁴` and `a < m`, so every product below fits in `u128`.
pub(crate) fn first_in_range(a: u128, m: u128, l: u128, r: u128) -> Option<u128> {
    debug_assert!(l <= r && r < m && a < m && m <= 1 << 64);
    if l == 0 {
        return Some(0);
    }
    if a == 0 {
        return None;
    }
    // The first multiple of a that reaches l, before any wrap-around.
    let x = l.div_ceil(a);
    if a * x <= r {
        return Some(x);
    }
    // No multiple of a lies in [l, r], so ⌊l/a⌋ = ⌊r/a⌋ and l mod a ≥ 1. We need
    // the least y ≥ 0 such that [m·y + l, m·y + r] contains a multiple of a, that is
    // (m·y) mod a ∈ [a − r mod a, a − l mod a] — the same problem one size down.
    let y = first_in_range(m % a, a, a - r % a, a - l % a)?;
    // m·y + l < 2⁶⁴·2⁶⁴ − 2⁶⁴ + 2⁶⁴: fits.
    Some((m * y + l).div_ceil(a))
}

/// Every `k` in `lo..=hi` with `(k·theta + shift) mod 2⁶⁴ < len`, in increasing order,
/// passed to `visit`. Requires `1 ≤ len < 2⁶³` and `theta` odd.
pub(crate) fn walk(theta: u64, shift: u64, len: u64, lo: u64, hi: u64, mut visit: impl FnMut(u64)) {
    debug_assert!((1..1 << 63).contains(&len) && theta % 2 == 1 && lo <= hi);
    const M: u128 = 1 << 64;
    let (t, l) = (theta as u128, len as u128);
    let start = lo.wrapping_mul(theta).wrapping_add(shift);
    let first = if start < len {
        0
    } else {
        // Need (start + x·theta) mod 2⁶⁴ < len: x·theta mod 2⁶⁴ ∈ [2⁶⁴ − start, 2⁶⁴ − start + len − 1].
        let s = start as u128;
        match first_in_range(t, M, M - s, M - s + l - 1) {
            Some(x) => x,
            None => return,
        }
    };
    if first > (hi - lo) as u128 {
        return;
    }
    if len == 1 {
        // theta is odd, so the rotation has period 2⁶⁴: one visit at most in range.
        visit(lo + first as u64);
        return;
    }
    // q: forward step into [1, len); q′: backward step from (2⁶⁴ − len, 2⁶⁴). Both exist
    // because an odd theta visits every residue.
    let q = first_in_range(t, M, 1, l - 1).expect("odd theta visits every residue");
    let q2 = first_in_range(t, M, M - l + 1, M - 1).expect("odd theta visits every residue");
    // Both are at least 1 (0·theta = 0 is in neither range), or the loop would not end.
    debug_assert_ne!(q, 0);
    debug_assert_ne!(q2, 0);
    let u = (q as u64).wrapping_mul(theta);
    let v = 0u64.wrapping_sub((q2 as u64).wrapping_mul(theta));
    let mut k = lo as u128 + first;
    let mut p = start.wrapping_add((first as u64).wrapping_mul(theta));
    // p is always the point of k: checked here (a wrong first k fails even when it is
    // past hi) and at every visit.
    debug_assert_eq!(p, (k as u64).wrapping_mul(theta).wrapping_add(shift));
    while k <= hi as u128 {
        debug_assert!(p < len);
        debug_assert_eq!(p, (k as u64).wrapping_mul(theta).wrapping_add(shift));
        visit(k as u64);
        // p < len < 2⁶³ and u, v < len: no overflow below.
        if p + u < len {
            p += u;
            k += q;
        } else if p >= v {
            p -= v;
            k += q2;
        } else {
            p = p + u - v;
            k += q + q2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_first(a: u128, m: u128, l: u128, r: u128) -> Option<u128> {
        (0..m).find(|&x| (a * x % m) >= l && (a * x % m) <= r)
    }

    #[test]
    fn first_in_range_matches_brute_force_on_small_moduli() {
        for m in 1..=32u128 {
            for a in 0..m {
                for l in 0..m {
                    for r in l..m {
                        assert_eq!(
                            first_in_range(a, m, l, r),
                            brute_first(a, m, l, r),
                            "a={a} m={m} l={l} r={r}"
                        );
                    }
                }
            }
        }
    }

    fn brute_walk(theta: u64, shift: u64, len: u64, lo: u64, hi: u64) -> Vec<u64> {
        (lo..=hi)
            .filter(|&k| k.wrapping_mul(theta).wrapping_add(shift) < len)
            .collect()
    }

    fn walked(theta: u64, shift: u64, len: u64, lo: u64, hi: u64) -> Vec<u64> {
        let mut out = Vec::new();
        walk(theta, shift, len, lo, hi, |k| out.push(k));
        out
    }

    #[test]
    fn walk_matches_brute_force_for_the_golden_rotation() {
        let theta = beatty_core::golden::INV_PHI_Q64;
        for (len_log, lo, hi) in [
            (50u32, 0u64, 200_000u64),
            (52, 5, 60_000),
            (56, 1 << 40, (1 << 40) + 3_000),
        ] {
            for extra in [0u64, 1, 12_345_678_901, 1 << 49] {
                let len = (1u64 << len_log) + extra;
                for shift in [0u64, len / 2, 1 << 63, u64::MAX, 0x1234_5678_9abc_def0] {
                    assert_eq!(
                        walked(theta, shift, len, lo, hi),
                        brute_walk(theta, shift, len, lo, hi)
                    );
                }
            }
        }
    }

    #[test]
    fn walk_matches_brute_force_for_other_odd_rotations() {
        // Rotations with small and with large partial quotients.
        for theta in [
            1u64,
            3,
            0x8000_0000_0000_0001,
            0x5555_5555_5555_5555,
            0xd1b5_4a32_d192_ed03,
        ] {
            for len in [1u64, 2, 1 << 40, 1 << 55, (1 << 62) + 77] {
                for shift in [0u64, 1 << 63, 987_654_321] {
                    assert_eq!(
                        walked(theta, shift, len, 1_000, 40_000),
                        brute_walk(theta, shift, len, 1_000, 40_000),
                        "theta={theta:#x} len={len} shift={shift}"
                    );
                }
            }
        }
    }

    #[test]
    fn walk_starts_exactly_at_the_edges_of_the_interval() {
        // shift puts lo's point at len − 1 (inside, the last point), at len (just
        // outside) and at 2⁶⁴ − 1 (just before the interval): the brute force decides.
        let theta = beatty_core::golden::INV_PHI_Q64;
        for (len, lo, hi) in [
            (1u64 << 50, 0u64, 200_000u64),
            ((1 << 52) + 3, 1_000, 60_000),
            (2, 5, 10),
            (1, 5, 10),
        ] {
            let at_lo = lo.wrapping_mul(theta);
            for point in [0, len - 1, len, len + 1, u64::MAX] {
                let shift = point.wrapping_sub(at_lo);
                let got = walked(theta, shift, len, lo, hi);
                assert_eq!(
                    got,
                    brute_walk(theta, shift, len, lo, hi),
                    "len={len} point={point}"
                );
                assert_eq!(got.first() == Some(&lo), point < len);
            }
        }
    }

    #[test]
    fn walk_of_a_single_point() {
        // len = 1: the one k whose point is 0, inside lo..=hi or just outside.
        let theta = beatty_core::golden::INV_PHI_Q64;
        let (lo, hi) = (1_000u64, 1_010u64);
        for k in [lo - 1, lo, lo + 3, hi - 1, hi, hi + 1, 2 * hi + 5] {
            let shift = k.wrapping_mul(theta).wrapping_neg();
            let got = walked(theta, shift, 1, lo, hi);
            assert_eq!(got, brute_walk(theta, shift, 1, lo, hi), "k = {k}");
            assert_eq!(got == [k], (lo..=hi).contains(&k));
        }
    }

    /// The walk's two steps for `len`, by brute force: the forward one (q, u),
    /// q the least n ≥ 1 with u = n·theta mod 2⁶⁴ in [1, len), and the
    /// backward one (q′, v), q′ the least n ≥ 1 with v = 2⁶⁴ − n·theta mod 2⁶⁴
    /// in [1, len).
    fn steps(theta: u64, len: u64) -> ((u64, u64), (u64, u64)) {
        let least = |d: &dyn Fn(u64) -> u64| {
            (1u64..)
                .map(|n| (n, d(n)))
                .find(|&(_, r)| (1..len).contains(&r))
                .unwrap()
        };
        (
            least(&|n| n.wrapping_mul(theta)),
            least(&|n| n.wrapping_mul(theta).wrapping_neg()),
        )
    }

    /// The records of n·theta mod 2⁶⁴ for n from 1 to 2 999, in order of n:
    /// (n, r, `true`) where r = n·theta mod 2⁶⁴ is below that of every smaller
    /// n (forward), (n, r, `false`) where r = 2⁶⁴ − n·theta mod 2⁶⁴ is
    /// (backward).
    fn records(theta: u64) -> Vec<(u64, u64, bool)> {
        let (mut fwd, mut bwd) = (u64::MAX, u64::MAX);
        let mut out = Vec::new();
        for n in 1..3_000u64 {
            let r = n.wrapping_mul(theta);
            if r < fwd {
                fwd = r;
                out.push((n, r, true));
            }
            if r.wrapping_neg() < bwd {
                bwd = r.wrapping_neg();
                out.push((n, bwd, false));
            }
        }
        out
    }

    #[test]
    fn walk_steps_onto_the_edges_of_the_interval() {
        // The forward step u (of q) and the backward step v (of q′) found by
        // brute force; lo's point is put where a step lands exactly on an edge
        // of [0, len) or just beside it.
        let theta = beatty_core::golden::INV_PHI_Q64;
        for len in [1u64 << 50, (1 << 47) + 12_345, 3 << 56] {
            let ((q, u), (q2, v)) = steps(theta, len);
            let lo = 1_000u64;
            let hi = lo + 40 * (q + q2);
            for point in [
                len - u,
                len - u - 1,
                len - u + 1,
                v,
                v - 1,
                v + 1,
                0,
                len - 1,
            ] {
                let shift = point.wrapping_sub(lo.wrapping_mul(theta));
                assert_eq!(
                    walked(theta, shift, len, lo, hi),
                    brute_walk(theta, shift, len, lo, hi),
                    "len={len} point={point}"
                );
            }
        }
    }

    #[test]
    fn walk_with_len_at_a_record_step() {
        // len equal to a record n·theta mod 2⁶⁴ (forward: less than for every smaller
        // n ≥ 1) or to a record 2⁶⁴ − n·theta mod 2⁶⁴ (backward): n's step lands exactly
        // on an edge of [0, len), outside, so it is not the step of the walk.
        let theta = beatty_core::golden::INV_PHI_Q64;
        let lens: Vec<(u64, u64)> = records(theta)
            .into_iter()
            .filter(|&(_, r, _)| r < 1 << 62)
            .map(|(n, r, _)| (n, r))
            .collect();
        assert!(lens.len() >= 10, "{lens:?}");
        for (n, len) in lens {
            let (lo, hi) = (777u64, 777 + 60 * n);
            for shift in [0u64, len / 3, 1 << 63] {
                assert_eq!(
                    walked(theta, shift, len, lo, hi),
                    brute_walk(theta, shift, len, lo, hi),
                    "n={n} len={len} shift={shift}"
                );
            }
        }
    }

    #[test]
    fn walk_with_len_one_below_a_record_step() {
        // len = r − 1 for a forward record r = n·theta mod 2⁶⁴ (less than for every
        // smaller n ≥ 1): n's step lands just past the interval. From the point v − 1
        // (v the backward step, found by brute force) the walk's next point is
        // v − 1 + u − v with u the forward step; a step of r instead would land on len.
        // The same backwards: len = s − 1 for a backward record s, from the point len − u.
        let theta = beatty_core::golden::INV_PHI_Q64;
        let mut cases = 0;
        for (n, d, forward) in records(theta) {
            if !(3..1 << 62).contains(&d) {
                continue;
            }
            let len = d - 1;
            let ((q, u), (q2, v)) = steps(theta, len);
            let point = if forward { v - 1 } else { len - u };
            let lo = 1_000u64;
            let hi = lo + 40 * (q + q2);
            let shift = point.wrapping_sub(lo.wrapping_mul(theta));
            let got = walked(theta, shift, len, lo, hi);
            assert_eq!(
                got,
                brute_walk(theta, shift, len, lo, hi),
                "n={n} len={len}"
            );
            assert_eq!(got.first(), Some(&lo));
            cases += 1;
        }
        assert!(cases >= 10, "{cases}");
    }
}
