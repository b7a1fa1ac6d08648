"""puny email as a mail administrator reads it (issue 52): where an error
is, what to do about a display name, the JSON fields' shapes beside those of
puny display.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_email_cli.py -v
"""

import json
import os
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))


def run(args, stdin=b""):
    proc = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def one(args):
    code, out, err = run(args)
    return code, json.loads(out), err


class EmailErrors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(PUNY, os.X_OK):
            raise AssertionError("PUNY_BIN is not an executable: %s" % PUNY)

    def test_trailing_dot_names_the_empty_label_as_to_ascii_does(self):
        # to-ascii's own verdict on the domain: the empty label after the
        # dot, where it starts.
        code, d, _ = one(["to-ascii", "--preset", "uts46-strict", "--json", "example.com."])
        self.assertEqual((code, d["label"], d["offset"]), (1, 2, 12))
        for address, offset, label in (("a@example.com.", 14, 2), ("a@b.example.com.", 16, 3),
                                       ("a@example.com\u3002", 16, 2)):
            for extra in ([], ["--preset", "uts46"], ["--preset", "uts46-raw"]):
                code, e, err = one(["email", "--json"] + extra + [address])
                self.assertEqual(code, 1, (address, extra))
                detail = e["details"][0]
                self.assertEqual((detail["error"], detail["offset"], detail["label"]),
                                 ("empty_label", offset, label), (address, extra))
                self.assertEqual(e["label"], label)
                self.assertIn("at byte %d (label %d)" % (offset, label), err)

    def test_domain_characters_in_mail_words_under_every_preset(self):
        # RFC 5321 4.1.2: letters, digits, hyphens, dots; the docs promise
        # it whatever the IDNA preset (uts46-raw accepted these).
        for preset in ([], ["--preset", "uts46-raw"], ["--preset", "uts46"], ["--raw"]):
            code, out, err = run(["email"] + preset + ["john@@example.com", "a@b c.com", "a@exa/mple.com",
                                                       "a@exa\uff0fmple.com"])
            self.assertEqual((code, out), (1, "\n\n\n\n"), (preset, err))
            lines = err.splitlines()
            self.assertIn("argument 1: extra_at_sign at byte 5 (U+0040) in \"john@@example.com\"; "
                          "the address has a second @ outside quotes: remove it", lines[0])
            self.assertIn("argument 2: domain_character at byte 3 (U+0020)", lines[1])
            self.assertIn("letters, digits, hyphens and dots (RFC 5321", lines[1])
            self.assertIn("argument 3: domain_character at byte 5 (U+002F)", lines[2])
            # U+FF0F maps to '/': refused as the mapped '/' by STD3 rules,
            # the forbidden code points or, where neither applies, RFC 5321.
            self.assertIn("U+002F", lines[3])
            if preset[-1:] == ["uts46-raw"]:
                self.assertIn("argument 4: domain_character at byte 2 (U+002F)", lines[3])
        code, e, _ = one(["email", "--json", "a@b@c.com"])
        self.assertEqual((e["errors"], e["offset"], e["label"]), (["extra_at_sign"], 3, None))
        # '_' stays the preset's call.
        self.assertEqual(run(["email", "--preset", "uts46-raw", "a@a_b.com"])[:2], (0, "a@a_b.com\n"))

    def test_a_display_name_without_its_option_gets_a_hint(self):
        code, out, err = run(["email", "John Doe <john@example.com>"])
        self.assertEqual((code, out), (1, "\n"))
        self.assertIn("in \"John Doe <john@example.com>\"; a display name (Name <a@b>) needs "
                      "--allow-display-name\n", err)
        code, out, _ = run(["email", "--allow-display-name", "John Doe <john@example.com>"])
        self.assertEqual((code, out), (0, "john@example.com\n"))
        # Other errors get no such hint.
        _, _, err = run(["email", "a..b@example.com", "<a@b.com"])
        self.assertNotIn("--allow-display-name", err)

    def test_no_display_name_is_null(self):
        for args in (["a@example.com"], ["--allow-display-name", "a@example.com"]):
            code, e, _ = one(["email", "--json"] + args)
            self.assertEqual(code, 0)
            self.assertIsNone(e["display_name"], args)
        code, e, _ = one(["email", "--json", "--allow-display-name", "John <j@example.com>"])
        self.assertEqual(e["display_name"], "John")

    def test_display_findings_are_shaped_as_display_json(self):
        code, e, _ = one(["email", "--json", "--display", "chromium", "--no-psl",
                          "a@xn--80ak6aa92e.com"])
        self.assertEqual(code, 0)
        code, d, _ = one(["display", "--json", "--no-psl", "xn--80ak6aa92e.com"])
        expected = d["labels"][0]["findings"][0]
        finding = e["display"]["findings"][0]
        self.assertIsInstance(finding["label"], int)
        self.assertEqual(finding, dict(expected, a_label="xn--80ak6aa92e"))


if __name__ == "__main__":
    unittest.main()
