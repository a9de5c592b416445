#!/usr/bin/env bash
# Side by side in one run: nimcert certifying 0.376's period (4 from 2,268,248, Gangolli and
# Plambeck 1989) for every n, against Tomek Czajka's C++ `analyze` (github.com/tczajka/
# octal-games, old/src) finding the same period.  The peer is built from a snapshot of its
# repository, given as a folder holding old/src (PEER=...), with the flags of its own Makefile
# (-O2 -std=c++11); both run on the same machine one after the other, and the ratio of their
# wall times is printed.  nimcert computes the values to the end of the Guy-Smith window
# (4,536,506) and proves the period; `analyze` computes in doublings and checks its own period
# test.
#   PEER=/path/to/octal-games bash bench/octal_peer.sh [CODE]
set -euo pipefail
cd "$(dirname "$0")/.."
code=${1:-0.376}
nimcert=${NIMCERT:-./build/checker/nimcert}
peer=${PEER:?PEER=folder of a tczajka/octal-games snapshot (with old/src)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
srcs=$(ls "$peer"/old/src/*.cc | grep -v -e '_test\.cc$' -e '_exec\.cc$')
g++ -O2 -std=c++11 -pthread -I"$peer/old/src" "$peer/old/src/analyze_exec.cc" $srcs -o "$work/analyze"

start=$(date +%s.%N)
"$nimcert" certify certs/octal-periods.proof --out "$work/periods.cert.json" >"$work/nimcert.txt"
mid=$(date +%s.%N)
# The peer prints "Found period start=S period=P" and stops.
"$work/analyze" "${code#0}" >"$work/peer.txt"
end=$(date +%s.%N)
row=$(grep -F "sequence $code:" "$work/nimcert.txt")
echo "$row"
grep -F "Found period" "$work/peer.txt"
# The row's own time: the number before "s" in certify's table.
row_seconds=$(echo "$row" | awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "s") { print $i; exit } }')
awk -v a="$start" -v b="$mid" -v c="$end" -v r="$row_seconds" -v code="$code" 'BEGIN {
  printf "nimcert certify certs/octal-periods.proof (all ten periods): %.1f s, %s alone %.2f s\n", b - a, code, r
  printf "peer analyze %s: %.1f s\n", code, c - b
  printf "ratio peer / nimcert: %.1fx for the whole file, %.1fx for %s\n", (c - b) / (b - a), (c - b) / r, code }'
