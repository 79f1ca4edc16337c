//! Problem packages that judging systems import: the Kattis problem package
//! format (the legacy version Kattis, DOMjudge and the ICPC archive read).
//!
//! A package is a directory a contest system uploads as it is; nothing in it
//! needs this crate. [`write_package`] builds it from what the judge already
//! knows about a problem:
//!
//! | path | from |
//! |---|---|
//! | `problem.yaml` | the [`Spec`]: title, source, `validation: custom` for [`OutputKind::Custom`], an output limit above the largest answer where the default is too small |
//! | `problem_statement/problem.en.tex` | the [`Spec`]'s legend, input and output text ([`statement_tex`]) |
//! | `data/sample/`, `data/secret/` | [`write_testset`]: the first test is the sample, the rest (hack cases included) are secret; every `.in` valid, every `.ans` from the exact solver |
//! | `input_validators/validate.py` | generated from the [`Spec`]'s framing, fields and relation ([`input_validator`]); accepts exactly what [`crate::validate()`] accepts |
//! | `output_validators/`, `submissions/` | the problem's own files ([`assets`]), compiled into the crate |
//!
//! The package is written into a temporary directory beside `out` and renamed
//! into place at the end, so a failure leaves nothing half-written. With
//! [`Options::zip`], `out` is instead a zip file with the same tree at its root
//! (what DOMjudge imports).
//!
//! Kattis takes the problem's short name from the directory (or zip) name and
//! requires it to match `[a-z0-9]+`: [`short_name`] gives it.

mod assets;

pub use assets::{Asset, assets};

use crate::Problem;
use crate::problem::{Framing, OutputKind, Relation, Spec};
use crate::testset::{TestsetError, write_testset};
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
    /// The package directory or zip file.
    pub path: PathBuf,
    /// How many files the package holds.
    pub files: usize,
    /// Their total size in bytes (before compression).
    pub bytes: u64,
}

/// Why a package could not be written. Every variant names the path.
#[derive(Debug)]
pub enum PackageError {
    /// `out` exists (a non-empty directory or a file) and `force` was not set.
    Exists(PathBuf),
    /// No solutions or validators are known for this problem (a bug: every
    /// problem needs its files under `src/package/assets/`).
    NoAssets(&'static str),
    /// Reading or writing a path failed.
    Io {
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The test set could not be written into the path.
    Testset {
        /// The test directory.
        path: PathBuf,
        /// The error.
        source: TestsetError,
    },
}

impl fmt::Display for PackageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackageError::Exists(p) => write!(
                f,
                "{} exists and is not empty (use --force to replace it)",
                p.display()
            ),
            PackageError::NoAssets(name) => write!(
                f,
                "no package assets for problem `{name}` (add crates/judge/src/package/assets/{name}/)"
            ),
            PackageError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            PackageError::Testset { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for PackageError {}

fn io_at(path: &Path) -> impl FnOnce(std::io::Error) -> PackageError + '_ {
    move |source| PackageError::Io {
        path: path.to_owned(),
        source,
    }
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

/// Writes the package of `problem` at `out` (see the [module docs](self)).
///
/// # Errors
///
/// [`PackageError::Exists`] if `out` is a non-empty directory or a file and
/// `opts.force` is not set; the other variants when writing fails. On error
/// `out` is as it was.
pub fn write_package(
    problem: Problem,
    out: &Path,
    opts: &Options,
) -> Result<Written, PackageError> {
    let Format::Kattis = opts.format;
    let assets = assets(problem.name()).ok_or(PackageError::NoAssets(problem.name()))?;
    match std::fs::symlink_metadata(out) {
        Ok(m) if !opts.force => {
            let empty_dir =
                m.is_dir() && std::fs::read_dir(out).map_err(io_at(out))?.next().is_none();
            if !empty_dir {
                return Err(PackageError::Exists(out.to_owned()));
            }
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io_at(out)(e)),
    }
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let tmp = tempfile::Builder::new()
        .prefix(".judge-package-")
        .tempdir_in(parent)
        .map_err(io_at(parent))?;
    let root = tmp.path().join("package");
    let (files, bytes) = write_tree(problem, &root, assets, opts.seed)?;
    let built = if opts.zip {
        let z = tmp.path().join("package.zip");
        write_zip(&root, &z)?;
        z
    } else {
        root
    };
    if let Ok(m) = std::fs::symlink_metadata(out) {
        if m.is_dir() {
            std::fs::remove_dir_all(out).map_err(io_at(out))?;
        } else {
            std::fs::remove_file(out).map_err(io_at(out))?;
        }
    }
    std::fs::rename(&built, out).map_err(io_at(out))?;
    Ok(Written {
        path: out.to_owned(),
        files,
        bytes,
    })
}

/// Writes the package tree into `root`; returns the number of files and bytes.
fn write_tree(
    problem: Problem,
    root: &Path,
    assets: &[Asset],
    seed: u64,
) -> Result<(usize, u64), PackageError> {
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
fn write_data(problem: Problem, data: &Path, seed: u64) -> Result<(usize, u64, u64), PackageError> {
    let secret = data.join("secret");
    let names = write_testset(problem, &secret, seed).map_err(|source| PackageError::Testset {
        path: secret.clone(),
        source,
    })?;
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
fn write_zip(root: &Path, zip_path: &Path) -> Result<(), PackageError> {
    let file = std::fs::File::create(zip_path).map_err(io_at(zip_path))?;
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let zip_err = |e: zip::result::ZipError| PackageError::Io {
        path: zip_path.to_owned(),
        source: std::io::Error::other(e),
    };
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

/// The output limit of Kattis when `problem.yaml` sets none, in MiB.
pub const DEFAULT_OUTPUT_LIMIT_MIB: u64 = 8;

/// `problem.yaml` of the legacy Kattis format, for answers of at most
/// `largest_answer` bytes: when twice that exceeds the default output limit
/// ([`DEFAULT_OUTPUT_LIMIT_MIB`]), the output limit is raised to it.
///
/// ```
/// use beatty_judge::{package::problem_yaml, Problem};
/// assert!(problem_yaml(Problem::WythoffMoves.spec(), 100).contains("validation: custom\n"));
/// assert!(!problem_yaml(Problem::Wythoff.spec(), 100).contains("validation"));
/// assert!(!problem_yaml(Problem::Wythoff.spec(), 4 << 20).contains("limits"));
/// assert!(problem_yaml(Problem::Wythoff.spec(), 5 << 20).contains("limits:\n  output: 10\n"));
/// ```
#[must_use]
pub fn problem_yaml(spec: &Spec, largest_answer: u64) -> String {
    let mut s = String::new();
    s.push_str(&format!("name: {}\n", yaml_string(spec.title)));
    s.push_str(&format!("uuid: {}\n", uuid(spec.name)));
    s.push_str(&format!("source: {}\n", yaml_string(spec.source)));
    s.push_str("license: unknown\n");
    if spec.output == OutputKind::Custom {
        s.push_str("validation: custom\n");
    }
    let needed_mib = (2 * largest_answer).div_ceil(1 << 20);
    if needed_mib > DEFAULT_OUTPUT_LIMIT_MIB {
        s.push_str(&format!("limits:\n  output: {needed_mib}\n"));
    }
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
/// use beatty_judge::{package::statement_tex, Problem};
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
/// relation. It accepts exactly what [`crate::validate()`] accepts.
///
/// ```
/// use beatty_judge::{package::input_validator, Problem};
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
