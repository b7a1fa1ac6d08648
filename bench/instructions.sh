#!/usr/bin/env bash
# Instruction counts of puny on a fixed set of workloads (Callgrind), per
# item and per code point, against the committed baseline: the cost of a
# change, judged without a quiet machine (wall-clock figures on the shared
# 2-core machine move by 10% and more with its load; these do not move).
#
#   bench/instructions.sh             count; compare with bench/instructions.baseline;
#                                     exit 1 when a workload grew by more than 2%
#   bench/instructions.sh --update    count and rewrite the baseline
#
# Environment: PUNY_BENCH_BUILD (default build-bench: a Release build with
# PUNY_BUILD_BENCH=ON, as bench/run.sh makes), PUNY_COUNT_TOLERANCE (percent,
# default 2).  Not part of ctest: it takes a minute or two under valgrind.
# Counts depend on the compiler and its flags: the baseline records the
# compiler, and a run with another one says so (its comparison means little).
# bench/count.cpp counts one pass in steady state: the IDNA workloads make one
# uncounted call and consolidate the heap (glibc) before it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="${PUNY_BENCH_BUILD:-$root/build-bench}"
tolerance="${PUNY_COUNT_TOLERANCE:-2}"
baseline="$here/instructions.baseline"
update=0
[ "${1:-}" = "--update" ] && update=1
command -v valgrind > /dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPUNY_BUILD_BENCH=ON \
      -DPUNY_BUILD_TESTS=OFF -DPUNY_BUILD_CLI=OFF > /dev/null
cmake --build "$build" -j"${PUNY_BENCH_JOBS:-2}" --target puny_count > /dev/null
exe="$build/bench/puny_count"
compiler="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt") $("$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")" -dumpfullversion)"
rev="$(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo unknown)"
[ -n "$(git -C "$root" status --porcelain -- src include 2> /dev/null)" ] && rev="$rev + uncommitted changes"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
results="$work/results"
: > "$results"
while IFS=$'\t' read -r workload what; do
  valgrind --tool=callgrind --toggle-collect=puny_count_measured --callgrind-out-file="$work/cg.out" \
      "$exe" "$workload" < /dev/null > "$work/pass.txt" 2> "$work/valgrind.log" ||
    { cat "$work/valgrind.log" >&2; exit 1; }
  read -r items code_points errors output < "$work/pass.txt"
  count="$(sed -n 's/^summary: //p' "$work/cg.out")"
  [ -n "$count" ] || { echo "instructions.sh: no count for $workload" >&2; exit 1; }
  printf '%s %s %s %s\n' "$workload" "$count" "$items" "$code_points" >> "$results"
done < <("$exe" --list)

if [ "$update" = 1 ]; then
  {
    echo "# puny instruction counts (bench/instructions.sh --update): one pass of each"
    echo "# workload of bench/count.cpp under callgrind, only the library's calls counted."
    echo "# revision $rev, $(date -u +%Y-%m-%d), $compiler"
    echo "# workload instructions items code_points"
    cat "$results"
  } > "$baseline"
fi
[ -f "$baseline" ] || { echo "instructions.sh: no baseline at $baseline (run with --update)" >&2; exit 2; }

python3 - "$baseline" "$results" "$tolerance" "$compiler" "$rev" << 'PY'
import sys
baseline_path, results_path, tolerance, compiler, rev = sys.argv[1:]
tolerance = float(tolerance)
base, header = {}, []
for line in open(baseline_path):
    if line.startswith("#"):
        header.append(line[1:].strip())
        continue
    w, n, items, cps = line.split()
    base[w] = int(n)
print(f"puny instruction counts at {rev} ({compiler}); baseline: {header[2] if len(header) > 2 else '?'}")
if len(header) > 2 and compiler not in header[2]:
    print(f"NOTE: the baseline was counted with another compiler; the comparison means little")
print()
print("| workload | instructions | per item | per code point | baseline | change |")
print("|---|---|---|---|---|---|")
grew = []
for line in open(results_path):
    w, n, items, cps = line.split()
    n, items, cps = int(n), int(items), int(cps)
    b = base.get(w)
    change = "new" if b is None else f"{(n - b) / b * 100:+.2f}%"
    if b is not None and (n - b) / b * 100 > tolerance:
        grew.append(w)
    print(f"| {w} | {n:,} | {n / items:,.1f} | {n / cps:,.2f} | {b if b is None else f'{b:,}'} | {change} |")
print()
if grew:
    print(f"GREW by more than {tolerance:g}%: " + ", ".join(grew))
    sys.exit(1)
print(f"no workload grew by more than {tolerance:g}%")
PY
