#!/usr/bin/env python3
"""Checks that every shell script of the repository parses.

    tests/layout/check_scripts.py [REPO]         (ctest layout.scripts)
    tests/layout/check_scripts.py --self-test    (ctest layout.scripts_self_test)

A script that is run only by hand (fuzz/run.sh, fuzz/campaign.sh, the bench
drivers) is exercised by no other test, so a bad merge can leave it unable
to start: fuzz/run.sh stood with an unmatched ')' from a merge until this
check existed, and fuzz/campaign.sh, which calls it, ran nothing.  Every
*.sh file, and every other file whose first line names bash or sh, is given
to `bash -n` (parse without running).  Prints FILE: the shell's message for
each one that does not parse, then "N scripts checked, N broken"; exit
status 1 if any is broken.
"""

import os
import subprocess
import sys
import tempfile

SKIP_DIRS = {".git", "node_modules", "__pycache__"}
SHEBANGS = (b"#!/bin/bash", b"#!/usr/bin/env bash", b"#!/bin/sh", b"#!/usr/bin/env sh")


def is_build_tree(path):
    """A CMake build folder (build, build-sanitize, ...): not the repository's."""
    return os.path.exists(os.path.join(path, "CMakeCache.txt"))


def shell_scripts(repo):
    for top, dirs, files in os.walk(repo):
        dirs[:] = sorted(d for d in dirs
                         if d not in SKIP_DIRS and not is_build_tree(os.path.join(top, d)))
        for name in sorted(files):
            path = os.path.join(top, name)
            if name.endswith(".sh"):
                yield path
                continue
            try:
                with open(path, "rb") as f:
                    first = f.readline(64)
            except OSError:
                continue
            if first.startswith(SHEBANGS):
                yield path


def parse_error(path):
    """bash -n's message for `path`, or None when it parses."""
    r = subprocess.run(["bash", "-n", path], capture_output=True, text=True)
    return None if r.returncode == 0 else (r.stderr.strip() or "bash -n exited %d" % r.returncode)


def check(repo):
    checked = broken = 0
    for path in shell_scripts(repo):
        checked += 1
        message = parse_error(path)
        if message is not None:
            broken += 1
            print("%s: %s" % (os.path.relpath(path, repo), message))
    print("%d scripts checked, %d broken" % (checked, broken))
    return checked, broken


def self_test():
    """One script that parses, one with a merge's stray ')', one without the
    .sh suffix but with a bash shebang (broken), one file that is no script."""
    with tempfile.TemporaryDirectory() as repo:
        files = {
            "good.sh": "#!/usr/bin/env bash\nx=(a b)\necho \"${x[@]}\"\n",
            "merged.sh": "#!/usr/bin/env bash\nx=(a b)\n    c d)\n",
            "tools/run": "#!/bin/bash\nif true; then\n",
            "notes.txt": "x=(a b)\n    c d)\n",
        }
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(repo, name)), exist_ok=True)
            with open(os.path.join(repo, name), "w") as f:
                f.write(text)
        checked, broken = check(repo)
        if (checked, broken) != (3, 2):
            print("self-test: expected 3 scripts checked and 2 broken, got %d and %d"
                  % (checked, broken))
            return 1
    print("self-test passed")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(1 if check(repo)[1] else 0)
