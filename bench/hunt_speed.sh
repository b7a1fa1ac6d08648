#!/bin/bash
# bench/hunt_speed.sh LIST NAMES [PUNY] [RUNS]: `puny hunt --json` against a
# brand list (e.g. the top bucket of Chromium's top_domains/domains.list,
# issue 53), end to end, one thread.  Prints instructions a name in steady
# state (callgrind: the first 2N names minus the first N, over N, so the
# start, the list loading and the tables' first build drop out; N = half
# the file), and the CPU time (user + system, in ms) of RUNS runs (default
# 5) over the whole file: the least, the median, and names a second of the
# least.  Not part of ctest: the figures go to bench/README.md ("On a real
# brand list").  The machine is shared and loaded: CPU time, not wall time.
set -eu
list=$1; names=$2; puny=${3:-build/cli/puny}; runs=${4:-5}
command -v valgrind >/dev/null || { echo "hunt_speed.sh: valgrind is needed" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
total=$(wc -l < "$names"); half=$((total / 2))
[ "$half" -gt 0 ] || { echo "hunt_speed.sh: $names has under 2 lines" >&2; exit 2; }
head -n "$half" "$names" > "$tmp/a"; head -n $((2 * half)) "$names" > "$tmp/b"
ir() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$puny" hunt --brands "$list" --json \
    < "$1" > /dev/null 2> "$tmp/err"
  sed -n 's/.*Collected : //p' "$tmp/err"
}
a=$(ir "$tmp/a"); b=$(ir "$tmp/b")
echo "instructions a name: $(( (b - a) / half )) ($half names, $a -> $b)"
# CPU time of each run in ms, from bash's `time` (three decimals).
TIMEFORMAT='%3U %3S'
for _ in $(seq "$runs"); do
  { time "$puny" hunt --brands "$list" --json < "$names" > /dev/null; } 2>> "$tmp/times"
done
awk -v n="$total" '{ ms[NR] = int(($1 + $2) * 1000 + 0.5) }
  END {
    for (i = 1; i <= NR; ++i) for (j = i + 1; j <= NR; ++j) if (ms[j] < ms[i]) { t = ms[i]; ms[i] = ms[j]; ms[j] = t }
    printf "CPU time, %d names, %d runs: least %d ms, median %d ms; %d names/s (least)\n",
           n, NR, ms[1], ms[int((NR + 1) / 2)], (ms[1] > 0 ? n * 1000 / ms[1] : 0)
  }' "$tmp/times"
