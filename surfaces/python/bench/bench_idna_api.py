"""Python benchmark: puny.idna (the `idna` package's API on puny) against
the `idna` package itself, Debian's python3-idna and, when given, another
copy such as the newest kjd/idna (fetched outside the repository), on the
workloads in ../shared/bench/data, all in the same run.

    .venv/bin/python surfaces/python/bench/bench_idna_api.py [--runs N]
        [--data DIR] [--limit N] [--newest DIR]

--newest DIR: a directory holding an `idna` package (e.g. `git archive` of
kjd/idna's idna/ folder), timed as a third implementation.

Each implementation runs in its own fresh interpreter (they are all named
`idna`), converts every name of each workload once per run, and reports the
median ns per name of:
    encode(name, uts46=True)   domains-mixed.txt, domains-idn.txt  (as requests calls it)
    encode(name)               domains-idn.txt
    decode(name)               domains-idn.ascii.txt (the A-label forms)
and the time `import idna` takes in a fresh interpreter (median of 15, an
empty interpreter's start subtracted).  Rejected names are timed too.  Not a
test: figures are recorded in bench/README.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "..", "..", "..", "..", "shared", "bench", "data")
CASES = [
    ("encode uts46=True", "domains-mixed.txt", "encode", {"uts46": True}),
    ("encode uts46=True", "domains-idn.txt", "encode", {"uts46": True}),
    ("encode", "domains-idn.txt", "encode", {}),
    ("decode", "domains-idn.ascii.txt", "decode", {}),
]

CHILD = r"""
import json, statistics, sys, time
impl, data, runs, limit = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cases = json.loads(sys.argv[5])
if impl == "puny":
    import puny.idna
    puny.idna.install()
elif impl != "debian":
    sys.path.insert(0, impl)
if impl == "debian":
    sys.path.insert(0, "/usr/lib/python3/dist-packages")
import idna
out = {"module": idna.__file__, "version": idna.__version__, "cases": []}
for label, file_name, function, flags in cases:
    with open(data + "/" + file_name, encoding="utf-8") as f:
        names = [line for line in f.read().split("\n") if line]
    if limit:
        names = names[:limit]
    convert = getattr(idna, function)
    times, failures = [], 0
    for _ in range(runs):
        failures = 0
        start = time.perf_counter_ns()
        for name in names:
            try:
                convert(name, **flags)
            except UnicodeError:  # idna.IDNAError and its subclasses
                failures += 1
        times.append((time.perf_counter_ns() - start) / len(names))
    out["cases"].append([statistics.median(times), failures, len(names)])
print(json.dumps(out))
"""


def import_time(impl, runs=15):
    """Median wall time of `import idna` in a fresh interpreter, minus an empty one."""
    if impl == "puny":
        code = "import puny.idna"
    elif impl == "debian":
        code = "import sys; sys.path.insert(0, '/usr/lib/python3/dist-packages'); import idna"
    else:
        code = "import sys; sys.path.insert(0, %r); import idna" % impl
    base = "import sys; sys.path.insert(0, '/usr/lib/python3/dist-packages')"

    def median_of(source):
        times = []
        for _ in range(runs):
            start = time.perf_counter_ns()
            subprocess.run([sys.executable, "-c", source], check=True)
            times.append(time.perf_counter_ns() - start)
        return statistics.median(times)

    return (median_of(code) - median_of(base)) / 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--newest", help="directory holding another idna package")
    args = parser.parse_args()
    impls = ["puny", "debian"] + ([os.path.abspath(args.newest)] if args.newest else [])
    results = {}
    for impl in impls:
        run = subprocess.run([sys.executable, "-c", CHILD, impl, os.path.abspath(args.data), str(args.runs),
                              str(args.limit), json.dumps(CASES)], check=True, capture_output=True, text=True)
        results[impl] = json.loads(run.stdout)
        results[impl]["import_ms"] = import_time(impl)
    names = {impl: ("puny.idna" if impl == "puny" else "idna %s" % results[impl]["version"]) for impl in impls}
    print("Python %s; median of %d runs, ns per name (rejected names in parentheses)"
          % (sys.version.split()[0], args.runs))
    for impl in impls:
        print("  %-12s %s" % (names[impl], results[impl]["module"]))
    header = "  %-32s" % "case" + "".join("%22s" % names[i] for i in impls)
    header += "".join("%16s" % ("%s / puny" % names[i].split()[-1]) for i in impls[1:])
    print(header)
    for k, (label, file_name, _, _) in enumerate(CASES):
        row = "  %-32s" % ("%s, %s" % (label, file_name))
        for impl in impls:
            ns, failures, _ = results[impl]["cases"][k]
            row += "%22s" % ("%.0f (%d)" % (ns, failures))
        base = results["puny"]["cases"][k][0]
        for impl in impls[1:]:
            row += "%15.1fx" % (results[impl]["cases"][k][0] / base)
        print(row)
    row = "  %-32s" % "import idna, ms"
    for impl in impls:
        row += "%22.1f" % results[impl]["import_ms"]
    print(row)


if __name__ == "__main__":
    main()
