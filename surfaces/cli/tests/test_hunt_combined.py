"""`puny hunt`'s combined rules (issue 53): a lookalike or one edit of a
brand's label together with a keyword, a hyphenated word or a subdomain
(combo squatting and target embedding), and their false positives on real
benign names.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt_combined.py -v
"""

import sys
import unittest

from hunt_case import BENIGN, BrandListCase, run

BRANDS = ["paypal.com", "google.com", "microsoft.com", "apple.com", "amazon.com",
          "netflix.com", "facebook.com", "ebay.com", "dropbox.com", "wellsfargo.com"]



class HuntCombined(BrandListCase):
    BRANDS = BRANDS

    def hunt(self, names, *extra):
        return {o["input"]: o for o in self.hunt_json(names, *extra)}

    def test_the_issues_phishing_shapes(self):
        # (name, brand, rule, via, the labels the match covers)
        cases = [
            ("paypa1-secure.com", "paypal.com", "combo_squatting", "homoglyph", "paypa1-secure"),
            ("g00gle-login.com", "google.com", "combo_squatting", "homoglyph", "g00gle-login"),
            ("rnicrosoft-support.com", "microsoft.com", "combo_squatting", "homoglyph",
             "rnicrosoft-support"),
            ("paypa1.com.evil.tld", "paypal.com", "target_embedding", "homoglyph", "paypa1.com"),
            ("\u0440\u0430\u0443\u0440\u0430l-login.com", "paypal.com", "combo_squatting",
             "skeleton", "\u0440\u0430\u0443\u0440\u0430l-login"),
            ("\u0440\u0430\u0443\u0440\u0430l.com.evil.tld", "paypal.com", "target_embedding",
             "skeleton", "\u0440\u0430\u0443\u0440\u0430l.com"),
            ("\u0430\u0440\u0440\u04cf\u0435-id.com", "apple.com", "combo_squatting", "skeleton",
             "\u0430\u0440\u0440\u04cf\u0435-id"),
            ("\u0440\u0430\u0443\u0440\u0430l.login.com", "paypal.com", "target_embedding",
             "skeleton", "\u0440\u0430\u0443\u0440\u0430l"),
            # Without a hyphen, and with one edit beside a keyword or the suffix.
            ("paypa1login.com", "paypal.com", "combo_squatting", "homoglyph", "paypa1login"),
            ("paypla-login.com", "paypal.com", "combo_squatting", "transposition",
             "paypla-login"),
            ("g0ogle-verify.com", "google.com", "combo_squatting", "homoglyph",
             "g0ogle-verify"),
            ("netfliz-billing.com", "netflix.com", "combo_squatting", "keyboard",
             "netfliz-billing"),
            ("securepaypall.net", "paypal.com", "combo_squatting", "repetition",
             "securepaypall"),
            ("amazn.com.evil.tld", "amazon.com", "target_embedding", "omission", "amazn.com"),
        ]
        # Every match: securepaypall.net, under another suffix, is weak evidence.
        got = self.hunt([c[0] for c in cases], "--min-score", "0")
        for name, brand, rule, via, covered in cases:
            if brand is None:
                continue
            self.assertIn(name, got, name)
            ms = [m for m in got[name]["matches"]
                  if m["brand"] == brand and m["rule"] == rule and m.get("via") == via]
            self.assertEqual(len(ms), 1, (name, got[name]["matches"]))
            m = ms[0]
            span = name.encode()[m["offset"]:m["offset"] + m["length"]].decode()
            self.assertEqual(span, covered, name)

    def test_words_one_edit_from_a_brand_beside_a_keyword_are_not_matched(self):
        # An omission or an arbitrary replacement beside a keyword meets real
        # words too often (measured: docs/hunt.md): not combined.
        got = self.hunt(["paypl-login.com", "amazqn-secure.com", "paypal-login.com"])
        self.assertEqual(sorted(got), ["paypal-login.com"])
        self.assertNotIn("via", got["paypal-login.com"]["matches"][0])

    def test_text_output_names_the_lookalike_step(self):
        code, out, err = run(["hunt", "--brands", self.brands, "paypa1-secure.com"])
        self.assertEqual(code, 0, err)
        self.assertIn("\tpaypal.com combo_squatting+homoglyph 0+13 60", out.decode())

    def test_rules_option_needs_both_steps(self):
        # The lookalike step is the homoglyph rule: off, no combined match.
        got = self.hunt(["paypa1-secure.com"], "--rules", "combo_squatting")
        self.assertEqual(got, {})
        got = self.hunt(["paypa1-secure.com"], "--rules", "combo_squatting,homoglyph")
        self.assertEqual([m.get("via") for m in got["paypa1-secure.com"]["matches"]],
                         ["homoglyph"])

    def test_false_positives_of_combined_rules_on_benign_names(self):
        with open(BENIGN, encoding="utf-8", errors="replace") as f:
            names = [l.strip() for l in f if l.strip()]
        got = self.hunt(names)
        combined = sorted(n for n, o in got.items() if any("via" in m for m in o["matches"]))
        rate = len(combined) / len(names)
        print("combined matches on benign names: %d / %d = %.5f %s" %
              (len(combined), len(names), rate, combined[:10]), file=sys.stderr)
        self.assertLessEqual(rate, 0.001)


if __name__ == "__main__":
    unittest.main()
