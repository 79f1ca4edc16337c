#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh outside Docker exactly as the ClusterFuzzLite builder
# does (the script copied to $SRC/build.sh, the repository at $SRC/beatty, empty $OUT and
# $WORK), checks that every target of `cargo fuzz list` produced its binary, seed corpus
# zip and options, and runs every binary on its seed corpus for a few seconds.
#
# Usage: test-build.sh [OUT]   (OUT: keep the build there; default: a temporary directory)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${BEATTY_CFLITE_TEST_SECONDS:-3}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export SRC="$scratch/src" WORK="$scratch/work" OUT="${1:-$scratch/out}"
mkdir -p "$SRC" "$WORK" "$OUT"
ln -s "$repo" "$SRC/beatty"
cp "$repo/.clusterfuzzlite/build.sh" "$SRC/build.sh"
# The builder's default toolchain is nightly; here it may be stable.
export RUSTUP_TOOLCHAIN="${RUSTUP_TOOLCHAIN:-nightly}"
start=$SECONDS
(cd "$SRC" && bash -eu ./build.sh)
echo "build.sh: $((SECONDS - start)) s"

targets=$(cd "$repo/fuzz" && cargo fuzz list)
for t in $targets; do
    for f in "$t" "${t}_seed_corpus.zip" "$t.options"; do
        if [ ! -s "$OUT/$f" ]; then
            echo "error: build.sh did not produce $OUT/$f" >&2
            exit 1
        fi
    done
    seeds="$WORK/$t-seeds"
    mkdir -p "$seeds"
    unzip -q -o "$OUT/${t}_seed_corpus.zip" -d "$seeds"
    expected=$(find "$repo/fuzz/corpus/$t" -name 'seed-*' -type f | wc -l)
    if [ -d "$repo/fuzz/regressions/$t" ]; then
        expected=$((expected + $(find "$repo/fuzz/regressions/$t" -type f | wc -l)))
    fi
    got=$(find "$seeds" -type f | wc -l)
    if [ "$got" -ne "$expected" ]; then
        echo "error: ${t}_seed_corpus.zip has $got files, expected $expected" >&2
        exit 1
    fi
    flags=()
    while IFS='=' read -r key value; do
        key="${key// /}" value="${value// /}"
        if [ -n "$key" ] && [ -n "$value" ] && [ "${key:0:1}" != "[" ]; then
            flags+=("-$key=$value")
        fi
    done < "$OUT/$t.options"
    if [ -f "$OUT/$t.dict" ]; then
        flags+=("-dict=$OUT/$t.dict")
    fi
    # New inputs go to a scratch corpus; a crash fails the test (artifact in $WORK).
    mkdir -p "$WORK/$t-new"
    log="$WORK/$t.log"
    if ! (cd "$WORK" && "$OUT/$t" "${flags[@]}" -max_total_time="$seconds" \
        -artifact_prefix="$WORK/$t-" "$WORK/$t-new" "$seeds") > "$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "error: $t failed on its seed corpus" >&2
        exit 1
    fi
    echo "$t: $got seeds, $(grep -o 'INITED cov: [0-9]*' "$log" | head -n 1), ok"
done
