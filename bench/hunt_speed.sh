#!/bin/sh
# bench/hunt_speed.sh LIST NAMES [PUNY]: `puny hunt --json` against a brand
# list (e.g. the top bucket of Chromium's top_domains/domains.list, issue 53),
# end to end, one thread.  Prints instructions a name in steady state
# (callgrind: the first 2N names minus the first N, over N, so the start,
# the list loading and the tables' first build drop out; N = half the file)
# and the CPU time of one run over the whole file.  Not part of ctest: the
# figures go to bench/README.md ("On a real brand list").
set -eu
list=$1; names=$2; puny=${3:-build/cli/puny}
command -v valgrind >/dev/null || { echo "hunt_speed.sh: valgrind is needed" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
total=$(wc -l < "$names"); half=$((total / 2))
[ "$half" -gt 0 ] || { echo "hunt_speed.sh: $names has under 2 lines" >&2; exit 2; }
head -n "$half" "$names" > "$tmp/a"; head -n $((2 * half)) "$names" > "$tmp/b"
ir() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$puny" hunt --brands "$list" --json \
    < "$1" > /dev/null 2> "$tmp/err"
  sed -n 's/.*Collected : //p' "$tmp/err"
}
a=$(ir "$tmp/a"); b=$(ir "$tmp/b")
echo "instructions a name: $(( (b - a) / half )) ($half names, $a -> $b)"
/usr/bin/time -f "CPU time, $total names: %U s user, %S s system, %e s wall" \
  "$puny" hunt --brands "$list" --json < "$names" > /dev/null
