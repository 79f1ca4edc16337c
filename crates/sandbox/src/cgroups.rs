//! Phase "cgroups": the run's memory, counted and limited by the kernel.
//!
//! Where the judge may create cgroups (cgroup v2 with the memory controller
//! enabled for its cgroup's children, else cgroup v1's memory hierarchy; in
//! practice as root), each run gets a memory cgroup of its own, limited to the
//! run's memory limit for all its processes together (swap included): the
//! peak, the limit hits and the OOM kills are the kernel's figures, and
//! everything in it is killed before it is removed. A cgroup is made per run,
//! not reused: pages a run read stay charged to its cgroup, so a reused one
//! would carry the page cache of the run before into the next run's peak.
//!
//! Making and removing a cgroup costs about 0.15 ms of kernel time on cgroup
//! v1, so neither lies on a run's path: a helper thread keeps a few fresh
//! cgroups made ahead ([`RunCgroup::create`] takes one and sets its limit)
//! and removes used ones after their processes are killed
//! ([`RunCgroup::retire`]). At exit (`atexit`) every spare and used cgroup is
//! removed, after waiting for the helper's current step; a judge killed with
//! `kill -9` leaves them to the next judge, which removes the cgroups of
//! judges no longer running.

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

/// Where the runs' cgroups are made: a cgroup v2 directory whose children get
/// the memory controller, or cgroup v1's memory directory. (Not v1's cpuacct:
/// moving a process into a v1 cgroup costs milliseconds, as the kernel waits
/// for an RCU grace period, so each run joins one hierarchy only; its CPU time
/// comes from `/proc` and `wait4` there.)
pub(crate) enum CgroupBase {
    V2(PathBuf),
    V1(PathBuf),
}

/// The prefix of the runs' cgroup names (`beatty-judge-<judge pid>-<n>`).
const CGROUP_PREFIX: &str = "beatty-judge-";

pub(crate) fn cgroup_base() -> Option<&'static CgroupBase> {
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
                opened: Vec::new(),
                limit: None,
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
pub(crate) struct RunCgroup {
    v2: bool,
    dirs: Vec<PathBuf>,
    /// `cgroup.procs` (v2) or `tasks` (v1) of each directory, for the keeper to join.
    join: Vec<std::fs::File>,
    /// The files read after every run, opened when the cgroup was made (off
    /// the run's path) and read from offset 0 each time.
    opened: Vec<(&'static str, std::fs::File)>,
    /// The memory limit set, if any.
    limit: Option<u64>,
}

/// The files of a cgroup read after a run, by hierarchy. Not `cgroup.procs`:
/// cgroup v1 keeps the process list of an open `cgroup.procs` for a second
/// (`CGROUP_PIDLIST_DESTROY_DELAY`), so reading it again through the same
/// file showed killed processes for that long; it is opened anew each time.
const READ_V1: [&str; 3] = [
    "memory.max_usage_in_bytes",
    "memory.failcnt",
    "memory.oom_control",
];
const READ_V2: [&str; 3] = ["memory.peak", "memory.events", "cpu.stat"];

fn named(e: std::io::Error, p: &Path) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{}: {e}", p.display()))
}

fn number(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// The value of `key` in the text of a `key value` file (`memory.events`,
/// `cpu.stat`).
fn keyed(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok()).flatten()
    })
}

impl RunCgroup {
    /// A fresh cgroup limited to `limit` bytes, or `None` where there is no usable hierarchy.
    pub(crate) fn create(limit: u64) -> std::io::Result<Option<RunCgroup>> {
        let Some(base) = cgroup_base() else {
            return Ok(None);
        };
        let mut cg = match spares::take(limit) {
            Some(cg) => cg,
            None => RunCgroup::make(base)?,
        };
        if cg.limit != Some(limit) {
            cg.set_limit(limit)?;
        }
        Ok(Some(cg))
    }

    /// A new cgroup below `base`, without a limit.
    fn make(base: &CgroupBase) -> std::io::Result<RunCgroup> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "{CGROUP_PREFIX}{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let (v2, d) = match base {
            CgroupBase::V2(d) => (true, d.join(&name)),
            CgroupBase::V1(d) => (false, d.join(&name)),
        };
        std::fs::create_dir(&d).map_err(|e| named(e, &d))?;
        let mut cg = RunCgroup {
            v2,
            dirs: vec![d],
            join: Vec::new(),
            opened: Vec::new(),
            limit: None,
        };
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
        let names = if cg.v2 { READ_V2 } else { READ_V1 };
        for name in names {
            if let Ok(f) = std::fs::File::open(cg.dirs[0].join(name)) {
                cg.opened.push((name, f));
            }
        }
        Ok(cg)
    }

    /// The text of the cgroup file `name`: read again from offset 0 through
    /// the file opened when the cgroup was made, else by its path.
    fn read(&self, name: &str) -> Option<String> {
        use std::os::unix::fs::FileExt;
        let Some((_, f)) = self.opened.iter().find(|(n, _)| *n == name) else {
            return std::fs::read_to_string(self.dirs.first()?.join(name)).ok();
        };
        let mut buf = vec![0u8; 4096];
        let mut len = 0;
        loop {
            if len == buf.len() {
                buf.resize(2 * len, 0);
            }
            match f.read_at(&mut buf[len..], len as u64) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return None,
            }
        }
        buf.truncate(len);
        String::from_utf8(buf).ok()
    }

    /// Limits the memory (and swap: none beyond it) of everything in the
    /// cgroup to `limit` bytes.
    fn set_limit(&mut self, limit: u64) -> std::io::Result<()> {
        let set = |p: PathBuf, v: u64| std::fs::write(&p, v.to_string()).map_err(|e| named(e, &p));
        let Some(d) = self.dirs.first() else {
            return Ok(());
        };
        if self.v2 {
            set(d.join("memory.max"), limit)?;
            let swap = d.join("memory.swap.max");
            if swap.exists() {
                set(swap, 0)?;
            }
        } else {
            // The memory and swap limit may never be below the memory limit:
            // raised first when the limit goes up, lowered last when it goes down.
            let swap = d.join("memory.memsw.limit_in_bytes");
            let swap = swap.exists().then_some(swap);
            let raising = self.limit.is_some_and(|old| limit > old);
            if raising && let Some(swap) = &swap {
                set(swap.clone(), limit)?;
            }
            set(d.join("memory.limit_in_bytes"), limit)?;
            if !raising && let Some(swap) = swap {
                set(swap, limit)?;
            }
        }
        self.limit = Some(limit);
        Ok(())
    }

    /// After the run: everything in it killed now, the cgroup removed by the
    /// helper thread (or now, where there is none).
    pub(crate) fn retire(self) {
        self.kill_all();
        spares::remove_later(self);
    }

    /// The files the keeper joins by writing `0` (itself) there.
    pub(crate) fn join_fds(&self) -> Vec<std::os::fd::RawFd> {
        use std::os::fd::AsRawFd;
        self.join.iter().map(AsRawFd::as_raw_fd).collect()
    }

    /// The processes in the cgroup now.
    pub(crate) fn members(&self) -> Vec<i32> {
        self.read("cgroup.procs")
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect()
    }

    /// Kills everything in the cgroup, until it is empty (a few rounds for
    /// processes forked meanwhile; v2 kills all at once with `cgroup.kill`).
    pub(crate) fn kill_all(&self) {
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
                let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Peak memory of the run, bytes.
    pub(crate) fn peak(&self) -> Option<u64> {
        number(&self.read(if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        })?)
    }

    /// Whether the run hit the memory limit: the kernel refused or reclaimed
    /// memory at the limit, or killed a process for it.
    pub(crate) fn limit_hit(&self) -> bool {
        let read = |name| self.read(name).unwrap_or_default();
        if self.v2 {
            let events = read("memory.events");
            ["max", "oom", "oom_kill"]
                .iter()
                .any(|k| keyed(&events, k).is_some_and(|n| n > 0))
        } else {
            number(&read("memory.failcnt")).is_some_and(|n| n > 0)
                || keyed(&read("memory.oom_control"), "oom_kill").is_some_and(|n| n > 0)
        }
    }

    /// CPU time of everything that ran in the cgroup (v2 only).
    pub(crate) fn cpu(&self) -> Option<Duration> {
        if self.v2 {
            keyed(&self.read("cpu.stat")?, "usage_usec").map(Duration::from_micros)
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

/// The helper thread's cgroups: fresh ones made ahead, used ones to remove.
mod spares {
    use super::{Condvar, Mutex, MutexGuard, OnceLock, RunCgroup, cgroup_base};

    /// Fresh cgroups kept ready: two for each of two job slots.
    const READY: usize = 4;

    #[derive(Default)]
    struct Spares {
        ready: Vec<RunCgroup>,
        used: Vec<RunCgroup>,
        /// The helper is making or removing one, outside the lock.
        busy: bool,
        /// At exit: the helper stops, nothing more is made.
        closed: bool,
        /// Making one failed: runs make their own (and report the error).
        broken: bool,
        /// The memory limit of the last run, set on the ones made ahead.
        limit: Option<u64>,
    }

    fn lock() -> MutexGuard<'static, Spares> {
        static SPARES: OnceLock<Mutex<Spares>> = OnceLock::new();
        SPARES
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Wakes the helper (work to do) and whoever waits for it (a step done).
    static WAKE: Condvar = Condvar::new();

    /// Starts the helper and the exit hook, once.
    fn started() -> bool {
        static STARTED: OnceLock<bool> = OnceLock::new();
        *STARTED.get_or_init(|| {
            crate::sys::at_exit(remove_all)
                && std::thread::Builder::new()
                    .name("cgroups".into())
                    .spawn(helper)
                    .is_ok()
        })
    }

    /// A fresh cgroup made ahead, if one is ready; the next ones are made
    /// with the memory limit `limit` already set (runs of a judge share one).
    pub(super) fn take(limit: u64) -> Option<RunCgroup> {
        if !started() {
            return None;
        }
        let mut s = lock();
        s.limit = Some(limit);
        let cg = s.ready.pop();
        WAKE.notify_all();
        cg
    }

    /// Hands a used cgroup (its processes killed) to the helper.
    pub(super) fn remove_later(cg: RunCgroup) {
        let mut s = lock();
        if s.closed || !started() {
            drop(s);
            drop(cg);
            return;
        }
        s.used.push(cg);
        WAKE.notify_all();
    }

    fn helper() {
        let Some(base) = cgroup_base() else {
            return;
        };
        let mut s = lock();
        loop {
            if s.closed {
                return;
            }
            // Making first: that is what the next run waits for.
            if s.ready.len() < READY && !s.broken {
                s.busy = true;
                let limit = s.limit;
                drop(s);
                let made = RunCgroup::make(base).and_then(|mut cg| {
                    if let Some(l) = limit {
                        cg.set_limit(l)?;
                    }
                    Ok(cg)
                });
                s = lock();
                match made {
                    Ok(cg) => s.ready.push(cg),
                    Err(_) => s.broken = true,
                }
            } else if let Some(cg) = s.used.pop() {
                s.busy = true;
                drop(s);
                // Drop kills what is left and removes the directory.
                drop(cg);
                s = lock();
            } else {
                s = WAKE
                    .wait(s)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                continue;
            }
            s.busy = false;
            WAKE.notify_all();
        }
    }

    /// At exit: the helper stopped after its current step, every spare and
    /// used cgroup removed.
    extern "C" fn remove_all() {
        let mut s = lock();
        s.closed = true;
        WAKE.notify_all();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        while s.busy {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                break;
            }
            s = WAKE
                .wait_timeout(s, left)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
        let (ready, used) = (std::mem::take(&mut s.ready), std::mem::take(&mut s.used));
        drop(s);
        drop((ready, used));
    }
}
