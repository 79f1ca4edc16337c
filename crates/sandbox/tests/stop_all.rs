//! [`stop_all`], the process-wide shutdown of the `judge` binary's signal
//! handler: a run that works before it does not start after it, with a
//! stopper or without. It stops every run of the process for good, so it is
//! the only test of this binary (cargo runs each test binary in a process of
//! its own).
#![cfg(target_os = "linux")]

use beatty_sandbox::{Exit, Isolation, Limits, Stopper, run, stop_all};
use std::sync::Arc;

fn echo(limits: &Limits) -> std::io::Result<Vec<u8>> {
    let cmd = ["echo".into(), "again".into()];
    let o = run(&cmd, Arc::new(Vec::new()), limits, Isolation::Basic)?;
    assert_eq!((o.exit, o.limit), (Exit::Code(0), None));
    Ok(o.stdout)
}

#[test]
fn after_stop_all_no_run_starts() {
    assert_eq!(echo(&Limits::default()).unwrap(), b"again\n");
    stop_all();
    let e = echo(&Limits::default()).expect_err("a run after stop_all");
    assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "{e}");
    let e = echo(&Limits::default().with_stopper(Stopper::new()))
        .expect_err("a run after stop_all, with a stopper");
    assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "{e}");
}
