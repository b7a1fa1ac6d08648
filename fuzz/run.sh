#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS seconds each, one after the other.
#
#   fuzz/run.sh SECONDS [BUILD_DIR] [TARGET...]
#
# BUILD_DIR defaults to build-fuzz (configured with -DPUNY_BUILD_FUZZ=ON and
# clang, see fuzz/CMakeLists.txt).  Each target starts from its committed
# seed corpus, fuzz/corpus/<target>/, and grows a working corpus under
# BUILD_DIR/fuzz/corpus/<target>/ (the seeds stay small and unchanged).
# Crashes and property failures are written to BUILD_DIR/fuzz/artifacts/.
# Exits non-zero when any target finds a failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:?usage: fuzz/run.sh SECONDS [BUILD_DIR] [TARGET...]}"
build="${2:-$here/../build-fuzz}"
shift $(( $# >= 2 ? 2 : 1 ))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_punycode_decode fuzz_punycode_encode fuzz_bootstring
           fuzz_idna_to_ascii fuzz_idna_to_unicode fuzz_reference_differential)
fi

status=0
for t in "${targets[@]}"; do
  exe="$build/fuzz/$t"
  if [ ! -x "$exe" ]; then
    echo "run.sh: $exe not built (cmake --build $build)" >&2
    exit 2
  fi
  work="$build/fuzz/corpus/$t"
  artifacts="$build/fuzz/artifacts/$t/"
  mkdir -p "$work" "$artifacts"
  echo "== $t: ${seconds}s"
  if ! "$exe" "$work" "$here/corpus/$t" -max_total_time="$seconds" -max_len=4096 \
        -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$artifacts" -print_final_stats=1 \
        2> "$build/fuzz/$t.log"; then
    echo "!! $t failed, see $build/fuzz/$t.log and $artifacts" >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/fuzz/$t.log" || true
done
exit $status
