"""Tests of `puny hunt` (docs/hunt.md): input forms, output shapes, -j, the
brand list's errors, and recall and false positives measured with Debian's
dnstwist (its permutations of a few brands) and real benign names.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt.py -v

The recall and false-positive rates are printed; the assertions are loose
lower (and upper) bounds that only a broken matcher misses, not today's
numbers.
"""

import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))
BENIGN = os.path.join(REPO, "..", "shared", "bench", "data", "domains-mixed.txt")
BRANDS = ["paypal.com", "google.com", "microsoft.com", "amazon.com", "netflix.com",
          "facebook.com"]


# dnstwist's permutations of BRANDS that are common words: not edits of a
# brand (docs/hunt.md, "Brands that are words"); papal.com, an omission of
# paypal, is the other one.
WORDS_NOT_EDITS = {"goggle.com"}


def run(args, stdin=b""):
    proc = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


class Base(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.brands = os.path.join(cls.tmp.name, "brands.txt")
        with open(cls.brands, "w", encoding="utf-8") as f:
            f.write("# test brands\n")
            f.write("paypal.com keywords=wallet allow=paypal.me\n")
            for b in BRANDS[1:]:
                f.write(b + "\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def hunt(self, lines, *extra):
        data = ("\n".join(lines) + "\n").encode("utf-8")
        code, out, err = run(["hunt", "--brands", self.brands, "--json"] + list(extra), data)
        self.assertEqual(code, 0, err)
        return [json.loads(l) for l in out.decode("utf-8").splitlines()]


class HuntCommand(Base):
    def test_plain_zone_and_certstream_lines(self):
        ct = json.dumps({"data": {"leaf_cert": {"all_domains": [
            "*.paypal.com-login.evil.tld", "harmless.org", "rnicrosoft.com"]}}})
        objs = self.hunt(["paypa1.com", "example.com", ct,
                          "paypal-login.com. 3600 IN A 192.0.2.1", "; a comment",
                          "xn--80aa0cbo65f.com"])
        got = [(o["line"], o["input"], sorted({m["rule"] for m in o["matches"]})) for o in objs]
        self.assertIn((1, "paypa1.com", ["homoglyph", "replacement"]), got)
        self.assertIn((3, "paypal.com-login.evil.tld", ["target_embedding"]), got)
        self.assertIn((3, "rnicrosoft.com", ["homoglyph"]), got)
        self.assertIn((4, "paypal-login.com.", ["combo_squatting"]), got)
        self.assertIn((6, "xn--80aa0cbo65f.com", ["skeleton"]), got)
        self.assertEqual(len(got), 5, got)  # example.com and harmless.org: nothing
        for o in objs:
            for m in o["matches"]:
                self.assertLessEqual(m["offset"] + m["length"], len(o["input"].encode()))
                self.assertIn(m["brand"], BRANDS)
        # The verdict: the Cyrillic name is kept in A-label form.
        cyr = [o for o in objs if o["line"] == 6][0]
        self.assertFalse(cyr["verdict"]["all_shown"])
        self.assertEqual(cyr["name"], "\u0440\u0430\u0443\u0440\u0430\u04cf.com")

    def test_u_label_and_a_label_forms_match_alike(self):
        u = "\u0440\u0430\u0443\u0440\u0430l.com"
        a = subprocess.run([PUNY, "to-ascii", u], stdout=subprocess.PIPE).stdout.decode().strip()
        self.assertTrue(a.startswith("xn--"), a)
        ou, oa = self.hunt([u]), self.hunt([a])
        strip = lambda o: [(m["brand"], m["rule"]) for m in o[0]["matches"]]
        self.assertEqual(strip(ou), strip(oa))
        self.assertNotEqual(strip(ou), [])

    def test_text_output_names_line_brand_rule_offsets(self):
        code, out, err = run(["hunt", "--brands", self.brands, "ok.org", "x.paypal.com.evil.tld"])
        self.assertEqual(code, 0, err)
        fields = out.decode().rstrip("\n").split("\t")
        self.assertEqual(fields[:2], ["2", "x.paypal.com.evil.tld"])
        self.assertEqual(fields[3], "paypal.com target_embedding 2+10 85")

    def test_own_names_and_rules_option(self):
        self.assertEqual(self.hunt(["paypal.com", "www.paypal.com", "paypal.me"]), [])
        self.assertEqual(self.hunt(["paypa1.com"], "--rules", "tld_swap"), [])
        objs = self.hunt(["paypa1.com"], "--rules", "homoglyph")
        self.assertEqual([m["rule"] for m in objs[0]["matches"]], ["homoglyph"])
        self.assertEqual(self.hunt(["paypa1.com"], "--min-score", "100"), [])

    def test_jobs_give_the_same_output(self):
        # --min-score 0: amazon.net (a tld_swap, weak evidence) prints too.
        lines = ["paypa1.com", "example.org", "g00gle.com", "amazon.net"] * 3000
        data = ("\n".join(lines) + "\n").encode()
        one = run(["hunt", "--brands", self.brands, "--min-score", "0"], data)
        many = run(["hunt", "--brands", self.brands, "--min-score", "0", "-j", "2", "--progress"],
                   data)
        self.assertEqual(one[0], 0)
        self.assertEqual(one[1], many[1])
        self.assertEqual(len(one[1].splitlines()), 9000)

    def test_brand_list_errors_are_usage_errors(self):
        bad = os.path.join(self.tmp.name, "bad.txt")
        with open(bad, "w") as f:
            f.write("paypal.com\ncom\n")
        # --strict: a malformed line fails the run (without it, a warning:
        # test_hunt_brands.py).
        code, out, err = run(["hunt", "--strict", "--brands", bad, "paypa1.com"])
        self.assertEqual(code, 2)
        self.assertEqual(out, b"")
        self.assertIn("bad.txt:2:", err)
        code, _, err = run(["hunt", "--brands", os.path.join(self.tmp.name, "none"), "x.com"])
        self.assertEqual(code, 2)
        self.assertIn("file_unreadable", err)
        code, _, _ = run(["hunt", "x.com"])  # --brands is required
        self.assertEqual(code, 2)


    def test_rules_are_the_cores(self):
        # --help lists the core's registry (tests/vocabulary's hunt_rules):
        # every rule with its description, in the registry's order.
        path = os.environ.get("PUNY_VOCABULARY")
        self.assertTrue(path and os.path.exists(path),
                        "PUNY_VOCABULARY must name the core's vocabulary.json")
        with open(path, encoding="utf-8") as f:
            core = json.load(f)["hunt_rules"]
        code, out, err = run(["hunt", "--help"])
        self.assertEqual(code, 0, err)
        help_text = re.sub(r"\s+", " ", out.decode())
        listed = re.findall(r" ([a-z_]+): ", out.decode())
        self.assertEqual([r for r in listed if r in {c["name"] for c in core}],
                         [c["name"] for c in core])
        for c in core:
            self.assertIn("%s: %s" % (c["name"], c["description"]), help_text)
        # Values are stable: the rules added for issue 39's reasons come last.
        self.assertEqual([(c["name"], c["value"]) for c in core[-5:]],
                         [("keyboard", 13), ("vowel_swap", 14), ("bitsquatting", 15),
                          ("label_split", 16), ("chromium_skeleton", 17)])

    def test_rule_lists_of_completions_and_man_page_are_the_cores(self):
        # `puny hunt --help` lists the core's registry; the shell completions
        # and puny(1) keep a copy that must name the same rules.
        code, out, err = run(["hunt", "--help"])
        self.assertEqual(code, 0, err)
        listed = re.findall(r"^\s+([a-z_]+): ", out.decode(), re.M)
        self.assertIn("label_split", listed)
        self.assertIn("chromium_skeleton", listed)
        cli = os.path.join(REPO, "surfaces", "cli")
        with open(os.path.join(cli, "completions", "puny.bash"), encoding="utf-8") as f:
            bash = re.search(r'--rules\)[^"]*"([^"]*)"', f.read()).group(1).split()
        with open(os.path.join(cli, "completions", "_puny"), encoding="utf-8") as f:
            zsh = re.search(r":rules:\(([^)]*)\)", f.read()).group(1).split()
        with open(os.path.join(cli, "puny.1"), encoding="utf-8") as f:
            man = re.search(r"only the rules named \(([^)]*)\)", f.read(), re.S).group(1)
        man = [w.strip() for w in man.replace("\n", " ").split(",")]
        self.assertEqual(bash, listed)
        self.assertEqual(zsh, listed)
        self.assertEqual(man, listed)


def dnstwist_permutations(with_keyboard=False):
    # Debian's dnstwist (scripts/install-deps.sh) imports under /usr/bin/python3.
    # Each permutation as (fuzzer, domain, brand); with_keyboard: and
    # dnstwist's own QWERTY neighbour table.
    script = ("import dnstwist, json, sys\n"
              "out = []\n"
              "for b in sys.argv[1:]:\n"
              "    f = dnstwist.Fuzzer(b); f.generate()\n"
              "    out += [(d['fuzzer'], d['domain'], b) for d in f.domains\n"
              "            if d['fuzzer'] != '*original']\n"
              "print(json.dumps([out, dnstwist.Fuzzer(sys.argv[1]).qwerty]))\n")
    proc = subprocess.run(["/usr/bin/python3", "-c", script] + BRANDS, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=200)
    if proc.returncode != 0:
        raise AssertionError("dnstwist is needed (apt-get install dnstwist): "
                             + proc.stderr.decode()[-300:])
    perms, qwerty = json.loads(proc.stdout)
    return (perms, qwerty) if with_keyboard else perms


def expected_reason(brand_label, name_label, qwerty):
    """The reason docs/hunt.md gives a one-letter replacement, from dnstwist's
    QWERTY table, the vowels and the ASCII codes; None if not one."""
    if len(brand_label) != len(name_label):
        return None
    diff = [(a, b) for a, b in zip(brand_label, name_label) if a != b]
    if len(diff) != 1:
        return None
    a, b = diff[0]
    x = ord(a) ^ ord(b)
    if b in qwerty.get(a, ""):
        return "keyboard"
    if a in "aeiou" and b in "aeiou":
        return "vowel_swap"
    if x & (x - 1) == 0 and (b.isdigit() or "a" <= b <= "z" or b == "-"):
        return "bitsquatting"
    return "replacement"


class HuntRecall(Base):
    def test_recall_on_dnstwist_permutations(self):
        perms = dnstwist_permutations()
        objs = self.hunt([d for _, d, _ in perms])
        hit = {o["input"] for o in objs}
        total, found = collections.Counter(), collections.Counter()
        for fuzzer, d, _ in perms:
            total[fuzzer] += 1
            found[fuzzer] += d in hit
        for fuzzer in sorted(total):
            print("recall %-14s %5d / %5d = %.3f" % (fuzzer, found[fuzzer], total[fuzzer],
                                                   found[fuzzer] / total[fuzzer]), file=sys.stderr)
        overall = sum(found.values()) / sum(total.values())
        print("recall overall %.3f of %d" % (overall, sum(total.values())), file=sys.stderr)
        # Edit-distance permutations: every rule of docs/hunt.md's table.
        for fuzzer in ("insertion", "omission", "replacement", "transposition", "repetition",
                       "hyphenation", "bitsquatting", "vowel-swap", "addition", "subdomain"):
            self.assertGreater(found[fuzzer] / total[fuzzer], 0.8, fuzzer)
        self.assertGreater(found["homoglyph"] / total["homoglyph"], 0.4)
        # The cyrillic fuzzer's names: ԍооԍӏе.com needs Chromium's skeleton
        # (confusables.txt maps U+050D to small capital G, not g).
        self.assertEqual(found["cyrillic"], total["cyrillic"])
        self.assertGreater(overall, 0.5)

    def test_reasons_of_replacements_and_split_labels(self):
        # dnstwist's replacement, bitsquatting and vowel-swap permutations
        # replace one letter: each gets the reason its pair names (keyboard
        # neighbour by dnstwist's QWERTY table, then vowels, then one bit),
        # and only that one.  Its subdomain permutations (pay.pal.com) are
        # label_split matches over every label left of the suffix.
        perms, qwerty = dnstwist_permutations(with_keyboard=True)
        edit_rules = {"keyboard", "vowel_swap", "bitsquatting", "replacement"}
        chosen = [p for p in perms
                  if p[0] in ("replacement", "bitsquatting", "vowel-swap", "subdomain")]
        objs = {o["input"]: o for o in self.hunt([d for _, d, _ in chosen])}
        seen = collections.Counter()
        for fuzzer, domain, brand in chosen:
            o = objs.get(domain)
            if domain in WORDS_NOT_EDITS:
                # A common word is not reported as an edit (docs/hunt.md,
                # "Brands that are words").
                self.assertIsNone(o, domain)
                continue
            self.assertIsNotNone(o, domain)
            rules = {m["rule"] for m in o["matches"] if m["brand"] == brand}
            if fuzzer == "subdomain":
                (m,) = [m for m in o["matches"] if m["rule"] == "label_split"]
                self.assertEqual(m["brand"], brand)
                self.assertEqual(domain[m["offset"]:m["offset"] + m["length"]],
                                 domain[:-len(".com")])
                seen["label_split"] += 1
                continue
            want = expected_reason(brand.split(".")[0], domain.split(".")[0], qwerty)
            self.assertIsNotNone(want, domain)
            self.assertEqual(rules & edit_rules, {want}, (domain, brand))
            seen[want] += 1
        print("reasons", dict(seen), file=sys.stderr)
        # Every reason occurs (dnstwist's sets hold all four kinds of pair).
        self.assertEqual(set(seen), edit_rules | {"label_split"})

    def test_false_positives_on_benign_names(self):
        with open(BENIGN, encoding="utf-8", errors="replace") as f:
            names = [l.strip() for l in f if l.strip()]
        objs = self.hunt(names)
        rate = len(objs) / len(names)
        print("false positives %d / %d = %.5f" % (len(objs), len(names), rate), file=sys.stderr)
        for o in objs[:20]:
            print("  ", o["input"], [(m["brand"], m["rule"]) for m in o["matches"]], file=sys.stderr)
        self.assertLess(rate, 0.01)


if __name__ == "__main__":
    unittest.main()
