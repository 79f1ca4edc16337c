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
for c in beatty-core beatty-float beatty-games beatty-hazards beatty-sandbox beatty-problems beatty-judge; do
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

# The problems crate is pure and portable: no sandbox on any target, no
# `cfg(target_os)` (what runs processes is beatty-judge's).
if cargo tree -q -e normal --target all --prefix none -p beatty-problems | cut -d' ' -f1 |
    grep -qx beatty-sandbox; then
    fail "beatty-problems depends on beatty-sandbox (cargo tree -e normal --target all -i beatty-sandbox -p beatty-problems)"
fi
if grep -rn 'cfg(target_os' crates/problems/src; then
    fail "crates/problems/src has cfg(target_os) (the lines above): it is portable"
fi

# The problems library as a stack: leaves <- problems <- drivers.
# The leaves import only leaves; nothing under problem/ imports a driver (the
# drivers reach each problem through Problem::visit).
upper='solve|validate|check|generate|explain|interact'
code_lines() { grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; }
if grep -rnE "\bcrate::($upper)\b" crates/problems/src/problem | code_lines; then
    fail "crates/problems/src/problem imports a driver (the lines above): drivers -> problems, not back"
fi
for f in text rng verdict window compare; do
    if grep -HnE "\bcrate::($upper|problem|Problem)\b" "crates/problems/src/$f.rs" | code_lines; then
        fail "crates/problems/src/$f.rs is a leaf but imports from above it (the lines above)"
    fi
done

# No import circle in any crate, between files or between top-level modules:
# an edge is a `crate::` or `super::` path in a file's code (not its comments
# or tests), followed through `pub use` re-exports to the file that defines the
# name (scripts/import-circles.py says how exactly).
for src in crates/*/src; do
    python3 scripts/import-circles.py "$src" ||
        fail "$src: an import circle (above): split one side, or move the shared part below both"
done

if [[ $failed == 0 ]]; then
    echo "architecture: every checked invariant of ARCHITECTURE.md holds"
fi
exit $failed
