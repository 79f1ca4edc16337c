//! Phase "credentials": whose the run's processes are.
//!
//! As root, each job slot claims a user id of its own (`60000 + n`, held with
//! a lock file so that concurrent judges never share one) and the run drops
//! to it for good: it cannot signal the judge or another run, cannot read the
//! judge's private files, and `RLIMIT_NPROC` counts its processes only.
//! Without root, where the system gives the judge's user subordinate ids
//! (`/etc/subuid` and `/etc/subgid`, with `newuidmap` and `newgidmap`, as
//! rootless podman uses them), each strict run claims one of them the same
//! way and runs as it, its namespaces made in the judge's one user namespace
//! that maps the range (and the judge's ids, as 0, for init to build the
//! root; see [`subordinate`]): the judging user's files are another user's
//! to the run, readable only as far as their modes let every user. Otherwise the run keeps the judge's user id, behind Landlock
//! and the syscall filter, in a user namespace of its own where the kernel
//! gives one (so that the process limit counts the run's processes, not the
//! user's); the judge warns that it does (`identity_left_open`).

use crate::procfs::pids;
use nix::fcntl::{Flock, FlockArg};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The first user id of the runs (as root), and how many there are.
pub(crate) const FIRST_UID: u32 = 60000;
pub(crate) const UID_COUNT: u32 = 5000;

/// A user id of its own for one run, held through a lock on a file of the
/// judge's user so that concurrent judges never share one; the file is
/// removed with the lock held when the run is over.
pub(crate) struct RunUser {
    /// The id the run has: as root its own (`60000 + n`); with subordinate
    /// ids the same number, in the run's user namespace, mapped to
    /// [`RunUser::outside`].
    pub(crate) uid: u32,
    /// With subordinate ids: the user and group ids outside, `first + n` of
    /// the user's ranges.
    pub(crate) outside: Option<(u32, u32)>,
    file: PathBuf,
    _lock: Flock<std::fs::File>,
}

impl Drop for RunUser {
    fn drop(&mut self) {
        // Still locked: a judge that opened the file meanwhile finds, once it
        // holds the lock, that the name no longer leads to it, and moves on.
        let _ = std::fs::remove_file(&self.file);
    }
}

/// Where the user-id locks lie: as root `/run/beatty-judge` (or under the
/// temporary directory where there is no `/run`), else
/// `/tmp/beatty-judge-UID` (shared by the user's judges whatever their
/// `TMPDIR`), or `beatty-judge-UID` in the temporary directory when another
/// user holds that name.
fn lock_dirs() -> Vec<PathBuf> {
    let me = nix::unistd::geteuid().as_raw();
    if me == 0 {
        let run = Path::new("/run");
        return vec![if run.is_dir() {
            run.join("beatty-judge")
        } else {
            std::env::temp_dir().join("beatty-judge-uids")
        }];
    }
    let name = format!("beatty-judge-{me}");
    vec![
        Path::new("/tmp").join(&name),
        std::env::temp_dir().join(name),
    ]
}

/// The directory of the user-id locks (see [`lock_dirs`]), the judge's
/// user's own, mode 0700.
fn lock_dir() -> std::io::Result<PathBuf> {
    let dirs = lock_dirs();
    let mut last = None;
    for d in dirs {
        match own_dir(&d) {
            Ok(()) => return Ok(d),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no directory for the user-id locks")))
}

/// Makes `d` (mode 0700) unless it is there, and checks that it is a
/// directory of the judge's user.
fn own_dir(d: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    let me = nix::unistd::geteuid().as_raw();
    match std::fs::DirBuilder::new().mode(0o700).create(d) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    let m = std::fs::symlink_metadata(d)?;
    if !m.is_dir() || m.uid() != me {
        return Err(std::io::Error::other(format!(
            "{} is not a directory of the judge's user",
            d.display()
        )));
    }
    if m.permissions().mode() & 0o7777 != 0o700 {
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// The lock on `path` when it is free and the name still leads to the file
/// locked (else another judge removed it meanwhile).
fn lock_file(path: &Path, create: bool) -> Option<Flock<std::fs::File>> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let f = std::fs::OpenOptions::new()
        .create(create)
        .truncate(false)
        .write(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
        .ok()?;
    let lock = Flock::lock(f, FlockArg::LockExclusiveNonblock).ok()?;
    let (held, named) = (lock.metadata().ok()?, std::fs::symlink_metadata(path).ok()?);
    (held.ino() == named.ino() && held.dev() == named.dev()).then_some(lock)
}

/// Claims a free id: as root a user id in `60000..65000`, else one of the
/// user's subordinate ids (see [`subordinate`]).
pub(crate) fn claim_user() -> std::io::Result<RunUser> {
    let sub = if is_root() { None } else { subordinate() };
    let count = sub.map_or(UID_COUNT, |s| s.count);
    let dir = lock_dir()?;
    // Start where a concurrent judge is unlikely to be.
    let start = std::process::id().wrapping_mul(2654435761) % count;
    for i in 0..count {
        let n = (start + i) % count;
        let file = dir.join((FIRST_UID + n).to_string());
        if let Some(lock) = lock_file(&file, true) {
            return Ok(RunUser {
                uid: FIRST_UID + n,
                outside: sub.map(|s| (s.uid + n, s.gid + n)),
                file,
                _lock: lock,
            });
        }
    }
    Err(std::io::Error::other("no free user id for the run"))
}

/// Removes the lock files that judges no longer running left (a judge
/// killed with `kill -9` cannot remove its own): every one that is free.
pub(crate) fn remove_stale_locks() {
    let me = nix::unistd::geteuid().as_raw();
    for dir in lock_dirs() {
        let owned = std::fs::symlink_metadata(&dir)
            .is_ok_and(|m| m.is_dir() && std::os::unix::fs::MetadataExt::uid(&m) == me);
        if !owned {
            continue;
        }
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = e.path();
            if let Some(lock) = lock_file(&path, false) {
                let _ = std::fs::remove_file(&path);
                drop(lock);
            }
        }
    }
}

/// The subordinate ids of the judge's user that its runs take, one each,
/// and the user namespace that maps them.
#[derive(Debug)]
pub(crate) struct Subordinate {
    /// The first user id and group id of the ranges taken.
    pub(crate) uid: u32,
    pub(crate) gid: u32,
    /// How many (at most [`UID_COUNT`]).
    pub(crate) count: u32,
    /// The judge's user namespace of them (see [`subordinate`]).
    pub(crate) namespace: std::os::fd::OwnedFd,
}

/// Where `newuidmap` and `newgidmap` lie (Debian's `uidmap` package).
const NEWUIDMAP: &str = "/usr/bin/newuidmap";
const NEWGIDMAP: &str = "/usr/bin/newgidmap";

/// The first range of `owner` (a user name or id) in the text of
/// `/etc/subuid` or `/etc/subgid` (`owner:first:count` a line).
fn range_in(text: &str, name: &str, id: u32) -> Option<(u32, u32)> {
    text.lines().find_map(|l| {
        let mut f = l.trim().splitn(3, ':');
        let (owner, first, count) = (f.next()?, f.next()?, f.next()?);
        let first: u32 = first.trim().parse().ok()?;
        let count: u32 = count.trim().parse().ok()?;
        let mine = owner == name || owner.parse::<u32>().ok() == Some(id);
        // Never the ids below 1000 (the system's) nor past the 32-bit end.
        (mine && count > 0 && first >= 1000 && first.checked_add(count).is_some())
            .then_some((first, count))
    })
}

/// The judge's user's subordinate ids, when it is not root, the system gives
/// it a range in both `/etc/subuid` and `/etc/subgid`, and `newuidmap` and
/// `newgidmap` are installed (setuid root): once per judge, the judge makes
/// a user namespace that maps its own ids to 0 and `60000..60000 + count`
/// to the ranges (a helper process unshares it, `newuidmap` and `newgidmap`
/// map it, the judge keeps a descriptor of it and the helper ends). Each
/// strict run's first process enters it, so that the runs' namespaces are
/// made in it and a run can drop to its id; mapping it once costs the two
/// programs once per judge, not per run. `None` where any step fails.
pub(crate) fn subordinate() -> Option<&'static Subordinate> {
    static SUB: OnceLock<Option<Subordinate>> = OnceLock::new();
    SUB.get_or_init(|| {
        let uid = nix::unistd::getuid();
        if uid.is_root() || is_root() {
            return None;
        }
        let gid = nix::unistd::getgid().as_raw();
        let name = nix::unistd::User::from_uid(uid).ok().flatten()?.name;
        let setuid = |p: &str| {
            std::fs::metadata(p).is_ok_and(|m| {
                std::os::unix::fs::MetadataExt::uid(&m) == 0
                    && std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o4000 != 0
            })
        };
        if !setuid(NEWUIDMAP) || !setuid(NEWGIDMAP) {
            return None;
        }
        let (u, uc) = range_in(
            &std::fs::read_to_string("/etc/subuid").ok()?,
            &name,
            uid.as_raw(),
        )?;
        let subgid = std::fs::read_to_string("/etc/subgid").ok()?;
        let (g, gc) =
            range_in(&subgid, &name, gid).or_else(|| range_in(&subgid, &name, uid.as_raw()))?;
        let count = uc.min(gc).min(UID_COUNT);
        let namespace = map_namespace((uid.as_raw(), gid), (u, g), count).ok()?;
        Some(Subordinate {
            uid: u,
            gid: g,
            count,
            namespace,
        })
    })
    .as_ref()
}

/// Makes and maps the user namespace of [`subordinate`]: the judge's ids
/// `own` to 0, `FIRST_UID..FIRST_UID + count` to the ranges from `first`.
fn map_namespace(
    own: (u32, u32),
    first: (u32, u32),
    count: u32,
) -> std::io::Result<std::os::fd::OwnedFd> {
    use std::os::fd::AsRawFd;
    let (read, tell) = crate::sys::pipe()?;
    let mut stack = crate::sys::Stack::new();
    let r = read.as_raw_fd();
    let judge = crate::reaping::judge_pidfd();
    // The helper only waits for the word to end (async-signal-safe calls).
    let helper = crate::reaping::register(|| {
        crate::sys::start(
            libc::CLONE_NEWUSER,
            crate::sys::Start::Copy,
            &mut stack,
            &mut || {
                crate::sys::die_with_parent();
                if crate::sys::has_ended(judge) {
                    crate::sys::exit(137);
                }
                let _ = crate::sys::read_status(r);
                crate::sys::exit(0)
            },
        )
        .ok_or_else(crate::sys::last_error)
    })?;
    let pid = helper.pid();
    let mapped = (|| {
        for (tool, own, out) in [(NEWUIDMAP, own.0, first.0), (NEWGIDMAP, own.1, first.1)] {
            let o = std::process::Command::new(tool)
                .args([pid.to_string(), "0".into(), own.to_string(), "1".into()])
                .args([FIRST_UID.to_string(), out.to_string(), count.to_string()])
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .output()?;
            if !o.status.success() {
                return Err(std::io::Error::other(format!(
                    "{tool} failed ({})",
                    o.status
                )));
            }
        }
        let f = std::fs::File::open(format!("/proc/{pid}/ns/user"))?;
        Ok(std::os::fd::OwnedFd::from(f))
    })();
    drop((tell, read));
    let _ = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid),
        nix::sys::signal::Signal::SIGKILL,
    );
    crate::sys::wait4(pid);
    drop(helper);
    mapped
}

/// How many processes the judge's real user had when first asked.
pub(crate) fn processes_of_user() -> u64 {
    static COUNT: OnceLock<u64> = OnceLock::new();
    *COUNT.get_or_init(|| {
        let uid = nix::unistd::getuid().as_raw();
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
pub fn is_root() -> bool {
    static ROOT: OnceLock<bool> = OnceLock::new();
    *ROOT.get_or_init(|| {
        if !nix::unistd::geteuid().is_root() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subordinate_range_is_the_first_of_the_user_by_name_or_id() {
        let text = "other:100000:65536\n\
                    # a comment line is no range\n\
                    judge:0:0\n\
                    judge:500:10\n\
                    1001:200000:5\n\
                    judge:300000:65536\n\
                    judge:4294967290:10\n";
        // By name: empty and system ranges are skipped.
        assert_eq!(range_in(text, "judge", 7), Some((300000, 65536)));
        // By id.
        assert_eq!(range_in(text, "nobody-here", 1001), Some((200000, 5)));
        // None of its own.
        assert_eq!(range_in(text, "judge2", 1002), None);
        // Past the 32-bit end.
        assert_eq!(range_in("judge:4294967290:10\n", "judge", 7), None);
        assert_eq!(
            range_in("judge:4294967285:10\n", "judge", 7),
            Some((4294967285, 10))
        );
        assert_eq!(range_in("judge:1000:1\n", "judge", 7), Some((1000, 1)));
        assert_eq!(range_in("judge:999:1\n", "judge", 7), None);
    }

    #[test]
    fn a_lock_is_held_once_and_not_through_a_removed_name() {
        let d = tempfile::tempdir().expect("tempdir");
        let f = d.path().join("60001");
        let held = lock_file(&f, true).expect("the first lock");
        assert!(lock_file(&f, true).is_none(), "locked twice");
        // Removed with the lock held (as a run does at its end): a judge that
        // opened the old file locks it, but the name leads to a new one.
        let old = std::fs::OpenOptions::new()
            .write(true)
            .open(&f)
            .expect("open");
        std::fs::remove_file(&f).expect("remove");
        drop(held);
        std::fs::write(&f, "").expect("a new file");
        let late = Flock::lock(old, FlockArg::LockExclusiveNonblock).expect("the old file's lock");
        assert!(lock_file(&f, false).is_some(), "the new file is free");
        drop(late);
        assert!(lock_file(&d.path().join("none"), false).is_none());
    }
}
