#!/usr/bin/env python3
"""Wall-clock table of `judge solve`, `judge validate` and `judge check` for every
problem, each against its counterpart measured in the same run (docs/performance.md).

    python3 crates/problems/bench/perf.py --testlib DIR [--before JUDGE] [--judge JUDGE]
                                       [--rounds 5] [--cases 10000000] [--problems a,b]

Counterparts, each run alternately with the judge on the same files, medians of
--rounds runs:

* solve: `crates/problems/bench/wythoff_fast.c` (exact, fread, hand-written parsing,
  64x64->128-bit fixed point; gcc -O2 -march=native) for wythoff; with --before,
  another judge binary (e.g. a build of an older commit) for every problem.
* validate: the --before judge, when given.
  (A problem the --before judge does not know has no ratio to it.)
* check: testlib's ncmp (integer answers) or wcmp (word answers), compiled with
  g++ -O2 from the testlib checkout given by --testlib or $TESTLIB (testlib.h and
  checkers/ncmp.cpp, checkers/wcmp.cpp; nothing of it is in this repository).
  Without one the script says so and the check column has no ratio. testlib refuses
  an INPUT file above 128 MB and ncmp/wcmp do not read it: they get an empty one.
  wythoff-moves has its own comparison (moves in any order) and no testlib
  counterpart; ncmp, which compares the same integers in order, stands in for it.

Inputs: `judge gen P --profile random --seed 1 --cases N` (N = --cases, at most what
a counted format allows: bash 100, wythoff-big 10^4; bash-auction 1.5 * 10^5, whose
answers are then 110 MB, below testlib's 128 MB limit; wythoff-moves 10^6, whose
answers are then 18 MB); OUTPUT and ANSWER are the
exact answer (`judge solve`), so `check` reads everything. Ratios are of wall-clock
medians, with the ratio of CPU-time (user + system) medians beside them, which a
loaded machine disturbs less. MB/s counts the bytes
each program reads: the input for solve and validate, input + output + answer for
check (testlib's checkers: output + answer). Max RSS: the largest of the judge's
solve, validate and check, one more run each under /usr/bin/time.
Without --judge it builds and measures target/release/judge.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def run(cmd, stdin=None):
    """Runs cmd; returns (wall seconds, CPU seconds (user + system), exit code)."""
    fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t
    if stdin:
        fin.close()
    return dt, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def max_rss_kb(cmd):
    """The maximum resident set size of one more run, from /usr/bin/time."""
    r = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    return int(r.stderr.strip().splitlines()[-1])


def measure(cmds, rounds):
    """cmds: {name: (argv, stdin)}; alternating rounds; {name: median wall s}, {name: median CPU s}."""
    times = {n: [] for n in cmds}
    cpu = {n: [] for n in cmds}
    for _ in range(rounds):
        for n, (argv, stdin) in cmds.items():
            dt, c, code = run(argv, stdin)
            if code != 0:
                sys.exit(f"error: {n} exited {code}: {' '.join(argv)}")
            times[n].append(dt)
            cpu[n].append(c)
    med = lambda d: {n: statistics.median(t) for n, t in d.items()}
    return med(times), med(cpu)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--testlib", default=os.environ.get("TESTLIB"))
    ap.add_argument("--judge", default=os.environ.get("JUDGE"))
    ap.add_argument("--before", default=os.environ.get("BEFORE_JUDGE"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cases", type=int, default=10_000_000)
    ap.add_argument("--problems", default="")
    a = ap.parse_args()

    if a.judge:
        judge = os.path.abspath(shutil.which(a.judge) or a.judge)
    else:
        subprocess.run(["cargo", "build", "--release", "-q", "--bin", "judge"], cwd=ROOT, check=True)
        judge = os.path.join(ROOT, "target", "release", "judge")
    before = os.path.abspath(a.before) if a.before else None
    work = tempfile.mkdtemp(prefix="beatty-perf-")
    try:
        fast_c = os.path.join(work, "wythoff_fast")
        subprocess.run(["gcc", "-O2", "-march=native", "-o", fast_c,
                        os.path.join(ROOT, "crates/problems/bench/wythoff_fast.c")], check=True)
        checkers = {}
        if a.testlib:
            for c in ("ncmp", "wcmp"):
                exe = os.path.join(work, c)
                subprocess.run(["g++", "-O2", "-I", a.testlib, "-o", exe,
                                os.path.join(a.testlib, "checkers", c + ".cpp")], check=True)
                checkers[c] = exe
        else:
            print("note: no testlib checkout given (--testlib DIR or TESTLIB=DIR): "
                  "check is measured without testlib's ncmp/wcmp, so without a ratio")
        empty = os.path.join(work, "empty.in")
        open(empty, "wb").close()

        known_before = set()
        if before:
            listing = subprocess.run([before, "problems"], capture_output=True, text=True, check=True).stdout
            known_before = {l.split()[0] for l in listing.splitlines() if l and not l[0].isspace()}
        print(f"judge: {judge}" + (f"; before: {before}" if before else ""))
        cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
        print(f"machine: {os.cpu_count()} CPUs, {cpu}, {os.uname().sysname} {os.uname().release}")
        print(f"command: python3 {' '.join(sys.argv)}")
        print(f"rounds: {a.rounds}, alternating, medians; load average at the start: {load()}")
        names = [p for p in (a.problems.split(",") if a.problems else
                             ["wythoff", "wythoff-moves", "wythoff-big", "bash", "bash-auction", "euclid", "fibonacci-nim"])]
        # Counted formats allow at most 100 (bash) and 10^4 (wythoff-big) cases; bash-auction's
        # answers (up to 1100 bids a line) stay below testlib's 128 MB with 1.5 * 10^5 cases (110 MB).
        # wythoff-moves: 10^6 (its answers, up to four lines a case, stay far below 128 MB).
        limits = {"bash": 100, "wythoff-big": 10_000, "bash-auction": 150_000, "wythoff-moves": 1_000_000}
        # The testlib checker each problem's comparison matches (`judge problems`); for
        # wythoff-moves (its own comparison) ncmp on the same integers in order.
        kinds = {"wythoff": "ncmp", "wythoff-moves": "ncmp"}
        rows = []
        for p in names:
            n = min(a.cases, limits.get(p, a.cases))
            inp, ans, out = (os.path.join(work, f"{p}.{e}") for e in ("in", "ans", "out"))
            with open(inp, "wb") as f:
                subprocess.run([judge, "gen", p, "--profile", "random", "--seed", "1", "--cases", str(n)],
                               stdout=f, check=True)
            with open(ans, "wb") as f:
                subprocess.run([judge, "solve", p, inp], stdout=f, check=True)
            shutil.copy(ans, out)
            size_in, size_ans = os.path.getsize(inp), os.path.getsize(ans)
            checker = kinds.get(p, "wcmp")
            cmds = {"solve": ([judge, "solve", p, inp], None),
                    "validate": ([judge, "validate", p, inp], None),
                    "check": ([judge, "check", p, inp, out, ans], None)}
            if p == "wythoff":
                cmds["C"] = ([fast_c], inp)
                got = subprocess.run([fast_c], stdin=open(inp, "rb"), capture_output=True).stdout
                if got != open(ans, "rb").read():
                    sys.exit("error: the C solution and judge solve disagree")
            if p in known_before:
                cmds["before solve"] = ([before, "solve", p, inp], None)
                cmds["before validate"] = ([before, "validate", p, inp], None)
            if checker and checker in checkers:
                cmds[checker] = ([checkers[checker], empty, out, ans], None)
            m, cpu = measure(cmds, a.rounds)
            mb = lambda size, name: size / m[name] / 1e6
            row = {"problem": p, "cases": n, "MB": size_in / 1e6,
                   "solve": (m["solve"], mb(size_in, "solve")),
                   "validate": (m["validate"], mb(size_in, "validate")),
                   "check": (m["check"], mb(size_in + 2 * size_ans, "check")),
                   "rss": max(max_rss_kb(cmds[c][0]) for c in ("solve", "validate", "check"))}
            both = lambda base, this: (m[base] / m[this], cpu[base] / cpu[this])
            if "C" in m:
                row["solve vs C"] = both("C", "solve")
            if p in known_before:
                row["solve vs before"] = both("before solve", "solve")
                row["validate vs before"] = both("before validate", "validate")
            if checker and checker in m:
                row["checker"] = checker + (" (in order)" if p == "wythoff-moves" else "")
                row["check vs testlib"] = both(checker, "check")
            rows.append(row)
            print(f"  {p}: " + ", ".join(f"{k} {v:.3f} s" for k, v in m.items()), flush=True)

        def ratio(r, k):
            return f"{r[k][0]:.2f}× (CPU {r[k][1]:.2f}×)" if k in r else "—"

        print(f"\nload average at the end: {load()}\n")
        print("| problem | cases | input MB | solve MB/s | solve vs C | solve vs before | validate MB/s "
              "| validate vs before | check MB/s | check vs testlib | judge max RSS |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['problem']} | {r['cases']} | {r['MB']:.0f} | {r['solve'][1]:.0f} ({r['solve'][0]:.3f} s) "
                  f"| {ratio(r, 'solve vs C')} | {ratio(r, 'solve vs before')} "
                  f"| {r['validate'][1]:.0f} ({r['validate'][0]:.3f} s) | {ratio(r, 'validate vs before')} "
                  f"| {r['check'][1]:.0f} ({r['check'][0]:.3f} s) "
                  f"| {ratio(r, 'check vs testlib') + (' ' + r['checker'] if 'checker' in r else '')} "
                  f"| {r['rss'] / 1024:.1f} MB |")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
