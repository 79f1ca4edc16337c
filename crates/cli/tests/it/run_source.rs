//! `judge run PROBLEM FILE` (issue 23): source files compiled in the sandbox
//! by the language table, compile errors (CE), `--languages` files, the
//! machine-readable reports, the hints for a command that is a source file,
//! and the small fixes of the run's report (`--stop-on-fail`'s count, an RE
//! with nothing on stderr, `--jobs 0`, the help on bare names).
#![cfg(target_os = "linux")]

use beatty_judge::package::assets;
use beatty_problems::Problem;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Out {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn judge_in(dir: Option<&Path>, args: &[&str]) -> Out {
    judge_env(dir, None, args)
}

/// `judge` in `dir` with `path` before the `PATH`.
fn judge_env(dir: Option<&Path>, path: Option<&Path>, args: &[&str]) -> Out {
    let mut c = Command::new(env!("CARGO_BIN_EXE_judge"));
    c.args(args);
    if let Some(d) = dir {
        c.current_dir(d);
    }
    if let Some(p) = path {
        let mut all = p.as_os_str().to_owned();
        all.push(":");
        all.push(std::env::var_os("PATH").unwrap_or_default());
        c.env("PATH", all);
    }
    let o = c.output().expect("run judge");
    Out {
        code: o.status.code(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

fn judge(args: &[&str]) -> Out {
    judge_in(None, args)
}

/// A scratch directory the runs can read (as root they have user ids of
/// their own), removed when dropped.
fn scratch() -> tempfile::TempDir {
    let d = tempfile::Builder::new()
        .prefix("beatty-judge-run-source-")
        .tempdir()
        .expect("tempdir");
    std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    d
}

/// A small wythoff test set: every test a single case, the answers from the
/// judge's solver. Tests 01, 02 and 04.. are losing positions (answer 0),
/// test 03 a winning one (answer 1).
fn small_tests(dir: &Path) -> PathBuf {
    let t = dir.join("tests");
    std::fs::create_dir(&t).expect("mkdir");
    let cases = ["2 1", "5 3", "8 4", "7 4", "10 6", "13 8", "3 5"];
    for (i, c) in cases.iter().enumerate() {
        let input = format!("{c}\n");
        let mut ans = Vec::new();
        beatty_problems::solve(Problem::Wythoff, input.as_bytes(), &mut ans).expect("solve");
        std::fs::write(t.join(format!("{:02}.in", i + 1)), &input).expect("write");
        std::fs::write(t.join(format!("{:02}.ans", i + 1)), ans).expect("write");
    }
    t
}

fn asset(problem: &str, path: &str) -> &'static str {
    assets(problem)
        .expect("assets")
        .iter()
        .find(|a| a.path == path)
        .unwrap_or_else(|| panic!("{problem} has {path}"))
        .contents
}

fn fair(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fair")
            .join(name),
    )
    .expect("read a fair program")
}

/// Why a language cannot be tested here (`judge languages` says it), or `None`.
fn missing(id: &str) -> Option<String> {
    let out = judge(&["languages"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let line = out
        .stdout
        .lines()
        .find(|l| l.starts_with(&format!("{id} (")))
        .unwrap_or_else(|| panic!("`judge languages` lists {id}:\n{}", out.stdout));
    (!line.contains("— installed (")).then(|| line.to_owned())
}

#[test]
fn a_c_cpp_rust_python_and_java_source_is_judged_with_default_flags() {
    if crate::common::skip_slow() {
        return;
    }
    let d = scratch();
    let tests = small_tests(d.path());
    let sources = [
        (
            "c",
            "one_line.c",
            asset("wythoff", "submissions/accepted/one_line.c").to_owned(),
        ),
        (
            "cpp",
            "exact.cpp",
            asset("wythoff", "submissions/accepted/exact.cpp").to_owned(),
        ),
        ("rust", "exact.rs", fair("exact.rs")),
        (
            "python3",
            "exact.py",
            asset("wythoff", "submissions/accepted/exact.py").to_owned(),
        ),
        ("java", "Main.java", fair("Main.java")),
    ];
    let mut judged = 0;
    for (id, name, text) in sources {
        let path: Option<PathBuf> = None;
        if let Some(why) = missing(id) {
            eprintln!("skipping {name}: {why}");
            continue;
        }
        let src = d.path().join(name);
        std::fs::write(&src, text).expect("write");
        // With the test set of the seed (the default) and with --tests.
        for extra in [&[][..], &["--tests", tests.to_str().expect("utf-8")][..]] {
            let mut args = vec!["run", "wythoff", src.to_str().expect("utf-8")];
            args.extend(extra);
            let out = judge_env(None, path.as_deref(), &args);
            assert_eq!(out.code, Some(0), "{name}:\n{}\n{}", out.stdout, out.stderr);
            assert!(
                out.stdout.contains("verdict: AC (7/7 tests)"),
                "{}",
                out.stdout
            );
            assert!(out.stderr.contains("judge: compiling"), "{}", out.stderr);
        }
        judged += 1;
    }
    assert!(judged >= 3, "C, C++ and Python at least");
}

/// Issue #40: rustup's Rust (`~/.rustup`, `/root` mode 0700) for a judge run
/// as root. Strict isolation (the default) binds the toolchain's directory
/// into the compile's root: AC. Basic isolation cannot (the runs' own user
/// ids walk the host's tree): the judge's error, saying to use strict
/// isolation. Skipped unless the tests run as root with `rustc` in a
/// toolchain directory under a closed directory.
#[test]
fn rustup_rust_works_for_a_judge_run_as_root() {
    if crate::common::skip_slow() {
        return;
    }
    let rustc = Command::new("rustc").args(["--print", "sysroot"]).output();
    let Some(sysroot) = rustc
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
    else {
        eprintln!("skipping: no rustc");
        return;
    };
    let closed = sysroot
        .ancestors()
        .skip(1)
        .any(|a| std::fs::metadata(a).is_ok_and(|m| m.permissions().mode() & 0o001 == 0));
    let root = std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|l| l.split_whitespace().nth(1))
            == Some("0")
    });
    if !root || !closed {
        eprintln!(
            "skipping: not root, or {} lies in no closed directory",
            sysroot.display()
        );
        return;
    }
    let d = scratch();
    let src = d.path().join("exact.rs");
    std::fs::write(&src, fair("exact.rs")).expect("write");
    let src = src.to_str().expect("utf-8");
    let out = judge(&["run", "wythoff", src]);
    assert_eq!(out.code, Some(0), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("verdict: AC (7/7 tests)"),
        "{}",
        out.stdout
    );
    let langs = judge(&["languages"]);
    assert!(
        langs.stdout.contains(&format!(
            "rust (Rust): .rs — installed ({}, rustc ",
            sysroot.join("bin/rustc").display()
        )),
        "{}",
        langs.stdout
    );
    let out = judge(&["run", "wythoff", "--isolation", "basic", src]);
    assert_eq!(out.code, Some(3), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("cannot reach") && out.stderr.contains("use strict isolation"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_compile_error_is_ce_with_the_compilers_message_escaped() {
    if let Some(why) = missing("c") {
        eprintln!("skipping: {why}");
        return;
    }
    let d = scratch();
    let tests = small_tests(d.path());
    let src = d.path().join("bad.c");
    std::fs::write(&src, "int main(void) { return \x1b[2J 0 }\n").expect("write");
    let t = tests.to_str().expect("utf-8");
    let out = judge(&["run", "wythoff", "--tests", t, src.to_str().expect("utf-8")]);
    assert_eq!(out.code, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("verdict: CE (0/7 tests; the source did not compile)"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("error"), "{}", out.stdout);
    // The compiler's message names the file as given, its control bytes escaped.
    assert!(
        out.stdout.contains(&src.display().to_string()),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains('\x1b'), "{:?}", out.stdout);
    assert!(out.stdout.contains("\\u{1b}"), "{}", out.stdout);
    let json = judge(&[
        "run",
        "wythoff",
        "--tests",
        t,
        "--format",
        "json",
        src.to_str().expect("utf-8"),
    ]);
    assert_eq!(json.code, Some(1));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("one JSON object");
    assert_eq!(v["verdict"], "CE");
    assert_eq!(v["run"], 0);
    assert!(
        v["message"].as_str().is_some_and(|m| m.contains("error")),
        "{v}"
    );
    let junit = judge(&[
        "run",
        "wythoff",
        "--tests",
        t,
        "--format",
        "junit",
        src.to_str().expect("utf-8"),
    ]);
    assert_eq!(junit.code, Some(1));
    let names = xml_elements(&junit.stdout);
    assert_eq!(names.iter().filter(|n| *n == "skipped").count(), 7);
    assert!(
        junit
            .stdout
            .contains("<testcase name=\"compile\" classname=\"judge.wythoff\" time=\"0\">\n      <failure type=\"CE\""),
        "{}",
        junit.stdout
    );
    assert!(!junit.stdout.contains('\x1b'), "{:?}", junit.stdout);
}

#[test]
fn a_languages_file_adds_a_language_and_names_the_line_of_a_mistake() {
    let d = scratch();
    let tests = small_tests(d.path());
    let langs = d.path().join("langs.txt");
    std::fs::write(
        &langs,
        "# a script language of our own\n[wy]\nname = Wythoff script\nextensions = wy\nrun = python3 {src}\n",
    )
    .expect("write");
    let src = d.path().join("sol.wy");
    std::fs::write(&src, asset("wythoff", "submissions/accepted/exact.py")).expect("write");
    let l = langs.to_str().expect("utf-8");
    let out = judge(&[
        "run",
        "wythoff",
        "--tests",
        tests.to_str().expect("utf-8"),
        "--languages",
        l,
        src.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.code, Some(0), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("verdict: AC (7/7 tests)"),
        "{}",
        out.stdout
    );
    let listed = judge(&["languages", "--languages", l]);
    assert!(
        listed.stdout.contains("wy (Wythoff script): .wy"),
        "{}",
        listed.stdout
    );
    // Without the file the extension is unknown: a usage error naming the known ones.
    let unknown = judge(&["run", "wythoff", src.to_str().expect("utf-8")]);
    assert_eq!(unknown.code, Some(2));
    assert!(unknown.stderr.contains(".cpp"), "{}", unknown.stderr);
    std::fs::write(&langs, "[wy]\nextensions = wy\nrun = python3 {source}\n").expect("write");
    for args in [
        vec!["languages", "--languages", l],
        vec![
            "run",
            "wythoff",
            "--languages",
            l,
            src.to_str().expect("utf-8"),
        ],
    ] {
        let bad = judge(&args);
        assert_eq!(bad.code, Some(2), "{}", bad.stderr);
        assert!(
            bad.stderr
                .contains(&format!("{l}:3: unknown placeholder `{{source}}`")),
            "{}",
            bad.stderr
        );
    }
    let gone = d.path().join("no-such-langs.txt");
    let out = judge(&["languages", "--languages", gone.to_str().expect("utf-8")]);
    assert_eq!(out.code, Some(3), "{}", out.stderr);
    assert!(
        out.stderr.contains("cannot read the languages file"),
        "{}",
        out.stderr
    );
}

/// Issue 23: every submission of a package, judged from its source file on
/// the package's data, gets a verdict its directory admits.
#[test]
fn every_package_submission_judged_from_its_source_gets_its_directorys_verdict() {
    if crate::common::skip_slow() {
        return;
    }
    let d = scratch();
    let pkg = d.path().join("wythoff");
    let out = judge(&["package", "wythoff", "--out", pkg.to_str().expect("utf-8")]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let data = pkg.join("data");
    let mut judged = 0;
    for dir in std::fs::read_dir(pkg.join("submissions")).expect("submissions") {
        let dir = dir.expect("entry").path();
        let name = dir
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let admitted: &[&str] = match name.as_str() {
            "accepted" => &["AC"],
            "wrong_answer" => &["WA", "PE"],
            "time_limit_exceeded" => &["TLE"],
            "run_time_error" => &["RE"],
            other => panic!("unknown directory {other}"),
        };
        for f in std::fs::read_dir(&dir).expect("dir") {
            let f = f.expect("entry").path();
            let id = match f.extension().and_then(|e| e.to_str()) {
                Some("c") => "c",
                Some("cpp") => "cpp",
                Some("py") => "python3",
                other => panic!("{}: a language of {other:?}", f.display()),
            };
            if let Some(why) = missing(id) {
                eprintln!("skipping {}: {why}", f.display());
                continue;
            }
            let out = judge(&[
                "run",
                "wythoff",
                "--tests",
                data.to_str().expect("utf-8"),
                "--stop-on-fail",
                f.to_str().expect("utf-8"),
            ]);
            let last = out.stdout.lines().last().unwrap_or_default().to_owned();
            let verdict = last
                .strip_prefix("verdict: ")
                .and_then(|l| l.split_whitespace().next())
                .unwrap_or_default();
            assert!(
                admitted.contains(&verdict),
                "{}: {last}\n{}",
                f.display(),
                out.stderr
            );
            assert_eq!(out.code, Some(if verdict == "AC" { 0 } else { 1 }));
            judged += 1;
        }
    }
    assert!(judged >= 10, "{judged} submissions");
}

/// A minimal XML check: tags nest and close, attribute values and text hold
/// no raw `<` and every `&` starts an entity. Returns the element names in
/// document order.
fn xml_elements(doc: &str) -> Vec<String> {
    let body = doc
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .expect("an XML declaration");
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = body;
    let entity_ok = |text: &str| {
        text.match_indices('&').all(|(i, _)| {
            let t = &text[i..];
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#"]
                .iter()
                .any(|e| t.starts_with(e))
        })
    };
    while let Some(open) = rest.find('<') {
        assert!(entity_ok(&rest[..open]), "text: {}", &rest[..open]);
        let close = rest[open..].find('>').expect("a closed tag") + open;
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "a `<` in a tag: {tag}");
        let mut in_quote = false;
        for c in tag.chars() {
            if c == '"' {
                in_quote = !in_quote;
            }
        }
        assert!(!in_quote, "an unclosed attribute: {tag}");
        assert!(entity_ok(tag), "tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "closing {name}");
        } else {
            let name = tag
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches('/');
            names.push(name.to_owned());
            if !tag.ends_with('/') {
                stack.push(name.to_owned());
            }
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert!(rest.trim().is_empty());
    names
}

#[test]
fn json_and_junit_reports_parse_and_say_what_the_text_says() {
    let d = scratch();
    let tests = small_tests(d.path());
    let t = tests.to_str().expect("utf-8");
    // Says 0 to everything: WA on test 03 (a winning position) only.
    let src = d.path().join("zero.py");
    std::fs::write(&src, "import sys\nfor line in sys.stdin:\n    print(0)\n").expect("write");
    let s = src.to_str().expect("utf-8");
    let json = judge(&[
        "run", "wythoff", "--tests", t, "--format", "json", "--jobs", "1", s,
    ]);
    assert_eq!(json.code, Some(1), "{}", json.stderr);
    let lines: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 8, "{}", json.stdout);
    for (i, v) in lines[..7].iter().enumerate() {
        assert_eq!(v["type"], "test");
        assert_eq!(v["name"], format!("{:02}", i + 1));
        assert_eq!(v["verdict"], if i == 2 { "WA" } else { "AC" }, "{v}");
        assert!(v["wall"].as_f64().is_some() && v["cpu"].as_f64().is_some());
        assert!(v["memory"].as_u64().is_some());
    }
    assert!(
        lines[2]["message"]
            .as_str()
            .is_some_and(|m| m.contains("expected"))
    );
    let sum = &lines[7];
    assert_eq!(sum["type"], "summary");
    assert_eq!(sum["verdict"], "WA");
    assert_eq!(sum["passed"], 6);
    assert_eq!(sum["total"], 7);
    assert_eq!(sum["failed_test"], "03");

    let junit = judge(&[
        "run",
        "wythoff",
        "--tests",
        t,
        "--format",
        "junit",
        "--stop-on-fail",
        "--jobs",
        "1",
        s,
    ]);
    assert_eq!(junit.code, Some(1), "{}", junit.stderr);
    let names = xml_elements(&junit.stdout);
    assert_eq!(names.iter().filter(|n| *n == "testcase").count(), 7);
    assert_eq!(names.iter().filter(|n| *n == "failure").count(), 1);
    assert_eq!(names.iter().filter(|n| *n == "skipped").count(), 4);
    assert!(
        junit
            .stdout
            .contains("<testsuite name=\"wythoff\" tests=\"7\" failures=\"1\""),
        "{}",
        junit.stdout
    );
    assert!(
        junit.stdout.contains("<failure type=\"WA\""),
        "{}",
        junit.stdout
    );
    // The fields of the JSON objects come in the documented order.
    assert!(
        json.stdout
            .starts_with(r#"{"type":"test","name":"01","verdict":"AC","wall":"#),
        "{}",
        json.stdout
    );
    // Whatever the program prints, the document stays well-formed.
    let odd = d.path().join("odd.py");
    std::fs::write(&odd, r#"print('<&"\'>\x1b]0;x\x07')"#).expect("write");
    let junit = judge(&[
        "run",
        "wythoff",
        "--tests",
        t,
        "--format",
        "junit",
        "--",
        "python3",
        odd.to_str().expect("utf-8"),
    ]);
    assert_eq!(junit.code, Some(1), "{}", junit.stderr);
    let names = xml_elements(&junit.stdout);
    assert_eq!(
        names.iter().filter(|n| *n == "failure").count(),
        7,
        "{}",
        junit.stdout
    );
    assert!(
        junit.stdout.contains("&lt;&amp;&quot;&apos;&gt;"),
        "{}",
        junit.stdout
    );
    assert!(
        !junit.stdout.contains('\x1b') && !junit.stdout.contains('\x07'),
        "{:?}",
        junit.stdout
    );
}

#[test]
fn a_source_file_or_a_file_that_cannot_run_after_the_dashes_gets_a_hint() {
    let d = scratch();
    let tests = small_tests(d.path());
    let t = tests.to_str().expect("utf-8");
    std::fs::write(
        d.path().join("wythoff.py"),
        asset("wythoff", "submissions/accepted/exact.py"),
    )
    .expect("write");
    std::fs::write(
        d.path().join("wythoff.c"),
        asset("wythoff", "submissions/accepted/one_line.c"),
    )
    .expect("write");
    std::fs::write(d.path().join("prog"), "not a program\n").expect("write");
    for (cmd, says) in [
        ("wythoff.py", "did you mean `judge run wythoff wythoff.py`?"),
        (
            "./wythoff.c",
            "did you mean `judge run wythoff ./wythoff.c`?",
        ),
        ("./prog", "`./prog` is not executable"),
    ] {
        let out = judge_in(Some(d.path()), &["run", "wythoff", "--tests", t, "--", cmd]);
        assert_eq!(out.code, Some(2), "{cmd}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{cmd}: {}", out.stderr);
    }
    // A script whose interpreter the sandbox cannot execute: the reason.
    let interp = d.path().join("my-python");
    std::os::unix::fs::symlink("/usr/bin/python3", &interp).expect("symlink");
    let script = d.path().join("script");
    std::fs::write(&script, format!("#!{}\nprint(0)\n", interp.display())).expect("write");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out = judge(&[
        "run",
        "wythoff",
        "--tests",
        t,
        "--",
        script.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.code, Some(3), "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!(
            "a script whose interpreter `{}` lies outside the directories the sandbox lets programs read",
            interp.display()
        )),
        "{}",
        out.stderr
    );
    // Neither or both: usage errors.
    let neither = judge(&["run", "wythoff", "--tests", t]);
    assert_eq!(neither.code, Some(2));
    assert!(
        neither.stderr.contains("give a source file"),
        "{}",
        neither.stderr
    );
    let both = judge(&["run", "wythoff", "x.py", "--", "python3", "x.py"]);
    assert_eq!(both.code, Some(2));
    assert!(both.stderr.contains("not both"), "{}", both.stderr);
}

#[test]
fn stop_on_fail_counts_every_test_and_a_silent_re_says_so() {
    let d = scratch();
    let tests = small_tests(d.path());
    let t = tests.to_str().expect("utf-8");
    let zero = d.path().join("zero.py");
    std::fs::write(&zero, "import sys\nfor line in sys.stdin:\n    print(0)\n").expect("write");
    let out = judge(&[
        "run",
        "wythoff",
        "--tests",
        t,
        "--stop-on-fail",
        "--jobs",
        "1",
        "--",
        "python3",
        zero.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stdout
            .contains("verdict: WA (2/7 tests; stopped at the first failure, 4 not run)"),
        "{}",
        out.stdout
    );
    let silent = d.path().join("silent.py");
    std::fs::write(&silent, "import sys\nsys.exit(3)\n").expect("write");
    let out = judge(&[
        "run",
        "wythoff",
        "--tests",
        t,
        "--stop-on-fail",
        "--",
        "python3",
        silent.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stdout.contains("exit code 3; nothing on stderr"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("stderr ends with"), "{}", out.stdout);
}

#[test]
fn jobs_0_is_refused() {
    let out = judge(&["run", "wythoff", "--jobs", "0", "--", "true"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("--jobs must be at least 1"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_bare_name_is_a_file_of_the_current_directory_first_as_the_help_says() {
    let help = judge(&["run", "--help"]);
    assert!(
        help.stdout.contains("a command without a `/` names a file of the current directory when there is one, else it is looked up in that PATH"),
        "{}",
        help.stdout
    );
    let d = scratch();
    let tests = small_tests(d.path());
    let prog = d.path().join("python3");
    std::fs::write(&prog, "#!/bin/sh\nexit 7\n").expect("write");
    std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out = judge_in(
        Some(d.path()),
        &[
            "run",
            "wythoff",
            "--tests",
            tests.to_str().expect("utf-8"),
            "--stop-on-fail",
            "--",
            "python3",
            "-c",
            "print(0)",
        ],
    );
    // ./python3 (exit 7), not /usr/bin/python3, ran.
    assert!(
        out.stdout.contains("exit code 7"),
        "{}\n{}",
        out.stdout,
        out.stderr
    );
}
