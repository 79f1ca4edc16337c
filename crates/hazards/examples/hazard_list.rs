//! Prints the lower_f64 hazards of 0..=N, one per line, streaming (used to make
//! tests/data/hazards-lower_f64-0-1e9.txt):
//! `cargo run --release -p beatty-hazards --example hazard_list -- 1000000000`.
use beatty_hazards::{Method, lower_f64, no_progress};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let to = match std::env::args().nth(1).map(|s| s.parse::<u64>()) {
        None => 1_000_000_000,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            let _ = writeln!(std::io::stderr(), "usage: hazard_list [N]");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = lower_f64::hazards(0..=to, Method::Enumerate, &no_progress)
        .try_for_each(|k| writeln!(out, "{k}"))
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = writeln!(std::io::stderr(), "hazard_list: cannot write: {e}");
            ExitCode::from(3)
        }
        _ => ExitCode::SUCCESS,
    }
}
