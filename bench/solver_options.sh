#!/usr/bin/env bash
# A solver (cvc5 or Z3) under two sets of options on every query the committed proofs ask
# (lemmas and induction obligations, as `nimcert export-smt2` writes them), one query at a time
# and each query under both sets in turn, nothing else running: each set's total time, every
# query where their answers differ, and the slowest queries.
#
# In turn, not side by side on the two cores: two large bit-blasted queries at once slow each
# other by up to 2x here (Levine's (3) at w = 64: 59 s alone, 116 s beside another cvc5), which
# once made --bv-sat-solver=cadical look 1.7x faster; in turn it is no faster (65 s against 59 s
# on that query).  What is faster, in turn, is --bool-to-bv=all: 118 s against 243 s over all
# 1086 queries of the 13 committed proofs, 12 s against 59 s on Levine's (3), the same answer on
# every quantifier-free query (2026-12-03).  cvc5 refuses it on quantified ones (an error, which
# this script lists as a differing answer), so nimcert passes it on QF_BV queries only
# (smt/solve/cvc5_replay.hpp).
#
# Z3 (SOLVER=z3; options as Z3's command line takes them, sat.lookahead_simplify=true), the
# committed proofs' eight slowest induction queries at w = 64 (2026-12-06), defaults against
# sat.lookahead_simplify=true: 61.9 s against 49.2 s in all, Levine's binary-rule (b) d = 0
# 22.7 s against 11.0 s, binary-rule (b) d = 1 8.0 s against 4.7 s, (3) (b) d = 1 16.0 s
# against 17.8 s, serial-nim's nested-5 and nested-6 (b) 3.8 and 5.8 s against 4.9 and 6.0 s;
# every answer the same.  Slower on that first query: sat.acce 24.2 s, sat.phase=always_false
# 30.5 s, sat.restart=luby 30.3 s, sat.branching.heuristic=chb 24.2 s, sat.gc=glue 27.4 s.
# nimcert passed sat.lookahead_simplify=true until 2026-12-07, when it had moved to Z3's QF_BV
# solver: through the API that option then cost more than it gave (bench/z3_api_options.cpp, whose
# figures describe nimcert; the binary's global parameters do not act quite as the API's do).
#
# Usage: bash bench/solver_options.sh [NIMCERT] [TIMEOUT_MS] [proofs...]
#   SOLVER (cvc5 or z3, default cvc5); OPTIONS_A (default: none, the solver's own defaults) and
#   OPTIONS_B (default: --bool-to-bv=all for cvc5, sat.lookahead_simplify=true for Z3) name the
#   two sets.  A benchmark, not a test: the figures go into notes.
set -euo pipefail
cd "$(dirname "$0")/.."
nimcert=$(realpath "${1:-build/checker/nimcert}")
timeout_ms=${2:-60000}
shift $(($# > 2 ? 2 : $#))
proofs=("$@")
[[ ${#proofs[@]} -gt 0 ]] || proofs=(certs/*.proof)
a_opts=${OPTIONS_A:-}
solver=${SOLVER:-cvc5}
case $solver in
  cvc5) default_b=--bool-to-bv=all ;;
  z3) default_b=sat.lookahead_simplify=true ;;
  *) echo "SOLVER is cvc5 or z3" >&2; exit 2 ;;
esac
b_opts=${OPTIONS_B:-$default_b}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$nimcert" export-smt2 --dir "$scratch/queries" "${proofs[@]}" >/dev/null
find "$scratch/queries" -name '*.smt2' | sort >"$scratch/list"

solve() { # OPTIONS FILE: "file answer seconds"
  local start end answer
  start=$(date +%s.%N)
  # shellcheck disable=SC2086  # the options are words
  # (an option cvc5 refuses on this query is an error line and status 1: an answer to compare)
  if [[ $solver == z3 ]]; then
    # shellcheck disable=SC2086
    answer=$(z3 -T:$(((timeout_ms + 999) / 1000)) $1 "$2" 2>/dev/null | head -n 1 || true)
  else
    # shellcheck disable=SC2086
    answer=$(cvc5 --lang=smt2 --tlimit-per="$timeout_ms" $1 <"$2" 2>/dev/null | head -n 1 || true)
  fi
  end=$(date +%s.%N)
  echo "$2 ${answer:-none} $(echo "$end - $start" | bc)"
}

if [[ $solver == z3 ]]; then version=$(z3 --version); else version="cvc5 $(cvc5 --version | head -n 1 | sed 's/.*version //')"; fi
echo "$version: $(wc -l <"$scratch/list") queries, limit $timeout_ms ms"
while read -r f; do
  solve "$a_opts" "$f" >>"$scratch/a"
  solve "$b_opts" "$f" >>"$scratch/b"
done <"$scratch/list"
python3 - "$scratch" "$a_opts" "$b_opts" <<'EOF'
import os, sys
scratch, a_opts, b_opts = sys.argv[1], sys.argv[2] or "(defaults)", sys.argv[3] or "(defaults)"
def load(name):
    rows = {}
    for line in open(os.path.join(scratch, name)):
        f, answer, seconds = line.rsplit(" ", 2)
        rows[os.path.relpath(f, os.path.join(scratch, "queries"))] = (answer, float(seconds))
    return rows
a, b = load("a"), load("b")
ta, tb = sum(t for _, t in a.values()), sum(t for _, t in b.values())
print(f"A {a_opts}: {ta:.1f} s; B {b_opts}: {tb:.1f} s; A/B {ta / tb:.2f}x")
differ = [q for q in a if a[q][0] != b[q][0]]
print(f"answers differ on {len(differ)} queries")
for q in differ:
    print(f"  {q}: A {a[q][0]} ({a[q][1]:.1f} s), B {b[q][0]} ({b[q][1]:.1f} s)")
print("slowest (A s, B s, query):")
for q in sorted(a, key=lambda q: -max(a[q][1], b[q][1]))[:12]:
    print(f"  {a[q][1]:7.1f} {b[q][1]:7.1f}  {q}")
EOF
