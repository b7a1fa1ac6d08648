#!/usr/bin/env python3
"""puny email against the real binary (issue 38): one line per input,
fields, the display and local-part checks.

Run by ctest (cli.Email; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_email_command.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import unittest

from cli_case import (run, out_lines, json_lines, Base, require_binary)


class Email(Base):
    """puny email against the real binary (issue 38)."""

    def test_one_line_per_input_empty_when_invalid(self):
        code, out, err = run(["email", "info@B\u00fccher.DE", "a..b@example.com",
                              "\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a", "nobody"])
        self.assertEqual(code, 1)
        self.assertEqual(out_lines(out), ["info@b\u00fccher.de", "",
                                          "\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a", ""])
        lines = err.splitlines()
        self.assertIn("local_part_dot at byte 2", lines[0])
        self.assertIn("missing_at", lines[1])
        # Standard input, one address a line, and -j give the same lines.
        stdin = "info@B\u00fccher.DE\na..b@example.com\n" * 50
        _, out1, _ = run(["email"], stdin=stdin)
        _, out2, _ = run(["email", "-j", "2"], stdin=stdin)
        self.assertEqual(out1, out2)
        self.assertEqual(out_lines(out1)[:2], ["info@b\u00fccher.de", ""])

    def test_json_has_the_common_keys_and_every_field(self):
        code, out, _ = run(["email", "--json", "info@xn--bcher-kva.de",
                            "\u00fc@example.com", "a@[192.0.2.1]"])
        self.assertEqual(code, 1)
        ok, utf8, literal = json_lines(out)
        for j in (ok, utf8, literal):
            for key in ("line", "input", "output", "errors", "local_part", "domain",
                        "ascii_domain", "normalized", "ascii_email", "smtputf8"):
                self.assertIn(key, j)
        self.assertEqual((ok["line"], ok["output"], ok["errors"]), (1, "info@b\u00fccher.de", []))
        self.assertEqual((ok["domain"], ok["ascii_domain"], ok["ascii_email"], ok["smtputf8"]),
                         ("b\u00fccher.de", "xn--bcher-kva.de", "info@xn--bcher-kva.de", False))
        # A non-ASCII local part: SMTPUTF8, and no ASCII form (never Punycoded).
        self.assertEqual((utf8["smtputf8"], utf8["ascii_email"]), (True, None))
        self.assertEqual(literal["output"], None)
        self.assertEqual(literal["errors"], ["address_literal"])
        self.assertEqual(literal["offset"], 2)

    def test_options(self):
        self.expect(["email", "--allow-literal", "a@[IPv6:2001:db8::1]"],
                    ["a@[IPv6:2001:db8::1]"])
        self.expect(["email", "--allow-quoted", '"john doe"@example.com'],
                    ['"john doe"@example.com'])
        self.expect(["email", "--allow-display-name", "John <J@Example.com>"], ["J@example.com"])
        self.expect(["email", "--allow-local-domain", "root@localhost"], ["root@localhost"])
        code, out, err = run(["email", "--no-smtputf8", "\u00fc@example.com"])
        self.assertEqual((code, out_lines(out)), (1, [""]))
        self.assertIn("smtputf8_required", err)
        # The domain policy is an IDNA preset: IDNA2008 refuses what UTS #46 maps.
        self.expect(["email", "a@\u216b.com"], ["a@xii.com"])
        code, _, err = run(["email", "--preset", "idna2008", "a@\u216b.com"])
        self.assertEqual(code, 1)
        self.assertIn("disallowed", err)
        # --field: only that field is checked and written back normalized.
        self.expect(["email", "--field", "2"], ["1,a@b\u00fccher.de,x"],
                    stdin="1,a@B\u00fcCHER.de,x\n")

    def test_display_and_local_part_checks_on_request(self):
        code, out, _ = run(["email", "--json", "--display", "chromium", "--no-psl",
                            "--local-security", "\u0430dmin@p\u0430ypal.com"])
        self.assertEqual(code, 0)
        [j] = json_lines(out)
        self.assertEqual(j["display"]["all_shown"], False)
        self.assertTrue(j["display"]["display"].startswith("xn--"))
        self.assertEqual(j["local_part_safe"], False)
        self.assertEqual(j["local_part_rule"], "restriction_level")


if __name__ == "__main__":
    require_binary()
    unittest.main()
