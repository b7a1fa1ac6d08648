"""Shared by the Dask tests: the input files, the CLI's answer for them, and
a local cluster of worker processes.

The input is made from the benchmark's host names (../shared/bench/data,
PUNY_BENCH_DATA), deterministically: FILES files, each the benchmark lists
with every name given a label of its own ("f3.", so no two files repeat a
line), a line of bytes that are not UTF-8 every 40,000 lines and an empty
line every 60,000, enough repetitions for NAMES names in all.
"""

import os
import re
import subprocess

import distributed

FILES = 5
NAMES = 1_050_000
SOURCES = ("domains-mixed.txt", "domains-idn.txt", "domains-idn.ascii.txt")


def make_input(work):
    """Writes work/in/names-N.txt (FILES files, NAMES lines); returns their paths."""
    data = os.environ["PUNY_BENCH_DATA"]
    lines = []
    for name in SOURCES:
        with open(os.path.join(data, name), "rb") as f:
            lines += f.read().splitlines()
    per_file = NAMES // FILES
    directory = os.path.join(work, "in")
    os.makedirs(directory, exist_ok=True)
    paths = []
    for k in range(FILES):
        out = []
        for i in range(per_file):
            if i % 40_000 == 7:
                out.append(b"bad\xff\xfe-utf8.f%d.example" % k)
            elif i % 60_000 == 11:
                out.append(b"")
            else:
                out.append(b"f%d." % k + lines[(i * 7 + k) % len(lines)])
        path = os.path.join(directory, "names-%d.txt" % k)
        with open(path, "wb") as f:
            f.write(b"\n".join(out) + b"\n")
        paths.append(path)
    return paths


def cli_answer(paths, work):
    """`puny to-ascii -j 1` on the files one after the other: (output lines,
    {line number (1-based): error name})."""
    concatenated = os.path.join(work, "all.txt")
    with open(concatenated, "wb") as out:
        for p in paths:
            with open(p, "rb") as f:
                out.write(f.read())
    run = subprocess.run([os.environ["PUNY_CLI"], "to-ascii", "-j", "1", "--no-progress",
                          "--input", concatenated], capture_output=True)
    # Exit status 1: some names failed (documented); anything else is a fault.
    assert run.returncode in (0, 1), run.stderr[-2000:]
    errors = {}
    for line in run.stderr.decode("utf-8", "replace").splitlines():
        m = re.match(r"puny: line (\d+): (\w+) ", line)
        assert m, "unexpected CLI message: " + line
        errors[int(m.group(1))] = m.group(2)
    return run.stdout.decode("utf-8").split("\n")[:-1], errors


def read_parts(directory, suffix=".txt"):
    """The lines of directory/part-*.txt in order, and the file names."""
    names = sorted(n for n in os.listdir(directory) if n.endswith(suffix))
    lines = []
    for n in names:
        with open(os.path.join(directory, n), encoding="utf-8") as f:
            text = f.read()
        assert text == "" or text.endswith("\n"), n + " does not end with a newline"
        lines += text.split("\n")[:-1]
    return lines, names


def local_cluster(workers=2):
    """Worker processes (not threads), one thread each, over TCP on 127.0.0.1
    (the dashboard on a free port)."""
    return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    protocol="tcp", host="127.0.0.1", dashboard_address=":0")
