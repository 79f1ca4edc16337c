//! The sweep: every input, checked against the exact formula.
//!
//! It is the reference the enumeration is tested against, and the only method for
//! formulas whose errors are dense (`lower_f32`) or for inputs above
//! [`ENUMERATION_LIMIT`](crate::ENUMERATION_LIMIT). Blocks of 2²⁰ inputs run in
//! parallel (rayon). For `lower_f64` a vectorised kernel (the crate's only `unsafe`,
//! in the private `kernel` module) first tells, for spans of 8192 consecutive k below
//! 2⁵¹, whether any k of the span *may* be a hazard; only flagged spans are checked k
//! by k, exactly. The kernel never says "no" wrongly (tests compare it with the scalar
//! check), so the sweep stays an exhaustive check.

use crate::kernel::{self, Kernel};
use crate::lower_f64;

/// Calls `visit` with every k in `lo..=hi` where `is_hazard(k)`, in increasing order.
pub(crate) fn filter(
    lo: u64,
    hi: u64,
    is_hazard: impl Fn(u64) -> bool,
    visit: &mut dyn FnMut(u64),
) {
    for k in lo..=hi {
        if is_hazard(k) {
            visit(k);
        }
    }
}

/// The `lower_f64` sweep of one block with `kernel`: whole kernel spans through the
/// vectorised loop, rechecked k by k (exactly) only where the kernel flags something;
/// the rest k by k.
fn lower_f64_block_with(kernel: Kernel, lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
    const SPAN: u64 = kernel::SPAN;
    let mut k = lo;
    while hi - k >= SPAN - 1 && k + SPAN <= 1 << 51 {
        if kernel.may_have_hazard(k) {
            filter(k, k + SPAN - 1, lower_f64::is_hazard, visit);
        }
        if k + SPAN - 1 == hi {
            return;
        }
        k += SPAN;
    }
    filter(k, hi, lower_f64::is_hazard, visit);
}

/// The `lower_f64` sweep of one block, with the fastest kernel this CPU runs.
pub(crate) fn lower_f64_block(lo: u64, hi: u64, visit: &mut dyn FnMut(u64)) {
    lower_f64_block_with(Kernel::best(), lo, hi, visit);
}

/// For the benchmark only (`benches/hazards.rs`): how many hazards of `lower_f64` the
/// sweep finds in `lo..=hi` on the calling thread with the portable build of the kernel
/// (`avx2 = false`) or the AVX2 build (`None` if this CPU has no AVX2).
#[doc(hidden)]
#[must_use]
pub fn kernel_count(lo: u64, hi: u64, avx2: bool) -> Option<u64> {
    let kernel = if avx2 {
        #[cfg(target_arch = "x86_64")]
        {
            Kernel::Avx2(kernel::Avx2::detect()?)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            return None;
        }
    } else {
        Kernel::Portable
    };
    let mut n = 0;
    lower_f64_block_with(kernel, lo, hi, &mut |_| n += 1);
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_available_kernel_agrees_with_the_scalar_check() {
        let mut kernels = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        kernels.extend(kernel::Avx2::detect().map(Kernel::Avx2));
        // Around F(40) = 102334155 and other hazards, plus a range with none.
        for (lo, hi) in [
            (102_300_000u64, 102_400_000u64),
            (0, 70_000),
            (141_422_324 - 9_000, 141_422_324 + 100),
        ] {
            let scalar: Vec<u64> = (lo..=hi).filter(|&k| lower_f64::is_hazard(k)).collect();
            for &kernel in &kernels {
                let mut out = Vec::new();
                lower_f64_block_with(kernel, lo, hi, &mut |k| out.push(k));
                assert_eq!(out, scalar, "{kernel:?}");
            }
        }
    }
}
