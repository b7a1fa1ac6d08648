#!/usr/bin/env bash
# Loading and unloading the library loses no memory: dlopen_loop loads
# LIBRARY 20 times (a conversion in a thread each time, so that it is really
# unloaded) under valgrind, which fails the run on memory definitely lost.
# A statically linked libstdc++ lost its 72,704-byte emergency exception
# pool at every unload.
# usage: check_dlopen.sh LIBRARY DLOPEN_LOOP_PROGRAM
set -uo pipefail
lib=$1 loop=$2
command -v valgrind >/dev/null || { echo "FAIL: valgrind is not installed (package valgrind)"; exit 1; }
log=$(valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=3 \
        "$loop" "$lib" 20 2>&1)
rc=$?
grep -E "definitely lost|ERROR SUMMARY" <<<"$log"
case $rc in
  0) echo "20 loads of $lib: nothing definitely lost" ;;
  3) echo "FAIL: 20 loads of $lib lose memory:"; grep -A12 "definitely lost in loss record" <<<"$log"; exit 1 ;;
  *) echo "FAIL: $loop $lib exited $rc:"; tail -20 <<<"$log"; exit 1 ;;
esac
