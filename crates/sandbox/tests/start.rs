//! The state a program starts in: what a process started by a shell has
//! (POSIX `exec` keeps the signal mask and ignored signals, so a sandbox that
//! starts programs with signals blocked breaks every program that waits for
//! `SIGCHLD`, such as `sh -c 'sleep 1 & wait'`), and the standard streams
//! the run gives it.
#![cfg(target_os = "linux")]

use beatty_sandbox::{Exit, Isolation, Limits};
use std::ffi::OsString;
use std::sync::Arc;
use std::time::Duration;

/// Held (shared) around every run here (`strict_available`'s too), and alone by the test that runs the
/// others as `nobody`: the library reaps the children of the process it runs
/// in that are not runs of its own, that test's child among them.
static RUNS: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Set where strict isolation must be available (see
/// `every_start_is_tested_as_nobody_too`).
const STRICT_EXPECTED: &str = "BEATTY_TEST_STRICT_EXPECTED";

/// `beatty_sandbox::run`, holding [`RUNS`].
macro_rules! run {
    ($($arg:expr),* $(,)?) => {{
        let _shared = RUNS.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        beatty_sandbox::run($($arg),*)
    }};
}

fn limits() -> Limits {
    Limits::default()
        .with_wall(Duration::from_secs(10))
        .with_cpu(Duration::from_secs(5))
        .with_memory(256 << 20)
        .with_output(16 << 20)
        .with_disk(16 << 20)
}

fn isolations() -> Vec<Isolation> {
    let mut v = vec![Isolation::Basic];
    // A run too, the first time.
    let strict = {
        let _shared = RUNS
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        beatty_sandbox::strict_available()
    };
    // Set by the test as `nobody` where the kernel gives `nobody` the
    // namespaces: strict isolation must work.
    if std::env::var_os(STRICT_EXPECTED).is_some() {
        assert!(strict, "strict isolation is not available as nobody");
    }
    if strict {
        v.push(Isolation::Strict);
    }
    v
}

fn output_of(cmd: &[&str], input: &[u8], isolation: Isolation) -> String {
    let cmd: Vec<OsString> = cmd.iter().map(OsString::from).collect();
    let o = run!(&cmd, Arc::new(input.to_vec()), &limits(), isolation).expect("run");
    assert_eq!(
        o.exit,
        Exit::Code(0),
        "{cmd:?} ({isolation:?}): {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("utf-8")
}

/// `/proc/self/status` of the program itself (grep execs directly: no shell
/// in between to reset anything): no signal blocked, none ignored.
#[test]
fn no_signal_is_blocked_or_ignored() {
    for isolation in isolations() {
        let status = output_of(
            &["grep", "-E", "^Sig(Blk|Ign):", "/proc/self/status"],
            b"",
            isolation,
        );
        assert_eq!(
            status, "SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n",
            "{isolation:?}"
        );
    }
}

/// A shell that waits for a background child gets its `SIGCHLD`.
#[test]
fn a_shell_waits_for_its_background_children() {
    for isolation in isolations() {
        let out = output_of(&["sh", "-c", "sleep 0.1 & wait; echo done"], b"", isolation);
        assert_eq!(out, "done\n", "{isolation:?}");
    }
}

/// Standard input is the input, standard output is read whole.
#[test]
fn input_reaches_the_program_and_output_the_judge() {
    let input: Vec<u8> = (0..200_000u32)
        .flat_map(|i| format!("{i}\n").into_bytes())
        .collect();
    for isolation in isolations() {
        let out = output_of(&["cat"], &input, isolation);
        assert_eq!(out.as_bytes(), input.as_slice(), "{isolation:?}");
    }
}

/// Output past the cap stops the run (`Limit::Output`) and is cut at the cap
/// exactly; standard error keeps its last `STDERR_KEEP` bytes.
#[test]
fn output_is_capped_and_errors_keep_their_tail() {
    use beatty_sandbox::{Limit, STDERR_KEEP};
    let cap = 100_000u64;
    for isolation in isolations() {
        let flood: Vec<OsString> = ["sh", "-c", "yes 0123456789"]
            .iter()
            .map(OsString::from)
            .collect();
        let capped = limits().with_output(cap);
        let o = run!(&flood, Arc::new(Vec::new()), &capped, isolation).expect("run");
        assert_eq!(o.limit, Some(Limit::Output), "{isolation:?}");
        assert_eq!(o.stdout.len() as u64, cap, "{isolation:?}");
        assert!(
            o.stdout.starts_with(b"0123456789\n0123456789\n"),
            "{isolation:?}"
        );

        // 200 000 bytes of errors, then a last line.
        let script = "i=0; while [ $i -lt 2000 ]; do printf '%099d\\n' $i >&2; i=$((i+1)); done; echo last line >&2";
        let o = run!(
            &["sh".into(), "-c".into(), script.into()],
            Arc::new(Vec::new()),
            &limits(),
            isolation,
        )
        .expect("run");
        assert_eq!(o.exit, Exit::Code(0), "{isolation:?}");
        assert_eq!(o.stderr.len(), STDERR_KEEP, "{isolation:?}");
        assert!(o.stderr.ends_with(b"01999\nlast line\n"), "{isolation:?}");
    }
}

/// The memory limit changes from run to run (cgroups are made ahead with the
/// last run's limit): raised, lowered, raised again, each one in force.
#[test]
fn memory_limits_change_between_runs() {
    use beatty_sandbox::Limit;
    let hog: Vec<OsString> = ["python3", "-c", "b = b'x' * 100_000_000; print(len(b))"]
        .iter()
        .map(OsString::from)
        .collect();
    for isolation in isolations() {
        for mib in [64u64, 512, 32, 512, 48] {
            let limits = limits().with_memory(mib << 20);
            let o = run!(&hog, Arc::new(Vec::new()), &limits, isolation).expect("run");
            if mib >= 512 {
                assert_eq!(o.exit, Exit::Code(0), "{mib} MiB, {isolation:?}");
                assert_eq!(o.stdout, b"100000000\n", "{mib} MiB, {isolation:?}");
                assert_eq!(o.limit, None, "{mib} MiB, {isolation:?}");
            } else {
                assert_eq!(o.limit, Some(Limit::Memory), "{mib} MiB, {isolation:?}");
            }
        }
    }
}

/// As root, every other test here runs again as `nobody` (uid and gid 65534,
/// no groups), in a copy of this test binary: the start without root (a run
/// in a user namespace of its own, its network namespace from the pool in
/// the judge's user namespace) is tested where the suite runs as root.
#[test]
fn every_start_is_tested_as_nobody_too() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    if !nix::unistd::geteuid().is_root() {
        return;
    }
    let dir = tempfile::tempdir().expect("a directory");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let copy = dir.path().join("tests");
    std::fs::copy(std::env::current_exe().expect("this binary"), &copy).expect("copy");
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let _alone = RUNS
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // Control, independent of the code tested: util-linux's `unshare` makes
    // the namespaces of a strict run as `nobody`.
    let kernel_gives = std::process::Command::new("unshare")
        .args([
            "--user",
            "--map-current-user",
            "--net",
            "--pid",
            "--fork",
            "--mount",
        ])
        .args(["--ipc", "--uts", "true"])
        .uid(65534)
        .gid(65534)
        .status()
        .is_ok_and(|s| s.success());
    // A run started by another test meanwhile may hold the copy open for
    // writing a moment (its fork took the descriptor): `ETXTBSY`, again.
    let out = (0..100)
        .map(|_| {
            std::process::Command::new(&copy)
                .args(["--skip", "every_start_is_tested_as_nobody_too"])
                .envs(kernel_gives.then_some((STRICT_EXPECTED, "1")))
                .current_dir(dir.path())
                .uid(65534)
                .gid(65534)
                .output()
        })
        .find(|o| {
            let busy = o
                .as_ref()
                .is_err_and(|e| e.raw_os_error() == Some(libc::ETXTBSY));
            if busy {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            !busy
        })
        .expect("not busy for good")
        .expect("the copy runs");
    let said = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "as nobody ({}): {said} {err}",
        out.status
    );
    assert!(said.contains("5 passed"), "as nobody: {said}");
}
