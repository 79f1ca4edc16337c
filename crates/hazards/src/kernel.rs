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
            let ambiguous = lo[l] > !j[l];
            // No overflow below 2⁵¹; wrapping ops keep the loop free of overflow checks.
            let e = j[l].wrapping_add(hi[l]);
            let ef = f64::from_bits(e | TWO52.to_bits()) - TWO52;
            let y = x[l] * p;
            let ok = (y >= ef) & (y < ef + 1.0);
            bad[l] |= u64::from(ambiguous) | u64::from(!ok);
            let (next, carry) = lo[l].overflowing_add(THETA);
            lo[l] = next;
            hi[l] = hi[l].wrapping_add(u64::from(carry));
            j[l] = j[l].wrapping_add(1);
            x[l] += 1.0;
        }
    }
    bad.iter().any(|&b| b != 0)
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
        match self {
            Kernel::Portable => lanes_kernel(a),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2(token) => token.may_have_hazard(a),
        }
    }
}
