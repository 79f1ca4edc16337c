//! The beatty fuzz targets as a library: one module per target with its input type
//! (`#[derive(Arbitrary)]`) and its property function `check`, which the target in
//! `fuzz_targets/` calls and which [`replay`] runs on stable for the committed seeds
//! and regressions (`cargo test` in `fuzz/`).
//!
//! # Byte layouts
//!
//! The derived inputs read their integer fields in declaration order, each from the next
//! `size_of` bytes, little-endian (missing bytes read as zero); libFuzzer skips inputs
//! shorter than the sum of the field sizes. The seed corpora in `fuzz/corpus/<target>/`
//! are written in these layouts by `fuzz/seeds.py`:
//!
//! | target | input |
//! |---|---|
//! | `lower_float_vs_exact` | [`lower::Input`]: `mode: u8, x: u64, y: u64` |
//! | `euclid_float_vs_exact` | [`euclid::Input`]: `mode: u8, x: u64, y: u64` |
//! | `exact_oracles` | [`exact::Input`]: `x: u64, y: u64, w: u128` |
//! | `quadratic` | [`quadratic::Input`]: `mode: u8, p: i64, q: i64, d: u64, r: i64, n: u64` |
//! | `judge_input` | raw bytes ([`judge::check_input`]) |
//! | `judge_generate` | [`judge::GenerateInput`] |
//! | `referee` | [`referee::Input`] (derived: game, starts, seed, acts, raw bytes, piece sizes) |

pub mod euclid;
pub mod exact;
pub mod judge;
pub mod lower;
pub mod quadratic;
pub mod referee;

use arbitrary::{Arbitrary, Unstructured};

/// The fuzzed domain of the differential targets: the piles of POJ 1067
/// (`wythoff`), 0..=10⁹, as the judge's problem description states them.
pub fn domain() -> u64 {
    beatty_problems::Problem::Wythoff.spec().fields[0].max
}

/// The checked-in list of every k in 0..=10⁹ with `lower_f64(k) ≠ ⌊kφ⌋`, parsed,
/// increasing (`tests/data/hazards-lower_f64-0-1e9.txt`, read by the one parser of
/// `beatty-tests`).
pub fn hazards() -> &'static [u64] {
    beatty_tests::lower_f64_hazards_1e9()
}

/// Whether `k` is in the checked-in hazard list.
pub fn is_listed_hazard(k: u64) -> bool {
    hazards().binary_search(&k).is_ok()
}

/// F(i) for i in 0..=93 (F(93) is the largest Fibonacci number in `u64`); F(93) for larger i.
pub fn fib(i: u32) -> u64 {
    let f = beatty_core::zeckendorf::fibonacci(i.min(93))
        .expect("F(i) for i ≤ 93 is in the core's table");
    u64::try_from(f).expect("F(93) < 2^64")
}

/// `base + offset` clamped to `lo..=hi`.
pub fn nudge(base: u64, offset: i64, lo: u64, hi: u64) -> u64 {
    (base as i128 + offset as i128).clamp(lo as i128, hi as i128) as u64
}

/// A small signed offset in `-span..=span` from the low bits of `y`.
pub fn offset(y: u64, span: u64) -> i64 {
    (y % (2 * span + 1)) as i64 - span as i64
}

/// Decodes `data` as `libfuzzer_sys::fuzz_target!` does for a typed input: `None` (the
/// input is skipped) when it is shorter than `T`'s minimal size or does not decode.
pub fn decode<'a, T: Arbitrary<'a>>(data: &'a [u8]) -> Option<T> {
    if data.len() < T::size_hint(0).0 {
        return None;
    }
    T::arbitrary_take_rest(Unstructured::new(data)).ok()
}

/// Decodes raw bytes and runs a target's property; `false`: the input was skipped, as
/// libFuzzer would.
pub type Replay = fn(&[u8]) -> bool;

/// Every fuzz target by name, with its [`Replay`].
pub const TARGETS: &[(&str, Replay)] = &[
    ("lower_float_vs_exact", |d| {
        decode(d).map(|i| lower::check(&i)).is_some()
    }),
    ("euclid_float_vs_exact", |d| {
        decode(d).map(|i| euclid::check(&i)).is_some()
    }),
    ("exact_oracles", |d| {
        decode(d).map(|i| exact::check(&i)).is_some()
    }),
    ("quadratic", |d| {
        decode(d).map(|i| quadratic::check(&i)).is_some()
    }),
    ("judge_input", |d| {
        judge::check_input(d);
        true
    }),
    ("judge_generate", |d| {
        decode(d).map(|i| judge::check_generate(&i)).is_some()
    }),
    ("referee", |d| {
        decode(d).map(|i| referee::check(&i)).is_some()
    }),
];

/// Runs `data` through the property of the target named `target` (see [`TARGETS`]);
/// panics where the fuzz target would crash. `None` for an unknown target.
pub fn replay(target: &str, data: &[u8]) -> Option<bool> {
    TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .map(|(_, run)| run(data))
}

#[cfg(test)]
mod tests;
