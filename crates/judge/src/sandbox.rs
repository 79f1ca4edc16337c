//! Runs one untrusted program under limits and reports what happened.
//!
//! The idea, after ioi/isolate and DOMjudge's runguard: every run is a set of
//! processes the judge fully owns. The judge forks a tiny *keeper* process that
//! starts a new session, applies the resource limits, and forks the program.
//!
//! * [`Isolation::Strict`]: the keeper first enters a fresh PID namespace and a
//!   private mount namespace, so the program is the namespace's init: when it
//!   dies (or the keeper dies: the program has `PR_SET_PDEATHSIG = SIGKILL`)
//!   the kernel kills every process of the namespace, whatever they did with
//!   sessions and process groups. The program sees no process outside it.
//! * [`Isolation::Basic`]: no namespaces. The program runs in its own session
//!   and process group; at the end the judge kills the group and every process
//!   of the run's user (below) or session. A descendant that left the session
//!   and the user can survive (that is what basic loses), and the judge then
//!   stops waiting for its pipes after a short grace instead of hanging.
//!
//! When the judge runs as root, both modes run the program as a user id of its
//! own (`60000 + slot`), so it cannot signal the judge or any other process,
//! cannot read the judge's private temporary files, and `RLIMIT_NPROC` bounds
//! its process count (a fork bomb stops at [`MAX_PROCESSES`]).
//!
//! Limits: wall time (measured), CPU time (`RLIMIT_CPU` and measured),
//! memory (`RLIMIT_AS`; a run whose peak resident memory exceeds the limit,
//! or that fails an allocation and dies, is over it), output (the judge stops
//! reading past the cap and kills the run). Standard input is a pipe the judge
//! feeds from memory, the working directory an empty private temporary
//! directory removed afterwards (arguments naming existing files relative to
//! the judge's directory are made absolute), so no file descriptor of the program leads to
//! a test file.
#![allow(unsafe_code)]

use std::ffi::{CString, OsString};
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
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
    // SAFETY: unshare is a single syscall, async-signal-safe.
    unsafe {
        c.pre_exec(|| {
            if libc::unshare(libc::CLONE_NEWPID | libc::CLONE_NEWNS) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    c.status().is_ok_and(|s| s.success())
}

/// Processes a run may have at once when the judge is root (`RLIMIT_NPROC`).
pub const MAX_PROCESSES: u64 = 64;

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time (user + system) of all the run's processes.
    pub cpu: Duration,
    /// Address space per process (`RLIMIT_AS`) and peak resident memory, in bytes.
    pub memory: u64,
    /// Bytes of standard output read.
    pub output: u64,
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

static SLOT: AtomicU32 = AtomicU32::new(0);

/// Set once the judge shuts down; read under the same lock that starts runs,
/// so that no run starts after [`stop_all`].
static STOPPED: Mutex<bool> = Mutex::new(false);
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Kills every running run (each notices within milliseconds and kills all
/// its processes) and refuses to start new ones.
pub fn stop_all() {
    *STOPPED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = true;
    STOPPING.store(true, Ordering::SeqCst);
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Kills every process whose real uid is `uid` (`uid` is a run's own).
fn kill_uid(uid: u32) {
    for _ in 0..50 {
        let mut found = false;
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return;
        };
        for e in dir.flatten() {
            let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
                continue;
            };
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
    let uid = 60000 + SLOT.fetch_add(1, Ordering::SeqCst) % 5000;
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
    let mut c = Command::new(absolute(program));
    c.args(args.iter().map(absolute))
        .current_dir(workdir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mem = limits.memory;
    let cpu = limits.cpu.as_secs() + 1;
    let strict = isolation == Isolation::Strict;
    // SAFETY: the closure runs between fork and exec and calls only
    // async-signal-safe syscalls (setsid, setrlimit, unshare, mount, fork,
    // prctl, waitpid, close, kill, _exit, setgroups/setgid/setuid); it
    // allocates nothing.
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
                if libc::unshare(libc::CLONE_NEWPID | libc::CLONE_NEWNS) != 0 {
                    return err();
                }
                libc::mount(
                    c"none".as_ptr(),
                    c"/".as_ptr(),
                    std::ptr::null(),
                    libc::MS_REC | libc::MS_PRIVATE,
                    std::ptr::null(),
                );
            }
            if root {
                lim(libc::RLIMIT_NPROC, MAX_PROCESSES);
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(uid) != 0
                    || libc::setuid(uid) != 0
                {
                    return err();
                }
            }
            if !strict {
                return Ok(());
            }
            // The keeper: fork the program (init of the new PID namespace),
            // wait for it, and exit as it did.
            let child = libc::fork();
            if child < 0 {
                return err();
            }
            if child == 0 {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
                return Ok(());
            }
            // Close everything, including the spawn's error pipe, so that
            // `spawn` returns as soon as the program has exec'ed.
            for fd in 0..1024 {
                libc::close(fd);
            }
            let mut st = 0;
            loop {
                let r = libc::waitpid(child, &mut st, 0);
                if r == child {
                    break;
                }
                if r < 0 && *libc::__errno_location() != libc::EINTR {
                    libc::_exit(125);
                }
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
        let stopped = STOPPED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if *stopped {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "interrupted",
            ));
        }
        c.spawn()?
    };
    let pid = child.id() as i32;
    // Feed stdin; a program that exits early gives EPIPE, which is fine.
    if let Some(mut w) = child.stdin.take() {
        std::thread::spawn(move || {
            let _ = w.write_all(&input);
        });
    }
    let over = Arc::new(AtomicBool::new(false));
    let (out_tx, out_rx) = mpsc::channel();
    if let Some(mut r) = child.stdout.take() {
        let over = Arc::clone(&over);
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
        if root {
            kill_uid(uid);
        }
    };
    let mut limit = None;
    let mut nap = Duration::from_micros(200);
    let mut st = 0;
    // SAFETY: an all-zero rusage is a valid value.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: st and ru are valid for writing.
        let r = unsafe { libc::wait4(pid, &mut st, libc::WNOHANG, &mut ru) };
        if r == pid {
            break;
        }
        if r < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            break;
        }
        if STOPPING.load(Ordering::SeqCst) {
            kill_run();
            // SAFETY: as below.
            unsafe { libc::wait4(pid, &mut st, 0, &mut ru) };
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                "interrupted",
            ));
        }
        if over.load(Ordering::SeqCst) {
            limit = Some(Limit::Output);
        } else if start.elapsed() >= limits.wall {
            limit = Some(Limit::Wall);
        }
        if limit.is_some() {
            kill_run();
            // SAFETY: as above, blocking: the keeper and group were killed.
            unsafe { libc::wait4(pid, &mut st, 0, &mut ru) };
            break;
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    }
    let wall = start.elapsed();
    kill_run();
    let _ = child.try_wait();
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
