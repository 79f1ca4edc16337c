//! `judge invoke`: every package submission of a problem on the test set of
//! every seed (see `beatty_judge::invoke`).

use crate::{Outcome, fail};
use beatty_judge::invoke::{invoke, parse_seeds};
use beatty_judge::run::{RunConfig, Task, shut_down};
use beatty_judge::sandbox::{Isolation, strict_available};
use clap::Args;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicI32, Ordering};

#[derive(Args)]
pub(crate) struct InvokeArgs {
    /// The problem (name or alias), e.g. `fibonacci-nim` or `wythoff-play`
    ///
    /// An interactive one's contestants are the archetypes of
    /// `beatty_problems::interact::archetypes`.
    problem: Task,
    /// The seeds, e.g. `--seeds 1..20` or `--seeds 3,7`
    ///
    /// A seed, a range with both ends included, or a comma-separated list.
    #[arg(long, default_value = "1..20")]
    seeds: String,
    /// Wall-clock seconds per test, e.g. `--time-limit 1`.
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// Memory per test in MiB, e.g. `--memory-limit 512`.
    #[arg(long, default_value_t = 256, value_parser = crate::number::count)]
    memory_limit: u64,
    /// Tests of one submission run in parallel, e.g. `--jobs 1` (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print the matrix as a Markdown table (runs of seeds merged) instead of
    /// plain text.
    #[arg(long)]
    markdown: bool,
}

static SIGNALLED: AtomicI32 = AtomicI32::new(0);

pub(crate) fn run(a: &InvokeArgs) -> Outcome {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let seeds = match parse_seeds(&a.seeds) {
        Ok(s) => s,
        Err(e) => return Ok(fail(2, &format!("--seeds: {e}"))),
    };
    let time_limit = match crate::run::seconds("--time-limit", a.time_limit) {
        Ok(t) => t,
        Err(e) => return Ok(fail(2, &e)),
    };
    if !(1..=1 << 20).contains(&a.memory_limit) {
        return Ok(fail(2, "--memory-limit must be between 1 and 1048576 MiB"));
    }
    let mut signals = match signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        Ok(s) => s,
        Err(e) => return Ok(fail(3, &format!("cannot install the signal handlers: {e}"))),
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            SIGNALLED.store(sig, Ordering::SeqCst);
            shut_down();
        }
    });
    let cfg = RunConfig {
        time_limit,
        cpu_limit: None,
        memory_limit: a.memory_limit << 20,
        output_limit: None,
        jobs: a.jobs.unwrap_or_else(|| RunConfig::default().jobs).max(1),
        isolation: if strict_available() {
            Isolation::Strict
        } else {
            Isolation::Basic
        },
        stop_on_fail: true,
        hide: Vec::new(),
        ..RunConfig::default()
    };
    let _ = writeln!(
        io::stderr(),
        "judge: invoke {}: seeds {}; isolation {}; time limit {} s, memory {} MiB",
        a.problem,
        a.seeds,
        cfg.isolation,
        a.time_limit,
        a.memory_limit
    );
    let start = std::time::Instant::now();
    let r = invoke(a.problem, &seeds, &cfg, &|row, cell| {
        if !row.expected.admits(cell.verdict) {
            let _ = writeln!(
                io::stderr(),
                "judge: {} seed {}: {} (expected {})",
                row.name(),
                cell.seed,
                cell.shown(),
                row.expected.short()
            );
        }
    });
    let sig = SIGNALLED.load(Ordering::SeqCst);
    if sig != 0 {
        return Ok(ExitCode::from(u8::try_from(128 + sig).unwrap_or(1)));
    }
    let m = match r {
        Ok(m) => m,
        Err(e) => return Ok(fail(3, &e.to_string())),
    };
    let mut out = io::stdout().lock();
    if a.markdown {
        m.write_markdown(&mut out)?;
    } else {
        m.write_text(&mut out)?;
    }
    out.flush()?;
    let failures = m.failures();
    let _ = writeln!(
        io::stderr(),
        "judge: invoke {}: {} submissions × {} seeds in {:.1} s: {}",
        a.problem,
        m.rows.len(),
        m.seeds.len(),
        start.elapsed().as_secs_f64(),
        if failures.is_empty() {
            "every cell right".to_owned()
        } else {
            format!("{} wrong cells", failures.len())
        }
    );
    for f in &failures {
        let _ = writeln!(io::stderr(), "judge: FAILED: {f}");
    }
    Ok(if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
