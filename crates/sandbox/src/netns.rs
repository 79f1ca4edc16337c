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
//! after the run. So as root the judge keeps a **pool**: a run takes a
//! namespace ([`lease`]) before it starts and gives it back only once init
//! has been reaped, when every process of the run is gone (init is PID 1 of
//! the run's PID namespace: the kernel kills and reaps the rest before init's
//! own exit is seen). A namespace is made only when the pool is empty, so a
//! judge makes as many as it runs at once (its `--jobs`, and the two sides
//! of an interactive test), and init enters it with one `setns`. No two runs
//! that run at the same time share one; two judges have pools of their own.
//!
//! Without root a run's namespaces live in a user namespace of its own, made
//! by the `clone` of init, and a network namespace of the pool (owned by the
//! judge's user namespace) cannot be entered from there: the run gets a
//! fresh one with the others (`CLONE_NEWNET`), and pays for it.

use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::Mutex;

/// Namespaces no run holds now.
#[derive(Debug, Default)]
struct Pool(Mutex<Vec<OwnedFd>>);

/// The judge's pool.
static POOL: Pool = Pool(Mutex::new(Vec::new()));

impl Pool {
    /// A namespace of the pool, or a new one.
    fn take(&'static self) -> Lease {
        let pooled = self.0.lock().ok().and_then(|mut p| p.pop());
        Lease(pooled.or_else(make), self)
    }
}

/// A network namespace a run holds until it is dropped (after init is
/// reaped), then given back to its pool.
#[derive(Debug)]
pub(crate) struct Lease(Option<OwnedFd>, &'static Pool);

impl Lease {
    /// The namespace's descriptor for init's `setns` (negative: none, init
    /// makes its own at `clone`).
    pub fn fd(&self) -> RawFd {
        self.0.as_ref().map_or(-1, AsRawFd::as_raw_fd)
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(fd) = self.0.take()
            && let Ok(mut pool) = self.1.0.lock()
        {
            pool.push(fd);
        }
    }
}

/// A namespace of the pool for a strict run of a root judge, or a new one;
/// without root (or where the kernel refuses) none: init then makes its own
/// ([`clone_flag`]).
pub(crate) fn lease(root: bool) -> Lease {
    if root {
        POOL.take()
    } else {
        Lease(None, &POOL)
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

    /// As root: two leases held at once are two namespaces, neither the
    /// host's; one given back is the next one taken. Without root: none,
    /// and init's `clone` makes one.
    #[test]
    fn leases_held_at_once_differ_and_are_reused_only_when_given_back() {
        if !nix::unistd::geteuid().is_root() {
            let a = lease(false);
            assert_eq!(clone_flag(&a), libc::CLONE_NEWNET);
            assert_eq!(a.fd(), -1);
            return;
        }
        let pool: &'static Pool = Box::leak(Box::default());
        let a = pool.take();
        assert_eq!(clone_flag(&a), 0);
        let b = pool.take();
        let (ia, ib) = (
            inode(a.0.as_ref().expect("a")),
            inode(b.0.as_ref().expect("b")),
        );
        assert_ne!(ia, ib);
        assert_ne!(ia, host());
        assert_ne!(ib, host());
        drop(a);
        let c = pool.take();
        assert_eq!(inode(c.0.as_ref().expect("c")), ia);
        assert!(c.fd() >= 0);
        drop((b, c));
        assert_eq!(pool.0.lock().expect("pool").len(), 2);
        // Not root: no lease.
        assert!(lease(false).0.is_none());
    }
}
