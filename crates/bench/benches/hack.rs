//! What `judge hack` costs: cases per second of its search against a fast
//! C program (the `wythoff` package's exact.cpp, compiled with `c++ -O2`),
//! against the same program fed the same number of cases by a plain spawn
//! (the baseline, in the same process); and the shrinker's steps and runs
//! from the P-position of a later float hazard down to the first one (k =
//! F(40)), with the float solution (float.cpp) in the sandbox and with the
//! float formula in-process.
//!
//! ```text
//! cargo bench -p beatty-bench --bench hack [SECONDS]
//! ```
//!
//! SECONDS is the search's `--time` (default 10). Needs `c++` and Linux.

#[cfg(target_os = "linux")]
mod unix {
    use beatty_judge::hack::{HackConfig, Sandboxed, hack};
    use beatty_judge::package::assets;
    use beatty_judge::run::RunConfig;
    use beatty_problems::Problem;
    use beatty_problems::hack::candidates::Random;
    use beatty_problems::hack::shrink::{Moves, Options, shrink};
    use beatty_problems::hack::{Oracle, input_bytes};
    use std::ffi::OsString;
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    fn compile(dir: &std::path::Path, name: &str) -> Vec<OsString> {
        let a = assets("wythoff")
            .expect("wythoff assets")
            .iter()
            .find(|a| a.path.ends_with(name))
            .expect("the submission");
        let src = dir.join(name);
        std::fs::write(&src, a.contents).expect("write");
        let bin = dir.join(format!("{name}.bin"));
        let ok = Command::new("c++")
            .args(["-O2", "-o"])
            .arg(&bin)
            .arg(&src)
            .status()
            .expect("c++")
            .success();
        assert!(ok, "{name} compiles");
        vec![bin.into_os_string()]
    }

    pub fn main() {
        let seconds: f64 = std::env::args()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(10.0);
        // the judge's scratch directories live under TMPDIR: the runs' ids must reach the binaries
        let dir = tempfile::tempdir().expect("tempdir");
        let exact = compile(dir.path(), "exact.cpp");
        let float = compile(dir.path(), "float.cpp");
        let p = Problem::Wythoff;

        // The search: nothing to find, so it runs all three rounds.
        let config = HackConfig {
            time: Duration::from_secs_f64(seconds),
            seed: 1,
            run: RunConfig::default(),
        };
        let report = hack(p, &exact, &config, &|_| ()).expect("hack");
        let (cases, runs): (usize, usize) = report
            .rounds
            .iter()
            .fold((0, 0), |(c, r), x| (c + x.cases, r + x.runs));
        let secs = report.elapsed.as_secs_f64();
        println!(
            "search: {cases} cases in {runs} runs, {secs:.2} s: {:.0} cases/s ({:.0} cases a run)",
            cases as f64 / secs,
            cases as f64 / runs.max(1) as f64
        );
        assert!(report.hacked.is_none(), "exact.cpp is correct");

        // The baseline: the same cases a run, by a plain spawn.
        let per_run = cases / runs.max(1);
        let input = input_bytes(p, &Random::new(p, 9).batch(per_run));
        let start = Instant::now();
        let mut plain = 0;
        while start.elapsed().as_secs_f64() < seconds / 2.0 {
            let mut child = Command::new(&exact[0])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("spawn");
            let mut pipe = child.stdin.take().expect("stdin");
            let data = input.clone();
            let w = std::thread::spawn(move || pipe.write_all(&data));
            let out = child.wait_with_output().expect("wait");
            let _ = w.join();
            assert!(out.status.success());
            plain += 1;
        }
        let base = (plain * per_run) as f64 / start.elapsed().as_secs_f64();
        println!(
            "plain spawn: {plain} runs of {per_run} cases: {base:.0} cases/s; search / plain = {:.2}",
            cases as f64 / secs / base
        );

        // The shrinker, from the P-position of the fourth hazard.
        let hazards = beatty_hazards::lower_f64_hazards(0..=400_000_000).expect("hazards");
        let c = beatty_hazards::consequence(hazards[3]);
        let start_case = vec![c.p_position.0 as u64, c.p_position.1 as u64];
        let moves = Moves::new(p);
        let mut sandboxed = Sandboxed::new(p, &float, &RunConfig::default()).expect("oracle");
        let failure = sandboxed
            .run(std::slice::from_ref(&start_case))
            .expect("run")
            .expect("float.cpp fails on a hazard");
        let t = Instant::now();
        let s = shrink(
            &moves,
            vec![start_case.clone()],
            failure,
            &mut sandboxed,
            &Options::default(),
        )
        .expect("shrink");
        println!(
            "shrink float.cpp from k = {}: to {:?} in {} steps, {} runs, {} cases, {:.2} s",
            hazards[3],
            s.cases,
            s.steps,
            s.runs,
            s.cases_run,
            t.elapsed().as_secs_f64()
        );
        let mut formula = |input: &[Vec<u64>]| -> Result<Option<()>, ()> {
            Ok(input
                .iter()
                .any(|c| {
                    let (a, b) = (c[0].min(c[1]), c[0].max(c[1]));
                    beatty_float::is_p_position_f64(a, b)
                        != beatty_core::golden::is_p_position(a, b)
                })
                .then_some(()))
        };
        let t = Instant::now();
        let s = shrink(
            &moves,
            vec![start_case],
            (),
            &mut formula,
            &Options::default(),
        )
        .expect("shrink");
        println!(
            "shrink the formula in-process: to {:?} in {} steps, {} runs, {} cases, {:.4} s",
            s.cases,
            s.steps,
            s.runs,
            s.cases_run,
            t.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    #[cfg(target_os = "linux")]
    unix::main();
}
