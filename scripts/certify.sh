#!/usr/bin/env bash
# The main job: install what is missing, build, and certify the committed proofs.
# Exit status is nimcert's: 0 every claim holds, 1 a claim fails or is unknown, 2 an error.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec ./build/checker/nimcert certify "$@"
