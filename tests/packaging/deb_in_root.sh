#!/usr/bin/env bash
# Runs inside the clean root that deb_test.sh makes, as root, with no
# network: uses each installed package the way its user would.
set -euo pipefail
fail() { echo "deb_in_root.sh: FAILED: $*" >&2; exit 1; }
ok() { echo "deb_in_root.sh: ok: $*"; }
expect() {  # expect WHAT EXPECTED ACTUAL
  [ "$2" = "$3" ] || fail "$1: got '$3', expected '$2'"
  ok "$1 -> $3"
}
export LC_ALL=C.UTF-8
cd /tmp

# puny: the CLI, its manual page and completions.
expect "puny to-ascii bücher.de" xn--bcher-kva.de "$(puny to-ascii bücher.de)"
for f in /usr/share/man/man1/puny.1.gz /usr/share/bash-completion/completions/puny \
         /usr/share/zsh/vendor-completions/_puny; do
  [ -f "$f" ] || fail "puny installed no $f"
done
ok "man page and completions installed"

# libpuny-dev: a C program through pkg-config (tests/install/consumer/main.c).
flags="$(pkg-config --cflags --libs puny)" || fail "pkg-config --cflags --libs puny"
cc -std=c99 -o consumer main.c $flags || fail "cc main.c $flags"
out="$(./consumer)" || fail "the C consumer exited $?: $out"
case "$out" in "puny C consumer ok: xn--bcher-kva.de invalid_digit "*) ok "C via pkg-config ($flags): $out" ;;
  *) fail "the C consumer printed '$out'" ;; esac
# (Outputs are read whole, then searched: grep -q closing a pipe early
# would fail its writer under pipefail.)
trace="$(ldd ./consumer)"
grep -Eq 'libpuny\.so\.0 => (/usr)?/lib/' <<<"$trace" || fail "the consumer does not load libpuny.so.0 from /usr/lib: $trace"
[ -f "$(ls /usr/lib/*/cmake/puny/puny-config.cmake)" ] || fail "libpuny-dev has no puny-config.cmake"

# python3-puny, from a folder with no checkout.
expect "python3 puny.to_ascii('bücher.de')" xn--bcher-kva.de \
  "$(python3 -c 'import puny; print(puny.to_ascii("bücher.de"))')"
python3 -c 'import puny, sys; sys.exit(0 if puny.__file__.startswith("/usr/lib/python3/dist-packages/") else 1)' ||
  fail "import puny did not load /usr/lib/python3/dist-packages/puny"

# postgresql-15-puny: CREATE EXTENSION on a new cluster (unix socket only).
pgbin=/usr/lib/postgresql/15/bin
install -d -o postgres -g postgres /tmp/pgdata /tmp/pgsock
su postgres -s /bin/sh -c "$pgbin/initdb -D /tmp/pgdata -E UTF8 --locale=C.UTF-8 -A trust" >/tmp/initdb.log 2>&1 ||
  { cat /tmp/initdb.log; fail "initdb"; }
su postgres -s /bin/sh -c "$pgbin/pg_ctl -D /tmp/pgdata -l /tmp/pg.log -w -o \"-c listen_addresses= -k /tmp/pgsock -p 5499 -c dynamic_shared_memory_type=mmap\" start" ||
  { cat /tmp/pg.log; fail "pg_ctl start"; }
sql() { PGCLIENTENCODING=UTF8 psql -X -v ON_ERROR_STOP=1 -h /tmp/pgsock -p 5499 -U postgres -Atc "$1" postgres; }
sql "CREATE EXTENSION puny" >/dev/null || fail "CREATE EXTENSION puny"
expect "SQL idna_to_ascii('bücher.de')" xn--bcher-kva.de "$(sql "SELECT idna_to_ascii('bücher.de')")"
su postgres -s /bin/sh -c "$pgbin/pg_ctl -D /tmp/pgdata -w stop" >/dev/null

# libidn2-0-puny: installed, but the system's libidn2 answers until the opt-in.
triplet="$(gcc -print-multiarch)"
provider="/usr/lib/$triplet/puny-idn2/libidn2.so.0"
[ -f "$provider" ] || fail "libidn2-0-puny installed no $provider"
# (getent ahosts, not ahostsv4: with no network, AI_ADDRCONFIG makes an
# IPv4-only lookup fail before it converts the name.)
echo "127.0.0.2 xn--bcher-kva.de" >> /etc/hosts
loaded() {  # the libidn2.so.0 that PROGRAM... loads (ld.so's trace)
  LD_DEBUG=libs "$@" 2>&1 >/dev/null | sed -n 's/.*calling init: \(.*libidn2\.so\.0\)$/\1/p' | head -1
}
system_lib() {
  for p in "$(loaded idn2 bücher.de)" "$(loaded getent ahosts bücher.de)"; do
    case "$p" in /usr/lib/$triplet/puny-idn2/*|"") fail "system libidn2 expected, loaded '$p' ($1)" ;; esac
  done
  ok "idn2 and getent load the system's libidn2 ($1): $(loaded idn2 bücher.de)"
}
check_answers() {
  expect "idn2 bücher.de ($1)" xn--bcher-kva.de "$(idn2 bücher.de)"
  local answer
  answer="$(getent ahosts bücher.de)" || fail "getent ahosts bücher.de ($1) exited $?"
  grep -q '^127\.0\.0\.2 ' <<<"$answer" || fail "getent ahosts bücher.de ($1): $answer"
  ok "getent ahosts bücher.de -> 127.0.0.2 ($1)"
}
system_lib "before the opt-in"
check_answers "system libidn2"

dpkg -i /tmp/libidn2-0-puny-as-system_*.deb >/tmp/dpkg.log 2>&1 || { cat /tmp/dpkg.log; fail "dpkg -i libidn2-0-puny-as-system"; }
[ "$(loaded idn2 bücher.de)" = "$provider" ] || fail "after the opt-in idn2 loads '$(loaded idn2 bücher.de)', not $provider"
[ "$(loaded getent ahosts bücher.de)" = "$provider" ] || fail "after the opt-in getent loads '$(loaded getent ahosts bücher.de)', not $provider"
ok "after the opt-in idn2 and getent load $provider"
check_answers "puny's libidn2"

dpkg -r libidn2-0-puny-as-system >/tmp/dpkg.log 2>&1 || { cat /tmp/dpkg.log; fail "dpkg -r libidn2-0-puny-as-system"; }
[ ! -e /etc/ld.so.conf.d/00-puny-idn2.conf ] || fail "/etc/ld.so.conf.d/00-puny-idn2.conf is left after the removal"
system_lib "after removing libidn2-0-puny-as-system"
check_answers "system libidn2 again"
echo "deb_in_root.sh: all checks passed"
