#!/usr/bin/env bash
# Installs the bundlers of the "where it must run" tests (issue 51; package.json
# here, exact versions) into ${PUNY_CACHE:-~/.cache/puny}/js-matrix-tools,
# once (support/npm-cache-install.sh).  Run by scripts/install-deps.sh and by
# each matrix test.  Prints the folder holding node_modules; a failed install
# exits 1 with npm's log: the tests then fail, never skip.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../support/npm-cache-install.sh" "$here" js-matrix-tools
