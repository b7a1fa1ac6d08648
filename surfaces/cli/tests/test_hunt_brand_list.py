#!/usr/bin/env python3
"""puny hunt's brand list as a whole (issue 53): a list with no brand line
(only comments and blank lines) is refused like a list of only malformed
lines, naming the file; a brand listed twice (the same name in another
case, with a trailing dot, or with other fields) is merged into its first
line with a warning naming both lines, and --strict, which fails on any
line it would otherwise warn about, fails on it."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import BrandListCase, run  # noqa: E402


class HuntBrandListWhole(BrandListCase):

    def brand_file(self, name, lines):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        return path

    def test_a_list_without_brands_is_refused(self):
        for lines in (["# only comments", "", "   ", "# and blank lines"], ["", ""]):
            with self.subTest(lines=lines):
                path = self.brand_file("empty.txt", lines)
                code, out, err = run(["hunt", "--brands", path, "paypa1.com"])
                self.assertEqual(code, 2, err)
                self.assertEqual(out, b"")
                self.assertIn("no usable brand", err)
                self.assertIn(path, err)
                self.assertIn("no brand line", err)
                code, out, err = run(["hunt", "--strict", "--brands", path, "paypa1.com"])
                self.assertEqual((code, out), (2, b""), err)
                self.assertIn("no usable brand", err)

    def test_a_brand_listed_again_is_merged_with_a_warning(self):
        path = self.brand_file("dup.txt", [
            "paypal.com keywords=wallet", "# again, in three spellings",
            "paypal.com", "PayPal.COM allow=paypal.me", "paypal.com.", "ebay.com"])
        code, out, err = run(["hunt", "--brands", path, "--json", "paypa1.com",
                              "paypal.me", "paypal-wallet.net"])
        self.assertEqual(code, 0, err)
        warnings = [l for l in err.splitlines() if "warning" in l]
        self.assertEqual(len(warnings), 3, err)
        for line_no, w in zip((3, 4, 5), warnings):
            self.assertIn("dup.txt:%d:" % line_no, w)
            self.assertIn("paypal.com", w)
            self.assertIn("merged into line 1", w)
            self.assertNotIn("line skipped", w)
        # Merged: one brand, the keyword of line 1 and the allowed name of line 4.
        found = {o["input"]: o for o in map(__import__("json").loads, out.decode().splitlines())}
        self.assertEqual(sorted(found), ["paypa1.com", "paypal-wallet.net"])
        self.assertEqual({m["brand"] for o in found.values() for m in o["matches"]},
                         {"paypal.com"})
        # --strict: the first repeated line fails the run.
        code, out, err = run(["hunt", "--strict", "--brands", path, "paypa1.com"])
        self.assertEqual((code, out), (2, b""), err)
        self.assertIn("dup.txt:3:", err)
        self.assertIn("merged into line 1", err)

    def test_a_warning_quotes_the_line_escaped(self):
        # A malformed line's warning names it with its bytes escaped: no
        # raw byte of the file reaches the terminal (0xFF, an escape
        # sequence, a right-to-left override).
        path = os.path.join(self.tmp.name, "odd-brands.txt")
        with open(path, "wb") as f:
            f.write(b"paypal.com\nbad\xff\xfe.com\nx\x1b[31m.com\nevil\xe2\x80\xaemoc.com\n")
        code, out, err = run(["hunt", "--brands", path], b"paypa1.com\n")
        self.assertEqual(code, 0, err)
        self.assertIn("odd-brands.txt:2: not a valid domain name: 'bad\\xff\\xfe.com'", err)
        self.assertIn("odd-brands.txt:3: not a valid domain name: 'x\\x1b[31m.com'", err)
        self.assertIn("odd-brands.txt:4: not a valid domain name: 'evil\\u202emoc.com'", err)
        # (stderr is read as UTF-8 with U+FFFD for a byte that is not.)
        for raw in ("\ufffd", "\x1b", "\u202e"):
            self.assertNotIn(raw, err)

    def test_distinct_brands_give_no_warning(self):
        path = self.brand_file("distinct.txt", ["paypal.com", "paypal.net", "ebay.com"])
        code, out, err = run(["hunt", "--brands", path, "paypa1.com"])
        self.assertEqual(code, 0, err)
        self.assertNotIn("warning", err)


if __name__ == "__main__":
    unittest.main()
