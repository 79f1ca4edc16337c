//! Phase "credentials": whose the run's processes are.
//!
//! As root, each job slot claims a user id of its own (`60000 + n`, held with
//! a lock file so that concurrent judges never share one) and the run drops
//! to it for good: it cannot signal the judge or another run, cannot read the
//! judge's private files, and `RLIMIT_NPROC` counts its processes only.
//! Without root the run keeps the judge's user id, behind Landlock and the
//! syscall filter, in a user namespace of its own where the kernel gives one
//! (so that the process limit counts the run's processes, not the user's).

use crate::procfs::pids;
use nix::fcntl::{Flock, FlockArg};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The first user id of the runs (as root), and how many there are.
pub(crate) const FIRST_UID: u32 = 60000;
pub(crate) const UID_COUNT: u32 = 5000;

/// A user id of its own for one run (when the judge is root), held through a
/// lock on a root-only file so that concurrent judges never share one.
pub(crate) struct RunUser {
    pub(crate) uid: u32,
    _lock: Flock<std::fs::File>,
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
pub(crate) fn claim_user() -> std::io::Result<RunUser> {
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
        if let Ok(lock) = Flock::lock(f, FlockArg::LockExclusiveNonblock) {
            return Ok(RunUser { uid, _lock: lock });
        }
    }
    Err(std::io::Error::other("no free user id for the run"))
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
