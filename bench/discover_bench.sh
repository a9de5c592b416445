#!/usr/bin/env bash
# The discover targets of issue 27, one run each, timed (wall clock), in a scratch folder:
# both routes on Nim, S = {1, 2, 3} and Serial Nim (three heaps), Manabe's game, Moore's Nim_2's
# P-positions, and Wythoff's game (not automatic: "no automaton ... fits").  Prints one line per
# run: route, game, exit status, seconds, and discover's last line.  No cache, so every solver
# query is solved.  Usage: bench/discover_bench.sh [NIMCERT]
set -uo pipefail
nimcert=$(realpath "${1:-build/checker/nimcert}")
examples=$(realpath "$(dirname "$0")/../docs/examples/discover")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$examples"/*.proof "$work"/
cd "$work"
grep -v '^def formula4' manabe.proof > manabe-delta.proof  # the formula route gets delta only
run() {
  local label=$1; shift
  local start end status last
  start=$(date +%s.%N)
  last=$("$nimcert" discover --no-cache "$@" 2>&1 | tail -1)
  status=${PIPESTATUS[0]}
  end=$(date +%s.%N)
  printf '%-40s exit %s  %7.1f s  %s\n' "$label" "$status" "$(echo "$end - $start" | bc)" "$last"
}
run "formula nim3" nim3.proof
run "formula subtraction" subtraction.proof
run "formula serial-nim (bracket)" serial-nim.proof
run "formula manabe (delta)" manabe-delta.proof
run "automaton nim3" --automaton nim3.proof -o a1.json
run "automaton subtraction" --automaton subtraction.proof -o a2.json
run "automaton serial-nim" --automaton serial-nim.proof -o a3.json
run "automaton manabe (= formula4)" --automaton --equals formula4 manabe.proof -o a4.json
run "automaton moore-nim P-positions" --automaton --p-positions moore-nim.proof -o a5.json
run "automaton wythoff" --automaton wythoff.proof -o a6.json
for f in a1 a2 a3 a4 a5; do
  [ -f $f.json ] && python3 -c "import json,sys; c=json.load(open('$f.json')); print('$f', c['game']['name'], c['table']['box'], c['automaton']['states'], 'states')"
done
