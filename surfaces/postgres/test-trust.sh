#!/usr/bin/env bash
# Trust boundaries of the PostgreSQL extension's list files (issue 50),
# against a real PostgreSQL 15 server, calling as a role that is not a
# superuser (puny_plain).  ctest runs it as postgres.trust (label postgres).
#
#   surfaces/postgres/test-trust.sh [BUILD_DIR]   # BUILD_DIR: configured CMake build (default: build)
#
# What it holds (docs/security.md, "Trust boundaries: PostgreSQL and DuckDB"):
#   - only a superuser (or a role granted SET on the parameter) names a list
#     file: SET and ALTER ROLE by a plain role are refused, and a value a plain
#     role set before the library was loaded is dropped when it loads;
#   - an error names the file and the line, never the line's text;
#   - a FIFO, a device or a directory is refused without blocking, and a file
#     over the size limit before it is read;
#   - a file that changed is read again by the next statement.
# Each case prints PASS or FAIL with what it saw; the exit status is 1 when
# any failed.  Needs what run-tests.sh needs (postgresql-15, its PGXS, root
# or sudo to install); a missing tool is a failure, never a skip.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$src/build}" && pwd)"
# shellcheck source=pg-env.sh
. "$src/surfaces/postgres/pg-env.sh"

puny_pg_tools
for tool in timeout mkfifo truncate; do
  command -v "$tool" >/dev/null || puny_pg_fail "$tool not found (coreutils)"
done
puny_pg_build_install "$src" "$build"
installed="$("$PG_CONFIG" --pkglibdir)/puny.so"
cmp -s "$build/postgres/ext/puny.so" "$installed" ||
  puny_pg_fail "$installed is not the puny.so just built in $build/postgres/ext (another build installed over it?)"
# A bound on the server's address space: a backend reading a device without
# end then fails with out-of-memory instead of taking the machine's memory.
ulimit -v $((1024 * 1024))
puny_pg_start
psql=("$PG_BINDIR/psql" -X -q -d puny_trust)

"$PG_BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE puny_trust" >/dev/null
"${psql[@]}" -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
CREATE EXTENSION puny;
CREATE ROLE puny_plain LOGIN NOSUPERUSER;
SQL
[ "$("${psql[@]}" -U puny_plain -At -c 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user')" = f ] ||
  puny_pg_fail "puny_plain is a superuser; the cases below would prove nothing"

lists="$PUNY_PG_DIR/lists"
mkdir -p "$lists"
chmod 755 "$lists"
hba="$PUNY_PG_DIR/data/pg_hba.conf"
grep -q '^local.*trust' "$hba" || puny_pg_fail "$hba has no 'local ... trust' line to look for"
printf 'google.com\nsecret-token-4711 is here\n' >"$lists/secret.list"
printf 'com\n// comment\n*.secret-token-4711.*\n' >"$lists/secret.dat"
printf 'google.com\n' >"$lists/top.list"
mkfifo "$lists/fifo"
truncate -s $((16 * 1024 * 1024 + 1)) "$lists/big.list"

failed=0 passed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
# plain SQL...: each SQL as its own command of one puny_plain session (an
# error does not stop the next), stdout and stderr together, at most 4 KB.
plain() {
  local commands=() sql
  for sql in "$@"; do commands+=(-c "$sql"); done
  timeout 60 "${psql[@]}" -U puny_plain -v ON_ERROR_STOP=0 "${commands[@]}" 2>&1 | head -c 4096 || true
}
# super SQL: runs SQL as the superuser; an error stops the test.
super() { "${psql[@]}" -v ON_ERROR_STOP=1 -c "$1" >/dev/null; }
# expect NAME OUTPUT MUST_HOLD [MUST_NOT_HOLD]: grep -E patterns.
expect() {
  local name="$1" out="$2" want="$3" refuse="${4:-}"
  if ! grep -Eq -- "$want" <<<"$out"; then
    fail "$name" "wanted /$want/, got: $(tr '\n' ' ' <<<"$out" | head -c 600)"
  elif [ -n "$refuse" ] && grep -Eq -- "$refuse" <<<"$out"; then
    fail "$name" "output holds /$refuse/: $(tr '\n' ' ' <<<"$out" | head -c 600)"
  else
    pass "$name"
  fi
}
# for_plain SETTING VALUE: what a superuser sets for puny_plain's sessions.
for_plain() { super "ALTER ROLE puny_plain SET $1 = '$2'"; }
reset_plain() { super "ALTER ROLE puny_plain RESET ALL"; }

# ---- Who names a file ----
out="$(plain "SELECT idna_skeleton('a') AS loaded" "SET puny.top_domains_file = '$hba'" \
  "SELECT idna_display('bücher.de') AS shown")"
expect set_refused "$out" 'permission denied to set parameter "puny.top_domains_file"' 'trust'
expect set_refused_display "$out" 'bücher\.de' 'trust'
out="$(plain "SET puny.psl_file = '$hba'" "SELECT idna_display('bücher.de') AS shown")"
expect set_before_load_dropped "$out" 'bücher\.de' 'trust|ERROR'
out="$(plain "SELECT idna_skeleton('a') AS loaded" "ALTER ROLE CURRENT_USER SET puny.top_domains_file = '$hba'")"
expect alter_role_refused "$out" 'permission denied to set parameter "puny.top_domains_file"'
out="$(plain "SELECT idna_display('bücher.de') AS shown" "SHOW puny.top_domains_file")"
expect alter_role_not_applied "$out" 'bücher\.de' 'trust|pg_hba'
reset_plain
super "GRANT SET ON PARAMETER puny.top_domains_file TO puny_plain"
out="$(plain "SET puny.top_domains_file = '$lists/top.list'" "SELECT idna_display('googlé.com') AS shown")"
expect grant_set_delegates "$out" 'xn--googl-fsa\.com'
super "REVOKE SET ON PARAMETER puny.top_domains_file FROM puny_plain"

# ---- A plain role hunts: via, reason and hunt_brands (issue 53) ----
out="$(plain "SELECT rule, via, score FROM hunt_matches('paypa1-login.com', ARRAY['paypal.com'])" \
  "SELECT brand, rule, also FROM hunt_brands('paypa1.com', ARRAY['paypal.com'], '', 0)")"
expect plain_hunt_via "$out" 'combo_squatting \| homoglyph +\| +60' 'ERROR'
expect plain_hunt_brands "$out" 'paypal\.com \| homoglyph \| \[\{"rule": "replacement"' 'ERROR'

# ---- Errors name the file and line, never the line ----
for_plain puny.top_domains_file "$lists/secret.list"
out="$(plain "SELECT idna_display('a.com');")"
expect top_error_hides_line "$out" 'secret\.list.*line 2' 'secret-token'
reset_plain
for_plain puny.psl_file "$lists/secret.dat"
out="$(plain "SELECT idna_display('a.com');")"
expect psl_error_hides_line "$out" 'secret\.dat.*line 3' 'secret-token'
out="$(plain "SELECT * FROM hunt_matches('a.com', ARRAY['paypal.com']);")"
expect hunt_psl_error_hides_line "$out" 'secret\.dat.*line 3' 'secret-token'
out="$(plain "SELECT * FROM hunt_brands('a.com', ARRAY['paypal.com']);")"
expect hunt_brands_psl_error_hides_line "$out" 'hunt_brands: .*secret\.dat.*line 3' 'secret-token'
reset_plain

# ---- Only regular files, within the limit, never blocking ----
# blocking NAME SQL WANT: SQL as puny_plain with statement_timeout 2 s; when
# it has not returned after 6 s a superuser cancels it (pg_cancel_backend),
# and after 6 s more it has blocked past both: FAIL, and the test opens the
# FIFO for writing so that the backend can finish.
blocking() {
  local name="$1" sql="$2" want="$3" log="$PUNY_PG_DIR/blocking.out" pid waited=0
  timeout 60 "${psql[@]}" -U puny_plain -c "SET statement_timeout = '2s'; $sql" >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null && [ $waited -lt 12 ]; do
    sleep 1
    waited=$((waited + 1))
    if [ $waited -eq 6 ]; then
      super "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE usename = 'puny_plain'"
    fi
  done
  if kill -0 "$pid" 2>/dev/null; then
    fail "$name" "the backend blocked past statement_timeout 2s and pg_cancel_backend (12 s)"
    exec 3<>"$lists/fifo"   # a writer: the blocked open returns, the read ends at EOF
    exec 3>&-
    wait "$pid" || true
    return
  fi
  wait "$pid" || true
  expect "$name" "$(head -c 4096 "$log")" "$want"
}
for_plain puny.top_domains_file "$lists/fifo"
blocking fifo_refused "SELECT idna_display('a.com');" 'fifo.*is a FIFO, not a regular file'
reset_plain
for_plain puny.psl_file "$lists/fifo"
blocking hunt_fifo_refused "SELECT * FROM hunt_matches('a.com', ARRAY['paypal.com']);" \
  'fifo.*is a FIFO, not a regular file'
blocking hunt_brands_fifo_refused "SELECT * FROM hunt_brands('a.com', ARRAY['paypal.com']);" \
  'hunt_brands: .*fifo.*is a FIFO, not a regular file'
reset_plain
for_plain puny.top_domains_file /dev/zero
blocking device_refused "SELECT idna_display('a.com');" '/dev/zero.*is a character device, not a regular file'
reset_plain
for_plain puny.top_domains_file "$lists"
out="$(plain "SELECT idna_display('a.com');")"
expect directory_refused "$out" 'is a directory'
reset_plain
for_plain puny.top_domains_file "$lists/big.list"
out="$(plain "SELECT idna_display('a.com');")"
expect size_limit "$out" 'big\.list.* 16777217 bytes, over the limit of 16777216'
reset_plain

# ---- A changed file is read again by the next statement ----
# One session: google.com protected (googlé.com shown as its A-label); the
# file rewritten in place with the same size (gaagle.com: googlé.com shown);
# then replaced by another file (rename) of the same size and mtime that
# protects google.com again.
for_plain puny.top_domains_file "$lists/top.list"
out="$(timeout 60 "${psql[@]}" -U puny_plain -At 2>&1 <<SQL
SELECT 'first ' || idna_display('googlé.com');
\\! printf 'gaagle.com\\n' > '$lists/top.list'
SELECT 'in_place ' || idna_display('googlé.com');
\\! printf 'google.com\\n' > '$lists/top.new' && touch -r '$lists/top.list' '$lists/top.new' && mv '$lists/top.new' '$lists/top.list'
SELECT 'renamed ' || idna_display('googlé.com');
SQL
)"
expect reread_first "$out" '^first xn--googl-fsa\.com$'
expect reread_in_place "$out" '^in_place googlé\.com$'
expect reread_renamed "$out" '^renamed xn--googl-fsa\.com$'
reset_plain

echo "postgres.trust: $passed passed, $failed failed"
[ $failed -eq 0 ]
