//! The errors of a run: which phase failed, on which path, and why.
//!
//! Every public function that runs a program returns [`std::io::Result`], as
//! callers of a process API expect; the error inside is an [`Error`] that
//! names the phase and the path concerned ([`Error::of`] finds it), and its
//! kind is the cause's (`NotFound` for a missing program, `Interrupted` for
//! a stopped run).

use std::path::{Path, PathBuf};

/// The phase of a run that failed, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Phase {
    /// The arguments: an empty command, a memory limit of 0.
    Check,
    /// Before the program starts: its plan (the command's files), cgroup,
    /// user id, working directory and filesystem rules.
    Prepare,
    /// Starting it: the sandbox's processes, every step up to the program's
    /// `exec` (a missing program, or one that is not executable, fails here).
    Start,
    /// Watching it to its end (a stopped run fails here).
    Watch,
    /// Removing what it left.
    Clean,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::Check => "check",
            Phase::Prepare => "prepare",
            Phase::Start => "start",
            Phase::Watch => "watch",
            Phase::Clean => "clean",
        })
    }
}

/// Bytes of a path an error shows (escaped; the rest elided).
pub const PATH_SHOWN: usize = 200;

/// A run's failure (the judge's, not the program's): the phase, the path
/// concerned if any, and the cause ([`std::error::Error::source`]).
///
/// The run functions return it inside an [`std::io::Error`] of the cause's
/// kind, as [`std::process::Command`] returns its errors (a departure from a
/// typed error of their own, so that a caller's `?` into `io::Error` and its
/// checks of [`std::io::ErrorKind`] keep working); [`Error::of`] finds it.
///
/// ```
/// use beatty_sandbox::{run, Error, Isolation, Limits, Phase};
/// use std::sync::Arc;
/// let cmd = ["/no/such/program".into()];
/// let e = run(&cmd, Arc::new(Vec::new()), &Limits::default(), Isolation::Basic).unwrap_err();
/// assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
/// let inner = Error::of(&e).expect("a run's error");
/// assert_eq!(inner.phase(), Phase::Start);
/// assert_eq!(inner.path(), Some(std::path::Path::new("/no/such/program")));
/// assert!(e.to_string().contains("/no/such/program"), "{e}");
/// ```
#[derive(Debug)]
pub struct Error {
    phase: Phase,
    path: Option<PathBuf>,
    source: std::io::Error,
}

impl Error {
    /// The error of `phase` on `path` caused by `source`, as an
    /// [`std::io::Error`] of `source`'s kind.
    pub(crate) fn wrap(
        phase: Phase,
        path: Option<&Path>,
        source: std::io::Error,
    ) -> std::io::Error {
        // Already a run's error: kept as it is.
        if Error::of(&source).is_some() {
            return source;
        }
        let kind = source.kind();
        std::io::Error::new(
            kind,
            Error {
                phase,
                path: path.map(Path::to_path_buf),
                source,
            },
        )
    }

    /// The run's error inside `e`, if `e` is one.
    #[must_use]
    pub fn of(e: &std::io::Error) -> Option<&Error> {
        e.get_ref().and_then(|inner| inner.downcast_ref::<Error>())
    }

    /// The phase that failed.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The path concerned (the program, as given or as found), if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.phase)?;
        if let Some(p) = &self.path {
            let bytes = p.as_os_str().as_encoded_bytes();
            let shown = &bytes[..bytes.len().min(PATH_SHOWN)];
            write!(f, ": `{}`", shown.escape_ascii())?;
            if bytes.len() > PATH_SHOWN {
                write!(f, "… ({} bytes)", bytes.len())?;
            }
        }
        write!(f, ": {}", self.source)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_escaped_and_bounded() {
        let long = "a\n".repeat(300);
        let e = Error::wrap(
            Phase::Start,
            Some(Path::new(&long)),
            std::io::Error::from_raw_os_error(libc::ENOENT),
        );
        let text = e.to_string();
        assert!(text.starts_with("start: `a\\na\\n"), "{text}");
        assert!(!text.contains('\n'), "{text}");
        assert!(text.contains("… (600 bytes)"), "{text}");
        // 100 pairs shown, 2 escaped characters and 1 byte each.
        assert_eq!(text.matches("a\\n").count(), PATH_SHOWN / 2, "{text}");
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
        let inner = Error::of(&e).unwrap();
        assert_eq!(inner.phase(), Phase::Start);
        let source = std::error::Error::source(inner).unwrap().to_string();
        assert!(source.contains("os error 2"), "{source}");
        // Each phase's name, as the enum's docs give them; no path: none shown.
        for (phase, name) in [
            (Phase::Check, "check"),
            (Phase::Prepare, "prepare"),
            (Phase::Start, "start"),
            (Phase::Watch, "watch"),
            (Phase::Clean, "clean"),
        ] {
            let e = Error::wrap(phase, None, std::io::Error::other("why"));
            assert_eq!(e.to_string(), format!("{name}: why"));
        }
        // A short path is shown whole, with no elision.
        let short = Error::wrap(
            Phase::Prepare,
            Some(Path::new("/a b")),
            std::io::Error::other("x"),
        );
        assert_eq!(short.to_string(), "prepare: `/a b`: x");
        // Wrapping twice keeps the first phase.
        let again = Error::wrap(Phase::Watch, None, short);
        assert_eq!(Error::of(&again).unwrap().phase(), Phase::Prepare);
    }
}
