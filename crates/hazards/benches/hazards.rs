//! The two hazard methods against a plain baseline, measured in the same run:
//! `cargo bench -p beatty-hazards --bench hazards`.
//!
//! * baseline: the original one-k-at-a-time filter (`golden::lower(k) != Some(lower_f64(k))`),
//!   single-threaded, on 0..=10⁸;
//! * `sweep`: every k, vectorised kernel, all cores;
//! * `enumerate`: the candidate walk (three-distance theorem), all cores.
use beatty_hazards::{self as hazards, no_progress};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn baseline(to: u64) -> Vec<u64> {
    (0..=to)
        .filter(|&k| beatty_core::golden::lower(k) != Some(beatty_float::lower_f64(k)))
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("lower_f64 hazards 0..=1e8");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("baseline filter, 1 thread", |b| {
        b.iter(|| baseline(black_box(100_000_000)))
    });
    g.bench_function("sweep", |b| {
        b.iter(|| hazards::sweep(0..=black_box(100_000_000), &no_progress))
    });
    g.bench_function("enumerate", |b| {
        b.iter(|| hazards::enumerate(0..=black_box(100_000_000), &no_progress))
    });
    g.finish();
    let mut g = c.benchmark_group("lower_f64 hazards 0..=1e9");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("sweep", |b| {
        b.iter(|| hazards::sweep(0..=black_box(1_000_000_000), &no_progress))
    });
    g.bench_function("enumerate", |b| {
        b.iter(|| hazards::enumerate(0..=black_box(1_000_000_000), &no_progress))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
