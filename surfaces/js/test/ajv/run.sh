#!/usr/bin/env bash
# wasm.formats.ajv: puny/formats' checkers registered in the real ajv from the
# npm registry (ajv.addFormat), over the JSON-Schema-Test-Suite format files.
# ajv is installed into OUT_DIR/ajv (not the repository) from package.json here;
# exit status 77 (ctest's skip code) with a loud message when npm cannot fetch it.
#
#   surfaces/js/test/ajv/run.sh PACKAGE_DIR OUT_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
package="$(cd "$1" && pwd)"
out="$(mkdir -p "$2/ajv" && cd "$2/ajv" && pwd)"
skip() {
  echo "########################################################################" >&2
  echo "## SKIPPED: $1" >&2
  echo "## puny/formats was not tested in ajv." >&2
  echo "########################################################################" >&2
  exit 77
}
command -v npm >/dev/null && command -v node >/dev/null || skip "node and npm are not installed"
cp "$here/package.json" "$out/package.json"
if ! cmp -s "$out/package.json" "$out/.installed" 2>/dev/null; then
  (cd "$out" && npm install --silent --no-audit --no-fund >install.log 2>&1) ||
    { cat "$out/install.log" >&2; skip "npm could not install ajv"; }
  cp "$out/package.json" "$out/.installed"
fi
PUNY_JS_PACKAGE="$package" PUNY_AJV_DIR="$out" node --test "$here/formats-ajv.test.mjs"
