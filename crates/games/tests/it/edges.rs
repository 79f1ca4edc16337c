//! Every public function at 0, 1, 2, MAX − 1, MAX and random values: an
//! answer or an error, never a panic (each call runs under `catch_unwind`,
//! and every panic is collected and reported at the end). Where an answer
//! comes, it is checked against a definition: a winning move is a legal move
//! (checked by the rules' own definition here, not the crate's `is_move`)
//! into a position the Beatty pairs of beatty-core call lost, a Bash outcome
//! is n mod (m + 1), and so on.

use beatty_core::golden;
use beatty_games::game::{Game, Oracle, OracleError};
use beatty_games::opponent::{self, Interest, Opponent, Plain};
use beatty_games::play::{BashRules, EuclidRules, FibonacciNimRules, Rules, WythoffRules};
use beatty_games::sum::{self, Component};
use beatty_games::{Outcome, awythoff, bash, euclid, fibonacci_nim, reference, wythoff};
use std::panic::{AssertUnwindSafe, catch_unwind};

const MAX: u64 = u64::MAX;

/// 0, 1, 2, MAX − 1, MAX, and random words of random bit lengths.
fn values() -> Vec<u64> {
    let mut v = vec![0, 1, 2, 3, MAX - 1, MAX, 1 << 40, (1 << 32) - 1];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..6 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        v.push(z >> (z % 64));
    }
    v
}

fn pairs() -> Vec<(u64, u64)> {
    let v = values();
    v.iter()
        .flat_map(|&a| v.iter().map(move |&b| (a, b)))
        .collect()
}

/// The calls that panicked, with what they said.
#[derive(Default)]
struct Panics(Vec<String>);

impl Panics {
    fn call<T>(&mut self, what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> Option<T> {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(v) => Some(v),
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                self.0.push(format!("{}: {msg}", what()));
                None
            }
        }
    }

    fn check(self) {
        assert!(
            self.0.is_empty(),
            "{} calls panicked:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

/// A Wythoff move by the rules: from one pile, or the same from both.
fn wythoff_legal((a, b): (u64, u64), (x, y): (u64, u64)) -> bool {
    (x < a && y == b) || (x == a && y < b) || (x < a && y < b && a - x == b - y)
}

/// A lost Wythoff position, by beatty-core's pairs (⌊kφ⌋, ⌊kφ⌋ + k).
fn wythoff_lost(x: u64, y: u64) -> bool {
    golden::is_p_position(x, y)
}

/// A Euclid move by the rules: the larger loses a positive multiple of the smaller.
fn euclid_legal((a, b): (u64, u64), (x, y): (u64, u64)) -> bool {
    if a == 0 || b == 0 {
        return false;
    }
    (y == b && x < a && a >= b && (a - x) % b == 0)
        || (x == a && y < b && b >= a && (b - y) % a == 0)
}

/// An Interest that scores everything as high as it can and asks for
/// targets at the edges, and the position itself.
struct Greedy;

impl Interest<(u64, u64)> for Greedy {
    fn score(&self, _: &(u64, u64)) -> u32 {
        u32::MAX
    }
    fn targets(&self, from: &(u64, u64)) -> Vec<(u64, u64)> {
        vec![
            (0, 0),
            (MAX, MAX),
            (MAX, 0),
            (0, MAX),
            *from,
            (1, 2),
            (2, 1),
        ]
    }
}

impl Interest<u64> for Greedy {
    fn score(&self, _: &u64) -> u32 {
        u32::MAX
    }
    fn targets(&self, from: &u64) -> Vec<u64> {
        vec![0, MAX, *from]
    }
}

#[test]
fn bash_functions_are_total() {
    let mut p = Panics::default();
    for (n, m) in pairs() {
        let period = u128::from(m) + 1;
        let lost = u128::from(n) % period == 0;
        if let Some(r) = p.call(
            || format!("bash::outcome({n}, {m})"),
            || bash::outcome(n, m),
        ) {
            match r {
                Ok(o) => assert_eq!(o == Outcome::P, lost, "bash::outcome({n}, {m})"),
                Err(_) => assert_eq!(m, 0),
            }
        }
        if let Some(Ok(g)) = p.call(|| format!("bash::grundy({n}, {m})"), || bash::grundy(n, m)) {
            assert_eq!(u128::from(g), u128::from(n) % period);
        }
        if let Some(Ok(t)) = p.call(
            || format!("bash::winning_take({n}, {m})"),
            || bash::winning_take(n, m),
        ) {
            match t {
                None => assert!(lost),
                Some(t) => {
                    assert!(t >= 1 && t <= m && t <= n, "take {t} from {n}, m = {m}");
                    assert_eq!(u128::from(n - t) % period, 0);
                }
            }
        }
        p.call(
            || format!("bash::misere_outcome({n}, {m})"),
            || bash::misere_outcome(n, m),
        );
        if let Some(Ok(Some(t))) = p.call(
            || format!("bash::misere_winning_take({n}, {m})"),
            || bash::misere_winning_take(n, m),
        ) {
            assert!(
                t >= 1 && t <= m && t <= n,
                "misère take {t} from {n}, m = {m}"
            );
        }
        p.call(
            || format!("bash::auction_winning_bids({n}, {m})"),
            || bash::auction_winning_bids(n, m),
        );
        if let Some(Ok(a)) = p.call(
            || format!("Auction::new({n}, {m})"),
            || bash::Auction::new(n, m),
        ) {
            p.call(
                || format!("Auction({n}, {m}).moves"),
                || a.moves(&n).take(3).count(),
            );
        }
        if let Some(Ok(g)) = p.call(|| format!("Bash::new({m})"), || bash::Bash::new(m)) {
            assert_eq!(g.max_take(), m);
            let first = p.call(|| format!("Bash({m}).moves({n})"), || g.moves(&n).next());
            assert_eq!(first, Some((n > 0).then(|| n - 1)));
        }
        if let Some(Ok(rules)) = p.call(|| format!("BashRules::new({m})"), || BashRules::new(m)) {
            assert_eq!(rules.max_take(), m);
            one_pile_rules(&mut p, &rules, n, n.wrapping_add(m));
        }
    }
    p.check();
}

/// The `Rules` and `Opponent` functions of a one-pile game at `n`, with
/// `take` as the move tried.
fn one_pile_rules(p: &mut Panics, rules: &BashRules, n: u64, take: u64) {
    p.call(|| format!("{rules:?}.has_move({n})"), || rules.has_move(&n));
    for t in [0, 1, take, MAX] {
        if let Some(Ok(to)) = p.call(
            || format!("{rules:?}.apply({n}, {t})"),
            || rules.apply(&n, t),
        ) {
            assert!(t >= 1 && t <= n && t <= rules.max_take() && to == n - t);
        }
        p.call(
            || format!("{rules:?}.move_to({n}, {t})"),
            || rules.move_to(&n, &t),
        );
    }
    let outcome = p.call(|| format!("{rules:?}.outcome({n})"), || rules.outcome(&n));
    if let Some(advice) = p.call(|| format!("{rules:?}.advise({n})"), || rules.advise(&n)) {
        let to = *advice.to();
        assert!(
            to == n || rules.apply(&n, n - to).is_ok(),
            "{rules:?} advises {n} → {to}"
        );
    }
    if let Some(replies) = p.call(
        || format!("{rules:?}.winning_replies({n})"),
        || rules.winning_replies(&n),
    ) {
        assert_eq!(replies.is_empty(), outcome == Some(Outcome::P));
    }
    for interest in [&Plain as &dyn Interest<u64>, &Greedy] {
        if let Some(Some(to)) = p.call(
            || format!("{rules:?}.choose({n})"),
            || rules.choose(&n, n ^ 0x5555, interest),
        ) {
            assert!(
                rules.apply(&n, n - to).is_ok(),
                "{rules:?} chooses {n} → {to}"
            );
        }
    }
    p.call(
        || format!("{rules:?}.ply_bound({n})"),
        || rules.ply_bound(&n),
    );
}

#[test]
fn euclid_functions_are_total() {
    let mut p = Panics::default();
    for (a, b) in pairs() {
        let o = p.call(
            || format!("euclid::outcome({a}, {b})"),
            || euclid::outcome(a, b),
        );
        if let Some(o) = o {
            assert_eq!(
                Some(o),
                p.call(
                    || format!("euclid_outcome_by_steps({a}, {b})"),
                    || { reference::euclid_outcome_by_steps(a, b) }
                )
            );
        }
        if let Some(moves) = p.call(
            || format!("euclid::winning_moves({a}, {b})"),
            || euclid::winning_moves(a, b),
        ) {
            assert_eq!(moves.is_empty(), o == Some(Outcome::P), "({a}, {b})");
            for m in moves {
                assert!(euclid_legal((a, b), m), "({a}, {b}) → {m:?}");
                assert_eq!(euclid::outcome(m.0, m.1), Outcome::P);
            }
        }
        for to in [
            (0, b),
            (a, 0),
            (a.wrapping_sub(b), b),
            (a, b.wrapping_sub(a)),
            (MAX, MAX),
        ] {
            if let Some(legal) = p.call(
                || format!("euclid::is_move(({a}, {b}), {to:?})"),
                || euclid::is_move((a, b), to),
            ) {
                assert_eq!(legal, euclid_legal((a, b), to), "({a}, {b}) → {to:?}");
            }
        }
        if let Some(Some(m)) = p.call(
            || format!("euclid::delaying_move({a}, {b})"),
            || euclid::delaying_move(a, b),
        ) {
            assert!(euclid_legal((a, b), m));
        }
        if let Some(line) = p.call(
            || format!("euclid::perfect_play({a}, {b})"),
            || euclid::perfect_play(a, b),
        ) {
            assert_eq!(line.first(), Some(&(a, b)));
            for w in line.windows(2) {
                assert!(euclid_legal(w[0], w[1]), "{w:?}");
            }
        }
        let g = p.call(
            || format!("euclid::grundy({a}, {b})"),
            || euclid::grundy(a, b),
        );
        if let (Some(g), Some(o)) = (g, o) {
            assert_eq!(g == 0, o == Outcome::P, "({a}, {b})");
        }
        for target in [0, 1, MAX] {
            if let Some(Some(m)) = p.call(
                || format!("euclid::move_to_grundy({a}, {b}, {target})"),
                || euclid::move_to_grundy(a, b, target),
            ) {
                assert!(euclid_legal((a, b), m));
                assert_eq!(euclid::grundy(m.0, m.1), target);
            }
        }
        p.call(
            || format!("Euclid.moves({a}, {b})"),
            || euclid::Euclid.moves(&(a, b)).take(3).count(),
        );
        two_pile_rules(&mut p, &EuclidRules, (a, b), euclid_legal);
        p.call(
            || format!("opponent::euclid_steps({a}, {b})"),
            || opponent::euclid_steps(a, b),
        );
    }
    p.check();
}

/// The `Rules` and `Opponent` functions of a two-pile game at `(a, b)`.
fn two_pile_rules<R>(
    p: &mut Panics,
    rules: &R,
    (a, b): (u64, u64),
    legal: fn((u64, u64), (u64, u64)) -> bool,
) where
    R: Opponent<Pos = (u64, u64), Move = (u64, u64)> + std::fmt::Debug,
{
    let here = (a, b);
    let has_move = p.call(
        || format!("{rules:?}.has_move({here:?})"),
        || rules.has_move(&here),
    );
    for to in [
        (0, 0),
        (0, b),
        (a, 0),
        (a.wrapping_sub(1), b),
        (MAX, MAX),
        here,
    ] {
        if let Some(Ok(after)) = p.call(
            || format!("{rules:?}.apply({here:?}, {to:?})"),
            || rules.apply(&here, to),
        ) {
            assert!(
                legal(here, to) && after == to,
                "{rules:?}: {here:?} → {to:?}"
            );
        }
        p.call(
            || format!("{rules:?}.move_to({here:?}, {to:?})"),
            || rules.move_to(&here, &to),
        );
    }
    let outcome = p.call(
        || format!("{rules:?}.outcome({here:?})"),
        || rules.outcome(&here),
    );
    if let Some(advice) = p.call(
        || format!("{rules:?}.advise({here:?})"),
        || rules.advise(&here),
    ) {
        let to = *advice.to();
        if has_move == Some(true) {
            assert!(legal(here, to), "{rules:?} advises {here:?} → {to:?}");
        } else {
            assert_eq!(to, here);
        }
    }
    if let Some(replies) = p.call(
        || format!("{rules:?}.winning_replies({here:?})"),
        || rules.winning_replies(&here),
    ) {
        assert_eq!(replies.is_empty(), outcome == Some(Outcome::P));
        for r in replies {
            assert!(legal(here, r));
        }
    }
    for interest in [&Plain as &dyn Interest<(u64, u64)>, &Greedy, &|_: &(
        u64,
        u64,
    )| 7]
    {
        if let Some(choice) = p.call(
            || format!("{rules:?}.choose({here:?})"),
            || rules.choose(&here, a ^ b.rotate_left(7), interest),
        ) {
            match choice {
                Some(to) => assert!(legal(here, to), "{rules:?} chooses {here:?} → {to:?}"),
                None => assert_eq!(has_move, Some(false)),
            }
        }
    }
    p.call(
        || format!("{rules:?}.ply_bound({here:?})"),
        || rules.ply_bound(&here),
    );
}

#[test]
fn wythoff_functions_are_total() {
    let mut p = Panics::default();
    for (a, b) in pairs() {
        let lost = wythoff_lost(a, b);
        if let Some(o) = p.call(
            || format!("wythoff::outcome({a}, {b})"),
            || wythoff::outcome(a, b),
        ) {
            assert_eq!(o == Outcome::P, lost, "({a}, {b})");
        }
        if let Some(moves) = p.call(
            || format!("wythoff::winning_moves({a}, {b})"),
            || wythoff::winning_moves(a, b),
        ) {
            assert_eq!(moves.is_empty(), lost, "({a}, {b})");
            for m in moves {
                assert!(wythoff_legal((a, b), m.to) && wythoff_lost(m.to.0, m.to.1));
            }
        }
        for to in [
            (0, 0),
            (0, b),
            (a, 0),
            (a.wrapping_sub(1), b.wrapping_sub(1)),
            (MAX, MAX),
        ] {
            if let Some(legal) = p.call(
                || format!("wythoff::is_move(({a}, {b}), {to:?})"),
                || wythoff::is_move((a, b), to),
            ) {
                assert_eq!(legal, wythoff_legal((a, b), to), "({a}, {b}) → {to:?}");
            }
        }
        if let Some(m) = p.call(
            || format!("wythoff::delaying_move({a}, {b})"),
            || wythoff::delaying_move(a, b),
        ) {
            assert_eq!(m.is_some(), (a, b) != (0, 0));
            if let Some(m) = m {
                assert!(wythoff_legal((a, b), m));
            }
        }
        p.call(
            || format!("wythoff::misere_outcome({a}, {b})"),
            || wythoff::misere_outcome(a, b),
        );
        if let Some(moves) = p.call(
            || format!("wythoff::misere_winning_moves({a}, {b})"),
            || wythoff::misere_winning_moves(a, b),
        ) {
            for m in moves {
                assert!(wythoff_legal((a, b), m.to));
            }
        }
        if let Some(first) = p.call(
            || format!("Wythoff.moves({a}, {b})"),
            || wythoff::Wythoff.moves(&(a, b)).next(),
        ) {
            // The nearest move from the first pile, else from the second.
            let expected = if a > 0 {
                Some((a - 1, b))
            } else {
                (b > 0).then(|| (a, b - 1))
            };
            assert_eq!(first, expected);
        }
        two_pile_rules(&mut p, &WythoffRules, (a, b), wythoff_legal);
        for par in [0, 1, 2, MAX] {
            let Some(Ok(g)) = p.call(
                || format!("AWythoff::new({par})"),
                || awythoff::AWythoff::new(par),
            ) else {
                continue;
            };
            assert_eq!(g.parameter(), par);
            p.call(|| format!("a={par}: p_position({a})"), || g.p_position(a));
            let o = p.call(|| format!("a={par}: outcome({a}, {b})"), || g.outcome(a, b));
            if par == 1 {
                assert_eq!(o.map(|o| o == Outcome::P), Some(lost), "a = 1 is Wythoff");
            }
            if let Some(moves) = p.call(
                || format!("a={par}: winning_moves({a}, {b})"),
                || g.winning_moves(a, b),
            ) {
                for m in moves {
                    assert_eq!(g.outcome(m.0, m.1), Outcome::P);
                }
            }
            p.call(
                || format!("a={par}: moves({a}, {b})"),
                || g.moves(&(a, b)).take(3).count(),
            );
        }
    }
    // (The largest side, 2¹⁴, takes a GiB: the unit tests check it.)
    for n in [0, 1, 2, 3, 100, wythoff::MAX_TABLE_SIDE + 1, usize::MAX] {
        let t = p.call(|| format!("grundy_table({n})"), || wythoff::grundy_table(n));
        if n > wythoff::MAX_TABLE_SIDE {
            assert!(matches!(t, Some(None)), "grundy_table({n})");
        }
        if n <= 100 {
            let by_mex = reference::wythoff_grundy_table_by_mex(n);
            assert_eq!(t, Some(by_mex.clone()));
            if let Some(t) = by_mex {
                assert_eq!(t.side(), n);
                assert_eq!(t.as_slice().len(), n * n);
                for (a, b) in pairs() {
                    p.call(|| format!("table({n}).get({a}, {b})"), || t.get(a, b));
                    for target in [0, 1, MAX] {
                        p.call(
                            || format!("table({n}).move_to({a}, {b}, {target})"),
                            || t.move_to(a, b, target),
                        );
                    }
                }
            }
        } else if n > wythoff::MAX_TABLE_SIDE {
            let by_mex = p.call(
                || format!("wythoff_grundy_table_by_mex({n})"),
                || reference::wythoff_grundy_table_by_mex(n),
            );
            assert!(matches!(by_mex, Some(None)));
        }
    }
    p.check();
}

#[test]
fn fibonacci_nim_functions_are_total() {
    let mut p = Panics::default();
    for (n, m) in pairs() {
        p.call(
            || format!("fibonacci_nim::outcome({n})"),
            || fibonacci_nim::outcome(n),
        );
        if let Some(Ok(Some(t))) = p.call(
            || format!("fibonacci_nim::winning_take({n})"),
            || fibonacci_nim::winning_take(n),
        ) {
            assert!(t >= 1 && t < n);
        }
        let o = p.call(
            || format!("outcome_with_limit({n}, {m})"),
            || fibonacci_nim::outcome_with_limit(n, m),
        );
        if let Some(t) = p.call(
            || format!("winning_take_with_limit({n}, {m})"),
            || fibonacci_nim::winning_take_with_limit(n, m),
        ) {
            assert_eq!(t.is_none(), o == Some(Outcome::P));
            if let Some(t) = t {
                assert!(t >= 1 && t <= m.min(n));
            }
        }
        if let Some(Ok(line)) = p.call(
            || format!("fibonacci_nim::perfect_play({n})"),
            || fibonacci_nim::perfect_play(n),
        ) {
            for w in line.windows(2) {
                let take = w[0].0 - w[1].0;
                assert!(take >= 1 && take <= w[0].1, "{w:?}");
            }
        }
        p.call(
            || format!("FibonacciNim.moves({n}, {m})"),
            || fibonacci_nim::FibonacciNim.moves(&(n, m)).take(3).count(),
        );
        if let Some(takes) = p.call(
            || format!("opponent::winning_takes({n}, {m})"),
            || opponent::winning_takes(n, m),
        ) {
            assert_eq!(takes.is_empty(), o == Some(Outcome::P), "({n}, {m})");
            for t in takes {
                assert!(t >= 1 && t <= m.min(n));
                assert_eq!(
                    fibonacci_nim::outcome_with_limit(n - t, t.saturating_mul(2)),
                    Outcome::P
                );
            }
        }
        p.call(|| format!("opening({n})"), || FibonacciNimRules::opening(n));
        fibonacci_nim_rules(&mut p, (n, m));
    }
    p.check();
}

fn fibonacci_nim_rules(p: &mut Panics, here: (u64, u64)) {
    let rules = FibonacciNimRules;
    let (n, limit) = here;
    let legal = |to: (u64, u64)| {
        let t = n.wrapping_sub(to.0);
        to.0 < n && t <= limit && to.1 == t.saturating_mul(2)
    };
    let has_move = p.call(|| format!("has_move({here:?})"), || rules.has_move(&here));
    for t in [0, 1, limit, MAX] {
        if let Some(Ok(to)) = p.call(|| format!("apply({here:?}, {t})"), || rules.apply(&here, t)) {
            assert!(legal(to), "{here:?} take {t} → {to:?}");
        }
        p.call(
            || format!("move_to({here:?}, {t})"),
            || rules.move_to(&here, &(t, t)),
        );
    }
    let outcome = p.call(|| format!("outcome({here:?})"), || rules.outcome(&here));
    if let Some(advice) = p.call(|| format!("advise({here:?})"), || rules.advise(&here)) {
        let to = *advice.to();
        if has_move == Some(true) {
            assert!(legal(to), "advises {here:?} → {to:?}");
        } else {
            assert_eq!(to, here, "advice without a move");
        }
    }
    if let Some(replies) = p.call(
        || format!("winning_replies({here:?})"),
        || rules.winning_replies(&here),
    ) {
        assert_eq!(replies.is_empty(), outcome == Some(Outcome::P));
        assert!(replies.iter().all(|&r| legal(r)));
    }
    for interest in [&Plain as &dyn Interest<(u64, u64)>, &Greedy] {
        if let Some(choice) = p.call(
            || format!("choose({here:?})"),
            || rules.choose(&here, n ^ limit, interest),
        ) {
            match choice {
                Some(to) => assert!(legal(to), "chooses {here:?} → {to:?}"),
                None => assert_eq!(has_move, Some(false)),
            }
        }
    }
    p.call(|| format!("ply_bound({here:?})"), || rules.ply_bound(&here));
}

#[test]
fn sums_and_components_are_total() {
    let mut p = Panics::default();
    let table = wythoff::grundy_table(8);
    for (a, b) in pairs() {
        let parts = [
            Component::Nim(a),
            Component::Bash {
                stones: a,
                max_take: b,
            },
            Component::Euclid(a, b),
            Component::Wythoff(a, b),
        ];
        for c in parts {
            if let Some(first) = p.call(|| format!("{c:?}.moves()"), || c.moves().next()) {
                // The nearest option: one stone less from the first pile that has one.
                let expected = match c {
                    Component::Nim(n) => n.checked_sub(1).map(Component::Nim),
                    Component::Bash { stones, max_take } => {
                        (stones > 0 && max_take > 0).then(|| Component::Bash {
                            stones: stones - 1,
                            max_take,
                        })
                    }
                    _ => first,
                };
                assert_eq!(first, expected);
            }
        }
        for t in [None, table.as_ref()] {
            let g = p.call(
                || format!("sum::grundy({parts:?})"),
                || sum::grundy(&parts, t),
            );
            let o = p.call(
                || format!("sum::outcome({parts:?})"),
                || sum::outcome(&parts, t),
            );
            if let (Some(Ok(g)), Some(o)) = (g, o) {
                assert_eq!(o, Ok(if g == 0 { Outcome::P } else { Outcome::N }));
            }
            if let Some(Ok(Some(m))) = p.call(
                || format!("sum::winning_move({parts:?})"),
                || sum::winning_move(&parts, t),
            ) {
                let mut after = parts;
                after[m.index] = m.to;
                assert_eq!(sum::grundy(&after, t), Ok(0), "{parts:?} → {m:?}");
            }
        }
    }
    p.check();
}

#[test]
fn the_oracle_answers_or_says_too_large() {
    let mut p = Panics::default();
    for (a, b) in pairs() {
        let mut oracle = Oracle::with_limit(wythoff::Wythoff, 5000);
        let here = (a, b);
        let small = a.max(b) < 40;
        let too_large = OracleError::TooLarge { limit: 5000 };
        match p.call(
            || format!("Oracle(Wythoff).outcome({here:?})"),
            || oracle.outcome(&here),
        ) {
            Some(Ok(o)) => assert_eq!(o == Outcome::P, wythoff_lost(a, b)),
            Some(e) => assert!(!small && e == Err(too_large), "{here:?}: {e:?}"),
            None => {}
        }
        for r in [
            p.call(
                || format!("grundy({here:?})"),
                || oracle.grundy(&here).map(|_| ()),
            ),
            p.call(
                || format!("misère({here:?})"),
                || oracle.misere_outcome(&here).map(|_| ()),
            ),
            p.call(
                || format!("remoteness({here:?})"),
                || oracle.remoteness(&here).map(|_| ()),
            ),
            p.call(
                || format!("winning_moves({here:?})"),
                || oracle.winning_moves(&here).map(|_| ()),
            ),
            p.call(
                || format!("perfect_play({here:?})"),
                || oracle.perfect_play(&here).map(|_| ()),
            ),
        ]
        .into_iter()
        .flatten()
        {
            assert!(
                r.is_ok() || (!small && r == Err(too_large)),
                "{here:?}: {r:?}"
            );
        }
        let mut sums = Oracle::with_limit(sum::SumGame, 5000);
        let game = vec![Component::Nim(a), Component::Euclid(a, b)];
        if let Some(r) = p.call(
            || format!("Oracle(SumGame).grundy({game:?})"),
            || sums.grundy(&game),
        ) {
            if small {
                assert_eq!(r, Ok(a ^ euclid::grundy(a, b)));
            } else {
                assert!(r.is_ok() || r == Err(OracleError::TooLarge { limit: 5000 }));
            }
        }
    }
    // The example: the default limit, a position of 3·2⁴⁰ moves.
    let mut oracle = Oracle::new(wythoff::Wythoff);
    assert_eq!(
        oracle.outcome(&(1 << 40, 1 << 40)),
        Err(OracleError::TooLarge {
            limit: Oracle::<wythoff::Wythoff>::DEFAULT_LIMIT
        })
    );
    p.check();
}

#[test]
fn outcome_says_who_wins() {
    assert!(Outcome::N.player_to_move_wins());
    assert!(!Outcome::P.player_to_move_wins());
}
