#!/usr/bin/env bash
# The full mutation-testing pass (issue #24), one part at a time, and its table.
#
#   scripts/mutants.sh                 every part below, in order
#   scripts/mutants.sh core judge/check  only these parts
#   scripts/mutants.sh --list          the parts and what each runs
#   scripts/mutants.sh --in-diff BASE  only the mutants of the lines changed since
#                                      BASE (what .ci/run runs with BASE = HEAD~1)
#
# A crate's part is one `cargo mutants` run (cargo-mutants 27.1.0, `--jobs
# ${MUTANTS_JOBS:-1}`; test timeout MUTANTS_TIMEOUT seconds, else cargo-mutants' own:
# five times the unmutated tests' time), with the named equivalent mutants of
# .cargo/mutants.toml left out; its output goes to target/mutants/<part>/mutants.out.
# The judge's parts selected run together, in two stages (below), into
# target/mutants/judge/<parts>. Each part's row of the table in docs/mutants.md
# (between the `mutants-table` markers) is then rewritten with its counts:
# caught, missed, unviable, timeouts, and minutes; the other rows are kept. The
# script exits 1 when a part has a missed mutant or a timeout (after writing its
# row), 0 otherwise.
#
# The judge's parts are the two crates beatty-problems and beatty-judge. Their
# mutants are tested with the libraries' unit tests first, then the
# survivors with the command line's tests as well (`--test-package
# beatty-problems,beatty-judge,beatty-cli`: most of their behaviour is tested through the
# `judge` binary): unit tests and the `it` binaries, but not the `hostile`
# suite, which exercises the sandbox, not these modules, and not the doctests.
# On two shared cores the whole pass takes hours: run the parts you changed.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=${MUTANTS_JOBS:-1}
# A mutant that makes a quickcheck property panic panics again at every shrink;
# with backtraces on, each panic is symbolized and printed, and a mutant the
# tests catch could outlast the timeout.
export RUST_BACKTRACE=0
timeout_args=()
[ -n "${MUTANTS_TIMEOUT:-}" ] && timeout_args=(--timeout "$MUTANTS_TIMEOUT")
# The interactive stress test (two minutes, a slow test) tests scheduling, not
# the code a mutant changes: it is left out, as when it was `#[ignore]`d.
judge_tests=(-- --lib --test it -- --skip hostile:: --skip interactive::stress)
judge_packages=beatty-problems,beatty-judge,beatty-cli
# The packages whose files the judge parts mutate, and their own tests.
judge_crates=(-p beatty-problems -p beatty-judge)
judge_libs=beatty-problems,beatty-judge
# cargo-mutants times its baseline with the mutated package's tests only, so its
# automatic timeout (five times that) is too short for the command line's tests:
# the judge's runs get MUTANTS_TIMEOUT or 300 s.
judge_timeout=(--timeout "${MUTANTS_TIMEOUT:-300}")

# A crate's part: name | cargo mutants arguments.
crates=(
    "core|-p beatty-core"
    "float|-p beatty-float"
    "games|-p beatty-games"
    "hazards|-p beatty-hazards"
)
# A judge part: name | its files (globs as cargo-mutants reads them).
judge_parts=(
    "judge/check|crates/problems/src/check.rs crates/problems/src/compare.rs"
    "judge/validate|crates/problems/src/validate.rs crates/problems/src/window.rs"
    "judge/solve|crates/problems/src/solve/**/*.rs"
    "judge/problem|crates/problems/src/problem/*.rs"
    "judge/generate|crates/problems/src/generate.rs crates/problems/src/rng.rs crates/judge/src/testset.rs"
    "judge/verdict|crates/problems/src/verdict.rs"
    "judge/text|crates/problems/src/text.rs"
    "judge/run|crates/judge/src/run.rs"
)

if [ "${1:-}" = --list ]; then
    for p in "${crates[@]}"; do
        IFS='|' read -r name args <<<"$p"
        echo "$name: cargo mutants $args"
    done
    echo "judge parts, selected ones in one run of two stages (each with -f FILE for each file):"
    echo "  stage 1: cargo mutants ${judge_crates[*]} --test-package $judge_libs --profile mutants -- --lib -- --skip hostile::"
    echo "  stage 2: cargo mutants ${judge_crates[*]} --test-package $judge_packages --profile mutants --iterate ${judge_tests[*]}"
    for p in "${judge_parts[@]}"; do
        IFS='|' read -r name files <<<"$p"
        echo "$name: $files"
    done
    exit 0
fi

install() {
    if ! cargo mutants --version 2>/dev/null | grep -qx 'cargo-mutants 27.1.0'; then
        cargo install cargo-mutants --locked --version 27.1.0
    fi
}

if [ "${1:-}" = --in-diff ]; then
    # Each mutant is tested with every test of its package (doctests included);
    # the whole run within MUTANTS_SECONDS (default 1800).
    base=${2:?usage: scripts/mutants.sh --in-diff BASE}
    install
    out=target/mutants/in-diff
    rm -rf "$out"
    mkdir -p "$out"
    git diff "$base" HEAD -- '*.rs' >"$out/diff"
    if ! [ -s "$out/diff" ]; then
        echo "mutants: no Rust file changed since $base"
        exit 0
    fi
    # Two runs: the judge libraries' mutants (problems and judge) against
    # their own tests and the command line's (which test most of it through the binary), every other
    # package's against its own tests; both within MUTANTS_SECONDS.
    rc=0
    deadline=$((SECONDS + ${MUTANTS_SECONDS:-1800}))
    run_in_diff() {
        local dir=$1 left=$((deadline - SECONDS))
        shift
        mkdir -p "$dir"
        [ "$left" -gt 0 ] || return 124
        timeout --signal=INT "$left" cargo mutants --in-diff "$out/diff" \
            --jobs "$jobs" -o "$dir" "$@"
    }
    run_in_diff "$out/judge" "${judge_crates[@]}" --test-package "$judge_packages" "${judge_timeout[@]}" \
        -- -- --skip interactive::stress || rc=$?
    # (exit 0 as well when the diff leaves the judge nothing to mutate)
    if [ "$rc" = 0 ]; then
        run_in_diff "$out/rest" --workspace -e 'crates/judge/**' -e 'crates/problems/**' "${timeout_args[@]}" \
            -- -- --skip interactive::stress || rc=$?
    fi
    case $rc in
        0) echo "mutants: every mutant of the changes since $base is caught (or unviable)" ;;
        124)
            echo "error: cargo mutants --in-diff ran out of time (MUTANTS_SECONDS);" \
                "run scripts/mutants.sh on the parts of:" >&2
            git diff --name-only "$base" HEAD -- '*.rs' >&2
            ;;
        2 | 3)
            echo "error: mutants of the changes since $base that no test catches (missed," \
                "then timeouts): kill each with a test that can fail, or name a true" \
                "equivalent in .cargo/mutants.toml" >&2
            cat "$out"/*/mutants.out/missed.txt "$out"/*/mutants.out/timeout.txt 2>/dev/null >&2
            ;;
        *) echo "error: cargo mutants --in-diff failed (exit $rc)" >&2 ;;
    esac
    [ "$rc" = 0 ]
    exit
fi

want=("$@")
selected() {
    [ ${#want[@]} -eq 0 ] && return 0
    local w
    for w in "${want[@]}"; do [ "$w" = "$1" ] && return 0; done
    return 1
}

install

# Writes (or replaces) one row of the table in docs/mutants.md.
write_row() { # name mutants caught missed unviable timeouts minutes
    python3 - "$@" "$(git rev-parse --short HEAD)" <<'EOF'
import sys, datetime
name, total, caught, missed, unviable, timeout, minutes, commit = sys.argv[1:]
row = (f"| {name} | {total} | {caught} | {missed} | {unviable} | {timeout} | {minutes} "
       f"| {commit}, {datetime.date.today()} |")
doc = "docs/mutants.md"
text = open(doc).read()
head, rest = text.split("<!-- mutants-table -->\n", 1)
table, tail = rest.split("<!-- /mutants-table -->\n", 1)
lines = table.splitlines()
hdr, rows = lines[:2], lines[2:]
rows = [r for r in rows if not r.startswith(f"| {name} |")] + [row]
order = ["core", "float", "games", "hazards", "judge/check", "judge/validate", "judge/solve",
         "judge/problem", "judge/generate", "judge/verdict", "judge/text", "judge/run"]
rows.sort(key=lambda r: order.index(r.split("|")[1].strip()) if r.split("|")[1].strip() in order else 99)
open(doc, "w").write(head + "<!-- mutants-table -->\n" + "\n".join(hdr + rows) + "\n"
                     + "<!-- /mutants-table -->\n" + tail)
print(row)
EOF
}

status=0
for p in "${crates[@]}"; do
    IFS='|' read -r name args <<<"$p"
    selected "$name" || continue
    out="target/mutants/$name"
    rm -rf "$out"
    mkdir -p "$out"
    echo "=== mutants: $name"
    start=$SECONDS
    # shellcheck disable=SC2086 # $args is a list of words
    rc=0
    cargo mutants $args --jobs "$jobs" "${timeout_args[@]}" --no-shuffle -o "$out" || rc=$?
    minutes=$(( (SECONDS - start + 30) / 60 ))
    case $rc in
        0 | 2 | 3) ;;
        *) echo "error: cargo mutants failed on $name (exit $rc): no row written" >&2; exit "$rc" ;;
    esac
    # shellcheck disable=SC2046 # five numbers
    write_row "$name" $(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(*(d[k] for k in ("total_mutants", "caught", "missed", "unviable", "timeout")))' \
        "$out/mutants.out/outcomes.json") "$minutes"
    if [ "$rc" != 0 ]; then
        status=1
        echo "mutants: $name: missed mutants or timeouts (see $out/mutants.out)" >&2
    fi
done

# The judge's parts: one cargo-mutants run over all their files (one copy of the
# tree, one baseline build), in two stages. Stage 1 tests every mutant with the
# library's unit tests (a mutant rebuilds the library's test binary only, in
# seconds, in the `mutants` profile of Cargo.toml, which optimises the library
# a little: its tests then take a third of the time); stage 2 (`--iterate`)
# tests the ones stage 1 missed or timed out with the command line's tests as
# well, which run the `judge` binary. A mutant is caught when a stage catches
# it; missed or a timeout when the last stage that tested it says so. Each
# stage's outcomes are kept (target/mutants/judge/PARTS/stage-*.json); with
# MUTANTS_RESUME=1 the earlier stages are kept too and stage 1 skips what they
# caught (after new tests, or after a run was stopped). Each part's row counts
# the mutants of its own files; its minutes are their build and test time over
# every stage, divided by the jobs.
judge_names=()
judge_files=()
for p in "${judge_parts[@]}"; do
    IFS='|' read -r name files <<<"$p"
    selected "$name" || continue
    judge_names+=("$name")
    judge_files+=("$files")
done
if [ ${#judge_names[@]} -gt 0 ]; then
    # One output directory per selection of parts, e.g.
    # target/mutants/judge/check+validate.
    sel=("${judge_names[@]#judge/}")
    out="target/mutants/judge/$(IFS=+; echo "${sel[*]}")"
    iterate=()
    if [ "${MUTANTS_RESUME:-0}" = 1 ] && [ -d "$out/mutants.out" ]; then
        iterate=(--iterate)
    else
        rm -rf "$out"
    fi
    mkdir -p "$out"
    file_args=()
    set -f # the globs go to cargo-mutants as they are
    # shellcheck disable=SC2068 # each part's files: words
    for f in ${judge_files[@]}; do file_args+=(-f "$f"); done
    set +f
    keep_stage() { # the outcomes of the run just ended, under the next number
        # A mutant that hangs inside `judge run` leaves that judge running
        # when cargo-mutants kills the test that started it at the timeout:
        # every process still running from a scratch copy of the tree goes.
        pkill -KILL -f "${TMPDIR:-/tmp}/cargo-mutants-" || true
        local n
        n=$(find "$out" -maxdepth 1 -name 'stage-*.json' | wc -l)
        if [ -f "$out/mutants.out/outcomes.json" ]; then
            cp "$out/mutants.out/outcomes.json" "$out/stage-$((n + 1)).json"
        fi
    }
    echo "=== mutants: ${judge_names[*]}: stage 1, the library's tests"
    rc=0
    cargo mutants "${judge_crates[@]}" --test-package "$judge_libs" "${file_args[@]}" \
        "${iterate[@]}" --profile mutants --jobs "$jobs" --minimum-test-timeout 60 \
        --no-shuffle -o "$out" -- --lib -- --skip hostile:: || rc=$?
    keep_stage
    case $rc in
        0) ;;
        2 | 3)
            echo "=== mutants: ${judge_names[*]}: stage 2, the survivors with the command line's tests"
            rc=0
            cargo mutants "${judge_crates[@]}" --test-package "$judge_packages" "${file_args[@]}" \
                --iterate --profile mutants --jobs "$jobs" "${judge_timeout[@]}" \
                --no-shuffle -o "$out" "${judge_tests[@]}" || rc=$?
            keep_stage
            case $rc in
                0 | 2 | 3) ;;
                *) echo "error: cargo mutants (stage 2) failed (exit $rc): no row written" >&2; exit "$rc" ;;
            esac
            ;;
        *) echo "error: cargo mutants (stage 1) failed (exit $rc): no row written" >&2; exit "$rc" ;;
    esac
    # The mutants of the tree as it is now: outcomes of mutants an edit has
    # moved since (their names hold line and column) are left out, and a
    # mutant of the tree without an outcome is an error.
    cargo mutants --list "${judge_crates[@]}" "${file_args[@]}" >"$out/current.txt"
    counts=$(python3 - "$out" "$jobs" "${judge_names[@]}" -- "${judge_files[@]}" <<'EOF'
import fnmatch, glob, json, os, re, sys, tomllib
out, jobs, *rest = sys.argv[1:]
sep = rest.index("--")
names, globs = rest[:sep], [g.split() for g in rest[sep + 1:]]
current = set(open(os.path.join(out, "current.txt")).read().splitlines())
# cargo-mutants 27.1.0 lists and tests struct-field deletion mutants even when
# an exclude_re names them (sourcefrog/cargo-mutants#632): the named ones are
# left out here, as cargo-mutants leaves out every other named mutant.
named = [re.compile(r) for r in tomllib.load(open(".cargo/mutants.toml", "rb"))["exclude_re"]]
current = {m for m in current if not any(r.search(m) for r in named)}
final = {}
stages = sorted(glob.glob(os.path.join(out, "stage-*.json")),
                key=lambda p: int(p.rsplit("-", 1)[1].split(".")[0]))
for path in stages:
    for o in json.load(open(path))["outcomes"]:
        if not isinstance(o["scenario"], dict):
            continue  # the baseline
        m = o["scenario"]["Mutant"]
        secs = final.get(m["name"], (None, None, 0.0))[2]
        secs += sum(p["duration"] for p in o["phase_results"])
        final[m["name"]] = (m["file"], o["summary"], secs)
final = {k: v for k, v in final.items() if k in current}
untested = sorted(current - final.keys())
if untested:
    sys.exit("mutants without an outcome (run again with MUTANTS_RESUME=1):\n"
             + "\n".join(untested))
column = {"CaughtMutant": 1, "MissedMutant": 2, "Unviable": 3, "Timeout": 4}
for name, pats in zip(names, globs):
    row, secs = [0] * 5, 0.0
    for file, summary, s in final.values():
        # (`**/` matches no folder too, as in cargo-mutants' globs)
        if any(fnmatch.fnmatch(file, p) or fnmatch.fnmatch(file, p.replace("**/", ""))
               for p in pats):
            row[0] += 1
            row[column[summary]] += 1
            secs += s
    print(name, *row, round(secs / 60 / int(jobs)))
EOF
)
    while read -r name total caught missed unviable timeout minutes; do
        write_row "$name" "$total" "$caught" "$missed" "$unviable" "$timeout" "$minutes"
        if [ "$missed" != 0 ] || [ "$timeout" != 0 ]; then
            status=1
            echo "mutants: $name: missed mutants or timeouts (see $out/mutants.out)" >&2
        fi
    done <<<"$counts"
fi
exit "$status"
