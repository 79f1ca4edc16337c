#!/bin/sh
# The dependents' checks (tests/dependent/Cargo.toml): every README example
# of the library crates as doc tests of a crate outside the workspace, and a
# no_std crate built against beatty-core and beatty-games.
#
# Uses the workspace's Cargo.lock (copied: the same versions as the
# workspace, nothing fetched, --offline) and its target directory
# (CARGO_TARGET_DIR, unless set), so the dependencies already built for the
# workspace's debug builds are reused.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cp "$root/Cargo.lock" "$here/Cargo.lock"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
cd "$here"
cargo build --offline -p beatty-dependent-no-std
cargo test --offline -p beatty-dependent-readmes --doc
