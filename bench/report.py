#!/usr/bin/env python3
"""Turn puny_bench's Google Benchmark JSON into the committed reports.

  report.py RAW_JSON OUT_DIR [--readme README.md] [--command "..."]

Writes OUT_DIR/latest.json (every result, ratios, targets, checks, machine),
OUT_DIR/latest.md (the tables), OUT_DIR/long-<impl>.dat (gnuplot input) and,
with --readme, replaces the block between the results markers of README.md with
the run's main table (readme_table).

Times are process CPU time (robust to other jobs on a shared machine); wall
time medians are kept in latest.json.  ns/item = time of one pass over the
workload / items in it; MB/s = input bytes (UTF-8 or ASCII) / time, 1 MB =
10^6 bytes.  ratio = peer median / puny median from the same run (> 1: puny
is faster).
"""

import argparse
import json
import os
import platform
import sys

REFERENCE = "puny"

# (workload, op, peer, factor, label[, puny impl]): puny (or the puny form
# named last) must be `factor` times faster.
RATIO_TARGETS = [
    ("labels", "encode", "libidn", 2.0, "labels, raw encode: >= 2x libidn"),
    ("labels", "decode", "libidn", 2.0, "labels, raw decode: >= 2x libidn"),
    ("domains-mixed", "to_ascii", "icu", 3.0, "domains-mixed, to_ascii: >= 3x ICU"),
    ("domains-idn", "to_ascii", "icu", 2.2, "domains-idn, to_ascii: >= 2.2x ICU"),
    ("domains-idn.ascii", "to_unicode", "icu", 2.2,
     "domains-idn, to_unicode (with validation): >= 2.2x ICU"),
    # Issue 12: the URL Standard's rules, puny's url preset against ada-idna.
    ("url-mixed", "to_ascii", "ada", 2.0, "url preset, domains-mixed to_ascii: >= 2x ada-idna"),
    # Issue 11: raw decode in the allocating form, the form ada offers.
    ("labels", "decode", "ada", 2.0,
     "labels, raw decode, allocating (puny-alloc): >= 2x ada-idna", "puny-alloc"),
    # Issue 25: ToUnicode against libidn2, in both of puny's forms.
    ("domains-idn.ascii", "to_unicode", "libidn2", 2.0,
     "domains-idn, to_unicode (caller buffer): >= 2x libidn2"),
    ("domains-idn.ascii", "to_unicode", "libidn2", 2.0,
     "domains-idn, to_unicode (allocating, puny-alloc): >= 2x libidn2", "puny-alloc"),
]

# Issue 25: raw decode of one long string at least this much faster than the
# best peer at every length from 64 to 2^20 code points.
LONG_DECODE_FACTOR = 1.5

# Issue 54: puny's caller-buffer to_ascii at most this many times a
# lowercase copy of the same names into a caller buffer (impls_floor.cpp) on
# the all-ASCII workloads: the plain loop g++ vectorizes (the floor the
# issue names), and the SSE2 block copy (the strict floor, a hand-written
# copy no converter that also validates can match).
FLOOR_FACTOR = 1.2
FLOOR_IMPLS = (("lower-copy", "a plain lowercase loop"),
               ("lower-copy-sse2", "an SSE2 block lowercase copy"))
FLOOR_WORKLOADS = ("ascii-lower", "url-ascii-lower")

# Issue 54: raw decode at 1,024 code points this much faster than the best
# peer, on one string decoded over and over (long/decode, N = 1,024) and on
# 256 distinct strings of that length (long-1024x256), which a branch
# predictor cannot learn (bench/README.md, "Long strings: one string against
# many").
LONG_1024_FACTOR = 2.0
LONG_DISTINCT = "long-1024x256"

# (workload, MB/s): throughput targets of puny's caller-buffer to_ascii.
THROUGHPUT_TARGETS = [
    ("url-ascii-lower", 2000.0),
]

WORKLOAD_TEXT = {
    "labels": "labels.txt / labels.puny.txt (10,024 labels)",
    "domains-mixed": "domains-mixed.txt (100,000 names)",
    "domains-idn": "domains-idn.txt (20,000 names)",
    "domains-idn.ascii": "domains-idn.ascii.txt (20,000 names)",
    "ascii-lower": "valid lowercase ASCII names of domains-mixed.txt",
    "url-mixed": "domains-mixed.txt under the URL Standard's rules (puny url preset, ada)",
    "url-idn": "domains-idn.txt under the URL Standard's rules",
    "url-idn.ascii": "domains-idn.ascii.txt under the URL Standard's rules",
    "url-ascii-lower": "ascii-lower under the URL Standard's rules",
    "long-1024x256": "256 distinct strings of 1,024 code points (the long-1024 mix), one decode each",
}


def parse_name(run_name):
    """'long/encode/puny/65536/repeats:5' -> (workload, op, impl, n)."""
    parts = [p for p in run_name.split("/") if not p.startswith("repeats:")]
    if parts[0] == "long":
        return "long", parts[1], parts[2], int(parts[3])
    # "<workload>/<op>/<impl>"
    return parts[0], parts[1], parts[2], None


def to_ns(value, unit):
    return value * {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[unit]


def load(raw_path):
    with open(raw_path) as f:
        raw = json.load(f)
    runs = {}
    for b in raw["benchmarks"]:
        if b.get("run_type") != "aggregate":
            continue
        agg = b["aggregate_name"]
        if agg not in ("median", "min", "max", "mean", "stddev", "cv"):
            continue
        key = parse_name(b["run_name"])
        r = runs.setdefault(key, {"items": None, "bytes": None, "reps": b.get("repetitions")})
        if agg in ("median", "min", "max", "mean", "stddev"):
            r["cpu_" + agg] = to_ns(b["cpu_time"], b["time_unit"])
            r["real_" + agg] = to_ns(b["real_time"], b["time_unit"])
        if agg == "median":
            r["items"] = b.get("items")
            r["bytes"] = b.get("bytes")
            r["iterations"] = b.get("iterations")
            r["errors_per_pass"] = b.get("errors_per_pass")
    results = []
    for (workload, op, impl, n), r in runs.items():
        items, nbytes = r["items"], r["bytes"]
        med, lo, hi = r["cpu_median"], r["cpu_min"], r["cpu_max"]
        results.append({
            "workload": workload, "op": op, "impl": impl, "n": n,
            "items": items, "bytes": nbytes, "repetitions": r["reps"],
            "iterations_per_repetition": r.get("iterations"),
            "errors_per_pass": r.get("errors_per_pass"),
            "ns_per_item": {"median": med / items, "min": lo / items, "max": hi / items},
            "wall_ns_per_item_median": r["real_median"] / items,
            "mb_per_s": {"median": nbytes / med * 1e3, "min": nbytes / hi * 1e3,
                         "max": nbytes / lo * 1e3},
            "pass_ms_median": med / 1e6,
        })
    # Ratios to puny, same workload / op / n.
    ref = {(r["workload"], r["op"], r["n"]): r for r in results if r["impl"] == REFERENCE}
    for r in results:
        base = ref.get((r["workload"], r["op"], r["n"]))
        r["ratio_to_puny"] = (r["ns_per_item"]["median"] / base["ns_per_item"]["median"]
                              if base else None)
    order = {"puny": 0, "puny-utf8": 1, "puny-alloc": 1, "lower-copy": 1.5,
             "lower-copy-bytes": 1.6, "lower-copy-sse2": 1.7, "icu": 2, "libidn2": 3, "libidn": 4, "ada": 5}
    results.sort(key=lambda r: (r["workload"] != "labels", r["workload"] == "long",
                                r["workload"], r["op"], r["n"] or 0, order.get(r["impl"], 9)))
    return raw, results


def machine_info(context):
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu_model": cpu,
        "nproc": os.cpu_count(),
        "kernel": platform.release(),
        "mhz_per_cpu": context.get("mhz_per_cpu"),
        "caches": [f'L{c["level"]} {c["type"]} {c["size"] // 1024} KiB'
                   for c in context.get("caches", [])],
        "load_avg_at_start": context.get("load_avg"),
        "compiler": context.get("compiler"),
        "library_build_type": context.get("library_build_type"),
        "date": context.get("date"),
    }


def find(results, workload, op, impl, n=None):
    for r in results:
        if (r["workload"], r["op"], r["impl"], r["n"]) == (workload, op, impl, n):
            return r
    return None


def evaluate_targets(results, context):
    targets = []
    for workload, op, peer, factor, label, *mine in RATIO_TARGETS:
        p = find(results, workload, op, peer)
        me = find(results, workload, op, mine[0] if mine else REFERENCE)
        if p is None or me is None:
            targets.append({"target": label, "status": "not measured"})
            continue
        ratio = p["ns_per_item"]["median"] / me["ns_per_item"]["median"]
        targets.append({"target": label, "measured": f"{ratio:.2f}x "
                        f"({me['ns_per_item']['median']:.0f} vs {p['ns_per_item']['median']:.0f} ns)",
                        "status": "met" if ratio >= factor else "missed"})
    for n, limit_ms in ((262144, 100.0), (1000000, 500.0)):
        e = find(results, "long", "encode", REFERENCE, n)
        d = find(results, "long", "decode", REFERENCE, n)
        label = f"long, encode + decode of {n:,} code points: < {limit_ms:.0f} ms"
        if e is None or d is None:
            targets.append({"target": label, "status": "not measured"})
            continue
        total = e["pass_ms_median"] + d["pass_ms_median"]
        targets.append({"target": label, "measured": f"{total:.1f} ms "
                        f"({e['pass_ms_median']:.1f} + {d['pass_ms_median']:.1f})",
                        "status": "met" if total < limit_ms else "missed"})
    sizes = sorted({r["n"] for r in results
                    if r["workload"] == "long" and r["op"] == "decode" and 64 <= r["n"] <= 1 << 20})
    worst = None
    for n in sizes:
        me = find(results, "long", "decode", REFERENCE, n)
        peers_here = [r for r in results if r["workload"] == "long" and r["op"] == "decode"
                      and r["n"] == n and not r["impl"].startswith("puny")]
        if me is None or not peers_here:
            continue
        best = min(peers_here, key=lambda r: r["ns_per_item"]["median"])
        ratio = best["ns_per_item"]["median"] / me["ns_per_item"]["median"]
        if worst is None or ratio < worst[0]:
            worst = (ratio, n, best["impl"])
    label = (f"long, raw decode: >= {LONG_DECODE_FACTOR:g}x the best peer at every N "
             f"from 64 to 2^20")
    if worst is None:
        targets.append({"target": label, "status": "not measured"})
    else:
        targets.append({"target": label,
                        "measured": f"lowest {worst[0]:.2f}x (N = {worst[1]:,}, {worst[2]})",
                        "status": "met" if worst[0] >= LONG_DECODE_FACTOR else "missed"})
    for workload, n, what in (("long", 1024, "one string, decoded over and over"),
                              (LONG_DISTINCT, None, "256 distinct strings")):
        me = find(results, workload, "decode", REFERENCE, n)
        peers_here = [r for r in results if r["workload"] == workload and r["op"] == "decode"
                      and r["n"] == n and not r["impl"].startswith("puny")]
        label = f"raw decode at 1,024 code points ({what}): >= {LONG_1024_FACTOR:g}x the best peer"
        if me is None or not peers_here:
            targets.append({"target": label, "status": "not measured"})
            continue
        best = min(peers_here, key=lambda r: r["ns_per_item"]["median"])
        x = best["ns_per_item"]["median"] / me["ns_per_item"]["median"]
        per_string = 1024 if n else 1  # long/ rows count code points, the other strings
        targets.append({"target": label, "measured": f"{x:.2f}x ({best['impl']}: "
                        f"{best['ns_per_item']['median'] * per_string / 1000:.1f} vs "
                        f"{me['ns_per_item']['median'] * per_string / 1000:.1f} us a string)",
                        "status": "met" if x >= LONG_1024_FACTOR else "missed"})
    a = find(results, "ascii-lower", "to_ascii", REFERENCE)
    allocs = context.get("allocations ascii-lower/to_ascii puny", "")
    label = "pure ASCII lowercase names: >= 1 GB/s, no allocation beyond the output"
    if a is None:
        targets.append({"target": label, "status": "not measured"})
    else:
        mbs = a["mb_per_s"]["median"]
        zero = allocs.startswith("0 allocations")
        targets.append({"target": label,
                        "measured": f"{mbs:.0f} MB/s; caller buffer: {allocs or 'n/a'}",
                        "status": "met" if mbs >= 1000 and zero else "missed"})
    for workload in FLOOR_WORKLOADS:
        for impl, what in FLOOR_IMPLS:
            me = find(results, workload, "to_ascii", REFERENCE)
            fl = find(results, workload, "to_ascii", impl)
            label = (f"{workload}, to_ascii (caller buffer): <= {FLOOR_FACTOR:g}x {what} "
                     f"of the same names ({impl})")
            if me is None or fl is None:
                targets.append({"target": label, "status": "not measured"})
                continue
            x = me["ns_per_item"]["median"] / fl["ns_per_item"]["median"]
            targets.append({"target": label, "measured": f"{x:.2f}x "
                            f"({me['ns_per_item']['median']:.2f} vs "
                            f"{fl['ns_per_item']['median']:.2f} ns a name)",
                            "status": "met" if x <= FLOOR_FACTOR else "missed"})
    for workload, limit in THROUGHPUT_TARGETS:
        r = find(results, workload, "to_ascii", REFERENCE)
        label = f"{workload}, to_ascii: >= {limit / 1000:g} GB/s"
        if r is None:
            targets.append({"target": label, "status": "not measured"})
            continue
        mbs = r["mb_per_s"]["median"]
        targets.append({"target": label, "measured": f"{mbs:.0f} MB/s",
                        "status": "met" if mbs >= limit else "missed"})
    return targets


def fmt_ns(x):
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def markdown(results, targets, machine, context, peers, command):
    out = []
    out.append(f"puny revision: {machine.get('library_revision', 'unknown')}.")
    out.append(f"Machine: {machine['cpu_model']}, {machine['nproc']} cores "
               f"(shared with other jobs), Linux {machine['kernel']}; "
               f"{machine['compiler']}, Release (-O3); {machine['date']}.")
    out.append("Peers: " + "; ".join(f"{k} {v}" for k, v in peers.items()) + ".")
    out.append("")
    out.append(f"Command: `{command}`")
    out.append("")
    out.append("Median of the repetitions (min - max in brackets), process CPU time. "
               "ratio = peer time / puny time in the same run (> 1: puny faster).")
    out.append("")
    out.append("| workload | op | impl | ns/item median (min - max) | MB/s | ratio |")
    out.append("|---|---|---|---|---|---|")
    for r in results:
        if r["workload"] == "long":
            continue
        ns = r["ns_per_item"]
        ratio = "-" if r["impl"] == REFERENCE else (
            f"{r['ratio_to_puny']:.2f}" if r["ratio_to_puny"] else "n/a")
        out.append(f"| {r['workload']} | {r['op']} | {r['impl']} | {fmt_ns(ns['median'])} "
                   f"({fmt_ns(ns['min'])} - {fmt_ns(ns['max'])}) | "
                   f"{r['mb_per_s']['median']:,.0f} | {ratio} |")
    out.append("")
    out.append("Long strings (one string of N code points): ns per code point, median "
               "(min - max); ratio to puny in brackets.")
    out.append("")
    impls = [i for i in ("puny", "puny-utf8", "puny-alloc", "icu", "libidn2", "libidn", "ada")
             if any(r["impl"] == i and r["workload"] == "long" for r in results)
             or i == "icu"]
    sizes = sorted({r["n"] for r in results if r["workload"] == "long"})
    out.append("| op | N | " + " | ".join(impls) + " |")
    out.append("|---|---|" + "---|" * len(impls))
    for op in ("encode", "decode"):
        for n in sizes:
            cells = []
            for i in impls:
                r = find(results, "long", op, i, n)
                if r is None:
                    skip = context.get(f"skip long-{n}/{op} {i}")
                    cells.append("rejects" if skip and skip.startswith("rejects") else
                                 "capped" if skip else "-")
                    continue
                ns = r["ns_per_item"]
                cell = f"{fmt_ns(ns['median'])} ({fmt_ns(ns['min'])} - {fmt_ns(ns['max'])})"
                if i != REFERENCE and r["ratio_to_puny"]:
                    cell += f" [{r['ratio_to_puny']:.0f}x]" if r["ratio_to_puny"] >= 10 else \
                        f" [{r['ratio_to_puny']:.2f}x]"
                cells.append(cell)
            out.append(f"| {op} | {n:,} | " + " | ".join(cells) + " |")
    out.append("")
    out.append("Targets (issue 4), this run:")
    out.append("")
    out.append("| target | measured | status |")
    out.append("|---|---|---|")
    for t in targets:
        out.append(f"| {t['target']} | {t.get('measured', '-')} | **{t['status']}** |")
    out.append("")
    checks = {k[len("check "):]: v for k, v in context.items() if k.startswith("check ")}
    bad = {k: v for k, v in checks.items() if "different" in v or "rejected" in v}
    out.append(f"Output check before timing: {len(checks)} (workload, implementation) pairs "
               f"compared with the expected files; {len(checks) - len(bad)} fully agree.")
    for k, v in sorted(bad.items()):
        out.append(f"- `{k}`: {v}")
    skew = {k[len("skew "):]: v for k, v in context.items()
            if k.startswith("skew ") and k != "skew agreement"}
    out.append("")
    out.append("domains-skew.txt (to_ascii, not timed): "
               + context.get("skew agreement", "not run") + "; the others:")
    out.append("")
    out.append("| input | expected (generator's UTS #46 model) and who differs |")
    out.append("|---|---|")
    for k, v in skew.items():
        out.append(f"| `{k}` | {v.replace('|', '/')} |")
    skipped = {}
    for k, v in context.items():
        if k.startswith("skip "):
            what, impl = k[len("skip "):].rsplit(" ", 1)
            skipped.setdefault((impl, v), []).append(what)
    if skipped:
        out.append("")
        out.append("Long strings not run (\"rejects\": the peer refused a smaller N; "
                   "\"capped\": one call at a smaller N took longer than the cap):")
        for (impl, why), whats in sorted(skipped.items()):
            whats.sort(key=lambda w: (w.split("/")[1], int(w.split("/")[0][5:])))
            out.append(f"- {impl}: " + ", ".join(whats) + f" ({why})")
    out.append("")
    return "\n".join(out)


def write_long_dat(results, out_dir):
    impls = sorted({r["impl"] for r in results if r["workload"] == "long"})
    for i in impls:
        rows = {}
        for r in results:
            if r["workload"] == "long" and r["impl"] == i:
                rows.setdefault(r["n"], {})[r["op"]] = r["ns_per_item"]["median"]
        with open(os.path.join(out_dir, f"long-{i}.dat"), "w") as f:
            f.write(f"# {i}: N  encode_ns_per_cp  decode_ns_per_cp  sum (NaN: not run)\n")
            for n in sorted(rows):
                e = rows[n].get("encode", float("nan"))
                d = rows[n].get("decode", float("nan"))
                f.write(f"{n} {e:.4f} {d:.4f} {e + d:.4f}\n")


def front_table(results, machine, peers):
    """The summary table of the top-level README, from the same run."""
    def ns(r):
        return r["ns_per_item"]["median"]

    def ratio(workload, op, peer, n=None):
        me, p = find(results, workload, op, REFERENCE, n), find(results, workload, op, peer, n)
        if me is None or p is None:
            return "-"
        x = ns(p) / ns(me)
        return f"{x:.0f}x" if x >= 10 else f"{x:.1f}x"

    def version(name):
        for k, v in peers.items():
            if k.lower().startswith(name):
                return v
        return ""

    rows = [("Punycode encode, 10k labels", "labels", "encode", "label"),
            ("Punycode decode, 10k labels", "labels", "decode", "label"),
            ("to_ascii, 100k real-world host names", "domains-mixed", "to_ascii", "name"),
            ("to_ascii, 20k IDN names", "domains-idn", "to_ascii", "name"),
            ("to_unicode, 20k ACE names", "domains-idn.ascii", "to_unicode", "name")]
    out = [f"`bench/run.sh` at {machine.get('library_revision', 'unknown')}, "
           f"{(machine.get('date') or '')[:10]}, {machine['cpu_model']} ({machine['nproc']} cores, "
           f"shared); peers {', '.join(f'{k} {v}' for k, v in peers.items())}. "
           "Ratio = peer time / puny time, same run (> 1: puny faster).", "",
           "| workload | puny | vs ICU | vs libidn2 | vs GNU libidn |", "|---|---|---|---|---|"]
    for label, workload, op, unit in rows:
        me = find(results, workload, op, REFERENCE)
        if me is None:
            continue
        out.append(f"| {label} | {ns(me):.0f} ns/{unit} | {ratio(workload, op, 'icu')} | "
                   f"{ratio(workload, op, 'libidn2')} | {ratio(workload, op, 'libidn')} |")
    a = find(results, "ascii-lower", "to_ascii", REFERENCE)
    if a is not None:
        out.append(f"| to_ascii, lowercase ASCII names | {a['mb_per_s']['median'] / 1000:.2f} GB/s, "
                   f"no allocation | {ratio('ascii-lower', 'to_ascii', 'icu')} | "
                   f"{ratio('ascii-lower', 'to_ascii', 'libidn2')} | - |")
    e, d = find(results, "long", "encode", REFERENCE, 262144), find(results, "long", "decode", REFERENCE, 262144)
    if e is not None and d is not None:
        out.append(f"| encode + decode, 262,144 code points | "
                   f"{e['pass_ms_median'] + d['pass_ms_median']:.0f} ms | "
                   f"{ratio('long', 'decode', 'icu', 262144)} (decode) | "
                   f"{ratio('long', 'decode', 'libidn2', 262144)} (decode) | "
                   f"{ratio('long', 'decode', 'libidn', 262144)} (decode) |")
    out.append("")
    return "\n".join(out)


def readme_table(table):
    """What bench/README.md shows of latest.md: the run's header and its main
    table; the long strings, targets and output checks stay in latest.md."""
    head = table.split("\nLong strings (one string", 1)[0].rstrip("\n")
    return (head + "\n\nThe long-string table, the targets and the output checks of the same run: "
            "[results/latest.md](results/latest.md).\n")


def update_readme(readme, table, begin="<!-- results:begin -->", end="<!-- results:end -->"):
    with open(readme) as f:
        text = f.read()
    if begin not in text or end not in text:
        sys.exit(f"report.py: {readme} lacks the {begin} / {end} markers")
    pre, rest = text.split(begin, 1)
    _, post = rest.split(end, 1)
    with open(readme, "w") as f:
        f.write(pre + begin + "\n" + table + end + post)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("raw")
    ap.add_argument("out_dir")
    ap.add_argument("--readme")
    ap.add_argument("--front-readme", help="the top-level README: its perf markers get the summary")
    ap.add_argument("--command", default="bench/run.sh")
    ap.add_argument("--revision", default="unknown",
                    help="the library revision measured (run.sh passes git's)")
    args = ap.parse_args()
    raw, results = load(args.raw)
    context = raw["context"]
    machine = machine_info(context)
    machine["library_revision"] = args.revision
    peers = {k[len("peer "):]: v for k, v in context.items() if k.startswith("peer ")}
    targets = evaluate_targets(results, context)
    os.makedirs(args.out_dir, exist_ok=True)
    doc = {
        "machine": machine,
        "peers": peers,
        "command": args.command,
        "notes": __doc__.split("\n\n", 2)[2].strip(),
        "targets": targets,
        "checks": {k[len("check "):]: v for k, v in context.items() if k.startswith("check ")},
        "skipped": {k[len("skip "):]: v for k, v in context.items() if k.startswith("skip ")},
        "allocations": {k[len("allocations "):]: v for k, v in context.items()
                        if k.startswith("allocations ")},
        "skew": {k[len("skew "):]: v for k, v in context.items() if k.startswith("skew ")},
        "results": results,
    }
    with open(os.path.join(args.out_dir, "latest.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    table = markdown(results, targets, machine, context, peers, args.command)
    with open(os.path.join(args.out_dir, "latest.md"), "w") as f:
        f.write(table)
    write_long_dat(results, args.out_dir)
    if args.readme:
        update_readme(args.readme, readme_table(table))
    if args.front_readme:
        update_readme(args.front_readme, front_table(results, machine, peers),
                      "<!-- perf:begin -->", "<!-- perf:end -->")
    print(table)


if __name__ == "__main__":
    main()
