#!/usr/bin/env bash
# The DuckDB extension's one file (issue 50): Debian's Public Suffix List at
# a path fixed when the library is built, the only file the extension reads.
# No SQL names a file (no setting, no path argument), so the test changes
# what is at that path instead: in a private mount namespace (unshare -m;
# the machine's file is never touched) it puts a FIFO, a device, a malformed
# file, an oversized file or nothing there and runs psl-probe.mjs, which
# loads the extension into a fresh DuckDB and asks idna_display_check and
# hunt_matches.  Expected: the real list is used; a missing one means the
# last two labels; anything else at the path is an error naming the file
# (and the line, never its text), at once: a probe that takes 30 s has
# blocked.  ctest runs it as duckdb.trust (label duckdb).
#
#   surfaces/duckdb/test/trust.sh OUT_DIR    # OUT_DIR: what surfaces/duckdb/build.sh made
#
# Exit status 77 (skipped, loudly) when the extension was not built, as
# run.sh; without root, unshare or mount the test fails: it cannot check.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(cd "${1:?usage: trust.sh OUT_DIR}" 2> /dev/null && pwd || true)"
if [ -z "$out" ] || [ ! -f "$out/puny.duckdb_extension" ] || [ ! -d "$out/node/node_modules/@duckdb/node-api" ]; then
  echo "########################################################################" >&2
  echo "## SKIPPED: no extension in ${1} (duckdb.build was skipped or failed)." >&2
  echo "########################################################################" >&2
  exit 77
fi
die() { echo "duckdb.trust: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "needs root for a private mount namespace (unshare -m, mount --bind)"
for tool in unshare mount node timeout mkfifo truncate; do
  command -v "$tool" > /dev/null || die "$tool not found"
done
psl=/usr/share/publicsuffix/public_suffix_list.dat
[ -f "$psl" ] || die "$psl is not installed (Debian's publicsuffix package): the baseline needs it"
unshare -m --propagation private true || die "unshare -m does not work here"

work="$(mktemp -d /tmp/puny-duckdb-trust.XXXXXX)"
trap 'rm -rf "$work"' EXIT
mkfifo "$work/fifo"
printf 'uk\nco.uk\n*.secret-token-4711.*\n' > "$work/malformed.dat"
truncate -s $((16 * 1024 * 1024 + 1)) "$work/big.dat"

# probe SOURCE: psl-probe.mjs's JSON line with SOURCE bound over the list
# ('' = the real file, 'none' = an empty directory over its folder).
probe() {
  unshare -m --propagation private bash -c '
    case "$1" in
      "") ;;
      none) mount -t tmpfs none "$(dirname "$2")" || exit 3 ;;
      *) mount --bind "$1" "$2" || exit 3 ;;
    esac
    PUNY_DUCKDB_DIR="$4" exec timeout 30 node "$3"' probe "$1" "$psl" "$here/psl-probe.mjs" "$out" 2>&1 || echo "exit status $?"
}

failed=0 passed=0
# expect NAME OUTPUT MUST_HOLD [MUST_NOT_HOLD]: grep -E patterns.
expect() {
  if ! grep -Eq -- "$3" <<< "$2"; then
    echo "FAIL $1: wanted /$3/, got: $(head -c 600 <<< "$2")"
    failed=$((failed + 1))
  elif [ -n "${4:-}" ] && grep -Eq -- "$4" <<< "$2"; then
    echo "FAIL $1: output holds /$4/: $(head -c 600 <<< "$2")"
    failed=$((failed + 1))
  else
    echo "PASS $1"
    passed=$((passed + 1))
  fi
}

got="$(probe '')"
expect installed_list_used "$got" '"display":\{"value":"example\.co\.uk"\},"hunt":\{"value":[1-9]'
expect no_setting_names_a_file "$got" '"settings":\[\]'
got="$(probe none)"
expect missing_list_last_two_labels "$got" '"display":\{"value":"co\.uk"\}' 'error'
got="$(probe "$work/fifo")"
expect fifo_refused "$got" \
  "\"display\":\\{\"error\":\"Invalid Input Error: idna_display_check: the Public Suffix List $psl: is a FIFO \\(a named pipe\\), not a regular file\"\\},\"hunt\":\\{\"error\":\"Invalid Input Error: hunt_matches: [^\"]* is a FIFO"
got="$(probe /dev/null)"
expect device_refused "$got" "\"error\":\"Invalid Input Error: idna_display_check: the Public Suffix List $psl: is a character device, not a regular file\""
got="$(probe "$work/malformed.dat")"
expect malformed_names_line_not_text "$got" "\"error\":\"Invalid Input Error: idna_display_check: the Public Suffix List $psl, line 3: not a valid rule \\(list_syntax\\)\"" 'secret-token'
got="$(probe "$work/big.dat")"
expect size_limit "$got" "\"error\":\"Invalid Input Error: idna_display_check: the Public Suffix List $psl: is larger than the 16777216 bytes a list file may hold\""

echo "duckdb.trust: $passed passed, $failed failed"
[ $failed -eq 0 ]
