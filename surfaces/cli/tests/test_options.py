"""The command line as a shell user meets it (issue 52): option values that
swallow inputs, out-of-range values, options that do nothing alone, typos,
inputs numbered twice, closed pipes and a closed standard error, the help
texts.

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_options.py -v
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))


def run(args, stdin=b"", **kwargs):
    proc = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120, **kwargs)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


class Base(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(PUNY, os.X_OK):
            raise AssertionError("PUNY_BIN is not an executable: %s" % PUNY)
        cls.tmp = tempfile.TemporaryDirectory()
        cls.brands = os.path.join(cls.tmp.name, "brands.txt")
        with open(cls.brands, "w", encoding="utf-8") as f:
            f.write("paypal.com\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def hunt(self, *args, stdin=b""):
        return run(["hunt", "--brands", self.brands, "--no-psl"] + list(args), stdin)


class OptionValues(Base):
    def test_rules_takes_one_argument(self):
        # The name after --rules R is an input, not a second rule.
        code, out, err = self.hunt("--rules", "homoglyph", "paypa1.com")
        self.assertEqual(code, 0, err)
        self.assertEqual(out, "1\tpaypa1.com\tpaypa1.com (shown)\tpaypal.com homoglyph 0+6 90\n")
        code, out, err = self.hunt("--rules=skeleton,homoglyph", "paypa1.com", "x.org", "paypa1.com")
        self.assertEqual(code, 0, err)
        self.assertEqual([l.split("\t")[0] for l in out.splitlines()], ["1", "3"])
        self.assertNotIn("replacement", out)
        # Repeated, the rules add up.
        code, out, err = self.hunt("--rules", "skeleton", "--rules", "replacement", "paypa1.com")
        self.assertEqual(code, 0, err)
        self.assertIn("paypal.com replacement 0+6 65", out)
        self.assertNotIn("homoglyph", out)
        # A wrong rule name is still a usage error naming it.
        code, _, err = self.hunt("--rules", "skeletn", "paypa1.com")
        self.assertEqual(code, 2)
        self.assertIn("skeletn", err)

    def test_min_score_is_a_score(self):
        for bad in ("101", "-5", "1e3", "x"):
            code, out, err = self.hunt("--min-score", bad, "paypa1.com")
            self.assertEqual(code, 2, (bad, out, err))
            self.assertIn("0 to 100", err, bad)
        for good, shown in (("0", True), ("100", False), ("90", True), ("91", False)):
            code, out, err = self.hunt("--min-score", good, "paypa1.com")
            self.assertEqual(code, 0, err)
            self.assertEqual("homoglyph" in out, shown, good)

    def test_field_zero_is_named_plainly(self):
        for command in (["to-ascii"], ["to-unicode"], ["email"]):
            code, out, err = run(command + ["--field", "0", "a"])
            self.assertEqual(code, 2, (command, out))
            self.assertIn("--field takes a field number (1 for the first field), not 0", err)
            self.assertLess(len(err), 200, err)  # no 300-digit range

    def test_options_that_need_another(self):
        cases = [
            (["to-ascii", "--delimiter", ";", "a.de"], "--delimiter requires --field"),
            (["to-unicode", "--delimiter", ";", "a.de"], "--delimiter requires --field"),
            (["email", "--delimiter", ";", "a@b.de"], "--delimiter requires --field"),
            (["email", "--psl", self.brands, "a@b.de"], "--psl requires --display"),
            (["email", "--no-psl", "a@b.de"], "--no-psl requires --display"),
        ]
        for args, message in cases:
            code, out, err = run(args)
            self.assertEqual(code, 2, (args, out, err))
            self.assertIn(message, err, args)
        # With the option they need, they work.
        code, out, _ = run(["to-ascii", "--field", "2", "--delimiter", ";", "x;b\u00fccher.de"])
        self.assertEqual((code, out), (0, "x;xn--bcher-kva.de\n"))
        code, out, _ = run(["email", "--display", "chromium", "--no-psl", "a@b\u00fccher.de"])
        self.assertEqual((code, out), (0, "a@b\u00fccher.de\n"))

    def test_allow_pattern_is_refused(self):
        brands = os.path.join(self.tmp.name, "wild.txt")
        with open(brands, "w", encoding="utf-8") as f:
            f.write("paypal.com allow=*.paypal.me\n")
        code, out, err = run(["hunt", "--brands", brands, "--no-psl", "paypa1.com"])
        self.assertEqual((code, out), (2, ""), err)
        self.assertIn("wild.txt:1: allow= takes names, not patterns: '*.paypal.me'", err)
        # The name without '*.' covers the subdomains the pattern meant.
        with open(brands, "w", encoding="utf-8") as f:
            f.write("paypal.com allow=paypal.me\n")
        code, out, err = run(["hunt", "--brands", brands, "--no-psl", "www.paypal.me", "paypa1.com"])
        self.assertEqual(code, 0, err)
        self.assertEqual([l.split("\t")[0] for l in out.splitlines()], ["2"])

    def test_a_mistyped_option_is_named_with_the_right_one(self):
        code, out, err = run(["hunt", "--brand", self.brands, "paypa1.com"])
        self.assertEqual((code, out), (2, ""))
        self.assertIn("puny hunt: unknown option --brand; did you mean --brands?", err)
        code, _, err = run(["to-ascii", "--presett=url", "a.de"])
        self.assertEqual(code, 2)
        self.assertIn("unknown option --presett; did you mean --preset?", err)
        code, _, err = run(["explain", "to-ascii", "--jsn", "a.de"])
        self.assertEqual(code, 2)
        self.assertIn("did you mean --json?", err)
        self.assertIn("'puny explain to-ascii --help'", err)
        # Nothing close: no guess; after -- it is an input.
        code, _, err = run(["to-ascii", "--zzzzzzzz", "a.de"])
        self.assertEqual(code, 2)
        self.assertIn("unknown option --zzzzzzzz\n", err)
        code, out, _ = run(["to-ascii", "--", "--brand"])
        self.assertEqual((code, out), (1, "\n"))


class InputNumbering(Base):
    """An argument "-" (standard input) among other arguments: every input
    has its own number, the one its output line and --json object carry."""

    def test_to_ascii_numbers_arguments_and_lines_together(self):
        code, out, err = run(["to-ascii", "--json", "a.de", "-", "b c"], b"x.de\ny z\n")
        self.assertEqual(code, 1)
        objects = [json.loads(l) for l in out.splitlines()]
        self.assertEqual([(o["line"], o["input"]) for o in objects],
                         [(1, "a.de"), (2, "x.de"), (3, "y z"), (4, "b c")])
        self.assertEqual(err.splitlines(), [
            'puny: input 3: forbidden_domain_code_point at byte 1 (label 0, U+0020) in "y z"',
            'puny: input 4: forbidden_domain_code_point at byte 1 (label 0, U+0020) in "b c"'])
        # With -j the lines of standard input continue the same numbering.
        code, out2, err2 = run(["to-ascii", "--json", "-j", "2", "a.de", "-", "b c"], b"x.de\ny z\n")
        self.assertEqual((out2, err2), (out, err))
        # Without "-" the messages keep their words.
        code, _, err = run(["to-ascii", "a.de", "b c"])
        self.assertIn("puny: argument 2:", err)
        code, _, err = run(["to-ascii"], b"a.de\nb c\n")
        self.assertIn("puny: line 2:", err)

    def test_hunt_numbers_arguments_and_lines_together(self):
        code, out, err = self.hunt("paypa1.com", "-", "paypa1.com", stdin=b"x.org\npaypa1.com\n")
        self.assertEqual(code, 0, err)
        self.assertEqual([l.split("\t")[0] for l in out.splitlines()], ["1", "3", "4"])
        code, out, err = self.hunt("--json", "paypa1.com", "-", "paypa1.com", stdin=b"x.org\npaypa1.com\n")
        self.assertEqual([json.loads(l)["line"] for l in out.splitlines()], [1, 3, 4])


class Streams(Base):
    def test_a_closed_pipe_exits_3_as_help_says(self):
        code, out, _ = run(["--help"])
        self.assertRegex(out, r"3 standard output\s+could not be written \(disk full, closed pipe")
        names = b"".join(b"n%d.example\n" % i for i in range(200000))
        lookalikes = b"paypa1.com\n" * 200000
        cases = [(["to-ascii"], names, '"$@" | head -c 1 >/dev/null'),
                 (["to-ascii", "-j", "2"], names, '"$@" | head -c 1 >/dev/null'),
                 (["hunt", "--brands", self.brands, "--no-psl"], lookalikes, '"$@" | head -c 1 >/dev/null'),
                 # Arguments only, into a pipe closed before the first write.
                 (["to-ascii"] + ["a.de"] * 50000, b"", '{ sleep 0.3; "$@"; } | true')]
        for args, data, pipe in cases:
            proc = subprocess.run(["bash", "-c", pipe + '; echo "${PIPESTATUS[0]}" >&2', "bash", PUNY] + args,
                                  input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
            err = proc.stderr.decode()
            self.assertEqual(err.splitlines()[-1], "3", (args[:3], err))
            self.assertIn("puny: error writing standard output: Broken pipe", err, args[:3])
        # --help into a closed pipe too.
        # (The reader is gone before the write: a pipe buffer would take it.)
        proc = subprocess.run(["bash", "-c", '{ sleep 0.3; "$1" to-ascii --help; } | true; echo "${PIPESTATUS[0]}"',
                               "bash", PUNY], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.stdout.decode().split()[-1], "3", proc.stderr)

    def test_a_closed_stderr_is_not_a_failed_output(self):
        # 2>&-: the messages are lost, the output and the exit status are not.
        proc = subprocess.run(["bash", "-c", '"$@" 2>&-; echo "rc=$?"', "bash", PUNY, "to-ascii",
                               "a b", "b\u00fccher.de"], stdout=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.stdout.decode(), "\nxn--bcher-kva.de\nrc=1\n")
        proc = subprocess.run(["bash", "-c", '"$@" 2>&-; echo "rc=$?"', "bash", PUNY, "to-ascii",
                               "b\u00fccher.de"], stdout=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.stdout.decode(), "xn--bcher-kva.de\nrc=0\n")

    def test_hunt_progress_counts_matches(self):
        lines = b"paypa1.com\nexample.org\npaypa1.com\nwww.example.com\n"
        for jobs in ("1", "2"):
            code, out, err = self.hunt("--progress", "-j", jobs, stdin=lines)
            self.assertEqual(code, 0, err)
            self.assertRegex(err, r"puny: 4 lines, \d+ lines/s, 0 failed, 2 matched\n", jobs)
        # Other commands do not count matches.
        code, _, err = run(["to-ascii", "--progress"], b"a.de\n")
        self.assertNotIn("matched", err)


class HelpTexts(Base):
    def test_hunt_help_ends_its_sentences(self):
        code, out, _ = run(["hunt", "--help"])
        self.assertEqual(code, 0)
        text = re.sub(r"\s+", " ", out)
        self.assertIn("each line of standard input is one input", text)
        self.assertNotRegex(text, r"is one\s*(-|--|\n|$)")

    def test_to_unicode_help_says_what_the_url_preset_does(self):
        _, help_text, _ = run(["to-unicode", "--help"])
        text = re.sub(r"\s+", " ", help_text)
        self.assertNotIn("xn--8i7caa fails", text)
        self.assertIn("xn--8i7caa prints xn--8i7caa (exit 0) with validation error V7", text)
        # ... which is what happens.
        code, out, _ = run(["to-unicode", "--preset", "url", "xn--8i7caa"])
        self.assertEqual((code, out), (0, "xn--8i7caa\n"))
        code, out, _ = run(["to-unicode", "--preset", "url", "--json", "xn--8i7caa"])
        obj = json.loads(out)
        self.assertEqual((obj["output"], obj["errors"]), ("xn--8i7caa", []))
        self.assertEqual(obj["validation_errors"][0]["code"], "V7")


if __name__ == "__main__":
    unittest.main()
