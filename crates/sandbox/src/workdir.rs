//! Phase "the working directory": where the run writes.
//!
//! With a private `/tmp` (strict isolation, the usual case) the working
//! directory is `/tmp/run` on the run's own tmpfs, made inside the box and
//! gone with its mount namespace. Otherwise (basic isolation, or a program
//! that lies in the host's `/tmp`) it is a fresh 0700 directory
//! `judge-run-PID-*` in the judge's temporary directory, owned by the run's
//! user id as root, and removed after the run whatever the program left in
//! it (`cleanup.rs`: any depth, any modes, never following a link).

use crate::cleanup;
use std::path::{Path, PathBuf};

/// The working directory of a strict run with a private `/tmp`.
pub(crate) const PRIVATE_WORKDIR: &str = "/tmp/run";

/// A run's working directory in the judge's temporary directory, removed on
/// drop (best effort) or by [`WorkDir::remove`] (reporting a failure).
pub(crate) struct WorkDir(Option<PathBuf>);

impl WorkDir {
    pub(crate) fn new(owner: Option<u32>) -> std::io::Result<WorkDir> {
        let d = WorkDir(Some(cleanup::scratch_dir("run")?.keep()));
        if let Some(uid) = owner {
            std::os::unix::fs::chown(d.path(), Some(uid), Some(uid))?;
        }
        Ok(d)
    }

    pub(crate) fn path(&self) -> &Path {
        self.0.as_deref().unwrap_or(Path::new("/"))
    }

    pub(crate) fn remove(mut self) -> std::io::Result<()> {
        match self.0.take() {
            Some(p) => cleanup::remove_tree(&p).map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!("cannot remove the run's directory {}: {e}", p.display()),
                )
            }),
            None => Ok(()),
        }
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = cleanup::remove_tree(&p);
        }
    }
}
