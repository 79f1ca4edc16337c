//! Runs one untrusted program under limits and reports what happened.
//!
//! The idea, after ioi/isolate and DOMjudge's runguard: every run is a set of
//! processes the judge fully owns. The judge forks a tiny *keeper* process that
//! starts a new session, applies the resource limits, and forks the program.
//!
//! * [`Isolation::Strict`]: the keeper first enters a fresh PID namespace and a
//!   private mount namespace (through a new user namespace when the judge is
//!   not root). There a small init process (PID 1) forks the program (PID 2)
//!   and reaps every orphan; when the program ends, init reports its wait
//!   status to the keeper and exits (as it does when the keeper dies:
//!   `PR_SET_PDEATHSIG = SIGKILL`), and the kernel kills every process of the
//!   namespace, whatever they did with sessions and process groups. The program sees no process outside it, so it cannot
//!   signal the judge, and the directories given in [`Limits::hide`] (the test
//!   data) are covered by an empty read-only tmpfs in its mount namespace.
//! * [`Isolation::Basic`]: no namespaces. The program runs in its own session
//!   and process group; the judge is a child subreaper
//!   (`PR_SET_CHILD_SUBREAPER`), so every descendant that outlives its parent
//!   becomes the judge's child. At the end the judge kills the group, every
//!   re-parented descendant (until none is left) and, as root, every process of
//!   the run's user id. What basic loses: the program sees every process and
//!   file the user id may see (a `--tests` directory readable by others stays
//!   readable), and when the judge is not root it runs as the judge's own user,
//!   so it could signal the judge.
//!
//! When the judge runs as root, both modes run the program as a user id of its
//! own (`60000 + n`, claimed with a lock file so that concurrent judges never
//! share one), so it cannot signal the judge or any other process, cannot read
//! the judge's private temporary files, and `RLIMIT_NPROC` bounds its process
//! count (a fork bomb stops at [`MAX_PROCESSES`]). Without root, the bound is
//! the user's current process count plus [`MAX_PROCESSES`].
//!
//! Limits: wall time (measured), CPU time (`RLIMIT_CPU` and measured),
//! memory (`RLIMIT_AS`; a run whose peak resident memory exceeds the limit,
//! or that fails an allocation and dies, is over it; runtimes that reserve
//! much address space up front, such as the JVM, need a larger limit), output
//! (the judge stops reading past the cap and kills the run). Standard input is
//! a pipe the judge feeds from memory, the working directory an empty private
//! temporary directory removed afterwards (arguments naming existing files
//! relative to the judge's directory are made absolute), so no file descriptor
//! of the program leads to a test file. Once the program has ended or been
//! killed, the judge waits at most a short grace for its pipes: a descendant
//! that escaped cannot make it hang.
#![allow(unsafe_code)]

use std::ffi::{CString, OsString};
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// How strongly a run is isolated (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// PID and mount namespaces.
    Strict,
    /// Session, process group, per-run user id when root.
    Basic,
}

impl std::fmt::Display for Isolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Isolation::Strict => "strict (PID + mount namespaces)",
            Isolation::Basic => "basic (session, process group, no namespaces)",
        })
    }
}

/// Whether [`Isolation::Strict`] works here: tries a run of `true` in new namespaces.
#[must_use]
pub fn strict_available() -> bool {
    let mut c = Command::new("true");
    c.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let flags = namespace_flags();
    // SAFETY: unshare is a single syscall, async-signal-safe.
    unsafe {
        c.pre_exec(move || {
            if libc::unshare(flags) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    c.status().is_ok_and(|s| s.success())
}

/// The namespaces of [`Isolation::Strict`]: PID and mount, inside a new user
/// namespace when the judge is not root (which gives it the right to make them).
fn namespace_flags() -> libc::c_int {
    let ns = libc::CLONE_NEWPID | libc::CLONE_NEWNS;
    if is_root() {
        ns
    } else {
        ns | libc::CLONE_NEWUSER
    }
}

/// Processes a run may have at once (`RLIMIT_NPROC`; without root, on top of
/// the processes the judge's user already has).
pub const MAX_PROCESSES: u64 = 64;

/// The limits of one run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time (user + system) of all the run's processes.
    pub cpu: Duration,
    /// Address space per process (`RLIMIT_AS`) and peak resident memory, in bytes.
    pub memory: u64,
    /// Bytes of standard output read.
    pub output: u64,
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
    /// Wall time until exit or kill.
    pub wall: Duration,
    /// CPU time of the run's processes that were reaped.
    pub cpu: Duration,
    /// Peak resident memory (largest process), bytes.
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

/// Kills every running run (each notices within milliseconds and kills all
/// its processes) and refuses to start new ones.
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

/// The parent process id and state letter of `pid`, from `/proc/<pid>/stat`
/// (`pid (comm) state ppid …`; comm may hold anything, so read after the last `)`).
fn parent_and_state(pid: i32) -> Option<(i32, u8)> {
    let stat = std::fs::read(format!("/proc/{pid}/stat")).ok()?;
    let close = stat.iter().rposition(|&b| b == b')')?;
    let mut f = stat[close + 1..]
        .split(|&b| b == b' ')
        .filter(|f| !f.is_empty());
    let state = *f.next()?.first()?;
    let ppid = std::str::from_utf8(f.next()?).ok()?.parse().ok()?;
    Some((ppid, state))
}

/// Kills and reaps every child of the judge that is not a run's keeper: the
/// descendants of finished runs that outlived their parents and were
/// re-parented to the judge (a child subreaper), until none is left.
fn reap_orphans() {
    let runs = runs();
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    for _ in 0..1000 {
        let orphans: Vec<i32> = pids()
            .filter(|p| !runs.keepers.contains(p))
            .filter(|&p| parent_and_state(p).is_some_and(|(pp, _)| pp == me))
            .collect();
        if orphans.is_empty() {
            return;
        }
        for p in orphans {
            // SAFETY: p is our child (not yet reaped, so its id is not reused);
            // kill and a blocking waitpid on it have no memory preconditions.
            unsafe {
                libc::kill(p, libc::SIGKILL);
                libc::waitpid(p, std::ptr::null_mut(), 0);
            }
        }
    }
}

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
    const FIRST: u32 = 60000;
    const COUNT: u32 = 5000;
    let dir = lock_dir()?;
    // Start where a concurrent judge is unlikely to be.
    let start = std::process::id().wrapping_mul(2654435761) % COUNT;
    for i in 0..COUNT {
        let uid = FIRST + (start + i) % COUNT;
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

/// How many processes `uid` has now.
fn processes_of(uid: u32) -> u64 {
    pids()
        .filter(|p| {
            std::fs::symlink_metadata(format!("/proc/{p}"))
                .is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == uid)
        })
        .count() as u64
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
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

/// Runs `cmd` with `input` on standard input under `limits`.
///
/// # Errors
/// When the program cannot be started (the judge's failure, not the program's).
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
    let user = if root { Some(claim_user()?) } else { None };
    let uid = user.as_ref().map_or(0, |u| u.uid);
    if root && !strict {
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
    let nproc = if root {
        MAX_PROCESSES
    } else {
        // SAFETY: getuid has no preconditions.
        processes_of(unsafe { libc::getuid() }) + MAX_PROCESSES
    };
    let workdir = tempfile::Builder::new().prefix("judge-run-").tempdir()?;
    if root {
        let p = CString::new(workdir.path().as_os_str().as_bytes())?;
        // SAFETY: p is a valid C string.
        unsafe { libc::chown(p.as_ptr(), uid, uid) };
    }
    // The program runs in an empty directory: arguments naming files relative
    // to the judge's directory (`python3 sol.py`, `./a.out`) are made absolute.
    let absolute = |a: &OsString| -> OsString {
        let p = std::path::Path::new(a);
        if p.is_relative() && p.exists() {
            std::path::absolute(p).map_or_else(|_| a.clone(), std::path::PathBuf::into_os_string)
        } else {
            a.clone()
        }
    };
    let program = absolute(program);
    let args: Vec<OsString> = args.iter().map(absolute).collect();
    // The directories to cover, unless the command itself lives in one.
    let inside = |d: &Path| {
        std::iter::once(&program)
            .chain(&args)
            .any(|a| Path::new(a).starts_with(d))
    };
    let hide: Vec<CString> = if strict {
        limits
            .hide
            .iter()
            .filter_map(|d| std::path::absolute(d).ok())
            .filter(|d| d.is_dir() && !inside(d))
            .filter_map(|d| CString::new(d.into_os_string().into_encoded_bytes()).ok())
            .collect()
    } else {
        Vec::new()
    };
    let flags = namespace_flags();
    let mut c = Command::new(&program);
    c.args(&args)
        .current_dir(workdir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mem = limits.memory;
    let cpu = limits.cpu.as_secs() + 1;
    // SAFETY: the closure runs between fork and exec and calls only
    // async-signal-safe syscalls (setsid, setrlimit, unshare, mount, fork,
    // prctl, waitpid, close, kill, _exit, setgroups/setgid/setuid); it
    // allocates nothing (the paths to hide were made before the fork).
    unsafe {
        c.pre_exec(move || {
            let err = || Err(std::io::Error::last_os_error());
            libc::setsid();
            let lim = |r, v: u64| {
                let l = libc::rlimit {
                    rlim_cur: v,
                    rlim_max: v,
                };
                libc::setrlimit(r, &l)
            };
            lim(libc::RLIMIT_CORE, 0);
            lim(libc::RLIMIT_AS, mem);
            let l = libc::rlimit {
                rlim_cur: cpu,
                rlim_max: cpu + 1,
            };
            libc::setrlimit(libc::RLIMIT_CPU, &l);
            if strict {
                if libc::unshare(flags) != 0 {
                    return err();
                }
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
            }
            lim(libc::RLIMIT_NPROC, nproc);
            if root
                && (libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(uid) != 0
                    || libc::setuid(uid) != 0)
            {
                return err();
            }
            if !strict {
                return Ok(());
            }
            // The keeper forks the namespace's init, which forks the program
            // (PID 2, so it behaves as a normal process: it can be stopped, and
            // `kill 0` or its parent's pid reach no one outside), reaps every
            // orphan of the namespace, and when the program ends sends its
            // wait status through a pipe and exits, which kills whatever is
            // left in the namespace. The keeper exits as the program did.
            let mut status_pipe = [0; 2];
            if libc::pipe(status_pipe.as_mut_ptr()) != 0 {
                return err();
            }
            let [read_end, write_end] = status_pipe;
            let init = libc::fork();
            if init < 0 {
                return err();
            }
            if init == 0 {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
                let program = libc::fork();
                if program < 0 {
                    libc::_exit(125);
                }
                if program == 0 {
                    libc::close(read_end);
                    libc::close(write_end);
                    return Ok(());
                }
                // Everything else closed, the spawn's error pipe too, so that
                // `spawn` returns as soon as the program has exec'ed.
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
    let start = Instant::now();
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
    let pid = child.id() as i32;
    // Unregisters the keeper once it is reaped (on every path out).
    struct Keeper(i32);
    impl Drop for Keeper {
        fn drop(&mut self) {
            runs().keepers.retain(|&p| p != self.0);
        }
    }
    let keeper = Keeper(pid);
    // Feed stdin; a program that exits early gives EPIPE, which is fine.
    if let Some(mut w) = child.stdin.take() {
        std::thread::spawn(move || {
            let _ = w.write_all(&input);
        });
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
        if root && !strict {
            kill_uid(uid);
        }
    };
    // Waits for the keeper to exit without reaping it (WNOWAIT): until it is
    // reaped its pid and process group id cannot be reused, so killing them
    // can only reach the run.
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
            if r == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                break;
            }
        }
        let _ = event_tx.send(Event::Exited);
    });
    let mut limit = None;
    let mut interrupted = false;
    loop {
        let left = limits.wall.saturating_sub(start.elapsed());
        match event_rx.recv_timeout(left.min(Duration::from_millis(20))) {
            Ok(Event::Exited) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Ok(Event::OverCap) => limit = Some(Limit::Output),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if STOPPING.load(Ordering::SeqCst) {
            interrupted = true;
        } else if limit.is_none() && start.elapsed() >= limits.wall {
            limit = Some(Limit::Wall);
        }
        if interrupted || limit.is_some() {
            kill_run();
            // The keeper dies: wait for the waiter to see it.
            while let Ok(e) = event_rx.recv() {
                if matches!(e, Event::Exited) {
                    break;
                }
            }
            break;
        }
    }
    let wall = start.elapsed();
    // Every process of the run's group, then the keeper itself (reaped).
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
    if !strict {
        reap_orphans();
    }
    if interrupted {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted",
        ));
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu_used = tv(ru.ru_utime) + tv(ru.ru_stime);
    let memory = (ru.ru_maxrss as u64).saturating_mul(1024);
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
        if cpu_used > limits.cpu || exit == Exit::Signal(libc::SIGXCPU) {
            limit = Some(Limit::Cpu);
        } else if memory > limits.memory {
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
