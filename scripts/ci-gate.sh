#!/usr/bin/env bash
# The proof gate as CI runs it (.ci/run; tests/gate_trust_test.cpp plays it in a scratch clone).
# Answers are reused only from sources this machine trusts: the local answer cache, and the
# parent commit's certificates when this machine's nimcert vouches for them (it wrote them, or
# a passing gate found them up to date: `gate --base`, README "The gate").  On a fresh clone
# neither exists, so every query is solved: a parent commit nobody gated is never trusted.
#   NIMCERT=path/to/nimcert bash scripts/ci-gate.sh [gate options...]   (from the repository root)
set -euo pipefail
nimcert=${NIMCERT:-./build/checker/nimcert}
base=()
if git rev-parse --verify -q HEAD~1 >/dev/null; then base=(--base HEAD~1); fi
exec "$nimcert" gate "${base[@]}" "$@"
