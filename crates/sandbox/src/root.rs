//! Phase "the fresh root": the file tree a strict run sees, built from
//! nothing in the run's own mount namespace (after bubblewrap and isolate).
//!
//! Init mounts an empty tmpfs (the *base*, on a host directory that nothing
//! the run needs lies in), builds the tree below in it, mounts a fresh `/proc`,
//! makes the base read-only and `pivot_root`s into it, detaching the host's
//! tree for good. What the run does not get is not forbidden but absent: the
//! host's `/run`, `/tmp`, `/home`, `/root`, its sockets, terminals and every
//! file nobody listed. The tree, in the order it is built:
//!
//! * the system directories ([`filesystem::SYSTEM`], bound read-only, or the
//!   symbolic link a merged `/usr` makes of `/bin`, `/lib`, …);
//! * `/etc`, a directory of the root's own holding only the entries
//!   runtimes read ([`filesystem::ETC_ALLOWED`]), each bound read-only at
//!   its path, or, where it is a symbolic link, made again as a link to its
//!   end resolved (which lies in the system or in another entry: a link
//!   that leads elsewhere is left out, `filesystem::etc_allowed_on`);
//! * the CPU information of `/sys` runtimes size themselves by, read-only;
//! * `/dev` with `null`, `zero`, `full`, `random`, `urandom` (bound, so
//!   writable as on the host) and the links `fd`, `stdin`, `stdout`,
//!   `stderr` into `/proc/self/fd`; no terminal;
//! * every file or directory the command names (the program, a script, a
//!   class path), read-only at the same path, its parent directories made
//!   (mode 0755) in the root;
//! * the run's tmpfs of [`crate::Limits::disk`] on `/tmp`, with `/var/tmp` and
//!   `/dev/shm` bound to directories in it: the run's only writable place
//!   (its working directory is `/tmp/run`); a file the command names in the
//!   host's `/tmp` (or `/var/tmp`, `/dev/shm`) is bound into it at its path,
//!   in a read-only skeleton of its own (a small tmpfs on the path's first
//!   directory there, sealed like the root), so that nothing beside the
//!   program is writable;
//! * an empty read-only tmpfs over each hidden directory
//!   ([`crate::Limits::hide`], the test data) that a bound directory holds.
//!
//! The plan of the tree is made in the judge ([`plan_here`], pure but for
//! what it asks the host, tested with a fake host); init carries it out with one system call a step (`inside.rs`).
//! Every directory, file and link of the root is made first and the system's
//! binds after them; then one call ([`Op::Seal`]: `mount_setattr`, recursive)
//! makes the base and everything bound so far read-only, `nosuid` and
//! `nodev`, and only then come the writable mounts (the devices, the run's
//! tmpfs) and the rest. Where the kernel has no `mount_setattr` (before
//! 5.12) each bind the seal lists is remounted read-only instead, keeping the
//! flags the kernel locks in a user namespace (`sys::remount_read_only`).

use crate::filesystem;
use std::path::{Component, Path, PathBuf};

/// What the planner asks of the host about a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No such path.
    Missing,
    /// A directory.
    Dir,
    /// Anything else that can be bound onto a file: a regular file, a device.
    File,
    /// A symbolic link (not followed), with its target.
    Link(PathBuf),
}

/// The host, as the planner sees it.
pub(crate) trait Host {
    /// What `p` is, without following a final symbolic link.
    fn kind(&self, p: &Path) -> Kind;
    /// What `p` is, following symbolic links ([`Kind::Link`] never).
    fn kind_followed(&self, p: &Path) -> Kind;
    /// The entries of the directory `p`.
    fn entries(&self, p: &Path) -> Vec<PathBuf>;
    /// `p` with every symbolic link on its way resolved, or `None` where it
    /// leads nowhere.
    fn canonical(&self, p: &Path) -> Option<PathBuf>;
}

/// The real host.
pub(crate) struct RealHost;

impl Host for RealHost {
    fn kind(&self, p: &Path) -> Kind {
        match std::fs::symlink_metadata(p) {
            Err(_) => Kind::Missing,
            Ok(m) if m.is_symlink() => std::fs::read_link(p).map_or(Kind::Missing, Kind::Link),
            Ok(m) if m.is_dir() => Kind::Dir,
            Ok(_) => Kind::File,
        }
    }

    fn kind_followed(&self, p: &Path) -> Kind {
        match std::fs::metadata(p) {
            Err(_) => Kind::Missing,
            Ok(m) if m.is_dir() => Kind::Dir,
            Ok(_) => Kind::File,
        }
    }

    fn entries(&self, p: &Path) -> Vec<PathBuf> {
        std::fs::read_dir(p)
            .map(|r| r.flatten().map(|e| e.path()).collect())
            .unwrap_or_default()
    }

    fn canonical(&self, p: &Path) -> Option<PathBuf> {
        std::fs::canonicalize(p).ok()
    }
}

/// One step of building the root. Paths are as the run will see them (in
/// the root); init prefixes them with the base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// A directory with this mode.
    Dir(PathBuf, u32),
    /// An empty file, to bind a file onto.
    File(PathBuf),
    /// A symbolic link `path` → `target`.
    Link { path: PathBuf, target: PathBuf },
    /// `source` bound at `path` (with everything mounted below it), remounted
    /// read-only at once with `read_only` (a bind made after the seal); a bind
    /// before it is made read-only by the seal. `source` is a host path, or
    /// with `in_root` a path of the root.
    Bind {
        source: PathBuf,
        path: PathBuf,
        read_only: bool,
        in_root: bool,
    },
    /// A fresh tmpfs with these mount options; read-only (an empty cover)
    /// or not (the run's own).
    Tmpfs {
        path: PathBuf,
        options: String,
        read_only: bool,
    },
    /// The mount at `at` (`/`: the base) and everything mounted below it so
    /// far made read-only, `nosuid` and `nodev`; the binds listed are
    /// remounted one by one where the kernel cannot do it in one call.
    Seal { at: PathBuf, binds: Vec<PathBuf> },
    /// A copy of the judge's prepared `/etc` (`etc_tree.rs`: the steps of
    /// [`etc_ops`], made once, read-only) attached at `path`.
    Prepared(PathBuf),
}

/// The plan of a root: where to build it and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tree {
    /// The host directory the root's tmpfs is mounted on before the pivot.
    pub base: PathBuf,
    /// The steps, in order.
    pub ops: Vec<Op>,
}

/// The CPU information runtimes read (`/proc` is mounted fresh). Not
/// `/sys/fs/cgroup`: the host's cgroup tree is none of the run's business,
/// and a runtime that sizes itself by it (the JVM's heap) would then size
/// itself one way as root (with a memory cgroup) and another without.
pub(crate) const SYS: &[&str] = &["/sys/devices/system/cpu"];

/// Devices, bound writable.
pub(crate) const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// The links of `/dev` into `/proc/self/fd`.
const DEV_LINKS: &[(&str, &str)] = &[
    ("/dev/fd", "/proc/self/fd"),
    ("/dev/stdin", "/proc/self/fd/0"),
    ("/dev/stdout", "/proc/self/fd/1"),
    ("/dev/stderr", "/proc/self/fd/2"),
];

/// The writable directories of every run: the run's tmpfs on the first, the
/// others bound from directories in it.
pub(crate) const WRITABLE: &[&str] = &["/tmp", "/var/tmp", "/dev/shm"];

/// Host directories the root's tmpfs may be mounted on, in order of
/// preference: the first that exists, is no link, and holds nothing the run
/// needs from the host.
const BASES: &[&str] = &["/tmp", "/mnt", "/media", "/srv", "/dev/shm", "/var/tmp"];

/// The mount options of the root's own tmpfs (mount points and links only).
pub(crate) const BASE_OPTIONS: &str = "size=1m,nr_inodes=4096,mode=0755";

/// The mount options of the read-only skeleton that holds the command's
/// files in the run's writable directories (directories and mount points
/// only).
const SKELETON_OPTIONS: &str = "size=64k,nr_inodes=1024,mode=0111";

/// The mode of a skeleton's directories: to be passed through, not read
/// (Landlock grants the run everything beneath its `/tmp`, so the modes keep
/// the skeleton from being listed; the seal keeps them from being changed).
const SKELETON_DIRS: u32 = 0o111;

/// The mount options of a cover over a hidden directory.
const COVER_OPTIONS: &str = "size=4k,mode=0555";

/// A path made of normal components only, `/` first; `None` otherwise
/// (relative, or with `.` or `..`).
fn clean(p: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::from("/");
    let mut parts = p.components();
    if parts.next() != Some(Component::RootDir) {
        return None;
    }
    for c in parts {
        match c {
            Component::Normal(n) => out.push(n),
            _ => return None,
        }
    }
    Some(out)
}

/// The tree being planned: its steps and what they made.
#[derive(Clone, Default)]
struct Builder {
    ops: Vec<Op>,
    /// The binds made before the seal (in order, after the directories,
    /// files and links).
    binds: Vec<Op>,
    /// Writable binds made before the seal, carried out after it.
    late: Vec<Op>,
    /// Whether the seal is in `ops`: binds from then on go straight there.
    sealed: bool,
    /// Directories made in the root (their contents are the root's own).
    made: Vec<PathBuf>,
    /// Paths bound or linked from the host (everything below is the host's).
    taken: Vec<PathBuf>,
}

impl Builder {
    /// Whether `p` lies in something bound or linked already.
    fn covered(&self, p: &Path) -> bool {
        self.taken.iter().any(|t| p.starts_with(t))
    }

    /// Whether `p` can be made: not covered, no existing file or link.
    fn free(&self, p: &Path) -> bool {
        !self.covered(p) && !self.made.iter().any(|m| m == p)
    }

    /// Makes the directory `d` and its missing parents (mode 0755).
    fn dir(&mut self, d: &Path, mode: u32) {
        self.dirs(d, mode, 0o755);
    }

    /// Makes the directory `d` with `mode` and its missing parents with
    /// `parents`.
    fn dirs(&mut self, d: &Path, mode: u32, parents: u32) {
        let mut at = PathBuf::from("/");
        for c in d.components().skip(1) {
            at.push(c);
            if !self.made.contains(&at) {
                let m = if at == d { mode } else { parents };
                self.ops.push(Op::Dir(at.clone(), m));
                self.made.push(at.clone());
            }
        }
    }

    /// Binds the host's `path` (a directory or a file, per `kind`) at the
    /// same path.
    fn bind(&mut self, path: &Path, kind: &Kind, read_only: bool) {
        if !self.free(path) {
            return;
        }
        if let Some(parent) = path.parent() {
            self.dir(parent, 0o755);
        }
        match kind {
            Kind::Dir => {
                self.ops.push(Op::Dir(path.to_path_buf(), 0o755));
                self.made.push(path.to_path_buf());
            }
            Kind::File => self.ops.push(Op::File(path.to_path_buf())),
            Kind::Missing | Kind::Link(_) => return,
        }
        let bind = |read_only| Op::Bind {
            source: path.to_path_buf(),
            path: path.to_path_buf(),
            read_only,
            in_root: false,
        };
        match (self.sealed, read_only) {
            (false, true) => self.binds.push(bind(false)),
            (_, read_only) => {
                let op = bind(read_only);
                // A writable bind before the seal waits until after it.
                if self.sealed {
                    self.ops.push(op);
                } else {
                    self.late.push(op);
                }
            }
        }
        self.taken.push(path.to_path_buf());
    }

    /// The binds, then the seal of everything made so far, then the
    /// writable binds that waited for it.
    fn seal(&mut self) {
        let sealed = self
            .binds
            .iter()
            .filter_map(|b| match b {
                Op::Bind { path, .. } => Some(path.clone()),
                _ => None,
            })
            .collect();
        self.ops.append(&mut self.binds);
        self.ops.push(Op::Seal {
            at: PathBuf::from("/"),
            binds: sealed,
        });
        self.ops.append(&mut self.late);
        self.sealed = true;
    }

    fn link(&mut self, path: &Path, target: &Path) {
        if !self.free(path) {
            return;
        }
        if let Some(parent) = path.parent() {
            self.dir(parent, 0o755);
        }
        self.ops.push(Op::Link {
            path: path.to_path_buf(),
            target: target.to_path_buf(),
        });
        self.taken.push(path.to_path_buf());
    }

    /// A host path as it is: a directory or file bound, a link made again.
    fn take(&mut self, path: &Path, host: &dyn Host, read_only: bool) {
        match host.kind(path) {
            Kind::Link(target) => self.link(path, &target),
            kind => self.bind(path, &kind, read_only),
        }
    }
}

/// The plan of the root of a run whose command needs the host paths `needed`
/// (absolute), with the directories `hide` (absolute, links resolved) covered
/// where the root holds them, and a tmpfs of `disk` bytes on `/tmp`, on the
/// host `host` (the tests' fake one; the judge's is [`plan_here`]).
#[cfg(test)]
pub(crate) fn plan(needed: &[PathBuf], hide: &[PathBuf], disk: u64, host: &dyn Host) -> Tree {
    finish(fixed(host, false), needed, hide, disk, host)
}

/// The plan of a root as `plan`, with the judge's prepared `/etc`.
#[cfg(test)]
pub(crate) fn plan_prepared(
    needed: &[PathBuf],
    hide: &[PathBuf],
    disk: u64,
    host: &dyn Host,
) -> Tree {
    finish(fixed(host, true), needed, hide, disk, host)
}

/// The plan of a root (see `plan`) on the real host, whose system part (the same for every run) is
/// planned once per judge; `etc_prepared`: the judge holds a prepared `/etc`
/// (`etc_tree::prepared`, which the caller asks, as it is made from this
/// module's [`etc_ops`]).
pub(crate) fn plan_here(
    needed: &[PathBuf],
    hide: &[PathBuf],
    disk: u64,
    etc_prepared: bool,
) -> Tree {
    static FIXED: std::sync::OnceLock<Builder> = std::sync::OnceLock::new();
    let fixed = FIXED.get_or_init(|| fixed(&RealHost, etc_prepared)).clone();
    finish(fixed, needed, hide, disk, &RealHost)
}

/// The part of every root that does not depend on the command: the system,
/// `/etc` (its allowed entries one by one, or with `prepared` the judge's
/// prepared tree of them attached whole), `/sys`, `/dev`, and the
/// directories the rest is mounted on.
fn fixed(host: &dyn Host, prepared: bool) -> Builder {
    let mut b = Builder::default();
    for p in filesystem::SYSTEM.iter().chain(SYS) {
        b.take(Path::new(p), host, true);
    }
    if prepared {
        let etc = Path::new(filesystem::ETC);
        b.dir(etc, 0o755);
        // Made read-only where it was prepared; the seal lists no bind of it.
        b.binds.push(Op::Prepared(etc.to_path_buf()));
        b.taken.push(etc.to_path_buf());
    } else {
        etc_part(&mut b, host);
    }
    b.dir(Path::new("/proc"), 0o555);
    b.dir(Path::new("/dev"), 0o755);
    for d in DEVICES {
        b.take(Path::new(d), host, false);
    }
    for (path, target) in DEV_LINKS {
        b.link(Path::new(path), Path::new(target));
    }
    for w in WRITABLE {
        b.dir(Path::new(w), 0o755);
    }
    b
}

/// `/etc` with the allowed entries only, links resolved (in `b`: its
/// directories, files and links in `b.ops`, its binds waiting in `b.binds`
/// for the seal).
fn etc_part(b: &mut Builder, host: &dyn Host) {
    let list = |d: &Path| host.entries(d);
    let canonical = |p: &Path| host.canonical(p);
    let etc = filesystem::etc_allowed_on(&list, &canonical);
    if !etc.is_empty() {
        b.dir(Path::new(filesystem::ETC), 0o755);
    }
    for e in &etc {
        match &e.link {
            Some(end) => b.link(&e.path, end),
            None => b.bind(&e.path, &host.kind_followed(&e.path), true),
        }
    }
}

/// The steps that build `/etc` as a root holds it (`/etc` itself first,
/// then its directories, files and links, then its binds, every bind
/// read-only once sealed), for the judge's prepared tree (`etc_tree.rs`);
/// empty where no entry is allowed.
pub(crate) fn etc_ops(host: &dyn Host) -> Vec<Op> {
    let mut b = Builder::default();
    etc_part(&mut b, host);
    b.ops.append(&mut b.binds);
    b.ops
}

/// The rest of a plan after its fixed part `b`.
fn finish(
    mut b: Builder,
    needed: &[PathBuf],
    hide: &[PathBuf],
    disk: u64,
    host: &dyn Host,
) -> Tree {
    // The command's files: those outside the run's tmpfs now, the others
    // once it is mounted. Parents before children, each once.
    let mut needed: Vec<PathBuf> = needed.iter().filter_map(|p| clean(p)).collect();
    needed.sort();
    needed.dedup();
    // In the run's writable directories: bound into its tmpfs once mounted.
    let writable = |p: &Path| WRITABLE.iter().any(|w| p.starts_with(w));
    // Never bound: the whole host, the run's own directories, and what the
    // root makes itself (a fresh /proc, its /dev, the host's /sys).
    let unbound = |p: &Path| {
        p == Path::new("/")
            || WRITABLE.iter().any(|w| p == Path::new(w))
            || ["/proc", "/sys"].iter().any(|s| p.starts_with(s))
            || (p.starts_with("/dev") && !writable(p))
    };
    needed.retain(|p| !unbound(p));
    for p in needed.iter().filter(|p| !writable(p)) {
        b.bind(p, &host.kind_followed(p), true);
    }
    b.seal();
    b.ops.push(Op::Tmpfs {
        path: "/tmp".into(),
        options: format!("size={disk},nr_inodes=65536,mode=1777"),
        read_only: false,
    });
    // The run's tmpfs is its own: what was made before it is under it.
    b.made
        .retain(|m| !m.starts_with("/tmp") || m == Path::new("/tmp"));
    for w in &WRITABLE[1..] {
        let name = w.trim_start_matches('/').replace('/', "-");
        let source = PathBuf::from(format!("/tmp/.{name}"));
        b.ops.push(Op::Dir(source.clone(), 0o1777));
        b.made.push(source.clone());
        b.ops.push(Op::Bind {
            source,
            path: PathBuf::from(w),
            read_only: false,
            in_root: true,
        });
    }
    // The command's files in the run's writable directories: each in a
    // read-only skeleton on its first directory there (a file right in
    // /tmp is bound into the tmpfs as it is).
    let mut skeletons: Vec<(PathBuf, Vec<PathBuf>)> = Vec::new();
    for p in needed.iter().filter(|p| writable(p)) {
        let Some(top) = WRITABLE
            .iter()
            .filter_map(|w| Some(Path::new(w).join(p.strip_prefix(w).ok()?.components().next()?)))
            .next()
        else {
            continue;
        };
        let kind = host.kind_followed(p);
        if &top == p {
            b.bind(p, &kind, true);
            continue;
        }
        if !matches!(kind, Kind::Dir | Kind::File) || !b.free(p) {
            continue;
        }
        if !skeletons.iter().any(|(t, _)| *t == top) {
            b.dir(&top, 0o755);
            b.ops.push(Op::Tmpfs {
                path: top.clone(),
                options: SKELETON_OPTIONS.into(),
                read_only: false,
            });
            skeletons.push((top.clone(), Vec::new()));
        }
        if let Some(parent) = p.parent() {
            b.dirs(parent, SKELETON_DIRS, SKELETON_DIRS);
        }
        match kind {
            Kind::Dir => {
                b.ops.push(Op::Dir(p.clone(), SKELETON_DIRS));
                b.made.push(p.clone());
            }
            _ => b.ops.push(Op::File(p.clone())),
        }
        b.ops.push(Op::Bind {
            source: p.clone(),
            path: p.clone(),
            read_only: false,
            in_root: false,
        });
        b.taken.push(p.clone());
        if let Some((_, binds)) = skeletons.iter_mut().find(|(t, _)| *t == top) {
            binds.push(p.clone());
        }
    }
    for (at, binds) in skeletons {
        b.ops.push(Op::Seal { at, binds });
    }
    for h in hide.iter().filter_map(|h| clean(h)) {
        let shown = b.covered(&h) && !writable(&h) && !unbound(&h);
        let needs_inside = needed.iter().any(|n| n.starts_with(&h));
        if shown && !needs_inside && host.kind_followed(&h) == Kind::Dir {
            b.ops.push(Op::Tmpfs {
                path: h,
                options: COVER_OPTIONS.into(),
                read_only: true,
            });
        }
    }
    let base = BASES
        .iter()
        .map(PathBuf::from)
        .find(|d| host.kind(d) == Kind::Dir && !needed.iter().any(|n| n.starts_with(d)))
        .unwrap_or_default();
    Tree { base, ops: b.ops }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A host made of a list of paths and what each is.
    struct Fake(BTreeMap<PathBuf, Kind>);

    impl Fake {
        fn new(entries: &[(&str, Kind)]) -> Fake {
            Fake(
                entries
                    .iter()
                    .map(|(p, k)| (PathBuf::from(p), k.clone()))
                    .collect(),
            )
        }
    }

    impl Host for Fake {
        fn kind(&self, p: &Path) -> Kind {
            self.0.get(p).cloned().unwrap_or(Kind::Missing)
        }
        fn kind_followed(&self, p: &Path) -> Kind {
            match self.kind(p) {
                Kind::Link(t) => self.kind_followed(&t),
                k => k,
            }
        }
        fn entries(&self, p: &Path) -> Vec<PathBuf> {
            self.0
                .keys()
                .filter(|k| k.parent() == Some(p))
                .cloned()
                .collect()
        }
        /// Resolves a link at the path itself (absolute targets only).
        fn canonical(&self, p: &Path) -> Option<PathBuf> {
            match self.kind(p) {
                Kind::Missing => None,
                Kind::Link(t) if t.is_absolute() => self.canonical(&t),
                Kind::Link(_) => None,
                _ => Some(p.to_path_buf()),
            }
        }
    }

    /// A merged-`/usr` Debian, as far as the planner looks.
    fn debian() -> Fake {
        Fake::new(&[
            ("/usr", Kind::Dir),
            ("/bin", Kind::Link("usr/bin".into())),
            ("/lib", Kind::Link("usr/lib".into())),
            ("/lib64", Kind::Link("usr/lib64".into())),
            ("/sbin", Kind::Link("usr/sbin".into())),
            ("/opt", Kind::Dir),
            ("/opt/tests", Kind::Dir),
            ("/opt/tc", Kind::Dir),
            ("/opt/tc/tests", Kind::Dir),
            ("/etc", Kind::Dir),
            ("/etc/ld.so.cache", Kind::File),
            ("/etc/passwd", Kind::File),
            ("/etc/hostname", Kind::File),
            ("/etc/java-17-openjdk", Kind::Dir),
            (
                "/etc/localtime",
                Kind::Link("/usr/share/zoneinfo/Etc/UTC".into()),
            ),
            ("/usr/share/zoneinfo/Etc/UTC", Kind::File),
            (
                "/etc/timezone",
                Kind::Link("/etc/ssh/ssh_host_rsa_key".into()),
            ),
            ("/etc/ssh", Kind::Dir),
            ("/etc/ssh/ssh_host_rsa_key", Kind::File),
            ("/etc/shadow", Kind::File),
            ("/etc/gshadow", Kind::File),
            ("/etc/ssl", Kind::Dir),
            ("/etc/ssl/openssl.cnf", Kind::File),
            ("/etc/ssl/private", Kind::Dir),
            ("/etc/sudoers.d", Kind::Link("/usr/share/sudoers.d".into())),
            ("/sys/devices/system/cpu", Kind::Dir),
            ("/sys/fs/cgroup", Kind::Dir),
            ("/dev/null", Kind::File),
            ("/dev/zero", Kind::File),
            ("/dev/urandom", Kind::File),
            ("/tmp", Kind::Dir),
            ("/tmp/x", Kind::Dir),
            ("/tmp/x/a.out", Kind::File),
            ("/mnt", Kind::Dir),
            ("/home/u/p/sol", Kind::File),
            ("/home/u/classes", Kind::Dir),
        ])
    }

    fn p(s: &str) -> PathBuf {
        PathBuf::from(s)
    }

    /// Every bind and whether it ends read-only (remounted at once, or
    /// listed by the seal).
    fn binds(t: &Tree) -> Vec<(String, bool)> {
        let sealed: Vec<&PathBuf> = t
            .ops
            .iter()
            .flat_map(|o| match o {
                Op::Seal { binds, .. } => binds.iter().collect(),
                _ => Vec::new(),
            })
            .collect();
        t.ops
            .iter()
            .filter_map(|o| match o {
                Op::Bind {
                    path, read_only, ..
                } => Some((
                    path.display().to_string(),
                    *read_only || sealed.contains(&path),
                )),
                _ => None,
            })
            .collect()
    }

    /// The base's seal comes once, after every directory, file and link of
    /// the base and every read-only bind it lists, and before every writable
    /// mount; what is made after it lies in the run's tmpfs, and a bind
    /// there that is not remounted at once is listed by a seal after it.
    fn sealed_in_order(t: &Tree) {
        let base_seal = |o: &Op| matches!(o, Op::Seal { at, .. } if at == Path::new("/"));
        let at = t.ops.iter().position(base_seal).expect("a seal");
        assert_eq!(t.ops.iter().filter(|o| base_seal(o)).count(), 1);
        let Op::Seal { binds: listed, .. } = &t.ops[at] else {
            unreachable!()
        };
        let sealed_later = |i: usize, path: &PathBuf| {
            t.ops[i..].iter().any(|o| {
                matches!(o, Op::Seal { at, binds } if at != Path::new("/") && binds.contains(path) && path.starts_with(at))
            })
        };
        for (i, o) in t.ops.iter().enumerate() {
            match o {
                Op::Dir(p, _) | Op::File(p) | Op::Link { path: p, .. } if i > at => {
                    let in_tmpfs = WRITABLE
                        .iter()
                        .any(|w| p.starts_with(w) && p != Path::new(w));
                    assert!(in_tmpfs, "{o:?} after the seal");
                }
                Op::Bind {
                    path, read_only, ..
                } if i < at => {
                    assert!(!read_only && listed.contains(path), "{o:?}");
                }
                Op::Bind {
                    read_only: false,
                    in_root: false,
                    path,
                    ..
                } if i > at => assert!(path.starts_with("/dev/") || sealed_later(i, path), "{o:?}"),
                Op::Tmpfs { .. } => assert!(i > at, "{o:?} before the seal"),
                _ => {}
            }
        }
    }

    /// Every path an op makes or mounts on has its parent made (or bound)
    /// by an op before it: init can carry the plan out in order.
    fn parents_first(t: &Tree) {
        let mut there = vec![p("/")];
        let mut bound: Vec<PathBuf> = Vec::new();
        for o in &t.ops {
            if let Op::Bind { path, .. } = o {
                bound.push(path.clone());
            }
            let (path, makes) = match o {
                Op::Dir(d, _) => (d, true),
                Op::File(f) => (f, true),
                Op::Link { path, .. } => (path, true),
                Op::Bind { path, .. } | Op::Tmpfs { path, .. } | Op::Prepared(path) => {
                    (path, false)
                }
                Op::Seal { .. } => continue,
            };
            if makes {
                let parent = path.parent().expect("a parent");
                assert!(there.iter().any(|t| t == parent), "{o:?} before its parent");
                there.push(path.clone());
            } else {
                let shown = bound.iter().any(|b| path.starts_with(b) && path != b);
                assert!(there.contains(path) || shown, "{o:?} on nothing made");
            }
        }
    }

    #[test]
    fn the_system_is_bound_read_only_and_merged_usr_links_made_again() {
        let t = plan(&[], &[], 1 << 20, &debian());
        parents_first(&t);
        sealed_in_order(&t);
        let b = binds(&t);
        assert!(b.contains(&("/usr".into(), true)));
        // Neither /opt nor /etc whole.
        assert!(!b.iter().any(|(d, _)| d == "/opt" || d == "/etc"));
        assert!(b.contains(&("/sys/devices/system/cpu".into(), true)));
        // The host's cgroup tree is not shown.
        assert!(!b.iter().any(|(d, _)| d.starts_with("/sys/fs")));
        // Devices stay writable; the missing ones are left out.
        assert!(b.contains(&("/dev/null".into(), false)));
        assert!(!b.iter().any(|(d, _)| d == "/dev/full"));
        assert!(t.ops.contains(&Op::Link {
            path: p("/bin"),
            target: p("usr/bin")
        }));
        // Nothing of the host's /tmp, /home, /run.
        assert!(
            !b.iter()
                .any(|(d, _)| d.starts_with("/home") || d.starts_with("/run"))
        );
        assert_eq!(t.base, p("/tmp"));
    }

    /// `/etc` is a directory of the root's own with the allowed entries
    /// only: a file or directory bound read-only (sealed), a link made again
    /// to its resolved end; nothing else of the host's `/etc` (its secrets,
    /// a secret behind a listed name that is a link, an unlisted file).
    #[test]
    fn etc_holds_the_allowed_entries_only() {
        let t = plan(&[], &[], 1 << 20, &debian());
        parents_first(&t);
        sealed_in_order(&t);
        let b = binds(&t);
        let etc: Vec<(String, bool)> = b
            .iter()
            .filter(|(d, _)| d.starts_with("/etc"))
            .cloned()
            .collect();
        let want = [
            "/etc/java-17-openjdk",
            "/etc/ld.so.cache",
            "/etc/passwd",
            "/etc/ssl/openssl.cnf",
        ];
        assert_eq!(etc, want.map(|d| (d.to_owned(), true)));
        assert!(t.ops.contains(&Op::Dir(p("/etc"), 0o755)));
        assert!(t.ops.contains(&Op::Dir(p("/etc/ssl"), 0o755)));
        assert!(t.ops.contains(&Op::Link {
            path: p("/etc/localtime"),
            target: p("/usr/share/zoneinfo/Etc/UTC")
        }));
        // The listed name that leads to a secret is absent, as are the
        // unlisted entries.
        let made = |path: &str| {
            t.ops.iter().any(|o| match o {
                Op::Dir(d, _) | Op::File(d) | Op::Link { path: d, .. } => d == Path::new(path),
                Op::Bind { path: d, .. } => d == Path::new(path),
                _ => false,
            })
        };
        for absent in [
            "/etc/timezone",
            "/etc/shadow",
            "/etc/ssl/private",
            "/etc/hostname",
        ] {
            assert!(!made(absent), "{absent}");
        }
        // A host without /etc: no /etc.
        let bare = Fake::new(&[("/usr", Kind::Dir), ("/etc/shadow", Kind::File)]);
        let t = plan(&[], &[], 1 << 20, &bare);
        assert!(!binds(&t).iter().any(|(d, _)| d.starts_with("/etc")));
    }

    /// With the judge's prepared `/etc`, the root makes `/etc` and attaches
    /// the tree there before the seal, and nothing else of `/etc`; the
    /// tree's steps are those a root without it makes of `/etc`, `/etc`
    /// first, its binds after every directory, file and link.
    #[test]
    fn a_prepared_etc_is_attached_whole_and_holds_the_same_steps() {
        let host = debian();
        let t = plan_prepared(&[], &[], 1 << 20, &host);
        parents_first(&t);
        sealed_in_order(&t);
        let etc: Vec<&Op> = t
            .ops
            .iter()
            .filter(|o| match o {
                Op::Dir(p, _) | Op::File(p) | Op::Prepared(p) | Op::Link { path: p, .. } => {
                    p.starts_with("/etc")
                }
                Op::Bind { path, .. } => path.starts_with("/etc"),
                _ => false,
            })
            .collect();
        assert_eq!(etc, [&Op::Dir(p("/etc"), 0o755), &Op::Prepared(p("/etc"))]);
        let seal = t
            .ops
            .iter()
            .position(|o| matches!(o, Op::Seal { .. }))
            .unwrap();
        let attach = t
            .ops
            .iter()
            .position(|o| matches!(o, Op::Prepared(_)))
            .unwrap();
        assert!(attach < seal);
        // A command's file in /etc is not bound into the prepared tree.
        let t = plan_prepared(&[p("/etc/hostname")], &[], 1 << 20, &host);
        assert!(!binds(&t).iter().any(|(d, _)| d.starts_with("/etc")));

        let whole = plan(&[], &[], 1 << 20, &host);
        let in_etc = |o: &&Op| match o {
            Op::Dir(p, _) | Op::File(p) | Op::Link { path: p, .. } => p.starts_with("/etc"),
            Op::Bind { path, .. } => path.starts_with("/etc"),
            _ => false,
        };
        let mut want: Vec<&Op> = whole.ops.iter().filter(in_etc).collect();
        let ops = etc_ops(&host);
        let mut got: Vec<&Op> = ops.iter().collect();
        assert_eq!(got.first(), Some(&&Op::Dir(p("/etc"), 0o755)));
        let first_bind = got
            .iter()
            .position(|o| matches!(o, Op::Bind { .. }))
            .unwrap();
        assert!(
            got[first_bind..]
                .iter()
                .all(|o| matches!(o, Op::Bind { .. }))
        );
        let key = |o: &&Op| format!("{o:?}");
        want.sort_by_key(key);
        got.sort_by_key(key);
        assert_eq!(got, want);
        // A host without /etc: nothing to prepare.
        let bare = Fake::new(&[("/usr", Kind::Dir), ("/etc/shadow", Kind::File)]);
        assert!(etc_ops(&bare).is_empty());
    }

    #[test]
    fn the_run_writes_only_its_tmpfs_with_var_tmp_and_dev_shm_in_it() {
        let t = plan(&[], &[], 5 << 20, &debian());
        let tmpfs: Vec<&Op> = t
            .ops
            .iter()
            .filter(|o| matches!(o, Op::Tmpfs { .. }))
            .collect();
        assert_eq!(
            tmpfs,
            [&Op::Tmpfs {
                path: p("/tmp"),
                options: "size=5242880,nr_inodes=65536,mode=1777".into(),
                read_only: false
            }]
        );
        for (path, source) in [("/var/tmp", "/tmp/.var-tmp"), ("/dev/shm", "/tmp/.dev-shm")] {
            assert!(t.ops.contains(&Op::Bind {
                source: p(source),
                path: p(path),
                read_only: false,
                in_root: true
            }));
        }
        let writable: Vec<_> = binds(&t)
            .into_iter()
            .filter(|(d, ro)| !ro && !d.starts_with("/dev/") || d == "/dev/shm")
            .map(|(d, _)| d)
            .collect();
        assert_eq!(writable, ["/var/tmp", "/dev/shm"]);
    }

    #[test]
    fn the_commands_files_are_bound_at_their_paths_and_the_base_avoids_them() {
        let needed = [p("/home/u/p/sol"), p("/home/u/classes"), p("/tmp/x/a.out")];
        let t = plan(&needed, &[], 1 << 20, &debian());
        parents_first(&t);
        sealed_in_order(&t);
        let b = binds(&t);
        for n in ["/home/u/p/sol", "/home/u/classes", "/tmp/x/a.out"] {
            assert!(b.contains(&(n.into(), true)), "{n} in {b:?}");
        }
        // Made in the root with traversable parents, not the host's /home.
        assert!(t.ops.contains(&Op::Dir(p("/home/u"), 0o755)));
        assert!(t.ops.contains(&Op::File(p("/home/u/p/sol"))));
        // /tmp/x/a.out lies in the run's tmpfs: made after it is mounted.
        let tmpfs = t
            .ops
            .iter()
            .position(|o| matches!(o, Op::Tmpfs { path, .. } if path == Path::new("/tmp")))
            .unwrap();
        let program = t
            .ops
            .iter()
            .position(|o| o == &Op::File(p("/tmp/x/a.out")))
            .unwrap();
        assert!(tmpfs < program);
        // The host's /tmp holds the program: the root is built on /mnt.
        assert_eq!(t.base, p("/mnt"));
    }

    #[test]
    fn system_files_and_odd_paths_are_not_bound_again() {
        let needed = [
            p("/usr/bin/python3"),
            p("/bin/sh"),
            p("/proc/self/fd/0"),
            p("/dev/null"),
            p("relative"),
            p("/home/u/../u/p/sol"),
        ];
        let t = plan(&needed, &[], 1 << 20, &debian());
        let extra: Vec<_> = binds(&t)
            .into_iter()
            .filter(|(d, _)| d.starts_with("/home") || d.contains("python") || d == "/bin/sh")
            .collect();
        assert!(extra.is_empty(), "{extra:?}");
    }

    #[test]
    fn hidden_directories_are_covered_where_the_root_shows_them() {
        let needed = [p("/home/u/p/sol"), p("/opt/tc")];
        let hide = [
            p("/opt/tests"),
            p("/opt/tc/tests"),
            p("/home/u/tests"),
            p("/home/u/p"),
            p("/srv/t"),
        ];
        let t = plan(&needed, &hide, 1 << 20, &debian());
        parents_first(&t);
        sealed_in_order(&t);
        let covers: Vec<&Path> = t
            .ops
            .iter()
            .filter_map(|o| match o {
                Op::Tmpfs {
                    path,
                    read_only: true,
                    options,
                } => {
                    assert_eq!(options, COVER_OPTIONS);
                    Some(path.as_path())
                }
                _ => None,
            })
            .collect();
        // The toolchain /opt/tc is bound: its tests are covered. /opt is not
        // (nor /opt/tests), /home/u/tests and /srv/t are not in the root at
        // all; /home/u/p holds the program.
        assert_eq!(covers, [Path::new("/opt/tc/tests")]);
        // The covers come after every bind.
        let last_bind = t
            .ops
            .iter()
            .rposition(|o| matches!(o, Op::Bind { .. }))
            .unwrap();
        let cover = t
            .ops
            .iter()
            .position(|o| {
                matches!(
                    o,
                    Op::Tmpfs {
                        read_only: true,
                        ..
                    }
                )
            })
            .unwrap();
        assert!(last_bind < cover);
    }

    /// A command that names `/`, `/tmp` or `/proc` gets no bind of them; a
    /// program in the host's `/var/tmp` or `/dev/shm` is bound into the
    /// run's tmpfs there, after it is mounted (else the tmpfs would hide it).
    #[test]
    fn odd_directories_of_the_command() {
        let host = Fake::new(&[
            ("/usr", Kind::Dir),
            ("/tmp", Kind::Dir),
            ("/var/tmp/p/a.out", Kind::File),
            ("/dev/shm/b.out", Kind::File),
        ]);
        let needed = [
            p("/"),
            p("/tmp"),
            p("/proc"),
            p("/dev/null"),
            p("/var/tmp/p/a.out"),
            p("/dev/shm/b.out"),
        ];
        let t = plan(&needed, &[], 1 << 20, &host);
        parents_first(&t);
        sealed_in_order(&t);
        let b = binds(&t);
        for bad in ["/", "/tmp", "/proc"] {
            assert!(!b.iter().any(|(d, _)| d == bad), "{bad} bound: {b:?}");
        }
        let after = |path: &str, what: &str| {
            let bind = t
                .ops
                .iter()
                .position(|o| matches!(o, Op::Bind { path: q, .. } if q == Path::new(path)))
                .unwrap_or_else(|| panic!("{path} not bound"));
            let mount = t
                .ops
                .iter()
                .position(|o| matches!(o, Op::Bind { path: q, in_root: true, .. } if q == Path::new(what)))
                .unwrap_or_else(|| panic!("{what} not bound"));
            assert!(mount < bind, "{path} before {what}");
        };
        after("/var/tmp/p/a.out", "/var/tmp");
        after("/dev/shm/b.out", "/dev/shm");
        assert!(b.contains(&("/var/tmp/p/a.out".into(), true)));
    }

    #[test]
    fn clean_paths_only() {
        assert_eq!(clean(Path::new("/a/b")), Some(p("/a/b")));
        assert_eq!(clean(Path::new("/a/./b")), Some(p("/a/b")));
        assert_eq!(clean(Path::new("/a/../b")), None);
        assert_eq!(clean(Path::new("a/b")), None);
    }
}
