//! Helpers shared by the judge's integration tests.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// Whether the tests run as root (real uid 0), who ignores file permissions.
pub fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|l| l.split_whitespace().nth(1))
            == Some("0")
    })
}

/// Runs `judge ARGS` with `stdin` written to it, in `cwd` (else the test's
/// own working directory), and returns its output.
pub fn judge_in(
    cwd: Option<&std::path::Path>,
    args: &[&str],
    stdin: &[u8],
) -> std::process::Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_judge"));
    if let Some(dir) = cwd {
        cmd.current_dir(dir);
    }
    cmd.args(args);
    output_with_input(cmd, stdin, std::process::Stdio::piped())
}

/// Runs `cmd` with `stdin` written to it (from a thread, so that a large
/// input cannot block on a full pipe), its standard error to `stderr`, and
/// returns its output.
pub fn output_with_input(
    mut cmd: std::process::Command,
    stdin: &[u8],
    stderr: std::process::Stdio,
) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap_or_else(|e| panic!("start {cmd:?}: {e}"));
    let mut pipe = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    out
}

/// The judge as `nobody` can run it: `/proc/self/fd/N`, where N is a
/// descriptor of a copy of the judge, open for reading in this test process
/// (and, without close-on-exec, in every process it starts) and named
/// nowhere. The build directory may be private, so `nobody` cannot reach the
/// judge by its path; through the descriptor, `setpriv … /proc/self/fd/N`
/// (`nobody` by then) execs the copy without looking up a path, and the
/// copy's only name is removed as soon as it is open, so nothing stays on
/// disk even if the test process is killed. Made once per test process.
pub fn judge_for_nobody() -> &'static Path {
    use nix::fcntl::{FcntlArg, FdFlag, fcntl};
    use std::os::fd::{AsRawFd, OwnedFd};
    static COPY: std::sync::OnceLock<(OwnedFd, PathBuf)> = std::sync::OnceLock::new();
    &COPY
        .get_or_init(|| {
            let dir = tempfile::Builder::new()
                .prefix("nobody-judge-")
                .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
                .expect("tempdir");
            let path = dir.path().join("judge");
            // a copy, not the file itself: exec fails while it is open for writing
            std::fs::copy(env!("CARGO_BIN_EXE_judge"), &path).expect("copy judge");
            let fd = OwnedFd::from(std::fs::File::open(&path).expect("open the copy"));
            dir.close().expect("remove the copy's name");
            fcntl(&fd, FcntlArg::F_SETFD(FdFlag::empty())).expect("no close-on-exec");
            let exec = PathBuf::from(format!("/proc/self/fd/{}", fd.as_raw_fd()));
            (fd, exec)
        })
        .1
}

/// A fresh directory with the given mode.
pub fn dir(parent: &Path, name: &str, mode: u32) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let d = parent.join(name);
    std::fs::create_dir_all(&d).expect("mkdir");
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(mode)).expect("chmod");
    d
}

/// Every process whose command line contains `marker`, after a grace for the
/// kernel to finish tearing killed processes down.
pub fn processes_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(50));
        found.clear();
        for e in std::fs::read_dir("/proc").expect("/proc").flatten() {
            if let Ok(cmd) = std::fs::read(e.path().join("cmdline"))
                && String::from_utf8_lossy(&cmd).contains(marker)
            {
                found.push(String::from_utf8_lossy(&cmd).replace('\0', " "));
            }
        }
        if found.is_empty() {
            break;
        }
    }
    found
}

/// The cgroups a judge with process id `pid` left (named
/// `beatty-judge-<pid>-<n>`), anywhere in the first levels of `/sys/fs/cgroup`.
pub fn cgroups_of(pid: u32) -> Vec<PathBuf> {
    let prefix = format!("beatty-judge-{pid}-");
    let mut found = Vec::new();
    let mut todo = vec![(PathBuf::from("/sys/fs/cgroup"), 0)];
    while let Some((d, depth)) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if !e.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            if e.file_name().to_string_lossy().starts_with(&prefix) {
                found.push(e.path());
            } else if depth < 4 {
                todo.push((e.path(), depth + 1));
            }
        }
    }
    found
}

/// The output of `child` (a judge, as a rule), which must end within
/// `limit`: else it is killed and the test fails saying `what` hangs.
pub fn wait_bounded(
    child: std::process::Child,
    limit: Duration,
    what: &str,
) -> std::process::Output {
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(limit) {
        Ok(out) => out.expect("wait"),
        Err(_) => {
            let _ = std::process::Command::new("kill")
                .args(["-9", &pid.to_string()])
                .status();
            panic!("{what}: hangs (killed after {limit:?})");
        }
    }
}

/// Whether to skip a slow test (saying so): the quick loop, a plain
/// `cargo test --workspace`, runs a slice of the judge's end-to-end matrix;
/// `BEATTY_SLOW_TESTS=1 cargo test --workspace` runs all of it (docs/ci.md).
/// A slow test starts with `if common::skip_slow() { return; }`.
pub use beatty_testing::skip_slow;
