#!/usr/bin/env bash
# Install test of the source tarball (scripts/release.sh source):
#   tests/packaging/source_test.sh DIST VERSION
# Unpacks DIST/puny-VERSION.tar.gz into a scratch folder (no checkout, no
# ../shared beside it), configures and builds the library and the CLI in a
# network namespace of its own (unshare -n: no network at all), and runs
# `puny to-ascii bücher.de`, which must print xn--bcher-kva.de.
set -euo pipefail
dist="$1" version="$2"
tarball="$dist/puny-$version.tar.gz"
fail() { echo "source_test.sh: FAILED: $*" >&2; exit 1; }
[ -f "$tarball" ] || fail "no $tarball (run scripts/release.sh source)"
for tool in cmake c++ unshare tar; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (needed to test $tarball)"
done
work="$(mktemp -d "${TMPDIR:-/tmp}/puny-source-test-XXXXXX")"
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
src="$work/puny-$version"
[ -f "$src/CMakeLists.txt" ] || fail "$tarball has no puny-$version/CMakeLists.txt"
[ ! -e "$src/.git" ] || fail "$tarball holds a .git"
# Offline: a new network namespace has only a down loopback device.
offline=(unshare -n --)
"${offline[@]}" true 2>/dev/null || fail "unshare -n does not work here (needs root or user namespaces)"
"${offline[@]}" cmake -S "$src" -B "$work/build" -DPUNY_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
  >"$work/configure.log" 2>&1 || { cat "$work/configure.log" >&2; fail "cmake configure of $tarball"; }
"${offline[@]}" cmake --build "$work/build" --target puny_cli -j"${PUNY_JOBS:-2}" \
  >"$work/build.log" 2>&1 || { tail -40 "$work/build.log" >&2; fail "cmake --build of $tarball"; }
out="$("${offline[@]}" "$work/build/cli/puny" to-ascii bücher.de)" || fail "puny to-ascii bücher.de exited $?"
[ "$out" = "xn--bcher-kva.de" ] || fail "puny to-ascii bücher.de printed '$out', expected xn--bcher-kva.de"
echo "source_test.sh: $tarball ($(stat -c %s "$tarball") bytes) builds offline; puny to-ascii bücher.de -> $out"
