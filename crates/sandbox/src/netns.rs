//! Phase "network namespace": every strict run in a network namespace that
//! no other run and nothing of the host shares while it runs.
//!
//! The host's network namespace holds every Unix socket's name: the
//! abstract ones, and the list of every socket with its path in
//! `/proc/net/unix`. Two runs at once (`--jobs 2`, two judges) that share it
//! find each other there, and a run finds the host's services. A run in a
//! namespace of its own sees only its own sockets, and nothing but a
//! loopback device that is down.
//!
//! Making a network namespace costs the kernel about 0.6 ms (its
//! `setup_net`: every protocol's tables and `sysctl` files, measured on the
//! 2-core machine; docs/sandbox.md) and undoing it more, in a kernel worker,
//! after the run. So the judge keeps a **pool**: a run takes a
//! namespace ([`lease`]) before it starts and gives it back only once init
//! has been reaped, when every process of the run is gone (init is PID 1 of
//! the run's PID namespace: the kernel kills and reaps the rest before init's
//! own exit is seen). A namespace is made only when the pool is empty, so a
//! judge makes as many as it runs at once (its `--jobs`, and the two sides
//! of an interactive test), and init (as root) or the run's first process
//! (without, below) enters it with one `setns`. No two runs
//! that run at the same time share one; two judges have pools of their own.
//!
//! Without root the pool's namespaces are made in a user namespace of the
//! judge's, the *holder*, where the judge has every capability: with
//! subordinate ids the one that maps them (`credentials::subordinate`),
//! else one the judge makes once, mapping its own ids to themselves
//! ([`own_holder`]). A namespace of the pool is made by a helper process
//! that enters the holder and unshares one ([`make_in`]). A run's first
//! process enters the holder and its leased namespace, then starts init
//! (`Inside::outer`), which inherits it; without subordinate ids init's
//! `clone` still makes a user namespace of the run's own, a child of the
//! holder, so that the run's process count is its own. Where the kernel
//! refuses any of it the run gets a fresh namespace (`CLONE_NEWNET`).
//!
//! Everything is held by descriptors of the judge's, and the helpers end
//! once the namespace is open (they die with the judge too): when the judge
//! ends, `kill -9` included, nothing holds a namespace any more.

use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::{Mutex, OnceLock};

/// Namespaces no run holds now, made in the user namespace `holder` (none:
/// the judge's own, as root).
#[derive(Debug)]
struct Pool {
    free: Mutex<Vec<OwnedFd>>,
    holder: Option<RawFd>,
}

/// The judge's pool, made at the first lease.
static POOL: OnceLock<Pool> = OnceLock::new();

impl Pool {
    /// A namespace of the pool, or a new one.
    fn take(&'static self) -> Lease {
        let pooled = self.free.lock().ok().and_then(|mut p| p.pop());
        let made = || match self.holder {
            None => make(),
            Some(h) => make_in(h),
        };
        Lease(pooled.or_else(made), Some(self))
    }
}

/// A network namespace a run holds until it is dropped (after init is
/// reaped), then given back to its pool.
#[derive(Debug)]
pub(crate) struct Lease(Option<OwnedFd>, Option<&'static Pool>);

impl Lease {
    /// The namespace's descriptor for init's `setns` (negative: none, init
    /// makes its own at `clone`).
    pub fn fd(&self) -> RawFd {
        self.0.as_ref().map_or(-1, AsRawFd::as_raw_fd)
    }

    /// The user namespace the run's first process enters before the
    /// namespace (without root; negative: none, or no namespace leased).
    pub fn holder(&self) -> RawFd {
        match (&self.0, self.1.and_then(|p| p.holder)) {
            (Some(_), Some(h)) => h,
            _ => -1,
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let (Some(fd), Some(pool)) = (self.0.take(), self.1)
            && let Ok(mut free) = pool.free.lock()
        {
            free.push(fd);
        }
    }
}

/// A namespace of the pool for a strict run, or a new one; none for a basic
/// run, or where the kernel refuses one: init then makes its own
/// ([`clone_flag`]).
pub(crate) fn lease(strict: bool) -> Lease {
    if !strict {
        return Lease(None, None);
    }
    let pool = POOL.get_or_init(|| Pool {
        free: Mutex::new(Vec::new()),
        holder: holder(),
    });
    if !crate::is_root() && pool.holder.is_none() {
        return Lease(None, None);
    }
    pool.take()
}

/// The pool's user namespace: none as root; with subordinate ids theirs;
/// else the judge's own ([`own_holder`]), `None` where the kernel refuses.
pub(crate) fn holder() -> Option<RawFd> {
    if crate::is_root() {
        return None;
    }
    match crate::credentials::subordinate() {
        Some(s) => Some(s.namespace.as_raw_fd()),
        None => own_holder().map(AsRawFd::as_raw_fd),
    }
}

/// The flag init's `clone` adds: a fresh network namespace where the run
/// has no lease.
pub(crate) fn clone_flag(lease: &Lease) -> libc::c_int {
    if lease.0.is_some() {
        0
    } else {
        libc::CLONE_NEWNET
    }
}

/// A new network namespace, made on a thread of its own (a thread may leave
/// the process's network namespace alone) and held by a descriptor.
fn make() -> Option<OwnedFd> {
    std::thread::spawn(|| {
        if !crate::sys::unshare(libc::CLONE_NEWNET) {
            return None;
        }
        std::fs::File::open("/proc/thread-self/ns/net")
            .ok()
            .map(OwnedFd::from)
    })
    .join()
    .ok()
    .flatten()
}

/// Without root or subordinate ids, the judge's user namespace of the pool,
/// made once: a helper unshares it and maps the judge's user and group ids
/// to themselves (its own ids need no privilege once `setgroups` is
/// denied), the judge keeps a descriptor of it. `None` where the kernel
/// refuses.
fn own_holder() -> Option<&'static OwnedFd> {
    static HOLDER: OnceLock<Option<OwnedFd>> = OnceLock::new();
    HOLDER
        .get_or_init(|| {
            let (me, group) = (nix::unistd::getuid(), nix::unistd::getgid());
            let (uid_map, gid_map) = (
                format!("{me} {me} 1").into_bytes(),
                format!("{group} {group} 1").into_bytes(),
            );
            helper("user", &mut || {
                crate::sys::unshare(libc::CLONE_NEWUSER)
                    && crate::sys::write_file(c"/proc/self/setgroups", b"deny")
                    && crate::sys::write_file(c"/proc/self/uid_map", &uid_map)
                    && crate::sys::write_file(c"/proc/self/gid_map", &gid_map)
            })
        })
        .as_ref()
}

/// A new network namespace owned by the user namespace `holder`: a helper
/// process enters the holder, where it may, and unshares one.
fn make_in(holder: RawFd) -> Option<OwnedFd> {
    helper("net", &mut || {
        crate::sys::enter_user_namespace(holder) && crate::sys::unshare(libc::CLONE_NEWNET)
    })
}

/// Runs `steps` in a helper process (a copy of the judge: async-signal-safe
/// calls only), and opens its namespace `kind` (`user`, `net`) once they
/// succeeded; the helper waits for that, then is killed and reaped. It dies
/// with the judge's thread.
fn helper(kind: &str, steps: &mut dyn FnMut() -> bool) -> Option<OwnedFd> {
    let (ready, said) = crate::sys::pipe().ok()?;
    let (wait, go) = crate::sys::pipe().ok()?;
    let (said_fd, wait_fd) = (said.as_raw_fd(), wait.as_raw_fd());
    let judge = crate::reaping::judge_pidfd();
    let mut stack = crate::sys::Stack::new();
    let keeper = crate::reaping::register(|| {
        crate::sys::start(0, crate::sys::Start::Copy, &mut stack, &mut || {
            crate::sys::die_with_parent();
            if crate::sys::has_ended(judge) {
                crate::sys::exit(137);
            }
            let ok: libc::c_int = steps().into();
            crate::sys::write_fd(said_fd, &ok.to_ne_bytes());
            // Until the judge has opened the namespace (or is gone).
            let _ = crate::sys::read_status(wait_fd);
            crate::sys::exit(0)
        })
        .ok_or_else(crate::sys::last_error)
    })
    .ok()?;
    drop((said, wait));
    let pid = keeper.pid();
    let opened = (crate::sys::read_status(ready.as_raw_fd()) == Some(1))
        .then(|| std::fs::File::open(format!("/proc/{pid}/ns/{kind}")).ok())
        .flatten()
        .map(OwnedFd::from);
    drop(go);
    let _ = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid),
        nix::sys::signal::Signal::SIGKILL,
    );
    crate::sys::wait4(pid);
    drop(keeper);
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    fn inode(fd: &OwnedFd) -> u64 {
        std::fs::metadata(format!("/proc/self/fd/{}", fd.as_raw_fd()))
            .expect("the namespace's descriptor")
            .ino()
    }

    fn host() -> u64 {
        std::fs::metadata("/proc/self/ns/net").expect("ns").ino()
    }

    /// A pool of its own (so that other tests' leases do not mix in), of
    /// the judge's holder as `lease` makes it.
    /// Set (by the test as `nobody`) where the kernel gives `nobody` user
    /// and network namespaces: then a lease must come.
    const POOL_EXPECTED: &str = "BEATTY_TEST_NETNS_POOL_EXPECTED";

    fn fresh_pool() -> &'static Pool {
        Box::leak(Box::new(Pool {
            free: Mutex::new(Vec::new()),
            holder: holder(),
        }))
    }

    /// As root and without: two leases held at once are two namespaces,
    /// neither the host's; one given back is the next one taken; without
    /// root they come with the holder's user namespace, not the host's.
    #[test]
    fn leases_held_at_once_differ_and_are_reused_only_when_given_back() {
        let pool = fresh_pool();
        let a = pool.take();
        if a.0.is_none() {
            // The kernel refuses (no user namespaces): init makes its own.
            assert!(std::env::var_os(POOL_EXPECTED).is_none(), "no lease");
            assert_eq!(clone_flag(&a), libc::CLONE_NEWNET);
            assert_eq!((a.fd(), a.holder()), (-1, -1));
            return;
        }
        assert_eq!(clone_flag(&a), 0);
        let b = pool.take();
        let (ia, ib) = (
            inode(a.0.as_ref().expect("a")),
            inode(b.0.as_ref().expect("b")),
        );
        assert_ne!(ia, ib);
        assert_ne!(ia, host());
        assert_ne!(ib, host());
        if crate::is_root() {
            assert_eq!(a.holder(), -1);
        } else {
            // The holder: a user namespace other than the judge's.
            assert!(a.holder() >= 0);
            assert_eq!(a.holder(), b.holder());
            let held = std::fs::metadata(format!("/proc/self/fd/{}", a.holder()))
                .expect("the holder")
                .ino();
            let own = std::fs::metadata("/proc/self/ns/user").expect("ns").ino();
            assert_ne!(held, own);
        }
        drop(a);
        let c = pool.take();
        assert_eq!(inode(c.0.as_ref().expect("c")), ia);
        assert!(c.fd() >= 0);
        drop((b, c));
        assert_eq!(pool.free.lock().expect("pool").len(), 2);
        // The judge's own pool leases too, with the same holder.
        let judged = lease(true);
        assert!(judged.fd() >= 0);
        assert_eq!(judged.1.and_then(|p| p.holder), holder());
        // A basic run: no lease, and none given back.
        let basic = lease(false);
        assert!(basic.0.is_none() && basic.1.is_none());
        assert_eq!(basic.holder(), -1);
    }

    /// Without root: a process that enters the holder may enter a leased
    /// namespace, and one that does not may not (the namespace is the
    /// holder's, not the host's user namespace's).
    #[test]
    fn without_root_a_lease_is_entered_from_the_holder_only() {
        if crate::is_root() {
            return;
        }
        let l = fresh_pool().take();
        if l.0.is_none() {
            assert!(std::env::var_os(POOL_EXPECTED).is_none(), "no lease");
            return;
        }
        let (net, user) = (l.fd(), l.holder());
        let entered = |via_holder: bool| {
            helper("net", &mut || {
                (!via_holder || crate::sys::enter_user_namespace(user))
                    && crate::sys::enter_netns(net)
            })
            .map(|f| inode(&f))
        };
        assert_eq!(entered(true), Some(inode(l.0.as_ref().expect("l"))));
        assert_eq!(entered(false), None);
    }

    /// As root, the two tests above run again as `nobody` (uid and gid
    /// 65534, no groups), in a copy of this test binary, so that the pool
    /// without root is tested where the suite runs as root (as CI does).
    #[test]
    fn the_pool_without_root_is_tested_as_nobody_too() {
        use std::os::unix::fs::PermissionsExt;
        use std::os::unix::process::CommandExt;
        if !crate::is_root() {
            return;
        }
        let dir = tempfile::tempdir().expect("a directory");
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
        let copy = dir.path().join("tests");
        std::fs::copy(std::env::current_exe().expect("this binary"), &copy).expect("copy");
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        // Control, independent of the code tested: util-linux's `unshare`
        // makes both namespaces as `nobody`.
        let kernel_gives = std::process::Command::new("unshare")
            .args(["--user", "--map-current-user", "--net", "true"])
            .uid(65534)
            .gid(65534)
            .status()
            .is_ok_and(|s| s.success());
        let mut child = std::process::Command::new(&copy);
        if kernel_gives {
            child.env(POOL_EXPECTED, "1");
        }
        child
            .args(["--exact", "--test-threads", "1"])
            .arg("netns::tests::leases_held_at_once_differ_and_are_reused_only_when_given_back")
            .arg("netns::tests::without_root_a_lease_is_entered_from_the_holder_only")
            .current_dir(dir.path())
            .uid(65534)
            .gid(65534);
        // Another test's fork may hold the copy open for writing a moment
        // (`ETXTBSY`): again. The child is registered as a run's first
        // process: the library reaps any other child of this process.
        let out = (0..100)
            .map(|_| {
                let mut spawned = None;
                let keeper = crate::reaping::register(|| {
                    let c = child
                        .stdout(std::process::Stdio::piped())
                        .stderr(std::process::Stdio::piped())
                        .spawn()?;
                    let pid = c.id() as i32;
                    spawned = Some(c);
                    Ok(pid)
                })?;
                let out = spawned.expect("spawned").wait_with_output();
                drop(keeper);
                out
            })
            .find(|o| {
                let busy = o
                    .as_ref()
                    .is_err_and(|e| e.raw_os_error() == Some(libc::ETXTBSY));
                if busy {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                !busy
            })
            .expect("not busy for good")
            .expect("the copy runs");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "as nobody: {said}");
        assert!(said.contains("2 passed"), "as nobody: {said}");
    }
}
