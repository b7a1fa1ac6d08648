#!/bin/sh
# One command: build puny_bench (Release), run it, write bench/results/
# (latest.json, latest.md, long-*.dat), the table in bench/README.md, the
# summary table of the top-level README.md (between its perf markers) and
# bench/long_scaling.png: every published figure from the same run.
#   bench/run.sh [--reps=N] [--benchmark_min_time=S] [other puny_bench flags]
# Environment: PUNY_BENCH_BUILD (build dir, default build-bench),
#              PUNY_BENCH_JOBS (parallel build jobs, default 2),
#              PUNY_BENCH_ADA_DIR (optional ada-url/idna peer, see README.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${PUNY_BENCH_BUILD:-$root/build-bench}
jobs=${PUNY_BENCH_JOBS:-2}

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPUNY_BUILD_BENCH=ON \
      -DPUNY_BUILD_TESTS=OFF -DPUNY_BUILD_CLI=OFF \
      ${PUNY_BENCH_ADA_DIR:+-DPUNY_BENCH_ADA_DIR="$PUNY_BENCH_ADA_DIR"} >/dev/null
cmake --build "$build" -j"$jobs" --target puny_bench

# The library revision measured; the tree is shared, so say when the
# library sources differ from that commit.
rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$root" status --porcelain -- src include CMakeLists.txt 2>/dev/null)" ]; then
  rev="$rev + uncommitted changes in src/ or include/"
fi

raw="$build/bench/raw.json"
"$build/bench/puny_bench" --reps=5 --benchmark_min_time=0.3 \
    --benchmark_enable_random_interleaving=true \
    --benchmark_report_aggregates_only=true \
    --benchmark_out="$raw" --benchmark_out_format=json "$@"

python3 "$here/report.py" "$raw" "$here/results" --readme "$here/README.md" \
    --front-readme "$root/README.md" \
    --command "bench/run.sh${*:+ $*}" --revision "$rev" >/dev/null
if command -v gnuplot >/dev/null 2>&1; then
  gnuplot -e "dir='$here/results'; out='$here/long_scaling.png'" "$here/long_scaling.gp"
else
  echo "run.sh: gnuplot not found (apt-get install gnuplot-nox); plot not updated" >&2
fi
echo "run.sh: wrote $here/results/latest.json, latest.md, README.md table, long_scaling.png"
