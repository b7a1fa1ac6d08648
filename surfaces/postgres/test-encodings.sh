#!/usr/bin/env bash
# The encodings matrix (issue 52): every SQL function of the extension in a
# UTF8, a LATIN1, an EUC_JP and a SQL_ASCII database of a real PostgreSQL 15
# server, each result either right in the database encoding or the
# documented error, never the library's UTF-8 read as another encoding.
# ctest runs it as postgres.encodings (label postgres); the cases and the
# rules they are held to are in encodings_matrix.py.
#
#   surfaces/postgres/test-encodings.sh [BUILD_DIR]   # configured CMake build (default: build)
#
# Needs what run-tests.sh needs (postgresql-15, its PGXS, root or sudo to
# install), Debian's python3 with python3-psycopg2 (PUNY_PG_PYTHON names
# another interpreter) and the puny CLI (target puny_cli, for the
# display JSON it is compared with); a missing one is a failure, never a skip.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$src/build}" && pwd)"
# shellcheck source=pg-env.sh
. "$src/surfaces/postgres/pg-env.sh"

puny_pg_tools
python="${PUNY_PG_PYTHON:-/usr/bin/python3}"
"$python" -c 'import psycopg2' 2>/dev/null ||
  puny_pg_fail "$python cannot import psycopg2: install python3-psycopg2 (scripts/install-deps.sh)"
cmake --build "$build" --target puny_cli -j"${JOBS:-2}" >/dev/null ||
  puny_pg_fail "cmake --build $build --target puny_cli failed"
puny_pg_build_install "$src" "$build"
installed="$("$PG_CONFIG" --pkglibdir)/puny.so"
cmp -s "$build/postgres/ext/puny.so" "$installed" ||
  puny_pg_fail "$installed is not the puny.so just built in $build/postgres/ext (another build installed over it?)"
puny_pg_start

for db in utf8:UTF8 latin1:LATIN1 euc_jp:EUC_JP sql_ascii:SQL_ASCII; do
  "$PG_BINDIR/psql" -X -q -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE puny_${db%%:*} ENCODING '${db#*:}' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0" \
    >/dev/null
  "$PG_BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -d "puny_${db%%:*}" -c "CREATE EXTENSION puny" >/dev/null
done
PUNY_BIN="$build/cli/puny" "$python" "$src/surfaces/postgres/encodings_matrix.py"
