//! Phase "the watch": the judge's side of a running run.
//!
//! Standard input is fed from memory (at once when it fits in the pipe, else
//! from a thread); standard output is read up to the cap and standard error's
//! tail kept by the watch loop itself, which polls the pipes and the keeper's
//! pidfd together on the judge's thread. The judge waits for the keeper to exit
//! without reaping it (until it is reaped its pid and process group id
//! cannot be reused, so killing them can only reach the run): through a pidfd
//! where the kernel has one, else a thread blocked in `waitid(WNOWAIT)`.
//! Every tick it looks at the run: the judge stopping, output over the cap,
//! the wall clock, the CPU time and (without a memory cgroup) the resident
//! memory of all the run's processes; past a limit it kills the run.

use crate::procfs::Usage;
use crate::{Limit, Limits, STDERR_KEEP, sys};
use nix::fcntl::OFlag;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// How often a running run is looked at.
pub(crate) const TICK: Duration = Duration::from_millis(20);

/// Grace after exit for the pipes (a descendant that escaped cannot make the
/// judge hang on them).
const GRACE: Duration = Duration::from_millis(500);

/// Bytes of standard error read at a time (the tail is trimmed in between).
const ERR_CHUNK: u64 = 64 << 10;

/// One pipe from the run, read without blocking; `None` once it ended.
struct Pipe {
    file: Option<File>,
    buf: Vec<u8>,
}

impl Pipe {
    fn new(file: File) -> Pipe {
        // Without O_NONBLOCK a read would wait for the run.
        let nonblocking =
            nix::fcntl::fcntl(&file, nix::fcntl::FcntlArg::F_SETFL(OFlag::O_NONBLOCK));
        Pipe {
            file: nonblocking.is_ok().then_some(file),
            buf: Vec::new(),
        }
    }

    /// Reads what is there, at most `most` bytes beyond what it holds, into
    /// the buffer's spare room; the pipe ends at end of file, at `most`, or
    /// on an error other than "nothing there yet".
    fn read(&mut self, most: u64) {
        let Some(f) = &self.file else {
            return;
        };
        let before = self.buf.len();
        match f.take(most).read_to_end(&mut self.buf) {
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
            Ok(_) if ((self.buf.len() - before) as u64) < most => self.file = None,
            Ok(_) => {}
            Err(_) => self.file = None,
        }
    }
}

/// The run's standard streams, served by the judge: standard input fed from
/// memory, standard output (up to a cap) and the tail of standard error read
/// by the watch loop on the judge's own thread, no thread per run.
pub(crate) struct Streams {
    out: Pipe,
    err: Pipe,
    cap: u64,
    over: bool,
}

impl Streams {
    /// Feeds `input` to the child's standard input (at once when it fits in
    /// the pipe, else from a thread) and gets ready to read its output (at
    /// most `cap` bytes) and error.
    pub fn serve(
        mut stdin: File,
        stdout: File,
        stderr: File,
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
        Streams {
            out: Pipe::new(stdout),
            err: Pipe::new(stderr),
            cap,
            over: false,
        }
    }

    /// Reads only the tail of standard error: an interactive run's input and
    /// output are the caller's (`talk.rs`).
    pub fn errors_only(stderr: File) -> Streams {
        Streams {
            out: Pipe {
                file: None,
                buf: Vec::new(),
            },
            err: Pipe::new(stderr),
            cap: 0,
            over: false,
        }
    }

    /// Reads what the run wrote so far. Output past the cap ends the pipe
    /// (the run then gets `EPIPE`) and is cut at the cap.
    fn read(&mut self) {
        let room = self.cap.saturating_sub(self.out.buf.len() as u64);
        self.out.read(room.saturating_add(1));
        if self.out.buf.len() as u64 > self.cap {
            self.over = true;
            self.out.file = None;
            self.out
                .buf
                .truncate(usize::try_from(self.cap).unwrap_or(usize::MAX));
        }
        loop {
            let before = self.err.buf.len();
            self.err.read(ERR_CHUNK);
            if self.err.buf.len() > 2 * STDERR_KEEP {
                self.err.buf.drain(..self.err.buf.len() - STDERR_KEEP);
            }
            // A full chunk: more may be waiting.
            if self.err.file.is_none() || self.err.buf.len() <= before {
                break;
            }
        }
    }

    /// Waits at most `timeout` for one of the pipes (and `also`, a pidfd) to
    /// have something, then reads the pipes; whether `also` is ready.
    fn wait_and_read(&mut self, timeout: Duration, also: Option<&OwnedFd>) -> bool {
        let ms = u16::try_from(timeout.as_millis().min(60_000)).unwrap_or(60_000);
        let also_ready = {
            let mut fds: Vec<PollFd> = Vec::with_capacity(3);
            if let Some(fd) = also {
                fds.push(PollFd::new(fd.as_fd(), PollFlags::POLLIN));
            }
            for f in [&self.out.file, &self.err.file].into_iter().flatten() {
                fds.push(PollFd::new(f.as_fd(), PollFlags::POLLIN));
            }
            if fds.is_empty() {
                std::thread::sleep(timeout);
                return false;
            }
            match poll(&mut fds, PollTimeout::from(ms)) {
                Ok(n) if n > 0 => also.is_some() && fds[0].revents().is_some_and(|r| !r.is_empty()),
                _ => false,
            }
        };
        self.read();
        also_ready
    }

    /// Whether the output went over the cap.
    pub fn over(&self) -> bool {
        self.over
    }

    /// The output, the error's tail and whether the output went over the
    /// cap: the pipes read to their end, waiting at most a short grace.
    pub fn collect(mut self) -> (Vec<u8>, Vec<u8>, bool) {
        let deadline = Instant::now() + GRACE;
        self.read();
        while self.out.file.is_some() || self.err.file.is_some() {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            self.wait_and_read(left, None);
        }
        let mut err = self.err.buf;
        if err.len() > STDERR_KEEP {
            err.drain(..err.len() - STDERR_KEEP);
        }
        (self.out.buf, err, self.over)
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

    /// Whether the keeper exits within `timeout`, reading the run's pipes
    /// meanwhile.
    fn within_reading(&self, timeout: Duration, streams: &mut Streams) -> bool {
        match self {
            Exited::Pidfd(fd) => streams.wait_and_read(timeout, Some(fd)),
            // No pidfd (Linux before 5.3): the pipes in short steps.
            Exited::Thread(rx) => {
                streams.wait_and_read(timeout.min(Duration::from_millis(2)), None);
                !matches!(rx.try_recv(), Err(mpsc::TryRecvError::Empty))
            }
        }
    }
}

/// What the watch saw.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Seen {
    /// The limit the watch stopped the run for.
    pub limit: Option<Limit>,
    /// The run was stopped ([`crate::stop_all`], [`crate::Stopper`]).
    pub interrupted: bool,
    /// The caller of an interactive run ended it.
    pub ended: bool,
    /// The largest CPU time seen while the run was going (a killed run's
    /// processes may not reach the keeper's rusage).
    pub cpu: Duration,
    /// The largest resident memory of the run's processes together.
    pub resident: u64,
}

/// Watches the run until its keeper exits, reading its output meanwhile and
/// killing it (`kill_run`) past a limit, when the judge stops, or when the
/// caller of an interactive run asks (`end_requested`, looked at once a
/// tick). `usage` reads what the run uses now (once a tick);
/// `memory_sampled`: no cgroup limits the memory, the judge does.
#[allow(clippy::too_many_arguments)]
pub(crate) fn watch(
    exited: &Exited,
    start: Instant,
    limits: &Limits,
    streams: &mut Streams,
    usage: &dyn Fn() -> Usage,
    memory_sampled: bool,
    kill_run: &dyn Fn(),
    end_requested: &dyn Fn() -> bool,
) -> Seen {
    let mut seen = Seen::default();
    let mut tick = start + TICK;
    // The wall limit's end (a limit too large for the clock: 34 years).
    let end = start
        .checked_add(limits.wall)
        .unwrap_or_else(|| start + Duration::from_secs(1 << 30));
    loop {
        let now = Instant::now();
        let wake = tick.min(end);
        if exited.within_reading(wake.saturating_duration_since(now), streams) {
            return seen;
        }
        let now = Instant::now();
        if limits.stop_requested() {
            seen.interrupted = true;
        } else if end_requested() {
            seen.ended = true;
        } else if streams.over() {
            seen.limit = Some(Limit::Output);
        } else if now >= end {
            seen.limit = Some(Limit::Wall);
        } else if now >= tick {
            tick = now + TICK;
            let now = usage();
            seen.cpu = seen.cpu.max(now.cpu);
            seen.resident = seen.resident.max(now.resident);
            if seen.cpu > limits.cpu {
                seen.limit = Some(Limit::Cpu);
            } else if memory_sampled && now.resident > limits.memory {
                seen.limit = Some(Limit::Memory);
            }
        }
        if seen.interrupted || seen.ended || seen.limit.is_some() {
            kill_run();
            while !exited.within(Duration::from_secs(1)) {}
            return seen;
        }
    }
}
