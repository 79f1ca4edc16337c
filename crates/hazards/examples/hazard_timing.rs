//! Times the hazard methods of `beatty_hazards` on 0..=N, each mode separately:
//!
//! ```text
//! cargo run --release -p beatty-hazards --example hazard_timing -- 1000000000 sweep
//! cargo run --release -p beatty-hazards --example hazard_timing -- 1000000000 enumerate
//! cargo run --release -p beatty-hazards --example hazard_timing -- 1000000000000 count
//! ```
//!
//! `sweep` and `enumerate` collect the list (and print its length and first values);
//! `count` counts by enumeration without any list, for ranges such as 0..=10¹².
//! An unknown mode or a bad N is a usage error (exit 2); a closed output ends quietly.
use beatty_hazards::{Method, lower_f64, no_progress};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: hazard_timing N sweep|enumerate|count   (e.g. 1000000000 enumerate)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (to, mode) = match args.as_slice() {
        [n, mode] => match n.parse::<u64>() {
            Ok(n) => (n, mode.as_str()),
            Err(_) => return usage(&format!("N must be a number, found {n:?}")),
        },
        _ => return usage("give N and a mode"),
    };
    let t = Instant::now();
    let line = match mode {
        "sweep" | "enumerate" => {
            let method = if mode == "sweep" {
                Method::Sweep
            } else {
                Method::Enumerate
            };
            let h: Vec<u64> = lower_f64::hazards(0..=to, method, &no_progress).collect();
            let took = t.elapsed();
            let first: Vec<String> = h.iter().take(8).map(u64::to_string).collect();
            format!(
                "{mode} 0..={to}: {} hazards in {took:.3?}; first {}",
                h.len(),
                first.join(", ")
            )
        }
        "count" => {
            let s = lower_f64::stats(0..=to, Method::Enumerate, &no_progress);
            format!("count 0..={to}: {} hazards in {:.3?}", s.count, t.elapsed())
        }
        other => return usage(&format!("unknown mode {other:?}")),
    };
    match writeln!(std::io::stdout(), "{line}") {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = writeln!(std::io::stderr(), "hazard_timing: cannot write: {e}");
            ExitCode::from(3)
        }
        _ => ExitCode::SUCCESS,
    }
}

fn usage(msg: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "hazard_timing: {msg}\n{USAGE}");
    ExitCode::from(2)
}
