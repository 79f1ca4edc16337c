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

# The judge library as a stack: leaves <- problems <- drivers <- products <- run.
# The leaves import only leaves; nothing under problem/ imports a driver, a
# product or the runner (the drivers reach each problem through Problem::visit).
upper='solve|validate|check|generate|explain|testset|package|run|invoke|lang'
code_lines() { grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; }
if grep -rnE "\bcrate::($upper)\b" crates/judge/src/problem | code_lines; then
    fail "crates/judge/src/problem imports a driver (the lines above): drivers -> problems, not back"
fi
for f in text rng verdict window compare; do
    if grep -HnE "\bcrate::($upper|problem|Problem)\b" "crates/judge/src/$f.rs" | code_lines; then
        fail "crates/judge/src/$f.rs is a leaf but imports from above it (the lines above)"
    fi
done

# No circle among a crate's modules. A node is a top-level module (src/x.rs,
# or everything under src/x/); an edge x -> y is a `crate::y` path in the
# code (not the comments) under x, a name the crate root re-exports from y
# counting as y. The root (lib.rs, main.rs) is no node: it declares the
# modules and calls them.
module_circles() {
    python3 - "$1" <<'PY'
import os, re, sys
src = sys.argv[1]
test_files = set()
def code(path):
    """The file without comments and without its `#[cfg(test)] mod`s (a
    `mod x;` of them puts x's file among the test files)."""
    text = open(path, encoding="utf-8").read()
    text = "\n".join(re.sub(r"(^|\s)//.*$", "", l) for l in text.split("\n"))
    here = os.path.dirname(path)
    if not path.endswith(("lib.rs", "main.rs", "mod.rs")):
        here = path[:-3]
    while m := re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])", text):
        end = m.end()
        if m.group(2) == ";":
            test_files.add(os.path.join(here, m.group(1) + ".rs"))
            test_files.add(os.path.join(here, m.group(1), "mod.rs"))
        else:
            depth = 1
            while depth and end < len(text):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
        # keep the line count: blank everything but the newlines
        text = text[: m.start()] + re.sub(r"[^\n]", " ", text[m.start() : end]) + text[end:]
    return text
roots = ("lib.rs", "main.rs")
for root in roots:
    if os.path.exists(os.path.join(src, root)):
        code(os.path.join(src, root))
mods = {f[:-3] for f in os.listdir(src) if f.endswith(".rs") and f not in roots}
mods |= {d for d in os.listdir(src) if os.path.isfile(os.path.join(src, d, "mod.rs"))}
mods -= {os.path.basename(f)[:-3] for f in test_files if os.path.dirname(f) == src}
reexport = {}
pat = r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+(\w+)::(\{[^}]*\}|\w+(?:\s+as\s+\w+)?)"
for root in roots:
    if os.path.exists(os.path.join(src, root)):
        for m, names in re.findall(pat, code(os.path.join(src, root)), re.M):
            for n in names.strip("{}").split(","):
                n = n.split(" as ")[-1].strip()
                if m in mods and n:
                    reexport[n] = m
def firsts(text, at):
    """The first segments of the paths after the `crate::` ending at `at`."""
    if text[at] != "{":
        m = re.match(r"\w+", text[at:])
        return [m.group()] if m else []
    depth, seg, out = 0, "", []
    for c in text[at:]:
        if c == "{":
            depth += 1
            if depth == 1:
                continue
        elif c == "}":
            depth -= 1
        if depth == 0 or (c == "," and depth == 1):
            out.append(seg)
            seg = ""
            if depth == 0:
                break
            continue
        seg += c
    return [m.group() for s in out if (m := re.search(r"\w+", s))]
texts = {}
for dirpath, _, files in sorted(os.walk(src)):
    for f in sorted(files):
        path = os.path.join(dirpath, f)
        rel = os.path.relpath(path, src)
        if f.endswith(".rs") and rel not in roots:
            texts[path] = code(path)
edges = {}
for path, text in texts.items():
    me = os.path.relpath(path, src).split(os.sep)[0].removesuffix(".rs")
    if me in mods and path not in test_files:
        for m in re.finditer(r"\bcrate::", text):
            for n in firsts(text, m.end()):
                to = n if n in mods else reexport.get(n)
                if to and to != me:
                    line = text.count("\n", 0, m.start()) + 1
                    edges.setdefault(me, {}).setdefault(to, f"{path}:{line}")
# Tarjan's strongly connected components: one of two or more is a circle.
index, low, stack, on, circles = {}, {}, [], set(), []
def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v)
    on.add(v)
    for w in edges.get(v, {}):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            circles.append(sorted(comp))
for v in sorted(mods):
    if v not in index:
        visit(v)
for comp in circles:
    print(f"{src}: the modules {', '.join(comp)} import each other:")
    for a in comp:
        for b, where in sorted(edges.get(a, {}).items()):
            if b in comp:
                print(f"  {a} -> {b} ({where})")
sys.exit(1 if circles else 0)
PY
}
for c in judge sandbox; do
    module_circles "crates/$c/src" ||
        fail "crates/$c/src: a circle among its modules (above): split one side, or move the shared part below both"
done

if [[ $failed == 0 ]]; then
    echo "architecture: every checked invariant of ARCHITECTURE.md holds"
fi
exit $failed
