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
# crates/problems/bench/icount-baseline.txt is a regression: the script names the
# benchmark with the old and the new count and exits 1. A deliberate change is
# accepted with `scripts/icount.sh --accept` (commit the baseline it writes).
# Counts depend on the compiler: accept again after a toolchain upgrade.
#
# `judge run`'s per-test overhead is counted in system calls instead (lines
# run-syscalls-per-test-*): callgrind cannot run the sandbox (valgrind implements
# neither landlock nor seccomp, nor clone with namespace flags). `strace -f -c`
# counts every system call of `judge run` (the judge, the box's init, the
# program) on 30 one-line tests and on 10, one at a time; the difference over 20
# is the count per test, within about 1 % from run to run and with the other core
# loaded. Taken as root (the baseline's case: runs get their own user ids); as
# another user these lines are skipped. Needs strace and a C compiler (cc).
#
# An interactive test's cost per ply is the referee's instruction count
# (referee-*): a count of system calls per ply moves by 20 % from run to run with
# the machine's load (how often each side's poll wakes), too much for a gate.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=crates/problems/bench/icount-baseline.txt
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
skipped=""
for name in $("$bin" --list); do
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
        --toggle-collect='*icount_measured*' "$bin" "$name" 2>"$work/log" ||
        { cat "$work/log" >&2; echo "error: benchmark $name failed" >&2; exit 1; }
    count=$(sed -n 's/^summary: //p' "$work/cg.out")
    [ -n "$count" ] && [ "$count" -gt 0 ] ||
        { echo "error: no instruction count for $name" >&2; exit 1; }
    echo "$name $count" >> "$work/new"
done

# System calls of `judge run` per test, in each isolation this machine gives.
# Outside /tmp: strict isolation gives a run a private /tmp only when its program
# does not lie in the host's, which would change the count.
if [ "$(id -u)" = 0 ]; then
    command -v strace >/dev/null || { echo "error: strace is not installed" >&2; exit 1; }
    cargo build --release -q -p beatty-cli --bin judge
    judge=$PWD/target/release/judge
    run=$(mktemp -d "$PWD/target/icount-run.XXXXXX")
    trap 'rm -rf "$work" "$run"' EXIT
    # A static program that answers the one case (1, 2), a losing position.
    printf '#include <stdio.h>\nint main(void){long a,b;if(scanf("%%ld %%ld",&a,&b)!=2)return 1;puts("0");return 0;}\n' > "$run/p.c"
    "${CC:-cc}" -O2 -static -o "$run/p" "$run/p.c" ||
        { echo "error: cannot build a static C program for the run benchmarks (${CC:-cc} -static)" >&2; exit 1; }
    for n in 10 30; do
        mkdir "$run/t$n"
        for i in $(seq "$n"); do printf '1 2\n' > "$run/t$n/$i.in"; printf '0\n' > "$run/t$n/$i.ans"; done
    done
    # The count of `judge run --isolation $1` on the tests $2, or status 1 (the
    # report in $run/report) when it fails or is not AC.
    syscalls() {
        strace -f -c -o "$run/st" "$judge" run wythoff --tests "$run/$2" --jobs 1 \
            --isolation "$1" -- "$run/p" > "$run/report" 2>&1 &&
            grep -q '^verdict: AC' "$run/report" || return 1
        awk '$NF == "total" { print $4 }' "$run/st"
    }
    failed() {
        cat "$run/report" >&2
        echo "error: judge run --isolation $1 under strace failed or was not AC" >&2
        exit 1
    }
    for isolation in strict basic; do
        if ! few=$(syscalls "$isolation" t10); then
            if [ "$isolation" = strict ] && grep -q 'kernel refuses' "$run/report"; then
                echo "note: strict isolation is not available here: run-syscalls-per-test-strict skipped" >&2
                skipped="$skipped run-syscalls-per-test-strict"
                continue
            fi
            failed "$isolation"
        fi
        many=$(syscalls "$isolation" t30) || failed "$isolation"
        echo "run-syscalls-per-test-$isolation $(( (many - few) / 20 ))" >> "$work/new"
    done
else
    echo "note: not root: the run-syscalls-per-test-* benchmarks (taken as root) are skipped" >&2
    skipped="run-syscalls-per-test-strict run-syscalls-per-test-basic"
fi

if $accept; then
    # A benchmark skipped here keeps its line of the old baseline.
    for name in $skipped; do
        [ -f "$baseline" ] && grep "^$name " "$baseline" >> "$work/new" || true
    done
    {
        echo "# Instruction counts of scripts/icount.sh ($(rustc --version | cut -d' ' -f1-2)),"
        echo "# and system calls per test of judge run (run-syscalls-per-test-*);"
        echo "# rewrite with scripts/icount.sh --accept."
        cat "$work/new"
    } > "$baseline"
    echo "wrote $baseline:"
    cat "$work/new"
    exit 0
fi

[ -f "$baseline" ] || { echo "error: no baseline $baseline (scripts/icount.sh --accept writes one)" >&2; exit 1; }
awk -v tol="$tolerance" -v skipped="$skipped" '
    BEGIN { printf "%-30s %14s %14s %8s\n", "benchmark", "baseline", "now", "change" }
    FNR == NR { if ($0 !~ /^#/ && NF == 2) old[$1] = $2; next }
    {
        name = $1; new = $2
        if (!(name in old)) { printf "%-30s %14s %14d   new benchmark (no baseline)\n", name, "-", new; missing++; next }
        change = 100 * (new - old[name]) / old[name]
        flag = ""
        if (change > tol) { flag = "   REGRESSION"; bad++ }
        printf "%-30s %14d %14d %+7.1f%%%s\n", name, old[name], new, change, flag
        unit = name ~ /^run-syscalls/ ? "system calls per test" : "instructions"
        if (change > tol) regress = regress sprintf("  %s: %d -> %d %s (%+.1f%%, more than %s%%)\n", name, old[name], new, unit, change, tol)
        seen[name] = 1
    }
    END {
        split(skipped, skip, " ")
        for (i in skip) skipped_here[skip[i]] = 1
        for (n in old) if (!(n in seen)) {
            if (n in skipped_here) { printf "%-30s %14d %14s   skipped here\n", n, old[n], "-"; continue }
            printf "%-30s %14d %14s   gone\n", n, old[n], "-"; missing++
        }
        if (bad) {
            printf "\nerror: count regression in %d benchmark(s):\n%s", bad, regress
            if (regress ~ /run-syscalls/) print "(Which system calls: strace -f -c judge run wythoff --tests DIR --jobs 1 -- PROGRAM, as this script runs it.)"
            print "If the change is deliberate, accept it: scripts/icount.sh --accept (and commit crates/problems/bench/icount-baseline.txt)."
            exit 1
        }
        if (missing) {
            print "\nerror: the benchmarks differ from the baseline; scripts/icount.sh --accept records them"
            exit 1
        }
        print "\nno benchmark above its baseline by more than " tol "%"
    }
' "$baseline" "$work/new"
