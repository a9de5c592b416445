#!/usr/bin/env bash
# Runs the three differential fuzzers (tests/differential) for SECONDS seconds each (default
# 30), from the build the test suite uses: the WS1S translation through MONA against the exact
# evaluator, declared games' engines and `grundy --proof` against a plain recursive mex, and
# the bit-blaster's CNF against Z3's values (with CaDiCaL's proofs checked by DRAT and LRAT).
# Each prints how many executions it made; exits 1 on the first disagreement (printed with
# its seed, so that `--seed N --jobs 1` replays it).
#   bash scripts/differential.sh [SECONDS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
seed=${2:-$(date +%s)}
cmake --build build -j"$(nproc)" --target ws1s_differential declared_differential blast_differential >/dev/null
echo "differential: seed $seed, ${seconds}s each"
build/tests/differential/ws1s_differential --seconds "$seconds" --seed "$seed"
build/tests/differential/declared_differential --seconds "$seconds" --seed "$seed"
build/tests/differential/blast_differential --seconds "$seconds" --seed "$seed"
