//! The five problems, their names and aliases, and each one's description
//! ([`Spec`]): framing, fields and limits, statement text, sample, answer kind.

use core::fmt;
use core::str::FromStr;

/// One of the classic problems the judge knows.
///
/// Each problem has a canonical name (what [`Problem::name`] returns and what
/// `judge problems` prints) and the online-judge ids it is known by
/// ([`Problem::aliases`]). Parsing accepts both, ignoring ASCII case.
///
/// ```
/// use beatty_judge::Problem;
/// assert_eq!("POJ1067".parse::<Problem>(), Ok(Problem::Wythoff));
/// assert_eq!(Problem::Euclid.name(), "euclid");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// Wythoff's game, outcome only (POJ 1067, HDU 1527): lines `a b` until end of
    /// file, 0 ≤ a, b ≤ 10^9; answer `1` if the player to move wins, else `0`.
    Wythoff,
    /// Wythoff's game with the winning moves (HDU 2177): lines `a b`,
    /// 0 ≤ a ≤ b ≤ 10^6, ended by `0 0`.
    WythoffMoves,
    /// Bash's game (HDU 1846): a count C ≤ 100, then C lines `n m`, 1 ≤ n, m ≤ 1000;
    /// answer `first` or `second`.
    Bash,
    /// The auction form of Bash's game (HDU 2149): lines `M N` until end of file,
    /// 0 < M, N < 1100; answer the winning first bids or `none`.
    BashAuction,
    /// Euclid's game (HDU 1525, POJ 2348): lines `a b` of positive integers below
    /// 2^31 ended by `0 0`; answer `Stan wins` or `Ollie wins`.
    Euclid,
}

impl Problem {
    /// Every problem, in the order `judge problems` lists them.
    ///
    /// ```
    /// assert_eq!(beatty_judge::Problem::ALL.len(), 5);
    /// ```
    pub const ALL: [Problem; 5] = [
        Problem::Wythoff,
        Problem::WythoffMoves,
        Problem::Bash,
        Problem::BashAuction,
        Problem::Euclid,
    ];

    /// The canonical name.
    ///
    /// ```
    /// assert_eq!(beatty_judge::Problem::WythoffMoves.name(), "wythoff-moves");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The online-judge problem ids this problem is known by.
    ///
    /// ```
    /// assert_eq!(beatty_judge::Problem::Euclid.aliases(), ["hdu1525", "poj2348"]);
    /// ```
    #[must_use]
    pub fn aliases(self) -> &'static [&'static str] {
        self.spec().aliases
    }

    /// The input format in one line (as `judge problems` prints it).
    ///
    /// ```
    /// assert!(beatty_judge::Problem::Bash.input_format().contains("C ≤ 100"));
    /// ```
    #[must_use]
    pub fn input_format(self) -> &'static str {
        self.spec().input_format
    }

    /// The output format in one line (as `judge problems` prints it).
    ///
    /// ```
    /// assert!(beatty_judge::Problem::Euclid.output_format().contains("Stan wins"));
    /// ```
    #[must_use]
    pub fn output_format(self) -> &'static str {
        self.spec().output_format
    }
}

/// How the case lines of an input are framed.
///
/// ```
/// use beatty_judge::problem::Framing;
/// assert_ne!(Framing::UntilEof, Framing::Terminator);
/// ```
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
    /// The sample input of the statement.
    pub sample: &'static [u8],
    /// How answers are compared.
    pub output: OutputKind,
}

const WYTHOFF_LEGEND: &str = "There are two piles of stones. Two players move in turn; a move takes any positive number of stones from one pile, or the same positive number from both piles. The player who takes the last stone wins. Both play perfectly; the first player is to move.";

const SPECS: [Spec; 5] = [
    Spec {
        name: "wythoff",
        aliases: &["poj1067", "hdu1527", "openjudge01067"],
        title: "Wythoff's game",
        source: "POJ 1067, HDU 1527",
        legend: WYTHOFF_LEGEND,
        input_format: "lines `a b` until end of file; 0 ≤ a, b ≤ 10^9",
        output_format: "per line `1` if the player to move wins, else `0`",
        framing: Framing::UntilEof,
        fields: &[
            Field {
                name: "pile a",
                min: 0,
                max: 1_000_000_000,
            },
            Field {
                name: "pile b",
                min: 0,
                max: 1_000_000_000,
            },
        ],
        relation: Relation::None,
        sample: b"2 1\n8 4\n4 7\n",
        output: OutputKind::Integers,
    },
    Spec {
        name: "wythoff-moves",
        aliases: &["hdu2177"],
        title: "Wythoff's game, the winning moves",
        source: "HDU 2177",
        legend: WYTHOFF_LEGEND,
        input_format: "lines `a b`, 0 ≤ a ≤ b ≤ 10^6; the line `0 0` ends the input",
        output_format: "`0` if the player to move loses; else `1`, then every winning move as the position `x y` (x ≤ y) it leads to, one per line: the move from both piles first (when there is one), then the single-pile moves in any order",
        framing: Framing::Terminator,
        fields: &[
            Field {
                name: "pile a",
                min: 0,
                max: 1_000_000,
            },
            Field {
                name: "pile b",
                min: 0,
                max: 1_000_000,
            },
        ],
        relation: Relation::FirstAtMostSecond,
        sample: b"1 2\n5 8\n4 7\n2 2\n0 0\n",
        output: OutputKind::Custom,
    },
    Spec {
        name: "bash",
        aliases: &["hdu1846"],
        title: "Bash's game",
        source: "HDU 1846",
        legend: "There is one pile of n stones. Two players move in turn; a move takes at least 1 and at most m stones. The player who takes the last stone wins. Both play perfectly; the first player is to move.",
        input_format: "first line C (1 ≤ C ≤ 100), then C lines `n m`, 1 ≤ n, m ≤ 1000",
        output_format: "`first` or `second` per case",
        framing: Framing::Counted {
            name: "the number of cases C",
            max: 100,
        },
        fields: &[
            Field {
                name: "pile n",
                min: 1,
                max: 1000,
            },
            Field {
                name: "maximum take m",
                min: 1,
                max: 1000,
            },
        ],
        relation: Relation::None,
        sample: b"2\n23 2\n4 3\n",
        output: OutputKind::Words,
    },
    Spec {
        name: "bash-auction",
        aliases: &["hdu2149"],
        title: "Bash's game, the auction",
        source: "HDU 2149",
        legend: "Two bidders raise the price of a field in turn, starting from 0; each raise is at least 1 and at most N. The first to make the price at least M wins the field. Both bid perfectly; you bid first. Which first bids win?",
        input_format: "lines `M N` until end of file; 0 < M, N < 1100",
        output_format: "the winning first bids in increasing order separated by single spaces, or `none`",
        framing: Framing::UntilEof,
        fields: &[
            Field {
                name: "price M",
                min: 1,
                max: 1099,
            },
            Field {
                name: "maximum raise N",
                min: 1,
                max: 1099,
            },
        ],
        relation: Relation::None,
        sample: b"4 2\n3 2\n3 5\n",
        output: OutputKind::Words,
    },
    Spec {
        name: "euclid",
        aliases: &["hdu1525", "poj2348"],
        title: "Euclid's game",
        source: "HDU 1525, POJ 2348",
        legend: "Two players, Stan and Ollie, start with two positive integers. In turn, a player subtracts a positive multiple of the smaller number from the larger one, leaving it non-negative. The player who reaches 0 wins. Stan moves first; both play perfectly.",
        input_format: "lines `a b`, positive integers < 2^31; the line `0 0` ends the input",
        output_format: "`Stan wins` or `Ollie wins` per case",
        framing: Framing::Terminator,
        fields: &[
            Field {
                name: "a",
                min: 1,
                max: (1 << 31) - 1,
            },
            Field {
                name: "b",
                min: 1,
                max: (1 << 31) - 1,
            },
        ],
        relation: Relation::None,
        sample: b"34 12\n15 24\n0 0\n",
        output: OutputKind::Words,
    },
];

impl Problem {
    /// The problem's description: framing, fields, statement, sample.
    ///
    /// ```
    /// use beatty_judge::{problem::Framing, Problem};
    /// assert_eq!(Problem::Euclid.spec().framing, Framing::Terminator);
    /// assert_eq!(Problem::Wythoff.spec().fields[1].max, 1_000_000_000);
    /// ```
    #[must_use]
    pub fn spec(self) -> &'static Spec {
        &SPECS[self as usize]
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown problem name; its message lists the known names.
///
/// ```
/// let e = "nim".parse::<beatty_judge::Problem>().unwrap_err();
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
            assert_eq!(p as usize, i, "SPECS is indexed by the enum");
        }
        assert!("".parse::<Problem>().is_err());
    }
}
