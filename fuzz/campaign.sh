#!/usr/bin/env bash
# A fuzzing campaign: every target at once, each its own libFuzzer process
# under `nice -n 19` (it takes only idle CPU), for SECONDS seconds; then a
# table of executions, rate and coverage per target (the numbers recorded
# in docs/security.md).
#
#   fuzz/campaign.sh SECONDS BUILD_DIR LOG_DIR [TARGET...]
#   fuzz/campaign.sh --summary LOG_DIR        # the table again, from the logs
#
# BUILD_DIR is a -DPUNY_BUILD_FUZZ=ON build (docs/security.md uses
# -DPUNY_FUZZ_SANITIZERS=undefined for speed).  The logs go to LOG_DIR,
# one per target, which should be outside the checkout.  Exits non-zero
# when any target reported a failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

summary() {
  local dir="$1" total=0 failed=0
  printf '%-28s %14s %10s %8s %8s  %s\n' target executions "exec/s" cov ft result
  for log in "$dir"/*.log; do
    local t execs rate cov ft result
    t="$(basename "$log" .log)"
    execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
    rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
    cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)"
    ft="$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)"
    result=ok
    if grep -qE 'ERROR: libFuzzer|property failed|runtime error|SUMMARY: .*Sanitizer' "$log"; then
      result=FAILED
      failed=1
    fi
    if [ -z "$execs" ]; then execs=0; result="${result} (still running or killed)"; fi
    total=$((total + execs))
    printf '%-28s %14s %10s %8s %8s  %s\n' "$t" "$execs" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$result"
  done
  printf '%-28s %14s\n' total "$total"
  return $failed
}

if [ "${1:-}" = "--summary" ]; then
  summary "${2:?usage: fuzz/campaign.sh --summary LOG_DIR}"
  exit $?
fi

seconds="${1:?usage: fuzz/campaign.sh SECONDS BUILD_DIR LOG_DIR [TARGET...]}"
build="${2:?build directory}"
logs="${3:?log directory}"
shift 3
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for exe in "$build"/fuzz/fuzz_*; do [ -x "$exe" ] && targets+=("$(basename "$exe")"); done
fi
mkdir -p "$logs"
pids=()
for t in "${targets[@]}"; do
  FUZZ_NICE=19 FUZZ_LOG_DIR="$logs" "$here/run.sh" "$seconds" "$build" "$t" \
    > "$logs/$t.run" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
summary "$logs" || status=1
exit $status
