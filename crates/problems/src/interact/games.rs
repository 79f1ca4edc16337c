//! How each game is written on the wire, and the hazard hook of the opponent.

use beatty_core::golden;
use beatty_games::opponent::{Interest, Opponent};
use beatty_games::play::{BashRules, EuclidRules, FibonacciNimRules, Rules, WythoffRules};
use beatty_hazards::{classify_f64, lower_f64};

/// One game on the wire: the numbers of a move line, and positions in words.
pub(crate) trait Notation: Opponent {
    /// How many numbers a move line holds.
    const FIELDS: usize;
    /// The move named by the numbers of a line (exactly [`Notation::FIELDS`]).
    fn move_of(&self, numbers: &[u64]) -> Self::Move;
    /// A move as a line, without the newline.
    fn move_line(&self, m: Self::Move) -> String;
    /// A position in words, for messages.
    fn show(&self, p: &Self::Pos) -> String;
    /// What a move line holds, for messages.
    const MOVE_WORDS: &'static str;
}

impl Notation for WythoffRules {
    const FIELDS: usize = 2;
    const MOVE_WORDS: &'static str = "two piles, the position after your move";

    fn move_of(&self, numbers: &[u64]) -> (u64, u64) {
        (numbers[0], numbers[1])
    }

    fn move_line(&self, (a, b): (u64, u64)) -> String {
        format!("{a} {b}")
    }

    fn show(&self, &(a, b): &(u64, u64)) -> String {
        format!("({a}, {b})")
    }
}

impl Notation for EuclidRules {
    const FIELDS: usize = 2;
    const MOVE_WORDS: &'static str = "two numbers, the position after your move";

    fn move_of(&self, numbers: &[u64]) -> (u64, u64) {
        (numbers[0], numbers[1])
    }

    fn move_line(&self, (a, b): (u64, u64)) -> String {
        format!("{a} {b}")
    }

    fn show(&self, &(a, b): &(u64, u64)) -> String {
        format!("({a}, {b})")
    }
}

impl Notation for BashRules {
    const FIELDS: usize = 1;
    const MOVE_WORDS: &'static str = "one number, the stones you take";

    fn move_of(&self, numbers: &[u64]) -> u64 {
        numbers[0]
    }

    fn move_line(&self, t: u64) -> String {
        t.to_string()
    }

    fn show(&self, n: &u64) -> String {
        format!("{n} stones (take 1 to {})", self.max_take().min(*n))
    }
}

impl Notation for FibonacciNimRules {
    const FIELDS: usize = 1;
    const MOVE_WORDS: &'static str = "one number, the stones you take";

    fn move_of(&self, numbers: &[u64]) -> u64 {
        numbers[0]
    }

    fn move_line(&self, t: u64) -> String {
        t.to_string()
    }

    fn show(&self, &(n, limit): &(u64, u64)) -> String {
        format!("{n} stones (take 1 to {})", limit.min(n))
    }
}

/// The opponent's hook for Wythoff's game: the positions where the float
/// formulas are wrong. A Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k) scores 100 when
/// `lower_f64` is wrong at k (so `is_p_position_f64` misjudges it), 60 when
/// `classify_f64` is wrong on its smaller pile; the targets are hazard pairs
/// just below the opponent's steering budget (at most four: the two largest of
/// the listed hazards up to 10¹⁰, and two found by testing the indices just
/// below the budget, where hazards are dense).
#[derive(Clone, Copy, Debug, Default)]
pub struct HazardInterest;

/// How many indices below the budget [`HazardInterest::targets`] tests one by one.
const TARGET_WINDOW: u64 = 64;

/// The hazard indices of `lower_f64` up to this bound are listed once (they are
/// sparse there: 95 up to 10⁹); above it they are dense enough to be found by
/// testing the indices just below the budget.
const LISTED_UP_TO: u64 = 10_000_000_000;

/// The hazard indices of `lower_f64` up to [`LISTED_UP_TO`], in increasing order.
fn listed() -> &'static [u64] {
    static LIST: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        beatty_hazards::lower_f64_hazards(0..=LISTED_UP_TO)
            .expect("about 1000 hazards up to 10^10, far below COLLECT_LIMIT")
    })
}

impl HazardInterest {
    /// The hazard indices k ≤ 10¹⁰ of `lower_f64` (⌊kφ⌋ in doubles wrong),
    /// increasing: the list [`HazardInterest::targets`] takes its largest
    /// from (the package's interactor holds a copy).
    #[must_use]
    pub fn listed() -> &'static [u64] {
        listed()
    }
}

/// The smallest budget index at which the hook looks for long-double
/// hazard targets.
const LONG_DOUBLE_FROM: u64 = 1 << 52;

/// Whether ⌊kφ⌋ in x87 `long double` (`beatty_float::solutions::
/// lower_long_double`, an exact model) misses `lower`, the true ⌊kφ⌋:
/// wrong on about one index in twelve near 10¹⁸ (issue #45).
fn long_double_hazard(k: u64, lower: u64) -> bool {
    beatty_float::solutions::lower_long_double(k) != lower
}

impl Interest<(u64, u64)> for HazardInterest {
    fn score(&self, &(x, y): &(u64, u64)) -> u32 {
        let (lo, hi) = (x.min(y), x.max(y));
        if !golden::is_p_position(lo, hi) {
            return 0;
        }
        // A pair both doubles and long double get wrong catches both kinds
        // of player: near 10¹⁸ the double hazards are nearly every index,
        // and the long-double ones (one in twelve) are found among them.
        let doubles = if lower_f64::is_hazard(hi - lo) {
            100
        } else {
            0
        };
        let long_double = if long_double_hazard(hi - lo, lo) {
            120
        } else {
            0
        };
        match doubles + long_double {
            0 if classify_f64::is_hazard(lo) => 60,
            s => s,
        }
    }

    fn targets(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        // The opponent keeps the contestant's replies at most half the larger
        // pile; the pair of index k has larger pile ⌊kφ²⌋ ≈ 2.618·k.
        let budget = a.max(b) / 2;
        let top = golden::floor_div_phi(golden::floor_div_phi(budget)) + 1;
        let mut ks = Vec::new();
        // The largest listed hazards below the top,
        let list = listed();
        let below = list.partition_point(|&k| k <= top);
        ks.extend(list[..below].iter().rev().take(2));
        // and those among the indices just below it.
        ks.extend(
            (top.saturating_sub(TARGET_WINDOW)..=top)
                .rev()
                .filter(|&k| k > LISTED_UP_TO && lower_f64::is_hazard(k))
                .take(2),
        );
        // and the indices there that ⌊kφ⌋ in long double gets wrong (none
        // is looked for below 2⁵²: they are rare there, and the scan would
        // cost the referee more than a tenth more instructions,
        // `scripts/icount.sh`'s `referee-wythoff-play`).
        if top >= LONG_DOUBLE_FROM {
            ks.extend(
                (top - TARGET_WINDOW..=top)
                    .rev()
                    .filter(|&k| golden::pair(k).is_some_and(|(lo, _)| long_double_hazard(k, lo)))
                    .take(2),
            );
        }
        ks.into_iter()
            .filter_map(golden::pair)
            .filter(|&(_, hi)| hi <= budget)
            .collect()
    }
}

/// The outcome check of a rules value, shared by the referee.
pub(crate) fn lost<R: Rules>(rules: &R, p: &R::Pos) -> bool {
    rules.outcome(p) == beatty_games::Outcome::P
}
