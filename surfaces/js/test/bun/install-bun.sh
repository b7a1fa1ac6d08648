#!/usr/bin/env bash
# Installs Bun (the npm package `bun`, the exact version of package.json here,
# which brings the binary for this platform as an optional dependency) into
# a cache outside the repository, once (support/npm-cache-install.sh):
# ${PUNY_CACHE:-~/.cache/puny}/js-bun.  Run by scripts/install-deps.sh and by
# ctest wasm.bun; when package.json here is unchanged since the last install
# it does nothing (no network).  Prints the path of the bun executable.
# A failed install, or an install without a bun that runs, exits 1 with
# npm's log: wasm.bun then fails, never skips.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="$("$here/../support/npm-cache-install.sh" "$here" js-bun)"
bun="$dir/node_modules/.bin/bun"
if ! "$bun" --version >/dev/null 2>&1; then
  cat "$dir/install.log" >&2 2>/dev/null || true
  echo "install-bun.sh: $bun does not run (the npm package 'bun' installed no binary for $(uname -sm)?)" >&2
  exit 1
fi
echo "$bun"
