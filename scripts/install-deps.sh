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
  python3-idna                     # peer in the Python benchmark (surfaces/python/bench)
  postgresql-15 postgresql-server-dev-15  # the PostgreSQL extension (surfaces/postgres/) and its tests
  man-db groff-base bash-completion zsh  # puny(1) and shell completions are tested
  publicsuffix                     # the Public Suffix List file puny display reads by default
  # The libidn2-compatible library's tests (surfaces/idn2/tests): libidn2's
  # suite needs libunistring's headers; real programs run on the library.
  libunistring-dev idn2 curl psl
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
wasm_packages=(emscripten terser chromium node-punycode node-typescript fonts-droid-fallback)
install_missing --no-install-recommends -- "${wasm_packages[@]}"

# libidn2 2.3.3's own test suite, from Debian's archive into ../.cache (not
# the repository), run against surfaces/idn2 by ctest.
"$(dirname "$0")/fetch-libidn2-tests.sh"
