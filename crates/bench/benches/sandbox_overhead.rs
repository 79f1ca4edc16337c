//! What the sandbox costs per run: a trivial static C submission (read two
//! numbers, print `0`) on 200 one-line tests, one test at a time, judged with strict
//! isolation, with basic isolation, and run by a plain spawn (pipe the input
//! in, read the output, no limits, no checking) — the baseline, in the same
//! process. Each way is measured `ROUNDS` times; the median and the mean time
//! per run are reported (a judged run's time is the time between two
//! consecutive test reports, so it includes the judging of the output), and
//! the CPU time per run of the judge and everything it started (user and
//! system, all threads and processes: less sensitive to other load on the
//! machine than the wall time).
//!
//! ```text
//! cargo bench -p beatty-bench --bench sandbox_overhead
//! ```
//!
//! Needs `cc` (or `$CC`) on the PATH and Linux. Arguments name the ways to
//! measure (`plain`, `strict`, `basic`; all three by default), e.g. to profile
//! one: `perf record -g target/release/deps/sandbox_overhead-HASH strict` (the file `cargo bench --no-run` names).

#[cfg(target_os = "linux")]
mod unix {
    use beatty_judge::run::{RunConfig, Test, run_tests};
    use beatty_judge::sandbox::{Isolation, strict_available};
    use beatty_problems::Problem;
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

    fn mean(v: &[Duration]) -> Duration {
        v.iter().sum::<Duration>() / v.len() as u32
    }

    /// CPU time of this process and its reaped children so far, from
    /// `/proc/self/stat` (utime, stime, cutime, cstime; clock ticks of 10 ms).
    /// Less sensitive to other load on the machine than wall time.
    fn cpu_so_far() -> Duration {
        let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
        let after = &stat[stat.rfind(')').expect("stat") + 2..];
        let ticks: u64 = after
            .split(' ')
            .skip(11)
            .take(4)
            .map(|t| t.parse::<u64>().expect("ticks"))
            .sum();
        Duration::from_millis(ticks * 10)
    }

    pub fn main() {
        // Beside this executable, not in /tmp: strict isolation gives a run a
        // private /tmp only when its program does not lie in the host's.
        let here = std::env::current_exe()
            .ok()
            .and_then(|p| p.parent().map(std::path::Path::to_path_buf))
            .unwrap_or_else(std::env::temp_dir);
        let tmp = tempfile::Builder::new()
            .prefix("sandbox-overhead-")
            .tempdir_in(here)
            .expect("tempdir");
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
        // Static where the C library allows it (no dynamic loading in the
        // figures), else dynamic.
        let compile = |flags: &[&str]| {
            Command::new(&cc)
                .args(flags)
                .arg("-o")
                .arg(&bin)
                .arg(&src)
                .status()
                .is_ok_and(|s| s.success())
        };
        let ok = compile(&["-O2", "-static"]) || compile(&["-O2"]);
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
            let mut times = Vec::with_capacity(TESTS);
            for t in &tests {
                let start = Instant::now();
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
                times.push(start.elapsed());
            }
            times
        };
        let judged = |isolation| {
            let cfg = RunConfig {
                jobs: 1,
                isolation,
                hide: vec![data.clone()],
                ..RunConfig::default()
            };
            let last = std::sync::Mutex::new(Instant::now());
            let times = std::sync::Mutex::new(Vec::with_capacity(TESTS));
            let results = run_tests(Problem::Wythoff, &tests, &cmd, &cfg, &|_| {
                let now = Instant::now();
                let mut last = last.lock().expect("lock");
                times.lock().expect("lock").push(now - *last);
                *last = now;
            })
            .expect("run");
            assert!(
                results
                    .iter()
                    .all(|r| r.verdict == beatty_problems::Verdict::Accepted)
            );
            times.into_inner().expect("lock")
        };
        type Way<'a> = (&'static str, Box<dyn Fn() -> Vec<Duration> + 'a>);
        let mut ways: Vec<Way> = vec![("plain spawn (baseline)", Box::new(plain))];
        if strict_available() {
            ways.push(("strict isolation", Box::new(|| judged(Isolation::Strict))));
        }
        ways.push(("basic isolation", Box::new(|| judged(Isolation::Basic))));
        // `cargo bench` adds `--bench`; the other arguments name ways.
        let chosen: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| a != "--bench")
            .collect();
        ways.retain(|(name, _)| {
            chosen.is_empty() || chosen.iter().any(|c| name.starts_with(c.as_str()))
        });
        // Once, so that the judge's one-time set-up (the strict probe, the
        // cgroup hierarchy) is not in the figures.
        for (_, f) in &ways {
            f();
        }
        println!("layers: {}", beatty_judge::sandbox::layers());
        println!("{TESTS} tests, one at a time, {ROUNDS} rounds; ms per run");
        println!("{:<24} {:>8} {:>8} {:>8}", "", "median", "mean", "CPU");
        for (name, f) in &ways {
            let cpu = cpu_so_far();
            let times: Vec<Duration> = (0..ROUNDS).flat_map(|_| f()).collect();
            let cpu = (cpu_so_far() - cpu) / times.len() as u32;
            println!(
                "{name:<24} {:>8.3} {:>8.3} {:>8.3}",
                median(times.clone()).as_secs_f64() * 1e3,
                mean(&times).as_secs_f64() * 1e3,
                cpu.as_secs_f64() * 1e3,
            );
        }
    }
}

fn main() {
    #[cfg(target_os = "linux")]
    unix::main();
    #[cfg(not(target_os = "linux"))]
    eprintln!("sandbox_overhead: the sandbox exists only on Linux");
}
