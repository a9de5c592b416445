#!/usr/bin/env bash
# Misère outcomes past the quotient search's stop (issue 50, item 4): the wall time of
# `nimcert table --misere` on Dawson's Kayles (0.07) for heaps 0..LAST, which searches the
# quotient (it stops at heap 34, a reduced quotient of more than 4096 elements) and then takes
# each single heap by the definition over canonical sums, and of the definition alone through
# `grundy --misere` on the heap LAST; for each LAST given (default 60 70 80).  With a second
# binary, the same runs side by side (the previous commit's, for a ratio in one run).  A
# benchmark, not a test: the figures go into notes.
#   bash bench/misere_definition.sh NIMCERT [OTHER_NIMCERT] [-- LAST...]
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 NIMCERT [OTHER_NIMCERT] [-- LAST...]" >&2; exit 2; }
binaries=()
while [[ $# -gt 0 && $1 != -- ]]; do binaries+=("$(realpath "$1")"); shift; done
[[ ${1:-} == -- ]] && shift
lasts=("$@")
[[ ${#lasts[@]} -gt 0 ]] || lasts=(60 70 80)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
printf 'game dawson octal "0.07"\n' >"$scratch/d.proof"
seconds() { # COMMAND...: its wall time, the command's output dropped
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || echo "  (exit $?: $*)" >&2
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
for last in "${lasts[@]}"; do
  for b in "${binaries[@]}"; do
    t=$(seconds "$b" table --proof "$scratch/d.proof" --game dawson --misere --last "$last")
    s=$(seconds "$b" grundy --proof "$scratch/d.proof" --game dawson --misere "$last")
    echo "0.07 misère heaps 0..$last: table ${t} s, grundy (heap $last) ${s} s  [$b]"
  done
done
