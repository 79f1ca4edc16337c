//! The five problems, their names and aliases.

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
        match self {
            Problem::Wythoff => "wythoff",
            Problem::WythoffMoves => "wythoff-moves",
            Problem::Bash => "bash",
            Problem::BashAuction => "bash-auction",
            Problem::Euclid => "euclid",
        }
    }

    /// The online-judge problem ids this problem is known by.
    ///
    /// ```
    /// assert_eq!(beatty_judge::Problem::Euclid.aliases(), ["hdu1525", "poj2348"]);
    /// ```
    #[must_use]
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Problem::Wythoff => &["poj1067", "hdu1527", "openjudge01067"],
            Problem::WythoffMoves => &["hdu2177"],
            Problem::Bash => &["hdu1846"],
            Problem::BashAuction => &["hdu2149"],
            Problem::Euclid => &["hdu1525", "poj2348"],
        }
    }

    /// The input format in one line (as `judge problems` prints it).
    ///
    /// ```
    /// assert!(beatty_judge::Problem::Bash.input_format().contains("C ≤ 100"));
    /// ```
    #[must_use]
    pub fn input_format(self) -> &'static str {
        match self {
            Problem::Wythoff => "lines `a b` until end of file; 0 ≤ a, b ≤ 10^9",
            Problem::WythoffMoves => "lines `a b`, 0 ≤ a ≤ b ≤ 10^6; the line `0 0` ends the input",
            Problem::Bash => "first line C (1 ≤ C ≤ 100), then C lines `n m`, 1 ≤ n, m ≤ 1000",
            Problem::BashAuction => "lines `M N` until end of file; 0 < M, N < 1100",
            Problem::Euclid => {
                "lines `a b`, positive integers < 2^31; the line `0 0` ends the input"
            }
        }
    }

    /// The output format in one line (as `judge problems` prints it).
    ///
    /// ```
    /// assert!(beatty_judge::Problem::Euclid.output_format().contains("Stan wins"));
    /// ```
    #[must_use]
    pub fn output_format(self) -> &'static str {
        match self {
            Problem::Wythoff => "per line `1` if the player to move wins, else `0`",
            Problem::WythoffMoves => {
                "`0` if the player to move loses; else `1`, then every winning move as the position `x y` (x ≤ y) it leads to, one per line: equal-from-both first, then single-pile moves in increasing (x, y)"
            }
            Problem::Bash => "`first` or `second` per case",
            Problem::BashAuction => {
                "the winning first bids in increasing order separated by single spaces, or `none`"
            }
            Problem::Euclid => "`Stan wins` or `Ollie wins` per case",
        }
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
        assert!("".parse::<Problem>().is_err());
    }
}
