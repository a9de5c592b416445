#!/usr/bin/env bash
# Grundy's game past the published tables (issue 41, item 4): G(0..2^24) by the split engine
# in sparse space (engines/take_and_break_engine.hpp; the box engine holds it against the
# one-heap sum engine on n = 0..4096, tests/take_and_break_engine_test.cpp to 10^5), written
# as an OEIS b-file, and its P-positions.  Target: 2^24 in at most 10 minutes.  Prints the wall
# time and peak memory, the b-file's SHA-256, the number of P-positions and the last one.
#   bash bench/grundy_game.sh [LAST] [OUT_DIR]      (default 16777216, build/grundy-game)
set -euo pipefail
cd "$(dirname "$0")/.."
last=${1:-16777216}
out=${2:-build/grundy-game}
nimcert=${NIMCERT:-./build/checker/nimcert}
mkdir -p "$out"
/usr/bin/time -f "grundy's game to n = $last: %e s wall, %M KiB peak" \
  "$nimcert" table --proof certs/grundy-game.proof --bfile --last "$last" >"$out/b-file.txt.part"
mv "$out/b-file.txt.part" "$out/b-file.txt"
awk '!/^#/ && $2 == 0 { print $1 }' "$out/b-file.txt" >"$out/p-positions.txt"
echo "b-file: $out/b-file.txt, sha256 $(sha256sum "$out/b-file.txt" | cut -d' ' -f1)"
echo "P-positions: $(wc -l <"$out/p-positions.txt") up to $last, the last $(tail -1 "$out/p-positions.txt") ($out/p-positions.txt)"
