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
Then each bulk form (to_ascii_many, to_unicode_many, encode_many,
decode_many) against the loop of single calls it replaces (keeping each
output or error), alternating the two in one process: median ns per name,
the spread (fastest-slowest run) and bulk / loop.  --bulk runs only that
part; --only bulk-FORM / loop-FORM (FORM: to_ascii, to_unicode, encode,
decode) runs one of them once on its workload(s), for instruction counts.
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


# (form, workload file) pairs of the bulk comparison: the IDNA forms on
# both host-name files (to_unicode on the A-label form of the IDN names),
# the Punycode forms on the label file.
BULK_CASES = [("to_ascii", "domains-mixed.txt"), ("to_ascii", "domains-idn.txt"),
              ("to_unicode", "domains-mixed.txt"), ("to_unicode", "domains-idn.ascii.txt"),
              ("encode", "labels.txt"), ("decode", "labels.puny.txt")]


def loop_of(single, names):
    """What a bulk form replaces: a loop keeping each output or error."""
    out = []
    for name in names:
        try:
            out.append(single(name))
        except puny.Error as e:
            out.append(e)
    return out


def read_names(data, file_name, limit):
    with open(os.path.join(data, file_name), encoding="utf-8") as f:
        names = [line for line in f.read().split("\n") if line]
    return names[:limit] if limit else names


def bulk_vs_loop(args):
    print("\nbulk forms against a loop of single calls (ns per name, median of %d runs "
          "alternating the two, [fastest-slowest])" % args.runs)
    print("  %-16s %-22s %7s %22s %22s %10s" % ("form", "workload", "names", "loop", "bulk",
                                                 "bulk/loop"))
    for form, file_name in BULK_CASES:
        names = read_names(args.data, file_name, args.limit)
        single, bulk = getattr(puny, form), getattr(puny, form + "_many")
        loop, many = [], []
        for run in range(args.runs):
            for which in ((0, 1) if run % 2 == 0 else (1, 0)):
                start = time.perf_counter_ns()
                kept = bulk(names) if which == 0 else loop_of(single, names)
                elapsed = (time.perf_counter_ns() - start) / len(names)
                del kept
                (many if which == 0 else loop).append(elapsed)
        lm, bm = statistics.median(loop), statistics.median(many)
        print("  %-16s %-22s %7d %8.0f [%5.0f-%5.0f] %8.0f [%5.0f-%5.0f] %9.2fx" % (
            form + "_many", file_name, len(names), lm, min(loop), max(loop), bm, min(many),
            max(many), bm / lm))


def only_bulk(args):
    """--only bulk-FORM / loop-FORM: one pass over the form's workloads."""
    kind, form = args.only.split("-", 1)
    for f, file_name in BULK_CASES:
        if f != form or (args.workload and file_name != args.workload):
            continue
        names = read_names(args.data, file_name, args.limit)
        if kind == "bulk":
            getattr(puny, form + "_many")(names)
        else:
            loop_of(getattr(puny, form), names)
        print("%s %s: %d names" % (args.only, file_name, len(names)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0, help="first N names of each file")
    parser.add_argument("--only", choices=["puny", "stdlib", "idna", "none"] + [
        "%s-%s" % (k, f) for k in ("bulk", "loop") for f in ("to_ascii", "to_unicode", "encode", "decode")])
    parser.add_argument("--workload", choices=sorted({w for w, _ in WORKLOADS} | {w for _, w in BULK_CASES}),
                        help="one file only (default: all)")
    parser.add_argument("--bulk", action="store_true", help="only the bulk forms against their loops")
    args = parser.parse_args()
    print("Python %s, puny %s (Unicode %s)" % (sys.version.split()[0], puny.__version__,
                                              puny.unicode_version))
    if args.only and args.only.startswith(("bulk-", "loop-")):
        return only_bulk(args)
    if args.bulk:
        return bulk_vs_loop(args)
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
        base = results[0][1]
        print("  %-32s %10s %9s %8s" % ("converter", "ns/name", "rejected", "vs puny"))
        for label, ns, failures in results:
            print("  %-32s %10.0f %9d %7.1fx" % (label, ns, failures, ns / base))
    if not args.only:
        bulk_vs_loop(args)


if __name__ == "__main__":
    main()
