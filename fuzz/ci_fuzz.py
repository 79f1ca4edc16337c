#!/usr/bin/env python3
"""The fuzz step of .ci/run: fuzzes every target built by .clusterfuzzlite/build.sh.

Usage: python3 fuzz/ci_fuzz.py OUT [CORPUS]
  OUT: the $OUT of build.sh; CORPUS: keep the corpus each target grows in CORPUS/<target>/
  (for fuzz/coverage.sh; default: a temporary directory, removed at the end).

The budget is BEATTY_FUZZ_SECONDS (default 60) times the number of targets. Every target
first runs a third of its share from its seed corpus; the rest of the budget goes half
evenly to every target (so each keeps running, the float-vs-exact target on 0..=10^9
included) and half in proportion to the new coverage (features) each found in the first
round. The second round resumes from the corpus the first one grew. At the end a table
gives per target the seconds, exec/s and the coverage found beyond the seeds.

A crash stops the step with libFuzzer's report; the input is saved as
fuzz/artifacts/<target>/crash-… (reproduce with `cargo +nightly fuzz run <target> <file>`).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def options(path):
    """libFuzzer flags from a <target>.options file ([libfuzzer] key = value)."""
    flags = []
    for line in open(path):
        line = line.strip()
        if "=" in line and not line.startswith(("[", "#")):
            key, value = (s.strip() for s in line.split("=", 1))
            flags.append(f"-{key}={value}")
    return flags


def last_int(pattern, text, default=0):
    found = re.findall(pattern, text)
    return int(found[-1]) if found else default


def run(out, work, target, seconds):
    """Fuzzes `target` for `seconds`; returns libFuzzer's figures."""
    artifacts = os.path.join(HERE, "artifacts", target)
    os.makedirs(artifacts, exist_ok=True)
    cmd = [os.path.join(out, target)] + options(os.path.join(out, target + ".options"))
    if os.path.exists(os.path.join(out, target + ".dict")):
        cmd.append("-dict=" + os.path.join(out, target + ".dict"))
    cmd += [
        f"-max_total_time={seconds}",
        "-print_final_stats=1",
        f"-artifact_prefix={artifacts}/",
        os.path.join(work, target),
        os.path.join(work, ".seeds", target),
    ]
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                       timeout=seconds + 300)
    log = p.stdout + p.stderr
    if p.returncode != 0:
        sys.stderr.write(log[-6000:])
        sys.exit(f"error: fuzz target {target} failed (exit {p.returncode}); "
                 f"the input is in fuzz/artifacts/{target}/")
    return {
        "inited_cov": last_int(r"INITED cov: (\d+)", log),
        "inited_ft": last_int(r"INITED cov: \d+ ft: (\d+)", log),
        "cov": last_int(r"cov: (\d+)", log),
        "ft": last_int(r"cov: \d+ ft: (\d+)", log),
        "execs": last_int(r"stat::number_of_executed_units:\s+(\d+)", log),
        "new_units": last_int(r"stat::new_units_added:\s+(\d+)", log),
        "seconds": seconds,
    }


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = sys.argv[1]
    share = int(os.environ.get("BEATTY_FUZZ_SECONDS", "60"))
    targets = sorted(f[: -len(".options")] for f in os.listdir(out) if f.endswith(".options"))
    if not targets:
        sys.exit(f"error: no <target>.options in {out}: run .clusterfuzzlite/build.sh first")
    keep = len(sys.argv) == 3
    work = sys.argv[2] if keep else tempfile.mkdtemp(prefix="beatty-fuzz-")
    for t in targets:
        os.makedirs(os.path.join(work, t), exist_ok=True)
        with zipfile.ZipFile(os.path.join(out, t + "_seed_corpus.zip")) as z:
            z.extractall(os.path.join(work, ".seeds", t))

    first = {}
    explore = max(1, share // 3)
    for t in targets:
        first[t] = run(out, work, t, explore)
        print(f"{t}: {explore} s, cov {first[t]['inited_cov']} -> {first[t]['cov']}, "
              f"ft {first[t]['inited_ft']} -> {first[t]['ft']}", flush=True)

    rest = share * len(targets) - explore * len(targets)
    gains = {t: max(0, first[t]["ft"] - first[t]["inited_ft"]) for t in targets}
    even = rest // 2 // len(targets)
    pool = rest - even * len(targets)
    total_gain = sum(gains.values())
    second = {}
    for t in targets:
        extra = pool * gains[t] // total_gain if total_gain else pool // len(targets)
        seconds = even + extra
        if seconds >= 1:
            second[t] = run(out, work, t, seconds)
            print(f"{t}: {seconds} s more (first-round gain {gains[t]} features)", flush=True)

    print("\n| target | seconds | execs | exec/s | cov (edges) seeds -> end | ft seeds -> end | new units |")
    print("|---|---|---|---|---|---|---|")
    for t in targets:
        a, b = first[t], second.get(t)
        seconds = a["seconds"] + (b["seconds"] if b else 0)
        execs = a["execs"] + (b["execs"] if b else 0)
        end = b or a
        units = a["new_units"] + (b["new_units"] if b else 0)
        print(f"| {t} | {seconds} | {execs} | {execs // max(1, seconds)} | "
              f"{a['inited_cov']} -> {end['cov']} | {a['inited_ft']} -> {end['ft']} | {units} |")
    shutil.rmtree(os.path.join(work, ".seeds"))
    if not keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
