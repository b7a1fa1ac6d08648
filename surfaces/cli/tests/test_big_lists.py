#!/usr/bin/env python3
"""-j/--jobs and --progress on big lists of real names.

Run by ctest (cli.BigLists; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_big_lists.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import os
import re
import select
import subprocess
import sys
import tempfile
import unittest

from cli_case import (PUNY, TESTDATA, run, out_lines, Base, require_binary)


def big_input(lines):
    """`lines` lines of real names with the awkward ones mixed in: ill-formed
    UTF-8, CRLF, empty lines, U+0000, errors, a BOM at the very start and a
    last line without its line break (ending in CR)."""
    data = os.path.join(TESTDATA, "..", "bench", "data")
    names = []
    for name in ("domains-idn.txt", "domains-mixed.txt"):
        with open(os.path.join(data, name), "rb") as f:
            names += [n for n in f.read().split(b"\n") if n]
    awkward = [b"bad\xffname.com", b"crlf.example\r", b"", b"a\x00b.com", b"xn--a.com",
               b"-x-.com", b"user@b\xc3\xbccher.de", b"http://B\xc3\xbccher.de/a", b"x,b\xc3\xbccher.de,y"]
    out = [b"\xef\xbb\xbf" + names[0]]
    for i in range(1, lines - 1):
        out.append(awkward[i // 13 % len(awkward)] if i % 13 == 0 else names[i % len(names)])
    return b"\n".join(out) + b"\nlast.example\r"


class BigLists(Base):
    """-j/--jobs and --progress (issue: big lists on every core)."""

    COMMANDS = [["encode"], ["decode"], ["to-ascii"], ["to-unicode"], ["to-ascii", "--json"],
                ["to-unicode", "--json", "--preset", "url"], ["to-ascii", "--email"],
                ["to-ascii", "--url"], ["to-ascii", "--field", "2"], ["to-ascii", "--preset", "idna2008"],
                ["display"], ["display", "--json"], ["skeleton"], ["encode", "--mixed-case"]]

    @classmethod
    def setUpClass(cls):
        cls.data = big_input(40000)  # many blocks of the parallel reader

    def run_both_ways(self, args, stdin):
        """(status, stdout, stderr) and the merged stream (2>&1)."""
        separate = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=120)
        merged = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, timeout=120)
        return separate.returncode, separate.stdout, separate.stderr, merged.stdout

    def test_jobs_give_byte_identical_output(self):
        for command in self.COMMANDS:
            one = self.run_both_ways(command, self.data)
            self.assertGreater(len(one[2]), 0, command)  # the awkward lines fail
            for jobs in ("2", "3", "auto"):
                many = self.run_both_ways(command + ["-j", jobs], self.data)
                self.assertEqual(many[0], one[0], (command, jobs))
                self.assertTrue(many[1] == one[1], (command, jobs, "stdout"))
                self.assertTrue(many[2] == one[2], (command, jobs, "stderr"))
                self.assertTrue(many[3] == one[3], (command, jobs, "2>&1"))

    def test_jobs_give_the_same_merged_file(self):
        """2>&1 into a regular file (stdio buffers it fully), 60,000 lines from a file."""
        outputs = []
        with tempfile.TemporaryFile() as names:
            # Real names with their sparse failures (a dense mix hides the
            # difference): what scripts/tsan-tests.sh feeds too.
            data = os.path.join(TESTDATA, "..", "bench", "data")
            with open(os.path.join(data, "domains-mixed.txt"), "rb") as f:
                names.write(b"".join(f.readlines()[:40000]))
            names.write(b"bad\xffname.com\na\x00b.com\n")
            with open(os.path.join(data, "domains-idn.txt"), "rb") as f:
                names.write(b"".join(f.readlines()[:20000]))
            for jobs in ("1", "4"):
                names.seek(0)
                with tempfile.TemporaryFile() as f:
                    subprocess.run([PUNY, "to-ascii", "-j", jobs], stdin=names, stdout=f,
                                   stderr=subprocess.STDOUT, timeout=120)
                    f.seek(0)
                    outputs.append(f.read())
        self.assertIn(b"puny: line ", outputs[0])
        self.assertTrue(outputs[0] == outputs[1], "to-ascii -j 4 2>&1 > file differs from -j 1")

    def test_jobs_read_a_file_and_arguments(self):
        with tempfile.NamedTemporaryFile(suffix=".txt") as f:
            f.write(self.data)
            f.flush()
            one = self.run_both_ways(["to-ascii", "--input", f.name], b"")
            many = self.run_both_ways(["to-ascii", "--input", f.name, "--jobs", "2"], b"")
            self.assertEqual(one, many)
        one = self.run_both_ways(["to-ascii", "a.com", "-", "b\u00fccher.de"], self.data)
        many = self.run_both_ways(["to-ascii", "-j", "2", "a.com", "-", "b\u00fccher.de"], self.data)
        self.assertEqual(one, many)

    def test_jobs_answer_a_coprocess_line_by_line(self):
        proc = subprocess.Popen([PUNY, "to-ascii", "-j", "2", "--line-buffered"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            for name, expected in (("b\u00fccher.de", b"xn--bcher-kva.de\n"), ("a.com", b"a.com\n")):
                proc.stdin.write(name.encode() + b"\n")
                proc.stdin.flush()
                ready, _, _ = select.select([proc.stdout], [], [], 10)
                self.assertTrue(ready, "no answer within 10 s: the batch waited for more input")
                self.assertEqual(proc.stdout.readline(), expected)
        finally:
            proc.stdin.close()
            proc.wait(timeout=10)
        self.assertEqual(proc.returncode, 0)

    def test_jobs_usage(self):
        for bad in ("0", "x", "-1", "", "99999"):
            code, out, err = run(["to-ascii", "-j", bad, "a.com"])
            self.assertEqual(code, 2, (bad, err))
            self.assertEqual(out, b"")
        self.expect(["to-ascii", "--jobs", "auto", "A.com"], ["a.com"])

    def test_memory_stays_bounded(self):
        """A stream, not a slurp: the peak size does not grow with the input
        (1 and 2 million lines, about 20 and 40 MB), and stays small."""
        script = ("import resource, subprocess, sys\n"
                  "p = subprocess.run(sys.argv[1:], stdin=sys.stdin, stdout=subprocess.DEVNULL,"
                  " stderr=subprocess.DEVNULL)\n"
                  "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
        # Under AddressSanitizer (scripts/sanitize-tests.sh) freed memory is
        # held in a quarantine; a small one keeps the measure about puny.
        env = dict(os.environ)
        sanitized = "ASAN_OPTIONS" in env
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=1:thread_local_quarantine_size_kb=64"
        inputs = {n: big_input(n) for n in (1000000, 2000000)}
        self.assertGreater(len(inputs[2000000]), 35 * 2 ** 20)
        for jobs in ("1", "2"):
            peak = {}
            for n, data in inputs.items():
                proc = subprocess.run([sys.executable, "-c", script, PUNY, "to-ascii", "-j", jobs], input=data,
                                      stdout=subprocess.PIPE, env=env, timeout=600)
                peak[n] = int(proc.stdout)
            self.assertLess(peak[2000000], peak[1000000] + 8 * 1024, (jobs, peak))
            if not sanitized:
                self.assertLess(peak[2000000], 32 * 1024, (jobs, peak))

    def progress_run(self, args, terminal, from_file=True):
        """Runs puny with standard error on a pseudo-terminal (or a pipe);
        returns (stdout, what standard error showed)."""
        import pty
        with tempfile.NamedTemporaryFile(suffix=".txt") as f:
            f.write(self.data)
            f.flush()
            stdin = open(f.name, "rb") if from_file else subprocess.PIPE
            # Standard output into a file: a pipe nobody reads while the
            # terminal is read would fill and stop the tool.
            captured = tempfile.TemporaryFile()
            if terminal:
                master, slave = pty.openpty()
                proc = subprocess.Popen([PUNY] + args, stdin=stdin, stdout=captured, stderr=slave)
                os.close(slave)
                if not from_file:
                    import threading
                    def feed():
                        proc.stdin.write(self.data)
                        proc.stdin.close()
                    threading.Thread(target=feed, daemon=True).start()
                shown = b""
                while True:
                    try:
                        chunk = os.read(master, 65536)
                    except OSError:  # EIO: the child closed the terminal
                        break
                    if not chunk:
                        break
                    shown += chunk
                os.close(master)
            else:
                proc = subprocess.Popen([PUNY] + args, stdin=stdin, stdout=captured,
                                        stderr=subprocess.PIPE)
                if not from_file:
                    proc.stdin.write(self.data)
                    proc.stdin.close()
                shown = proc.stderr.read()
            proc.wait(timeout=60)
            captured.seek(0)
            out = captured.read()
            captured.close()
            if from_file:
                stdin.close()
            return out, shown.decode("utf-8", "replace")

    def test_progress_on_a_terminal(self):
        expected = run(["to-ascii", "-q"], self.data)[1]
        for jobs in ("1", "2"):
            out, shown = self.progress_run(["to-ascii", "-q", "-j", jobs], terminal=True)
            self.assertEqual(out, expected)  # never on standard output
            m = re.search(r"puny: (\d+) lines, \d+ lines/s, (\d+) failed, 100\.0%, \d+ s left", shown)
            self.assertIsNotNone(m, shown)
            self.assertEqual(int(m.group(1)), len(out_lines(expected)))
            self.assertGreater(int(m.group(2)), 0)
            self.assertIn("\r\x1b[K", shown)  # redrawn in place
        # A pipe has no size: no percentage.
        _, shown = self.progress_run(["to-ascii", "-q"], terminal=True, from_file=False)
        self.assertRegex(shown, r"puny: \d+ lines, \d+ lines/s, \d+ failed")
        self.assertNotIn("%", shown)
        # Asked not to.
        _, shown = self.progress_run(["to-ascii", "-q", "--no-progress"], terminal=True)
        self.assertEqual(shown, "")

    def test_progress_only_when_asked_off_a_terminal(self):
        _, shown = self.progress_run(["to-ascii", "-q"], terminal=False)
        self.assertEqual(shown, "")
        _, shown = self.progress_run(["to-ascii", "-q", "--progress"], terminal=False)
        self.assertRegex(shown, r"puny: \d+ lines, \d+ lines/s, \d+ failed, 100\.0%, \d+ s left\n")
        self.assertNotIn("\r", shown)
        # Error messages and the progress line do not mix on a terminal.
        _, shown = self.progress_run(["to-ascii", "-j", "2"], terminal=True)
        for line in shown.replace("\r\x1b[K", "\n").split("\n"):
            self.assertFalse("lines/s" in line and "line " in line and ": " in line.split("lines/s")[1],
                             line)


if __name__ == "__main__":
    require_binary()
    unittest.main()
