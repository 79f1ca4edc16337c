//! Problem packages that judging systems import: the Kattis problem package
//! format (the legacy version Kattis, DOMjudge and the ICPC archive read).
//!
//! A package is a directory a contest system uploads as it is; nothing in it
//! needs this crate. [`write_package`] builds it from what the judge already
//! knows about a problem:
//!
//! | path | from |
//! |---|---|
//! | `problem.yaml` | the [`Spec`]: title, source, licence and rights owner, `validation: custom` for [`OutputKind::Custom`], else `validator_flags: case_sensitive` (as testlib's `wcmp`), limits: memory, an output limit above the largest answer ([`problem_yaml`]) |
//! | `problem_statement/problem.en.tex` | the [`Spec`]'s legend, input and output text ([`statement_tex`]) |
//! | `data/sample/`, `data/secret/` | [`write_testset`]: the first test is the sample, the rest (hack cases included) are secret; every `.in` valid, every `.ans` from the exact solver |
//! | `input_validators/validate.py` | generated from the [`Spec`]'s framing, fields and relation ([`input_validator`]); accepts exactly what [`beatty_problems::validate()`] accepts |
//! | `output_validators/`, `submissions/` | the problem's own files ([`assets`]), compiled into the crate |
//!
//! The package is written into a temporary directory beside `out` and renamed
//! into place at the end, so a failure leaves nothing half-written and an
//! existing package (replaced only when asked) intact ([`write_package`]). With
//! [`Options::zip`], `out` is instead a zip file with the same tree at its root
//! (what DOMjudge imports).
//!
//! Kattis takes the problem's short name from the directory (or zip) name and
//! requires it to match `[a-z0-9]+`: [`short_name`] gives it.
//!
//! ## Memory: resident, not address space
//!
//! The memory limit, [`MEMORY_LIMIT_MIB`], is what the problem's solutions
//! may *use*: resident memory, which DOMjudge and Kattis charge with cgroups
//! (touched pages only), as `judge run` does. problemtools' `verifyproblem`
//! limits address space instead (`RLIMIT_AS`), which counts reservations a
//! runtime never touches. PyPy, with which problemtools runs Python 3, reserves
//! its young generation at start-up, sized at half the cache the CPU reports:
//! on a Xeon that reports 480 MiB that is 240 MiB, and under a 256 MiB address
//! space every Python submission aborts with `cannot allocate nursery` before
//! reading its input. Raising the package's limit to make room would let
//! memory-hungry wrong solutions pass on cgroup judges; so the limit stays,
//! and verification pins PyPy's young generation (`PYPY_GC_NURSERY=4M`,
//! PyPy's own size where the cache is unknown), as `scripts/verify-packages.sh`
//! does and as a setter verifying on such a machine should. (problemtools sets
//! no address-space limit for Java.)

mod assets;
pub mod interactive;

pub use assets::{Asset, assets};

use crate::testset::{TestsetError, write_testset};
use beatty_problems::Problem;
use beatty_problems::problem::{Framing, OutputKind, Relation, Spec};
use core::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A package format.
///
/// ```
/// use beatty_judge::package::Format;
/// assert_eq!("kattis".parse::<Format>(), Ok(Format::Kattis));
/// assert!("polygon".parse::<Format>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// The legacy Kattis problem package format.
    #[default]
    Kattis,
}

impl core::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "kattis" => Ok(Format::Kattis),
            _ => Err(format!(
                "unknown package format `{}`; known: kattis",
                s.escape_debug()
            )),
        }
    }
}

/// How to write a package.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The format.
    pub format: Format,
    /// The seed of the test set.
    pub seed: u64,
    /// Replace an existing `out` (a non-empty directory or a file).
    pub force: bool,
    /// Write a zip file at `out` instead of a directory.
    pub zip: bool,
}

/// What was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The package directory or zip file (`out` as given).
    pub path: PathBuf,
    /// How many files the package holds.
    pub files: usize,
    /// Their total size in bytes (before compression).
    pub bytes: u64,
    /// Set when the package is in place but something around it failed: the
    /// replaced package could not be removed completely (the message names
    /// where its remains are).
    pub warning: Option<String>,
}

/// Why `out` cannot be used (see [`PackageError::Out`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadOut {
    /// `out` ends in `.`, `..` or is `/` (or empty): it names no new directory
    /// or file, and replacing it would replace a directory around the package.
    NoName,
    /// The directory `out` would be created in does not exist.
    ParentMissing(PathBuf),
    /// The directory `out` would be created in is not a directory.
    ParentNotDirectory(PathBuf),
    /// `out` is a non-empty directory and `force` was not set.
    NotEmpty,
    /// `out` is a file, a directory was asked for and `force` was not set.
    IsFile,
    /// `out` is a directory, a zip file was asked for and `force` was not set.
    IsDirectory,
    /// `out` is a file, a zip file was asked for and `force` was not set.
    FileExists,
    /// `out` is the current directory or one of its ancestors.
    ContainsCurrentDir,
    /// `out` is a symbolic link: replacing the link would not replace what it
    /// points at, writing through it would write somewhere else.
    Symlink,
    /// `out` is neither a file nor a directory (a FIFO, a socket, a device).
    Special,
    /// A zip file was asked for and `out`'s name does not end in `.zip`.
    NotZipName,
}

/// Why a package could not be written. Every variant names `out` as given.
#[derive(Debug)]
#[non_exhaustive]
pub enum PackageError {
    /// `out` cannot be used, and nothing was written.
    Out {
        /// `out`, as given.
        path: PathBuf,
        /// What is wrong with it.
        why: BadOut,
    },
    /// No solutions or validators are known for this problem (a bug: every
    /// problem lists its files in its `Spec::assets`).
    NoAssets(&'static str),
    /// Reading or writing failed.
    Io {
        /// `out`, as given.
        path: PathBuf,
        /// What failed, e.g. `cannot write .judge-package-x/package/problem.yaml`.
        doing: String,
        /// The error.
        source: std::io::Error,
    },
    /// The test set could not be written.
    Testset {
        /// `out`, as given.
        path: PathBuf,
        /// The error.
        source: TestsetError,
    },
}

impl fmt::Display for PackageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackageError::Out { path, why } => {
                let p = path.display();
                match why {
                    BadOut::NoName => write!(
                        f,
                        "{p}: names no new directory (., .. and / are refused); name it, e.g. --out wythoff"
                    ),
                    BadOut::ParentMissing(d) => {
                        write!(
                            f,
                            "{p}: parent directory {} does not exist\ncreate it first: mkdir -p {}",
                            d.display(),
                            d.display()
                        )
                    }
                    BadOut::ParentNotDirectory(d) => {
                        write!(f, "{p}: {} is not a directory", d.display())
                    }
                    BadOut::NotEmpty => write!(
                        f,
                        "{p}: exists and is not empty (use --force to replace it)"
                    ),
                    BadOut::IsFile => write!(
                        f,
                        "{p}: is a file, not a directory (use --zip to write a zip file, --force to replace the file)"
                    ),
                    BadOut::IsDirectory => write!(
                        f,
                        "{p}: is a directory, and --zip writes a file (use --force to replace the directory)"
                    ),
                    BadOut::FileExists => {
                        write!(f, "{p}: exists (use --force to replace it)")
                    }
                    BadOut::ContainsCurrentDir => write!(
                        f,
                        "{p}: is the current directory or contains it; refusing to replace it"
                    ),
                    BadOut::Symlink => write!(
                        f,
                        "{p}: is a symbolic link; refusing to replace it (name its target, or remove the link)"
                    ),
                    BadOut::Special => {
                        write!(f, "{p}: is neither a file nor a directory")
                    }
                    BadOut::NotZipName => {
                        write!(f, "{p}: --zip writes a zip file; name it NAME.zip")
                    }
                }
            }
            PackageError::NoAssets(name) => write!(
                f,
                "no package assets for problem `{name}` (list them in the `assets` of its Spec, files in crates/problems/src/problem/)"
            ),
            PackageError::Io {
                path,
                doing,
                source,
            } => write!(f, "{}: {doing}: {source}", path.display()),
            PackageError::Testset { path, source } => {
                write!(f, "{}: writing the test set: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for PackageError {}

/// A failure while building the package (or test set) in the temporary directory.
pub(crate) enum Fail {
    Io(PathBuf, std::io::Error),
    Testset(TestsetError),
}

fn io_at(path: &Path) -> impl FnOnce(std::io::Error) -> Fail + '_ {
    move |source| Fail::Io(path.to_owned(), source)
}

/// The Kattis short name of a problem: its name without the characters
/// outside `[a-z0-9]`.
///
/// ```
/// assert_eq!(beatty_judge::package::short_name("wythoff-moves"), "wythoffmoves");
/// ```
#[must_use]
pub fn short_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        .collect()
}

/// What `out` is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Existing {
    Nothing,
    Directory,
    File,
}

/// `out` resolved: `path` is `parent` (canonical) joined with `out`'s last
/// component, so its temporary sibling is on the same filesystem.
struct Target {
    path: PathBuf,
    parent: PathBuf,
    existing: Existing,
}

/// Resolves `out` and checks that it may be written (see [`BadOut`]).
fn resolve(out: &Path, opts: &Options) -> Result<Target, PackageError> {
    let zip_name = |name: &std::ffi::OsStr| {
        name.to_str()
            .is_some_and(|n| n.len() > 4 && n.to_ascii_lowercase().ends_with(".zip"))
    };
    let bad = |why| PackageError::Out {
        path: out.to_owned(),
        why,
    };
    let io = |doing: String, source| PackageError::Io {
        path: out.to_owned(),
        doing,
        source,
    };
    let Some(std::path::Component::Normal(name)) = out.components().next_back() else {
        return Err(bad(BadOut::NoName));
    };
    let given_parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let parent = match std::fs::canonicalize(given_parent) {
        Ok(p) => p,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(bad(BadOut::ParentMissing(given_parent.to_owned())));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            return Err(bad(BadOut::ParentNotDirectory(given_parent.to_owned())));
        }
        Err(e) => {
            return Err(io(
                format!(
                    "cannot resolve its parent directory {}",
                    given_parent.display()
                ),
                e,
            ));
        }
    };
    if !parent.is_dir() {
        return Err(bad(BadOut::ParentNotDirectory(given_parent.to_owned())));
    }
    let path = parent.join(name);
    let existing = match std::fs::symlink_metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Existing::Nothing,
        Err(e) => return Err(io("cannot read it".into(), e)),
        Ok(m) if m.file_type().is_symlink() => return Err(bad(BadOut::Symlink)),
        Ok(m) if m.is_dir() => {
            if std::env::current_dir()
                .and_then(std::fs::canonicalize)
                .is_ok_and(|cwd| cwd.starts_with(&path))
            {
                return Err(bad(BadOut::ContainsCurrentDir));
            }
            if !opts.force {
                if opts.zip {
                    return Err(bad(BadOut::IsDirectory));
                }
                let mut entries = std::fs::read_dir(&path)
                    .map_err(|e| io("cannot read the directory".into(), e))?;
                if entries.next().is_some() {
                    return Err(bad(BadOut::NotEmpty));
                }
            }
            Existing::Directory
        }
        Ok(m) if m.is_file() => {
            if !opts.force {
                return Err(bad(if opts.zip {
                    BadOut::FileExists
                } else {
                    BadOut::IsFile
                }));
            }
            Existing::File
        }
        Ok(_) => return Err(bad(BadOut::Special)),
    };
    if opts.zip && !zip_name(name) {
        return Err(bad(BadOut::NotZipName));
    }
    Ok(Target {
        path,
        parent,
        existing,
    })
}

/// Writes the package of `problem` at `out` (see the [module docs](self)).
///
/// `out` must name a new directory (or, with `opts.zip`, a zip file whose
/// name ends in `.zip`) in an existing directory; `.`, `..`, `/`, symbolic
/// links, and the current directory or its ancestors are refused
/// ([`BadOut`]). This is the one overwrite policy of the command line:
/// [`write_testset_dir`] follows it too. The package is built in a temporary
/// directory beside `out` (so on the same filesystem); an existing `out`
/// (only with `opts.force`, unless it is an empty directory) is renamed into
/// that temporary directory, the new package renamed into its place, and the
/// old one deleted last. If the new one cannot be renamed into place, the old
/// one is renamed back. If the old one cannot be deleted completely, the new
/// package stays in place and [`Written::warning`] says where the remains are.
///
/// # Errors
///
/// [`PackageError::Out`] if `out` cannot be used (nothing was written), the
/// other variants when writing fails. On error `out` is as it was.
pub fn write_package(
    problem: Problem,
    out: &Path,
    opts: &Options,
) -> Result<Written, PackageError> {
    let Format::Kattis = opts.format;
    let assets = assets(problem.name()).ok_or(PackageError::NoAssets(problem.name()))?;
    let ((files, bytes), warning) = install(out, opts, "package", |tmp| {
        let root = tmp.join("package");
        let (files, bytes) = write_tree(problem, &root, assets, opts.seed)?;
        if opts.zip {
            let z = tmp.join("package.zip");
            write_zip(&root, &z)?;
            Ok(((files, bytes), z))
        } else {
            Ok(((files, bytes), root))
        }
    })?;
    Ok(Written {
        path: out.to_owned(),
        files,
        bytes,
        warning,
    })
}

/// Writes the test set of `problem` for `seed` at `out` (as
/// [`crate::testset::write_testset`] does) with the overwrite policy of packages ([`write_package`], which `judge
/// testset` and `judge package` share): `out`'s parent must exist, an existing
/// non-empty `out` is replaced only with `force`, and `.`, `..`, symbolic
/// links and the current directory or its ancestors never are. Returns the
/// test names in order and the warning of
/// [`Written::warning`].
///
/// # Errors
/// [`PackageError::Out`] if `out` cannot be used (nothing was written), else
/// what failed; on error `out` is as it was.
///
/// ```no_run
/// use beatty_judge::package::write_testset_dir;
/// use beatty_problems::Problem;
/// let (names, _) =
///     write_testset_dir(Problem::Bash, std::path::Path::new("target/tests-bash"), 1, true).unwrap();
/// assert_eq!(names.len(), 7);
/// ```
pub fn write_testset_dir(
    problem: Problem,
    out: &Path,
    seed: u64,
    force: bool,
) -> Result<(Vec<String>, Option<String>), PackageError> {
    // (the seed goes to write_testset; install reads only the overwrite policy)
    let opts = Options {
        force,
        ..Options::default()
    };
    install(out, &opts, "test set", |tmp| {
        let dir = tmp.join("tests");
        let names = write_testset(problem, &dir, seed).map_err(Fail::Testset)?;
        Ok((names, dir))
    })
}

/// Builds something at `out` with the one overwrite policy of `judge package`
/// and `judge testset` ([`write_package`] says which): `build` writes it into
/// the temporary directory it is given (beside `out`) and returns its result
/// and the path of what it built; that is renamed into place. Returns the
/// result and the warning of [`Written::warning`]. `what` names it in
/// messages (`package`, `test set`).
pub(crate) fn install<R>(
    out: &Path,
    opts: &Options,
    what: &str,
    build: impl FnOnce(&Path) -> Result<(R, PathBuf), Fail>,
) -> Result<(R, Option<String>), PackageError> {
    let target = resolve(out, opts)?;
    let io = |doing: String, source| PackageError::Io {
        path: out.to_owned(),
        doing,
        source,
    };
    // What a judge killed here left (its process is gone) goes first.
    #[cfg(target_os = "linux")]
    crate::sandbox::remove_stale(&target.parent);
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".judge-package-{}-", std::process::id()))
        .tempdir_in(&target.parent)
        .map_err(|e| {
            io(
                format!(
                    "cannot create the temporary directory the {what} is built in, in {}",
                    target.parent.display()
                ),
                without_path(e),
            )
        })?;
    let shown = |p: &Path| {
        p.strip_prefix(&target.parent)
            .unwrap_or(p)
            .display()
            .to_string()
    };
    let (result, built) = build(tmp.path()).map_err(|f| match f {
        Fail::Io(p, source) => io(format!("cannot write {}", shown(&p)), source),
        Fail::Testset(source) => PackageError::Testset {
            path: out.to_owned(),
            source,
        },
    })?;
    let aside = tmp.path().join("old");
    match swap_in(
        &built,
        &target.path,
        &aside,
        target.existing != Existing::Nothing,
    ) {
        Ok(()) => {}
        Err(Swap::Aside(e)) => {
            return Err(io(
                format!("cannot move it aside to {} to replace it", shown(&aside)),
                e,
            ));
        }
        Err(Swap::In { error, restored }) => {
            let doing = if restored {
                format!("cannot rename the new {what} into place (the old one is back)")
            } else {
                format!("cannot rename the new {what} into place")
            };
            return Err(io(doing, error));
        }
        Err(Swap::Stuck { error, back }) => {
            // The old one is in the temporary directory: keep it.
            let kept = tmp.keep();
            return Err(io(
                format!(
                    "cannot rename the new {what} into place ({error}), and the old one, moved to {}, cannot be moved back",
                    kept.join("old").display()
                ),
                back,
            ));
        }
    }
    let kept = tmp.path().to_owned();
    let warning = tmp.close().err().map(|e| {
        format!(
            "{}: the new {what} is in place, but the replaced one could not be removed completely from {}: {e}",
            out.display(),
            kept.display()
        )
    });
    Ok((result, warning))
}

/// An error of `tempfile` without the temporary path it appends (` at path
/// "…/.judge-package-x7Rq"`, a random name that means nothing to the user).
fn without_path(e: std::io::Error) -> std::io::Error {
    if e.raw_os_error().is_some() {
        return e;
    }
    let text = e.to_string();
    match text.rfind(" at path \"") {
        Some(at) => std::io::Error::new(e.kind(), &text[..at]),
        None => e,
    }
}

/// How [`swap_in`] failed.
#[derive(Debug)]
enum Swap {
    /// The old `dest` could not be renamed aside; nothing changed.
    Aside(std::io::Error),
    /// `built` could not be renamed to `dest`; the old one, if any, is back.
    In {
        error: std::io::Error,
        restored: bool,
    },
    /// `built` could not be renamed to `dest`, nor the old one back: it is
    /// still at `aside`.
    Stuck {
        error: std::io::Error,
        back: std::io::Error,
    },
}

/// Renames `built` to `dest`. With `has_old`, the existing `dest` is first
/// renamed to `aside`, and renamed back if `built` cannot be renamed in. All
/// three paths must be on one filesystem (each rename is then atomic).
fn swap_in(built: &Path, dest: &Path, aside: &Path, has_old: bool) -> Result<(), Swap> {
    if has_old {
        std::fs::rename(dest, aside).map_err(Swap::Aside)?;
    }
    match std::fs::rename(built, dest) {
        Ok(()) => Ok(()),
        Err(error) if !has_old => Err(Swap::In {
            error,
            restored: false,
        }),
        Err(error) => match std::fs::rename(aside, dest) {
            Ok(()) => Err(Swap::In {
                error,
                restored: true,
            }),
            Err(back) => Err(Swap::Stuck { error, back }),
        },
    }
}

/// Writes the package tree into `root`; returns the number of files and bytes.
fn write_tree(
    problem: Problem,
    root: &Path,
    assets: &[Asset],
    seed: u64,
) -> Result<(usize, u64), Fail> {
    let spec = problem.spec();
    let (mut count, mut bytes, largest_answer) = write_data(problem, &root.join("data"), seed)?;
    let mut files: Vec<(String, Vec<u8>)> = vec![
        (
            "problem.yaml".into(),
            problem_yaml(spec, largest_answer).into_bytes(),
        ),
        (
            "problem_statement/problem.en.tex".into(),
            statement_tex(spec).into_bytes(),
        ),
        (
            "input_validators/validate.py".into(),
            input_validator(spec).into_bytes(),
        ),
    ];
    files.extend(
        assets
            .iter()
            .map(|a| (a.path.to_owned(), a.contents.as_bytes().to_vec())),
    );
    for (rel, contents) in files {
        let path = root.join(&rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io_at(dir))?;
        }
        std::fs::write(&path, &contents).map_err(io_at(&path))?;
        count += 1;
        bytes += contents.len() as u64;
    }
    Ok((count, bytes))
}

/// Writes `data/sample` and `data/secret`; returns the number of files, their
/// bytes and the size of the largest answer.
fn write_data(problem: Problem, data: &Path, seed: u64) -> Result<(usize, u64, u64), Fail> {
    let secret = data.join("secret");
    let names = write_testset(problem, &secret, seed).map_err(Fail::Testset)?;
    let sample = data.join("sample");
    std::fs::create_dir_all(&sample).map_err(io_at(&sample))?;
    let (mut count, mut bytes, mut largest) = (0, 0, 0);
    for (i, name) in names.iter().enumerate() {
        for ext in ["in", "ans"] {
            let mut path = secret.join(format!("{name}.{ext}"));
            if i == 0 {
                let to = sample.join(format!("{name}.{ext}"));
                std::fs::rename(&path, &to).map_err(io_at(&to))?;
                path = to;
            }
            let len = std::fs::metadata(&path).map_err(io_at(&path))?.len();
            bytes += len;
            count += 1;
            if ext == "ans" {
                largest = largest.max(len);
            }
        }
    }
    Ok((count, bytes, largest))
}

/// Zips the tree at `root` into `zip_path`, paths relative to `root`, sorted.
fn write_zip(root: &Path, zip_path: &Path) -> Result<(), Fail> {
    let file = std::fs::File::create(zip_path).map_err(io_at(zip_path))?;
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let zip_err =
        |e: zip::result::ZipError| Fail::Io(zip_path.to_owned(), std::io::Error::other(e));
    let mut stack = vec![root.to_owned()];
    let mut paths = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).map_err(io_at(&dir))? {
            let p = entry.map_err(io_at(&dir))?.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                paths.push(p);
            }
        }
    }
    paths.sort();
    for p in paths {
        let rel = p.strip_prefix(root).unwrap_or(&p);
        let name: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let executable =
            p.extension().is_some_and(|e| e == "py") && name[0].ends_with("validators");
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if executable { 0o755 } else { 0o644 });
        zip.start_file(name.join("/"), options).map_err(zip_err)?;
        let contents = std::fs::read(&p).map_err(io_at(&p))?;
        zip.write_all(&contents).map_err(io_at(zip_path))?;
    }
    zip.finish()
        .map_err(zip_err)?
        .flush()
        .map_err(io_at(zip_path))?;
    Ok(())
}

/// The output limit of Kattis when `problem.yaml` sets none, in MiB: the
/// package's output limit is never below it.
pub const DEFAULT_OUTPUT_LIMIT_MIB: u64 = 8;

/// The memory limit of the package, in MiB: the default of `judge run`; the
/// resident memory of a solution (see the module docs).
pub const MEMORY_LIMIT_MIB: u64 = 256;

/// Who owns the package's material (the statement text, the data, the
/// validators, the submissions): the authors of this project, whose licence
/// (MIT or Apache-2.0) covers it.
pub const RIGHTS_OWNER: &str = "The beatty founders";

/// `problem.yaml` of the legacy Kattis format, for answers of at most
/// `largest_answer` bytes.
///
/// `source` credits the online-judge problem; the package's own material is
/// by [`RIGHTS_OWNER`] under MIT or Apache-2.0, which the format's licence
/// values cannot name: `educational` ("may be freely used for educational
/// purposes") is the one that is true of it without relicensing (a comment in
/// the file says so). Limits: memory [`MEMORY_LIMIT_MIB`], output twice the
/// largest answer but at least [`DEFAULT_OUTPUT_LIMIT_MIB`], and the format's
/// default time rule written out (time limit = 5 × the slowest accepted
/// submission; a submission is expected to time out at 2 × that).
///
/// ```
/// use beatty_judge::package::problem_yaml;
/// use beatty_problems::Problem;
/// assert!(problem_yaml(Problem::WythoffMoves.spec(), 100).contains("validation: custom\n"));
/// assert!(!problem_yaml(Problem::Wythoff.spec(), 100).contains("validation"));
/// assert!(problem_yaml(Problem::Euclid.spec(), 100).contains("validator_flags: case_sensitive\n"));
/// assert!(problem_yaml(Problem::Wythoff.spec(), 4 << 20).contains("\n  output: 8\n"));
/// assert!(problem_yaml(Problem::Wythoff.spec(), 5 << 20).contains("\n  output: 10\n"));
/// assert!(problem_yaml(Problem::Wythoff.spec(), 1).contains("\n  memory: 256\n"));
/// ```
#[must_use]
pub fn problem_yaml(spec: &Spec, largest_answer: u64) -> String {
    let mut s = String::new();
    s.push_str(&format!("name: {}\n", yaml_string(spec.title)));
    s.push_str(&format!("uuid: {}\n", uuid(spec.name)));
    s.push_str(&format!("source: {}\n", yaml_string(spec.source)));
    s.push_str(&format!(
        "# The statement text, data, validators and submissions are by {RIGHTS_OWNER},\n\
         # licensed under MIT or Apache-2.0 (the beatty repository's LICENSE-MIT and\n\
         # LICENSE-APACHE); `educational` is the nearest value this format allows.\n"
    ));
    s.push_str("license: educational\n");
    s.push_str(&format!("rights_owner: {}\n", yaml_string(RIGHTS_OWNER)));
    if spec.output == OutputKind::Custom {
        s.push_str("validation: custom\n");
    } else {
        // Kattis's default output validator ignores case unless told; testlib's
        // wcmp (and `judge check`) does not: `First Win` is a wrong answer.
        s.push_str("validator_flags: case_sensitive\n");
    }
    // Twice the largest answer in MiB, rounded up (in u128: an answer near
    // u64::MAX bytes overflows the doubling in u64).
    let output_mib = (2 * u128::from(largest_answer))
        .div_ceil(1 << 20)
        .max(u128::from(DEFAULT_OUTPUT_LIMIT_MIB));
    s.push_str(&format!(
        "limits:\n  time_multiplier: 5\n  time_safety_margin: 2\n  memory: {MEMORY_LIMIT_MIB}\n  output: {output_mib}\n"
    ));
    s
}

/// A fixed UUID per problem name (version 8, from two SplitMix64 hashes of
/// the name), so every package of a problem names it alike.
fn uuid(name: &str) -> String {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let h = name
        .bytes()
        .fold(0x9e37_79b9_7f4a_7c15_u64, |h, b| mix(h ^ u64::from(b)));
    let (hi, lo) = (mix(h ^ 1), mix(h ^ 2));
    let hi = (hi & !0xf000) | 0x8000; // version 8
    let lo = (lo & !(0b11 << 62)) | (0b10 << 62); // RFC 4122 variant
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        hi >> 32,
        (hi >> 16) & 0xffff,
        hi & 0xffff,
        lo >> 48,
        lo & 0xffff_ffff_ffff
    )
}

/// A YAML double-quoted string.
fn yaml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The statement in LaTeX (`problemname`, the legend, `Input` and `Output`
/// sections); the judging system adds the sample from `data/sample/`.
///
/// ```
/// use beatty_judge::package::statement_tex;
/// use beatty_problems::Problem;
/// let t = statement_tex(Problem::Euclid.spec());
/// assert!(t.starts_with("\\problemname{Euclid's game}"));
/// assert!(t.contains("\\texttt{0 0}"));
/// assert!(t.contains("2\\textsuperscript{31}"));
/// ```
#[must_use]
pub fn statement_tex(spec: &Spec) -> String {
    format!(
        "\\problemname{{{}}}\n\n{}\n\n\\section*{{Input}}\n\n{}.\n\n\\section*{{Output}}\n\n{}.\n",
        tex(spec.title),
        tex(spec.legend),
        tex(&capitalize(spec.input_format)),
        tex(&capitalize(spec.output_format)),
    )
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Plain text with `code` spans and powers `10^9` to LaTeX.
fn tex(s: &str) -> String {
    let mut out = String::new();
    let mut code = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '^' if chars.peek().is_some_and(char::is_ascii_digit) => {
                out.push_str("\\textsuperscript{");
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    out.push(d);
                }
                out.push('}');
            }
            '`' => {
                out.push_str(if code { "}" } else { "\\texttt{" });
                code = !code;
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("$<$"),
            '>' => out.push_str("$>$"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '−' => out.push_str("$-$"),
            'φ' => out.push_str("$\\varphi$"),
            '…' => out.push_str("\\ldots{}"),
            '⌊' => out.push_str("$\\lfloor$"),
            '⌋' => out.push_str("$\\rfloor$"),
            c => out.push(c),
        }
    }
    if code {
        out.push('}');
    }
    out
}

/// The input validator of a problem: a self-contained Python 3 program with
/// the Kattis interface (input on standard input; exit 42 if valid, 43 with a
/// message if not), generated from the [`Spec`]'s framing, fields and
/// relation. It accepts exactly what [`beatty_problems::validate()`] accepts.
///
/// ```
/// use beatty_judge::package::input_validator;
/// use beatty_problems::Problem;
/// let v = input_validator(Problem::Bash.spec());
/// assert!(v.contains("FRAMING = \"counted\"\nCOUNT_MAX = 100\n"));
/// ```
#[must_use]
pub fn input_validator(spec: &Spec) -> String {
    let mut s = format!(
        "#!/usr/bin/env python3\n# Input validator of {} ({}), generated by `judge package` from the\n# problem's description.\n",
        spec.name, spec.source
    );
    match spec.framing {
        Framing::UntilEof => s.push_str("FRAMING = \"until-eof\"\n"),
        Framing::Terminator => s.push_str("FRAMING = \"terminator\"\n"),
        Framing::Counted { name, max } => {
            s.push_str(&format!(
                "FRAMING = \"counted\"\nCOUNT_MAX = {max}\nCOUNT_NAME = {}\n",
                py_string(name)
            ));
        }
    }
    s.push_str("FIELDS = [\n");
    for f in spec.fields {
        s.push_str(&format!(
            "    ({}, {}, {}),\n",
            py_string(f.name),
            f.min,
            f.max
        ));
    }
    s.push_str("]\n");
    s.push_str(match spec.relation {
        Relation::None => "RELATION = \"none\"\n",
        Relation::FirstAtMostSecond => "RELATION = \"first-at-most-second\"\n",
    });
    s.push_str(include_str!("input_validator.py"));
    s
}

/// A Python string literal (ASCII, escaped).
fn py_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            c => out.push_str(&format!("\\U{:08x}", u32::from(c))),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::{Swap, swap_in, write_testset, write_testset_dir};
    use beatty_problems::Problem;

    /// The files of `dir`, names and contents, sorted.
    fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
        let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().into_string().unwrap(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_failed_swap_puts_the_old_one_back() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dest = tmp.path().join("pkg");
        std::fs::create_dir(&dest).expect("mkdir");
        std::fs::write(dest.join("old.txt"), "old").expect("write");
        let aside = tmp.path().join("aside");
        // `built` does not exist: the second rename fails.
        let missing = tmp.path().join("missing");
        match swap_in(&missing, &dest, &aside, true) {
            Err(Swap::In {
                restored: true,
                error,
            }) => assert_eq!(error.kind(), std::io::ErrorKind::NotFound),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            std::fs::read_to_string(dest.join("old.txt")).expect("old"),
            "old"
        );
        assert!(!aside.exists());
        // A built tree replaces it, and the old one is aside.
        let built = tmp.path().join("built");
        std::fs::create_dir(&built).expect("mkdir");
        std::fs::write(built.join("new.txt"), "new").expect("write");
        swap_in(&built, &dest, &aside, true).expect("swap");
        assert!(dest.join("new.txt").exists() && !dest.join("old.txt").exists());
        assert!(aside.join("old.txt").exists() && !built.exists());
    }

    #[test]
    fn the_package_policy_writes_the_seed_asked_for_and_replaces_with_force() {
        let root = tempfile::tempdir().unwrap();
        let (dir, by_hand) = (root.path().join("a"), root.path().join("b"));
        let (names, _) = write_testset_dir(Problem::Wythoff, &dir, 9, false).unwrap();
        assert_eq!(names.len(), 7);
        write_testset(Problem::Wythoff, &by_hand, 9).unwrap();
        assert_eq!(files(&dir), files(&by_hand));
        // an existing set is replaced only with force
        assert!(write_testset_dir(Problem::Wythoff, &dir, 10, false).is_err());
        assert_eq!(files(&dir), files(&by_hand));
        write_testset_dir(Problem::Wythoff, &dir, 10, true).unwrap();
        assert_ne!(files(&dir), files(&by_hand));
    }
}
