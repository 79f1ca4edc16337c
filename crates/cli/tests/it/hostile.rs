//! The hostile-submission suite: every program in `tests/hostile/` tries to
//! break out of `judge run` (hang it, escape it, flood it, exhaust its memory,
//! read or rewrite the answers, kill it, fool its report) and must get the
//! verdict written in its first line (`# expect: TLE`, `// expect: MLE` for C,
//! which is compiled with `gcc` first; a second line `without a memory cgroup:
//! RE` gives the verdict where the judge says it has no memory cgroup), in
//! both isolation modes. The judge inherits a descriptor (7) open on an
//! answer file, which must not reach the program. After each run, no process
//! it started may survive (each gets a unique marker argument, searched for in
//! `/proc`), the judge's temporary directory (`TMPDIR`, private to the run)
//! must be empty, no cgroup of the judge may remain, and with strict isolation
//! no file named by the marker may remain in `/tmp`, `/var/tmp` or `/dev/shm`.
//! When the tests run as root, every program is also judged by a judge running
//! as `nobody` (through `setpriv`), which covers strict isolation through a
//! user namespace, basic isolation without root, and the judge without a
//! memory cgroup. The programs live outside `/tmp` (in Cargo's target
//! directory), so that strict isolation can give the run a private `/tmp`.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{cgroups_of, dir, is_root, judge_for_nobody, processes_with, wait_bounded};

/// The unprivileged user of the second round.
const NOBODY: u32 = 65534;

struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// Compiles the C program `src` into `out`; `false` (with a message) when
/// there is no `gcc`.
fn compile(src: &Path, out: &Path) -> bool {
    match Command::new("gcc")
        .arg("-O2")
        .arg("-o")
        .arg(out)
        .arg(src)
        .status()
    {
        Ok(s) => {
            assert!(s.success(), "gcc failed on {}", src.display());
            true
        }
        Err(e) => {
            eprintln!("skipping {}: cannot run gcc: {e}", src.display());
            false
        }
    }
}

/// Runs the hostile program `name` on two tests (`1 2` → `0`) with
/// `--isolation mode`, checks that nothing survives it, and returns what the
/// judge said (`None` when a C program cannot be compiled here).
fn run(name: &str, mode: &str, nobody: bool) -> Option<Outcome> {
    use std::os::unix::fs::PermissionsExt;
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name);
    let base = tempfile::Builder::new()
        .prefix("beatty-hostile-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir");
    std::fs::set_permissions(base.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    // The program runs as another user when the judge is root: it must be able
    // to read itself, and nothing else of ours.
    let progs = dir(base.path(), "prog", 0o755);
    let prog = progs.join(name.trim_end_matches(".c"));
    if name.ends_with(".c") {
        if !compile(&src, &prog) {
            return None;
        }
    } else {
        std::fs::copy(&src, &prog).expect("copy the program");
    }
    let tests = dir(base.path(), "tests", 0o700);
    for t in ["a", "b"] {
        std::fs::write(tests.join(format!("{t}.in")), "1 2\n").expect("write");
        std::fs::write(tests.join(format!("{t}.ans")), "0\n").expect("write");
    }
    let tmp = dir(base.path(), "tmp", 0o700);
    // The judge inherits descriptor 7, open on an answer file (opened by a
    // shell before it becomes the judge).
    let mut judge = Command::new("sh");
    judge
        .args(["-c", "exec 7<\"$0\" && exec \"$@\""])
        .arg(tests.join("a.ans"));
    if nobody {
        for d in [&tests, &tmp] {
            std::os::unix::fs::chown(d, Some(NOBODY), Some(NOBODY)).expect("chown");
        }
        judge
            .args([
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
            ])
            .arg(judge_for_nobody());
    } else {
        judge.arg(env!("CARGO_BIN_EXE_judge"));
    }
    let marker = format!(
        "beatty-hostile-{}-{name}-{mode}-{}",
        std::process::id(),
        if nobody { "nobody" } else { "self" }
    );
    let interpreter: &[&str] = if name.ends_with(".py") {
        &["python3"]
    } else if name.ends_with(".sh") {
        &["sh"]
    } else {
        &[]
    };
    let start = Instant::now();
    let child = judge
        .current_dir(base.path())
        .args(["run", "wythoff", "--tests"])
        .arg(&tests)
        .args([
            "--isolation",
            mode,
            "--time-limit",
            &time_limit(name),
            "--jobs",
            "1",
            "--stop-on-fail",
            "--",
        ])
        .args(interpreter)
        .arg(&prog)
        .arg(&marker)
        .env("TMPDIR", &tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start judge");
    // The judge must never hang: wait at most 30 s for it.
    let pid = child.id();
    let out = wait_bounded(
        child,
        Duration::from_secs(30),
        &format!("{name} ({mode}): the judge"),
    );
    let took = start.elapsed();
    let left = cgroups_of(pid);
    assert!(left.is_empty(), "{name} ({mode}): cgroups left: {left:?}");
    let survivors = processes_with(&marker);
    assert!(
        survivors.is_empty(),
        "{name} ({mode}): processes survive: {survivors:?}"
    );
    let left: Vec<_> = std::fs::read_dir(&tmp)
        .expect("read TMPDIR")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(
        left.is_empty(),
        "{name} ({mode}): temporary files left: {left:?}"
    );
    for t in ["a", "b"] {
        assert_eq!(
            std::fs::read(tests.join(format!("{t}.ans"))).expect("read"),
            b"0\n",
            "{name} ({mode}): the test files were changed"
        );
    }
    // Files named by the marker in the shared temporary directories: none
    // with strict isolation (private ones); basic leaves them (documented),
    // and they are removed here.
    // A directory the program lies in stays shared (documented): a checkout
    // under /tmp puts the program there, so /tmp is not asserted then.
    let prog_real = prog.canonicalize().expect("the program's path");
    for d in ["/tmp", "/var/tmp", "/dev/shm"] {
        let f = Path::new(d).join(&marker);
        let there = f.exists();
        let _ = std::fs::remove_file(&f);
        let shared = Path::new(d)
            .canonicalize()
            .is_ok_and(|d| prog_real.starts_with(d));
        assert!(
            !(there && mode == "strict" && !shared),
            "{name} ({mode}): {} survives the run",
            f.display()
        );
    }
    Some(Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        took,
    })
}

/// The time limit of a hostile program: 1 s, or what a line `# time limit:
/// N` among its first lines says: more for programs whose verdict does not
/// rest on time, so that a loaded machine cannot turn it into TLE; less for
/// programs that never end, whose TLE a shorter limit only makes come sooner.
fn time_limit(name: &str) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name);
    let text = std::fs::read_to_string(src).expect("read program");
    text.lines()
        .take(5)
        .find_map(|l| {
            l.strip_prefix("# ")
                .or_else(|| l.strip_prefix("// "))?
                .strip_prefix("time limit: ")
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "1".to_owned())
}

/// The verdicts in the first lines of a hostile program (`# expect: TLE`,
/// `// expect: MLE`), with a memory cgroup and without (a second line
/// `// without a memory cgroup: RE`, else the same).
fn expected(name: &str) -> (String, String) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name);
    let text = std::fs::read_to_string(src).expect("read program");
    let line = |n: usize, key: &str| {
        text.lines().nth(n).and_then(|l| {
            l.strip_prefix("# ")
                .or_else(|| l.strip_prefix("// "))?
                .strip_prefix(key)
                .map(str::to_owned)
        })
    };
    let with = line(0, "expect: ").expect("first line `# expect: VERDICT`");
    let without = line(1, "without a memory cgroup: ").unwrap_or_else(|| with.clone());
    (with, without)
}

/// Programs whose rounds run at the same time: each mostly waits (for its
/// time limit, or beside a sleep it leaves behind) or fails at once, and no
/// round can reach another's processes or files (each has its own directory,
/// marker and judge; as root each run has a user id of its own, without root
/// a user namespace). The others keep their rounds one after the other: they
/// load the CPU, the disk or the process table (`fork_bomb.sh`, `flood.sh`,
/// `deep_tree.py`), signal every process they may (`kill_judge.sh`), or end
/// at once anyway.
const CONCURRENT_ROUNDS: &[&str] = &[
    "cpu_loop.sh",
    "sleep.sh",
    "sigstop.sh",
    "setsid_escape.sh",
    "setsid_holds_pipes.sh",
    "alloc_2g.py",
    "alloc_2g_touch.c",
    "alloc_2g_null.c",
    "alloc_grow.c",
];

fn judged(name: &str) {
    let root = is_root();
    let mut rounds = vec![("strict", false), ("basic", false)];
    if root && Path::new("/usr/bin/setpriv").exists() {
        rounds.extend([("strict", true), ("basic", true)]);
    }
    // Without root, basic isolation runs the program as the judge's own
    // user: it could signal the judge (and `kill -1` every process of the
    // user) and read what the user can read. That is what basic loses.
    // Basic isolation shows every process in /proc (documented).
    rounds.retain(|&(mode, nobody)| {
        !(mode == "basic"
            && ((nobody || !root)
                && matches!(
                    name,
                    "kill_judge.sh" | "read_answers.sh" | "rewrite_tests.sh"
                )
                || name == "proc_view.sh"))
    });
    if CONCURRENT_ROUNDS.contains(&name) {
        std::thread::scope(|scope| {
            for &(mode, nobody) in &rounds {
                scope.spawn(move || judged_round(name, mode, nobody));
            }
        });
    } else {
        for &(mode, nobody) in &rounds {
            judged_round(name, mode, nobody);
        }
    }
}

/// One round of [`judged`]: the program under `mode`, by a judge that runs as
/// `nobody` or as the tests' user; its verdict and report checked.
fn judged_round(name: &str, mode: &str, nobody: bool) {
    let (with_cgroup, without_cgroup) = expected(name);
    let mode_name = if nobody {
        format!("{mode}, as nobody")
    } else {
        mode.to_owned()
    };
    let mode_name = mode_name.as_str();
    let Some(o) = run(name, mode, nobody) else {
        return;
    };
    let want = if o.stderr.contains("memory limit by memory cgroup") {
        &with_cgroup
    } else {
        &without_cgroup
    };
    let last = o.stdout.lines().last().unwrap_or_default().to_owned();
    assert!(
        last.starts_with(&format!("verdict: {want} ")),
        "{name} ({mode_name}): expected {want}, the judge said:\n{}",
        o.stdout
    );
    assert_eq!(
        o.code,
        Some(if want == "AC" { 0 } else { 1 }),
        "{name} ({mode_name}):\n{}",
        o.stdout
    );
    // A failing test stops the run (--stop-on-fail): one time limit of
    // 1 s, plus the grace for the pipes, plus a loaded machine.
    assert!(
        o.took < Duration::from_secs(20),
        "{name} ({mode_name}) took {:?}",
        o.took
    );
    // Nothing the program wrote reaches the terminal raw, and no line of
    // the report but the last is a verdict line.
    assert!(
        !o.stdout.contains('\x1b'),
        "{name} ({mode_name}): raw escape"
    );
    assert_eq!(
        o.stdout
            .lines()
            .filter(|l| l.starts_with("verdict:"))
            .count(),
        1,
        "{name} ({mode_name}):\n{}",
        o.stdout
    );
}

/// The programs the quick loop judges (the others are slow tests,
/// docs/ci.md): one of each kind of attack, hanging, exhausting memory,
/// escaping, reading the answers, killing the judge, fooling its report.
/// (`flood.sh` is left to the full matrix: under heavy load its 1 s limit
/// can turn OLE into TLE.)
const QUICK: &[&str] = &[
    "cpu_loop.sh",
    "alloc_2g.py",
    "escape.py",
    "read_answers.sh",
    "kill_judge.sh",
    "terminal_escapes.sh",
];

macro_rules! hostile {
    ($($test:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                if !QUICK.contains(&$file) && crate::common::skip_slow() {
                    return;
                }
                judged($file);
            }
        )*

        #[test]
        fn every_program_in_the_folder_has_a_test() {
            let mut listed = vec![$($file),*];
            listed.sort_unstable();
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
            let mut files: Vec<String> = std::fs::read_dir(dir)
                .expect("tests/hostile")
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".sh") || n.ends_with(".py") || n.ends_with(".c"))
                .collect();
            files.sort_unstable();
            assert_eq!(files, listed);
        }
    };
}

hostile! {
    cpu_loop => "cpu_loop.sh",
    sleep => "sleep.sh",
    fork_bomb => "fork_bomb.sh",
    setsid_escape => "setsid_escape.sh",
    setsid_holds_pipes => "setsid_holds_pipes.sh",
    alloc_2g => "alloc_2g.py",
    alloc_2g_touch => "alloc_2g_touch.c",
    alloc_2g_null => "alloc_2g_null.c",
    alloc_grow => "alloc_grow.c",
    inherited_fds => "inherited_fds.sh",
    proc_view => "proc_view.sh",
    private_tmp => "private_tmp.sh",
    flood => "flood.sh",
    close_stdout => "close_stdout.sh",
    sigstop => "sigstop.sh",
    kill_judge => "kill_judge.sh",
    read_answers => "read_answers.sh",
    rewrite_tests => "rewrite_tests.sh",
    terminal_escapes => "terminal_escapes.sh",
    escape => "escape.py",
    deep_tree => "deep_tree.py",
}

/// Test sets written by strangers: an invalid `.in` or a FIFO named `.in` is
/// the judge's failure (exit 3, naming the file) before anything runs, never a
/// verdict of the submission and never a hang.
#[test]
fn bad_test_files_fail_the_judge_before_anything_runs() {
    let base = tempfile::tempdir().expect("tempdir");
    let marker = format!("beatty-badtests-{}", std::process::id());
    let judge = |tests: &Path| {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["run", "wythoff", "--tests"])
            .arg(tests)
            .args(["--time-limit", "1", "--", "sh", "-c"])
            .arg(format!(
                "echo started > {}; echo 0",
                base.path().join("ran").display()
            ))
            .arg(&marker)
            .stdin(Stdio::null())
            .output()
            .expect("run judge")
    };
    // An input breaking the format in the second test: a word where a pile belongs.
    let invalid = dir(base.path(), "invalid", 0o755);
    std::fs::write(invalid.join("a.in"), "1 2\n").expect("write");
    std::fs::write(invalid.join("b.in"), "1 two\n").expect("write");
    let out = judge(&invalid);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("b.in"), "{err}");
    assert!(!base.path().join("ran").exists(), "a submission ran");
    // A FIFO: opening it would block forever.
    let fifo = dir(base.path(), "fifo", 0o755);
    std::fs::write(fifo.join("a.in"), "1 2\n").expect("write");
    let made = Command::new("mkfifo")
        .arg(fifo.join("b.in"))
        .status()
        .is_ok_and(|s| s.success());
    assert!(made, "mkfifo");
    let start = Instant::now();
    let out = judge(&fifo);
    assert!(start.elapsed() < Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("b.in") && err.contains("not a regular file"),
        "{err}"
    );
    assert!(!base.path().join("ran").exists(), "a submission ran");
}

/// SIGINT, SIGTERM and SIGHUP to the judge kill every running submission,
/// remove every temporary file (the generated test set, the working
/// directories) and cgroup, and exit 128 + the signal.
#[test]
fn signals_to_the_judge_clean_up_and_exit_128_plus_the_signal() {
    if crate::common::skip_slow() {
        return;
    }
    for (signal, name) in [(2, "INT"), (15, "TERM"), (1, "HUP")] {
        let base = tempfile::tempdir().expect("tempdir");
        let tmp = dir(base.path(), "tmp", 0o700);
        let marker = format!("beatty-signal-{}-{name}", std::process::id());
        let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args([
                "run",
                "wythoff",
                "--jobs",
                "2",
                "--time-limit",
                "30",
                "--",
                "sh",
                "-c",
            ])
            .arg(format!("sh -c 'sleep 60; : {marker}'; : {marker}"))
            .env("TMPDIR", &tmp)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start judge");
        // Ready when both submissions run.
        let start = Instant::now();
        while processes_with_now(&marker) < 4 {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{name}: never started"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status();
        let status = child.wait().expect("wait");
        assert_eq!(status.code(), Some(128 + signal), "SIG{name}");
        let cgroups = cgroups_of(child.id());
        assert!(cgroups.is_empty(), "SIG{name}: cgroups left: {cgroups:?}");
        let survivors = processes_with(&marker);
        assert!(survivors.is_empty(), "SIG{name}: {survivors:?}");
        let left: Vec<_> = std::fs::read_dir(&tmp)
            .expect("read TMPDIR")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert!(left.is_empty(), "SIG{name}: left behind {left:?}");
    }
}

/// How many processes have `marker` in their command line right now.
fn processes_with_now(marker: &str) -> usize {
    std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
        })
        .count()
}

/// `--cpu-limit 0.5` on a CPU loop under a wall limit of 20 s: TLE for CPU
/// time, the CPU time reported at least the limit, and the run stopped well
/// before the wall limit (the CPU limit is not rounded up to whole seconds).
#[test]
fn a_fractional_cpu_limit_is_enforced() {
    if crate::common::skip_slow() {
        return;
    }
    let base = tempfile::tempdir().expect("tempdir");
    let tests = dir(base.path(), "tests", 0o755);
    std::fs::write(tests.join("a.in"), "1 2\n").expect("write");
    std::fs::write(tests.join("a.ans"), "0\n").expect("write");
    // The CPU of every process counts: the program's own, a double-forked
    // orphan's, and a child forked from a second thread (whose parent is
    // that thread), while the program itself sleeps.
    let burners: [(&str, &[&str]); 3] = [
        ("a loop", &["sh", "-c", "while :; do :; done"]),
        (
            "an orphan",
            &["sh", "-c", "(sh -c 'while :; do :; done' &); sleep 30"],
        ),
        (
            "a second thread's child",
            &[
                "python3",
                "-c",
                "import os, threading, time\n\
                 def spawn():\n    \
                     if os.fork() == 0:\n        \
                         while True: pass\n    \
                     time.sleep(30)\n\
                 threading.Thread(target=spawn).start()\n\
                 time.sleep(30)\n",
            ],
        ),
    ];
    for (what, cmd) in burners {
        for mode in ["strict", "basic"] {
            let out = Command::new(env!("CARGO_BIN_EXE_judge"))
                .args(["run", "wythoff", "--tests"])
                .arg(&tests)
                .args([
                    "--isolation",
                    mode,
                    "--cpu-limit",
                    "0.5",
                    "--time-limit",
                    "20",
                    "--",
                ])
                .args(cmd)
                .stdin(Stdio::null())
                .output()
                .expect("run judge");
            let report = String::from_utf8_lossy(&out.stdout);
            assert_eq!(out.status.code(), Some(1), "{what}, {mode}: {report}");
            assert!(report.contains("verdict: TLE"), "{what}, {mode}: {report}");
            assert!(
                report.contains("beyond the limit"),
                "{what}, {mode}: {report}"
            );
            // `a  TLE  0.612s wall  0.540s cpu  1 MiB`
            let line = report.lines().next().unwrap_or_default();
            let figures: Vec<f64> = line
                .split_whitespace()
                .filter_map(|w| w.strip_suffix('s')?.parse().ok())
                .collect();
            assert_eq!(figures.len(), 2, "{what}, {mode}: {line}");
            assert!(
                figures[1] >= 0.5,
                "{what}, {mode}: CPU time below the limit: {line}"
            );
            assert!(
                figures[0] < 10.0,
                "{what}, {mode}: the wall limit stopped it: {line}"
            );
        }
    }
}

/// Root of a user namespace (`unshare -U -r`: effective uid 0, but the runs'
/// user ids unmapped) is not root: the judge takes the path of an ordinary
/// user and judges, in both isolation modes.
#[test]
fn root_of_a_user_namespace_judges_as_an_ordinary_user() {
    if crate::common::skip_slow() {
        return;
    }
    if !Path::new("/usr/bin/unshare").exists() {
        eprintln!("skipping: no /usr/bin/unshare");
        return;
    }
    let base = tempfile::tempdir().expect("tempdir");
    let tests = dir(base.path(), "tests", 0o755);
    std::fs::write(tests.join("a.in"), "1 2\n").expect("write");
    std::fs::write(tests.join("a.ans"), "0\n").expect("write");
    let tmp = dir(base.path(), "tmp", 0o700);
    if is_root() {
        std::os::unix::fs::chown(&tmp, Some(NOBODY), Some(NOBODY)).expect("chown");
    }
    for mode in ["strict", "basic"] {
        let probe = unshare_as_nobody().args(["-U", "-r", "true"]).status();
        if !probe.is_ok_and(|s| s.success()) {
            eprintln!("skipping: user namespaces refused here");
            return;
        }
        let out = unshare_as_nobody()
            .args(["-U", "-r"])
            .arg(judge_for_nobody())
            .args(["run", "wythoff", "--tests"])
            .arg(&tests)
            .args(["--isolation", mode, "--", "sh", "-c", "echo 0"])
            .env("TMPDIR", &tmp)
            .stdin(Stdio::null())
            .output()
            .expect("run judge");
        let report = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{mode}: {report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(report.contains("verdict: AC"), "{mode}: {report}");
    }
}

/// Basic isolation with two tests at once: when the short one ends, the judge
/// must not kill the orphans of the one still running (they are its work).
/// Test `a` leaves an orphan that writes its answer 0.6 s later while the
/// program itself sleeps on; test `b` ends after 0.3 s. Run as `nobody` when the
/// tests run as root, so that neither a per-run user id nor a cgroup hides
/// the question.
#[test]
fn basic_isolation_kills_only_the_orphans_of_the_finished_test() {
    if crate::common::skip_slow() {
        return;
    }
    let base = tempfile::tempdir().expect("tempdir");
    let tests = dir(base.path(), "tests", 0o755);
    std::fs::write(tests.join("a.in"), "1 2\n").expect("write");
    std::fs::write(tests.join("a.ans"), "0\n").expect("write");
    std::fs::write(tests.join("b.in"), "0 0\n").expect("write");
    std::fs::write(tests.join("b.ans"), "0\n").expect("write");
    let tmp = dir(base.path(), "tmp", 0o700);
    let mut c = Command::new(env!("CARGO_BIN_EXE_judge"));
    if is_root() {
        std::os::unix::fs::chown(&tmp, Some(NOBODY), Some(NOBODY)).expect("chown");
        c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(judge_for_nobody());
    }
    let program = "read a b; if [ \"$a\" = 1 ]; then sh -c '(sleep 0.6; echo 0) &'; sleep 3; else sleep 0.3; echo 0; fi";
    let out = c
        .args(["run", "wythoff", "--tests"])
        .arg(&tests)
        .args([
            "--isolation",
            "basic",
            "--jobs",
            "2",
            "--time-limit",
            "10",
            "--",
            "sh",
            "-c",
            program,
        ])
        .env("TMPDIR", &tmp)
        .stdin(Stdio::null())
        .output()
        .expect("run judge");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("verdict: AC (2/2 tests)"), "{report}");
    assert_eq!(out.status.code(), Some(0), "{report}");
}

/// `unshare`, started as nobody when we are root, so that the root of the user
/// namespace it makes is nobody outside.
fn unshare_as_nobody() -> Command {
    if is_root() {
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "unshare",
        ]);
        c
    } else {
        Command::new("unshare")
    }
}

/// A scratch directory in Cargo's temporary directory (the runs' users must
/// reach it): `prog/` for programs, `tests/` with one test (`1 2` → `0`), and
/// `tmp/` for the judge's `TMPDIR`, owned by `nobody` when the tests run as
/// root.
struct Scratch {
    base: tempfile::TempDir,
    prog: PathBuf,
    tests: PathBuf,
    tmp: PathBuf,
}

fn scratch(prefix: &str) -> Scratch {
    use std::os::unix::fs::PermissionsExt;
    let base = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir");
    std::fs::set_permissions(base.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let prog = dir(base.path(), "prog", 0o755);
    let tests = dir(base.path(), "tests", 0o755);
    std::fs::write(tests.join("a.in"), "1 2\n").expect("write");
    std::fs::write(tests.join("a.ans"), "0\n").expect("write");
    let tmp = dir(base.path(), "tmp", 0o700);
    if is_root() {
        std::os::unix::fs::chown(&tmp, Some(NOBODY), Some(NOBODY)).expect("chown");
    }
    Scratch {
        base,
        prog,
        tests,
        tmp,
    }
}

/// The rounds of a test: the judge as the tests' own user, and as `nobody`
/// too when the tests run as root and `setpriv` is there.
fn as_nobody_too() -> Vec<bool> {
    if is_root() && Path::new("/usr/bin/setpriv").exists() {
        vec![false, true]
    } else {
        vec![false]
    }
}

/// The judge, as `nobody` (through `setpriv`, a copy it can run) or as the
/// tests' own user.
fn judge_as(nobody: bool) -> Command {
    if nobody {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(judge_for_nobody());
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_judge"))
    }
}

/// Honest programs get AC under every layer of the sandbox, in both isolation
/// modes, from a judge with a memory cgroup (root) and from one without
/// (`nobody`, or the tests' own user when not root): C, C++, Rust, CPython,
/// PyPy (and PyPy with its young generation forced above the 256 MiB limit,
/// as a CPU that reports a 480 MiB cache makes it: issue #19), the JVM with 8
/// threads, and a C program that reserves 4 GiB as Go's runtime does (runtimes
/// that reserve far more address space than they touch). Each is skipped with
/// a message where its compiler or runtime is missing.
#[test]
fn honest_programs_of_every_runtime_get_ac() {
    if crate::common::skip_slow() {
        return;
    }
    use std::ffi::OsString;
    use std::os::unix::fs::PermissionsExt;
    let Scratch {
        base, prog, tmp, ..
    } = scratch("beatty-fair-");
    let fair = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fair");
    let exact_py = prog.join("exact.py");
    std::fs::copy(crate::e2e::wythoff_asset("exact.py"), &exact_py).expect("copy exact.py");
    let has = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let os = |parts: &[&dyn AsRef<std::ffi::OsStr>]| -> Vec<OsString> {
        parts.iter().map(|p| p.as_ref().to_owned()).collect()
    };
    let mut programs: Vec<(&str, Vec<OsString>)> = Vec::new();
    programs.push(("CPython", os(&[&"python3", &exact_py])));
    if has("pypy3") {
        programs.push(("PyPy", os(&[&"pypy3", &exact_py])));
        // A 400 MiB young generation: PyPy asks for it at start-up, beyond a
        // 256 MiB address-space limit (it aborted with `cannot allocate
        // nursery` under the old RLIMIT_AS fallback).
        programs.push((
            "PyPy with a 400 MiB nursery",
            os(&[&"env", &"PYPY_GC_NURSERY=400M", &"pypy3", &exact_py]),
        ));
    } else {
        eprintln!("skipping PyPy: no pypy3 here");
    }
    let reserve = prog.join("reserve");
    if compile(&fair.join("reserve.c"), &reserve) {
        programs.push(("C reserving 4 GiB", os(&[&reserve])));
    }
    let built = |what: &str, compiler: &str, args: &[&std::ffi::OsStr]| {
        let ok = Command::new(compiler)
            .args(args)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("skipping {what}: {compiler} is missing or failed");
        }
        ok
    };
    let cpp = prog.join("exact-cpp");
    let cpp_src =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems/src/problem/wythoff/exact.cpp");
    if built(
        "C++",
        "g++",
        &[
            "-O2".as_ref(),
            "-o".as_ref(),
            cpp.as_os_str(),
            cpp_src.as_os_str(),
        ],
    ) {
        programs.push(("C++", os(&[&cpp])));
    }
    let rust = prog.join("exact-rs");
    let rust_src = fair.join("exact.rs");
    if built(
        "Rust",
        "rustc",
        &[
            "-O".as_ref(),
            "-o".as_ref(),
            rust.as_os_str(),
            rust_src.as_os_str(),
        ],
    ) {
        programs.push(("Rust", os(&[&rust])));
    }
    if has("javac") && has("java") {
        let status = Command::new("javac")
            .arg("-d")
            .arg(&prog)
            .arg(fair.join("Main.java"))
            .status()
            .expect("javac");
        assert!(status.success(), "javac failed");
        for e in std::fs::read_dir(&prog).expect("read").flatten() {
            let _ = std::fs::set_permissions(e.path(), std::fs::Permissions::from_mode(0o755));
        }
        programs.push(("Java, 8 threads", os(&[&"java", &"-cp", &prog, &"Main"])));
    } else {
        eprintln!("skipping Java: no javac or java here");
    }
    for (what, cmd) in &programs {
        for (mode, nobody) in ["strict", "basic"]
            .into_iter()
            .flat_map(|m| as_nobody_too().into_iter().map(move |n| (m, n)))
        {
            let out = judge_as(nobody)
                .current_dir(base.path())
                .args(["run", "wythoff", "--seed", "1", "--jobs", "1"])
                .args(["--isolation", mode, "--"])
                .args(cmd)
                .env("TMPDIR", &tmp)
                .stdin(Stdio::null())
                .output()
                .expect("run judge");
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                stdout.contains("verdict: AC (7/7 tests)") && out.status.success(),
                "{what} ({mode}, nobody {nobody}): expected AC, the judge said:\n{stdout}{stderr}"
            );
        }
    }
}

/// `kill -9` of the judge in the middle of a test leaves nothing of the run
/// running, in both isolation modes, as root and as `nobody`: every level
/// (the keeper, init, the program) has the parent-death signal, set again
/// after each credential change (issue #20, row 10); and the next judge
/// removes the directories the killed one left in its temporary directory.
#[test]
fn kill_9_of_the_judge_leaves_no_process() {
    if crate::common::skip_slow() {
        return;
    }
    let Scratch {
        base: _base,
        tests,
        tmp,
        ..
    } = scratch("beatty-kill9-");
    for nobody in as_nobody_too() {
        for mode in ["strict", "basic"] {
            let marker = format!("beatty-kill9-{}-{mode}-{nobody}", std::process::id());
            let mut child = judge_as(nobody)
                .args(["run", "wythoff", "--tests"])
                .arg(&tests)
                .args(["--isolation", mode, "--time-limit", "30", "--"])
                .args(["sh", "-c", "sleep 30; echo 0"])
                .arg(&marker)
                .env("TMPDIR", &tmp)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start judge");
            // Wait until the program runs (`sh -c … MARKER`; the judge's own
            // command line, with `--isolation`, holds the marker too), then
            // kill the judge (setpriv execs it: the child is the judge).
            let program_runs = || {
                std::fs::read_dir("/proc")
                    .expect("/proc")
                    .flatten()
                    .any(|e| {
                        std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                            let c = String::from_utf8_lossy(&c);
                            c.contains(&marker) && !c.contains("--isolation")
                        })
                    })
            };
            let started = Instant::now();
            while !program_runs() && started.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(20));
            }
            assert!(program_runs(), "{mode}: the program never started");
            child.kill().expect("kill -9 the judge");
            child.wait().expect("reap the judge");
            let left = processes_with(&marker);
            assert!(
                left.is_empty(),
                "{mode}, nobody {nobody}: survivors: {left:?}"
            );
            // The next judge removes what the killed one left in TMPDIR (a
            // basic run's directory; the tests are held in memory, and a
            // strict run works in its private /tmp).
            let listed = || -> Vec<_> {
                std::fs::read_dir(&tmp)
                    .expect("read TMPDIR")
                    .flatten()
                    .map(|e| e.file_name())
                    .collect()
            };
            if mode == "basic" {
                assert!(
                    !listed().is_empty(),
                    "{mode}: the killed judge left nothing"
                );
            }
            let out = judge_as(nobody)
                .args(["run", "wythoff", "--tests"])
                .arg(&tests)
                .args(["--isolation", mode, "--", "sh", "-c", "echo 0"])
                .env("TMPDIR", &tmp)
                .stdin(Stdio::null())
                .output()
                .expect("run judge");
            assert!(out.status.success(), "{mode}: the next judge failed");
            let left = listed();
            assert!(
                left.is_empty(),
                "{mode}, nobody {nobody}: left in TMPDIR: {left:?}"
            );
        }
    }
}

/// What a strict run can park in files is bounded by `--disk-limit`, all its
/// temporary directories and its working directory together (one private
/// tmpfs): it writes 1 MiB blocks into `/tmp`, `/var/tmp`, `/dev/shm` and its
/// working directory until refused, and answers right only if the total stayed
/// within the 16 MiB limit (issue #20, row 12). As root and as `nobody`.
#[test]
fn strict_runs_park_no_more_than_the_disk_limit() {
    if crate::common::skip_slow() {
        return;
    }
    let Scratch {
        base: _base,
        tests,
        tmp,
        ..
    } = scratch("beatty-disk-");
    let park = "import os\n\
        total = 0\n\
        block = b'x' * (1 << 20)\n\
        for d in ['/tmp', '/var/tmp', '/dev/shm', '.']:\n    \
            for i in range(64):\n        \
                try:\n            \
                    with open(os.path.join(d, 'park%d' % i), 'wb') as f:\n                \
                        f.write(block)\n                \
                        f.flush()\n                \
                        os.fsync(f.fileno())\n            \
                    total += 1\n        \
                except OSError:\n            \
                    break\n\
        print(0 if total <= 16 else total)\n";
    for nobody in as_nobody_too() {
        let out = judge_as(nobody)
            .args(["run", "wythoff", "--tests"])
            .arg(&tests)
            .args([
                "--isolation",
                "strict",
                "--disk-limit",
                "16",
                "--time-limit",
                "10",
            ])
            .args(["--", "python3", "-c", park])
            .env("TMPDIR", &tmp)
            .stdin(Stdio::null())
            .output()
            .expect("run judge");
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            report.contains("verdict: AC"),
            "nobody {nobody}: parked more than the disk limit:\n{report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A run reaches no listener of the host's: neither a TCP socket on
/// 127.0.0.1 nor an abstract Unix socket, both listening in this test process
/// (the program answers right only if both connections fail), in both modes,
/// as root and as `nobody` (issue #20, row 8).
#[test]
fn no_listener_of_the_host_is_reachable() {
    if crate::common::skip_slow() {
        return;
    }
    use std::os::linux::net::SocketAddrExt;
    let tcp = std::net::TcpListener::bind("127.0.0.1:0").expect("bind TCP");
    let port = tcp.local_addr().expect("address").port();
    let name = format!("beatty-hostile-{}", std::process::id());
    let addr = std::os::unix::net::SocketAddr::from_abstract_name(name.as_bytes()).expect("name");
    let _unix = std::os::unix::net::UnixListener::bind_addr(&addr).expect("bind abstract");
    let Scratch {
        base: _base,
        tests,
        tmp,
        ..
    } = scratch("beatty-listen-");
    let program = format!(
        "import socket\n\
         reached = []\n\
         try:\n    \
             socket.create_connection(('127.0.0.1', {port}), timeout=2).close()\n    \
             reached.append('tcp')\n\
         except OSError:\n    \
             pass\n\
         try:\n    \
             s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n    \
             s.connect('\\0{name}')\n    \
             reached.append('abstract')\n\
         except OSError:\n    \
             pass\n\
         print(' '.join(reached) if reached else 0)\n"
    );
    for nobody in as_nobody_too() {
        for mode in ["strict", "basic"] {
            let out = judge_as(nobody)
                .args(["run", "wythoff", "--tests"])
                .arg(&tests)
                .args(["--isolation", mode, "--time-limit", "10", "--"])
                .args(["python3", "-c", &program])
                .env("TMPDIR", &tmp)
                .stdin(Stdio::null())
                .output()
                .expect("run judge");
            let report = String::from_utf8_lossy(&out.stdout);
            assert!(
                report.contains("verdict: AC"),
                "{mode}, nobody {nobody}: reached a listener of the host:\n{report}"
            );
        }
    }
}

/// As root, a program in a directory only root may enter (as `mktemp -d`
/// makes them, mode 0700) is judged with the default flags: the judge copies
/// it, and an interpreter's script, into the box, where the runs' user ids
/// can read them (issue #20). Skipped when not root.
#[test]
fn as_root_a_program_in_a_private_directory_is_judged() {
    if crate::common::skip_slow() {
        return;
    }
    if !is_root() {
        eprintln!("skipped: not root");
        return;
    }
    let private = tempfile::tempdir().expect("tempdir (mode 0700)");
    let src = private.path().join("zero.c");
    std::fs::write(
        &src,
        "#include <stdio.h>\nint main(void) { puts(\"0\"); return 0; }\n",
    )
    .expect("write");
    let bin = private.path().join("zero");
    if !compile(&src, &bin) {
        return;
    }
    let script = private.path().join("zero.py");
    std::fs::write(&script, "print(0)\n").expect("write");
    let Scratch {
        base: _base, tests, ..
    } = scratch("beatty-private-");
    let commands: [Vec<&std::ffi::OsStr>; 2] = [
        vec![bin.as_os_str()],
        vec!["python3".as_ref(), script.as_os_str()],
    ];
    for cmd in commands {
        for mode in ["strict", "basic"] {
            let out = Command::new(env!("CARGO_BIN_EXE_judge"))
                .args(["run", "wythoff", "--tests"])
                .arg(&tests)
                .args(["--isolation", mode, "--"])
                .args(&cmd)
                .stdin(Stdio::null())
                .output()
                .expect("run judge");
            let report = String::from_utf8_lossy(&out.stdout);
            assert!(
                report.contains("verdict: AC") && out.status.success(),
                "{cmd:?} ({mode}):\n{report}{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

/// Concurrent runs of one unprivileged user do not starve each other: each
/// run's process limit counts its own processes (a user namespace of its own,
/// in both modes), so two runs of 41 processes each judged at once with
/// `--jobs 2` both get AC, far beyond 64 processes of the user together
/// (issue #20; a busy machine made the hostile suite fail with `Cannot fork`).
#[test]
fn concurrent_runs_of_one_user_do_not_starve_each_other() {
    if crate::common::skip_slow() {
        return;
    }
    let Scratch {
        base: _base,
        tests,
        tmp,
        ..
    } = scratch("beatty-nproc-");
    std::fs::write(tests.join("b.in"), "1 2\n").expect("write");
    std::fs::write(tests.join("b.ans"), "0\n").expect("write");
    let nobody = is_root();
    if nobody && !Path::new("/usr/bin/setpriv").exists() {
        eprintln!("skipped: running as root without /usr/bin/setpriv");
        return;
    }
    for mode in ["strict", "basic"] {
        let out = judge_as(nobody)
            .args(["run", "wythoff", "--tests"])
            .arg(&tests)
            .args(["--isolation", mode, "--jobs", "2", "--time-limit", "20"])
            .args(["--", "sh", "-c"])
            .arg("for i in $(seq 40); do sleep 2 & done; wait; echo 0")
            .env("TMPDIR", &tmp)
            .stdin(Stdio::null())
            .output()
            .expect("run judge");
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            report.contains("verdict: AC (2/2 tests)"),
            "{mode}: {report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
