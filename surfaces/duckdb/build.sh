#!/usr/bin/env bash
# Builds the DuckDB extension and what its tests need, under OUT_DIR:
#
#   include/                 duckdb.h and duckdb_extension.h, from the npm
#                            package duckdb@$headers_version (npm pack: the
#                            tarball only, nothing built or installed)
#   node/                    @duckdb/node-api (surfaces/duckdb/test/package.json), whose
#                            bundled DuckDB the tests load the extension into
#   cmake/                   the build tree (surfaces/duckdb/CMakeLists.txt)
#   puny.duckdb_extension    the extension, with the metadata DuckDB reads
#
#   surfaces/duckdb/build.sh [OUT_DIR]        (default: build/duckdb)
#
# Exit status 77 (ctest's skip code) with a loud message when npm cannot
# fetch the packages (no registry); any other failure is an error.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$(mkdir -p "${1:-$root/build/duckdb}" && cd "${1:-$root/build/duckdb}" && pwd)"
jobs="${JOBS:-2}"
# The C extension API is stable from v1.2.0: headers of any later DuckDB
# declare it, and the extension loads into any DuckDB from 1.2 on.
headers_version=1.4.4
api_version=v1.2.0

skip() {
  echo "########################################################################" >&2
  echo "## SKIPPED: $1" >&2
  echo "## The DuckDB extension and its tests did not run." >&2
  echo "########################################################################" >&2
  exit 77
}
command -v npm > /dev/null && command -v node > /dev/null || skip "node and npm are not installed"

# 1. The headers.
if [ ! -f "$out/include/duckdb_extension.h" ]; then
  mkdir -p "$out/npm-pack" "$out/include"
  (cd "$out/npm-pack" && npm pack --silent "duckdb@$headers_version" > pack.log 2>&1) ||
    { cat "$out/npm-pack/pack.log" >&2; skip "npm could not fetch duckdb@$headers_version (for its headers)"; }
  tar -xzf "$out/npm-pack/duckdb-$headers_version.tgz" -C "$out/npm-pack" \
    package/src/duckdb/src/include/duckdb.h package/src/duckdb/src/include/duckdb_extension.h
  cp "$out/npm-pack/package/src/duckdb/src/include/duckdb.h" \
     "$out/npm-pack/package/src/duckdb/src/include/duckdb_extension.h" "$out/include/"
fi

# 2. A real DuckDB: the one @duckdb/node-api bundles (its own folder).
mkdir -p "$out/node"
cp "$here/test/package.json" "$out/node/package.json"
if ! cmp -s "$out/node/package.json" "$out/node/.installed" 2> /dev/null; then
  (cd "$out/node" && npm install --silent --no-audit --no-fund > install.log 2>&1) ||
    { cat "$out/node/install.log" >&2; skip "npm could not install @duckdb/node-api"; }
  cp "$out/node/package.json" "$out/node/.installed"
fi
# The platform the extension must declare is that DuckDB's own.
platform="$(cd "$out/node" && node --input-type=module -e "
import { DuckDBInstance } from '@duckdb/node-api';
const c = await (await DuckDBInstance.create(':memory:')).connect();
const r = await c.runAndReadAll('PRAGMA platform');
console.log(r.getRows()[0][0]);")"

# 3. The extension.
cmake -S "$here" -B "$out/cmake" -DDUCKDB_INCLUDE_DIR="$out/include" > "$out/configure.log" 2>&1 ||
  { cat "$out/configure.log" >&2; exit 1; }
cmake --build "$out/cmake" -j"$jobs"
version="$(sed -n 's/^#define PUNY_VERSION_STRING "\(.*\)"/\1/p' "$root/include/puny.h")"
python3 "$here/append-metadata.py" "$out/cmake/puny.so" "$out/puny.duckdb_extension" \
  --platform "$platform" --api-version "$api_version" --extension-version "$version"
echo "built $out/puny.duckdb_extension (platform $platform, C API $api_version, DuckDB $(node -p "require('$out/node/node_modules/@duckdb/node-api/package.json').version") for the tests)"
