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
  -DPUNY_BUILD_CLI=OFF -DPUNY_INSTALL=OFF
targets=(puny_thread_tests)
for corpus in fuzz/corpus/*/; do targets+=("$(basename "$corpus")_replay"); done
cmake --build "$build" -j"$jobs" --target "${targets[@]}"

export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4"
ctest --test-dir "$build" --output-on-failure -j"$jobs" -L '^(threads|fuzz_replay)$'
