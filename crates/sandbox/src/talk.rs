//! Phase "the talk": an interactive run's standard streams, driven by the
//! caller while the watch keeps the limits.
//!
//! An interactive problem is a conversation: the judge (an interactor, an
//! opponent) writes to the program and reads its answers, move by move.
//! [`crate::run_interactive`] hands the caller the judge's ends of the
//! program's standard input ([`ToProgram`]) and output ([`FromProgram`]) on a
//! thread of its own, while the judge's thread watches the run exactly as
//! for a batch run (wall and CPU time, memory, the tail of standard error,
//! everything killed at the end).
//!
//! Neither end can hang the caller on a program that stops reading or
//! writing: both ends are non-blocking, and a call that has to wait polls
//! in steps of the watch's tick, giving up once the run is over (the
//! program ended, a limit stopped it, or the judge is stopping) with an
//! error of kind [`std::io::ErrorKind::BrokenPipe`], or once the reader's
//! deadline ([`FromProgram::set_deadline`], a per-move time limit) passed
//! with [`std::io::ErrorKind::TimedOut`] — but never before what the
//! program had written is read: the pipe gets a last look after the run's
//! end or the deadline, so no verdict depends on which thread the machine
//! ran first. A program that closes its output or exits gives end of file,
//! after its last bytes, as a pipe does. Writing to a program that
//! closed its input gives `BrokenPipe` (the judge ignores `SIGPIPE`, as
//! every Rust program does). Either end can end the run at once
//! ([`ToProgram::end_run`]): a referee that has its verdict need not wait
//! for the program.

use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsFd;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What the two ends and the watch share.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    /// The run is over: waiting ends give up.
    over: AtomicBool,
    /// The caller asked to end the run.
    end: AtomicBool,
}

impl Shared {
    pub(crate) fn set_over(&self) {
        self.over.store(true, Ordering::SeqCst);
    }

    pub(crate) fn end_requested(&self) -> bool {
        self.end.load(Ordering::SeqCst)
    }
}

/// The judge's end of the program's standard input.
#[derive(Debug)]
pub struct ToProgram {
    file: File,
    shared: Arc<Shared>,
}

/// The judge's end of the program's standard output.
#[derive(Debug)]
pub struct FromProgram {
    file: File,
    shared: Arc<Shared>,
    deadline: Option<Instant>,
}

/// The two ends over the pipes `stdin` (write end) and `stdout` (read end),
/// made non-blocking.
pub(crate) fn ends(
    stdin: File,
    stdout: File,
    shared: &Arc<Shared>,
) -> std::io::Result<(ToProgram, FromProgram)> {
    for f in [&stdin, &stdout] {
        let flags = OFlag::from_bits_retain(fcntl(f, FcntlArg::F_GETFL)?);
        fcntl(f, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
    }
    Ok((
        ToProgram {
            file: stdin,
            shared: Arc::clone(shared),
        },
        FromProgram {
            file: stdout,
            shared: Arc::clone(shared),
            deadline: None,
        },
    ))
}

/// Waits until `file` is ready for `flags`, the run is over, or `deadline`
/// passes.
///
/// **What the program wrote before counts.** The run's end and the
/// deadline are looked at *before* the pipe, and once either has come the
/// pipe gets one more look, without waiting: bytes (or the end of file)
/// already there are ready, whenever the judge's thread gets to run. So a
/// program that writes its last lines and exits (or is killed: the run is
/// over only once every process of it has been reaped, so no writer is
/// left) is read to its end of file before the caller learns that the run
/// is over, and an answer in the pipe when the judge looks at the deadline
/// is in time, however late a busy machine lets the judge look.
fn wait(
    file: &File,
    flags: PollFlags,
    shared: &Shared,
    deadline: Option<Instant>,
) -> std::io::Result<()> {
    loop {
        // In this order: the run's end and the clock first, then the pipe.
        let over = shared.over.load(Ordering::SeqCst);
        let mut step = crate::watch::TICK;
        let mut late = false;
        if let Some(d) = deadline {
            let left = d.saturating_duration_since(Instant::now());
            late = left.is_zero();
            step = step.min(left);
        }
        let timeout = if over || late {
            PollTimeout::ZERO
        } else {
            PollTimeout::from(u16::try_from(step.as_millis().max(1)).unwrap_or(u16::MAX))
        };
        let mut fds = [PollFd::new(file.as_fd(), flags)];
        match poll(&mut fds, timeout) {
            Ok(n) if n > 0 => return Ok(()),
            // Interrupted: look again, the run's end and the clock first.
            Err(nix::errno::Errno::EINTR) => continue,
            Ok(_) => {}
            Err(e) => return Err(e.into()),
        }
        if over {
            return Err(std::io::Error::new(
                ErrorKind::BrokenPipe,
                "the run is over",
            ));
        }
        if late {
            return Err(std::io::Error::new(
                ErrorKind::TimedOut,
                "the program did not answer in time",
            ));
        }
    }
}

impl ToProgram {
    /// Ends the run now: the watch kills it at its next look (within 20
    /// ms), and waiting calls of both ends give up.
    pub fn end_run(&self) {
        self.shared.end.store(true, Ordering::SeqCst);
    }
}

impl FromProgram {
    /// Reads from now on give up with [`ErrorKind::TimedOut`] once
    /// `deadline` passes without anything to read (`None`: no deadline).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Ends the run now (see [`ToProgram::end_run`]).
    pub fn end_run(&self) {
        self.shared.end.store(true, Ordering::SeqCst);
    }
}

impl Write for ToProgram {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        loop {
            match (&self.file).write(buf) {
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                done => return done,
            }
            wait(&self.file, PollFlags::POLLOUT, &self.shared, None)?;
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Read for FromProgram {
    /// Waits for the program's bytes first, then reads them: in a
    /// conversation the answer is never there yet right after the judge's
    /// line (two system calls a read, where trying first would take three).
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            wait(&self.file, PollFlags::POLLIN, &self.shared, self.deadline)?;
            match (&self.file).read(buf) {
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                done => return done,
            }
        }
    }
}
