#!/usr/bin/env python3
"""`puny hunt` against a real top-sites brand list (issue 53): false positives
on real benign names and recall over Debian dnstwist's permutations of the
list's brands.  Not part of ctest (the list is not in this repository, and
the recall run takes minutes); the figures go to bench/README.md.

    bench/hunt_toplist.py LIST [--benign FILE] [--perms TSV | --make-perms TSV]
                          [--puny build/cli/puny] [--show N]

LIST: one brand a line (Chromium's top_domains/domains.list: the lines before
###END_TOP_BUCKET### are taken when that marker is there).  --benign: real
names that imitate nothing (default ../shared/bench/data/domains-mixed.txt).
--make-perms TSV writes dnstwist's permutations (fuzzer, name, brand) of the
list's brands whose label has 3 or more letters, minus the list's own names,
with Debian's dnstwist under /usr/bin/python3; --perms TSV reads such a file.
A permutation counts as found when the name matches its own brand.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def read_list(path):
    brands = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("###END_TOP_BUCKET"):
                break
            if line and not line.startswith("#"):
                brands.append(line.split()[0])
    return brands


def make_perms(brands, path):
    script = ("import dnstwist, sys\n"
              "own = set(sys.argv[2:])\n"
              "with open(sys.argv[1], 'w') as out:\n"
              "    for b in sys.argv[2:]:\n"
              "        if len(b.split('.')[0]) < 3: continue\n"
              "        f = dnstwist.Fuzzer(b); f.generate()\n"
              "        for d in f.domains:\n"
              "            if d['fuzzer'] != '*original' and d['domain'] not in own:\n"
              "                out.write('%s\\t%s\\t%s\\n' % (d['fuzzer'], d['domain'], b))\n")
    subprocess.run(["/usr/bin/python3", "-c", script, path] + brands, check=True)


def hunt(puny, brand_file, names):
    """{name: [match, ...]} for the names that match."""
    data = ("\n".join(names) + "\n").encode("utf-8")
    proc = subprocess.run([puny, "hunt", "--brands", brand_file, "--json", "-j", "2"],
                          input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode not in (0, 1):
        raise SystemExit("puny hunt failed: " + proc.stderr.decode()[-500:])
    out = {}
    for line in proc.stdout.decode("utf-8").splitlines():
        o = json.loads(line)
        if "matches" in o:
            out.setdefault(o["input"], []).extend(o["matches"])
    return out


def rule_of(m):
    return m["rule"] + ("+" + m["via"] if m.get("via") else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("list")
    ap.add_argument("--benign",
                    default=os.path.join(REPO, "..", "shared", "bench", "data",
                                         "domains-mixed.txt"))
    ap.add_argument("--perms")
    ap.add_argument("--make-perms")
    ap.add_argument("--puny", default=os.path.join(REPO, "build", "cli", "puny"))
    ap.add_argument("--show", type=int, default=0, help="print N benign matches per rule")
    args = ap.parse_args()

    brands = read_list(args.list)
    tmp = tempfile.TemporaryDirectory()
    brand_file = os.path.join(tmp.name, "brands.txt")
    with open(brand_file, "w", encoding="utf-8") as f:
        f.write("\n".join(brands) + "\n")
    print("brands: %d from %s" % (len(brands), args.list))

    with open(args.benign, encoding="utf-8", errors="replace") as f:
        benign = [l.strip() for l in f if l.strip()]
    got = hunt(args.puny, brand_file, benign)
    by_rule = collections.defaultdict(set)
    for name, ms in got.items():
        best = max(ms, key=lambda m: m["score"])
        by_rule[rule_of(best)].add((name, best["brand"]))
    print("benign: %d of %d names match = %.4f%%" %
          (len(got), len(benign), 100.0 * len(got) / len(benign)))
    for r, hits in sorted(by_rule.items(), key=lambda kv: -len(kv[1])):
        print("  best rule %-32s %6d" % (r, len(hits)))
        for name, brand in sorted(hits)[:args.show]:
            print("      %s (%s)" % (name, brand))

    perms_path = args.perms
    if args.make_perms:
        make_perms(brands, args.make_perms)
        perms_path = args.make_perms
    if not perms_path:
        return
    perms = []
    with open(perms_path, encoding="utf-8") as f:
        for line in f:
            fuzzer, name, brand = line.rstrip("\n").split("\t")
            perms.append((fuzzer, name, brand))
    got = hunt(args.puny, brand_file, sorted({p[1] for p in perms}))
    total, found = collections.Counter(), collections.Counter()
    for fuzzer, name, brand in perms:
        total[fuzzer] += 1
        found[fuzzer] += any(m["brand"] == brand for m in got.get(name, ()))
    n, k = sum(total.values()), sum(found.values())
    print("recall: %d of %d = %.4f (%d brands)" %
          (k, n, k / n, len({p[2] for p in perms})))
    for fz in sorted(total):
        print("  %-14s %8d / %8d = %.4f" % (fz, found[fz], total[fz], found[fz] / total[fz]))


if __name__ == "__main__":
    sys.exit(main())
