#!/usr/bin/env python3
"""puny hunt --json writes each string plain when it can and escaped when it
must: a quote, a backslash or a control character is escaped wherever it
stands (inside the first eight bytes, in the last bytes of a string of
eight or more, in a string shorter than eight), so every line parses and
gives back the input exactly. The writer checks a string a word of eight
bytes at a time, its last bytes as one more word (hunt_json.cpp)."""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import BrandListCase, run  # noqa: E402


class HuntJsonText(BrandListCase):
    BRANDS = ["paypal.com"]

    def test_specials_at_every_place_round_trip(self):
        names = []
        for special in ['"', "\\", "\x01", "\x1f", "\x7f"]:
            names += [
                "paypa1.co" + special,              # last byte, 10 bytes
                "paypa1.c" + special + "m",         # in the last word
                special + "paypa1.com",             # first byte
                "p" + special + "ypal.com",         # first word
                "pаypal.co" + special,              # after a non-ASCII letter
            ]
        names += ["paypa1.com", "pаypal.com", "paypal.cоm"]  # plain ones stay plain
        data = "".join(n + "\n" for n in names).encode()
        code, out, err = run(["hunt", "--brands", self.brands, "--json", "--min-score", "0"], data)
        text = out.decode("utf-8")
        seen = {}
        for line in text.splitlines():
            obj = json.loads(line)  # fails on a raw quote or control character
            if "input" in obj:
                seen[obj["input"]] = obj
        for n in names:
            if n in seen:
                self.assertIn(json.dumps(n, ensure_ascii=False)[1:-1], text)
        # Enough of them matched for the escapes to have been written.
        self.assertGreaterEqual(len([n for n in names if n in seen]), 15, (code, err, sorted(seen)))
        # A string that needs no escape is written as it is.
        self.assertIn('"input":"pаypal.com"', text)
        self.assertIn('"input":"paypa1.c\\"m"', text)
        self.assertIn('"input":"paypa1.co\\\\"', text)
        self.assertIn('"input":"paypa1.co\\u0001"', text)


if __name__ == "__main__":
    unittest.main()
