//! Issue #44, the system-call half: the seccomp filter is an allow list
//! (docs/sandbox.md, "System calls by allow list"). Each attack below is a C
//! program of `tests/allow_calls/` that prints the right answer only when the
//! attack worked. Its control runs it outside the judge, as the same user,
//! and must show the attack works where nothing stops it; then the judge
//! (default flags, and `--isolation basic`; as root and, when the tests run
//! as root, as `nobody` through `setpriv`) must give a verdict other than AC,
//! leave no process and nothing in its `TMPDIR`. The classes:
//!
//! * 1: a socket pair reaches a named socket of the host (a service of this
//!   test's under `/opt`, which the fresh root binds today, else in the
//!   test's directory);
//! * 2: concurrent runs talk through the lock state of system files (two
//!   runs of one judge with `--jobs 2`, and two judges at once);
//! * 6: 200 MiB held outside the run's accounts under `--memory-limit 64`
//!   (pipes holding unmapped huge pages through `vmsplice`, a memfd, System
//!   V shared memory);
//! * 7: the priority of other processes of the user, in every form;
//! * and a call the filter does not name (460, 470, 999, 1000, 1023: what a
//!   newer kernel adds) is refused.
//!
//! That every language's honest program stays AC in both modes, as root and
//! as `nobody`, is `languages.rs`.
#![cfg(target_os = "linux")]

use std::ffi::{OsStr, OsString};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::{dir, is_root, judge_for_nobody, processes_with, wait_bounded};

/// Whom a judge, its runs and the control run as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum User {
    /// The tests' own user (root, as a rule).
    Me,
    /// Another user id, through `setpriv` (only when the tests run as root).
    Uid(u32),
}

const NOBODY: User = User::Uid(65534);

impl User {
    /// The tests' own user, and `nobody` when the tests run as root and
    /// `setpriv` is there.
    fn all() -> Vec<User> {
        if can_switch() {
            vec![User::Me, NOBODY]
        } else {
            vec![User::Me]
        }
    }

    fn name(self) -> String {
        match self {
            User::Me => "me".into(),
            User::Uid(65534) => "nobody".into(),
            User::Uid(u) => format!("uid-{u}"),
        }
    }

    fn command(self, program: impl AsRef<OsStr>) -> Command {
        match self {
            User::Me => Command::new(program),
            User::Uid(u) => {
                let mut c = Command::new("setpriv");
                c.arg(format!("--reuid={u}"))
                    .arg(format!("--regid={u}"))
                    .arg("--clear-groups")
                    .arg(program);
                c
            }
        }
    }

    fn judge(self) -> Command {
        match self {
            User::Me => Command::new(env!("CARGO_BIN_EXE_judge")),
            User::Uid(_) => self.command(judge_for_nobody()),
        }
    }

    fn chown(self, path: &Path) {
        if let User::Uid(u) = self {
            std::os::unix::fs::chown(path, Some(u), Some(u)).expect("chown");
        }
    }
}

/// Whether the tests can run commands as another user.
fn can_switch() -> bool {
    is_root() && Path::new("/usr/bin/setpriv").exists()
}

/// The isolation modes of every judged round.
const MODES: [&[&str]; 2] = [&[], &["--isolation", "basic"]];

fn mode_name(mode: &[&str]) -> &'static str {
    if mode.is_empty() {
        "default flags"
    } else {
        "--isolation basic"
    }
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A test's directory in Cargo's temporary directory, readable by all, with
/// `tests/` holding the tests `a` (`1 2` → `0`) and, with `two`, `b`
/// (`1 1` → `1`). Its name is the marker searched for in surviving
/// processes' command lines.
struct Scratch {
    base: tempfile::TempDir,
    marker: String,
    tests: PathBuf,
}

fn scratch(test: &str, user: User, two: bool) -> Scratch {
    let base = tempfile::Builder::new()
        .prefix(&format!(
            "beatty-calls-{}-{test}-{}-",
            std::process::id(),
            user.name()
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
    let tests = dir(base.path(), "tests", 0o755);
    let mut cases = vec![("a", "1 2\n", "0\n")];
    if two {
        cases.push(("b", "1 1\n", "1\n"));
    }
    for (name, input, answer) in cases {
        for (ext, text) in [("in", input), ("ans", answer)] {
            let f = tests.join(format!("{name}.{ext}"));
            std::fs::write(&f, text).expect("write a test");
            chmod(&f, 0o644);
        }
    }
    Scratch {
        base,
        marker,
        tests,
    }
}

/// `tests/allow_calls/NAME.c` compiled with `-Dkey=value` into the scratch
/// directory as `NAME-MARKER` (so that its processes carry the marker),
/// executable by all; `None` (with a message) without `gcc`.
fn build(name: &str, s: &Scratch, defines: &[(&str, String)]) -> Option<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/allow_calls")
        .join(format!("{name}.c"));
    let out = s.base.path().join(format!("{name}-{}", s.marker));
    let mut gcc = Command::new("gcc");
    gcc.args(["-O2", "-o"]).arg(&out).arg(&src);
    for (k, v) in defines {
        gcc.arg(format!("-D{k}={v}"));
    }
    match gcc.status() {
        Ok(st) => {
            assert!(st.success(), "gcc failed on {}", src.display());
            chmod(&out, 0o755);
            Some(out)
        }
        Err(e) => {
            eprintln!("skipping {name}: cannot run gcc: {e}");
            None
        }
    }
}

/// `program` outside the judge as `user` with `input`, bounded to 30 s: its
/// standard output (its standard error printed).
fn control(what: &str, user: User, program: &Path, input: &str) -> String {
    let mut child = user
        .command(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: cannot start the control: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = wait_bounded(child, Duration::from_secs(30), what);
    eprintln!(
        "{what} (control): {}",
        String::from_utf8_lossy(&out.stderr).trim_end()
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A judge started as `user`: `judge run wythoff --tests TESTS ARGS --
/// PROGRAM` with a `TMPDIR` of its own in the scratch directory.
struct Judging {
    what: String,
    child: Child,
    tmp: PathBuf,
}

fn start_judge(user: User, what: &str, s: &Scratch, program: &Path, args: &[&str]) -> Judging {
    let tmp = tempfile::Builder::new()
        .prefix("tmp-")
        .tempdir_in(s.base.path())
        .expect("TMPDIR")
        .keep();
    chmod(&tmp, 0o700);
    user.chown(&tmp);
    let mut argv: Vec<OsString> = ["run", "wythoff", "--tests"].map(OsString::from).into();
    argv.push(s.tests.clone().into());
    argv.extend(args.iter().map(OsString::from));
    argv.extend([OsString::from("--"), program.into()]);
    let child = user
        .judge()
        .args(&argv)
        .current_dir(s.base.path())
        .env("TMPDIR", &tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the judge");
    Judging {
        what: format!("{what} (judged, as {})", user.name()),
        child,
        tmp,
    }
}

/// Waits for the judge (30 s at most) and returns why the round failed, if
/// it did: AC, a verdict not in `expected`, the judge's own failure, a
/// surviving process, something left in its `TMPDIR`.
fn finish(j: Judging, marker: &str, expected: &[&str]) -> Option<String> {
    let out = wait_bounded(j.child, Duration::from_secs(30), &j.what);
    let report = String::from_utf8_lossy(&out.stdout);
    let last = report.lines().last().unwrap_or_default().to_owned();
    eprintln!("{}: {last}", j.what);
    let verdict = last
        .strip_prefix("verdict: ")
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_default();
    let said = || {
        format!(
            "exit {:?}; report:\n{report}stderr:\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    let survivors = processes_with(marker);
    let left: Vec<_> = std::fs::read_dir(&j.tmp)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    if verdict == "AC" {
        Some(format!("{}: the attack got AC; {}", j.what, said()))
    } else if !expected.contains(&verdict) || out.status.code() != Some(1) {
        Some(format!(
            "{}: expected {}, got {verdict:?}; {}",
            j.what,
            expected.join(" or "),
            said()
        ))
    } else if !survivors.is_empty() {
        Some(format!("{}: processes survive: {survivors:?}", j.what))
    } else if !left.is_empty() {
        Some(format!("{}: left in its TMPDIR: {left:?}", j.what))
    } else {
        None
    }
}

/// One judged round: start, finish.
fn judged(
    user: User,
    what: &str,
    s: &Scratch,
    program: &Path,
    args: &[&str],
    expected: &[&str],
) -> Option<String> {
    finish(
        start_judge(user, what, s, program, args),
        &s.marker,
        expected,
    )
}

fn assert_none(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} round(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The service of class 1: `pair_to_service serve`, a datagram socket at
/// `path` that writes `0` on every descriptor sent to it; killed when
/// dropped.
struct Service(Child);

impl Service {
    fn start(program: &Path, path: &Path) -> Service {
        let mut child = Command::new(program)
            .arg("serve")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the service");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the service's first line");
        assert_eq!(line, "ready\n", "the service did not start");
        // Every user may send to it.
        chmod(path, 0o777);
        Service(child)
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Class 1: a datagram socket pair's end sends (`sendmsg` to the address,
/// or `connect` and `sendmsg`) one end of a stream pair to a named datagram
/// socket of the host, which answers on it. The service lies in a directory
/// of `/opt` (bound into every fresh root today) as root, else in Cargo's
/// temporary directory (reached in basic isolation). Control: the service answers.
/// Judged: WA (the datagram pair, `sendmsg` and `connect` are refused).
#[test]
fn a_socket_pair_reaches_no_service_of_the_host() {
    if crate::common::skip_slow() {
        return;
    }
    let mut failures = Vec::new();
    for user in User::all() {
        let s = scratch("service", user, false);
        // Named without the marker, so that the service (a copy of the
        // program in it) is not taken for a survivor of the runs.
        let prefix = format!("beatty-service-{}-", std::process::id());
        let home = tempfile::Builder::new()
            .prefix(&prefix)
            .tempdir_in(if is_root() && Path::new("/opt").is_dir() {
                "/opt"
            } else {
                env!("CARGO_TARGET_TMPDIR")
            })
            .expect("the service's directory");
        chmod(home.path(), 0o755);
        let path = home.path().join("service.sock");
        let quoted = format!("\"{}\"", path.display());
        let Some(prog) = build("pair_to_service", &s, &[("SERVICE", quoted)]) else {
            return;
        };
        let server = home.path().join("service");
        std::fs::copy(&prog, &server).expect("copy the service");
        let _service = Service::start(&server, &path);
        let what = format!("a socket pair to the service {}", path.display());
        let out = control(&what, user, &prog, "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control did not reach the service");
        for mode in MODES {
            let what = format!("{what}, {}", mode_name(mode));
            failures.extend(judged(user, &what, &s, &prog, mode, &["WA"]));
        }
    }
    assert_none(failures);
}

/// Class 2: two runs talk through `flock` on two system files (a lock needs
/// only a descriptor open for reading). Control: two copies at once find
/// each other (each prints its test's right answer). Judged: two runs of one
/// judge at once (`--jobs 2`, the tests `1 2` and `1 1`), and two judges at
/// once (one test each): WA, every lock being answered 0 and not taken.
#[test]
fn concurrent_runs_do_not_talk_through_locks() {
    if crate::common::skip_slow() {
        return;
    }
    let files = [
        ("FLAG", "\"/usr/bin/env\""),
        ("SIGNAL", "\"/usr/bin/true\""),
    ];
    let mut failures = Vec::new();
    for user in User::all() {
        let s = scratch("locks", user, true);
        let defines: Vec<_> = files.iter().map(|&(k, v)| (k, v.to_owned())).collect();
        let Some(prog) = build("lock_talk", &s, &defines) else {
            return;
        };
        let what = format!("lock talk ({})", user.name());
        let (a, b) = std::thread::scope(|scope| {
            let a = scope.spawn(|| control(&what, user, &prog, "1 2\n"));
            let b = scope.spawn(|| control(&what, user, &prog, "1 1\n"));
            (a.join().expect("a"), b.join().expect("b"))
        });
        assert_eq!(
            (a.as_str(), b.as_str()),
            ("0\n", "1\n"),
            "{what}: the control's copies did not find each other"
        );
        // Two judges at once, one test each, each with a copy of its own
        // (so that each is checked for survivors by its own marker).
        let ones = [
            scratch("locks-first", user, false),
            scratch("locks-second", user, false),
        ];
        let mut copies = Vec::new();
        for one in &ones {
            let Some(p) = build("lock_talk", one, &defines) else {
                return;
            };
            copies.push(p);
        }
        for mode in MODES {
            let what = format!("{what}, {}", mode_name(mode));
            let mut args = vec!["--jobs", "2"];
            args.extend(mode);
            failures.extend(judged(user, &what, &s, &prog, &args, &["WA"]));
            let both = format!("{what}, two judges");
            let first = start_judge(user, &both, &ones[0], &copies[0], mode);
            let second = start_judge(user, &both, &ones[1], &copies[1], mode);
            failures.extend(finish(first, &ones[0].marker, &["WA"]));
            failures.extend(finish(second, &ones[1].marker, &["WA"]));
        }
    }
    assert_none(failures);
}

/// Class 6: 224 MiB held by 7 pipes, each referencing (`vmsplice`) one
/// page of each of 16 transparent huge pages that the program then unmaps
/// (a page keeps its whole huge page: a memory cgroup counts 224 MiB, the
/// judge without one 64 KiB a pipe; on c117cf5 `nobody` got AC with a peak
/// of 33 MiB), else 200 MiB in a memfd (written, not mapped) or in System V
/// shared memory (attached, touched, detached); resident memory stays below
/// 64 MiB. Control: held. Judged with `--memory-limit 64`: not AC (WA: every
/// route refused; MLE or RE where something counts it).
#[test]
fn memory_outside_the_accounts_is_refused() {
    if crate::common::skip_slow() {
        return;
    }
    let mut failures = Vec::new();
    for user in User::all() {
        let s = scratch("memory", user, false);
        let Some(prog) = build("memory_outside", &s, &[]) else {
            return;
        };
        let what = format!("200 MiB outside the accounts ({})", user.name());
        let out = control(&what, user, &prog, "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control did not hold the memory");
        for mode in MODES {
            let what = format!("{what}, {}", mode_name(mode));
            let mut args = vec!["--memory-limit", "64"];
            args.extend(mode);
            failures.extend(judged(user, &what, &s, &prog, &args, &["WA", "MLE", "RE"]));
        }
    }
    assert_none(failures);
}

/// The nice value of process `pid` (field 19 of `/proc/PID/stat`).
fn nice(pid: u32) -> i64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("stat");
    let after = &stat[stat.rfind(')').expect("comm") + 2..];
    after
        .split_whitespace()
        .nth(16)
        .expect("field 19")
        .parse()
        .expect("nice")
}

/// A `sleep` of `user`'s, outside any run, killed when dropped.
struct Victim(Child);

impl Victim {
    fn start(user: User) -> Victim {
        let child = user
            .command("sleep")
            .arg("60")
            .stdin(Stdio::null())
            .spawn()
            .expect("start sleep");
        Victim(child)
    }
}

impl Drop for Victim {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Class 7: `setpriority` with `PRIO_USER` and `who` 0 (every process of
/// the caller's user), with the user's id, `PRIO_PGRP` and `PRIO_PROCESS` of
/// a process of the user's outside the run, and `ioprio_set`'s forms. The
/// user is a user id of this test's own (`PRIO_USER` renices every process
/// of the user: as root or `nobody` it would reach the machine's other
/// work), the case: a judge without root, whose basic runs keep its
/// user id. Control: the victim's nice value becomes 19. Judged (a new
/// victim each round), by that user and by root: WA, and the victim's nice
/// value stays 0.
#[test]
fn other_processes_priority_is_out_of_reach() {
    if crate::common::skip_slow() {
        return;
    }
    if !can_switch() {
        eprintln!("skipping: needs root and setpriv (a user id of the test's own)");
        return;
    }
    let own = User::Uid(50_000 + std::process::id() % 5_000);
    let s = scratch("renice", own, false);
    let victim = Victim::start(own);
    let pid = victim.0.id();
    let Some(prog) = build("renice_others", &s, &[("VICTIM", pid.to_string())]) else {
        return;
    };
    let what = "renicing another process of the user";
    let out = control(what, own, &prog, "1 2\n");
    assert_eq!(
        (out.as_str(), nice(pid)),
        ("0\n", 19),
        "{what}: the control did not renice the victim"
    );
    drop(victim);
    let mut failures = Vec::new();
    for user in [own, User::Me] {
        for mode in MODES {
            let victim = Victim::start(own);
            let pid = victim.0.id();
            let defines = [("VICTIM", pid.to_string())];
            let Some(prog) = build("renice_others", &s, &defines) else {
                return;
            };
            let what = format!("{what}, {}", mode_name(mode));
            failures.extend(judged(user, &what, &s, &prog, mode, &["WA"]));
            let now = nice(pid);
            if now != 0 {
                failures.push(format!("{what}: the victim's nice value is {now}"));
            }
        }
    }
    assert_none(failures);
}

/// A system call the filter does not name (460, 470, 999, 1000, 1023; what
/// a newer kernel adds) is refused with `EPERM`. Control: the kernel answers
/// them itself. Judged: WA.
#[test]
fn a_call_the_filter_does_not_name_is_refused() {
    if crate::common::skip_slow() {
        return;
    }
    let mut failures = Vec::new();
    for user in User::all() {
        let s = scratch("unknown", user, false);
        let Some(prog) = build("unknown_calls", &s, &[]) else {
            return;
        };
        let what = format!("calls the filter does not name ({})", user.name());
        let out = control(&what, user, &prog, "1 2\n");
        assert_eq!(
            out, "0\n",
            "{what}: the kernel did not answer in the control"
        );
        for mode in MODES {
            let what = format!("{what}, {}", mode_name(mode));
            failures.extend(judged(user, &what, &s, &prog, mode, &["WA"]));
        }
    }
    assert_none(failures);
}
