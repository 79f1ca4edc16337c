#!/usr/bin/env bash
# Benchmark: `judge solve wythoff` against the classic C solution (scanf, double
# formula, printf; gcc -O2), both measured in the same run on the same input.
#
#   bash crates/problems/bench/solve_wythoff.sh [LINES...]     (default: 1000000 10000000)
#   JUDGE=path/to/judge bash crates/problems/bench/solve_wythoff.sh ...
#
# Without JUDGE it builds and measures target/release/judge; with it, that binary
# (e.g. one installed with `cargo install --path crates/cli --locked --profile dist`).
#
# For each size it generates `judge gen wythoff --profile random --cases N`
# (a, b ≤ 10^9, about 20 bytes a line), runs each program 3 times, and prints
# the best wall-clock time of each, the ratio C / judge, and the maximum
# resident set size (from /usr/bin/time) — flat memory shows that solve streams.
# Both outputs are compared: they agree on random data (the hack cases are rare).
set -euo pipefail
# JUDGE as given from the caller's directory (a path) or PATH (a bare name).
if [ -n "${JUDGE:-}" ]; then
    case $JUDGE in
        */*) JUDGE=$(realpath "$JUDGE") ;;
        *) JUDGE=$(command -v "$JUDGE") || { echo "JUDGE=$JUDGE: not found on PATH" >&2; exit 1; } ;;
    esac
fi
cd "$(dirname "$0")/../../.."
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(1000000 10000000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${JUDGE:-}" ]; then
    judge=$JUDGE
else
    cargo build --release -q --bin judge
    judge=target/release/judge
fi
echo "judge: $judge"
gcc -O2 -o "$work/classic" crates/problems/bench/classic.c -lm

measure() { # measure NAME OUT CMD... < input  → prints "seconds maxrss_kb" of the best of 3
    local best="" rss=0
    for _ in 1 2 3; do
        /usr/bin/time -f "%e %M" -o "$work/time" "${@:2}" > "$1"
        read -r t m < "$work/time"
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
        [ "$m" -gt "$rss" ] && rss=$m
    done
    echo "$best $rss"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr)"
printf '%-10s %10s %10s %8s %12s %12s\n' lines "judge s" "C s" ratio "judge RSS" "C RSS"
for n in "${sizes[@]}"; do
    "$judge" gen wythoff --profile random --cases "$n" --seed 1 > "$work/in"
    read -r tj rj < <(measure "$work/out.judge" "$judge" solve wythoff "$work/in")
    read -r tc rc < <(measure "$work/out.c" sh -c "exec '$work/classic' < '$work/in'")
    cmp -s "$work/out.judge" "$work/out.c" || echo "note: outputs differ (a float error in the C solution)"
    ratio=$(awk "BEGIN{printf \"%.1f\", $tc / ($tj > 0 ? $tj : 0.001)}")
    printf '%-10s %10s %10s %7sx %9s KB %9s KB\n' "$n" "$tj" "$tc" "$ratio" "$rj" "$rc"
done
