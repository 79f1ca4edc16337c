//! How fast an interactive test runs, against the physical limit: a fast
//! correct C contestant (`bash_play.c`) plays bash-play with m = 1 through
//! `judge run`'s runner (`run_tests` of `Game::Bash`, one test at a time,
//! strict and basic isolation) over 10^6 plies (five tests of 1000 games of
//! 200 stones: 200 000 plies each; a test holds at most 250 000), and two
//! plain processes ping-pong one short line over a pipe pair as many times
//! as there are round trips (`pingpong.c`: a round trip is two plies), on one
//! CPU and on two. The judge runs an interactive test on one CPU (the
//! program and the referee's thread share the CPU the test starts on), so
//! its rate is compared with the one-CPU ping-pong's.
//!
//! ```text
//! cargo bench -p beatty-bench --bench interactive
//! ```
//!
//! Needs `cc` (or `$CC`) and Linux. Prints plies per second of each and the
//! judge's rate as a share of the ping-pong's.

#[cfg(target_os = "linux")]
mod unix {
    use beatty_judge::run::{RunConfig, Test, run_tests};
    use beatty_judge::sandbox::{Isolation, strict_available};
    use beatty_problems::interact::Game;
    use std::ffi::OsString;
    use std::path::Path;
    use std::process::Command;
    use std::time::Instant;

    const TESTS: usize = 5;
    const GAMES: usize = 1000;
    /// Plies of a game from 200 stones, take 1 (the contestant moves second
    /// and takes the last stone).
    const PLIES_PER_GAME: u64 = 200;

    fn compile(cc: &OsString, src: &Path, bin: &Path) {
        let ok = |flags: &[&str]| {
            Command::new(cc)
                .args(flags)
                .arg("-o")
                .arg(bin)
                .arg(src)
                .status()
                .is_ok_and(|s| s.success())
        };
        assert!(
            ok(&["-O2", "-static"]) || ok(&["-O2"]),
            "cannot compile {} with {cc:?}",
            src.display()
        );
    }

    pub fn main() {
        let here = std::env::current_exe()
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_else(std::env::temp_dir);
        let tmp = tempfile::Builder::new()
            .prefix("interactive-bench-")
            .tempdir_in(here)
            .expect("tempdir");
        std::fs::set_permissions(
            tmp.path(),
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .expect("chmod");
        let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
        let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches");
        let contestant = tmp.path().join("bash_play");
        compile(&cc, &sources.join("bash_play.c"), &contestant);
        let pingpong = tmp.path().join("pingpong");
        compile(&cc, &sources.join("pingpong.c"), &pingpong);
        let data = tmp.path().join("tests");
        std::fs::create_dir(&data).expect("mkdir");
        let mut text = format!("{GAMES} 7\n");
        for _ in 0..GAMES {
            text.push_str("200 1\n");
        }
        let tests: Vec<Test> = (0..TESTS)
            .map(|i| {
                let input = data.join(format!("{i}.in"));
                std::fs::write(&input, &text).expect("write");
                Test {
                    name: i.to_string(),
                    input,
                    answer: None,
                }
            })
            .collect();
        let plies = PLIES_PER_GAME * (GAMES * TESTS) as u64;
        let round_trips = plies / 2;
        let cmd: Vec<OsString> = vec![contestant.into()];
        let judged = |isolation| {
            let cfg = RunConfig {
                jobs: 1,
                isolation,
                time_limit: std::time::Duration::from_secs(120),
                hide: vec![data.clone()],
                ..RunConfig::default()
            };
            let start = Instant::now();
            let results = run_tests(Game::Bash, &tests, &cmd, &cfg, &|_| ()).expect("run");
            let took = start.elapsed().as_secs_f64();
            for r in &results {
                assert_eq!(
                    r.verdict,
                    beatty_problems::Verdict::Accepted,
                    "{}",
                    r.detail
                );
                assert_eq!(
                    r.play.as_ref().map(|p| p.plies),
                    Some(PLIES_PER_GAME * GAMES as u64)
                );
            }
            took
        };
        let ping = |placement: &str| {
            let out = Command::new(&pingpong)
                .arg(round_trips.to_string())
                .arg(placement)
                .output()
                .expect("pingpong");
            String::from_utf8_lossy(&out.stdout)
                .trim()
                .parse::<f64>()
                .expect("seconds")
        };
        println!("{plies} plies ({round_trips} round trips); plies per second");
        let same = ping("same");
        let spread = ping("spread");
        let rate = |s: f64| plies as f64 / s;
        println!("ping-pong, one CPU      {:>12.0}", rate(same));
        println!("ping-pong, two CPUs     {:>12.0}", rate(spread));
        let mut ways = vec![("basic", Isolation::Basic)];
        if strict_available() {
            ways.insert(0, ("strict", Isolation::Strict));
        }
        for (name, isolation) in ways {
            let took = judged(isolation);
            println!(
                "judge run, {name:<6}       {:>12.0}   {:.0} % of the one-CPU ping-pong",
                rate(took),
                100.0 * same / took
            );
        }
    }
}

fn main() {
    #[cfg(target_os = "linux")]
    unix::main();
}
