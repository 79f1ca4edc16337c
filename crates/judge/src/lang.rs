//! The languages the judge can compile and run a source file in, in the style
//! of problemtools' `languages.yaml`: each has an id, a name, file
//! extensions, a compile command (none for an interpreted language) and a run
//! command, words with placeholders.
//!
//! | id | language | extensions | compile | run |
//! |---|---|---|---|---|
//! | `c` | C | `.c` | `gcc -O2 -std=gnu11 -o {exe} {src} -lm` | `{exe}` |
//! | `cpp` | C++ | `.cpp`, `.cc`, `.cxx` | `g++ -O2 -std=gnu++17 -o {exe} {src}` | `{exe}` |
//! | `rust` | Rust | `.rs` | `rustc -O --edition 2021 --crate-name main -o {exe} {src}` | `{exe}` |
//! | `python3` | Python 3 | `.py` | — | `python3 {src}` |
//! | `pypy3` | Python 3 (PyPy) | none (`.py` is CPython's) | — | `pypy3 {src}` |
//! | `java` | Java | `.java` | `javac -encoding UTF-8 -d {dir} {src}` | `java -Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xmx{memory}m -cp {dir} {class}` |
//! | `kotlin` | Kotlin | `.kt` | `kotlinc -d {dir} {src}` | `kotlin -J-XX:+UseSerialGC -J-Xss64m -J-Xmx{memory}m -cp {dir} {class}` |
//! | `go` | Go | `.go` | `go build -o {exe} {src}` | `{exe}` |
//! | `javascript` | JavaScript (Node.js) | `.js` | — | `node --max-old-space-size={memory} {src}` |
//! | `csharp` | C# (Mono) | `.cs` | `mcs -optimize+ -r:System.Numerics -out:{exe}.exe {src}` | `mono {exe}.exe` |
//! | `php` | PHP | `.php` | — | `php {src}` |
//! | `ruby` | Ruby | `.rb` | — | `ruby {src}` |
//! | `haskell` | Haskell | `.hs` | `ghc -O2 -package-db /usr/lib/ghc/package.conf.d -o {exe} {src}` | `{exe}` |
//! | `ocaml` | OCaml | `.ml` | `ocamlopt -O3 -o {exe} {src}` | `{exe}` |
//! | `pascal` | Pascal | `.pas` | `fpc -O2 -Sg -o{exe} {src}` | `{exe}` |
//! | `lua` | Lua | `.lua` | — | `lua5.4 {src}` |
//!
//! The placeholders: `{src}` the source file (an absolute path; in a
//! compile command, the private copy the compiler reads in its working
//! directory, `judge-src-0/NAME`, so that compilers that write beside the
//! source or read their settings there work; a Java source's copy is named
//! after its public class), `{dir}` the directory the compiler writes into
//! and the program is run from, `{exe}` the file `main` in it, `{class}` the
//! class with `public static void main(String[])` among the class files the
//! compiler wrote (with its package, `pkg.Main`; as DOMjudge and Kattis find
//! it), else the source file's name without its extension, `{memory}` the
//! run's memory limit in MiB ([`CompileLimits::program_memory`]).
//!
//! The commands follow DOMjudge's and Kattis's defaults where those are
//! sensible: C and C++ are problemtools' (without `-static` and `-g`); the
//! JVM (Java, Kotlin) gets its heap limit from the memory limit (`-Xmx`, as
//! Kattis does), the limit the cgroup or the judge's sampling enforces
//! anyway, so that a program that holds 100 MB under 256 MiB is AC and one
//! that holds 400 MB is MLE, as root and as an ordinary user (without it the
//! JVM takes a quarter of the memory it sees: of the cgroup as root, of the
//! machine otherwise); Node.js gets its old space likewise
//! (`--max-old-space-size`); Go, Mono, PyPy and the others have no cap of
//! their own below the limit. `ghc` reads its package database through a
//! link into `/var/lib`, which the command names so that a run's root has
//! it. problemtools runs Python 3 with `pypy3`, the judge with `python3`
//! (CPython, slower: a Python solution that fits the judge's time limit
//! fits pypy3's); `pypy3` has no extension of its own: `judge run --language
//! pypy3` chooses it for a `.py` file, or a languages file
//! gives it `.py` (`[pypy3]`, `extensions = py`).
//!
//! [`Languages::with_file`] overrides and extends the table from a file of
//! sections (see its docs); [`compile`] compiles a source file **in the
//! sandbox** of the runs ([`crate::sandbox`]), under limits of its own
//! ([`CompileLimits`]): the compiler reads the system directories and the
//! source, and writes only its own empty directory, whose regular files are
//! then kept in `{dir}`. A compiler that fails, or runs out of time or memory,
//! is a compile error ([`beatty_problems::Verdict::CompileError`]), its messages
//! bounded and escaped ([`beatty_problems::text::excerpt`]); a compiler that is not
//! installed, or that the sandbox cannot reach, is the judge's error.

use beatty_problems::text::excerpt;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// One language of the table (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    /// A short id, the name of its section in a languages file, e.g. `cpp`.
    pub id: String,
    /// The language's name, e.g. `C++`.
    pub name: String,
    /// The file extensions (without the dot), e.g. `cpp`.
    pub extensions: Vec<String>,
    /// The compile command's words, or `None` for an interpreted language.
    pub compile: Option<Vec<String>>,
    /// The run command's words.
    pub run: Vec<String>,
}

/// The placeholders a command may hold.
pub const PLACEHOLDERS: [&str; 5] = ["{src}", "{dir}", "{exe}", "{class}", "{memory}"];

/// A language table: the built-in one, maybe changed by a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Languages {
    /// The languages, in table order.
    pub list: Vec<Language>,
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

fn lang(id: &str, name: &str, ext: &[&str], compile: Option<&str>, run: &str) -> Language {
    Language {
        id: id.into(),
        name: name.into(),
        extensions: ext.iter().map(|&e| e.to_owned()).collect(),
        compile: compile.map(words),
        run: words(run),
    }
}

static BUILTIN: LazyLock<Languages> = LazyLock::new(|| Languages {
    list: vec![
        lang(
            "c",
            "C",
            &["c"],
            Some("gcc -O2 -std=gnu11 -o {exe} {src} -lm"),
            "{exe}",
        ),
        lang(
            "cpp",
            "C++",
            &["cpp", "cc", "cxx"],
            Some("g++ -O2 -std=gnu++17 -o {exe} {src}"),
            "{exe}",
        ),
        lang(
            "rust",
            "Rust",
            &["rs"],
            Some("rustc -O --edition 2021 --crate-name main -o {exe} {src}"),
            "{exe}",
        ),
        lang("python3", "Python 3", &["py"], None, "python3 {src}"),
        lang("pypy3", "Python 3 (PyPy)", &[], None, "pypy3 {src}"),
        lang(
            "java",
            "Java",
            &["java"],
            Some("javac -encoding UTF-8 -d {dir} {src}"),
            "java -Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xmx{memory}m -cp {dir} {class}",
        ),
        lang(
            "kotlin",
            "Kotlin",
            &["kt"],
            Some("kotlinc -d {dir} {src}"),
            "kotlin -J-XX:+UseSerialGC -J-Xss64m -J-Xmx{memory}m -cp {dir} {class}",
        ),
        lang(
            "go",
            "Go",
            &["go"],
            Some("go build -o {exe} {src}"),
            "{exe}",
        ),
        lang(
            "javascript",
            "JavaScript (Node.js)",
            &["js"],
            None,
            "node --max-old-space-size={memory} {src}",
        ),
        lang(
            "csharp",
            "C# (Mono)",
            &["cs"],
            Some("mcs -optimize+ -r:System.Numerics -out:{exe}.exe {src}"),
            "mono {exe}.exe",
        ),
        lang("php", "PHP", &["php"], None, "php {src}"),
        lang("ruby", "Ruby", &["rb"], None, "ruby {src}"),
        lang(
            "haskell",
            "Haskell",
            &["hs"],
            Some("ghc -O2 -package-db /usr/lib/ghc/package.conf.d -o {exe} {src}"),
            "{exe}",
        ),
        lang(
            "ocaml",
            "OCaml",
            &["ml"],
            Some("ocamlopt -O3 -o {exe} {src}"),
            "{exe}",
        ),
        lang(
            "pascal",
            "Pascal",
            &["pas"],
            Some("fpc -O2 -Sg -o{exe} {src}"),
            "{exe}",
        ),
        lang("lua", "Lua", &["lua"], None, "lua5.4 {src}"),
    ],
});

/// The language of a file in the built-in table, from its extension.
///
/// ```
/// use beatty_judge::lang::language_of;
/// assert_eq!(language_of(std::path::Path::new("a/exact.cpp")).unwrap().name, "C++");
/// assert_eq!(language_of(std::path::Path::new("Main.kt")).unwrap().id, "kotlin");
/// assert!(language_of(std::path::Path::new("Main.scala")).is_none());
/// ```
#[must_use]
pub fn language_of(path: &Path) -> Option<&'static Language> {
    BUILTIN.of(path)
}

impl Default for Languages {
    fn default() -> Self {
        Languages::builtin()
    }
}

impl Languages {
    /// The built-in table (see the [module docs](self)).
    #[must_use]
    pub fn builtin() -> Languages {
        BUILTIN.clone()
    }

    /// The language of a file, from its extension.
    #[must_use]
    pub fn of(&self, path: &Path) -> Option<&Language> {
        let ext = path.extension()?.to_str()?;
        self.list
            .iter()
            .find(|l| l.extensions.iter().any(|e| e == ext))
    }

    /// Every extension of the table, e.g. `.c, .cpp, …`, for messages.
    #[must_use]
    pub fn extensions(&self) -> String {
        let all: Vec<String> = self
            .list
            .iter()
            .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
            .collect();
        all.join(", ")
    }

    /// The table changed by a languages file, `text`, read from `origin` (for
    /// messages). The file is made of sections, one per language, each a
    /// header `[id]` and lines `key = value`; `#` starts a comment line:
    ///
    /// ```text
    /// # .py files with PyPy, and Scala
    /// [pypy3]
    /// extensions = py
    ///
    /// [scala]
    /// name = Scala
    /// extensions = scala
    /// compile = scalac -d {dir} {src}
    /// run = scala -J-Xmx{memory}m -cp {dir} {class}
    /// ```
    ///
    /// The keys are `name`, `extensions` (separated by spaces or commas,
    /// without dots), `compile` (empty: nothing to compile) and `run`;
    /// commands are split at spaces (no quoting) and may hold the
    /// placeholders `{src}`, `{dir}`, `{exe}`, `{class}`, `{memory}` (see the
    /// [module docs](self)). A section with the
    /// id of a language of the table changes the keys it gives; another adds
    /// a language, which needs `extensions` and `run`. Extensions a section
    /// gives are taken from every other language.
    ///
    /// ```
    /// use beatty_judge::lang::Languages;
    /// let t = Languages::builtin().with_file("[python3]\nrun = pypy3 {src}\n", "l.txt").unwrap();
    /// assert_eq!(t.of("a.py".as_ref()).unwrap().run, ["pypy3", "{src}"]);
    /// let e = Languages::builtin().with_file("[x]\nrun = {bin}\n", "l.txt").unwrap_err();
    /// assert!(e.starts_with("l.txt:2: "), "{e}");
    /// ```
    ///
    /// # Errors
    /// The first mistake, as `ORIGIN:LINE: what is wrong`.
    pub fn with_file(mut self, text: &str, origin: &str) -> Result<Languages, String> {
        // The index of the current section's language and its header line.
        let mut current: Option<(usize, usize)> = None;
        let mut added: Vec<(usize, usize)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            let err = |what: String| format!("{origin}:{n}: {what}");
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(id) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let id = id.trim();
                if id.is_empty()
                    || !id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "_+-".contains(c))
                {
                    return Err(err(format!(
                        "bad section `[{}]`: an id is letters, digits, `_`, `+` or `-`",
                        excerpt(id.as_bytes(), 40)
                    )));
                }
                let i = match self.list.iter().position(|l| l.id == id) {
                    Some(i) => i,
                    None => {
                        self.list.push(Language {
                            id: id.to_owned(),
                            name: id.to_owned(),
                            extensions: Vec::new(),
                            compile: None,
                            run: Vec::new(),
                        });
                        added.push((self.list.len() - 1, n));
                        self.list.len() - 1
                    }
                };
                current = Some((i, n));
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(err(format!(
                    "expected `[id]` or `key = value`, found `{}`",
                    excerpt(line.as_bytes(), 60)
                )));
            };
            let (key, value) = (key.trim(), value.trim());
            let Some((i, _)) = current else {
                return Err(err(format!("`{key}` before the first `[id]` section")));
            };
            let command = |value: &str| -> Result<Vec<String>, String> {
                let w = words(value);
                for word in &w {
                    let mut rest = word.as_str();
                    while let Some(open) = rest.find('{') {
                        let close = rest[open..].find('}').map(|c| open + c + 1);
                        let p = close.map_or(&rest[open..], |c| &rest[open..c]);
                        if !PLACEHOLDERS.contains(&p) {
                            return Err(err(format!(
                                "unknown placeholder `{}` (there are {})",
                                excerpt(p.as_bytes(), 40),
                                PLACEHOLDERS.join(", ")
                            )));
                        }
                        rest = &rest[close.unwrap_or(rest.len())..];
                    }
                }
                Ok(w)
            };
            match key {
                "name" if !value.is_empty() => self.list[i].name = value.to_owned(),
                "extensions" => {
                    let ext: Vec<String> = value
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|e| !e.is_empty())
                        .map(|e| e.trim_start_matches('.').to_owned())
                        .collect();
                    if ext.is_empty() {
                        return Err(err("`extensions` names none".into()));
                    }
                    for (j, l) in self.list.iter_mut().enumerate() {
                        if j != i {
                            l.extensions.retain(|e| !ext.contains(e));
                        }
                    }
                    self.list[i].extensions = ext;
                }
                "compile" if value.is_empty() => self.list[i].compile = None,
                "compile" => self.list[i].compile = Some(command(value)?),
                "run" if !value.is_empty() => self.list[i].run = command(value)?,
                "name" | "run" => return Err(err(format!("`{key}` is empty"))),
                _ => {
                    return Err(err(format!(
                        "unknown key `{}` (the keys are name, extensions, compile, run)",
                        excerpt(key.as_bytes(), 40)
                    )));
                }
            }
        }
        for (i, n) in added {
            let l = &self.list[i];
            if l.extensions.is_empty() || l.run.is_empty() {
                return Err(format!(
                    "{origin}:{n}: the new language `[{}]` needs `extensions` and `run`",
                    l.id
                ));
            }
        }
        Ok(self)
    }
}

/// Where a command word is found: a path as it is, a bare name in the runs'
/// `PATH` (`/usr/local/bin:/usr/bin:/bin`), then in the judge's, as the
/// sandbox looks it up.
#[must_use]
pub fn which(word: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if word.contains('/') {
        let p = PathBuf::from(word);
        return runnable(&p).then_some(p);
    }
    crate::sandbox::find_in_path(word.as_ref())
}

/// A tool of a command as the sandbox runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tool {
    /// The program that really runs: a rustup proxy (`~/.cargo/bin/rustc`)
    /// or a pyenv shim replaced by the toolchain's own program, links
    /// resolved.
    pub path: PathBuf,
    /// The toolchain directory it lies in when that is outside the system
    /// directories (`~/.rustup/toolchains/stable-…`, `~/.nvm/versions/node/v…`,
    /// `~/.sdkman/candidates/java/…`, `~/.pyenv/versions/…`,
    /// `~/.ghcup/ghc/…`): the directory above its `bin`, which a strict run
    /// gets bound read-only whole at its path (the tool's libraries lie
    /// beside it). Never a user's home: a toolchain directory has three
    /// components at least and is not `$HOME`.
    pub home: Option<PathBuf>,
}

impl Tool {
    /// The tool a command word stands for (see [`which`]; a path is taken
    /// as it is, a rustup proxy or pyenv shim resolved either way), or
    /// `None` when there is no such runnable file.
    #[must_use]
    pub fn find(word: &str) -> Option<Tool> {
        let found = which(word)?;
        let path = toolchain(&found);
        let path = std::fs::canonicalize(&path).unwrap_or(path);
        let home = toolchain_home(&path);
        Some(Tool { path, home })
    }

    /// The words that start the tool in a run: its path where it lies in the
    /// system directories; else `sh -c 'exec "$1/${2#=}" …' sh HOME =REL`,
    /// so that the sandbox binds its toolchain directory (an argument naming
    /// a directory) and does not copy the program into the box away from
    /// its libraries (as root).
    #[must_use]
    pub fn words(&self) -> Vec<OsString> {
        match self.split() {
            None => vec![self.path.clone().into_os_string()],
            Some((home, rel)) => vec![
                "sh".into(),
                "-c".into(),
                RUN_FROM_HOME.into(),
                "sh".into(),
                home,
                rel,
            ],
        }
    }

    /// The tool's version as it prints it, e.g. `javac 17.0.15`: the first
    /// line holding a digit (and no warning) of what the first of
    /// `--version`, `-version`, `version`, `-v`, `-iV` it accepts writes,
    /// each given 20 s, the one a tool is known to want first (Go's
    /// `version`, Kotlin's compiler's `-version`); `None` when none works.
    /// Run by the judge, outside the sandbox.
    #[must_use]
    pub fn version(&self) -> Option<String> {
        let name = self.path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        version_args(name).into_iter().find_map(|arg| {
            let (ok, text) = output_within(&self.path, arg, std::time::Duration::from_secs(20))?;
            if !ok {
                return None;
            }
            text.lines()
                .map(str::trim)
                .find(|l| {
                    l.chars().any(|c| c.is_ascii_digit())
                        && !l.to_ascii_lowercase().contains("warning")
                })
                .map(|l| excerpt(l.as_bytes(), 100))
        })
    }

    /// The toolchain directory and `=` and the tool's path in it.
    fn split(&self) -> Option<(OsString, OsString)> {
        let home = self.home.as_ref()?;
        let rel = self.path.strip_prefix(home).ok()?;
        let mut marked = OsString::from("=");
        marked.push(rel);
        Some((home.clone().into_os_string(), marked))
    }
}

/// Tools (by file name) that want another argument than `--version` for
/// their version, and that argument, tried first: Go's `version`, and Kotlin's
/// compiler `-version` (it refuses `--version` only after a second of
/// starting its JVM, which made `judge languages` take two). The others that
/// refuse `--version` (Lua wants `-v`, Free Pascal `-iV`) do so at once.
const VERSION_ARGS: &[(&str, &str)] = &[("go", "version"), ("kotlinc", "-version")];

/// The arguments [`Tool::version`] tries for the tool named `name`, in order:
/// its own from [`VERSION_ARGS`] first, then `--version`, `-version`,
/// `version`, `-v`, `-iV`.
fn version_args(name: &str) -> Vec<&'static str> {
    let mut args = vec!["--version", "-version", "version", "-v", "-iV"];
    if let Some(&(_, first)) = VERSION_ARGS.iter().find(|(n, _)| *n == name) {
        args.retain(|a| *a != first);
        args.insert(0, first);
    }
    args
}

/// Whether `program ARG` (standard input empty) exited 0 within `limit`, and
/// what it wrote (standard output, then error); `None` when it cannot start
/// or was killed at the limit.
fn output_within(program: &Path, arg: &str, limit: std::time::Duration) -> Option<(bool, String)> {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .arg(arg)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let (mut out, mut err) = (child.stdout.take()?, child.stderr.take()?);
    let reader = std::thread::spawn(move || {
        let mut e = Vec::new();
        let _ = err.read_to_end(&mut e);
        e
    });
    let mut text = Vec::new();
    let start = std::time::Instant::now();
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let _ = out.read_to_end(&mut text);
    text.extend(reader.join().unwrap_or_default());
    Some((
        status?.success(),
        String::from_utf8_lossy(&text).into_owned(),
    ))
}

/// The script that starts a toolchain's program (see [`Tool::words`]).
const RUN_FROM_HOME: &str = "h=$1; n=${2#=}; shift 2; exec \"$h/$n\" \"$@\"";

/// The toolchain directory of a program at `real` (links resolved), or
/// `None` for a program of the system directories or one that has none (see
/// [`Tool::home`]): under `/opt` the package's own directory (`/opt/NAME`,
/// `/opt` being shown only where a toolchain lies); elsewhere the directory
/// above its `bin`, unless that is a home, near `/`, or a hidden directory
/// (a home's `.local`, `.cargo`, `.ghcup`: it holds far more than one
/// toolchain, and the user's data beside it), where the program is shown
/// alone.
fn toolchain_home(real: &Path) -> Option<PathBuf> {
    if crate::sandbox::filesystem::SYSTEM
        .iter()
        .any(|s| real.starts_with(s))
    {
        return None;
    }
    if let Ok(rest) = real.strip_prefix("/opt") {
        let home = Path::new("/opt").join(rest.components().next()?);
        return (home != real).then_some(home);
    }
    let parent = real.parent()?;
    let home = if parent.file_name().is_some_and(|n| n == "bin") {
        parent.parent()?
    } else {
        parent
    };
    let deep = home.components().count() > 3;
    let users_home = std::env::var_os("HOME").is_some_and(|h| Path::new(&h) == home);
    let hidden = home
        .file_name()
        .is_some_and(|n| n.as_encoded_bytes().starts_with(b"."));
    (deep && !users_home && !hidden).then(|| home.to_path_buf())
}

/// A directory on the way to `tool` that a run's user id cannot pass, with
/// `isolation`, or `None`. Only a judge run as root is concerned (its runs
/// have user ids of their own; without root they have the judge's). With
/// strict isolation a toolchain directory is bound at its path with parents
/// the root makes (mode 0755): only the directories from it down to the
/// tool count. With basic isolation the runs walk the host's tree: `/root`
/// (mode 0700) stops them.
#[must_use]
pub fn unreachable_by_runs(tool: &Tool, isolation: crate::sandbox::Isolation) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    if !crate::sandbox::runs_have_own_user_ids() {
        return None;
    }
    let from = match (&tool.home, isolation) {
        (Some(home), crate::sandbox::Isolation::Strict) => Some(home.as_path()),
        _ => None,
    };
    for d in tool.path.ancestors().skip(1) {
        if let Ok(m) = std::fs::metadata(d)
            && m.is_dir()
            && m.permissions().mode() & 0o001 == 0
        {
            return Some(d.to_path_buf());
        }
        if from == Some(d) {
            break;
        }
    }
    None
}

/// The isolation `judge run` picks by default here: strict where the kernel
/// allows it.
fn default_isolation() -> crate::sandbox::Isolation {
    if crate::sandbox::strict_available() {
        crate::sandbox::Isolation::Strict
    } else {
        crate::sandbox::Isolation::Basic
    }
}

/// What to do about a tool the runs cannot reach: its path and the
/// directory in the way, in a sentence for the judge's error.
#[must_use]
pub fn unreachable_hint(tool: &Tool, dir: &Path) -> String {
    let strict = if tool.home.is_some() {
        "use strict isolation (the default where the kernel gives namespaces), which binds the toolchain's directory into each run, "
    } else {
        ""
    };
    format!(
        "{}, which the sandbox's runs cannot reach: as root they run as user ids of their own, and {} lets no other user in; {strict}install the tool under /usr or /opt, or run the judge as an ordinary user",
        tool.path.display(),
        dir.display(),
    )
}

/// Whether a language's tools are here, for `judge languages`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Installed {
    /// Every tool is found (the compiler's or interpreter's path).
    Yes(PathBuf),
    /// A tool is not found: its name.
    Missing(String),
    /// A tool is found but the sandbox's runs cannot reach it: the tool and
    /// the directory in the way.
    Unreachable(PathBuf, PathBuf),
}

impl Language {
    /// The programs the language needs (the first word of each command that
    /// is not a placeholder), e.g. `javac` and `java`.
    #[must_use]
    pub fn tools(&self) -> Vec<&str> {
        let mut t: Vec<&str> = self
            .compile
            .iter()
            .chain(std::iter::once(&self.run))
            .filter_map(|c| c.first().map(String::as_str))
            .filter(|w| !w.contains('{'))
            .collect();
        t.dedup();
        t
    }

    /// Whether its tools are installed and reachable by the runs of the
    /// isolation `judge run` picks by default.
    #[must_use]
    pub fn installed(&self) -> Installed {
        self.installed_with(default_isolation())
    }

    /// Whether its tools are installed and reachable by runs of `isolation`.
    #[must_use]
    pub fn installed_with(&self, isolation: crate::sandbox::Isolation) -> Installed {
        let mut first = None;
        for name in self.tools() {
            let Some(tool) = Tool::find(name) else {
                return Installed::Missing(name.to_owned());
            };
            if let Some(d) = unreachable_by_runs(&tool, isolation) {
                return Installed::Unreachable(tool.path, d);
            }
            first.get_or_insert(tool.path);
        }
        Installed::Yes(first.unwrap_or_default())
    }
}

/// The program that really runs for a command word found at `p`: for a
/// rustup proxy (`~/.cargo/bin/rustc`), the toolchain's own `rustc`; for a
/// pyenv shim (`~/.pyenv/shims/python3`), the version's own program (`pyenv
/// which`). Both read their manager's settings, which the sandbox does not
/// show.
fn toolchain(p: &Path) -> PathBuf {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let output = |cmd: &mut std::process::Command| {
        cmd.output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
    };
    let proxy = std::fs::read_link(p).is_ok_and(|t| t.ends_with("rustup"))
        || p.parent().is_some_and(|d| d.ends_with(".cargo/bin"));
    if name == "rustc" && proxy {
        let sysroot = output(std::process::Command::new(p).args(["--print", "sysroot"]));
        if let Some(s) = sysroot {
            let real = s.join("bin/rustc");
            if real.is_file() {
                return real;
            }
        }
    }
    if let Some(root) = p
        .parent()
        .filter(|d| d.file_name().is_some_and(|n| n == "shims"))
        .and_then(Path::parent)
        && root.join("libexec/pyenv").is_file()
    {
        let real = output(
            std::process::Command::new(root.join("libexec/pyenv"))
                .args(["which", name])
                .env("PYENV_ROOT", root),
        );
        if let Some(real) = real.filter(|r| r.is_file()) {
            return real;
        }
    }
    p.to_path_buf()
}

/// The limits of a compile: 30 s of wall and CPU time, 1 GiB of memory (all
/// its processes together), 256 MiB of files and output; and the memory
/// limit of the program's runs, for the run command's `{memory}`.
#[derive(Clone, Debug)]
pub struct CompileLimits {
    /// Wall-clock time.
    pub wall: std::time::Duration,
    /// Memory, bytes.
    pub memory: u64,
    /// The memory limit of the runs of the program made, bytes (`{memory}`
    /// is it in MiB): 256 MiB, `judge run`'s default, unless set.
    pub program_memory: u64,
}

impl Default for CompileLimits {
    fn default() -> Self {
        CompileLimits {
            wall: std::time::Duration::from_secs(30),
            memory: 1 << 30,
            program_memory: 256 << 20,
        }
    }
}

/// What [`compile`] made of a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiled {
    /// The command that runs it.
    Ready(Vec<OsString>),
    /// A compile error: the compiler's messages, each line escaped and the
    /// whole bounded (its last lines).
    Error(String),
}

/// Bytes of compiler messages shown in a compile error.
const MESSAGES_SHOWN: usize = 2000;

/// The compiler's messages for a compile error: its last lines, each
/// escaped, at most [`MESSAGES_SHOWN`] bytes in all.
fn messages(stderr: &[u8]) -> String {
    let keep = stderr.len().saturating_sub(MESSAGES_SHOWN);
    let mut tail = &stderr[keep..];
    if keep > 0
        && let Some(nl) = tail.iter().position(|&b| b == b'\n')
    {
        tail = &tail[nl + 1..];
    }
    let lines: Vec<String> = tail
        .split(|&b| b == b'\n')
        .map(|l| excerpt(l, 300))
        .collect();
    let text = lines.join("\n");
    let text = text.trim_end();
    if keep > 0 {
        format!("…(the last lines of {} bytes)\n{text}", stderr.len())
    } else if text.is_empty() {
        "(no messages)".to_owned()
    } else {
        text.to_owned()
    }
}

/// What the placeholders of a command stand for.
struct Filled<'a> {
    /// `{src}`.
    src: &'a str,
    /// `{dir}` (and `{exe}`, its file `main`).
    dir: &'a str,
    /// `{class}`.
    class: &'a str,
    /// `{memory}`, MiB.
    memory: u64,
}

/// The words of `cmd` with the placeholders filled in.
fn fill(cmd: &[String], f: &Filled) -> Vec<OsString> {
    cmd.iter()
        .map(|w| {
            let exe = format!("{}/main", f.dir);
            w.replace("{src}", f.src)
                .replace("{exe}", &exe)
                .replace("{dir}", f.dir)
                .replace("{class}", f.class)
                .replace("{memory}", &f.memory.to_string())
                .into()
        })
        .collect()
}

/// The name of the private copy a source is compiled from: a Java source
/// is named after its public top-level class (javac insists), any other
/// keeps its file name.
fn copy_name(src: &Path, text: &str) -> String {
    let name = src
        .file_name()
        .map_or_else(|| "source".to_owned(), |n| n.to_string_lossy().into_owned());
    if src.extension().is_some_and(|e| e == "java")
        && let Some(class) = public_class(text)
    {
        return format!("{class}.java");
    }
    name
}

/// The first public class, interface, enum or record of a Java source
/// (comments, strings and characters skipped), e.g. `EuclidsGame`.
fn public_class(text: &str) -> Option<String> {
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut star = false;
                for c in chars.by_ref() {
                    if star && c == '/' {
                        break;
                    }
                    star = c == '*';
                }
            }
            '"' | '\'' => {
                let mut escaped = false;
                for d in chars.by_ref() {
                    if !escaped && d == c {
                        break;
                    }
                    escaped = !escaped && d == '\\';
                }
            }
            c if c.is_alphanumeric() || c == '_' || c == '$' => {
                let mut word = String::from(c);
                while let Some(&d) = chars.peek() {
                    if d.is_alphanumeric() || d == '_' || d == '$' {
                        word.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                tokens.push(word);
            }
            c if c.is_whitespace() => {}
            _ => tokens.push(String::new()),
        }
    }
    let modifiers = ["final", "abstract", "strictfp", "sealed"];
    let kinds = ["class", "interface", "enum", "record"];
    tokens.iter().enumerate().find_map(|(i, t)| {
        if t != "public" {
            return None;
        }
        let mut j = i + 1;
        while tokens
            .get(j)
            .is_some_and(|t| modifiers.contains(&t.as_str()))
        {
            j += 1;
        }
        let kind = tokens.get(j)?;
        let name = tokens.get(j + 1).filter(|n| !n.is_empty())?;
        kinds.contains(&kind.as_str()).then(|| name.clone())
    })
}

/// The class with `public static void main(String[])` among the class
/// files below `dir` (its binary name, `pkg.Main`), as DOMjudge and Kattis
/// find it: the one named like the source (`stem`) if several, else the
/// first by name; `None` when there is none.
fn main_class(dir: &Path, stem: &str) -> Option<String> {
    let mut found: Vec<String> = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_dir() {
                stack.push(p);
            } else if kind.is_file()
                && p.extension().is_some_and(|x| x == "class")
                && let Ok(bytes) = std::fs::read(&p)
                && let Some(name) = class_with_main(&bytes)
            {
                found.push(name.replace('/', "."));
            }
        }
    }
    found.sort();
    let simple = |n: &String| n.rsplit('.').next() == Some(stem);
    found.iter().find(|n| simple(n)).or(found.first()).cloned()
}

/// The name (`pkg/Main`) of the class a class file defines, if it has a
/// method `public static void main(String[])`; `None` otherwise or when the
/// file is not a class file (JVM specification, chapter 4).
fn class_with_main(b: &[u8]) -> Option<String> {
    struct Reader<'a>(&'a [u8], usize);
    impl Reader<'_> {
        fn take(&mut self, n: usize) -> Option<&[u8]> {
            let s = self.0.get(self.1..self.1.checked_add(n)?)?;
            self.1 += n;
            Some(s)
        }
        fn u1(&mut self) -> Option<u8> {
            Some(self.take(1)?[0])
        }
        fn u2(&mut self) -> Option<usize> {
            let s = self.take(2)?;
            Some(usize::from(u16::from_be_bytes([s[0], s[1]])))
        }
        fn u4(&mut self) -> Option<usize> {
            let s = self.take(4)?;
            usize::try_from(u32::from_be_bytes([s[0], s[1], s[2], s[3]])).ok()
        }
    }
    let mut r = Reader(b, 0);
    if r.u4()? != 0xCAFE_BABE {
        return None;
    }
    r.take(4)?;
    let count = r.u2()?;
    // The constant pool: UTF-8 entries kept, class entries' name indices.
    let mut utf8: Vec<Option<String>> = vec![None; count];
    let mut class: Vec<Option<usize>> = vec![None; count];
    let mut i = 1;
    while i < count {
        match r.u1()? {
            1 => {
                let len = r.u2()?;
                utf8[i] = Some(String::from_utf8_lossy(r.take(len)?).into_owned());
            }
            7 => class[i] = Some(r.u2()?),
            8 | 16 | 19 | 20 => {
                r.take(2)?;
            }
            15 => {
                r.take(3)?;
            }
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => {
                r.take(4)?;
            }
            5 | 6 => {
                r.take(8)?;
                i += 1;
            }
            _ => return None,
        }
        i += 1;
    }
    let text = |k: usize| utf8.get(k).and_then(Option::as_deref);
    let _access = r.u2()?;
    let this = r.u2()?;
    let name = text(class.get(this).copied().flatten()?)?.to_owned();
    r.take(2)?;
    let interfaces = r.u2()?;
    r.take(interfaces.checked_mul(2)?)?;
    let skip_attributes = |r: &mut Reader| -> Option<()> {
        for _ in 0..r.u2()? {
            r.take(2)?;
            let len = r.u4()?;
            r.take(len)?;
        }
        Some(())
    };
    for _ in 0..r.u2()? {
        r.take(6)?;
        skip_attributes(&mut r)?;
    }
    for _ in 0..r.u2()? {
        let access = r.u2()?;
        let (n, d) = (r.u2()?, r.u2()?);
        skip_attributes(&mut r)?;
        let public_static = access & 0x0009 == 0x0009;
        if public_static && text(n) == Some("main") && text(d) == Some("([Ljava/lang/String;)V") {
            return Some(name);
        }
    }
    None
}

/// The script that runs the compiler in the sandbox (`sh -c SCRIPT sh DIR SRC
/// COPY BIN =NAME ARGS...`, the source `SRC` compiled from a private copy
/// `COPY` (`judge-src-0/NAME`) in the working directory, so that compilers that write beside the
/// source (ocamlopt, ghc, fpc) or want it under a name of its own (javac's
/// public class) work; the compiler `BIN/NAME` given in two parts so that,
/// as root, the sandbox does not copy it into the box away from its
/// libraries, and binds its toolchain directory `BIN` whole where it lies
/// outside the system directories; `BIN =` is a compiler outside them with
/// no toolchain directory, named alone) in its empty working directory: it makes
/// `DIR` there, the compiler's own output goes to standard error with its
/// messages; a failure exits 97 (126 and 127: it could not start); then the
/// files of `DIR` are written to standard output as a tar archive.
const COMPILE_SCRIPT: &str =
    "d=$1; s=$2; f=$3; c=$4; n=${5#=}; shift 5; mkdir \"$d\" \"${f%/*}\" || exit 2
cp -- \"$s\" \"$f\" || exit 2
\"$c${n:+/$n}\" \"$@\" >&2
s=$?
case $s in 0) ;; 126|127) exit $s ;; *) exit 97 ;; esac
cd \"$d\" && exec tar -cf - --format=ustar .";

/// Compiles `src` with `lang` in the sandbox (see the [module docs](self)),
/// keeping what the compiler wrote in `out` (an existing empty directory,
/// which the runs must be able to read), and returns the command that runs
/// it; an interpreted language only gets its run command. A compile is a run
/// like the program's: with strict isolation the compiler sees a fresh root
/// with the system and the source, and the directories `hide` (the test
/// data) stay hidden from it as from the runs.
///
/// # Errors
/// A failure of the judge: the compiler is not installed or the runs cannot
/// reach it, the sandbox cannot start it, its output cannot be kept.
pub fn compile(
    lang: &Language,
    src: &Path,
    out: &Path,
    limits: &CompileLimits,
    isolation: crate::sandbox::Isolation,
    hide: &[PathBuf],
) -> Result<Compiled, crate::run::RunError> {
    use crate::run::RunError;
    let src = std::path::absolute(src).map_err(|e| RunError(format!("{}: {e}", src.display())))?;
    let stem = src
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let src_text = src.to_string_lossy().into_owned();
    let memory = limits.program_memory >> 20;
    // The first word of a command: the tool it names, where the runs can
    // reach it.
    let tool_of = |word: &str| -> Result<Tool, RunError> {
        let tool = Tool::find(word).ok_or_else(|| {
            RunError(format!(
                "{}: `{word}` is not installed (`judge languages` lists what is)",
                lang.name
            ))
        })?;
        if let Some(d) = unreachable_by_runs(&tool, isolation) {
            return Err(RunError(format!(
                "{}: `{word}` is {}",
                lang.name,
                unreachable_hint(&tool, &d)
            )));
        }
        Ok(tool)
    };
    let resolve = |cmd: Vec<OsString>| -> Result<Vec<OsString>, RunError> {
        let mut cmd = cmd;
        // A tool, named or given by its path: not the program compiled
        // (`{exe}`, in `out`).
        if let Some(word) = cmd.first().and_then(|w| w.to_str())
            && !Path::new(word).starts_with(out)
        {
            let word = word.to_owned();
            let mut words = tool_of(&word)?.words();
            words.extend(cmd.drain(1..));
            cmd = words;
        }
        Ok(cmd)
    };
    let out_text = out.to_string_lossy().into_owned();
    let run_with = |class: &str| {
        fill(
            &lang.run,
            &Filled {
                src: &src_text,
                dir: &out_text,
                class,
                memory,
            },
        )
    };
    let Some(compile) = &lang.compile else {
        return Ok(Compiled::Ready(resolve(run_with(&stem))?));
    };
    // The private copy the compiler reads, in its working directory.
    let text = std::fs::read(&src).map_err(|e| RunError(format!("{}: {e}", src.display())))?;
    // In a directory of a name the judge's directory does not hold (the
    // sandbox makes existing relative paths absolute).
    let copy_dir = (0..)
        .map(|i| format!("judge-src-{i}"))
        .find(|d| std::fs::symlink_metadata(d).is_err())
        .unwrap_or_default();
    let copy = format!(
        "{copy_dir}/{}",
        copy_name(&src, &String::from_utf8_lossy(&text))
    );
    // `{dir}` of the compile: a relative name the judge's directory does not
    // hold (the sandbox makes existing relative paths absolute).
    let build = (0..)
        .map(|i| format!("judge-build-{i}"))
        .find(|d| std::fs::symlink_metadata(d).is_err())
        .unwrap_or_default();
    let mut words = fill(
        compile,
        &Filled {
            src: &copy,
            dir: &build,
            class: &stem,
            memory,
        },
    );
    if words.is_empty() {
        return Err(RunError(format!("{}: an empty compile command", lang.name)));
    }
    let first = words.remove(0);
    let compiler = tool_of(&first.to_string_lossy())?;
    // The compiler as `DIR =NAME`: its toolchain directory (bound whole in
    // a strict run) or, in the system directories, its own directory, so
    // that, as root, the sandbox does not copy it into the box away from its
    // libraries; elsewhere, without a toolchain directory, `PATH =`: the
    // compiler alone (its directory may be a home's `.local/bin`).
    let (dir, marked) = compiler.split().unwrap_or_else(|| {
        let system = crate::sandbox::filesystem::SYSTEM
            .iter()
            .any(|s| compiler.path.starts_with(s));
        if !system {
            return (compiler.path.clone().into_os_string(), "=".into());
        }
        let mut marked = OsString::from("=");
        marked.push(compiler.path.file_name().unwrap_or_default());
        let dir = compiler.path.parent().unwrap_or(Path::new("/"));
        (dir.as_os_str().to_owned(), marked)
    });
    let mut cmd: Vec<OsString> = vec![
        "sh".into(),
        "-c".into(),
        COMPILE_SCRIPT.into(),
        "sh".into(),
        build.into(),
        src.clone().into_os_string(),
        copy.clone().into(),
        dir,
        marked,
    ];
    cmd.extend(words);
    let boxed = crate::sandbox::into_box(&cmd)
        .map_err(|e| RunError(format!("cannot put the source into the box: {e}")))?;
    let sandbox_limits = crate::sandbox::Limits::default()
        .with_wall(limits.wall)
        .with_cpu(limits.wall)
        .with_memory(limits.memory)
        .with_output(256 << 20)
        .with_disk(256 << 20)
        .with_hide(hide.to_vec());
    let o = crate::sandbox::run(
        &boxed.cmd,
        std::sync::Arc::new(Vec::new()),
        &sandbox_limits,
        isolation,
    )
    .map_err(|e| RunError(format!("cannot start the compiler of {}: {e}", lang.name)))?;
    use crate::sandbox::{Exit, Limit};
    // As root the source is read from a copy in the box: the messages name
    // the file as the user gave it.
    let unbox = |stderr: &[u8]| -> Vec<u8> {
        let mut text = stderr.to_vec();
        for (copy, original) in boxed.cmd.iter().zip(&cmd) {
            if copy != original {
                text = replace_bytes(&text, copy.as_encoded_bytes(), original.as_encoded_bytes());
            }
        }
        // The compiler names the private copy: the user's file instead.
        let named = format!("{copy}:");
        let user = format!("{}:", src.display());
        replace_bytes(&text, named.as_bytes(), user.as_bytes())
    };
    match o.limit {
        Some(Limit::Wall | Limit::Cpu) => {
            return Ok(Compiled::Error(format!(
                "the compiler ran out of time ({} s)\n{}",
                limits.wall.as_secs(),
                messages(&unbox(&o.stderr))
            )));
        }
        Some(Limit::Memory) => {
            return Ok(Compiled::Error(format!(
                "the compiler ran out of memory ({} MiB)\n{}",
                limits.memory >> 20,
                messages(&unbox(&o.stderr))
            )));
        }
        Some(other) => {
            return Err(RunError(format!(
                "the compiler of {} was stopped by the sandbox: {other:?}",
                lang.name
            )));
        }
        None => {}
    }
    match o.exit {
        Exit::Code(0) => {}
        Exit::Code(97) => return Ok(Compiled::Error(messages(&unbox(&o.stderr)))),
        how => {
            return Err(RunError(format!(
                "the compiler of {} could not run in the sandbox ({how:?}): {}",
                lang.name,
                excerpt(&o.stderr[o.stderr.len().saturating_sub(600)..], 600)
            )));
        }
    }
    unpack(&o.stdout, out).map_err(|e| {
        RunError(format!(
            "cannot keep the compiler's output in {}: {e}",
            out.display()
        ))
    })?;
    // A JVM language's main class: the class file with `main`.
    let class = main_class(out, &stem).unwrap_or(stem);
    Ok(Compiled::Ready(resolve(run_with(&class))?))
}

/// `haystack` with every `from` replaced by `to`.
fn replace_bytes(haystack: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    if from.is_empty() {
        return haystack.to_vec();
    }
    let mut out = Vec::with_capacity(haystack.len());
    let mut i = 0;
    while i < haystack.len() {
        if haystack[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(haystack[i]);
            i += 1;
        }
    }
    out
}

/// Writes the regular files and directories of a ustar archive into `dir`
/// (anything else, a link, a device, is left out; a name with an empty,
/// `.` or `..` component or a leading `/` is refused): directories mode
/// 0700, executable files 0700, others 0600, the judge's own like every
/// directory it makes (the runs get copies where their ids can read them:
/// `sandbox::into_box`). Nothing is followed: every directory on the way is
/// one it made.
fn unpack(tar: &[u8], dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    let bad = |what: &str| std::io::Error::other(format!("a broken archive: {what}"));
    let field = |h: &[u8], at: usize, len: usize| -> Vec<u8> {
        h[at..at + len]
            .iter()
            .copied()
            .take_while(|&b| b != 0)
            .collect()
    };
    let octal = |b: Vec<u8>| -> std::io::Result<u64> {
        let s = String::from_utf8_lossy(&b);
        let s = s.trim_matches(|c: char| c == ' ' || c == '\0');
        if s.is_empty() {
            return Ok(0);
        }
        u64::from_str_radix(s, 8).map_err(|_| bad("a size that is not octal"))
    };
    let mut made: Vec<PathBuf> = Vec::new();
    let mut at = 0;
    while at + 512 <= tar.len() {
        let h = &tar[at..at + 512];
        if h.iter().all(|&b| b == 0) {
            break;
        }
        // ustar: the name is the prefix (345..500), `/`, the name (0..100).
        let mut name = field(h, 345, 155);
        if !name.is_empty() {
            name.push(b'/');
        }
        name.extend(field(h, 0, 100));
        let size = octal(field(h, 124, 12))?;
        let mode = octal(field(h, 100, 8))?;
        let kind = h[156];
        let data = at + 512;
        let end = usize::try_from(size)
            .ok()
            .and_then(|s| data.checked_add(s))
            .filter(|&e| e <= tar.len())
            .ok_or_else(|| bad("a file beyond its end"))?;
        let name = String::from_utf8_lossy(&name).into_owned();
        let name = name.strip_prefix("./").unwrap_or(&name);
        let name = name.strip_suffix('/').unwrap_or(name);
        let parts: Vec<&str> = name.split('/').collect();
        let clean = !name.is_empty()
            && name != "."
            && parts
                .iter()
                .all(|p| !p.is_empty() && *p != "." && *p != "..");
        let file = kind == b'0' || kind == 0;
        if clean && (file || kind == b'5') {
            let to = dir.join(name);
            // Its parent directories, each made here (never followed).
            for k in 1..parts.len() {
                let d = dir.join(parts[..k].join("/"));
                if !made.contains(&d) {
                    std::fs::DirBuilder::new().mode(0o700).create(&d)?;
                    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o700))?;
                    made.push(d);
                }
            }
            if file {
                std::fs::write(&to, &tar[data..end])?;
                let m = if mode & 0o100 != 0 { 0o700 } else { 0o600 };
                std::fs::set_permissions(&to, std::fs::Permissions::from_mode(m))?;
            } else if !made.contains(&to) {
                std::fs::DirBuilder::new().mode(0o700).create(&to)?;
                std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o700))?;
                made.push(to);
            }
        }
        at = data + usize::try_from(size.div_ceil(512) * 512).map_err(|_| bad("a size"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_is_asked_its_own_version_argument_first() {
        let all = ["--version", "-version", "version", "-v", "-iV"];
        assert_eq!(version_args("gcc"), all);
        assert_eq!(
            version_args("kotlinc"),
            ["-version", "--version", "version", "-v", "-iV"]
        );
        assert_eq!(
            version_args("go"),
            ["version", "--version", "-version", "-v", "-iV"]
        );
        // every argument once, whatever the tool
        for (name, _) in VERSION_ARGS {
            let mut got = version_args(name);
            got.sort_unstable();
            let mut want = all.to_vec();
            want.sort_unstable();
            assert_eq!(got, want, "{name}");
        }
    }

    #[test]
    fn a_languages_file_changes_adds_and_says_where_it_is_wrong() {
        let t = Languages::builtin()
            .with_file(
                "# c\n[scala]\nname = Scala\nextensions = scala, .sc\ncompile = scalac -d {dir} {src}\nrun = scala -J-Xmx{memory}m -cp {dir} {class}\n[cpp]\nextensions = cpp\n[c]\ncompile =\n",
                "f",
            )
            .unwrap();
        let k = t.of(Path::new("A.sc")).unwrap();
        assert_eq!(k.name, "Scala");
        assert_eq!(k.tools(), ["scalac", "scala"]);
        assert_eq!(k.run[1], "-J-Xmx{memory}m");
        assert_eq!(t.list.len(), Languages::builtin().list.len() + 1);
        assert!(t.of(Path::new("a.cc")).is_none());
        assert_eq!(t.of(Path::new("a.c")).unwrap().compile, None);
        for (text, line, what) in [
            ("run = x", 1, "before the first"),
            ("[a b]", 1, "bad section"),
            ("[c]\n\nnope", 3, "expected `[id]`"),
            ("[c]\ncolour = red", 2, "unknown key"),
            ("[c]\nrun = {exe} {src", 2, "unknown placeholder `{src`"),
            ("[c]\nrun = {exe} -m{mem}", 2, "unknown placeholder `{mem}`"),
            ("[new]\nname = New", 1, "needs `extensions` and `run`"),
            ("[c]\nextensions = ,", 2, "names none"),
        ] {
            let e = Languages::builtin().with_file(text, "f").unwrap_err();
            assert!(e.starts_with(&format!("f:{line}: ")), "{text:?}: {e}");
            assert!(e.contains(what), "{text:?}: {e}");
        }
    }

    #[test]
    fn compiler_messages_are_escaped_and_bounded() {
        assert_eq!(
            messages(b"a.c:1: error\x1b[31m\n"),
            "a.c:1: error\\u{1b}[31m"
        );
        assert_eq!(messages(b""), "(no messages)");
        let long = "x\n".repeat(5000);
        let m = messages(long.as_bytes());
        assert!(m.len() < MESSAGES_SHOWN + 100, "{}", m.len());
        assert!(
            m.starts_with("…(the last lines of 10000 bytes)\nx\n"),
            "{m}"
        );
    }

    /// A toolchain directory is the one above a tool's `bin` outside the
    /// system directories, never a home or a directory near `/`.
    #[test]
    fn a_toolchain_directory_is_above_bin_and_never_a_home() {
        let home = |p: &str| toolchain_home(Path::new(p)).map(|h| h.display().to_string());
        let rustup = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu";
        assert_eq!(
            home(&format!("{rustup}/bin/rustc")).as_deref(),
            Some(rustup)
        );
        assert_eq!(
            home("/home/u/.nvm/versions/node/v20.1.0/bin/node").as_deref(),
            Some("/home/u/.nvm/versions/node/v20.1.0")
        );
        assert_eq!(
            home("/home/u/.ghcup/ghc/9.4.8/lib/bin/ghc").as_deref(),
            Some("/home/u/.ghcup/ghc/9.4.8/lib")
        );
        // A package of /opt: its own directory, never /opt.
        assert_eq!(home("/opt/jdk/bin/java").as_deref(), Some("/opt/jdk"));
        assert_eq!(
            home("/opt/pkg/lib/jvm/bin/java").as_deref(),
            Some("/opt/pkg")
        );
        for none in [
            "/usr/bin/gcc",
            "/opt/tool",
            "/home/u/bin/tool",
            "/srv/tool",
            // A home's hidden directories hold more than a toolchain: the
            // program alone.
            "/home/u/.local/bin/tool",
            "/home/u/.cargo/bin/tool",
            "/root/.ghcup/bin/ghc",
            "/home/u/.local/tool",
        ] {
            assert_eq!(home(none), None, "{none}");
        }
        let tool = Tool {
            path: format!("{rustup}/bin/rustc").into(),
            home: Some(rustup.into()),
        };
        let w = tool.words();
        assert_eq!(w[..4], ["sh", "-c", RUN_FROM_HOME, "sh"]);
        assert_eq!(w[4..], [rustup, "=bin/rustc"]);
        let system = Tool {
            path: "/usr/bin/gcc".into(),
            home: None,
        };
        assert_eq!(system.words(), ["/usr/bin/gcc"]);
    }

    /// The public top-level class of a Java source, past comments, strings
    /// and annotations, whatever its name's alphabet.
    #[test]
    fn a_java_sources_public_class_names_its_copy() {
        let src = "// public class Comment {}\n/* public class Block */\npackage a.b;\nimport java.util.*;\n@SuppressWarnings(\"public class S\")\nfinal public class EuclidsGame {\n  public static class Inner {}\n}\n";
        assert_eq!(public_class(src).as_deref(), Some("EuclidsGame"));
        assert_eq!(public_class("class Main {}").as_deref(), None);
        assert_eq!(
            public_class("public final class Ходы { char c = '\\''; }").as_deref(),
            Some("Ходы")
        );
        assert_eq!(
            copy_name(Path::new("/s/author_solution.java"), src),
            "EuclidsGame.java"
        );
        assert_eq!(copy_name(Path::new("/s/a.kt"), src), "a.kt");
        assert_eq!(
            copy_name(Path::new("/s/Main.java"), "class Main {}"),
            "Main.java"
        );
    }

    /// A class file written by hand after the JVM specification (chapter
    /// 4): `pkg/Main` with `public static void main(String[])` is found, a
    /// class whose `main` is not static or has another descriptor is not,
    /// and a truncated or foreign file is no class.
    #[test]
    fn the_class_with_main_is_found_in_a_class_file() {
        fn class_file(name: &str, access: u16, descriptor: &str) -> Vec<u8> {
            let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61];
            let utf8 = |b: &mut Vec<u8>, s: &str| {
                b.push(1);
                b.extend((s.len() as u16).to_be_bytes());
                b.extend(s.as_bytes());
            };
            // #1 Utf8 name, #2 Class #1, #3 Utf8 "main", #4 Utf8 descriptor,
            // #5 Long (two slots), #7 Utf8 "java/lang/Object", #8 Class #7.
            b.extend(9u16.to_be_bytes());
            utf8(&mut b, name);
            b.extend([7, 0, 1]);
            utf8(&mut b, "main");
            utf8(&mut b, descriptor);
            b.push(5);
            b.extend(7u64.to_be_bytes());
            utf8(&mut b, "java/lang/Object");
            b.extend([7, 0, 7]);
            b.extend(0x21u16.to_be_bytes()); // access
            b.extend(2u16.to_be_bytes()); // this
            b.extend(8u16.to_be_bytes()); // super
            b.extend(0u16.to_be_bytes()); // interfaces
            b.extend(0u16.to_be_bytes()); // fields
            b.extend(1u16.to_be_bytes()); // methods
            b.extend(access.to_be_bytes());
            b.extend(3u16.to_be_bytes());
            b.extend(4u16.to_be_bytes());
            b.extend(1u16.to_be_bytes()); // one attribute, skipped
            b.extend(3u16.to_be_bytes());
            b.extend(2u32.to_be_bytes());
            b.extend([0xAB, 0xCD]);
            b.extend(0u16.to_be_bytes()); // class attributes
            b
        }
        let main = "([Ljava/lang/String;)V";
        assert_eq!(
            class_with_main(&class_file("pkg/Main", 0x0009, main)).as_deref(),
            Some("pkg/Main")
        );
        assert_eq!(class_with_main(&class_file("A", 0x0001, main)), None);
        assert_eq!(class_with_main(&class_file("A", 0x0009, "()V")), None);
        let whole = class_file("pkg/Main", 0x0009, main);
        assert_eq!(class_with_main(&whole[..whole.len() - 12]), None);
        assert_eq!(class_with_main(b"\x7fELF"), None);
        // Below a directory: the binary name, the one named like the source
        // first.
        let d = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(d.path().join("pkg")).expect("mkdir");
        std::fs::write(d.path().join("pkg/Main.class"), &whole).expect("write");
        std::fs::write(
            d.path().join("Other.class"),
            class_file("Other", 0x0009, main),
        )
        .expect("write");
        assert_eq!(main_class(d.path(), "Main").as_deref(), Some("pkg.Main"));
        assert_eq!(main_class(d.path(), "x").as_deref(), Some("Other"));
    }

    /// An archive with a directory and files at two depths is unpacked
    /// whole; a name that climbs out, a link and an absolute name are not.
    #[test]
    fn unpack_keeps_directories_and_refuses_names_that_leave() {
        fn entry(name: &str, kind: u8, data: &[u8]) -> Vec<u8> {
            let mut h = vec![0u8; 512];
            h[..name.len()].copy_from_slice(name.as_bytes());
            h[100..107].copy_from_slice(b"0000644");
            let size = format!("{:011o}", data.len());
            h[124..135].copy_from_slice(size.as_bytes());
            h[156] = kind;
            let mut v = h;
            v.extend(data);
            v.resize(v.len().div_ceil(512) * 512, 0);
            v
        }
        let mut tar = Vec::new();
        tar.extend(entry("./", b'5', b""));
        tar.extend(entry("./a/", b'5', b""));
        tar.extend(entry("./a/b/C.class", b'0', b"class"));
        tar.extend(entry("./main", b'0', b"exe"));
        tar.extend(entry("../up", b'0', b"no"));
        tar.extend(entry("a/../../up2", b'0', b"no"));
        tar.extend(entry("/abs", b'0', b"no"));
        tar.extend(entry("link", b'2', b""));
        tar.extend(vec![0u8; 1024]);
        let d = tempfile::tempdir().expect("tempdir");
        let out = d.path().join("out");
        std::fs::create_dir(&out).expect("mkdir");
        unpack(&tar, &out).expect("unpack");
        assert_eq!(std::fs::read(out.join("a/b/C.class")).expect("C"), b"class");
        assert_eq!(std::fs::read(out.join("main")).expect("main"), b"exe");
        let mut names: Vec<String> = std::fs::read_dir(&out)
            .expect("read")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a", "main"]);
        assert!(!d.path().join("up").exists() && !d.path().join("up2").exists());
    }

    #[test]
    fn fill_puts_the_paths_in() {
        let cmd = words("java -Xmx{memory}m -cp {dir} {class} {exe}");
        let f = Filled {
            src: "/s/Main.java",
            dir: "/o",
            class: "Main",
            memory: 256,
        };
        assert_eq!(
            fill(&cmd, &f),
            ["java", "-Xmx256m", "-cp", "/o", "Main", "/o/main"]
        );
    }
}
