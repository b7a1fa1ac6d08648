#!/usr/bin/env python3
"""puny hunt's display verdict takes the brand list as the protected
("top") domains (issue 53): a name that imitates a listed brand closely
enough that Chromium keeps it in Punycode is not "(shown)". hunt's verdict
must be what `puny display --top-domains` gives with the same list, under
each profile, and the finding names the brand (similar_to).

The brands are the top bucket of Chromium's real top-domain list
(tests/hunt/data/chromium_domains.list), the names lookalikes of them."""

import json
import os
import random
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import run  # noqa: E402
from test_hunt_real import read_list  # noqa: E402

# Skeleton lookalikes of top-bucket sites, and what they imitate.
LOOKALIKES = {
    "twɨtter.com": "twitter.com",
    "bɨng.com": "bing.com",
    "eɓay.com": "ebay.com",
    "ɨcloud.com": "icloud.com",
    "ɖropbox.com": "dropbox.com",
    "googıe.com": "google.com",
}
PROFILES = ["chromium", "firefox"]


class HuntVerdictAgreesWithDisplay(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        brands, _ = read_list()
        cls.tmp = tempfile.TemporaryDirectory()
        cls.list = os.path.join(cls.tmp.name, "top.list")
        with open(cls.list, "w", encoding="utf-8") as f:
            f.write("\n".join(brands) + "\n")
        for brand in LOOKALIKES.values():
            if brand not in brands:
                raise AssertionError("%s is not in the top bucket any more" % brand)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def lines(self, args, names):
        code, out, err = run(args, ("\n".join(names) + "\n").encode())
        self.assertEqual(code, 0, "puny %s: %s" % (" ".join(args), err))
        return [json.loads(l) for l in out.decode().splitlines()]

    def test_hunt_verdict_is_displays(self):
        names = list(LOOKALIKES)
        for profile in PROFILES:
            with self.subTest(profile=profile):
                hunted = self.lines(["hunt", "--brands", self.list, "--json",
                                     "--profile", profile], names)
                shown = self.lines(["display", "--top-domains", self.list, "--json",
                                    "--profile", profile], names)
                self.assertEqual([h["input"] for h in hunted], names)
                self.assertEqual([h["verdict"]["display"] for h in hunted],
                                 [s["output"] for s in shown])
                if profile == "chromium":
                    # Chromium keeps each in Punycode, as a lookalike of the brand.
                    for h in hunted:
                        self.assertTrue(h["verdict"]["display"].startswith("xn--"), h)
                        self.assertFalse(h["verdict"]["all_shown"], h)
                        similar = [f.get("similar_to") for f in h["verdict"]["findings"]
                                   if f["reason"] == "top_domain_lookalike"]
                        self.assertEqual(similar, [LOOKALIKES[h["input"]]], h)

    def test_many_lookalikes_agree_with_display(self):
        # hunt knows what the lookalike step finds from its own look-ups for
        # most names (docs/hunt.md): on names with letters of many scripts
        # put into the brands' labels, under their suffixes and others, its
        # verdict and findings are display's with the list, name by name.
        rng = random.Random(53)
        brands, _ = read_list()
        pool = [chr(c) for c in list(range(0xC0, 0x250)) + list(range(0x370, 0x3FF)) +
                list(range(0x400, 0x4FF)) + list(range(0x1E00, 0x1EFF)) +
                [0x131, 0x261, 0x269, 0x4CF, 0x578, 0x585, 0x13A0, 0x1D0F, 0x660, 0x2024]]
        # And letters that look like the ones they replace.
        alike = {"a": "аɑàáâãäåąα", "e": "еèéêëęėẹ", "o": "оοòóôõöøọ", "i": "іıɨíìîïị",
                 "l": "ӏłĺɫ", "c": "сçċć", "p": "рρ", "y": "уýÿ", "n": "ńñṇп", "s": "ѕśşṣ",
                 "b": "ɓḅ", "d": "ɖḍđ", "g": "ɡġğǥ", "h": "һḥɦ", "k": "кķ", "t": "ţṭт",
                 "u": "υúùûüụ", "m": "ṃм", "r": "ŕɼṛ"}
        names = []
        for _ in range(3000):
            label, _, suffix = rng.choice(brands).partition(".")
            letters = list(label)
            for _ in range(rng.randint(1, 3)):
                at = rng.randrange(len(letters))
                if rng.random() < 0.6 and letters[at] in alike:
                    letters[at] = rng.choice(alike[letters[at]])
                else:
                    letters[at] = rng.choice(pool)
            if rng.random() < 0.2:
                suffix = rng.choice(["net", "co.uk", "com.br", "xn--p1ai", "рф", "blogspot.com"])
            names.append(rng.choice(["", "", "www.", "a.b."]) + "".join(letters) + "." + suffix)
        for profile in PROFILES:
            with self.subTest(profile=profile):
                hunted = self.lines(["hunt", "--brands", self.list, "--json", "--min-score", "0",
                                     "--profile", profile], names)
                # Names display refuses (not valid IDNA) have no verdict to compare.
                hunted = [h for h in hunted if h["verdict"]["status"] is None]
                self.assertGreater(len(hunted), 500)
                inputs = [h["input"] for h in hunted]
                shown = self.lines(["display", "--top-domains", self.list, "--json",
                                    "--profile", profile], inputs)
                kept = 0
                for h, d in zip(hunted, shown):
                    self.assertEqual(h["verdict"]["display"], d["output"], h["input"])
                    found = [(f["label"], f["reason"], f.get("similar_to")) for f in h["verdict"]["findings"]]
                    want = [(f["label"], f["reason"], f.get("similar_to"))
                            for l in d["labels"] if not l["show_unicode"] for f in l["findings"]]
                    self.assertEqual(found, want, h["input"])
                    kept += any(r == "top_domain_lookalike" for _, r, _ in found)
                if profile == "chromium":
                    self.assertGreater(kept, 300)

    def test_text_output_no_longer_says_shown(self):
        code, out, err = run(["hunt", "--brands", self.list, "twɨtter.com"])
        self.assertEqual(code, 0, err)
        fields = out.decode().rstrip("\n").split("\t")
        self.assertEqual(fields[2], "xn--twtter-x1c.com (kept as A-labels)", fields)
        code, out, err = run(["display", "--top-domains", self.list, "twɨtter.com"])
        self.assertEqual((code, out.decode()), (0, "xn--twtter-x1c.com\n"), err)

    def test_a_brand_itself_is_not_its_own_lookalike(self):
        # A brand's own name never matches; a subdomain of a non-ASCII
        # lookalike keeps the verdict of its registrable part.
        found = self.lines(["hunt", "--brands", self.list, "--json"],
                           ["login.twɨtter.com"])
        self.assertEqual(len(found), 1)
        self.assertTrue(found[0]["verdict"]["display"].endswith("xn--twtter-x1c.com"), found)


if __name__ == "__main__":
    unittest.main()
