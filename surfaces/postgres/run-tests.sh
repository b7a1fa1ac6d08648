#!/usr/bin/env bash
# Regression tests of the PostgreSQL extension against a real server:
# builds libpuny and the extension, installs it into PostgreSQL 15's
# directories, starts a throwaway server (temporary directory, Unix socket
# only), runs pg_regress on surfaces/postgres/sql/*.sql against surfaces/postgres/expected/,
# and stops the server whatever happens.  ctest runs it (label postgres).
#
#   surfaces/postgres/run-tests.sh [BUILD_DIR]     # BUILD_DIR: configured CMake build (default: build)
#
# Needs postgresql-15 and postgresql-server-dev-15 (scripts/install-deps.sh)
# and root or sudo to install the extension.  PUNY_PG_KEEP=1 keeps the
# temporary directory (server log, results/) for inspection.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$src/build}" && pwd)"
# shellcheck source=pg-env.sh
. "$src/surfaces/postgres/pg-env.sh"

puny_pg_tools
puny_pg_build_install "$src" "$build"
puny_pg_start

# pg_regress runs as the server's user and writes results/ beside a copy of
# the tests (the checkout may not be readable by that user).
mkdir -p "$PUNY_PG_DIR/regress"
cp -r "$src/surfaces/postgres/sql" "$src/surfaces/postgres/expected" "$PUNY_PG_DIR/regress/"
[ ${#as_server[@]} -eq 0 ] || chown -R "$PUNY_PG_USER" "$PUNY_PG_DIR/regress"
tests="$(sed -n 's/^REGRESS = //p' "$src/surfaces/postgres/Makefile")"
[ -n "$tests" ] || puny_pg_fail "no REGRESS line in surfaces/postgres/Makefile"
status=0
# shellcheck disable=SC2086  # the test names are words
"${as_server[@]}" env PGHOST="$PGHOST" PGPORT="$PGPORT" PGUSER="$PGUSER" \
  "$PG_REGRESS" --bindir="$PG_BINDIR" --inputdir="$PUNY_PG_DIR/regress" \
  --outputdir="$PUNY_PG_DIR/regress" --dbname=puny_regression $tests || status=$?
if [ $status -ne 0 ] && [ -f "$PUNY_PG_DIR/regress/regression.diffs" ]; then
  echo "---- regression.diffs ----"
  cat "$PUNY_PG_DIR/regress/regression.diffs"
  echo "---- server log (last 40 lines) ----"
  tail -n 40 "$PUNY_PG_DIR/server.log"
fi
[ $status -eq 0 ] || exit $status

# Cross-check: the extension and the CLI (the same library through another
# front end) on every host name of the benchmark data, both directions,
# three presets; outputs must be identical line for line (the CLI prints an
# empty line for a failed name, the try_ functions NULL).
data="$src/../shared/bench/data"
cmake --build "$build" --target puny_cli -j"${JOBS:-2}" >/dev/null
psql -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE puny_crosscheck"
export PGDATABASE=puny_crosscheck
psql -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION puny" \
  -c "CREATE TABLE names (id bigserial PRIMARY KEY, file text, name text)"
files=(domains-mixed.txt domains-idn.txt domains-idn.ascii.txt)
for f in "${files[@]}"; do
  [ -f "$data/$f" ] || puny_pg_fail "$data/$f missing (../shared beside the checkout)"
  # CSV with a delimiter and quote that never occur: each line is one value, verbatim.
  psql -q -v ON_ERROR_STOP=1 -c "\\copy names (name) FROM '$data/$f' WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')" \
    -c "UPDATE names SET file = '$f' WHERE file IS NULL"
done
compared=0
sql_version="$(psql -qAt -c 'SELECT puny_version()')" cli_version="$("$build/cli/puny" --version)"
if [ "$sql_version" != "$cli_version" ]; then
  echo "version check FAILED: puny_version() = '$sql_version', puny --version = '$cli_version'"
  status=1
fi
# The registry is the core's: the SQL lists equal the core's vocabulary
# (tests/vocabulary, written by the puny_vocabulary target).
vocabulary="$build/vocabulary.json"
if [ ! -f "$vocabulary" ]; then
  echo "vocabulary check FAILED: $vocabulary is missing (build the puny_vocabulary target)"
  status=1
else
  sql_lists="$(psql -qAt -c "SELECT json_build_object('presets', array_to_json(idna_presets()),
                 'aliases', array_to_json(idna_preset_aliases()), 'flags', array_to_json(idna_preset_flags()),
                 'display_profiles', array_to_json(idna_display_profiles()),
                 'hunt_alert_score', hunt_alert_score())")"
  if ! python3 - "$vocabulary" "$sql_lists" "$src/surfaces/postgres/puny--0.1.0.sql" <<'PY'
import json, re, sys
core = json.load(open(sys.argv[1]))
sql = json.loads(sys.argv[2])
expected = {
    "presets": [p["name"] for p in core["presets"]],
    "aliases": [a["alias"] + "=" + a["name"] for a in core["aliases"]],
    "flags": [w for f in core["flags"] for w in (f["on"], f["off"])],
    "display_profiles": core["display_profiles"],
}
# hunt_matches' default min_score, hunt_alert_score(), is the core's threshold.
expected["hunt_alert_score"] = core["hunt_alert_score"]
bad = [k for k in expected if expected[k] != sql[k]]
for k in bad:
    print(f"vocabulary check FAILED: SQL {k} {sql[k]} != core {expected[k]}")
# The extension script's comments and DEFAULTs may name presets, flags,
# profiles and errors, and a Unicode version: each must be the core's, so
# that they cannot go stale (they once listed four presets and 17.0.0).
known = set(expected["presets"]) | {a["alias"] for a in core["aliases"]} | set(expected["flags"]) \
    | set(core["display_profiles"]) | {e["name"] for e in core["errors"]}
script = open(sys.argv[3]).read()
named = []
for line in script.splitlines():
    comment = line.split("--", 1)[1] if "--" in line else ""
    named += re.findall(r"'([a-z][a-z0-9_-]*)'", comment)
    named += re.findall(r"DEFAULT '([a-z][a-z0-9_-]*)'", line)
stale = sorted(set(w for w in named if w not in known))
if stale:
    print(f"vocabulary check FAILED: puny--0.1.0.sql names {stale}, which the core's registries do not hold")
versions = sorted(set(re.findall(r"Unicode (\d+\.\d+\.\d+)", script)) - {core["unicode_version"]})
if versions:
    print(f"vocabulary check FAILED: puny--0.1.0.sql names Unicode {versions}; the tables are {core['unicode_version']}")
sys.exit(1 if bad or stale or versions else 0)
PY
  then
    status=1
  else
    echo "vocabulary: SQL presets, aliases, flags, display profiles and hunt_alert_score() equal the core's; puny--0.1.0.sql names only registry words"
  fi
fi
for f in "${files[@]}"; do
  for direction in ascii unicode; do
    for preset in uts46 url uts46-strict idna2008; do
      expected="$PUNY_PG_DIR/cli.out" actual="$PUNY_PG_DIR/sql.out"
      "$build/cli/puny" "to-$direction" --preset "$preset" <"$data/$f" >"$expected" 2>/dev/null || true
      psql -qAt -v ON_ERROR_STOP=1 -c "SELECT coalesce(try_idna_to_$direction(name, '$preset'), '')
                                         FROM names WHERE file = '$f' ORDER BY id" >"$actual"
      if ! cmp -s "$expected" "$actual"; then
        echo "cross-check FAILED: $f, idna_to_$direction, preset $preset (< CLI, > SQL):"
        diff "$expected" "$actual" | head -n 20
        status=1
      fi
      compared=$((compared + $(wc -l <"$expected")))
    done
  done
done
# hunt_matches' via and reason and hunt_brands against puny hunt --json
# --min-score 0 (issue 53: the triage is the core's on every surface).
if ! python3 "$src/surfaces/postgres/hunt_crosscheck.py" "$build/cli/puny"; then
  status=1
fi
echo "version: $sql_version; cross-check: $compared conversions ($(psql -qAt -c 'SELECT count(*) FROM names') names x 2 directions x 4 presets), SQL vs CLI, $([ $status -eq 0 ] && echo identical || echo DIFFERENT)"
exit $status
