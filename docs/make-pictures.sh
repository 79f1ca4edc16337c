#!/usr/bin/env bash
# Regenerates the pictures of docs/pictures.md in docs/pictures/ with `judge plot`.
#   bash docs/make-pictures.sh          write them
#   bash docs/make-pictures.sh --check  make them in a scratch directory and fail unless
#                                       they are byte-identical to the committed ones (CI)
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -p beatty-cli --bin judge --quiet
judge=target/release/judge

out=docs/pictures
if [[ "${1:-}" == "--check" ]]; then
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

"$judge" plot wythoff --grundy 2048 --out "$out/wythoff-grundy-2048.svg"
"$judge" plot wythoff --grundy 32 --out "$out/wythoff-grundy-32.svg"
"$judge" plot wythoff --p-positions 100 --out "$out/wythoff-p-positions-100.svg"
"$judge" plot hazards --to 10^12 --out "$out/hazards-lower-f64.svg"
"$judge" plot euclid 60 --out "$out/euclid-60.svg"
"$judge" plot bash 60 12 --out "$out/bash-60-12.svg"

if [[ "${1:-}" == "--check" ]]; then
    if ! diff -r docs/pictures "$out" >/dev/null; then
        diff -rq docs/pictures "$out" || true
        echo "error: docs/pictures is not what docs/make-pictures.sh makes; run it and commit" >&2
        exit 1
    fi
    echo "docs/pictures: up to date ($(ls "$out" | wc -l) pictures)"
fi
