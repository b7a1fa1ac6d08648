#!/usr/bin/env bash
# Fetches libidn2 2.3.3's source (Debian's orig tarball) into a cache outside
# the repository, for the ctest run of libidn2's own test suite against
# puny's libidn2-compatible library (surfaces/idn2/tests/).  CI reaches only
# Debian's archive, so the tarball comes from deb.debian.org; its sha256 is
# checked before it is unpacked.
#   scripts/fetch-libidn2-tests.sh [CACHE_DIR]   (default: <repo>/../.cache)
# CMake looks for CACHE_DIR/libidn2-2.3.3 (PUNY_LIBIDN2_SOURCE_DIR).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${1:-${PUNY_CACHE_DIR:-$repo/../.cache}}
name=libidn2_2.3.3.orig.tar.gz
url=http://deb.debian.org/debian/pool/main/libi/libidn2/$name
sha256=f3ac987522c00d33d44b323cae424e2cffcb4c63c6aa6cd1376edacbf1c36eb0
mkdir -p "$cache"
cd "$cache"
if [ -f libidn2-2.3.3/tests/test-lookup.c ] && [ -f "$name" ] &&
   echo "$sha256  $name" | sha256sum -c --status; then
  exit 0
fi
if ! [ -f "$name" ] || ! echo "$sha256  $name" | sha256sum -c --status; then
  rm -f "$name.part"
  curl -fsS --retry 3 -o "$name.part" "$url"
  echo "$sha256  $name.part" | sha256sum -c --status || {
    echo "fetch-libidn2-tests.sh: $url: sha256 mismatch" >&2
    rm -f "$name.part"
    exit 1
  }
  mv "$name.part" "$name"
fi
rm -rf libidn2-2.3.3
tar xzf "$name"
echo "libidn2 2.3.3 source in $cache/libidn2-2.3.3"
