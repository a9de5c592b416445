#!/usr/bin/env bash
# Install what is missing, build, and run the whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh chromium  # the browser that renders `show --format html` in a test
bash scripts/build.sh
cd build
ctest --output-on-failure -j"$(nproc)"
