//! Phase "the program": what a run executes, copied into the box.
//!
//! As root, every run has a user id of its own, which cannot read a program
//! in a private directory (one made by `mktemp -d`, mode 0700) and so could
//! not start it. As isolate and DOMjudge do, the judge copies the program, and
//! every argument that names a regular file (an interpreter's script), into a
//! directory of its own that the runs may read and execute from but not
//! change: `/run/judge-box-PID-*` (root's tmpfs, outside the `/tmp` that a
//! strict run gets privately). Programs of the system directories (an
//! interpreter under `/usr`) are used where they are. Without root the runs
//! have the judge's own user id and read the files where they are: nothing
//! is copied.

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
    if !crate::is_root() || cmd.is_empty() {
        return Ok(Boxed {
            cmd: cmd.to_vec(),
            _dir: None,
        });
    }
    let parent = Path::new("/run");
    static STALE: std::sync::Once = std::sync::Once::new();
    STALE.call_once(|| cleanup::remove_stale(parent));
    let dir = tempfile::Builder::new()
        .prefix(&format!("judge-box-{}-", std::process::id()))
        .tempdir_in(parent)?;
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711))?;
    let mut out = Vec::with_capacity(cmd.len());
    for (i, a) in cmd.iter().enumerate() {
        let path = if i == 0 {
            PathBuf::from(crate::plan::resolve_program(a))
        } else {
            PathBuf::from(a)
        };
        let copy = std::fs::metadata(&path).is_ok_and(|m| m.is_file())
            && !crate::filesystem::SYSTEM
                .iter()
                .any(|s| path.starts_with(s));
        if !copy {
            out.push(a.clone());
            continue;
        }
        let sub = dir.path().join(i.to_string());
        std::fs::create_dir(&sub)?;
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o711))?;
        let name = path
            .file_name()
            .map_or_else(|| "program".into(), ToOwned::to_owned);
        let to = sub.join(name);
        std::fs::copy(&path, &to).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("copying {} into the box: {e}", path.display()),
            )
        })?;
        // Readable by the runs' user ids; executable where the original is.
        let mode = std::fs::metadata(&path)?.permissions().mode();
        let exec = if mode & 0o100 != 0 { 0o555 } else { 0o444 };
        std::fs::set_permissions(&to, std::fs::Permissions::from_mode(exec))?;
        out.push(to.into_os_string());
    }
    Ok(Boxed {
        cmd: out,
        _dir: Some(dir),
    })
}
