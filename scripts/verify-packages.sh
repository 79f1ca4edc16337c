#!/usr/bin/env bash
# Writes the problem package of every problem with `judge package` and checks
# each with problemtools' verifyproblem (the Kattis reference tool): 0 errors,
# every accepted submission AC, every wrong_answer/time_limit_exceeded one
# rejected with its verdict (verifyproblem checks each submission against its
# directory), and 0 warnings.
#
# Sets up what it needs: a virtual environment with problemtools (pip, under
# target/). The system packages it needs are pypy3 (problemtools runs Python 3
# with it), g++, a JDK (the interactive packages' Exact.java), and for the statement LuaLaTeX with the packages problemtools'
# class loads, dvisvgm and tidy (about 130 MB): when some are missing it names
# them and stops, unless --install is given, with which it installs them with
# apt-get (as root; CI passes it). Every part is checked: config, statement,
# validators, graders, data, submissions.
#
# The zip of each package (--zip) is unpacked and compared with the directory.
#
# The interactive problems (`wythoff-play`, ...) are packaged and verified
# alike: their interactor is the output validator, and verifyproblem plays
# every submission through it with problemtools' own interactive runner.
#
# Usage: scripts/verify-packages.sh [--install] [PROBLEM...]   (default: every problem)
# Environment: VENV (default target/problemtools-venv), JUDGE (default: build it).
set -euo pipefail
cd "$(dirname "$0")/.."

install=false
if [ "${1:-}" = --install ]; then
    install=true
    shift
fi

VENV=${VENV:-target/problemtools-venv}
PARTS=(config statement validators graders data submissions)

need_apt=()
command -v pypy3 >/dev/null || need_apt+=(pypy3)
command -v g++ >/dev/null || need_apt+=(g++)
command -v javac >/dev/null || need_apt+=(default-jdk-headless)
python3 -c 'import venv, ensurepip' 2>/dev/null || need_apt+=(python3-venv)
command -v dvisvgm >/dev/null || need_apt+=(dvisvgm)
command -v tidy >/dev/null || need_apt+=(tidy)
command -v gs >/dev/null || need_apt+=(ghostscript)
if ! command -v lualatex >/dev/null || ! kpsewhich ulem.sty subfigure.sty luacode.sty times.sty >/dev/null 2>&1; then
    need_apt+=(texlive-luatex texlive-latex-recommended texlive-fonts-recommended texlive-latex-extra texlive-plain-generic)
fi
if ((${#need_apt[@]})); then
    if ! $install || [ "$(id -u)" != 0 ]; then
        echo "verify-packages: missing ${need_apt[*]} (about 130 MB with the LaTeX packages)" >&2
        echo "install them (apt-get install ${need_apt[*]}), or run as root with --install to let this script do it" >&2
        exit 2
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi
if [ ! -x "$VENV/bin/verifyproblem" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet problemtools
fi

# problemtools runs Python 3 submissions with PyPy under an address-space limit
# (RLIMIT_AS) of the package's memory limit (256 MiB), and PyPy reserves its
# young generation (nursery) at start-up: half the cache the CPU reports, so
# 240 MiB on a Xeon that reports 480 MiB, and every Python submission aborts
# with `cannot allocate nursery` before reading a byte. The packages' limit is
# resident memory, as DOMjudge and Kattis count it with cgroups (issue #19;
# see `judge package --help`), so verification pins PyPy's nursery to 4 MiB,
# PyPy's own size where the cache is unknown; verifyproblem passes its
# environment on to the submissions. The check below shows, on any CPU, that
# the limit kills PyPy with a large nursery and lets it run with the pinned one.
export PYPY_GC_NURSERY=4M
mem_kib=$((256 * 1024))
if (ulimit -v "$mem_kib"; PYPY_GC_NURSERY=400M pypy3 -c 'pass') 2>/dev/null; then
    echo "verify-packages: note: pypy3 started with a 400 MiB nursery under a 256 MiB address-space limit" >&2
fi
if ! (ulimit -v "$mem_kib"; pypy3 -c 'pass'); then
    echo "verify-packages: pypy3 cannot start under a 256 MiB address-space limit with PYPY_GC_NURSERY=$PYPY_GC_NURSERY" >&2
    exit 1
fi

# Submissions run with the environment of this script: Kattis does not set
# PYTHONUNBUFFERED, which would flush every write of a Python submission (the
# interactive packages' time_limit_exceeded/never_flushes.py keeps its own
# buffer anyway).
unset PYTHONUNBUFFERED

# problemtools compiles Java with `javac -source 21`; with an older JDK (the
# distribution's openjdk-17 here) every Java submission is a compile error.
# The packages' Java (the interactive problems' accepted/Exact.java) is Java 17,
# so verification then compiles with `-source` of the JDK present, through a
# problemtools languages.yaml of its own (XDG_CONFIG_HOME, read by
# problemtools/config.py).
java_note=
if command -v javac >/dev/null; then
    jdk=$(javac -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p')
    if [ -n "$jdk" ] && [ "$jdk" -lt 21 ]; then
        XDG_CONFIG_HOME=$(mktemp -d)
        export XDG_CONFIG_HOME
        mkdir -p "$XDG_CONFIG_HOME/problemtools"
        cat >"$XDG_CONFIG_HOME/problemtools/languages.yaml" <<YAML
java:
    name: 'Java'
    priority: 800
    files: '*.java'
    compile: 'javac -source $jdk -encoding UTF-8 -sourcepath {path} -d {path} {files}'
    run: 'java -Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xms{memlim}m -Xmx{memlim}m -cp {path} {mainclass}'
YAML
        java_note="javac $jdk: Java compiled with -source $jdk (problemtools asks for 21)"
        echo "verify-packages: note: $java_note" >&2
    fi
fi

if [ -z "${JUDGE:-}" ]; then
    cargo build --quiet --release -p beatty-cli --bin judge
    JUDGE=target/release/judge
fi

if (($#)); then
    problems=("$@")
else
    # Every problem `judge problems` lists (lines without leading spaces), the
    # interactive ones (`wythoff-play (interactive) — ...`) included.
    mapfile -t problems < <("$JUDGE" problems | grep -v '^ ' | cut -d' ' -f1)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
all_start=$(date +%s.%N)
for p in "${problems[@]}"; do
    short=$(printf '%s' "$p" | tr -cd 'a-z0-9')
    start=$(date +%s.%N)
    "$JUDGE" package "$p" --out "$work/$short"
    end=$(date +%s.%N)
    printf 'package %s: %.2f s, %s\n' "$p" "$(echo "$end - $start" | bc)" "$(du -sh "$work/$short" | cut -f1)"
    # The zip (what DOMjudge imports) holds the same tree at its root.
    "$JUDGE" package "$p" --zip --out "$work/$short.zip" >/dev/null
    python3 -m zipfile -e "$work/$short.zip" "$work/unzipped-$short"
    if ! diff -r "$work/$short" "$work/unzipped-$short" >/dev/null; then
        echo "verify-packages: $p: the zip differs from the directory" >&2
        failed=1
    fi
    printf '    zip: %s bytes\n' "$(stat -c %s "$work/$short.zip")"
    log="$work/$short.log"
    start=$(date +%s.%N)
    if ! "$VENV/bin/verifyproblem" "$work/$short" -p "${PARTS[@]}" >"$log" 2>&1; then
        :
    fi
    end=$(date +%s.%N)
    grep -E '^(ERROR|WARNING)|OK:|tested:|Slowest' "$log" | sed 's/^/    /'
    printf '    verifyproblem: %.0f s\n' "$(echo "$end - $start" | bc)"
    if ! grep -q "tested: 0 errors, 0 warnings" "$log"; then
        echo "verify-packages: $p: verifyproblem reports errors or warnings (full log below)" >&2
        cat "$log" >&2
        failed=1
    fi
done
all_end=$(date +%s.%N)
printf 'verify-packages: %d problems in %.0f s, %s\n' "${#problems[@]}" "$(echo "$all_end - $all_start" | bc)" \
    "$( ((failed)) && echo FAILED || echo 'all clean: 0 errors, 0 warnings')"
exit $failed
