//! `QuadraticIrrational::new(p, q, d, r)` returns an error exactly when α = (p + q√d)/r is
//! not a valid irrational (r = 0, q = 0, d zero or a square) or does not fit, and otherwise
//! `floor_mul(n)` agrees with a slow exact comparison f ≤ n·α < f + 1 done by squaring in
//! checked `i128`/`u128` (skipped only when that overflows; mode 1 keeps values small so
//! the check almost always runs).
//!
//! Input `mode: u8, p: i64, q: i64, d: u64, r: i64, n: u64`.
#![no_main]

use beatty_core::quadratic::{QuadraticError, QuadraticIrrational};
use beatty_fuzz::Bytes;
use libfuzzer_sys::fuzz_target;

/// Whether t ≤ s·√m for an integer t, a sign s = ±1 and m not a perfect square (or m = 0),
/// or `None` on overflow.
fn le_signed_root(t: i128, negative: bool, m: u128) -> Option<bool> {
    let t2 = t.unsigned_abs().checked_mul(t.unsigned_abs())?;
    Some(if !negative {
        t <= 0 || t2 <= m // √m ≥ 0
    } else {
        t <= 0 && t2 >= m // −√m ≤ 0
    })
}

fn check(p: i64, q: i64, d: u64, r: i64, n: u64) {
    let square_or_zero = d.isqrt() * d.isqrt() == d;
    let alpha = match QuadraticIrrational::new(p, q, d, r) {
        Ok(alpha) => {
            assert!(
                r != 0 && q != 0 && !square_or_zero,
                "new({p}, {q}, {d}, {r}) accepted a rational"
            );
            alpha
        }
        Err(e) => {
            let explained = match e {
                QuadraticError::ZeroDenominator => r == 0,
                QuadraticError::ZeroSurdCoefficient => q == 0,
                QuadraticError::PerfectSquare => square_or_zero,
                QuadraticError::Overflow => true,
                QuadraticError::NotGreaterThanOne => false,
            };
            assert!(explained, "new({p}, {q}, {d}, {r}) = {e:?}");
            return;
        }
    };
    let (p, q, d, r) = alpha.parts();
    assert!(r > 0);
    // Then n²q²d ≤ 2¹¹², n·p ≤ 2⁴⁸: nothing can overflow.
    let small = n <= 1 << 32
        && p.unsigned_abs() <= 1 << 16
        && q.unsigned_abs() <= 1 << 16
        && d <= 1 << 16
        && r <= 1 << 16;
    let Some(f) = alpha.floor_mul(n) else {
        assert!(
            !small,
            "floor_mul({n}) = None for small parameters {:?}",
            alpha.parts()
        );
        return;
    };
    // n·α = (n·p + n·q·√d)/r. f ≤ nα ⟺ f·r − n·p ≤ n·q·√d; nα < f + 1 ⟺ n·q·√d < (f + 1)·r − n·p.
    let (n, p, q, r) = (n as i128, p as i128, q as i128, r as i128);
    let Some(np) = n.checked_mul(p) else { return };
    let nq = n.checked_mul(q);
    let Some(m) = nq
        .and_then(|nq| nq.unsigned_abs().checked_mul(nq.unsigned_abs()))
        .and_then(|x| x.checked_mul(d as u128))
    else {
        return;
    };
    let negative = q < 0;
    let lower = f.checked_mul(r).and_then(|fr| fr.checked_sub(np));
    let upper = f
        .checked_add(1)
        .and_then(|f1| f1.checked_mul(r))
        .and_then(|v| v.checked_sub(np));
    if let Some(t) = lower
        && let Some(ok) = le_signed_root(t, negative, m)
    {
        assert!(ok, "floor_mul({n}) = {f} > n·α for {:?}", alpha.parts());
    }
    if let Some(t) = upper
        && let Some(le) = le_signed_root(t, negative, m)
    {
        // t ≤ n·q·√d would mean f + 1 ≤ n·α (equality needs n·q·√d rational: n = 0, t = r > 0).
        assert!(!le, "floor_mul({n}) = {f} < ⌊n·α⌋ for {:?}", alpha.parts());
    }
}

fuzz_target!(|input: Bytes| {
    let mode = input.u8(0);
    let (p, q, d, r, n) = (
        input.i64(1),
        input.i64(9),
        input.u64(17),
        input.i64(25),
        input.u64(33),
    );
    if mode % 2 == 1 {
        check(
            p as i16 as i64,
            q as i16 as i64,
            d as u16 as u64,
            r as i16 as i64,
            n as u32 as u64,
        );
    } else {
        check(p, q, d, r, n);
    }
});
