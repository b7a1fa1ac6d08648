#!/usr/bin/env python3
"""hunt_matches and hunt_brands against `puny hunt --json --min-score 0`
(issue 53: every surface gives the core's triage in the core's words).  Run
by run-tests.sh with the server it started (PGHOST, PGPORT, PGUSER and
PGDATABASE in the environment, the extension created):

  hunt_crosscheck.py PUNY_CLI

The names are picked by hand (combined matches, a brand matched by two
rules, two brands in one name, Cyrillic lookalikes, matching nothing): the
benchmark's domains-mixed.txt has none of these shapes (no match at all
against these brands).  No Public Suffix List on either side.  For every name:
hunt_matches' rows are the CLI's `matches` in order (brand, rule, via, score,
position/length as the CLI's byte offset and length), hunt_brands' rows its
`brands` (the same, the `reason` and `also`), and each match's reason the
one its brand entry gives.  Exit status 1 with the first differences.
"""
import json
import os
import subprocess
import sys
import tempfile

BRANDS = ["paypal.com keywords=wallet allow=paypal.me", "google.com", "microsoft.com", "amazon.com"]
NAMES = [
    "paypa1-login.com", "paypa1.com", "g00gle-paypal.com", "paypal.com.evil.tld", "paypa1.com.evil.tld",
    "amazn.com.evil.tld", "securepaypall.com", "rnicrosoft-support.com", "раураl-login.com",
    "раураl.com.evil.tld", "g00gle.com", "paypal.net", "pay-pal.com", "paypak.com", "pay.pal.com",
    "gooogle.com", "ü.paypa1-wallet.com", "example.org", "paypal.me", "harmless.net", "www.мicrosofт.com",
    "xn--icrosof-sig5d.com", "paypa1com.net", "microsoft365-login.com",
]


def position(name, offset, length):
    """The CLI's byte offset and length as SQL's characters (1-based)."""
    b = name.encode("utf-8")
    start = len(b[:offset].decode("utf-8"))
    return start + 1, len(b[offset:offset + length].decode("utf-8"))


def main():
    cli, names = sys.argv[1], NAMES
    with tempfile.TemporaryDirectory() as tmp:
        brands_path, names_path = os.path.join(tmp, "brands.txt"), os.path.join(tmp, "names.txt")
        with open(brands_path, "w", encoding="utf-8") as f:
            f.write("".join(b + "\n" for b in BRANDS))
        with open(names_path, "w", encoding="utf-8") as f:
            f.write("".join(n + "\n" for n in names))
        run = subprocess.run([cli, "hunt", "--brands", brands_path, "--no-psl", "--json", "--min-score", "0",
                              "--input", names_path], capture_output=True, check=False)
        if run.returncode != 0:
            sys.exit(f"hunt cross-check: {cli} hunt failed: {run.stderr.decode('utf-8', 'replace')}")
        expected = {o["line"]: o for o in map(json.loads, run.stdout.decode("utf-8").splitlines())}
        brands_sql = "ARRAY[" + ", ".join("'" + b + "'" for b in BRANDS) + "]"
        # One psql session: the temporary table, the setting and the query.
        script = os.path.join(tmp, "query.sql")
        with open(script, "w", encoding="utf-8") as f:
            f.write(f"""SET puny.psl_file = '';
CREATE TEMP TABLE hunt_names (id bigserial, name text);
\\copy hunt_names (name) FROM '{names_path}' WITH (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')
SELECT coalesce(json_agg(json_build_object('line', n.id, 'name', n.name,
  'matches', (SELECT json_agg(json_build_object('brand', m.brand, 'rule', m.rule, 'via', m.via,
                'score', m.score, 'position', m.position, 'length', m.length, 'reason', m.reason) ORDER BY m.o)
                FROM hunt_matches(n.name, {brands_sql}, '', 0)
                  WITH ORDINALITY m(brand, rule, score, position, length, display, shown, via, reason, o)),
  'brands', (SELECT json_agg(json_build_object('brand', b.brand, 'rule', b.rule, 'via', b.via,
                'score', b.score, 'position', b.position, 'length', b.length, 'reason', b.reason,
                'also', b.also) ORDER BY b.o)
                FROM hunt_brands(n.name, {brands_sql}, '', 0)
                  WITH ORDINALITY b(brand, rule, score, position, length, display, shown, via, reason, also, o)))
  ORDER BY n.id), '[]') FROM hunt_names n;
""")
        out = subprocess.run(["psql", "-X", "-qAt", "-v", "ON_ERROR_STOP=1", "-f", script], capture_output=True,
                             check=False)
    if out.returncode != 0:
        sys.exit(f"hunt cross-check: psql failed: {out.stderr.decode('utf-8', 'replace')}")
    rows = json.loads(out.stdout.decode("utf-8").strip().splitlines()[-1])
    problems, matches, combined, entries = [], 0, 0, 0
    if len(rows) != len(names):
        problems.append(f"SQL read {len(rows)} names, the CLI {len(names)}")
    for row in rows:
        line, name = row["line"], row["name"]
        c = expected.get(line, {"matches": [], "brands": []})
        if c.get("input", name) != name:
            problems.append(f"line {line}: SQL has {name!r}, the CLI {c['input']!r}")
            continue

        def entry(m, with_reason):
            pos, length = position(name, m["offset"], m["length"])
            e = {"rule": m["rule"], "via": m.get("via"), "score": m["score"], "position": pos, "length": length}
            if with_reason:
                e = {"brand": m["brand"], **e, "reason": m["reason"]}
            return e

        want_matches = [{"brand": m["brand"], **entry(m, False)} for m in c["matches"]]
        got_matches = [{k: v for k, v in m.items() if k != "reason"} for m in row["matches"] or []]
        if got_matches != want_matches:
            problems.append(f"{name}: hunt_matches {got_matches} != the CLI's {want_matches}")
        want_brands = [{**entry(b, True), "also": [{k: v for k, v in entry(a, False).items()
                                                    if k != "via" or v is not None} for a in b["also"]]}
                       for b in c["brands"]]
        got_brands = row["brands"] or []
        if got_brands != want_brands:
            problems.append(f"{name}: hunt_brands {got_brands} != the CLI's {want_brands}")
        # Each match's reason is the one the core gives its rule and via:
        # the reason of a brand entry whose best match has them.
        reasons = {(b["rule"], b["via"]): b["reason"] for b in got_brands}
        for m in row["matches"] or []:
            key = (m["rule"], m["via"])
            if key in reasons and m["reason"] != reasons[key]:
                problems.append(f"{name}: hunt_matches' reason {m['reason']!r} != hunt_brands' {reasons[key]!r}")
        matches += len(got_matches)
        combined += sum(1 for m in got_matches if m["via"] is not None)
        entries += len(got_brands)
    if matches < 20 or combined < 5:
        problems.append(f"only {matches} matches ({combined} combined): the comparison proves little")
    for p in problems[:20]:
        print("hunt cross-check FAILED:", p)
    print(f"hunt: {len(rows)} names, {matches} matches ({combined} combined), {entries} brand entries: "
          f"hunt_matches and hunt_brands vs puny hunt --json --min-score 0, "
          f"{'identical' if not problems else f'{len(problems)} DIFFERENT'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
