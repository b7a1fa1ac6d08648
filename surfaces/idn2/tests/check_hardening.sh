#!/usr/bin/env bash
# The library is built as Debian builds libidn2 (hardening=+all), read back
# from the ELF file as lintian and hardening-check read it:
#   full RELRO     a GNU_RELRO segment and BIND_NOW (FLAGS BIND_NOW or FLAGS_1 NOW)
#   stack protector  __stack_chk_fail imported
#   fortify        some *_chk function imported (hardening-check's test: a
#                  library that imports protectable functions and no
#                  protected one was built without _FORTIFY_SOURCE)
#   C++ runtime    libstdc++.so.6 shared, not inside (a static copy leaks at
#                  dlclose and needed GLIBC_2.36): no GLIBC_2.3x version needed
# usage: check_hardening.sh LIBRARY
set -uo pipefail
lib=$1
failures=0
fail() { echo "FAIL: $lib: $*"; failures=$((failures + 1)); }
command -v readelf >/dev/null || { echo "FAIL: readelf is not installed (binutils)"; exit 1; }

readelf -lW "$lib" | grep -q '^ *GNU_RELRO ' || fail "no GNU_RELRO segment (link with -z relro)"
dynamic=$(readelf -dW "$lib")
grep -Eq '\(FLAGS\).*BIND_NOW|\(FLAGS_1\).*NOW' <<<"$dynamic" || fail "no BIND_NOW (link with -z now): relocations stay writable"
symbols=$(readelf --dyn-syms -W "$lib" | awk '$7 == "UND" {print $8}')
grep -q '^__stack_chk_fail@' <<<"$symbols" || fail "__stack_chk_fail is not imported (compile with -fstack-protector-strong)"
chk=$(grep -c '^__[a-z0-9_]*_chk@' <<<"$symbols")
[ "$chk" -gt 0 ] || fail "no *_chk function imported (compile with -D_FORTIFY_SOURCE and optimization)"
grep -q 'Shared library: \[libstdc++.so.6\]' <<<"$dynamic" || fail "libstdc++.so.6 is not a dependency (the C++ runtime is linked in)"
newest=$(readelf --dyn-syms -W "$lib" | grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2 -n | tail -1)
case $newest in GLIBC_2.3[0-9]) fail "needs $newest (the static C++ runtime's arc4random, _dl_find_object)" ;; esac
[ "$failures" = 0 ] || exit 1
echo "RELRO, BIND_NOW, __stack_chk_fail, $chk *_chk imports, libstdc++.so.6 shared, newest glibc version $newest"
