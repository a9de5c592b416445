#!/usr/bin/env bash
# Installs what is missing, then configures and builds nimcert (Release) in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# Ninja, for a new build folder: it starts a layer's sources while the layers below it are
# still compiling, where make waits for each library in turn (an existing folder keeps its own).
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
