#!/usr/bin/env bash
# The library's ELF interface is libidn2.so.0's: soname libidn2.so.0 and
# exactly the dynamic symbols and versions of Debian's libidn2 2.3.3
# (abi-symbols.txt, from objdump -T of the system library).
#   check_abi.sh LIBRARY ABI_SYMBOLS_TXT
set -euo pipefail
lib=$1 expected=$2
soname=$(objdump -p "$lib" | awk '/SONAME/ {print $2}')
[ "$soname" = libidn2.so.0 ] || { echo "soname '$soname', expected libidn2.so.0"; exit 1; }
if ! diff <(grep -v '^#' "$expected") <(objdump -T "$lib" | awk '/DF|DO/ && !/UND/ {print $NF, $(NF-1)}' | sort); then
  echo "dynamic symbols differ from $expected (< expected, > ours)"
  exit 1
fi
echo "soname and $(grep -vc '^#' "$expected") versioned symbols as libidn2 2.3.3"
