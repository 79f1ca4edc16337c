//! What the sandbox costs per run: a trivial C submission (read two numbers,
//! print `0`) on 200 one-line tests, one test at a time, judged with strict
//! isolation, with basic isolation, and run by a plain spawn (pipe the input
//! in, read the output, no limits, no checking) — the baseline, in the same
//! process. Each way is measured `ROUNDS` times; the median is reported.
//!
//! ```text
//! cargo run --release -p beatty-judge --example sandbox_overhead
//! ```
//!
//! Needs `cc` (or `$CC`) on the PATH and Linux.

use beatty_judge::Problem;
use beatty_judge::run::{RunConfig, Test, run_tests};
use beatty_judge::sandbox::{Isolation, strict_available};
use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TESTS: usize = 200;
const ROUNDS: usize = 5;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let tmp = tempfile::tempdir().expect("tempdir");
    // The program runs as another user when the judge is root.
    std::fs::set_permissions(
        tmp.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .expect("chmod");
    let src = tmp.path().join("trivial.c");
    std::fs::write(
        &src,
        "#include <stdio.h>\nint main(void) { long a, b; if (scanf(\"%ld %ld\", &a, &b) == 2) puts(\"0\"); return 0; }\n",
    )
    .expect("write");
    let bin = tmp.path().join("trivial");
    let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    let ok = Command::new(&cc)
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&src)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "cannot compile with {cc:?}");
    let data = tmp.path().join("tests");
    std::fs::create_dir(&data).expect("mkdir");
    let tests: Vec<Test> = (0..TESTS)
        .map(|i| {
            let input = data.join(format!("{i:03}.in"));
            let answer = data.join(format!("{i:03}.ans"));
            std::fs::write(&input, "1 2\n").expect("write");
            std::fs::write(&answer, "0\n").expect("write");
            Test {
                name: format!("{i:03}"),
                input,
                answer: Some(answer),
            }
        })
        .collect();
    let cmd: Vec<OsString> = vec![bin.clone().into()];

    let plain = || {
        let start = Instant::now();
        for t in &tests {
            let input = std::fs::read(&t.input).expect("read");
            let mut c = Command::new(&bin)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("spawn");
            c.stdin
                .take()
                .expect("stdin")
                .write_all(&input)
                .expect("write");
            let out = c.wait_with_output().expect("wait");
            assert_eq!(out.stdout, b"0\n");
        }
        start.elapsed()
    };
    let judged = |isolation| {
        let cfg = RunConfig {
            jobs: 1,
            isolation,
            hide: vec![data.clone()],
            ..RunConfig::default()
        };
        let start = Instant::now();
        let results = run_tests(Problem::Wythoff, &tests, &cmd, &cfg, &|_| ()).expect("run");
        let took = start.elapsed();
        assert!(
            results
                .iter()
                .all(|r| r.verdict == beatty_judge::Verdict::Accepted)
        );
        took
    };
    type Way<'a> = (&'static str, Box<dyn Fn() -> Duration + 'a>);
    let mut ways: Vec<Way> = vec![("plain spawn (baseline)", Box::new(plain))];
    if strict_available() {
        ways.push(("strict isolation", Box::new(|| judged(Isolation::Strict))));
    }
    ways.push(("basic isolation", Box::new(|| judged(Isolation::Basic))));
    println!("{TESTS} tests, one at a time, median of {ROUNDS} rounds");
    let mut base = None;
    for (name, f) in &ways {
        let t = median((0..ROUNDS).map(|_| f()).collect());
        let per_run = t / TESTS as u32;
        let base = *base.get_or_insert(per_run);
        println!(
            "{name:<24} {:>8.3} s total  {:>7.3} ms per run  {:>5.2}× baseline",
            t.as_secs_f64(),
            per_run.as_secs_f64() * 1e3,
            per_run.as_secs_f64() / base.as_secs_f64()
        );
    }
}
