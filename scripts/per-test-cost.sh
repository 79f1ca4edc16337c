#!/usr/bin/env bash
# The per-test wall time of two judges, alternated in the same run (docs/performance.md,
# "The system-call filter's cost per test"):
#
#   scripts/per-test-cost.sh BEFORE_JUDGE AFTER_JUDGE [ROUNDS] [DIR]
#
# `judge run wythoff --tests T --jobs 1 [--isolation basic] -- ./p` of a static C
# program that answers `0`, on 210 one-line tests and on 10; (time of 210 − time of
# 10) / 200 is the time per test, without the judge's start. Each round runs
# BEFORE then AFTER, in strict and basic isolation, as root and (through setpriv)
# as nobody, under `chrt -f 50` (ahead of the machine's other work). Prints every
# round and, per case, the medians, their ratio and difference. DIR (default
# /srv/beatty-per-test, outside /tmp so that strict runs get a private /tmp) holds
# the tests, the program and copies of the judges, readable by nobody. Needs root,
# cc, bc, chrt and setpriv.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
rounds=${3:-10}
d=${4:-/srv/beatty-per-test}
mkdir -p "$d"
cp "$1" "$d/before"
cp "$2" "$d/after"
printf '#include <stdio.h>\nint main(void){long a,b;if(scanf("%%ld %%ld",&a,&b)==2)puts("0");return 0;}\n' >"$d/p.c"
"${CC:-cc}" -O2 -static -o "$d/p" "$d/p.c"
for n in 10 210; do
    mkdir -p "$d/t$n"
    for i in $(seq 1 $n); do echo "1 2" >"$d/t$n/$i.in"; echo 0 >"$d/t$n/$i.ans"; done
done
chmod -R a+rX "$d"
cd "$d"
seconds() { # JUDGE USER MODE N
    local pre=()
    [ "$2" = nobody ] && pre=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    local s e
    s=$(date +%s.%N)
    # shellcheck disable=SC2086
    chrt -f 50 "${pre[@]}" "./$1" run wythoff --tests "t$4" --jobs 1 $3 -- ./p >/dev/null 2>&1 ||
        { echo "error: $1 as $2 ${3:-strict} failed" >&2; exit 1; }
    e=$(date +%s.%N)
    echo "$e - $s" | bc -l
}
out=$(mktemp)
for user in root nobody; do
    for mode in "" "--isolation basic"; do
        for r in $(seq 1 "$rounds"); do
            for j in before after; do
                a=$(seconds $j $user "$mode" 210)
                b=$(seconds $j $user "$mode" 10)
                printf '%s %s %s %d %.3f\n' $user "${mode:+basic}" $j "$r" \
                    "$(echo "($a - $b) * 1000 / 200" | bc -l)" | sed 's/  / strict /' | tee -a "$out"
            done
        done
    done
done
echo "median ms per test (before, after, after/before, after - before):"
for user in root nobody; do
    for mode in strict basic; do
        med() { grep "^$user $mode $1 " "$out" | awk '{print $5}' | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
        b=$(med before); a=$(med after)
        printf '%s %s: %s %s %.3f %+.3f\n' $user $mode "$b" "$a" "$(echo "$a / $b" | bc -l)" "$(echo "$a - $b" | bc -l)"
    done
done
rm -f "$out"
