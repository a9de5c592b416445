#!/usr/bin/env bash
# Cold certify of every committed proof, one binary against another, in one run.
#
# Usage: bash bench/cold_certify.sh OLD_NIMCERT NEW_NIMCERT [proofs...]
#
# Each binary runs `certify --no-cache` (every query solved again) once over all the proofs,
# as a user regenerating every certificate would, on its own copy of the proof files and their
# committed certificates, the old binary first; ROUNDS=n repeats the pair n times (default 1).
# Prints both wall times and their ratio per round, each proof's own time as its certificate
# records it (run.seconds, of the last round; "kept" where the certificate was the same and
# left as it was), and checks that both binaries' certificates agree
# apart from the run's timings (same verdicts, same queries, same answers).  A benchmark, not a
# test: the figures go into notes.
#
# 2026-12-03, the eight proofs fb6b886 can read (bouton, levine-2004, manabe-2024, merge-min-3,
# moore-nim, serial-nim, subtraction, wythoff): fb6b886 368.5 s, 842a6e9 196.9 s, 1.87x in one
# run.  The old binary already ran Z3 and cvc5 side by side (487 s of CPU in 349 s); the new one
# keeps both cores busy (367 s of CPU in 188 s), so what is left is the solvers' own work: Z3
# about 60% of it after cvc5's --bool-to-bv=all halved cvc5's, and the [0,1024]^3 cube 41 s.
# 2026-12-04, the same eight, widths solved widest first (5c82d4f: a proved w = 64 implies the
# smaller widths, which are no longer posed), three runs of one round each: 410.1 s / 170.2 s
# (2.41x), 443.0 s / 178.8 s (2.48x), 453.8 s / 172.3 s (2.63x).  The old binary ran slower
# on this day than on the last (368.5 s); against that figure the new one is still 2.06x.
# 2026-12-06, octal-0.1777.proof and manabe's cube with its three claims alone (certs/
# manabe-2024.proof less its lemmas and inductions), e72ce55 against 22afc16, one round:
# 76.3 s / 47.2 s (1.61x); 0.1777 55.0 s / 32.7 s (a rest's first splits' low values in one
# vector pass, the region's walks remembered, a steady move list), the cube 21.4 s / 14.5 s when
# run alone (claims once per row for x and y, in 32-bit lanes).  0.1777's certificate differs
# only in the engine's account of how it computed the values (counts by way).
# 2026-12-06 (later), all 22 proofs with their committed certificates, 427e90f against 14d3f4a,
# one round: 227.0 s / 193.2 s (1.17x), every certificate the same.  The proofs checked the
# longest first (by their certificates' last runs), Z3 with sat.lookahead_simplify, and boxes
# and sequences of two proofs side by side (one exhaustive part at a time before: 30 s with a
# core idle while 0.1777 ran).  perf -a over the run then showed both cores busy throughout
# but the last 10 s.  14d3f4a against fdad504 (CaDiCaL with --unsat), one round: 191.2 s /
# 183.7 s (1.04x); the 12 certificates with DRAT routes differ in their proofs' digests and
# sizes and the recorded options, as they should.
# 2026-12-06 (evening), all 22 proofs, fdad504 against e505b8c (a proof's cube claims as
# machine code, rows of x3 and G), one round: 187.7 s / 181.2 s (1.04x), every certificate the
# same; manabe's cube with its three claims alone (as above), one round then two: 12.9 s / 8.1 s,
# 11.8 s / 8.1 s, 12.3 s / 8.1 s.  e505b8c against b2fdf1a (the mex recursion's three-heap (a)
# with two values a side), one round: 193.4 s / 178.5 s (1.08x; e505b8c took 181.2 s in the run
# before, so the machine's noise is about as large as the gain); hexadecimal alone 17.2 s / 1.1 s.
# Its certificate differs in three MONA programs' digests and state counts, the others not.
# b2fdf1a against 9b6900c (a goal's disjunction as a balanced tree), two-wythoff alone: 18.8 s /
# 9.5 s.  fdad504 against 0724fe0 (all of this stop's changes), all 22 proofs, one round:
# 198.9 s / 178.7 s (1.11x); fdad504's certificates differ from the committed ones in 12 files,
# in MONA programs' digests (and hexadecimal's and two others' MONA state counts) only.
# 2026-12-06 (night), all 22 proofs, 0724fe0 against e49fd9f (a hint's follower x - (x - m)
# posed as min(x, m)), one round: 178.6 s / 150.3 s (1.19x); lasker, levine-2004 and
# staircase-nim differ from 0724fe0's in queries' digests and the DRAT route's sizes only.
# e49fd9f against 20c2231 (Z3's QF_BV solver): 157.8 s / 152.1 s (1.04x, within the noise).
# 0724fe0 against 06665ed (the whole stop), later, on a slower machine: 188.8 s / 160.1 s
# (1.18x).  Where 06665ed's CPU goes in a cold run (perf -a, 342 CPU-s with perf): Z3 30%,
# nimcert's own code 31% (0.1777's engine 9%, the DRAT checker 4%, the cube 3%, the misère
# search 3%), cvc5 15%, CaDiCaL 6%, libc 5%, the kernel 4% (first touches of 0.1777's 2.6 GB),
# SHA-256 2%, MONA under 1%.  Each proof alone (user + sys CPU, 06665ed): serial-nim 65,
# levine-2004 43, octal-0.1777 33 (one core), manabe-2024 26, bouton 26, moore-nim 19.5,
# two-wythoff 15.5, octal-periods 15 (one core), dawsons-kayles 10 (one core), wythoff 9, the
# other twelve 25: about 283 CPU-s in all, 141 s on two cores if packed perfectly.
# 2026-12-07, all 22 proofs, c503017 against Z3 without sat.lookahead_simplify, one round:
# 150.9 s / 137.4 s (1.10x), every certificate the same.  c503017 against f7decc1 (that, the
# misère definition's options made when tried, the DRAT checker's deletion index without a
# vector per hash, the misère search's class table walked out of the steps), two runs of one
# round: 153.4 s / 142.2 s (1.08x), 153.6 s / 138.8 s (1.11x), every certificate the same.
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 OLD_NIMCERT NEW_NIMCERT [proofs...]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
shift 2
cd "$(dirname "$0")/.."
proofs=("$@")
[[ ${#proofs[@]} -gt 0 ]] || proofs=(certs/*.proof)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/old" "$scratch/new"
cp "${proofs[@]}" "$scratch/old/"
cp "${proofs[@]}" "$scratch/new/"
# With their committed certificates, as on a checkout: certify reads them for the order in
# which it checks the proofs (the longest first, by their last runs), and rewrites only those
# whose stable part changed.  NO_CERTIFICATES=1 leaves them out (the proofs in the named order).
if [[ -z ${NO_CERTIFICATES:-} ]]; then
  for p in "${proofs[@]}"; do
    c=${p%.proof}.cert.json
    [[ -f $c ]] && cp "$c" "$scratch/old/" && cp "$c" "$scratch/new/"
  done
fi
touch "$scratch/copied"

# A binary from before the answer cache (issue 25 was filed against one) has no --no-cache:
# its every certify is cold.
cold() { "$1" certify --help 2>/dev/null | grep -q -- --no-cache && echo --no-cache || true; }

wall() { # BINARY DIR: wall seconds of one cold certify of every proof in DIR
  local start end status=0
  start=$(date +%s.%N)
  (cd "$2" && "$1" certify $(cold "$1") ./*.proof >"$2.log" 2>&1) || status=$?
  end=$(date +%s.%N)
  [[ $status -le 1 ]] || { echo "$1 certify failed (status $status):" >&2; tail -n 5 "$2.log" >&2; exit 2; }
  echo "$end - $start" | bc
}

for ((round = 1; round <= ${ROUNDS:-1}; ++round)); do
  a=$(wall "$old" "$scratch/old")
  b=$(wall "$new" "$scratch/new")
  printf 'round %d: old %.1f s, new %.1f s: %.2fx\n' "$round" "$a" "$b" "$(echo "$a / $b" | bc -l)"
done
python3 - "$scratch" <<'EOF'
import glob, json, os, sys
scratch = sys.argv[1]
print(f"{'proof':<24} {'old_s':>8} {'new_s':>8}  certificates")
for path in sorted(glob.glob(os.path.join(scratch, "old", "*.cert.json"))):
    name = os.path.basename(path)
    a = json.load(open(path))
    b = json.load(open(os.path.join(scratch, "new", name)))
    # A certificate left as it was (its stable part unchanged) still tells of an earlier run.
    copied = os.path.getmtime(os.path.join(scratch, "copied"))
    def seconds(c, side):
        fresh = os.path.getmtime(os.path.join(scratch, side, name)) > copied
        return f"{c['run']['seconds']:8.1f}" if fresh else f"{'kept':>8}"
    sa, sb = seconds(a, "old"), seconds(b, "new")
    for c in (a, b):
        c.pop("run", None)
        c.pop("stable_sha256", None)
    print(f"{name[:-10]:<24} {sa} {sb}  {'same' if a == b else 'DIFFERENT'}")
EOF
