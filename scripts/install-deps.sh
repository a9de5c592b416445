#!/usr/bin/env bash
# Installs, with apt, whatever nimcert needs to build and test that is not installed yet.
# Debian 12 package names; run as root.  Installs nothing when everything is present.
# Extra packages may be named as arguments (scripts/fuzz.sh adds clang and libFuzzer).
set -euo pipefail
packages=(g++ make ninja-build cmake pkg-config git
          libz3-dev z3 cvc5 mona cadical libgmp-dev libfmt-dev nlohmann-json3-dev libcli11-dev libssl-dev
          libcairo2-dev libgtest-dev libbenchmark-dev "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
