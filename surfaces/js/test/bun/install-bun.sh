#!/usr/bin/env bash
# Installs Bun (the npm package `bun`, the exact version of package.json here,
# which brings the binary for this platform as an optional dependency) from
# the npm registry into a cache outside the repository, once:
# ${PUNY_CACHE:-~/.cache/puny}/js-bun.  Run by scripts/install-deps.sh and by
# ctest wasm.bun; when package.json here is unchanged since the last install
# it does nothing (no network).  Prints the path of the bun executable.
# A failed install, or an install without a bun that runs, exits 1 with
# npm's log: wasm.bun then fails, never skips.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${PUNY_CACHE:-${HOME:-/root}/.cache/puny}/js-bun"
mkdir -p "$dir"
if ! cmp -s "$here/package.json" "$dir/.installed" 2>/dev/null || [ ! -d "$dir/node_modules" ]; then
  cp "$here/package.json" "$dir/package.json"
  if ! (cd "$dir" && npm install --no-audit --no-fund --no-package-lock >"$dir/install.log" 2>&1); then
    cat "$dir/install.log" >&2
    echo "install-bun.sh: npm could not install the bun of $here/package.json into $dir" >&2
    exit 1
  fi
  cp "$here/package.json" "$dir/.installed"
fi
bun="$dir/node_modules/.bin/bun"
if ! "$bun" --version >/dev/null 2>&1; then
  cat "$dir/install.log" >&2 2>/dev/null || true
  echo "install-bun.sh: $bun does not run (the npm package 'bun' installed no binary for $(uname -sm)?)" >&2
  exit 1
fi
echo "$bun"
