#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang in build-fuzz/ and runs each for SECONDS seconds
# (default 30) on its corpus, seeded with the committed proofs and certificates.  Installs
# clang and libFuzzer when missing; exits 0 when no harness found a crash, leak or hang.
#   bash scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
bash scripts/install-deps.sh clang libfuzzer-14-dev
# -O0 and line tables only: the harnesses only parse, and the optimiser's and the debug
# information's compile time is CI's time (-O1 with full -g took 35% longer to build, for 10 s
# of fuzzing; line tables still name every frame of a crash).  Each layer is one unity source
# (cmake/layers.cmake): the harnesses' build took about 360 s one source at a time, 94 s so.
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}  # for a new build folder, as scripts/build.sh
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNIMCERT_FUZZ=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only" -DNIMCERT_TESTS=OFF -DNIMCERT_BENCH=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target proof_parser_fuzz certificate_reader_fuzz
# The two harnesses run side by side, each on a core (on CI they start as the gate ends, when
# both cores are free), each into its own log, printed when both are done; either failing fails.
pids=()
for harness in proof_parser certificate_reader; do
  corpus=build-fuzz/corpus/$harness
  mkdir -p "$corpus"
  if [ "$harness" = proof_parser ]; then seeds=(certs/*.proof tests/fuzz/regressions/*.proof);
  else seeds=(certs/*.cert.json tests/fuzz/regressions/*.json); fi
  for s in "${seeds[@]}"; do [ -f "$s" ] && cp "$s" "$corpus/"; done
  ( ASAN_OPTIONS=detect_leaks=1 "build-fuzz/tests/fuzz/${harness}_fuzz" "$corpus" \
      -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
      -artifact_prefix="build-fuzz/${harness}-" -print_final_stats=1 \
      >"build-fuzz/${harness}.log" 2>&1 ) &
  pids+=($!)
done
status=0
for i in 0 1; do
  harness=$([ "$i" = 0 ] && echo proof_parser || echo certificate_reader)
  rc=0
  wait "${pids[$i]}" || rc=$?
  echo "fuzz: $harness for ${seconds}s"
  tail -n 12 "build-fuzz/${harness}.log"
  [ "$rc" -eq 0 ] || { echo "fuzz: $harness failed (exit status $rc)"; status=$rc; }
done
exit "$status"
