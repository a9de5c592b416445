#!/usr/bin/env bash
# Builds the Debian package nimcert_VERSION_amd64.deb in the current folder (README, "Install"):
# installs what is missing, builds nimcert (Release, in build/: the one target, never the tests,
# benches or fuzzers; CPack's preinstall step builds nothing more, see cmake/package.cmake), and
# packages it with CPack.  From a new build folder on 2 cores the target takes about 130 s,
# under half of a full build's 272 s (each layer one unity source, cmake/layers.cmake).
# `apt-get install ./nimcert_VERSION_amd64.deb` then installs /usr/bin/nimcert with cvc5, mona, cadical
# and the libraries it links.
#   bash scripts/package.sh
set -euo pipefail
out=$(pwd)
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh dpkg-dev file
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}  # for a new build folder, as scripts/build.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target nimcert >/dev/null
(cd build && cpack -G DEB >/dev/null)
deb=$(ls build/nimcert_*_amd64.deb)
[ "$(realpath "$out")" = "$(pwd)" ] || cp "$deb" "$out/"
[ "$(realpath "$out")" != "$(pwd)" ] || cp "$deb" .
echo "package: $out/$(basename "$deb")"
