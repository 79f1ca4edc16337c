//! Reproducible test generators.
//!
//! Every generator is driven by [`SplitMix64`] (Steele, Lea and Flood's
//! SplitMix64: a 64-bit counter stepped by 0x9e3779b97f4a7c15 and mixed by two
//! multiply-xorshift rounds), implemented here with wrapping `u64` arithmetic only,
//! so the same seed gives byte-identical output on every platform and in every
//! build. Bounded values use the high half of a 64×64-bit product (Lemire's
//! multiply-shift, without rejection: the bias is below 2^-30 for our ranges and
//! the result is deterministic).
//!
//! # Profiles
//!
//! * `random` — values uniform within the official limits, mixed with losing
//!   positions and their neighbours (a solution printing a constant must fail).
//! * `edge` — zeros, equal piles, the limits, the smallest and largest losing
//!   positions inside the limits, the samples.
//! * `hack` — cases on which the float formulas of `beatty-float` answer
//!   wrongly, each checked at generation:
//!   - `wythoff`: the losing positions (⌊kφ⌋, ⌊kφ⌋ + k) and their neighbours at
//!     every k where `lower_f64(k) ≠ ⌊kφ⌋` and both piles are ≤ 10^9 (from
//!     [`beatty_hazards::lower_f64_hazards`]); a case is kept only if
//!     `is_p_position_f64` answers it wrongly.
//!   - `wythoff-moves`: below 10^6 the double formula has no error at all
//!     (`lower_f64_hazards(0..=1_000_000)` is empty; the generator checks this
//!     and would use such k if there were any), so the hack cases are the
//!     positions whose winning move *from the smaller pile* naive solutions
//!     miss, like (4, 5) → (3, 5): each is kept only if a naive float solution
//!     (equal-from-both move and larger-pile move, in doubles) lists different
//!     moves than the exact answer.
//!   - `euclid`: pairs of consecutive Fibonacci numbers below 2^31, their
//!     multiples and neighbours, whose ratio is so close to φ that
//!     `euclid_first_wins_f64` errs; each is kept only if it does.
//!   - `bash`, `bash-auction` (no float formula): the cases at the period
//!     boundaries, n ≡ −1, 0, 1 mod (m + 1) and M ≤ N, M = N + 1, M ≡ 0 mod (N + 1).
//! * `max` — the largest input the limits allow: many cases ([`default_max_cases`])
//!   with values at or near the limits.
//! * `mixed` (the default) — the edge cases, up to 20 hack cases, then random ones.
//!
//! `--cases` sets the number of random (or max) cases; for `edge` and `hack` it
//! caps the number of cases. `bash` allows at most 100 cases in all.

use crate::Problem;
use beatty_core::golden::{self, Class};
use beatty_games::euclid;
use core::fmt;
use core::str::FromStr;
use std::io::{self, Write};
use std::sync::OnceLock;

/// The SplitMix64 generator (see the [module docs](self)).
///
/// ```
/// use beatty_judge::generate::SplitMix64;
/// let mut r = SplitMix64::new(1234567);
/// // Published first outputs of SplitMix64 for the seed 1234567.
/// assert_eq!(r.next_u64(), 6457827717110365317);
/// assert_eq!(r.next_u64(), 3203168211198807973);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started at `seed`.
    ///
    /// ```
    /// let _ = beatty_judge::generate::SplitMix64::new(0);
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut r = beatty_judge::generate::SplitMix64::new(0);
    /// assert_ne!(r.next_u64(), r.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `lo..=hi` (`lo ≤ hi`).
    ///
    /// ```
    /// let mut r = beatty_judge::generate::SplitMix64::new(7);
    /// assert!((3..=5).contains(&r.range(3, 5)));
    /// ```
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = u128::from(hi - lo) + 1;
        lo + ((u128::from(self.next_u64()) * span) >> 64) as u64
    }

    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.range(0, den - 1) < num
    }
}

/// What kind of cases to generate (see the [module docs](self)).
///
/// ```
/// use beatty_judge::generate::Profile;
/// assert_eq!("hack".parse::<Profile>(), Ok(Profile::Hack));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Uniform values within the limits, with losing positions mixed in.
    Random,
    /// Zeros, equal piles, limits, samples.
    Edge,
    /// Cases where the float formulas answer wrongly.
    Hack,
    /// The largest input the limits allow.
    Max,
    /// Edge, some hack, then random cases.
    Mixed,
}

impl Profile {
    /// Every profile.
    ///
    /// ```
    /// assert_eq!(beatty_judge::generate::Profile::ALL.len(), 5);
    /// ```
    pub const ALL: [Profile; 5] = [
        Profile::Random,
        Profile::Edge,
        Profile::Hack,
        Profile::Max,
        Profile::Mixed,
    ];

    /// The profile's name.
    ///
    /// ```
    /// assert_eq!(beatty_judge::generate::Profile::Max.name(), "max");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Profile::Random => "random",
            Profile::Edge => "edge",
            Profile::Hack => "hack",
            Profile::Max => "max",
            Profile::Mixed => "mixed",
        }
    }
}

impl FromStr for Profile {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown profile `{s}`; use random, edge, hack, max or mixed"))
    }
}

/// Why generation failed.
///
/// ```
/// use beatty_judge::generate::{generate, GenError, Profile};
/// use beatty_judge::Problem;
/// let e = generate(Problem::Bash, Profile::Random, 1, Some(101), Vec::new()).unwrap_err();
/// assert!(matches!(e, GenError::Cases(_)));
/// ```
#[derive(Debug)]
pub enum GenError {
    /// An impossible number of cases was asked for.
    Cases(String),
    /// Writing failed.
    Io(io::Error),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Cases(s) => f.write_str(s),
            GenError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

impl std::error::Error for GenError {}

impl From<io::Error> for GenError {
    fn from(e: io::Error) -> Self {
        GenError::Io(e)
    }
}

const WYTHOFF_MAX: u64 = 1_000_000_000;
const MOVES_MAX: u64 = 1_000_000;
const BASH_MAX: u64 = 1000;
const AUCTION_MAX: u64 = 1099;
const EUCLID_MAX: u64 = (1 << 31) - 1;

/// The largest k whose Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k) has both piles ≤ `limit`.
///
/// That is the number of upper Wythoff numbers ≤ `limit`, read off the core's O(1)
/// classification of `limit`: if `limit` is ⌊kφ²⌋ it is k; if `limit` is ⌊kφ⌋, k of
/// the numbers in 1..=limit are lower ones and the other `limit − k` are upper.
fn max_pair_index(limit: u64) -> u64 {
    match golden::classify(limit) {
        Class::Zero => 0,
        Class::Upper(k) => k,
        Class::Lower(k) => limit - k,
    }
}

fn pair(k: u64) -> (u64, u64) {
    golden::pair(k).unwrap_or((0, 0))
}

/// The k whose Wythoff pair has both piles ≤ 10^9 and where `lower_f64(k)` is wrong, computed
/// once per process.
///
/// ```
/// let h = beatty_judge::generate::wythoff_hazards();
/// assert!(h.contains(&102_334_155));
/// ```
pub fn wythoff_hazards() -> &'static [u64] {
    static H: OnceLock<Vec<u64>> = OnceLock::new();
    H.get_or_init(|| beatty_hazards::lower_f64_hazards(0..=max_pair_index(WYTHOFF_MAX)))
}

/// `true` when the float Wythoff test answers (a, b) wrongly.
fn wythoff_float_wrong(a: u64, b: u64) -> bool {
    beatty_float::is_p_position_f64(a, b) != golden::is_p_position(a, b)
}

/// `true` when the float Euclid test answers (a, b) wrongly.
fn euclid_float_wrong(a: u64, b: u64) -> bool {
    beatty_float::euclid_first_wins_f64(a, b) != euclid::outcome(a, b).player_to_move_wins()
}

/// The moves a naive float solution of `wythoff-moves` prints: the
/// equal-from-both move and the move from the larger pile, both found with the
/// double formulas; it never looks at the smaller pile.
fn naive_float_moves(a: u64, b: u64) -> Option<Vec<(u64, u64)>> {
    use beatty_float::{FloatClass, classify_f64, lower_f64};
    if beatty_float::is_p_position_f64(a, b) {
        return None;
    }
    let mut v = Vec::new();
    let x = lower_f64(b - a);
    if x < a {
        v.push((x, x + b - a));
    }
    // Larger pile b goes down to a's partner.
    let partner = match classify_f64(a) {
        FloatClass::Zero => Some(0),
        FloatClass::Lower(j) => Some(a + j),
        FloatClass::Upper => {
            // a = ⌊jφ⌋ + j for j = the index found by the difference table.
            let phi = beatty_float::phi_f64();
            let j0 = (a as f64 / (phi * phi)) as u64;
            (j0.saturating_sub(2)..=j0 + 2)
                .find(|&j| lower_f64(j) + j == a)
                .map(lower_f64)
        }
    };
    if let Some(p) = partner {
        if p < b {
            v.push(if p <= a { (p, a) } else { (a, p) });
        }
    }
    Some(v)
}

fn exact_moves(a: u64, b: u64) -> Option<Vec<(u64, u64)>> {
    crate::solve::wythoff_moves_answer(a, b).map(|m| m.all().collect())
}

struct Gen {
    rng: SplitMix64,
    problem: Problem,
}

impl Gen {
    fn random_case(&mut self, max: bool) -> (u64, u64) {
        let r = &mut self.rng;
        match self.problem {
            Problem::Wythoff => {
                let lo = if max { WYTHOFF_MAX - 1_000_000 } else { 0 };
                let kmax = max_pair_index(WYTHOFF_MAX);
                if r.chance(1, 2) {
                    (r.range(lo, WYTHOFF_MAX), r.range(lo, WYTHOFF_MAX))
                } else {
                    let k = if max {
                        r.range(kmax - 400_000, kmax)
                    } else {
                        r.range(0, kmax)
                    };
                    let (mut a, mut b) = pair(k);
                    if r.chance(1, 4) {
                        a += 1;
                    }
                    if r.chance(1, 4) {
                        b -= u64::from(b > a);
                    }
                    if r.chance(1, 2) { (b, a) } else { (a, b) }
                }
            }
            Problem::WythoffMoves => {
                let lo = if max { MOVES_MAX - 10_000 } else { 0 };
                let kmax = max_pair_index(MOVES_MAX);
                let (a, b) = match r.range(0, 2) {
                    0 => (r.range(lo, MOVES_MAX), r.range(lo, MOVES_MAX)),
                    1 => pair(if max {
                        r.range(kmax - 4000, kmax)
                    } else {
                        r.range(0, kmax)
                    }),
                    _ => {
                        let (a, b) = pair(if max {
                            r.range(kmax - 4000, kmax)
                        } else {
                            r.range(1, kmax)
                        });
                        (r.range(a, b), b)
                    }
                };
                let (a, b) = (a.min(b), a.max(b));
                if (a, b) == (0, 0) { (0, 1) } else { (a, b) }
            }
            Problem::Bash => {
                let lo = if max { 900 } else { 1 };
                let m = r.range(lo, BASH_MAX);
                let n = if r.chance(1, 2) {
                    r.range(lo, BASH_MAX)
                } else {
                    ((BASH_MAX / (m + 1)).max(1) * (m + 1)).min(BASH_MAX)
                };
                (n, m)
            }
            Problem::BashAuction => {
                if max {
                    (r.range(1, 50), r.range(AUCTION_MAX - 50, AUCTION_MAX))
                } else {
                    (r.range(1, AUCTION_MAX), r.range(1, AUCTION_MAX))
                }
            }
            Problem::Euclid => {
                let lo = if max { EUCLID_MAX - 1_000_000 } else { 1 };
                match r.range(0, 3) {
                    0 => (r.range(lo, EUCLID_MAX), r.range(lo, EUCLID_MAX)),
                    1 => (r.range(1, 1000), r.range(1, 1000)),
                    _ => {
                        // near φ: b, ⌊bφ⌋ or ⌊bφ⌋ + 1
                        let b = r.range(lo / 2 + 1, EUCLID_MAX / 2 + 1);
                        let a = golden::lower(b).unwrap_or(1) + r.range(0, 1);
                        let a = a.min(EUCLID_MAX);
                        if r.chance(1, 2) { (a, b) } else { (b, a) }
                    }
                }
            }
        }
    }

    fn edge(&self) -> Vec<(u64, u64)> {
        match self.problem {
            Problem::Wythoff => {
                let (a, b) = pair(max_pair_index(WYTHOFF_MAX));
                let m = WYTHOFF_MAX;
                vec![
                    (2, 1),
                    (8, 4),
                    (4, 7),
                    (0, 0),
                    (0, 1),
                    (1, 0),
                    (1, 1),
                    (1, 2),
                    (2, 1),
                    (2, 2),
                    (3, 5),
                    (5, 3),
                    (0, m),
                    (m, 0),
                    (m, m),
                    (m - 1, m),
                    (a, b),
                    (b, a),
                    (a + 1, b),
                    (a, b - 1),
                    (a - 1, b - 1),
                ]
            }
            Problem::WythoffMoves => {
                let (a, b) = pair(max_pair_index(MOVES_MAX));
                let m = MOVES_MAX;
                vec![
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
            }
            Problem::Bash => vec![
                (23, 2),
                (4, 3),
                (1, 1),
                (2, 1),
                (3, 1),
                (1, 1000),
                (1000, 1000),
                (1000, 1),
                (1000, 999),
                (999, 1000),
                (1001 / 2, 499),
                (7, 6),
                (8, 7),
            ],
            Problem::BashAuction => vec![
                (4, 2),
                (3, 2),
                (3, 5),
                (1, 1),
                (2, 1),
                (1, 1099),
                (1099, 1),
                (1099, 1099),
                (1098, 1099),
                (1099, 1098),
                (1100 / 2, 549),
            ],
            Problem::Euclid => {
                let m = EUCLID_MAX;
                vec![
                    (34, 12),
                    (15, 24),
                    (1, 1),
                    (1, 2),
                    (2, 1),
                    (2, 3),
                    (3, 5),
                    (5, 8),
                    (8, 5),
                    (m, m),
                    (1, m),
                    (m, 1),
                    (m, m - 1),
                    (m - 1, m),
                    (m / 2, m),
                ]
            }
        }
    }

    fn hack(&self) -> Vec<(u64, u64)> {
        match self.problem {
            Problem::Wythoff => {
                let mut v = Vec::new();
                for &k in wythoff_hazards() {
                    let (a, b) = pair(k);
                    for da in [0, 1, -1i64] {
                        for db in [0, 1, -1i64] {
                            let (Some(x), Some(y)) =
                                (a.checked_add_signed(da), b.checked_add_signed(db))
                            else {
                                continue;
                            };
                            if x.max(y) <= WYTHOFF_MAX && wythoff_float_wrong(x, y) {
                                v.push((x, y));
                                v.push((y, x));
                            }
                        }
                    }
                }
                v
            }
            Problem::WythoffMoves => {
                let mut v = Vec::new();
                // Float hazards inside the limits (none for doubles, see the module docs).
                for k in beatty_hazards::lower_f64_hazards(0..=max_pair_index(MOVES_MAX)) {
                    let (a, b) = pair(k);
                    for (x, y) in [(a, b), (a + 1, b + 1), (a, b + 1), (a + 1, b)] {
                        if exact_moves(x, y) != naive_float_moves(x, y) {
                            v.push((x, y));
                        }
                    }
                }
                // Positions (lo, b_k) with a_k < lo ≤ b_k: their smaller-pile move to
                // (a_k, b_k) is missed by naive solutions.
                let kmax = max_pair_index(MOVES_MAX);
                let ks = (1..=12).chain([100, 1000, 10_000, 100_000, kmax - 1, kmax]);
                for k in ks {
                    let (a, b) = pair(k);
                    for lo in [a + 1, a + 2, (a + b) / 2, b - 1, b] {
                        if lo > a && lo <= b && exact_moves(lo, b) != naive_float_moves(lo, b) {
                            v.push((lo, b));
                        }
                    }
                }
                v.dedup();
                v
            }
            Problem::Bash => {
                let mut v = Vec::new();
                for m in [1, 2, 3, 9, 99, 332, 499, 998, 999] {
                    for n in [
                        m + 1,
                        m + 2,
                        m,
                        2 * (m + 1),
                        2 * (m + 1) - 1,
                        2 * (m + 1) + 1,
                    ] {
                        if (1..=BASH_MAX).contains(&n) {
                            v.push((n, m));
                        }
                    }
                }
                v.truncate(100);
                v
            }
            Problem::BashAuction => {
                let mut v = Vec::new();
                for n in [1, 2, 10, 100, 548, 549, 1000, 1098] {
                    for m in [n - 1, n, n + 1, n + 2, 2 * (n + 1), 2 * (n + 1) + 1] {
                        if (1..=AUCTION_MAX).contains(&m) {
                            v.push((m, n));
                        }
                    }
                }
                v
            }
            Problem::Euclid => euclid_hacks().to_vec(),
        }
    }
}

/// The Euclid cases below 2^31 where `euclid_first_wins_f64` errs, built from
/// consecutive Fibonacci numbers, their multiples and neighbours (computed once).
///
/// ```
/// let h = beatty_judge::generate::euclid_hacks();
/// assert!(!h.is_empty());
/// assert!(h.iter().all(|&(a, b)| beatty_float::euclid_first_wins_f64(a, b)
///     != beatty_games::euclid::outcome(a, b).player_to_move_wins()));
/// ```
pub fn euclid_hacks() -> &'static [(u64, u64)] {
    static H: OnceLock<Vec<(u64, u64)>> = OnceLock::new();
    H.get_or_init(|| {
        let mut v = Vec::new();
        let (mut f0, mut f1) = (1u64, 2u64);
        while f1 <= EUCLID_MAX {
            for c in 1..=(EUCLID_MAX / f1).min(64) {
                for da in [0, 1, -1i64, 2, -2] {
                    for db in [0, 1, -1i64] {
                        let (Some(a), Some(b)) = (
                            (c * f1).checked_add_signed(da),
                            (c * f0).checked_add_signed(db),
                        ) else {
                            continue;
                        };
                        if a == 0 || b == 0 || a > EUCLID_MAX || b > EUCLID_MAX {
                            continue;
                        }
                        for (x, y) in [(a, b), (b, a)] {
                            if euclid_float_wrong(x, y) && !v.contains(&(x, y)) {
                                v.push((x, y));
                            }
                        }
                    }
                }
            }
            (f0, f1) = (f1, f0 + f1);
        }
        v
    })
}

/// The default number of cases of the `max` profile: 100 for `bash` (its
/// limit), 1000 for `bash-auction` (whose answers are up to 1099 numbers long),
/// 100 000 otherwise.
///
/// ```
/// use beatty_judge::{generate::default_max_cases, Problem};
/// assert_eq!(default_max_cases(Problem::Bash), 100);
/// ```
#[must_use]
pub fn default_max_cases(problem: Problem) -> u64 {
    match problem {
        Problem::Bash => 100,
        Problem::BashAuction => 1000,
        _ => 100_000,
    }
}

fn write_pair<W: Write>(out: &mut W, (a, b): (u64, u64)) -> io::Result<()> {
    let (mut t1, mut t2) = ([0u8; 20], [0u8; 20]);
    out.write_all(crate::solve::fmt_u64(a, &mut t1))?;
    out.write_all(b" ")?;
    out.write_all(crate::solve::fmt_u64(b, &mut t2))?;
    out.write_all(b"\n")
}

/// Writes a valid input of `problem` to `out`, reproducible from `seed`.
///
/// `cases` is the number of random (or max) cases, or the cap for edge and hack
/// cases (`None`: 100 random cases, [`default_max_cases`] max cases, every edge or hack case).
///
/// ```
/// use beatty_judge::generate::{generate, Profile};
/// use beatty_judge::{validate, Problem};
/// let mut a = Vec::new();
/// generate(Problem::Euclid, Profile::Mixed, 42, Some(10), &mut a).unwrap();
/// let mut b = Vec::new();
/// generate(Problem::Euclid, Profile::Mixed, 42, Some(10), &mut b).unwrap();
/// assert_eq!(a, b);
/// assert!(validate(Problem::Euclid, &a).is_ok());
/// ```
pub fn generate<W: Write>(
    problem: Problem,
    profile: Profile,
    seed: u64,
    cases: Option<u64>,
    out: W,
) -> Result<(), GenError> {
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    if cases == Some(0) {
        return Err(GenError::Cases("--cases must be at least 1".into()));
    }
    if problem == Problem::Bash && cases.is_some_and(|c| c > 100) {
        return Err(GenError::Cases("bash allows at most 100 cases".into()));
    }
    let mut g = Gen {
        rng: SplitMix64::new(seed),
        problem,
    };
    let cap = |v: Vec<(u64, u64)>| -> Vec<(u64, u64)> {
        let n = cases.map_or(v.len(), |c| {
            v.len().min(usize::try_from(c).unwrap_or(usize::MAX))
        });
        v.into_iter().take(n).collect()
    };
    let (fixed, random, max) = match profile {
        Profile::Random => (Vec::new(), cases.unwrap_or(100), false),
        Profile::Edge => (cap(g.edge()), 0, false),
        Profile::Hack => (cap(g.hack()), 0, false),
        Profile::Max => (
            Vec::new(),
            cases.unwrap_or(default_max_cases(problem)),
            true,
        ),
        Profile::Mixed => {
            let mut v = g.edge();
            v.extend(g.hack().into_iter().take(20));
            (v, cases.unwrap_or(100), false)
        }
    };
    let mut fixed = fixed;
    if fixed.is_empty() && random == 0 {
        // Nothing qualifies (cannot happen for the built-in lists); keep the input valid.
        fixed = g.edge();
        fixed.truncate(1);
    }
    if problem == Problem::Bash {
        let mut all = fixed;
        for _ in 0..random {
            if all.len() >= 100 {
                break;
            }
            all.push(g.random_case(max));
        }
        all.truncate(100);
        writeln!(out, "{}", all.len())?;
        for c in all {
            write_pair(&mut out, c)?;
        }
    } else {
        for c in fixed {
            write_pair(&mut out, c)?;
        }
        for _ in 0..random {
            let c = g.random_case(max);
            write_pair(&mut out, c)?;
        }
        if matches!(problem, Problem::WythoffMoves | Problem::Euclid) {
            out.write_all(b"0 0\n")?;
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_algorithm_written_with_u128() {
        // An independent formulation: the state is k·γ mod 2^64 after k steps.
        let seed = 0xdead_beef_u64;
        let mut r = SplitMix64::new(seed);
        for k in 1..=100u128 {
            let state = ((u128::from(seed) + k * 0x9e37_79b9_7f4a_7c15) % (1u128 << 64)) as u64;
            let mut z = u128::from(state);
            z = ((z ^ (z >> 30)) * 0xbf58_476d_1ce4_e5b9) % (1u128 << 64);
            z = ((z ^ (z >> 27)) * 0x94d0_49bb_1331_11eb) % (1u128 << 64);
            assert_eq!(r.next_u64(), (z ^ (z >> 31)) as u64);
        }
    }

    #[test]
    fn max_pair_index_is_the_last_pair_inside_the_limit() {
        for limit in [0u64, 1, 2, 3, 10, 1000, 1_000_000, 1_000_000_000] {
            let k = max_pair_index(limit);
            // By definition of upper: ⌊kφ⌋ + k = ⌊kφ²⌋, checked by brute force on small k.
            assert!(golden::upper(k).unwrap() <= limit);
            assert!(golden::upper(k + 1).unwrap() > limit);
        }
    }

    #[test]
    fn naive_float_misses_the_smaller_pile_move_of_4_5() {
        // From the issue: (4, 5) → (1, 2) and (3, 5); only-larger-pile solutions miss (3, 5).
        assert_eq!(naive_float_moves(4, 5), Some(vec![(1, 2)]));
        assert_eq!(exact_moves(4, 5), Some(vec![(1, 2), (3, 5)]));
    }

    #[test]
    fn no_double_hazard_below_a_million() {
        // The claim in the module docs, checked.
        assert!(beatty_hazards::lower_f64_hazards(0..=1_000_000).is_empty());
    }
}
