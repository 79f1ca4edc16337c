//! The problems: one module each, and the registry that lists them.
//!
//! # The idea
//!
//! Everything the judge knows about one problem lives in its module
//! (`problem/<name>.rs`): its names and aliases, the format as a [`Spec`]
//! (framing, fields with their limits, statement text, sample, how answers are
//! compared), the exact [`Answer`] of a case and the answer of the classic float
//! solution, the case tables of the generator profiles, and the text of
//! `judge explain`. [`solve`](crate::solve()), [`validate`](crate::validate()),
//! [`check`](crate::check()), [`generate`](crate::generate), the test sets and
//! [`explain`](crate::explain) are drivers over that description: they read the
//! format from the [`Spec`] and ask the module only for answers and cases.
//!
//! Adding a problem is one new module implementing `Definition`, its `mod`
//! line here, and one entry (a doc line and a line) in the `registry!` list,
//! which declares the [`Problem`] variant and the registry row (an entry
//! whose module is not declared does not build). The `mod` lines stand
//! outside the macro so that tools which follow `mod` items, cargo-mutants
//! above all, see the problems' code.

use crate::rng::SplitMix64;
use core::fmt;
use core::str::FromStr;
use std::io::{self, Write};

pub use bash_auction::MAX_BIDS;
/// The limit on a pile of the `wythoff` problem (POJ 1067, HDU 1527): 10⁹.
pub const WYTHOFF_MAX_PILE: u64 = wythoff::MAX;
pub use wythoff_moves::WinningMoves;

/// One file of a problem's package (`judge package`, `judge invoke`): a
/// solution or an output validator, at a path relative to the package root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// The path inside the package, e.g. `submissions/accepted/exact.py`.
    pub path: &'static str,
    /// The file's contents.
    pub contents: &'static str,
}

/// A problem's package files, kept as source files in the directory named
/// after its module (`problem/wythoff_moves/`) and compiled into the crate:
/// `assets!["wythoff"; "exact.py" => "submissions/accepted/exact.py", …]`.
macro_rules! assets {
    ($dir:literal; $($file:literal => $path:literal,)*) => {
        &[$(crate::problem::Asset {
            path: $path,
            contents: include_str!(concat!($dir, "/", $file)),
        },)*]
    };
}

// After `assets!`, which they use.
mod bash;
mod bash_auction;
mod euclid;
mod fibonacci_nim;
mod wythoff;
mod wythoff_big;
mod wythoff_moves;

/// Declares the problems: for each, its module (`problem/<module>.rs`,
/// declared above), its [`Problem`] variant with the variant's doc line, and
/// its registry row.
macro_rules! registry {
    ($($(#[doc = $doc:literal])* $module:ident :: $def:ident => $variant:ident,)*) => {
        /// One of the classic problems the judge knows.
        ///
        /// Each problem has a canonical name (what [`Problem::name`] returns and what
        /// `judge problems` prints) and the online-judge ids it is known by
        /// ([`Problem::aliases`]). Parsing accepts both, ignoring ASCII case.
        ///
        /// ```
        /// use beatty_problems::Problem;
        /// assert_eq!("POJ1067".parse::<Problem>(), Ok(Problem::Wythoff));
        /// assert_eq!("51nod1185".parse::<Problem>(), Ok(Problem::WythoffBig));
        /// assert_eq!(Problem::Euclid.name(), "euclid");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Problem {
            $($(#[doc = $doc])* $variant,)*
        }

        /// The registry: every problem with its definition, in the order `judge
        /// problems` lists them.
        const REGISTRY: &[(Problem, &dyn Definition)] = &[$((Problem::$variant, &$module::$def),)*];

        impl Problem {
            /// Hands the problem's definition, with its own type, to a driver
            /// (see [`Visit`]).
            #[inline]
            pub(crate) fn visit<V: Visit>(self, v: V) -> V::Output {
                match self {
                    $(Problem::$variant => v.visit(&$module::$def),)*
                }
            }
        }
    };
}

// The one line per problem (in the order `judge problems` lists them).
registry! {
    /// Wythoff's game, outcome only (POJ 1067, HDU 1527).
    wythoff::Wythoff => Wythoff,
    /// Wythoff's game with the winning moves (HDU 2177).
    wythoff_moves::WythoffMoves => WythoffMoves,
    /// Wythoff's game with piles up to 10^18 (51nod 1185).
    wythoff_big::WythoffBig => WythoffBig,
    /// Bash's game (HDU 1846).
    bash::Bash => Bash,
    /// The auction form of Bash's game (HDU 2149).
    bash_auction::BashAuction => BashAuction,
    /// Euclid's game (HDU 1525, POJ 2348).
    euclid::Euclid => Euclid,
    /// Fibonacci nim (HDU 2516).
    fibonacci_nim::FibonacciNim => FibonacciNim,
}

impl Problem {
    /// Every problem, in the order `judge problems` lists them.
    pub const ALL: [Problem; REGISTRY.len()] = {
        let mut all = [Problem::Wythoff; REGISTRY.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = REGISTRY[i].0;
            i += 1;
        }
        all
    };

    pub(crate) fn def(self) -> &'static dyn Definition {
        REGISTRY[self as usize].1
    }

    /// The problem's description: framing, fields, statement, sample.
    ///
    /// ```
    /// use beatty_problems::{problem::Framing, Problem};
    /// assert_eq!(Problem::Euclid.spec().framing, Framing::Terminator);
    /// assert_eq!(Problem::Wythoff.spec().fields[1].max, 1_000_000_000);
    /// ```
    #[must_use]
    pub fn spec(self) -> &'static Spec {
        self.def().spec()
    }

    /// The canonical name.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The online-judge problem ids this problem is known by.
    #[must_use]
    pub fn aliases(self) -> &'static [&'static str] {
        self.spec().aliases
    }

    /// The input format in one line (as `judge problems` prints it).
    #[must_use]
    pub fn input_format(self) -> &'static str {
        self.spec().input_format
    }

    /// The output format in one line (as `judge problems` prints it).
    #[must_use]
    pub fn output_format(self) -> &'static str {
        self.spec().output_format
    }

    /// The exact answer of one case (its field values in order), for every
    /// value that fits in a `u64`; a [`DomainError`] for values outside the
    /// game's domain (a maximum take of 0, a lone zero in `euclid`, …).
    ///
    /// ```
    /// use beatty_problems::Problem;
    /// let a = Problem::WythoffMoves.answer(&[4, 5]).unwrap();
    /// assert_eq!(a.to_string(), "1\n1 2\n3 5\n");
    /// assert!(Problem::Bash.answer(&[4, 0]).is_err());
    /// ```
    pub fn answer(self, case: &[u64]) -> Result<Answer, DomainError> {
        let def = self.def();
        if case.len() != def.spec().fields.len() {
            return Err(DomainError {
                field: case.len().min(def.spec().fields.len()),
                expected: format!("{} numbers", def.spec().fields.len()),
                found: format!("{} numbers", case.len()),
            });
        }
        def.answer(&Case::new(case))
    }

    /// The answer "the player to move wins" (`true`) or "loses" (`false`) in
    /// this problem's words, for the problems whose answer is the winner
    /// ([`Spec::words`]); `None` for the others.
    ///
    /// ```
    /// use beatty_problems::Problem;
    /// let a = Problem::FibonacciNim.outcome_answer(false).unwrap();
    /// assert_eq!(a.to_string(), "Second win\n");
    /// assert!(Problem::WythoffMoves.outcome_answer(true).is_none());
    /// ```
    #[must_use]
    pub fn outcome_answer(self, to_move_wins: bool) -> Option<Answer> {
        self.spec().words.map(|w| w.answer(to_move_wins))
    }

    /// What the classic float solution answers on a case, `None` when the
    /// problem has no float solution or the case is outside its domain.
    ///
    /// ```
    /// use beatty_problems::Problem;
    /// // The F40 pair: doubles say the player to move wins (`1`); it loses.
    /// let f = Problem::Wythoff.float_answer(&[165_580_140, 267_914_295]).unwrap();
    /// assert_eq!(f.to_string(), "1\n");
    /// assert_eq!(Problem::Wythoff.answer(&[165_580_140, 267_914_295]).unwrap().to_string(), "0\n");
    /// ```
    #[must_use]
    pub fn float_answer(self, case: &[u64]) -> Option<Answer> {
        let def = self.def();
        if case.len() != def.spec().fields.len() {
            return None;
        }
        def.float_answer(&Case::new(case))
    }
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

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown problem name; its message lists the known names.
///
/// ```
/// let e = "nim".parse::<beatty_problems::Problem>().unwrap_err();
/// assert!(e.to_string().contains("wythoff-moves"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProblem(pub String);

impl fmt::Display for UnknownProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown problem `{}`; known problems: ", self.0)?;
        for (i, p) in Problem::ALL.into_iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{} ({})", p.name(), p.aliases().join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownProblem {}

impl FromStr for Problem {
    type Err = UnknownProblem;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Problem::ALL
            .into_iter()
            .find(|p| {
                p.name().eq_ignore_ascii_case(s)
                    || p.aliases().iter().any(|a| a.eq_ignore_ascii_case(s))
            })
            .ok_or_else(|| UnknownProblem(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_public_answers_take_a_case_of_the_problems_arity() {
        // HDU 1846's statement: C ≤ 100 cases `n m`, the answer `first` or `second`.
        assert_eq!(
            Problem::Bash.input_format(),
            "first line C (1 ≤ C ≤ 100), then C lines `n m`, 1 ≤ n, m ≤ 1000"
        );
        assert_eq!(
            Problem::Bash.output_format(),
            "`first` or `second` per case"
        );
        // 3 stones, take at most 2: the second player wins.
        assert_eq!(
            Problem::Bash.answer(&[3, 2]).unwrap().to_string(),
            "second\n"
        );
        for case in [&[3][..], &[3, 2, 1]] {
            let e = Problem::Bash.answer(case).unwrap_err();
            assert_eq!(
                (e.expected.as_str(), e.found.clone()),
                ("2 numbers", format!("{} numbers", case.len()))
            );
            assert_eq!(Problem::Wythoff.float_answer(case), None);
        }
        // HDU 2516's words; wythoff-moves answers with moves, not words.
        assert_eq!(
            Problem::FibonacciNim
                .outcome_answer(false)
                .unwrap()
                .to_string(),
            "Second win\n"
        );
        assert_eq!(
            Problem::FibonacciNim
                .outcome_answer(true)
                .unwrap()
                .to_string(),
            "First win\n"
        );
        assert!(Problem::WythoffMoves.outcome_answer(true).is_none());
        // The F40 pair, where the double formula says the player to move wins.
        let f40 = [165_580_140, 267_914_295];
        assert_eq!(
            Problem::Wythoff.float_answer(&f40).unwrap().to_string(),
            "1\n"
        );
        assert_eq!(Problem::Wythoff.answer(&f40).unwrap().to_string(), "0\n");
    }

    #[test]
    fn errors_and_answers_read_as_their_docs_say() {
        // wythoff-moves' answer for (4, 5) (HDU 2177): `1`, then the moves.
        let a = Problem::WythoffMoves.answer(&[4, 5]).unwrap();
        assert_eq!(a.shown(), "1 / 1 2 / 3 5");
        let e = Problem::Bash.answer(&[4, 0]).unwrap_err();
        assert_eq!(e.to_string(), "expected a positive number m, found \"0\"");
        let e = "nim".parse::<Problem>().unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with("unknown problem `nim`; known problems: wythoff (poj1067, hdu1527, openjudge01067), "),
            "{text}"
        );
        // every problem once, separated by commas, no separator before the first
        assert_eq!(text.matches(", wythoff-moves (").count(), 1, "{text}");
        assert!(!text.contains(": , "), "{text}");
    }

    /// `Definition::wins`, where it answers, is `answer` in the spec's words, on
    /// every case of every profile (the edge and hack tables whole, random and
    /// max cases) and on values outside the limits and the domain.
    #[test]
    fn wins_is_the_answer_in_the_spec_words() {
        let mut rng = SplitMix64::new(21);
        for p in Problem::ALL {
            let def = p.def();
            let mut cases = def.edge();
            cases.extend(def.hack());
            for i in 0..20_000 {
                cases.push(def.random(&mut rng, i % 2 == 0));
            }
            let fields = def.spec().fields.len();
            for v in [0, 1, 2, 3, u64::MAX, u64::MAX - 1, 1 << 32] {
                for w in [0, 1, 5, u64::MAX] {
                    cases.push(Case::new(&[v, w][..fields]));
                }
            }
            let mut answered = 0;
            for c in &cases {
                if let Some(w) = def.wins(c) {
                    let words = def.spec().words.expect("wins needs words");
                    assert_eq!(def.answer(c), Ok(words.answer(w)), "{p} {c}");
                    answered += 1;
                }
            }
            if def.spec().words.is_some() {
                assert!(answered > 10_000, "{p}: wins answered {answered} cases");
            }
        }
    }

    #[test]
    fn the_limits_are_the_published_statements() {
        // Each statement's limits, written from the statement (see `source`).
        const BIG: u64 = 1_000_000_000_000_000_000; // 10^18
        const I31: u64 = 2_147_483_647; // 2^31 − 1
        let pair = |min, max| vec![(min, max), (min, max)];
        let published = [
            // POJ 1067: 0 ≤ a, b ≤ 10^9, until end of file
            (Problem::Wythoff, pair(0, 1_000_000_000), Framing::UntilEof),
            // 51Nod 1185: T ≤ 10000, then 1 ≤ a, b ≤ 10^18
            (
                Problem::WythoffBig,
                pair(1, BIG),
                Framing::Counted {
                    name: "",
                    max: 10_000,
                },
            ),
            // HDU 2177: 0 ≤ a ≤ b ≤ 10^6, ended by `0 0`
            (
                Problem::WythoffMoves,
                pair(0, 1_000_000),
                Framing::Terminator,
            ),
            // HDU 1846: C ≤ 100, then 1 ≤ n, m ≤ 1000
            (
                Problem::Bash,
                pair(1, 1000),
                Framing::Counted { name: "", max: 100 },
            ),
            // HDU 2149: 0 < M, N < 1100, until end of file
            (Problem::BashAuction, pair(1, 1099), Framing::UntilEof),
            // HDU 1525: positive integers < 2^31, ended by `0 0`
            (Problem::Euclid, pair(1, I31), Framing::Terminator),
            // HDU 2516: 2 ≤ n < 2^31, ended by `0`
            (Problem::FibonacciNim, vec![(2, I31)], Framing::Terminator),
        ];
        assert_eq!(published.len(), Problem::ALL.len());
        for (p, fields, framing) in published {
            let spec = p.def().spec();
            let got: Vec<(u64, u64)> = spec.fields.iter().map(|f| (f.min, f.max)).collect();
            assert_eq!(got, fields, "{p}");
            let count = |f: Framing| match f {
                Framing::Counted { max, .. } => Some(max),
                _ => None,
            };
            assert_eq!(count(spec.framing), count(framing), "{p}");
            assert_eq!(
                std::mem::discriminant(&spec.framing),
                std::mem::discriminant(&framing),
                "{p}"
            );
        }
    }

    /// The `edge` profile's docs: every case legal (the spec's fields and
    /// relation), none twice, the sample's cases first.
    #[test]
    fn the_edge_cases_are_legal_distinct_and_start_with_the_sample() {
        for p in Problem::ALL {
            let def = p.def();
            let spec = def.spec();
            let edge = def.edge();
            let mut seen = std::collections::HashSet::new();
            for c in &edge {
                let v = c.values();
                assert_eq!(v.len(), spec.fields.len(), "{p} {c}");
                for (x, f) in v.iter().zip(spec.fields) {
                    assert!((f.min..=f.max).contains(x), "{p}: {c} outside {}", f.name);
                }
                if spec.relation == Relation::FirstAtMostSecond {
                    assert!(v[0] <= v[1], "{p}: {c}");
                }
                assert!(seen.insert(v.to_vec()), "{p}: {c} twice");
            }
            // the sample's numbers, without the count line and the terminator
            let text = std::str::from_utf8(spec.sample).unwrap();
            let mut numbers: Vec<u64> = text
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            if matches!(spec.framing, Framing::Counted { .. }) {
                numbers.remove(0);
            }
            if spec.framing == Framing::Terminator {
                numbers.truncate(numbers.len() - spec.fields.len());
            }
            let sample: Vec<&[u64]> = numbers.chunks(spec.fields.len()).collect();
            let first: Vec<&[u64]> = edge.iter().take(sample.len()).map(Case::values).collect();
            assert_eq!(first, sample, "{p}");
        }
    }

    #[test]
    fn the_max_profile_has_the_documented_number_of_cases() {
        for p in Problem::ALL {
            let want = match p {
                Problem::Bash => 100,
                Problem::WythoffBig => 10_000,
                Problem::BashAuction => 500,
                _ => 100_000,
            };
            assert_eq!(p.def().max_cases(), want, "{p}");
            if let Framing::Counted { max, .. } = p.def().spec().framing {
                assert_eq!(want, max, "{p}: the count limit");
            }
        }
    }

    #[test]
    fn a_problem_without_a_custom_comparison_says_so_streaming_or_not() {
        // The docs of `compare_lines`: the streaming form of `compare_custom`,
        // with the same message.
        for p in Problem::ALL {
            let def = p.def();
            if def.spec().output == OutputKind::Custom {
                continue;
            }
            let case = def.edge()[0];
            let answer = def.answer(&case).unwrap();
            let mut output: &[u8] = b"";
            let mut lines: crate::compare::DynLines<'_> =
                crate::compare::Lines::new(&mut output as &mut dyn std::io::Read);
            let streaming = def
                .compare_lines(&mut lines, 1, &case, &answer, b"")
                .unwrap();
            let whole = def.compare_custom(&[case], &[answer], b"").err();
            assert_eq!(streaming, whole, "{p}");
            let message = streaming.map(|m| m.message);
            assert_eq!(
                message.as_deref(),
                Some("this problem has no custom comparison"),
                "{p}"
            );
        }
    }

    #[test]
    fn every_name_and_alias_parses_back_in_any_case() {
        for p in Problem::ALL {
            assert_eq!(p.name().to_uppercase().parse::<Problem>(), Ok(p));
            for a in p.aliases() {
                assert_eq!(a.parse::<Problem>(), Ok(p));
                assert_eq!(a.to_uppercase().parse::<Problem>(), Ok(p));
            }
        }
        assert!("poj".parse::<Problem>().is_err());
        for (i, p) in Problem::ALL.into_iter().enumerate() {
            assert_eq!(p as usize, i, "REGISTRY is indexed by the enum");
            assert_eq!(REGISTRY[i].0, p);
        }
        assert!("".parse::<Problem>().is_err());
    }
}
