#!/usr/bin/env python3
"""puny hunt on an input line that is not UTF-8 (issue 53): a plain name or
a zone-file record's owner name holding a byte that is not UTF-8 is an
invalid_utf8 failure of its line, with the line number and the byte offset
in the line, as a certstream line's is: never a match whose "input" has
U+FFFD in place of the byte while its offsets count the bytes. The run
goes on with the next lines and exits 1."""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import BrandListCase, run  # noqa: E402


class HuntInputNotUtf8(BrandListCase):
    BRANDS = ["paypal.com keywords=wallet"]

    def hunt(self, data, *extra):
        return run(["hunt", "--brands", self.brands] + list(extra), data)

    def test_json_reports_the_line_as_invalid_utf8(self):
        data = b"x\xff.paypa1.com\npaypa1.com\n  paypa1\xc3.com 3600 IN A 192.0.2.1\n"
        code, out, err = self.hunt(data, "--json")
        self.assertEqual(code, 1, err)
        objs = [json.loads(l) for l in out.decode("utf-8").splitlines()]
        self.assertEqual(objs[0], {"line": 1, "error": "invalid_utf8", "offset": 1})
        self.assertEqual((objs[1]["line"], objs[1]["input"]), (2, "paypa1.com"))
        # The offset counts the line's bytes, leading blanks included.
        self.assertEqual(objs[2], {"line": 3, "error": "invalid_utf8", "offset": 8})
        self.assertEqual(len(objs), 3, objs)
        # No object anywhere carries a replacement character.
        self.assertNotIn("\ufffd", out.decode("utf-8"))

    def test_text_output_names_line_and_byte(self):
        code, out, err = self.hunt(b"x\xff.paypa1.com\npaypa1.com\n")
        self.assertEqual(code, 1, err)
        self.assertEqual([l.split("\t")[0] for l in out.decode().splitlines()], ["2"])
        self.assertIn("line 1: invalid_utf8 at byte 1", err)

    def test_valid_utf8_is_unchanged(self):
        code, out, err = self.hunt("pаypal.com\n".encode(), "--json")  # Cyrillic a
        self.assertEqual(code, 0, err)
        self.assertEqual(json.loads(out)["input"], "pаypal.com")


if __name__ == "__main__":
    unittest.main()
