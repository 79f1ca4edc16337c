//! Issue #40: every language of the built-in table judges an honest exact
//! solution of `wythoff` to AC with the default flags, as root (a memory
//! cgroup, runs with user ids of their own) and as `nobody` (no cgroup, a
//! user namespace), in strict and basic isolation; the JVM and Node.js may
//! use the memory limit (100 MB held under the default 256 MiB is AC, 400 MB
//! is MLE) with the same verdict for both. A language whose toolchain is
//! missing here is skipped, saying so. The solutions are in `tests/fair/`,
//! each written from the problem's definition (a losing position `(a, b)`,
//! `a ≤ b`, has `a = ⌊kφ⌋` with `k = b − a`, `⌊kφ⌋ = (k + isqrt(5k²)) / 2`);
//! the test sets' answers come from the judge's own solver, which
//! `beatty-judge`'s tests check against brute force over the game.
#![cfg(target_os = "linux")]

use crate::common::{is_root, judge_for_nobody};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Whom the judge runs as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum User {
    Me,
    Nobody,
}

fn users() -> Vec<User> {
    if is_root() && Path::new("/usr/bin/setpriv").exists() {
        vec![User::Me, User::Nobody]
    } else {
        vec![User::Me]
    }
}

/// What a judge said.
struct Out {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// `judge ARGS` as `user` in `cwd`.
fn judge(user: User, cwd: &Path, args: &[&str]) -> Out {
    let mut c = match user {
        User::Me => Command::new(env!("CARGO_BIN_EXE_judge")),
        User::Nobody => {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
                .arg(judge_for_nobody());
            c
        }
    };
    let o = c
        .args(args)
        .current_dir(cwd)
        .env_remove("TMPDIR")
        .stdin(Stdio::null())
        .output()
        .expect("run judge");
    Out {
        code: o.status.code(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// A scratch directory every user can read, removed when dropped.
fn scratch() -> tempfile::TempDir {
    let d = tempfile::Builder::new()
        .prefix("beatty-languages-")
        .tempdir_in("/tmp")
        .expect("tempdir");
    std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    d
}

/// `text` written to `dir/name`, readable by all.
fn put(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    p
}

fn fair(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fair")
            .join(name),
    )
    .expect("read a fair program")
}

/// Why `judge languages` (as `user`, with `extra` arguments) says language
/// `id` cannot be used here, or `None` when it is installed and within reach.
fn missing(user: User, cwd: &Path, id: &str, extra: &[&str]) -> Option<String> {
    let mut args = vec!["languages"];
    args.extend(extra);
    let out = judge(user, cwd, &args);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let line = out
        .stdout
        .lines()
        .find(|l| l.starts_with(&format!("{id} (")))
        .unwrap_or_else(|| panic!("`judge languages` lists {id}:\n{}", out.stdout));
    (!line.contains("— installed (")).then(|| line.to_owned())
}

/// The languages, each with its solution's file name and text, and the
/// arguments that choose it where its extension does not (PyPy has no
/// extension of its own: `.py` is CPython's; `--language pypy3`).
fn solutions() -> Vec<(&'static str, String, String, Option<&'static str>)> {
    let e2e = |p: &str| std::fs::read_to_string(crate::e2e::wythoff_asset(p)).expect("asset");
    let mut v: Vec<(&str, String, String, Option<&str>)> = vec![
        ("c", "one_line.c".into(), e2e("one_line.c"), None),
        ("cpp", "exact.cpp".into(), e2e("exact.cpp"), None),
        ("rust", "exact.rs".into(), fair("exact.rs"), None),
        ("python3", "exact.py".into(), e2e("exact.py"), None),
        ("pypy3", "exact.py".into(), e2e("exact.py"), Some("pypy3")),
        ("java", "Main.java".into(), fair("Main.java"), None),
        (
            "java",
            "author_solution.java".into(),
            fair("author_solution.java"),
            None,
        ),
        ("java", "Ходы.java".into(), fair("Ходы.java"), None),
        ("kotlin", "exact.kt".into(), fair("exact.kt"), None),
        ("go", "exact.go".into(), fair("exact.go"), None),
        ("javascript", "exact.js".into(), fair("exact.js"), None),
        ("csharp", "exact.cs".into(), fair("exact.cs"), None),
        ("php", "exact.php".into(), fair("exact.php"), None),
        ("ruby", "exact.rb".into(), fair("exact.rb"), None),
        ("haskell", "exact.hs".into(), fair("exact.hs"), None),
        ("ocaml", "exact.ml".into(), fair("exact.ml"), None),
        ("pascal", "exact.pas".into(), fair("exact.pas"), None),
        ("lua", "exact.lua".into(), fair("exact.lua"), None),
    ];
    if let Ok(only) = std::env::var("BEATTY_LANGUAGES") {
        v.retain(|(id, ..)| only.split(',').any(|o| o == *id));
    }
    v
}

/// Every language of the table, with its honest solution and the default
/// flags (`--seed 1`'s test set: 7 tests up to 10^9, with the double
/// formula's hazards): AC, as root and as `nobody`, with the default
/// (strict) isolation and with `--isolation basic`. The languages whose
/// toolchain is missing (or out of `nobody`'s reach: rustup's under
/// `/root`) are skipped, each named. `BEATTY_LANGUAGES=go,java` runs only
/// those.
#[test]
fn every_language_judges_an_exact_solution_to_ac() {
    if crate::common::skip_slow() {
        return;
    }
    let d = scratch();
    let mut failures = Vec::new();
    let mut judged = 0;
    for (id, name, text, languages) in solutions() {
        let sub = d.path().join(format!("{id}-{judged}-{}", name.len()));
        std::fs::create_dir(&sub).expect("mkdir");
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let src = put(&sub, &name, &text);
        let extra: Vec<&str> = match languages {
            Some(l) => vec!["--language", l],
            None => Vec::new(),
        };
        for user in users() {
            if let Some(why) = missing(user, d.path(), id, &[]) {
                eprintln!("skipping {name} as {user:?}: {why}");
                continue;
            }
            for mode in [None, Some("basic")] {
                let mut args = vec!["run", "wythoff", "--seed", "1"];
                args.extend(&extra);
                if let Some(m) = mode {
                    args.extend(["--isolation", m]);
                }
                let src = src.to_str().expect("utf-8");
                args.push(src);
                let out = judge(user, d.path(), &args);
                let what = format!("{name} ({id}) as {user:?}, isolation {mode:?}");
                // rustup's toolchain under /root: basic isolation as root
                // cannot reach it, and the judge says so (run_source.rs).
                if mode.is_some()
                    && out.code == Some(3)
                    && out.stderr.contains("use strict isolation")
                {
                    eprintln!("skipping {what}: out of basic isolation's reach, as the judge says");
                    continue;
                }
                eprintln!("{what}: {}", out.stdout.lines().last().unwrap_or_default());
                if !(out.code == Some(0) && out.stdout.contains("verdict: AC (7/7 tests)")) {
                    failures.push(format!("{what}:\n{}\n{}", out.stdout, out.stderr));
                }
            }
        }
        judged += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A Java and a JavaScript solution that hold `MB` megabytes (an array
/// touched whole) and answer right: under the default 256 MiB limit, 100 MB
/// is AC and 400 MB is MLE, as root (the memory cgroup; the JVM's heap
/// would be a quarter of it without `-Xmx`) and as `nobody` (sampled
/// resident memory). The runtimes get their heap limit from `{memory}`.
#[test]
fn the_jvm_and_node_may_use_the_memory_limit() {
    if crate::common::skip_slow() {
        return;
    }
    let java = r#"import java.io.*;
import java.util.*;

public class Hold {
    static long isqrt(long n) {
        long r = (long) Math.sqrt((double) n);
        while (r * r > n) r--;
        while ((r + 1) * (r + 1) <= n) r++;
        return r;
    }

    public static void main(String[] args) throws IOException {
        long[] held = new long[MB * 1000 * 1000 / 8];
        for (int i = 0; i < held.length; i++) held[i] = i;
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i + 1 < t.length; i += 2) {
            long a = Long.parseLong(t[i]), b = Long.parseLong(t[i + 1]);
            if (a > b) { long x = a; a = b; b = x; }
            long k = b - a;
            boolean losing = (k + isqrt(5 * k * k)) / 2 == a;
            sb.append(losing == (held[held.length - 1] >= 0) ? "0\n" : "1\n");
        }
        System.out.print(sb);
    }
}
"#;
    let js = r#"const held = new Float64Array(MB * 1000 * 1000 / 8);
for (let i = 0; i < held.length; i++) held[i] = i;
const t = require("fs").readFileSync(0, "latin1").split(/\s+/).filter((x) => x.length > 0);
function isqrt(n) {
  let r = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (r * r > n) r--;
  while ((r + 1n) * (r + 1n) <= n) r++;
  return r;
}
const out = [];
for (let i = 0; i + 1 < t.length; i += 2) {
  let a = BigInt(t[i]), b = BigInt(t[i + 1]);
  if (a > b) [a, b] = [b, a];
  const k = b - a;
  const losing = (k + isqrt(5n * k * k)) / 2n === a;
  out.push(losing === held[held.length - 1] >= 0 ? "0" : "1");
}
process.stdout.write(out.map((x) => x + "\n").join(""));
"#;
    let d = scratch();
    let mut failures = Vec::new();
    for (id, file, text) in [("java", "Hold.java", java), ("javascript", "hold.js", js)] {
        for (mb, verdict) in [(100, "verdict: AC (7/7 tests)"), (400, "verdict: MLE")] {
            let sub = d.path().join(format!("{id}-{mb}"));
            std::fs::create_dir(&sub).expect("mkdir");
            std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).expect("chmod");
            let src = put(&sub, file, &text.replace("MB", &mb.to_string()));
            for user in users() {
                if let Some(why) = missing(user, d.path(), id, &[]) {
                    eprintln!("skipping {file} as {user:?}: {why}");
                    continue;
                }
                let out = judge(
                    user,
                    d.path(),
                    &[
                        "run",
                        "wythoff",
                        "--seed",
                        "1",
                        src.to_str().expect("utf-8"),
                    ],
                );
                let what = format!("{file} holding {mb} MB as {user:?}");
                let last = out.stdout.lines().last().unwrap_or_default().to_owned();
                eprintln!("{what}: {last}");
                if !last.starts_with(verdict) {
                    failures.push(format!(
                        "{what}: expected {verdict}:\n{}\n{}",
                        out.stdout, out.stderr
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `judge languages` shows each installed language's tool and its version:
/// the first line of what the tool itself says to `--version` (run here, on
/// the path the judge shows), for the languages whose tools answer it.
#[test]
fn judge_languages_shows_each_tools_version() {
    if crate::common::skip_slow() {
        return;
    }
    let d = scratch();
    let out = judge(User::Me, d.path(), &["languages"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let mut checked = 0;
    for id in ["c", "python3", "javascript", "ruby", "php", "csharp"] {
        let line = out
            .stdout
            .lines()
            .find(|l| l.starts_with(&format!("{id} (")))
            .unwrap_or_else(|| panic!("{id} listed:\n{}", out.stdout));
        let Some(rest) = line.split("— installed (").nth(1) else {
            eprintln!("skipping {id}: {line}");
            continue;
        };
        let (path, version) = rest.split_once(", ").expect("a version after the path");
        let own = Command::new(path)
            .arg("--version")
            .stdin(Stdio::null())
            .output()
            .expect("the tool answers --version");
        let first = String::from_utf8_lossy(&own.stdout)
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .trim()
            .to_owned();
        assert!(
            version.starts_with(&first),
            "{id}: the judge says {version:?}, the tool {first:?}"
        );
        checked += 1;
    }
    assert!(checked >= 2, "C and Python 3 at least:\n{}", out.stdout);
}

/// Issue #40: a toolchain outside the system directories (nvm's, sdkman's,
/// pyenv's, ghcup's, rustup's), here a copy of Lua's interpreter in
/// `CLOSED/toolchain/bin` with `CLOSED` mode 0700, as a languages file names
/// it. As root with strict isolation (the default) the run's root binds the
/// toolchain's directory with parents it makes: AC. With basic isolation
/// the runs' own user ids cannot pass `CLOSED`: the judge's error, saying to
/// use strict isolation. As `nobody` the judge cannot reach it either: not
/// installed. Skipped without root or Lua.
#[test]
fn a_toolchain_in_a_closed_directory_is_bound_into_strict_runs() {
    if crate::common::skip_slow() {
        return;
    }
    let Some(lua) = ["/usr/bin/lua5.4"]
        .iter()
        .map(Path::new)
        .find(|p| p.is_file())
    else {
        eprintln!("skipping: no /usr/bin/lua5.4");
        return;
    };
    if !is_root() {
        eprintln!("skipping: not root");
        return;
    }
    let closed = tempfile::Builder::new()
        .prefix("beatty-closed-")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .expect("tempdir");
    std::fs::set_permissions(closed.path(), std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let bin = closed.path().join("toolchain/bin");
    std::fs::create_dir_all(&bin).expect("mkdir");
    for d in [bin.as_path(), bin.parent().expect("toolchain")] {
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let tool = bin.join("lua");
    std::fs::copy(lua, &tool).expect("copy lua");
    std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let d = scratch();
    let src = put(d.path(), "exact.lua", &fair("exact.lua"));
    let langs = put(
        d.path(),
        "languages.txt",
        &format!("[lua]\nrun = {} {{src}}\n", tool.display()),
    );
    let (src, langs) = (src.to_str().expect("utf-8"), langs.to_str().expect("utf-8"));
    let run = |user: User, extra: &[&str]| {
        let mut args = vec!["run", "wythoff", "--seed", "1", "--languages", langs];
        args.extend(extra);
        args.push(src);
        judge(user, d.path(), &args)
    };
    let out = run(User::Me, &[]);
    assert_eq!(out.code, Some(0), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("verdict: AC (7/7 tests)"),
        "{}",
        out.stdout
    );
    let out = run(User::Me, &["--isolation", "basic"]);
    assert_eq!(out.code, Some(3), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains(&closed.path().display().to_string())
            && out.stderr.contains("use strict isolation"),
        "{}",
        out.stderr
    );
    if users().contains(&User::Nobody) {
        let out = run(User::Nobody, &[]);
        assert_eq!(out.code, Some(3), "{}\n{}", out.stdout, out.stderr);
        assert!(out.stderr.contains("is not installed"), "{}", out.stderr);
    }
}
