//! Exact integer ⌊kφ⌋ against the classic double-precision formula, and the
//! throughput of the pair iterator. Run with `cargo bench -p beatty-bench --bench golden`.
//!
//! Every element goes through `std::hint::black_box` on the way in and out,
//! so neither side can be vectorised away or constant-folded. The float
//! baseline is measured in the same run.
//!
//! The groups `lower`, `pairs`, … report wall-clock time, criterion's default.
//! On a shared machine (several jobs per core) wall time mostly measures the
//! other jobs, so the group `cpu_time` repeats the headline comparisons
//! timing the benchmark thread's own CPU time (Linux `schedstat`; wall time
//! elsewhere).

use beatty_core::{golden, isqrt_u64, reference, zeckendorf};
use criterion::{
    Bencher, BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main,
    measurement::WallTime,
};
use std::cell::Cell;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Elements per criterion iteration.
const CHUNK: u64 = 10_000_000;
/// The swept range is 0..SPAN, CHUNK at a time, cycling.
const SPAN: u64 = 100_000_000;

/// The classic float formula, `(k as f64 * PHI) as u64`.
#[inline]
fn lower_double(k: u64, phi: f64) -> u64 {
    (k as f64 * phi) as u64
}

/// Runs `f` over the next CHUNK of 0..SPAN (successive calls cover the span).
fn sweep(next: &Cell<u64>, mut f: impl FnMut(u64)) {
    let start = next.get();
    next.set((start + CHUNK) % SPAN);
    for k in start..start + CHUNK {
        f(k);
    }
}

/// CPU time consumed so far by this thread, in nanoseconds (Linux only).
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Which clock a benchmark reads.
#[derive(Clone, Copy)]
enum Clock {
    Wall,
    ThreadCpu,
}

/// Times `iters` runs of `f` on `clock` (wall time when schedstat is missing).
fn timed(b: &mut Bencher<'_>, clock: Clock, mut f: impl FnMut()) {
    b.iter_custom(|iters| {
        let (cpu0, wall0) = (thread_cpu_ns(), Instant::now());
        for _ in 0..iters {
            f();
        }
        match (clock, cpu0, thread_cpu_ns()) {
            (Clock::ThreadCpu, Some(a), Some(b)) => Duration::from_nanos(b - a),
            _ => wall0.elapsed(),
        }
    })
}

/// A group of 10 samples of CHUNK elements each.
fn group<'a>(c: &'a mut Criterion, name: &str, elements: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(elements));
    g
}

/// The float baseline and `golden::lower` over 0..SPAN, same group, same run.
fn lower_vs_double(g: &mut BenchmarkGroup<'_, WallTime>, clock: Clock) {
    let phi = black_box((1.0 + 5f64.sqrt()) / 2.0);
    let next = Cell::new(0);
    g.bench_function("double (k as f64 * PHI) as u64", |b| {
        timed(b, clock, || {
            sweep(&next, |k| {
                black_box(lower_double(black_box(k), phi));
            })
        })
    });
    let next = Cell::new(0);
    g.bench_function("golden::lower", |b| {
        timed(b, clock, || {
            sweep(&next, |k| {
                black_box(golden::lower(black_box(k)));
            })
        })
    });
}

/// CHUNK pairs from the iterator, starting at `start`.
fn iterate_pairs(start: u64) {
    let mut it = golden::pairs();
    if start > 0 {
        it.nth(start as usize - 1);
    }
    for p in it.take(CHUNK as usize) {
        black_box(p);
    }
}

fn bench_lower(c: &mut Criterion) {
    lower_vs_double(&mut group(c, "lower", CHUNK), Clock::Wall);

    // The reference implementations are test oracles, far slower: fewer
    // elements, spread over 0..2⁵⁰.
    let mut g = group(c, "lower_reference", CHUNK / 100);
    g.bench_function("reference::lower_by_isqrt", |b| {
        timed(b, Clock::Wall, || {
            for k in 0..CHUNK / 100 {
                black_box(reference::lower_by_isqrt(black_box(k << 20)));
            }
        })
    });
    g.bench_function("zeckendorf::lower", |b| {
        timed(b, Clock::Wall, || {
            for k in 0..CHUNK / 100 {
                black_box(zeckendorf::lower(black_box(k << 20)));
            }
        })
    });
}

fn bench_pairs(c: &mut Criterion) {
    let mut g = group(c, "pairs", CHUNK);
    for start in [0u64, 1_000_000_000_000_000_000] {
        g.bench_with_input(BenchmarkId::new("iterator", start), &start, |b, &start| {
            timed(b, Clock::Wall, || iterate_pairs(start))
        });
    }
    g.bench_function("golden::pair per k", |b| {
        timed(b, Clock::Wall, || {
            for k in 0..CHUNK {
                black_box(golden::pair(black_box(k)));
            }
        })
    });
}

fn bench_isqrt(c: &mut Criterion) {
    let mut g = group(c, "isqrt_u64", CHUNK / 10);
    // Spread the inputs over the whole range with an odd multiplier.
    let input = |i: u64| i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    g.bench_function("beatty_core::isqrt_u64", |b| {
        timed(b, Clock::Wall, || {
            for i in 0..CHUNK / 10 {
                black_box(isqrt_u64(black_box(input(i))));
            }
        })
    });
    g.bench_function("std u64::isqrt", |b| {
        timed(b, Clock::Wall, || {
            for i in 0..CHUNK / 10 {
                black_box(black_box(input(i)).isqrt());
            }
        })
    });
}

fn bench_cpu_time(c: &mut Criterion) {
    let mut g = group(c, "cpu_time", CHUNK);
    lower_vs_double(&mut g, Clock::ThreadCpu);
    g.bench_function("pairs iterator", |b| {
        timed(b, Clock::ThreadCpu, || iterate_pairs(0))
    });
}

criterion_group!(
    benches,
    bench_lower,
    bench_pairs,
    bench_isqrt,
    bench_cpu_time
);
criterion_main!(benches);
