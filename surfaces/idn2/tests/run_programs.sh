#!/usr/bin/env bash
# Runs unmodified Debian programs with the loader pointed at our
# libidn2.so.0 (LD_LIBRARY_PATH) and checks, for each, that our library was
# the one loaded (LD_DEBUG=libs) and that the program's answer is right:
#   idn2     the names of idn2-tool-cases.txt, against the system libidn2
#   curl     http://bücher.example:PORT/ reaches a local server whose Host
#            header must be xn--bcher-kva.example:PORT
#   psl      the Public Suffix List answers for IDN names
#   glibc    getaddrinfo with AI_IDN (glibc loads libidn2 itself)
#   getent, ping  the canonical name of an /etc/hosts entry (a private
#            mount namespace's hosts file) shown through idn2_to_unicode:
#            an xn-- label that is no A-label stays as it is
# usage: run_programs.sh LIBDIR SOURCE_DIR WORK_DIR GETADDRINFO_PROGRAM
set -uo pipefail
lib=$1 src=$2 work=$3 gai=$4
export LC_ALL=C.UTF-8  # the _l* functions convert from the locale's charset
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# loaded PROGRAM ARGS...: our library is the libidn2 the program initialised.
loaded() {
  local log
  log=$(LD_LIBRARY_PATH=$lib LD_DEBUG=libs "$@" 2>&1 >/dev/null)
  grep -q "calling init: $lib/libidn2.so.0" <<<"$log" || fail "$1 did not load $lib/libidn2.so.0"
}

# ---- idn2 ----
if ! command -v idn2 >/dev/null; then fail "idn2 is not installed (package idn2)"; else
  loaded idn2 bücher.example
  n=0
  while IFS='|' read -r opts name expect; do
    case "$opts" in \#*) continue ;; esac
    [ -n "$name" ] || continue
    n=$((n + 1))
    # shellcheck disable=SC2086
    sys=$(idn2 $opts -- "$name" 2>/dev/null) && sys_ok=1 || sys_ok=0
    # shellcheck disable=SC2086
    ours=$(LD_LIBRARY_PATH=$lib idn2 $opts -- "$name" 2>/dev/null) && ours_ok=1 || ours_ok=0
    # Error messages are our own words: two errors count as the same answer.
    if [ $sys_ok = 1 ] || [ $ours_ok = 1 ]; then
      [ "$sys_ok:$sys" = "$ours_ok:$ours" ] && same=1 || same=0
    else
      same=1
    fi
    if [ "$expect" = same ] && [ $same = 0 ]; then
      fail "idn2 $opts '$name': system '$sys' ($sys_ok), ours '$ours' ($ours_ok)"
    elif [ "$expect" != same ] && [ $same = 1 ]; then
      fail "idn2 $opts '$name': documented difference $expect did not happen (both '$ours')"
    elif [ "$expect" != same ] && ! grep -q "\*\*$expect\*\*" "$src/../README.md"; then
      fail "idn2 '$name': difference $expect is not in README.md"
    fi
  done < "$src/idn2-tool-cases.txt"
  echo "idn2: $n names compared"
fi

# ---- curl ----
if ! command -v curl >/dev/null; then fail "curl is not installed"; else
  hostfile=$work/curl-host.txt
  rm -f "$hostfile"
  coproc SERVER { python3 "$src/host_server.py" "$hostfile"; }
  read -r port <&"${SERVER[0]}"
  body=$(LD_LIBRARY_PATH=$lib curl -sS --max-time 20 --noproxy '*' \
           --resolve "xn--bcher-kva.example:$port:127.0.0.1" "http://bücher.example:$port/")
  wait "$SERVER_PID" 2>/dev/null
  host=$(cat "$hostfile" 2>/dev/null)
  [ "$body" = ok ] || fail "curl: body '$body'"
  [ "$host" = "xn--bcher-kva.example:$port" ] || fail "curl: the server saw Host '$host'"
  echo "curl: Host $host"
  loaded curl --version
fi

# ---- psl ----
if ! command -v psl >/dev/null; then fail "psl is not installed (package psl)"; else
  # 公司.cn (xn--55qx5d.cn) is an ICANN suffix of the Public Suffix List.
  out=$(LD_LIBRARY_PATH=$lib psl --print-reg-domain 'www.bücher.公司.cn' 'www.example.公司.cn')
  [ "$out" = $'www.bücher.公司.cn: bücher.公司.cn\nwww.example.公司.cn: example.公司.cn' ] ||
    fail "psl --print-reg-domain: '$out'"
  out=$(LD_LIBRARY_PATH=$lib psl --is-public-suffix '公司.cn' 'bücher.公司.cn')
  [ "$out" = $'公司.cn: 1\nbücher.公司.cn: 0' ] || fail "psl --is-public-suffix: '$out'"
  echo "psl: answered"
  log=$(LD_LIBRARY_PATH=$lib LD_DEBUG=bindings psl '公司.cn' 2>&1 >/dev/null)
  grep -q "to $lib/libidn2.so.0 .*idn2_lookup_u8" <<<"$log" ||
    fail "psl did not bind idn2_lookup_u8 to our library"
fi

# ---- glibc getaddrinfo(AI_IDN) ----
# The files backend answers "localhost" (/etc/hosts), so a name that only
# IDNA processing turns into it proves the conversion: fullwidth letters map
# to ASCII (UTS #46).  A name IDNA rejects (ZWJ, RFC 5892 CONTEXTJ) is
# EAI_IDN_ENCODE.  (nss_wrapper replaces getaddrinfo without AI_IDN, so a
# test hosts file cannot be used.)
out=$(LD_LIBRARY_PATH=$lib "$gai" 'ｌｏｃａｌｈｏｓｔ' 'LOCALHOST' 'a‍.example')
expected=$'ｌｏｃａｌｈｏｓｔ: 127.0.0.1 localhost\nLOCALHOST: 127.0.0.1 localhost\na‍.example: error -105 Parameter string not correctly encoded'
[ "$out" = "$expected" ] || fail "getaddrinfo: '$out'"
echo "getaddrinfo: answered"
loaded "$gai" 'ｌｏｃａｌｈｏｓｔ'

# ---- getent ahosts, ping: names from /etc/hosts shown as Unicode ----
# Both ask getaddrinfo for AI_CANONIDN, so glibc passes the canonical name
# to idn2_to_unicode_lzlz.  A hosts file bind-mounted over /etc/hosts in a
# private mount namespace (unshare -m; -rm without root) gives names no DNS
# server is needed for.  xn--paypal-.example is no A-label (it decodes to
# ASCII only): shown as "paypal.example" it would be another name.
hosts=$work/hosts.test
printf '127.0.0.1 xn--paypal-.example\n127.0.0.1 xn--bcher-kva.example\n127.0.0.1 localhost\n' >"$hosts"
userns=-m
[ "$(id -u)" = 0 ] || userns=-rm
# in_hosts_namespace COMMAND: COMMAND (sh -c) with our library and the test hosts file.
in_hosts_namespace() {
  unshare $userns sh -c "mount --bind '$hosts' /etc/hosts && LD_LIBRARY_PATH='$lib' $1" 2>&1
}
if ! unshare $userns sh -c "mount --bind '$hosts' /etc/hosts" 2>/dev/null; then
  fail "cannot bind-mount a hosts file in a private mount namespace (unshare $userns)"
else
  for name in xn--paypal-.example xn--bcher-kva.example; do
    case $name in xn--paypal-.example) shown=xn--paypal-.example ;; *) shown=bücher.example ;; esac
    out=$(in_hosts_namespace "getent ahosts $name" | head -1)
    [ "$out" = "127.0.0.1       STREAM $shown" ] || fail "getent ahosts $name: '$out', expected the canonical name $shown"
    if ! command -v ping >/dev/null; then fail "ping is not installed (package iputils-ping)"; else
      out=$(in_hosts_namespace "ping -c 1 -W 2 $name" | head -1)
      [ "$out" = "PING $shown (127.0.0.1) 56(84) bytes of data." ] || fail "ping $name: '$out', expected PING $shown"
    fi
  done
  out=$(in_hosts_namespace "LD_DEBUG=libs ping -c 1 -W 2 xn--bcher-kva.example" | grep -c "calling init: $lib/libidn2.so.0")
  [ "$out" = 1 ] || fail "ping did not load $lib/libidn2.so.0 (setuid or setcap for this user? see ../README.md)"
  echo "getent, ping: answered"
fi

echo "$failures failures"
[ "$failures" = 0 ]
