#!/usr/bin/env bash
# cvc5 under two sets of options on every query the committed proofs ask (lemmas and induction
# obligations, as `nimcert export-smt2` writes them), one query at a time and each query under
# both sets in turn, nothing else running: each set's total time, every query where their
# answers differ, and the slowest queries.
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
# Usage: bash bench/cvc5_options.sh [NIMCERT] [TIMEOUT_MS] [proofs...]
#   OPTIONS_A (default: none, cvc5's own defaults) and OPTIONS_B (default: --bool-to-bv=all)
#   name the two sets.  A benchmark, not a test: the figures go into notes.
set -euo pipefail
cd "$(dirname "$0")/.."
nimcert=$(realpath "${1:-build/checker/nimcert}")
timeout_ms=${2:-60000}
shift $(($# > 2 ? 2 : $#))
proofs=("$@")
[[ ${#proofs[@]} -gt 0 ]] || proofs=(certs/*.proof)
a_opts=${OPTIONS_A:-}
b_opts=${OPTIONS_B:---bool-to-bv=all}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$nimcert" export-smt2 --dir "$scratch/queries" "${proofs[@]}" >/dev/null
find "$scratch/queries" -name '*.smt2' | sort >"$scratch/list"

solve() { # OPTIONS FILE: "file answer seconds"
  local start end answer
  start=$(date +%s.%N)
  # shellcheck disable=SC2086  # the options are words
  # (an option cvc5 refuses on this query is an error line and status 1: an answer to compare)
  answer=$(cvc5 --lang=smt2 --tlimit-per="$timeout_ms" $1 <"$2" 2>/dev/null | head -n 1 || true)
  end=$(date +%s.%N)
  echo "$2 ${answer:-none} $(echo "$end - $start" | bc)"
}

echo "cvc5 $(cvc5 --version | head -n 1 | sed 's/.*version //'): $(wc -l <"$scratch/list") queries, limit $timeout_ms ms"
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
