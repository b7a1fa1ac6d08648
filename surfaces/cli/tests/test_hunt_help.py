#!/usr/bin/env python3
"""`puny hunt --help` says what the program prints (issue 53): its example
output line is the real output of its example command (against a list with
paypal.com), and the top-level JSON keys it lists are those of a real
object, in the same order."""

import json
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import BrandListCase, run  # noqa: E402


class HuntHelpIsTheOutput(BrandListCase):
    BRANDS = ["paypal.com"]

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        code, out, err = run(["hunt", "--help"])
        if code != 0:
            raise AssertionError("puny hunt --help failed (%d): %s" % (code, err))
        cls.help = out.decode()

    def test_example_output_is_real(self):
        lines = self.help.splitlines()
        at = lines.index("Example:")
        command, shown = lines[at + 1].split(), lines[at + 2]
        self.assertEqual(command[:4], ["puny", "hunt", "--brands", "brands.txt"], command)
        code, out, err = run(["hunt", "--brands", self.brands] + command[4:])
        self.assertEqual(code, 0, err)
        self.assertEqual(shown.strip(), out.decode().rstrip("\n"))

    def test_json_keys_are_the_objects(self):
        text = " ".join(self.help.split())
        m = re.search(r"--json: one object per matching name with (.*?)\.\s", text)
        self.assertIsNotNone(m, self.help)
        listed = re.findall(r'"([a-z_]+)"', m.group(1))
        code, out, err = run(["hunt", "--brands", self.brands, "--json", "paypa1.com"])
        self.assertEqual(code, 0, err)
        self.assertEqual(listed, list(json.loads(out)))

    def test_member_lists_are_a_combined_matchs(self):
        # The members listed for "matches" and "brands" are those of a
        # combined match's objects, in order: via included (issue 53).
        text = " ".join(self.help.split())
        listed = {}
        for key in ("matches", "brands"):
            m = re.search(r'"%s" \((?:per brand, best first: )?([a-z_, ]+)[);]' % key, text)
            self.assertIsNotNone(m, (key, self.help))
            listed[key] = [w.strip() for w in m.group(1).split(",")]
        code, out, err = run(["hunt", "--brands", self.brands, "--json", "paypa1-login.com"])
        self.assertEqual(code, 0, err)
        obj = json.loads(out)
        self.assertEqual(obj["matches"][0].get("via"), "homoglyph", obj)
        self.assertEqual(listed["matches"], list(obj["matches"][0]))
        self.assertEqual(listed["brands"], list(obj["brands"][0]))


if __name__ == "__main__":
    unittest.main()
