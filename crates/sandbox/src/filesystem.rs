//! Phase "filesystem rules": what the program may open, by Landlock.
//!
//! Landlock is the kernel's own unprivileged access control: a process
//! restricts itself (and everything it starts afterwards) to a set of rules,
//! each a directory or file with the rights granted beneath it, and nothing
//! can lift the restriction. It needs no root and no namespace, so the
//! fallback without namespaces gets it too. The rules of a run:
//!
//! * read and execute: the system directories programs and interpreters need
//!   ([`SYSTEM`]), `/etc` but the host's secrets ([`ETC`], [`SECRETS`]: with
//!   strict isolation one rule on `/etc`, the secrets being covered in the
//!   run's root; with basic isolation a rule on each entry of `/etc` but the
//!   secrets, [`etc_rules`]), `/proc`
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
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The newest Landlock ABI the rules are written for (scopes: ABI 6).
const TARGET: ABI = ABI::V6;

/// System directories: read and execute.
pub const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
];

/// `/etc`: readable by every run (runtimes configure themselves there: the
/// dynamic loader's cache, time zones, alternatives, the JVM's, Python's,
/// OpenSSL's, PHP's settings, whatever a next release adds), but for
/// [`SECRETS`].
pub const ETC: &str = "/etc";

/// The host's secrets under `/etc`, never readable by a run: password hashes
/// (`shadow`, `gshadow`, their backups `-`, `security/opasswd`), who may
/// become root (`sudoers`, `sudoers.d`), SSH (host private keys, the
/// server's configuration), TLS private keys (Debian's `ssl/private`, Red
/// Hat's `pki/tls/private`, Let's Encrypt's), Kerberos host keys
/// (`krb5.keytab`), systemd's credentials (`credstore`,
/// `credstore.encrypted`), network secrets (NetworkManager's connections,
/// WireGuard's keys, IPsec's and PPP's secrets). A strict run's root covers
/// each that exists with an empty read-only file or directory (`root.rs`);
/// Landlock grants `/etc` entry by entry without them (basic isolation, see
/// [`etc_rules`]). Everything else of `/etc` is the system's configuration,
/// world-readable on every host, and no secret of the judging user's.
pub const SECRETS: &[&str] = &[
    "/etc/shadow",
    "/etc/shadow-",
    "/etc/gshadow",
    "/etc/gshadow-",
    "/etc/security/opasswd",
    "/etc/sudoers",
    "/etc/sudoers.d",
    "/etc/ssh",
    "/etc/ssl/private",
    "/etc/pki/tls/private",
    "/etc/letsencrypt",
    "/etc/krb5.keytab",
    "/etc/credstore",
    "/etc/credstore.encrypted",
    "/etc/NetworkManager/system-connections",
    "/etc/wireguard",
    "/etc/ipsec.secrets",
    "/etc/ppp/chap-secrets",
    "/etc/ppp/pap-secrets",
];

/// The paths whose Landlock rules grant `dir` but for the `secrets` beneath
/// it: `dir` itself when it holds none, else each entry (`list` gives them)
/// that is no secret, split the same way in turn. Symbolic links are
/// entries like any other (a rule on a link grants its target).
pub(crate) fn readable_but(
    dir: &Path,
    secrets: &[&str],
    list: &dyn Fn(&Path) -> Vec<PathBuf>,
) -> Vec<PathBuf> {
    if secrets.iter().any(|s| Path::new(s) == dir) {
        return Vec::new();
    }
    if !secrets.iter().any(|s| Path::new(s).starts_with(dir)) {
        return vec![dir.to_path_buf()];
    }
    let mut entries = list(dir);
    entries.sort();
    entries
        .iter()
        .flat_map(|e| readable_but(e, secrets, list))
        .collect()
}

/// The Landlock rules of `/etc` in basic isolation: its entries but the
/// [`SECRETS`], listed once per judge.
#[must_use]
pub fn etc_rules() -> &'static [PathBuf] {
    static RULES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    RULES.get_or_init(|| {
        let list = |d: &Path| -> Vec<PathBuf> {
            std::fs::read_dir(d)
                .map(|r| r.flatten().map(|e| e.path()).collect())
                .unwrap_or_default()
        };
        readable_but(Path::new(ETC), SECRETS, &list)
    })
}

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
    /// The run lives in a fresh root whose secrets of `/etc` are covered:
    /// one rule grants `/etc` (else a rule per entry but the secrets).
    pub fresh_root: bool,
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
    let etc = if plan.fresh_root { etc_whole() } else { &[] };
    for (fd, access) in fixed_rules().iter().chain(etc) {
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
    let fd: Option<OwnedFd> = created.into();
    // Basic isolation: /etc entry by entry, straight to the kernel.
    if let Some(ruleset) = &fd
        && !plan.fresh_root
    {
        for (entry, access) in etc_entries() {
            crate::sys::add_rule_beneath(ruleset.as_fd(), entry.as_fd(), *access)?;
        }
    }
    Ok(fd)
}

/// The rules every run gets (the system directories, `/proc`, `/sys`, the
/// devices), their paths opened once per judge.
fn fixed_rules() -> &'static [(OwnedFd, BitFlags<AccessFs>)] {
    static FIXED: OnceLock<Vec<(OwnedFd, BitFlags<AccessFs>)>> = OnceLock::new();
    FIXED.get_or_init(|| {
        let read = AccessFs::from_read(TARGET);
        let device = AccessFs::ReadFile | AccessFs::WriteFile;
        SYSTEM
            .iter()
            .chain(INFO)
            .map(|p| (p, read))
            .chain(DEVICES.iter().map(|d| (d, device)))
            .filter_map(|(p, access)| kept(Path::new(p), access))
            .collect()
    })
}

/// The rule of `/etc` whole (a fresh root covers its secrets), opened once.
fn etc_whole() -> &'static [(OwnedFd, BitFlags<AccessFs>)] {
    static WHOLE: OnceLock<Vec<(OwnedFd, BitFlags<AccessFs>)>> = OnceLock::new();
    WHOLE.get_or_init(|| {
        kept(Path::new(ETC), AccessFs::from_read(TARGET))
            .into_iter()
            .collect()
    })
}

/// The rules of `/etc` entry by entry without its secrets ([`etc_rules`]),
/// opened once, with their rights as the kernel's bits for the running
/// kernel's ABI (added by one system call each, `sys::add_rule_beneath`:
/// about 140 rules a run).
fn etc_entries() -> &'static [(OwnedFd, u64)] {
    static ENTRIES: OnceLock<Vec<(OwnedFd, u64)>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let abi = effective_abi();
        etc_rules()
            .iter()
            .filter_map(|p| {
                let (fd, _) = kept(p, AccessFs::from_read(TARGET))?;
                let is_file = std::fs::metadata(p).ok()?.is_file();
                let read = AccessFs::from_read(abi);
                let access = if is_file {
                    read & AccessFs::from_file(abi)
                } else {
                    read
                };
                Some((fd, access.bits()))
            })
            .collect()
    })
}

/// A rule the judge keeps for every run: its descriptor moved to a number
/// of [`crate::MAX_FILES`] or above, so that the run's processes, limited to
/// that many, find the low numbers free (`/etc` alone holds a hundred
/// entries and more).
fn kept(path: &Path, access: BitFlags<AccessFs>) -> Option<(OwnedFd, BitFlags<AccessFs>)> {
    let (fd, access) = rule(path, access)?;
    let high = crate::sys::dup_at_least(fd.as_fd(), crate::MAX_FILES as i32)
        .or_else(|_| fd.as_fd().try_clone_to_owned())
        .ok()?;
    Some((high, access))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `/etc` of a host with secrets at two depths: every entry but them is
    /// granted, and a directory without a secret in one rule.
    #[test]
    fn etc_is_granted_entry_by_entry_but_the_secrets() {
        let tree: &[(&str, &[&str])] = &[
            (
                "/etc",
                &["passwd", "shadow", "ssl", "ssh", "php", "security"],
            ),
            ("/etc/ssl", &["certs", "openssl.cnf", "private"]),
            ("/etc/security", &["limits.conf", "opasswd"]),
        ];
        let list = |d: &Path| -> Vec<PathBuf> {
            tree.iter()
                .find(|(p, _)| Path::new(p) == d)
                .map(|(p, es)| es.iter().map(|e| Path::new(p).join(e)).collect())
                .unwrap_or_default()
        };
        let got = readable_but(Path::new("/etc"), SECRETS, &list);
        let want: Vec<PathBuf> = [
            "/etc/passwd",
            "/etc/php",
            "/etc/security/limits.conf",
            "/etc/ssl/certs",
            "/etc/ssl/openssl.cnf",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        assert_eq!(got, want);
        // Nothing secret beneath: the directory itself.
        assert_eq!(
            readable_but(Path::new("/usr"), SECRETS, &list),
            [PathBuf::from("/usr")]
        );
        // The real /etc: no rule reaches a secret.
        for r in etc_rules() {
            for s in SECRETS {
                assert!(!Path::new(s).starts_with(r), "{} grants {s}", r.display());
            }
        }
    }
}
