#!/usr/bin/env bash
# Builds the library, the CLI and the whole test suite with AddressSanitizer
# and UndefinedBehaviorSanitizer (-DPUNY_SANITIZE=ON) in a separate build
# directory, then runs every test there.  Any sanitizer report fails the run
# (-fno-sanitize-recover=all, halt_on_error).
#
#   scripts/sanitize-tests.sh [BUILD_DIR] [extra cmake arguments...]
#
# BUILD_DIR defaults to build-sanitize.  JOBS sets the parallelism (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-sanitize}"
[ $# -gt 0 ] && shift
jobs="${JOBS:-2}"

cmake -S . -B "$build" -DPUNY_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
cmake --build "$build" -j"$jobs"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# api.* (add_subdirectory and shared-library symbol checks) and install.* build
# separate projects; install.* builds a consumer project against the installed library,
# which cannot link a sanitized static libpuny without the sanitizer runtime;
# they test packaging, which the normal build covers.  LABEL python (the
# Python package, built by pip in its own unsanitized build) is excluded too,
# and so are the wasm and browser labels (emscripten, node, chromium), which
# run no sanitized C++, and the PostgreSQL extension (label postgres), which
# is loaded by an unsanitized server, like the DuckDB extension (label duckdb),
# and for the same reasons the tests/scale labels: dask (the Python module in
# Debian's unsanitized interpreter) and postgres_fdw (three servers), and
# scaling (tests/scaling measures peak memory, which AddressSanitizer's
# shadow memory and quarantine multiply).
ctest --test-dir "$build" --output-on-failure -j"$jobs" -E '^(install|api)\.' -LE '^(python|wasm|browser|postgres|duckdb|dask|postgres_fdw|scaling)$'
