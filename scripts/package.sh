#!/usr/bin/env bash
# Builds the Debian package nimcert_VERSION_amd64.deb in the current folder (README, "Install"):
# installs what is missing, builds nimcert (Release, in build/: the one target, never the tests,
# benches or fuzzers; CPack's preinstall step builds nothing more, see cmake/package.cmake), and
# packages it with CPack.
# `apt-get install ./nimcert_VERSION_amd64.deb` then installs /usr/bin/nimcert with cvc5, mona, cadical
# and the libraries it links.
#   bash scripts/package.sh
set -euo pipefail
out=$(pwd)
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh dpkg-dev file
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target nimcert >/dev/null
(cd build && cpack -G DEB >/dev/null)
deb=$(ls build/nimcert_*_amd64.deb)
[ "$(realpath "$out")" = "$(pwd)" ] || cp "$deb" "$out/"
[ "$(realpath "$out")" != "$(pwd)" ] || cp "$deb" .
echo "package: $out/$(basename "$deb")"
