#!/usr/bin/env python3
"""Recall of `puny hunt` and `puny display` on a labelled set of real IDN homographs.

The set is the manually classified homograph IDNs of Lai, Jian and Sidrach,
"Internationalized Domain Name Homograph Attacks" (UC San Diego CSE 227,
2017; github.com/jsidrach/idn-homograph-attack, MIT licence):
data/manually-classified-idns-20170501.csv.  Each row is a registered .com
IDN from the 2017-05-01 .com zone, the Alexa .com brand it imitates, and how
the authors classified its use.  The file is not part of this repository and
no test needs it: fetch it yourself and give its path.

Columns: Alexa rank, brand label, Unicode label, A-label (no TLD),
registrant, registrant e-mail, class ("Third Party - Parking", ...).

For every name the script asks:
  hunt     does `puny hunt` report the labelled brand (brands: every brand
           label of the file + ".com"), and with which rule?
  display  does each browser profile keep the name as A-labels, alone and
           (chromium) with the brands as its protected (top-domain) list?

Usage:
  hunt_homograph_recall.py CSV [--puny PATH] [--misses] [--min-score N]

Python 3 standard library only.
"""

import argparse
import collections
import csv
import json
import os
import subprocess
import sys
import tempfile


def read_rows(path):
    rows = []
    with open(path, encoding="utf-8", newline="") as f:
        for number, fields in enumerate(csv.reader(f), 1):
            if not fields:
                continue
            if len(fields) != 7:
                sys.exit("%s:%d: expected 7 columns, got %d" % (path, number, len(fields)))
            rank, brand, unicode_label, a_label, _, _, kind = fields
            if not rank.isdigit() or not a_label.startswith("xn--") or not brand:
                sys.exit("%s:%d: not a labelled homograph row: %r" % (path, number, fields))
            rows.append({"brand": brand.lower() + ".com", "unicode": unicode_label + ".com",
                         "name": a_label.lower() + ".com", "kind": kind})
    return rows


def run_json(argv):
    """Run puny with --json; return {input line number: object}."""
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 1):  # 1: some inputs failed, reported per line
        sys.exit("%s failed (%d): %s" % (" ".join(argv), proc.returncode, proc.stderr[:500]))
    return parse_lines(proc.stdout)


def unlisted_brands(puny, brands, tmp):
    """Brands the Public Suffix List makes public suffixes (hk.com is one):
    `puny hunt` refuses them as brands, naming the line; they are left out."""
    left_out = []
    path = os.path.join(tmp, "brands.txt")
    while True:
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(b + "\n" for b in brands))
        proc = subprocess.run([puny, "hunt", "--brands", path], input="", stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        prefix = "puny: %s:" % path
        if proc.returncode == 0 or not proc.stderr.startswith(prefix) or "not a registrable name" not in proc.stderr:
            if proc.returncode != 0:
                sys.exit("puny hunt refused the brand list: " + proc.stderr[:500])
            return brands, path, left_out
        line = int(proc.stderr[len(prefix):].split(":", 1)[0])
        left_out.append(brands.pop(line - 1))


def parse_lines(stdout):
    out = {}
    for line in stdout.splitlines():
        obj = json.loads(line)
        out[obj["line"]] = obj
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", help="manually-classified-idns-20170501.csv")
    ap.add_argument("--puny", default=os.path.join(here, "..", "build", "cli", "puny"))
    ap.add_argument("--misses", action="store_true", help="list every name hunt misses")
    ap.add_argument("--min-score", default="0",
                    help="count only matches scoring this or more (50: the alert threshold)")
    args = ap.parse_args()
    rows = read_rows(args.csv)
    brands = sorted({r["brand"] for r in rows})

    with tempfile.TemporaryDirectory() as tmp:
        names_path = os.path.join(tmp, "names.txt")
        with open(names_path, "w", encoding="utf-8") as f:
            f.write("".join(r["name"] + "\n" for r in rows))
        brands, brands_path, left_out = unlisted_brands(args.puny, brands, tmp)
        hunt = run_json([args.puny, "hunt", "--json", "--quiet", "--min-score", args.min_score,
                         "--brands", brands_path,
                         "--input", names_path])
        displays = {}
        for label, extra in (("chromium", ["--profile", "chromium"]),
                             ("chromium + brands as top domains",
                              ["--profile", "chromium", "--top-domains", brands_path]),
                             ("firefox-moderate", ["--profile", "firefox-moderate"]),
                             ("uts39-highly-restrictive", ["--profile", "uts39-highly-restrictive"])):
            displays[label] = run_json([args.puny, "display", "--json", "--quiet", "--input",
                                        names_path] + extra)

    found = 0
    by_rule = collections.Counter()
    by_kind = collections.defaultdict(lambda: [0, 0])
    misses = []
    for i, r in enumerate(rows, 1):
        h = hunt.get(i)
        matches = h["matches"] if h else []
        own = [m for m in matches if m["brand"] == r["brand"]]
        by_kind[r["kind"]][1] += 1
        if own:
            found += 1
            by_kind[r["kind"]][0] += 1
            by_rule[max(own, key=lambda m: m["score"])["rule"]] += 1
        else:
            others = ",".join(sorted({m["brand"] + ":" + m["rule"] for m in matches}))
            misses.append((r["name"], r["unicode"], r["brand"], others or "-"))

    n = len(rows)
    print("set: %s (%d names, %d brands)" % (os.path.basename(args.csv), n, len(brands) + len(left_out)))
    if left_out:
        print("brands that are public suffixes, so not brands (their names count as misses): "
              + ", ".join(left_out))
    print("hunt recall (labelled brand reported): %d/%d = %.3f" % (found, n, found / n))
    for rule, count in by_rule.most_common():
        print("  best rule %-16s %d" % (rule, count))
    for kind, (hit, total) in sorted(by_kind.items()):
        print("  %-36s %d/%d" % (kind, hit, total))
    for label, out in displays.items():
        kept = shown = failed = 0
        for i in range(1, n + 1):
            o = out.get(i)
            if o is None or o.get("errors"):
                failed += 1
            elif all(l["show_unicode"] for l in o["labels"]):
                shown += 1
            else:
                kept += 1
        print("display %-34s kept as A-labels %d, shown in Unicode %d, not valid IDNA %d"
              % (label, kept, shown, failed))
    # The chromium profile's lookalike step with the brands as its list:
    # does it name the labelled brand?
    with_list = displays["chromium + brands as top domains"]
    named = set()
    for i, r in enumerate(rows, 1):
        o = with_list.get(i)
        for label in (o or {}).get("labels", []):
            for f in label["findings"]:
                if f["reason"] == "top_domain_lookalike" and f["similar_to"] == r["brand"]:
                    named.add(r["name"])
    print("display chromium + brands: lookalike step names the labelled brand for %d/%d = %.3f"
          % (len(named), n, len(named) / n))

    short = [m for m in misses if len(m[2].split(".")[0]) < 3]
    rest = [m for m in misses if len(m[2].split(".")[0]) >= 3]
    print("hunt misses: %d (brand label under 3 characters, below the skeleton rule's minimum: %d; "
          "longer brands: %d, of which the display lookalike step names the brand for %d)"
          % (len(misses), len(short), len(rest), sum(1 for m in rest if m[0] in named)))
    letters = collections.Counter()
    for _, uni, _, _ in rest:
        for ch in set(uni.split(".")[0]):
            if ord(ch) > 0x7F:
                letters[ch] += 1
    print("  non-ASCII letters in the longer brands' misses (names with the letter): "
          + ", ".join("U+%04X %s %d" % (ord(c), c, k) for c, k in letters.most_common(25)))
    for name, uni, brand, others in (misses if args.misses else rest[:20]):
        print("  %s\t%s\t%s\tmatched: %s" % (name, uni, brand, others))
    return 0


if __name__ == "__main__":
    sys.exit(main())
