//! Phase "filesystem rules": what the program may open, by Landlock.
//!
//! Landlock is the kernel's own unprivileged access control: a process
//! restricts itself (and everything it starts afterwards) to a set of rules,
//! each a directory or file with the rights granted beneath it, and nothing
//! can lift the restriction. It needs no root and no namespace, so the
//! fallback without namespaces gets it too. The rules of a run:
//!
//! * read and execute: the system directories programs and interpreters need
//!   ([`SYSTEM`]), the few files of `/etc` that runtimes read ([`ETC`]), `/proc`
//!   and the CPU and cgroup information under `/sys` that runtimes size
//!   themselves by, and every file or directory the command names (the
//!   program, a script, a class path);
//! * read and write: `/dev/null`, `/dev/zero`, `/dev/full`, `/dev/random`,
//!   `/dev/urandom`, and everything beneath the run's writable directories (its
//!   working directory, and with namespaces the private `/tmp`, `/var/tmp` and
//!   `/dev/shm` mounted over the host's: a rule on a mount point covers what is
//!   mounted on it);
//! * nothing else: the user's home, the checkout, the test data, other runs'
//!   directories, the host's `/tmp`, `/run`, terminals (`/dev/pts`, `/dev/tty`).
//!
//! Where the kernel's Landlock ABI has them, TCP `bind` and `connect` are
//! denied (no rule grants a port, ABI 4), and abstract Unix sockets and signals
//! are scoped to the run (ABI 6): the program can neither connect to a
//! listener of the host's nor signal a process outside its run. On an older
//! kernel each missing part is left out ([`abi`] tells which).
//!
//! The ruleset is built in the judge before the fork (it allocates and opens
//! files). Landlock ignores a rule on a mount point once a file system is
//! mounted over it, so the file systems the run's mount namespace mounts (a
//! private `/tmp`, `/var/tmp`, `/dev/shm`, a fresh `/proc`) are granted by the
//! program's process itself, after the mounts; then it restricts itself with
//! the ruleset (see `inside.rs`).

use landlock::{
    ABI, Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd,
    Ruleset, RulesetAttr, RulesetCreatedAttr, Scope,
};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The newest Landlock ABI the rules are written for (scopes: ABI 6).
const TARGET: ABI = ABI::V6;

/// System directories: read and execute.
pub const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
];

/// What runtimes read in `/etc`: the dynamic loader's cache, time zone,
/// symbolic links of alternatives, and the JVM's and Python's configuration.
pub const ETC: &[&str] = &[
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/alternatives",
    "/etc/java-17-openjdk",
    "/etc/java-21-openjdk",
    "/etc/java-25-openjdk",
    "/etc/python3",
    "/etc/python3.11",
];

/// What runtimes read about the machine: `/proc` (their own processes;
/// without a PID namespace every process the user may see) and the CPU and
/// cgroup information under `/sys`.
const INFO: &[&str] = &["/proc", "/sys/devices/system/cpu", "/sys/fs/cgroup"];

/// Devices: read and write.
const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// What a run may reach, beyond the fixed lists above.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Read and execute (the program, a script, a class path).
    pub read: Vec<PathBuf>,
    /// Read, write, create, remove (the working directory, private `/tmp`).
    pub write: Vec<PathBuf>,
}

/// The Landlock ABI of the running kernel (`None`: no Landlock, or disabled).
#[must_use]
pub fn abi() -> Option<i32> {
    crate::sys::landlock_abi()
}

/// What the filesystem layer enforces on this kernel, for the judge's report.
#[must_use]
pub fn describe() -> String {
    match abi() {
        None => "no landlock (the kernel has none or it is disabled)".into(),
        Some(v) if v >= 6 => format!("landlock ABI {v} (files, TCP, abstract sockets, signals)"),
        Some(v) if v >= 4 => format!("landlock ABI {v} (files, TCP; no scopes)"),
        Some(v) => format!("landlock ABI {v} (files only)"),
    }
}

/// The Landlock ABI the rules use on this kernel (the kernel's, at most
/// [`TARGET`]).
fn effective_abi() -> ABI {
    ABI::from(abi().unwrap_or(0).min(TARGET as i32))
}

/// The rights of a rule that grants everything (a private `/tmp`), as the
/// kernel's bit mask, for rules added after the fork (`inside.rs`).
#[must_use]
pub fn all_rights() -> u64 {
    AccessFs::from_all(effective_abi()).bits()
}

/// The rights of a rule that grants reading and executing (a fresh `/proc`).
#[must_use]
pub fn read_rights() -> u64 {
    AccessFs::from_read(effective_abi()).bits()
}

/// The ruleset of a run: a Landlock ruleset descriptor for the program to
/// restrict itself with, or `None` where the kernel has no Landlock.
///
/// # Errors
/// When a ruleset the kernel supports cannot be made (not when a listed path
/// does not exist: it is left out).
pub fn ruleset(plan: &Plan) -> std::io::Result<Option<OwnedFd>> {
    if abi().is_none() {
        return Ok(None);
    }
    let io = |e: landlock::RulesetError| std::io::Error::other(format!("landlock: {e}"));
    let read = AccessFs::from_read(TARGET);
    let all = AccessFs::from_all(TARGET);
    let mut created = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(all)
        .map_err(io)?
        .handle_access(AccessNet::from_all(TARGET))
        .map_err(io)?
        .scope(Scope::from_all(TARGET))
        .map_err(io)?
        .create()
        .map_err(io)?;
    for (fd, access) in fixed_rules() {
        created = created
            .add_rule(PathBeneath::new(fd, *access))
            .map_err(io)?;
    }
    let rules = plan
        .read
        .iter()
        .map(|p| (p, read))
        .chain(plan.write.iter().map(|p| (p, all)));
    for (path, access) in rules {
        if let Some((fd, access)) = rule(path, access) {
            created = created.add_rule(PathBeneath::new(fd, access)).map_err(io)?;
        }
    }
    Ok(created.into())
}

/// The rules every run gets (the system directories, `/etc`, `/proc`,
/// `/sys`, the devices), their paths opened once per judge.
fn fixed_rules() -> &'static [(PathFd, BitFlags<AccessFs>)] {
    static FIXED: OnceLock<Vec<(PathFd, BitFlags<AccessFs>)>> = OnceLock::new();
    FIXED.get_or_init(|| {
        let read = AccessFs::from_read(TARGET);
        let device = AccessFs::ReadFile | AccessFs::WriteFile;
        SYSTEM
            .iter()
            .chain(ETC)
            .chain(INFO)
            .map(|p| (p, read))
            .chain(DEVICES.iter().map(|d| (d, device)))
            .filter_map(|(p, access)| rule(Path::new(p), access))
            .collect()
    })
}

/// The opened `path` and the rights to grant beneath it (file rights only
/// for a file), or `None` when the path cannot be opened.
fn rule(path: &Path, access: BitFlags<AccessFs>) -> Option<(PathFd, BitFlags<AccessFs>)> {
    let is_file = std::fs::metadata(path).ok()?.is_file();
    let fd = PathFd::new(path).ok()?;
    let access = if is_file {
        access & AccessFs::from_file(TARGET)
    } else {
        access
    };
    Some((fd, access))
}
