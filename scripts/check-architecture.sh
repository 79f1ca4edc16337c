#!/usr/bin/env bash
# The invariants of ARCHITECTURE.md that can be checked mechanically; run by
# .ci/run. Each failure names the rule and the lines that break it.
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
fail() { echo "architecture: $*" >&2; failed=1; }

# Exact crates: no floating point.
if grep -rnwE 'f32|f64' crates/core/src crates/games/src; then
    fail "floating point in an exact crate (core, games): the lines above"
fi

# unsafe: allowed in two files only.
allowed='^(crates/hazards/src/kernel\.rs|crates/sandbox/src/sys\.rs)$'
for f in $(grep -rlE 'allow\((unsafe_code)\)' crates --include='*.rs'); do
    [[ $f =~ $allowed ]] || fail "$f allows unsafe_code (only kernel.rs and sys.rs may)"
done

# Dependencies: core has none at run time; games does not see the float
# crate; the library crates carry no command-line crate.
deps() { cargo tree -q -e normal --prefix none -p "$1" | cut -d' ' -f1 | sort -u; }
core=$(deps beatty-core)
[[ $core == beatty-core ]] || fail "beatty-core has runtime dependencies: $core"
if deps beatty-games | grep -qx beatty-float; then
    fail "beatty-games depends on beatty-float"
fi
cli='^(clap|indicatif|signal-hook|serde_json|plotters|image)$'
for c in beatty-core beatty-float beatty-games beatty-hazards beatty-sandbox beatty-judge; do
    if found=$(deps "$c" | grep -E "$cli"); then
        fail "$c depends on command-line crates: $found"
    fi
done

# Hazards: the engine and its blocks import no formula module.
for f in search sweep enumerate walk; do
    if grep -nE '^use crate::.*\b(lower_f64|lower_f32|classify_f64)\b' "crates/hazards/src/$f.rs"; then
        fail "crates/hazards/src/$f.rs imports a formula module (formulas -> engine, not back)"
    fi
done

if [[ $failed == 0 ]]; then
    echo "architecture: every checked invariant of ARCHITECTURE.md holds"
fi
exit $failed
