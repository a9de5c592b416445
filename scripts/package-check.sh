#!/usr/bin/env bash
# CI's check of the package (README, "Install"): builds nimcert_VERSION_amd64.deb with
# scripts/package.sh (or takes the one named), installs it with apt-get (root, a Debian 12
# machine), and certifies a proof with the installed /usr/bin/nimcert in a folder outside the
# tree, where a wrong proof must fail as well: what a user of the package would do first.
#   bash scripts/package-check.sh [PACKAGE.deb]      (the release workflow passes the one it built)
set -euo pipefail
deb=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$deb" ]; then
  (cd "$work" && bash "$OLDPWD/scripts/package.sh")
  deb=$(ls "$work"/nimcert_*_amd64.deb)
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --reinstall "$deb" >/dev/null
installed=$(command -v nimcert)
[ "$installed" = /usr/bin/nimcert ] || { echo "package-check: nimcert is $installed, not /usr/bin/nimcert" >&2; exit 1; }
man -w nimcert >/dev/null
cd "$work"
cat > nim.proof <<'PROOF'
box "nim-2" "Bouton: two heaps"
  game nim(heaps = 2)
  size 15
  claim "xor" "G = x1 ^ x2": G == x1 ^ x2
end
lemma "cancel" "a ^ b ^ b = a"
  vars a b
  prove (a ^ b ^ b) == a
  widths 8 16
  enumerate 0..15
end
PROOF
nimcert --version
nimcert certify nim.proof --no-cache | tail -n 1
nimcert verify nim.cert.json | tail -n 1
sed 's/G == x1 ^ x2/G == x1 | x2/' nim.proof > wrong.proof
status=0
nimcert certify wrong.proof --no-cache --only claims > wrong.log || status=$?
tail -n 1 wrong.log
[ $status = 1 ] || { echo "package-check: a wrong claim gave exit $status, not 1" >&2; exit 1; }
echo "package-check: the installed nimcert certifies a proof outside the tree and refuses a wrong one"
