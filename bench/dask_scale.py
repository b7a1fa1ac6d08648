#!/usr/bin/env python3
"""Throughput of puny.dask on a distributed.LocalCluster with 1 and 2 worker
processes, against the plain command line on the same files (issue 40).
Not a test: the figures go to bench/README.md and docs/scale.md.

    PYTHONPATH=build/tests/scale/python /usr/bin/python3 bench/dask_scale.py \\
        [PUNY] [NAMES] [RUNS]

PUNY: the puny executable (default build/cli/puny); NAMES: names in all
(default 2,000,000) in 8 files made of ../shared/bench/data's host lists;
RUNS: repetitions (default 5), the configurations alternating run by run
so that a change in the machine's load touches all of them.  Each run
converts every file and writes the outputs: the CLI `puny to-ascii -j N
--input FILE > FILE.out` file after file; Dask read_names (1 MiB
partitions) -> to_ascii -> write_lines into a fresh directory, on a
cluster already started (its start-up is reported apart).  Prints the
median, minimum and maximum of the names per second, and the median CPU
time a name costs (all processes: the CLI; the workers, the scheduler and
the client for Dask), which a loaded machine changes less than wall time,
and for Dask the workers' efficiency: their CPU time summed over the worker
processes divided by the wall time (near 1 a worker when nothing
serializes them; less when they wait on the disk, the scheduler or other
jobs on the machine).
"""

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import dask
import distributed

import puny.dask

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "bench", "data")
FILES = 8


def make_files(work, names):
    lines = []
    for name in ("domains-mixed.txt", "domains-idn.txt"):
        with open(os.path.join(DATA, name), "rb") as f:
            lines += f.read().splitlines()
    paths = []
    per_file = names // FILES
    for k in range(FILES):
        path = os.path.join(work, "names-%d.txt" % k)
        with open(path, "wb") as f:
            f.write(b"\n".join(lines[(i + k * per_file) % len(lines)] for i in range(per_file)))
            f.write(b"\n")
        paths.append(path)
    return paths, per_file * FILES


def _cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_cli(puny, paths, jobs, work, cpu):
    before = _children_cpu()
    start = time.perf_counter()
    for p in paths:
        with open(os.path.join(work, "cli.out"), "wb") as out:
            r = subprocess.run([puny, "to-ascii", "-j", str(jobs), "--no-progress", "-q",
                                "--input", p], stdout=out)
            assert r.returncode in (0, 1)
    elapsed = time.perf_counter() - start
    cpu.append(_children_cpu() - before)
    return elapsed


def _cluster_cpu(client):
    """CPU seconds of the worker processes, and of the scheduler and this client."""
    return sum(client.run(_cpu).values()), client.run_on_scheduler(_cpu) + _cpu()


def run_dask(client, pattern, work, cpu, efficiency):
    out = os.path.join(work, "dask-out")
    shutil.rmtree(out, ignore_errors=True)
    workers0, rest0 = _cluster_cpu(client)
    start = time.perf_counter()
    puny.dask.write_lines(puny.dask.to_ascii(puny.dask.read_names(pattern, blocksize="1MiB")), out)
    elapsed = time.perf_counter() - start
    workers1, rest1 = _cluster_cpu(client)
    cpu.append(workers1 - workers0 + rest1 - rest0)
    efficiency.append((workers1 - workers0) / elapsed)
    return elapsed


def main():
    puny_cli = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "cli", "puny")
    names = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    work = tempfile.mkdtemp(prefix="puny-dask-bench-")
    try:
        paths, total = make_files(work, names)
        pattern = os.path.join(work, "names-*.txt")
        times = {k: [] for k in ("cli -j 1", "cli -j 2", "dask 1 worker", "dask 2 workers")}
        cpu = {k: [] for k in times}
        efficiency = {1: [], 2: []}
        clusters = {}
        for n in (1, 2):
            start = time.perf_counter()
            cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                               protocol="tcp", host="127.0.0.1",
                                               dashboard_address=":0")
            client = distributed.Client(cluster, set_as_default=False)
            clusters[n] = (cluster, client, time.perf_counter() - start)
        for _ in range(runs):
            times["cli -j 1"].append(run_cli(puny_cli, paths, 1, work, cpu["cli -j 1"]))
            times["cli -j 2"].append(run_cli(puny_cli, paths, 2, work, cpu["cli -j 2"]))
            for n in (1, 2):
                key = "dask %d worker%s" % (n, "s" if n > 1 else "")
                # Client.as_current() alone left dask.compute on the local
                # threaded scheduler (the workers' CPU said so): name it.
                with dask.config.set(scheduler=clusters[n][1]):
                    times[key].append(run_dask(clusters[n][1], pattern, work, cpu[key],
                                                 efficiency[n]))
        print("%d names in %d files, %d runs; names/s: median (min-max)" % (total, FILES, runs))
        median = {}
        for k, t in times.items():
            rates = sorted(total / x for x in t)
            median[k] = statistics.median(rates)
            print("  %-15s %6.2f M/s (%.2f-%.2f), CPU %.0f ns a name" % (
                k, median[k] / 1e6, rates[0] / 1e6, rates[-1] / 1e6,
                statistics.median(cpu[k]) / total * 1e9))
        print("dask 2 workers / 1 worker: %.2fx" % (median["dask 2 workers"] / median["dask 1 worker"]))
        print("cli -j 1 / dask 1 worker: %.2fx" % (median["cli -j 1"] / median["dask 1 worker"]))
        print("cli -j 2 / dask 2 workers: %.2fx" % (median["cli -j 2"] / median["dask 2 workers"]))
        for n in (1, 2):
            e = sorted(efficiency[n])
            print("dask %d worker(s): worker CPU / wall %.2f (%.2f-%.2f)"
                  % (n, statistics.median(e), e[0], e[-1]))
        print("load average at the end: %.1f" % os.getloadavg()[0])
        for n in (1, 2):
            print("cluster start-up, %d worker(s): %.2f s" % (n, clusters[n][2]))
        for n in (1, 2):
            clusters[n][1].close()
            clusters[n][0].close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
