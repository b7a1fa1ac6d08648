#!/usr/bin/env bash
# Installs the npm packages of PACKAGE_DIR/package.json (exact versions) from
# the npm registry into a cache outside the repository, once:
# ${PUNY_CACHE:-~/.cache/puny}/CACHE_NAME.  When package.json is unchanged
# since the last install it does nothing (no network), so the tests that use
# it run offline after scripts/install-deps.sh.  Prints the cache folder
# (the one holding node_modules).  A failed install exits 1 with npm's log:
# the tests then fail, never skip.
#
#   support/npm-cache-install.sh PACKAGE_DIR CACHE_NAME
set -euo pipefail
src="${1:?usage: npm-cache-install.sh PACKAGE_DIR CACHE_NAME}"
dir="${PUNY_CACHE:-${HOME:-/root}/.cache/puny}/${2:?cache name}"
mkdir -p "$dir"
if ! cmp -s "$src/package.json" "$dir/.installed" 2>/dev/null || [ ! -d "$dir/node_modules" ]; then
  cp "$src/package.json" "$dir/package.json"
  if ! (cd "$dir" && npm install --no-audit --no-fund --no-package-lock >"$dir/install.log" 2>&1); then
    cat "$dir/install.log" >&2
    echo "npm-cache-install.sh: npm could not install the packages of $src/package.json into $dir" >&2
    exit 1
  fi
  cp "$src/package.json" "$dir/.installed"
fi
echo "$dir"
