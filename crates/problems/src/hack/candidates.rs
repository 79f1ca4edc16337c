//! The candidate cases of `judge hack`, round by round (see the
//! [module docs](super)).
//!
//! Every list holds legal cases only ([`legal`]), each once,
//! and rounds 1 and 2 are sorted by [`case_key`]: the first
//! failing case of a round is its smallest.

// The pure modules this one reads (one block, repointed at the crate split).
use super::{Case, case_key, legal};
use crate::Problem;
use crate::rng::SplitMix64;
use beatty_core::golden;
use beatty_hazards::{Method, classify_f64, lower_f64, no_progress};

/// The overflow boundaries of the integer types: 2³¹, 2³², 2⁵³, 2⁶³, 2⁶⁴.
pub const BOUNDARIES: [(u32, u128); 5] = [
    (31, 1 << 31),
    (32, 1 << 32),
    (53, 1 << 53),
    (63, 1 << 63),
    (64, 1 << 64),
];

/// How many of the smallest legal cases round 1 starts with.
pub const SMALL_CASES: usize = 4096;

/// How many hazards of each float formula round 1 takes (the first ones in
/// the problem's range).
pub const HAZARDS_PER_FORMULA: usize = 200;

/// How many `random` and `max` cases of the generator round 2 takes.
pub const PROFILE_RANDOM_CASES: usize = 2000;

/// The first Fibonacci numbers F(0) = 0, F(1) = 1, … up to `u64::MAX`.
#[must_use]
pub fn fibonacci() -> Vec<u64> {
    let mut f = vec![0u64, 1];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        f.push(next);
    }
    f
}

/// The k whose P-position is nearest `x` (its smaller pile ⌊kφ⌋ ≈ x), and
/// the k whose larger pile ⌊kφ²⌋ ≈ x.
fn ks_near(x: u64) -> [u64; 2] {
    let k = golden::floor_div_phi(x);
    [k, golden::floor_div_phi(k)]
}

/// The values where an intermediate value crosses the boundary `b`: `x`
/// itself, `x + x`, `x²`, `5x²`, `xφ`, `xφ²` (each the smallest `x` that
/// reaches `b`, its neighbour below and above), within `u64`.
#[must_use]
pub fn crossings(b: u128) -> Vec<u64> {
    let clamp = |v: u128| u64::try_from(v).unwrap_or(u64::MAX);
    let sqrt_ceil = |v: u128| {
        let r = clamp(v).isqrt();
        if u128::from(r) * u128::from(r) < v {
            r + 1
        } else {
            r
        }
    };
    // xφ ≥ b from x = ⌊b/φ⌋ + 1 on (xφ is irrational for x > 0)
    let by_phi = golden::floor_div_phi(clamp(b)) + 1;
    let centres = [
        clamp(b),
        clamp(b.div_ceil(2)),
        sqrt_ceil(b),
        sqrt_ceil(b.div_ceil(5)),
        by_phi,
        golden::floor_div_phi(by_phi) + 1,
    ];
    let mut v = Vec::new();
    for c in centres {
        v.extend([c.saturating_sub(1), c, c.saturating_add(1)]);
    }
    v
}

/// Round 1: the smallest cases, the limits, the overflow boundaries and the
/// float hazards of `problem` (see the [module docs](super)), sorted.
#[must_use]
pub fn round1(problem: Problem) -> Vec<Case> {
    let spec = problem.spec();
    let arity = spec.fields.len();
    let mut v: Vec<Case> = small(problem, SMALL_CASES);
    // The limits of each field, and the values crossing the boundaries.
    let mut values: Vec<Vec<u64>> = Vec::new();
    for f in spec.fields {
        values.push(vec![
            f.min,
            f.min.saturating_add(1),
            f.max.saturating_sub(1),
            f.max,
        ]);
    }
    let mut crossing: Vec<u64> = BOUNDARIES.iter().flat_map(|&(_, b)| crossings(b)).collect();
    // Fibonacci numbers and their neighbours: the float Binet and square
    // tests, and the ratios nearest φ.
    let fib = fibonacci();
    if arity == 1 {
        for &x in values[0].iter().chain(&crossing) {
            v.push(vec![x]);
        }
        for &f in &fib {
            for d in 0..=4 {
                v.push(vec![(f + d).saturating_sub(2)]);
            }
        }
        for &n in &beatty_float::solutions::SQUARE_TEST_WRONG_BELOW_2_31 {
            v.extend([vec![n - 1], vec![n], vec![n + 1]]);
        }
    } else {
        for &a in &values[0] {
            for &b in &values[1] {
                v.push(vec![a, b]);
            }
        }
        crossing.extend(values.concat());
        let mut ks = Vec::new();
        for &x in &crossing {
            v.extend([vec![x, x], vec![values[0][0], x], vec![x, values[1][0]]]);
            v.push(vec![x.saturating_sub(1), x]);
            ks.push(x);
            ks.extend(ks_near(x));
        }
        // Consecutive Fibonacci numbers: the ratios nearest φ.
        for w in fib.windows(2) {
            ks.push(w[0]);
            for da in 0..=2 {
                for db in 0..=2 {
                    let (a, b) = ((w[0] + da).saturating_sub(1), (w[1] + db).saturating_sub(1));
                    v.extend([vec![a, b], vec![b, a]]);
                }
            }
        }
        for k in ks
            .iter()
            .flat_map(|&k| [k.saturating_sub(1), k, k.saturating_add(1)])
        {
            push_pair(&mut v, k, None);
        }
        if is_wythoff(problem) {
            for k in hazard_ks(problem) {
                push_pair(&mut v, k, Some(beatty_float::lower_f64(k)));
            }
        }
    }
    finish(problem, v)
}

/// Whether the problem is Wythoff's game, whose cases are pairs judged by
/// the P-positions (⌊kφ⌋, ⌊kφ²⌋).
#[must_use]
pub fn is_wythoff(problem: Problem) -> bool {
    matches!(
        problem,
        Problem::Wythoff | Problem::WythoffMoves | Problem::WythoffBig
    )
}

/// The first hazards k of the float formulas of Wythoff's game whose
/// P-position lies within the problem's limits: `lower_f64`, `lower_f32`
/// and the k of the pairs `classify_f64` misjudges.
#[must_use]
pub fn hazard_ks(problem: Problem) -> Vec<u64> {
    let max = problem.spec().fields[1].max;
    // the largest k with ⌊kφ²⌋ ≤ max, capped where enumeration stays fast
    let kmax = golden::floor_div_phi(golden::floor_div_phi(max)).min(1 << 44);
    let mut ks: Vec<u64> = lower_f64::hazards(0..=kmax, Method::Enumerate, &no_progress)
        .take(HAZARDS_PER_FORMULA)
        .collect();
    ks.extend(
        (0..=kmax)
            .filter(|&k| beatty_hazards::is_lower_f32_hazard(k))
            .take(HAZARDS_PER_FORMULA),
    );
    for a in
        classify_f64::hazards(0..=kmax, Method::Enumerate, &no_progress).take(HAZARDS_PER_FORMULA)
    {
        match golden::classify(a) {
            golden::Class::Lower(k) | golden::Class::Upper(k) => ks.push(k),
            golden::Class::Zero => {}
        }
    }
    ks
}

/// Pushes the P-position of `k`, the position a float formula takes for it
/// (smaller pile `float`), their neighbours, in both orders.
fn push_pair(v: &mut Vec<Case>, k: u64, float: Option<u64>) {
    let Some((a, b)) = golden::pair(k) else {
        return;
    };
    let mut around = vec![(a, b)];
    if let Some(f) = float {
        around.push((f, f.saturating_add(k)));
    }
    for (a, b) in around {
        for (da, db) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            for (x, y) in [
                (a.saturating_add(da), b.saturating_add(db)),
                (a.saturating_sub(da), b.saturating_sub(db)),
            ] {
                v.extend([vec![x, y], vec![y, x]]);
            }
        }
    }
}

/// The `n` smallest legal cases, by [`case_key`].
#[must_use]
pub fn small(problem: Problem, n: usize) -> Vec<Case> {
    below(problem, u128::MAX, n)
}

/// The legal cases smaller than `limit` in sum, at most `n` of them, the
/// smallest first (by [`case_key`]).
#[must_use]
pub fn below(problem: Problem, limit: u128, n: usize) -> Vec<Case> {
    let spec = problem.spec();
    let arity = spec.fields.len();
    let top: u128 = spec.fields.iter().map(|f| u128::from(f.max)).sum();
    let mut v = Vec::new();
    let mut s: u128 = 0;
    while v.len() < n && s < limit && s <= top {
        let s64 = u64::try_from(s).unwrap_or(u64::MAX);
        if arity == 1 {
            if legal(problem, &[s64]) {
                v.push(vec![s64]);
            }
        } else {
            let lo = s64.saturating_sub(spec.fields[1].max);
            let hi = s64.min(spec.fields[0].max);
            for a in lo..=hi {
                let c = [a, s64 - a];
                if legal(problem, &c) {
                    v.push(c.to_vec());
                    if v.len() == n {
                        break;
                    }
                }
            }
        }
        s += 1;
    }
    v
}

/// Round 2: the problem's generator profiles (`edge`, `hack`, and
/// [`PROFILE_RANDOM_CASES`] of `random` and of `max` from `seed`), without
/// the cases of round 1, sorted.
#[must_use]
pub fn round2(problem: Problem, seed: u64) -> Vec<Case> {
    let def = problem.def();
    let mut rng = SplitMix64::new(seed);
    let mut v: Vec<Case> = def.edge().iter().map(|c| c.values().to_vec()).collect();
    v.extend(def.hack().iter().map(|c| c.values().to_vec()));
    for i in 0..2 * PROFILE_RANDOM_CASES {
        v.push(def.random(&mut rng, i % 2 == 1).values().to_vec());
    }
    let first: std::collections::HashSet<Case> = round1(problem).into_iter().collect();
    v.retain(|c| !first.contains(c));
    finish(problem, v)
}

/// Sorts, removes repeats and illegal cases.
fn finish(problem: Problem, mut v: Vec<Case>) -> Vec<Case> {
    v.retain(|c| legal(problem, c));
    v.sort_by_cached_key(|c| case_key(c));
    v.dedup();
    v
}

/// Round 3: random legal cases, each number uniform within its limits or
/// of a random bit length (so that small, middling and huge numbers are
/// equally likely).
#[derive(Clone, Debug)]
pub struct Random {
    problem: Problem,
    rng: SplitMix64,
}

impl Random {
    /// The random cases of `problem` from `seed`.
    #[must_use]
    pub fn new(problem: Problem, seed: u64) -> Random {
        Random {
            problem,
            rng: SplitMix64::new(seed),
        }
    }

    /// One random legal case.
    pub fn case(&mut self) -> Case {
        let spec = self.problem.spec();
        loop {
            let mut c: Case = spec
                .fields
                .iter()
                .map(|f| {
                    if self.rng.chance(1, 2) {
                        self.rng.range(f.min, f.max)
                    } else {
                        let bits = self.rng.range(0, 64);
                        let v = self.rng.next_u64() >> (64 - bits).min(63);
                        let v = if bits == 0 { 0 } else { v };
                        v.clamp(f.min, f.max)
                    }
                })
                .collect();
            if spec.relation == crate::problem::Relation::FirstAtMostSecond {
                c.sort_unstable();
            }
            if legal(self.problem, &c) {
                return c;
            }
        }
    }

    /// `n` random legal cases.
    pub fn batch(&mut self, n: usize) -> Vec<Case> {
        (0..n).map(|_| self.case()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hack::size_key;

    #[test]
    fn rounds_are_legal_sorted_and_without_repeats() {
        for p in Problem::ALL {
            let r1 = round1(p);
            let r2 = round2(p, 1);
            assert!(r1.len() > 100, "{p}: {}", r1.len());
            assert!(!r2.is_empty(), "{p}");
            for r in [&r1, &r2] {
                assert!(r.iter().all(|c| legal(p, c)), "{p}");
                assert!(
                    r.windows(2).all(|w| case_key(&w[0]) < case_key(&w[1])),
                    "{p}"
                );
            }
            let first: std::collections::HashSet<&Case> = r1.iter().collect();
            assert!(r2.iter().all(|c| !first.contains(c)), "{p}");
            let mut rnd = Random::new(p, 7);
            let b = rnd.batch(500);
            assert!(b.iter().all(|c| legal(p, c)), "{p}");
            // some small and some large numbers
            let max = p.spec().fields[0].max;
            assert!(b.iter().any(|c| c[0] <= max / 100), "{p}");
            assert!(b.iter().any(|c| c[0] > max / 4), "{p}");
        }
    }

    /// The smallest cases are the smallest: the same list as a brute force
    /// over all pairs of small numbers, sorted.
    #[test]
    fn the_small_cases_are_a_brute_force_sorted() {
        for p in Problem::ALL {
            let arity = p.spec().fields.len();
            let mut brute: Vec<Case> = Vec::new();
            for a in 0..40u64 {
                for b in 0..40u64 {
                    let c = [a, b][..arity].to_vec();
                    if (arity == 2 || b == 0) && a + b < 40 && legal(p, &c) {
                        brute.push(c);
                    }
                }
            }
            brute.sort_by_key(|c| size_key(std::slice::from_ref(c)));
            assert_eq!(below(p, 40, usize::MAX), brute, "{p}");
            assert_eq!(small(p, 10)[..], brute[..10], "{p}");
        }
    }

    /// The hazards of round 1 are the first ones of beatty-hazards (whose
    /// tests check its enumeration against a sweep of every k; a sweep of
    /// 4·10⁸ k is a minute in a debug build), starting at the issue's
    /// number, k = F(40), whose pair is among the candidates.
    #[test]
    fn round_one_holds_the_first_hazards_and_the_boundaries() {
        // the k whose P-position fits POJ 1067's limit: ⌊kφ²⌋ ≤ 10^9 (the
        // largest, by bisection: ⌊kφ²⌋ grows with k)
        let (mut lo, mut hi) = (0u64, 1_000_000_000u64);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if golden::upper(mid).unwrap() <= 1_000_000_000 {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let kmax = lo;
        assert!(golden::upper(kmax).unwrap() <= 1_000_000_000);
        assert!(golden::upper(kmax + 1).unwrap() > 1_000_000_000);
        let listed: Vec<u64> =
            lower_f64::hazards(0..=kmax, Method::Enumerate, &no_progress).collect();
        let ks = hazard_ks(Problem::Wythoff);
        assert_eq!(ks[..listed.len()], listed[..]);
        assert_eq!(listed[0], 102_334_155);
        assert!(
            listed.len() < 95,
            "at most the 95 of k ≤ 10^9: {}",
            listed.len()
        );
        let r1 = round1(Problem::Wythoff);
        assert!(r1.contains(&vec![165_580_140, 267_914_295]));
        assert!(r1.contains(&vec![267_914_295, 165_580_140]));
        // a + b crosses 2^31 (as the int of `a + b` overflows) in euclid
        assert!(round1(Problem::Euclid).contains(&vec![1 << 30, 1 << 30]));
        // 5n² crosses 2^63 for fibonacci-nim's n (its limit is 2^31 − 1)
        let r = round1(Problem::FibonacciNim);
        let n = crossings(1 << 63)[10];
        assert!(5 * u128::from(n - 1) * u128::from(n - 1) < 1 << 63);
        assert!(5 * u128::from(n) * u128::from(n) >= 1 << 63);
        assert!(r.contains(&vec![n]));
        // the limits
        assert!(r.contains(&vec![2_147_483_647]));
        assert!(round1(Problem::Bash).contains(&vec![1000, 1000]));
    }

    #[test]
    fn the_fibonacci_numbers_and_crossings_are_the_definitions() {
        let f = fibonacci();
        assert_eq!(f[..8], [0, 1, 1, 2, 3, 5, 8, 13]);
        assert_eq!(f[40], 102_334_155);
        assert_eq!(f.len(), 94); // F(93) is the last below 2^64
        for &(_, b) in &BOUNDARIES {
            let c = crossings(b);
            // x + x reaches b at ⌈b/2⌉, not one before
            let half = c[4];
            assert!(2 * u128::from(half) >= b && 2 * u128::from(half - 1) < b);
            let sq = c[7];
            assert!(u128::from(sq) * u128::from(sq) >= b);
            assert!(u128::from(sq - 1) * u128::from(sq - 1) < b);
            let five = c[10];
            assert!(5 * u128::from(five) * u128::from(five) >= b);
            assert!(5 * u128::from(five - 1) * u128::from(five - 1) < b);
            // xφ ≥ b exactly when ⌊xφ⌋ ≥ b (b an integer): at by_phi, not before
            let by_phi = c[13];
            if by_phi < u64::MAX / 2 {
                assert!(golden::lower_wide(by_phi) >= b);
                assert!(golden::lower_wide(by_phi - 1) < b);
            }
        }
    }
}
