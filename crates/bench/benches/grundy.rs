//! Wythoff Grundy tables: the bitset builder against the definition (mex of
//! all options) on the same board in the same run, and the bitset builder on
//! the 2048 × 2048 board of issue #3 (target: under 2 s on a 2-core machine).
//!
//! Run with `cargo bench -p beatty-bench --bench grundy`.

use beatty_games::reference::wythoff_grundy_table_by_mex;
use beatty_games::wythoff::grundy_table;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff_grundy_table");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for n in [256usize, 512] {
        group.bench_with_input(BenchmarkId::new("naive", n), &n, |b, &n| {
            b.iter(|| wythoff_grundy_table_by_mex(black_box(n)))
        });
        group.bench_with_input(BenchmarkId::new("bitset", n), &n, |b, &n| {
            b.iter(|| grundy_table(black_box(n)))
        });
    }
    group.bench_with_input(BenchmarkId::new("bitset", 2048), &2048usize, |b, &n| {
        b.iter(|| grundy_table(black_box(n)))
    });
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
