# Shared by surfaces/postgres/run-tests.sh and surfaces/postgres/bench.sh (sourced, not run):
# builds and installs the extension, and starts a throwaway PostgreSQL 15
# server in a temporary directory that puny_pg_stop removes again.
#
# The server listens only on a Unix socket in that directory (no TCP), so it
# never collides with another server on the machine.  initdb refuses to run
# as root, so as root the server (and pg_regress, which writes beside it) runs
# as the unprivileged user PUNY_PG_USER (default: postgres, created by
# Debian's postgresql-common) through runuser.

PG_CONFIG="${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}"
PUNY_PG_USER="${PUNY_PG_USER:-postgres}"

puny_pg_fail() { echo "postgres: $*" >&2; exit 1; }

# puny_pg_tools: checks that PostgreSQL 15 and its PGXS are installed.
puny_pg_tools() {
  [ -x "$PG_CONFIG" ] ||
    puny_pg_fail "$PG_CONFIG not found: install postgresql-15 and postgresql-server-dev-15 (scripts/install-deps.sh)"
  PG_BINDIR="$("$PG_CONFIG" --bindir)"
  PG_PGXS="$("$PG_CONFIG" --pgxs)"
  [ -f "$PG_PGXS" ] || puny_pg_fail "PGXS makefile $PG_PGXS missing: install postgresql-server-dev-15"
  PG_REGRESS="$(dirname "$PG_PGXS")/../test/regress/pg_regress"
  [ -x "$PG_REGRESS" ] || puny_pg_fail "pg_regress not found at $PG_REGRESS"
  [ -x "$PG_BINDIR/initdb" ] || puny_pg_fail "initdb not found in $PG_BINDIR: install postgresql-15"
  if [ "$(id -u)" -eq 0 ]; then
    id "$PUNY_PG_USER" >/dev/null 2>&1 ||
      puny_pg_fail "running as root needs an unprivileged user for the server; '$PUNY_PG_USER' does not exist (set PUNY_PG_USER)"
    as_server=(runuser -u "$PUNY_PG_USER" --)
  else
    as_server=()
  fi
}

# puny_pg_build_install SOURCE_DIR BUILD_DIR: builds libpuny.a (cmake target
# puny), the extension against it (PGXS, in BUILD_DIR/postgres/ext) and
# installs it into the server's directories (pg_config --pkglibdir and
# --sharedir/extension; with sudo when not root).
puny_pg_build_install() {
  local src="$1" build="$2"
  cmake --build "$build" --target puny -j"${JOBS:-2}" >/dev/null ||
    puny_pg_fail "cmake --build $build --target puny failed (configure $build first)"
  local lib="${PUNY_LIB:-$build/libpuny.a}"
  [ -f "$lib" ] || puny_pg_fail "$lib missing (PUNY_LIB names another path; needs the static library)"
  local ext="$build/postgres/ext"
  mkdir -p "$ext"
  local make_args=(-C "$ext" -f "$src/surfaces/postgres/Makefile" VPATH="$src/surfaces/postgres"
                   PG_CONFIG="$PG_CONFIG" PUNY_SOURCE_DIR="$src" PUNY_BUILD_DIR="$build" PUNY_LIB="$lib")
  make -s "${make_args[@]}" || puny_pg_fail "building the extension failed"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
  "${sudo[@]}" make -s "${make_args[@]}" install >/dev/null ||
    puny_pg_fail "installing into $("$PG_CONFIG" --pkglibdir) failed (needs root or sudo)"
}

# puny_pg_start [postgres -c settings...]: initdb + pg_ctl start in a new
# temporary directory; sets PGHOST, PGPORT, PGDATABASE for psql and arms an
# EXIT trap that stops the server and removes the directory, whatever happens.
puny_pg_start() {
  PUNY_PG_DIR="$(mktemp -d /tmp/puny-pg.XXXXXX)"
  chmod 755 "$PUNY_PG_DIR"
  [ ${#as_server[@]} -eq 0 ] || chown "$PUNY_PG_USER" "$PUNY_PG_DIR"
  trap puny_pg_stop EXIT
  trap 'exit 130' INT TERM   # so that the EXIT trap runs
  export PGHOST="$PUNY_PG_DIR" PGPORT="${PUNY_PG_PORT:-$((50000 + $$ % 10000))}"
  # The superuser initdb creates is the user that ran it.
  if [ ${#as_server[@]} -eq 0 ]; then PGUSER="$(id -un)"; else PGUSER="$PUNY_PG_USER"; fi
  export PGDATABASE=postgres PGUSER
  "${as_server[@]}" "$PG_BINDIR/initdb" -D "$PUNY_PG_DIR/data" -E UTF8 --locale=C.UTF-8 -A trust \
    >"$PUNY_PG_DIR/initdb.log" 2>&1 || { cat "$PUNY_PG_DIR/initdb.log" >&2; puny_pg_fail "initdb failed"; }
  local opts="-k $PUNY_PG_DIR -p $PGPORT -c listen_addresses=''"
  local setting
  for setting in "$@"; do opts+=" -c $setting"; done
  "${as_server[@]}" "$PG_BINDIR/pg_ctl" -D "$PUNY_PG_DIR/data" -l "$PUNY_PG_DIR/server.log" \
    -o "$opts" -w -t 60 start >/dev/null ||
    { cat "$PUNY_PG_DIR/server.log" >&2; puny_pg_fail "the server did not start"; }
}

# puny_pg_stop: the EXIT trap (also safe to call twice).
puny_pg_stop() {
  local rc=$?
  if [ -n "${PUNY_PG_DIR:-}" ] && [ -d "$PUNY_PG_DIR" ]; then
    if [ -f "$PUNY_PG_DIR/data/postmaster.pid" ]; then
      "${as_server[@]}" "$PG_BINDIR/pg_ctl" -D "$PUNY_PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 ||
        echo "postgres: pg_ctl stop failed (data in $PUNY_PG_DIR)" >&2
    fi
    [ "${PUNY_PG_KEEP:-0}" = 1 ] || rm -rf "$PUNY_PG_DIR"
  fi
  PUNY_PG_DIR=
  return $rc
}
