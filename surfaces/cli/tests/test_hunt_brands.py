"""`puny hunt` on real brand lists (issue 53): brands that are public
suffixes, malformed lines as warnings (--strict: failures), and the rules
for short brands with their false positives measured on real benign names.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt_brands.py -v

The brands are real top sites (the 1-4 letter labels of Chromium's
top-domains list's top bucket, and x.com); the benign names are
../shared/bench/data/domains-mixed.txt (100,000 real names).  The figures
are printed; the assertions hold the issue's bound (at most 0.1%).
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))
BENIGN = os.path.join(REPO, "..", "shared", "bench", "data", "domains-mixed.txt")
PSL = "/usr/share/publicsuffix/public_suffix_list.dat"

# Brands of 1-2 and 4 letters from real top-site lists.
SHORT_BRANDS = """x.com hp.com qq.com vk.com mi.com ok.ru rt.com rg.ru mk.ru kp.ru jw.org xe.com
op.gg wp.pl go.com ca.gov""".split()
FOUR_BRANDS = """ebay.com imdb.com bing.com live.com hulu.com etsy.com espn.com ikea.com nike.com
uber.com usps.com yelp.com xbox.com wish.com dell.com cnet.com cnbc.com asus.com asos.com
vice.com fnac.com goal.com mega.nz onet.pl otto.de bild.de chip.de daum.net""".split()
# Real top sites that the Public Suffix List makes public suffixes.
SUFFIX_BRANDS = ["blogspot.com", "appspot.com", "herokuapp.com", "github.io", "myshopify.com",
                 "wixsite.com", "br.com"]


def run(args, stdin=b""):
    proc = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


class Base(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.exists(PSL):
            raise AssertionError("Debian's publicsuffix package is needed: " + PSL)
        cls.tmp = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def brand_file(self, name, lines):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        return path

    def hunt(self, brands, names, *extra):
        data = ("\n".join(names) + "\n").encode("utf-8")
        code, out, err = run(["hunt", "--brands", brands, "--json"] + list(extra), data)
        self.assertEqual(code, 0, err)
        return [json.loads(l) for l in out.decode("utf-8").splitlines()], err

    def matched(self, objs):
        """{input: {(brand, rule), ...}}"""
        return {o["input"]: {(m["brand"], m["rule"]) for m in o["matches"]} for o in objs}


class HuntSuffixBrands(Base):
    def test_suffix_brands_are_accepted_and_protected(self):
        brands = self.brand_file("suffix.txt", SUFFIX_BRANDS + ["paypal.com"])
        objs, err = self.hunt(brands, [
            "blogspot.com", "www.blogspot.com", "myblog.blogspot.com", "bl0gspot.com",
            "blogspot-login.com", "blogspot.net", "blogspot.com.evil.tld", "x.bl0gspot.com",
            "paypal.blogspot.com", "githubb.io", "myproject.github.io", "herokuapp.co",
            "appspot.com-secure.net", "br.com", "bг.com", "shop.br.com"],
            "--min-score", "0")  # every match: the tld_swaps are weak evidence
        self.assertEqual(err, "")
        got = self.matched(objs)
        # The brand's own name and every name under it: no match of it.
        for own in ("blogspot.com", "www.blogspot.com", "myblog.blogspot.com",
                    "myproject.github.io", "br.com", "shop.br.com"):
            self.assertNotIn(own, got)
        # Its lookalikes, as for any brand.
        self.assertIn(("blogspot.com", "homoglyph"), got["bl0gspot.com"])
        self.assertIn(("blogspot.com", "homoglyph"), got["x.bl0gspot.com"])
        self.assertIn(("blogspot.com", "combo_squatting"), got["blogspot-login.com"])
        self.assertIn(("blogspot.com", "tld_swap"), got["blogspot.net"])
        self.assertIn(("blogspot.com", "target_embedding"), got["blogspot.com.evil.tld"])
        self.assertIn(("github.io", "repetition"), got["githubb.io"])
        self.assertIn(("herokuapp.com", "tld_swap"), got["herokuapp.co"])
        self.assertIn(("appspot.com", "target_embedding"), got["appspot.com-secure.net"])
        # A two-letter suffix brand: its non-ASCII lookalike under its suffix.
        self.assertIn(("br.com", "skeleton"), got["bг.com"])
        # Another brand under a suffix brand is still an imitation of it.
        self.assertIn(("paypal.com", "tld_swap"), got["paypal.blogspot.com"])

    def test_bad_lines_are_warnings_unless_strict(self):
        brands = self.brand_file("mixed.txt", [
            "# a top-sites list with problems", "paypal.com", "com", "blogspot.com",
            "bad..name", "google.com colour=red", "ebay.com"])
        code, out, err = run(["hunt", "--brands", brands, "--min-score", "0", "paypa1.com",
                              "g00gle.com", "bl0gspot.com", "ebay.net"])  # ebay.net: weak
        self.assertEqual(code, 0, err)
        lines = out.decode().splitlines()
        self.assertEqual([l.split("\t")[1] for l in lines],
                         ["paypa1.com", "bl0gspot.com", "ebay.net"])  # google.com's line is bad
        warnings = [l for l in err.splitlines() if "warning" in l]
        self.assertEqual(len(warnings), 3, err)
        for line_no, w in zip((3, 5, 6), warnings):
            self.assertIn("mixed.txt:%d:" % line_no, w)
        self.assertIn("colour=red", warnings[2])
        # --strict: the first bad line fails the run, nothing is printed.
        code, out, err = run(["hunt", "--strict", "--brands", brands, "paypa1.com"])
        self.assertEqual(code, 2)
        self.assertEqual(out, b"")
        self.assertIn("mixed.txt:3:", err)
        # A list of only bad lines is no list.
        only_bad = self.brand_file("bad.txt", ["com", "bad..name"])
        code, out, err = run(["hunt", "--brands", only_bad, "x.com"])
        self.assertEqual(code, 2)
        self.assertIn("no usable brand", err)


class HuntShortBrands(Base):
    def test_short_brands_lookalikes(self):
        brands = self.brand_file("short.txt", SHORT_BRANDS + FOUR_BRANDS)
        objs, _ = self.hunt(brands, [
            "\u0445.com", "\u04bb\u0440.com", "\u0440\u0445.com", "\u043e\u043a.ru",
            "\u0445.net", "xn--j1a.com",
            "ebya.com", "ebbay.com", "e-bay.com", "ebsy.com", "imbd.com", "bimg.com",
            "livve.com", "ebay.org", "ebya.org", "hp.com", "hq.com", "lve.com", "life.com",
            "help.com", "helpapp.com"], "--min-score", "0")  # weak evidence too
        got = self.matched(objs)
        self.assertIn(("x.com", "skeleton"), got["\u0445.com"])          # Cyrillic ha
        self.assertIn(("hp.com", "skeleton"), got["\u04bb\u0440.com"])   # Cyrillic shha, er
        # Cyrillic o, ka: confusables.txt maps ka to a small capital, Chromium's table to k.
        self.assertIn(("ok.ru", "chromium_skeleton"), got["\u043e\u043a.ru"])
        self.assertNotIn("\u0445.net", got)  # another suffix: not for a 1-2 letter brand
        self.assertIn(("ebay.com", "transposition"), got["ebya.com"])
        self.assertIn(("ebay.com", "repetition"), got["ebbay.com"])
        self.assertIn(("ebay.com", "hyphenation"), got["e-bay.com"])
        self.assertIn(("imdb.com", "transposition"), got["imbd.com"])
        self.assertIn(("live.com", "repetition"), got["livve.com"])
        self.assertIn(("ebay.com", "tld_swap"), got["ebay.org"])
        # Under another suffix, a word (life and love for live, help for
        # yelp), an omission, also beside a keyword: nothing.  (ebsy.com and
        # bimg.com, keyboard neighbours, match since test_hunt_short_edits.py.)
        for benign in ("ebya.org", "hp.com", "hq.com", "lve.com",
                       "life.com", "help.com", "helpapp.com"):
            self.assertNotIn(benign, got)

    def test_false_positives_of_short_brand_rules_on_benign_names(self):
        brands = self.brand_file("short.txt", SHORT_BRANDS + FOUR_BRANDS)
        with open(BENIGN, encoding="utf-8", errors="replace") as f:
            names = [l.strip() for l in f if l.strip()]
        objs, _ = self.hunt(brands, names)
        short_rules = {"skeleton", "chromium_skeleton", "transposition", "repetition",
                       "hyphenation", "insertion", "keyboard", "vowel_swap"}
        by_length = {"1-2": set(), "4": set()}
        for o in objs:
            for m in o["matches"]:
                label = m["brand"].split(".")[0]
                if m["rule"] in short_rules and len(label) <= 2:
                    by_length["1-2"].add(o["input"])
                elif m["rule"] in short_rules and len(label) == 4:
                    by_length["4"].add(o["input"])
        for length, hits in sorted(by_length.items()):
            rate = len(hits) / len(names)
            print("short brands of %s letters: %d / %d benign names = %.5f %s" %
                  (length, len(hits), len(names), rate, sorted(hits)[:8]), file=sys.stderr)
            self.assertLessEqual(rate, 0.001, length)


if __name__ == "__main__":
    unittest.main()
