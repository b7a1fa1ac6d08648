#!/usr/bin/env bash
# Builds the artifacts people install into dist/ (issue 55), and with --test
# proves that each one installs and works on its own (tests/packaging/).
#
#   scripts/release.sh [--test] [--dist DIR] [--build DIR] [ARTIFACT...]
#
# ARTIFACT (default: all of them, in this order):
#   source  dist/puny-VERSION.tar.gz: `git archive` of HEAD (the Unicode
#           tables are committed, nothing is generated or fetched at build
#           time); builds the library and the CLI with cmake, a C++17
#           compiler, libcli11-dev and nlohmann-json3-dev
#   deb     dist/deb/*.deb: `dpkg-buildpackage -us -uc -b` run in the source
#           tarball unpacked (so the packages build from what the tarball
#           holds), then lintian (errors fail, warnings are listed in
#           debian/README)
#   python  dist/python/: the sdist (puny-VERSION.tar.gz: the package and the
#           core it builds) and a wheel built from the unpacked sdist (`python3 -m build --no-isolation`,
#           offline)
#   npm     dist/npm/puny-VERSION.tgz: `npm pack` of the npm package built by
#           surfaces/js/build.sh (emscripten) into BUILD/wasm
#
# --test    after building, run tests/packaging/ARTIFACT_test.sh on each:
#           source: unpack in a scratch folder, build without network
#           (unshare -n), run `puny to-ascii bücher.de`; deb: install into a
#           clean Debian 12 root made by mmdebstrap from Debian's archive and
#           use every package there; python: the sdist and the wheel into
#           fresh venvs; npm: the tarball into a fresh project, ESM and
#           CommonJS (docs/building.md, "Packages").
# --dist    where the artifacts go (default: dist/ of the checkout)
# --build   the CMake build folder the npm package comes from (default: build)
#
# Each artifact's own tools are checked first; a missing one stops the run
# with its Debian package named (they are not in scripts/install-deps.sh:
# CI's default run does not build packages).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dist="$repo/dist"
build="$repo/build"
test=0
artifacts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --test) test=1 ;;
    --dist) dist="$(realpath -m "$2")"; shift ;;
    --build) build="$(realpath -m "$2")"; shift ;;
    source|deb|python|npm) artifacts+=("$1") ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "release.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ ${#artifacts[@]} -gt 0 ] || artifacts=(source deb python npm)

version="$(sed -n 's/^project(puny VERSION \([0-9.]*\).*/\1/p' "$repo/CMakeLists.txt")"
[ -n "$version" ] || { echo "release.sh: no version in $repo/CMakeLists.txt's project()" >&2; exit 1; }
mkdir -p "$dist"

say() { printf '\n=== release.sh: %s\n' "$*" >&2; }
die() { printf 'release.sh: FAILED: %s\n' "$*" >&2; exit 1; }

# need ARTIFACT COMMAND:DEBIAN_PACKAGE...: stops, naming every missing one.
need() {
  local what="$1" missing=() item
  shift
  for item in "$@"; do
    command -v "${item%%:*}" >/dev/null 2>&1 || missing+=("${item%%:*} (Debian package ${item#*:})")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    printf 'release.sh: MISSING TOOLS for %s: %s\n' "$what" "${missing[*]}" >&2
    printf 'release.sh: install them with apt-get install %s\n' \
      "$(for item in "$@"; do command -v "${item%%:*}" >/dev/null 2>&1 || printf '%s ' "${item#*:}"; done)" >&2
    exit 3
  fi
}

source_tarball="$dist/puny-$version.tar.gz"
source_built=0

build_source() {
  need source git:git gzip:gzip
  if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    echo "release.sh: warning: the work tree has uncommitted changes; the tarball is HEAD without them" >&2
  fi
  say "source tarball $source_tarball (git archive of $(git -C "$repo" rev-parse --short HEAD))"
  git -C "$repo" archive --format=tar --prefix="puny-$version/" HEAD | gzip -n -9 > "$source_tarball.tmp"
  mv "$source_tarball.tmp" "$source_tarball"
  source_built=1
}

build_deb() {
  need deb dpkg-buildpackage:dpkg-dev dh:debhelper lintian:lintian fakeroot:fakeroot \
       cmake:cmake g++:g++ /usr/lib/postgresql/15/bin/pg_config:postgresql-server-dev-15
  # (From this HEAD's tarball, never a stale one left in DIST.)
  [ "$source_built" = 1 ] || build_source
  local work
  work="$(mktemp -d "${TMPDIR:-/tmp}/puny-deb-XXXXXX")"
  say "Debian packages from $source_tarball in $work"
  tar -xzf "$source_tarball" -C "$work"
  (cd "$work/puny-$version" &&
     DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-parallel=${PUNY_JOBS:-2}}" dpkg-buildpackage -us -uc -b) || die "dpkg-buildpackage (in $work/puny-$version)"
  rm -rf "$dist/deb"
  mkdir -p "$dist/deb"
  mv "$work"/*.deb "$work"/*.changes "$work"/*.buildinfo "$dist/deb/"
  rm -rf "$work"
  say "lintian $dist/deb/*.changes"
  # Errors fail; warnings are printed (debian/README justifies each).
  lintian --fail-on error --profile debian "$dist"/deb/*.changes | tee "$dist/deb/lintian.txt" >&2 ||
    die "lintian reported errors ($dist/deb/lintian.txt)"
}

build_python() {
  # Debian's interpreter and tools (not a python3 of another origin on PATH).
  local python="${PUNY_PYTHON:-/usr/bin/python3}"
  need python "$python:python3" cmake:cmake g++:g++
  (cd / && "$python" -c 'import build, pybind11') 2>/dev/null ||
    { echo "release.sh: MISSING TOOLS for python: $python's modules build and pybind11 (Debian packages python3-build python3-pybind11)" >&2; exit 3; }
  say "Python sdist and wheel in $dist/python"
  rm -rf "$dist/python"
  mkdir -p "$dist/python"
  # (sdist first, then the wheel from the unpacked sdist: the sdist is proved buildable)
  (cd / && "$python" -m build --no-isolation --outdir "$dist/python" "$repo/surfaces/python") >&2 ||
    die "$python -m build (surfaces/python)"
}

build_npm() {
  need npm npm:npm node:nodejs
  if [ ! -f "$build/wasm/package/package.json" ]; then
    need npm emcmake:emscripten
    say "npm package: surfaces/js/build.sh $build/wasm"
    "$repo/surfaces/js/build.sh" "$build/wasm" >&2 || die "surfaces/js/build.sh $build/wasm"
  fi
  say "npm pack $build/wasm/package"
  rm -rf "$dist/npm"
  mkdir -p "$dist/npm"
  (cd "$dist/npm" && npm pack --silent "$build/wasm/package" >/dev/null) || die "npm pack $build/wasm/package"
}

for a in "${artifacts[@]}"; do "build_$a"; done

if [ "$test" = 1 ]; then
  failed=()
  for a in "${artifacts[@]}"; do
    say "install test: tests/packaging/${a}_test.sh"
    if "$repo/tests/packaging/${a}_test.sh" "$dist" "$version"; then
      say "install test $a: PASSED"
    else
      say "install test $a: FAILED"
      failed+=("$a")
    fi
  done
  [ ${#failed[@]} -eq 0 ] || die "install tests failed: ${failed[*]}"
fi
say "artifacts in $dist:"
(cd "$dist" && find . -maxdepth 2 -type f \( -name '*.tar.gz' -o -name '*.tgz' -o -name '*.deb' -o -name '*.whl' \) -printf '%s\t%p\n' | sort -k2) >&2
