#!/usr/bin/env bash
# Install test of the Debian packages (scripts/release.sh deb):
#   tests/packaging/deb_test.sh DIST VERSION
# Makes a clean Debian 12 root with mmdebstrap (root mode; Debian's archive
# is the only network it uses) holding DIST/deb's packages, all but the
# opt-in libidn2-0-puny-as-system, and what the checks need (gcc,
# pkg-config, python3, postgresql-15, idn2); then runs deb_in_root.sh in it
# with no network at all (unshare -n): the CLI, a C program built via
# pkg-config, import puny, CREATE EXTENSION puny, and the libidn2 provider
# before, during and after the opt-in.  Nothing is kept (target /dev/null).
set -euo pipefail
dist="$1" version="$2"
here="$(cd "$(dirname "$0")" && pwd)"
fail() { echo "deb_test.sh: FAILED: $*" >&2; exit 1; }
command -v mmdebstrap >/dev/null || fail "mmdebstrap is not installed (apt-get install mmdebstrap)"
command -v unshare >/dev/null || fail "unshare is not installed (util-linux)"
[ "$(id -u)" -eq 0 ] || fail "run as root (mmdebstrap --mode=root, chroot)"
debs=()
for p in libpuny0 libpuny-dev puny python3-puny postgresql-15-puny libidn2-0-puny; do
  f="$(ls "$dist"/deb/${p}_"$version"_*.deb 2>/dev/null | head -1)"
  [ -n "$f" ] || fail "no $dist/deb/${p}_${version}_*.deb (run scripts/release.sh deb)"
  debs+=("--include=$f")
done
optin="$(ls "$dist"/deb/libidn2-0-puny-as-system_"$version"_*.deb 2>/dev/null | head -1)"
[ -n "$optin" ] || fail "no $dist/deb/libidn2-0-puny-as-system_${version}_*.deb"

log="$(mktemp "${TMPDIR:-/tmp}/puny-deb-test-XXXXXX.log")"
trap 'rm -f "$log"' EXIT
echo "deb_test.sh: mmdebstrap (log: $log) ..."
mmdebstrap --mode=root --variant=apt --verbose \
  --hook-dir=/usr/share/mmdebstrap/hooks/file-mirror-automount \
  --include=gcc,libc6-dev,pkg-config,python3,postgresql-15,idn2,ca-certificates \
  "${debs[@]}" \
  --customize-hook="copy-in $here/deb_in_root.sh $here/../install/consumer/main.c $optin /tmp" \
  --customize-hook='unshare -n -- chroot "$1" bash /tmp/deb_in_root.sh' \
  bookworm /dev/null \
  "deb http://deb.debian.org/debian bookworm main" \
  "deb http://deb.debian.org/debian-security bookworm-security main" >"$log" 2>&1 ||
  { tr -d '\000' <"$log" | tail -60 >&2; fail "mmdebstrap, or deb_in_root.sh inside the root (the log's end above)"; }
# deb_in_root.sh's own lines, in order.
tr -d '\000' <"$log" | grep -a '^deb_in_root\.sh: '
tr -d '\000' <"$log" | grep -aq '^deb_in_root\.sh: all checks passed$' ||
  fail "deb_in_root.sh did not report 'all checks passed'"
echo "deb_test.sh: the packages of $dist/deb installed into a clean Debian 12 root and passed deb_in_root.sh"
