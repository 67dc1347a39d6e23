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
# The Dubov and Burstein 2026 checks run py4swiss-fixed (in ../shared/oracles), a Python 3.11
# program that needs pydantic 2.
if [ -d "${SHARED_DIR:-../shared}/oracles/py4swiss" ] && command -v python3 >/dev/null 2>&1 \
   && python3 -c "import sys; assert sys.version_info[:2] == (3, 11)" >/dev/null 2>&1 \
   && ! python3 -c "import pydantic" >/dev/null 2>&1; then
  echo "test.sh: installing pydantic for py4swiss-fixed" >&2
  python3 -m pip install --quiet "pydantic>=2.11" >/dev/null 2>&1 \
    || echo "test.sh: NOTE: pydantic could not be installed: the checks against py4swiss-fixed will say so (and fail with REQUIRE_SHARED=1)" >&2
fi
# The checks against ../shared (real tournament files, reference data, py4swiss-fixed) skip,
# saying so, when it is absent; REQUIRE_SHARED=1 (CI) makes each of them fail instead.
if [ ! -d "${SHARED_DIR:-../shared}" ]; then
  if [ "${REQUIRE_SHARED:-}" = 1 ]; then
    echo "test.sh: REQUIRE_SHARED=1 but ${SHARED_DIR:-../shared} is absent: the checks that need it will fail" >&2
  else
    echo "test.sh: NOTE: ${SHARED_DIR:-../shared} is absent: the checks that need it will say so and not run" >&2
  fi
fi

cargo test --workspace --locked
