#!/usr/bin/env bash
# Benchmark (not a test): converts ROWS host names (the bench host names,
# ../shared/bench/data/domains-mixed.txt, repeated) in PostgreSQL with a
# parallel sequential scan, with 0 (leader only), 1 and 2 workers, and the
# same names with the CLI (build/cli/puny reading them from a file).
#
#   postgres/bench.sh [BUILD_DIR] [ROWS] [RUNS]    # defaults: build 1000000 5
#
# Prints the median of RUNS runs per case: rows/s, the speed-up over the
# serial scan and, for the serial scan, the conversion's cost per row (the
# query's time minus the same scan with length() instead), beside the CLI's
# time per name.  "workers" is max_parallel_workers_per_gather; the leader
# scans too (PostgreSQL's default), so 1 worker is 2 processes, 2 workers 3.
# Results: docs/postgres.md.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "${1:-$src/build}" && pwd)"
rows="${2:-1000000}"
runs="${3:-5}"
data="$src/../shared/bench/data/domains-mixed.txt"
[ -f "$data" ] || { echo "bench: $data missing (../shared beside the checkout)" >&2; exit 1; }
# shellcheck source=pg-env.sh
. "$src/postgres/pg-env.sh"

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
# table with WORKERS parallel workers, checking that they were launched.
median_ms() {
  local workers="$1" expr="$2" times=() i
  for ((i = 0; i < runs + 1; i++)); do
    local json
    json="$(psql -qAt -v ON_ERROR_STOP=1 -c "SET max_parallel_workers_per_gather = $workers" \
      -c "EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) SELECT count($expr) FROM hosts")"
    local t
    t="$(python3 -c '
import json, sys
plan = json.loads(sys.stdin.read())[0]
def launched(node):
    n = node.get("Workers Launched", 0)
    return max([n] + [launched(c) for c in node.get("Plans", [])])
if launched(plan["Plan"]) != int(sys.argv[1]):
    sys.exit("bench: planned %s workers, launched %d" % (sys.argv[1], launched(plan["Plan"])))
print(plan["Execution Time"])' "$workers" <<<"$json")"
    [ $i -eq 0 ] || times+=("$t")   # the first run warms the cache
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}

cli_median_ms() {
  local cmd="$1" times=() i
  for ((i = 0; i < runs; i++)); do
    local t0 t1
    t0="$(date +%s%N)"
    "$build/cli/puny" "$cmd" <"$names" >/dev/null 2>&1 || true   # exit 1: some names fail
    t1="$(date +%s%N)"
    times+=("$(( (t1 - t0) / 1000 ))")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2) / 1000}'
}

echo "rows: $rows ($(basename "$data") repeated), median of $runs runs, $(nproc) cores"
echo "check: try_idna_to_ascii non-NULL rows: $(psql -qAt -c 'SELECT count(try_idna_to_ascii(name)) FROM hosts')," \
     "CLI successes: $("$build/cli/puny" to-ascii <"$names" 2>/dev/null | grep -c .)"
# row QUERY WORKERS MS SERIAL_MS BASE_MS: rows/s; speed-up over SERIAL_MS;
# conversion time per row (MS - BASE_MS) / ROWS when BASE_MS is given.
row() {
  awk -v q="$1" -v w="$2" -v t="$3" -v s="$4" -v b="$5" -v n="$rows" 'BEGIN {
    up = (s == "") ? "-" : sprintf("%.2fx", s / t)
    c = (b == "") ? "-" : sprintf("%.0f", (t - b) * 1e6 / n)
    printf "%-34s %7s %10.1f %12.0f %8s %14s\n", q, w, t, n / (t / 1000), up, c }'
}
printf '%-34s %7s %10s %12s %8s %14s\n' "query" "workers" "ms" "rows/s" "speed-up" "ns/row (conv)"
declare -A serial
for workers in 0 1 2; do
  base="$(median_ms "$workers" 'length(name)')"
  [ "$workers" -ne 0 ] || serial[base]="$base"
  row "count(length(name)) [scan only]" "$workers" "$base" "${serial[base]}" ""
  for fn in try_idna_to_ascii try_idna_to_unicode; do
    t="$(median_ms "$workers" "$fn(name)")"
    if [ "$workers" -eq 0 ]; then
      serial[$fn]="$t"
      row "count($fn(name))" "$workers" "$t" "$t" "$base"
    else
      row "count($fn(name))" "$workers" "$t" "${serial[$fn]}" ""
    fi
  done
done
for cmd in to-ascii to-unicode; do
  t="$(cli_median_ms "$cmd")"
  row "puny $cmd < names (CLI)" "-" "$t" "" 0
done
