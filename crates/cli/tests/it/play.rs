//! `judge play`: scripted games through a pipe and through a pseudo-terminal.
//!
//! The expected moves come from the games' definitions worked by hand (which positions
//! are lost), not from the program: e.g. in Bash's game with m = 2 the lost piles are
//! the multiples of 3, and in Wythoff's game (1, 2) and (3, 5) are the first pairs.

use std::io::Write;
use std::process::{Command, Stdio};

fn judge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_judge"))
}

/// Runs `judge play ARGS` with `input` on a pipe; returns (exit code, stdout, stderr).
fn play(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = judge()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn judge");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait for judge");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bash_game_won_by_the_player() {
    // 5 stones, take 1 or 2. Taking 2 leaves 3 (lost); the computer can only play on
    // with 1 (leaving 2); taking 2 wins.
    let (code, out, _) = play(&["bash", "5", "2"], b"2\n2\n");
    assert_eq!(code, 0);
    assert!(out.contains("you: → 3 stones"), "{out}");
    assert!(out.contains("computer: → 2 stones, taking 1"), "{out}");
    assert!(
        out.contains("no winning move: 3 is a multiple of m + 1 = 3"),
        "{out}"
    );
    assert!(out.contains("you made the last move and win"), "{out}");
}

#[test]
fn bash_game_won_by_the_computer_moving_first() {
    // From 7 with m = 2 the winning move takes 1 (6 = 2·3), then answers each take t
    // with 3 − t.
    let (code, out, _) = play(&["bash", "7", "2", "--first", "computer"], b"1\n2\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("computer: → 6 stones, taking 1: 6 is a multiple of m + 1 = 3"),
        "{out}"
    );
    assert!(out.contains("computer: → 3 stones, taking 2"), "{out}");
    assert!(out.contains("computer: → 0 stones"), "{out}");
    assert!(
        out.contains("the computer made the last move and wins"),
        "{out}"
    );
}

#[test]
fn wythoff_winning_move_is_explained_with_its_pair() {
    // From (4, 5) the computer moves to a Wythoff pair; (3, 5) is the pair k = 2 and
    // (1, 2) the pair k = 1: both are winning moves. The first listed (same number from
    // both piles) is (1, 2).
    let (code, out, _) = play(&["wythoff", "4", "5", "--first", "computer"], b"");
    assert_eq!(code, 0);
    assert!(
        out.contains("computer: → (1, 2), a Wythoff pair, k = 1"),
        "{out}"
    );
    assert!(out.contains("End of input"), "{out}");
}

#[test]
fn illegal_moves_are_refused_with_a_reason_and_the_game_goes_on() {
    let input = b"9 9\n3 3\n4 7\n1 2 3\nx y\n18446744073709551616 1\n\n3 6\n";
    let (code, out, _) = play(&["wythoff", "4", "7"], input);
    assert_eq!(code, 0);
    assert!(out.contains("(9, 9) adds stones"), "{out}");
    assert!(
        out.contains("the same number from each (1 and 4 here)"),
        "{out}"
    );
    assert!(out.contains("a move takes at least one stone"), "{out}");
    assert!(
        out.contains("expected the two piles after your move, found 1 2 3"),
        "{out}"
    );
    assert!(out.contains("x is not a whole number"), "{out}");
    assert!(
        out.contains("18446744073709551616 is more than 18446744073709551615"),
        "{out}"
    );
    // (3, 6) is legal: one from each pile.
    assert!(out.contains("you: → (3, 6)"), "{out}");
    assert_eq!(out.matches("Not a legal move").count(), 6, "{out}");
}

#[test]
fn euclid_moves_must_take_a_multiple_of_the_smaller_number() {
    // (25, 7): 25 − 7·q for q = 1..3 are the legal moves; 25 − 5 is not.
    let (code, out, _) = play(&["euclid", "25", "7"], b"20 7\n25 0\n11 7\n");
    assert_eq!(code, 0);
    assert!(out.contains("(20, 7) is not (25, 7) with a positive multiple of 7 taken from 25"));
    assert!(out.contains("(25, 0) is not"), "{out}");
    // (11, 7): 11/7 < φ, so the computer's move is forced: (4, 7).
    assert!(
        out.contains("computer: → (4, 7), taking 7 once, the only move"),
        "{out}"
    );
}

#[test]
fn hint_undo_and_quit() {
    // (4, 6) is not a pair: the winning move is to (3, 5) (k = 2).
    let (code, out, _) = play(&["wythoff", "4", "6"], b"hint\n0 6\nundo\nundo\nquit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("hint: move to (3, 5), a Wythoff pair, k = 2"),
        "{out}"
    );
    assert!(out.contains("you: → (0, 6)"), "{out}");
    assert!(out.contains("computer: → (0, 0)"), "{out}");
    assert!(out.contains("the computer made the last move"), "{out}");
    // The game ended before `undo` could be typed.
    assert!(!out.contains("Undone"), "{out}");

    let (code, out, _) = play(&["wythoff", "4", "6"], b"4 5\nundo\nundo\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("Undone: back to (4, 6)."), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn hostile_input_is_bounded_and_end_of_input_is_clean() {
    let mut input = vec![b'1'; 100_000];
    input.extend_from_slice(b"\n\xff\xfe\x00\n");
    let (code, out, err) = play(&["bash", "10", "3"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("longer than 200 bytes"), "{out}");
    assert!(out.contains("not UTF-8"), "{out}");
    assert!(
        out.contains("End of input: game left at 10 stones"),
        "{out}"
    );
    assert!(
        out.len() < 4000,
        "the long line was echoed: {} bytes",
        out.len()
    );
}

#[test]
fn a_finished_position_and_bad_arguments() {
    // A start without a move: nobody moved, so nobody "made the last move"; the game
    // is over at once, lost for whoever is to move, exit 0.
    for (args, who) in [
        (
            &["wythoff", "0", "0"][..],
            "you are to move, so you have lost",
        ),
        (
            &["euclid", "0", "5"][..],
            "you are to move, so you have lost",
        ),
        (&["bash", "0", "3"][..], "you are to move, so you have lost"),
        (
            &["bash", "0", "3", "--first", "computer"][..],
            "the computer is to move, so it has lost",
        ),
    ] {
        let (code, out, err) = play(args, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("The game is already over"), "{args:?}: {out}");
        assert!(out.contains(who), "{args:?}: {out}");
        assert!(!out.contains("made the last move"), "{args:?}: {out}");
        assert!(
            !out.contains("Your move:") && !out.contains("1 to 1"),
            "{args:?}: {out}"
        );
        assert!(!out.contains("your move>"), "{args:?}: {out}");
    }
    let (code, _, err) = play(&["bash", "10", "0"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("at least 1"), "{err}");
    let (code, _, err) = play(&["nim", "1", "2"], b"");
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = play(&["euclid", "5"], b"");
    assert_eq!(code, 2);
}

/// `judge play` on a pseudo-terminal (nix's `openpty`): its stdin, stdout and
/// stderr are the terminal's slave side; the test reads and writes the master
/// side as a person's terminal would, including what the terminal echoes.
#[cfg(unix)]
struct Pty {
    master: std::fs::File,
    child: std::process::Child,
    /// Everything read so far, and how far `expect` has matched.
    seen: Vec<u8>,
    at: usize,
}

#[cfg(unix)]
impl Pty {
    fn spawn(args: &[&str]) -> Pty {
        let pty = nix::pty::openpty(None, None).expect("openpty");
        let slave = || Stdio::from(pty.slave.try_clone().expect("dup the slave"));
        let child = judge()
            .arg("play")
            .args(args)
            .stdin(slave())
            .stdout(slave())
            .stderr(slave())
            .spawn()
            .expect("spawn judge on the terminal");
        // Only the child holds the slave now: its exit ends the master's reads.
        drop(pty.slave);
        Pty {
            master: std::fs::File::from(pty.master),
            child,
            seen: Vec::new(),
            at: 0,
        }
    }

    /// Reads more of the terminal within 20 s; false at its end (Linux
    /// answers EIO on the master once every slave descriptor is closed).
    fn read_more(&mut self) -> bool {
        use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
        use std::io::Read;
        use std::os::fd::AsFd;
        let mut fds = [PollFd::new(self.master.as_fd(), PollFlags::POLLIN)];
        let ready = poll(&mut fds, PollTimeout::from(20_000u16)).expect("poll");
        assert!(
            ready > 0,
            "nothing on the terminal for 20 s after:\n{}",
            self.text()
        );
        let mut buf = [0u8; 4096];
        match self.master.read(&mut buf) {
            Ok(0) => false,
            Ok(n) => {
                self.seen.extend_from_slice(&buf[..n]);
                true
            }
            Err(e) if e.raw_os_error() == Some(nix::libc::EIO) => false,
            Err(e) => panic!("reading the terminal: {e}"),
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// Waits for `needle` after what the last call matched.
    fn expect(&mut self, needle: &str) {
        loop {
            let rest = &self.seen[self.at..];
            if let Some(k) = rest
                .windows(needle.len())
                .position(|w| w == needle.as_bytes())
            {
                self.at += k + needle.len();
                return;
            }
            assert!(
                self.read_more(),
                "the terminal ended before {needle:?}:\n{}",
                self.text()
            );
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        use std::io::Write;
        self.master.write_all(bytes).expect("write to the terminal");
    }

    /// Reads to the terminal's end; the exit code.
    fn finish(mut self) -> Option<i32> {
        while self.read_more() {}
        self.child.wait().expect("wait").code()
    }
}

#[cfg(unix)]
#[test]
fn a_game_through_a_pseudo_terminal() {
    // (1, 2) is the Wythoff pair k = 1: the computer has no winning move and plays on
    // by taking 1 from the larger pile, to (1, 1); then (0, 0) wins.
    let mut p = Pty::spawn(&["wythoff", "1", "2", "--first", "computer"]);
    p.expect(" (1, 1), taking 1 from the larger pile");
    p.expect("your move> ");
    p.send(b"hint\n");
    p.expect("hint: move to (0, 0)");
    p.expect("your move> ");
    p.send(b"0 0\n");
    p.expect("you made the last move and win");
    assert_eq!(p.finish(), Some(0));

    // End of input from the terminal (Ctrl-D, the line discipline's EOF
    // character at the start of a line) ends the game cleanly.
    let mut p = Pty::spawn(&["euclid", "25", "7"]);
    p.expect("your move> ");
    p.send(b"11 7\n");
    p.expect(" (4, 7), taking 7 once");
    p.expect("your move> ");
    p.send(b"\x04");
    p.expect("End of input");
    assert_eq!(p.finish(), Some(0));
}

#[test]
fn fibonacci_nim_is_played_by_the_zeckendorf_rule() {
    // 4 = 3 + 1 is not a Fibonacci number: the computer takes 1 (the smallest
    // Zeckendorf term), leaving 3 with at most 2 to take. Taking 1 leaves 2 with
    // at most 2: the computer takes both. Taking 2 at once is also lost (1 left).
    let (code, out, _) = play(&["fibonacci-nim", "4", "--first", "computer"], b"1\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("computer: → 3 stones, take at most 2, taking 1"),
        "{out}"
    );
    assert!(out.contains("computer: → 0 stones"), "{out}");
    assert!(
        out.contains("the computer made the last move and wins"),
        "{out}"
    );
    // The opening may not take every stone, and later takes are bounded.
    let (_, out, _) = play(&["fibonacci-nim", "5"], b"5\n1\n3\nquit\n");
    assert!(out.contains("you may take 1 to 4 stones, not 5"), "{out}");
    assert!(out.contains("you may take 1 to 2 stones, not 3"), "{out}");
    // One stone is no game.
    let (code, _, err) = play(&["fibonacci-nim", "1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("at least 2 stones"), "{err}");
}

#[test]
fn bash_with_the_largest_take_explains_taking_everything() {
    // m = 2^64 − 1 ≥ n: every take up to n is allowed, so the winning move takes all 5.
    // m + 1 = 2^64 does not fit in u64; the old text claimed m + 1 = 2^64 − 1.
    let max = u64::MAX.to_string();
    let (code, out, _) = play(&["bash", "5", &max, "--first", "computer"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("computer: → 0 stones, taking all 5"), "{out}");
    assert!(!out.contains(&format!("m + 1 = {max}")), "{out}");
    // n = m = 2^64 − 1 with take at most 2^64 − 2: n is a multiple of m + 1 = n.
    let below = (u64::MAX - 1).to_string();
    let (code, out, _) = play(&["bash", &max, &below, "--first", "computer"], b"");
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("{max} is a multiple of m + 1 = {max}")),
        "{out}"
    );
}

#[test]
fn moves_are_plain_decimal_digits() {
    // 5 stones, take 1 or 2: `+2`, `02`, `2.0`, `-1` and `０` are refused by name; `2`
    // is then played.
    let input = "+2\n02\n2.0\n-1\n\u{ff10}\n2\nquit\n";
    let (code, out, _) = play(&["bash", "5", "2"], input.as_bytes());
    assert_eq!(code, 0);
    assert!(out.contains("+2 is not a whole number"), "{out}");
    assert!(out.contains("02 has a leading zero"), "{out}");
    assert!(out.contains("2.0 is not a whole number"), "{out}");
    assert!(out.contains("-1 is not a whole number"), "{out}");
    assert_eq!(out.matches("you: →").count(), 1, "{out}");
    assert!(out.contains("you: → 3 stones"), "{out}");
    // `0` alone is a number (an illegal take here), and so is a pile of 0 in Wythoff.
    let (_, out, _) = play(&["bash", "5", "2"], b"0\nquit\n");
    assert!(out.contains("not 0"), "{out}");
    let (_, out, _) = play(&["wythoff", "3", "5"], b"0 5\nquit\n");
    assert!(out.contains("you: → (0, 5)"), "{out}");
    // Overflow names the word.
    let (_, out, _) = play(&["bash", "5", "2"], b"18446744073709551616\nquit\n");
    assert!(out.contains("18446744073709551616 is more than"), "{out}");
}
