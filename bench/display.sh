#!/bin/sh
# Display safety benchmarks in one command: builds puny_display_bench
# (Release), runs it with repetitions (randomly interleaved, medians), and
# prints the per-item medians with the ratios the issue 22 targets name.
#   bench/display.sh [--reps=N] [Google Benchmark flags]
# Environment: PUNY_BENCH_BUILD (build dir, default build-bench),
#              PUNY_BENCH_JOBS (parallel build jobs, default 2).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${PUNY_BENCH_BUILD:-$root/build-bench}
jobs=${PUNY_BENCH_JOBS:-2}
reps=5
for a in "$@"; do case "$a" in --reps=*) reps=${a#--reps=};; esac; done

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPUNY_BUILD_BENCH=ON \
      -DPUNY_BUILD_TESTS=OFF -DPUNY_BUILD_CLI=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target puny_display_bench

raw="$build/bench/display_raw.json"
args=""
for a in "$@"; do case "$a" in --reps=*) ;; *) args="$args $a";; esac; done
# shellcheck disable=SC2086
"$build/bench/puny_display_bench" --benchmark_repetitions="$reps" --benchmark_min_time=0.3 \
    --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true \
    --benchmark_out="$raw" --benchmark_out_format=json $args >/dev/null

python3 - "$raw" "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)" <<'PY'
import json, sys
raw = json.load(open(sys.argv[1]))
med = {}
for b in raw["benchmarks"]:
    if b.get("aggregate_name") == "median":
        name = b["run_name"]
        med[name] = 1e9 / b["items_per_second"]  # ns per item
ctx = raw["context"]
print(f"# puny_display_bench at {sys.argv[2]}, {ctx['date']}, {ctx['num_cpus']} CPUs, "
      f"median of {raw['benchmarks'][0].get('repetitions', '?')} repetitions")
print("| benchmark | ns/item | items/s |")
print("|---|---:|---:|")
for name, ns in med.items():
    print(f"| {name} | {ns:,.1f} | {1e9 / ns:,.0f} |")
def ratio(a, b):
    return med[a] / med[b] if a in med and b in med else None
rows = [
    ("skeleton: ICU time / puny time (target >= 3)", ratio("skeleton/icu", "skeleton/puny")),
    ("restriction level: ICU uspoof_check2 time / puny time",
     ratio("restriction_level/icu_check2", "restriction_level/puny")),
    ("chromium decision, display form (to_display) / puny to_unicode time (target <= 2)",
     ratio("decision/chromium-to_display", "decision/to_unicode")),
    ("chromium decision with every label's findings and A-label, reused object / to_unicode",
     ratio("decision/chromium-reused", "decision/to_unicode")),
    ("the same, a new decision object per name / to_unicode",
     ratio("decision/chromium", "decision/to_unicode")),
]
print()
for label, r in rows:
    print(f"- {label}: " + (f"{r:.2f}" if r is not None else "n/a (not measured)"))
if "protected_100k/lookalike_of" in med:
    print(f"- names/s against 100,000 protected domains (target > 1,000,000): "
          f"{1e9 / med['protected_100k/lookalike_of']:,.0f}")
PY
