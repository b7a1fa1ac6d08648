#!/usr/bin/env bash
# Speed of puny's libidn2-compatible library against the system libidn2
# through libidn2's API (idn2_lookup_u8, idn2_to_unicode_8z8z) on the
# domains-idn and domains-mixed workloads, in one process
# (idn2_compat_bench.c).  Prints a Markdown table for bench/README.md.
#   bench/idn2_compat.sh [BUILD_DIR] [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
rounds=${2:-11}
ours=$build/idn2/lib/libidn2.so.0
[ -f "$ours" ] || cmake --build "$build" --target puny_idn2
system=$(ldconfig -p | awk '/libidn2\.so\.0 .*x86-64|libidn2\.so\.0 \(libc6\)/ {print $NF; exit}')
[ -n "$system" ] || system=libidn2.so.0
exe=$build/bench/idn2_compat_bench
mkdir -p "$(dirname "$exe")"
cc -O2 -o "$exe" "$here/idn2_compat_bench.c" -ldl
echo "ours: $ours; system: $(readlink -f "$system"); $(date -u +%F), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
"$exe" "$ours" "$system" "$here/../../shared/bench/data" "$rounds"
