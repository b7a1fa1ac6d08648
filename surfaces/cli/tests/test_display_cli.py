#!/usr/bin/env python3
"""puny display and puny skeleton against the real binary.

Run by ctest (cli.Display; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_display_cli.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

from cli_case import (
    PUNY,
    run,
    out_lines,
    json_lines,
    Base,
    PEAK_RSS_OF_CHILD,
    require_binary)


class Display(Base):
    """puny display and puny skeleton against the real binary."""

    def test_display_keeps_spoofs_and_shows_the_rest(self):
        code, out, err = run(["display", "\u0430\u0440\u0440\u04cf\u0435.com", "b\u00fccher.de",
                              "xn--bcher-kva.de", "eb\u0430y.com"])
        self.assertEqual(code, 0, err)
        self.assertEqual(out_lines(out), ["xn--80ak6aa92e.com", "b\u00fccher.de", "b\u00fccher.de",
                                          "xn--eby-7cd.com"])

    def test_profiles(self):
        code, out, _ = run(["display", "--profile", "ascii-only", "b\u00fccher.de"])
        self.assertEqual((code, out_lines(out)), (0, ["xn--bcher-kva.de"]))
        code, out, _ = run(["display", "--profile", "firefox-high", "b\u057ds.com"])
        self.assertEqual(out_lines(out), ["xn--bs-red.com"])
        code, out, _ = run(["display", "--profile", "firefox-moderate", "b\u057ds.com"])
        self.assertEqual(out_lines(out), ["b\u057ds.com"])
        code, _, err = run(["display", "--profile", "chrome", "a.com"])
        self.assertEqual(code, 2, err)

    def test_invalid_name_fails_like_to_unicode(self):
        code, out, err = run(["display", "xn--a.com", "a.com"])
        self.assertEqual(code, 1)
        self.assertEqual(out_lines(out), ["", "a.com"])
        _, _, err2 = run(["to-unicode", "xn--a.com"])
        self.assertEqual(err.splitlines()[0], err2.splitlines()[0])

    def test_json_gives_each_label_and_its_reasons(self):
        code, out, _ = run(["display", "--json", "\u0430\u0440\u0440\u04cf\u0435.com"])
        self.assertEqual(code, 0)
        [j] = json_lines(out)
        self.assertEqual(j["output"], "xn--80ak6aa92e.com")
        self.assertEqual(j["profile"], "chromium")
        # The browser's character data, not this build's Unicode version.
        self.assertIn("ICU 78.2", j["character_data"])
        self.assertIn("Unicode 17.0.0", j["character_data"])
        self.assertEqual(j["registrable_domain"], "\u0430\u0440\u0440\u04cf\u0435.com")
        first, tld = j["labels"]
        self.assertEqual((first["a_label"], first["u_label"], first["show_unicode"]),
                         ("xn--80ak6aa92e", "\u0430\u0440\u0440\u04cf\u0435", False))
        finding = first["findings"][0]
        self.assertEqual(finding["reason"], "whole_script_confusable")
        self.assertEqual((finding["code_point"], finding["imitates"]), ("U+0430", "U+0061"))
        self.assertEqual(finding["offset"], 0)
        self.assertTrue(finding["step"].startswith("chromium/"))
        self.assertEqual((tld["u_label"], tld["show_unicode"], tld["findings"]), ("com", True, []))

    def test_top_domains_file(self):
        with tempfile.TemporaryDirectory() as d:
            good = os.path.join(d, "top.list")
            with open(good, "w", encoding="utf-8") as f:
                f.write("# protected\ngoogle.com\n\nexample.org\n")
            code, out, _ = run(["display", "--json", "--top-domains", good,
                                "www.googl\u00e9.com", "google.com"])
            self.assertEqual(code, 0)
            spoof, real = json_lines(out)
            self.assertEqual(spoof["output"], "www.xn--googl-fsa.com")
            self.assertEqual(spoof["labels"][1]["findings"][0]["similar_to"], "google.com")
            self.assertEqual(real["output"], "google.com")
            bad = os.path.join(d, "bad.list")
            with open(bad, "w", encoding="utf-8") as f:
                f.write("google.com\nnot a domain\n")
            code, out, err = run(["display", "--top-domains", bad, "a.com"])
            self.assertEqual((code, out), (2, b""))
            self.assertIn(bad + ":2", err)
            code, _, err = run(["display", "--psl", os.path.join(d, "missing.dat"), "a.com"])
            self.assertEqual(code, 2)
            self.assertIn("file_unreadable", err)
            # A directory is no list: it used to load as an empty one (exit 0,
            # wrong registrable domains).
            for option in ("--psl", "--top-domains"):
                code, out, err = run(["display", option, d, "a.b.example.co.uk"])
                self.assertEqual((code, out), (2, b""), option)
                self.assertIn("file_unreadable", err)

    def test_public_suffix_list_ignores_ascii_case(self):
        with tempfile.TemporaryDirectory() as d:
            psl = os.path.join(d, "psl.dat")
            with open(psl, "w", encoding="utf-8") as f:
                f.write("uk\nco.uk\n")
            for name in ("www.example.co.uk", "WWW.EXAMPLE.CO.UK", "Www.Example.Co.Uk"):
                code, out, _ = run(["display", "--json", "--psl", psl, name])
                self.assertEqual(code, 0)
                self.assertEqual(json_lines(out)[0]["registrable_domain"], "example.co.uk", name)

    def test_json_of_a_huge_line_streams(self):
        # Issue 44: display --json held a line's whole JSON object (twice:
        # the decision's members, then the line) before writing it, so its
        # peak memory was several times the line's output.  Now the object
        # goes out in blocks as it is written: the peak is the decision and
        # the input's copies, well under twice the output.  Each label "\u0430a"
        # mixes Cyrillic and Latin (a finding each, so the output is large
        # next to the decision) and stays an A-label; its Punycode comes
        # from Python's own codec (RFC 3492).
        labels = 150000
        long_line = "\u0430a." * labels + "com"
        a_label = "xn--" + "\u0430a".encode("punycode").decode("ascii")
        text = ("b\u00fccher.de\n" + long_line + "\n" + "a\udcff.de\n" + "ok.example").encode(
            "utf-8", "surrogateescape")
        results = {}
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "in.txt")
            with open(src, "wb") as f:
                f.write(text)
            for jobs in ("1", "2"):
                out_path = os.path.join(d, "out" + jobs)
                rss_path = os.path.join(d, "rss" + jobs)
                # A small Python process starts puny and reads its peak RSS
                # (a child's maximum counts from its fork: started from this
                # process, it would include what this one holds).
                with open(src, "rb") as i, open(out_path, "wb") as o:
                    proc = subprocess.run(
                        [sys.executable, "-c", PEAK_RSS_OF_CHILD, rss_path,
                         PUNY, "display", "--json", "--no-psl", "-j", jobs],
                        stdin=i, stdout=o, stderr=subprocess.PIPE, timeout=120)
                with open(rss_path, encoding="ascii") as f:
                    peak = int(f.read()) * 1024  # Linux: kilobytes
                with open(out_path, "rb") as f:
                    out = f.read()
                results[jobs] = (proc.returncode, out, proc.stderr)
                lines = out.split(b"\n")
                self.assertEqual(len(lines), 5, jobs)  # four objects, each ending in "\n"
                long_json = lines[1]
                # Under AddressSanitizer (scripts/sanitize-tests.sh) every
                # allocation carries redzones and shadow memory, so the peak
                # says nothing about puny's buffering; the output checks
                # below still run there.
                if "ASAN_OPTIONS" not in os.environ:
                    self.assertLess(peak, 2 * len(long_json),
                                    "-j %s: peak RSS %d bytes for %d bytes of output" %
                                    (jobs, peak, len(long_json)))
                self.assertEqual(long_json.count(('{"a_label":"%s",' % a_label).encode()), labels)
                self.assertEqual(long_json.count(b'"show_unicode":false'), labels)
                self.assertTrue(long_json.startswith(b'{"line":2,"input":"' + long_line.encode()), jobs)
                self.assertEqual(json.loads(lines[0])["output"], "b\u00fccher.de")
                self.assertEqual(json.loads(lines[2])["errors"], ["invalid_utf8"])
                self.assertEqual(json.loads(lines[3])["line"], 4)
            self.assertEqual(results["1"][0], 1)
            # -j 2 writes the same bytes, in input order.
            self.assertEqual(results["1"], results["2"])

    def test_skeleton(self):
        code, out, _ = run(["skeleton", "\u0440\u0430\u0443\u0440\u0430l", "m", "paypal"])
        self.assertEqual((code, out_lines(out)), (0, ["paypal", "rn", "paypal"]))
        code, out, err = run(["skeleton"], stdin=b"ab\xff\n")
        self.assertEqual(code, 1)
        self.assertIn("invalid_utf8", err)


if __name__ == "__main__":
    require_binary()
    unittest.main()
