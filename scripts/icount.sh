#!/usr/bin/env bash
# Instruction counts of the hot paths, compared with the committed baseline.
#
#   scripts/icount.sh            measure, compare, exit 1 on a regression
#   scripts/icount.sh --accept   measure and write the counts as the new baseline
#
# Each benchmark of crates/bench/benches/icount.rs (`icount --list`: beatty-core's
# lower and classify; solve, validate and check of every problem on a fixed input)
# runs once under `valgrind --tool=callgrind`, counting only the instructions of
# the measured function (--toggle-collect), which do not depend on the machine's
# load. A count more than ICOUNT_TOLERANCE percent (default 10) above its line in
# crates/judge/bench/icount-baseline.txt is a regression: the script names the
# benchmark with the old and the new count and exits 1. A deliberate change is
# accepted with `scripts/icount.sh --accept` (commit the baseline it writes).
# Counts depend on the compiler: accept again after a toolchain upgrade.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=crates/judge/bench/icount-baseline.txt
tolerance=${ICOUNT_TOLERANCE:-10}
accept=false
case "${1:-}" in
    --accept) accept=true ;;
    "") ;;
    *) echo "usage: scripts/icount.sh [--accept]" >&2; exit 2 ;;
esac
command -v valgrind >/dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }

# A bench target (harness = false) of beatty-bench: cargo names its file with a
# hash, which the build's JSON messages give.
bin=$(cargo build --release -q -p beatty-bench --bench icount --message-format=json |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
[ -x "$bin" ] || { echo "error: no icount benchmark binary was built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

: > "$work/new"
for name in $("$bin" --list); do
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
        --toggle-collect='*icount_measured*' "$bin" "$name" 2>"$work/log" ||
        { cat "$work/log" >&2; echo "error: benchmark $name failed" >&2; exit 1; }
    count=$(sed -n 's/^summary: //p' "$work/cg.out")
    [ -n "$count" ] && [ "$count" -gt 0 ] ||
        { echo "error: no instruction count for $name" >&2; exit 1; }
    echo "$name $count" >> "$work/new"
done

if $accept; then
    {
        echo "# Instruction counts of scripts/icount.sh ($(rustc --version | cut -d' ' -f1-2));"
        echo "# rewrite with scripts/icount.sh --accept."
        cat "$work/new"
    } > "$baseline"
    echo "wrote $baseline:"
    cat "$work/new"
    exit 0
fi

[ -f "$baseline" ] || { echo "error: no baseline $baseline (scripts/icount.sh --accept writes one)" >&2; exit 1; }
awk -v tol="$tolerance" '
    BEGIN { printf "%-26s %14s %14s %8s\n", "benchmark", "baseline", "now", "change" }
    FNR == NR { if ($0 !~ /^#/ && NF == 2) old[$1] = $2; next }
    {
        name = $1; new = $2
        if (!(name in old)) { printf "%-26s %14s %14d   new benchmark (no baseline)\n", name, "-", new; missing++; next }
        change = 100 * (new - old[name]) / old[name]
        flag = ""
        if (change > tol) { flag = "   REGRESSION"; bad++ }
        printf "%-26s %14d %14d %+7.1f%%%s\n", name, old[name], new, change, flag
        if (change > tol) regress = regress sprintf("  %s: %d -> %d instructions (%+.1f%%, more than %s%%)\n", name, old[name], new, change, tol)
        seen[name] = 1
    }
    END {
        for (n in old) if (!(n in seen)) { printf "%-26s %14d %14s   gone\n", n, old[n], "-"; missing++ }
        if (bad) {
            printf "\nerror: instruction count regression in %d benchmark(s):\n%s", bad, regress
            print "If the change is deliberate, accept it: scripts/icount.sh --accept (and commit crates/judge/bench/icount-baseline.txt)."
            exit 1
        }
        if (missing) {
            print "\nerror: the benchmarks differ from the baseline; scripts/icount.sh --accept records them"
            exit 1
        }
        print "\nno benchmark above its baseline by more than " tol "%"
    }
' "$baseline" "$work/new"
