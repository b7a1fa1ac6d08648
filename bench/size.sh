#!/usr/bin/env bash
# What a program that calls only puny::idna::to_ascii and to_unicode links
# of puny as users get it: the default build (Release, the library's own
# compile options from CMakeLists.txt, -ffunction-sections -fdata-sections
# among them, and nothing added here), installed with `cmake --install`
# into a prefix.  Links that program and an empty one doing the same string
# handling statically against the installed libpuny.a (-O3,
# -Wl,--gc-sections, -s) and prints the growth (`size`, text + data) and a
# table of its parts from `nm` of the unstripped program (bench/README.md,
# "Size").
#
#   bench/size.sh                    configure and build build-size (the
#                                    library only), install it, measure
#   bench/size.sh --build-dir DIR    install DIR, a tree already built
#                                    (ctest install.linked_size: the build
#                                    under test), and measure; builds nothing
#   bench/size.sh ... --limit BYTES  exit 1 when the growth is over BYTES
#
# Environment: PUNY_SIZE_BUILD (the build dir when --build-dir is not
# given, default build-size), PUNY_SIZE_WORK (scratch folder for the prefix
# and the programs, default BUILD/size), CXX.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="${PUNY_SIZE_BUILD:-$root/build-size}"
given_build=""
limit=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) given_build="${2:?--build-dir needs a folder}"; shift 2 ;;
    --limit) limit="${2:?--limit needs a number of bytes}"; shift 2 ;;
    *) echo "bench/size.sh: unknown argument '$1' (usage: the comment at its top)" >&2; exit 2 ;;
  esac
done
cxx="${CXX:-c++}"
flags=(-std=c++17 -O3 -ffunction-sections -fdata-sections)

if [ -n "$given_build" ]; then
  build="$(cd "$given_build" && pwd)"
else
  # The default build: no compile flags of this script's own.
  cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$(command -v "$cxx")" \
        -DPUNY_BUILD_TESTS=OFF -DPUNY_BUILD_CLI=OFF -DPUNY_BUILD_IDN2=OFF -DPUNY_BUILD_BENCH=OFF > /dev/null
  cmake --build "$build" -j"${PUNY_SIZE_JOBS:-2}" --target puny > /dev/null
fi

work="${PUNY_SIZE_WORK:-$build/size}"
prefix="$work/prefix"
rm -rf "$prefix"
mkdir -p "$work"
if ! cmake --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1; then
  echo "bench/size.sh: cmake --install $build --prefix $prefix failed:" >&2
  cat "$work/install.log" >&2
  exit 1
fi
lib="$(find "$prefix" -name libpuny.a | head -n 1)"
if [ -z "$lib" ]; then
  echo "bench/size.sh: no libpuny.a installed under $prefix (a shared-library build? this measures the static library)" >&2
  exit 1
fi
build_type="$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")"

cat > "$work/prog.cpp" << 'EOF'
#include <puny/idna.hpp>
#include <cstdio>
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    auto a = puny::idna::to_ascii(argv[i]);
    auto u = puny::idna::to_unicode(argv[i]);
    std::printf("%s %s %d\n", a.value.c_str(), u.value.c_str(), (int)a.status.code);
  }
}
EOF
cat > "$work/empty.cpp" << 'EOF'
#include <string>
#include <cstdio>
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string a(argv[i]), u(argv[i]);
    std::printf("%s %s %d\n", a.c_str(), u.c_str(), (int)a.size());
  }
}
EOF
link=(-Wl,--gc-sections -static)
"$cxx" "${flags[@]}" -I"$prefix/include" -c "$work/prog.cpp" -o "$work/prog.o"
"$cxx" "${flags[@]}" -c "$work/empty.cpp" -o "$work/empty.o"
"$cxx" "$work/prog.o" "$lib" "${link[@]}" -o "$work/prog_sym"
"$cxx" "$work/empty.o" "${link[@]}" -o "$work/empty_sym"
"$cxx" "$work/prog.o" "$lib" "${link[@]}" -s -o "$work/prog"
"$cxx" "$work/empty.o" "${link[@]}" -s -o "$work/empty"
nm -S -C "$work/empty_sym" > "$work/empty.nm"
nm -S -C --size-sort "$work/prog_sym" > "$work/prog.nm"

python3 - "$work" "$cxx $("$cxx" -dumpfullversion)" "$(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo unknown)" \
        "$lib" "${build_type:-none}" "$limit" << 'PY'
import re, subprocess, sys
work, compiler, rev, lib, build_type, limit = sys.argv[1:7]

def text_data(path):
    out = subprocess.run(["size", path], capture_output=True, text=True, check=True).stdout
    t, d = out.splitlines()[1].split()[:2]
    return int(t) + int(d)

growth = text_data(work + "/prog") - text_data(work + "/empty")

# Parts, first match wins: (label, kind, pattern on the demangled name).
PARTS = [
    ("UTS #46 mapping table (idna_pool, idna_entries, idna_stage*)", "table", r"ucd::.*idna_(pool|entries|stage)"),
    ("plain-code-point BMP map (idna_plain_bmp)", "table", r"ucd::idna_plain_"),
    ("Bidi_Class, Joining_Type, mark, ccc, NFC_QC (char_properties)", "table", r"ucd::.*char_propert"),
    ("NFC decompositions", "table", r"ucd::.*decomposition_"),
    ("NFC compositions", "table", r"ucd::.*composition_"),
    ("ccc and NFC_QC", "table", r"ucd::.*(ccc_|nfc_qc_)"),
    ("Bidi_Class", "table", r"ucd::.*bidi_stage"),
    ("Joining_Type", "table", r"ucd::.*joining_stage"),
    ("General_Category M", "table", r"ucd::.*mark_stage"),
    ("other Unicode data", "table", r"ucd::.*(stage|pool|keys|values|table)"),
    ("display / UTS #39 data and code", "display", r"puny::(display|uts39)|confusable"),
    ("Punycode fixed engine: data (reciprocals, thresholds, digits)", "engine", r"bootstring::fixed::.*(reciprocals|table|adapt_tail|digits)$"),
    ("Punycode shared data (byte_select)", "engine", r"bootstring::detail::byte_select"),
    ("Punycode fixed engine: code", "engine", r"bootstring::fixed::"),
    ("Punycode compact engine: IDNA labels over 64 code points to encode, 512 bytes to decode (label_codec.hpp)", "engine", r"bootstring::(label|compact)::"),
    ("Punycode shared steps (rfc3492_steps.hpp)", "engine", r"bootstring::detail::"),
    ("Punycode generic engine (engine.cpp)", "engine", r"puny::bootstring::"),
    ("Punycode API (punycode.cpp)", "engine", r"puny::punycode::"),
    ("Unicode code (NFC, lookups, UTF-8)", "code", r"puny::detail::ucd::|puny::detail::utf8|puny::unicode"),
    ("IDNA code (pipeline, map, validate, emit)", "code", r"puny::idna::"),
    ("other puny code and data", "code", r"puny"),
]
empty = set()
for line in open(work + "/empty.nm"):
    f = line.split(None, 3)
    if len(f) == 4:
        empty.add(f[3].strip())
sums = {label: 0 for label, _, _ in PARTS}
runtime = 0
for line in open(work + "/prog.nm"):
    f = line.split(None, 3)
    if len(f) < 4 or f[2] in "bBU":
        continue  # bss is neither text nor data; U is undefined
    size, name = int(f[1], 16), f[3].strip()
    for label, _, pattern in PARTS:
        if re.search(pattern, name):
            sums[label] += size
            break
    else:
        if name not in empty:
            runtime += size  # C++ runtime and libc the empty program does not link
named = sum(sums.values()) + runtime
print("puny size (bench/size.sh) at %s, %s: %s (installed, build type %s); program -O3 "
      "-ffunction-sections -fdata-sections, static, -Wl,--gc-sections -s" % (rev, compiler, lib, build_type))
print()
print("to_ascii/to_unicode-only program grows by %d B (%.1f KB) text + data" % (growth, growth / 1024))
print()
print("| part | kind | bytes |")
print("|---|---|---|")
for label, kind, _ in PARTS:
    if sums[label] or kind == "display":  # display: 0 says it is not linked
        print("| %s | %s | %d |" % (label, kind, sums[label]))
kinds = {}
for label, kind, _ in PARTS:
    kinds[kind] = kinds.get(kind, 0) + sums[label]
print("| C++ runtime and libc the empty program does not link | runtime | %d |" % runtime)
print("| unwind tables, alignment, other sections (growth - the above) | other | %d |" % (growth - named))
print("| **total growth** | | **%d** |" % growth)
print()
print("by kind: " + ", ".join("%s %.1f KB" % (k, v / 1024) for k, v in kinds.items()))
if limit:
    if growth > int(limit):
        print("bench/size.sh: FAILED: the to_ascii/to_unicode-only program grows by %d B, over "
              "the limit of %s B (%.1f KB; bench/README.md, \"Size\")"
              % (growth, limit, int(limit) / 1024), file=sys.stderr)
        sys.exit(1)
    print("within the limit of %s B (%.1f KB)" % (limit, int(limit) / 1024))
PY
