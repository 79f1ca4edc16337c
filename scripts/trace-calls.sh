#!/bin/bash
# The system calls an honest compile and run of each language make, traced
# outside the judge with `strace -f -qq` (docs/sandbox.md, "System calls by
# allow list"). Prints `call: who...` (who: LANGUAGE.compile, LANGUAGE.run),
# one line per call, and keeps the traces in $OUT (default: a new temporary
# directory). A language whose tool is missing is skipped, saying so.
# Usage: scripts/trace-calls.sh [OUT]
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
fair=$repo/crates/cli/tests/fair
wythoff=$repo/crates/problems/src/problem/wythoff
out=${1:-$(mktemp -d /tmp/trace-calls.XXXXXX)}
mkdir -p "$out"
printf '1 2\n3 5\n4 7\n10 20\n' >"$out/input"

# lang ID SOURCE COMPILE RUN: the compile as the judge's compile script does
# it (a copy of the source, the compiler, then tar of what it wrote), then
# the run on $out/input; each under strace -f.
lang() {
	local id=$1 src=$2 compile=$3 run=$4 d=$out/$1
	local tool=${compile:-$run}
	tool=${tool#exec }
	if ! command -v "${tool%% *}" >/dev/null; then
		echo "skipping $id: no ${tool%% *}" >&2
		return
	fi
	rm -rf "$d" && mkdir -p "$d/out/judge-src-0" && cp "$src" "$d/out/"
	cd "$d/out" || return
	if [ -n "$compile" ]; then
		strace -f -qq -o "$out/$id.compile.log" sh -c \
			"cp $(basename "$src") judge-src-0/ && $compile >&2; tar -cf - --format=ustar . >/dev/null"
	fi
	strace -f -qq -o "$out/$id.run.log" sh -c "$run" <"$out/input" >"$d/answer" 2>"$d/stderr"
	echo "$id: $(tr '\n' ' ' <"$d/answer")" >&2
}

lang c "$wythoff/one_line.c" "gcc -O2 -std=gnu11 -o main one_line.c -lm" "exec ./main"
lang cpp "$wythoff/exact.cpp" "g++ -O2 -std=gnu++17 -o main exact.cpp" "exec ./main"
lang rust "$fair/exact.rs" "rustc -O --edition 2021 --crate-name main -o main exact.rs" "exec ./main"
lang python3 "$wythoff/exact.py" "" "exec python3 exact.py"
lang pypy3 "$wythoff/exact.py" "" "exec pypy3 exact.py"
lang java "$fair/Main.java" "javac -encoding UTF-8 -d . Main.java" \
	"exec java -Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xmx256m -cp . Main"
lang kotlin "$fair/exact.kt" "kotlinc -d . exact.kt" \
	"exec kotlin -J-XX:+UseSerialGC -J-Xss64m -J-Xmx256m -cp . ExactKt"
lang go "$fair/exact.go" "go build -o main exact.go" "exec ./main"
lang javascript "$fair/exact.js" "" "exec node --max-old-space-size=256 exact.js"
lang csharp "$fair/exact.cs" "mcs -optimize+ -r:System.Numerics -out:main.exe exact.cs" "exec mono main.exe"
lang php "$fair/exact.php" "" "exec php exact.php"
lang ruby "$fair/exact.rb" "" "exec ruby exact.rb"
lang haskell "$fair/exact.hs" "ghc -O2 -package-db /usr/lib/ghc/package.conf.d -o main exact.hs" "exec ./main"
lang ocaml "$fair/exact.ml" "ocamlopt -O3 -o main exact.ml" "exec ./main"
lang pascal "$fair/exact.pas" "fpc -O2 -Sg -omain exact.pas" "exec ./main"
lang lua "$fair/exact.lua" "" "exec lua5.4 exact.lua"

# Each call, and the traces that show it.
cd "$out" || exit 1
for log in *.log; do
	grep -oE '^[0-9]+ +[a-z_0-9]+\(' "$log" | awk '{print $2}' | tr -d '(' | sort -u | sed "s/\$/ ${log%.log}/"
done | sort | awk '{who[$1] = who[$1] " " $2} END {for (c in who) print c ":" who[c]}' | sort
