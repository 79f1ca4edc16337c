//! Phase "confine": the last steps of the program's own process before
//! `exec`, after every credential change.
//!
//! Everything here runs between `fork` and `exec` in a copy of a
//! multi-threaded judge, where only async-signal-safe calls are allowed: no
//! allocation, no lock. Each function makes raw system calls on values made
//! before the fork (a ruleset descriptor, compiled filters) and nothing else.

use seccompiler::BpfProgram;
use std::ffi::CStr;

/// The kernel's `struct landlock_path_beneath_attr` (packed).
#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// Adds to the Landlock ruleset `ruleset` a rule granting `access` beneath
/// `path`, which is opened here (`O_PATH`), so that a file system mounted in
/// this process's mount namespace after the ruleset was made (a private
/// `/tmp`, a fresh `/proc`) is the one granted: Landlock ignores rules on the
/// mount point a file system hides. `false` with `errno` set on failure.
///
/// # Safety
/// Async-signal-safe: `open`, `syscall` and `close` on memory the caller
/// keeps alive; nothing is allocated.
pub unsafe fn allow_beneath(ruleset: libc::c_int, path: &CStr, access: u64) -> bool {
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

/// Sets the parent-death signal to SIGKILL: when the process that forked this
/// one ends (the judge's thread, the keeper, init), this one is killed. The
/// kernel clears the setting on every credential change, so it is set again
/// after each.
///
/// # Safety
/// Async-signal-safe (one `prctl`).
pub unsafe fn die_with_parent() {
    // SAFETY: prctl with these arguments only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    }
}

/// Confines this process for good: `no_new_privs` (setuid binaries and file
/// capabilities give it nothing), the Landlock ruleset `ruleset` (a
/// descriptor, or negative for none) and the seccomp `filters`. `false` with
/// `errno` set when the kernel refuses one of them.
///
/// # Safety
/// Async-signal-safe: `prctl` and two kinds of `syscall` on memory that the
/// caller keeps alive (the filters are `'static`); nothing is allocated.
pub unsafe fn confine(ruleset: libc::c_int, filters: Option<&[BpfProgram; 2]>) -> bool {
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
    for program in filters.into_iter().flatten() {
        let Ok(len) = u16::try_from(program.len()) else {
            return false;
        };
        // seccompiler's `sock_filter` is the kernel's `struct sock_filter`
        // (code, jt, jf, k), as libc's is: the same layout.
        let fprog = libc::sock_fprog {
            len,
            filter: program.as_ptr().cast::<libc::sock_filter>().cast_mut(),
        };
        // SAFETY: fprog points to `len` filter instructions that live as long
        // as the process (they are 'static); the kernel copies them.
        let r = unsafe {
            libc::syscall(
                libc::SYS_seccomp,
                libc::SECCOMP_SET_MODE_FILTER,
                0u32,
                &raw const fprog,
            )
        };
        if r != 0 {
            return false;
        }
    }
    true
}
