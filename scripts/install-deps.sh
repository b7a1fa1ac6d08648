#!/usr/bin/env bash
# Installs what building and testing puny needs on Debian 12 (bookworm).
# Runs apt-get directly as root, through sudo otherwise.
set -euo pipefail
packages=(
  cmake g++ make pkg-config python3
  libgtest-dev libgmock-dev        # unit and conformance tests
  libcli11-dev nlohmann-json3-dev  # command-line parsing and JSON output
  libicu-dev libidn2-dev           # reference peers for the differential tests
  python3-dev python3-venv python3-pybind11 python3-pytest  # the Python package and its tests
  python3-mypy                     # the Python package's types: mypy --strict and stubtest (ctest python.typing, python.stubtest)
  python3-idna                     # peer in the Python benchmark (surfaces/python/bench)
  python3-requests python3-email-validator  # puny.idna's consumers (ctest python.idna_consumers); puny.email is compared with email-validator
  python3-psycopg2                 # the PostgreSQL encodings matrix (ctest postgres.encodings)
  python3-dnspython python3-urllib3 python3-httpx  # more of them (ctest python.idna_consumer_tests_*)
  ca-certificates curl             # fetches idna's test suite (below)
  python3-jsonschema json-schema-test-suite  # puny.formats in jsonschema's FormatChecker on the suite's format files
  postgresql-15 postgresql-server-dev-15  # the PostgreSQL extension (surfaces/postgres/) and its tests
  python3-dask python3-distributed python3-pandas  # puny.dask and its cluster tests (tests/scale, label dask)
  man-db groff-base bash-completion zsh  # puny(1) and shell completions are tested
  publicsuffix                     # the Public Suffix List file puny display reads by default
  # The libidn2-compatible library's tests (surfaces/idn2/tests): libidn2's
  # suite needs libunistring's headers; real programs run on the library.
  libunistring-dev idn2 curl psl
  iputils-ping util-linux valgrind binutils  # ping, unshare (private /etc/hosts), the dlopen leak check, readelf
  dnstwist                         # permutations for puny hunt's recall test (ctest cli.HuntRecall)
  wamerican-small                  # puny hunt's common words (src/hunt/words_table.cpp, ctest Hunt.words_table)
  strace                           # which threads read and write with --jobs (ctest cli.JobsSharedIo)
)
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi

# install_missing [apt-get options...] -- PACKAGE...: installs those not installed yet.
install_missing() {
  local options=() missing=() p
  while [ "$1" != "--" ]; do options+=("$1"); shift; done
  shift
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq "${options[@]}" "${missing[@]}"
  fi
}
install_missing -- "${packages[@]}"

# WebAssembly build, npm package tests and the browser test of the page (surfaces/js/,
# surfaces/js/web/): Debian's emscripten, terser (minifies the entry files), chromium,
# punycode.js (a test peer) and tsc, and a CJK font for the page's screenshots.
# Without recommends, which would pull in a desktop.
# firefox-esr: the second browser of wasm.browsers (issue 51).
wasm_packages=(emscripten terser chromium firefox-esr node-punycode node-typescript fonts-droid-fallback)
install_missing --no-install-recommends -- "${wasm_packages[@]}"
# axe-core (npm, pinned) for the page's accessibility check (ctest
# wasm.browser.keyboard), into a cache outside the repository; npm from
# Debian where the installed node has none.
command -v npm >/dev/null || install_missing --no-install-recommends -- npm
"$(dirname "$0")/../surfaces/js/browser/install-axe.sh" >/dev/null ||
  echo "install-deps.sh: axe-core not installed; ctest wasm.browser.keyboard will fail until it is" >&2
# The bundlers of wasm.bundlers / wasm.browsers (esbuild, webpack, rollup,
# browserify at the versions of surfaces/js/test/matrix/package.json), from
# the npm registry into ~/.cache/puny/js-matrix-tools; a failure is reported
# here and makes those tests fail (they install again on their first run).
"$(dirname "$0")/../surfaces/js/test/matrix/install-tools.sh" >/dev/null ||
  echo "install-deps.sh: the JavaScript bundlers were not installed; ctest wasm.bundlers will fail" >&2
# Bun (the npm package `bun`, pinned in surfaces/js/test/bun/package.json) for
# ctest wasm.bun, into ~/.cache/puny/js-bun the same way.
"$(dirname "$0")/../surfaces/js/test/bun/install-bun.sh" >/dev/null ||
  echo "install-deps.sh: bun was not installed; ctest wasm.bun will fail" >&2

# idna's own test suite (ctest python.idna_suite runs it against puny.idna):
# tests/ of Debian's source tarball of python-idna 3.10 (trixie's; the
# archive no longer serves bookworm's python-idna_3.3.orig.tar.gz, and
# 3.10's tests/ fail on puny.idna in exactly the same 56 lines), unpacked
# into a cache outside the repository.  The sha256 is the one the archive's
# python-idna_3.10-1.dsc lists.  A failed download is reported here and makes
# python.idna_suite fail (it never skips).
idna_cache="${PUNY_CACHE:-${HOME:-/root}/.cache/puny}/idna-3.10"
idna_tarball=python-idna_3.10.orig.tar.xz
idna_sha256=03af80a86108713070c5b404a22864a5164d7f693c7f7504c2dc839533a184ad
if [ ! -f "$idna_cache/tests/IdnaTestV2.txt" ]; then
  mkdir -p "$idna_cache"
  if curl -fsSL -o "$idna_cache/$idna_tarball" \
       "http://deb.debian.org/debian/pool/main/p/python-idna/$idna_tarball" &&
     echo "$idna_sha256  $idna_cache/$idna_tarball" | sha256sum -c --quiet -; then
    tar -xJf "$idna_cache/$idna_tarball" -C "$idna_cache" --strip-components=1 python-idna-3.10/tests
  else
    echo "install-deps.sh: could not fetch $idna_tarball (sha256 $idna_sha256) into $idna_cache;" \
         "ctest python.idna_suite will fail until $idna_cache/tests holds idna 3.10's tests/" >&2
  fi
fi
# libidn2 2.3.3's own test suite, from Debian's archive into ../.cache (not
# the repository), run against surfaces/idn2 by ctest.
"$(dirname "$0")/fetch-libidn2-tests.sh"
