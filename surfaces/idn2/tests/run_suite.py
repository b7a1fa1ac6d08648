#!/usr/bin/env python3
"""Runs one program of libidn2 2.3.3's test suite against our library.

    run_suite.py --test NAME --differences FILE --readme README --library SO -- PROGRAM...

Checks that PROGRAM loads our libidn2.so.0 (ldd), runs it, and collects its
failure reports.  The run passes when the set of failures is exactly the set
listed for NAME in FILE: each listed failure must happen (a fix that makes it
pass must also update the list and the README), and nothing else may fail.
Each listed failure names a difference (D1, D2, ...) that README documents.

Failure records: a line the program prints for a failed check; a libidn2
table's "expected ..." line is prefixed with the table row before it (which
holds the input), a "Test[...] failed" line is followed by the function named
on the next line.  "locale NAME:" is written "locale *:" (the locales differ
between machines).
"""
import argparse
import os
import re
import subprocess
import sys

FAILURE = re.compile(r"expected rc|^expected: |^got: |[Ff]ailed|^error|^out has|^Missing")
# The suite's own notes, not failures: IdnaTest.txt lines with lone
# surrogates that the test cannot convert (EILSEQ, "Missing low surrogate"),
# and the summary lines.
NOT_FAILURE = re.compile(r"^u(8|32)_to_u(32|8)\(.*\) failed \(84\)$|^Missing low surrogate$|^Summary: |^error_count: ")
ROW = re.compile(r"^\s*\d+\s+IDN2_")


def records(output):
    lines = output.splitlines()
    row = ""
    found = set()
    for i, line in enumerate(lines):
        if ROW.match(line):
            row = " ".join(line.split())
            continue
        if not FAILURE.search(line) or NOT_FAILURE.search(line):
            continue
        rec = line.strip()
        if rec.startswith("expected") or rec.startswith("got:"):
            rec = row + " => " + rec
        elif rec.startswith("Test[") and i + 1 < len(lines):
            rec = rec + " " + lines[i + 1].strip()
        found.add(re.sub(r"locale \S+:", "locale *:", rec))
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--test", required=True)
    ap.add_argument("--differences", required=True)
    ap.add_argument("--readme", required=True)
    ap.add_argument("--library", required=True)
    ap.add_argument("program", nargs="+")
    a = ap.parse_args()

    ldd = subprocess.run(["ldd", a.program[0]], capture_output=True, text=True).stdout
    m = re.search(r"libidn2\.so\.0 => (\S+)", ldd)
    if not m or os.path.realpath(m.group(1)) != os.path.realpath(a.library):
        print(f"{a.program[0]} does not load {a.library}:\n{ldd}")
        return 1

    readme = open(a.readme, encoding="utf-8").read()
    expected = {}
    for n, line in enumerate(open(a.differences, encoding="utf-8"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        test, tag, rec = line.rstrip("\n").split("\t", 2)
        if f"**{tag}**" not in readme:
            print(f"{a.differences}:{n}: difference {tag} is not documented in {a.readme}")
            return 1
        if test == a.test:
            expected[rec] = tag

    p = subprocess.run(a.program, capture_output=True, text=True, errors="replace",
                       cwd=os.path.dirname(a.program[0]), timeout=100)
    got = records(p.stdout + "\n" + p.stderr)
    status = 0
    for rec in sorted(got - set(expected)):
        print(f"UNEXPECTED FAILURE: {rec}")
        status = 1
    for rec in sorted(set(expected) - got):
        print(f"LISTED DIFFERENCE {expected[rec]} DID NOT HAPPEN (update the list and README): {rec}")
        status = 1
    if p.returncode != 0 and not got:
        print(f"{a.test} exited with {p.returncode} without a failure record:\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}")
        status = 1
    if p.returncode == 0 and got:
        print(f"{a.test} printed failures but exited 0")
        status = 1
    print(f"{a.test}: exit {p.returncode}, {len(got)} failure records, "
          f"{len(got & set(expected))} of them documented differences")
    return status


if __name__ == "__main__":
    sys.exit(main())
