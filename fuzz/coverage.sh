#!/usr/bin/env bash
# Line coverage of the beatty crates per fuzz target: `cargo fuzz coverage` runs each
# target on its committed seeds and regressions (plus CORPUS/<target>/ when a directory
# CORPUS is given, e.g. the corpus a fuzzing run grew), then llvm-cov counts the lines of
# each crate that the target executed. Prints one Markdown table.
#
# Usage: fuzz/coverage.sh [CORPUS]
# Needs nightly with llvm-tools (`rustup component add llvm-tools-preview --toolchain
# nightly`); without them it says so and exits 0, so CI passes on machines without them.
set -euo pipefail
cd "$(dirname "$0")"
corpus_root="${1:-}"
sysroot="$(rustc +nightly --print sysroot)"
tools="$sysroot/lib/rustlib/$(rustc +nightly -vV | sed -n 's/^host: //p')/bin"
if [ ! -x "$tools/llvm-cov" ] || [ ! -x "$tools/llvm-profdata" ]; then
    echo "coverage: skipped, no llvm-cov/llvm-profdata of nightly's LLVM in $tools" >&2
    echo "coverage: install them with: rustup component add llvm-tools-preview --toolchain nightly" >&2
    exit 0
fi
host="$(rustc +nightly -vV | sed -n 's/^host: //p')"
summaries="$(mktemp -d)"
trap 'rm -rf "$summaries"' EXIT
for t in $(cargo +nightly fuzz list); do
    dirs=()
    mkdir -p "$summaries/$t-inputs"
    cp corpus/"$t"/seed-* "$summaries/$t-inputs/"
    if [ -d "regressions/$t" ]; then
        cp regressions/"$t"/* "$summaries/$t-inputs/"
    fi
    dirs+=("$summaries/$t-inputs")
    if [ -n "$corpus_root" ] && [ -d "$corpus_root/$t" ]; then
        dirs+=("$corpus_root/$t")
    fi
    # Every input runs once, no fuzzing; the profile lands in coverage/<t>/. cargo fuzz
    # merges every raw profile it finds there, so those of an earlier run go first.
    rm -rf "coverage/$t"
    cargo +nightly fuzz coverage "$t" "${dirs[@]}" >"$summaries/$t.log" 2>&1 || {
        tail -n 30 "$summaries/$t.log" >&2
        echo "coverage: cargo fuzz coverage $t failed" >&2
        exit 1
    }
    "$tools/llvm-cov" export -summary-only \
        "target/$host/coverage/$host/release/$t" \
        -instr-profile="coverage/$t/coverage.profdata" \
        -ignore-filename-regex='/(\.cargo|rustc|\.rustup)/' >"$summaries/$t.json"
done
python3 - "$summaries" "$(cd .. && pwd)" <<'PY'
import json, os, sys
summaries, root = sys.argv[1], sys.argv[2]
crates = ["core", "games", "float", "hazards", "problems"]
rows = []
for name in sorted(f for f in os.listdir(summaries) if f.endswith(".json")):
    data = json.load(open(os.path.join(summaries, name)))
    lines = {c: [0, 0] for c in crates}
    for f in data["data"][0]["files"]:
        rel = os.path.relpath(f["filename"], root)
        parts = rel.split(os.sep)
        if len(parts) > 2 and parts[0] == "crates" and parts[1] in lines:
            l = f["summary"]["lines"]
            lines[parts[1]][0] += l["covered"]
            lines[parts[1]][1] += l["count"]
    rows.append((name[:-5], lines))
print("| target | " + " | ".join(f"beatty-{c} lines" for c in crates) + " |")
print("|---|" + "---|" * len(crates))
for t, lines in rows:
    cells = [f"{c} / {n} ({100 * c // n} %)" if n else "—" for c, n in (lines[c] for c in crates)]
    print(f"| {t} | " + " | ".join(cells) + " |")
PY
