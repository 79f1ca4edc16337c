//! Runs one untrusted program under limits and reports what happened.
//!
//! The idea, after ioi/isolate, bubblewrap and DOMjudge's runguard: nothing a
//! program does reaches the host, the test data or the verdict, and the
//! kernel's own locks see to it. With strict isolation (the default wherever
//! the kernel gives namespaces, to root and ordinary users alike) every run,
//! and every compile, lives in a fresh root of its own (`root.rs`): what it
//! must not reach is not there. In both modes every program is confined for
//! good before it starts: [`filesystem`] rules (Landlock: read the system
//! and the command's files, write only the run's own directories, no TCP,
//! abstract sockets and signals scoped to the run), a [`syscalls`] filter
//! (seccomp, an allow list: the calls the languages' runtimes make, the
//! arguments of the dangerous ones checked, every other call refused),
//! `no_new_privs`, and the parent-death signal at every level (so `kill -9`
//! of the judge takes the run with it). The [threat model](#threat-model)
//! below says what each layer stops.
//!
//! # Example
//!
//! ```
//! use beatty_sandbox::{run, Exit, Isolation, Limit, Limits};
//! use std::sync::Arc;
//! use std::time::Duration;
//!
//! // Strict isolation where the kernel gives namespaces, else basic.
//! let isolation = if beatty_sandbox::strict_available() {
//!     Isolation::Strict
//! } else {
//!     Isolation::Basic
//! };
//! let limits = Limits::default()
//!     .with_wall(Duration::from_secs(5))
//!     .with_cpu(Duration::from_millis(200))
//!     .with_memory(64 << 20);
//! let echo = ["/bin/sh".into(), "-c".into(), "read x; echo \"hello $x\"".into()];
//! let o = run(&echo, Arc::new(b"world\n".to_vec()), &limits, isolation)?;
//! assert_eq!((o.exit, o.limit), (Exit::Code(0), None));
//! assert_eq!(o.stdout, b"hello world\n");
//!
//! // A program that never ends is stopped at the CPU limit.
//! let spin = ["/bin/sh".into(), "-c".into(), "while :; do :; done".into()];
//! let o = run(&spin, Arc::new(Vec::new()), &limits, isolation)?;
//! assert_eq!(o.limit, Some(Limit::Cpu));
//! assert!(o.cpu > Duration::from_millis(200));
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! [`run`] feeds the program its whole input from memory and collects its
//! output; [`run_interactive`] hands both streams to the caller on a thread
//! of its own (an interactive problem's referee), under the same limits and
//! watch (`talk.rs`: no program can hang the caller by not reading or not
//! answering).
//!
//! Every run is a set of processes the judge fully owns. The program gets a
//! clean environment (`PATH=/usr/local/bin:/usr/bin:/bin`, `HOME` its
//! working directory, `TMPDIR` `/tmp` with strict isolation, else the same,
//! `LANG=C`; a command without a `/` is looked up in that `PATH`, then in the
//! judge's), and no file descriptor but its standard input (a pipe the judge
//! feeds from memory), output and error. Before its `exec` it joins the run's
//! memory cgroup (where there is one), starts a new session, takes the
//! resource limits (among them [`MAX_FILES`] descriptors) and is confined;
//! `inside.rs` lists these steps.
//!
//! * [`Isolation::Strict`]: the judge forks a small *init* into fresh PID,
//!   mount, IPC, UTS and network namespaces (through a new user namespace
//!   when the judge is not root; the network namespace is one of the
//!   judge's pool that no other run holds, `netns.rs`). Init (PID 1) builds the run's root in an empty tmpfs
//!   (the system directories read-only, the command's files at their paths,
//!   the devices programs use, a fresh `/proc` that shows only the run's
//!   processes, and one private tmpfs of [`Limits::disk`] for `/tmp`,
//!   `/var/tmp`, `/dev/shm` and the working directory `/tmp/run`), covers the
//!   directories of [`Limits::hide`] (the test data) where the root holds
//!   them, pivots into it and detaches the host's tree; then it starts the
//!   program (PID 2) and reaps every orphan. When the program ends, init
//!   reports its wait status to the judge and exits (as it does when the
//!   judge dies: `PR_SET_PDEATHSIG = SIGKILL`), and the kernel kills every
//!   process of the namespace, whatever they did with sessions and process
//!   groups. The program sees no process outside it, so it cannot signal the
//!   judge; System V IPC and the host name are private too.
//! * [`Isolation::Basic`]: no namespaces, the fallback where the kernel gives
//!   none ([`left_open`] says what it loses). The program runs in its own
//!   session and process group, in a fresh directory of the judge's temporary
//!   directory, in the host's file tree behind Landlock; the judge is a child
//!   subreaper (`PR_SET_CHILD_SUBREAPER`), so
//!   every descendant that outlives its parent becomes the judge's child. At
//!   the end the judge kills the group, everything in the run's cgroup (or, as
//!   root without a cgroup, every process of the run's user id) and the
//!   re-parented descendants of the run (those still in its session; an
//!   orphan that left the session with `setsid` is killed once no other run
//!   of the judge is in progress, so with parallel runs and neither root nor a
//!   cgroup it may live until then). What basic loses: the program sees every
//!   process in `/proc`, its working directory lies on the judge's disk
//!   (bounded per file by [`Limits::disk`]), Landlock checks opening files but
//!   not the metadata calls (`chmod`, `utimensat`, `setxattr`) on files the
//!   run's user owns, and without root it runs as the judge's own user id
//!   (Landlock still keeps it from opening the user's files and, where the
//!   kernel's ABI has it, from signalling the judge).
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
//! [`MAX_PROCESSES`]). Where the system gives the judging user subordinate
//! ids (`/etc/subuid`, `/etc/subgid`, `newuidmap`), a strict run's namespaces
//! are made in the judge's user namespace of them, and the run drops to one
//! of them, claimed as root's ids are; the user's files are then another
//! user's to it. Otherwise the run keeps the
//! user's id, and [`identity_left_open`] says what that leaves open.
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
//! past the limit (MLE); the sample includes what the pipes and sockets the
//! run holds open may hold (their buffers are kernel memory no resident
//! figure shows: 16 pages a pipe, twice the default send buffer a socket,
//! which the syscall filter keeps from growing); the peak is the largest
//! sample or the largest single
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
//! share count once for each; files in a private `/tmp` are not counted (the
//! disk limit bounds them); pipes and sockets passed over a socket and closed
//! (in flight) are not seen, at most [`MAX_FILES`] of them per user.
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
//!
//! # Threat model
//!
//! The program is hostile. It may try to change the verdict (read the
//! answers, rewrite later tests, forge the judge's report on its terminal,
//! signal the judge), escape (read or write the user's files, the host's
//! temporary and runtime directories, other runs' files; ask a service of
//! the host for help through its Unix socket; reach the network), outlive
//! the run (processes, files, IPC objects, keys), exhaust the machine (CPU,
//! memory also where no account sees it, disk, processes) or crash the
//! judge and its cleanup. The judge may itself be killed at any moment
//! (`kill -9`): no process of the run survives it, and the next judge
//! removes what it left ([`sweep`]). The kernel and the system's own
//! binaries are trusted; a kernel bug is out of scope.
//!
//! | layer | stops | mode | without it |
//! |---|---|---|---|
//! | fresh root (mount namespace) | every host file but the system directories (read-only), a few of `/etc` and the command's own: the user's home, `/run`, `/tmp`, sockets, terminals, the hidden test data | strict | Landlock's list of the same files |
//! | PID, IPC, UTS, network namespaces | seeing or signalling other processes, surviving the run (the kernel kills the namespace), IPC objects and socket names shared with the host | strict | session, process group, the judge as subreaper |
//! | credentials | a user id of its own per run (root, or subordinate ids): the user's files are another user's, 64 processes; `no_new_privs`; death with the judge | both | the user's own id ([`identity_left_open`]) |
//! | Landlock ([`filesystem`]) | opening files outside the run's directories and the read-only system; TCP; abstract sockets and signals beyond the run | both | file modes only |
//! | seccomp ([`syscalls`]) | every call outside an allow list: sockets but Unix, keyrings, IPC, mounts, namespaces, `ptrace`, `bpf`, `io_uring`, `TIOCSTI` | both | the kernel's every call |
//! | memory cgroup | memory of all processes together, exactly | both, where one can be made | resident memory sampled every 20 ms, pipes and sockets charged |
//! | limits | wall and CPU time of every process, output, file size, descriptors, processes, no core dumps | both | — |
//! | cleanup | what a run wrote, removed iteratively, never following a link | both | — |
//!
//! The repository's `docs/sandbox.md` is the long form: every layer's
//! details, every attack tried and the test that stops it.
#![cfg(target_os = "linux")]

/// The examples of the crate's README (its crates.io page), run by `cargo test` as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

// The phases of a run, in order (each module's docs tell its part).
mod cgroups;
mod credentials;
mod etc_tree;
pub mod filesystem;
mod inside;
mod netns;
mod plan;
mod procfs;
mod reaping;
mod root;
pub mod syscalls;
mod talk;
// The syscall filter as a binary search.
mod bpf;
mod verdict;
mod watch;
mod workdir;
// Removal of what a run left, and the program copied into the box.
mod cleanup;
pub mod program;
// The errors of a run: phase and path.
mod error;
// Every `unsafe` block of the crate.
mod sys;

pub use cleanup::{remove_stale, scratch_dir, sweep};
pub use error::{Error, PATH_SHOWN, Phase};
pub use program::{Boxed, into_box};
pub use reaping::stop_all;
pub use talk::{FromProgram, ToProgram};

use cgroups::{CgroupBase, RunCgroup, cgroup_base};
use credentials::is_root;
use std::ffi::{CString, OsString};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How strongly a run is isolated (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Isolation {
    /// A fresh root in PID, mount, IPC, UTS and network namespaces.
    Strict,
    /// Session, process group, per-run user id when root; the host's file
    /// tree behind Landlock ([`left_open`] says what it loses).
    Basic,
}

impl std::fmt::Display for Isolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Isolation::Strict => {
                "strict (a fresh root; PID, mount, IPC, UTS and network namespaces)"
            }
            Isolation::Basic => "basic (session, process group, no namespaces)",
        })
    }
}

/// Where a run finds the program a bare command name stands for: the first
/// executable file of that name in the runs' `PATH` (`/usr/local/bin:/usr/bin:/bin`),
/// then in the judge's; `None` when there is none.
///
/// ```
/// use beatty_sandbox::find_in_path;
/// assert!(find_in_path("sh".as_ref()).is_some_and(|p| p.ends_with("sh")));
/// assert_eq!(find_in_path("no-such-program-anywhere".as_ref()), None);
/// ```
#[must_use]
pub fn find_in_path(name: &std::ffi::OsStr) -> Option<std::path::PathBuf> {
    plan::search_path(std::path::Path::new(name))
}

/// Whether runs get user ids of their own (60000 + n): the judge is root with
/// those ids mapped and the capabilities to switch to them. A file those ids
/// cannot reach (below `/root`, say) is out of the runs' reach.
pub use credentials::is_root as runs_have_own_user_ids;

/// Whether [`Isolation::Strict`] works here: a run of `true` in the strict
/// sandbox, tried once per judge.
#[must_use]
pub fn strict_available() -> bool {
    static OK: OnceLock<bool> = OnceLock::new();
    *OK.get_or_init(|| {
        let limits = Limits::default().with_output(4096).with_disk(1 << 20);
        run(
            &["true".into()],
            Arc::new(Vec::new()),
            &limits,
            Isolation::Strict,
        )
        .is_ok_and(|o| o.exit == Exit::Code(0) && o.limit.is_none())
    })
}

/// What an isolation mode leaves open that strict isolation closes, for the
/// judge's report: `None` for [`Isolation::Strict`].
///
/// ```
/// use beatty_sandbox::{left_open, Isolation};
/// assert_eq!(left_open(Isolation::Strict), None);
/// assert!(left_open(Isolation::Basic).is_some_and(|s| s.contains("Landlock")));
/// ```
#[must_use]
pub fn left_open(isolation: Isolation) -> Option<&'static str> {
    match isolation {
        Isolation::Strict => None,
        Isolation::Basic => Some(
            "basic isolation keeps the run in the host's file tree, where Landlock checks opening files but not chmod, chown, times or extended attributes of files the run's user owns (without root: yours); the run sees every process in /proc, writes its files on the judge's disk (bounded per file only, not in all), and without root runs as your own user id",
        ),
    }
}

/// What the runs' identity leaves open here, for the judge's warning:
/// `None` where each run gets a user id of its own (the judge is root, or
/// strict runs take the user's subordinate ids), and for
/// [`Isolation::Basic`] without root, whose [`left_open`] says it.
#[must_use]
pub fn identity_left_open(isolation: Isolation) -> Option<&'static str> {
    let own = is_root() || credentials::subordinate().is_some();
    (isolation == Isolation::Strict && !own).then_some(
        "runs have your own user id (no subordinate ids: /etc/subuid and /etc/subgid give your user none, or newuidmap and newgidmap (the uidmap package) are not installed), so a run reads every file of yours that it sees: under /usr, the listed entries of /etc, a toolchain's own directory and the files the command names",
    )
}

/// The confinement layers every program gets here (filesystem and syscall
/// rules, in both isolation modes), for the judge's report: e.g. `landlock ABI
/// 7 (files, TCP, abstract sockets, signals); seccomp filter (…)`.
///
/// ```
/// let layers = beatty_sandbox::layers();
/// assert!(layers.contains("landlock") && layers.contains("seccomp"), "{layers}");
/// ```
#[must_use]
pub fn layers() -> String {
    format!("{}; {}", filesystem::describe(), syscalls::describe())
}

/// How the memory limit is enforced here, for the judge's report: by a
/// cgroup (`"memory cgroup v1"`, `"memory cgroup v2"`) or by the judge
/// sampling the run's resident memory (`"resident memory sampled every 20 ms
/// (no usable memory cgroup)"`).
///
/// ```
/// let how = beatty_sandbox::memory_enforcement();
/// assert!(how.starts_with("memory cgroup") || how.starts_with("resident memory"));
/// ```
#[must_use]
pub fn memory_enforcement() -> &'static str {
    match cgroup_base() {
        Some(CgroupBase::V2(_)) => "memory cgroup v2",
        Some(CgroupBase::V1(_)) => "memory cgroup v1",
        None => "resident memory sampled every 20 ms (no usable memory cgroup)",
    }
}

/// Processes a run may have at once (`RLIMIT_NPROC`, counted in the run's own
/// user id or user namespace; see the crate docs).
pub const MAX_PROCESSES: u64 = 64;

/// Descriptors each process of a run may have open (`RLIMIT_NOFILE`, soft
/// and hard): enough for any runtime, and with [`MAX_PROCESSES`] a bound on
/// the pipes a run can fill where no memory cgroup counts them (see the
/// crate docs).
pub const MAX_FILES: u64 = 128;

/// The limits of one run: built from [`Limits::default`] and the `with_*`
/// setters (the struct is `#[non_exhaustive]`: a limit added later breaks
/// no dependent). Every limit saturates: [`Duration::MAX`] or [`u64::MAX`]
/// means no limit (in practice: the clock's or the kernel's largest), never
/// an overflow. A memory limit of 0 is refused by every run, in both
/// isolation modes ([`Phase::Check`]): no program runs in no memory.
///
/// ```
/// use beatty_sandbox::Limits;
/// use std::time::Duration;
/// let l = Limits::default()
///     .with_wall(Duration::from_secs(2))
///     .with_cpu(Duration::MAX) // no CPU limit but the wall time's
///     .with_memory(64 << 20);
/// assert_eq!(l.wall, Duration::from_secs(2));
/// assert_eq!(l.cpu, Duration::MAX);
/// assert_eq!(l.memory, 64 << 20);
/// assert_eq!(l.output, Limits::default().output);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Limits {
    /// Wall-clock time (default 10 s).
    pub wall: Duration,
    /// CPU time (user + system) of all the run's processes (default 10 s).
    pub cpu: Duration,
    /// Memory in bytes, of all the run's processes together: charged by a
    /// memory cgroup where one is available, else their resident memory
    /// sampled by the judge (see the module docs). Default 256 MiB; 0 is
    /// refused.
    pub memory: u64,
    /// Bytes of standard output read (default 64 MiB).
    pub output: u64,
    /// Bytes the run may write to files: with [`Isolation::Strict`] the size
    /// of the one private tmpfs that holds its `/tmp`, `/var/tmp`, `/dev/shm`
    /// (and so its working directory), the only writable place of its root;
    /// in every mode the largest file it may write (`RLIMIT_FSIZE`; beyond it
    /// the write fails, or `SIGXFSZ` kills). At least 1 MiB is given
    /// (default 64 MiB).
    pub disk: u64,
    /// Directories the program must not see (the test data): with
    /// [`Isolation::Strict`] absent from the run's root, or where a bound
    /// system directory holds one, covered by an empty read-only tmpfs,
    /// unless the program or an argument lies inside it. Default none.
    pub hide: Vec<PathBuf>,
    /// The handle that stops the run ([`Limits::with_stopper`]).
    stopper: Option<Stopper>,
}

impl Default for Limits {
    /// 10 s of wall and CPU time, 256 MiB of memory, 64 MiB of output and
    /// of disk, nothing hidden, no stopper.
    fn default() -> Limits {
        Limits {
            wall: Duration::from_secs(10),
            cpu: Duration::from_secs(10),
            memory: 256 << 20,
            output: 64 << 20,
            disk: 64 << 20,
            hide: Vec::new(),
            stopper: None,
        }
    }
}

impl Limits {
    /// These limits with wall-clock time `wall` ([`Duration::MAX`]: none).
    #[must_use]
    pub fn with_wall(mut self, wall: Duration) -> Limits {
        self.wall = wall;
        self
    }

    /// These limits with CPU time `cpu` ([`Duration::MAX`]: none).
    #[must_use]
    pub fn with_cpu(mut self, cpu: Duration) -> Limits {
        self.cpu = cpu;
        self
    }

    /// These limits with `memory` bytes of memory ([`u64::MAX`]: none; 0 is
    /// refused by the run).
    #[must_use]
    pub fn with_memory(mut self, memory: u64) -> Limits {
        self.memory = memory;
        self
    }

    /// These limits with `output` bytes of standard output.
    #[must_use]
    pub fn with_output(mut self, output: u64) -> Limits {
        self.output = output;
        self
    }

    /// These limits with `disk` bytes of files (at least 1 MiB is given).
    #[must_use]
    pub fn with_disk(mut self, disk: u64) -> Limits {
        self.disk = disk;
        self
    }

    /// These limits with the directories `hide` hidden from the program.
    #[must_use]
    pub fn with_hide(mut self, hide: Vec<PathBuf>) -> Limits {
        self.hide = hide;
        self
    }

    /// These limits with `stopper`: [`Stopper::stop`] kills the runs started
    /// with it (within a tick) and refuses to start more; runs with another
    /// stopper, or none, go on.
    ///
    /// ```
    /// let stop = beatty_sandbox::Stopper::new();
    /// let limits = beatty_sandbox::Limits::default().with_stopper(stop.clone());
    /// assert!(limits.stopper().is_some_and(|s| !s.is_stopped()));
    /// ```
    #[must_use]
    pub fn with_stopper(mut self, stopper: Stopper) -> Limits {
        self.stopper = Some(stopper);
        self
    }

    /// The stopper these limits carry, if any.
    #[must_use]
    pub fn stopper(&self) -> Option<&Stopper> {
        self.stopper.as_ref()
    }

    /// Whether the run should stop: its stopper, or [`stop_all`].
    pub(crate) fn stop_requested(&self) -> bool {
        reaping::STOPPING.load(std::sync::atomic::Ordering::SeqCst)
            || self.stopper.as_ref().is_some_and(Stopper::is_stopped)
    }
}

/// A handle that stops runs: every run whose [`Limits`] carry it (or a
/// clone of it) is killed within a tick of [`Stopper::stop`], with all its
/// processes, and its files and cgroup removed; such a run then returns an
/// error of kind [`std::io::ErrorKind::Interrupted`] ([`Phase::Watch`]), and
/// a run started with a stopped stopper is refused ([`Phase::Start`]). Other
/// runs go on, and new runs with a fresh stopper (or none) start as ever.
///
/// ```
/// use beatty_sandbox::Stopper;
/// let stop = Stopper::new();
/// let handle = stop.clone();
/// assert!(!stop.is_stopped());
/// handle.stop();
/// assert!(stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stopper(Arc<std::sync::atomic::AtomicBool>);

impl Stopper {
    /// A stopper that has not stopped.
    #[must_use]
    pub fn new() -> Stopper {
        Stopper::default()
    }

    /// Stops the runs that carry this stopper (and its clones), for good.
    pub fn stop(&self) {
        self.0.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether [`Stopper::stop`] was called on this stopper or a clone.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Which limit stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

/// How the program ended. Not `#[non_exhaustive]`: a Linux process ends by
/// an exit code or a signal, nothing else, so a `match` needs no wildcard.
///
/// ```
/// use beatty_sandbox::{run, Exit, Isolation, Limits};
/// let cmd = ["/bin/sh".into(), "-c".into(), "exit 3".into()];
/// let o = run(&cmd, Default::default(), &Limits::default(), Isolation::Basic)?;
/// assert_eq!(o.exit, Exit::Code(3));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exit code.
    Code(i32),
    /// Killed by this signal.
    Signal(i32),
}

/// What happened in one run (`#[non_exhaustive]`: a figure added later
/// breaks no dependent).
#[derive(Clone, Debug)]
#[non_exhaustive]
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

/// The namespaces of [`Isolation::Strict`]: PID, mount, IPC (System V
/// objects and POSIX message queues private to the run, gone with it) and UTS
/// (its own host name), inside a new user namespace when the judge is not root
/// (which gives it the right to make them); the network namespace is added
/// by `netns.rs`.
fn namespace_flags(root: bool) -> libc::c_int {
    let ns = libc::CLONE_NEWPID | libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
    if root { ns } else { ns | libc::CLONE_NEWUSER }
}

fn c_path(p: &Path) -> std::io::Result<CString> {
    Ok(CString::new(p.as_os_str().as_encoded_bytes())?)
}

fn nul_error() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        "a NUL byte in the command or its environment",
    )
}

/// The pipes between the judge and the run: the judge's ends and the run's.
struct Pipes {
    stdin: (OwnedFd, OwnedFd),
    stdout: (OwnedFd, OwnedFd),
    stderr: (OwnedFd, OwnedFd),
    /// `errno` of a step that failed before the program's `exec`.
    error: (OwnedFd, OwnedFd),
    /// Init's report of the program's wait status (strict).
    status: (OwnedFd, OwnedFd),
}

impl Pipes {
    fn new() -> std::io::Result<Pipes> {
        Ok(Pipes {
            stdin: sys::pipe()?,
            stdout: sys::pipe()?,
            stderr: sys::pipe()?,
            error: sys::pipe()?,
            status: sys::pipe()?,
        })
    }
}

/// What the box's processes need (see `inside.rs`), made before the `clone`
/// from the prepared run `p`.
fn inside_of(
    p: &Prepared,
    cpu: Option<libc::cpu_set_t>,
    limits: &Limits,
    pipes: &Pipes,
) -> std::io::Result<inside::Inside> {
    let (plan, tree, user, cgroup) = (&p.plan, p.tree.as_ref(), p.user.as_ref(), p.cgroup.as_ref());
    let ruleset = p.ruleset.as_ref().map_or(-1, AsRawFd::as_raw_fd);
    let (me, group) = (nix::unistd::getuid(), nix::unistd::getgid());
    let disk = limits.disk.max(1 << 20);
    let argv =
        std::iter::once(plan.program.as_os_str()).chain(plan.args.iter().map(OsString::as_os_str));
    Ok(inside::Inside {
        strict: plan.strict,
        root: user.is_some_and(|u| u.outside.is_none()),
        uid: user.map_or(0, |u| u.uid),
        holder: match user.and_then(|u| u.outside) {
            Some(_) => credentials::subordinate().map_or(-1, |s| s.namespace.as_raw_fd()),
            None => p.netns.holder(),
        },
        own_user: user.is_none() && p.netns.holder() >= 0,
        // Init's clone in the judge's user namespace (`Inside::outer`): the
        // run's own user namespace too without subordinate ids, a network
        // namespace where none was leased (`netns.rs`).
        init_flags: namespace_flags(user.is_some()) | netns::clone_flag(&p.netns),
        judge: reaping::judge_pidfd(),
        uid_map: format!("{me} {me} 1").into_bytes(),
        gid_map: format!("{group} {group} 1").into_bytes(),
        join: cgroup.map_or_else(Vec::new, RunCgroup::join_fds),
        disk,
        files: MAX_FILES,
        cpu,
        address_space: cgroup
            .is_none()
            .then(|| limits.memory.saturating_add(ADDRESS_SPACE_ALLOWANCE)),
        // Saturating: `Duration::MAX` is no limit (RLIM_INFINITY).
        cpu_seconds: limits.cpu.as_secs().saturating_add(1),
        nproc: MAX_PROCESSES,
        nproc_shared: credentials::processes_of_user() + MAX_PROCESSES,
        netns: p.netns.fd(),
        tree: tree.map(inside_tree).transpose()?,
        writable: match plan.strict {
            true => root::WRITABLE
                .iter()
                .map(|w| c_path(Path::new(w)))
                .collect::<std::io::Result<_>>()?,
            false => Vec::new(),
        },
        private_workdir: if plan.strict {
            Some(c_path(Path::new(workdir::PRIVATE_WORKDIR))?)
        } else {
            None
        },
        ruleset,
        all_rights: filesystem::all_rights(),
        read_rights: filesystem::read_rights(),
        filter: syscalls::filter(),
        own_strings: sys::OwnStrings::of_judge(),
        streams: [&pipes.stdin.0, &pipes.stdout.1, &pipes.stderr.1].map(AsRawFd::as_raw_fd),
        error: pipes.error.1.as_raw_fd(),
        status: pipes.status.1.as_raw_fd(),
        program: CString::new(plan.program.as_encoded_bytes()).map_err(|_| nul_error())?,
        argv: sys::Argv::new(argv).ok_or_else(nul_error)?,
        envp: sys::Argv::environment(&plan.env()).ok_or_else(nul_error)?,
        workdir: plan.workdir.as_deref().map(c_path).transpose()?,
    })
}

/// The fresh root's plan as init carries it out: every path a C string in
/// the base.
fn inside_tree(tree: &root::Tree) -> std::io::Result<inside::Tree> {
    if tree.base.as_os_str().is_empty() {
        return Err(std::io::Error::other(
            "no directory to build the run's root on (none of /tmp, /mnt, /media, /srv, /dev/shm, /var/tmp is free)",
        ));
    }
    let base = |p: &Path| {
        let mut joined = tree.base.clone().into_os_string();
        joined.push(p.as_os_str());
        c_path(Path::new(&joined))
    };
    let ops = tree
        .ops
        .iter()
        .map(|op| {
            Ok(match op {
                root::Op::Dir(d, mode) => inside::Op::Dir(base(d)?, *mode),
                root::Op::File(f) => inside::Op::File(base(f)?),
                root::Op::Link { path, target } => inside::Op::Link {
                    target: c_path(target)?,
                    path: base(path)?,
                },
                root::Op::Bind {
                    source,
                    path,
                    read_only,
                    in_root,
                } => inside::Op::Bind {
                    source: if *in_root {
                        base(source)?
                    } else {
                        c_path(source)?
                    },
                    path: base(path)?,
                    read_only: *read_only,
                },
                root::Op::Tmpfs {
                    path,
                    options,
                    read_only,
                } => inside::Op::Tmpfs {
                    path: base(path)?,
                    options: CString::new(options.as_str())?,
                    read_only: *read_only,
                },
                root::Op::Prepared(path) => inside::Op::Attach {
                    tree: etc_tree::prepared()
                        .ok_or_else(|| std::io::Error::other("no prepared /etc"))?
                        .as_raw_fd(),
                    path: base(path)?,
                },
                root::Op::Seal { at, binds } => inside::Op::Seal {
                    at: base(at)?,
                    binds: binds
                        .iter()
                        .map(|b| base(b))
                        .collect::<std::io::Result<_>>()?,
                },
            })
        })
        .collect::<std::io::Result<_>>()?;
    Ok(inside::Tree {
        base: c_path(&tree.base)?,
        base_options: CString::new(root::BASE_OPTIONS)?,
        ops,
        proc: base(Path::new("/proc"))?,
    })
}

/// A run's resources, made before it starts and released after it.
struct Prepared {
    plan: plan::Plan,
    cgroup: Option<RunCgroup>,
    user: Option<credentials::RunUser>,
    workdir: Option<workdir::WorkDir>,
    ruleset: Option<OwnedFd>,
    /// The fresh root (strict).
    tree: Option<root::Tree>,
    /// The network namespace lent to the run (strict).
    netns: netns::Lease,
}

/// Phases plan, cgroups, credentials, working directory, filesystem rules.
fn prepare(cmd: &[OsString], limits: &Limits, isolation: Isolation) -> std::io::Result<Prepared> {
    let cgroup = RunCgroup::create(limits.memory)?;
    static SWEEP: std::sync::Once = std::sync::Once::new();
    SWEEP.call_once(cleanup::sweep);
    let own_ids =
        is_root() || (isolation == Isolation::Strict && credentials::subordinate().is_some());
    let user = if own_ids {
        Some(credentials::claim_user()?)
    } else {
        None
    };
    let uid = user.as_ref().map(|u| u.uid);
    if let Some(uid) = uid
        && isolation == Isolation::Basic
        && cgroup.is_none()
    {
        reaping::kill_leftovers_once(uid);
    }
    let mut plan = plan::Plan::new(cmd, isolation);
    let workdir = match plan.strict {
        true => None,
        false => Some(workdir::WorkDir::new(uid)?),
    };
    plan.place(workdir.as_ref().map(workdir::WorkDir::path), &limits.hide);
    let tree = plan.strict.then(|| plan.root(limits.disk.max(1 << 20)));
    // A strict run's /etc is the prepared tree where there is one: one rule.
    let etc = tree
        .as_ref()
        .filter(|t| t.ops.iter().any(|o| matches!(o, root::Op::Prepared(_))))
        .and_then(|_| etc_tree::prepared());
    let ruleset = filesystem::ruleset_with(&plan.landlock(), etc)?;
    let netns = netns::lease(plan.strict);
    Ok(Prepared {
        plan,
        cgroup,
        user,
        workdir,
        ruleset,
        tree,
        netns,
    })
}

/// The run's first process (init, or with basic isolation the program) and
/// the judge's ends of its pipes.
struct Started {
    keeper: reaping::Keeper,
    stdin: std::fs::File,
    stdout: std::fs::File,
    stderr: std::fs::File,
    status: std::fs::File,
}

/// Starts the run (see `inside.rs`), bound to `cpu` if given; returns once
/// the program has `exec`ed.
fn start(p: &Prepared, limits: &Limits, cpu: Option<libc::cpu_set_t>) -> std::io::Result<Started> {
    if limits.stopper().is_some_and(Stopper::is_stopped) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted (the run's stopper was stopped)",
        ));
    }
    let pipes = Pipes::new()?;
    let inside = inside_of(p, cpu, limits, &pipes)?;
    let (mut stack, mut program_stack) = (sys::Stack::new(), sys::Stack::new());
    let keeper = reaping::register(|| {
        let started = if inside.strict && inside.holder >= 0 {
            // Subordinate ids: a first process enters their namespace and
            // starts init (`Inside::outer`).
            let mut init_stack = sys::Stack::new();
            let mut init = -libc::EINVAL;
            // The judge's thread waits until the first process has ended,
            // having started init (or not): it is reaped at once.
            let first = sys::start(0, sys::Start::Shared, &mut stack, &mut || {
                inside.outer(&mut init_stack, &mut program_stack, &mut init)
            });
            if let Some(first) = first {
                sys::wait4(first);
            }
            match (first, init) {
                (None, _) => None,
                (Some(_), pid) if pid > 0 => Some(pid),
                (Some(_), errno) => return Err(std::io::Error::from_raw_os_error(-errno)),
            }
        } else if inside.strict {
            let flags = namespace_flags(inside.root) | netns::clone_flag(&p.netns);
            sys::start(flags, sys::Start::Copy, &mut stack, &mut || {
                inside.init(&mut program_stack)
            })
        } else {
            sys::start(0, sys::Start::Shared, &mut stack, &mut || inside.basic())
        };
        started.ok_or_else(sys::last_error)
    })?;
    let Pipes {
        stdin,
        stdout,
        stderr,
        error,
        status,
    } = pipes;
    drop((stdin.0, stdout.1, stderr.1, error.1, status.1));
    // The error pipe ends when the program execs (or a step fails and says why).
    if let Some(errno) = sys::read_status(error.0.as_raw_fd()) {
        reaping::kill_run(keeper.pid(), p.cgroup.as_ref(), None);
        sys::wait4(keeper.pid());
        return Err(std::io::Error::from_raw_os_error(errno));
    }
    Ok(Started {
        keeper,
        stdin: stdin.1.into(),
        stdout: stdout.0.into(),
        stderr: stderr.0.into(),
        status: status.0.into(),
    })
}

/// CPU time and peak memory of a finished run: the most that `wait4`, the
/// watch loop and the cgroup saw.
fn totals(ru: &libc::rusage, seen: &watch::Seen, cgroup: Option<&RunCgroup>) -> (Duration, u64) {
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = (tv(ru.ru_utime) + tv(ru.ru_stime))
        .max(seen.cpu)
        .max(cgroup.and_then(RunCgroup::cpu).unwrap_or_default());
    let rss = (ru.ru_maxrss as u64).saturating_mul(1024);
    let memory = cgroup
        .and_then(RunCgroup::peak)
        .unwrap_or(rss.max(seen.resident));
    (cpu, memory)
}

/// How a wait status says the process ended.
fn exit_of(st: libc::c_int) -> Exit {
    if libc::WIFEXITED(st) {
        Exit::Code(libc::WEXITSTATUS(st))
    } else {
        Exit::Signal(libc::WTERMSIG(st))
    }
}

/// Runs `cmd` with `input` on standard input under `limits`.
///
/// ```
/// use beatty_sandbox::{run, Exit, Isolation, Limits};
/// use std::sync::Arc;
/// let cmd = ["/bin/sh".into(), "-c".into(), "tr a-z A-Z".into()];
/// let o = run(&cmd, Arc::new(b"loud\n".to_vec()), &Limits::default(), Isolation::Basic)?;
/// assert_eq!((o.exit, o.limit, &o.stdout[..]), (Exit::Code(0), None, &b"LOUD\n"[..]));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// When the program cannot be started, or its cgroup or working directory
/// cannot be made or removed (the judge's failure, not the program's), or
/// the run was stopped ([`Stopper`], [`stop_all`]): an [`std::io::Error`]
/// of the cause's kind around an [`Error`] that names the [`Phase`] and the
/// path. A memory limit of 0 is refused ([`Phase::Check`]).
pub fn run(
    cmd: &[OsString],
    input: Arc<Vec<u8>>,
    limits: &Limits,
    isolation: Isolation,
) -> std::io::Result<Outcome> {
    run_with(cmd, limits, isolation, Io::Batch(input))
}

/// Runs `cmd` under `limits` as [`run`] does, while `talk`, on a thread of
/// its own, writes the program's standard input and reads its standard
/// output (see [`ToProgram`] and [`FromProgram`]: neither can hang on a
/// program that stops reading or writing); returns what happened and what
/// `talk` returned once both the run and `talk` are over. The outcome's
/// `stdout` is empty (`talk` read it) and the output limit is `talk`'s to
/// keep; a run that `talk` ended ([`ToProgram::end_run`]) was killed
/// (`Exit::Signal(9)` unless it had ended first), with no limit.
///
/// A conversation is a ping-pong of short lines, whose speed is decided by
/// where its two ends run: on a virtual machine a round trip between two
/// CPUs costs 20 times one on a single CPU (a cross-CPU wake-up). With
/// `same_cpu` the program and `talk` are bound to the CPU the caller runs on
/// when it calls (the program's processes inherit it).
///
/// ```
/// use beatty_sandbox::{run_interactive, Exit, Isolation, Limits};
/// use std::io::{BufRead, BufReader, Write};
/// let cmd = ["/bin/sh".into(), "-c".into(), "read x; echo $((x * 2))".into()];
/// let (o, answer) = run_interactive(&cmd, &Limits::default(), Isolation::Basic, false, |mut to, from| {
///     to.write_all(b"21\n").unwrap();
///     let mut line = String::new();
///     BufReader::new(from).read_line(&mut line).map(|_| line)
/// })?;
/// assert_eq!(o.exit, Exit::Code(0));
/// assert_eq!(answer?, "42\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// As [`run`]'s.
pub fn run_interactive<T, F>(
    cmd: &[OsString],
    limits: &Limits,
    isolation: Isolation,
    same_cpu: bool,
    talk: F,
) -> std::io::Result<(Outcome, T)>
where
    T: Send,
    F: FnOnce(ToProgram, FromProgram) -> T + Send,
{
    let mut result = None;
    let cpu = same_cpu.then(sys::this_cpu).flatten();
    let outcome = run_with(
        cmd,
        limits,
        isolation,
        Io::Talk(cpu, Box::new(|to, from| result = Some(talk(to, from)))),
    )?;
    let result = result.ok_or_else(|| std::io::Error::other("the talk did not run"))?;
    Ok((outcome, result))
}

/// How the judge serves a run's standard streams.
enum Io<'a> {
    /// Standard input from memory, standard output collected up to the cap.
    Batch(Arc<Vec<u8>>),
    /// Both driven by the caller on a thread of its own; the run and that
    /// thread bound to the CPU of the set, if any.
    Talk(
        Option<libc::cpu_set_t>,
        Box<dyn FnOnce(ToProgram, FromProgram) + Send + 'a>,
    ),
}

/// [`run`] and [`run_interactive`].
fn run_with(
    cmd: &[OsString],
    limits: &Limits,
    isolation: Isolation,
    io: Io<'_>,
) -> std::io::Result<Outcome> {
    let check = |why: &str| {
        Error::wrap(
            Phase::Check,
            cmd.first().map(Path::new),
            std::io::Error::new(std::io::ErrorKind::InvalidInput, why),
        )
    };
    if cmd.is_empty() {
        return Err(check("no command to run"));
    }
    if limits.memory == 0 {
        return Err(check("a memory limit of 0: no program runs in no memory"));
    }
    let given = Path::new(&cmd[0]);
    let strict = isolation == Isolation::Strict;
    // Once per judge: orphaned descendants of runs become the judge's children.
    static SUBREAPER: std::sync::Once = std::sync::Once::new();
    SUBREAPER.call_once(sys::become_subreaper);
    let prepared =
        prepare(cmd, limits, isolation).map_err(|e| Error::wrap(Phase::Prepare, Some(given), e))?;
    let cpu = match &io {
        Io::Talk(cpu, _) => *cpu,
        Io::Batch(_) => None,
    };
    let Started {
        keeper,
        stdin,
        stdout,
        stderr,
        status,
    } = start(&prepared, limits, cpu)
        .map_err(|e| Error::wrap(Phase::Start, Some(Path::new(&prepared.plan.program)), e))?;
    // The program has started (the sandbox is set up): the clock starts.
    let start = Instant::now();
    let Prepared {
        cgroup,
        user,
        workdir,
        netns,
        ..
    } = prepared;
    let shared = Arc::new(talk::Shared::default());
    let (streams, talk) = match io {
        Io::Batch(input) => (
            watch::Streams::serve(stdin, stdout, stderr, input, limits.output),
            None,
        ),
        Io::Talk(_, talk) => match talk::ends(stdin, stdout, &shared) {
            Ok((to, from)) => (watch::Streams::errors_only(stderr), Some((talk, to, from))),
            Err(e) => {
                let uid = user.as_ref().map(|u| u.uid).filter(|_| !strict);
                reaping::kill_run(keeper.pid(), cgroup.as_ref(), uid);
                sys::wait4(keeper.pid());
                return Err(Error::wrap(Phase::Start, Some(given), e));
            }
        },
    };
    std::thread::scope(|scope| {
        let talker = talk.map(|(talk, to, from)| {
            scope.spawn(move || {
                if let Some(cpu) = &cpu {
                    sys::pin_to(cpu);
                }
                talk(to, from);
            })
        });
        let end_requested = || shared.end_requested();
        let watched = Watched {
            keeper,
            status,
            start,
            cgroup,
            user,
            workdir,
            netns,
            strict,
        };
        let outcome = finish(watched, limits, streams, &end_requested);
        // Waiting calls of the talk give up; then it is over too.
        shared.set_over();
        if let Some(t) = talker
            && let Err(panic) = t.join()
        {
            std::panic::resume_unwind(panic);
        }
        outcome
    })
}

/// A started run, handed to the watch.
struct Watched {
    keeper: reaping::Keeper,
    status: std::fs::File,
    start: Instant,
    cgroup: Option<RunCgroup>,
    user: Option<credentials::RunUser>,
    workdir: Option<workdir::WorkDir>,
    /// Given back once init is reaped: no process of the run is left.
    netns: netns::Lease,
    strict: bool,
}

/// Watches a started run to its end and reports it: the watch, the kill of
/// everything left, the reaping, the totals, the removal of its cgroup and
/// directory, the verdict's limit.
fn finish(
    w: Watched,
    limits: &Limits,
    mut streams: watch::Streams,
    end_requested: &dyn Fn() -> bool,
) -> std::io::Result<Outcome> {
    let Watched {
        keeper,
        status,
        start,
        cgroup,
        user,
        workdir,
        netns,
        strict,
    } = w;
    let pid = keeper.pid();
    let uid = user.as_ref().map(|u| u.uid).filter(|_| !strict);
    let kill_run = || reaping::kill_run(pid, cgroup.as_ref(), uid);
    // The program's processes lie below init (strict) or are it (basic).
    let usage = || match cgroup.as_ref().and_then(RunCgroup::cpu) {
        Some(cpu) => procfs::Usage { cpu, resident: 0 },
        // Basic isolation: the judge is a subreaper, and a double-forked
        // orphan of this run is its child, in the run's session.
        None if !strict => {
            procfs::tree_usage(pid, 0, &reaping::orphans_in_session(pid), cgroup.is_none())
        }
        // Below init.
        None => procfs::tree_usage(pid, 1, &[], cgroup.is_none()),
    };
    let exited = watch::Exited::of(pid);
    let seen = watch::watch(
        &exited,
        start,
        limits,
        &mut streams,
        &usage,
        cgroup.is_none(),
        &kill_run,
        end_requested,
    );
    let wall = start.elapsed();
    // Every process of the run, then its first process itself (reaped).
    kill_run();
    let (st, ru) = sys::wait4(pid);
    drop(keeper);
    drop(netns);
    reaping::reap_orphans(pid);
    // Strict: the program's status, as init reported it (none when init was
    // killed: then init's own, a SIGKILL).
    let st = match strict {
        true => sys::read_status(status.as_raw_fd()).unwrap_or(st),
        false => st,
    };
    let (cpu, memory) = totals(&ru, &seen, cgroup.as_ref());
    let cgroup_hit = cgroup.as_ref().map(RunCgroup::limit_hit);
    if let Some(cg) = cgroup {
        cg.retire();
    }
    workdir
        .map_or(Ok(()), workdir::WorkDir::remove)
        .map_err(|e| Error::wrap(Phase::Clean, None, e))?;
    drop(user);
    if seen.interrupted {
        return Err(Error::wrap(
            Phase::Watch,
            None,
            std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted"),
        ));
    }
    let exit = exit_of(st);
    let (stdout, stderr, over) = streams.collect();
    let finished = verdict::Finished {
        stopped: seen.limit,
        over,
        exit,
        cpu,
        memory,
        cgroup_hit,
        stderr: &stderr,
    };
    let limit = verdict::limit(&finished, limits);
    Ok(Outcome {
        exit,
        limit,
        wall,
        cpu,
        memory,
        stdout,
        stderr,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mount options of each mount point a strict run sees, from its
    /// own `/proc/self/mountinfo` (field 5 the mount point, 6 the options).
    fn mounts_seen() -> Vec<(String, String)> {
        let limits = Limits::default().with_output(1 << 20).with_disk(1 << 20);
        let cmd = ["cat".into(), "/proc/self/mountinfo".into()];
        let o = run(&cmd, Arc::new(Vec::new()), &limits, Isolation::Strict).expect("a run");
        assert_eq!(
            o.exit,
            Exit::Code(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split(' ').collect();
                Some((f.get(4)?.to_string(), f.get(5)?.to_string()))
            })
            .collect()
    }

    /// The root, the system's binds and `/etc`'s entries are read-only
    /// and `nosuid`, the run's `/tmp` and the devices writable: by one
    /// `mount_setattr`, and by the remounts of a kernel without it.
    #[test]
    fn the_root_is_sealed_read_only_with_and_without_mount_setattr() {
        if !strict_available() {
            eprintln!("skipping: no namespaces here");
            return;
        }
        for fallback in [false, true] {
            sys::NO_MOUNT_SETATTR.store(fallback, std::sync::atomic::Ordering::SeqCst);
            let seen = mounts_seen();
            sys::NO_MOUNT_SETATTR.store(false, std::sync::atomic::Ordering::SeqCst);
            let options = |point: &str| {
                seen.iter()
                    .find(|(p, _)| p == point)
                    .map(|(_, o)| o.split(',').map(str::to_owned).collect::<Vec<_>>())
                    .unwrap_or_else(|| panic!("no mount on {point} in {seen:?}"))
            };
            for ro in ["/", "/usr", "/etc/passwd"] {
                let o = options(ro);
                assert!(
                    o.contains(&"ro".into()) && o.contains(&"nosuid".into()),
                    "{ro}: {o:?} (fallback {fallback})"
                );
            }
            for rw in ["/tmp", "/var/tmp", "/dev/shm", "/dev/null"] {
                assert!(
                    options(rw).contains(&"rw".into()),
                    "{rw} (fallback {fallback})"
                );
            }
            // Nothing of the host's /home, /root or /run is mounted.
            assert!(
                !seen.iter().any(|(p, _)| p.starts_with("/home")
                    || p.starts_with("/root")
                    || p.starts_with("/run")),
                "{seen:?}"
            );
        }
    }
}
