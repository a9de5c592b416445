#!/usr/bin/env bash
# Warm certify against cold: the edit loop of issue 51 (item 2) and issue 52.
#
# Usage: bash bench/warm_certify.sh NIMCERT [proofs...]   (default: the committed three-heap
# inductions, certs/subtraction.proof and certs/manabe-2024.proof)
#
# On a copy of the proofs, with an answer cache of its own: a cold certify (empty cache: every
# Z3/cvc5 query, MONA program and DRAT route runs), then one unrelated lemma appended to the
# first proof, then a warm certify (the cache holds everything but the new lemma's queries).
# Prints both wall times, their ratio, and whether the warm certificates equal the cold ones
# apart from the run's timings and the new lemma (they must).  A benchmark, not a test: the
# figures go into notes.  CERTIFY_ARGS adds options to both runs (e.g. "--cube 32").  The warm
# run reuses the exhaustive blocks too (the cube, boxes, sequences: checks/reusing_exhaustive.hpp),
# since a lemma is none of their inputs.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 NIMCERT [proofs...]" >&2; exit 2; }
nimcert=$(realpath "$1")
shift
cd "$(dirname "$0")/.."
proofs=("$@")
[[ ${#proofs[@]} -gt 0 ]] || proofs=(certs/subtraction.proof certs/manabe-2024.proof)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/p"
cp "${proofs[@]}" "$scratch/p/"
export XDG_CACHE_HOME="$scratch/cache"

run() { # LABEL: wall seconds of one certify of every proof in the copy
  local start end
  start=$(date +%s.%N)
  (cd "$scratch/p" && "$nimcert" certify ${CERTIFY_ARGS:-} ./*.proof >"$scratch/$1.log" 2>&1) || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

strip() { # CERT: the certificate's checks, the added lemma left out
  python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
c["lemmas"] = [l for l in c.get("lemmas", []) if l.get("label") != "warm-bench-added"]
c["trust"] = [t for t in c.get("trust", []) if "warm-bench-added" not in t.get("check", "")]
for k in ("run", "stable_sha256", "proof", "verdict"): c.pop(k, None)
print(json.dumps(c, sort_keys=True))' "$1"
}

cold=$(run cold)
for c in "$scratch"/p/*.cert.json; do strip "$c" >"$c.cold"; done
first=$(ls "$scratch"/p/*.proof | head -1)
cat >>"$first" <<'PROOF'

lemma "warm-bench-added" "an unrelated lemma, added after the cold run"
  vars a b
  prove (a ^ b) ^ b == a
  widths 8 16 32 64
  enumerate 0..63
end
PROOF
warm=$(run warm)
same=yes
for c in "$scratch"/p/*.cert.json; do
  strip "$c" | cmp -s - "$c.cold" || same=no
done
echo "proofs: ${proofs[*]}"
echo "cold certify: ${cold} s"
echo "warm certify (one lemma added): ${warm} s"
echo "ratio: $(echo "scale=2; $cold / $warm" | bc)x"
echo "warm certificates equal the cold ones apart from the run and the new lemma: $same"
tail -3 "$scratch/warm.log"
