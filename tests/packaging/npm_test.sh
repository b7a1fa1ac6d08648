#!/usr/bin/env bash
# Install test of the npm tarball (scripts/release.sh npm):
#   tests/packaging/npm_test.sh DIST VERSION
# (npm_test.mjs: a fresh project, ESM and CommonJS.)
set -euo pipefail
dist="$1" version="$2"
command -v node >/dev/null || { echo "npm_test.sh: FAILED: node is not installed (nodejs)" >&2; exit 1; }
tarball="$dist/npm/puny-$version.tgz"
[ -f "$tarball" ] || { echo "npm_test.sh: FAILED: no $tarball (run scripts/release.sh npm)" >&2; exit 1; }
node "$(dirname "$0")/npm_test.mjs" "$tarball"
echo "npm_test.sh: $tarball ($(stat -c %s "$tarball") bytes) installs offline; ESM and CommonJS pass"
