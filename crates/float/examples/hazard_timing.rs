//! Times the sweep against the enumeration: `cargo run --release -p beatty-float --example hazard_timing -- 1000000000`.
use std::time::Instant;

fn main() {
    let to: u64 = std::env::args()
        .nth(1)
        .map_or(1_000_000_000, |s| s.parse().expect("a number"));
    let method = std::env::args().nth(2).unwrap_or_else(|| "both".into());
    if method != "sweep" {
        let t = Instant::now();
        let c = if to <= 1 << 33 {
            beatty_float::hazards::candidates(0..=to).len()
        } else {
            0
        };
        let tc = t.elapsed();
        let t = Instant::now();
        let e = if to <= 1 << 33 {
            beatty_float::hazards::enumerate(0..=to)
        } else {
            Vec::new()
        };
        let n = beatty_float::hazards::count(0..=to);
        println!(
            "enumerate 0..={to}: {} hazards ({c} candidates) in {:?} (candidates alone {:?}); first {:?}",
            e.len(),
            t.elapsed(),
            tc,
            &e[..e.len().min(8)]
        );
    }
    if method != "enumerate" {
        let t = Instant::now();
        let s = beatty_float::hazards::sweep(0..=to);
        println!("sweep 0..={to}: {} hazards in {:?}", s.len(), t.elapsed());
    }
}
