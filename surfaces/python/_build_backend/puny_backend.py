"""PEP 517 build backend for the puny Python package (standard library only).

Why our own backend: pip's build isolation installs `build-system.requires`
from PyPI, which a Debian machine without PyPI access cannot reach.  This
backend requires nothing, so `pip install ./surfaces/python` works offline with or
without `--no-build-isolation`.  It builds the extension with CMake
(surfaces/python/CMakeLists.txt: the C++ library of the enclosing checkout and
pybind11 from Debian's pybind11-dev) for the interpreter running pip, and
writes the wheel itself (PEP 427).

`build_sdist` writes the package with the core it builds (see SDIST_TREES
below), so a wheel also builds from the unpacked sdist (issue 55).

Settings (environment): CMAKE_BUILD_PARALLEL_LEVEL (default 2),
PUNY_CMAKE_ARGS (extra CMake arguments, split on whitespace), and the usual
CMAKE_CXX_COMPILER_LAUNCHER (ccache) which CMake reads itself.
"""

import base64
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

NAME = "puny"
VERSION = "0.1.0"
SUMMARY = "Punycode (RFC 3492) and IDNA (UTS #46) for Python, on the puny C++ library"

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.dirname(HERE)  # surfaces/python/
CHECKOUT = os.path.dirname(os.path.dirname(PYTHON_DIR))  # the repository root


def _check_checkout():
    """The package is built from a puny checkout (in-tree build)."""
    needed = [os.path.join(CHECKOUT, "CMakeLists.txt"),
              os.path.join(CHECKOUT, "include", "puny", "idna.hpp")]
    missing = [p for p in needed if not os.path.exists(p)]
    if missing:
        raise RuntimeError(
            "puny: the Python package builds the C++ library of the enclosing "
            "checkout, but %s is missing. Run `pip install ./surfaces/python` from a puny "
            "checkout (pip >= 21.3 builds in place)." % ", ".join(missing))


def _wheel_tag():
    """cpXY-cpXY-platform for the running interpreter (PEP 425)."""
    impl = "cp" if sys.implementation.name == "cpython" else sys.implementation.name[:2]
    version = "%d%d" % sys.version_info[:2]
    soabi = sysconfig.get_config_var("SOABI") or ""
    abi = impl + version
    if soabi.startswith("cpython-") and soabi.split("-")[1].endswith("d"):
        abi += "d"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "%s%s-%s-%s" % (impl, version, abi, platform)


def _metadata():
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: %s\n"
            "Requires-Python: >=3.8\n" % (NAME, VERSION, SUMMARY))


def _dist_info():
    return "%s-%s.dist-info" % (NAME, VERSION)


def _run(cmd, cwd=None):
    print("puny_backend: " + " ".join(shlex.quote(c) for c in cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=cwd, check=True, stdout=sys.stderr)


def _build_extension(build_dir):
    """Configures and builds surfaces/python/CMakeLists.txt; returns the module path."""
    cmake = shutil.which("cmake")
    if cmake is None:
        raise RuntimeError("puny: cmake not found (Debian: apt-get install cmake; "
                           "scripts/install-deps.sh installs everything)")
    args = [cmake, "-S", PYTHON_DIR, "-B", build_dir,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DPython_EXECUTABLE=" + sys.executable]
    args += shlex.split(os.environ.get("PUNY_CMAKE_ARGS", ""))
    _run(args)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
    _run([cmake, "--build", build_dir, "--target", "_puny", "-j" + jobs])
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    for root, _dirs, files in os.walk(build_dir):
        for f in files:
            if f.startswith("_puny") and (f.endswith(suffix) or f.endswith(".so")):
                return os.path.join(root, f)
    raise RuntimeError("puny: the _puny extension was not found in " + build_dir)


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d" % (arcname, digest.decode("ascii"), len(data))


def _package_files():
    """(archive name, path) of the pure-Python part: *.py, *.pyi and py.typed
    of puny/ and its subpackages (puny/idna/)."""
    package = os.path.join(PYTHON_DIR, NAME)
    out = []
    for root, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(root, PYTHON_DIR).replace(os.sep, "/")
        for f in sorted(files):
            if f.endswith((".py", ".pyi")) or f == "py.typed":
                out.append((rel + "/" + f, os.path.join(root, f)))
    return out


# ---- PEP 517 hooks ----

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(dist_info, exist_ok=True)
    with open(os.path.join(dist_info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _check_checkout()
    tag = _wheel_tag()
    wheel_name = "%s-%s-%s.whl" % (NAME, VERSION, tag)
    build_dir = tempfile.mkdtemp(prefix="puny-python-build-")
    try:
        module = _build_extension(build_dir)
        entries = [(arc, open(path, "rb").read()) for arc, path in _package_files()]
        with open(module, "rb") as f:
            entries.append((NAME + "/" + os.path.basename(module), f.read()))
        dist_info = _dist_info()
        entries.append((dist_info + "/METADATA", _metadata().encode("utf-8")))
        wheel_text = ("Wheel-Version: 1.0\nGenerator: puny_backend\n"
                      "Root-Is-Purelib: false\nTag: %s\n" % tag)
        entries.append((dist_info + "/WHEEL", wheel_text.encode("utf-8")))
        record = [_record_line(arc, data) for arc, data in entries]
        record.append(dist_info + "/RECORD,,")
        entries.append((dist_info + "/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
        path = os.path.join(wheel_directory, wheel_name)
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
            for arc, data in entries:
                info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16  # rw-r--r-- once installed
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)
    return wheel_name


# The source distribution: the package and the core it builds, laid out as
# in the checkout (surfaces/python/ beside CMakeLists.txt, include/, src/,
# cmake/ and the C API's sources), with a pyproject.toml at its root that
# points the backend path at surfaces/python/_build_backend, so that a wheel
# builds from the unpacked sdist as from a checkout (issue 55).
SDIST_TREES = ["CMakeLists.txt", "cmake", "include", "src", "surfaces/c",
               "surfaces/python"]
SDIST_SKIP = {"__pycache__", "tests", "bench", ".pytest_cache", ".mypy_cache"}


def _sdist_files():
    out = []
    for tree in SDIST_TREES:
        path = os.path.join(CHECKOUT, tree)
        if os.path.isfile(path):
            out.append((tree, path))
            continue
        if not os.path.isdir(path):
            raise RuntimeError("puny: %s is missing; the sdist needs it" % path)
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in SDIST_SKIP and
                             not os.path.exists(os.path.join(root, d, "CMakeCache.txt")))
            for f in sorted(files):
                full = os.path.join(root, f)
                out.append((os.path.relpath(full, CHECKOUT).replace(os.sep, "/"), full))
    return out


def build_sdist(sdist_directory, config_settings=None):
    import io
    import tarfile
    _check_checkout()
    base = "%s-%s" % (NAME, VERSION)
    with open(os.path.join(PYTHON_DIR, "pyproject.toml"), encoding="utf-8") as f:
        pyproject = f.read()
    if 'backend-path = ["_build_backend"]' not in pyproject:
        raise RuntimeError("puny: surfaces/python/pyproject.toml has no "
                           'backend-path = ["_build_backend"] to rewrite for the sdist')
    pyproject = pyproject.replace('backend-path = ["_build_backend"]',
                                  'backend-path = ["surfaces/python/_build_backend"]')
    generated = [("pyproject.toml", pyproject.encode("utf-8")),
                 ("PKG-INFO", _metadata().encode("utf-8"))]
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz",
                      format=tarfile.PAX_FORMAT) as tar:
        def add(arcname, data, mode):
            info = tarfile.TarInfo(base + "/" + arcname)
            info.size, info.mode, info.mtime = len(data), mode, 1577836800  # 2020-01-01
            tar.addfile(info, io.BytesIO(data))
        for arcname, data in generated:
            add(arcname, data, 0o644)
        for arcname, path in _sdist_files():
            with open(path, "rb") as f:
                data = f.read()
            add(arcname, data, 0o755 if os.access(path, os.X_OK) else 0o644)
    return name
