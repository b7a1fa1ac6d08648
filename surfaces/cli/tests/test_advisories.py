#!/usr/bin/env python3
"""The advisories of the libraries puny replaces, through the command line
(issue 57): Python idna's CVE-2024-3651 and CVE-2026-45409, Go's
CVE-2026-39821 and Rust's RUSTSEC-2024-0421, libidn2's CVE-2019-12290, GNU
libidn's CVE-2016-6261 and CVE-2015-8948 (a line starting with NUL).  Each
payload goes through to-ascii and to-unicode --json under the presets it
concerns, and the error, byte offset and label are asserted; time (linear)
is measured by tests/scaling/adversarial.py.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_advisories.py -v
"""
import json
import os
import subprocess
import sys
import unittest

PUNY = os.environ.get("PUNY_BIN", "")
BEH, ZWNJ = "\u0628", "\u200c"


def run(command, lines, *args):
    """One JSON record per input line, and the exit status."""
    p = subprocess.run([PUNY, command, "--json"] + list(args), input="".join(l + "\n" for l in lines).encode(),
                       capture_output=True)
    return [json.loads(l) for l in p.stdout.decode().splitlines()], p.returncode


def first(record):
    return record["details"][0]["error"], record["offset"], record["label"]


class Advisories(unittest.TestCase):
    def expect(self, lines, presets, want, commands=("to-ascii", "to-unicode")):
        for command in commands:
            for preset in presets:
                records, status = run(command, lines, "--preset", preset)
                self.assertEqual(len(records), len(lines), (command, preset))
                self.assertEqual(status, 1, (command, preset))
                for line, record in zip(lines, records):
                    self.assertIsNone(record["output"], (command, preset, line[:20]))
                    self.assertEqual(first(record), want, (command, preset, line[:20]))

    def test_python_idna_cve_2024_3651(self):
        # BEH (ZWNJ a) x n BEH: RFC 5892 A.1 fails at the first ZWNJ (byte 2).
        lines = [BEH + (ZWNJ + "a") * n + BEH for n in (1, 1000, 100000)]
        self.expect(lines, ["idna2008", "idna2008-lookup"], ("contextj", 2, 0))
        # kjd/idna#175: 'a' x 1000 + ZWNJ, UTS #46 too.
        self.expect(["a" * 1000 + ZWNJ], ["uts46", "idna2008"], ("contextj", 1000, 0))

    def test_python_idna_cve_2026_45409(self):
        lines = ["\u0660" * 32000, "\u06f0" * 32000, "\u30fb" * 32000 + "\u6f22", "\u0660" * 128000]
        self.expect(lines, ["idna2008", "idna2008-lookup"], ("label_too_long", 0, 0))
        # Short: A.7 holds with the Han at the end.
        records, status = run("to-ascii", ["\u30fb" * 3 + "\u6f22"], "--preset", "idna2008")
        self.assertEqual((records[0]["output"], status), ("xn--vekaa8574d", 0))

    def test_ascii_only_ace_labels(self):
        # Go x/net/idna CVE-2026-39821 ("xn--example-.com"), Rust
        # RUSTSEC-2024-0421 (any ASCII-only or empty decoding).
        for line, offset, label in (("xn--example-.com", 0, 0), ("www.xn--example-.com", 4, 1),
                                    ("xn--ascii-", 0, 0), ("xn--.example", 0, 0)):
            self.expect([line], ["uts46", "uts46-strict", "idna2008", "idna2008-lookup"],
                        ("invalid_ace_label", offset, label))

    def test_libidn2_cve_2019_12290(self):
        # An A-label whose decoding is not NFC ("u" + U+0308) names nothing.
        self.expect(["xn--u-ccb.com"], ["uts46", "idna2008", "idna2008-lookup"], ("not_nfc", 0, 0))

    def test_libidn_cve_2016_6261(self):
        records, status = run("to-ascii", ["a" * 63 + ".com"], "--preset", "idna2008")
        self.assertEqual((records[0]["output"], status), ("a" * 63 + ".com", 0))
        self.expect(["a" * 64 + ".com"], ["idna2008", "uts46-strict"], ("label_too_long", 0, 0),
                    commands=("to-ascii",))

    def test_libidn_cve_2015_8948_leading_nul(self):
        # A line that starts with NUL is a line like any other: its error
        # at byte 0, and the lines after it still converted.
        records, status = run("to-ascii", ["\0abc.com", "b\u00fccher.de"])
        self.assertEqual(status, 1)
        self.assertEqual(len(records), 2)
        self.assertEqual(records[0]["offset"], 0)
        self.assertIsNone(records[0]["output"])
        self.assertEqual(records[1]["output"], "xn--bcher-kva.de")


if __name__ == "__main__":
    if not PUNY:
        sys.exit("PUNY_BIN is not set")
    unittest.main()
