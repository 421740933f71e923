#!/usr/bin/env bash
# rustfmt and clippy, which the test command runs: added with rustup where
# the toolchain lacks them, or a message saying what to install.
set -euo pipefail
for tool in rustfmt clippy; do
    sub=$([ "$tool" = rustfmt ] && echo fmt || echo clippy)
    if cargo "$sub" --version >/dev/null 2>&1; then
        continue
    fi
    if command -v rustup >/dev/null 2>&1 && rustup component add "$tool"; then
        continue
    fi
    echo "error: the test command needs $tool; install it (rustup component add $tool)" >&2
    exit 1
done
