//! The opponent's proof: every choice checked against the brute-force
//! [`Oracle`] (the one search of the rules) on every small position, and
//! against the definitions on large ones.

use super::*;
use crate::Outcome;
use crate::bash::Bash;
use crate::euclid::Euclid;
use crate::fibonacci_nim::{self, FibonacciNim};
use crate::game::{Game, Oracle};
use crate::wythoff::Wythoff;
use quickcheck::QuickCheck;

/// The random words of the tests: SplitMix64 from a seed.
struct Words(u64);

impl Words {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0, 0)
    }
}

/// The seeds every exhaustive check tries at each position.
const WORDS: [u64; 6] = [0, 1, 2, 3, 0xdead_beef, u64::MAX];

/// The oracle's winning moves from `p`, sorted: the expectation of
/// `winning_replies`.
fn oracle_winning<G: Game>(oracle: &mut Oracle<G>, p: &G::Position) -> Vec<G::Position>
where
    G::Position: Ord,
{
    let mut w = oracle.winning_moves(p).unwrap();
    w.sort_unstable();
    w
}

/// Whether the opponent's move from a lost position p to q steers, given the
/// oracle's winning replies from q.
type Steers<'a, P> = dyn Fn(&P, &P, &[P]) -> bool + 'a;

/// Everything the opponent promises at `p`, checked with the oracle: its
/// winning replies are the oracle's; its move is legal (one of the game's
/// options), into a lost position when `p` is won; and from a lost `p`,
/// `steers(p, q, replies)` holds for the oracle's winning replies from q.
fn check_position<R, G>(rules: &R, oracle: &mut Oracle<G>, p: &R::Pos, steers: &Steers<R::Pos>)
where
    R: Opponent,
    G: Game<Position = R::Pos>,
    R::Pos: Ord,
{
    let mut replies = rules.winning_replies(p);
    replies.sort_unstable();
    assert_eq!(
        replies,
        oracle_winning(oracle, p),
        "winning replies of {p:?}"
    );
    let options = oracle.game().moves(p).collect::<Vec<_>>();
    let won = oracle.outcome(p).unwrap() == Outcome::N;
    for word in WORDS {
        let Some(q) = rules.choose(p, word, &Plain) else {
            assert!(options.is_empty(), "no move chosen from {p:?}");
            continue;
        };
        assert!(options.contains(&q), "{p:?} → {q:?} is no move");
        if won {
            assert_eq!(oracle.outcome(&q).unwrap(), Outcome::P, "{p:?} → {q:?}");
        } else {
            let answers = oracle_winning(oracle, &q);
            assert!(steers(p, &q, &answers), "{p:?} → {q:?}: {answers:?}");
        }
    }
}

/// Wythoff's steering: every winning reply leaves at most half the larger pile.
fn wythoff_steers(&(a, b): &(u64, u64), _: &(u64, u64), replies: &[(u64, u64)]) -> bool {
    replies.iter().all(|r| r.0.max(r.1) <= a.max(b) / 2)
}

#[test]
fn wythoff_choices_are_proved_on_every_position_up_to_60() {
    let mut oracle = Oracle::new(Wythoff);
    for a in 0..=60 {
        for b in 0..=60 {
            check_position(&WythoffRules, &mut oracle, &(a, b), &wythoff_steers);
        }
    }
}

#[test]
fn euclid_choices_are_proved_on_every_position_up_to_60() {
    let mut oracle = Oracle::new(Euclid);
    // A lost position has one move, so "steering" is only legality here.
    for a in 0..=60 {
        for b in 0..=60 {
            check_position(&EuclidRules, &mut oracle, &(a, b), &|_, _, _| true);
        }
    }
}

#[test]
fn bash_choices_are_proved_for_every_pile_up_to_200_and_take_up_to_10() {
    for m in 1..=10 {
        let rules = BashRules::new(m).unwrap();
        let mut oracle = Oracle::new(Bash::new(m).unwrap());
        for n in 0..=200 {
            // Whatever the take, the winning reply removes the rest of m + 1.
            let steers = |&p: &u64, _: &u64, r: &[u64]| r == [p - (m + 1)];
            check_position(&rules, &mut oracle, &n, &steers);
        }
    }
}

#[test]
fn fibonacci_nim_choices_are_proved_for_every_state_up_to_200() {
    let mut oracle = Oracle::new(FibonacciNim);
    for n in 0..=200 {
        for limit in 0..=n + 1 {
            // The opponent keeps the pace: it takes at least three quarters
            // of what it may.
            let steers = |&(n, l): &(u64, u64), &(m, _): &(u64, u64), _: &[(u64, u64)]| {
                4 * (n - m) >= 3 * l.min(n)
            };
            check_position(&FibonacciNimRules, &mut oracle, &(n, limit), &steers);
        }
    }
}

/// Plays one game: the opponent against `contestant` (which gets the
/// position and a random word, and returns its move as a position), from
/// `start`, the contestant first when `contestant_first`. Every move of
/// both is checked legal by `legal`. Returns the plies and whether the
/// contestant made only winning moves (and started on the winning side).
fn game<R: Opponent>(
    rules: &R,
    start: R::Pos,
    contestant_first: bool,
    words: &mut Words,
    contestant: &mut dyn FnMut(&R::Pos, u64) -> R::Pos,
    legal: &mut dyn FnMut(&R::Pos, &R::Pos) -> bool,
) -> (u64, bool) {
    let mut p = start;
    let mut contestant_turn = contestant_first;
    let mut perfect = (rules.outcome(&start) == Outcome::N) == contestant_first;
    let mut plies = 0u64;
    while rules.has_move(&p) {
        let q = if contestant_turn {
            let q = contestant(&p, words.next());
            perfect &= rules.outcome(&q) == Outcome::P;
            q
        } else {
            rules.choose(&p, words.next(), &Plain).unwrap()
        };
        assert!(legal(&p, &q), "{p:?} → {q:?}");
        p = q;
        plies += 1;
        contestant_turn = !contestant_turn;
        assert!(plies <= 1 << 20, "a game from {start:?} does not end");
    }
    (plies, perfect)
}

/// Games from every small start with both sides: a random legal contestant
/// and a random winning one (a random winning move when it has one). The
/// oracle checks legality. A game the contestant played without a mistake
/// ends within `ply_bound`; any other within `stones(start)` plies, the
/// rules' own bound (every move takes at least one stone): after a mistake
/// the loser sets the pace (the referee stops at the first mistake for this
/// reason).
fn games_from<R, G>(
    rules: &R,
    game_rules: G,
    starts: &[R::Pos],
    seed: u64,
    stones: fn(&R::Pos) -> u64,
) where
    R: Opponent,
    G: Game<Position = R::Pos>,
    R::Pos: Ord,
{
    let mut oracle = Oracle::new(game_rules);
    let mut words = Words(seed);
    for &start in starts {
        for first in [true, false] {
            for winning_only in [true, false] {
                let oracle = std::cell::RefCell::new(&mut oracle);
                let mut contestant = |p: &R::Pos, w: u64| {
                    let mut o = oracle.borrow_mut();
                    let won = o.winning_moves(p).unwrap();
                    if winning_only && !won.is_empty() {
                        return won[below(w, won.len() as u64) as usize];
                    }
                    let all = o.game().moves(p).collect::<Vec<_>>();
                    all[below(w, all.len() as u64) as usize]
                };
                let mut legal = |p: &R::Pos, q: &R::Pos| {
                    let o = oracle.borrow();
                    o.game().moves(p).collect::<Vec<_>>().contains(q)
                };
                let (plies, perfect) =
                    game(rules, start, first, &mut words, &mut contestant, &mut legal);
                let bound = if perfect {
                    rules.ply_bound(&start)
                } else {
                    stones(&start)
                };
                assert!(plies <= bound, "{start:?}: {plies} plies > {bound}");
            }
        }
    }
}

#[test]
fn games_against_random_contestants_end_within_the_bound() {
    let pairs: Vec<(u64, u64)> = (0..=40)
        .flat_map(|a| (0..=40).map(move |b| (a, b)))
        .collect();
    let sum = |&(a, b): &(u64, u64)| a + b;
    games_from(&WythoffRules, Wythoff, &pairs, 1, sum);
    games_from(&EuclidRules, Euclid, &pairs, 2, sum);
    for m in 1..=10 {
        let piles: Vec<u64> = (0..=200).collect();
        games_from(
            &BashRules::new(m).unwrap(),
            Bash::new(m).unwrap(),
            &piles,
            m,
            |&n| n,
        );
    }
    let openings: Vec<(u64, u64)> = (2..=200).map(|n| (n, n - 1)).collect();
    games_from(&FibonacciNimRules, FibonacciNim, &openings, 3, |&(n, _)| n);
}

#[test]
fn the_bounds_are_what_the_module_says_at_the_top_of_u64() {
    // 2·bits + 1: 121 below 2^60, 129 at u64::MAX.
    assert_eq!(WythoffRules.ply_bound(&(0, (1 << 60) - 1)), 121);
    assert_eq!(WythoffRules.ply_bound(&(u64::MAX, 3)), 129);
    assert_eq!(WythoffRules.ply_bound(&(0, 0)), 1);
    // Consecutive Fibonacci numbers take the most division steps: F(93),
    // F(92) (the largest pair in u64) take 91 (the last step divides by 1).
    let (f92, f93) = (FIBONACCI[92] as u64, FIBONACCI[93] as u64);
    assert_eq!(euclid_steps(f93, f92), 91);
    assert_eq!(EuclidRules.ply_bound(&(f93, f92)), 182);
    assert_eq!(euclid_steps(0, 5), 0);
    assert_eq!(BashRules::new(u64::MAX).unwrap().ply_bound(&u64::MAX), 1);
    assert_eq!(BashRules::new(3).unwrap().ply_bound(&8), 5);
}

/// Whether `(n, limit)` is won, by trying every take with the closed-form
/// outcome (a second method beside the Zeckendorf partial sums).
fn winning_takes_by_trying(n: u64, limit: u64) -> Vec<u64> {
    (1..=limit.min(n))
        .filter(|&t| fibonacci_nim::outcome_with_limit(n - t, t.saturating_mul(2)) == Outcome::P)
        .collect()
}

#[test]
fn winning_takes_are_every_winning_take() {
    let mut oracle = Oracle::new(FibonacciNim);
    for n in 0..=200u64 {
        for limit in 0..=n + 1 {
            let by_oracle: Vec<u64> = oracle_winning(&mut oracle, &(n, limit))
                .into_iter()
                .map(|(m, _)| n - m)
                .rev()
                .collect();
            assert_eq!(winning_takes(n, limit), by_oracle, "({n}, {limit})");
        }
    }
    fn large(n: u64, limit: u16) -> bool {
        let limit = u64::from(limit);
        winning_takes(n, limit) == winning_takes_by_trying(n, limit)
    }
    QuickCheck::new()
        .tests(beatty_testing::rounds(200, 2000) as u64)
        .quickcheck(large as fn(u64, u16) -> bool);
}

/// A whole game at large numbers: the contestant plays a random winning
/// reply (by the closed forms, each of them checked against the oracle
/// above); every move is legal by the rules' definition (`is_move`), the
/// opponent's moves from lost positions steer, and the game ends within
/// the bound.
#[test]
fn large_games_end_within_the_bound() {
    fn wythoff(a: u64, b: u64, seed: u64) -> bool {
        let start = (a, b);
        let mut words = Words(seed);
        let mut contestant = |p: &(u64, u64), w: u64| {
            let r = WythoffRules.winning_replies(p);
            r[below(w, r.len() as u64) as usize]
        };
        let mut legal = |p: &(u64, u64), q: &(u64, u64)| {
            let ok = wythoff::is_move(*p, *q);
            // From a lost position: every winning reply halves the larger pile.
            let steer = wythoff::outcome(p.0, p.1) == Outcome::N
                || WythoffRules
                    .winning_replies(q)
                    .iter()
                    .all(|r| r.0.max(r.1) <= p.0.max(p.1) / 2);
            ok && steer
        };
        let first = wythoff::outcome(a, b) == Outcome::N;
        let (plies, perfect) = game(
            &WythoffRules,
            start,
            first,
            &mut words,
            &mut contestant,
            &mut legal,
        );
        perfect && plies <= WythoffRules.ply_bound(&start)
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(wythoff as fn(u64, u64, u64) -> bool);

    fn euclid(a: u64, b: u64, seed: u64) -> bool {
        let mut words = Words(seed);
        let mut contestant = |p: &(u64, u64), w: u64| {
            let r = EuclidRules.winning_replies(p);
            r[below(w, r.len() as u64) as usize]
        };
        let mut legal = |p: &(u64, u64), q: &(u64, u64)| euclid::is_move(*p, *q);
        let first = euclid::outcome(a, b) == Outcome::N;
        let (plies, perfect) = game(
            &EuclidRules,
            (a, b),
            first,
            &mut words,
            &mut contestant,
            &mut legal,
        );
        perfect && plies <= EuclidRules.ply_bound(&(a, b))
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(euclid as fn(u64, u64, u64) -> bool);
    // The longest Euclid games: consecutive Fibonacci numbers.
    for k in 2..93 {
        let (a, b) = (FIBONACCI[k + 1] as u64, FIBONACCI[k] as u64);
        assert!(euclid(a, b, k as u64) && euclid(b, a, k as u64), "F({k})");
    }
}

/// The largest winning take of Fibonacci nim, as `perfect_play` plays it.
fn largest_winning_take(p: &(u64, u64), _: u64) -> (u64, u64) {
    // Smallest take first: the last is the largest.
    let r = FibonacciNimRules.winning_replies(p);
    *r.last().unwrap()
}

#[test]
fn a_contestant_taking_the_largest_winning_take_stays_below_the_fibonacci_nim_cap() {
    let mut longest = 0;
    let mut run = |n: u64, seed: u64| {
        let start = FibonacciNimRules::opening(n).unwrap();
        let first = fibonacci_nim::outcome(n) == Ok(Outcome::N);
        let mut words = Words(seed);
        let mut legal = |p: &(u64, u64), q: &(u64, u64)| {
            p.0 > q.0 && FibonacciNimRules.apply(p, p.0 - q.0) == Ok(*q)
        };
        let (plies, perfect) = game(
            &FibonacciNimRules,
            start,
            first,
            &mut words,
            &mut largest_winning_take,
            &mut legal,
        );
        assert!(perfect, "{n}");
        longest = longest.max(plies);
    };
    for n in 2..=3000 {
        run(n, n);
    }
    let mut words = Words(99);
    for i in 0..3000 {
        let n = 2 + words.next() % (u64::MAX - 1);
        run(n, i);
        let n = 2 + words.next() % 1_000_000_000_000_000_000;
        run(n, i);
    }
    for (k, &f) in FIBONACCI.iter().enumerate().take(94).skip(3) {
        run(f as u64, k as u64);
    }
    eprintln!("longest Fibonacci nim game: {longest} plies");
    // What the module documentation says was measured, far below the cap.
    assert!(longest <= 65, "{longest}");
    assert!(longest < FIBONACCI_NIM_PLY_CAP / 4);
}

#[test]
fn the_interest_hook_steers_the_contestant_onto_targets() {
    // From the lost (165580140, 267914295) the opponent can leave a position
    // whose only winning reply is a target of the hook; over 64 seeds it
    // does so at least once, and only onto targets the steering allows.
    let p = (165_580_140u64, 267_914_295u64);
    let targets: Vec<(u64, u64)> = [20, 1000, 39_088_169]
        .iter()
        .map(|&k| beatty_core::golden::pair(k).unwrap())
        .collect();
    struct Hook(Vec<(u64, u64)>);
    impl Interest<(u64, u64)> for Hook {
        fn score(&self, p: &(u64, u64)) -> u32 {
            let (lo, hi) = (p.0.min(p.1), p.0.max(p.1));
            if self.0.contains(&(lo, hi)) { 100 } else { 0 }
        }
        fn targets(&self, _: &(u64, u64)) -> Vec<(u64, u64)> {
            self.0.clone()
        }
    }
    let hook = Hook(targets.clone());
    let mut hits = 0;
    for word in 0..64 {
        let q = WythoffRules.choose(&p, word, &hook).unwrap();
        assert!(wythoff::is_move(p, q));
        let replies = WythoffRules.winning_replies(&q);
        assert!(replies.iter().all(|r| r.0.max(r.1) <= p.1 / 2), "{q:?}");
        let on_target = |r: &(u64, u64)| targets.contains(&(r.0.min(r.1), r.0.max(r.1)));
        if replies.iter().all(on_target) {
            hits += 1;
        }
    }
    assert!(hits >= 32, "{hits} of 64 seeds aimed at a target");
}

/// At random `u64` positions of every game (beyond what the oracle can
/// search): the move is legal by the rules (`Rules::apply`), leads to a lost
/// position from a won one, and from a lost one keeps its promise (Wythoff:
/// every winning reply halves the larger pile; Fibonacci nim: it takes at
/// least three quarters of what it may).
#[test]
fn random_u64_positions_get_legal_steering_moves() {
    fn check<R: Opponent>(
        rules: &R,
        p: R::Pos,
        word: u64,
        steers: impl Fn(&R::Pos, &R::Pos) -> bool,
    ) -> bool {
        let Some(q) = rules.choose(&p, word, &Plain) else {
            return !rules.has_move(&p);
        };
        let legal = rules.apply(&p, rules.move_to(&p, &q)) == Ok(q);
        let kind = if rules.outcome(&p) == Outcome::N {
            rules.outcome(&q) == Outcome::P
        } else {
            steers(&p, &q)
        };
        legal && kind
    }
    fn wythoff(a: u64, b: u64, w: u64) -> bool {
        check(&WythoffRules, (a, b), w, |p, q| {
            WythoffRules
                .winning_replies(q)
                .iter()
                .all(|r| r.0.max(r.1) <= p.0.max(p.1) / 2)
        })
    }
    fn euclid(a: u64, b: u64, w: u64) -> bool {
        check(&EuclidRules, (a, b), w, |p, q| euclid::is_move(*p, *q))
    }
    fn bash(n: u64, m: u64, w: u64) -> bool {
        let Ok(rules) = BashRules::new(m) else {
            return m == 0;
        };
        // From a lost pile (a positive multiple of m + 1, so m < p) the
        // winning reply removes the rest of m + 1, whatever was taken.
        check(&rules, n, w, |&p, &q| {
            rules.winning_replies(&q) == [p - m - 1]
        })
    }
    fn fib(n: u64, limit: u64, w: u64) -> bool {
        check(&FibonacciNimRules, (n, limit), w, |&(n, l), &(m, _)| {
            4 * u128::from(n - m) >= 3 * u128::from(l.min(n))
        })
    }
    let qc = || QuickCheck::new().tests(1000);
    qc().quickcheck(wythoff as fn(u64, u64, u64) -> bool);
    qc().quickcheck(euclid as fn(u64, u64, u64) -> bool);
    qc().quickcheck(bash as fn(u64, u64, u64) -> bool);
    qc().quickcheck(fib as fn(u64, u64, u64) -> bool);
    // Quickcheck's u64s are mostly small: the top of the range too.
    let mut words = Words(5);
    for _ in 0..2000 {
        let (x, y, w) = (u64::MAX - words.next() % 1000, words.next(), words.next());
        assert!(wythoff(x, y, w) && wythoff(y, x, w), "{x} {y}");
        assert!(euclid(x, y, w) && euclid(y, x, w), "{x} {y}");
        assert!(bash(x, y % 1000 + 1, w) && bash(x, y, w), "{x} {y}");
        assert!(fib(x, y, w) && fib(x, x, w), "{x} {y}");
    }
}
