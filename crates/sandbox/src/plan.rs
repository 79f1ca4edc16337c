//! Phase "plan": what a run may read, write and see, decided before anything
//! is made.
//!
//! Pure decisions on paths (the file system is only asked what a path is):
//! the program to start and its arguments made absolute (the run works in
//! another directory), the paths the command needs, the directories to hide,
//! the Landlock rules and the environment. With strict isolation the run
//! lives in a fresh root (`root.rs` plans it from this plan): its `/tmp` is
//! always private and its working directory is `/tmp/run` there; with basic
//! isolation it works in a fresh directory of the judge's.

use crate::Isolation;
use crate::filesystem;
use crate::root;
use crate::workdir::PRIVATE_WORKDIR;
use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The `PATH` of the program.
pub(crate) const PROGRAM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The plan of one run (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The program, absolute where it names a file.
    pub program: OsString,
    /// Its arguments, those naming existing relative paths made absolute.
    pub args: Vec<OsString>,
    /// The absolute paths the command names, as given and with links resolved.
    pub needed: Vec<PathBuf>,
    /// Strict isolation: a fresh root in namespaces.
    pub strict: bool,
    /// Directories the run must not see (absolute, links resolved).
    pub hide: Vec<PathBuf>,
    /// The working directory on the host (basic isolation only).
    pub workdir: Option<PathBuf>,
}

impl Plan {
    /// The plan of `cmd` (not empty) without its working directory, which
    /// [`Plan::place`] adds once made (basic isolation).
    pub fn new(cmd: &[OsString], isolation: Isolation) -> Plan {
        let program = cmd.first().map(resolve_program).unwrap_or_default();
        let args: Vec<OsString> = cmd.iter().skip(1).map(absolute).collect();
        let mut needed: Vec<PathBuf> = std::iter::once(&program)
            .chain(&args)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .collect();
        let canonical: Vec<PathBuf> = needed
            .iter()
            .filter_map(|p| std::fs::canonicalize(p).ok())
            .collect();
        needed.extend(canonical);
        Plan {
            program,
            args,
            needed,
            strict: isolation == Isolation::Strict,
            hide: Vec::new(),
            workdir: None,
        }
    }

    /// Completes the plan with the working directory made on the host (basic)
    /// and the directories to hide (their links resolved where they exist).
    pub fn place(&mut self, workdir: Option<&Path>, hide: &[PathBuf]) {
        self.workdir = workdir.map(Path::to_path_buf);
        self.hide = hide
            .iter()
            .filter_map(|d| {
                std::fs::canonicalize(d)
                    .or_else(|_| std::path::absolute(d))
                    .ok()
            })
            .collect();
    }

    /// The fresh root of a strict run with a tmpfs of `disk` bytes.
    pub fn root(&self, disk: u64) -> root::Tree {
        let etc_prepared = crate::etc_tree::prepared().is_some();
        root::plan_here(&self.needed, &self.hide, disk, etc_prepared)
    }

    /// The Landlock rules of the run: read the command's files, write its
    /// working directory on the host (basic; a strict run's writable
    /// directories are granted inside, once mounted).
    pub fn landlock(&self) -> filesystem::Plan {
        let workdir = self.workdir.as_deref();
        filesystem::Plan {
            read: self
                .needed
                .iter()
                .filter(|p| workdir.is_none_or(|w| !p.starts_with(w)))
                .cloned()
                .collect(),
            write: workdir.map(Path::to_path_buf).into_iter().collect(),
        }
    }

    /// The working directory as the program sees it.
    pub fn home(&self) -> OsString {
        match &self.workdir {
            Some(w) => w.as_os_str().to_owned(),
            None => PRIVATE_WORKDIR.into(),
        }
    }

    /// The program's whole environment.
    pub fn env(&self) -> Vec<(&'static str, OsString)> {
        let home = self.home();
        let tmpdir = if self.strict {
            "/tmp".into()
        } else {
            home.clone()
        };
        vec![
            ("PATH", PROGRAM_PATH.into()),
            ("HOME", home),
            ("TMPDIR", tmpdir),
            ("LANG", lang().into()),
            (crate::PYPY_NURSERY.0, crate::PYPY_NURSERY.1.into()),
        ]
    }
}

/// The runs' locale: `C.UTF-8` where the system has it (glibc's
/// `/usr/lib/locale/C.utf8`), so that a
/// runtime reads and writes UTF-8 names (Java's class of a non-ASCII name,
/// a path a program prints); else `C`. Looked up once per judge.
pub(crate) fn lang() -> &'static str {
    static LANG: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
    LANG.get_or_init(|| {
        let dirs = ["/usr/lib/locale/C.utf8", "/usr/lib/locale/C.UTF-8"];
        if dirs.iter().any(|d| Path::new(d).is_dir()) {
            "C.UTF-8"
        } else {
            "C"
        }
    })
}

/// An argument naming an existing relative path, made absolute.
fn absolute(a: &OsString) -> OsString {
    let p = Path::new(a);
    if p.is_relative() && p.exists() {
        std::path::absolute(p).map_or_else(|_| a.clone(), PathBuf::into_os_string)
    } else {
        a.clone()
    }
}

/// The program to start: a relative path naming an existing file is made
/// absolute (the program runs in another directory), a bare name is looked up
/// in the program's minimal `PATH`, then in the judge's.
pub(crate) fn resolve_program(program: &OsString) -> OsString {
    let p = Path::new(program);
    if p.is_relative() && p.exists() {
        return std::path::absolute(p).map_or_else(|_| program.clone(), PathBuf::into_os_string);
    }
    if !program.as_bytes().contains(&b'/')
        && let Some(found) = search_path(p)
    {
        return std::path::absolute(&found)
            .map_or_else(|_| program.clone(), PathBuf::into_os_string);
    }
    program.clone()
}

/// The executable file a bare command name stands for in a run: the first in
/// the program's minimal `PATH`, then in the judge's, or `None`.
pub(crate) fn search_path(name: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let mut path = OsString::from(PROGRAM_PATH);
    if let Some(judge) = std::env::var_os("PATH") {
        path.push(":");
        path.push(judge);
    }
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|c| {
            std::fs::metadata(c).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(parts: &[&str]) -> Vec<OsString> {
        parts.iter().map(OsString::from).collect()
    }

    #[test]
    fn strict_works_in_the_private_tmp_and_writes_nothing_of_the_hosts() {
        let mut p = Plan::new(&cmd(&["/usr/bin/true"]), Isolation::Strict);
        p.place(None, &["/srv/no-such-tests-beatty".into()]);
        assert_eq!(p.home(), "/tmp/run");
        assert!(p.env().contains(&("TMPDIR", "/tmp".into())));
        let utf8 = Path::new("/usr/lib/locale/C.utf8").is_dir();
        let lang = if utf8 { "C.UTF-8" } else { "C" };
        assert!(p.env().contains(&("LANG", lang.into())), "{:?}", p.env());
        let ll = p.landlock();
        assert!(ll.write.is_empty());
        assert!(ll.read.contains(&PathBuf::from("/usr/bin/true")));
        assert_eq!(p.hide, [PathBuf::from("/srv/no-such-tests-beatty")]);
    }

    /// A program in the host's `/tmp` keeps the private `/tmp` (it is bound
    /// into it): the run never works in the host's.
    #[test]
    fn a_program_in_tmp_is_bound_into_the_private_tmp() {
        let dir = tempfile::tempdir_in("/tmp").expect("tempdir");
        let prog = dir.path().join("a.out");
        std::fs::write(&prog, "").expect("write");
        let mut p = Plan::new(&cmd(&[prog.to_str().unwrap()]), Isolation::Strict);
        p.place(None, &[]);
        assert_eq!(p.home(), "/tmp/run");
        let tree = p.root(1 << 20);
        // Bound at its path, in a skeleton on its directory that is sealed
        // read-only with it.
        let bound = tree
            .ops
            .iter()
            .any(|o| matches!(o, root::Op::Bind { path, .. } if *path == prog));
        let sealed = tree.ops.iter().any(|o| {
            matches!(o, root::Op::Seal { at, binds } if at == dir.path() && binds.contains(&prog))
        });
        assert!(bound && sealed, "{tree:?}");
        assert_ne!(tree.base, Path::new("/tmp"));
    }

    #[test]
    fn basic_writes_its_directory_and_hides_nothing_itself() {
        let mut p = Plan::new(&cmd(&["/usr/bin/true"]), Isolation::Basic);
        p.place(Some(Path::new("/tmp/judge-run-2-y")), &[]);
        assert_eq!(p.landlock().write, [PathBuf::from("/tmp/judge-run-2-y")]);
        assert!(p.env().contains(&("TMPDIR", "/tmp/judge-run-2-y".into())));
        assert_eq!(p.home(), "/tmp/judge-run-2-y");
    }
}
