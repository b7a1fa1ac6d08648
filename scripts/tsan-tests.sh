#!/usr/bin/env bash
# Builds the library and the concurrency tests with ThreadSanitizer in a
# separate build directory and runs them: tests/threads/ (several threads
# converting the bench data with huge names in between, the per-thread
# memory bound) and the fuzz corpus replays (every public entry point, one
# thread, so TSan also sees the thread_local workspace's first use).  Any
# TSan report fails the run (halt_on_error).  Only what it runs is built,
# to keep CI time down (about 3 minutes on 2 cores).
#
#   scripts/tsan-tests.sh [BUILD_DIR]
#
# BUILD_DIR defaults to build-tsan.  JOBS sets the parallelism (default 2).
# Needs ../shared/bench/data beside the checkout (the tests fail, naming the
# path, without it).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-tsan}"
jobs="${JOBS:-2}"

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=thread" \
  -DPUNY_BUILD_CLI=ON -DPUNY_INSTALL=OFF
targets=(puny_thread_tests puny_cli)
for corpus in fuzz/corpus/*/; do targets+=("$(basename "$corpus")_replay"); done
cmake --build "$build" -j"$jobs" --target "${targets[@]}"

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4"
ctest --test-dir "$build" --output-on-failure -j"$jobs" -L '^(threads|fuzz_replay)$'

# The CLI's --jobs: its reader, workers and ordered writer under
# ThreadSanitizer, on real names with failing lines among them; the output
# must equal -j 1's.  TSan exits 66 on a race (halt_on_error): any status
# other than 0 or 1 (some names fail) is an error.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
{ head -n 40000 ../shared/bench/data/domains-mixed.txt; printf 'bad\xffname.com\na\x00b.com\n'
  head -n 20000 ../shared/bench/data/domains-idn.txt; } > "$work/names.txt"
for jobs_flag in 1 4; do
  status=0
  "$build/cli/puny" to-ascii -j "$jobs_flag" < "$work/names.txt" > "$work/out-$jobs_flag.txt" 2>&1 || status=$?
  if [ "$status" -gt 1 ]; then
    cat "$work/out-$jobs_flag.txt" | tail -40 >&2
    echo "tsan-tests: puny to-ascii -j $jobs_flag exited $status" >&2
    exit 1
  fi
done
cmp "$work/out-1.txt" "$work/out-4.txt"
echo "tsan-tests: puny to-ascii -j 4 under ThreadSanitizer: no race, output identical to -j 1"

# Every route of --jobs (issue 58): read by offsets (a file) or by one
# thread (a pipe), written at offsets by the workers (a file), from the
# blocks (a pipe, /dev/null) or through the sink (2>&1), at more threads
# than cores; a long --json line among the blocks.
{ cat "$work/names.txt"; head -c 300000 /dev/zero | tr '\0' x; printf '\nlast.example'; } > "$work/routes.txt"
for command in "to-ascii" "display --json"; do
  # shellcheck disable=SC2086  # the command's words
  "$build/cli/puny" $command -j 1 < "$work/routes.txt" > "$work/want.out" 2> "$work/want.err" || true
  "$build/cli/puny" $command -j 1 < "$work/routes.txt" > "$work/want.merged" 2>&1 || true
  for jobs_flag in 2 3 8 16; do
    for input in file pipe; do
      run() {  # standard input from the file or through cat; the rest as given
        if [ "$input" = file ]; then "$build/cli/puny" $command -j "$jobs_flag" < "$work/routes.txt"
        else cat "$work/routes.txt" | "$build/cli/puny" $command -j "$jobs_flag"; fi
      }
      status=0; run > "$work/got.out" 2> "$work/got.err" || status=$?
      [ "$status" -le 1 ] || { tail -40 "$work/got.err" >&2; echo "tsan-tests: $command -j $jobs_flag ($input) exited $status" >&2; exit 1; }
      cmp "$work/want.out" "$work/got.out" && cmp "$work/want.err" "$work/got.err"
      status=0; run 2> "$work/got.err" | cat > "$work/got.out" || status=$?
      [ "$status" -le 1 ] || { tail -40 "$work/got.err" >&2; echo "tsan-tests: $command -j $jobs_flag ($input, pipe) failed" >&2; exit 1; }
      cmp "$work/want.out" "$work/got.out" && cmp "$work/want.err" "$work/got.err"
      status=0; run > /dev/null 2> "$work/got.err" || status=$?
      [ "$status" -le 1 ] || { tail -40 "$work/got.err" >&2; echo "tsan-tests: $command -j $jobs_flag ($input, /dev/null) exited $status" >&2; exit 1; }
      cmp "$work/want.err" "$work/got.err"
      status=0; run > "$work/got.merged" 2>&1 || status=$?
      [ "$status" -le 1 ] || { tail -40 "$work/got.merged" >&2; echo "tsan-tests: $command -j $jobs_flag ($input, 2>&1) exited $status" >&2; exit 1; }
      cmp "$work/want.merged" "$work/got.merged"
    done
  done
done
echo "tsan-tests: puny to-ascii and display --json, -j 2/3/8/16, every input and output route: no race, output identical to -j 1"
# The files' offsets and the write errors (surfaces/cli/tests/test_jobs_io.py);
# a race exits 66, which those tests compare with -j 1's status.
PUNY_BIN="$build/cli/puny" python3 surfaces/cli/tests/test_jobs_io.py JobsOffsets JobsWriteErrors
