//! Phase "the program": what a run executes, copied into the box.
//!
//! As root, every run has a user id of its own, which cannot read a program
//! in a private directory (one made by `mktemp -d`, mode 0700) and so could
//! not start it. As isolate and DOMjudge do, the judge copies the program, and
//! every argument that names a regular file (an interpreter's script), into a
//! directory of its own that the runs may read and execute from but not
//! change: `/run/judge-box-PID-*` (root's tmpfs, outside the `/tmp` that a
//! strict run gets privately), mode 0711 so that those ids pass it and list
//! nothing. A directory argument that lies in one of the judge's own
//! directories (a compile's class path: they are all 0700) is copied too,
//! its directories 0555. Programs of the system directories (an
//! interpreter under `/usr`) are used where they are. Without root, where
//! the runs have subordinate ids (`credentials.rs`), the same copies go to a
//! box in the judge's temporary directory, its directories 0700 (a strict
//! run sees the files bound at their paths, with parents the root makes); otherwise
//! the runs have the judge's own user id and read the files where they are:
//! nothing is copied.

use crate::cleanup;
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A command whose files lie in the box; the box is removed on drop.
#[derive(Debug)]
pub struct Boxed {
    /// The command to run.
    pub cmd: Vec<OsString>,
    _dir: Option<tempfile::TempDir>,
}

/// Copies the files of `cmd` into a fresh box when the judge is root (see
/// the module docs), else returns `cmd` as it is.
///
/// # Errors
/// When the box cannot be made or a file cannot be copied.
pub fn into_box(cmd: &[OsString]) -> std::io::Result<Boxed> {
    let root = crate::is_root();
    if !(root || crate::credentials::subordinate().is_some()) || cmd.is_empty() {
        return Ok(Boxed {
            cmd: cmd.to_vec(),
            _dir: None,
        });
    }
    let tmp = std::env::temp_dir();
    let (parent, mode) = match root {
        true => (Path::new("/run"), 0o711),
        false => (tmp.as_path(), 0o700),
    };
    cleanup::sweep();
    let dir = tempfile::Builder::new()
        .prefix(&format!("judge-box-{}-", std::process::id()))
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir_in(parent)?;
    // As root the runs' user ids pass it (basic isolation walks the host's
    // tree), but list nothing.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(mode))?;
    let mut out = Vec::with_capacity(cmd.len());
    for (i, a) in cmd.iter().enumerate() {
        let path = if i == 0 {
            PathBuf::from(crate::plan::resolve_program(a))
        } else {
            PathBuf::from(a)
        };
        let meta = std::fs::metadata(&path).ok();
        let file = meta.as_ref().is_some_and(std::fs::Metadata::is_file)
            && !crate::filesystem::SYSTEM
                .iter()
                .any(|s| path.starts_with(s));
        // A directory of the judge's own (a compile's class path): 0700, so
        // the runs' ids could not read it where it is.
        let own_dir = meta.as_ref().is_some_and(std::fs::Metadata::is_dir)
            && path
                .components()
                .any(|c| cleanup::judge_pid(c.as_os_str()) == Some(std::process::id()));
        if !file && !own_dir {
            out.push(a.clone());
            continue;
        }
        let sub = dir.path().join(i.to_string());
        std::fs::create_dir(&sub)?;
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(mode))?;
        let name = path
            .file_name()
            .map_or_else(|| "program".into(), ToOwned::to_owned);
        let to = sub.join(name);
        let copied = if own_dir {
            copy_tree(&path, &to, 0)
        } else {
            copy_file(&path, &to)
        };
        copied.map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("copying {} into the box: {e}", path.display()),
            )
        })?;
        out.push(to.into_os_string());
    }
    Ok(Boxed {
        cmd: out,
        _dir: Some(dir),
    })
}

/// Copies the regular file `from` to `to`: readable by the runs' ids, and
/// executable where the original is.
fn copy_file(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::copy(from, to)?;
    let mode = std::fs::metadata(from)?.permissions().mode();
    let exec = if mode & 0o100 != 0 { 0o555 } else { 0o444 };
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(exec))
}

/// Copies the directory `from` (one the judge made: its regular files and
/// directories, links and anything else left out) to `to`, every directory
/// mode 0555 once filled.
fn copy_tree(from: &Path, to: &Path, depth: u32) -> std::io::Result<()> {
    if depth > 64 {
        return Err(std::io::Error::other("a directory deeper than 64 levels"));
    }
    std::fs::create_dir(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let kind = e.file_type()?;
        let (f, t) = (e.path(), to.join(e.file_name()));
        if kind.is_dir() {
            copy_tree(&f, &t, depth + 1)?;
        } else if kind.is_file() {
            copy_file(&f, &t)?;
        }
    }
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o555))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_root_a_directory_of_the_judges_own_is_copied_readable_by_all() {
        if !crate::is_root() {
            eprintln!("skipping: the box is made as root");
            return;
        }
        let mode = |p: &Path| {
            std::fs::symlink_metadata(p)
                .expect("stat")
                .permissions()
                .mode()
                & 0o7777
        };
        let own = crate::scratch_dir("boxtest").expect("scratch");
        assert_eq!(mode(own.path()), 0o700);
        let classes = own.path().join("classes");
        std::fs::create_dir_all(classes.join("pkg")).expect("mkdir");
        std::fs::write(classes.join("Main.class"), "m").expect("write");
        std::fs::write(classes.join("pkg/A.class"), "a").expect("write");
        std::os::unix::fs::symlink("/etc/hostname", classes.join("link")).expect("link");
        let other = tempfile::tempdir().expect("tempdir");
        let cmd: Vec<OsString> = vec![
            "/bin/sh".into(),
            classes.clone().into(),
            other.path().into(),
            "-x".into(),
        ];
        let b = into_box(&cmd).expect("boxed");
        // The system's program and a directory not the judge's stay.
        assert_eq!(b.cmd[0], cmd[0]);
        assert_eq!(b.cmd[2], cmd[2]);
        assert_eq!(b.cmd[3], cmd[3]);
        let copy = PathBuf::from(&b.cmd[1]);
        let copy = copy.as_path();
        assert!(copy.starts_with("/run"), "{}", copy.display());
        assert_eq!(std::fs::read(copy.join("pkg/A.class")).expect("read"), b"a");
        assert_eq!(mode(copy), 0o555);
        assert_eq!(mode(&copy.join("pkg")), 0o555);
        assert_eq!(mode(&copy.join("Main.class")), 0o444);
        assert!(!copy.join("link").exists(), "a link was copied");
        let top = copy
            .parent()
            .and_then(Path::parent)
            .expect("the box")
            .to_path_buf();
        assert_eq!(mode(&top), 0o711);
        drop(b);
        assert!(!top.exists(), "the box stays");
    }
}
