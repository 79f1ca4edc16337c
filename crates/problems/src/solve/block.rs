//! Runs of whole case lines solved straight from the read buffer: the block
//! path of [`solve_cases`](super::solve_cases) for the problems whose answer
//! is who wins ([`Definition::wins`]).
//!
//! A *canonical* line is `a b\n` (two fields) or `n\n` (one), each number 1 to
//! 15 ASCII digits, one space between. [`run`] answers the canonical lines
//! that start in a range of a buffer, one after the other, with no per-line
//! bookkeeping besides a position, and stops before the first line it does not
//! take: not canonical, the terminator line, a case `wins` does not decide,
//! the last case of a counted input, fewer than [`WINDOW`] bytes left, or no
//! room for one more answer. The general path of the solver decides that line
//! exactly as it always has (errors included), then the block path resumes.
//!
//! On x86-64 the lines are taken a 64-byte window at a time (`sse2.rs`: bit
//! masks of the window's digits, spaces and line feeds, then both numbers of a
//! line converted together); elsewhere, and for the lines near the end of the
//! range, one at a time ([`run_lines`]), each number read eight digits at a
//! time (SWAR: [`number`]): a digit mask of a little-endian `u64` finds the end
//! of the number, and three multiplies turn eight digit bytes into their value.
//! `number` is tested against [`fast::number`](super::fast::number) (and that
//! against `str::parse`) on every length and on random bytes, and the windows
//! against [`run_lines`] on random lines.

use crate::problem::Definition;

mod lines;
#[cfg(target_arch = "x86_64")]
mod sse2;

#[cfg(not(target_arch = "x86_64"))]
use lines::run_lines;
pub(crate) use lines::{ANSWER, Form, Stop, WINDOW};

/// Answers the canonical lines of `s` that start in `from..to`, at most
/// `max_cases`, writing their answers at the start of `out` (see the module
/// docs for where it stops). `to` must be a line start or `s.len()`.
#[inline(always)]
pub(crate) fn run<D: Definition + ?Sized>(
    def: &D,
    form: &Form,
    s: &[u8],
    from: usize,
    to: usize,
    max_cases: u64,
    out: &mut [u8],
) -> Stop {
    // One loop for each form, its tests decided at compile time.
    match (form.two, form.terminator) {
        (true, false) => run_as::<D, true, false>(def, form, s, from, to, max_cases, out),
        (true, true) => run_as::<D, true, true>(def, form, s, from, to, max_cases, out),
        (false, false) => run_as::<D, false, false>(def, form, s, from, to, max_cases, out),
        (false, true) => run_as::<D, false, true>(def, form, s, from, to, max_cases, out),
    }
}

/// [`run`] for one form: by windows of 64 bytes on x86-64 ([`sse2`]), else
/// line by line ([`run_lines`]).
#[inline(always)]
fn run_as<D: Definition + ?Sized, const TWO: bool, const TERMINATOR: bool>(
    def: &D,
    form: &Form,
    s: &[u8],
    from: usize,
    to: usize,
    max_cases: u64,
    out: &mut [u8],
) -> Stop {
    #[cfg(target_arch = "x86_64")]
    return sse2::run_as::<D, TWO, TERMINATOR>(def, form, s, from, to, max_cases, out);
    #[cfg(not(target_arch = "x86_64"))]
    return run_lines::<D, TWO, TERMINATOR>(def, form, s, from, to, max_cases, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use lines::run_lines;
    use lines::tests::random_lines;

    /// The block path ([`run_as`]) against its reference, the line-by-line
    /// loop ([`run_lines`]): the same [`Stop`] and the same answers, from
    /// every start, to every end, with every limit of cases and of room.
    #[test]
    fn windows_agree_with_the_line_loop() {
        let mut rng = crate::generate::SplitMix64::new(2123);
        for problem in crate::Problem::ALL {
            let def = problem.def();
            let Some(form) = Form::of(def.spec()) else {
                // Only the problems answered in words have a block path.
                assert!(def.spec().words.is_none(), "{problem}: no form");
                continue;
            };
            let mut windows = 0;
            for round in 0..600 {
                let len = rng.range(1, 3000) as usize;
                let s = random_lines(&mut rng, form.two, len);
                let from = rng.range(0, 40.min(s.len() as u64 - 1)) as usize;
                let to = if rng.chance(1, 2) {
                    s.len()
                } else {
                    rng.range(from as u64, s.len() as u64) as usize
                };
                let max_cases = if rng.chance(1, 3) {
                    rng.range(0, 100)
                } else {
                    u64::MAX
                };
                let room = if rng.chance(1, 3) {
                    rng.range(0, 2000) as usize
                } else {
                    32 * s.len() + 64
                };
                let (mut want, mut got) = (vec![0u8; room], vec![0u8; room]);
                // From each stop on, as the solver resumes after the general
                // path has decided the line there: the line after it.
                let mut from = from;
                while from < to {
                    let got_stop = run(def, &form, &s, from, to, max_cases, &mut got);
                    let want_stop = match (form.two, form.terminator) {
                        (true, false) => run_lines::<_, true, false>(
                            def, &form, &s, from, to, max_cases, &mut want,
                        ),
                        (true, true) => run_lines::<_, true, true>(
                            def, &form, &s, from, to, max_cases, &mut want,
                        ),
                        (false, false) => run_lines::<_, false, false>(
                            def, &form, &s, from, to, max_cases, &mut want,
                        ),
                        (false, true) => run_lines::<_, false, true>(
                            def, &form, &s, from, to, max_cases, &mut want,
                        ),
                    };
                    let text = String::from_utf8_lossy(&s[from..]);
                    assert_eq!(
                        got_stop, want_stop,
                        "{problem} round {round} from {from}: {text:?}"
                    );
                    assert!(
                        got[..got_stop.written] == want[..want_stop.written],
                        "{problem} round {round} from {from}"
                    );
                    windows += got_stop.cases;
                    if got_stop.full || got_stop.cases == max_cases {
                        break;
                    }
                    match s[got_stop.at..].iter().position(|&b| b == b'\n') {
                        Some(i) => from = got_stop.at + i + 1,
                        None => break,
                    }
                }
            }
            assert!(windows > 10_000, "{problem}: {windows} lines answered");
        }
    }
}
