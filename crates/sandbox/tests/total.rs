//! Every public function of the crate at the edges (limits of 0, 1, MAX−1
//! and MAX; an empty command, a path with a NUL, a missing program, a
//! directory as the program, an empty name): an outcome or an error, never
//! a panic. The expectations come from the definitions: a limit of MAX is
//! no limit (`true` exits 0 with no limit hit), 0 memory is refused in both
//! modes, and a program that cannot be started is an error naming its path.
#![cfg(target_os = "linux")]

use beatty_sandbox::{
    Error, Exit, Isolation, Limits, Phase, Stopper, filesystem, find_in_path, identity_left_open,
    into_box, layers, left_open, memory_enforcement, remove_stale, run, run_interactive,
    runs_have_own_user_ids, scratch_dir, strict_available, sweep, syscalls,
};
use std::ffi::OsString;
use std::panic::catch_unwind;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

fn isolations() -> Vec<Isolation> {
    let mut v = vec![Isolation::Basic];
    if strict_available() {
        v.push(Isolation::Strict);
    }
    v
}

fn cmd(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// `run` and `run_interactive` of `cmd` under `limits`, caught: the
/// outcome's exit and limit, or the error.
fn both(
    cmd: &[OsString],
    limits: &Limits,
    isolation: Isolation,
) -> [Result<(Exit, Option<beatty_sandbox::Limit>), std::io::Error>; 2] {
    let batch = catch_unwind(|| run(cmd, Arc::new(Vec::new()), limits, isolation))
        .unwrap_or_else(|_| panic!("run panicked: {cmd:?} {limits:?} {isolation:?}"));
    let talk = catch_unwind(|| {
        run_interactive(cmd, limits, isolation, false, |to, from| {
            drop((to, from));
        })
    })
    .unwrap_or_else(|_| panic!("run_interactive panicked: {cmd:?} {limits:?} {isolation:?}"));
    [
        batch.map(|o| (o.exit, o.limit)),
        talk.map(|(o, ())| (o.exit, o.limit)),
    ]
}

/// Every limit at MAX and MAX − 1 is no limit: `true` exits 0 and no limit
/// stops it (a CPU rlimit that wrapped to 0 would kill it with SIGXCPU).
#[test]
fn huge_limits_are_no_limits() {
    for isolation in isolations() {
        for (d, n) in [
            (Duration::MAX, u64::MAX),
            (Duration::MAX - Duration::from_nanos(1), u64::MAX - 1),
            (Duration::from_secs(u64::MAX), u64::MAX),
        ] {
            let limits = Limits::default()
                .with_wall(d)
                .with_cpu(d)
                .with_memory(n)
                .with_output(n)
                .with_disk(n);
            for r in both(&cmd(&["true"]), &limits, isolation) {
                let r = r.unwrap_or_else(|e| panic!("{isolation:?} {d:?}: {e}"));
                assert_eq!(r, (Exit::Code(0), None), "{isolation:?} {d:?} {n}");
            }
        }
    }
}

/// Limits of 0 and 1: an answer or an error, never a panic; a memory limit
/// of 0 is refused alike in both modes.
#[test]
fn tiny_limits_give_an_outcome_or_an_error() {
    for isolation in isolations() {
        for (d, n) in [(Duration::ZERO, 0), (Duration::from_nanos(1), 1)] {
            let limits = Limits::default()
                .with_wall(d)
                .with_cpu(d)
                .with_memory(n)
                .with_output(n)
                .with_disk(n);
            for r in both(&cmd(&["true"]), &limits, isolation) {
                if n == 0 {
                    let e = r.expect_err("a memory limit of 0");
                    assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
                    assert_eq!(Error::of(&e).map(Error::phase), Some(Phase::Check));
                } else {
                    // 1 ns of CPU and wall time, 1 byte of memory: the run
                    // is stopped (or refused), never judged within limits.
                    if let Ok((exit, limit)) = r {
                        assert!(
                            limit.is_some() || exit != Exit::Code(0),
                            "{isolation:?}: {exit:?}"
                        );
                    }
                }
            }
        }
        // Only the memory at 0, the rest as by default: refused too.
        let limits = Limits::default().with_memory(0);
        for r in both(&cmd(&["true"]), &limits, isolation) {
            let e = r.expect_err("a memory limit of 0");
            assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
        }
    }
}

/// Commands that cannot run: an error (naming the phase, and the path where
/// there is one), never a panic.
#[test]
fn commands_that_cannot_run_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap().to_owned();
    let cases: Vec<(Vec<OsString>, Option<&str>)> = vec![
        (Vec::new(), None),
        (cmd(&[""]), Some("")),
        (cmd(&["/no/such/program"]), Some("/no/such/program")),
        (
            cmd(&["no-such-program-anywhere"]),
            Some("no-such-program-anywhere"),
        ),
        (cmd(&["/bin/true\0x"]), Some("/bin/true")),
        (cmd(&["/bin/echo", "a\0b"]), None),
        (cmd(&[&d]), Some(&d)),
    ];
    for isolation in isolations() {
        for (c, path) in &cases {
            for r in both(c, &Limits::default(), isolation) {
                let e = r.expect_err(&format!("{c:?} ({isolation:?}) ran"));
                let text = e.to_string();
                let inner = Error::of(&e)
                    .unwrap_or_else(|| panic!("{c:?} ({isolation:?}): not a run's error: {e}"));
                assert!(
                    matches!(inner.phase(), Phase::Check | Phase::Prepare | Phase::Start),
                    "{c:?}: {text}"
                );
                if let Some(p) = path {
                    let shown = inner.path().map(|p| p.to_string_lossy().into_owned());
                    assert!(
                        shown.as_deref().is_some_and(|s| s.contains(p)),
                        "{c:?} ({isolation:?}): {text}"
                    );
                }
                assert!(!text.contains('\0'), "{c:?}: {text:?}");
            }
        }
    }
}

/// A public function's name and a call of it at its edges.
type Call = (&'static str, Box<dyn Fn()>);

/// The functions without a run: each at its edges, caught.
#[test]
fn every_other_function_answers() {
    let calls: Vec<Call> = vec![
        (
            "find_in_path",
            Box::new(|| {
                for name in ["", "sh", "/bin/sh", "no-such-program-anywhere", "a\0b", "/"] {
                    let _ = find_in_path(name.as_ref());
                }
                assert!(find_in_path("sh".as_ref()).is_some());
            }),
        ),
        (
            "runs_have_own_user_ids",
            Box::new(|| {
                let _ = runs_have_own_user_ids();
            }),
        ),
        (
            "left_open",
            Box::new(|| {
                assert_eq!(left_open(Isolation::Strict), None);
                assert!(left_open(Isolation::Basic).is_some());
            }),
        ),
        (
            "identity_left_open",
            Box::new(|| {
                let _ = identity_left_open(Isolation::Strict);
                assert_eq!(identity_left_open(Isolation::Basic), None);
            }),
        ),
        ("layers", Box::new(|| assert!(layers().contains("seccomp")))),
        (
            "memory_enforcement",
            Box::new(|| assert!(!memory_enforcement().is_empty())),
        ),
        (
            "filesystem",
            Box::new(|| {
                let _ = (filesystem::abi(), filesystem::describe());
                let _ = (filesystem::all_rights(), filesystem::read_rights());
                let plan = filesystem::Plan {
                    read: vec!["/no/such".into(), "".into(), "/".into()],
                    write: vec!["/no/such/either".into()],
                };
                let _ = filesystem::ruleset(&plan);
                let _ = filesystem::ruleset(&filesystem::Plan::default());
            }),
        ),
        (
            "syscalls",
            Box::new(|| {
                let _ = (syscalls::filter(), syscalls::describe());
            }),
        ),
        (
            "scratch_dir",
            Box::new(|| {
                for kind in ["", "x", "a/b", "a\0b", &"k".repeat(300)] {
                    let _ = scratch_dir(kind);
                }
                assert!(scratch_dir("total").is_ok());
            }),
        ),
        ("sweep", Box::new(sweep)),
        (
            "remove_stale",
            Box::new(|| {
                for dir in ["", "/no/such", "/dev/null"] {
                    remove_stale(Path::new(dir));
                }
            }),
        ),
        (
            "into_box",
            Box::new(|| {
                for c in [
                    cmd(&[]),
                    cmd(&[""]),
                    cmd(&["/no/such"]),
                    cmd(&["/bin/sh", "-c", ""]),
                    cmd(&["a\0b"]),
                ] {
                    let _ = into_box(&c);
                }
            }),
        ),
        (
            "Limits",
            Box::new(|| {
                let l = Limits::default().with_hide(vec!["".into(), "/".into()]);
                assert_eq!(l.hide.len(), 2);
                assert!(l.stopper().is_none());
            }),
        ),
        (
            "Stopper",
            Box::new(|| {
                let s = Stopper::new();
                s.stop();
                s.stop();
                assert!(s.is_stopped());
            }),
        ),
    ];
    for (name, call) in calls {
        assert!(
            catch_unwind(std::panic::AssertUnwindSafe(call)).is_ok(),
            "{name} panicked"
        );
    }
}
