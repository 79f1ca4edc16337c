//! Issue #44's identity and leftovers: whose identity a run has, what it may
//! hold, and what a judge killed with `kill -9` leaves for the next one.
//!
//! Three judging users, each with the default flags: the tests' own (root,
//! as a rule: runs get user ids 60000 + n), `nobody` (no subordinate ids: runs
//! keep its id, and the judge says so) and a user the test makes with a
//! subordinate range in `/etc/subuid` and `/etc/subgid` (runs get one id of
//! it each, through `newuidmap`; [`SubUser`] removes the user and its lines
//! afterwards). Each attack first runs outside the judge as the same user
//! (the control), which must show it working there. The rounds of `nobody`
//! and the test user need root, `setpriv`, and for the test user `useradd`
//! and `newuidmap` (Debian's `uidmap`); a round that cannot run says so on
//! standard error. The test user's name is `bj-TEST`; a test killed midway
//! leaves it and its lines, which the next run of the test replaces.
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::{cgroups_of, dir, is_root, judge_for_nobody, processes_with, wait_bounded};

/// Edits of `/etc/subuid` and `/etc/subgid` by this test process, one at a time.
static SUBID_FILES: Mutex<()> = Mutex::new(());

/// A user made for one test, with a subordinate range of 65536 ids in
/// `/etc/subuid` and `/etc/subgid`; removed with its lines when dropped.
struct SubUser {
    name: String,
    uid: u32,
    gid: u32,
    line: String,
}

impl SubUser {
    /// Makes the user `bj-NAME` (a system user: no home, no login, no
    /// ranges of its own) and gives it the range `first..first + 65536`.
    fn make(name: &str, first: u32) -> Option<SubUser> {
        if !is_root() || !Path::new("/usr/bin/newuidmap").exists() {
            eprintln!("skipping the subordinate-id round: needs root and newuidmap (uidmap)");
            return None;
        }
        let name = format!("bj-{name}");
        let _ = Command::new("userdel").arg(&name).status();
        let made = Command::new("useradd")
            .args(["-r", "-M", "-N", "-s", "/usr/sbin/nologin", &name])
            .status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipping the subordinate-id round: useradd {name} failed");
            return None;
        }
        let id = |flag: &str| -> u32 {
            let o = Command::new("id").args([flag, &name]).output().expect("id");
            String::from_utf8_lossy(&o.stdout)
                .trim()
                .parse()
                .expect("an id")
        };
        let user = SubUser {
            uid: id("-u"),
            gid: id("-g"),
            line: format!("{name}:{first}:65536"),
            name,
        };
        let _guard = SUBID_FILES.lock().unwrap_or_else(|e| e.into_inner());
        for f in ["/etc/subuid", "/etc/subgid"] {
            let mut text = std::fs::read_to_string(f).unwrap_or_default();
            text.push_str(&user.line);
            text.push('\n');
            std::fs::write(f, text).expect("add a subordinate range");
        }
        Some(user)
    }
}

impl Drop for SubUser {
    fn drop(&mut self) {
        {
            let _guard = SUBID_FILES.lock().unwrap_or_else(|e| e.into_inner());
            for f in ["/etc/subuid", "/etc/subgid"] {
                if let Ok(text) = std::fs::read_to_string(f) {
                    let kept: String = text
                        .lines()
                        .filter(|l| *l != self.line)
                        .map(|l| format!("{l}\n"))
                        .collect();
                    let _ = std::fs::write(f, kept);
                }
            }
        }
        let _ = Command::new("userdel").arg(&self.name).status();
        // Its judges' id-lock directory, empty once they are done.
        let _ = std::fs::remove_dir(format!("/tmp/beatty-judge-{}", self.uid));
    }
}

/// Whom a judge runs as.
#[derive(Clone, Copy)]
enum User<'a> {
    /// The tests' own user.
    Me,
    /// `nobody`: no subordinate ids.
    Nobody,
    /// The test's user with a subordinate range.
    Sub(&'a SubUser),
}

impl User<'_> {
    fn ids(self) -> (u32, u32) {
        match self {
            User::Me => (
                nix::unistd::getuid().as_raw(),
                nix::unistd::getgid().as_raw(),
            ),
            User::Nobody => (65534, 65534),
            User::Sub(s) => (s.uid, s.gid),
        }
    }

    fn name(self) -> String {
        match self {
            User::Me if is_root() => "root".into(),
            User::Me => "the tests' user".into(),
            User::Nobody => "nobody".into(),
            User::Sub(s) => format!("{} (subordinate ids)", s.name),
        }
    }

    /// `program` run as this user.
    fn command(self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        match self {
            User::Me => Command::new(program),
            _ => {
                let (u, g) = self.ids();
                let mut c = Command::new("setpriv");
                c.args([
                    format!("--reuid={u}"),
                    format!("--regid={g}"),
                    "--clear-groups".into(),
                ])
                .arg(program);
                c
            }
        }
    }

    /// The judge as this user runs it.
    fn judge(self) -> Command {
        match self {
            User::Me => Command::new(env!("CARGO_BIN_EXE_judge")),
            _ => self.command(judge_for_nobody()),
        }
    }

    fn chown(self, path: &Path) {
        let (u, g) = self.ids();
        std::os::unix::fs::chown(path, Some(u), Some(g)).expect("chown");
    }
}

/// The rounds: the tests' user, and as root `nobody` and a user with
/// subordinate ids (when it can be made).
fn rounds(sub: Option<&SubUser>) -> Vec<User<'_>> {
    let mut users = vec![User::Me];
    if is_root() && Path::new("/usr/bin/setpriv").exists() {
        users.push(User::Nobody);
        users.extend(sub.map(User::Sub));
    } else {
        eprintln!("skipping the unprivileged rounds: they need root and setpriv");
    }
    users
}

/// A test's directory (0755) with `tests/` (`1 2` → `0`) and `tmp/`, the
/// judge's `TMPDIR` (the user's, 0700).
struct Scratch {
    base: tempfile::TempDir,
    tests: PathBuf,
    tmp: PathBuf,
}

fn scratch(name: &str, user: User) -> Scratch {
    let base = tempfile::Builder::new()
        .prefix(&format!("beatty-ident-{name}-{}-", std::process::id()))
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir");
    std::fs::set_permissions(base.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let tests = dir(base.path(), "tests", 0o755);
    for (ext, text) in [("in", "1 2\n"), ("ans", "0\n")] {
        let f = tests.join(format!("a.{ext}"));
        std::fs::write(&f, text).expect("write a test");
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    }
    let tmp = dir(base.path(), "tmp", 0o700);
    user.chown(&tmp);
    Scratch { base, tests, tmp }
}

/// The verdict word of a judge's report (`verdict: WA (0/1 tests)`).
fn verdict(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("verdict: "))
        .and_then(|v| v.split_whitespace().next())
        .unwrap_or("")
        .to_owned()
}

fn said(out: &std::process::Output) -> String {
    format!(
        "exit {:?}; report:\n{}stderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A file of `user`'s, mode 0600, that the runs must not read, in each of
/// two directories that every run sees (`/usr/local/share` and
/// `/usr/local/lib`: `/usr` is bound whole; `/etc` and `/opt` are lists of
/// what runtimes need, where a planted file would be absent whatever the
/// run's identity); removed on drop.
struct Secrets(Vec<PathBuf>, String);

impl Secrets {
    fn plant(user: User, tag: &str) -> Secrets {
        let token = format!("beatty-secret-{tag}-{}", std::process::id());
        let mut files = Vec::new();
        for d in ["/usr/local/share", "/usr/local/lib"] {
            if !Path::new(d).is_dir() {
                continue;
            }
            let f = Path::new(d).join(&token);
            std::fs::write(&f, &token).expect("plant the secret");
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).expect("chmod");
            user.chown(&f);
            files.push(f);
        }
        Secrets(files, token)
    }
}

impl Drop for Secrets {
    fn drop(&mut self) {
        for f in &self.0 {
            let _ = std::fs::remove_file(f);
        }
    }
}

/// Class 5 of issue #44: a judge run by an ordinary user gave the run that
/// user's identity, so the run read every file of the user in the bound
/// directories. A program reads a 0600 file of the judging user planted in
/// `/usr/local` and answers right only if it read one. The control: the
/// same script as the same user outside the judge reads it. Judged: as root
/// (its runs have ids of their own) and as a user with subordinate ids, WA;
/// as `nobody`, who has none, the judge warns on stderr that runs have its
/// own id.
#[test]
fn a_run_does_not_read_the_judging_users_files() {
    if crate::common::skip_slow() {
        return;
    }
    let sub = SubUser::make("ident-read", 2_100_000_000);
    for user in rounds(sub.as_ref()) {
        let who = user.name();
        let s = scratch("read", user);
        let secrets = Secrets::plant(user, "read");
        if secrets.0.is_empty() {
            eprintln!("skipping: no /usr/local/share nor /usr/local/lib");
            return;
        }
        let reads: String = secrets
            .0
            .iter()
            .map(|f| {
                format!(
                    "grep -q {} {} 2>/dev/null && ok=1; ",
                    secrets.1,
                    f.display()
                )
            })
            .collect();
        let script = s.base.path().join("read_secret.sh");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\nok=0; {reads}\nread a b\nif [ $ok = 1 ]; then echo 0; else echo 1; fi\n"
            ),
        )
        .expect("write the script");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        // The control: as the same user, outside the judge.
        let control = user
            .command(&script)
            .stdin(std::fs::File::open(s.tests.join("a.in")).expect("input"))
            .output()
            .expect("the control");
        assert_eq!(
            String::from_utf8_lossy(&control.stdout),
            "0\n",
            "{who}: the control did not read its own secret"
        );
        let out = user
            .judge()
            .args(["run", "wythoff", "--tests"])
            .arg(&s.tests)
            .arg("--")
            .arg(&script)
            .env("TMPDIR", &s.tmp)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the judge");
        let out = wait_bounded(out, Duration::from_secs(60), &who);
        let warned = String::from_utf8_lossy(&out.stderr).contains("runs have your own user id");
        match user {
            User::Nobody => assert!(warned, "{who}: no warning; {}", said(&out)),
            _ => {
                assert_eq!(verdict(&out), "WA", "{who}: {}", said(&out));
                assert!(!warned, "{who}: a warning; {}", said(&out));
            }
        }
    }
}

/// The run's identity as a user with subordinate ids sees it: its uid maps
/// (`/proc/self/uid_map`) to one id of the user's range, not the user's own,
/// and its gid likewise. Checked against the range the test wrote.
#[test]
fn with_subordinate_ids_a_run_has_one_of_them() {
    if crate::common::skip_slow() {
        return;
    }
    let first = 2_100_100_000u32;
    let Some(sub) = SubUser::make("ident-map", first) else {
        return;
    };
    if !Path::new("/usr/bin/setpriv").exists() {
        eprintln!("skipping: no setpriv");
        return;
    }
    let user = User::Sub(&sub);
    let s = scratch("map", user);
    // Prints 0 when the outside ids of its own uid and gid lie in the range.
    let script = s.base.path().join("ids.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nread a b\nu=$(id -u); g=$(id -g)\n\
             ou=$(awk -v u=$u '$1 <= u && u < $1 + $3 {{ print $2 + u - $1 }}' /proc/self/uid_map)\n\
             og=$(awk -v g=$g '$1 <= g && g < $1 + $3 {{ print $2 + g - $1 }}' /proc/self/gid_map)\n\
             echo \"uid $u -> $ou, gid $g -> $og\" >&2\n\
             if [ \"$ou\" -ge {first} ] && [ \"$ou\" -lt {} ] && [ \"$og\" -ge {first} ] && [ \"$og\" -lt {} ]; then echo 0; else echo 1; fi\n",
            u64::from(first) + 65536,
            u64::from(first) + 65536
        ),
    )
    .expect("write");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    // The control: outside the judge the user's ids are its own, outside the range.
    let control = user
        .command(&script)
        .stdin(std::fs::File::open(s.tests.join("a.in")).expect("input"))
        .output()
        .expect("the control");
    assert_eq!(
        String::from_utf8_lossy(&control.stdout),
        "1\n",
        "the control"
    );
    let out = user
        .judge()
        .args(["run", "wythoff", "--tests"])
        .arg(&s.tests)
        .arg("--")
        .arg(&script)
        .env("TMPDIR", &s.tmp)
        .stdin(Stdio::null())
        .output()
        .expect("judge");
    assert_eq!(verdict(&out), "AC", "{}", said(&out));
}

/// Item 5 of issue #44: processes, descriptors and disk are bounded for
/// every run. `resources.c` forks 100 waiting children, opens 300
/// descriptors, writes 32 MiB (under `--disk-limit 16`), and answers right
/// only if it got it all. The control, as the same user outside the judge,
/// gets it all; judged with the default flags, WA each, as root, `nobody`
/// and a user with subordinate ids.
#[test]
fn processes_descriptors_and_disk_are_bounded() {
    if crate::common::skip_slow() {
        return;
    }
    let sub = SubUser::make("ident-res", 2_100_200_000);
    let base = tempfile::Builder::new()
        .prefix("beatty-ident-res-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir");
    std::fs::set_permissions(base.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let prog = base.path().join("resources");
    let built = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&prog)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/identity/resources.c"))
        .status();
    match built {
        Ok(s) => assert!(s.success(), "gcc failed"),
        Err(e) => {
            eprintln!("skipping: no gcc: {e}");
            return;
        }
    }
    std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    for user in rounds(sub.as_ref()) {
        let who = user.name();
        let s = scratch("res", user);
        for what in ["procs", "files", "disk"] {
            // The control, in a directory of the user's.
            let control = user
                .command(&prog)
                .arg(what)
                .current_dir(&s.tmp)
                .stdin(std::fs::File::open(s.tests.join("a.in")).expect("input"))
                .output()
                .expect("the control");
            assert_eq!(
                String::from_utf8_lossy(&control.stdout),
                "0\n",
                "{who}, {what}: the control did not get it all: {}",
                String::from_utf8_lossy(&control.stderr)
            );
            let out = user
                .judge()
                .args(["run", "wythoff", "--disk-limit", "16", "--tests"])
                .arg(&s.tests)
                .arg("--")
                .arg(&prog)
                .arg(what)
                .env("TMPDIR", &s.tmp)
                .stdin(Stdio::null())
                .output()
                .expect("judge");
            // WA, or RE where the kernel stops the write (SIGXFSZ).
            let v = verdict(&out);
            assert!(
                v == "WA" || (what == "disk" && v == "RE"),
                "{who}, {what}: {}",
                said(&out)
            );
        }
    }
}

/// A phase of a judge's work at which it is killed.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Compiling a C++ source (a test set generated too).
    Compile,
    /// A batch run of a command on given tests.
    Batch,
    /// An interactive run (`wythoff-play`, its test set generated).
    Interactive,
}

/// What the judge of process id `pid` left where judges leave things: its
/// `judge-*-PID-*` directories in `/tmp`, `/run`, `/dev/shm` and `tmp`, its
/// cgroups, and anything else in `tmp` (the judge's `TMPDIR`).
fn left_by(pid: u32, tmp: &Path) -> Vec<String> {
    let mut left = Vec::new();
    let infix = format!("-{pid}-");
    for d in ["/tmp", "/run", "/dev/shm"] {
        for e in std::fs::read_dir(d).into_iter().flatten().flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if n.trim_start_matches('.').starts_with("judge-") && n.contains(&infix) {
                left.push(e.path().display().to_string());
            }
        }
    }
    for e in std::fs::read_dir(tmp).into_iter().flatten().flatten() {
        left.push(e.path().display().to_string());
    }
    left.extend(cgroups_of(pid).iter().map(|c| c.display().to_string()));
    left
}

/// Every directory and file below `dir` that someone beside its owner may
/// read, write or enter, but the runs' copies in a box (`judge-box-*`,
/// itself 0700 without root).
fn too_open(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut todo = vec![(dir.to_path_buf(), false)];
    while let Some((d, boxed)) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let Ok(m) = std::fs::symlink_metadata(e.path()) else {
                continue;
            };
            let open = m.mode() & 0o077 != 0;
            if open && !boxed {
                found.push(format!("{} {:o}", e.path().display(), m.mode() & 0o7777));
            }
            if m.is_dir() {
                let in_box = boxed || e.file_name().to_string_lossy().starts_with("judge-box-");
                todo.push((e.path(), in_box));
            }
        }
    }
    found
}

/// System V IPC objects of the ids `uids` (`ipcs` lists them by owner).
fn ipc_of(uids: &[u32]) -> Vec<String> {
    let Ok(o) = Command::new("ipcs").args(["-a", "-n"]).output() else {
        return Vec::new();
    };
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .nth(2)
                .and_then(|u| u.parse::<u32>().ok())
                .is_some_and(|u| uids.contains(&u) || (60000..65000).contains(&u))
        })
        .map(str::to_owned)
        .collect()
}

/// Class 8 of issue #44 and item 6: a judge killed with `kill -9` at any
/// phase (compile, batch run, interactive run) leaves nothing once the next
/// judge (a plain batch run) has run: no directory of it in its `TMPDIR`,
/// `/tmp`, `/run` or `/dev/shm`, no cgroup, no process, no IPC object; and
/// every directory and file it made was 0700 and 0600 (but the runs' copies
/// in its box). The control: the killed judge did leave directories
/// behind at the phases that make them (compile, interactive), which the
/// next judge removed. As root, `nobody` and a user with subordinate ids.
#[test]
fn kill_9_of_the_judge_at_any_phase_leaves_nothing() {
    if crate::common::skip_slow() {
        return;
    }
    let sub = SubUser::make("ident-kill", 2_100_300_000);
    for user in rounds(sub.as_ref()) {
        for phase in [Phase::Compile, Phase::Batch, Phase::Interactive] {
            kill_9_round(user, phase);
        }
    }
}

fn kill_9_round(user: User, phase: Phase) {
    let who = format!("{}, {phase:?}", user.name());
    let s = scratch("kill", user);
    let marker = format!("beatty-ident-kill-{}-{phase:?}", std::process::id());
    let ipc_before = ipc_of(&[user.ids().0]);
    let mut judge = user.judge();
    judge.env("TMPDIR", &s.tmp).stdin(Stdio::null());
    match phase {
        Phase::Compile => {
            // Named after the marker: the compiler's command line names it.
            let src = s.base.path().join(format!("{marker}.cpp"));
            std::fs::write(
                &src,
                format!(
                    "// {marker}\n#include <bits/stdc++.h>\n#include <regex>\n\
                     int main() {{ std::regex r(\"[0-9]+ ([0-9]+)\"); std::string l; \
                     std::getline(std::cin, l); std::cout << std::regex_replace(l, r, \"0\") << std::endl; }}\n"
                ),
            )
            .expect("write the source");
            std::fs::set_permissions(&src, std::fs::Permissions::from_mode(0o644)).expect("chmod");
            judge.args(["run", "wythoff"]).arg(&src);
        }
        Phase::Batch => {
            judge
                .args(["run", "wythoff", "--time-limit", "30", "--tests"])
                .arg(&s.tests)
                .args(["--", "sh", "-c", "sleep 30; echo 0"])
                .arg(&marker);
        }
        Phase::Interactive => {
            judge
                .args(["run", "wythoff-play", "--time-limit", "30", "--"])
                .args(["sh", "-c", "sleep 30"])
                .arg(&marker);
        }
    }
    let mut child = judge
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the judge");
    let pid = child.id();
    // The judge says when it compiles; the runs are found by the marker.
    let compiling = Arc::new(AtomicBool::new(false));
    let stderr = child.stderr.take().expect("stderr");
    let flag = Arc::clone(&compiling);
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.starts_with("judge: compiling") {
                flag.store(true, Ordering::SeqCst);
            }
        }
    });
    let program_runs = || {
        std::fs::read_dir("/proc")
            .expect("/proc")
            .flatten()
            .any(|e| {
                std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                    let c = String::from_utf8_lossy(&c);
                    // The program, not the judge (whose command line holds it).
                    c.contains("-c\0sleep 30") && c.contains(&marker) && !c.contains("\0run\0")
                })
            })
    };
    let in_phase = || match phase {
        Phase::Compile => compiling.load(Ordering::SeqCst),
        _ => program_runs(),
    };
    let started = Instant::now();
    while !in_phase() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(in_phase(), "{who}: the judge never reached the phase");
    if let Phase::Compile = phase {
        // Into the compiler's run (the compile takes seconds).
        std::thread::sleep(Duration::from_millis(300));
    }
    let open = too_open(&s.tmp);
    assert!(
        child.try_wait().expect("try_wait").is_none(),
        "{who}: the judge ended before its kill"
    );
    let left_now = left_by(pid, &s.tmp);
    child.kill().expect("kill -9 the judge");
    child.wait().expect("reap the judge");
    assert!(open.is_empty(), "{who}: made open to others: {open:?}");
    let survivors = processes_with(&marker);
    assert!(survivors.is_empty(), "{who}: survivors: {survivors:?}");
    if !matches!(phase, Phase::Batch) {
        assert!(
            !left_now.is_empty(),
            "{who}: the killed judge had made nothing (the control)"
        );
    }
    // The next judge, asked for something else: a batch run.
    let next = user
        .judge()
        .args(["run", "wythoff", "--tests"])
        .arg(&s.tests)
        .args(["--", "sh", "-c", "echo 0"])
        .env("TMPDIR", &s.tmp)
        .stdin(Stdio::null())
        .output()
        .expect("the next judge");
    assert_eq!(
        verdict(&next),
        "AC",
        "{who}: the next judge: {}",
        said(&next)
    );
    let left = left_by(pid, &s.tmp);
    assert!(
        left.is_empty(),
        "{who}: left after the next judge: {left:?}"
    );
    let ipc = ipc_of(&[user.ids().0]);
    assert!(
        ipc.iter().all(|l| ipc_before.contains(l)),
        "{who}: new IPC objects: {ipc:?}"
    );
    if let User::Sub(sub) = user {
        // No one else judges as this user: its id locks are all gone.
        let locks = Path::new("/tmp").join(format!("beatty-judge-{}", sub.uid));
        let held: Vec<_> = std::fs::read_dir(&locks)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert!(held.is_empty(), "{who}: id locks left: {held:?}");
    }
}
