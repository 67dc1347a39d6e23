#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what is missing, then tests.
# This is README's test command; CI runs it too.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
  echo "test.sh: cargo is missing; install the Rust toolchain (https://rustup.rs) first" >&2
  exit 1
fi
# The browser tests drive Debian's headless Chromium; the print tests read its PDFs with
# poppler-utils (pdftotext, pdftoppm).
missing=""
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  missing="chromium"
fi
if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  missing="$missing poppler-utils"
fi
# The storage suite and the multi-node tests start a throwaway PostgreSQL server of their own
# (initdb in a temporary directory, a free port): Debian's postgresql package, not a running
# service.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing="$missing postgresql"
fi
if [ -n "$missing" ]; then
  echo "test.sh: installing$missing (Debian's packages) for the browser, print and PostgreSQL tests" >&2
  sudo_cmd=""
  if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
  # shellcheck disable=SC2086
  $sudo_cmd apt-get install -y $missing >/dev/null 2>&1 || {
    $sudo_cmd apt-get update >/dev/null && $sudo_cmd apt-get install -y $missing >/dev/null
  }
fi
# The tie-break tests hold the standings to FIDE's calculator (Gacrux, in ../shared/oracles),
# a Python program that needs networkx.
if [ -d ../shared/oracles/gacrux ] && command -v python3 >/dev/null 2>&1 \
   && ! python3 -c "import networkx" >/dev/null 2>&1; then
  echo "test.sh: installing networkx for FIDE's tie-break calculator" >&2
  python3 -m pip install --quiet networkx >/dev/null 2>&1 \
    || { sudo_cmd=""; if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
         $sudo_cmd apt-get install -y python3-networkx >/dev/null 2>&1; } \
    || echo "test.sh: NOTE: networkx could not be installed: the checks against FIDE's calculator will say so and not run" >&2
fi
if [ ! -d ../shared/trf ]; then
  echo "test.sh: NOTE: ../shared/trf is absent: the checks of real tournament files will say so and not run" >&2
fi

cargo test --workspace --locked
