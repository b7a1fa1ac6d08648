#!/usr/bin/env python3
"""General behaviour of the `puny` command-line tool: --version, --help,
exit statuses and input handling shared by every command.

Run by ctest (cli.GeneralBehaviour; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_cli.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import re
import shlex
import unittest

from cli_case import (UNICODE_VERSION, run, Base, require_binary)


class GeneralBehaviour(Base):
    def test_version(self):
        code, out, _ = run(["--version"])
        self.assertEqual(code, 0)
        text = out.decode()
        # The build's PUNY_UNICODE_VERSION (CMake passes it; 18.0.0 by default).
        self.assertRegex(text, r"^puny \d+\.\d+\.\d+ \(Unicode %s\)\n$" % re.escape(UNICODE_VERSION))
        code, out, _ = run(["--help"])
        self.assertIn("Unicode %s" % UNICODE_VERSION, out.decode("utf-8"))

    def test_help_documents_every_command_with_an_example(self):
        code, out, _ = run(["--help"])
        self.assertEqual(code, 0)
        text = out.decode("utf-8")
        for cmd in ("encode", "decode", "to-ascii", "to-unicode"):
            self.assertIn(cmd, text)
        self.assertIn("3B-ww4c5e180e575a65lsy2b", text)
        self.assertIn("fass.de", text)
        for cmd, example in (("encode", "3B-ww4c5e180e575a65lsy2b"),
                             ("decode", "bücher"),
                             ("to-ascii", "xn--bcher-kva.de"),
                             ("to-unicode", "bücher.de")):
            code, out, _ = run([cmd, "--help"])
            self.assertEqual(code, 0, cmd)
            self.assertIn("Examples:", out.decode("utf-8"), cmd)
            self.assertIn(example, out.decode("utf-8"), cmd)
        code, out, _ = run(["to-ascii", "--help"])
        for flag in ("--transitional", "--std3", "--no-check-hyphens", "--no-check-bidi",
                     "--no-check-joiners", "--verify-dns-length",
                     "--ignore-invalid-punycode", "--preset", "--json", "--line-buffered"):
            self.assertIn(flag, out.decode("utf-8"))

    def test_help_examples_are_true(self):
        """Every "puny ARGS -> RESULT" line in every --help page holds."""
        checked = 0
        for page in ([], ["encode"], ["decode"], ["to-ascii"], ["to-unicode"]):
            _, out, _ = run(page + ["--help"])
            for line in out.decode("utf-8").splitlines():
                m = re.match(r"^\s+puny (\S.*?)\s+->\s+(\S.*?)\s*$", line)
                if not m:
                    continue
                args, expected = shlex.split(m.group(1)), m.group(2)
                self.expect(args, [expected])
                checked += 1
        self.assertGreaterEqual(checked, 12)

    def test_usage_errors_exit_2(self):
        for args in ([], ["frobnicate"], ["encode", "--bogus"], ["--bogus"],
                     ["to-ascii", "--preset", "nonsense", "a.de"],
                     ["to-ascii", "--preset"], ["encode", "--transitional", "x"]):
            code, out, err = run(args)
            self.assertEqual(code, 2, msg=f"{args}: {err}")
            self.assertEqual(out, b"", msg=str(args))
            self.assertNotEqual(err, "", msg=str(args))


if __name__ == "__main__":
    require_binary()
    unittest.main()
