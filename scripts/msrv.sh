#!/usr/bin/env bash
# The MSRV step of .ci/run: the workspace builds with its rust-version.
#
# rust-version (Cargo.toml) is the oldest toolchain we vouch for; clippy's
# incompatible_msrv (denied in [workspace.lints]) catches newer std APIs above.
# When the default toolchain has moved past it, the build is checked with the
# rust-version toolchain: installed here, or installed by rustup (minimal
# profile, within 120 s). Where neither works (no rustup server), the step says
# so loudly and CI goes on: clippy's incompatible_msrv ran in .ci/run's clippy
# step before this one.
#
# MSRV overrides rust-version (to try the step: MSRV=1.80 scripts/msrv.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
msrv=${MSRV:-$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml)}
if rustc --version | grep -q "^rustc $msrv[. ]"; then
    echo "the default toolchain is $msrv: every step here verifies it"
elif rustup run "$msrv" rustc --version >/dev/null 2>&1 ||
    timeout 120 rustup toolchain install "$msrv" --profile minimal >/dev/null 2>&1; then
    cargo "+$msrv" check --workspace --all-targets
else
    echo "warning: rust-version $msrv is not installed and rustup could not install it;" \
        "the build with $msrv is NOT verified here (only clippy's incompatible_msrv," \
        "with $(rustc --version))" >&2
fi
