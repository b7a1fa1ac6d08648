#!/usr/bin/env python3
"""`puny hunt`'s text output writes the whole name, however long: the
second field is the input (escaped only where a byte must be), so the
match's OFFSET+LENGTH, which count the name's bytes, can be read from it.
A valid name in U-labels passes 256 bytes (four labels of 44 Cyrillic
letters are 366 bytes, 238 as A-labels); the field was cut at 256 bytes
with "..." while the verdict beside it was whole.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_hunt_text_long.py -v
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import BrandListCase, run  # noqa: E402

LONG_IDN = ".".join(["почтаверсия" * 4] * 4) + ".paypa1.com"  # 366 bytes, valid IDNA
LONG_ASCII = ".".join(["a" * 63] * 3) + ".x.paypa1.com"  # 206 bytes
DEEP = ".".join(["a"] * 130) + ".paypa1.com"  # 130 labels, 271 bytes


class HuntTextLongNames(BrandListCase):
    BRANDS = ["paypal.com"]

    def fields(self, names, *extra):
        data = "".join(n + "\n" for n in names).encode("utf-8")
        code, out, err = run(["hunt", "--brands", self.brands] + list(extra), data)
        self.assertEqual(code, 0, err)
        return [line.split("\t") for line in out.decode("utf-8").splitlines()]

    def test_the_name_field_is_the_whole_name(self):
        self.assertGreater(len(LONG_IDN.encode("utf-8")), 256)
        self.assertGreater(len(DEEP.encode("utf-8")), 256)
        rows = self.fields([LONG_IDN, LONG_ASCII, DEEP])
        self.assertEqual([r[0] for r in rows], ["1", "2", "3"], rows)
        for row, name in zip(rows, [LONG_IDN, LONG_ASCII, DEEP]):
            with self.subTest(name=name[:20]):
                self.assertEqual(row[1], name)
                # The best match's offsets point at paypa1 in that field.
                brand, rule, span, score = row[3].split(" ")[:4]
                self.assertEqual((brand, rule), ("paypal.com", "homoglyph"), row[3])
                offset, length = map(int, span.split("+"))
                self.assertEqual(row[1].encode("utf-8")[offset:offset + length], b"paypa1")

    def test_same_under_threads(self):
        names = [LONG_IDN, DEEP] * 50
        self.assertEqual(self.fields(names, "-j", "2"), self.fields(names, "-j", "1"))


if __name__ == "__main__":
    unittest.main()
