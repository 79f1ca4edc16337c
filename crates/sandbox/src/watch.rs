//! Phase "the watch": the judge's side of a running run.
//!
//! Standard input is fed from memory (at once when it fits in the pipe, else
//! from a thread), standard output is read up to the cap and standard error's
//! tail kept, each by a thread. The judge waits for the keeper to exit
//! without reaping it (until it is reaped its pid and process group id
//! cannot be reused, so killing them can only reach the run): through a pidfd
//! where the kernel has one, else a thread blocked in `waitid(WNOWAIT)`.
//! Every tick it looks at the run: the judge stopping, output over the cap,
//! the wall clock, the CPU time and (without a memory cgroup) the resident
//! memory of all the run's processes; past a limit it kills the run.

use crate::procfs::Usage;
use crate::{Limit, Limits, STDERR_KEEP, sys};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// How often a running run is looked at.
pub(crate) const TICK: Duration = Duration::from_millis(20);

/// Grace after exit for the pipes (a descendant that escaped cannot make the
/// judge hang on them).
const GRACE: Duration = Duration::from_millis(500);

/// The run's standard streams, served by the judge.
pub(crate) struct Streams {
    over: Arc<AtomicBool>,
    out: mpsc::Receiver<Vec<u8>>,
    err: mpsc::Receiver<Vec<u8>>,
}

impl Streams {
    /// Feeds `input` to the child's standard input and reads its output (at
    /// most `cap` bytes) and error.
    pub fn serve(
        mut stdin: File,
        mut stdout: File,
        mut stderr: File,
        input: Arc<Vec<u8>>,
        cap: u64,
    ) -> Streams {
        // A program that exits early gives EPIPE, which is fine.
        if sys::pipe_capacity(&stdin).is_some_and(|room| input.len() <= room) {
            let _ = stdin.write_all(&input);
        } else {
            std::thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
        }
        let over = Arc::new(AtomicBool::new(false));
        let (out_tx, out) = mpsc::channel();
        {
            let over = Arc::clone(&over);
            std::thread::spawn(move || {
                // Into the vector's spare room (nothing zeroed first), at
                // most one byte over the cap; an error ends the output.
                let mut out = Vec::new();
                let _ = (&mut stdout)
                    .take(cap.saturating_add(1))
                    .read_to_end(&mut out);
                if out.len() as u64 > cap {
                    over.store(true, Ordering::SeqCst);
                    out.truncate(usize::try_from(cap).unwrap_or(usize::MAX));
                }
                let _ = out_tx.send(out);
            });
        }
        let (err_tx, err) = mpsc::channel();
        {
            std::thread::spawn(move || {
                let mut tail: Vec<u8> = Vec::new();
                let mut chunk = [0u8; 4096];
                while let Ok(n) = stderr.read(&mut chunk) {
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
        Streams { over, out, err }
    }

    /// Whether the output went over the cap.
    pub fn over(&self) -> bool {
        self.over.load(Ordering::SeqCst)
    }

    /// The output, the error's tail and whether the output went over the
    /// cap, waiting at most a short grace.
    pub fn collect(self) -> (Vec<u8>, Vec<u8>, bool) {
        let deadline = Instant::now() + GRACE;
        let left = || deadline.saturating_duration_since(Instant::now());
        let stdout = self.out.recv_timeout(left()).unwrap_or_default();
        let stderr = self.err.recv_timeout(left()).unwrap_or_default();
        (stdout, stderr, self.over())
    }
}

/// Waits for the keeper's exit without reaping it.
pub(crate) enum Exited {
    Pidfd(OwnedFd),
    Thread(mpsc::Receiver<()>),
}

impl Exited {
    pub fn of(pid: i32) -> Exited {
        if let Some(fd) = sys::pidfd(pid) {
            return Exited::Pidfd(fd);
        }
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT;
            while let Err(nix::errno::Errno::EINTR) = waitid(Id::Pid(Pid::from_raw(pid)), flags) {}
            let _ = tx.send(());
        });
        Exited::Thread(rx)
    }

    /// Whether the keeper exits within `timeout`.
    pub fn within(&self, timeout: Duration) -> bool {
        match self {
            Exited::Pidfd(fd) => {
                let ms = timeout.as_millis().min(60_000) as u16;
                let mut p = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
                poll(&mut p, PollTimeout::from(ms)).is_ok_and(|n| n > 0)
            }
            Exited::Thread(rx) => !matches!(
                rx.recv_timeout(timeout),
                Err(mpsc::RecvTimeoutError::Timeout)
            ),
        }
    }
}

/// What the watch saw.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Seen {
    /// The limit the watch stopped the run for.
    pub limit: Option<Limit>,
    /// The judge is stopping ([`crate::stop_all`]).
    pub interrupted: bool,
    /// The largest CPU time seen while the run was going (a killed run's
    /// processes may not reach the keeper's rusage).
    pub cpu: Duration,
    /// The largest resident memory of the run's processes together.
    pub resident: u64,
}

/// Watches the run until its keeper exits, killing it (`kill_run`) past a
/// limit or when the judge stops. `usage` reads what the run uses now;
/// `memory_sampled`: no cgroup limits the memory, the judge does.
pub(crate) fn watch(
    exited: &Exited,
    start: Instant,
    limits: &Limits,
    streams: &Streams,
    usage: &dyn Fn() -> Usage,
    memory_sampled: bool,
    kill_run: &dyn Fn(),
) -> Seen {
    let mut seen = Seen::default();
    loop {
        let left = limits.wall.saturating_sub(start.elapsed());
        if exited.within(left.min(TICK)) {
            return seen;
        }
        if crate::reaping::STOPPING.load(Ordering::SeqCst) {
            seen.interrupted = true;
        } else if streams.over() {
            seen.limit = Some(Limit::Output);
        } else if start.elapsed() >= limits.wall {
            seen.limit = Some(Limit::Wall);
        } else {
            let now = usage();
            seen.cpu = seen.cpu.max(now.cpu);
            seen.resident = seen.resident.max(now.resident);
            if seen.cpu > limits.cpu {
                seen.limit = Some(Limit::Cpu);
            } else if memory_sampled && now.resident > limits.memory {
                seen.limit = Some(Limit::Memory);
            }
        }
        if seen.interrupted || seen.limit.is_some() {
            kill_run();
            while !exited.within(Duration::from_secs(1)) {}
            return seen;
        }
    }
}
