//! Phase "plan": what a run may read, write and see, decided before anything
//! is made.
//!
//! Pure decisions on paths (the file system is only asked whether a
//! directory exists): the program to start and its arguments made absolute
//! (the run works in another directory), the paths the command needs, whether
//! the run gets a private `/tmp`, which host directories its one tmpfs
//! covers, which test directories are hidden, the Landlock rules and the
//! environment. A directory the command needs is never covered or hidden:
//! a program that lies in `/tmp` keeps the host's `/tmp` (and then works in a
//! fresh directory there).

use crate::Isolation;
use crate::filesystem;
use crate::workdir::PRIVATE_WORKDIR;
use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The `PATH` of the program.
pub(crate) const PROGRAM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The temporary directories a strict run gets privately, on one tmpfs.
const TEMPORARY: &[&str] = &["/tmp", "/var/tmp", "/dev/shm"];

/// The plan of one run (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The program, absolute where it names a file.
    pub program: OsString,
    /// Its arguments, those naming existing relative paths made absolute.
    pub args: Vec<OsString>,
    /// The absolute paths the command names, as given and with links resolved.
    pub needed: Vec<PathBuf>,
    /// Strict isolation: namespaces, so directories can be covered.
    pub strict: bool,
    /// Whether `/tmp` is private (strict, and the command is not in it).
    pub private_tmp: bool,
    /// Host directories covered by the run's tmpfs: it is mounted on the
    /// first, the others are bound to directories in it.
    pub covered: Vec<PathBuf>,
    /// Directories covered by an empty read-only tmpfs (the test data).
    pub hide: Vec<PathBuf>,
    /// The working directory on the host (none with a private `/tmp`).
    pub workdir: Option<PathBuf>,
}

impl Plan {
    /// The plan of `cmd` (not empty) without its working directory, which
    /// [`Plan::place`] adds once made (when [`Plan::private_tmp`] is false).
    pub fn new(cmd: &[OsString], isolation: Isolation, is_dir: &dyn Fn(&Path) -> bool) -> Plan {
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
        let strict = isolation == Isolation::Strict;
        let private_tmp =
            strict && is_dir(Path::new("/tmp")) && !inside(Path::new("/tmp"), &needed);
        Plan {
            program,
            args,
            needed,
            strict,
            private_tmp,
            covered: Vec::new(),
            hide: Vec::new(),
            workdir: None,
        }
    }

    /// Completes the plan with the working directory made on the host (if
    /// any) and the directories to `hide`: the temporary directories to
    /// cover and the hidden ones, each unless the command needs something
    /// inside it.
    pub fn place(
        &mut self,
        workdir: Option<&Path>,
        hide: &[PathBuf],
        is_dir: &dyn Fn(&Path) -> bool,
    ) {
        self.workdir = workdir.map(Path::to_path_buf);
        let mut needed = self.needed.clone();
        needed.extend(self.workdir.clone());
        if !self.strict {
            return;
        }
        // `/tmp` when private (decided without the working directory, which
        // then lies in it only as `/tmp/run`); the others wherever the
        // command needs nothing in them.
        self.covered = TEMPORARY
            .iter()
            .map(PathBuf::from)
            .filter(|d| {
                if d == Path::new("/tmp") {
                    self.private_tmp
                } else {
                    is_dir(d) && !inside(d, &needed)
                }
            })
            .collect();
        self.hide = hide
            .iter()
            .filter_map(|d| std::path::absolute(d).ok())
            .filter(|d| is_dir(d) && !inside(d, &needed))
            .filter(|d| !self.covered.iter().any(|c| d.starts_with(c)))
            .collect();
    }

    /// The Landlock rules of the run: read the command's files, write its
    /// own directories.
    pub fn landlock(&self) -> filesystem::Plan {
        let workdir = self.workdir.as_deref();
        filesystem::Plan {
            read: self
                .needed
                .iter()
                .filter(|p| workdir.is_none_or(|w| !p.starts_with(w)))
                .cloned()
                .collect(),
            write: workdir
                .map(Path::to_path_buf)
                .into_iter()
                .chain(self.covered.iter().cloned())
                .collect(),
        }
    }

    /// Where the covered directories after the first are bound from: a
    /// directory in the first (`/tmp/.var-tmp`, `/tmp/.dev-shm`).
    pub fn bind_sources(&self) -> Vec<PathBuf> {
        let Some(first) = self.covered.first() else {
            return Vec::new();
        };
        self.covered
            .iter()
            .skip(1)
            .map(|d| {
                let name = d
                    .to_string_lossy()
                    .trim_start_matches('/')
                    .replace('/', "-");
                first.join(format!(".{name}"))
            })
            .collect()
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
        let tmpdir = if self.private_tmp {
            "/tmp".into()
        } else {
            home.clone()
        };
        vec![
            ("PATH", PROGRAM_PATH.into()),
            ("HOME", home),
            ("TMPDIR", tmpdir),
            ("LANG", "C".into()),
            (crate::PYPY_NURSERY.0, crate::PYPY_NURSERY.1.into()),
        ]
    }
}

/// Whether some of `needed` lies in `d`.
fn inside(d: &Path, needed: &[PathBuf]) -> bool {
    needed.iter().any(|a| a.starts_with(d))
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

    fn dirs(list: &'static [&'static str]) -> impl Fn(&Path) -> bool {
        move |p| list.iter().any(|d| Path::new(d) == p)
    }

    const HOST: &[&str] = &["/tmp", "/var/tmp", "/dev/shm", "/srv/tests", "/tmp/tests"];

    fn cmd(parts: &[&str]) -> Vec<OsString> {
        parts.iter().map(OsString::from).collect()
    }

    /// The search against the directories themselves: `sh` is where the
    /// first directory of the runs' PATH that holds an executable `sh` has it;
    /// a name in no directory, or a file that is not executable, is not found.
    #[test]
    fn the_path_search_finds_the_first_executable_of_the_runs_path() {
        use std::os::unix::fs::PermissionsExt;
        let want = ["/usr/local/bin/sh", "/usr/bin/sh", "/bin/sh"]
            .into_iter()
            .map(PathBuf::from)
            .find(|p| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o111 != 0));
        assert!(want.is_some(), "no sh in the runs' PATH");
        assert_eq!(search_path(Path::new("sh")), want);
        assert_eq!(crate::find_in_path("sh".as_ref()), want);
        assert_eq!(search_path(Path::new("no-such-program-beatty-4f1e")), None);
        // /etc/passwd exists under that name nowhere on PATH; a non-executable
        // file in a PATH directory would be skipped the same way.
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("beatty-not-executable");
        std::fs::write(&file, "#!/bin/sh\n").expect("write");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        assert_eq!(search_path(&file), None);
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        assert_eq!(search_path(&file), Some(file.clone()));
    }

    /// Runs get ids of their own exactly when the judge is root with them
    /// mapped: this test process's effective uid decides in the test
    /// environments (root on the host, or an ordinary user).
    #[test]
    fn runs_have_own_ids_only_as_root() {
        let root = nix::unistd::geteuid().is_root()
            && std::fs::read_to_string("/proc/self/uid_map")
                .is_ok_and(|m| m.split_whitespace().nth(2) == Some("4294967295"));
        assert_eq!(crate::runs_have_own_user_ids(), root);
    }

    #[test]
    fn strict_covers_every_temporary_directory_on_one_tmpfs() {
        let is_dir = dirs(HOST);
        let mut p = Plan::new(&cmd(&["/usr/bin/true"]), Isolation::Strict, &is_dir);
        assert!(p.private_tmp);
        p.place(None, &["/srv/tests".into(), "/tmp/tests".into()], &is_dir);
        let covered: Vec<&str> = p.covered.iter().map(|d| d.to_str().unwrap()).collect();
        assert_eq!(covered, ["/tmp", "/var/tmp", "/dev/shm"]);
        assert_eq!(
            p.bind_sources(),
            [PathBuf::from("/tmp/.var-tmp"), "/tmp/.dev-shm".into()]
        );
        // /tmp/tests lies under the private /tmp already: only /srv/tests is hidden.
        assert_eq!(p.hide, [PathBuf::from("/srv/tests")]);
        assert_eq!(p.home(), "/tmp/run");
        assert_eq!(p.landlock().write, p.covered);
        assert!(p.env().contains(&("TMPDIR", "/tmp".into())));
    }

    #[test]
    fn a_program_in_tmp_keeps_the_hosts_tmp_and_works_in_a_directory_there() {
        let is_dir = dirs(HOST);
        let mut p = Plan::new(&cmd(&["/tmp/x/a.out"]), Isolation::Strict, &is_dir);
        assert!(!p.private_tmp);
        p.place(
            Some(Path::new("/tmp/judge-run-1-x")),
            &["/tmp/tests".into()],
            &is_dir,
        );
        // /var/tmp and /dev/shm are still private: one tmpfs on the first.
        assert_eq!(p.covered, [PathBuf::from("/var/tmp"), "/dev/shm".into()]);
        assert_eq!(p.bind_sources(), [PathBuf::from("/var/tmp/.dev-shm")]);
        assert_eq!(p.hide, [PathBuf::from("/tmp/tests")]);
        assert_eq!(p.home(), "/tmp/judge-run-1-x");
        let ll = p.landlock();
        assert_eq!(
            ll.write,
            [
                PathBuf::from("/tmp/judge-run-1-x"),
                "/var/tmp".into(),
                "/dev/shm".into()
            ]
        );
        assert!(ll.read.contains(&PathBuf::from("/tmp/x/a.out")));
    }

    #[test]
    fn a_test_directory_the_command_needs_is_not_hidden() {
        let is_dir = dirs(HOST);
        let mut p = Plan::new(
            &cmd(&["/usr/bin/python3", "/srv/tests/sol.py"]),
            Isolation::Strict,
            &is_dir,
        );
        p.place(None, &["/srv/tests".into()], &is_dir);
        assert!(p.hide.is_empty());
        assert!(
            p.landlock()
                .read
                .contains(&PathBuf::from("/srv/tests/sol.py"))
        );
    }

    #[test]
    fn basic_covers_and_hides_nothing() {
        let is_dir = dirs(HOST);
        let mut p = Plan::new(&cmd(&["/usr/bin/true"]), Isolation::Basic, &is_dir);
        assert!(!p.private_tmp);
        p.place(
            Some(Path::new("/tmp/judge-run-2-y")),
            &["/srv/tests".into()],
            &is_dir,
        );
        assert!(p.covered.is_empty());
        assert!(p.hide.is_empty());
        assert!(p.env().contains(&("TMPDIR", "/tmp/judge-run-2-y".into())));
    }

    #[test]
    fn a_missing_temporary_directory_is_not_covered() {
        let is_dir = dirs(&["/tmp"]);
        let mut p = Plan::new(&cmd(&["/usr/bin/true"]), Isolation::Strict, &is_dir);
        p.place(None, &[], &is_dir);
        assert_eq!(p.covered, [PathBuf::from("/tmp")]);
        assert!(p.bind_sources().is_empty());
    }
}
