//! A correct solution gets AC from `judge run` on the test sets of every
//! problem, for several seeds, with the default limits (time, memory, output),
//! in both isolation modes — and on the data of the problem's own package
//! (`judge package`, then `judge run --tests PACKAGE/data`, which holds
//! `sample/` and `secret/`). The solution is the package's accepted Python
//! submission, an implementation independent of the judge's solver.
#![cfg(target_os = "linux")]

use beatty_judge::package::assets;
use beatty_problems::Problem;
use std::path::Path;
use std::process::Command;

fn judge_run(problem: Problem, extra: &[&str], solution: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["run", problem.name()])
        .args(extra)
        .args(["--", "python3"])
        .arg(solution)
        .output()
        .expect("run judge");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn the_accepted_python_solution_of_every_problem_gets_ac() {
    if crate::common::skip_slow() {
        return;
    }
    let tmp = tempfile::tempdir().expect("tempdir");
    for problem in Problem::ALL {
        let exact = assets(problem.name())
            .expect("every problem has package assets")
            .iter()
            .find(|a| a.path.starts_with("submissions/accepted/") && a.path.ends_with(".py"))
            .expect("an accepted Python submission");
        let solution = tmp.path().join(format!("{}.py", problem.name()));
        std::fs::write(&solution, exact.contents).expect("write");
        for (seed, isolation) in [("1", "strict"), ("2", "basic"), ("3", "auto")] {
            let (code, report) = judge_run(
                problem,
                &["--seed", seed, "--isolation", isolation],
                &solution,
            );
            assert_eq!(
                code,
                Some(0),
                "{problem} seed {seed} ({isolation}):\n{report}"
            );
            assert!(report.contains("verdict: AC (7/7 tests)"), "{report}");
        }
        let package = tmp.path().join(problem.name());
        let out = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["package", problem.name(), "--out"])
            .arg(&package)
            .output()
            .expect("package");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let data = package.join("data");
        let (code, report) = judge_run(problem, &["--tests", &data.to_string_lossy()], &solution);
        assert_eq!(code, Some(0), "{problem} package data:\n{report}");
        assert!(report.contains("sample/"), "{report}");
        assert!(report.contains("secret/"), "{report}");
    }
}
