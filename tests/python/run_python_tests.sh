#!/usr/bin/env bash
# ctest python.package: does exactly what docs/c-and-python.md ("Python
# package") says, in a scratch directory: a fresh venv of Debian's
# /usr/bin/python3 that sees Debian's python3-* packages (pytest, idna),
# `pip install ./surfaces/python` from the checkout, then pytest on surfaces/python/tests.
#
#   tests/python/run_python_tests.sh PYTHON WORK_DIR
#
# PIP_INDEX_URL points at a closed port, so the test fails if pip tries to
# reach any package index (the build must work offline).
set -euo pipefail
python="$1"
work="$2"
checkout="$(cd "$(dirname "$0")/../.." && pwd)"
rm -rf "$work"
mkdir -p "$work"
export PIP_INDEX_URL=http://127.0.0.1:9/simple PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
cd "$checkout"
"$python" -m venv --system-site-packages "$work/.venv"
"$work/.venv/bin/pip" install ./surfaces/python
"$work/.venv/bin/python" -m pytest -p no:cacheprovider surfaces/python/tests
