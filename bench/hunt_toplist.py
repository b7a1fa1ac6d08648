#!/usr/bin/env python3
"""`puny hunt` against a real top-sites brand list (issue 53): false positives
on real benign names and recall over Debian dnstwist's permutations of the
list's brands.  Not part of ctest (the recall run takes minutes; the
benign half is cli.HuntRealBenign); the figures go to bench/README.md.

    bench/hunt_toplist.py LIST [--benign FILE] [--labels TSV]
                          [--perms TSV | --make-perms TSV]
                          [--puny build/cli/puny] [--show N] [--alert N]

The list committed for this: tests/hunt/data/chromium_domains.list
(--benign after-top-bucket takes its names after ###END_TOP_BUCKET###) with
its hand labels tests/hunt/data/chromium_benign_labels.tsv (--labels): then
the benign matches are counted by label (own site, imitation, unrelated).
Every figure is given for all matches and for a run with --min-score
--alert (50, docs/hunt.md "Weak evidence").  Recall is also split by the brand
label's length (3-4 letters, 5 or more).

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


def read_list(path, after=False):
    """The names before ###END_TOP_BUCKET### (or after it, with after)."""
    names, seen = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("###END_TOP_BUCKET"):
                seen = True
                continue
            if seen == after and line and not line.startswith("#"):
                names.append(line.split()[0])
    return names


def read_labels(path):
    """{name: class} from a labels TSV (name, brand, class, reason)."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, _brand, cls, _why = line.rstrip("\n").split("\t")
                out[name] = cls
    return out


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


def hunt(puny, brand_file, names, min_score=0):
    """{name: [match, ...]} for the names that match (puny hunt --min-score:
    a weak match left out may leave room for another rule's, so the alert
    figures come from their own run, not from filtering this one)."""
    data = ("\n".join(names) + "\n").encode("utf-8")
    proc = subprocess.run([puny, "hunt", "--brands", brand_file, "--json", "-j", "2",
                           "--min-score", str(min_score)],
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
                                         "domains-mixed.txt"),
                    help="a file of names, or after-top-bucket: LIST after its marker")
    ap.add_argument("--labels")
    ap.add_argument("--perms")
    ap.add_argument("--make-perms")
    ap.add_argument("--puny", default=os.path.join(REPO, "build", "cli", "puny"))
    ap.add_argument("--show", type=int, default=0, help="print N benign matches per rule")
    ap.add_argument("--alert", type=int, default=50)
    args = ap.parse_args()

    brands = read_list(args.list)
    tmp = tempfile.TemporaryDirectory()
    brand_file = os.path.join(tmp.name, "brands.txt")
    with open(brand_file, "w", encoding="utf-8") as f:
        f.write("\n".join(brands) + "\n")
    print("brands: %d from %s" % (len(brands), args.list))

    if args.benign == "after-top-bucket":
        benign = read_list(args.list, after=True)
    else:
        with open(args.benign, encoding="utf-8", errors="replace") as f:
            benign = [l.strip() for l in f if l.strip()]
    labels = read_labels(args.labels) if args.labels else None
    for floor in (0, args.alert):
        hits = hunt(args.puny, brand_file, benign, floor)
        by_rule = collections.defaultdict(set)
        for name, ms in hits.items():
            best = max(ms, key=lambda m: m["score"])
            by_rule[rule_of(best)].add((name, best["brand"]))
        print("benign, score >= %d: %d of %d names match = %.4f%%" %
              (floor, len(hits), len(benign), 100.0 * len(hits) / len(benign)))
        if labels is not None:
            classes = collections.Counter(labels.get(n, "unlabelled") for n in hits)
            print("  by label: %s; unrelated = %.4f%%" % (
                ", ".join("%s %d" % kv for kv in sorted(classes.items())),
                100.0 * classes["unrelated"] / len(benign)))
            for n in sorted(hits):
                if labels.get(n, "unlabelled") in ("unrelated", "unlabelled"):
                    print("      %s: %s" % (labels.get(n, "unlabelled"), n))
        for r, rule_hits in sorted(by_rule.items(), key=lambda kv: -len(kv[1])):
            print("  best rule %-32s %6d" % (r, len(rule_hits)))
            for name, brand in sorted(rule_hits)[:args.show]:
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
    for floor in (0, args.alert):
        got = hunt(args.puny, brand_file, sorted({p[1] for p in perms}), floor)
        total, found = collections.Counter(), collections.Counter()
        for fuzzer, name, brand in perms:
            size = "3-4" if len(brand.split(".")[0]) <= 4 else "5+"
            hit = any(m["brand"] == brand for m in got.get(name, ()))
            for key in (fuzzer, "brands " + size):
                total[key] += 1
                found[key] += hit
        n = sum(v for k, v in total.items() if not k.startswith("brands "))
        k = sum(v for k, v in found.items() if not k.startswith("brands "))
        print("recall, score >= %d: %d of %d = %.4f (%d brands)" %
              (floor, k, n, k / n, len({p[2] for p in perms})))
        for fz in sorted(total):
            print("  %-14s %8d / %8d = %.4f" % (fz, found[fz], total[fz], found[fz] / total[fz]))


if __name__ == "__main__":
    sys.exit(main())
