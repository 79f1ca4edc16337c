//! The hazard methods against a plain baseline, and the two builds of the sweep
//! kernel against each other, measured in the same run:
//! `cargo bench -p beatty-bench --bench hazards`.
//!
//! * baseline: the original one-k-at-a-time filter (`golden::lower(k) != Some(lower_f64(k))`),
//!   single-threaded, on 0..=10⁸;
//! * `sweep`: every k, vectorised kernel, all cores;
//! * `enumerate`: the candidate walk (three-distance theorem), all cores;
//! * `kernel`: the sweep of 2²⁴ values of k from 10⁹ on one thread, with the portable
//!   build of the kernel and with the AVX2 build.
use beatty_hazards::{Method, lower_f64, no_progress};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn baseline(to: u64) -> Vec<u64> {
    (0..=to)
        .filter(|&k| beatty_core::golden::lower(k) != Some(beatty_float::lower_f64(k)))
        .collect()
}

fn list(to: u64, method: Method) -> Vec<u64> {
    lower_f64::hazards(0..=to, method, &no_progress).collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("lower_f64 kernel, 2^24 k from 1e9, 1 thread");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    let (lo, hi) = (1_000_000_000, 1_000_000_000 + (1 << 24) - 1);
    g.bench_function("portable", |b| {
        b.iter(|| beatty_hazards::lower_f64::kernel_count(black_box(lo), hi, false))
    });
    if beatty_hazards::lower_f64::kernel_count(0, 0, true).is_some() {
        g.bench_function("avx2", |b| {
            b.iter(|| beatty_hazards::lower_f64::kernel_count(black_box(lo), hi, true))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("lower_f64 hazards 0..=1e8");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("baseline filter, 1 thread", |b| {
        b.iter(|| baseline(black_box(100_000_000)))
    });
    g.bench_function("sweep", |b| {
        b.iter(|| list(black_box(100_000_000), Method::Sweep))
    });
    g.bench_function("enumerate", |b| {
        b.iter(|| list(black_box(100_000_000), Method::Enumerate))
    });
    g.finish();
    let mut g = c.benchmark_group("lower_f64 hazards 0..=1e9");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("sweep", |b| {
        b.iter(|| list(black_box(1_000_000_000), Method::Sweep))
    });
    g.bench_function("enumerate", |b| {
        b.iter(|| list(black_box(1_000_000_000), Method::Enumerate))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
