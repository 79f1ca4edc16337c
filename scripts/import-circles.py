#!/usr/bin/env python3
"""Import circles in a crate, between files and between top-level modules.

    python3 scripts/import-circles.py crates/NAME/src [--show-edges]

A node is a file of the crate's code (not the root lib.rs/main.rs, which
declares the modules and calls them, and not a test file: a `#[cfg(test)] mod`
of another file, whose lines are left out as well). An edge a -> b is a path in
a's code (not its comments) that starts with `crate::` or `super::` (`use`
lines, `{...}` groups and paths in expressions alike) and names an item of b:
the path is followed down the modules to the deepest one that has a file, and
through the `pub use` re-exports of that file (the root's included) to where
the name is defined. A strongly connected component of two or more files is a
circle; so is one of two or more top-level modules (src/x.rs, or everything
under src/x/), with an edge x -> y for every file edge from under x to under y.
Prints each circle with one line per edge (file:line of its first use) and
exits 1 if there is one, 0 otherwise. Used by scripts/check-architecture.sh.
"""
import os
import re
import sys

ROOTS = ("lib.rs", "main.rs")


def strip(text, path, test_files):
    """The code without comments, string contents and `#[cfg(test)] mod`s
    (a `mod x;` of them adds x's files to `test_files`); line numbers kept."""
    text = "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.split("\n"))
    # "..." strings (a path in a message is no import); raw strings are rare
    # in this code and hold no `crate::`.
    text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    here = os.path.dirname(path)
    if not path.endswith(ROOTS + ("mod.rs",)):
        here = path[:-3]
    pat = r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])"
    while m := re.search(pat, text):
        end = m.end()
        if m.group(2) == ";":
            test_files.add(os.path.join(here, m.group(1) + ".rs"))
            test_files.add(os.path.join(here, m.group(1), "mod.rs"))
        else:
            depth = 1
            while depth and end < len(text):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
        blank = re.sub(r"[^\n]", " ", text[m.start() : end])
        text = text[: m.start()] + blank + text[end:]
    return text


def tree(text, at):
    """The paths of the use tree (or plain path) starting at `at`: lists of
    segments, `{a, b::{c, d}}` expanded; `*` and `self` kept as segments."""
    paths, i = [], at

    def parse(i, prefix):
        segs = list(prefix)
        while i < len(text):
            m = re.match(r"\s*(\w+|\*)", text[i:])
            if m and text[i:].lstrip()[:1] != "{":
                segs.append(m.group(1))
                i += m.end()
                n = re.match(r"\s*::\s*", text[i:])
                if n:
                    i += n.end()
                    continue
                paths.append(segs)
                return i
            n = re.match(r"\s*\{", text[i:])
            if not n:
                paths.append(segs)
                return i
            i += n.end()
            while True:
                i = parse(i, segs)
                n = re.match(r"\s*(?:as\s+\w+\s*)?(,|\})", text[i:])
                if not n:
                    return i
                i += n.end()
                if n.group(1) == "}":
                    return i
                if re.match(r"\s*\}", text[i:]):
                    i += re.match(r"\s*\}", text[i:]).end()
                    return i
        paths.append(segs)
        return i

    parse(i, [])
    return [p for p in paths if p]


def main():
    src = sys.argv[1].rstrip("/")
    show = "--show-edges" in sys.argv
    test_files, texts = set(), {}
    for dirpath, _, files in sorted(os.walk(src)):
        for f in sorted(files):
            if f.endswith(".rs"):
                path = os.path.join(dirpath, f)
                texts[path] = strip(open(path, encoding="utf-8").read(), path, test_files)

    def module_of(path):
        rel = os.path.relpath(path, src)[:-3].split(os.sep)
        if rel[-1] in ("mod", "lib", "main") and (len(rel) > 1 or rel[0] != "mod"):
            rel = rel[:-1]
        return tuple(rel)

    files = {}
    for path in texts:
        files.setdefault(module_of(path), path)

    def file_of(mod):
        """The deepest module with a file along `mod`: (file, rest of the path)."""
        for k in range(len(mod), -1, -1):
            if mod[:k] in files:
                return files[mod[:k]], mod[k:]
        return None, mod

    # The re-exports of each file: name -> absolute path of what it names.
    exports = {}
    for path, text in texts.items():
        base = module_of(path)
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+", text):
            for segs in tree(text, m.end()):
                name = segs[-1]
                exports.setdefault(path, {})[name] = absolute(base, path, segs)

    def resolve(segs, depth=0):
        f, rest = file_of(tuple(segs))
        if f is None or depth > 8:
            return None
        if rest and rest[0] in exports.get(f, {}) and exports[f][rest[0]] is not None:
            target = exports[f][rest[0]]
            if tuple(target) != tuple(segs):
                deeper = resolve(list(target) + list(rest[1:]), depth + 1)
                if deeper:
                    return deeper
        return f

    roots = {os.path.join(src, r) for r in ROOTS}
    edges = {}
    for path, text in texts.items():
        if path in roots or path in test_files:
            continue
        base = module_of(path)
        # A path that starts with a child module's bare name (`child::x`, in
        # the file that declares `mod child;`) is an edge to that child too.
        children = "|".join(re.findall(r"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text))
        start = r"(crate|super)" if not children else rf"(crate|super|{children})"
        for m in re.finditer(rf"(?<![\w:]){start}::", text):
            for segs in tree(text, m.start()):
                target = absolute(base, path, segs)
                to = resolve(target) if target is not None else None
                if to and to != path and to not in roots and to not in test_files:
                    line = text.count("\n", 0, m.start()) + 1
                    edges.setdefault(path, {}).setdefault(to, f"{path}:{line}")
    if show:
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f"{a} -> {b} ({edges[a][b]})")
    bad = False
    for comp, kind in [(c, "files") for c in circles(edges)]:
        bad = True
        print(f"{src}: the files {', '.join(comp)} import each other:")
        for a in comp:
            for b, where in sorted(edges.get(a, {}).items()):
                if b in comp:
                    print(f"  {a} -> {b} ({where})")
    top = {}
    for a, bs in edges.items():
        for b, where in bs.items():
            x, y = top_of(src, a), top_of(src, b)
            if x != y:
                top.setdefault(x, {}).setdefault(y, where)
    for comp in circles(top):
        bad = True
        print(f"{src}: the modules {', '.join(comp)} import each other:")
        for a in comp:
            for b, where in sorted(top.get(a, {}).items()):
                if b in comp:
                    print(f"  {a} -> {b} ({where})")
    sys.exit(1 if bad else 0)


def absolute(base, path, segs):
    """The path `segs` as written in the file at `path` (module `base`) made
    absolute: a list of module segments from the crate root, or None."""
    segs = list(segs)
    if segs[0] == "crate":
        out = []
        segs = segs[1:]
    elif segs[0] == "super":
        out = list(base)
        while segs and segs[0] == "super":
            if not out:
                return None
            out.pop()
            segs = segs[1:]
    elif segs[0] == "self":
        out = list(base)
        segs = segs[1:]
    else:
        # `pub use child::X` in a module file: relative to the module.
        out = list(base)
    segs = [s for s in segs if s not in ("self", "*")]
    return out + segs


def top_of(src, path):
    return os.path.relpath(path, src).split(os.sep)[0].removesuffix(".rs")


def circles(edges):
    """Tarjan's strongly connected components of two or more nodes."""
    index, low, stack, on, found = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

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
                found.append(sorted(comp))

    nodes = set(edges) | {b for bs in edges.values() for b in bs}
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


if __name__ == "__main__":
    main()
