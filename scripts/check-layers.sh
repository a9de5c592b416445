#!/usr/bin/env bash
# Fails when a source file includes a header its layer may not use, by the table of
# docs/architecture.md (the block between <!-- layers --> and <!-- /layers -->).
# Prints every offending include as file:line: layer -> header, and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
table=$(sed -n '/<!-- layers -->/,/<!-- \/layers -->/p' docs/architecture.md | grep -E '^(smt|checker)/[a-z0-9_]+:')
declare -A allowed
while IFS= read -r row; do
  layer=${row%%:*}
  allowed[$layer]=$(echo "${row#*:}" | tr -s ' ')
done <<<"$table"
[ ${#allowed[@]} -gt 0 ] || { echo "check-layers: no table in docs/architecture.md" >&2; exit 2; }

# The layer of a header named from an include root ("engines/cube_engine.hpp").
header_path() {
  local first=${1%%/*}
  if [ -d "smt/$first" ]; then echo "smt/$1"; elif [ -d "checker/$first" ]; then echo "checker/$1"; fi
}

bad=0
checked=0
while IFS= read -r file; do
  layer=$(echo "$file" | cut -d/ -f1-2)
  if [ -z "${allowed[$layer]+set}" ]; then
    echo "$file: layer $layer is not in the table of docs/architecture.md"; bad=1; continue
  fi
  while IFS=: read -r line include; do
    header=$(echo "$include" | sed -E 's/^#include "([^"]+)".*/\1/')
    path=$(header_path "$header")
    checked=$((checked + 1))
    if [ -z "$path" ]; then
      echo "$file:$line: \"$header\" is not written from an include root (e.g. \"base/position.hpp\")"; bad=1; continue
    fi
    target=$(echo "$path" | cut -d/ -f1-2)
    [ "$target" = "$layer" ] && continue
    ok=0
    for a in ${allowed[$layer]}; do
      if [ "$a" = "$target" ] || [ "$a" = "$path" ]; then ok=1; break; fi
    done
    if [ $ok = 0 ]; then echo "$file:$line: $layer may not include $path"; bad=1; fi
  done < <(grep -n '^#include "' "$file" | sed -E 's/^([0-9]+):/\1:/')
done < <(find smt checker -name '*.cpp' -o -name '*.hpp' | sort)

if [ $bad = 0 ]; then
  echo "check-layers: $checked includes follow docs/architecture.md"
else
  echo "check-layers: includes against docs/architecture.md (above)"; exit 1
fi
