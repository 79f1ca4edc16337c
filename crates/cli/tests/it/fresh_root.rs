//! The attacks of issue #37 on the sandbox of `judge run`, one test per class,
//! each program in `tests/attacks/` (C, compiled with `gcc` by the test or,
//! where the attack is the compile, by the judge).
//!
//! Every test first runs its attack **outside** the judge (the control), as
//! the user the judged run would have: as root when the tests run as root,
//! and as `nobody` (uid 65534, through `setpriv`) for the round of a judge
//! running as `nobody`; the control asserts that the attack works there (the
//! program prints the right answer, the side effect happens). Then it judges
//! the program with the default flags (no `--isolation`; the attack on the
//! judge also with `--isolation basic`, the case), by a judge running as
//! the tests' user and, when the tests run as root and `setpriv` is there,
//! by a judge running as `nobody`; and asserts that the attack got no AC and
//! no side effect on the host. Each program prints the right answer only if
//! its attack succeeded, and one line on standard error saying what happened.
//!
//! A judged round's failures are collected and reported together at the end
//! of its test, so that one failing round does not hide the others. Every
//! judge is bounded to 30 s, and after it no process it started may survive
//! (searched by a marker in the command line, and by its box's name as root),
//! no cgroup or box of it may remain, and its `TMPDIR` must be empty.
#![cfg(target_os = "linux")]

use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::common::{cgroups_of, dir, is_root, judge_for_nobody, processes_with, wait_bounded};

/// The unprivileged user of the second round.
const NOBODY: u32 = 65534;

/// `setpriv`'s arguments that make the rest of its command line `nobody`'s.
const AS_NOBODY: [&str; 3] = ["--reuid=65534", "--regid=65534", "--clear-groups"];

/// Whom a judge, and so its runs, runs as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum User {
    /// The tests' own user (root, as a rule).
    Me,
    /// `nobody`, through `setpriv` (only when the tests run as root).
    Nobody,
}

impl User {
    /// The rounds of a test: the tests' own user, and `nobody` too when the
    /// tests run as root and `setpriv` is there.
    pub(crate) fn all() -> Vec<User> {
        if is_root() && Path::new("/usr/bin/setpriv").exists() {
            vec![User::Me, User::Nobody]
        } else {
            vec![User::Me]
        }
    }

    /// The user of a judge without root (no memory cgroup, the run keeps the
    /// judge's uid): `nobody` as root, else the tests' own user; none when the
    /// tests run as root without `setpriv`.
    fn unprivileged() -> Option<User> {
        if !is_root() {
            Some(User::Me)
        } else if Path::new("/usr/bin/setpriv").exists() {
            Some(User::Nobody)
        } else {
            eprintln!("skipping the unprivileged round: root without /usr/bin/setpriv");
            None
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            User::Me if is_root() => "root",
            User::Me => "the tests' user",
            User::Nobody => "nobody",
        }
    }

    /// Gives `path` to this user.
    pub(crate) fn chown(self, path: &Path) {
        if self == User::Nobody {
            std::os::unix::fs::chown(path, Some(NOBODY), Some(NOBODY)).expect("chown");
        }
    }

    /// `program` run as this user.
    pub(crate) fn command(self, program: impl AsRef<OsStr>) -> Command {
        match self {
            User::Me => Command::new(program),
            User::Nobody => {
                let mut c = Command::new("setpriv");
                c.args(AS_NOBODY).arg(program);
                c
            }
        }
    }

    /// The judge's binary this user runs: `nobody` a copy it can read.
    fn judge(self) -> PathBuf {
        match self {
            User::Me => PathBuf::from(env!("CARGO_BIN_EXE_judge")),
            User::Nobody => judge_for_nobody().to_path_buf(),
        }
    }
}

/// Sets the mode of `path`.
pub(crate) fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// The mode bits of `path`.
fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).expect("stat").mode() & 0o7777
}

/// A test's directory in Cargo's temporary directory (which the runs' users
/// can reach): `prog/` for programs (readable by all), `tests/` with one test
/// (`1 2` → `0`, readable by all), `tmp/` for the judge's `TMPDIR` (the
/// user's, 0700). Its name is the marker of the round: every judged command
/// line carries it, so that surviving processes can be found.
pub(crate) struct Scratch {
    pub(crate) base: tempfile::TempDir,
    pub(crate) marker: String,
    pub(crate) prog: PathBuf,
    pub(crate) tests: PathBuf,
    pub(crate) tmp: PathBuf,
}

pub(crate) fn scratch(test: &str, user: User) -> Scratch {
    let base = tempfile::Builder::new()
        .prefix(&format!(
            "beatty-attack-{}-{test}-{}-",
            std::process::id(),
            if user == User::Nobody { "nobody" } else { "me" }
        ))
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir");
    chmod(base.path(), 0o755);
    let marker = base
        .path()
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    let prog = dir(base.path(), "prog", 0o755);
    let tests = dir(base.path(), "tests", 0o755);
    write_test(&tests, "a", "1 2\n", "0\n");
    let tmp = dir(base.path(), "tmp", 0o700);
    user.chown(&tmp);
    Scratch {
        base,
        marker,
        prog,
        tests,
        tmp,
    }
}

/// Writes the test `name` (input and answer), readable by all.
pub(crate) fn write_test(dir: &Path, name: &str, input: &str, answer: &str) {
    for (ext, text) in [("in", input), ("ans", answer)] {
        let f = dir.join(format!("{name}.{ext}"));
        std::fs::write(&f, text).expect("write a test");
        chmod(&f, 0o644);
    }
}

/// A fresh directory in the host's `/tmp` (`/tmp/PREFIX…`), removed with
/// everything in it when dropped, given to `user` with `mode`.
pub(crate) fn host_tmp(prefix: &str, user: User, mode: u32) -> tempfile::TempDir {
    let d = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir_in("/tmp")
        .expect("a directory in /tmp");
    chmod(d.path(), mode);
    user.chown(d.path());
    d
}

/// The attack program `name` of `tests/attacks/`.
fn attack(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/attacks")
        .join(name)
}

/// The C program `tests/attacks/NAME.c` compiled into `dir/NAME` (readable
/// and executable by all); `None` (with a message) when there is no `gcc`.
pub(crate) fn build(name: &str, dir: &Path, defines: &[(&str, &str)]) -> Option<PathBuf> {
    let out = dir.join(name);
    let mut gcc = Command::new("gcc");
    gcc.args(["-O2", "-o"])
        .arg(&out)
        .arg(attack(&format!("{name}.c")));
    for (k, v) in defines {
        gcc.arg(format!("-D{k}=\"{v}\""));
    }
    match gcc.status() {
        Ok(s) => {
            assert!(s.success(), "gcc failed on {name}.c");
            chmod(&out, 0o755);
            Some(out)
        }
        Err(e) => {
            eprintln!("skipping {name}: cannot run gcc: {e}");
            None
        }
    }
}

/// `tests/attacks/NAME.c` copied into `dir` with `#define`s before it (a
/// source file the judge compiles gets no compiler options), readable by all.
fn source(name: &str, dir: &Path, defines: &[(&str, &str)]) -> PathBuf {
    let mut text = String::new();
    for (k, v) in defines {
        text.push_str(&format!("#define {k} \"{v}\"\n"));
    }
    text.push_str(&std::fs::read_to_string(attack(&format!("{name}.c"))).expect("read"));
    let out = dir.join(format!("{name}.c"));
    std::fs::write(&out, text).expect("write the source");
    chmod(&out, 0o644);
    out
}

/// Runs a control: `cmd` outside the judge with `input`, bounded to 30 s;
/// returns its standard output, printing its standard error.
pub(crate) fn control(what: &str, mut cmd: Command, input: &str) -> String {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: cannot start the control: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = wait_bounded(child, Duration::from_secs(30), what);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{what} (control): {}", stderr.trim_end());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The failures of a test's judged rounds, reported together by
/// [`Failures::finish`].
#[derive(Default)]
pub(crate) struct Failures(pub(crate) Vec<String>);

impl Failures {
    pub(crate) fn check(&mut self, ok: bool, message: impl FnOnce() -> String) {
        if !ok {
            let m = message();
            eprintln!("FAILED: {m}");
            self.0.push(m);
        }
    }

    pub(crate) fn finish(self) {
        assert!(
            self.0.is_empty(),
            "{} judged assertion(s) failed:\n\n{}",
            self.0.len(),
            self.0.join("\n\n")
        );
    }
}

/// What a judge said.
pub(crate) struct Judged {
    pub(crate) what: String,
    pub(crate) code: Option<i32>,
    pub(crate) report: String,
    pub(crate) stderr: String,
    /// The word after `verdict: ` on the report's last line (empty without one).
    pub(crate) verdict: String,
    took: Duration,
}

impl Judged {
    /// Everything the judge said, for a failure's message.
    pub(crate) fn said(&self) -> String {
        format!(
            "exit {:?} after {:.1?}; report:\n{}stderr:\n{}",
            self.code, self.took, self.report, self.stderr
        )
    }

    /// The attack was refused: a verdict, not AC, one of `expected`.
    pub(crate) fn refused(&self, f: &mut Failures, expected: &[&str]) {
        f.check(self.verdict != "AC", || {
            format!("{}: the attack got AC; {}", self.what, self.said())
        });
        f.check(
            self.verdict == "AC" || expected.contains(&self.verdict.as_str()),
            || {
                format!(
                    "{}: expected {} (the attack's wrong answer), got {:?}; {}",
                    self.what,
                    expected.join(" or "),
                    self.verdict,
                    self.said()
                )
            },
        );
    }
}

/// Runs `judge run wythoff ARGS` as `user` in `cwd` with `TMPDIR` = `tmp`,
/// bounded to 30 s (with `pid_last`, the judge's process id is appended to
/// its arguments: it is the program's last argument). Afterwards checks that
/// no process with `marker` in its command line (or in its box, as root)
/// survives, and that no cgroup, box or file in `tmp` of it remains.
pub(crate) fn judge(
    user: User,
    what: &str,
    args: &[&OsStr],
    (cwd, tmp, marker): (&Path, &Path, &str),
    pid_last: bool,
    f: &mut Failures,
) -> Judged {
    // `sh` execs the judge (as `setpriv` does), so `$$` is the judge's pid.
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(if pid_last {
            "exec \"$@\" \"$$\""
        } else {
            "exec \"$@\""
        })
        .arg("sh");
    if user == User::Nobody {
        c.arg("setpriv").args(AS_NOBODY);
    }
    c.arg(user.judge()).args(["run", "wythoff"]).args(args);
    let start = Instant::now();
    let child = c
        .current_dir(cwd)
        .env("TMPDIR", tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the judge");
    let pid = child.id();
    let out = wait_bounded(child, Duration::from_secs(30), what);
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    let verdict = report
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("verdict: "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_default()
        .to_owned();
    let j = Judged {
        what: format!("{what} (judged, judge as {})", user.name()),
        code: out.status.code(),
        report,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        verdict,
        took: start.elapsed(),
    };
    eprintln!(
        "{}: {}",
        j.what,
        j.report.lines().last().unwrap_or_default()
    );
    let box_name = format!("judge-box-{pid}-");
    for m in [marker, &box_name] {
        let survivors = processes_with(m);
        f.check(survivors.is_empty(), || {
            format!("{}: processes survive: {survivors:?}", j.what)
        });
    }
    let cgroups = cgroups_of(pid);
    f.check(cgroups.is_empty(), || {
        format!("{}: cgroups left: {cgroups:?}", j.what)
    });
    let boxes: Vec<_> = std::fs::read_dir("/run")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&box_name))
        .map(|e| e.path())
        .collect();
    f.check(boxes.is_empty(), || {
        format!("{}: boxes left: {boxes:?}", j.what)
    });
    let left: Vec<_> = std::fs::read_dir(tmp)
        .expect("read TMPDIR")
        .flatten()
        .map(|e| e.path())
        .collect();
    f.check(left.is_empty(), || {
        format!("{}: left in the judge's TMPDIR: {left:?}", j.what)
    });
    j
}

/// The files of the host's `/tmp` whose names start with `MARKER-`, removed
/// (what a run left there).
fn take_from_host_tmp(marker: &str) -> Vec<PathBuf> {
    let prefix = format!("{marker}-");
    let found: Vec<PathBuf> = std::fs::read_dir("/tmp")
        .expect("read /tmp")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .collect();
    for f in &found {
        let _ = std::fs::remove_file(f);
    }
    found
}

pub(crate) fn os<T: AsRef<OsStr> + ?Sized>(s: &T) -> &OsStr {
    s.as_ref()
}

/// A Unix socket listening in this process at `path` (mode 0777), which
/// answers every connection with `0` (the right answer of the tests) and
/// counts them; stopped when dropped.
struct Listener {
    connections: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Listener {
    fn new(path: &Path) -> Listener {
        let l = std::os::unix::net::UnixListener::bind(path).expect("bind a Unix socket");
        chmod(path, 0o777);
        l.set_nonblocking(true).expect("non-blocking");
        let connections = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (n, halt) = (connections.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            while !halt.load(Ordering::Relaxed) {
                match l.accept() {
                    Ok((mut s, _)) => {
                        n.fetch_add(1, Ordering::SeqCst);
                        let _ = s.set_nonblocking(false);
                        let _ = s.write_all(b"0\n");
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Listener {
            connections,
            stop,
            thread: Some(thread),
        }
    }

    /// The connections so far, and the count reset.
    fn take(&self) -> usize {
        self.connections.swap(0, Ordering::SeqCst)
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Issue #37, attack 1: a named Unix socket of the host (on the issue's
/// machine the judging user's tmux server, `/tmp/tmux-UID/default`, which ran
/// a shell command outside the sandbox). A listener of this test answers `0`
/// on a socket in a fresh directory of the host's `/tmp` (the user's, mode
/// 0755; the socket 0777) and, as root, of `/run`; `unix_connect` connects to
/// it (its path an argument) and prints the answer. Control: it gets `0`.
/// Judged (default flags): not AC, and the listener got no connection.
#[test]
fn named_unix_sockets_of_the_host_are_out_of_reach() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("socket", user);
        let Some(prog) = build("unix_connect", &s.prog, &[]) else {
            return;
        };
        let mut places = vec![host_tmp("beatty-attack-socket-", user, 0o755)];
        if is_root() {
            let run = tempfile::Builder::new()
                .prefix("beatty-attack-socket-")
                .tempdir_in("/run")
                .expect("a directory in /run");
            chmod(run.path(), 0o755);
            user.chown(run.path());
            places.push(run);
        }
        for place in &places {
            let sock = place.path().join("default");
            let listener = Listener::new(&sock);
            user.chown(&sock);
            let what = format!("a Unix socket at {} ({})", sock.display(), user.name());
            let mut c = user.command(&prog);
            c.arg(&sock);
            let out = control(&what, c, "1 2\n");
            assert_eq!(out, "0\n", "{what}: the control did not get the answer");
            assert_eq!(listener.take(), 1, "{what}: the control did not connect");
            let j = judge(
                user,
                &what,
                &[
                    os("--tests"),
                    s.tests.as_os_str(),
                    os("--time-limit"),
                    os("10"),
                    os("--"),
                    prog.as_os_str(),
                    sock.as_os_str(),
                    os(&s.marker),
                ],
                (s.base.path(), &s.tmp, &s.marker),
                false,
                &mut f,
            );
            j.refused(&mut f, &["WA"]);
            let n = listener.take();
            f.check(n == 0, || {
                format!("{}: the listener got {n} connection(s)", j.what)
            });
        }
    }
    f.finish();
}

/// A "home" of `user` in `parent` (mode 0755, the user's) with a 0600 secret
/// file, made afresh.
fn home(parent: &Path, user: User) -> PathBuf {
    let h = parent.join("home");
    if h.exists() {
        std::fs::remove_dir_all(&h).expect("remove the old home");
    }
    let h = dir(parent, "home", 0o755);
    let secret = h.join("secret");
    std::fs::write(&secret, "the judging user's secret\n").expect("write");
    chmod(&secret, 0o600);
    user.chown(&secret);
    user.chown(&h);
    h
}

/// The extended attributes of `path` (through python3's `os.listxattr`).
fn xattrs(path: &Path) -> String {
    let out = Command::new("python3")
        .args([
            "-c",
            "import os, sys; print(sorted(os.listxattr(sys.argv[1])))",
        ])
        .arg(path)
        .output()
        .expect("python3");
    assert!(out.status.success(), "python3 listxattr failed");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Issue #37, attack 2: the metadata of the judging user's files, which
/// Landlock (it checks opens) does not guard. The home (0755) and its 0600
/// secret belong to the judge's user (`nobody` for the judge as `nobody`,
/// root for root's); `metadata` makes the home 0777 and the secret 0666,
/// sets the secret's times (`utimensat`) and an extended attribute `user.x`
/// on it. Control: every change succeeds. Judged (default flags): not AC, and
/// the modes, the modification time and the extended attributes unchanged.
#[test]
fn metadata_of_the_judging_users_files_stays() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("metadata", user);
        let Some(prog) = build("metadata", &s.prog, &[]) else {
            return;
        };
        let what = format!("the metadata of {}'s home", user.name());
        let h = home(s.base.path(), user);
        let secret = h.join("secret");
        let mut c = user.command(&prog);
        c.arg(&h);
        let out = control(&what, c, "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control failed");
        assert_eq!(mode(&h), 0o777, "{what}: control: the home's mode");
        assert_eq!(mode(&secret), 0o666, "{what}: control: the secret's mode");
        assert!(
            xattrs(&secret).contains("user.x"),
            "{what}: control: no user.x"
        );
        let mtime = std::fs::metadata(&secret).expect("stat").mtime();
        assert_eq!(mtime, 1_000_000_000, "{what}: control: the secret's mtime");
        let h = home(s.base.path(), user);
        let secret = h.join("secret");
        let before = std::fs::metadata(&secret).expect("stat");
        let xattrs_before = xattrs(&secret);
        let j = judge(
            user,
            &what,
            &[
                os("--tests"),
                s.tests.as_os_str(),
                os("--time-limit"),
                os("10"),
                os("--"),
                prog.as_os_str(),
                h.as_os_str(),
                os(&s.marker),
            ],
            (s.base.path(), &s.tmp, &s.marker),
            false,
            &mut f,
        );
        j.refused(&mut f, &["WA"]);
        let after = std::fs::metadata(&secret).expect("stat");
        let (home_mode, secret_mode) = (mode(&h), mode(&secret));
        f.check(home_mode == 0o755, || {
            format!("{}: the home's mode is now {home_mode:o}", j.what)
        });
        f.check(secret_mode == 0o600, || {
            format!("{}: the secret's mode is now {secret_mode:o}", j.what)
        });
        f.check(
            (after.mtime(), after.mtime_nsec()) == (before.mtime(), before.mtime_nsec()),
            || {
                format!(
                    "{}: the secret's mtime changed from {} to {}",
                    j.what,
                    before.mtime(),
                    after.mtime()
                )
            },
        );
        let xattrs_after = xattrs(&secret);
        f.check(xattrs_after == xattrs_before, || {
            format!(
                "{}: the secret's extended attributes are now {xattrs_after}",
                j.what
            )
        });
    }
    f.finish();
}

/// A directory removed with everything in it when dropped.
struct RemoveOnDrop(PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Issue #37, attack 3: the compiler reads the tests. The test directory lies
/// under `/opt` (bound whole into every root then; since issue #44 only a
/// toolchain's own directory there is): `/opt/beatty-attack-
/// PID/`, removed afterwards whatever happens, so root only. `incbin_tests.c`
/// includes its inputs and answers at compile time (`.incbin`) and prints the
/// answer of the input it gets; two tests with different answers (`1 2` →
/// `0`, `1 1` → `1`). For the judge as root the directory is readable by all;
/// for the judge as `nobody` it is `nobody`'s (0700, files 0600). Control:
/// `gcc` as that user compiles it, and it prints both answers. Judged
/// (`judge run wythoff incbin_tests.c --tests DIR`): not AC (a compile error,
/// or a wrong answer).
#[test]
fn the_compiler_does_not_read_the_tests() {
    if crate::common::skip_slow() {
        return;
    }
    if !is_root() {
        eprintln!("skipped: not root (the test directory is made under /opt)");
        return;
    }
    // Directories of killed earlier runs of this test.
    for e in std::fs::read_dir("/opt").into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(pid) = name.strip_prefix("beatty-attack-")
            && pid.bytes().all(|b| b.is_ascii_digit())
            && !Path::new("/proc").join(pid).exists()
        {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
    let opt = RemoveOnDrop(dir(
        Path::new("/opt"),
        &format!("beatty-attack-{}", std::process::id()),
        0o755,
    ));
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("compiler", user);
        let tests = dir(
            &opt.0,
            if user == User::Nobody {
                "tests-nobody"
            } else {
                "tests-root"
            },
            0o755,
        );
        write_test(&tests, "a", "1 2\n", "0\n");
        write_test(&tests, "b", "1 1\n", "1\n");
        if user == User::Nobody {
            for e in std::fs::read_dir(&tests).expect("read").flatten() {
                chmod(&e.path(), 0o600);
                user.chown(&e.path());
            }
            chmod(&tests, 0o700);
            user.chown(&tests);
        }
        let what = format!("the compiler reads {} ({})", tests.display(), user.name());
        let tests_str = tests.to_string_lossy().into_owned();
        let src = source("incbin_tests", &s.prog, &[("TESTS", &tests_str)]);
        // The control compiles as the user, into a directory of the user's.
        let built = dir(s.base.path(), "built", 0o755);
        user.chown(&built);
        let exe = built.join("incbin_tests");
        let gcc = user
            .command("gcc")
            .arg("-O2")
            .arg("-o")
            .arg(&exe)
            .arg(&src)
            .status();
        match gcc {
            Ok(st) => assert!(st.success(), "{what}: the control does not compile"),
            Err(e) => {
                eprintln!("skipping: cannot run gcc: {e}");
                return;
            }
        }
        for (input, answer) in [("1 2\n", "0\n"), ("1 1\n", "1\n")] {
            let out = control(&what, user.command(&exe), input);
            assert_eq!(out, answer, "{what}: the control's answer to {input:?}");
        }
        let j = judge(
            user,
            &what,
            &[
                src.as_os_str(),
                os("--tests"),
                tests.as_os_str(),
                os("--time-limit"),
                os("10"),
            ],
            (s.base.path(), &s.tmp, &s.marker),
            false,
            &mut f,
        );
        j.refused(&mut f, &["CE", "WA"]);
    }
    drop(opt);
    f.finish();
}

/// Issue #37, attack 4: memory outside the account. `socket_memory` parks
/// 600 MiB in the send buffers of Unix socket pairs (kernel memory, in no
/// process's resident set), raising its open-file limit to the hard limit
/// first, under `--memory-limit 256`. The round that matters is the judge
/// without root (`nobody`), which has no memory cgroup and samples resident
/// memory (its stderr must say so); the judge as root (a memory cgroup) is
/// judged too. Control: it parks all of it. Judged (default flags): MLE, or
/// WA (the sockets refused); never AC with a small memory figure.
#[test]
fn memory_parked_in_socket_buffers_is_counted_or_refused() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("sockmem", user);
        let Some(prog) = build("socket_memory", &s.prog, &[]) else {
            return;
        };
        let what = format!("600 MiB in socket buffers ({})", user.name());
        let out = control(&what, user.command(&prog), "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control did not park 600 MiB");
        let j = judge(
            user,
            &what,
            &[
                os("--tests"),
                s.tests.as_os_str(),
                os("--memory-limit"),
                os("256"),
                os("--time-limit"),
                os("10"),
                os("--"),
                prog.as_os_str(),
                os(&s.marker),
            ],
            (s.base.path(), &s.tmp, &s.marker),
            false,
            &mut f,
        );
        if Some(user) == User::unprivileged() {
            f.check(j.stderr.contains("resident memory sampled"), || {
                format!(
                    "{}: the judge without root should sample resident memory; {}",
                    j.what,
                    j.said()
                )
            });
        }
        j.refused(&mut f, &["MLE", "WA"]);
    }
    f.finish();
}

/// Issue #37, attack 5: disk beyond `--disk-limit`. `judge run wythoff
/// disk.c --disk-limit 16`: a source the judge compiles, with its `TMPDIR`
/// in the host's `/tmp` (as by default), so that the program lies in the
/// host's `/tmp`; it writes 144 MiB in files of 8 MiB, one after the other in
/// its working directory and `/tmp`, and where one of them refuses a file the
/// other takes the rest (a working directory on the host's disk takes it all:
/// `--disk-limit` bounds each file there, not their sum). Control (built with
/// `gcc`, run as the user in a directory of the user's): all 144 MiB are
/// written. Judged: not AC, and nothing of it left in the host's `/tmp`.
#[test]
fn disk_beyond_the_limit_is_refused() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("disk", user);
        let files = format!("{}-file", s.marker);
        let Some(prog) = build("disk", &s.prog, &[("MARKER", &files)]) else {
            return;
        };
        let what = format!("144 MiB of files under --disk-limit 16 ({})", user.name());
        let cwd = dir(s.base.path(), "cwd", 0o755);
        user.chown(&cwd);
        let mut c = user.command(&prog);
        c.current_dir(&cwd);
        let out = control(&what, c, "1 2\n");
        let in_tmp = take_from_host_tmp(&files);
        let in_cwd = std::fs::read_dir(&cwd).expect("read").count();
        assert_eq!(out, "0\n", "{what}: the control did not write it all");
        assert_eq!(
            (in_tmp.len(), in_cwd),
            (9, 9),
            "{what}: the control's files"
        );
        std::fs::remove_dir_all(&cwd).expect("remove the control's files");
        let src = source("disk", &s.prog, &[("MARKER", &files)]);
        let tmp = host_tmp(&format!("{}.tmpdir-", s.marker), user, 0o700);
        let j = judge(
            user,
            &what,
            &[
                src.as_os_str(),
                os("--tests"),
                s.tests.as_os_str(),
                os("--disk-limit"),
                os("16"),
                os("--time-limit"),
                os("10"),
            ],
            (s.base.path(), tmp.path(), &s.marker),
            false,
            &mut f,
        );
        j.refused(&mut f, &["WA"]);
        let left = take_from_host_tmp(&files);
        f.check(left.is_empty(), || {
            format!("{}: left in the host's /tmp: {left:?}", j.what)
        });
    }
    f.finish();
}

/// Issue #37, attack 6: two runs judged at the same time (`--jobs 2`) talk.
/// `judge run wythoff rendezvous.c` (compiled by the judge, its `TMPDIR` in
/// the host's `/tmp`, as in attack 5) on two tests with different inputs and
/// answers (`1 2` → `0`, `1 1` → `1`): each run puts its input into
/// `/tmp/MARKER-PID`, listens on `/tmp/MARKER-PID.sock` and on a socket in its
/// working directory, watches `/tmp` and the parent of its working directory
/// with inotify (which names the other run's directory when that run opens
/// it), connects to the other's sockets, and answers right only if it learned
/// the other run's input within 1.5 s. Control: two copies started together
/// as the user, each in a directory of its own, both answer right. Judged:
/// not AC, and nothing of them left in the host's `/tmp`.
#[test]
fn concurrent_runs_do_not_talk() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("talk", user);
        write_test(&s.tests, "b", "1 1\n", "1\n");
        let files = format!("{}-rv", s.marker);
        let Some(prog) = build("rendezvous", &s.prog, &[("MARKER", &files)]) else {
            return;
        };
        let what = format!("two concurrent runs talk ({})", user.name());
        // Each copy in a directory of its own, as the runs are.
        let cwds = dir(s.base.path(), "cwds", 0o755);
        user.chown(&cwds);
        let start = |name: &str| {
            let d = dir(&cwds, name, 0o700);
            user.chown(&d);
            let mut c = user.command(&prog);
            c.current_dir(d);
            c
        };
        let (ca, cb) = (start("a"), start("b"));
        let (a, b) = std::thread::scope(|scope| {
            let a = scope.spawn(|| control(&what, ca, "1 2\n"));
            let b = scope.spawn(|| control(&what, cb, "1 1\n"));
            (a.join().expect("a"), b.join().expect("b"))
        });
        take_from_host_tmp(&files);
        assert_eq!(
            (a.as_str(), b.as_str()),
            ("0\n", "1\n"),
            "{what}: the control's runs did not find each other"
        );
        let src = source("rendezvous", &s.prog, &[("MARKER", &files)]);
        let tmp = host_tmp(&format!("{}.tmpdir-", s.marker), user, 0o700);
        let j = judge(
            user,
            &what,
            &[
                src.as_os_str(),
                os("--tests"),
                s.tests.as_os_str(),
                os("--jobs"),
                os("2"),
                os("--time-limit"),
                os("10"),
            ],
            (s.base.path(), tmp.path(), &s.marker),
            false,
            &mut f,
        );
        j.refused(&mut f, &["WA"]);
        let left = take_from_host_tmp(&files);
        f.check(left.is_empty(), || {
            format!("{}: left in the host's /tmp: {left:?}", j.what)
        });
    }
    f.finish();
}

/// Issue #37, attack 7: the judge itself. `prlimit_judge` sets the open-file
/// limit of its parent and of the judge's process id (its last argument) to
/// 3. Under `--isolation basic` (the case) its parent is the judge;
/// with the default flags it is the run's init (a process of the judge's
/// too), and the judge's pid is outside its PID namespace. Control (its
/// parent a shell of the user's, whose pid it is given): the limit is set.
/// Judged, in both modes: the judge ends normally (exit 1 with a verdict
/// line, not its own failure, 3), not AC, and its `TMPDIR` is left empty.
#[test]
fn the_judge_is_out_of_reach_of_prlimit() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("prlimit", user);
        let Some(prog) = build("prlimit_judge", &s.prog, &[]) else {
            return;
        };
        let what = format!("prlimit of the judge ({})", user.name());
        let mut c = user.command("sh");
        c.args(["-c", "\"$0\" \"$1\" \"$$\"; exit $?"])
            .arg(&prog)
            .arg(&s.marker);
        let out = control(&what, c, "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control could not set the limit");
        for isolation in [&["--isolation", "basic"][..], &[]] {
            let mode = if isolation.is_empty() {
                "default flags"
            } else {
                "--isolation basic"
            };
            let what = format!("prlimit of the judge, {mode} ({})", user.name());
            // A TMPDIR of the round's own, so that what one round leaves is
            // not blamed on the next.
            let tmp = dir(s.base.path(), &format!("tmp-{}", isolation.len()), 0o700);
            user.chown(&tmp);
            let mut args = vec![os("--tests"), s.tests.as_os_str()];
            args.extend(isolation.iter().map(os));
            args.extend([
                os("--time-limit"),
                os("10"),
                os("--"),
                prog.as_os_str(),
                os(&s.marker),
            ]);
            let j = judge(
                user,
                &what,
                &args,
                (s.base.path(), &tmp, &s.marker),
                true,
                &mut f,
            );
            let normal = j.code == Some(if j.verdict == "AC" { 0 } else { 1 });
            f.check(!j.verdict.is_empty() && normal, || {
                format!(
                    "{}: the judge did not end normally (a verdict, exit 0 or 1); {}",
                    j.what,
                    j.said()
                )
            });
            j.refused(&mut f, &["WA"]);
        }
    }
    f.finish();
}

/// A thread that creates a file in a directory every 50 ms until dropped.
struct FileMaker {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl FileMaker {
    fn new(dir: &Path) -> FileMaker {
        let stop = Arc::new(AtomicBool::new(false));
        let (halt, dir) = (stop.clone(), dir.to_path_buf());
        let thread = std::thread::spawn(move || {
            let mut i = 0;
            while !halt.load(Ordering::Relaxed) {
                let _ = std::fs::write(dir.join(format!("new-{i}")), "x");
                i += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        FileMaker {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for FileMaker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Issue #37, attack 8: inotify on the judging user's home. The home of the
/// judge's user (root's 0755; `nobody`'s 0700) gets a new file every 50 ms
/// from a thread of this test; `inotify_home` watches it (its path an
/// argument) for 1 s and answers right only if it saw an event. Control: it
/// sees one. Judged (default flags): not AC.
#[test]
fn inotify_on_the_judging_users_home_sees_nothing() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("inotify", user);
        let Some(prog) = build("inotify_home", &s.prog, &[]) else {
            return;
        };
        let h = home(s.base.path(), user);
        if user == User::Nobody {
            chmod(&h, 0o700);
        }
        let what = format!("inotify on {}'s home", user.name());
        let maker = FileMaker::new(&h);
        let mut c = user.command(&prog);
        c.arg(&h);
        let out = control(&what, c, "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control saw no event");
        let j = judge(
            user,
            &what,
            &[
                os("--tests"),
                s.tests.as_os_str(),
                os("--time-limit"),
                os("10"),
                os("--"),
                prog.as_os_str(),
                h.as_os_str(),
                os(&s.marker),
            ],
            (s.base.path(), &s.tmp, &s.marker),
            false,
            &mut f,
        );
        drop(maker);
        j.refused(&mut f, &["WA"]);
    }
    f.finish();
}

/// Honest programs still get AC with the default flags on the generated test
/// set (`--seed 1`, 7 tests), from a judge as root and as `nobody`: `honest.c`
/// (an exact solution that keeps its answers in a `tmpfile()`), compiled by
/// the judge with its `TMPDIR` in Cargo's temporary directory and in the
/// host's `/tmp` (the program then lies in `/tmp`), and the package's
/// `exact.py` run by `python3`.
#[test]
fn honest_programs_get_ac_with_the_default_flags() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("honest", user);
        let c_src = s.prog.join("honest.c");
        std::fs::copy(attack("honest.c"), &c_src).expect("copy honest.c");
        chmod(&c_src, 0o644);
        let py = s.prog.join("exact.py");
        std::fs::copy(crate::e2e::wythoff_asset("exact.py"), &py).expect("copy exact.py");
        chmod(&py, 0o644);
        let host = host_tmp(&format!("{}.tmpdir-", s.marker), user, 0o700);
        let runs: [(&str, Vec<&OsStr>, &Path); 3] = [
            ("honest.c", vec![c_src.as_os_str()], &s.tmp),
            (
                "honest.c, TMPDIR in /tmp",
                vec![c_src.as_os_str()],
                host.path(),
            ),
            (
                "exact.py",
                vec![os("--"), os("python3"), py.as_os_str(), os(&s.marker)],
                &s.tmp,
            ),
        ];
        for (what, cmd, tmp) in runs {
            let mut args = vec![os("--seed"), os("1"), os("--time-limit"), os("10")];
            args.extend(cmd);
            let j = judge(
                user,
                what,
                &args,
                (s.base.path(), tmp, &s.marker),
                false,
                &mut f,
            );
            f.check(
                j.code == Some(0) && j.report.contains("verdict: AC (7/7 tests)"),
                || format!("{}: expected AC (7/7 tests); {}", j.what, j.said()),
            );
        }
    }
    f.finish();
}

/// A planted secret of `/etc` removed when dropped.
pub(crate) struct Planted(pub(crate) PathBuf);

impl Drop for Planted {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Issue #40: the host's secrets of `/etc` are out of a run's reach. As
/// root the test plants a world-readable secret in `/etc/ssh` (SSH host
/// keys; traversable by everyone), which `etc_secret` reads from a path
/// compiled in. Control: it reads it. Judged with the default flags and with
/// `--isolation basic`, as root and as `nobody`: WA (`/etc` is shown by
/// allow list, issue #44, and `ssh` is not on it: absent from the root,
/// no Landlock rule). Skipped without root or without `/etc/ssh`.
#[test]
fn secrets_of_etc_are_out_of_reach() {
    if crate::common::skip_slow() {
        return;
    }
    if !is_root() || !Path::new("/etc/ssh").is_dir() {
        eprintln!("skipping: needs root and /etc/ssh to plant a secret");
        return;
    }
    let mut f = Failures::default();
    let secret = Path::new("/etc/ssh").join(format!("beatty-secret-{}", std::process::id()));
    std::fs::write(&secret, "a secret of the host\n").expect("plant the secret");
    let _planted = Planted(secret.clone());
    chmod(&secret, 0o644);
    for user in User::all() {
        let s = scratch("etc-secret", user);
        let Some(prog) = build(
            "etc_secret",
            &s.prog,
            &[("SECRET", secret.to_str().expect("utf-8"))],
        ) else {
            return;
        };
        let what = format!("{} ({})", secret.display(), user.name());
        let out = control(&what, user.command(&prog), "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control did not read the secret");
        for mode in [None, Some("basic")] {
            let mut args = vec![os("--tests"), s.tests.as_os_str()];
            if let Some(m) = mode {
                args.extend([os("--isolation"), os(m)]);
            }
            args.extend([os("--"), prog.as_os_str(), os(&s.marker)]);
            let j = judge(
                user,
                &format!("{what}, isolation {}", mode.unwrap_or("default")),
                &args,
                (s.base.path(), &s.tmp, &s.marker),
                false,
                &mut f,
            );
            j.refused(&mut f, &["WA"]);
        }
    }
    f.finish();
}

/// Every program of `tests/attacks/` is used by a test of this module.
#[test]
fn every_attack_program_has_a_test() {
    let mut files: Vec<String> = std::fs::read_dir(attack(""))
        .expect("tests/attacks")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c"))
        .collect();
    files.sort_unstable();
    assert_eq!(
        files,
        [
            "disk.c",
            "etc_secret.c",
            "honest.c",
            "incbin_tests.c",
            "inotify_home.c",
            "metadata.c",
            "prlimit_judge.c",
            "rendezvous.c",
            "socket_memory.c",
            "unix_connect.c",
        ]
    );
}
