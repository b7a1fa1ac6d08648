#!/usr/bin/env python3
"""Checks that README.md's performance table is from a recent revision.

    tests/layout/check_perf_age.py [REPO] [--max-behind N]   (ctest layout.perf_age)
    tests/layout/check_perf_age.py --self-test               (ctest layout.perf_age_self_test)

bench/run.sh writes the summary table between README.md's perf markers and
names the revision it measured ("`bench/run.sh` at REV, DATE, ...").  The
figures drift from the code as commits land; this check counts the commits
from REV to HEAD (`git rev-list --count REV..HEAD`) and fails when there are
more than N (default 200), naming the revision, the count and the command
that regenerates the table: `bench/run.sh`.  A missing git, a checkout
without the revision (a shallow clone) or a README without the markers or
the revision is a failure too, never a pass.
"""

import os
import re
import subprocess
import sys
import tempfile

BEGIN, END = "<!-- perf:begin -->", "<!-- perf:end -->"
REVISION = re.compile(r"`bench/run\.sh` at ([0-9a-f]{7,40})\b")
DEFAULT_MAX_BEHIND = 200


def table_revision(readme_text):
    """The revision the perf block names, or an error message."""
    if BEGIN not in readme_text or END not in readme_text:
        return None, f"README.md lacks the {BEGIN} / {END} markers"
    block = readme_text.split(BEGIN, 1)[1].split(END, 1)[0]
    match = REVISION.search(block)
    if match is None:
        return None, "the perf block names no revision ('`bench/run.sh` at REV')"
    return match.group(1), None


def commits_behind(repo, revision):
    """(count, None) or (None, error message)."""
    try:
        proc = subprocess.run(["git", "-C", repo, "rev-list", "--count", f"{revision}..HEAD"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except FileNotFoundError:
        return None, "git is not installed: cannot count the commits since the table's revision"
    if proc.returncode != 0:
        return None, (f"git cannot count {revision}..HEAD in {repo} (a shallow clone, or a "
                      f"revision not in this history?): {proc.stderr.strip()}")
    return int(proc.stdout.strip()), None


def check(repo, max_behind):
    """(exit status, message)."""
    with open(os.path.join(repo, "README.md"), encoding="utf-8") as f:
        revision, error = table_revision(f.read())
    if error:
        return 1, f"README.md: {error}"
    count, error = commits_behind(repo, revision)
    if error:
        return 1, f"README.md: {error}"
    if count > max_behind:
        return 1, (f"README.md: the performance table is from {revision}, {count} commits behind "
                   f"HEAD (at most {max_behind}): regenerate it with bench/run.sh")
    return 0, f"README.md: the performance table is from {revision}, {count} commits behind HEAD " \
              f"(at most {max_behind})"


def self_test():
    """A throwaway repository whose README names its first commit, three
    commits behind: passes at --max-behind 3, fails at 2; a README without
    markers, one without a revision and one naming an unknown revision fail."""
    def git(repo, *args):
        subprocess.run(["git", "-C", repo, *args], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL,
                       env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t",
                                GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t"))

    failures = []
    with tempfile.TemporaryDirectory() as repo:
        git(repo, "init", "-q")
        readme = os.path.join(repo, "README.md")
        with open(readme, "w") as f:
            f.write("x\n")
        git(repo, "add", "README.md")
        git(repo, "commit", "-q", "-m", "first")
        first = subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"],
                               stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
        for i in range(3):
            with open(readme, "w") as f:
                f.write(f"{BEGIN}\n`bench/run.sh` at {first}, 2026-01-01\n{END}\n{i}\n")
            git(repo, "commit", "-q", "-am", f"commit {i}")
        cases = [(3, 0), (2, 1)]
        for limit, expected in cases:
            status, message = check(repo, limit)
            if status != expected:
                failures.append(f"at --max-behind {limit}: status {status}, expected {expected} "
                                f"({message})")
        for text, what in ((f"no markers, `bench/run.sh` at {first}\n", "markers"),
                           (f"{BEGIN}\nno revision here\n{END}\n", "revision"),
                           (f"{BEGIN}\n`bench/run.sh` at 0123456, x\n{END}\n", "git")):
            with open(readme, "w") as f:
                f.write(text)
            status, message = check(repo, 1000)
            if status != 1 or what not in message:
                failures.append(f"README '{text.strip()}': status {status}, message {message!r}")
    for failure in failures:
        print("self-test:", failure)
    if not failures:
        print("self-test passed")
    return 1 if failures else 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    max_behind = DEFAULT_MAX_BEHIND
    if "--max-behind" in argv:
        i = argv.index("--max-behind")
        max_behind = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    repo = argv[0] if argv else os.path.dirname(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    status, message = check(repo, max_behind)
    print(message)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
