#!/usr/bin/env bash
# ctest scale.postgres_fdw (label postgres_fdw): a table sharded over two
# other PostgreSQL servers with what PostgreSQL ships (docs/scale.md).
#
#   tests/scale/postgres_fdw.sh BUILD_DIR
#
# Starts three throwaway PostgreSQL 15 servers (Unix sockets in one
# temporary directory, removed at exit whatever happens): a coordinator and
# two shards.  puny is installed on every server; on the coordinator `hosts`
# is a table partitioned by hash of id whose two partitions are
# postgres_fdw foreign tables on the shards, the foreign servers declared
# with `extensions 'puny'`.  Checks, on the benchmark's host names:
#  * EXPLAIN VERBOSE: the IMMUTABLE functions (idna_to_ascii,
#    try_idna_to_ascii, idna_skeleton) appear in each shard's Remote SQL,
#    so the shards run them; idna_display, STABLE (it reads the Public
#    Suffix List file), does not: postgres_fdw ships only immutable
#    expressions, so the coordinator evaluates it on the rows it receives;
#  * the results over the shards equal the same queries on a local copy of
#    the table, row for row.
# Needs postgresql-15 (with postgres_fdw, part of it) and
# postgresql-server-dev-15, root or sudo to install the extension
# (surfaces/postgres/pg-env.sh).  PUNY_PG_KEEP=1 keeps the directory.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$src/build}" && pwd)"
# shellcheck source=../../surfaces/postgres/pg-env.sh
. "$src/surfaces/postgres/pg-env.sh"
puny_pg_tools
puny_pg_build_install "$src" "$build"

root="$(mktemp -d /tmp/puny-fdw.XXXXXX)"
chmod 755 "$root"
[ ${#as_server[@]} -eq 0 ] || chown "$PUNY_PG_USER" "$root"
servers=(coordinator shard1 shard2)
stop_all() {
  local rc=$? s
  for s in "${servers[@]}"; do
    [ -f "$root/$s/data/postmaster.pid" ] &&
      "${as_server[@]}" "$PG_BINDIR/pg_ctl" -D "$root/$s/data" -m immediate -w stop >/dev/null 2>&1
  done
  [ "${PUNY_PG_KEEP:-0}" = 1 ] || rm -rf "$root"
  return $rc
}
trap stop_all EXIT
trap 'exit 130' INT TERM
if [ ${#as_server[@]} -eq 0 ]; then PGUSER="$(id -un)"; else PGUSER="$PUNY_PG_USER"; fi
export PGUSER PGDATABASE=postgres
port=$((40000 + $$ % 10000))
declare -A ports
for s in "${servers[@]}"; do
  ports[$s]=$port
  port=$((port + 1))
  "${as_server[@]}" mkdir "$root/$s"
  "${as_server[@]}" "$PG_BINDIR/initdb" -D "$root/$s/data" -E UTF8 --locale=C.UTF-8 -A trust \
    >"$root/$s.initdb.log" 2>&1 || { cat "$root/$s.initdb.log" >&2; puny_pg_fail "initdb $s failed"; }
  "${as_server[@]}" "$PG_BINDIR/pg_ctl" -D "$root/$s/data" -l "$root/$s/server.log" \
    -o "-k $root/$s -p ${ports[$s]} -c listen_addresses='' -c track_functions=all" -w -t 60 start >/dev/null ||
    { cat "$root/$s/server.log" >&2; puny_pg_fail "server $s did not start"; }
done
# sql SERVER [psql arguments...]
sql() { local s="$1"; shift; psql -X -q -v ON_ERROR_STOP=1 -h "$root/$s" -p "${ports[$s]}" "$@"; }

for s in shard1 shard2; do
  sql "$s" -c "CREATE EXTENSION puny" -c "CREATE TABLE hosts_shard (id bigint NOT NULL, name text)"
done
sql coordinator -c "CREATE EXTENSION puny" -c "CREATE EXTENSION postgres_fdw"
for s in shard1 shard2; do
  sql coordinator \
    -c "CREATE SERVER $s FOREIGN DATA WRAPPER postgres_fdw
          OPTIONS (host '$root/$s', port '${ports[$s]}', dbname 'postgres', extensions 'puny',
                   batch_size '1000', fetch_size '10000')" \
    -c "CREATE USER MAPPING FOR CURRENT_USER SERVER $s OPTIONS (user '$PGUSER')"
done
sql coordinator \
  -c "CREATE TABLE hosts (id bigint NOT NULL, name text) PARTITION BY HASH (id)" \
  -c "CREATE FOREIGN TABLE hosts_1 PARTITION OF hosts FOR VALUES WITH (MODULUS 2, REMAINDER 0)
        SERVER shard1 OPTIONS (table_name 'hosts_shard')" \
  -c "CREATE FOREIGN TABLE hosts_2 PARTITION OF hosts FOR VALUES WITH (MODULUS 2, REMAINDER 1)
        SERVER shard2 OPTIONS (table_name 'hosts_shard')" \
  -c "CREATE TABLE hosts_local (id bigserial PRIMARY KEY, name text)"

data="$src/../shared/bench/data"
for f in domains-mixed.txt domains-idn.txt domains-idn.ascii.txt; do
  [ -f "$data/$f" ] || puny_pg_fail "$data/$f missing (../shared beside the checkout)"
  # CSV with a delimiter and quote that never occur: each line is one value, verbatim.
  sql coordinator -c "\\copy hosts_local (name) FROM '$data/$f' WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')"
done
# A few names of our own: mixed case, a space (an error under the default
# preset), NULL.
sql coordinator -c "INSERT INTO hosts_local (name) VALUES ('Bücher.Example'), ('a b.example'), (NULL), ('')" \
  -c "INSERT INTO hosts SELECT id, name FROM hosts_local" -c "ANALYZE hosts_local" \
  -c "ANALYZE hosts_1" -c "ANALYZE hosts_2"
total="$(sql coordinator -At -c "SELECT count(*) FROM hosts_local")"
for s in shard1 shard2; do
  n="$(sql "$s" -At -c "SELECT count(*) FROM hosts_shard")"
  echo "$s holds $n of $total rows"
done

status=0
fail() { echo "FAILED: $*"; status=1; }

# remote_sql QUERY: the Remote SQL lines of its plan.
remote_sql() { sql coordinator -At -c "EXPLAIN (VERBOSE, COSTS OFF) $1" | grep 'Remote SQL:' || true; }
# same QUERY: QUERY over the shards (table hosts) and over the local copy
# (the word TABLE in QUERY stands for the table) give the same rows.
same() {
  local q="$1"
  sql coordinator -At -c "${q//TABLE/hosts}" >"$root/sharded.out"
  sql coordinator -At -c "${q//TABLE/hosts_local}" >"$root/local.out"
  if cmp -s "$root/sharded.out" "$root/local.out"; then
    echo "equal over the shards and locally ($(wc -l <"$root/local.out") rows): $q"
  else
    fail "over the shards != locally: $q"
    diff "$root/local.out" "$root/sharded.out" | head -n 10
  fi
}
# pushed QUERY FUNCTION: each shard's Remote SQL calls FUNCTION.
pushed() {
  local r
  r="$(remote_sql "${1//TABLE/hosts}")"
  if [ "$(grep -c "public\\.$2(name" <<<"$r")" -eq 2 ]; then
    echo "pushed down to both shards: $2"
  else
    fail "$2 is not in both shards' Remote SQL:"; echo "$r"
  fi
}

# Immutable functions in WHERE run on the shards; only matching rows travel.
q="SELECT id FROM TABLE WHERE try_idna_to_ascii(name) IS DISTINCT FROM name ORDER BY id"
pushed "$q" try_idna_to_ascii; same "$q"
# CASE fixes the order: idna_to_ascii raises for a bad name, so it only
# sees the names try_idna_to_ascii accepts.
q="SELECT id, name FROM TABLE WHERE CASE WHEN try_idna_to_ascii(name) IS NOT NULL
     THEN idna_to_ascii(name) <> lower(name) END ORDER BY id"
pushed "$q" idna_to_ascii; same "$q"
q="SELECT id FROM TABLE WHERE idna_skeleton(name) <> name ORDER BY id"
pushed "$q" idna_skeleton; same "$q"
# idna_display is STABLE (it reads the Public Suffix List file at run
# time): postgres_fdw ships no mutable function, so it is a local Filter on
# the rows the shards send.
q="SELECT id FROM TABLE WHERE CASE WHEN try_idna_to_ascii(name) IS NOT NULL
     THEN idna_display(name) <> name END ORDER BY id"
plan="$(sql coordinator -At -c "EXPLAIN (VERBOSE, COSTS OFF) ${q//TABLE/hosts}")"
if grep 'Remote SQL:' <<<"$plan" | grep -q idna_display || [ "$(grep -c 'Filter: .*idna_display' <<<"$plan")" -ne 2 ]; then
  fail "idna_display: expected a local Filter on each shard's rows:"; echo "$plan"
else
  echo "evaluated on the coordinator, not pushed down: idna_display (STABLE)"
fi
same "$q"

# Conversions in the SELECT list: PostgreSQL 15's postgres_fdw sends a
# scan's columns, not its expressions, so the coordinator would convert.
# A view on each shard makes the shard convert (and display) and only the
# results travel; partitions over the views give one table again.
for s in shard1 shard2; do
  sql "$s" -c "CREATE VIEW hosts_converted AS
                 SELECT id, try_idna_to_ascii(name) AS ascii,
                        CASE WHEN try_idna_to_ascii(name) IS NOT NULL THEN idna_display(name) END AS display
                 FROM hosts_shard"
done
sql coordinator \
  -c "CREATE TABLE hosts_converted (id bigint NOT NULL, ascii text, display text) PARTITION BY HASH (id)" \
  -c "CREATE FOREIGN TABLE hosts_converted_1 PARTITION OF hosts_converted
        FOR VALUES WITH (MODULUS 2, REMAINDER 0) SERVER shard1 OPTIONS (table_name 'hosts_converted')" \
  -c "CREATE FOREIGN TABLE hosts_converted_2 PARTITION OF hosts_converted
        FOR VALUES WITH (MODULUS 2, REMAINDER 1) SERVER shard2 OPTIONS (table_name 'hosts_converted')"
for s in coordinator shard1 shard2; do sql "$s" -c "SELECT pg_stat_reset()" >/dev/null; done
sql coordinator -At -c "SELECT id, ascii, display FROM hosts_converted ORDER BY id" >"$root/sharded.out"
# calls SERVER FUNCTION: calls counted by track_functions (flushed when the
# shard's backend exits, i.e. after the coordinator's session ended).
calls() {
  sql "$1" -At -c "SELECT coalesce(sum(calls), 0) FROM pg_stat_user_functions WHERE funcname = '$2'"
}
for s in shard1 shard2; do
  rows="$(sql "$s" -At -c "SELECT count(name) FROM hosts_shard")"
  for f in try_idna_to_ascii idna_display; do
    n=0
    for _ in $(seq 50); do n="$(calls "$s" "$f")"; [ "$n" -gt 0 ] && break; sleep 0.2; done
    if [ "$n" -ge $((rows / 2)) ]; then
      echo "$s ran $f $n times for its $rows names"
    else
      fail "$s ran $f $n times for its $rows names"
    fi
  done
done
for f in try_idna_to_ascii idna_display; do
  n="$(calls coordinator "$f")"
  [ "$n" -eq 0 ] || fail "the coordinator ran $f $n times (expected 0: the shards convert)"
done
sql coordinator -At -c "SELECT id, try_idna_to_ascii(name),
                          CASE WHEN try_idna_to_ascii(name) IS NOT NULL THEN idna_display(name) END
                        FROM hosts_local ORDER BY id" >"$root/local.out"
if cmp -s "$root/sharded.out" "$root/local.out"; then
  echo "converted and displayed on the shards = locally ($(wc -l <"$root/local.out") rows)"
else
  fail "the shards' conversions != the local ones"
  diff "$root/local.out" "$root/sharded.out" | head -n 10
fi
grep -q '^[0-9]*|xn--' "$root/local.out" || fail "no converted IDN among the rows"
[ $status -eq 0 ] && echo "postgres_fdw: all checks passed"
exit $status
