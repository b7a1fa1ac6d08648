#!/usr/bin/env python3
"""puny hunt's weak evidence (docs/hunt.md, "Weak evidence"; issue 53): a
match the name alone cannot tell from another owner's name scores under the
alert threshold (50) and is still reported; the same shapes with a cause
(a neighbouring key, a vowel, a bit flip, a lookalike letter, a character
added at the end, the brand's own suffix, a keyword) keep their score."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import BrandListCase  # noqa: E402

ALERT = 50


class HuntWeakEvidence(BrandListCase):
    BRANDS = ["paypal.com", "microsoft.com", "ebay.com", "hotels.com"]

    def best(self, name, brand):
        """(rule, score) of NAME's best match to BRAND, or None."""
        o = self.hunt_json([name], "--min-score", "0")[0]  # weak evidence too
        ms = [m for m in o.get("matches", []) if m["brand"] == brand]
        if not ms:
            return None
        m = max(ms, key=lambda m: m["score"])
        return m["rule"], m["score"]

    def check(self, cases, strong):
        for name, brand, rule in cases:
            got = self.best(name, brand)
            self.assertIsNotNone(got, "%s: no match to %s" % (name, brand))
            self.assertEqual(got[0], rule, name)
            if strong:
                self.assertGreaterEqual(got[1], ALERT, "%s should alert: %r" % (name, got))
            else:
                self.assertLess(got[1], ALERT, "%s is weak evidence: %r" % (name, got))

    def test_weak_shapes_are_reported_under_the_threshold(self):
        self.check([
            ("paypal.net", "paypal.com", "tld_swap"),           # the label elsewhere
            ("paypal-x.com", "paypal.com", "combo_squatting"),  # beside a plain word
            ("paypxl.com", "paypal.com", "replacement"),        # x for a: no cause
            ("paypxal.com", "paypal.com", "insertion"),         # x added inside: no cause
            ("paypak.net", "paypal.com", "keyboard"),           # a slip under another suffix
            ("paypl.net", "paypal.com", "omission"),
            ("ebsy.com", "ebay.com", "keyboard"),               # 4 letters: a neighbour key
            ("ebey.com", "ebay.com", "vowel_swap"),
        ], strong=False)

    def test_the_same_shapes_with_a_cause_alert(self):
        self.check([
            ("paypal-login.com", "paypal.com", "combo_squatting"),   # a keyword
            ("paypa1-x.com", "paypal.com", "combo_squatting"),       # a lookalike
            ("paypak.com", "paypal.com", "keyboard"),                # QWERTY neighbour
            ("maypal.com", "paypal.com", "replacement"),             # AZERTY: m below p
            ("hoteis.com", "hotels.com", "replacement"),             # i looks like l
            ("paypsal.com", "paypal.com", "insertion"),              # s beside a
            ("paypalx.com", "paypal.com", "insertion"),              # added at the end
            ("micosoft.net", "microsoft.com", "omission"),           # 9 letters: any suffix
            ("rnicrosoft.net", "microsoft.com", "homoglyph"),        # lookalikes: any suffix
            ("ebya.com", "ebay.com", "transposition"),               # 4 letters: a swap
        ], strong=True)


if __name__ == "__main__":
    unittest.main()
