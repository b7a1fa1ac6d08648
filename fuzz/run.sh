#!/usr/bin/env bash
# Runs libFuzzer targets for SECONDS seconds each, one after the other.
#
#   fuzz/run.sh SECONDS [BUILD_DIR] [TARGET...]
#
# BUILD_DIR defaults to build-fuzz (configured with -DPUNY_BUILD_FUZZ=ON and
# clang, see fuzz/CMakeLists.txt).  Each target starts from its committed
# seed corpus, fuzz/corpus/<target>/ (a *_long target from the corpus of its
# plain target), and grows a working corpus under
# BUILD_DIR/fuzz/corpus/<target>/ (the seeds stay small and unchanged).
# Crashes and property failures are written to BUILD_DIR/fuzz/artifacts/.
# Exits non-zero when any target finds a failure.
#
# -max_len: 512 bytes for the label/domain targets (1024 for
# fuzz_bootstring, whose head bytes pick the profile), 65536 for *_long.
# Environment: FUZZ_JOBS=N runs N fuzzing processes per target
# (libFuzzer -fork), FUZZ_LOG_DIR puts the logs elsewhere (default
# BUILD_DIR/fuzz), FUZZ_NICE=19 runs them under nice.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:?usage: fuzz/run.sh SECONDS [BUILD_DIR] [TARGET...]}"
build="${2:-$here/../build-fuzz}"
shift $(( $# >= 2 ? 2 : 1 ))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  # Every target the build made (fuzz/CMakeLists.txt is the one list).
  for exe in "$build"/fuzz/fuzz_*; do
    [ -f "$exe" ] && [ -x "$exe" ] && targets+=("$(basename "$exe")")
  done
  if [ ${#targets[@]} -eq 0 ]; then
    echo "run.sh: no fuzz_* target in $build/fuzz (cmake --build $build)" >&2
    exit 2
  fi
fi
logs="${FUZZ_LOG_DIR:-$build/fuzz}"
mkdir -p "$logs"

max_len_of() {
  case "$1" in
    *_long) echo 65536 ;;
    fuzz_bootstring) echo 1024 ;;
    fuzz_idna_explain) echo 256 ;;
    fuzz_simd_ascii) echo 4096 ;;
    *) echo 512 ;;
  esac
}

status=0
for t in "${targets[@]}"; do
  exe="$build/fuzz/$t"
  if [ ! -x "$exe" ]; then
    echo "run.sh: $exe not built (cmake --build $build)" >&2
    exit 2
  fi
  # The committed seeds, where the target has them (fuzz_idn2_differential
  # starts from nothing).
  seeds=()
  [ -d "$here/corpus/${t%_long}" ] && seeds=("$here/corpus/${t%_long}")
  work="$build/fuzz/corpus/$t"
  artifacts="$build/fuzz/artifacts/$t/"
  mkdir -p "$work" "$artifacts"
  extra=()
  if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then extra+=(-fork="$FUZZ_JOBS" -ignore_crashes=0); fi
  echo "== $t: ${seconds}s, -max_len=$(max_len_of "$t")"
  if ! nice -n "${FUZZ_NICE:-0}" "$exe" "$work" "${seeds[@]}" -max_total_time="$seconds" \
        -max_len="$(max_len_of "$t")" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts" -print_final_stats=1 "${extra[@]}" \
        2> "$logs/$t.log"; then
    echo "!! $t failed, see $logs/$t.log and $artifacts" >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" \
    "$logs/$t.log" || true
  grep -E "cov: [0-9]+" "$logs/$t.log" | tail -1 || true
done
exit $status
