//! Phase "cleanup": removing what a run wrote, whatever it wrote.
//!
//! A program can leave a tree the judge must still remove: a directory chain
//! tens of thousands deep (recursion would overflow the judge's stack), modes
//! that forbid reading, symbolic links that point anywhere. The tree is removed
//! with a bounded number of descriptors and no recursion: every entry of the
//! top directory is unlinked if it is not a directory; a directory is given
//! `u+rwx`, removed if empty, and otherwise its entries are first moved up into
//! the top directory (`renameat2` with `RENAME_NOREPLACE`, under fresh names),
//! to be handled in a later pass. Every operation is relative to a directory
//! descriptor opened with `O_NOFOLLOW`, so no link is ever followed out of the
//! tree. It runs after every process of the run is dead, so nothing changes
//! the tree meanwhile.

use nix::dir::Dir;
use nix::errno::Errno;
use nix::fcntl::AtFlags;
use nix::fcntl::{OFlag, RenameFlags, openat, renameat2};
use nix::sys::stat::{FchmodatFlags, Mode, SFlag, fchmod, fchmodat, fstatat};
use nix::unistd::{UnlinkatFlags, unlinkat};
use std::ffi::CString;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Operations before giving up (a tree of millions of entries is no run's).
const MAX_STEPS: u64 = 50_000_000;

fn dir_flags() -> OFlag {
    OFlag::O_RDONLY | OFlag::O_DIRECTORY | OFlag::O_NOFOLLOW | OFlag::O_CLOEXEC
}

/// Removes the directory `root` and everything in it (see the module docs).
///
/// # Errors
/// An operation the kernel refuses, or a tree too large to remove.
pub fn remove_tree(root: &Path) -> std::io::Result<()> {
    let top = nix::fcntl::open(root, dir_flags(), Mode::empty())?;
    fchmod(&top, Mode::S_IRWXU)?;
    let mut fresh = 0u64;
    let mut steps = 0u64;
    loop {
        let names = entries(&top)?;
        if names.is_empty() {
            break;
        }
        for name in names {
            steps += 1;
            if steps > MAX_STEPS {
                return Err(std::io::Error::other("too many entries to remove"));
            }
            remove_entry(&top, &name, &mut fresh, &mut steps)?;
        }
    }
    drop(top);
    std::fs::remove_dir(root)
}

/// The names in the directory `dir` (a fresh descriptor of it, so each pass
/// sees what earlier passes moved in).
fn entries(dir: &OwnedFd) -> std::io::Result<Vec<CString>> {
    let mut d = Dir::openat(dir, ".", dir_flags(), Mode::empty())?;
    let mut names = Vec::new();
    for e in d.iter() {
        let e = e?;
        let name = e.file_name();
        if name != c"." && name != c".." {
            names.push(name.to_owned());
        }
    }
    Ok(names)
}

/// Removes the entry `name` of `top`, or moves the entries of the directory
/// `name` up into `top` and removes it.
fn remove_entry(
    top: &OwnedFd,
    name: &CString,
    fresh: &mut u64,
    steps: &mut u64,
) -> std::io::Result<()> {
    match unlinkat(top, name.as_c_str(), UnlinkatFlags::NoRemoveDir) {
        Ok(()) | Err(Errno::ENOENT) => return Ok(()),
        Err(Errno::EISDIR | Errno::EPERM) => {}
        Err(e) => return Err(e.into()),
    }
    // A directory (a link would have been unlinked above): make it ours to
    // read and change, then empty it into `top`.
    fchmodat(
        top,
        name.as_c_str(),
        Mode::S_IRWXU,
        FchmodatFlags::FollowSymlink,
    )?;
    match unlinkat(top, name.as_c_str(), UnlinkatFlags::RemoveDir) {
        Ok(()) | Err(Errno::ENOENT) => return Ok(()),
        Err(Errno::ENOTEMPTY | Errno::EEXIST) => {}
        Err(e) => return Err(e.into()),
    }
    let sub = openat(top, name.as_c_str(), dir_flags(), Mode::empty())?;
    for child in entries(&sub)? {
        // Moving a directory rewrites its `..`: it must be writable.
        let st = fstatat(&sub, child.as_c_str(), AtFlags::AT_SYMLINK_NOFOLLOW)?;
        if SFlag::from_bits_truncate(st.st_mode) & SFlag::S_IFMT == SFlag::S_IFDIR {
            fchmodat(
                &sub,
                child.as_c_str(),
                Mode::S_IRWXU,
                FchmodatFlags::FollowSymlink,
            )?;
        }
        loop {
            *steps += 1;
            if *steps > MAX_STEPS {
                return Err(std::io::Error::other("too many entries to remove"));
            }
            *fresh += 1;
            let to =
                CString::new(format!(".judge-cleanup-{fresh}")).map_err(std::io::Error::other)?;
            match renameat2(
                sub.as_fd(),
                child.as_c_str(),
                top.as_fd(),
                to.as_c_str(),
                RenameFlags::RENAME_NOREPLACE,
            ) {
                Ok(()) => break,
                Err(Errno::EEXIST) => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
    drop(sub);
    unlinkat(top, name.as_c_str(), UnlinkatFlags::RemoveDir)?;
    Ok(())
}

/// A fresh directory of the judge's in the temporary directory, mode 0700,
/// named `judge-KIND-PID-XXXXXX` after the judge's process id, so that a later
/// judge can tell it from a live judge's. Before its first one the judge
/// sweeps what dead judges left ([`sweep`]).
///
/// # Errors
/// When the directory cannot be made.
pub fn scratch_dir(kind: &str) -> std::io::Result<tempfile::TempDir> {
    sweep();
    tempfile::Builder::new()
        .prefix(&format!("judge-{kind}-{}-", std::process::id()))
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()
}

/// Removes, once per judge (before its first directory or run), what judges
/// no longer running left behind (a judge killed with `kill -9` cannot
/// remove its own): their `judge-KIND-PID-*` directories in the temporary
/// directory and in `/tmp` (and as root, the boxes in `/run`), and their
/// user-id lock files. Their cgroups go when the judge first looks for its
/// own (`cgroups.rs`).
pub fn sweep() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let tmp = std::env::temp_dir();
        remove_stale(&tmp);
        if tmp != Path::new("/tmp") {
            remove_stale(Path::new("/tmp"));
        }
        if nix::unistd::geteuid().is_root() {
            remove_stale(Path::new("/run"));
        }
        crate::credentials::remove_stale_locks();
    });
}

/// The process id in the name of a judge's directory: `judge-KIND-PID-*`,
/// or `.judge-KIND-PID-*` (one made beside a file the judge writes).
pub(crate) fn judge_pid(name: &std::ffi::OsStr) -> Option<u32> {
    let n = name.to_str()?;
    let n = n.strip_prefix('.').unwrap_or(n).strip_prefix("judge-")?;
    let mut parts = n.split('-');
    let (_kind, pid) = (parts.next()?, parts.next()?);
    parts.next()?;
    pid.parse().ok()
}

/// Whether the judge of process id `pid` may still be running and own a
/// directory last changed at `changed` (seconds since the epoch): a process
/// `pid` exists that started before then (a process id is reused once its
/// process is gone).
fn alive(pid: u32, changed: i64) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Path::new("/proc").join(pid.to_string()).exists();
    };
    // Field 22, after the command in parentheses: the start in clock ticks
    // since boot.
    let ticks = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(19))
        .and_then(|t| t.parse::<i64>().ok());
    let boot = std::fs::read_to_string("/proc/stat").ok().and_then(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("btime "))
            .and_then(|b| b.trim().parse::<i64>().ok())
    });
    let hz = i64::try_from(crate::sys::sysconf(libc::_SC_CLK_TCK))
        .unwrap_or(100)
        .max(1);
    match (ticks, boot) {
        // Two seconds of slack: the boot time is in whole seconds.
        (Some(t), Some(b)) => b + t / hz <= changed + 2,
        _ => true,
    }
}

/// Removes the `judge-KIND-PID-*` (and `.judge-KIND-PID-*`) directories in
/// `dir` whose judge is gone (no process `PID` that started before the
/// directory last changed), owned by this user or, as root, by a run's
/// user id.
pub fn remove_stale(dir: &Path) {
    use std::os::unix::fs::MetadataExt;
    let me = nix::unistd::geteuid().as_raw();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let Some(pid) = judge_pid(&e.file_name()) else {
            continue;
        };
        let Ok(m) = std::fs::symlink_metadata(e.path()) else {
            continue;
        };
        let ours = m.uid() == me
            || (me == 0
                && (crate::credentials::FIRST_UID
                    ..crate::credentials::FIRST_UID + crate::credentials::UID_COUNT)
                    .contains(&m.uid()));
        if m.is_dir() && ours && !alive(pid, m.ctime()) {
            let _ = remove_tree(&e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_a_chain_deeper_than_any_stack_with_hostile_modes_and_links() {
        let base = tempfile::tempdir().expect("tempdir");
        let outside = base.path().join("outside");
        std::fs::create_dir(&outside).expect("mkdir");
        std::fs::write(outside.join("keep"), "keep").expect("write");
        let root = base.path().join("run");
        std::fs::create_dir(&root).expect("mkdir");
        // 20 000 levels in the full matrix (2 000 in the quick loop: the
        // levels are disk writes), made through relative steps (a path that
        // long is refused), ending in a link out of the tree and an
        // unreadable level; removed on a thread of 256 KiB of stack, which a
        // removal that recursed per level would overflow.
        let levels = beatty_testing::rounds(2_000, 20_000);
        let mut d = root.clone();
        for i in 0..3 {
            std::fs::write(d.join(format!("f{i}")), "x").expect("write");
        }
        let mut fd = nix::fcntl::open(&d, dir_flags(), Mode::empty()).expect("open");
        for _ in 0..levels {
            nix::sys::stat::mkdirat(&fd, "d", Mode::S_IRWXU).expect("mkdirat");
            fd = openat(&fd, "d", dir_flags(), Mode::empty()).expect("openat");
        }
        nix::unistd::symlinkat(&outside, &fd, "link").expect("symlinkat");
        let file =
            openat(&fd, "file", OFlag::O_CREAT | OFlag::O_WRONLY, Mode::S_IRUSR).expect("create");
        drop(file);
        fchmod(&fd, Mode::empty()).expect("chmod 000");
        drop(fd);
        d.push("d");
        std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o000)).expect("chmod");
        let removing = root.clone();
        std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || remove_tree(&removing))
            .expect("spawn")
            .join()
            .expect("no panic")
            .expect("removed");
        assert!(!root.exists());
        assert_eq!(std::fs::read(outside.join("keep")).expect("kept"), b"keep");
    }

    #[test]
    fn a_judges_directory_names_its_process() {
        let pid = |n: &str| judge_pid(std::ffi::OsStr::new(n));
        assert_eq!(pid("judge-compile-123-Ab9x"), Some(123));
        assert_eq!(pid(".judge-package-77-x"), Some(77));
        assert_eq!(pid("judge-run-123"), None);
        assert_eq!(pid("judge-run-x1-abc"), None);
        assert_eq!(pid("beatty-judge-123-1"), None);
        assert_eq!(pid("xjudge-run-1-a"), None);
    }

    #[test]
    fn only_dead_judges_directories_are_removed() {
        use std::os::unix::fs::MetadataExt;
        let base = tempfile::tempdir().expect("tempdir");
        // A process that is gone (its id may be reused, but not this soon).
        let mut child = std::process::Command::new("true").spawn().expect("true");
        let dead = child.id();
        child.wait().expect("wait");
        let me = std::process::id();
        let d = |n: String| {
            let p = base.path().join(n);
            std::fs::create_dir(&p).expect("mkdir");
            std::fs::write(p.join("f"), "x").expect("write");
            p
        };
        let gone = d(format!("judge-compile-{dead}-a"));
        let hidden = d(format!(".judge-package-{dead}-b"));
        let live = d(format!("judge-compile-{me}-c"));
        let other = d(format!("beatty-{dead}-d"));
        remove_stale(base.path());
        assert!(!gone.exists() && !hidden.exists());
        assert!(live.exists() && other.exists());
        // This process started before its directory changed: alive; a
        // directory older than the process cannot be its own.
        let changed = std::fs::metadata(&live).expect("stat").ctime();
        assert!(alive(me, changed));
        assert!(!alive(me, changed - 3600));
        assert!(!alive(dead, changed));
    }
}
