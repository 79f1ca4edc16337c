//! Prints the lower_f64 hazards of 0..=N, one per line (used to make tests/data/hazards-lower_f64-0-1e9.txt):
//! `cargo run --release -p beatty-hazards --example hazard_list -- 1000000000`.
fn main() {
    let to: u64 = std::env::args()
        .nth(1)
        .map_or(1_000_000_000, |s| s.parse().expect("a number"));
    for k in beatty_hazards::enumerate(0..=to, &beatty_hazards::no_progress) {
        println!("{k}");
    }
}
