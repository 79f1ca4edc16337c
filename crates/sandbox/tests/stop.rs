//! Stopping runs through a handle ([`Stopper`]): a stopped run ends within
//! ticks with an `Interrupted` error, a run started with a stopped stopper is
//! refused, and a run with a fresh stopper (or none) afterwards works.
//! (`stop_all.rs` tests the process-wide shutdown, in a binary of its own.)
#![cfg(target_os = "linux")]

use beatty_sandbox::{Error, Exit, Isolation, Limits, Phase, Stopper, run};
use std::ffi::OsString;
use std::sync::Arc;
use std::time::Duration;

fn isolations() -> Vec<Isolation> {
    let mut v = vec![Isolation::Basic];
    if beatty_sandbox::strict_available() {
        v.push(Isolation::Strict);
    }
    v
}

fn cmd(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

fn echo(limits: &Limits, isolation: Isolation) -> std::io::Result<Vec<u8>> {
    let o = run(
        &cmd(&["echo", "again"]),
        Arc::new(Vec::new()),
        limits,
        isolation,
    )?;
    assert_eq!((o.exit, o.limit), (Exit::Code(0), None), "{isolation:?}");
    Ok(o.stdout)
}

#[test]
fn a_stopper_stops_its_runs_and_later_runs_work() {
    for isolation in isolations() {
        let stop = Stopper::new();
        let limits = Limits::default()
            .with_wall(Duration::from_secs(60))
            .with_cpu(Duration::from_secs(60))
            .with_stopper(stop.clone());
        let other = Limits::default().with_stopper(Stopper::new());
        std::thread::scope(|s| {
            // A run that would take a minute, stopped after it started.
            let long = s.spawn(|| {
                run(
                    &cmd(&["sleep", "60"]),
                    Arc::new(Vec::new()),
                    &limits,
                    isolation,
                )
            });
            // A run with another stopper, beside it, is not stopped.
            let beside = s.spawn(|| {
                run(
                    &cmd(&["sleep", "1"]),
                    Arc::new(Vec::new()),
                    &other,
                    isolation,
                )
            });
            std::thread::sleep(Duration::from_millis(300));
            stop.stop();
            let e = long.join().unwrap().expect_err("a stopped run");
            assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "{e}");
            assert_eq!(Error::of(&e).map(Error::phase), Some(Phase::Watch), "{e}");
            let o = beside.join().unwrap().expect("the other stopper's run");
            assert_eq!((o.exit, o.limit), (Exit::Code(0), None), "{isolation:?}");
        });
        // Started with the stopped stopper: refused.
        let e = echo(&limits, isolation).expect_err("a run with a stopped stopper");
        assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "{e}");
        // Refused before it starts, not stopped by the watch.
        assert_eq!(Error::of(&e).map(Error::phase), Some(Phase::Start), "{e}");
        // A fresh stopper, or none: the runs work.
        let fresh = Limits::default().with_stopper(Stopper::new());
        assert_eq!(echo(&fresh, isolation).unwrap(), b"again\n");
        assert_eq!(echo(&Limits::default(), isolation).unwrap(), b"again\n");
    }
}
