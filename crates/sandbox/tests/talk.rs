//! Interactive runs (`run_interactive`): the caller talks with the program
//! move by move while the sandbox keeps the limits, and no program can hang
//! the caller: one that stops reading, stops answering, or exits; and what
//! the program wrote before its end or a deadline is read, however late.
#![cfg(target_os = "linux")]

use beatty_sandbox::{Exit, Isolation, Limit, Limits, run_interactive};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::time::{Duration, Instant};

fn limits(wall: u64) -> Limits {
    Limits::default()
        .with_wall(Duration::from_secs(wall))
        .with_cpu(Duration::from_secs(wall))
        .with_memory(256 << 20)
        .with_output(1 << 20)
        .with_disk(1 << 20)
}

fn isolations() -> Vec<Isolation> {
    let mut v = vec![Isolation::Basic];
    if beatty_sandbox::strict_available() {
        v.push(Isolation::Strict);
    }
    v
}

/// Runs `f` in each isolation mode, the modes at once (each run of these
/// tests waits seconds on purpose).
fn in_each_isolation(f: impl Fn(Isolation) + Sync) {
    std::thread::scope(|scope| {
        for isolation in isolations() {
            let f = &f;
            scope.spawn(move || f(isolation));
        }
    });
}

fn sh(script: &str) -> Vec<OsString> {
    vec!["sh".into(), "-c".into(), script.into()]
}

/// A shell that adds one to every number it reads: the caller's numbers
/// come back one more, a thousand rounds, and the program ends when the
/// caller closes its input.
#[test]
fn a_conversation_of_a_thousand_rounds() {
    for (isolation, same_cpu) in isolations()
        .into_iter()
        .flat_map(|i| [(i, false), (i, true)])
    {
        let cmd = sh("while read x; do echo $((x + 1)); done");
        let (o, answers) =
            run_interactive(&cmd, &limits(20), isolation, same_cpu, |mut to, from| {
                let mut from = BufReader::new(from);
                let mut answers = Vec::new();
                for i in 0..1000u64 {
                    writeln!(to, "{i}").expect("write");
                    let mut line = String::new();
                    from.read_line(&mut line).expect("read");
                    answers.push(line.trim().parse::<u64>().expect("a number"));
                }
                answers
            })
            .expect("run");
        assert_eq!(answers, (1..=1000).collect::<Vec<u64>>(), "{isolation:?}");
        assert_eq!(o.exit, Exit::Code(0), "{isolation:?}: {o:?}");
        assert_eq!(o.limit, None);
        assert!(o.stdout.is_empty());
    }
}

/// A program that never reads: the caller's writes fill the pipe and wait,
/// and give up with `BrokenPipe` when the wall limit ends the run.
#[test]
fn a_program_that_never_reads_cannot_hang_the_caller() {
    in_each_isolation(|isolation| {
        let started = Instant::now();
        let (o, written) = run_interactive(
            &sh("sleep 30"),
            &limits(1),
            isolation,
            false,
            |mut to, _| {
                let chunk = vec![b'1'; 1 << 16];
                let mut written = 0;
                loop {
                    match to.write(&chunk) {
                        Ok(n) => written += n,
                        Err(e) => return (written, e.kind()),
                    }
                }
            },
        )
        .expect("run");
        assert_eq!(o.limit, Some(Limit::Wall), "{isolation:?}");
        assert_eq!(written.1, ErrorKind::BrokenPipe, "{isolation:?}");
        // The pipe took what it holds, no more.
        assert!(written.0 >= 4096 && written.0 < 8 << 20, "{written:?}");
        assert!(started.elapsed() < Duration::from_secs(10));
    });
}

/// A program that reads and never answers: a read with a deadline gives up
/// with `TimedOut`, and the caller ends the run long before its wall limit.
#[test]
fn a_deadline_and_the_callers_end_of_the_run() {
    in_each_isolation(|isolation| {
        let (o, (kind, waited)) = run_interactive(
            &sh("read x; sleep 30"),
            &limits(20),
            isolation,
            true,
            |mut to, mut from| {
                writeln!(to, "1").expect("write");
                let start = Instant::now();
                from.set_deadline(Some(start + Duration::from_millis(200)));
                let mut buf = [0u8; 16];
                let kind = match std::io::Read::read(&mut from, &mut buf) {
                    Ok(n) => panic!("read {n} bytes"),
                    Err(e) => e.kind(),
                };
                let waited = start.elapsed();
                to.end_run();
                (kind, waited)
            },
        )
        .expect("run");
        assert_eq!(kind, ErrorKind::TimedOut, "{isolation:?}");
        assert!(waited >= Duration::from_millis(200), "{waited:?}");
        assert_eq!(o.limit, None, "{isolation:?}");
        assert_eq!(o.exit, Exit::Signal(9), "{isolation:?}");
        assert!(o.wall < Duration::from_secs(5), "{:?}", o.wall);
    });
}

/// A program that exits at once: the caller reads end of file and a write
/// gives `BrokenPipe`; its standard error's tail is kept as in a batch run.
#[test]
fn a_program_that_exits_at_once() {
    in_each_isolation(|isolation| {
        let (o, (read, write)) = run_interactive(
            &sh("echo gone >&2; exit 3"),
            &limits(10),
            isolation,
            false,
            |mut to, mut from| {
                let mut buf = [0u8; 16];
                let read = std::io::Read::read(&mut from, &mut buf).map_err(|e| e.kind());
                // Until the program has closed its input too (it closes its
                // descriptors one after the other as it exits) a write may
                // still fit the pipe: try for two seconds at most.
                let write = (0..2000)
                    .map(|_| {
                        std::thread::sleep(Duration::from_millis(1));
                        to.write(b"1\n").map_err(|e| e.kind())
                    })
                    .find(Result::is_err);
                (read, write)
            },
        )
        .expect("run");
        assert_eq!(read, Ok(0), "{isolation:?}");
        assert_eq!(write, Some(Err(ErrorKind::BrokenPipe)), "{isolation:?}");
        assert_eq!(o.exit, Exit::Code(3));
        assert_eq!(o.stderr, b"gone\n");
    });
}

/// Everything read until end of file, or the error that stopped it.
fn read_to_end(from: &mut beatty_sandbox::FromProgram) -> Result<Vec<u8>, ErrorKind> {
    let mut all = Vec::new();
    let mut buf = [0u8; 64];
    loop {
        match std::io::Read::read(from, &mut buf) {
            Ok(0) => return Ok(all),
            Ok(n) => all.extend_from_slice(&buf[..n]),
            Err(e) => return Err(e.kind()),
        }
    }
}

/// Issue #45: what the program wrote before its end is read, however late
/// the caller's thread gets to it: the caller reads only after the run is
/// over (a program that exits at once, and one the wall limit kills) and
/// still gets every byte, then end of file (before, the first read gave
/// `BrokenPipe` and the program's last lines were lost).
#[test]
fn what_the_program_wrote_before_its_end_is_read_after_it() {
    // Each case waits seconds for the run to end; the cases run at once.
    let cases = [
        ("printf 'First\\n0 0\\n'; exit 0", 10, 1000, None),
        (
            "printf 'First\\n'; exec sleep 30",
            1,
            2000,
            Some(Limit::Wall),
        ),
    ];
    std::thread::scope(|scope| {
        for isolation in isolations() {
            for (script, wall, late, limit) in cases {
                scope.spawn(move || {
                    let (o, read) = run_interactive(
                        &sh(script),
                        &limits(wall),
                        isolation,
                        false,
                        |_to, mut from| {
                            // Long after the program's end (or the wall limit's).
                            std::thread::sleep(Duration::from_millis(late));
                            read_to_end(&mut from)
                        },
                    )
                    .expect("run");
                    assert_eq!(o.limit, limit, "{isolation:?} {script}");
                    let want: &[u8] = if limit.is_none() {
                        b"First\n0 0\n"
                    } else {
                        b"First\n"
                    };
                    assert_eq!(read.as_deref(), Ok(want), "{isolation:?} {script}");
                });
            }
        }
    });
}

/// Issue #45: an answer in the pipe when the caller looks after the
/// deadline is in time: the caller reads only after the deadline has
/// passed and gets the program's line; the next read, with nothing
/// written, gives `TimedOut` at once.
#[test]
fn an_answer_already_written_beats_a_passed_deadline() {
    in_each_isolation(|isolation| {
        let (o, (first, second)) = run_interactive(
            &sh("echo 1; exec sleep 30"),
            &limits(20),
            isolation,
            true,
            |to, mut from| {
                // Long after the program wrote its line.
                std::thread::sleep(Duration::from_millis(1000));
                from.set_deadline(Some(Instant::now()));
                let mut buf = [0u8; 16];
                let first = std::io::Read::read(&mut from, &mut buf)
                    .map(|n| buf[..n].to_vec())
                    .map_err(|e| e.kind());
                let second = std::io::Read::read(&mut from, &mut buf).map_err(|e| e.kind());
                to.end_run();
                (first, second)
            },
        )
        .expect("run");
        assert_eq!(first, Ok(b"1\n".to_vec()), "{isolation:?}");
        assert_eq!(second, Err(ErrorKind::TimedOut), "{isolation:?}");
        assert_eq!(o.exit, Exit::Signal(9), "{isolation:?}");
    });
}
