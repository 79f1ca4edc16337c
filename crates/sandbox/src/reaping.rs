//! Phase "reaping": every process of a run killed and waited for, and
//! nothing of it left running.
//!
//! The judge keeps the list of its runs' keepers (the processes it forked).
//! It is a child subreaper, so a descendant whose parent died is re-parented
//! to it: after each run it kills and reaps those that were the run's (still
//! in its session), and zombies of any run. As root without a cgroup, a basic
//! run is also killed by its user id. With namespaces, the kernel does the
//! rest: when the namespace's init ends, every process in it is killed.
//! [`stop_all`] (the judge's signal handler) makes every run stop within a
//! tick and refuses new ones.

use crate::cgroups::RunCgroup;
use crate::procfs::{children_of, number, pids, stat_fields};
use nix::sys::signal::{Signal, kill};
use nix::sys::wait::waitpid;
use nix::unistd::Pid;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The runs of this judge: whether it shuts down, and the process id of every
/// run's keeper. Runs start and orphans are reaped under this one lock, so no
/// run starts after [`stop_all`] and no new keeper is mistaken for an orphan.
pub(crate) struct Runs {
    pub(crate) stopped: bool,
    pub(crate) keepers: Vec<i32>,
}

static RUNS: Mutex<Runs> = Mutex::new(Runs {
    stopped: false,
    keepers: Vec::new(),
});
pub(crate) static STOPPING: AtomicBool = AtomicBool::new(false);

pub(crate) fn runs() -> std::sync::MutexGuard<'static, Runs> {
    RUNS.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A pidfd of the judge itself (negative where the kernel has none), for
/// the run's processes to check, once they have set the parent-death
/// signal, that the judge has not ended before ([`crate::sys::has_ended`]).
pub(crate) fn judge_pidfd() -> std::os::fd::RawFd {
    use std::os::fd::AsRawFd;
    static FD: std::sync::OnceLock<Option<std::os::fd::OwnedFd>> = std::sync::OnceLock::new();
    FD.get_or_init(|| crate::sys::pidfd(std::process::id() as i32))
        .as_ref()
        .map_or(-1, AsRawFd::as_raw_fd)
}

/// Kills every running run (each notices within milliseconds, kills all its
/// processes and removes its files and cgroup) and refuses to start new ones,
/// for good: the shutdown of a process about to exit (the `judge` binary's
/// `SIGINT` and `SIGTERM`). To stop some runs and start others afterwards,
/// give them a [`crate::Stopper`] ([`crate::Limits::with_stopper`]).
pub fn stop_all() {
    runs().stopped = true;
    STOPPING.store(true, Ordering::SeqCst);
}

/// The judge's children in session `session` that are not a run's keeper:
/// the orphans of the basic run whose program leads that session.
pub(crate) fn orphans_in_session(session: i32) -> Vec<i32> {
    let me = std::process::id() as i32;
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
pub(crate) fn reap_orphans(session: i32) {
    let runs = runs();
    let me = std::process::id() as i32;
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
                // p is our child, not yet reaped, so its id is not reused.
                if !zombie {
                    let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
                }
                let _ = waitpid(Pid::from_raw(p), None);
                progress = true;
            }
        }
        if !progress {
            return;
        }
    }
}

/// Kills every process whose real uid is `uid` (`uid` is a run's own).
pub(crate) fn kill_uid(uid: u32) {
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
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            }
        }
        if !found {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Kills, once per judge and user id, what a judge that died without
/// cleaning up left running under `uid` (afterwards this judge's own runs
/// leave nothing).
pub(crate) fn kill_leftovers_once(uid: u32) {
    static CLEANED: Mutex<Vec<u32>> = Mutex::new(Vec::new());
    let mut cleaned = CLEANED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !cleaned.contains(&uid) {
        kill_uid(uid);
        cleaned.push(uid);
    }
}

/// A run's first process (its *keeper*: init, or the program itself),
/// registered while it is not reaped (so that it is never
/// taken for an orphan), unregistered on drop.
pub(crate) struct Keeper(i32);

impl Keeper {
    pub(crate) fn pid(&self) -> i32 {
        self.0
    }
}

impl Drop for Keeper {
    fn drop(&mut self) {
        runs().keepers.retain(|&p| p != self.0);
    }
}

/// Starts a run's first process with `start` (its pid), unless the judge is
/// stopping; registered under the lock that orphans are reaped under.
pub(crate) fn register(start: impl FnOnce() -> std::io::Result<i32>) -> std::io::Result<Keeper> {
    let mut runs = runs();
    if runs.stopped {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted",
        ));
    }
    let pid = start()?;
    runs.keepers.push(pid);
    Ok(Keeper(pid))
}

/// Kills every process of the run whose keeper is `pid`: its process group
/// and the keeper, everything in its cgroup, or (a basic run as root without
/// a cgroup) every process of its user id `uid`.
pub(crate) fn kill_run(pid: i32, cgroup: Option<&RunCgroup>, uid: Option<u32>) {
    // -pid is the run's process group; the keeper is not reaped yet, so
    // neither id can have been reused.
    let _ = kill(Pid::from_raw(-pid), Signal::SIGKILL);
    let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
    if let Some(cg) = cgroup {
        cg.kill_all();
    } else if let Some(uid) = uid {
        kill_uid(uid);
    }
}
