#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<target>/ in the byte layouts of fuzz/src/lib.rs
(the derived inputs of its modules).

Hard cases: Fibonacci numbers and their neighbours, the checked-in hazard k, u64/i64
limits, 10^9. Run from anywhere: `python3 fuzz/seeds.py` (rewrites the seed files).
"""
import os, struct

HERE = os.path.dirname(os.path.abspath(__file__))
LIST = os.path.join(HERE, "..", "tests", "data", "hazards-lower_f64-0-1e9.txt")
HAZARDS = [int(l) for l in open(LIST) if l.strip() and not l.startswith("#")]
FIB = [0, 1]
while len(FIB) < 94:
    FIB.append(FIB[-1] + FIB[-2])
U64 = 2**64 - 1
DOMAIN = 10**9


def u8(v): return struct.pack("<B", v % 256)
def u64(v): return struct.pack("<Q", v % 2**64)
def i64(v): return struct.pack("<q", v)
def u128(v): return (v % 2**128).to_bytes(16, "little")


def write(target, seeds):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    for name, data in seeds:
        with open(os.path.join(d, "seed-" + name), "wb") as f:
            f.write(data)


seeds = []
# mode 0: x mod (1e9 + 1) = k directly.
for k in HAZARDS[:40] + [0, 1, DOMAIN, DOMAIN - 1]:
    seeds.append((f"k-{k}", u8(0) + u64(k) + u64(0)))
for i in range(30, 45):
    for o in (-1, 0, 1):
        if 0 <= FIB[i] + o <= DOMAIN:
            seeds.append((f"fib{i}{o:+d}", u8(0) + u64(FIB[i] + o) + u64(0)))
# mode 1: F(x mod 45) + (y mod 10001 − 5000).
for i in range(35, 45):
    seeds.append((f"m1-fib{i}", u8(1) + u64(i) + u64(5000)))
# mode 2: hazard index x, offset y mod 10001 − 5000 (5000 = the hazard itself).
for j in range(len(HAZARDS)):
    seeds.append((f"m2-h{j}", u8(2) + u64(j) + u64(5000)))
# mode 3: F(x mod 45) + F((x >> 8) mod 45).
for (i, j) in [(40, 36), (39, 38), (41, 30), (42, 25)]:
    seeds.append((f"m3-{i}-{j}", u8(3) + u64(i + (j << 8)) + u64(2000)))
# mode 4: the misjudged pairs of F(40).
seeds.append(("m4-p", u8(4) + u64(165580140) + u64(267914295)))
seeds.append(("m4-n", u8(4) + u64(165580141) + u64(267914296)))
write("lower_float_vs_exact", seeds)

seeds = []
for i in range(30, 44):
    seeds.append((f"fib{i}", u8(0) + u64(FIB[i + 1] - 1) + u64(FIB[i] - 1)))
    seeds.append((f"m1-{i}", u8(1) + u64(i - 1) + u64(8 + (8 << 8))))
for b in [1, 2, 102334155, 165580141, 617283949]:
    seeds.append((f"m2-{b}", u8(2) + u64(0) + u64(b - 1)))
seeds.append(("max", u8(0) + u64(DOMAIN - 1) + u64(DOMAIN - 1)))
write("euclid_float_vs_exact", seeds)

seeds = []
for n in [0, 1, 2, U64, U64 - 1, 2**63, 2**63 - 1, 2**32, 2**32 - 1, 0x9E3779B97F4A7C15,
          11400714819323198485 // 2, 7046029254386353130, 7046029254386353131]:
    seeds.append((f"n-{n}", u64(n) + u64(0) + u128(n * n)))
for i in (40, 60, 80, 90, 91, 92, 93):
    seeds.append((f"fib{i}", u64(FIB[i]) + u64(i + (3 << 8)) + u128(FIB[i] ** 2 - 1)))
seeds.append(("w-max", u64(0) + u64(0) + u128(2**128 - 1)))
write("exact_oracles", seeds)

seeds = []
for (p, q, d, r) in [(1, 1, 5, 2), (3, 1, 5, 2), (0, 1, 2, 1), (-1, 1, 5, 2), (1, -1, 5, 2), (1, 1, 4, 2),
                     (1, 0, 5, 2), (1, 1, 5, 0), (-2**63, 1, 5, -1), (2**63 - 1, 2**63 - 1, U64, 2**63 - 1),
                     (0, 1, 8, 2), (2, 1, 2, 1)]:
    for n in (0, 1, 102334155, U64, 2**32 - 1):
        seeds.append((f"{p}_{q}_{d}_{r}_{n}", u8(0) + i64(p) + i64(q) + u64(d) + i64(r) + u64(n)))
write("quadratic", seeds)

seeds = [
    ("wythoff", b"2 1\n8 4\n4 7\n165580140 267914295\n"),
    ("empty", b""),
    ("junk", b"1 2 3\nx\n\n-5 7\n99999999999999999999 1\n"),
    ("euclid", b"34 12\n15 24\n0 0\n"),
    ("bash", b"2\n23 2\n4 3\n"),
    ("crlf", b"3 5\r\n1000000000 1000000000\r\n"),
    # Valid for one problem each (`judge validate PROBLEM` accepts it); `judge_input` runs
    # every input through every problem, so each reaches its own problem's solver.
    # wythoff-moves: a ≤ b ≤ 10^6, then `0 0`.
    ("wythoff-moves", b"1 2\n3 5\n4 4\n0 7\n999999 1000000\n0 0\n"),
    # wythoff-big: (⌊kφ⌋, ⌊kφ²⌋) for k = 381966011250105152 is (618033988749894848, 10^18),
    # a losing position at the limit; its neighbours win.
    ("wythoff-big", b"4\n1 2\n618033988749894848 1000000000000000000\n"
                    b"618033988749894849 1000000000000000000\n1000000000000000000 1\n"),
    # bash-auction: 0 < M, N < 1100, until end of file.
    ("bash-auction", b"4 2\n3 2\n1099 1099\n1 1\n1099 1\n"),
    # fibonacci-nim: Fibonacci numbers lose; 70711162 is where the doubles' square test errs.
    ("fibonacci-nim", b"2\n3\n4\n13\n70711162\n102334155\n2147483647\n0\n"),
]
write("judge_input", seeds)

# judge_generate: problem u8, profile u8, seed u64, then the `Cases` enum: a u32 whose
# (tag * 3) >> 32 picks Default, Few(u8) or AtLimit(i8), then the payload.
TAG = [0, 1431655766, 2863311531]
PROBLEMS, PROFILES = 7, ["random", "edge", "hack", "max", "mixed"]


def gen(problem, profile, seed, variant, payload=b""):
    return u8(problem) + u8(profile) + u64(seed) + struct.pack("<I", TAG[variant]) + payload


seeds = []
for p in range(PROBLEMS):
    for j, name in enumerate(PROFILES):
        seeds.append((f"p{p}-{name}-few3", gen(p, j, 1000 + p, 1, u8(3))))
        if name != "max":
            seeds.append((f"p{p}-{name}-default", gen(p, j, 2000 + p, 0)))
    seeds.append((f"p{p}-random-limit", gen(p, 0, 3000 + p, 2, u8(0))))
    seeds.append((f"p{p}-random-limit+1", gen(p, 0, 3000 + p, 2, u8(1))))
write("judge_generate", seeds)
