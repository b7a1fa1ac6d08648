#!/usr/bin/env bash
# Installs the bundlers of the "where it must run" tests (issue 51; package.json
# here, exact versions) from the npm registry into a cache outside the
# repository, once: ${PUNY_CACHE:-~/.cache/puny}/js-matrix-tools.  Run by
# scripts/install-deps.sh and by each matrix test; when package.json here is
# unchanged since the last install it does nothing (no network), so the tests
# run offline after the first install.  Prints the folder holding node_modules.
# A failed install exits 1 with npm's log: the tests then fail, never skip.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${PUNY_CACHE:-${HOME:-/root}/.cache/puny}/js-matrix-tools"
mkdir -p "$dir"
if ! cmp -s "$here/package.json" "$dir/.installed" 2>/dev/null || [ ! -d "$dir/node_modules" ]; then
  cp "$here/package.json" "$dir/package.json"
  if ! (cd "$dir" && npm install --no-audit --no-fund --no-package-lock >"$dir/install.log" 2>&1); then
    cat "$dir/install.log" >&2
    echo "install-tools.sh: npm could not install the bundlers of surfaces/js/test/matrix/package.json into $dir" >&2
    exit 1
  fi
  cp "$here/package.json" "$dir/.installed"
fi
echo "$dir"
