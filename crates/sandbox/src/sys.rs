//! Every `unsafe` block of the crate: the raw system calls that `nix` does not
//! wrap (or wraps with allocation), and [`start`], which starts the box's
//! processes. It is the bottom of the crate and imports no module of ours;
//! so the parsers of `/proc/<pid>/stat` that [`OwnStrings`] shares with
//! `procfs.rs` live here ([`stat_fields`], [`number`]).
//!
//! # Between `clone` and `exec`
//! The judge is multi-threaded. A process it starts holds a copy of its
//! memory (or, sharing it until `exec`, the memory itself) in which another
//! thread may have held the allocator's lock, so until `exec` only
//! async-signal-safe calls are allowed: no allocation, no lock, no
//! `println!`. The phases in `inside.rs` run there; they are written in safe
//! code on the functions of this module marked *async-signal-safe*, each one
//! system call (or a few) on memory made before the `clone`: C strings,
//! descriptors, compiled filters, argument vectors. Nothing here allocates
//! or locks, and nothing relies on the C library's idea of its threads: the
//! credential calls are raw system calls, because glibc's `setuid` in a
//! process it believes multi-threaded signals every thread of the judge.
//!
//! Every function returns `false` (or an error) with `errno` set when the
//! kernel refuses, so that the caller can report it through the spawn's error
//! pipe.

#![allow(unsafe_code)]

use seccompiler::BpfProgram;
use std::ffi::{CStr, CString, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

/// The stack a started process runs on until it `exec`s (or, for init, for
/// its whole life): memory of the judge's, made before the `clone`.
pub struct Stack(Box<[std::mem::MaybeUninit<u8>]>);

impl Stack {
    /// 256 KiB: the phases use a few KiB; Landlock and seccomp calls are
    /// system calls. Not zeroed: a stack is written before it is read, and
    /// zeroing it would touch (and, in a forked init, copy) every page.
    pub fn new() -> Stack {
        Stack(Box::new_uninit_slice(256 << 10))
    }
}

/// How [`start`] starts a process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A copy of the caller's memory (a `fork` into the namespaces `flags`).
    Copy,
    /// The caller's memory itself until the new process `exec`s or exits,
    /// the caller suspended meanwhile (`CLONE_VM | CLONE_VFORK`, as
    /// `posix_spawn` does): no page table is copied.
    Shared,
}

struct Entry<'a>(&'a mut dyn FnMut() -> i32);

extern "C" fn entry(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: arg is the `Entry` that `start` passed, alive until the child
    // execs or exits (Shared: the caller is suspended; Copy: the child's own
    // copy of it).
    let f = unsafe { &mut *arg.cast::<Entry>() };
    (f.0)()
}

/// Starts a process in new namespaces `flags` (`CLONE_NEW*`, or 0) that runs
/// `child` on `stack` and then `_exit`s with what it returns (unless it
/// `exec`s). Every signal is blocked around the `clone`, and the child starts
/// with every signal blocked until it calls [`reset_signals`], so that no
/// handler of the judge's runs in it. Its pid,
/// or `None` with `errno` set.
///
/// `child` must be async-signal-safe (see the module docs): the callers are
/// the phases of `inside.rs`.
pub fn start(
    flags: libc::c_int,
    how: Start,
    stack: &mut Stack,
    child: &mut dyn FnMut() -> i32,
) -> Option<i32> {
    let share = match how {
        Start::Copy => 0,
        Start::Shared => libc::CLONE_VM | libc::CLONE_VFORK,
    };
    let mut entry_arg = Entry(child);
    // The top of the stack (it grows down), 16-byte aligned.
    let len = stack.0.len();
    let top = stack.0.as_mut_ptr().cast::<u8>().wrapping_add(len);
    let top = top.wrapping_sub(top as usize % 16);
    // SAFETY: an all-zero sigset is valid; sigfillset, pthread_sigmask and
    // clone get valid pointers. The child runs `entry` on its own stack
    // (`stack`, which outlives it: Shared suspends this thread until the
    // child execs or exits; Copy gives the child its own copy), and with
    // Shared it writes no memory of the judge's but that stack and errno.
    unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
        let pid = libc::clone(
            entry,
            top.cast(),
            flags | share | libc::SIGCHLD,
            (&raw mut entry_arg).cast(),
        );
        let e = errno();
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        *libc::__errno_location() = e;
        (pid > 0).then_some(pid)
    }
}

/// In a process [`start`] started (async-signal-safe): every signal's
/// disposition back to its default, ignored ones too (a program starts as
/// from a fresh shell, whatever the judge's caller ignored), then an empty
/// signal mask. Until then every signal is blocked.
pub fn reset_signals() {
    /// The kernel's `struct sigaction` (handler, flags, restorer, mask), all
    /// zero: `SIG_DFL`, no flags, an empty mask. Zero in every
    /// architecture's layout, which differ only in where the fields lie.
    #[repr(C)]
    struct KernelSigaction([u64; 4]);
    let default = KernelSigaction([0; 4]);
    // Raw system calls: the C library refuses the signals it keeps for
    // itself (32 and 33 in glibc), which may still be ignored.
    // SAFETY: rt_sigaction gets a valid action of the kernel's layout, its
    // size of mask (8 bytes) and a null old-action pointer; sigprocmask gets
    // a valid empty set.
    unsafe {
        for sig in 1..=64 {
            if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                libc::syscall(
                    libc::SYS_rt_sigaction,
                    sig,
                    &raw const default,
                    std::ptr::null_mut::<KernelSigaction>(),
                    8usize,
                );
            }
        }
        let empty: u64 = 0;
        libc::syscall(
            libc::SYS_rt_sigprocmask,
            libc::SIG_SETMASK,
            &raw const empty,
            std::ptr::null_mut::<u64>(),
            8usize,
        );
    }
}

/// A null-terminated vector of C strings for `execve`, made before the clone.
pub struct Argv {
    _strings: Vec<CString>,
    pointers: Vec<*const libc::c_char>,
}

impl Argv {
    /// `None` when a string holds a NUL byte.
    pub fn new<'a>(strings: impl IntoIterator<Item = &'a std::ffi::OsStr>) -> Option<Argv> {
        let strings: Vec<CString> = strings
            .into_iter()
            .map(|s| CString::new(s.as_encoded_bytes()).ok())
            .collect::<Option<_>>()?;
        let mut pointers: Vec<*const libc::c_char> = strings.iter().map(|s| s.as_ptr()).collect();
        pointers.push(std::ptr::null());
        Some(Argv {
            _strings: strings,
            pointers,
        })
    }

    /// `NAME=value` strings.
    pub fn environment(vars: &[(&str, OsString)]) -> Option<Argv> {
        let joined: Vec<OsString> = vars
            .iter()
            .map(|(k, v)| {
                let mut s = OsString::from(k);
                s.push("=");
                s.push(v);
                s
            })
            .collect();
        Argv::new(joined.iter().map(OsString::as_os_str))
    }
}

/// `execve(program, argv, envp)` (async-signal-safe); returns only on failure.
pub fn exec(program: &CStr, argv: &Argv, envp: &Argv) {
    // SAFETY: every pointer array is null-terminated and points to C strings
    // that `Argv` keeps alive.
    unsafe {
        libc::execve(
            program.as_ptr(),
            argv.pointers.as_ptr(),
            envp.pointers.as_ptr(),
        );
    }
}

/// `dup2(from, to)` (async-signal-safe); the new descriptor is inherited by
/// `exec` (unless `from == to`, which clears close-on-exec).
pub fn dup_to(from: RawFd, to: RawFd) -> bool {
    // SAFETY: dup2 and fcntl have no memory preconditions.
    unsafe {
        if from == to {
            libc::fcntl(from, libc::F_SETFD, 0) == 0
        } else {
            libc::dup2(from, to) == to
        }
    }
}

/// Writes this process's `errno` to `fd` (async-signal-safe): how a started
/// process tells the judge why the program could not start.
pub fn report_errno(fd: RawFd) {
    let e = errno();
    write_fd(fd, &e.to_ne_bytes());
}

/// The last OS error, for a phase to return (async-signal-safe: reads `errno`).
pub fn last_error() -> std::io::Error {
    std::io::Error::last_os_error()
}

fn errno() -> i32 {
    // SAFETY: __errno_location returns this thread's errno, always valid.
    unsafe { *libc::__errno_location() }
}

/// Marks every descriptor from 3 up close-on-exec (async-signal-safe: one
/// `close_range`, else `fcntl` on each below the `RLIMIT_NOFILE` limit). The
/// spawn's error pipe is close-on-exec already, so it keeps working.
pub fn cloexec_from_3() {
    // SAFETY: close_range, getrlimit and fcntl have no memory preconditions
    // beyond a valid rlimit to write to.
    unsafe {
        if libc::syscall(
            libc::SYS_close_range,
            3 as libc::c_uint,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC as libc::c_uint,
        ) == 0
        {
            return;
        }
        let mut l = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        let n = if libc::getrlimit(libc::RLIMIT_NOFILE, &mut l) == 0 {
            l.rlim_cur.min(1 << 20)
        } else {
            4096
        };
        for fd in 3..n as libc::c_int {
            libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
        }
    }
}

/// Closes every descriptor but `keep` (async-signal-safe: one or two
/// `close_range`, a loop over the first 4096 where the kernel has none).
/// Only in a forked child, which owns all its descriptors.
pub fn close_all_but(keep: RawFd) {
    let keep = keep as libc::c_uint;
    // SAFETY: close_range and close have no memory preconditions; the child
    // owns its descriptors, so closing them invalidates no one's.
    unsafe {
        let below = keep == 0
            || libc::syscall(
                libc::SYS_close_range,
                0 as libc::c_uint,
                keep - 1,
                0 as libc::c_uint,
            ) == 0;
        let above = libc::syscall(
            libc::SYS_close_range,
            keep + 1,
            libc::c_uint::MAX,
            0 as libc::c_uint,
        ) == 0;
        if !(below && above) {
            for fd in 0..4096 {
                if fd != keep as libc::c_int {
                    libc::close(fd);
                }
            }
        }
    }
}

/// A duplicate of `fd` numbered `min` or above, close-on-exec, for a
/// descriptor the judge keeps for good (the Landlock rules' paths): a run's
/// processes, limited to `RLIMIT_NOFILE` descriptors, find the numbers below
/// `min` free.
pub fn dup_at_least(fd: std::os::fd::BorrowedFd<'_>, min: RawFd) -> std::io::Result<OwnedFd> {
    // SAFETY: fcntl(F_DUPFD_CLOEXEC) has no memory preconditions; `fd` is
    // open (borrowed) for the call.
    let new = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, min) };
    if new < 0 {
        return Err(last_error());
    }
    // SAFETY: `new` was just made by the kernel and is owned by no one else.
    Ok(unsafe { OwnedFd::from_raw_fd(new) })
}

/// Writes `data` to the file `path` (async-signal-safe: open, write, close).
pub fn write_file(path: &CStr, data: &[u8]) -> bool {
    // SAFETY: path is a valid C string, data a valid buffer.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return false;
        }
        let ok = libc::write(fd, data.as_ptr().cast(), data.len()) == data.len() as isize;
        libc::close(fd);
        ok
    }
}

/// Writes `data` to the open descriptor `fd` in one call (async-signal-safe).
pub fn write_fd(fd: RawFd, data: &[u8]) -> bool {
    // SAFETY: data is a valid buffer; a bad fd only gives EBADF.
    unsafe { libc::write(fd, data.as_ptr().cast(), data.len()) == data.len() as isize }
}

/// Sets a resource limit, soft `cur` and hard `max` (async-signal-safe).
pub fn set_limit(resource: libc::__rlimit_resource_t, cur: u64, max: u64) -> bool {
    let l = libc::rlimit {
        rlim_cur: cur,
        rlim_max: max,
    };
    // SAFETY: l is a valid rlimit.
    unsafe { libc::setrlimit(resource, &l) == 0 }
}

/// Starts a new session (async-signal-safe).
pub fn new_session() {
    // SAFETY: setsid has no memory preconditions.
    unsafe {
        libc::setsid();
    }
}

/// Leaves the namespaces of `flags` for new ones (async-signal-safe).
pub fn unshare(flags: libc::c_int) -> bool {
    // SAFETY: unshare has no memory preconditions.
    unsafe { libc::unshare(flags) == 0 }
}

/// Enters the network namespace `fd` names (async-signal-safe).
pub fn enter_netns(fd: RawFd) -> bool {
    // SAFETY: setns has no memory preconditions; a bad descriptor is EBADF.
    unsafe { libc::setns(fd, libc::CLONE_NEWNET) == 0 }
}

/// Enters the user namespace `fd` refers to (async-signal-safe): the
/// caller must be single-threaded and share no file-system information
/// (a process [`start`]ed with [`Start::Copy`]).
pub fn enter_user_namespace(fd: RawFd) -> bool {
    // SAFETY: setns has no memory preconditions; a bad fd gives EBADF.
    unsafe { libc::setns(fd, libc::CLONE_NEWUSER) == 0 }
}

/// `mount(2)` (async-signal-safe); `None` for a null argument.
pub fn mount(
    source: &CStr,
    target: &CStr,
    fstype: Option<&CStr>,
    flags: libc::c_ulong,
    data: Option<&CStr>,
) -> bool {
    // SAFETY: every pointer is a valid C string or null, as mount allows.
    unsafe {
        libc::mount(
            source.as_ptr(),
            target.as_ptr(),
            fstype.map_or(std::ptr::null(), CStr::as_ptr),
            flags,
            data.map_or(std::ptr::null(), |d| d.as_ptr().cast()),
        ) == 0
    }
}

/// `mkdir` then `chmod` to `mode`, unaffected by the umask (async-signal-safe).
pub fn make_dir(path: &CStr, mode: libc::mode_t) -> bool {
    // SAFETY: path is a valid C string.
    unsafe { libc::mkdir(path.as_ptr(), mode) == 0 && libc::chmod(path.as_ptr(), mode) == 0 }
}

/// Creates the empty file `path` (mode 0644), to bind a file onto
/// (async-signal-safe: open, close).
pub fn make_file(path: &CStr) -> bool {
    // SAFETY: path is a valid C string; the descriptor is ours to close.
    unsafe {
        let fd = libc::open(
            path.as_ptr(),
            libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC,
            0o644,
        );
        fd >= 0 && libc::close(fd) == 0
    }
}

/// `symlink(target, path)` (async-signal-safe).
pub fn symlink(target: &CStr, path: &CStr) -> bool {
    // SAFETY: both are valid C strings.
    unsafe { libc::symlink(target.as_ptr(), path.as_ptr()) == 0 }
}

/// Makes the bind mount at `path` read-only, `nosuid` and `nodev`
/// (async-signal-safe: `statvfs`, `mount`). A remount must repeat the flags
/// the kernel locks on a mount inherited into a user namespace (`noexec`
/// and the access-time ones), or it is refused: they are read back first.
/// (glibc's `statvfs` is one `statfs` call on kernels since 2.6.36, which
/// report the mount flags themselves.)
pub fn remount_read_only(path: &CStr) -> bool {
    // SAFETY: path is a valid C string and st a valid buffer for statvfs.
    let flags = unsafe {
        let mut st: libc::statvfs = std::mem::zeroed();
        if libc::statvfs(path.as_ptr(), &mut st) != 0 {
            return false;
        }
        st.f_flag as libc::c_ulong
    };
    let keep = [
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ]
    .iter()
    .filter(|(st, _)| flags & st != 0)
    .fold(0, |acc, (_, ms)| acc | ms);
    let set = libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV;
    mount(c"none", path, None, set | keep, None)
}

/// Makes the directory `base` (a mount point) this process's root and
/// detaches the old root with everything mounted in it
/// (async-signal-safe): `pivot_root(".", ".")` from inside `base` stacks
/// the old root on the new one, and a lazy unmount of `.` removes it.
pub fn pivot_into(base: &CStr) -> bool {
    // SAFETY: the paths are valid C strings; pivot_root and umount2 have no
    // memory preconditions beyond them.
    unsafe {
        libc::chdir(base.as_ptr()) == 0
            && libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) == 0
            && libc::umount2(c".".as_ptr(), libc::MNT_DETACH) == 0
            && libc::chdir(c"/".as_ptr()) == 0
    }
}

/// `mkdir(path, mode)` (async-signal-safe): the mode less the umask.
pub fn mkdir(path: &CStr, mode: libc::mode_t) -> bool {
    // SAFETY: path is a valid C string.
    unsafe { libc::mkdir(path.as_ptr(), mode) == 0 }
}

/// Sets the file mode creation mask; the old one (async-signal-safe).
pub fn umask(mask: libc::mode_t) -> libc::mode_t {
    // SAFETY: umask has no memory preconditions.
    unsafe { libc::umask(mask) }
}

/// This thread's `errno` (async-signal-safe).
pub fn last_errno() -> i32 {
    last_error().raw_os_error().unwrap_or(0)
}

/// Tests take the way of a kernel without `mount_setattr` with this set.
#[cfg(test)]
pub static NO_MOUNT_SETATTR: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Makes the mount at `path` and every mount below it read-only, `nosuid`
/// and `nodev` in one call (async-signal-safe: `mount_setattr` with
/// `AT_RECURSIVE`, Linux 5.12; `ENOSYS` before). Setting these flags is
/// allowed on mounts a user namespace locks; only clearing them is not.
pub fn seal(path: &CStr) -> bool {
    #[cfg(test)]
    if NO_MOUNT_SETATTR.load(std::sync::atomic::Ordering::SeqCst) {
        // SAFETY: errno is this thread's own.
        unsafe { *libc::__errno_location() = libc::ENOSYS };
        return false;
    }
    let attr = libc::mount_attr {
        attr_set: libc::MOUNT_ATTR_RDONLY | libc::MOUNT_ATTR_NOSUID | libc::MOUNT_ATTR_NODEV,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: path is a valid C string and attr a valid mount_attr of the
    // size passed.
    unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            path.as_ptr(),
            libc::AT_RECURSIVE as libc::c_uint,
            &raw const attr,
            std::mem::size_of::<libc::mount_attr>(),
        ) == 0
    }
}

/// `open_tree`'s flag: a copy of the tree, detached (`OPEN_TREE_CLONE`).
const OPEN_TREE_CLONE: libc::c_uint = 1;
/// `move_mount`'s flag: the source is the descriptor itself.
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x4;
/// `fsconfig`'s commands (`linux/mount.h`).
const FSCONFIG_SET_STRING: libc::c_uint = 1;
const FSCONFIG_CMD_CREATE: libc::c_uint = 6;

/// A new tmpfs, detached (mounted nowhere) and held by the descriptor
/// returned (negative, with `errno`, where the kernel refuses: before 5.2,
/// or without `CAP_SYS_ADMIN` over the caller's mount namespace), with the
/// mount options `options` (pairs of key and value) (async-signal-safe:
/// `fsopen`, `fsconfig`, `fsmount`, `close`). The tree is unmounted when
/// the last descriptor of it is closed.
pub fn detached_tmpfs(options: &[(&CStr, &CStr)]) -> RawFd {
    // SAFETY: every pointer is a valid C string or null where the call
    // allows it; the descriptors are ours to close.
    unsafe {
        let fs = libc::syscall(
            libc::SYS_fsopen,
            c"tmpfs".as_ptr(),
            libc::c_uint::from(true),
        ) as RawFd;
        if fs < 0 {
            return -1;
        }
        let configured = options.iter().all(|(k, v)| {
            libc::syscall(
                libc::SYS_fsconfig,
                fs,
                FSCONFIG_SET_STRING,
                k.as_ptr(),
                v.as_ptr(),
                0,
            ) == 0
        }) && libc::syscall(
            libc::SYS_fsconfig,
            fs,
            FSCONFIG_CMD_CREATE,
            std::ptr::null::<libc::c_char>(),
            std::ptr::null::<libc::c_void>(),
            0,
        ) == 0;
        let tree = if configured {
            // FSMOUNT_CLOEXEC (1); no attributes yet: it is filled first.
            libc::syscall(libc::SYS_fsmount, fs, 1 as libc::c_uint, 0 as libc::c_uint) as RawFd
        } else {
            -1
        };
        let e = errno();
        libc::close(fs);
        *libc::__errno_location() = e;
        tree
    }
}

/// `mkdirat(dir, path, mode)` (async-signal-safe): the mode less the umask.
pub fn mkdir_at(dir: RawFd, path: &CStr, mode: libc::mode_t) -> bool {
    // SAFETY: path is a valid C string.
    unsafe { libc::mkdirat(dir, path.as_ptr(), mode) == 0 }
}

/// Creates the empty file `path` in `dir` (mode 0644), to bind a file onto
/// (async-signal-safe: openat, close).
pub fn make_file_at(dir: RawFd, path: &CStr) -> bool {
    // SAFETY: path is a valid C string; the descriptor is ours to close.
    unsafe {
        let fd = libc::openat(
            dir,
            path.as_ptr(),
            libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC,
            0o644,
        );
        fd >= 0 && libc::close(fd) == 0
    }
}

/// `symlinkat(target, dir, path)` (async-signal-safe).
pub fn symlink_at(target: &CStr, dir: RawFd, path: &CStr) -> bool {
    // SAFETY: both are valid C strings.
    unsafe { libc::symlinkat(target.as_ptr(), dir, path.as_ptr()) == 0 }
}

/// A copy of the tree at `from` (`source` relative to the directory `from`;
/// empty: `from` itself) with everything mounted below it, attached at
/// `path` relative to the directory `to` (async-signal-safe: `open_tree`
/// with `OPEN_TREE_CLONE` and `AT_RECURSIVE`, `move_mount`, `close`; Linux
/// 5.2; a recent kernel, 6.18 here, to attach into a detached tree). The copy keeps the
/// original's mount flags (a read-only tree stays read-only).
pub fn attach_copy(from: RawFd, source: &CStr, to: RawFd, path: &CStr) -> bool {
    let empty = if source.is_empty() {
        libc::AT_EMPTY_PATH as libc::c_uint
    } else {
        0
    };
    // SAFETY: both paths are valid C strings; the descriptor is ours to
    // close.
    unsafe {
        let copy = libc::syscall(
            libc::SYS_open_tree,
            from,
            source.as_ptr(),
            OPEN_TREE_CLONE
                | libc::O_CLOEXEC as libc::c_uint
                | libc::AT_RECURSIVE as libc::c_uint
                | empty,
        ) as RawFd;
        if copy < 0 {
            return false;
        }
        let moved = libc::syscall(
            libc::SYS_move_mount,
            copy,
            c"".as_ptr(),
            to,
            path.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH,
        ) == 0;
        let e = errno();
        libc::close(copy);
        *libc::__errno_location() = e;
        moved
    }
}

/// Makes the tree `tree` (a descriptor of its top mount) and every mount
/// below it read-only, `nosuid` and `nodev` (async-signal-safe:
/// `mount_setattr` with `AT_RECURSIVE`, Linux 5.12).
pub fn seal_tree(tree: RawFd) -> bool {
    let attr = libc::mount_attr {
        attr_set: libc::MOUNT_ATTR_RDONLY | libc::MOUNT_ATTR_NOSUID | libc::MOUNT_ATTR_NODEV,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: the path is a valid (empty) C string and attr a valid
    // mount_attr of the size passed.
    unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            tree,
            c"".as_ptr(),
            (libc::AT_RECURSIVE | libc::AT_EMPTY_PATH) as libc::c_uint,
            &raw const attr,
            std::mem::size_of::<libc::mount_attr>(),
        ) == 0
    }
}

/// The descriptor `fd` that a process [`start`]ed with `CLONE_FILES` made
/// in this process's table (which it shared) and reported, owned from now
/// on; `None` where no such descriptor is open. The caller must own the
/// number: nothing else of the judge's holds it (it was free until the
/// helper made it, and the helper has ended).
pub fn adopt(fd: RawFd) -> Option<OwnedFd> {
    // SAFETY: fcntl(F_GETFD) has no memory preconditions.
    if fd < 0 || unsafe { libc::fcntl(fd, libc::F_GETFD) } < 0 {
        return None;
    }
    // SAFETY: `fd` is open (checked above) and, by the caller's contract,
    // owned by no one else.
    Some(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// `close(fd)` (async-signal-safe).
pub fn close(fd: RawFd) {
    // SAFETY: close has no memory preconditions; the caller owns `fd`.
    unsafe { libc::close(fd) };
}

/// The CPU set of the one CPU the calling thread runs on now, where the
/// kernel says (`sched_getcpu`).
pub fn this_cpu() -> Option<libc::cpu_set_t> {
    // SAFETY: sched_getcpu has no preconditions.
    let cpu = unsafe { libc::sched_getcpu() };
    let cpu = usize::try_from(cpu).ok()?;
    // SAFETY: an all-zero cpu_set_t is a valid empty set, and CPU_SET only
    // sets a bit of the set it is given (it ignores a CPU beyond the set).
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_ZERO(&mut set);
        libc::CPU_SET(cpu, &mut set);
        Some(set)
    }
}

/// Binds the calling thread (and what it starts afterwards) to the CPUs of
/// `set` (async-signal-safe: `sched_setaffinity(0, …)`).
pub fn pin_to(set: &libc::cpu_set_t) -> bool {
    // SAFETY: set is a valid cpu_set_t of the size passed.
    unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set) == 0 }
}

/// `chown(path, uid, uid)` (async-signal-safe).
pub fn chown(path: &CStr, uid: u32) -> bool {
    // SAFETY: path is a valid C string.
    unsafe { libc::chown(path.as_ptr(), uid, uid) == 0 }
}

/// `chdir` (async-signal-safe).
pub fn chdir(path: &CStr) -> bool {
    // SAFETY: path is a valid C string.
    unsafe { libc::chdir(path.as_ptr()) == 0 }
}

/// Drops every group and becomes `uid` (group `uid` too) for good
/// (async-signal-safe).
pub fn become_user(uid: u32) -> bool {
    // Raw system calls, not the C library's wrappers: glibc's set*id in a
    // process it believes multi-threaded (a copy of the judge, or one sharing
    // its memory) takes a lock another thread may hold and signals every
    // thread of the judge to change their credentials too.
    // SAFETY: setgroups with a null list of length 0, setresgid and
    // setresuid have no memory preconditions.
    unsafe {
        libc::syscall(libc::SYS_setgroups, 0usize, std::ptr::null::<libc::gid_t>()) == 0
            && libc::syscall(libc::SYS_setresgid, uid, uid, uid) == 0
            && libc::syscall(libc::SYS_setresuid, uid, uid, uid) == 0
    }
}

/// Sets the parent-death signal to SIGKILL (async-signal-safe): when the
/// process that forked this one ends (the judge's thread, the keeper, init),
/// this one is killed. The kernel clears the setting on every credential
/// change, so it is set again after each.
pub fn die_with_parent() {
    // SAFETY: prctl with these arguments only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    }
}

/// Whether the process of the pidfd `fd` has ended (async-signal-safe):
/// the pidfd is readable then (a poll that does not wait, which works from
/// any PID namespace). A negative `fd`: no.
///
/// The parent-death signal comes only from a parent that ends after it is
/// set: a process started just before the judge was killed checks, once it
/// has set it, that the judge is still there.
pub fn has_ended(fd: RawFd) -> bool {
    if fd < 0 {
        return false;
    }
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: p is one valid pollfd for the call.
    unsafe { libc::poll(&raw mut p, 1, 0) == 1 && p.revents & libc::POLLIN != 0 }
}

/// Makes this process a child subreaper: orphaned descendants become its
/// children.
pub fn become_subreaper() {
    // SAFETY: prctl with these arguments only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
    }
}

/// A close-on-exec pipe, `(read end, write end)`, both above 2 (so that
/// moving one to a standard stream never overwrites the other), owned.
pub fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: fds is valid for two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(last_error());
    }
    // SAFETY: both are fresh descriptors that nothing else owns.
    let (r, w) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let above_2 = |fd: OwnedFd| -> std::io::Result<OwnedFd> {
        if fd.as_raw_fd() > 2 {
            return Ok(fd);
        }
        // SAFETY: fcntl(F_DUPFD_CLOEXEC) on an open descriptor.
        let d = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
        if d < 0 {
            return Err(last_error());
        }
        // SAFETY: d is a fresh descriptor that nothing else owns.
        Ok(unsafe { OwnedFd::from_raw_fd(d) })
    };
    Ok((above_2(r)?, above_2(w)?))
}

/// Waits for any child (`waitpid(-1)`), retrying on `EINTR`
/// (async-signal-safe): its pid and wait status, or `None` when there are no
/// children left.
pub fn wait_any() -> Option<(i32, libc::c_int)> {
    loop {
        let mut st = 0;
        // SAFETY: st is valid for writing.
        let r = unsafe { libc::waitpid(-1, &mut st, 0) };
        if r >= 0 {
            return Some((r, st));
        }
        if errno() != libc::EINTR {
            return None;
        }
    }
}

/// Reads a wait status written by [`write_fd`] from `fd` (async-signal-safe).
pub fn read_status(fd: RawFd) -> Option<libc::c_int> {
    let mut st: libc::c_int = 0;
    let mut got = 0;
    while got < size_of::<libc::c_int>() {
        // SAFETY: the destination lies inside st, with room for the rest.
        let r = unsafe {
            libc::read(
                fd,
                (&raw mut st).cast::<u8>().add(got).cast(),
                size_of::<libc::c_int>() - got,
            )
        };
        if r > 0 {
            got += r as usize;
        } else if r == 0 || errno() != libc::EINTR {
            return None;
        }
    }
    Some(st)
}

/// `_exit(code)` (async-signal-safe).
pub fn exit(code: i32) -> ! {
    // SAFETY: _exit has no preconditions.
    unsafe { libc::_exit(code) }
}

/// The fields of `/proc/<pid>/stat` after the command name (`pid (comm)
/// state ppid pgrp session …`; comm may hold anything, so read after the
/// last `)`): index 0 is the state, 1 the parent, 3 the session, 11 to 14
/// utime, stime, cutime, cstime. Allocates: not for between `clone` and
/// `exec`.
pub fn stat_fields(pid: i32) -> Option<Vec<Vec<u8>>> {
    let stat = std::fs::read(format!("/proc/{pid}/stat")).ok()?;
    let close = stat.iter().rposition(|&b| b == b')')?;
    Some(
        stat[close + 1..]
            .split(|&b| b == b' ' || b == b'\n')
            .filter(|f| !f.is_empty())
            .map(<[u8]>::to_vec)
            .collect(),
    )
}

/// A field of [`stat_fields`] as a number.
pub fn number(field: Option<&Vec<u8>>) -> Option<i64> {
    std::str::from_utf8(field?).ok()?.parse().ok()
}

/// Where this process's command line and environment strings are, read once
/// from `/proc/self/stat` (`arg_start..arg_end`, `env_start..env_end`).
#[derive(Clone, Copy, Debug, Default)]
pub struct OwnStrings([(usize, usize); 2]);

impl OwnStrings {
    /// The judge's regions (empty where `/proc` does not tell them).
    pub fn of_judge() -> OwnStrings {
        static REGIONS: std::sync::OnceLock<OwnStrings> = std::sync::OnceLock::new();
        *REGIONS.get_or_init(|| {
            let Some(f) = stat_fields(std::process::id() as i32) else {
                return OwnStrings::default();
            };
            let at = |i: usize| number(f.get(i)).and_then(|n| usize::try_from(n).ok());
            let mut out = OwnStrings::default();
            for (slot, (a, b)) in out.0.iter_mut().zip([(45, 46), (47, 48)]) {
                if let (Some(a), Some(b)) = (at(a), at(b))
                    && a > 0
                    && b > a
                    && b - a < 1 << 24
                {
                    *slot = (a, b);
                }
            }
            out
        })
    }

    /// Overwrites the strings with zeros (async-signal-safe), in a copy of
    /// the judge (init) whose `/proc/1/cmdline` the program could read.
    pub fn blank(&self) {
        for &(a, b) in &self.0 {
            if b > a {
                // SAFETY: [a, b) holds this process's argument or environment
                // strings (from /proc/self/stat of the judge, of which this
                // process is a forked copy), mapped and writable; nothing in
                // the copy reads them afterwards.
                unsafe { std::ptr::write_bytes(a as *mut u8, 0, b - a) };
            }
        }
    }
}

/// The kernel's `struct landlock_path_beneath_attr` (packed).
#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// Adds to the Landlock ruleset `ruleset` (negative: none, nothing to do) a
/// rule granting `access` beneath `path`, opened here (async-signal-safe), so
/// that a file system mounted in this process's mount namespace after the
/// ruleset was made (a private `/tmp`, a fresh `/proc`) is the one granted:
/// Landlock ignores rules on the mount point a file system hides.
pub fn allow_beneath(ruleset: RawFd, path: &CStr, access: u64) -> bool {
    if ruleset < 0 {
        return true;
    }
    // SAFETY: path is a valid C string.
    let fd = unsafe { libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
    if fd < 0 {
        return false;
    }
    let attr = PathBeneathAttr {
        allowed_access: access,
        parent_fd: fd,
    };
    // SAFETY: attr is a valid landlock_path_beneath_attr for the call.
    let r = unsafe {
        libc::syscall(
            libc::SYS_landlock_add_rule,
            ruleset,
            1u32, // LANDLOCK_RULE_PATH_BENEATH
            &raw const attr,
            0u32,
        )
    };
    // SAFETY: fd was opened above and is closed once.
    unsafe { libc::close(fd) };
    r == 0
}

/// Adds to the Landlock ruleset `ruleset` a rule granting `access` beneath
/// the opened path `parent`: one system call (the landlock crate's rules
/// first ask `fstat` what the path is; the judge knows it already).
pub fn add_rule_beneath(
    ruleset: std::os::fd::BorrowedFd<'_>,
    parent: std::os::fd::BorrowedFd<'_>,
    access: u64,
) -> std::io::Result<()> {
    let attr = PathBeneathAttr {
        allowed_access: access,
        parent_fd: parent.as_raw_fd(),
    };
    // SAFETY: attr is a valid landlock_path_beneath_attr for the call; both
    // descriptors are open (borrowed) for it.
    let r = unsafe {
        libc::syscall(
            libc::SYS_landlock_add_rule,
            ruleset.as_raw_fd(),
            1u32, // LANDLOCK_RULE_PATH_BENEATH
            &raw const attr,
            0u32,
        )
    };
    if r == 0 { Ok(()) } else { Err(last_error()) }
}

/// Confines this process for good (async-signal-safe): `no_new_privs`
/// (setuid binaries and file capabilities give it nothing), the Landlock
/// ruleset `ruleset` (negative: none) and the seccomp `filter`.
pub fn confine(ruleset: RawFd, filter: Option<&'static BpfProgram>) -> bool {
    // SAFETY: prctl(PR_SET_NO_NEW_PRIVS, 1) only sets a flag of this process.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return false;
    }
    // SAFETY: landlock_restrict_self takes a descriptor and flags, no memory.
    if ruleset >= 0
        && unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0u32) } != 0
    {
        return false;
    }
    let Some(program) = filter else {
        return true;
    };
    let Ok(len) = u16::try_from(program.len()) else {
        return false;
    };
    // seccompiler's `sock_filter` is the kernel's `struct sock_filter`
    // (code, jt, jf, k), as libc's is: the same layout.
    let fprog = libc::sock_fprog {
        len,
        filter: program.as_ptr().cast::<libc::sock_filter>().cast_mut(),
    };
    // SAFETY: fprog points to `len` filter instructions that live as long as
    // the process ('static); the kernel copies them.
    let r = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            0u32,
            &raw const fprog,
        )
    };
    r == 0
}

/// The Landlock ABI of the running kernel (`None`: no Landlock, or disabled).
pub fn landlock_abi() -> Option<i32> {
    // SAFETY: landlock_create_ruleset with a null attribute, size 0 and the
    // VERSION flag only returns the ABI version; it touches no memory.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    i32::try_from(v).ok().filter(|&v| v > 0)
}

/// A pidfd of the child `pid` (readable once it has exited), where the
/// kernel has `pidfd_open`.
pub fn pidfd(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open has no memory preconditions.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    let fd = i32::try_from(fd).ok().filter(|&fd| fd >= 0)?;
    // SAFETY: fd is a fresh descriptor that nothing else owns.
    Some(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Waits in `wait4` for the child `pid` (retrying on `EINTR`): its wait
/// status and resource usage (with what it reaped).
pub fn wait4(pid: i32) -> (libc::c_int, libc::rusage) {
    let mut st = 0;
    // SAFETY: an all-zero rusage is a valid value.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: st and ru are valid for writing.
    while unsafe { libc::wait4(pid, &mut st, 0, &mut ru) } < 0 && errno() == libc::EINTR {}
    (st, ru)
}

/// `sysconf(name)`, at least 1.
pub fn sysconf(name: libc::c_int) -> u64 {
    // SAFETY: sysconf has no memory preconditions.
    (unsafe { libc::sysconf(name) }).max(1) as u64
}

/// The capacity of the pipe `fd`, bytes.
pub fn pipe_capacity(fd: &impl AsRawFd) -> Option<usize> {
    // SAFETY: fcntl(F_GETPIPE_SZ) on a descriptor the caller keeps open.
    usize::try_from(unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETPIPE_SZ) }).ok()
}

/// Registers `f` to run when the process exits normally (`exit`, or a return
/// from `main`); whether it could.
pub fn at_exit(f: extern "C" fn()) -> bool {
    // SAFETY: atexit keeps a function pointer, valid for the whole process.
    unsafe { libc::atexit(f) == 0 }
}
