//! The `/etc` of strict runs, prepared once per judge.
//!
//! A strict run's root holds only the allowed entries of `/etc`
//! ([`filesystem::ETC_ALLOWED`]: files and directories bound read-only,
//! links made again to their resolved ends; `root.rs`). Made in every run,
//! that is about fifteen binds, links and directories, and a Landlock rule
//! per entry. The judge makes the same tree once instead: a small tmpfs,
//! detached (mounted nowhere, held by a descriptor of the judge's), with
//! the entries made and bound in it by the steps of [`root::etc_ops`], then
//! made read-only, `nosuid` and `nodev`, every mount of it. Each run's init
//! attaches a copy of it at its root's `/etc` with one `open_tree` and one
//! `move_mount` (`inside.rs`), and the run's Landlock ruleset grants reading
//! beneath it with one rule (a rule on the tmpfs's root holds for every copy,
//! which shows the same files).
//!
//! The copy keeps the tree's flags: read-only in every run; no run writes
//! it, and no run sees another's files in it (there are none: it holds the
//! host's entries only). Nothing of it is mounted in the host's namespace:
//! when the judge ends, `kill -9` included, its descriptor is closed and the
//! kernel unmounts the tree.
//!
//! The tree is made by a helper process (a copy of the judge) that shares
//! the judge's descriptor table (`CLONE_FILES`), so that the tree's
//! descriptor is the judge's: it enters a mount namespace of its own (and
//! without root first the user namespace of the judge's pool of network
//! namespaces, `netns.rs`, where it may mount and whose runs may copy the
//! tree), makes the tree and reports its descriptor. Where the kernel
//! refuses any of it (older kernels cannot attach a mount into a detached
//! tree; Linux 6.18 can),
//! runs build `/etc` entry by entry as before.

use crate::{filesystem, root, sys};
use std::ffi::CString;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::OnceLock;

/// The tmpfs's mount options (directories, empty files and links only).
const OPTIONS: &[(&std::ffi::CStr, &std::ffi::CStr)] = &[
    (c"mode", c"0755"),
    (c"size", c"64k"),
    (c"nr_inodes", c"1024"),
];

/// One step of filling the tree, paths relative to its top.
enum Step {
    Dir(CString, libc::mode_t),
    File(CString),
    Link { target: CString, path: CString },
    Bind { source: CString, path: CString },
}

/// The steps of `ops` (`root::etc_ops`) relative to `/etc`; `None` where
/// one is not a step of `/etc` (none is).
fn steps(ops: &[root::Op]) -> Option<Vec<Step>> {
    let etc = Path::new(filesystem::ETC);
    let rel = |p: &Path| -> Option<CString> {
        CString::new(p.strip_prefix(etc).ok()?.as_os_str().as_bytes()).ok()
    };
    let abs = |p: &Path| CString::new(p.as_os_str().as_bytes()).ok();
    ops.iter()
        .filter(|o| !matches!(o, root::Op::Dir(d, _) if d == etc))
        .map(|o| {
            Some(match o {
                root::Op::Dir(d, mode) => Step::Dir(rel(d)?, *mode),
                root::Op::File(f) => Step::File(rel(f)?),
                root::Op::Link { path, target } => Step::Link {
                    target: abs(target)?,
                    path: rel(path)?,
                },
                root::Op::Bind { source, path, .. } => Step::Bind {
                    source: abs(source)?,
                    path: rel(path)?,
                },
                _ => return None,
            })
        })
        .collect()
}

/// Fills the new tree `tree` with `steps` and seals it (async-signal-safe).
fn fill(tree: RawFd, steps: &[Step]) -> bool {
    steps.iter().all(|s| match s {
        Step::Dir(d, mode) => sys::mkdir_at(tree, d, *mode),
        Step::File(f) => sys::make_file_at(tree, f),
        Step::Link { target, path } => sys::symlink_at(target, tree, path),
        Step::Bind { source, path } => sys::attach_copy(libc::AT_FDCWD, source, tree, path),
    }) && sys::seal_tree(tree)
}

/// Makes the tree of `steps` in a helper that first enters the user
/// namespace `holder` (negative: none, as root); its descriptor.
fn make(steps: &[Step], holder: RawFd) -> Option<OwnedFd> {
    let (ready, said) = sys::pipe().ok()?;
    let said_fd = said.as_raw_fd();
    let judge = crate::reaping::judge_pidfd();
    let mut stack = sys::Stack::new();
    let keeper = crate::reaping::register(|| {
        sys::start(libc::CLONE_FILES, sys::Start::Copy, &mut stack, &mut || {
            sys::die_with_parent();
            if sys::has_ended(judge) {
                sys::exit(137);
            }
            let mut made: libc::c_int = -1;
            if (holder < 0 || sys::enter_user_namespace(holder)) && sys::unshare(libc::CLONE_NEWNS)
            {
                sys::umask(0);
                let tree = sys::detached_tmpfs(OPTIONS);
                if tree >= 0 {
                    if fill(tree, steps) {
                        made = tree;
                    } else {
                        // The table is the judge's: nothing is left in it.
                        sys::close(tree);
                    }
                }
            }
            sys::write_fd(said_fd, &made.to_ne_bytes());
            sys::exit(0)
        })
        .ok_or_else(sys::last_error)
    })
    .ok()?;
    // The table is shared: the pipe's write end is the helper's too, kept
    // open until it has ended (having written, or not).
    sys::wait4(keeper.pid());
    drop(keeper);
    drop(said);
    let reported = sys::read_status(ready.as_raw_fd());
    let tree = sys::adopt(reported?)?;
    // Above the numbers a run may use, as the Landlock rules' descriptors.
    sys::dup_at_least(tree.as_fd(), crate::MAX_FILES as i32).ok()
}

/// The judge's prepared `/etc`, made at the first strict run; `None` where
/// the kernel refuses it (or no entry is allowed): runs then build `/etc`
/// entry by entry.
pub(crate) fn prepared() -> Option<BorrowedFd<'static>> {
    static TREE: OnceLock<Option<OwnedFd>> = OnceLock::new();
    TREE.get_or_init(|| {
        let ops = root::etc_ops(&root::RealHost);
        if ops.is_empty() {
            return None;
        }
        let holder = if crate::is_root() {
            -1
        } else {
            crate::netns::holder()?
        };
        make(&steps(&ops)?, holder)
    })
    .as_ref()
    .map(AsFd::as_fd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// A number no descriptor has is not adopted; one the caller owns is,
    /// and is closed with what adopted it.
    #[test]
    fn only_an_open_descriptor_is_adopted() {
        use std::os::fd::IntoRawFd;
        assert!(sys::adopt(-1).is_none());
        assert!(sys::adopt(1 << 24).is_none());
        let (read, write) = sys::pipe().expect("a pipe");
        let raw = write.into_raw_fd();
        let adopted = sys::adopt(raw).expect("an open descriptor");
        assert_eq!(adopted.as_raw_fd(), raw);
        drop(adopted);
        // The write end is closed: reading the pipe ends at once.
        assert_eq!(sys::read_status(read.as_raw_fd()), None);
    }

    /// Whether the host's `/etc/NAME` is listed by [`filesystem::ETC_ALLOWED`]
    /// (read from the list itself, not from the code that builds the tree).
    fn listed(name: &str) -> bool {
        filesystem::ETC_ALLOWED
            .iter()
            .any(|(n, _)| match n.strip_suffix('*') {
                Some(prefix) => name.starts_with(prefix) && !name.contains('/'),
                None => *n == name || n.starts_with(&format!("{name}/")),
            })
    }

    /// Every path below `dir`, relative to it (links not followed).
    fn walk(dir: &Path, at: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir.join(at)).expect("a directory of the tree") {
            let rel = at.join(e.expect("an entry").file_name());
            out.push(rel.clone());
            if std::fs::symlink_metadata(dir.join(&rel))
                .expect("stat")
                .is_dir()
            {
                walk(dir, &rel, out);
            }
        }
    }

    /// As root, and without where the kernel gives the judge the pool's
    /// user namespace: the prepared tree holds only listed entries of the
    /// host's `/etc`, each file with the host's bytes and each link to the
    /// host entry's resolved end (in a listed directory: the host's link),
    /// every plain listed file of the host's, and
    /// nothing in it can be written or made, by root either.
    #[test]
    fn the_prepared_etc_holds_the_listed_entries_read_only() {
        let Some(tree) = prepared() else {
            assert!(
                !crate::is_root() && crate::netns::holder().is_none(),
                "no prepared /etc"
            );
            return;
        };
        let top = PathBuf::from(format!("/proc/self/fd/{}", tree.as_raw_fd()));
        let mut all = Vec::new();
        walk(&top, Path::new(""), &mut all);
        assert!(!all.is_empty());
        let host = Path::new("/etc");
        for rel in &all {
            let first = rel
                .components()
                .next()
                .unwrap()
                .as_os_str()
                .to_str()
                .unwrap();
            let name = rel.to_str().unwrap();
            assert!(listed(first) || listed(name), "{name} is not listed");
            let meta = std::fs::symlink_metadata(top.join(rel)).unwrap();
            if meta.is_symlink() {
                // A listed link is made again to its end; one inside a
                // listed directory is the host's own.
                let want = match rel.components().count() {
                    1 => std::fs::canonicalize(host.join(rel)).unwrap(),
                    _ => std::fs::read_link(host.join(rel)).unwrap(),
                };
                assert_eq!(std::fs::read_link(top.join(rel)).unwrap(), want, "{name}");
            } else if meta.is_file() {
                assert_eq!(
                    std::fs::read(top.join(rel)).unwrap(),
                    std::fs::read(host.join(rel)).unwrap(),
                    "{name}"
                );
            }
        }
        for secret in ["shadow", "gshadow", "hostname", "ssh"] {
            assert!(!top.join(secret).exists(), "{secret}");
        }
        for plain in ["passwd", "group", "ld.so.cache", "nsswitch.conf"] {
            let is_file = std::fs::symlink_metadata(host.join(plain)).is_ok_and(|m| m.is_file());
            assert!(!is_file || all.contains(&PathBuf::from(plain)), "{plain}");
        }
        // Root passes every permission check: only the read-only mounts
        // refuse it. Without root the modes may refuse first.
        let refused = |e: std::io::Error| {
            let errno = e.raw_os_error();
            assert!(
                errno == Some(libc::EROFS) || !crate::is_root() && errno == Some(libc::EACCES),
                "{e}"
            );
        };
        refused(std::fs::File::create(top.join("new")).unwrap_err());
        refused(
            std::fs::OpenOptions::new()
                .append(true)
                .open(top.join("passwd"))
                .unwrap_err(),
        );
        refused(std::fs::create_dir(top.join("dir")).unwrap_err());
    }
}
