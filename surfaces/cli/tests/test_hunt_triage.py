"""`puny hunt`'s triage output (issue 53): one entry per brand, its best
match first and the others as `also`, entries by score, a top-level score,
a reason per match, and the verdict with its profile and findings.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt_triage.py -v
"""

import json
import subprocess
import sys
import unittest

from hunt_case import BrandListCase, run

BRANDS = ["paypal.com", "google.com", "microsoft.com", "amazon.com", "netflix.com",
          "facebook.com"]



class HuntTriage(BrandListCase):
    BRANDS = BRANDS

    def test_text_one_entry_per_brand_best_first(self):
        code, out, err = run(["hunt", "--brands", self.brands, "paypa1.com",
                              "google.paypa1.com"])
        self.assertEqual(code, 0, err)
        lines = [l.split("\t") for l in out.decode().splitlines()]
        self.assertEqual(lines[0][3:], ["paypal.com homoglyph 0+6 90 (also replacement 65)"])
        # By score: paypal.com's 90 before google.com's 50, though google is
        # the first label.
        self.assertEqual(lines[1][3:], ["paypal.com homoglyph 7+6 90 (also replacement 65)",
                                        "google.com target_embedding 0+6 50"])

    def test_json_score_brands_reasons_and_verdict(self):
        (o,) = self.hunt_json(["xn--80aa0cbo65f.com"])
        self.assertEqual(o["score"], 95)
        (b,) = o["brands"]
        self.assertEqual((b["brand"], b["rule"], b["score"]), ("paypal.com", "skeleton", 95))
        self.assertIn("skeleton", b["reason"])
        self.assertEqual(o["verdict"]["profile"], "chromium")
        # Why it stays an A-label: a finding with its reason, step and
        # letter, and (the brands are the protected domains, as `puny
        # display --top-domains` with the same list) the brand it imitates.
        f, top = o["verdict"]["findings"]
        self.assertEqual((f["label"], f["reason"]), (0, "whole_script_confusable"))
        self.assertTrue(f["step"].startswith("chromium/"), f)
        self.assertEqual(f["code_point"], "U+0440")
        self.assertEqual((top["reason"], top["similar_to"]), ("top_domain_lookalike", "paypal.com"))
        (o,) = self.hunt_json(["paypa1-secure.com"], "--profile", "firefox-high")
        self.assertEqual(o["verdict"]["profile"], "firefox-high")
        self.assertEqual(o["verdict"]["findings"], [])
        (b,) = o["brands"]
        self.assertEqual(b["via"], "homoglyph")
        self.assertIn("lookalike", b["reason"].lower())

    def test_no_brand_twice_on_dnstwist_permutations(self):
        script = ("import dnstwist, json, sys\n"
                  "out = []\n"
                  "for b in sys.argv[1:]:\n"
                  "    f = dnstwist.Fuzzer(b); f.generate()\n"
                  "    out += [d['domain'] for d in f.domains if d['fuzzer'] != '*original']\n"
                  "print(json.dumps(out))\n")
        proc = subprocess.run(["/usr/bin/python3", "-c", script] + BRANDS,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=200)
        if proc.returncode != 0:
            raise AssertionError("dnstwist is needed (apt-get install dnstwist): "
                                 + proc.stderr.decode()[-300:])
        objs = self.hunt_json(json.loads(proc.stdout))
        several = 0
        for o in objs:
            brands = [b["brand"] for b in o["brands"]]
            self.assertEqual(len(brands), len(set(brands)), o["input"])
            scores = [b["score"] for b in o["brands"]]
            self.assertEqual(scores, sorted(scores, reverse=True), o["input"])
            self.assertEqual(o["score"], scores[0])
            for b in o["brands"]:
                self.assertTrue(all(a["score"] <= b["score"] for a in b["also"]), o["input"])
                self.assertTrue(b["reason"])
            # Every match is in exactly one entry.
            self.assertEqual(len(o["matches"]), sum(1 + len(b["also"]) for b in o["brands"]))
            several += len(o["matches"]) > len(o["brands"])
        print("names with several matches of one brand, now one entry each: %d of %d"
              % (several, len(objs)), file=sys.stderr)
        self.assertGreater(several, 100)


if __name__ == "__main__":
    unittest.main()
