//! What a problem is, below the problems themselves: the [`Definition`]
//! trait each problem module implements, the format it describes as a [`Spec`]
//! (framing, fields, relation, comparison, package assets), its cases and its
//! answers. The problem modules (`problem/<name>.rs`) import from here and the
//! registry (`problem/mod.rs`) names them; this file names neither, so no
//! import runs back up. Re-exported by `problem/mod.rs`: the public paths are
//! `beatty_problems::problem::X`.

use crate::rng::SplitMix64;
use core::fmt;
use std::io::{self, Write};

/// One file of a problem's package (`judge package`, `judge invoke`): a
/// solution or an output validator, at a path relative to the package root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// The path inside the package, e.g. `submissions/accepted/exact.py`.
    pub path: &'static str,
    /// The file's contents.
    pub contents: &'static str,
}

/// The values of one case line (one or two fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Case {
    values: [u64; 2],
    /// A whole word, not a byte: a case is built in registers and stored whole,
    /// and a byte field read back by a wider load stalls (store forwarding).
    len: usize,
}

impl Case {
    pub(crate) fn new(values: &[u64]) -> Case {
        let mut c = Case {
            values: [0; 2],
            len: 0,
        };
        for &v in values.iter().take(2) {
            c.values[c.len] = v;
            c.len += 1;
        }
        c
    }

    pub(crate) fn pair(a: u64, b: u64) -> Case {
        Case {
            values: [a, b],
            len: 2,
        }
    }

    pub(crate) fn one(n: u64) -> Case {
        Case {
            values: [n, 0],
            len: 1,
        }
    }

    pub(crate) fn values(&self) -> &[u64] {
        &self.values[..self.len]
    }

    /// The two values of a two-field case (the second is 0 for one field).
    pub(crate) fn ab(&self) -> (u64, u64) {
        (self.values[0], self.values[1])
    }

    /// Writes the case line (with its line feed).
    pub(crate) fn write_line<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut tmp = [0u8; 20];
        for (i, &v) in self.values().iter().enumerate() {
            if i > 0 {
                out.write_all(b" ")?;
            }
            out.write_all(fmt_u64(v, &mut tmp))?;
        }
        out.write_all(b"\n")
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.values().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

/// Writes an input of `cases` in the framing of `spec`: the count line of a
/// counted format, the case lines, the terminator line (every field `0`).
pub(crate) fn write_input<W: Write>(spec: &Spec, cases: &[Case], out: &mut W) -> io::Result<()> {
    write_input_from(spec, cases.len() as u64, cases.iter().copied(), out)
}

/// Writes an input of `count` cases taken from `cases` as they come, so that
/// no more than one case is held at a time (the count line of a counted
/// format comes first, the end marker of a terminated one last).
pub(crate) fn write_input_from<W: Write>(
    spec: &Spec,
    count: u64,
    cases: impl Iterator<Item = Case>,
    out: &mut W,
) -> io::Result<()> {
    if let Framing::Counted { .. } = spec.framing {
        writeln!(out, "{count}")?;
    }
    for c in cases {
        c.write_line(out)?;
    }
    if spec.framing == Framing::Terminator {
        Case::new(&[0; 2][..spec.fields.len().min(2)]).write_line(out)?;
    }
    Ok(())
}

/// Formats `v` in decimal into `tmp`, returning the digits.
pub(crate) fn fmt_u64(mut v: u64, tmp: &mut [u8; 20]) -> &[u8] {
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            return &tmp[i..];
        }
    }
}

/// The two answers of a problem whose answer is who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutcomeWords {
    /// The answer when the player to move wins, e.g. `1`, `First win`.
    pub wins: &'static str,
    /// The answer when the player to move loses, e.g. `0`, `Second win`.
    pub loses: &'static str,
}

impl OutcomeWords {
    /// The answer for a win (`true`) or a loss of the player to move.
    #[must_use]
    pub const fn answer(self, to_move_wins: bool) -> Answer {
        Answer::Outcome {
            to_move_wins,
            words: self,
        }
    }

    /// The word for a win (`true`) or a loss of the player to move.
    #[must_use]
    pub const fn word(self, to_move_wins: bool) -> &'static str {
        if to_move_wins { self.wins } else { self.loses }
    }
}

/// The winning moves of a `wythoff-moves` answer, as resulting positions (x ≤ y).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMoves {
    /// The move taking equally from both piles, if it wins.
    pub both: Option<(u64, u64)>,
    /// The distinct winning single-pile moves, in increasing (x, y).
    pub singles: Vec<(u64, u64)>,
}

impl WinningMoves {
    /// Every listed move in output order: `both` first, then `singles`.
    ///
    /// ```
    /// use beatty_problems::{problem::Answer, Problem};
    /// // (5, 7): take 2 from both → (3, 5); take 4 from the 7 → (5, 3), written
    /// // (3, 5); take 1 from the 5 → (4, 7).
    /// let Ok(Answer::Moves(Some(m))) = Problem::WythoffMoves.answer(&[5, 7]) else { panic!() };
    /// assert_eq!(m.all().collect::<Vec<_>>(), [(3, 5), (3, 5), (4, 7)]);
    /// ```
    pub fn all(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.both.iter().chain(&self.singles).copied()
    }
}

/// The exact answer of one case, and its one rendering: [`Answer::write_to`]
/// writes the lines the official output has for the case; `Display` shows the
/// same text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Who wins, as one line in the problem's words: `1`/`0`, `first`/`second`,
    /// `Stan wins`/`Ollie wins`, `First win`/`Second win`, ….
    Outcome {
        /// Whether the player to move (the first player) wins.
        to_move_wins: bool,
        /// The problem's words for the two outcomes.
        words: OutcomeWords,
    },
    /// The `wythoff-moves` answer: `0` for a losing position, else `1` and
    /// the winning moves, one per line.
    Moves(Option<WinningMoves>),
    /// The `bash-auction` answer: the winning first bids `lo..=hi` on one line,
    /// or `none`.
    Bids(Option<(u64, u64)>),
}

impl Answer {
    /// Writes the answer's lines, each ended by a line feed.
    ///
    /// ```
    /// use beatty_problems::problem::Answer;
    /// let mut v = Vec::new();
    /// Answer::Bids(Some((3, 5))).write_to(&mut v).unwrap();
    /// assert_eq!(v, b"3 4 5\n");
    /// ```
    pub fn write_to<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut tmp = [0u8; 20];
        match self {
            Answer::Outcome {
                to_move_wins,
                words,
            } => {
                out.write_all(words.word(*to_move_wins).as_bytes())?;
                out.write_all(b"\n")
            }
            Answer::Moves(None) => out.write_all(b"0\n"),
            Answer::Moves(Some(m)) => {
                out.write_all(b"1\n")?;
                for (x, y) in m.all() {
                    out.write_all(fmt_u64(x, &mut tmp))?;
                    out.write_all(b" ")?;
                    out.write_all(fmt_u64(y, &mut tmp))?;
                    out.write_all(b"\n")?;
                }
                Ok(())
            }
            Answer::Bids(None) => out.write_all(b"none\n"),
            Answer::Bids(Some((lo, hi))) => {
                for bid in *lo..=*hi {
                    if bid != *lo {
                        out.write_all(b" ")?;
                    }
                    out.write_all(fmt_u64(bid, &mut tmp))?;
                }
                out.write_all(b"\n")
            }
        }
    }

    /// The rendering as bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::new();
        self.write_to(&mut v).expect("writing to a Vec cannot fail");
        v
    }

    /// The rendering on one line for messages (lines joined by ` / `), bounded
    /// and escaped like every other excerpt.
    ///
    /// ```
    /// use beatty_problems::Problem;
    /// let a = Problem::WythoffMoves.answer(&[4, 5]).unwrap();
    /// assert_eq!(a.shown(), "1 / 1 2 / 3 5");
    /// ```
    ///
    /// Only the head of the answer is rendered, so that a case of `2^64` bids
    /// is shown as quickly as one of three:
    ///
    /// ```
    /// use beatty_problems::problem::Answer;
    /// assert_eq!(Answer::Bids(Some((0, u64::MAX))).shown(), "0 1 2 3 4 5 6 7 …");
    /// ```
    #[must_use]
    pub fn shown(&self) -> String {
        let mut head = Head(Vec::new());
        // Stops with an error at the cap: what came before is all that is shown.
        let _ = self.write_to(&mut head);
        crate::compare::shown_lines(&head.0)
    }
}

/// A writer that keeps the first [`Head::CAP`] bytes and refuses the rest:
/// more than [`shown`](Answer::shown) needs of any answer (a line shows at
/// most eight tokens of at most 20 digits each).
struct Head(Vec<u8>);

impl Head {
    const CAP: usize = 4096;
}

impl Write for Head {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let room = Self::CAP.saturating_sub(self.0.len());
        if room == 0 {
            return Err(io::Error::other("enough is shown"));
        }
        let n = buf.len().min(room);
        self.0.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.to_bytes()))
    }
}

/// `answer `…``: an answer as explanations quote it.
pub(crate) fn answer_note(answer: &Answer) -> String {
    format!("answer `{}`", answer.shown())
}

/// A case outside the game's domain: which field, what was expected, what is there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DomainError {
    /// The 0-based index of the field at fault.
    pub field: usize,
    /// What the game needs, e.g. `a positive number m`.
    pub expected: String,
    /// What is there, e.g. `"0"`.
    pub found: String,
}

impl fmt::Display for DomainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found {}", self.expected, self.found)
    }
}

impl std::error::Error for DomainError {}

/// A field that must be positive holds 0.
pub(crate) fn zero_field(field: usize, what: &str) -> DomainError {
    DomainError {
        field,
        expected: format!("a positive number {what}"),
        found: crate::text::found(b"0"),
    }
}

/// What a driver does with one problem's [`Definition`], its type known:
/// [`Problem::visit`] calls `visit` with the problem's own type, so that the
/// driver's per-case loop is compiled once per problem with `answer` a direct,
/// inlinable call, and nothing here has to name a driver (the registry is
/// below the drivers; they come to it).
pub(crate) trait Visit {
    /// What the driver returns.
    type Output;
    /// Does the driver's work with `def`.
    fn visit<D: Definition>(self, def: &'static D) -> Self::Output;
}

/// Everything about one problem (see the [module docs](self)).
pub(crate) trait Definition: Sync {
    /// The format and statement.
    fn spec(&self) -> &'static Spec;
    /// The exact answer of a case with any `u64` values, or why the values are
    /// outside the game's domain.
    fn answer(&self, case: &Case) -> Result<Answer, DomainError>;
    /// The fast path of [`Definition::answer`] for a problem whose answer is who
    /// wins ([`Spec::words`]): `Some(true)` when the player to move wins the case,
    /// `Some(false)` when they lose — then `answer` is exactly
    /// `Ok(words.answer(…))` in the spec's words (a test checks it on every
    /// generated case) — or `None`, and the caller asks `answer` (every other
    /// problem, and cases outside the domain). Returning a `bool` keeps the
    /// per-case loops of `check` and `solve` free of the `Answer` enum.
    #[inline(always)]
    fn wins(&self, _case: &Case) -> Option<bool> {
        None
    }
    /// The classic float solution's answer, `None` without one.
    fn float_answer(&self, case: &Case) -> Option<Answer>;
    /// The `edge` profile: every case, the sample's first.
    fn edge(&self) -> Vec<Case>;
    /// The `hack` profile: every case, each verified at generation where a
    /// float solution exists (see the generator docs).
    fn hack(&self) -> Vec<Case>;
    /// One `random` case (`max`: near the limits, for the `max` profile).
    fn random(&self, rng: &mut SplitMix64, max: bool) -> Case;
    /// The default number of cases of the `max` profile (answers stay within a
    /// few MB): a counted format's count limit (100 for `bash`, 10 000 for
    /// `wythoff-big`), 500 for `bash-auction` (an answer lists up to 1099
    /// bids), 100 000 for the others.
    fn max_cases(&self) -> u64;
    /// `judge explain` of one case (its values have been counted already).
    fn explain(&self, case: &Case) -> Result<String, String>;
    /// The streaming form of [`Definition::compare_custom`] for case `i`
    /// (1-based) with its exact answer (and that answer rendered): what is wrong
    /// with the case's lines, with the same message, or `None`.
    fn compare_lines(
        &self,
        _lines: &mut crate::compare::DynLines<'_>,
        _i: u64,
        _case: &Case,
        _answer: &Answer,
        _rendered: &[u8],
    ) -> std::io::Result<Option<crate::compare::Mismatch>> {
        Ok(Some(crate::compare::Mismatch::fail(
            "this problem has no custom comparison",
        )))
    }

    /// What [`Definition::compare_custom`] says of the lines after the last case.
    fn extra_lines(
        &self,
        _lines: &mut crate::compare::DynLines<'_>,
    ) -> std::io::Result<Option<crate::compare::Mismatch>> {
        Ok(None)
    }

    /// A problem-specific comparison for [`OutputKind::Custom`] over a whole
    /// output: the reference [`Definition::compare_lines`] is tested against.
    #[cfg(test)]
    fn compare_custom(
        &self,
        _cases: &[Case],
        _answers: &[Answer],
        _output: &[u8],
    ) -> Result<(), crate::compare::Mismatch> {
        Err(crate::compare::Mismatch::fail(
            "this problem has no custom comparison",
        ))
    }
}

/// How the case lines of an input are framed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Framing {
    /// Case lines until end of file; at least one case.
    UntilEof,
    /// Case lines ended by a terminator line with every field `0`, which is the
    /// last line of the input (zero cases before it are allowed).
    Terminator,
    /// A first line with the number of cases C (1 ≤ C ≤ `max`), then C case lines
    /// and nothing after them.
    Counted {
        /// What the count is called in messages, e.g. `the number of cases C`.
        name: &'static str,
        /// The largest count allowed.
        max: u64,
    },
}

/// One integer field of a case line, with its inclusive official range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    /// What the field is called in messages, e.g. `pile a`.
    pub name: &'static str,
    /// The smallest value allowed.
    pub min: u64,
    /// The largest value allowed.
    pub max: u64,
}

/// A constraint between the fields of one case line, beyond their ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// No constraint.
    None,
    /// The first field is at most the second (`a ≤ b`).
    FirstAtMostSecond,
}

/// How a contestant's output is compared with the exact answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutputKind {
    /// A sequence of integers, compared as testlib's `ncmp` does.
    Integers,
    /// A sequence of words, compared as testlib's `wcmp` does (case-sensitive,
    /// whitespace-insensitive): the Kattis default output validator agrees.
    Words,
    /// Needs the problem's own checker (e.g. moves in any order).
    Custom,
}

/// Everything the judge knows about a problem's format, in one place.
///
/// Case lines hold the `fields` separated by single spaces; the `relation`
/// holds between them; the `framing` says how the cases end. Every line,
/// the last one included, ends with a line feed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The canonical name, e.g. `wythoff`.
    pub name: &'static str,
    /// The online-judge ids, e.g. `poj1067`.
    pub aliases: &'static [&'static str],
    /// A human title, e.g. `Wythoff's game`.
    pub title: &'static str,
    /// Where the problem comes from, e.g. `POJ 1067, HDU 1527`.
    pub source: &'static str,
    /// The story of the statement: the game's rules, in plain text.
    pub legend: &'static str,
    /// The input format in one line.
    pub input_format: &'static str,
    /// The output format in one line.
    pub output_format: &'static str,
    /// How the cases are framed.
    pub framing: Framing,
    /// The fields of a case line, in order.
    pub fields: &'static [Field],
    /// The constraint between the fields.
    pub relation: Relation,
    /// The answers in words, for the problems whose answer is who wins
    /// (`None` for answers with moves or bids).
    pub words: Option<OutcomeWords>,
    /// The sample input of the statement.
    pub sample: &'static [u8],
    /// How answers are compared.
    pub output: OutputKind,
    /// The files of its package beyond data and statement: solutions (each
    /// under the verdict it must get) and output validators.
    pub assets: &'static [Asset],
}
