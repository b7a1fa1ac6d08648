#!/usr/bin/env bash
# Install test of the Python sdist and wheel (scripts/release.sh python):
#   tests/packaging/python_test.sh DIST VERSION
# Installs DIST/python's wheel into one fresh venv and its sdist into another
# (no --system-site-packages, no checkout on sys.path: run from a scratch
# folder), both with pip --no-index under unshare -n (no network: the sdist
# builds with cmake, python3-dev and pybind11 only), then a smoke test in each.
set -euo pipefail
dist="$1" version="$2"
fail() { echo "python_test.sh: FAILED: $*" >&2; exit 1; }
command -v unshare >/dev/null || fail "unshare is not installed (util-linux)"
wheel="$(ls "$dist"/python/puny-"$version"-*.whl 2>/dev/null | head -1)"
sdist="$dist/python/puny-$version.tar.gz"
[ -n "$wheel" ] || fail "no $dist/python/puny-$version-*.whl (run scripts/release.sh python)"
[ -f "$sdist" ] || fail "no $sdist (run scripts/release.sh python)"
work="$(mktemp -d "${TMPDIR:-/tmp}/puny-python-test-XXXXXX")"
trap 'rm -rf "$work"' EXIT
cat > "$work/smoke.py" <<'PY'
import sys
import puny
import puny.idna
assert puny.__file__.startswith(sys.prefix), "puny from %s, not the venv %s" % (puny.__file__, sys.prefix)
assert puny.to_ascii("bücher.de") == "xn--bcher-kva.de", puny.to_ascii("bücher.de")
assert puny.to_unicode("xn--bcher-kva.de") == "bücher.de"
assert puny.idna.encode("bücher.de") == b"xn--bcher-kva.de"
print("smoke ok:", puny.__file__)
PY
for kind in wheel sdist; do
  artifact="$wheel"; [ "$kind" = sdist ] && artifact="$sdist"
  /usr/bin/python3 -m venv "$work/venv-$kind" || fail "python3 -m venv (python3-venv installed?)"
  (cd "$work" && unshare -n -- "$work/venv-$kind/bin/pip" install --no-index --no-cache-dir "$artifact") \
    >"$work/pip-$kind.log" 2>&1 || { tail -40 "$work/pip-$kind.log" >&2; fail "pip install --no-index $artifact"; }
  out="$(cd "$work" && unshare -n -- "$work/venv-$kind/bin/python" -I smoke.py)" || fail "smoke test of the $kind: $out"
  echo "python_test.sh: $kind $(basename "$artifact") ($(stat -c %s "$artifact") bytes): $out"
done
