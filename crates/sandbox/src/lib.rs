//! Runs one untrusted program under limits and reports what happened.
//!
//! The idea, after ioi/isolate and DOMjudge's runguard: nothing a program does
//! reaches the host, the test data or the verdict, and the kernel's own locks
//! see to it. Every program, in both isolation modes, is confined for good
//! before it starts: [`filesystem`] rules (Landlock: read the system and the
//! command's files, write only the run's own directories, no TCP, abstract
//! sockets and signals scoped to the run), a [`syscalls`] filter (seccomp:
//! no network but Unix sockets, no keys, IPC objects, mounts, namespaces,
//! `ptrace`, …), `no_new_privs`, and the parent-death signal at every level
//! (so `kill -9` of the judge takes the run with it). The repository's
//! `docs/sandbox.md` has the threat model and what each layer stops.
//!
//! Every run is a set of
//! processes the judge fully owns. The judge forks a tiny *keeper* process that
//! joins the run's memory cgroup (where there is one), starts a new session,
//! applies the resource limits, and forks the program. The program gets a
//! clean environment (`PATH=/usr/local/bin:/usr/bin:/bin`, `HOME` its
//! working directory, `TMPDIR` the same or, with a private `/tmp`, `/tmp`,
//! `LANG=C`; a command without a `/` is looked up in that `PATH`, then in the
//! judge's), and no file descriptor but its standard input (a pipe the judge
//! feeds from memory), output and error.
//!
//! * [`Isolation::Strict`]: the keeper first enters a fresh PID namespace and a
//!   private mount namespace (through a new user namespace when the judge is
//!   not root). There a small init process (PID 1) mounts a fresh `/proc`
//!   (which shows only the run's processes), forks the program (PID 2) and
//!   reaps every orphan; when the program ends, init reports its wait status
//!   to the keeper and exits (as it does when the keeper dies:
//!   `PR_SET_PDEATHSIG = SIGKILL`), and the kernel kills every process of the
//!   namespace, whatever they did with sessions and process groups. The
//!   program sees no process outside it, so it cannot signal the judge. The
//!   directories given in [`Limits::hide`] (the test data) are covered by an
//!   empty read-only tmpfs, and `/tmp`, `/var/tmp` and `/dev/shm` by one fresh
//!   private tmpfs of [`Limits::disk`] (gone with the run), each unless the
//!   program or an argument lies inside it; System V IPC and the host name are
//!   private too (IPC and UTS namespaces). The working
//!   directory is `/tmp/run` in the private `/tmp` (or, when `/tmp` stays
//!   uncovered, a fresh directory in the judge's temporary directory).
//! * [`Isolation::Basic`]: no namespaces. The program runs in its own session
//!   and process group, in a fresh directory of the judge's temporary
//!   directory; the judge is a child subreaper (`PR_SET_CHILD_SUBREAPER`), so
//!   every descendant that outlives its parent becomes the judge's child. At
//!   the end the judge kills the group, everything in the run's cgroup (or, as
//!   root without a cgroup, every process of the run's user id) and the
//!   re-parented descendants of the run (those still in its session; an
//!   orphan that left the session with `setsid` is killed once no other run
//!   of the judge is in progress, so with parallel runs and neither root nor a
//!   cgroup it may live until then). What basic loses: the program sees every
//!   process in `/proc`, its working directory lies on the judge's disk
//!   (bounded per file by [`Limits::disk`]), and without root it runs as the
//!   judge's own user id (Landlock still keeps it from the user's files and,
//!   where the kernel's ABI has it, from signalling the judge).
//!
//! When the judge runs as root (real root: effective uid 0 with the user ids
//! of the runs mapped and the capabilities to switch to them; root of a user
//! namespace without them takes the path of an ordinary user), both modes run
//! the program as a user id of its own (`60000 + n`, claimed with a lock file
//! so that concurrent judges never share one), so it cannot signal the judge or
//! any other process, cannot read the judge's private temporary files, and
//! `RLIMIT_NPROC` bounds its process count (a fork bomb stops at
//! [`MAX_PROCESSES`]). Without root, each run gets a user namespace of its own
//! (strict always; basic where the kernel gives one), in which the same limit
//! counts the run's own processes only; a basic run without one shares its
//! user's count (the user's processes at the judge's start plus
//! [`MAX_PROCESSES`]).
//!
//! Memory: where a memory cgroup can be created (cgroup v2 with the memory
//! controller enabled for the judge's cgroup's children, else cgroup v1's
//! memory hierarchy; in practice as root), each run gets its own, limited to
//! [`Limits::memory`] for all its processes together; the peak figure is the
//! cgroup's, and a run that hit the limit (the kernel refused or reclaimed
//! memory there, or killed a process for it) and did not end with exit code 0
//! is over it (MLE). The cgroup is removed after the run, everything in it
//! killed. Without a cgroup (an unprivileged judge, as a rule), the limit
//! applies to the resident memory of the run's processes together: the judge
//! samples it from `/proc` with the CPU time, every 20 ms, and kills the run
//! past the limit (MLE); the peak is the largest sample or the largest single
//! process's own peak (`wait4`), and a run whose peak is over the limit, or
//! that failed (non-zero exit or a signal) with standard error naming a failed
//! allocation (`MemoryError`, `bad_alloc`, `out of memory`,
//! `OutOfMemoryError`, `Cannot allocate memory`, `memory allocation of`), is
//! MLE. Address space is not memory: runtimes reserve far more than they
//! touch (the JVM about 4 GiB, Go and PyPy hundreds of MiB), so each process
//! may reserve the limit plus [`ADDRESS_SPACE_ALLOWANCE`] (`RLIMIT_AS`), which
//! only bounds what one process can take between two samples. What the
//! fallback loses: memory touched and freed between two samples by processes
//! that each stay under the limit is not seen; pages that forked processes
//! share count once for each; files in a private `/tmp` are not counted.
//!
//! Every run's environment pins PyPy's young generation ([`PYPY_NURSERY`]),
//! which PyPy otherwise sizes from the cache the CPU reports, so that a
//! Python program's verdict does not depend on the machine.
//!
//! CPU time: all the run's processes together, from the cgroup v2 `cpu.stat`
//! where there is one, else from `/proc` (the program and its live
//! descendants, the children of every thread, and with basic isolation the
//! orphans re-parented to the judge that are still in the run's session, with
//! what they reaped) while it runs and from `wait4` afterwards; the judge
//! checks it every 20 ms and kills the run past
//! [`Limits::cpu`], and the verdict compares the exact figure with the limit.
//! `RLIMIT_CPU` (the whole seconds of the limit plus one) stays as a backstop.
//! Wall time is counted from the moment the program is started (after the
//! sandbox is set up).
//!
//! Output: the judge stops reading past the cap and kills the run. Once the
//! program has ended or been killed, the judge waits at most a short grace for
//! its pipes: a descendant that escaped cannot make it hang. The working
//! directory is removed afterwards, whatever depth and modes the program left
//! (`cleanup`; a failure to remove it is the judge's error).
#![cfg(target_os = "linux")]
#![allow(unsafe_code)]

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod child;
mod cleanup;
pub mod program;
pub use cleanup::scratch_dir;
pub use program::{Boxed, into_box};
pub mod filesystem;
pub mod syscalls;

use std::ffi::{CString, OsString};
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};

/// How strongly a run is isolated (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// PID, mount, IPC and UTS namespaces.
    Strict,
    /// Session, process group, per-run user id when root.
    Basic,
}

impl std::fmt::Display for Isolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Isolation::Strict => "strict (PID, mount, IPC and UTS namespaces)",
            Isolation::Basic => "basic (session, process group, no namespaces)",
        })
    }
}

/// Whether [`Isolation::Strict`] works here: a run of `true` in the strict
/// sandbox, tried once per judge.
#[must_use]
pub fn strict_available() -> bool {
    static OK: OnceLock<bool> = OnceLock::new();
    *OK.get_or_init(|| {
        let limits = Limits {
            wall: Duration::from_secs(10),
            cpu: Duration::from_secs(10),
            memory: 256 << 20,
            output: 4096,
            disk: 1 << 20,
            hide: Vec::new(),
        };
        run(
            &["true".into()],
            Arc::new(Vec::new()),
            &limits,
            Isolation::Strict,
        )
        .is_ok_and(|o| o.exit == Exit::Code(0) && o.limit.is_none())
    })
}

/// The confinement layers every program gets here (filesystem and syscall
/// rules, in both isolation modes), for the judge's report: e.g. `landlock ABI
/// 7 (files, TCP, abstract sockets, signals); seccomp filter (…)`.
#[must_use]
pub fn layers() -> String {
    format!("{}; {}", filesystem::describe(), syscalls::describe())
}

/// How the memory limit is enforced here, for the judge's report: by a
/// cgroup (`"memory cgroup v1"`, `"memory cgroup v2"`) or by the judge
/// sampling the run's resident memory (`"resident memory sampled every 20 ms
/// (no usable memory cgroup)"`).
#[must_use]
pub fn memory_enforcement() -> &'static str {
    match cgroup_base() {
        Some(CgroupBase::V2(_)) => "memory cgroup v2",
        Some(CgroupBase::V1(_)) => "memory cgroup v1",
        None => "resident memory sampled every 20 ms (no usable memory cgroup)",
    }
}

/// The namespaces of [`Isolation::Strict`]: PID, mount, IPC (System V
/// objects and POSIX message queues private to the run, gone with it) and UTS
/// (its own host name), inside a new user namespace when the judge is not root
/// (which gives it the right to make them).
fn namespace_flags() -> libc::c_int {
    let ns = libc::CLONE_NEWPID | libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
    if is_root() {
        ns
    } else {
        ns | libc::CLONE_NEWUSER
    }
}

/// Processes a run may have at once (`RLIMIT_NPROC`, counted in the run's own
/// user id or user namespace; see the crate docs).
pub const MAX_PROCESSES: u64 = 64;

/// The limits of one run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time (user + system) of all the run's processes.
    pub cpu: Duration,
    /// Memory in bytes, of all the run's processes together: charged by a
    /// memory cgroup where one is available, else their resident memory
    /// sampled by the judge (see the module docs).
    pub memory: u64,
    /// Bytes of standard output read.
    pub output: u64,
    /// Bytes the run may write to files: with [`Isolation::Strict`] the size
    /// of the one private tmpfs that holds its `/tmp`, `/var/tmp`, `/dev/shm`
    /// (and so its working directory), in every mode the largest file it may
    /// write (`RLIMIT_FSIZE`; beyond it the write fails, or `SIGXFSZ` kills).
    pub disk: u64,
    /// Directories the program must not see (the test data): with
    /// [`Isolation::Strict`] each is covered by an empty read-only tmpfs in the
    /// run's mount namespace, unless the program or an argument lies inside it.
    pub hide: Vec<PathBuf>,
}

/// Which limit stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Wall time.
    Wall,
    /// CPU time.
    Cpu,
    /// Memory.
    Memory,
    /// Output size.
    Output,
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exit code.
    Code(i32),
    /// Killed by this signal.
    Signal(i32),
}

/// What happened in one run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub exit: Exit,
    /// The limit that stopped it, if any.
    pub limit: Option<Limit>,
    /// Wall time from the program's start until exit or kill.
    pub wall: Duration,
    /// CPU time of the run's processes (see the module docs).
    pub cpu: Duration,
    /// Peak memory, bytes: the cgroup's peak where there is one, else the
    /// larger of the largest sampled resident memory of the run's processes
    /// together and the largest single process's peak.
    pub memory: u64,
    /// Standard output (at most the output limit).
    pub stdout: Vec<u8>,
    /// The last bytes of standard error (at most [`STDERR_KEEP`]).
    pub stderr: Vec<u8>,
}

/// Bytes of standard error kept.
pub const STDERR_KEEP: usize = 4096;

/// Grace after the wall limit (and after exit, for the pipes) before giving up on them.
const GRACE: Duration = Duration::from_millis(500);

/// How often a running run's CPU time is checked.
const TICK: Duration = Duration::from_millis(20);

/// The runs of this judge: whether it shuts down, and the process id of every
/// run's keeper. Runs start and orphans are reaped under this one lock, so no
/// run starts after [`stop_all`] and no new keeper is mistaken for an orphan.
struct Runs {
    stopped: bool,
    keepers: Vec<i32>,
}

static RUNS: Mutex<Runs> = Mutex::new(Runs {
    stopped: false,
    keepers: Vec::new(),
});
static STOPPING: AtomicBool = AtomicBool::new(false);

fn runs() -> std::sync::MutexGuard<'static, Runs> {
    RUNS.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills every running run (each notices within milliseconds, kills all its
/// processes and removes its files and cgroup) and refuses to start new ones.
pub fn stop_all() {
    runs().stopped = true;
    STOPPING.store(true, Ordering::SeqCst);
}

/// The process ids in `/proc`.
fn pids() -> impl Iterator<Item = i32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()))
}

/// The fields of `/proc/<pid>/stat` after the command name (`pid (comm)
/// state ppid pgrp session …`; comm may hold anything, so read after the
/// last `)`): index 0 is the state, 1 the parent, 3 the session, 11 to 14
/// utime, stime, cutime, cstime.
fn stat_fields(pid: i32) -> Option<Vec<Vec<u8>>> {
    let stat = std::fs::read(format!("/proc/{pid}/stat")).ok()?;
    let close = stat.iter().rposition(|&b| b == b')')?;
    Some(
        stat[close + 1..]
            .split(|&b| b == b' ' || b == b'\n')
            .filter(|f| !f.is_empty())
            .map(<[u8]>::to_vec)
            .collect(),
    )
}

fn number(field: Option<&Vec<u8>>) -> Option<i64> {
    std::str::from_utf8(field?).ok()?.parse().ok()
}

/// The children of `pid` (all its threads' children), from
/// `/proc/<pid>/task/<tid>/children`; `None` where the kernel has no such file.
fn children_of(pid: i32, all_threads: bool) -> Option<Vec<i32>> {
    let read = |tid: &str| {
        std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/children")).map(|s| {
            s.split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect::<Vec<i32>>()
        })
    };
    if !all_threads {
        return read(&pid.to_string()).ok();
    }
    let mut out = Vec::new();
    for t in std::fs::read_dir(format!("/proc/{pid}/task"))
        .ok()?
        .flatten()
    {
        match read(&t.file_name().to_string_lossy()) {
            Ok(c) => out.extend(c),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && t.path().exists() => {
                return None;
            }
            Err(_) => {}
        }
    }
    Some(out)
}

/// What the run's processes use now, from `/proc` (see [`tree_usage`]).
#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    /// CPU time of the processes and of what they reaped.
    cpu: Duration,
    /// Resident memory of the processes below the judge's own copies, bytes.
    resident: u64,
}

/// The usage of `pid`, of the `orphans` of its run (descendants that
/// outlived their parents and were re-parented to the judge), and of their
/// live descendants: the CPU time of each, with
/// what it reaped (`utime + stime + cutime + cstime`), and the resident
/// memory (`/proc/<pid>/statm`) of those at depth `skip` or below. The levels
/// above are the judge's own forks (the keeper and, with namespaces, init):
/// copies of the judge whose pages are the judge's, not the program's.
fn tree_usage(pid: i32, skip: usize, orphans: &[i32]) -> Usage {
    static TICKS: OnceLock<u64> = OnceLock::new();
    static PAGE: OnceLock<u64> = OnceLock::new();
    // SAFETY: sysconf has no memory preconditions.
    let hz = *TICKS.get_or_init(|| (unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).max(1) as u64);
    // SAFETY: as above.
    let page = *PAGE.get_or_init(|| (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).max(1) as u64);
    let mut todo = vec![(pid, 0)];
    todo.extend(orphans.iter().map(|&o| (o, skip)));
    let mut ticks: u64 = 0;
    let mut pages: u64 = 0;
    let mut seen = 0;
    while let Some((p, depth)) = todo.pop() {
        seen += 1;
        if seen > 4 * MAX_PROCESSES as usize {
            break;
        }
        if let Some(f) = stat_fields(p) {
            ticks += (11..15)
                .filter_map(|i| number(f.get(i)))
                .map(|t| t.max(0) as u64)
                .sum::<u64>();
        }
        if depth >= skip {
            pages += std::fs::read_to_string(format!("/proc/{p}/statm"))
                .ok()
                .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
                .unwrap_or(0);
        }
        // The children of every thread: a child forked from a second thread
        // has that thread, not the process, as its parent.
        todo.extend(
            children_of(p, true)
                .unwrap_or_default()
                .into_iter()
                .map(|c| (c, depth + 1)),
        );
    }
    Usage {
        cpu: Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / hz),
        resident: pages.saturating_mul(page),
    }
}

/// The judge's children in session `session` that are not a run's keeper:
/// the orphans of the basic run whose program leads that session.
fn orphans_in_session(session: i32) -> Vec<i32> {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let keepers = runs().keepers.clone();
    children_of(me, true)
        .unwrap_or_default()
        .into_iter()
        .filter(|p| !keepers.contains(p))
        .filter(|&p| stat_fields(p).and_then(|f| number(f.get(3))) == Some(i64::from(session)))
        .collect()
}

/// Kills and reaps the judge's children that are not a run's keeper: the
/// descendants of finished runs re-parented to the judge (a child subreaper).
/// Zombies are reaped, whoever they were; a live orphan is killed when it is
/// still in the finished run's `session`, or when no other run is in progress
/// (it may then belong to any run, and every run is over).
fn reap_orphans(session: i32) {
    let runs = runs();
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let alone = runs.keepers.is_empty();
    for _ in 0..1000 {
        let children =
            children_of(me, true).unwrap_or_else(|| pids().filter(|&p| p != me).collect());
        let mut progress = false;
        for p in children {
            if runs.keepers.contains(&p) {
                continue;
            }
            let Some(f) = stat_fields(p) else { continue };
            if number(f.get(1)) != Some(i64::from(me)) {
                continue;
            }
            let zombie = f.first().is_some_and(|s| s.first() == Some(&b'Z'));
            if zombie || alone || number(f.get(3)) == Some(i64::from(session)) {
                // SAFETY: p is our child (not yet reaped, so its id is not
                // reused); kill and a blocking waitpid on it have no memory
                // preconditions.
                unsafe {
                    if !zombie {
                        libc::kill(p, libc::SIGKILL);
                    }
                    libc::waitpid(p, std::ptr::null_mut(), 0);
                }
                progress = true;
            }
        }
        if !progress {
            return;
        }
    }
}

/// The first user id of the runs (as root), and how many there are.
const FIRST_UID: u32 = 60000;
const UID_COUNT: u32 = 5000;

/// A user id of its own for one run (when the judge is root), held through a
/// lock on a root-only file so that concurrent judges never share one.
struct RunUser {
    uid: u32,
    _lock: std::fs::File,
}

/// The directory of the user-id locks (`/run/beatty-judge`, or under the
/// temporary directory where there is no `/run`): root's own, mode 0700.
fn lock_dir() -> std::io::Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let run = Path::new("/run");
    let d = if run.is_dir() {
        run.join("beatty-judge")
    } else {
        std::env::temp_dir().join("beatty-judge-uids")
    };
    std::fs::create_dir_all(&d)?;
    let m = std::fs::symlink_metadata(&d)?;
    if !m.is_dir() || std::os::unix::fs::MetadataExt::uid(&m) != 0 {
        return Err(std::io::Error::other(format!(
            "{} is not a directory of root's",
            d.display()
        )));
    }
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o700))?;
    Ok(d)
}

/// Claims a free user id in `60000..65000`.
fn claim_user() -> std::io::Result<RunUser> {
    use std::os::fd::AsRawFd;
    let dir = lock_dir()?;
    // Start where a concurrent judge is unlikely to be.
    let start = std::process::id().wrapping_mul(2654435761) % UID_COUNT;
    for i in 0..UID_COUNT {
        let uid = FIRST_UID + (start + i) % UID_COUNT;
        let f = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(uid.to_string()))?;
        // SAFETY: flock on a valid open descriptor.
        if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            return Ok(RunUser { uid, _lock: f });
        }
    }
    Err(std::io::Error::other("no free user id for the run"))
}

/// How many processes the judge's real user had when first asked.
fn processes_of_user() -> u64 {
    static COUNT: OnceLock<u64> = OnceLock::new();
    *COUNT.get_or_init(|| {
        // SAFETY: getuid has no preconditions.
        let uid = unsafe { libc::getuid() };
        pids()
            .filter(|p| {
                std::fs::symlink_metadata(format!("/proc/{p}"))
                    .is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == uid)
            })
            .count() as u64
    })
}

/// Whether the judge is really root: effective uid 0, the runs' user ids
/// mapped (not so in a user namespace made with `unshare -r`, where only 0 is)
/// and the capabilities to switch to them, to chown and to kill.
fn is_root() -> bool {
    static ROOT: OnceLock<bool> = OnceLock::new();
    *ROOT.get_or_init(|| {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return false;
        }
        let mapped = |file: &str| {
            std::fs::read_to_string(file).is_ok_and(|m| {
                m.lines().any(|l| {
                    let v: Vec<u64> = l
                        .split_whitespace()
                        .filter_map(|x| x.parse().ok())
                        .collect();
                    v.len() == 3
                        && v[0] <= u64::from(FIRST_UID)
                        && v[0] + v[2] >= u64::from(FIRST_UID + UID_COUNT)
                })
            })
        };
        // CAP_CHOWN, CAP_KILL, CAP_SETGID, CAP_SETUID.
        let need: u64 = (1 << 0) | (1 << 5) | (1 << 6) | (1 << 7);
        let caps = std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("CapEff:"))
                    .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
            })
            .unwrap_or(0);
        mapped("/proc/self/uid_map") && mapped("/proc/self/gid_map") && caps & need == need
    })
}

/// Kills every process whose real uid is `uid` (`uid` is a run's own).
fn kill_uid(uid: u32) {
    for _ in 0..50 {
        let mut found = false;
        for pid in pids() {
            let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
                continue;
            };
            let owned = status
                .lines()
                .find_map(|l| l.strip_prefix("Uid:"))
                .and_then(|l| l.split_whitespace().next())
                .and_then(|u| u.parse::<u32>().ok())
                == Some(uid);
            let zombie = status
                .lines()
                .any(|l| l.starts_with("State:") && l.contains('Z'));
            if owned && !zombie {
                found = true;
                // SAFETY: kill has no memory preconditions.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        }
        if !found {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Where the runs' cgroups are made: a cgroup v2 directory whose children get
/// the memory controller, or cgroup v1's memory directory. (Not v1's cpuacct:
/// moving a process into a v1 cgroup costs milliseconds, as the kernel waits
/// for an RCU grace period, so each run joins one hierarchy only; its CPU time
/// comes from `/proc` and `wait4` there.)
enum CgroupBase {
    V2(PathBuf),
    V1(PathBuf),
}

/// The prefix of the runs' cgroup names (`beatty-judge-<judge pid>-<n>`).
const CGROUP_PREFIX: &str = "beatty-judge-";

fn cgroup_base() -> Option<&'static CgroupBase> {
    static BASE: OnceLock<Option<CgroupBase>> = OnceLock::new();
    BASE.get_or_init(find_cgroup_base).as_ref()
}

/// Whether cgroups can be made in `dir` (a probe made and removed), after
/// removing the cgroups that judges no longer running left there.
fn usable_cgroup_dir(dir: &Path) -> bool {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(CGROUP_PREFIX)
            .and_then(|r| r.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let stale = RunCgroup {
                v2: dir.join("cgroup.controllers").exists(),
                dirs: vec![e.path()],
                join: Vec::new(),
            };
            drop(stale);
        }
    }
    let probe = dir.join(format!("{CGROUP_PREFIX}{}-probe", std::process::id()));
    std::fs::create_dir(&probe).is_ok() && std::fs::remove_dir(&probe).is_ok()
}

/// Finds where the runs' cgroups can go (see [`CgroupBase`]), from
/// `/proc/self/mountinfo` and `/proc/self/cgroup`: below the judge's own
/// cgroup in each hierarchy.
fn find_cgroup_base() -> Option<CgroupBase> {
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let (mut v2, mut memory) = (None, None);
    for line in mountinfo.lines() {
        let Some((pre, post)) = line.split_once(" - ") else {
            continue;
        };
        let pre: Vec<&str> = pre.split(' ').collect();
        let post: Vec<&str> = post.split(' ').collect();
        let (Some(&root), Some(&point), Some(&fs)) = (pre.get(3), pre.get(4), post.first()) else {
            continue;
        };
        let at = (root.to_owned(), point.to_owned());
        match fs {
            "cgroup2" => v2 = Some(at),
            "cgroup" => {
                let opts = post.get(2).copied().unwrap_or_default();
                if opts.split(',').any(|o| o == "memory") {
                    memory = Some(at);
                }
            }
            _ => {}
        }
    }
    // The judge's cgroup in a hierarchy: lines `id:controllers:path`.
    let path_of = |controller: &str| {
        own.lines().find_map(|l| {
            let mut p = l.splitn(3, ':');
            let _id = p.next()?;
            let c = p.next()?;
            let path = p.next()?;
            let here = if controller.is_empty() {
                c.is_empty()
            } else {
                c.split(',').any(|x| x == controller)
            };
            here.then(|| path.to_owned())
        })
    };
    let dir = |(root, point): &(String, String), path: &str| {
        let rel = if root == "/" {
            path
        } else {
            path.strip_prefix(root.as_str()).unwrap_or(path)
        };
        Path::new(point).join(rel.trim_start_matches('/'))
    };
    if let Some(m) = &v2
        && let Some(p) = path_of("")
    {
        let d = dir(m, &p);
        if std::fs::read_to_string(d.join("cgroup.subtree_control"))
            .is_ok_and(|s| s.split_whitespace().any(|c| c == "memory"))
            && usable_cgroup_dir(&d)
        {
            return Some(CgroupBase::V2(d));
        }
    }
    if let Some(m) = &memory
        && let Some(p) = path_of("memory")
    {
        let d = dir(m, &p);
        if usable_cgroup_dir(&d) {
            return Some(CgroupBase::V1(d));
        }
    }
    None
}

/// One run's cgroup (v1's memory directory, or v2's); removed on drop,
/// everything in it killed first.
struct RunCgroup {
    v2: bool,
    dirs: Vec<PathBuf>,
    /// `cgroup.procs` (v2) or `tasks` (v1) of each directory, for the keeper to join.
    join: Vec<std::fs::File>,
}

fn read_u64(p: &Path) -> Option<u64> {
    std::fs::read_to_string(p).ok()?.trim().parse().ok()
}

/// The value of `key` in a `key value` file (`memory.events`, `cpu.stat`).
fn keyed(p: &Path, key: &str) -> Option<u64> {
    std::fs::read_to_string(p).ok()?.lines().find_map(|l| {
        let (k, v) = l.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok()).flatten()
    })
}

impl RunCgroup {
    /// A fresh cgroup limited to `limit` bytes, or `None` where there is no usable hierarchy.
    fn create(limit: u64) -> std::io::Result<Option<RunCgroup>> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let Some(base) = cgroup_base() else {
            return Ok(None);
        };
        let name = format!(
            "{CGROUP_PREFIX}{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let named = |e: std::io::Error, p: &Path| {
            std::io::Error::new(e.kind(), format!("{}: {e}", p.display()))
        };
        let mut cg = RunCgroup {
            v2: matches!(base, CgroupBase::V2(_)),
            dirs: Vec::new(),
            join: Vec::new(),
        };
        let set = |p: PathBuf, v: u64| std::fs::write(&p, v.to_string()).map_err(|e| named(e, &p));
        match base {
            CgroupBase::V2(d) => {
                let d = d.join(&name);
                std::fs::create_dir(&d).map_err(|e| named(e, &d))?;
                cg.dirs.push(d.clone());
                set(d.join("memory.max"), limit)?;
                let swap = d.join("memory.swap.max");
                if swap.exists() {
                    set(swap, 0)?;
                }
            }
            CgroupBase::V1(memory) => {
                let d = memory.join(&name);
                std::fs::create_dir(&d).map_err(|e| named(e, &d))?;
                cg.dirs.push(d.clone());
                set(d.join("memory.limit_in_bytes"), limit)?;
                let swap = d.join("memory.memsw.limit_in_bytes");
                if swap.exists() {
                    set(swap, limit)?;
                }
            }
        }
        // The keeper joins by writing `0` (itself) there. Cgroup v1 moves a
        // single thread (`tasks`) without the global lock whose write side
        // waits for an RCU grace period, as moving a whole process
        // (`cgroup.procs`) does; the keeper has one thread. Cgroup v2 only
        // moves processes.
        let file = if cg.v2 { "cgroup.procs" } else { "tasks" };
        for d in &cg.dirs {
            let p = d.join(file);
            cg.join.push(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&p)
                    .map_err(|e| named(e, &p))?,
            );
        }
        Ok(Some(cg))
    }

    /// The processes in the cgroup now.
    fn members(&self) -> Vec<i32> {
        self.dirs.first().map_or_else(Vec::new, |d| {
            std::fs::read_to_string(d.join("cgroup.procs"))
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect()
        })
    }

    /// Kills everything in the cgroup, until it is empty (a few rounds for
    /// processes forked meanwhile; v2 kills all at once with `cgroup.kill`).
    fn kill_all(&self) {
        if self.v2
            && let Some(d) = self.dirs.first()
        {
            let _ = std::fs::write(d.join("cgroup.kill"), "1");
        }
        for _ in 0..500 {
            let members = self.members();
            if members.is_empty() {
                return;
            }
            for p in members {
                // SAFETY: kill has no memory preconditions.
                unsafe { libc::kill(p, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Peak memory of the run, bytes.
    fn peak(&self) -> Option<u64> {
        let d = self.dirs.first()?;
        read_u64(&d.join(if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        }))
    }

    /// Whether the run hit the memory limit: the kernel refused or reclaimed
    /// memory at the limit, or killed a process for it.
    fn limit_hit(&self) -> bool {
        let Some(d) = self.dirs.first() else {
            return false;
        };
        if self.v2 {
            let events = d.join("memory.events");
            ["max", "oom", "oom_kill"]
                .iter()
                .any(|k| keyed(&events, k).is_some_and(|n| n > 0))
        } else {
            read_u64(&d.join("memory.failcnt")).is_some_and(|n| n > 0)
                || keyed(&d.join("memory.oom_control"), "oom_kill").is_some_and(|n| n > 0)
        }
    }

    /// CPU time of everything that ran in the cgroup (v2 only).
    fn cpu(&self) -> Option<Duration> {
        if self.v2 {
            keyed(&self.dirs.first()?.join("cpu.stat"), "usage_usec").map(Duration::from_micros)
        } else {
            None
        }
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        self.kill_all();
        for d in self.dirs.iter().rev() {
            // A cgroup can be removed once its last process is gone; the
            // kernel may take a moment after the kill.
            for _ in 0..1000 {
                match std::fs::remove_dir(d) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    _ => break,
                }
            }
        }
    }
}

/// A run's working directory in the judge's temporary directory, removed on
/// drop (best effort) or by [`WorkDir::remove`] (reporting a failure).
struct WorkDir(Option<PathBuf>);

impl WorkDir {
    fn new(owner: Option<u32>) -> std::io::Result<WorkDir> {
        let d = WorkDir(Some(cleanup::scratch_dir("run")?.keep()));
        if let Some(uid) = owner {
            std::os::unix::fs::chown(d.path(), Some(uid), Some(uid))?;
        }
        Ok(d)
    }

    fn path(&self) -> &Path {
        self.0.as_deref().unwrap_or(Path::new("/"))
    }

    fn remove(mut self) -> std::io::Result<()> {
        match self.0.take() {
            Some(p) => cleanup::remove_tree(&p).map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!("cannot remove the run's directory {}: {e}", p.display()),
                )
            }),
            None => Ok(()),
        }
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = cleanup::remove_tree(&p);
        }
    }
}

/// Marks every file descriptor from 3 up close-on-exec (between fork and
/// exec: one `close_range` system call, or `fcntl` on each descriptor below
/// the `RLIMIT_NOFILE` limit where the kernel has no `close_range`). The
/// spawn's error pipe is close-on-exec already, so it keeps working.
///
/// # Safety
/// Only in a forked child.
unsafe fn cloexec_from_3() {
    // SAFETY: close_range, getrlimit and fcntl have no memory preconditions
    // beyond a valid rlimit to write to.
    unsafe {
        if libc::syscall(
            libc::SYS_close_range,
            3 as libc::c_uint,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC as libc::c_uint,
        ) == 0
        {
            return;
        }
        let mut l = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        let n = if libc::getrlimit(libc::RLIMIT_NOFILE, &mut l) == 0 {
            l.rlim_cur.min(1 << 20)
        } else {
            4096
        };
        for fd in 3..n as libc::c_int {
            libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
        }
    }
}

/// Closes every file descriptor but `keep` (between fork and exec: one or two
/// `close_range` system calls, a loop over the first 4096 where the kernel
/// has no `close_range`).
///
/// # Safety
/// Only in a forked child that owns all its descriptors.
unsafe fn close_all_but(keep: libc::c_int) {
    let keep = keep as libc::c_uint;
    // SAFETY: close_range and close have no memory preconditions.
    unsafe {
        let below = keep == 0
            || libc::syscall(
                libc::SYS_close_range,
                0 as libc::c_uint,
                keep - 1,
                0 as libc::c_uint,
            ) == 0;
        let above = libc::syscall(
            libc::SYS_close_range,
            keep + 1,
            libc::c_uint::MAX,
            0 as libc::c_uint,
        ) == 0;
        if !(below && above) {
            for fd in 0..4096 {
                if fd != keep as libc::c_int {
                    libc::close(fd);
                }
            }
        }
    }
}

/// Writes `data` to the file `path` (between fork and exec).
///
/// # Safety
/// Only async-signal-safe calls; `path` and `data` were made before the fork.
unsafe fn write_file(path: &std::ffi::CStr, data: &[u8]) -> bool {
    // SAFETY: path is a valid C string, data a valid buffer.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return false;
        }
        let ok = libc::write(fd, data.as_ptr().cast(), data.len()) == data.len() as isize;
        libc::close(fd);
        ok
    }
}

/// The program to start: a relative path naming an existing file is made
/// absolute (the program runs in another directory), a bare name is looked up
/// in the program's minimal `PATH`, then in the judge's.
fn resolve_program(program: &OsString) -> OsString {
    let p = Path::new(program);
    if p.is_relative() && p.exists() {
        return std::path::absolute(p).map_or_else(|_| program.clone(), PathBuf::into_os_string);
    }
    if !program.as_bytes().contains(&b'/') {
        use std::os::unix::fs::PermissionsExt;
        let mut path = OsString::from(PROGRAM_PATH);
        if let Some(judge) = std::env::var_os("PATH") {
            path.push(":");
            path.push(judge);
        }
        for d in std::env::split_paths(&path) {
            let c = d.join(p);
            if std::fs::metadata(&c)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            {
                return std::path::absolute(&c)
                    .map_or_else(|_| program.clone(), PathBuf::into_os_string);
            }
        }
    }
    program.clone()
}

/// Where the judge's command-line and environment strings are
/// (`arg_start..arg_end`, `env_start..env_end` of `/proc/self/stat`).
fn own_strings() -> Vec<(usize, usize)> {
    static REGIONS: OnceLock<Vec<(usize, usize)>> = OnceLock::new();
    REGIONS
        .get_or_init(|| {
            // SAFETY: getpid has no preconditions.
            let me = unsafe { libc::getpid() };
            let Some(f) = stat_fields(me) else {
                return Vec::new();
            };
            let at = |i: usize| number(f.get(i)).and_then(|n| usize::try_from(n).ok());
            [(45, 46), (47, 48)]
                .iter()
                .filter_map(|&(a, b)| Some((at(a)?, at(b)?)))
                .filter(|&(a, b)| a > 0 && b > a && b - a < 1 << 24)
                .collect()
        })
        .clone()
}

/// The `PATH` of the program.
const PROGRAM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// PyPy's young generation in every run: PyPy sizes it from the cache the CPU
/// reports (half of it: 240 MiB on a Xeon that reports 480 MiB, 512 KiB on
/// another machine), which would make a Python program's memory and speed,
/// and so its verdict, depend on the machine. 4 MiB is PyPy's own choice
/// where the cache is unknown. Other programs ignore the variable.
pub const PYPY_NURSERY: (&str, &str) = ("PYPY_GC_NURSERY", "4M");

/// The address space each process may reserve beyond the memory limit where
/// there is no memory cgroup: runtimes reserve far more than they touch (the
/// JVM about 4 GiB for its heap, class space and code cache; Go and PyPy
/// hundreds of MiB), and only touched pages are memory. The resident memory
/// of the run's processes together is what the limit applies to; the judge
/// samples it with the CPU time (see the module docs). The allowance bounds
/// what one process can take between two samples.
pub const ADDRESS_SPACE_ALLOWANCE: u64 = 8 << 30;

/// `RLIMIT_AS` of each process of a run without a memory cgroup.
fn address_space(memory: u64) -> u64 {
    memory.saturating_add(ADDRESS_SPACE_ALLOWANCE)
}

/// The working directory of a strict run with a private `/tmp`.
const PRIVATE_WORKDIR: &str = "/tmp/run";

/// Runs `cmd` with `input` on standard input under `limits`.
///
/// # Errors
/// When the program cannot be started, or its cgroup or working directory
/// cannot be made or removed (the judge's failure, not the program's).
pub fn run(
    cmd: &[OsString],
    input: Arc<Vec<u8>>,
    limits: &Limits,
    isolation: Isolation,
) -> std::io::Result<Outcome> {
    let (program, args) = cmd
        .split_first()
        .ok_or_else(|| std::io::Error::other("no command to run"))?;
    let root = is_root();
    let strict = isolation == Isolation::Strict;
    // Once per judge: orphaned descendants of runs become the judge's children.
    static SUBREAPER: std::sync::Once = std::sync::Once::new();
    // SAFETY: prctl with these arguments only sets a flag of this process.
    SUBREAPER.call_once(|| unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
    });
    let cgroup = RunCgroup::create(limits.memory)?;
    let user = if root { Some(claim_user()?) } else { None };
    let uid = user.as_ref().map_or(0, |u| u.uid);
    if root && !strict && cgroup.is_none() {
        // Leftovers of a judge that died without cleaning up, once per user id
        // (afterwards this judge's own runs leave nothing).
        static CLEANED: Mutex<Vec<u32>> = Mutex::new(Vec::new());
        let mut cleaned = CLEANED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !cleaned.contains(&uid) {
            kill_uid(uid);
            cleaned.push(uid);
        }
    }
    // The process limit counts the processes of the run's user id in its
    // user namespace: as root the run's own user id, without root a user
    // namespace of the run's own (strict always; basic where the kernel
    // gives one), so that concurrent runs of one user cannot starve each
    // other. Only a basic run without one counts every process of the user.
    let nproc = MAX_PROCESSES;
    let nproc_shared = processes_of_user() + MAX_PROCESSES;
    // The program runs in another directory: arguments naming files relative
    // to the judge's directory (`python3 sol.py`, `./a.out`) are made absolute.
    let absolute = |a: &OsString| -> OsString {
        let p = Path::new(a);
        if p.is_relative() && p.exists() {
            std::path::absolute(p).map_or_else(|_| a.clone(), PathBuf::into_os_string)
        } else {
            a.clone()
        }
    };
    let program = resolve_program(program);
    let args: Vec<OsString> = args.iter().map(absolute).collect();
    // The paths the run needs (as given, and with links resolved).
    let mut needed: Vec<PathBuf> = std::iter::once(&program)
        .chain(&args)
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .collect();
    needed.extend(
        needed
            .clone()
            .iter()
            .filter_map(|p| std::fs::canonicalize(p).ok()),
    );
    let inside = |d: &Path, needed: &[PathBuf]| needed.iter().any(|a| a.starts_with(d));
    // Strict: fresh temporary directories, unless the command lies in one.
    let real_dir = |d: &Path| std::fs::symlink_metadata(d).is_ok_and(|m| m.is_dir());
    let private_tmp = strict && real_dir(Path::new("/tmp")) && !inside(Path::new("/tmp"), &needed);
    let workdir = if private_tmp {
        None
    } else {
        Some(WorkDir::new(root.then_some(uid))?)
    };
    if let Some(w) = &workdir {
        needed.push(w.path().to_path_buf());
    }
    let mut covered: Vec<PathBuf> = Vec::new();
    if strict {
        if private_tmp {
            covered.push("/tmp".into());
        }
        for d in ["/var/tmp", "/dev/shm"] {
            if real_dir(Path::new(d)) && !inside(Path::new(d), &needed) {
                covered.push(d.into());
            }
        }
    }
    // The directories to hide, unless the command lives in one (or it lies
    // in a covered temporary directory anyway).
    let hide: Vec<CString> = if strict {
        limits
            .hide
            .iter()
            .filter_map(|d| std::path::absolute(d).ok())
            .filter(|d| d.is_dir() && !inside(d, &needed))
            .filter(|d| !covered.iter().any(|c| d.starts_with(c)))
            .filter_map(|d| CString::new(d.into_os_string().into_encoded_bytes()).ok())
            .collect()
    } else {
        Vec::new()
    };
    // Landlock: read the command's files, write the run's own directories.
    let plan = filesystem::Plan {
        read: needed
            .iter()
            .filter(|p| workdir.as_ref().is_none_or(|w| !p.starts_with(w.path())))
            .cloned()
            .collect(),
        write: workdir
            .iter()
            .map(|w| w.path().to_path_buf())
            .chain(covered.iter().cloned())
            .collect(),
    };
    let ruleset = filesystem::ruleset(&plan)?;
    let ruleset_fd = {
        use std::os::fd::AsRawFd;
        ruleset.as_ref().map_or(-1, AsRawFd::as_raw_fd)
    };
    let filters = syscalls::filters();
    let (all_rights, read_rights) = (filesystem::all_rights(), filesystem::read_rights());
    // One tmpfs of the disk limit for every covered directory: mounted on
    // the first, the others bound to directories in it (`/tmp/.var-tmp`).
    let bound: Vec<CString> = covered
        .iter()
        .skip(1)
        .filter_map(|d| {
            let name = d
                .to_string_lossy()
                .trim_start_matches('/')
                .replace('/', "-");
            CString::new(format!("{}/.{name}", covered[0].display())).ok()
        })
        .collect();
    let covered: Vec<CString> = covered
        .into_iter()
        .filter_map(|d| CString::new(d.into_os_string().into_encoded_bytes()).ok())
        .collect();
    let tmpfs_options = CString::new(format!(
        "size={},nr_inodes=65536,mode=1777",
        limits.disk.max(1 << 20)
    ))?;
    let disk = limits.disk.max(1 << 20);
    let home: OsString = match &workdir {
        Some(w) => w.path().as_os_str().to_owned(),
        None => PRIVATE_WORKDIR.into(),
    };
    let flags = namespace_flags();
    let mut c = Command::new(&program);
    c.args(&args)
        .env_clear()
        .env("PATH", PROGRAM_PATH)
        .env("HOME", &home)
        .env("TMPDIR", if private_tmp { "/tmp".into() } else { home })
        .env("LANG", "C")
        .env(PYPY_NURSERY.0, PYPY_NURSERY.1)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(w) = &workdir {
        c.current_dir(w.path());
    }
    let join: Vec<libc::c_int> = cgroup.as_ref().map_or_else(Vec::new, |cg| {
        use std::os::fd::AsRawFd;
        cg.join.iter().map(AsRawFd::as_raw_fd).collect()
    });
    // Without root, the user namespace maps the judge's own ids to themselves.
    // SAFETY: getuid and getgid have no preconditions.
    let (my_uid, my_gid) = unsafe { (libc::getuid(), libc::getgid()) };
    let uid_map = format!("{my_uid} {my_uid} 1");
    let gid_map = format!("{my_gid} {my_gid} 1");
    let mem = if cgroup.is_some() {
        libc::RLIM_INFINITY
    } else {
        address_space(limits.memory)
    };
    let cpu = limits.cpu.as_secs() + 1;
    let own_strings = own_strings();
    // SAFETY: the closure runs between fork and exec and calls only
    // async-signal-safe syscalls (write, open, close, close_range, fcntl,
    // setsid, setrlimit, unshare, mount, mkdir, chown, chdir, fork, prctl,
    // waitpid, kill, _exit, setgroups/setgid/setuid); it allocates nothing
    // (every path, option and map string was made before the fork).
    unsafe {
        c.pre_exec(move || {
            let err = || Err(std::io::Error::last_os_error());
            // Into the run's cgroup first, while still root.
            for &fd in &join {
                if libc::write(fd, c"0".as_ptr().cast(), 1) != 1 {
                    return err();
                }
            }
            // No inherited descriptor reaches the program.
            cloexec_from_3();
            libc::setsid();
            let lim = |r, v: u64| {
                let l = libc::rlimit {
                    rlim_cur: v,
                    rlim_max: v,
                };
                libc::setrlimit(r, &l)
            };
            lim(libc::RLIMIT_CORE, 0);
            lim(libc::RLIMIT_FSIZE, disk);
            if mem != libc::RLIM_INFINITY {
                lim(libc::RLIMIT_AS, mem);
            }
            let l = libc::rlimit {
                rlim_cur: cpu,
                rlim_max: cpu + 1,
            };
            libc::setrlimit(libc::RLIMIT_CPU, &l);
            let drop_root = |nproc: u64| {
                lim(libc::RLIMIT_NPROC, nproc);
                if root
                    && (libc::setgroups(0, std::ptr::null()) != 0
                        || libc::setgid(uid) != 0
                        || libc::setuid(uid) != 0)
                {
                    return err();
                }
                Ok(())
            };
            if !strict {
                // Without root, a user namespace of its own (mapping the
                // judge's ids to themselves) gives the run its own process
                // count; where the kernel refuses one, the user's count.
                let own_count = root
                    || (libc::unshare(libc::CLONE_NEWUSER) == 0
                        && write_file(c"/proc/self/setgroups", b"deny")
                        && write_file(c"/proc/self/uid_map", uid_map.as_bytes())
                        && write_file(c"/proc/self/gid_map", gid_map.as_bytes()));
                drop_root(if own_count { nproc } else { nproc_shared })?;
                // The judge's thread is the parent: the program dies with it.
                child::die_with_parent();
                if !child::confine(ruleset_fd, filters) {
                    return err();
                }
                return Ok(());
            }
            if libc::unshare(flags) != 0 {
                return err();
            }
            let mapped = root
                || (write_file(c"/proc/self/setgroups", b"deny")
                    && write_file(c"/proc/self/uid_map", uid_map.as_bytes())
                    && write_file(c"/proc/self/gid_map", gid_map.as_bytes()));
            if !mapped {
                return err();
            }
            // The keeper dies with the judge's thread (set after the user
            // namespace, a credential change that clears it).
            child::die_with_parent();
            // Nothing mounted in here propagates out.
            if libc::mount(
                c"none".as_ptr(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ) != 0
            {
                return err();
            }
            for d in &hide {
                if libc::mount(
                    c"none".as_ptr(),
                    d.as_ptr(),
                    c"tmpfs".as_ptr(),
                    libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                    c"size=4k,mode=0555".as_ptr().cast(),
                ) != 0
                {
                    return err();
                }
            }
            if let Some(first) = covered.first()
                && libc::mount(
                    c"none".as_ptr(),
                    first.as_ptr(),
                    c"tmpfs".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV,
                    tmpfs_options.as_ptr().cast(),
                ) != 0
            {
                return err();
            }
            for (d, src) in covered.iter().skip(1).zip(&bound) {
                if libc::mkdir(src.as_ptr(), 0o1777) != 0
                    || libc::chmod(src.as_ptr(), 0o1777) != 0
                    || libc::mount(
                        src.as_ptr(),
                        d.as_ptr(),
                        std::ptr::null(),
                        libc::MS_BIND,
                        std::ptr::null(),
                    ) != 0
                {
                    return err();
                }
            }
            if private_tmp {
                let w = c"/tmp/run";
                if libc::mkdir(w.as_ptr(), 0o700) != 0
                    || (root && libc::chown(w.as_ptr(), uid, uid) != 0)
                    || libc::chdir(w.as_ptr()) != 0
                {
                    return err();
                }
            }
            // The keeper forks the namespace's init, which mounts the
            // namespace's own /proc, drops root and forks the program (PID 2,
            // so it behaves as a normal process: it can be stopped, and
            // `kill 0` or its parent's pid reach no one outside), reaps every
            // orphan of the namespace, and when the program ends sends its
            // wait status through a pipe and exits, which kills whatever is
            // left in the namespace. The keeper exits as the program did.
            let mut status_pipe = [0; 2];
            if libc::pipe2(status_pipe.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
                return err();
            }
            let [read_end, write_end] = status_pipe;
            let init = libc::fork();
            if init < 0 {
                return err();
            }
            if init == 0 {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
                // Init is a copy of the judge: its command line and
                // environment, which the program could read as
                // /proc/1/cmdline, are blanked.
                for &(a, b) in &own_strings {
                    // SAFETY: [a, b) holds this process's argument or
                    // environment strings (from /proc/self/stat), mapped and
                    // writable; nothing in init reads them afterwards.
                    std::ptr::write_bytes(a as *mut u8, 0, b - a);
                }
                if libc::mount(
                    c"proc".as_ptr(),
                    c"/proc".as_ptr(),
                    c"proc".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                    std::ptr::null(),
                ) != 0
                {
                    return err();
                }
                drop_root(nproc)?;
                // Set again: the credential change cleared it.
                child::die_with_parent();
                let program = libc::fork();
                if program < 0 {
                    libc::_exit(125);
                }
                if program == 0 {
                    libc::close(read_end);
                    libc::close(write_end);
                    // The file systems mounted here, which rules made before
                    // the mounts do not reach.
                    for d in &covered {
                        if !child::allow_beneath(ruleset_fd, d, all_rights) {
                            return err();
                        }
                    }
                    if !child::allow_beneath(ruleset_fd, c"/proc", read_rights) {
                        return err();
                    }
                    // Init is the parent; when it dies the namespace goes too.
                    child::die_with_parent();
                    if !child::confine(ruleset_fd, filters) {
                        return err();
                    }
                    return Ok(());
                }
                // Everything else closed, the spawn's error pipe too: `spawn`
                // returns as soon as the program has exec'ed.
                close_all_but(write_end);
                let mut st: libc::c_int = 0;
                loop {
                    let r = libc::waitpid(-1, &mut st, 0);
                    if r == program {
                        break;
                    }
                    if r < 0 && *libc::__errno_location() != libc::EINTR {
                        libc::_exit(125);
                    }
                }
                libc::write(write_end, (&raw const st).cast(), size_of::<libc::c_int>());
                libc::_exit(0);
            }
            close_all_but(read_end);
            let mut st: libc::c_int = 0;
            let mut got = 0;
            while got < size_of::<libc::c_int>() {
                let r = libc::read(
                    read_end,
                    (&raw mut st).cast::<u8>().add(got).cast(),
                    size_of::<libc::c_int>() - got,
                );
                if r > 0 {
                    got += r as usize;
                } else if r == 0 || *libc::__errno_location() != libc::EINTR {
                    break;
                }
            }
            // Reap init (its exit tears the namespace down) so that the
            // program's resource usage reaches the judge through the keeper's.
            let mut init_st = 0;
            while libc::waitpid(init, &mut init_st, 0) < 0
                && *libc::__errno_location() == libc::EINTR
            {}
            if got < size_of::<libc::c_int>() {
                libc::_exit(125);
            }
            if libc::WIFEXITED(st) {
                libc::_exit(libc::WEXITSTATUS(st));
            }
            let sig = libc::WTERMSIG(st);
            libc::signal(sig, libc::SIG_DFL);
            libc::kill(libc::getpid(), sig);
            libc::_exit(128 + sig);
        });
    }
    let mut child = {
        let mut runs = runs();
        if runs.stopped {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "interrupted",
            ));
        }
        let child = c.spawn()?;
        runs.keepers.push(child.id() as i32);
        child
    };
    // The program has started (the sandbox is set up): the clock starts.
    let start = Instant::now();
    let pid = child.id() as i32;
    // Unregisters the keeper once it is reaped (on every path out).
    struct Keeper(i32);
    impl Drop for Keeper {
        fn drop(&mut self) {
            runs().keepers.retain(|&p| p != self.0);
        }
    }
    let keeper = Keeper(pid);
    // Feed stdin; a program that exits early gives EPIPE, which is fine. An
    // input that fits in the empty pipe is written at once (no thread).
    if let Some(mut w) = child.stdin.take() {
        use std::os::fd::AsRawFd;
        // SAFETY: fcntl on a valid open descriptor.
        let room = unsafe { libc::fcntl(w.as_raw_fd(), libc::F_GETPIPE_SZ) };
        if usize::try_from(room).is_ok_and(|room| input.len() <= room) {
            let _ = w.write_all(&input);
        } else {
            std::thread::spawn(move || {
                let _ = w.write_all(&input);
            });
        }
    }
    // What ends the wait: the keeper exited, or the output went over the cap.
    enum Event {
        Exited,
        OverCap,
    }
    let (event_tx, event_rx) = mpsc::channel();
    let over = Arc::new(AtomicBool::new(false));
    let (out_tx, out_rx) = mpsc::channel();
    if let Some(mut r) = child.stdout.take() {
        let over = Arc::clone(&over);
        let event_tx = event_tx.clone();
        let cap = limits.output;
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let mut chunk = vec![0u8; 64 << 10];
            loop {
                match r.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => {
                        if (out.len() + n) as u64 > cap {
                            over.store(true, Ordering::SeqCst);
                            let _ = event_tx.send(Event::OverCap);
                            break;
                        }
                        out.extend_from_slice(&chunk[..n]);
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = out_tx.send(out);
        });
    }
    let (err_tx, err_rx) = mpsc::channel();
    if let Some(mut r) = child.stderr.take() {
        std::thread::spawn(move || {
            let mut tail: Vec<u8> = Vec::new();
            let mut chunk = [0u8; 4096];
            while let Ok(n) = r.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                tail.extend_from_slice(&chunk[..n]);
                if tail.len() > 2 * STDERR_KEEP {
                    tail.drain(..tail.len() - STDERR_KEEP);
                }
            }
            let _ = err_tx.send(tail);
        });
    }
    let kill_run = || {
        // SAFETY: kill has no memory preconditions; -pid is the run's group.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
        if let Some(cg) = &cgroup {
            cg.kill_all();
        } else if root && !strict {
            kill_uid(uid);
        }
    };
    // The program's processes lie below the keeper (basic: the keeper is the
    // program) and, with namespaces, below init too.
    let skip = if strict { 2 } else { 0 };
    let usage_now = || match cgroup.as_ref().and_then(RunCgroup::cpu) {
        Some(cpu) => Usage { cpu, resident: 0 },
        // Basic isolation: the judge is a subreaper, and a double-forked
        // orphan of this run is its child, in the run's session.
        None if !strict => tree_usage(pid, skip, &orphans_in_session(pid)),
        None => tree_usage(pid, skip, &[]),
    };
    // Waits for the keeper to exit without reaping it: until it is reaped its
    // pid and process group id cannot be reused, so killing them can only
    // reach the run. Through a pidfd (readable once the process has exited),
    // else through a thread blocked in waitid(WNOWAIT).
    // SAFETY: pidfd_open has no memory preconditions; pid is our unreaped child.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    let pidfd = i32::try_from(pidfd).ok().filter(|&fd| fd >= 0).map(|fd| {
        use std::os::fd::FromRawFd;
        // SAFETY: fd is a fresh descriptor that nothing else owns.
        unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) }
    });
    if pidfd.is_none() {
        std::thread::spawn(move || {
            loop {
                // SAFETY: an all-zero siginfo_t is a valid value to be written to.
                let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
                // SAFETY: info is valid for writing; pid is our unreaped child.
                let r = unsafe {
                    libc::waitid(
                        libc::P_PID,
                        pid as libc::id_t,
                        &mut info,
                        libc::WEXITED | libc::WNOWAIT,
                    )
                };
                if r == 0
                    || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
                {
                    break;
                }
            }
            let _ = event_tx.send(Event::Exited);
        });
    } else {
        drop(event_tx);
    }
    // Whether the keeper exits within `timeout` (an output over the cap ends
    // the wait early, through the event, or within a tick).
    let exited = |timeout: Duration| -> bool {
        match &pidfd {
            Some(fd) => {
                use std::os::fd::AsRawFd;
                let mut p = libc::pollfd {
                    fd: fd.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                };
                let ms = timeout.as_micros().div_ceil(1000).min(60_000) as libc::c_int;
                // SAFETY: p is a valid pollfd array of length 1.
                unsafe { libc::poll(&mut p, 1, ms) > 0 }
            }
            None => match event_rx.recv_timeout(timeout) {
                Ok(Event::Exited) | Err(mpsc::RecvTimeoutError::Disconnected) => true,
                Ok(Event::OverCap) | Err(mpsc::RecvTimeoutError::Timeout) => false,
            },
        }
    };
    let mut limit = None;
    let mut interrupted = false;
    // The CPU time last seen while the run was going (a killed run's
    // processes may not reach the keeper's rusage).
    let mut cpu_seen = Duration::ZERO;
    // Without a memory cgroup: the largest resident memory of the run's
    // processes together seen while it was going.
    let mut resident_seen = 0;
    loop {
        let left = limits.wall.saturating_sub(start.elapsed());
        if exited(left.min(TICK)) {
            break;
        }
        if STOPPING.load(Ordering::SeqCst) {
            interrupted = true;
        } else if over.load(Ordering::SeqCst) {
            limit = Some(Limit::Output);
        } else if start.elapsed() >= limits.wall {
            limit = Some(Limit::Wall);
        } else {
            let now = usage_now();
            cpu_seen = cpu_seen.max(now.cpu);
            resident_seen = resident_seen.max(now.resident);
            if cpu_seen > limits.cpu {
                limit = Some(Limit::Cpu);
            } else if cgroup.is_none() && now.resident > limits.memory {
                limit = Some(Limit::Memory);
            }
        }
        if interrupted || limit.is_some() {
            kill_run();
            // The keeper dies.
            while !exited(Duration::from_secs(1)) {}
            break;
        }
    }
    let wall = start.elapsed();
    // Every process of the run, then the keeper itself (reaped).
    kill_run();
    let mut st = 0;
    // SAFETY: an all-zero rusage is a valid value.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: st and ru are valid for writing; pid is our child.
    while unsafe { libc::wait4(pid, &mut st, 0, &mut ru) } < 0
        && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
    {}
    drop(keeper);
    drop(child);
    reap_orphans(pid);
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu_used = (tv(ru.ru_utime) + tv(ru.ru_stime))
        .max(cpu_seen)
        .max(cgroup.as_ref().and_then(RunCgroup::cpu).unwrap_or_default());
    let rss = (ru.ru_maxrss as u64).saturating_mul(1024);
    let memory = cgroup
        .as_ref()
        .and_then(RunCgroup::peak)
        .unwrap_or(rss.max(resident_seen));
    let hit = cgroup.as_ref().map(RunCgroup::limit_hit);
    drop(cgroup);
    if let Some(w) = workdir {
        w.remove()?;
    }
    drop(user);
    if interrupted {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted",
        ));
    }
    let exit = if libc::WIFEXITED(st) {
        Exit::Code(libc::WEXITSTATUS(st))
    } else {
        Exit::Signal(libc::WTERMSIG(st))
    };
    let deadline = Instant::now() + GRACE;
    let left = || deadline.saturating_duration_since(Instant::now());
    let stdout = out_rx.recv_timeout(left()).unwrap_or_default();
    let stderr = err_rx.recv_timeout(left()).unwrap_or_default();
    if over.load(Ordering::SeqCst) {
        limit = Some(Limit::Output);
    }
    if limit.is_none() {
        let failed = exit != Exit::Code(0);
        if cpu_used > limits.cpu || exit == Exit::Signal(libc::SIGXCPU) {
            limit = Some(Limit::Cpu);
        } else if match hit {
            Some(hit) => failed && hit,
            None => memory > limits.memory || (failed && names_failed_allocation(&stderr)),
        } {
            limit = Some(Limit::Memory);
        }
    }
    Ok(Outcome {
        exit,
        limit,
        wall,
        cpu: cpu_used,
        memory,
        stdout,
        stderr,
    })
}

/// Whether standard error names a failed allocation (the runtimes' messages:
/// Python, C++, Go and others, Java, `perror`, Rust).
fn names_failed_allocation(stderr: &[u8]) -> bool {
    let tail = String::from_utf8_lossy(stderr).to_ascii_lowercase();
    [
        "memoryerror",
        "bad_alloc",
        "out of memory",
        "outofmemoryerror",
        "cannot allocate memory",
        "memory allocation of",
    ]
    .iter()
    .any(|m| tail.contains(m))
}
