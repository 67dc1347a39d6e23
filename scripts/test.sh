#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what is missing, then tests.
# This is README's test command; CI runs it too.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
  echo "test.sh: cargo is missing; install the Rust toolchain (https://rustup.rs) first" >&2
  exit 1
fi
if [ ! -d ../shared/trf ]; then
  echo "test.sh: NOTE: ../shared/trf is absent: the checks of real tournament files will say so and not run" >&2
fi

cargo test --workspace --locked
