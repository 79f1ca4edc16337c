//! Phase "filesystem rules": what the program may open, by Landlock.
//!
//! Landlock is the kernel's own unprivileged access control: a process
//! restricts itself (and everything it starts afterwards) to a set of rules,
//! each a directory or file with the rights granted beneath it, and nothing
//! can lift the restriction. It needs no root and no namespace, so the
//! fallback without namespaces gets it too. The rules of a run:
//!
//! * read and execute: the system directories programs and interpreters need
//!   ([`SYSTEM`]), the entries of `/etc` that runtimes read
//!   ([`ETC_ALLOWED`], a rule each, in both modes: a strict run's root holds
//!   the same entries), `/proc` and the CPU and cgroup information under
//!   `/sys` that runtimes size themselves by, and every file or directory the
//!   command names (the program, a script, a class path, a toolchain's
//!   directory);
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
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The newest Landlock ABI the rules are written for (scopes: ABI 6).
const TARGET: ABI = ABI::V6;

/// System directories: read and execute. Not `/opt`: a toolchain there is
/// named by the command (its directory `/opt/NAME`, see
/// `crates/judge/src/lang.rs`) and shown alone, so that nothing else
/// installed there (a service and its socket) is in a run's reach.
pub const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// `/etc`.
pub const ETC: &str = "/etc";

/// The entries of `/etc` a run may read, each with who needs it (found by
/// tracing the honest program of every language of `judge languages`,
/// compiled and run, with `strace -f -e trace=%file`; docs/sandbox.md). A
/// name may end in `*`: every entry of `/etc` it begins. Nothing else of
/// `/etc` is in a run's reach, in either mode (`etc_allowed`).
pub const ETC_ALLOWED: &[(&str, &str)] = &[
    (
        "ld.so.cache",
        "every dynamically linked program (the loader)",
    ),
    (
        "ld.so.preload",
        "every dynamically linked program, where there is one",
    ),
    ("locale.alias", "the C library's locales (every language)"),
    (
        "nsswitch.conf",
        "the C library's user lookups (gcc, Java, Kotlin, Go, GHC, OCaml, Mono, Free Pascal)",
    ),
    ("passwd", "the same"),
    ("group", "the same"),
    ("localtime", "the time zone (CPython, PyPy, PHP, Ruby)"),
    ("timezone", "the time zone's name (Free Pascal)"),
    (
        "alternatives",
        "Debian's links of programs (the `cc` rustc links with, the `java` kotlinc starts)",
    ),
    (
        "java-*",
        "the JVM's `jvm.cfg` and security settings (Java, Kotlin)",
    ),
    ("python3*", "CPython's `sitecustomize`"),
    ("ssl/openssl.cnf", "OpenSSL's settings (Node.js, PHP)"),
    ("php", "PHP's `php.ini` and extensions"),
    ("mono", "Mono's settings and assembly map (C#)"),
    ("fpc*", "Free Pascal's `fpc.cfg`"),
];

/// One allowed entry of `/etc` as the host has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EtcEntry {
    /// Where it is, `/etc/…`.
    pub path: PathBuf,
    /// Its symbolic link's target, resolved to the end (absolute), or `None`
    /// when it is no link.
    pub link: Option<PathBuf>,
}

/// The allowed entries of `/etc` (see [`ETC_ALLOWED`]) on a host that
/// `list`s a directory's entries and resolves a path's links to the end
/// (`canonical`, `None` when it leads nowhere). A symbolic link is resolved
/// first, and kept only where its end lies in the system directories or in
/// an allowed entry that is no link: a listed name never leads elsewhere.
pub(crate) fn etc_allowed_on(
    list: &dyn Fn(&Path) -> Vec<PathBuf>,
    canonical: &dyn Fn(&Path) -> Option<PathBuf>,
) -> Vec<EtcEntry> {
    let etc = Path::new(ETC);
    let top = list(etc);
    let mut paths: Vec<PathBuf> = Vec::new();
    for (name, _) in ETC_ALLOWED {
        match name.strip_suffix('*') {
            Some(prefix) => paths.extend(
                top.iter()
                    .filter(|e| {
                        e.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.starts_with(prefix))
                    })
                    .cloned(),
            ),
            None => paths.push(etc.join(name)),
        }
    }
    paths.sort();
    paths.dedup();
    let resolved: Vec<(PathBuf, PathBuf)> = paths
        .into_iter()
        .filter_map(|p| canonical(&p).map(|c| (p, c)))
        .collect();
    // The entries that are what they say (no link anywhere on their way).
    let plain: Vec<&PathBuf> = resolved
        .iter()
        .filter(|(p, c)| p == c)
        .map(|(p, _)| p)
        .collect();
    let within = |c: &Path| {
        SYSTEM.iter().any(|s| c.starts_with(s)) || plain.iter().any(|p| c.starts_with(p))
    };
    resolved
        .iter()
        .filter(|(_, c)| within(c))
        .map(|(p, c)| EtcEntry {
            path: p.clone(),
            link: (p != c).then(|| c.clone()),
        })
        .collect()
}

/// The allowed entries of the real `/etc`, found once per judge.
#[must_use]
pub(crate) fn etc_allowed() -> &'static [EtcEntry] {
    static ENTRIES: OnceLock<Vec<EtcEntry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let list = |d: &Path| -> Vec<PathBuf> {
            std::fs::read_dir(d)
                .map(|r| r.flatten().map(|e| e.path()).collect())
                .unwrap_or_default()
        };
        etc_allowed_on(&list, &|p| std::fs::canonicalize(p).ok())
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
    ruleset_with(plan, None)
}

/// The ruleset of a run as [`ruleset`], granting `/etc` with one rule
/// beneath `etc` (a strict run's prepared `/etc`, `etc_tree.rs`) where
/// given, else one rule per allowed entry.
pub(crate) fn ruleset_with(
    plan: &Plan,
    etc: Option<BorrowedFd<'_>>,
) -> std::io::Result<Option<OwnedFd>> {
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
    if let Some(ruleset) = &fd {
        for (entry, access) in fixed_rules() {
            crate::sys::add_rule_beneath(ruleset.as_fd(), entry.as_fd(), *access)?;
        }
        match etc {
            Some(tree) => {
                let read = AccessFs::from_read(effective_abi()).bits();
                crate::sys::add_rule_beneath(ruleset.as_fd(), tree, read)?;
            }
            None => {
                for (entry, access) in etc_rules() {
                    crate::sys::add_rule_beneath(ruleset.as_fd(), entry.as_fd(), *access)?;
                }
            }
        }
    }
    Ok(fd)
}

/// The rules every run gets (the system directories, `/proc`, `/sys`, the
/// devices), their paths opened once per judge, with their rights as the
/// kernel's bits for the running kernel's ABI (a file's only those of
/// files), added by one system call each as [`etc_rules`] are.
fn fixed_rules() -> &'static [(OwnedFd, u64)] {
    static FIXED: OnceLock<Vec<(OwnedFd, u64)>> = OnceLock::new();
    FIXED.get_or_init(|| {
        let read = AccessFs::from_read(TARGET);
        let device = AccessFs::ReadFile | AccessFs::WriteFile;
        let known = AccessFs::from_all(effective_abi());
        SYSTEM
            .iter()
            .chain(INFO)
            .map(|p| (p, read))
            .chain(DEVICES.iter().map(|d| (d, device)))
            .filter_map(|(p, access)| kept(Path::new(p), access))
            .map(|(fd, access)| (fd, (access & known).bits()))
            .collect()
    })
}

/// The rules of the allowed entries of `/etc` ([`etc_allowed`]), opened
/// once, with their rights as the kernel's bits for the running kernel's
/// ABI, added by one system call each (`sys::add_rule_beneath`: the landlock
/// crate would first ask `fstat` what each is). An entry that is a link is
/// granted at its end (the kernel follows it), which [`etc_allowed_on`] has
/// kept within the allowed.
fn etc_rules() -> &'static [(OwnedFd, u64)] {
    static RULES: OnceLock<Vec<(OwnedFd, u64)>> = OnceLock::new();
    RULES.get_or_init(|| {
        let abi = effective_abi();
        etc_allowed()
            .iter()
            .filter_map(|e| {
                let (fd, _) = kept(&e.path, AccessFs::from_read(TARGET))?;
                let is_file = std::fs::metadata(&e.path).ok()?.is_file();
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
/// that many, find the low numbers free.
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
    use std::collections::BTreeMap;

    /// A host's `/etc`: its entries, and where each path leads (a path
    /// absent from `links` is what it says; `None`: a dangling link).
    struct Etc {
        entries: Vec<&'static str>,
        links: BTreeMap<&'static str, Option<&'static str>>,
    }

    impl Etc {
        fn allowed(&self) -> Vec<EtcEntry> {
            let list = |d: &Path| -> Vec<PathBuf> {
                assert_eq!(d, Path::new("/etc"));
                self.entries
                    .iter()
                    .map(|e| Path::new("/etc").join(e))
                    .collect()
            };
            let canonical = |p: &Path| -> Option<PathBuf> {
                let name = p.strip_prefix("/etc").ok()?.to_str()?;
                let top = name.split('/').next()?;
                if !self.entries.contains(&top) {
                    return None;
                }
                match self.links.get(p.to_str()?) {
                    Some(to) => to.map(PathBuf::from),
                    None => Some(p.to_path_buf()),
                }
            };
            etc_allowed_on(&list, &canonical)
        }
    }

    fn plain(p: &str) -> EtcEntry {
        EtcEntry {
            path: p.into(),
            link: None,
        }
    }

    /// Only the listed entries (patterns expanded), each once; a link kept
    /// only where it ends in the system directories or in a listed entry
    /// that is no link: the secret a listed name points to stays out.
    #[test]
    fn etc_is_the_listed_entries_with_their_links_resolved() {
        let etc = Etc {
            entries: vec![
                "passwd",
                "shadow",
                "group",
                "ld.so.cache",
                "localtime",
                "java-17-openjdk",
                "java-21-openjdk",
                "javascript",
                "python3.11",
                "ssh",
                "ssl",
                "timezone",
                "nsswitch.conf",
                "php",
                "mono",
            ],
            links: [
                ("/etc/localtime", Some("/usr/share/zoneinfo/Etc/UTC")),
                // A listed name that leads to a secret.
                ("/etc/timezone", Some("/etc/ssh/ssh_host_ed25519_key")),
                // One that leads to another listed entry.
                ("/etc/group", Some("/etc/passwd")),
                // One that leads nowhere.
                ("/etc/nsswitch.conf", None),
                // A listed directory that is a link out of the system.
                ("/etc/php", Some("/srv/php")),
                // One into /opt, which is no longer a system directory.
                ("/etc/mono", Some("/opt/mono/etc")),
            ]
            .into_iter()
            .collect(),
        };
        let got = etc.allowed();
        let want = vec![
            EtcEntry {
                path: "/etc/group".into(),
                link: Some("/etc/passwd".into()),
            },
            plain("/etc/java-17-openjdk"),
            plain("/etc/java-21-openjdk"),
            plain("/etc/ld.so.cache"),
            EtcEntry {
                path: "/etc/localtime".into(),
                link: Some("/usr/share/zoneinfo/Etc/UTC".into()),
            },
            plain("/etc/passwd"),
            plain("/etc/python3.11"),
            plain("/etc/ssl/openssl.cnf"),
        ];
        assert_eq!(got, want);
        // Every name of the list is one of /etc's entries, or a pattern.
        for (name, who) in ETC_ALLOWED {
            assert!(!name.starts_with('/') && !name.contains(".."), "{name}");
            assert!(!who.is_empty(), "{name} says who needs it");
        }
    }

    /// The real `/etc`: nothing outside the list, no link out of the system
    /// directories, and never a secret of the host's.
    #[test]
    fn the_real_etc_grants_no_secret() {
        for e in etc_allowed() {
            let name = e.path.strip_prefix("/etc").expect("in /etc");
            let top = name.components().next().expect("a name");
            let top = top.as_os_str().to_str().expect("utf-8");
            let listed = ETC_ALLOWED.iter().any(|(n, _)| match n.strip_suffix('*') {
                Some(prefix) => top.starts_with(prefix),
                None => Path::new(n).starts_with(top),
            });
            assert!(listed, "{}", e.path.display());
            for secret in ["/etc/shadow", "/etc/gshadow", "/etc/ssh", "/etc/sudoers"] {
                assert!(!e.path.starts_with(secret), "{}", e.path.display());
                assert!(
                    !e.link.as_ref().is_some_and(|l| l.starts_with(secret)),
                    "{e:?}"
                );
            }
        }
    }
}
