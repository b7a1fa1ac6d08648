#!/usr/bin/env bash
# wasm.types: compiles surfaces/js/test/types/usage.ts with tsc --strict against the
# built package's dist/*.d.ts.   check.sh PACKAGE_DIR
set -euo pipefail
package="$1"
tsc="$(command -v tsc || true)"
if [ -z "$tsc" ]; then
  echo "wasm.types: tsc not found (scripts/install-deps.sh installs Debian's node-typescript)" >&2
  exit 1
fi
mkdir -p "$package/types-check"
cp "$(dirname "$0")/usage.ts" "$package/types-check/usage.ts"
"$tsc" --strict --noEmit --target es2020 --module es2020 --moduleResolution node \
  --lib es2020,dom "$package/types-check/usage.ts"
echo "wasm.types: $package/dist/{puny,punycode,display}.d.ts accept usage.ts ($("$tsc" --version))"
