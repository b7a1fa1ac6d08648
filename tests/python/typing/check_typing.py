#!/usr/bin/env python3
"""ctest python.typing and python.stubtest: the puny package's types, with
Debian's python3-mypy (scripts/install-deps.sh), in the venv python.package
made (it sees Debian's packages).

  check_typing.py mypy      mypy --strict on usage.py, which uses every public
                            module and asserts the types of what it calls
                            (assert_type: Any fails); then usage.py is run
  check_typing.py stubtest  mypy.stubtest on puny and every submodule:
                            the stubs and annotations against the runtime,
                            stubtest-allowlist.txt listing (with reasons)
                            what stubtest 1.0.1 cannot see right
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(args, cwd):
    print("$ " + " ".join(args), flush=True)
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(p.stdout, end="", flush=True)
    return p


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what not in ("mypy", "stubtest"):
        print("usage: check_typing.py mypy|stubtest", file=sys.stderr)
        return 2
    py = sys.executable
    if subprocess.run([py, "-c", "import mypy"], capture_output=True).returncode != 0:
        print("FAIL: mypy is not importable by %s (Debian's python3-mypy, "
              "scripts/install-deps.sh)" % py, file=sys.stderr)
        return 1
    # Outside the checkout, so that `puny` is the installed package.
    with tempfile.TemporaryDirectory(prefix="puny-typing-") as cwd:
        if what == "mypy":
            p = run([py, "-m", "mypy", "--strict", "--cache-dir", os.path.join(cwd, "cache"),
                     os.path.join(HERE, "usage.py")], cwd)
            if p.returncode != 0 or "Success: no issues found" not in p.stdout:
                print("FAIL: mypy --strict reports the errors above in usage.py", file=sys.stderr)
                return 1
            p = run([py, os.path.join(HERE, "usage.py")], cwd)
            if p.returncode != 0 or "usage.py ran" not in p.stdout:
                print("FAIL: usage.py does not run", file=sys.stderr)
                return 1
        else:
            p = run([py, "-m", "mypy.stubtest", "--allowlist",
                     os.path.join(HERE, "stubtest-allowlist.txt"), "puny"], cwd)
            if p.returncode != 0:
                print("FAIL: stubtest finds the stubs and the runtime disagree (above)",
                      file=sys.stderr)
                return 1
    print("ok: %s" % what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
