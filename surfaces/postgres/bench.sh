#!/usr/bin/env bash
# Benchmark (not a test): converts ROWS host names (the bench host names,
# ../shared/bench/data/domains-mixed.txt, repeated) in PostgreSQL with a
# parallel sequential scan, with 0 (leader only), 1 and 2 workers, and the
# same names with the CLI (build/cli/puny reading them from a file).
#
#   surfaces/postgres/bench.sh [BUILD_DIR] [ROWS] [RUNS]    # defaults: build 1000000 5
#
# Prints medians of RUNS runs (after one warm-up run): the elapsed time and
# rows/s of count(f(name)) with 0, 1 and 2 workers ("workers" is
# max_parallel_workers_per_gather; the leader scans too, PostgreSQL's default,
# so 1 worker is 2 processes, 2 workers 3); then the CPU time per row of the
# serial query (the backend's getrusage, so other load on the machine does
# not count), minus the same scan with length(name), beside the CLI's CPU
# time per name for the same file.
# Results: docs/postgres.md.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$src/build}" && pwd)"
rows="${2:-1000000}"
runs="${3:-5}"
data="$src/../shared/bench/data/domains-mixed.txt"
[ -f "$data" ] || { echo "bench: $data missing (../shared beside the checkout)" >&2; exit 1; }
# shellcheck source=pg-env.sh
. "$src/surfaces/postgres/pg-env.sh"

puny_pg_tools
cmake --build "$build" --target puny_cli -j"${JOBS:-2}" >/dev/null
puny_pg_build_install "$src" "$build"
# Enough shared memory to keep the table cached; parallel plans whatever the
# table size (the costs would otherwise choose a serial scan for cheap rows).
puny_pg_start shared_buffers=512MB max_worker_processes=8 max_parallel_workers=8 \
  parallel_setup_cost=0 parallel_tuple_cost=0 min_parallel_table_scan_size=0 \
  jit=off

names="$PUNY_PG_DIR/names.txt"
# The host names repeated until there are ROWS lines.
python3 - "$data" "$rows" "$names" <<'PY'
import sys
src, rows, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(src, encoding="utf-8").read().splitlines()
with open(out, "w", encoding="utf-8") as f:
    for i in range(rows):
        f.write(lines[i % len(lines)] + "\n")
PY
chmod 644 "$names"

psql -q -v ON_ERROR_STOP=1 <<SQL
CREATE EXTENSION puny;
CREATE TABLE hosts (name text);
\copy hosts FROM '$names' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02')
ALTER TABLE hosts SET (parallel_workers = 2);
VACUUM ANALYZE hosts;
SQL

# median_ms WORKERS EXPR: median execution time (ms) of count(EXPR) over the
# table with WORKERS parallel workers (EXPLAIN ANALYZE), checking that they
# were launched.
median_ms() {
  local workers="$1" expr="$2" times=() i
  for ((i = 0; i < runs + 1; i++)); do
    local json t
    json="$(psql -qAt -v ON_ERROR_STOP=1 -c "SET max_parallel_workers_per_gather = $workers" \
      -c "EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) SELECT count($expr) FROM hosts")"
    t="$(python3 -c '
import json, sys
plan = json.loads(sys.stdin.read())[0]
def launched(node):
    n = node.get("Workers Launched", 0)
    return max([n] + [launched(c) for c in node.get("Plans", [])])
if launched(plan["Plan"]) != int(sys.argv[1]):
    sys.exit("bench: %s workers wanted, %d launched" % (sys.argv[1], launched(plan["Plan"])))
print(plan["Execution Time"])' "$workers" <<<"$json")"
    [ $i -eq 0 ] || times+=("$t")   # the first run warms the cache
  done
  median "${times[@]}"
}

# cpu_ms EXPR: median CPU time (user + system, ms) of the serial query, from
# the backend's own getrusage (log_statement_stats): unlike the elapsed
# time, it does not count the time other processes hold the cores.
cpu_ms() {
  local expr="$1" times=() i
  for ((i = 0; i < runs + 1; i++)); do
    local t
    t="$(psql -qAt -v ON_ERROR_STOP=1 -c "SET max_parallel_workers_per_gather = 0" \
      -c "SET log_statement_stats = on" -c "SET client_min_messages = log" \
      -c "SELECT count($expr) FROM hosts" 2>&1 >/dev/null |
      sed -n 's/^!\t\([0-9.]*\) s user, \([0-9.]*\) s system, .*elapsed$/\1 \2/p' |
      tail -n 1 | awk '{printf "%.3f", ($1 + $2) * 1000}')"
    [ -n "$t" ] || { echo "bench: no statistics from log_statement_stats" >&2; exit 1; }
    [ $i -eq 0 ] || times+=("$t")
  done
  median "${times[@]}"
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# cli CMD: "elapsed_ms cpu_ms" medians of the CLI converting the names file.
cli() {
  python3 - "$build/cli/puny" "$1" "$names" "$runs" <<'PY'
import resource, statistics, subprocess, sys, time
exe, cmd, names, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
wall, cpu = [], []
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(names, "rb") as f:
        subprocess.run([exe, cmd], stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall.append((time.perf_counter() - t0) * 1000)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
print("%.1f %.1f" % (statistics.median(wall), statistics.median(cpu)))
PY
}

echo "rows: $rows ($(basename "$data") repeated), median of $runs runs, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "check: try_idna_to_ascii non-NULL rows: $(psql -qAt -c 'SELECT count(try_idna_to_ascii(name)) FROM hosts')," \
     "CLI successes: $("$build/cli/puny" to-ascii <"$names" 2>/dev/null | grep -c .)"
echo
echo "Elapsed time (EXPLAIN ANALYZE), workers = max_parallel_workers_per_gather (+ the leader):"
printf '%-34s %7s %10s %12s %9s\n' "query" "workers" "ms" "rows/s" "vs serial"
declare -A serial
for workers in 0 1 2; do
  for expr in 'length(name)' 'try_idna_to_ascii(name)' 'try_idna_to_unicode(name)'; do
    t="$(median_ms "$workers" "$expr")"
    [ "$workers" -ne 0 ] || serial[$expr]="$t"
    awk -v q="count($expr)" -v w="$workers" -v t="$t" -v s="${serial[$expr]}" -v n="$rows" \
      'BEGIN { printf "%-34s %7s %10.1f %12.0f %8.2fx\n", q, w, t, n / (t / 1000), s / t }'
  done
done
echo
echo "CPU time per row (serial backend: getrusage; CLI: user + system of the process):"
printf '%-40s %10s %14s %16s\n' "" "CPU ms" "ns/row" "ns/row - scan"
base="$(cpu_ms 'length(name)')"
for expr in 'length(name)' 'try_idna_to_ascii(name)' 'try_idna_to_unicode(name)'; do
  t="$base"
  [ "$expr" = 'length(name)' ] || t="$(cpu_ms "$expr")"
  awk -v q="SQL count($expr)" -v t="$t" -v b="$base" -v n="$rows" \
    'BEGIN { printf "%-40s %10.1f %14.0f %16.0f\n", q, t, t * 1e6 / n, (t - b) * 1e6 / n }'
done
for cmd in to-ascii to-unicode; do
  read -r wall cpu <<<"$(cli "$cmd")"
  awk -v q="CLI puny $cmd (elapsed $wall ms)" -v t="$cpu" -v n="$rows" \
    'BEGIN { printf "%-40s %10.1f %14.0f %16s\n", q, t, t * 1e6 / n, "-" }'
done
