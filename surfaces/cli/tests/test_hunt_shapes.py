"""`puny hunt` on phishing shapes a user check found missed at the alert
threshold against a real brand list (issue 53): Chromium's top-bucket
sites (tests/hunt/data/chromium_domains.list) and x.com.  Each shape is an
alert (score 50 or more) naming its brand; the look-alike names that
are real short names stay out (docs/hunt.md, "Short brands", "Brands
that are words", "Combined matches").

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt_shapes.py -v
"""

import os
import unittest

from hunt_case import REPO, BrandListCase

LIST = os.path.join(REPO, "tests", "hunt", "data", "chromium_domains.list")


def top_bucket():
    names = []
    with open(LIST, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("###END_TOP_BUCKET"):
                break
            if line and not line.startswith("#"):
                names.append(line)
    return names


class HuntShapes(BrandListCase):
    BRANDS = top_bucket() + ["x.com"]

    def alerts(self, names):
        """{input: {brand: (rule, via, score)}} at the default (alert) threshold."""
        out = {}
        for o in self.hunt_json(names):
            out[o["input"]] = {b["brand"]: (b["rule"], b.get("via"), b["score"])
                               for b in o["brands"]}
        return out

    def check(self, cases):
        got = self.alerts([c[0] for c in cases])
        for name, brand, rule, via in cases:
            with self.subTest(name=name):
                self.assertIn(name, got, "%s: no alert" % name)
                self.assertIn(brand, got[name], (name, got[name]))
                r, v, score = got[name][brand]
                self.assertEqual((r, v), (rule, via), (name, got[name][brand]))
                self.assertGreaterEqual(score, 50)

    def test_short_brands_with_a_digit_or_l_for_i(self):
        # 4-letter brands: a digit of the letter's shape, or l for i.
        self.check([("b1ng.com", "bing.com", "replacement", None),
                    ("llve.com", "live.com", "replacement", None),
                    ("1mdb.com", "imdb.com", "replacement", None),
                    ("imd8.com", "imdb.com", "replacement", None),
                    ("n1ke.com", "nike.com", "replacement", None)])
        # 3-letter brands take the digits only: mib.com is no mlb.com.
        self.check([("m5n.com", "msn.com", "replacement", None)])
        self.assertEqual(self.alerts(["mib.com", "b1ng.net"]), {})

    def test_brand_and_its_suffix_glued_with_a_lookalike(self):
        self.check([("paypa1com.net", "paypal.com", "target_embedding", "homoglyph"),
                    ("g00glecom.org", "google.com", "target_embedding", "homoglyph"),
                    ("\u0440\u0430\u0443\u0440\u0430lcom.net", "paypal.com", "target_embedding",
                     "skeleton"),
                    # as before: the name exactly
                    ("googlecom.net", "google.com", "target_embedding", None),
                    ("paypalcom.org", "paypal.com", "target_embedding", None)])

    def test_brand_with_digits_beside_a_keyword(self):
        self.check([("microsoft365-login.com", "microsoft.com", "combo_squatting", None),
                    ("microsoft365login.com", "microsoft.com", "combo_squatting", None),
                    ("login-paypal2024.com", "paypal.com", "combo_squatting", None)])
        # Beside a plain word it stays weak evidence, as the label alone does.
        self.assertEqual(self.alerts(["microsoft365-x.com"]), {})

    def test_short_brand_beside_a_phishing_keyword(self):
        self.check([("hp-support.com", "hp.com", "combo_squatting", None),
                    ("login-hp.com", "hp.com", "combo_squatting", None),
                    ("bbc-login.com", "bbc.com", "combo_squatting", None)])
        # A generic keyword (pay, app, web, online) or another suffix: real names.
        self.assertEqual(self.alerts(["go-pay.com", "web-go.com", "hp-support.net"]), {})

    def test_short_brand_name_as_subdomain_labels(self):
        self.check([("x.com.evil.tld", "x.com", "target_embedding", None),
                    ("hp.com.evil.tld", "hp.com", "target_embedding", None),
                    ("login.x.com.evil.tld", "x.com", "target_embedding", None)])
        # The label alone, or the brand's own name and its subdomains: nothing.
        self.assertEqual(self.alerts(["x.evil.tld", "www.x.com", "x.com"]), {})

    def test_word_brand_beside_a_phishing_keyword(self):
        self.check([("apple-id.com", "apple.com", "combo_squatting", None),
                    ("apple-login.com", "apple.com", "combo_squatting", None)])
        # Glued, under another suffix or beside a plain word: ordinary names.
        self.assertEqual(self.alerts(["applelogin.com", "apple-id.net", "apple-pie.com"]), {})

    def test_capital_i_for_l(self):
        # DNS reads cIropbox.com as ciropbox.com; the eye reads clropbox (cl for d).
        self.check([("cIropbox.com", "dropbox.com", "homoglyph_edit", None),
                    ("GoogIe.com", "google.com", "homoglyph", None),
                    ("PaypaI.com", "paypal.com", "homoglyph", None)])
        # A capital I that starts a word or a name in capitals is an i.
        self.assertEqual(self.alerts(["IKEA.com", "LinkedIn.com", "Imgur.com", "INSTAGRAM.NET"]),
                         {})


if __name__ == "__main__":
    unittest.main()
