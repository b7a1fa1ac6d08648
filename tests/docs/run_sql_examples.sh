#!/usr/bin/env bash
# ctest docs.examples_sql: the SQL examples of README.md and docs/*.md
# (docs/doc-examples.md, "SQL") in a real PostgreSQL 15 and a real DuckDB.
# Builds and installs the PostgreSQL extension and starts a throwaway server
# the way surfaces/postgres/run-tests.sh does (surfaces/postgres/pg-env.sh),
# then runs tests/docs/run_doc_examples.py --langs sql with that server's
# psql and the DuckDB extension surfaces/duckdb/build.sh made (ctest
# duckdb.build).  A missing PostgreSQL, psql, DuckDB build or node is a
# failure, never a skip.
#
#   tests/docs/run_sql_examples.sh BUILD_DIR PUNY_CLI [FILE...]
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:?usage: run_sql_examples.sh BUILD_DIR PUNY_CLI [FILE...]}" && pwd)"
cli="${2:?usage: run_sql_examples.sh BUILD_DIR PUNY_CLI [FILE...]}"
shift 2
duckdb="$build/duckdb"
fail() { echo "docs.examples_sql: $*" >&2; exit 1; }
command -v node >/dev/null || fail "node not found (the DuckDB examples run in @duckdb/node-api)"
if [ ! -f "$duckdb/puny.duckdb_extension" ] || [ ! -d "$duckdb/node/node_modules/@duckdb/node-api" ]; then
  fail "no DuckDB extension in $duckdb (puny.duckdb_extension and node/node_modules/@duckdb/node-api): run ctest -R duckdb.build (surfaces/duckdb/build.sh $duckdb)"
fi
# shellcheck source=surfaces/postgres/pg-env.sh
. "$src/surfaces/postgres/pg-env.sh"
puny_pg_tools
[ -x "$PG_BINDIR/psql" ] || puny_pg_fail "psql not found in $PG_BINDIR: install postgresql-client-15"
puny_pg_build_install "$src" "$build"
puny_pg_start
status=0
# First the runner on pages it must pass and pages it must fail (a wrong
# value, a missing error, rows too few or too many, in each engine), then
# the documents.
python3 "$src/tests/docs/run_doc_examples.py" --self-test-sql \
  --psql "$PG_BINDIR/psql" --duckdb-dir "$duckdb" || status=$?
python3 "$src/tests/docs/run_doc_examples.py" --root "$src" --puny "$cli" --langs sql \
  --psql "$PG_BINDIR/psql" --duckdb-dir "$duckdb" "$@" || status=$?
exit $status
