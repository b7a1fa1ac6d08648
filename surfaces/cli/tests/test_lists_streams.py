#!/usr/bin/env python3
"""Trust boundaries of the CLI's inputs (issue 50): list files.

ListFiles: every option that names a list file (hunt --brands and --psl, display
--psl and --top-domains, email --psl) refuses a directory, an empty file, a FIFO
and a device with exit 2 and a message naming the path and what it is, at once
(a FIFO with no writer must not block).

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_lists_streams.py -v
"""

import json
import os
import subprocess
import tempfile
import unittest

PUNY = os.environ.get("PUNY_BIN", "")


def run(args, stdin=b"", timeout=20):
    if not PUNY or not os.access(PUNY, os.X_OK):
        raise AssertionError("PUNY_BIN must name the built puny executable (got %r)" % PUNY)
    try:
        proc = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError("puny %s did not finish in %d s (blocked on a list file?)"
                             % (" ".join(args), timeout))
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


class ListFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        cls.brands = os.path.join(d, "brands.txt")
        with open(cls.brands, "w", encoding="utf-8") as f:
            f.write("paypal.com\n")
        cls.psl = os.path.join(d, "psl.dat")
        with open(cls.psl, "w", encoding="utf-8") as f:
            f.write("com\nde\n")
        cls.directory = os.path.join(d, "a-directory")
        os.mkdir(cls.directory)
        cls.empty = os.path.join(d, "empty.txt")
        open(cls.empty, "w").close()
        cls.fifo = os.path.join(d, "a-fifo")
        os.mkfifo(cls.fifo)
        # (path, what the message must say it is)
        cls.bad = [(cls.directory, "is a directory"), (cls.empty, "is empty"),
                   (cls.fifo, "is a FIFO"), ("/dev/null", "is a character device"),
                   ("/dev/zero", "is a character device")]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def refuses(self, make_args):
        for path, kind in self.bad:
            with self.subTest(path=path):
                code, out, err = run(make_args(path))
                self.assertEqual(code, 2, "exit status for %s: %s" % (path, err))
                self.assertIn("puny: %s: %s" % (path, kind), err)
                self.assertIn("file_unreadable", err)
                self.assertEqual(out, "")

    def test_hunt_brands(self):
        # Today's bug: a directory was a brand list of no brands, exit 0.
        self.refuses(lambda p: ["hunt", "--no-psl", "--brands", p, "paypa1.com"])
        code, out, err = run(["hunt", "--no-psl", "--brands", self.brands, "paypa1.com"])
        self.assertEqual((code, out.split("\t")[:2]), (0, ["1", "paypa1.com"]), err)

    def test_hunt_psl(self):
        self.refuses(lambda p: ["hunt", "--brands", self.brands, "--psl", p, "paypa1.com"])

    def test_display_psl(self):
        self.refuses(lambda p: ["display", "--psl", p, "b\u00fccher.de"])
        code, out, err = run(["display", "--psl", self.psl, "b\u00fccher.de"])
        self.assertEqual((code, out), (0, "b\u00fccher.de\n"), err)

    def test_display_top_domains(self):
        self.refuses(lambda p: ["display", "--no-psl", "--top-domains", p, "b\u00fccher.de"])

    def test_email_psl(self):
        self.refuses(lambda p: ["email", "--display", "chromium", "--psl", p, "a@b\u00fccher.de"])


if __name__ == "__main__":
    unittest.main()
