#!/usr/bin/env bash
# Installs axe-core (the npm package; the page's accessibility checker in
# page-keyboard-test.mjs) at a pinned version into a cache outside the
# repository, and prints the path of its axe.min.js.  Run by
# scripts/install-deps.sh, and by the test when the file is missing.  The
# file's sha256 is checked: a different axe would give other verdicts.
#
#   surfaces/js/browser/install-axe.sh     # -> .../axe-core-4.14.1/node_modules/axe-core/axe.min.js
set -euo pipefail
version=4.14.1
sha256=29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c
dir="${PUNY_CACHE:-${HOME:-/root}/.cache/puny}/axe-core-$version"
file="$dir/node_modules/axe-core/axe.min.js"
if ! echo "$sha256  $file" | sha256sum -c --quiet - >/dev/null 2>&1; then
  command -v npm >/dev/null || { echo "install-axe.sh: npm is not installed; axe-core $version not installed" >&2; exit 1; }
  mkdir -p "$dir"
  if ! npm install --silent --no-audit --no-fund --no-save --prefix "$dir" "axe-core@$version" >"$dir/install.log" 2>&1; then
    cat "$dir/install.log" >&2
    echo "install-axe.sh: npm could not install axe-core@$version into $dir" >&2
    exit 1
  fi
  echo "$sha256  $file" | sha256sum -c --quiet - ||
    { echo "install-axe.sh: $file is not axe-core $version's (sha256 differs)" >&2; exit 1; }
fi
echo "$file"
