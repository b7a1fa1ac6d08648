#!/usr/bin/env bash
# Runs surfaces/duckdb/test/sql.test.mjs against the extension surfaces/duckdb/build.sh made
# in OUT_DIR; exit status 77 (skipped, loudly) when that build was skipped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(cd "${1:?usage: run.sh OUT_DIR}" 2> /dev/null && pwd || true)"
if [ -z "$out" ] || [ ! -f "$out/puny.duckdb_extension" ] || [ ! -d "$out/node/node_modules/@duckdb/node-api" ]; then
  echo "########################################################################" >&2
  echo "## SKIPPED: no extension in ${1} (duckdb.build was skipped or failed)." >&2
  echo "########################################################################" >&2
  exit 77
fi
PUNY_DUCKDB_DIR="$out" exec node --test "$here/sql.test.mjs" "$here/email.test.mjs" "$here/hunt.test.mjs" "$here/hunt-triage.test.mjs"
