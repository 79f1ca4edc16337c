//! `wythoff-moves` — Wythoff's game with the winning moves (HDU 2177).
//!
//! Lines `a b` with 0 ≤ a ≤ b ≤ 10^6, ended by `0 0`. The answer of a case is
//! `0` for a losing position, else `1` and then every winning move as the
//! position `x y` (x ≤ y) it leads to, one per line: the move from both piles
//! first (when there is one), then the single-pile moves in any order.
//!
//! The checker reads the output **line by line**: a case is a line `0`, or a
//! line `1` followed by lines of two integers `x y`; a line of one token starts
//! the next case. So a wrong case is named by its own lines: a missing or extra
//! move, a wrong header or a case missing at the end is a wrong answer; a token
//! that is not an integer (or a header that is not `0`/`1`, or a line of three
//! or more tokens) is a presentation error.
//!
//! # Hack cases, by the class of mistake they expose
//!
//! Every class is in the `hack` profile, so every test set (its `03-hack`, at
//! every seed) holds all of them; each is a legal input (a ≤ b ≤ 10^6).
//!
//! | class | cases | archetypes (package submissions) it fails |
//! |---|---|---|
//! | double hazards | none: below 10^6 the double formula has no error at all (`lower_f64_hazards(0..=1_000_000)` is empty, a test checks; the first hazard is k = 102334155) | — |
//! | the move from the smaller pile | positions (lo, b_k) with a_k < lo ≤ b_k (k = 1 … 12, 100, 1000, 10 000, 100 000 and the last two pairs inside 10^6; lo = a_k + 1, a_k + 2, ⌊(a_k + b_k) / 2⌋, b_k − 1, b_k), whose smaller-pile move to (a_k, b_k) naive solutions miss, like (4, 5) → (3, 5): each kept only if [`beatty_float::solutions::wythoff_moves_naive`] prints different moves than the exact answer | `missing_smaller.cpp` |
//! | truncated constants | the losing positions at the k of `wythoff`'s truncated-constant class up to the largest pair index inside 10^6 (first errors from below, the last from above) | `const_1618034.cpp` (k = 6765) |
//!
//! The edge cases fail the other archetypes: `no_both.cpp` (no move from both
//! piles: the sample's 5 8), `both_last.cpp` (that move listed last: the
//! sample's 5 8), `unsorted_moves.cpp` (a position written `x y` with x > y),
//! `no_zero.cpp` (the table misses (0, 0): the edge case 0 1),
//! `no_terminator.cpp` (answers the terminator `0 0`: an extra line
//! `0`, WA), `one_line.cpp` (a case on one line: a presentation error of the
//! checker, WA on Kattis), and the `max` test fails
//! `time_limit_exceeded/scan.py`.
//!
//! The solver also answers a > b (the game is symmetric), with the resulting
//! positions written x ≤ y as always; only the validator enforces a ≤ b.

use super::spec::{
    Answer, Case, Definition, DomainError, Field, Framing, OutputKind, Relation, Spec, WinningMoves,
};
use super::wythoff::{LEGEND, max_pair_index, pair};
#[cfg(test)]
use crate::compare::is_blank;
use crate::compare::{DynLines, Mismatch, shown_lines};
use crate::rng::SplitMix64;
#[cfg(test)]
use crate::text::{TOKEN_BYTES, excerpt};
use beatty_games::{Outcome, wythoff};
use std::io;

const MAX: u64 = 1_000_000;

static SPEC: Spec = Spec {
    name: "wythoff-moves",
    aliases: &["hdu2177"],
    title: "Wythoff's game, the winning moves",
    source: "HDU 2177",
    legend: LEGEND,
    input_format: "lines `a b`, 0 ≤ a ≤ b ≤ 10^6; the line `0 0` ends the input",
    output_format: "`0` if the player to move loses; else `1`, then every winning move as the position `x y` (x ≤ y) it leads to, one per line: the move from both piles first (when there is one), then the single-pile moves in any order",
    framing: Framing::Terminator,
    fields: &[
        Field {
            name: "pile a",
            min: 0,
            max: MAX,
        },
        Field {
            name: "pile b",
            min: 0,
            max: MAX,
        },
    ],
    relation: Relation::FirstAtMostSecond,
    words: None,
    sample: b"1 2\n5 8\n4 7\n2 2\n0 0\n",
    output: OutputKind::Custom,
    assets: assets!["wythoff_moves";
        "output_validator.py" => "output_validators/wythoff_moves/validate.py",
        "exact.py" => "submissions/accepted/exact.py",
        "exact.cpp" => "submissions/accepted/exact.cpp",
        "missing_smaller.cpp" => "submissions/wrong_answer/missing_smaller.cpp",
        "no_both.cpp" => "submissions/wrong_answer/no_both.cpp",
        "both_last.cpp" => "submissions/wrong_answer/both_last.cpp",
        "unsorted_moves.cpp" => "submissions/wrong_answer/unsorted_moves.cpp",
        "no_terminator.cpp" => "submissions/wrong_answer/no_terminator.cpp",
        "const_1618034.cpp" => "submissions/wrong_answer/const_1618034.cpp",
        "no_zero.cpp" => "submissions/wrong_answer/no_zero.cpp",
        "one_line.cpp" => "submissions/wrong_answer/one_line.cpp",
        "scan.py" => "submissions/time_limit_exceeded/scan.py",
    ],
};

/// The answer for (a, b) (either order): `None` for a losing position, else the
/// equal-from-both move (if any) and the distinct single-pile moves in
/// increasing order, each as the resulting position with x ≤ y.
pub(crate) fn moves(a: u64, b: u64) -> Option<WinningMoves> {
    if wythoff::outcome(a, b) == Outcome::P {
        return None;
    }
    let sorted = |(x, y): (u64, u64)| if x <= y { (x, y) } else { (y, x) };
    let mut both = None;
    let mut singles = Vec::with_capacity(2);
    for m in wythoff::winning_moves(a, b) {
        match m.kind {
            wythoff::MoveKind::Both => both = Some(sorted(m.to)),
            _ => singles.push(sorted(m.to)),
        }
    }
    singles.sort_unstable();
    singles.dedup();
    Some(WinningMoves { both, singles })
}

pub(super) struct WythoffMoves;

impl Definition for WythoffMoves {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn answer(&self, case: &Case) -> Result<Answer, DomainError> {
        let (a, b) = case.ab();
        Ok(Answer::Moves(moves(a, b)))
    }

    fn float_answer(&self, case: &Case) -> Option<Answer> {
        let (a, b) = case.ab();
        let (a, b) = (a.min(b), a.max(b));
        let naive = beatty_float::solutions::wythoff_moves_naive(a, b);
        Some(Answer::Moves(naive.map(|singles| WinningMoves {
            both: None,
            singles,
        })))
    }

    fn edge(&self) -> Vec<Case> {
        let (a, b) = pair(max_pair_index(MAX));
        let m = MAX;
        [
            (1, 2),
            (5, 8),
            (4, 7),
            (2, 2),
            (4, 5),
            (0, 1),
            (0, 2),
            (1, 1),
            (3, 3),
            (5, 7),
            (3, 5),
            (0, m),
            (1, m),
            (m, m),
            (m - 1, m),
            (a, b),
            (a + 1, b),
            (a, b + 1),
            (b, b),
        ]
        .map(|(a, b)| Case::pair(a, b))
        .to_vec()
    }

    fn hack(&self) -> Vec<Case> {
        let wrong = |c: &Case| {
            self.float_answer(c).map(|f| f.to_bytes()) != self.answer(c).ok().map(|e| e.to_bytes())
        };
        let mut v = Vec::new();
        // No float hazard lies inside the limits (see the module docs).
        // Positions (lo, b_k) with a_k < lo ≤ b_k: their smaller-pile move to
        // (a_k, b_k) is missed by naive solutions.
        let kmax = max_pair_index(MAX);
        for k in (1..=12).chain([100, 1000, 10_000, 100_000, kmax - 1, kmax]) {
            let (a, b) = pair(k);
            for lo in [a + 1, a + 2, (a + b) / 2, b - 1, b] {
                let c = Case::pair(lo, b);
                // (lo = a_k: the losing position, which naive solutions answer right)
                if lo <= b && wrong(&c) {
                    v.push(c);
                }
            }
        }
        // Truncated constants: the losing positions at the k where they err.
        for k in super::wythoff::truncated_constant_ks(kmax) {
            let (a, b) = pair(k);
            v.push(Case::pair(a, b));
        }
        v.dedup();
        v
    }

    /// A third of the cases uniform pairs (from 10^6 − 10^4 for `max`), a third
    /// losing positions (a_k, b_k), a third (x, b_k) with a_k ≤ x ≤ b_k and
    /// k ≥ 1 (k from the last 4001 pairs inside 10^6 for `max`); the piles in
    /// order, and (0, 1) for (0, 0).
    fn random(&self, r: &mut SplitMix64, max: bool) -> Case {
        let lo = if max { MAX - 10_000 } else { 0 };
        let kmax = max_pair_index(MAX);
        let k_near = |r: &mut SplitMix64, from: u64| {
            if max {
                r.range(kmax - 4000, kmax)
            } else {
                r.range(from, kmax)
            }
        };
        let (a, b) = match r.range(0, 2) {
            0 => (r.range(lo, MAX), r.range(lo, MAX)),
            1 => pair(k_near(r, 0)),
            _ => {
                let (a, b) = pair(k_near(r, 1));
                (r.range(a, b), b)
            }
        };
        let (a, b) = (a.min(b), a.max(b));
        if (a, b) == (0, 0) {
            Case::pair(0, 1)
        } else {
            Case::pair(a, b)
        }
    }

    fn max_cases(&self) -> u64 {
        100_000
    }

    fn explain(&self, case: &Case) -> Result<String, String> {
        let (a, b) = case.ab();
        // A win is answered with the winning moves (only the header `1` when
        // a float formula wrongly says the player to move wins).
        let answer = |wins: bool| {
            Answer::Moves(wins.then(|| {
                moves(a, b).unwrap_or(WinningMoves {
                    both: None,
                    singles: Vec::new(),
                })
            }))
        };
        Ok(super::wythoff::explain_text(a, b, &answer))
    }

    fn compare_lines(
        &self,
        lines: &mut DynLines<'_>,
        i: u64,
        case: &Case,
        answer: &Answer,
        rendered: &[u8],
    ) -> io::Result<Option<Mismatch>> {
        if lines.next_are(rendered)? {
            return Ok(None);
        }
        let Answer::Moves(exp) = answer else {
            return Ok(Some(Mismatch::fail("wythoff-moves answers are moves")));
        };
        let head = |verdict: &str| {
            format!(
                "{verdict} on case {i} (input `{case}`): expected `{}`",
                shown_lines(rendered)
            )
        };
        let Some(first) = lines.next(true)? else {
            return Ok(Some(Mismatch::wa(format!(
                "{}, but the output ends before it",
                head("wrong answer")
            ))));
        };
        // The case's lines: the first, then every line of two or more tokens.
        // Shown: the first 8; kept: the header and the first moves.
        let mut shown = vec![first.shown()];
        let mut lines_read = 1u64;
        let header = if first.count != 1 {
            None
        } else if first.is(0, b"0") {
            Some(false)
        } else if first.is(0, b"1") {
            Some(true)
        } else {
            None
        };
        let mut bad_move = false;
        let mut listed = Vec::new();
        let mut moves = 0u64;
        while let Some(l) = lines.peek(lines_read < 8)?
            && l.count >= 2
        {
            let l = lines.next(false)?.expect("peeked");
            lines_read += 1;
            if lines_read <= 8 {
                shown.push(l.shown());
            }
            match (l.count, l.unsigned(0), l.unsigned(1)) {
                (2, Some(x), Some(y)) => {
                    moves += 1;
                    if listed.len() < 4 {
                        listed.push((x, y));
                    }
                }
                _ => bad_move = true,
            }
        }
        let received = shown.join(" / ") + if lines_read > 8 { " / …" } else { "" };
        let pe = |why: &str| {
            Some(Mismatch::pe(format!(
                "{}, received `{received}`: {why}",
                head("presentation error")
            )))
        };
        let Some(header) = header else {
            return Ok(pe("a case starts with a line `0` or `1`"));
        };
        if bad_move {
            return Ok(pe("a move is a line of two integers `x y`"));
        }
        let right = match exp {
            None => !header && moves == 0,
            Some(m) => {
                header && moves == m.all().count() as u64 && {
                    let rest = match m.both {
                        Some(both) => {
                            if listed[0] != both {
                                return Ok(Some(Mismatch::wa(format!(
                                    "{}, received `{received}`",
                                    head("wrong answer")
                                ))));
                            }
                            &mut listed[1..]
                        }
                        None => &mut listed[..],
                    };
                    rest.sort_unstable();
                    rest == m.singles.as_slice()
                }
            }
        };
        Ok((!right)
            .then(|| Mismatch::wa(format!("{}, received `{received}`", head("wrong answer")))))
    }

    fn extra_lines(&self, lines: &mut DynLines<'_>) -> io::Result<Option<Mismatch>> {
        Ok(lines.next(false)?.map(|l| {
            Mismatch::wa(format!(
                "wrong answer: extra output after the last case, starting with `{}`",
                l.first_shown(4)
            ))
        }))
    }

    #[cfg(test)]
    fn compare_custom(
        &self,
        cases: &[Case],
        answers: &[Answer],
        output: &[u8],
    ) -> Result<(), Mismatch> {
        let mut lines = output
            .split(|&b| b == b'\n')
            .map(|l| {
                l.split(is_blank)
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
            })
            .filter(|t| !t.is_empty())
            .peekable();
        for (i, (case, exp)) in cases.iter().zip(answers).enumerate() {
            let Answer::Moves(exp) = exp else {
                return Err(Mismatch::fail("wythoff-moves answers are moves"));
            };
            let head = |verdict: &str| {
                format!(
                    "{verdict} on case {} (input `{case}`): expected `{}`",
                    i + 1,
                    shown_lines(&Answer::Moves(exp.clone()).to_bytes())
                )
            };
            let Some(first) = lines.next() else {
                return Err(Mismatch::wa(format!(
                    "{}, but the output ends before it",
                    head("wrong answer")
                )));
            };
            let mut got = vec![first];
            while let Some(l) = lines.peek()
                && l.len() >= 2
            {
                got.push(lines.next().unwrap_or_default());
            }
            let received = got
                .iter()
                .take(8)
                .map(|l| {
                    l.iter()
                        .map(|t| excerpt(t, TOKEN_BYTES))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join(" / ")
                + if got.len() > 8 { " / …" } else { "" };
            let pe = |why: String| {
                Mismatch::pe(format!(
                    "{}, received `{received}`: {why}",
                    head("presentation error")
                ))
            };
            let header = got[0][0];
            if got[0].len() != 1 || !(header == b"0" || header == b"1") {
                return Err(pe("a case starts with a line `0` or `1`".into()));
            }
            let mut listed = Vec::with_capacity(got.len() - 1);
            for l in &got[1..] {
                if l.len() != 2 {
                    return Err(pe("a move is a line of two integers `x y`".into()));
                }
                let (Some(x), Some(y)) = (unsigned(l[0]), unsigned(l[1])) else {
                    return Err(pe("a move is a line of two integers `x y`".into()));
                };
                listed.push((x, y));
            }
            let right = match exp {
                None => header == b"0" && listed.is_empty(),
                Some(m) => {
                    header == b"1" && listed.len() == m.all().count() && {
                        let rest = match m.both {
                            Some(both) => {
                                if listed[0] != both {
                                    return Err(Mismatch::wa(format!(
                                        "{}, received `{received}`",
                                        head("wrong answer")
                                    )));
                                }
                                &mut listed[1..]
                            }
                            None => &mut listed[..],
                        };
                        rest.sort_unstable();
                        rest == m.singles.as_slice()
                    }
                }
            };
            if !right {
                return Err(Mismatch::wa(format!(
                    "{}, received `{received}`",
                    head("wrong answer")
                )));
            }
        }
        if let Some(l) = lines.next() {
            let shown: Vec<String> = l.iter().take(4).map(|t| excerpt(t, TOKEN_BYTES)).collect();
            return Err(Mismatch::wa(format!(
                "wrong answer: extra output after the last case, starting with `{}`",
                shown.join(" ")
            )));
        }
        Ok(())
    }
}

/// An unsigned integer as testlib reads one: digits only, no leading zero,
/// at most `u64::MAX`.
#[cfg(test)]
fn unsigned(t: &[u8]) -> Option<u64> {
    if t.is_empty() || (t.len() > 1 && t[0] == b'0') || !t.iter().all(u8::is_ascii_digit) {
        return None;
    }
    t.iter().try_fold(0u64, |v, &d| {
        v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use beatty_core::golden;

    const E6: u64 = 1_000_000;

    #[test]
    fn the_hack_cases_are_the_classes_of_the_module_docs() {
        let kmax = max_pair_index(E6);
        let hack: Vec<(u64, u64)> = WythoffMoves.hack().iter().map(Case::ab).collect();
        for &(a, b) in &hack {
            assert!(a <= b && b <= E6, "{a} {b}");
        }
        // the smaller-pile move, where the naive solution's moves differ from
        // the exact ones (beatty-games)
        // (each position written x ≤ y; the move from both piles first, the
        // others in increasing order, as the answer prints them)
        let naive_errs = |x: u64, y: u64| {
            let sorted = |(u, v): (u64, u64)| (u.min(v), u.max(v));
            let moves = wythoff::winning_moves(x, y);
            let both = moves.iter().filter(|m| m.kind == wythoff::MoveKind::Both);
            let mut singles: Vec<(u64, u64)> = moves
                .iter()
                .filter(|m| m.kind != wythoff::MoveKind::Both)
                .map(|m| sorted(m.to))
                .collect();
            singles.sort_unstable();
            singles.dedup();
            let exact: Vec<(u64, u64)> = both.map(|m| sorted(m.to)).chain(singles).collect();
            let exact = (wythoff::outcome(x, y) == Outcome::N).then_some(exact);
            beatty_float::solutions::wythoff_moves_naive(x, y) != exact
        };
        let mut smaller = Vec::new();
        for k in (1..=12).chain([100, 1000, 10_000, 100_000, kmax - 1, kmax]) {
            let (a, b) = (golden::lower(k).unwrap(), golden::upper(k).unwrap());
            for lo in [a + 1, a + 2, (a + b) / 2, b - 1, b] {
                if a < lo && lo <= b && naive_errs(lo, b) {
                    assert!(hack.contains(&(lo, b)), "smaller pile: {lo} {b}");
                    smaller.push((lo, b));
                }
            }
        }
        assert!(smaller.len() >= 20, "{smaller:?}");
        // the truncated constants: each errs at two losing positions from
        // below and one from above (or all it errs at), from a search of
        // every k inside 10^6
        let losing: Vec<u64> = hack
            .iter()
            .filter(|&&(a, b)| golden::lower(b - a) == Some(a))
            .map(|&(a, b)| b - a)
            .collect();
        for (c, times_k) in super::super::wythoff::TRUNCATED_CONSTANTS {
            let wrong: Vec<u64> = (1..=kmax)
                .filter(|&k| {
                    golden::lower(k) != Some(super::super::wythoff::lower_truncated(k, c, times_k))
                })
                .collect();
            let mut want = wrong
                .iter()
                .take(2)
                .chain(wrong.last())
                .copied()
                .collect::<Vec<_>>();
            want.dedup();
            for k in want {
                assert!(losing.contains(&k), "{c}: k = {k}");
            }
        }
        for c in &hack {
            assert!(
                smaller.contains(c) || losing.contains(&(c.1 - c.0)),
                "{c:?} is in no class"
            );
        }
    }

    /// The bound `compare_lines` keeps its listed moves by: at most three
    /// winning moves, by brute force over the game (beatty-games' oracle on
    /// its model of the rules) on every a ≤ b ≤ 150.
    #[test]
    fn a_position_has_at_most_three_winning_moves() {
        let mut oracle = beatty_games::game::Oracle::new(wythoff::Wythoff);
        let mut most = 0;
        for a in 0..=150 {
            for b in a..=150 {
                let count = oracle.winning_moves(&(a, b)).unwrap().len();
                let listed = moves(a, b).map_or(0, |m| m.all().count());
                assert!(listed <= count, "{a} {b}");
                most = most.max(count);
            }
        }
        assert_eq!(most, 3);
    }

    #[test]
    fn no_double_hazard_lies_inside_the_limits() {
        assert_eq!(beatty_hazards::lower_f64_hazards(0..=E6), Ok(vec![]));
        // the first hazard (the mission's published value) lies far above
        assert!(beatty_float::lower_f64(102_334_155) != golden::lower(102_334_155).unwrap());
    }

    #[test]
    fn the_random_positions_are_the_documented_mix() {
        let kmax = max_pair_index(E6);
        let mut r = SplitMix64::new(2177);
        for max in [false, true] {
            let (mut losing, mut upper) = (0usize, 0usize);
            for _ in 0..9000 {
                let (a, b) = WythoffMoves.random(&mut r, max).ab();
                assert!(a <= b && b <= E6 && (a, b) != (0, 0), "{a} {b}");
                let k = b - a;
                losing += usize::from(golden::lower(k) == Some(a));
                // b is an upper Wythoff number b_j and a ≥ a_j
                let (on_upper, j) = match golden::classify(b) {
                    golden::Class::Upper(j) => (golden::lower(j).unwrap() <= a, j),
                    _ => (false, 0),
                };
                upper += usize::from(on_upper);
                if max {
                    assert!(
                        a >= E6 - 10_000 || (on_upper && j >= kmax - 4000),
                        "{a} {b}"
                    );
                }
            }
            // 3000 losing positions (and a few of the third third); two thirds
            // on an upper Wythoff number b_j, and of the uniform third the 38 %
            // whose larger pile is one (1 / φ²), with the smaller pile at least
            // a_j ≈ b_j / φ: 38 % of those again, all of them for `max`
            assert!(losing.abs_diff(3050) <= 200, "max {max}: {losing} losing");
            let want = if max { 6000 + 1150 } else { 6000 + 440 };
            assert!(upper.abs_diff(want) <= 350, "max {max}: {upper} on b_k");
        }
    }

    #[test]
    fn the_explanation_shows_the_answer_of_the_statement() {
        // HDU 2177's sample: 5 8 → 1, then 4 7 and 3 5; 2 2 → 1, 0 0 and 1 2.
        for (a, b, note) in [
            (1, 2, "answer `0`"),
            (5, 8, "answer `1 / 4 7 / 3 5`"),
            (4, 7, "answer `0`"),
            (2, 2, "answer `1 / 0 0 / 1 2`"),
        ] {
            let text = WythoffMoves.explain(&Case::pair(a, b)).unwrap();
            assert!(
                text.contains(&format!(
                    "outcome: {} ({note})",
                    if note.len() > 10 {
                        "N — the player to move wins"
                    } else {
                        "P — the player to move loses"
                    }
                )),
                "{text}"
            );
        }
        // The first k where the double formula errs: a losing position it
        // calls a win, answered with the header alone.
        let k = 102_334_155;
        let (a, b) = (golden::lower(k).unwrap(), golden::upper(k).unwrap());
        let text = WythoffMoves.explain(&Case::pair(a, b)).unwrap();
        assert!(
            text.contains("so it answers N (answer `1`) — WRONG"),
            "{text}"
        );
    }

    /// The module docs: a line after the last case is a wrong answer (the
    /// `no_terminator.cpp` archetype answers the terminator `0 0` with `0`).
    #[test]
    fn a_line_after_the_last_case_is_a_wrong_answer() {
        let mut extra: &[u8] = b"\n0\n";
        let mut lines: DynLines<'_> =
            crate::compare::Lines::new(&mut extra as &mut dyn std::io::Read);
        let m = WythoffMoves.extra_lines(&mut lines).unwrap().unwrap();
        assert_eq!(m.verdict, crate::Verdict::WrongAnswer);
        assert_eq!(
            m.message,
            "wrong answer: extra output after the last case, starting with `0`"
        );
        for end in [&b""[..], b"\n\n", b" \n"] {
            let mut end = end;
            let mut lines: DynLines<'_> =
                crate::compare::Lines::new(&mut end as &mut dyn std::io::Read);
            assert_eq!(WythoffMoves.extra_lines(&mut lines).unwrap(), None);
        }
    }
}
