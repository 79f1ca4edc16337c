// POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
// k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2 in 64-bit integers.
use std::io::{Read, Write};

fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut out = String::new();
    for p in v.chunks_exact(2) {
        let (a, b) = (p[0].min(p[1]), p[0].max(p[1]));
        let k = b - a;
        out.push_str(if (k + isqrt(5 * k * k)) / 2 == a { "0\n" } else { "1\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
