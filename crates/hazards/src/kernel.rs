//! The vectorised sweep kernel of `lower_f64`, and the crate's only `unsafe`.
//!
//! [`lanes_kernel`] is plain portable Rust written so that the compiler
//! vectorises it; compiled again with `#[target_feature(enable = "avx2")]` it
//! runs several times faster. Calling a `#[target_feature]` function is
//! `unsafe` because running it on a CPU without the feature is undefined
//! behaviour. Here the proof that the CPU has the feature is a value: an
//! [`Avx2`] token has a private field and a single constructor,
//! [`Avx2::detect`], which returns one only after
//! `is_x86_feature_detected!("avx2")` said yes. The AVX2 kernel is reached only
//! through a method of the token, so holding the token is the proof the
//! `unsafe` block needs, checked by the type system at every call site.
//!
//! What was measured (`cargo bench -p beatty-bench --bench hazards -- kernel`:
//! the sweep of 2²⁴ values of k from 10⁹ on one thread, criterion, 20 samples, on a
//! 2-core AMD EPYC VM shared with other builds at load ≈ 9): portable build 47–53 ms, AVX2
//! build 24–29 ms — AVX2 about 1.9 times faster, so it is kept. An AVX-512 build of
//! the same loop was measured once before against the AVX2 build (a sweep of 2·10⁸
//! values of k, three rounds each, in one run, load ≈ 3: AVX2 157–234 ms, AVX-512
//! 164–171 ms) and showed no gain. Neither figure comes from an idle machine; AVX-512
//! (this CPU has avx512f) stays out until an idle benchmark shows it faster.
#![allow(unsafe_code)]

use beatty_core::golden;

/// Lanes of the vectorised sweep kernel.
pub(crate) const LANES: usize = 8;
/// Steps per lane in one kernel call: a kernel call covers `LANES · STEPS` values of k.
pub(crate) const STEPS: u64 = 1 << 10;

/// Whether some k in `a..a + LANES·STEPS` may be a hazard of `lower_f64` (never a
/// false "no"; needs `a + LANES·STEPS ≤ 2⁵¹`).
///
/// Lane `l` walks k = a + l·STEPS, a + l·STEPS + 1, … keeping ⌊k/φ⌋ and the low word
/// of `k·Θ` incrementally (one add with carry per step, no multiply), and k as a
/// double incremented by 1.0 (exact below 2⁵³). Then `lower_f64(k) = trunc(k·P)`
/// equals ⌊kφ⌋ = e iff `e ≤ k·P < e + 1` in doubles, where e < 2⁵² converts to a
/// double exactly by the bit trick `from_bits(e | 2⁵² bits) − 2⁵²`. Every operation
/// is a plain lane-wise add, compare or multiply, so the loop vectorises. The
/// fixed-point ⌊k/φ⌋ can be one too small only when the low word is within k of a
/// carry (see `beatty_core::golden::floor_div_phi`); such k are flagged too.
#[inline(always)]
fn lanes_kernel(a: u64) -> bool {
    const THETA: u64 = golden::INV_PHI_Q64;
    const TWO52: f64 = 4_503_599_627_370_496.0;
    let p = beatty_float::phi_f64();
    let mut j = [0u64; LANES];
    let mut lo = [0u64; LANES];
    let mut hi = [0u64; LANES];
    let mut x = [0.0; LANES];
    for l in 0..LANES {
        j[l] = a + l as u64 * STEPS;
        let prod = j[l] as u128 * THETA as u128;
        (lo[l], hi[l]) = (prod as u64, (prod >> 64) as u64);
        x[l] = j[l] as f64;
    }
    let mut bad = [0u64; LANES];
    for _ in 0..STEPS {
        for l in 0..LANES {
            // No overflow below 2⁵¹; wrapping ops keep the loop free of overflow checks.
            let e = j[l].wrapping_add(hi[l]);
            let ef = f64::from_bits(e | TWO52.to_bits()) - TWO52;
            let y = x[l] * p;
            // Right, and known to be: the float in [e, e + 1), e not ambiguous.
            let ok = (y >= ef) & (y < ef + 1.0) & !near_carry(lo[l], j[l]);
            bad[l] |= u64::from(!ok);
            let (next, carry) = lo[l].overflowing_add(THETA);
            lo[l] = next;
            hi[l] = hi[l].wrapping_add(u64::from(carry));
            j[l] = j[l].wrapping_add(1);
            x[l] += 1.0;
        }
    }
    bad.iter().any(|&b| b != 0)
}

/// Whether the fixed-point ⌊k/φ⌋ of k may be one too small: the low word
/// `lo` of k·Θ is within k of a carry, lo + k ≥ 2⁶⁴ (`lo > !k` is
/// `lo > 2⁶⁴ − 1 − k`, one compare that vectorises).
#[inline(always)]
fn near_carry(lo: u64, k: u64) -> bool {
    lo > !k
}

/// Values of k covered by one call of [`lanes_kernel`].
pub(crate) const SPAN: u64 = LANES as u64 * STEPS;

/// Proof that this CPU runs AVX2: only [`Avx2::detect`] creates one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Avx2 {
    _proof: (),
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The token, if the CPU has AVX2.
    pub(crate) fn detect() -> Option<Self> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Avx2 { _proof: () })
    }

    /// [`lanes_kernel`] compiled for AVX2.
    fn may_have_hazard(self, a: u64) -> bool {
        #[target_feature(enable = "avx2")]
        fn lanes_kernel_avx2(a: u64) -> bool {
            lanes_kernel(a)
        }
        // SAFETY: `self` exists, so `detect` saw AVX2 on this CPU (the field is private
        // and `detect` is the only constructor); the function enables nothing else and
        // contains no other unsafe code. Tested in
        // `every_available_kernel_agrees_with_the_scalar_check`.
        unsafe { lanes_kernel_avx2(a) }
    }
}

/// Which compiled version of [`lanes_kernel`] to run; the variants with a
/// token can only be built on a CPU that has the feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// The portable build.
    Portable,
    /// The AVX2 build.
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
}

impl Kernel {
    /// The fastest kernel this CPU runs.
    pub(crate) fn best() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if let Some(token) = Avx2::detect() {
            return Kernel::Avx2(token);
        }
        Kernel::Portable
    }

    /// Whether some k in `a..a + SPAN` may be a hazard (never a false "no";
    /// needs `a + SPAN ≤ 2⁵¹`).
    pub(crate) fn may_have_hazard(self, a: u64) -> bool {
        #[cfg(test)]
        tests::CALLS.with(|c| c.set(c.get() + 1));
        match self {
            Kernel::Portable => lanes_kernel(a),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2(token) => token.may_have_hazard(a),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    thread_local! {
        /// Kernel calls on this thread (counted in tests only).
        pub(crate) static CALLS: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
    }

    /// The kernel's question for one k, asked directly (one multiply, no
    /// lanes, no carries): is ⌊k/φ⌋ from the fixed-point product ambiguous
    /// (its low word within k of a carry), or does the float formula
    /// `beatty_float::lower_f64` differ from k + ⌊k·Θ/2⁶⁴⌋?
    fn flagged(k: u64) -> bool {
        let prod = u128::from(k) * u128::from(golden::INV_PHI_Q64);
        let (lo, hi) = (prod as u64, (prod >> 64) as u64);
        lo.checked_add(k).is_none() || beatty_float::lower_f64(k) != k + hi
    }

    /// `near_carry` against its definition, lo + k ≥ 2⁶⁴ in `u128`, at the
    /// edge (a sum of 2⁶⁴ − 1 and of 2⁶⁴) and on random words.
    #[test]
    fn near_carry_is_a_carry_within_k() {
        let carry = |lo: u64, k: u64| u128::from(lo) + u128::from(k) >= 1 << 64;
        let mut cases = vec![
            (0, 0),
            (u64::MAX, 0),
            (u64::MAX, 1),
            (0, u64::MAX),
            (1, u64::MAX),
        ];
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = x >> (x % 64);
            cases.extend([
                (u64::MAX - k, k),
                (u64::MAX - k + u64::from(k > 0), k),
                (x, k),
                (k, x),
            ]);
        }
        for (lo, k) in cases {
            assert_eq!(near_carry(lo, k), carry(lo, k), "{lo} {k}");
        }
    }

    /// Every kernel this CPU can run: the portable one, and AVX2 where present.
    pub(crate) fn kernels() -> Vec<Kernel> {
        #[allow(unused_mut)]
        let mut kernels = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        kernels.extend(Avx2::detect().map(Kernel::Avx2));
        kernels
    }

    /// Each kernel says yes exactly when some k of its span is flagged: never
    /// a false "no" (which would lose hazards), and no false "yes" either
    /// (which would only cost time, so no answer of the sweep shows it).
    #[test]
    fn kernels_answer_the_scalar_question_for_their_whole_span() {
        // SPAN = LANES · STEPS values from a, every lane STEPS of them.
        assert_eq!(SPAN, 8 * 1024);
        let mut starts = vec![0, 1, 70_000, 1 << 30, (1 << 51) - SPAN];
        // Spans with the hazards 102334155 and 141422324 at their start, in
        // the first, a middle and the last lane, and at their last value.
        for h in [102_334_155u64, 141_422_324] {
            for offset in [
                0,
                1,
                STEPS - 1,
                STEPS,
                3 * STEPS + 17,
                SPAN - STEPS,
                SPAN - 1,
            ] {
                starts.push(h - offset);
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..40 {
            // SplitMix64 steps for starts below 2⁵¹ − SPAN.
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            starts.push((z ^ (z >> 31)) % ((1 << 51) - SPAN));
        }
        let (mut yes, mut no) = (0, 0);
        for &a in &starts {
            let want = (a..a + SPAN).any(flagged);
            if want {
                yes += 1
            } else {
                no += 1
            }
            for kernel in kernels() {
                assert_eq!(kernel.may_have_hazard(a), want, "{kernel:?} from {a}");
            }
        }
        // Both answers are asked for (the random starts near 2⁵¹ are mostly
        // flagged: the floats are coarse there).
        assert!(yes >= 10 && no >= 3, "{yes} yes, {no} no");
    }

    /// The token is there exactly when the CPU says it has AVX2 (read from
    /// /proc/cpuinfo, not from `is_x86_feature_detected!`).
    #[test]
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    fn the_avx2_token_exists_on_every_cpu_with_avx2() {
        let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") else {
            return;
        };
        let has = info
            .lines()
            .filter(|l| l.starts_with("flags"))
            .all(|l| l.split_whitespace().any(|f| f == "avx2"));
        assert_eq!(Avx2::detect().is_some(), has);
        assert_eq!(Kernel::best() == Kernel::Portable, !has);
    }
}
