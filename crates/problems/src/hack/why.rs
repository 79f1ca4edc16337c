//! Why a case is hard: the float hazard it is, the integer bound its
//! intermediate values cross. `judge hack` prints these notes beside
//! `judge explain`'s text of the case.

// The pure modules this one reads (one block, repointed at the crate split).
use super::candidates::{BOUNDARIES, fibonacci, is_wythoff};
use crate::Problem;
use beatty_core::golden;

/// The notes of `case` of `problem`, each one line (empty when it is none
/// of these).
///
/// ```
/// use beatty_problems::{Problem, hack::why::notes};
/// let n = notes(Problem::Wythoff, &[165_580_140, 267_914_295]);
/// assert!(n[0].starts_with("k = 102334155 = F(40)"), "{n:?}");
/// assert!(notes(Problem::Euclid, &[1 << 30, 1 << 30]).iter().any(|n| n.contains("a + b = 2147483648 reaches 2^31:")));
/// ```
#[must_use]
pub fn notes(problem: Problem, case: &[u64]) -> Vec<String> {
    let mut v = Vec::new();
    let fib = fibonacci();
    let fib_name = |n: u64| {
        fib.iter()
            .rposition(|&f| f == n)
            .map_or_else(String::new, |i| format!(" = F({i})"))
    };
    if let [a, b] = *case {
        let (s, l) = (a.min(b), a.max(b));
        let k = l - s;
        if is_wythoff(problem) {
            let exact = golden::lower_wide(k);
            let float = u128::from(beatty_float::lower_f64(k));
            if exact != float && (u128::from(s) == exact || u128::from(s) == float) {
                let dir = if float > exact { "up" } else { "down" };
                v.push(format!(
                    "k = {k}{} is a hazard of (long)(k·φ) in doubles: the double product rounds {dir} across an integer (⌊kφ⌋ = {exact}, doubles give {float}), so the float test misjudges ({s}, {l})",
                    fib_name(k)
                ));
            }
            let f32 = u128::from(beatty_float::lower_f32(k));
            if exact != f32 && (u128::from(s) == exact || u128::from(s) == f32) {
                v.push(format!(
                    "k = {k} is a hazard of ⌊kφ⌋ in single precision (floats give {f32}, ⌊kφ⌋ = {exact})"
                ));
            }
        }
        if problem == Problem::Euclid && beatty_hazards::euclid_near_phi(a, b) {
            v.push(format!(
                "{l}/{s} is within 2^-50 of φ: a float comparison of the ratio with φ can go either way"
            ));
        }
        let sum = u128::from(a) + u128::from(b);
        push_crossing(&mut v, &format!("a + b = {sum}"), sum, l);
    } else if let [n] = *case {
        if !fib_name(n).is_empty() {
            v.push(format!(
                "n{}: a Fibonacci number (the losing positions), where float tests of 5n² ± 4 and Binet's formula go wrong",
                fib_name(n)
            ));
        }
        let sq = 5 * u128::from(n) * u128::from(n);
        push_crossing(&mut v, &format!("5n² = {sq}"), sq, n);
    }
    for (i, &x) in case.iter().enumerate() {
        let name = problem.spec().fields.get(i).map_or("a number", |f| f.name);
        push_crossing(&mut v, &format!("{name} = {x}"), u128::from(x), 0);
        if is_wythoff(problem) || problem == Problem::Euclid {
            let phi = golden::lower_wide(x);
            push_crossing(&mut v, &format!("⌊{name}·φ⌋ = {phi}"), phi, x);
        }
    }
    v
}

/// Notes that `value` reaches the smallest boundary above the operand
/// `operand` (a value the program holds before it computes `value`).
fn push_crossing(v: &mut Vec<String>, what: &str, value: u128, operand: u64) {
    let crossed: Vec<(u32, &str)> = BOUNDARIES
        .iter()
        .filter(|&&(_, b)| value >= b && u128::from(operand) < b)
        .map(|&(bits, _)| {
            let kind = match bits {
                31 => "a signed 32-bit int",
                32 => "an unsigned 32-bit int",
                53 => "the integers a double holds exactly",
                63 => "a signed 64-bit long long",
                _ => "an unsigned 64-bit integer",
            };
            (bits, kind)
        })
        .collect();
    if crossed.is_empty() {
        return;
    }
    let bounds: Vec<String> = crossed.iter().map(|(b, _)| format!("2^{b}")).collect();
    let kinds: Vec<&str> = crossed.iter().map(|(_, k)| *k).collect();
    v.push(format!(
        "{what} reaches {}: it overflows {}",
        bounds.join(", "),
        kinds.join(", ")
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_name_the_hazard_and_the_bounds() {
        // the F(40) pair, in both orders, and the position doubles call P
        for c in [
            [165_580_140, 267_914_295],
            [267_914_295, 165_580_140],
            [165_580_141, 267_914_296],
        ] {
            let n = notes(Problem::Wythoff, &c);
            assert!(n.iter().any(|n| n.contains("rounds up")), "{n:?}");
        }
        assert!(notes(Problem::Wythoff, &[3, 5]).is_empty());
        // a + b crosses 2^31 but neither number does
        let n = notes(Problem::Euclid, &[2_000_000_000, 2_000_000_000]);
        assert!(
            n.iter()
                .any(|n| n.contains("a + b = 4000000000 reaches 2^31:")),
            "{n:?}"
        );
        assert!(!n.iter().any(|n| n.starts_with("number")), "{n:?}");
        // 5n² crosses 2^32 from n = 29309 on (5·29308² < 2^32 ≤ 5·29309²)
        assert_eq!((1u128..).find(|n| 5 * n * n >= 1 << 32), Some(29_309));
        let n = notes(Problem::FibonacciNim, &[29_309]);
        assert!(
            n.iter()
                .any(|n| n
                    .contains("reaches 2^31, 2^32: it overflows a signed 32-bit int, an unsigned")),
            "{n:?}"
        );
        let n = notes(Problem::FibonacciNim, &[29_308]);
        assert!(n.iter().all(|n| !n.contains("2^32")), "{n:?}");
        let n = notes(Problem::FibonacciNim, &[1_836_311_903]);
        assert!(n[0].starts_with("n = F(46)"), "{n:?}");
        assert!(
            notes(Problem::Euclid, &[165_580_141, 102_334_155])
                .iter()
                .any(|n| n.contains("within 2^-50"))
        );
    }
}
