#!/usr/bin/env bash
# Lines per second of the command-line tool on a big list, on one core and
# with -j (issues 24 and 58: big lists on every core), with idn2, Python and
# Node on the same list for reference.  Not a test: the figures go to
# bench/README.md.
#
#   bench/cli_jobs.sh [PUNY] [LINES] [RUNS]
#     PUNY   the puny executable (default: build/cli/puny)
#     LINES  list length (default: 10000000: the bench files repeated)
#     RUNS   repetitions; the median and the range are reported (default: 5)
#
# Environment:
#   CLI_JOBS_OUT       where standard output goes: file (a regular file in
#                      the temporary folder, the default) or null (/dev/null)
#   CLI_JOBS_J         the -j values, one column each (default: "1 CORES")
#   CLI_JOBS_COMMANDS  the commands, comma-separated (default:
#                      "to-ascii,to-unicode,encode,display"; "display --psl FILE" works)
#   CLI_JOBS_BEFORE    an older puny executable, timed in the same rounds
#                      (its rows say "before"), so that the machine's load
#                      touches both alike
#   CLI_JOBS_PEERS     0: no peers
#
# The list is ../shared/bench/data/domains-mixed.txt and domains-idn.txt
# repeated to LINES lines, written to a temporary file (about 190 MB for 10
# million lines).  Each run reads it as standard input (a regular file) with
# -q; the runs of one round go through every binary and -j in turn, so that a
# change in the machine's load touches all of them.  Peers (single-threaded
# programs) run once each on the first million lines and are scaled to
# lines per second:
#   idn2 (Debian's idn2, libidn2: IDNA2008 + TR46 lookup),
#   Python's puny.to_ascii_many when the package is importable,
#   Node's url.domainToASCII (ICU), one line at a time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
puny="${1:-$root/build/cli/puny}"
lines="${2:-10000000}"
runs="${3:-5}"
data="$root/../shared/bench/data"
cores="$(nproc)"
out_kind="${CLI_JOBS_OUT:-file}"
jobs_list=(${CLI_JOBS_J:-1 $cores})
IFS=, read -r -a commands <<< "${CLI_JOBS_COMMANDS:-to-ascii,to-unicode,encode,display}"
[ -x "$puny" ] || { echo "cli_jobs: no executable at $puny (build first)" >&2; exit 1; }
[ -f "$data/domains-mixed.txt" ] || { echo "cli_jobs: no bench data in $data" >&2; exit 1; }
binaries=("$puny")
labels=("after")
if [ -n "${CLI_JOBS_BEFORE:-}" ]; then
  [ -x "$CLI_JOBS_BEFORE" ] || { echo "cli_jobs: no executable at $CLI_JOBS_BEFORE" >&2; exit 1; }
  binaries=("$CLI_JOBS_BEFORE" "$puny")
  labels=("before" "after")
fi
case "$out_kind" in
  file | null) ;;
  *) echo "cli_jobs: CLI_JOBS_OUT is file or null, not $out_kind" >&2; exit 1 ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
list="$work/list.txt"
touch "$list"
while [ "$(wc -l < "$list")" -lt "$lines" ]; do
  cat "$data/domains-mixed.txt" "$data/domains-idn.txt" >> "$list"
done
head -n "$lines" "$list" > "$work/cut" && mv "$work/cut" "$list"
head -n 1000000 "$list" > "$work/million.txt"
target=/dev/null
[ "$out_kind" = file ] && target="$work/out.txt"

# Wall time in seconds of `puny ARGS -q < list > target`; its CPU time
# (user + system, all threads) is appended to $work/cpu.
seconds() {
  local t
  rm -f "$work/out.txt"
  t=$( { TIMEFORMAT='%R %U %S'; time "$@" < "$list" > "$target" 2> /dev/null || true; } 2>&1 )  # failed lines exit 1
  echo "$t" | awk '{ print $2 + $3 }' >> "$work/cpu"
  echo "$t" | awk '{ print $1 }'
}
# "median (min-max)" of the times on standard input, as M lines/s.
rate() {
  sort -n | awk -v n="$lines" '{ v[NR] = $1 } END {
    printf "%.2f M (%.2f-%.2f)", n / v[int((NR + 1) / 2)] / 1e6, n / v[NR] / 1e6, n / v[1] / 1e6 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "# puny CLI on $lines lines ($(du -h "$list" | cut -f1)), $cores cores, standard output to" \
     "$([ "$out_kind" = file ] && echo "a regular file" || echo /dev/null), median (range) of $runs runs"
echo "# $(date -u +%Y-%m-%d), $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo
header="| command | binary |"
rule="|---|---|"
for j in "${jobs_list[@]}"; do header+=" -j $j lines/s |"; rule+="---|"; done
for j in "${jobs_list[@]:1}"; do header+=" -j $j / -j ${jobs_list[0]} |"; rule+="---|"; done
echo "$header"
echo "$rule"
cpu_rows=()
for command in "${commands[@]}"; do
  declare -A times=() cpu=()
  for ((r = 0; r < runs; ++r)); do
    for b in "${!binaries[@]}"; do
      for j in "${jobs_list[@]}"; do
        # shellcheck disable=SC2086  # the command's words
        : > "$work/cpu"
        times[$b,$j]+="$(seconds "${binaries[$b]}" $command -q -j "$j") "
        cpu[$b,$j]+="$(cat "$work/cpu") "
      done
    done
  done
  for b in "${!binaries[@]}"; do
    row="| $command | ${labels[$b]} |"
    for j in "${jobs_list[@]}"; do row+=" $(printf '%s\n' ${times[$b,$j]} | rate) |"; done
    first=$(printf '%s\n' ${times[$b,${jobs_list[0]}]} | median)
    for j in "${jobs_list[@]:1}"; do
      row+=" $(printf '%.2fx' "$(echo "$first / $(printf '%s\n' ${times[$b,$j]} | median)" | bc -l)") |"
    done
    echo "$row"
    cpu_rows+=("| $command | ${labels[$b]} |$(for j in "${jobs_list[@]}"; do
      printf ' %.0f ns |' "$(echo "$(printf '%s\n' ${cpu[$b,$j]} | median) * 1000000000 / $lines" | bc -l)"; done)")
  done
  unset times cpu
done
echo
echo "CPU time (user + system, every thread) per line, median; what parallel work adds to -j 1:"
echo
cpu_header="| command | binary |"
cpu_rule="|---|---|"
for j in "${jobs_list[@]}"; do cpu_header+=" -j $j |"; cpu_rule+="---|"; done
echo "$cpu_header"
echo "$cpu_rule"
printf '%s\n' "${cpu_rows[@]}"

[ "${CLI_JOBS_PEERS:-1}" = 0 ] && exit 0
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
