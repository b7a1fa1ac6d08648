#!/usr/bin/env bash
# Lines per second of the command-line tool on a big list, on one core and
# with -j (issue: big lists on every core), with idn2, Python and Node on the
# same list for reference.  Not a test: the figures go to bench/README.md.
#
#   bench/cli_jobs.sh [PUNY] [LINES] [RUNS]
#     PUNY   the puny executable (default: build/cli/puny)
#     LINES  list length (default: 10000000: the bench files repeated)
#     RUNS   repetitions; the median is reported (default: 5)
#
# The list is ../shared/bench/data/domains-mixed.txt and domains-idn.txt
# repeated to LINES lines, written to a temporary file (about 190 MB for 10
# million lines).  Each run reads it as standard input and writes standard
# output to /dev/null; the -j 1 and -j N runs alternate, so that a change in
# the machine's load touches both.  Peers (single-threaded programs) run
# once each on the first million lines and are scaled to lines per second:
#   idn2 (Debian's idn2, libidn2: IDNA2008 + TR46 lookup),
#   Python's puny.to_ascii_many when the package is importable,
#   Node's url.domainToASCII (ICU), one line at a time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
puny="${1:-$root/build/cli/puny}"
lines="${2:-10000000}"
runs="${3:-5}"
data="$root/../shared/bench/data"
[ -x "$puny" ] || { echo "cli_jobs: no executable at $puny (build first)" >&2; exit 1; }
[ -f "$data/domains-mixed.txt" ] || { echo "cli_jobs: no bench data in $data" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
list="$work/list.txt"
touch "$list"
while [ "$(wc -l < "$list")" -lt "$lines" ]; do
  cat "$data/domains-mixed.txt" "$data/domains-idn.txt" >> "$list"
done
head -n "$lines" "$list" > "$work/cut" && mv "$work/cut" "$list"
head -n 1000000 "$list" > "$work/million.txt"
cores="$(nproc)"

# Median wall time in seconds of `puny ARGS < list > /dev/null` over the runs.
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" < "$list" > /dev/null 2>&1 || true  # failed lines exit 1
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

echo "# puny CLI on $lines lines ($(du -h "$list" | cut -f1)), $cores cores, median of $runs runs"
echo "# $(date -u +%Y-%m-%d), $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo
echo "| command | -j 1 lines/s | -j $cores lines/s | speedup |"
echo "|---|---|---|---|"
for command in "to-ascii" "to-unicode" "encode" "display"; do
  one=() many=()
  for ((r = 0; r < runs; ++r)); do
    one+=("$(seconds "$puny" $command -q -j 1)")
    many+=("$(seconds "$puny" $command -q -j "$cores")")
  done
  t1=$(printf '%s\n' "${one[@]}" | median)
  tn=$(printf '%s\n' "${many[@]}" | median)
  printf '| %s | %.2f M | %.2f M | %.2fx |\n' "$command" \
    "$(echo "$lines / $t1 / 1000000" | bc -l)" "$(echo "$lines / $tn / 1000000" | bc -l)" \
    "$(echo "$t1 / $tn" | bc -l)"
done

echo
echo "| peer (one thread, first million lines) | lines/s |"
echo "|---|---|"
peer() {  # label, command (reads the million lines on standard input)
  local label="$1" start end
  shift
  start=$(date +%s.%N)
  "$@" < "$work/million.txt" > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  printf '| %s | %.2f M |\n' "$label" "$(echo "1000000 / ($end - $start) / 1000000" | bc -l)"
}
peer "puny to-ascii -j 1" "$puny" to-ascii -q
if command -v idn2 > /dev/null; then
  # idn2 stops at the first name it rejects: it gets the names it accepts,
  # found by dropping each one that stops it (after a first cut to the
  # names puny accepts under IDNA2008 lookup, its closest preset).
  "$puny" to-ascii -q --preset idna2008-lookup < "$work/million.txt" | grep -v '^$' > "$work/idn2.txt" || true
  for ((k = 0; k < 200; ++k)); do
    done_lines=$( (idn2 --quiet < "$work/idn2.txt" 2> /dev/null || true) | wc -l)
    total=$(wc -l < "$work/idn2.txt")
    [ "$done_lines" -ge "$total" ] && break
    sed -i "$((done_lines + 1))d" "$work/idn2.txt"
  done
  accepted=$(wc -l < "$work/idn2.txt")
  start=$(date +%s.%N)
  idn2 --quiet < "$work/idn2.txt" > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  printf '| idn2 %s, on the %d names it accepts | %.2f M |\n' "$(idn2 --version | head -1 | awk '{print $NF}')" \
    "$accepted" "$(echo "$accepted / ($end - $start) / 1000000" | bc -l)"
  start=$(date +%s.%N)
  "$puny" to-ascii -q < "$work/idn2.txt" > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  printf '| puny to-ascii -j 1, the same names | %.2f M |\n' "$(echo "$accepted / ($end - $start) / 1000000" | bc -l)"
else
  echo "| idn2 | not installed (apt-get install idn2) |"
fi
python="${PUNY_PYTHON:-python3}"
if "$python" -c 'import puny' 2> /dev/null; then
  peer "Python puny.to_ascii_many" "$python" -c 'import sys, puny
names = sys.stdin.read().split("\n")
sys.stdout.write("\n".join(r.output or "" for r in puny.to_ascii_many(names)))'
else
  echo "| Python puny | not importable by $python (set PUNY_PYTHON) |"
fi
peer "Node $(node --version) url.domainToASCII" node -e '
const url = require("url");
const lines = require("fs").readFileSync(0, "utf8").split("\n");
let out = [];
for (const l of lines) out.push(url.domainToASCII(l));
process.stdout.write(out.join("\n"));'
