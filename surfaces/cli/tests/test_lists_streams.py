#!/usr/bin/env python3
"""Trust boundaries of the CLI's inputs (issue 50): list files and certstream lines.

ListFiles: every option that names a list file (hunt --brands and --psl, display
--psl and --top-domains, email --psl) refuses a directory, an empty file, a FIFO
and a device with exit 2 and a message naming the path and what it is, at once
(a FIFO with no writer must not block).

CertstreamLines: a `puny hunt` line that starts with '{' and cannot be read
(ill-formed UTF-8, an escaped lone surrogate, truncated JSON, text after the
value, a message of another type, all_domains not a list of strings) is
reported on standard error and in --json with its line number and byte offset,
counted as failed by --progress, and makes the exit status 1; a heartbeat is
counted as skipped and is no failure.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_lists_streams.py -v
"""

import json
import os
import re
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


def certstream(*names):
    return json.dumps({"message_type": "certificate_update",
                       "data": {"leaf_cert": {"all_domains": list(names)}}}).encode()


# (case, line, error name, byte offset): lines that cannot be read.  Each also
# holds paypa1.com, which used to vanish with the line.
BAD_LINES = [
    ("ill-formed UTF-8", b'{"all_domains":["a\xffb.com","paypa1.com"]}', "invalid_utf8", 18),
    ("lone surrogate", b'{"all_domains":["\\ud800x.com","paypa1.com"]}', "lone_surrogate", 17),
    ("lone low surrogate", b'{"all_domains":["paypa1.com","\\udc00"]}', "lone_surrogate", 30),
    ("truncated JSON", b'{"all_domains":["paypa1.com"', "truncated_json", 28),
    ("text after the JSON", b'{"all_domains":["paypa1.com"]} {"x":1}', "text_after_json", 31),
    ("message of another type",
     b'{"message_type":"dns_entries","data":{"leaf_cert":{"all_domains":["paypa1.com"]}}}',
     "not_a_certificate", 0),
    ("no all_domains", b'{"data":{"leaf_cert":{"names":["paypa1.com"]}}}', "not_a_certificate", 0),
    ("all_domains not a list", b'{"all_domains":"paypa1.com"}', "invalid_all_domains", 0),
    ("a name not a string", b'{"all_domains":["paypa1.com",7]}', "invalid_all_domains", 0),
    ("invalid JSON", b'  {"all_domains":["paypa1.com"],}', "invalid_json", 32),
]
HEARTBEAT = b'{"message_type":"heartbeat","timestamp":1700000000.0}'


class CertstreamLines(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.brands = os.path.join(cls.tmp.name, "brands.txt")
        with open(cls.brands, "w", encoding="utf-8") as f:
            f.write("paypal.com\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def hunt(self, lines, *extra):
        return run(["hunt", "--no-psl", "--brands", self.brands] + list(extra), b"\n".join(lines) + b"\n")

    def test_each_unreadable_line_is_reported(self):
        for case, line, name, offset in BAD_LINES:
            with self.subTest(case=case):
                # Line 2, between two good lines.
                lines = [certstream("paypa1.com"), line, certstream("*.paypa1.com")]
                code, out, err = self.hunt(lines)
                self.assertEqual(code, 1, "%s: exit status (stderr: %s)" % (case, err))
                self.assertRegex(err, r'^puny: line 2: %s at byte %d in "' % (name, offset))
                self.assertEqual([l.split("\t")[0] for l in out.splitlines()], ["1", "3"], out)
                code, out, err = self.hunt(lines, "--json")
                self.assertEqual(code, 1, case)
                objs = [json.loads(l) for l in out.splitlines()]
                self.assertEqual([o["line"] for o in objs], [1, 2, 3], out)
                self.assertEqual(objs[1], {"line": 2, "error": name, "offset": offset})
                self.assertIn("line 2: %s" % name, err)

    def test_quiet_still_fails(self):
        code, out, err = self.hunt([BAD_LINES[0][1]], "--quiet")
        self.assertEqual((code, out, err), (1, "", ""))

    def test_arguments_too(self):
        code, out, err = run(["hunt", "--no-psl", "--brands", self.brands, BAD_LINES[3][1].decode()])
        self.assertEqual(code, 1, err)
        self.assertIn("puny: argument 1: truncated_json at byte 28", err)

    def test_heartbeat_is_skipped_not_failed(self):
        code, out, err = self.hunt([HEARTBEAT, certstream("paypa1.com")], "--json", "--progress")
        self.assertEqual(code, 0, err)
        self.assertEqual([json.loads(l)["line"] for l in out.splitlines()], [2])
        # No message, but counted.
        self.assertEqual([l for l in err.splitlines() if "lines/s" not in l], [])
        self.assertRegex(err.splitlines()[-1], r"^puny: 2 lines, \d+ lines/s, 0 failed, 1 skipped")

    def test_progress_counts_failed_and_skipped(self):
        lines = [l for _, l, _, _ in BAD_LINES] + [HEARTBEAT, HEARTBEAT, certstream("paypa1.com")]
        for jobs in ("1", "2"):
            with self.subTest(jobs=jobs):
                code, out, err = self.hunt(lines, "--progress", "-j", jobs, "--quiet")
                self.assertEqual(code, 1)
                last = [l for l in err.splitlines() if l.startswith("puny: ") and "lines/s" in l][-1]
                self.assertRegex(last, r"^puny: %d lines, \d+ lines/s, %d failed, 2 skipped"
                                 % (len(lines), len(BAD_LINES)))

    def test_jobs_give_the_same_report(self):
        lines = [certstream("paypa1.com")] + [l for _, l, _, _ in BAD_LINES] * 50
        one = self.hunt(lines, "--json")
        two = self.hunt(lines, "--json", "-j", "2")
        self.assertEqual(one, two)
        self.assertEqual(len(one[1].splitlines()), 1 + 50 * len(BAD_LINES))


if __name__ == "__main__":
    unittest.main()
