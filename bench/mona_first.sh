#!/usr/bin/env bash
# Issue 39, item 5: MONA first, so that bounded time-outs never cost minutes.  Certifies the
# subtraction game S = {2, 5, 7} on one heap (its period 22 written as a chain of ifs, an
# induction at widths 8 16 32 64 that MONA proves on N^1 and Z3 and cvc5 only partly) cold,
# with an empty answer cache, then again after adding an unrelated lemma (warm: the cache
# holds every answer, unknown ones included).  Prints both wall times against the targets
# (cold <= 60 s, warm <= 5 s).  With --old it also runs the cold certify with the widths at
# the run's full limit after MONA's proof (--after-mona-timeout-ms 60000), as before MONA
# first: about ten minutes.
#   bash bench/mona_first.sh [--old] [NIMCERT]
set -euo pipefail
old=0
if [ "${1:-}" = --old ]; then old=1; shift; fi
nimcert=$(realpath "${1:-build/checker/nimcert}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
python3 - <<'PY'
S = [2, 5, 7]
g = []
for n in range(44):
    seen = {g[n - k] for k in S if n >= k}
    m = 0
    while m in seen:
        m += 1
    g.append(m)
chain = " else ".join(f"if n % 22 == {i} then {v}" for i, v in enumerate(g[:21])) + f" else {g[21]}"
open("s257.proof", "w").write(f"""game s257 heaps 1
  move "take 2" when x1 >= 2 to (x1 - 2)
  move "take 5" when x1 >= 5 to (x1 - 5)
  move "take 7" when x1 >= 7 to (x1 - 7)
end
def g257(n) = {chain}
box "values" "the values on one heap to 1000"
  game s257 size 1000
  claim "period 22" "G = g257(x1)": G == g257(x1)
end
induction "period 22" "the values, by induction on n"
  widths 8 16 32 64
end
""")
PY
seconds() { local s=$(date +%s.%N); "$@" > run.log 2>&1 || true; echo "$(date +%s.%N) - $s" | bc; }
cp s257.proof base.proof
cold=$(seconds "$nimcert" certify s257.proof --cache cache)
tail -n 1 run.log
printf 'lemma "unrelated" "x ^ x == 0"\n  vars x\n  prove (x ^ x) == 0\n  widths 8 64\n  enumerate 0..15\nend\n' >> s257.proof
warm=$(seconds "$nimcert" certify s257.proof --cache cache)
tail -n 1 run.log
printf 'mona_first: S = {2, 5, 7} cold %.1f s (target <= 60 s), warm after an unrelated lemma %.2f s (target <= 5 s)\n' "$cold" "$warm"
if [ $old = 1 ]; then
  before=$(seconds "$nimcert" certify base.proof --no-cache --after-mona-timeout-ms 60000)
  tail -n 1 run.log
  printf 'mona_first: the same cold with the widths at the full 60 s limit %.1f s (%.1fx)\n' "$before" "$(echo "$before / $cold" | bc -l)"
fi
