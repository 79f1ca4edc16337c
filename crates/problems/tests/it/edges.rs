//! Every public function of the problems' side at 0, 1, MAX − 1, MAX, the
//! hazards and random values, and on malformed text: an answer or an error,
//! never a panic (each call runs under `catch_unwind`; every panic is
//! collected and reported at the end). Where an answer comes, it is checked
//! against a second route to it: what one function accepts, its sibling must
//! accept too (`answer` against `validate`, `solve`'s output against `check`,
//! `generate`'s tests against `validate`, written starts against `parse`).

use beatty_problems::interact::solution::{Solution, interaction};
use beatty_problems::interact::starts::{self, Start};
use beatty_problems::interact::{Game, archetypes};
use beatty_problems::interact::{Referee, Status, combine};
use beatty_problems::problem::Framing;
use beatty_problems::{Problem, Verdict, check, explain, generate, solve, text, validate};
use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

const MAX: u64 = u64::MAX;

#[derive(Default)]
struct Panics(Vec<String>);

impl Panics {
    fn call<T>(&mut self, what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> Option<T> {
        let r = catch_unwind(AssertUnwindSafe(f));
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                self.0.push(format!("{}: {msg}", what()));
                None
            }
        }
    }

    fn check(self) {
        assert!(
            self.0.is_empty(),
            "{} calls panicked:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

/// The edges of `u64`, the bounds where integer types overflow, the first
/// hazard of the double formula and its pair, and seeded random values.
fn values() -> Vec<u64> {
    let mut v = vec![
        0,
        1,
        2,
        3,
        MAX - 1,
        MAX,
        (1 << 31) - 1,
        1 << 31,
        1 << 32,
        1 << 53,
        (1 << 63) - 1,
        1 << 63,
        1_000_000_000,
        1_000_000_000_000_000_000,
        102_334_155,
        165_580_140,
        267_914_295,
    ];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..6 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        v.push(z >> (z % 64));
    }
    v
}

/// Cases of `n` numbers drawn from `values` (each value in each place, and
/// the rest 1), plus every pair of edge values when `n` is 2.
fn cases(n: usize) -> Vec<Vec<u64>> {
    let vs = values();
    let mut out = vec![vec![]; usize::from(n == 0)];
    for place in 0..n {
        for &x in &vs {
            let mut c = vec![1; n];
            c[place] = x;
            out.push(c);
        }
    }
    if n == 2 {
        for &a in &vs[..8] {
            for &b in &vs[..8] {
                out.push(vec![a, b]);
            }
        }
    }
    out
}

/// One test file of `problem` holding `case` alone, framed as its input
/// format says (a count first, or an end marker last, or neither).
fn file_of(problem: Problem, case: &[u64]) -> Vec<u8> {
    let line = case
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    match problem.spec().framing {
        Framing::Counted { .. } => format!("1\n{line}\n").into_bytes(),
        Framing::Terminator => {
            let end = vec!["0"; case.len()].join(" ");
            format!("{line}\n{end}\n").into_bytes()
        }
        _ => format!("{line}\n").into_bytes(),
    }
}

/// Text no problem accepts: empty, blank, signs, overflow, NUL, invalid
/// UTF-8, a count of `u64::MAX` cases, a line of a megabyte.
fn malformed() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        "",
        "\n",
        " ",
        "-1\n",
        "+1 2\n",
        "18446744073709551616 1\n",
        "18446744073709551615\n",
        "18446744073709551615\n1 2\n",
        "1\n18446744073709551615 18446744073709551615 18446744073709551615\n",
        "1\r\n1 2\r\n",
        "1\n1 2",
        "0\n",
        "0 0\n0 0\n",
        "1\n\n",
        "1\n1  2\n",
        "01\n01 02\n",
        "1\n1 2 3 4 5 6 7 8 9 10\n",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    v.push(b"1\n\0 \0\n".to_vec());
    v.push(vec![0xff, 0xfe, b'\n', 0xc3, b'\n']);
    v.push(vec![b'9'; 1 << 16]);
    v.push("1 ".repeat(1 << 15).into_bytes());
    v
}

/// A writer that refuses every byte after `left`: a full disk.
struct Full {
    left: usize,
}

impl Write for Full {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::other("the disk is full"));
        }
        let n = buf.len().min(self.left);
        self.left -= n;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn answer_validate_solve_and_check_are_total_and_agree() {
    let mut p = Panics::default();
    for problem in Problem::ALL {
        let fields = problem.spec().fields.len();
        for n in [0, fields.saturating_sub(1), fields, fields + 1] {
            for case in cases(n) {
                let answer = p.call(
                    || format!("{problem}.answer({case:?})"),
                    || problem.answer(&case),
                );
                p.call(
                    || format!("{problem}.float_answer({case:?})"),
                    || problem.float_answer(&case),
                );
                p.call(
                    || format!("explain({problem}, {case:?})"),
                    || explain::explain(problem.name(), &case),
                );
                if n != fields {
                    assert!(
                        !matches!(answer, Some(Ok(_))),
                        "{problem}: {n} numbers answered"
                    );
                    continue;
                }
                let file = file_of(problem, &case);
                let valid = p.call(
                    || format!("validate({problem}, {case:?})"),
                    || validate(problem, &file),
                );
                // An end marker is no case: it is neither answered nor validated alone.
                if matches!(problem.spec().framing, Framing::Terminator)
                    && case.iter().all(|&x| x == 0)
                {
                    continue;
                }
                if let (Some(Ok(_)), Some(answer)) = (&valid, &answer) {
                    assert!(
                        answer.is_ok(),
                        "{problem}: {case:?} is valid input but has no answer: {answer:?}"
                    );
                }
                let mut out = Vec::new();
                let solved = p.call(
                    || format!("solve({problem}, {case:?})"),
                    || solve(problem, &file[..], &mut out),
                );
                if let (Some(Ok(_)), Some(Ok(_))) = (&valid, &solved) {
                    let c = p.call(
                        || format!("check({problem}, {case:?})"),
                        || check(problem, &file, &out, None),
                    );
                    if let Some(c) = c {
                        assert_eq!(
                            c.verdict,
                            Verdict::Accepted,
                            "{problem}: the checker refuses solve's answer to {case:?}: {}",
                            c.message
                        );
                    }
                }
            }
        }
        for bad in malformed() {
            let shown = text::excerpt(&bad, 40);
            let valid = p.call(
                || format!("validate({problem}, {shown})"),
                || validate(problem, &bad),
            );
            p.call(
                || format!("solve({problem}, {shown})"),
                || solve(problem, &bad[..], io::sink()),
            );
            for output in [&b""[..], b"\n", b"Yes\n", b"-1\n", &bad] {
                p.call(
                    || format!("check({problem}, {shown}, output)"),
                    || check(problem, &bad, output, Some(output)),
                );
            }
            // A sign, a number beyond u64, a NUL or a byte of no UTF-8 is no
            // input of any problem.
            let refused = [
                &b"-1\n"[..],
                b"+1 2\n",
                b"18446744073709551616 1\n",
                b"1\n\0 \0\n",
            ];
            if refused.contains(&&bad[..]) || bad.first() == Some(&0xff) || bad.len() > 1000 {
                assert!(
                    !matches!(valid, Some(Ok(_))),
                    "{problem}: {shown} validated"
                );
            }
        }
    }
    p.check();
}

#[test]
fn generate_is_total_in_its_seed_count_and_sink() {
    let mut p = Panics::default();
    // Two seeds in the quick loop, five in the full matrix.
    let seeds: &[u64] = if beatty_testing::slow_tests() {
        &[0, 1, MAX - 1, MAX, 102_334_155]
    } else {
        &[0, MAX]
    };
    for problem in Problem::ALL {
        for profile in generate::Profile::ALL {
            for &seed in seeds {
                for cases in [None, Some(0), Some(1), Some(7), Some(MAX)] {
                    let mut out = Vec::new();
                    let g = p.call(
                        || format!("generate({problem}, {profile:?}, {seed}, {cases:?})"),
                        || match cases {
                            // No sink holds u64::MAX cases: the full one stops it.
                            Some(MAX) => generate::generate(
                                problem,
                                profile,
                                seed,
                                cases,
                                Full { left: 1 << 16 },
                            ),
                            _ => generate::generate(problem, profile, seed, cases, &mut out),
                        },
                    );
                    match (g, cases) {
                        (Some(Ok(())), Some(MAX)) => {}
                        (Some(Ok(())), _) => {
                            let v = validate(problem, &out);
                            assert!(
                                v.is_ok(),
                                "{problem} {profile:?} seed {seed}: the generated test is invalid: {v:?}"
                            );
                        }
                        (Some(Err(_)), Some(0 | MAX)) | (None, _) => {}
                        (Some(Err(e)), _) => {
                            // A count above the problem's limit is the one refusal.
                            assert!(
                                matches!(e, generate::GenError::Cases(_)),
                                "{problem} {profile:?} {cases:?}: {e}"
                            );
                        }
                    }
                }
            }
        }
    }
    p.check();
}

fn starts_of(game: Game) -> Vec<Start> {
    let vs = values();
    let mut v = Vec::new();
    for &a in &vs {
        for &b in &vs[..8] {
            v.push(match game {
                Game::Wythoff => Start::Wythoff(a, b),
                Game::Euclid => Start::Euclid(a, b),
                Game::Bash => Start::Bash { n: a, m: b },
                Game::FibonacciNim => Start::FibonacciNim(a),
            });
        }
    }
    v
}

#[test]
fn starts_referee_and_solution_are_total() {
    let mut p = Panics::default();
    let lines: Vec<&[u8]> = vec![
        b"First\n",
        b"Second\n",
        b"0 0\n",
        b"1 1\n",
        b"18446744073709551615 18446744073709551615\n",
        b"18446744073709551616\n",
        b"1\n",
        b"\n",
        b"\xff\xfe\n",
        b"First",
    ];
    for game in Game::ALL {
        for s in starts_of(game) {
            let checked = p.call(|| format!("{s:?}.check()"), || s.check());
            p.call(|| format!("{s:?}.ply_cap()"), || s.ply_cap());
            p.call(|| format!("{s:?}.line()"), || s.line());
            let Some(Ok(())) = checked else { continue };
            p.call(|| format!("{s:?}.winning_side()"), || s.winning_side());
            for seed in [0, MAX] {
                let text = starts::write(&[s], seed);
                let parsed = p.call(
                    || format!("parse({text:?})"),
                    || starts::parse(game, text.as_bytes()),
                );
                if let Some(r) = parsed {
                    assert_eq!(r, Ok((vec![s], seed)), "parse(write({s:?}))");
                }
                p.call(|| format!("interaction({s:?})"), || interaction(&[s], seed));
                let r = p.call(
                    || format!("Referee::new({s:?})"),
                    || Referee::new(vec![s], seed),
                );
                let Some(Ok(mut r)) = r else { continue };
                for line in &lines {
                    p.call(
                        || format!("{s:?}: feed({})", text::excerpt(line, 40)),
                        || {
                            let _ = r.output();
                            if r.status() != Status::Decided {
                                r.feed(line);
                            }
                        },
                    );
                }
                if let Some(j) = p.call(|| format!("{s:?}: finish()"), || r.finish().clone()) {
                    for run in [Verdict::Accepted, Verdict::TimeLimit, Verdict::RuntimeError] {
                        p.call(
                            || format!("combine({run:?})"),
                            || combine(Some(&j), run, &j),
                        );
                        p.call(
                            || format!("combine(None, {run:?})"),
                            || combine(None, run, &j),
                        );
                    }
                }
            }
        }
        for bad in malformed() {
            p.call(
                || format!("parse({game:?}, {})", text::excerpt(&bad, 40)),
                || starts::parse(game, &bad),
            );
        }
        for profile in starts::Profile::ALL {
            for seed in [0, 1, MAX - 1, MAX] {
                if let Some(v) = p.call(
                    || format!("starts::generate({game:?}, {profile:?}, {seed})"),
                    || starts::generate(game, profile, seed),
                ) {
                    assert_eq!(starts::check(&v), Ok(()), "{game:?} {profile:?} {seed}");
                }
            }
        }
        let mut sol = Solution::new(game);
        for line in &lines {
            p.call(
                || format!("Solution({game:?}).hear({})", text::excerpt(line, 40)),
                || sol.hear(line.strip_suffix(b"\n").unwrap_or(line)),
            );
        }
        for a in archetypes::ALL {
            p.call(|| format!("{}.source({game:?})", a.path), || a.source(game));
        }
    }
    p.check();
}

#[test]
fn text_helpers_are_total() {
    let mut p = Panics::default();
    let inputs: Vec<Vec<u8>> = vec![
        vec![],
        b"a".to_vec(),
        "é…\u{202e}".as_bytes().to_vec(),
        vec![0xff; 300],
        vec![0; 1000],
    ];
    for bytes in &inputs {
        for max in [0, 1, 2, 3, 64, usize::MAX] {
            if let Some(s) = p.call(
                || format!("excerpt({bytes:?}, {max})"),
                || text::excerpt(bytes, max),
            ) {
                assert!(
                    s.chars().all(|c| !c.is_control()),
                    "excerpt keeps a control: {s:?}"
                );
            }
            for len in [0, 1, bytes.len() as u64, MAX] {
                p.call(
                    || format!("excerpt_of({bytes:?}, {len}, {max})"),
                    || text::excerpt_of(bytes, len, max),
                );
            }
        }
        for len in [0, 1, MAX] {
            p.call(
                || format!("found_token({bytes:?}, {len})"),
                || text::found_token(bytes, len),
            );
        }
        p.call(|| format!("found({bytes:?})"), || text::found(bytes));
    }
    for next in [None, Some(0), Some(b'\n'), Some(b' '), Some(0xff)] {
        p.call(
            || format!("found_blank({next:?})"),
            || text::found_blank(next),
        );
    }
    p.check();
}
