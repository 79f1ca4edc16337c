//! Times the two hazard methods of `beatty_hazards` on 0..=N:
//! `cargo run --release -p beatty-hazards --example hazard_timing -- 1000000000 [sweep|enumerate|both]`.
//! Above 2³³ the enumeration only counts (`hazards::count`), since the list would not fit in memory.
use std::time::Instant;

fn main() {
    let to: u64 = std::env::args()
        .nth(1)
        .map_or(1_000_000_000, |s| s.parse().expect("a number"));
    let method = std::env::args().nth(2).unwrap_or_else(|| "both".into());
    if method != "sweep" {
        let t = Instant::now();
        if to <= 1 << 33 {
            let e = beatty_hazards::enumerate(0..=to, &beatty_hazards::no_progress);
            let took = t.elapsed();
            let c = beatty_hazards::candidates(0..=to).len();
            println!(
                "enumerate 0..={to}: {} hazards ({c} candidates) in {took:?}; first {:?}",
                e.len(),
                &e[..e.len().min(8)]
            );
        } else {
            let n = beatty_hazards::count(0..=to, &beatty_hazards::no_progress);
            println!("count 0..={to}: {n} hazards in {:?}", t.elapsed());
        }
    }
    if method != "enumerate" {
        let t = Instant::now();
        let s = beatty_hazards::sweep(0..=to, &beatty_hazards::no_progress);
        println!("sweep 0..={to}: {} hazards in {:?}", s.len(), t.elapsed());
    }
}
