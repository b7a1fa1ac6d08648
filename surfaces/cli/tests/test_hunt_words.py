"""`puny hunt` and brands that are words (issue 53): a brand label that is a
common word (mail.ru, office.com, free.fr) is met in ordinary names beside
other words, under other suffixes and as a subdomain label, and a name
label that is a word (hotel, cloud, video) is no edit of a brand (hotels.com,
icloud.com, vimeo.com).  Lookalikes of such brands are still matched.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt_words.py -v
"""

import sys
import unittest

from hunt_case import BENIGN, BrandListCase

# Real top sites (Chromium's top-domains list) whose labels are words, and
# two that are not.
BRANDS = ["mail.ru", "office.com", "free.fr", "live.com", "fast.com", "mobile.de", "web.de",
          "hotels.com", "icloud.com", "vimeo.com", "www.gov.uk", "apple.com", "paypal.com"]


class HuntWords(BrandListCase):
    BRANDS = BRANDS

    def hunt(self, names):
        # Every match, weak evidence too (paypal.net, paypal-x.com): what
        # the word rules leave out must not match at any score.
        return {o["input"]: {(m["brand"], m["rule"], m.get("via")) for m in o["matches"]}
                for o in self.hunt_json(names, "--min-score", "0")}

    def test_ordinary_names_made_of_words_do_not_match(self):
        benign = ["mail.com", "free.com", "office.org", "web.se", "www.gov.ie",
                  "free-portal.com", "link-office.com", "mail-job.com", "appfast.fr",
                  "livestream-help.com", "mail.example.com", "cdn.mail.example.org",
                  "mobile.shop.net", "officelogin.net",
                  # words one edit from a brand's label
                  "hotel.com", "cloud.com", "www.video.de", "news.hotel.it"]
        got = self.hunt(benign)
        self.assertEqual(got, {}, got)

    def test_lookalikes_of_word_brands_still_match(self):
        got = self.hunt([
            "rnail.ru", "0ffice-login.com", "\u043effice.com", "mail.ru.evil.tld",
            "office.com-secure.net", "hotells.com", "icl0ud.com", "lcloud.com", "vimeo-login.com",
            "apple-id.com", "apple-pie.com", "appleid.com", "apple-id.net",
            "\u0430\u0440\u0440\u04cf\u0435-id.com", "paypal.net",
            "paypal-x.com", "paypal.evil.tld", "freefr.com"])
        want = {
            "rnail.ru": ("mail.ru", "homoglyph", None),
            "0ffice-login.com": ("office.com", "combo_squatting", "homoglyph"),
            "\u043effice.com": ("office.com", "skeleton", None),
            "mail.ru.evil.tld": ("mail.ru", "target_embedding", None),
            "office.com-secure.net": ("office.com", "target_embedding", None),
            "hotells.com": ("hotels.com", "repetition", None),
            "icl0ud.com": ("icloud.com", "homoglyph", None),
            "lcloud.com": ("icloud.com", "replacement", None),
            "vimeo-login.com": ("vimeo.com", "combo_squatting", None),
            "\u0430\u0440\u0440\u04cf\u0435-id.com": ("apple.com", "combo_squatting", "skeleton"),
            "paypal.net": ("paypal.com", "tld_swap", None),
            "paypal-x.com": ("paypal.com", "combo_squatting", None),
            "paypal.evil.tld": ("paypal.com", "target_embedding", None),
            "freefr.com": ("free.fr", "target_embedding", None),
        }
        for name, m in want.items():
            self.assertIn(name, got, name)
            self.assertIn(m, got[name], (name, got[name]))
        # A word brand's exact label beside a phishing keyword under its own
        # suffix is an imitation (test_hunt_shapes.py); beside a plain word,
        # glued or under another suffix it is no evidence.
        self.assertIn(("apple.com", "combo_squatting", None), got["apple-id.com"])
        self.assertEqual({n: got[n] for n in ("apple-pie.com", "appleid.com", "apple-id.net")
                          if n in got}, {})

    def test_false_positives_of_word_brands_on_benign_names(self):
        with open(BENIGN, encoding="utf-8", errors="replace") as f:
            names = [l.strip() for l in f if l.strip()]
        got = self.hunt(names)
        rate = len(got) / len(names)
        print("benign names matching word brands: %d / %d = %.5f %s" %
              (len(got), len(names), rate, sorted(got)[:10]), file=sys.stderr)
        self.assertLessEqual(rate, 0.001)


if __name__ == "__main__":
    unittest.main()
