#!/bin/bash -eu
# Builds every fuzz target of fuzz/ into $OUT for ClusterFuzzLite (and OSS-Fuzz): the
# binary, <target>_seed_corpus.zip (the committed seeds and regressions),
# <target>.options and, where one exists, <target>.dict.
#
# The builder runs it as $SRC/build.sh with the repository in $SRC/beatty. It also runs
# outside Docker with SRC, OUT and WORK set the same way: .clusterfuzzlite/test-build.sh
# does that in .ci/run (with RUSTUP_TOOLCHAIN=nightly).
fuzz="$SRC/beatty/fuzz"
cd "$fuzz"
# Overflow checks and debug assertions on: an overflow is a bug the targets must find.
cargo fuzz build -O --debug-assertions
bin="${CARGO_TARGET_DIR:-$fuzz/target}/x86_64-unknown-linux-gnu/release"
for target in $(cargo fuzz list); do
    cp "$bin/$target" "$OUT/"
    rm -f "$OUT/${target}_seed_corpus.zip"
    zip -q -j "$OUT/${target}_seed_corpus.zip" corpus/"$target"/seed-*
    if [ -d "regressions/$target" ]; then
        zip -q -j "$OUT/${target}_seed_corpus.zip" regressions/"$target"/*
    fi
    cp "options/$target.options" "$OUT/"
    if [ -f "options/$target.dict" ]; then
        cp "options/$target.dict" "$OUT/"
    fi
done
