#!/usr/bin/env bash
# wasm.types: Debian's tsc --strict against the built package's declarations:
#   usage.ts      the entry points' dist/*.d.ts, imported by path
#   usage-cjs.ts  as an installed package from a CommonJS project: module node16,
#                 module nodenext (require condition: dist/*.d.cts), and
#                 moduleResolution node (types, typesVersions)
#   usage-esm.mts as an installed package from an ES module (module node16)
#   check.sh PACKAGE_DIR
set -euo pipefail
package="$(cd "$1" && pwd)"
here="$(cd "$(dirname "$0")" && pwd)"
tsc="$(command -v tsc || true)"
if [ -z "$tsc" ]; then
  echo "wasm.types: tsc not found (scripts/install-deps.sh installs Debian's node-typescript)" >&2
  exit 1
fi
mkdir -p "$package/types-check"
cp "$here/usage.ts" "$package/types-check/usage.ts"
"$tsc" --strict --noEmit --target es2020 --module es2020 --moduleResolution node \
  --lib es2020,dom "$package/types-check/usage.ts"

# A project beside the package, with the package installed under node_modules.
project="$(mktemp -d "${TMPDIR:-/tmp}/puny-types.XXXXXX")"
trap 'rm -rf "$project"' EXIT
mkdir -p "$project/node_modules"
ln -s "$package" "$project/node_modules/puny"
echo '{"name": "puny-types-check", "private": true, "type": "commonjs"}' >"$project/package.json"
cp "$here/usage-cjs.ts" "$here/usage-esm.mts" "$project/"
common=(--strict --noEmit --target es2020 --lib es2020,dom)
for mode in "--module node16" "--module nodenext" "--module commonjs --moduleResolution node"; do
  (cd "$project" && "$tsc" "${common[@]}" $mode usage-cjs.ts) || { echo "wasm.types: usage-cjs.ts fails under $mode" >&2; exit 1; }
done
(cd "$project" && "$tsc" "${common[@]}" --module node16 usage-esm.mts) || { echo "wasm.types: usage-esm.mts fails under --module node16" >&2; exit 1; }
echo "wasm.types: $package/dist/{puny,punycode,display,email,formats}.d.ts and .d.cts accept usage.ts, usage-cjs.ts (node16, nodenext, node) and usage-esm.mts ($("$tsc" --version))"
