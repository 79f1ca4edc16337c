//! The starts of an interactive test: what they are, the file that holds
//! them, its validator, and a generator by profile.
//!
//! # The test file
//!
//! ```text
//! T S
//! <start 1>
//! …
//! <start T>
//! ```
//!
//! `T` games (1 ≤ T ≤ [`MAX_GAMES`]) and `S`, the seed of the opponent's
//! choices (any `u64`), then one start a line in the protocol's form (`a b`,
//! `n m` or `n`). [`parse`] is the validator: strict numbers, single spaces,
//! every line ending in `\n`, each start within the limits of its game
//! ([`Start::check`]) and the sum of the starts' [`Start::ply_cap`] within
//! [`MAX_PLIES_PER_TEST`]. [`write()`] gives the same bytes back.
//!
//! # Profiles
//!
//! [`generate`] draws starts by [`Profile`] from a seed: the problem's
//! samples; small starts; hazard starts (Wythoff pairs and Euclid ratios
//! where the float formulas are wrong, and their neighbours); large starts
//! near 10¹⁸; many games (the most the limits allow); and both sides (won
//! and lost starts alternating).

use super::game::{BASH_MAX_ROUNDS, Game, MAX_GAMES, MAX_NUMBER, MAX_PLIES_PER_TEST, Side};
use crate::rng::SplitMix64;
use crate::text::excerpt;
use beatty_games::Outcome;
use beatty_games::opponent::{FIBONACCI_NIM_PLY_CAP, Opponent};
use beatty_games::play::{BashRules, EuclidRules, Rules, WythoffRules};
use core::fmt;

/// The start of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Start {
    /// Wythoff's game from piles (a, b).
    Wythoff(u64, u64),
    /// Euclid's game from (a, b).
    Euclid(u64, u64),
    /// Bash's game: n stones, take 1 to m.
    Bash {
        /// The stones.
        n: u64,
        /// The largest take.
        m: u64,
    },
    /// Fibonacci nim with n stones.
    FibonacciNim(u64),
}

/// Why a start or a test file is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StartError {
    /// A start outside its game's limits: which, and why.
    OutOfLimits {
        /// The start.
        start: Start,
        /// Why.
        why: &'static str,
    },
    /// No games, or more than [`MAX_GAMES`].
    GameCount(usize),
    /// The starts' caps add up to more than [`MAX_PLIES_PER_TEST`].
    TooManyPlies(u64),
    /// Starts of two different games in one test.
    MixedGames,
    /// The test file is malformed at `line` (1-based): what was expected, what was found.
    Format {
        /// The line.
        line: usize,
        /// What the format wants there.
        expected: String,
        /// What stands there, bounded and escaped.
        found: String,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::OutOfLimits { start, why } => {
                write!(
                    f,
                    "start `{}` ({}): {why}",
                    start.line(),
                    start.game().name()
                )
            }
            StartError::GameCount(n) => {
                write!(f, "{n} games: a test has 1 to {MAX_GAMES}")
            }
            StartError::TooManyPlies(n) => write!(
                f,
                "the games may last {n} plies in all, more than {MAX_PLIES_PER_TEST}"
            ),
            StartError::MixedGames => f.write_str("the starts are of different games"),
            StartError::Format {
                line,
                expected,
                found,
            } => write!(f, "line {line}: expected {expected}, found {found}"),
        }
    }
}

impl std::error::Error for StartError {}

impl Start {
    /// The start's game.
    #[must_use]
    pub fn game(&self) -> Game {
        match self {
            Start::Wythoff(..) => Game::Wythoff,
            Start::Euclid(..) => Game::Euclid,
            Start::Bash { .. } => Game::Bash,
            Start::FibonacciNim(_) => Game::FibonacciNim,
        }
    }

    /// The line the judge sends (without the newline).
    ///
    /// ```
    /// use beatty_problems::interact::Start;
    /// assert_eq!(Start::Bash { n: 20, m: 3 }.line(), "20 3");
    /// ```
    #[must_use]
    pub fn line(&self) -> String {
        match *self {
            Start::Wythoff(a, b) | Start::Euclid(a, b) => format!("{a} {b}"),
            Start::Bash { n, m } => format!("{n} {m}"),
            Start::FibonacciNim(n) => n.to_string(),
        }
    }

    /// Whether the start is within its game's limits: numbers at most
    /// [`MAX_NUMBER`]; Bash with m ≥ 1 and ⌊n/(m + 1)⌋ ≤ [`BASH_MAX_ROUNDS`];
    /// Fibonacci nim with n ≥ 2.
    ///
    /// # Errors
    ///
    /// [`StartError::OutOfLimits`] saying which limit.
    pub fn check(&self) -> Result<(), StartError> {
        let out = |why| Err(StartError::OutOfLimits { start: *self, why });
        match *self {
            Start::Wythoff(a, b) | Start::Euclid(a, b) if a.max(b) > MAX_NUMBER => {
                out("a number is more than 10^18")
            }
            Start::Bash { n, m } if n.max(m) > MAX_NUMBER => out("a number is more than 10^18"),
            Start::Bash { m: 0, .. } => out("the largest take m must be at least 1"),
            Start::Bash { n, m } if n / (m + 1) > BASH_MAX_ROUNDS => {
                out("n/(m + 1) is more than 100: the game would last too long")
            }
            Start::FibonacciNim(n) if n > MAX_NUMBER => out("n is more than 10^18"),
            Start::FibonacciNim(n) if n < 2 => out("Fibonacci nim needs at least 2 stones"),
            _ => Ok(()),
        }
    }

    /// The side that wins from this start (the contestant must choose it).
    #[must_use]
    pub fn winning_side(&self) -> Side {
        let outcome = match *self {
            Start::Wythoff(a, b) => WythoffRules.outcome(&(a, b)),
            Start::Euclid(a, b) => EuclidRules.outcome(&(a, b)),
            Start::Bash { n, m } => beatty_games::bash::outcome(n, m).unwrap_or(Outcome::P),
            Start::FibonacciNim(n) => beatty_games::fibonacci_nim::outcome(n).unwrap_or(Outcome::P),
        };
        match outcome {
            Outcome::N => Side::First,
            Outcome::P => Side::Second,
        }
    }

    /// The most plies the game may last: the opponent's proved bound for
    /// Wythoff, Euclid and Bash; [`FIBONACCI_NIM_PLY_CAP`] for Fibonacci nim
    /// (or n, when smaller).
    #[must_use]
    pub fn ply_cap(&self) -> u64 {
        match *self {
            Start::Wythoff(a, b) => WythoffRules.ply_bound(&(a, b)),
            Start::Euclid(a, b) => EuclidRules.ply_bound(&(a, b)),
            Start::Bash { n, m } => BashRules::new(m).map_or(0, |r| r.ply_bound(&n)),
            Start::FibonacciNim(n) => n.min(FIBONACCI_NIM_PLY_CAP),
        }
    }
}

/// Checks a whole test: 1 to [`MAX_GAMES`] starts of one game, each within
/// its limits, the caps adding up to at most [`MAX_PLIES_PER_TEST`].
///
/// # Errors
///
/// The first rule broken.
pub fn check(starts: &[Start]) -> Result<(), StartError> {
    if starts.is_empty() || starts.len() > MAX_GAMES {
        return Err(StartError::GameCount(starts.len()));
    }
    let game = starts[0].game();
    let mut plies = 0u64;
    for s in starts {
        if s.game() != game {
            return Err(StartError::MixedGames);
        }
        s.check()?;
        plies = plies.saturating_add(s.ply_cap());
    }
    if plies > MAX_PLIES_PER_TEST {
        return Err(StartError::TooManyPlies(plies));
    }
    Ok(())
}

/// The test file of `starts` with the opponent's `seed` (see the module docs).
///
/// ```
/// use beatty_problems::interact::{starts, Start};
/// let text = starts::write(&[Start::Wythoff(3, 5), Start::Wythoff(4, 4)], 7);
/// assert_eq!(text, "2 7\n3 5\n4 4\n");
/// assert_eq!(starts::parse(crate_game(), text.as_bytes()).unwrap().1, 7);
/// # fn crate_game() -> beatty_problems::interact::Game { beatty_problems::interact::Game::Wythoff }
/// ```
#[must_use]
pub fn write(starts: &[Start], seed: u64) -> String {
    let mut out = format!("{} {seed}\n", starts.len());
    for s in starts {
        out.push_str(&s.line());
        out.push('\n');
    }
    out
}

/// Reads exactly `count` numbers separated by single spaces from a line.
fn numbers(line: &[u8], count: usize, line_no: usize, what: &str) -> Result<Vec<u64>, StartError> {
    let bad = |found: &[u8]| StartError::Format {
        line: line_no,
        expected: what.to_owned(),
        found: format!("\"{}\"", excerpt(found, 64)),
    };
    let parts: Vec<&[u8]> = line.split(|&b| b == b' ').collect();
    if parts.len() != count {
        return Err(bad(line));
    }
    parts
        .iter()
        .map(|p| crate::text::number(p).map_err(|_| bad(p)))
        .collect()
}

/// The validator: the starts and the seed of a test file of `game`.
///
/// # Errors
///
/// [`StartError::Format`] at the first malformed line (a missing final
/// newline, a blank or extra line, a number with a sign or a leading zero or
/// beyond `u64`, two spaces, …), or what [`check`] says of the starts.
pub fn parse(game: Game, text: &[u8]) -> Result<(Vec<Start>, u64), StartError> {
    let Some(body) = text.strip_suffix(b"\n") else {
        return Err(StartError::Format {
            line: text.split(|&b| b == b'\n').count(),
            expected: "a newline at the end of the file".into(),
            found: "end of file".into(),
        });
    };
    let mut lines = body.split(|&b| b == b'\n');
    let head = numbers(
        lines.next().unwrap_or_default(),
        2,
        1,
        "`T S`, the games and the seed",
    )?;
    let count = usize::try_from(head[0]).unwrap_or(usize::MAX);
    if count == 0 || count > MAX_GAMES {
        return Err(StartError::GameCount(count));
    }
    let (fields, what) = match game {
        Game::Wythoff | Game::Euclid => (2, "a start `a b`"),
        Game::Bash => (2, "a start `n m`"),
        Game::FibonacciNim => (1, "a start `n`"),
    };
    let mut starts = Vec::with_capacity(count);
    for i in 0..count {
        let Some(line) = lines.next() else {
            return Err(StartError::Format {
                line: i + 2,
                expected: what.into(),
                found: "end of file".into(),
            });
        };
        let v = numbers(line, fields, i + 2, what)?;
        starts.push(match game {
            Game::Wythoff => Start::Wythoff(v[0], v[1]),
            Game::Euclid => Start::Euclid(v[0], v[1]),
            Game::Bash => Start::Bash { n: v[0], m: v[1] },
            Game::FibonacciNim => Start::FibonacciNim(v[0]),
        });
    }
    if let Some(extra) = lines.next() {
        return Err(StartError::Format {
            line: count + 2,
            expected: "end of file".into(),
            found: format!("\"{}\"", excerpt(extra, 64)),
        });
    }
    check(&starts)?;
    Ok((starts, head[1]))
}

/// What kind of starts [`generate`] draws.
// Exhaustive on purpose: beatty-judge matches on it (the test names of a
// play test set), so a new profile does not build until it is named there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The problem's sample: a few small starts, both sides.
    Samples,
    /// Small starts (numbers below 100), both sides.
    Small,
    /// Where the float formulas are wrong (Wythoff pairs of hazard indices
    /// and their neighbours, Euclid ratios next to φ); boundaries for Bash and
    /// Fibonacci nim (Fibonacci numbers and their neighbours, takes of 1 and m).
    Hazard,
    /// Large numbers, near 10¹⁸ where the game allows.
    Large,
    /// The most games the limits allow, mixed.
    Many,
    /// Won and lost starts alternating, mixed sizes.
    BothSides,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 6] = [
        Profile::Samples,
        Profile::Small,
        Profile::Hazard,
        Profile::Large,
        Profile::Many,
        Profile::BothSides,
    ];
}

/// A value in `lo..=hi`.
fn range(rng: &mut SplitMix64, lo: u64, hi: u64) -> u64 {
    rng.range(lo, hi)
}

/// A lost Wythoff start of index k (either order), or its neighbour.
fn wythoff_near(rng: &mut SplitMix64, k: u64) -> Start {
    let (lo, hi) = beatty_core::golden::pair(k).unwrap_or((0, 0));
    let (a, b) = match rng.range(0, 3) {
        0 => (lo, hi),
        1 => (hi, lo),
        2 => (lo, hi.saturating_add(1).min(MAX_NUMBER)),
        _ => (lo.saturating_sub(1), hi),
    };
    Start::Wythoff(a, b)
}

/// A Euclid start (F(j+1)·s, F(j)·s)-like: consecutive Fibonacci numbers
/// scaled, the ratios nearest φ, or a neighbour.
fn euclid_near(rng: &mut SplitMix64, top: u64) -> Start {
    use beatty_core::zeckendorf::FIBONACCI;
    let mut j = 2;
    while (FIBONACCI[j + 2] as u64) <= top {
        j += 1;
    }
    let j = rng.range(2, j as u64) as usize;
    let (a, b) = (FIBONACCI[j + 1] as u64, FIBONACCI[j] as u64);
    let (a, b) = match rng.range(0, 3) {
        0 => (a, b),
        1 => (b, a),
        2 => (a + 1, b),
        _ => (a, b + 1),
    };
    Start::Euclid(a.min(MAX_NUMBER), b.min(MAX_NUMBER))
}

/// One random start of `game` with numbers up to `top`.
fn random_start(game: Game, rng: &mut SplitMix64, top: u64) -> Start {
    match game {
        Game::Wythoff => {
            if rng.chance(1, 2) {
                let k = range(rng, 0, beatty_core::golden::floor_div_phi(top) / 2);
                wythoff_near(rng, k)
            } else {
                Start::Wythoff(range(rng, 0, top), range(rng, 0, top))
            }
        }
        Game::Euclid => {
            if rng.chance(1, 2) {
                euclid_near(rng, top)
            } else {
                Start::Euclid(range(rng, 1, top.max(1)), range(rng, 1, top.max(1)))
            }
        }
        Game::Bash => {
            let m = range(rng, 1, top.max(1));
            let rounds = range(rng, 0, BASH_MAX_ROUNDS.min(top));
            // n = rounds·(m + 1) + r, r ≤ m, kept within the top.
            let base = rounds.saturating_mul(m.saturating_add(1));
            let r = if rng.chance(1, 2) {
                0
            } else {
                range(rng, 0, m)
            };
            let n = base.saturating_add(r).min(top.max(m));
            let n = if n / (m + 1) > BASH_MAX_ROUNDS { m } else { n };
            Start::Bash { n, m }
        }
        Game::FibonacciNim => {
            use beatty_core::zeckendorf::FIBONACCI;
            if rng.chance(1, 2) {
                let mut j = 3;
                while (FIBONACCI[j + 1] as u64) <= top {
                    j += 1;
                }
                let f = FIBONACCI[rng.range(3, j as u64) as usize] as u64;
                Start::FibonacciNim((f + rng.range(0, 1)).clamp(2, MAX_NUMBER))
            } else {
                Start::FibonacciNim(range(rng, 2, top.max(2)))
            }
        }
    }
}

/// The sample starts of each problem (its statement shows them played).
#[must_use]
pub fn samples(game: Game) -> Vec<Start> {
    match game {
        Game::Wythoff => vec![Start::Wythoff(4, 5), Start::Wythoff(3, 5)],
        Game::Euclid => vec![Start::Euclid(25, 7), Start::Euclid(11, 7)],
        Game::Bash => vec![Start::Bash { n: 5, m: 2 }, Start::Bash { n: 6, m: 2 }],
        Game::FibonacciNim => vec![Start::FibonacciNim(4), Start::FibonacciNim(5)],
    }
}

/// Starts of `game` by `profile` from `seed`; they pass [`check`].
#[must_use]
pub fn generate(game: Game, profile: Profile, seed: u64) -> Vec<Start> {
    let mut rng = SplitMix64::new(seed);
    let mut out = match profile {
        Profile::Samples => samples(game),
        Profile::Small => {
            let mut v = edge_starts(game);
            v.extend((0..50).map(|_| random_start(game, &mut rng, 99)));
            v
        }
        Profile::Large => (0..50)
            .map(|_| {
                let top = MAX_NUMBER - rng.range(0, 1000);
                random_start(game, &mut rng, top)
            })
            .collect(),
        Profile::Hazard => hazard_starts(game, &mut rng),
        Profile::Many => {
            let mut v = Vec::new();
            let mut plies = 0;
            while v.len() < MAX_GAMES {
                let top = [99, 1_000_000, MAX_NUMBER][rng.range(0, 2) as usize];
                let s = random_start(game, &mut rng, top);
                if plies + s.ply_cap() > MAX_PLIES_PER_TEST {
                    break;
                }
                plies += s.ply_cap();
                v.push(s);
            }
            v
        }
        Profile::BothSides => {
            let mut v = Vec::new();
            let mut want = Side::First;
            while v.len() < 40 {
                let top = [99, 1_000_000_000, MAX_NUMBER][rng.range(0, 2) as usize];
                let s = random_start(game, &mut rng, top);
                if s.winning_side() == want {
                    v.push(s);
                    want = match want {
                        Side::First => Side::Second,
                        Side::Second => Side::First,
                    };
                }
            }
            v
        }
    };
    out.retain(|s| s.check().is_ok());
    if out.is_empty() {
        out = samples(game);
    }
    out
}

/// The edges of the protocol's starts (issue #45): zeros, equal numbers,
/// the smallest starts and the limits (10¹⁸), for every game; the
/// [`Profile::Small`] test holds them all (those [`check`] refuses are
/// dropped by [`generate`]).
fn edge_starts(game: Game) -> Vec<Start> {
    const M: u64 = MAX_NUMBER;
    match game {
        Game::Wythoff | Game::Euclid => {
            let pairs = [
                (0, 0),
                (0, 1),
                (1, 0),
                (0, 2),
                (2, 0),
                (0, 99),
                (99, 0),
                (1, 1),
                (2, 2),
                (99, 99),
                (1, 2),
                (2, 1),
                (1, 99),
                (99, 1),
                (0, M),
                (M, 0),
                (M, M),
                (1, M),
                (M, 1),
                (M - 1, M),
                (M, M - 1),
            ];
            pairs
                .into_iter()
                .map(|(a, b)| match game {
                    Game::Wythoff => Start::Wythoff(a, b),
                    _ => Start::Euclid(a, b),
                })
                .collect()
        }
        Game::Bash => [
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 99),
            (99, 99),
            (100, 99),
            (101, 99),
            (200, 1),
            (202, 1),
            (0, M),
            (1, M),
            (M, M),
            (M, M - 1),
            (M, M / 2),
        ]
        .into_iter()
        .map(|(n, m)| Start::Bash { n, m })
        .collect(),
        Game::FibonacciNim => [2, 3, 4, 5, M - 1, M]
            .into_iter()
            .map(Start::FibonacciNim)
            .collect(),
    }
}

/// The overflow boundaries of 32- and 64-bit integers a solution may meet
/// (a pile near 2³¹ or 2³², a square 5k² near 2⁶³ or 2⁶⁴, 2⁵³ where doubles
/// stop being exact).
const BOUNDARIES: [u64; 6] = [
    (1 << 31) - 1,
    1 << 31,
    (1 << 32) - 1,
    1 << 32,
    1 << 53,
    (1 << 53) + 1,
];

/// The Wythoff pairs whose index or larger pile straddles a boundary of
/// [`BOUNDARIES`], and whose index k makes 5k² straddle 2⁶³ or 2⁶⁴ (the
/// square of `isqrt(5k²)`), in both orders.
fn wythoff_boundary_starts() -> Vec<Start> {
    let mut ks = Vec::new();
    for b in BOUNDARIES {
        // The index itself, and the index whose larger pile ⌊kφ²⌋ is near b.
        let k_hi = beatty_core::golden::floor_div_phi(beatty_core::golden::floor_div_phi(b));
        for k in [b, k_hi] {
            ks.extend([k.saturating_sub(1), k, k + 1]);
        }
    }
    // 5k² against 2⁶³ and 2⁶⁴: k near √(2⁶³/5) and √(2⁶⁴/5).
    for top in [u128::from(u64::MAX >> 1), u128::from(u64::MAX)] {
        let k = beatty_core::isqrt::isqrt_u128(top / 5) as u64;
        ks.extend([k - 1, k, k + 1]);
    }
    let mut v = Vec::new();
    for (i, k) in ks.into_iter().enumerate() {
        if let Some((lo, hi)) = beatty_core::golden::pair(k) {
            v.push(match i % 2 {
                0 => Start::Wythoff(lo, hi),
                _ => Start::Wythoff(hi, lo),
            });
        }
    }
    v
}

/// The indices k just below the hazard profile's largest, where ⌊kφ⌋ in
/// x87 `long double` (`beatty_float::solutions::lower_long_double`, the
/// 51nod 1185 solution's formula) is wrong: the pairs a long-double player
/// misjudges, about one index in twelve there.
fn long_double_hazards(top: u64, count: usize) -> Vec<u64> {
    (0..100_000)
        .map(|i| top - i)
        .filter(|&k| {
            beatty_core::golden::pair(k)
                .is_some_and(|(lo, _)| beatty_float::solutions::lower_long_double(k) != lo)
        })
        .take(count)
        .collect()
}

/// Starts where the float formulas or the boundaries bite.
fn hazard_starts(game: Game, rng: &mut SplitMix64) -> Vec<Start> {
    match game {
        Game::Wythoff => {
            // Hazard indices of lower_f64 below 10^10, and the first ones
            // above 2^53 / φ where nearly every index is one.
            let mut ks = beatty_hazards::lower_f64_hazards(0..=10_000_000_000).unwrap();
            ks.truncate(30);
            let big = beatty_core::golden::floor_div_phi(MAX_NUMBER) / 2;
            ks.extend(
                (0..2000)
                    .map(|i| big - i)
                    .filter(|&k| beatty_hazards::lower_f64::is_hazard(k))
                    .take(20),
            );
            let mut v: Vec<Start> = ks.into_iter().map(|k| wythoff_near(rng, k)).collect();
            // The pairs ⌊kφ⌋ in long double gets wrong, as they are (lost
            // starts a long-double player calls won), and the overflow
            // boundaries.
            v.extend(
                long_double_hazards(big, 10)
                    .into_iter()
                    .filter_map(beatty_core::golden::pair)
                    .map(|(lo, hi)| Start::Wythoff(lo, hi)),
            );
            v.extend(wythoff_boundary_starts());
            v
        }
        Game::Euclid => {
            let mut v: Vec<Start> = (0..50).map(|_| euclid_near(rng, MAX_NUMBER)).collect();
            for b in BOUNDARIES {
                v.extend([
                    Start::Euclid(b, b - 1),
                    Start::Euclid(b - 1, b),
                    Start::Euclid(b, 1),
                    Start::Euclid(b + 1, b),
                ]);
            }
            v
        }
        Game::Bash => {
            let mut v = vec![
                Start::Bash { n: 0, m: 1 },
                Start::Bash { n: 1, m: 1 },
                Start::Bash {
                    n: 1,
                    m: MAX_NUMBER,
                },
                Start::Bash {
                    n: MAX_NUMBER,
                    m: MAX_NUMBER,
                },
                Start::Bash {
                    n: MAX_NUMBER,
                    m: MAX_NUMBER - 1,
                },
            ];
            for b in BOUNDARIES {
                v.extend([
                    Start::Bash { n: b, m: b - 1 },
                    Start::Bash { n: b, m: b },
                    Start::Bash { n: b + 1, m: b },
                ]);
            }
            for _ in 0..30 {
                let m = rng.range(1, MAX_NUMBER / (BASH_MAX_ROUNDS + 1));
                let rounds = rng.range(BASH_MAX_ROUNDS - 2, BASH_MAX_ROUNDS);
                let n = rounds * (m + 1) + [0, 1, m][rng.range(0, 2) as usize];
                v.push(Start::Bash { n, m });
            }
            v
        }
        Game::FibonacciNim => {
            use beatty_core::zeckendorf::FIBONACCI;
            let mut v = Vec::new();
            let mut j = 3;
            while (FIBONACCI[j] as u64) <= MAX_NUMBER {
                let f = FIBONACCI[j] as u64;
                v.push(Start::FibonacciNim(f));
                v.push(Start::FibonacciNim((f + 1).min(MAX_NUMBER)));
                j += 1;
            }
            v.push(Start::FibonacciNim(2));
            v.push(Start::FibonacciNim(3));
            v.push(Start::FibonacciNim(MAX_NUMBER));
            v.extend(BOUNDARIES.into_iter().map(Start::FibonacciNim));
            v
        }
    }
}
