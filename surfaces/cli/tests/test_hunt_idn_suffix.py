#!/usr/bin/env python3
"""`puny hunt` for brands under an IDN public suffix (госуслуги.рф,
яндекс.рф): the brand's whole registrable name in a subdomain, before a
hyphen or glued into one label is `target_embedding` 85, as it is for a
brand under an ASCII suffix (paypal.com.evil.tld, paypal.com-login.evil.tld,
paypalcom.net; docs/hunt.md, "Rules").  The index compared the suffix's
UTF-8 bytes with the name's code points, so under `рф` only the label
alone as a subdomain (50) matched and the glued name nothing.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt_idn_suffix.py -v
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import BrandListCase  # noqa: E402

GOSUSLUGI = "госуслуги.рф"
YANDEX = "яндекс.рф"


def utf8_len(s):
    return len(s.encode("utf-8"))


class HuntIdnSuffix(BrandListCase):
    BRANDS = [GOSUSLUGI, YANDEX, "paypal.com"]

    def best(self, names, *extra):
        """{input: {brand: (rule, via, score, offset, length)}}."""
        out = {}
        for o in self.hunt_json(names, *extra):
            out[o["input"]] = {b["brand"]: (b["rule"], b.get("via"), b["score"], b["offset"],
                                            b["length"]) for b in o["brands"]}
        return out

    def test_whole_name_in_a_subdomain(self):
        cases = [
            # (input, brand, via, offset, length): 85 each, as paypal.com.evil.tld
            ("госуслуги.рф.evil.tld", GOSUSLUGI, None, 0, utf8_len(GOSUSLUGI)),
            ("login.госуслуги.рф.secure-pay.ru", GOSUSLUGI, None, 6, utf8_len(GOSUSLUGI)),
            ("яндекс.рф.evil.tld", YANDEX, None, 0, utf8_len(YANDEX)),
            # A-labels are decoded first: the same match, over the A-labels.
            ("xn--c1aapkosapc.xn--p1ai.evil.tld", GOSUSLUGI, None, 0, 24),
            ("госуслуги.xn--p1ai.evil.tld", GOSUSLUGI, None, 0, utf8_len("госуслуги.xn--p1ai")),
            # A lookalike of the label (Latin y for у) before the suffix.
            ("госyслуги.рф.evil.tld", GOSUSLUGI, "skeleton", 0, utf8_len("госyслуги.рф")),
            ("paypal.com.evil.tld", "paypal.com", None, 0, 10),  # the ASCII control
        ]
        got = self.best([c[0] for c in cases], "--min-score", "0")
        for name, brand, via, offset, length in cases:
            with self.subTest(name=name):
                self.assertIn(name, got, "%s: no match" % name)
                self.assertEqual(got[name].get(brand),
                                 ("target_embedding", via, 85, offset, length), got[name])

    def test_whole_name_before_a_hyphen_or_glued(self):
        cases = [
            ("госуслуги.рф-login.com", GOSUSLUGI, None, utf8_len("госуслуги.рф-login")),
            ("госуслугирф.com", GOSUSLUGI, None, utf8_len("госуслугирф")),
            ("яндексрф.net", YANDEX, None, utf8_len("яндексрф")),
            ("госyслугирф.com", GOSUSLUGI, "skeleton", utf8_len("госyслугирф")),
            ("paypalcom.net", "paypal.com", None, 9),  # the ASCII control
        ]
        got = self.best([c[0] for c in cases])
        for name, brand, via, length in cases:
            with self.subTest(name=name):
                self.assertIn(name, got, "%s: no alert" % name)
                self.assertEqual(got[name].get(brand),
                                 ("target_embedding", via, 85, 0, length), got[name])

    def test_what_stays_as_it_was(self):
        got = self.best(["госуслуги.рф", "www.госуслуги.рф", "xn--c1aapkosapc.xn--p1ai",
                         "госуслуги.evil.tld", "госуслуги.com", "госуслуги-login.рф"],
                        "--min-score", "0")
        # The brand's own names match nothing.
        for own in ["госуслуги.рф", "www.госуслуги.рф", "xn--c1aapkosapc.xn--p1ai"]:
            self.assertNotIn(own, got)
        # The label alone in a subdomain is 50, under another suffix a tld_swap.
        self.assertEqual(got["госуслуги.evil.tld"][GOSUSLUGI][:3], ("target_embedding", None, 50))
        self.assertEqual(got["госуслуги.com"][GOSUSLUGI][:3], ("tld_swap", None, 35))
        self.assertEqual(got["госуслуги-login.рф"][GOSUSLUGI][:3], ("combo_squatting", None, 60))


if __name__ == "__main__":
    unittest.main()
