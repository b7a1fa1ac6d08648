#!/bin/sh
# Issue 54's outside harness: Punycode decode of one long string timed the
# way a user would, by a separate program built in a temporary folder
# against the INSTALLED library (the default build, `cmake --install` into
# a temporary prefix, linked through the installed puny.pc), ada-idna built
# outside this repository and Debian's libidn2.  It prints ns per decode
# per form and the ratios to puny (bench/long_decode_outside.cpp says what
# each form is); bench/README.md compares them with puny_bench's.
#
#   bench/long_decode_outside.sh [FILE] [CALLS] [ROUNDS]
#
# FILE: Punycode strings, one a line, decoded in turn.  Without FILE it
# runs twice: on ../shared/bench/data/long-1024.puny.txt (the one string
# puny_bench's long/decode rows decode over and over), then on 256 distinct
# strings of 1,024 code points of the same mix (3/4 CJK, 1/4 ASCII letters
# and digits, shuffled; made here by Python's punycode codec), as
# puny_bench's long-1024x256 row.  Also the first call in a fresh process,
# 9 processes a form.  CALLS decodes a round (default 2000), ROUNDS rounds
# (default 15), the forms alternated.
# Environment:
#   PUNY_BENCH_ADA_DIR      ada-url/idna checkout with build/src/libada-idna.a
#                           (as for bench/run.sh; without it, no ada rows)
#   PUNY_OUTSIDE_CXXFLAGS   the harness's flags (default -O2: a user's)
#   PUNY_OUTSIDE_PREFIX     an install prefix to reuse (skips the build)
#   PUNY_OUTSIDE_CMAKE_ARGS extra arguments of the library's configure, e.g.
#                           -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS='-g -O2'
#                           (Debian's flags: what the distribution package gets)
#   PUNY_OUTSIDE_KEEP=1     keep the temporary folder (its path is printed)
#   PUNY_BENCH_JOBS         parallel build jobs (default 2)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
file=${1:-}
calls=${2:-2000}
rounds=${3:-15}
cxxflags=${PUNY_OUTSIDE_CXXFLAGS:--O2}
shared=$root/../shared/bench/data/long-1024.puny.txt
[ -z "$file" ] || [ -r "$file" ] || { echo "long_decode_outside.sh: cannot read $file" >&2; exit 2; }
[ -n "$file" ] || [ -r "$shared" ] || { echo "long_decode_outside.sh: cannot read $shared" >&2; exit 2; }
command -v pkg-config >/dev/null || { echo "long_decode_outside.sh: pkg-config is missing" >&2; exit 2; }
pkg-config --exists libidn2 || { echo "long_decode_outside.sh: libidn2 not found (apt-get install libidn2-dev)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/puny-outside.XXXXXX")
if [ "${PUNY_OUTSIDE_KEEP:-0}" = 1 ]; then
  echo "long_decode_outside.sh: working in $tmp (kept)"
else
  trap 'rm -rf "$tmp"' EXIT
fi

prefix=${PUNY_OUTSIDE_PREFIX:-}
if [ -z "$prefix" ]; then
  # The default build as a user configures it (no build type given: the
  # project picks Release), only what the library needs.
  prefix=$tmp/prefix
  # shellcheck disable=SC2086
  eval cmake -S '"$root"' -B '"$tmp/build"' -DPUNY_BUILD_TESTS=OFF -DPUNY_BUILD_CLI=OFF \
        -DPUNY_BUILD_IDN2=OFF "${PUNY_OUTSIDE_CMAKE_ARGS:-}" >/dev/null
  flags=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$tmp/build/CMakeCache.txt")
  echo "puny: configured with build type '${flags}' ${PUNY_OUTSIDE_CMAKE_ARGS:-}"
  cmake --build "$tmp/build" -j"${PUNY_BENCH_JOBS:-2}" --target puny >/dev/null
  cmake --install "$tmp/build" --prefix "$prefix" >/dev/null
fi
pcdir=$(dirname "$(find "$prefix" -name puny.pc | head -n 1)")
[ -f "$pcdir/puny.pc" ] || { echo "long_decode_outside.sh: no puny.pc under $prefix" >&2; exit 1; }

cp "$here/long_decode_outside.cpp" "$tmp/harness.cpp"
ada_flags=""
ada_lib=""
if [ -n "${PUNY_BENCH_ADA_DIR:-}" ]; then
  ada_lib=$PUNY_BENCH_ADA_DIR/build/src/libada-idna.a
  [ -f "$ada_lib" ] || { echo "long_decode_outside.sh: no $ada_lib (build ada-idna first, bench/README.md)" >&2; exit 2; }
  ada_flags="-DHAVE_ADA -I$PUNY_BENCH_ADA_DIR/include"
  echo "ada-idna: $(git -C "$PUNY_BENCH_ADA_DIR" log -1 --format='%h %cs' 2>/dev/null || echo unknown)"
fi
# shellcheck disable=SC2086  # the flags are lists of words
PKG_CONFIG_PATH=$pcdir c++ -std=c++17 $cxxflags $ada_flags \
    $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags puny libidn2) \
    "$tmp/harness.cpp" -o "$tmp/harness" \
    $(PKG_CONFIG_PATH=$pcdir pkg-config --static --libs puny) $ada_lib \
    $(pkg-config --libs libidn2) -ldl
echo "puny: installed at $prefix ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)); harness: c++ $cxxflags"
if [ -n "$file" ]; then
  "$tmp/harness" "$file" "$calls" "$rounds"
  exit 0
fi
python3 - "$tmp/distinct-1024.puny.txt" <<'PY'
import random, sys
rng = random.Random(54)
alnum = "abcdefghijklmnopqrstuvwxyz0123456789"
with open(sys.argv[1], "w") as f:
    for _ in range(256):
        s = [chr(rng.randrange(0x4E00, 0xA000)) for _ in range(768)]
        s += [rng.choice(alnum) for _ in range(256)]
        rng.shuffle(s)
        f.write("".join(s).encode("punycode").decode("ascii") + "\n")
PY
echo
echo "== one string, decoded over and over (as puny_bench's long/decode/*/1024)"
"$tmp/harness" "$shared" "$calls" "$rounds"
echo
echo "== 256 distinct strings of 1,024 code points, each decoded in turn (as long-1024x256)"
"$tmp/harness" "$tmp/distinct-1024.puny.txt" "$calls" "$rounds"
echo
echo "== the first call in a fresh process (9 processes a form, alternated): median CPU ns, wall ns, page faults"
forms="puny puny-alloc libidn2"
[ -n "$ada_lib" ] && forms="puny puny-alloc ada libidn2"
for _ in 1 2 3 4 5 6 7 8 9; do
  for form in $forms; do "$tmp/harness" "$shared" --first "$form"; done
done | awk '{ cpu[$2] = cpu[$2] " " $3; wall[$2] = wall[$2] " " $4; pf[$2] = pf[$2] " " $5 }
  function med(list,   a, n, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END { base = med(cpu["puny"])
        for (f in cpu) printf "%-11s %10.0f %10.0f %4d   ratio %.2fx\n", f, med(cpu[f]), med(wall[f]), med(pf[f]), med(cpu[f]) / base }' | sort
