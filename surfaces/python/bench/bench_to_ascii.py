"""Python benchmark: puny.to_ascii against the standard library's IDNA codec
(encodings.idna, IDNA 2003) and the `idna` package (IDNA 2008, with its
UTS #46 mapping) on the workloads in ../shared/bench/data.

    .venv/bin/python surfaces/python/bench/bench_to_ascii.py [--runs N] [--data DIR]
        [--limit N] [--only puny|stdlib|idna|none] [--workload FILE]

--only runs one converter once (or none: just load the data), for
instruction counts that a busy machine cannot disturb:
    valgrind --tool=callgrind .venv/bin/python surfaces/python/bench/bench_to_ascii.py \
        --runs 1 --limit 2000 --only idna
(the converter's cost is its count minus the --only none count).

Run with the interpreter puny is installed in (docs/c-and-python.md, "Python
package"); Debian's python3-idna is visible through --system-site-packages.
Prints ns per name (median of the runs; every run converts the whole file),
how many names each converter rejects (they implement different standards,
so the counts differ), and each peer's time over puny's from the same run.
Not a test: timings are recorded in bench/README.md.
"""
import argparse
import os
import statistics
import sys
import time

import puny

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "..", "..", "..", "..", "shared", "bench", "data")
WORKLOADS = [("domains-mixed.txt", "real-world host names"),
             ("domains-idn.txt", "IDN host names")]


def stdlib_codec(name):
    return name.encode("idna").decode("ascii")


def converters():
    out = [("puny.to_ascii", puny.to_ascii), ("stdlib encodings.idna", stdlib_codec)]
    try:
        import idna
    except ImportError:
        print("note: the idna package is not installed (Debian: python3-idna); skipped",
              file=sys.stderr)
    else:
        out.append(("idna %s (uts46=True)" % idna.__version__,
                    lambda name: idna.encode(name, uts46=True).decode("ascii")))
    return out


def time_one(convert, names):
    failures = 0
    start = time.perf_counter_ns()
    for name in names:
        try:
            convert(name)
        except (ValueError, UnicodeError):  # puny.Error, idna.IDNAError are ValueErrors
            failures += 1
    return time.perf_counter_ns() - start, failures


def keep_loop(names):
    """What to_ascii_many replaces: a loop keeping each output or error."""
    out = []
    for name in names:
        try:
            out.append(puny.to_ascii(name))
        except puny.Error as e:
            out.append(e)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0, help="first N names of each file")
    parser.add_argument("--only", choices=["puny", "stdlib", "idna", "none"])
    parser.add_argument("--workload", choices=[w for w, _ in WORKLOADS],
                        help="one file only (default: all)")
    args = parser.parse_args()
    print("Python %s, puny %s (Unicode %s)" % (sys.version.split()[0], puny.__version__,
                                              puny.unicode_version))
    for file_name, what in WORKLOADS:
        if args.workload and file_name != args.workload:
            continue
        path = os.path.join(args.data, file_name)
        with open(path, encoding="utf-8") as f:
            names = [line for line in f.read().split("\n") if line]
        if args.limit:
            names = names[:args.limit]
        if args.only:
            wanted = {"puny": "puny.", "stdlib": "stdlib", "idna": "idna "}.get(args.only)
            for label, convert in converters():
                if wanted and label.startswith(wanted):
                    print("%s %s: %d names rejected" % (file_name, label,
                                                       time_one(convert, names)[1]))
            continue
        print("\n%s: %d %s (median of %d runs)" % (file_name, len(names), what, args.runs))
        results = []
        for label, convert in converters():
            times, failures = [], 0
            for _ in range(args.runs):
                elapsed, failures = time_one(convert, names)
                times.append(elapsed / len(names))
            results.append((label, statistics.median(times), failures))
        # puny's bulk form on the same names, against the loop it replaces:
        # single calls keeping every output or error in a list.
        bulk, kept = [], []
        for _ in range(args.runs):
            start = time.perf_counter_ns()
            puny.to_ascii_many(names)
            bulk.append((time.perf_counter_ns() - start) / len(names))
            start = time.perf_counter_ns()
            keep_loop(names)
            kept.append((time.perf_counter_ns() - start) / len(names))
        base = results[0][1]
        print("  %-32s %10s %9s %8s" % ("converter", "ns/name", "rejected", "vs puny"))
        for label, ns, failures in results:
            print("  %-32s %10.0f %9d %7.1fx" % (label, ns, failures, ns / base))
        print("  %-32s %10.0f" % ("puny.to_ascii loop keeping all", statistics.median(kept)))
        print("  %-32s %10.0f %9s %7.2fx of the loop" % ("puny.to_ascii_many (bulk)",
                                                         statistics.median(bulk), "",
                                                         statistics.median(bulk) / statistics.median(kept)))


if __name__ == "__main__":
    main()
