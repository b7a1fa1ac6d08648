#!/usr/bin/env python3
"""puny encode and puny decode (RFC 3492) against the real binary.

Run by ctest (cli.PunycodeCommands; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_punycode_commands.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import json
import os
import select
import subprocess
import time
import unittest

from cli_case import (
    PUNY,
    TESTDATA,
    C_LOCALE,
    VECTORS,
    run,
    out_lines,
    json_lines,
    Base,
    require_binary)


class PunycodeCommands(Base):
    def test_encode_vectors_as_arguments(self):
        self.expect(["encode", "--"] + [u for u, _ in VECTORS], [p for _, p in VECTORS])

    def test_decode_vectors_as_arguments(self):
        self.expect(["decode", "--"] + [p for _, p in VECTORS], [u for u, _ in VECTORS])

    def test_vectors_through_stdin(self):
        self.expect(["encode"], [p for _, p in VECTORS],
                    stdin="".join(u + "\n" for u, _ in VECTORS))
        self.expect(["decode"], [u for u, _ in VECTORS],
                    stdin="".join(p + "\n" for _, p in VECTORS))

    def test_shared_test_vectors(self):
        path = os.path.join(TESTDATA, "punycode_tests.json")
        self.assertTrue(os.path.exists(path), f"test data missing: {path}")
        with open(path, encoding="utf-8") as f:
            cases = [c for c in json.load(f) if "\n" not in c["decoded"]]
        self.assertGreater(len(cases), 20)
        self.expect(["encode"], [c["encoded"] for c in cases],
                    stdin="".join(c["decoded"] + "\n" for c in cases))
        self.expect(["decode"], [c["decoded"] for c in cases],
                    stdin="".join(c["encoded"] + "\n" for c in cases))
        # The RFC samples carry appendix A case flags consistent with their
        # text, so mixed-case decoding gives the same strings.
        self.expect(["decode", "--mixed-case"], [c["decoded"] for c in cases],
                    stdin="".join(c["encoded"] + "\n" for c in cases))

    def test_decode_accepts_uppercase_digits(self):
        # Without --mixed-case the case flags are ignored: ü stays lowercase.
        self.expect(["decode", "BCHER-KVA", "TDA", "3b-WW4C5E180E575A65LSY2B"],
                    ["BüCHER", "ü", "3年b組金八先生"])

    def test_bad_line_in_the_middle(self):
        stdin = "bcher-kva\nab!c\ntda\n"
        code, out, err = run(["decode"], stdin)
        self.assertEqual(code, 1)
        # Failed input -> empty line, so output lines stay aligned with input lines.
        self.assertEqual(out_lines(out), ["bücher", "", "ü"])
        self.assertIn('puny: line 2: invalid_digit (P4) at byte 2 (U+0021) in "ab!c"', err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)

    def test_several_failures_all_reported(self):
        code, out, err = run(["decode"], "a!\nbcher-kva\n9999999999a\nxyz!\n")
        self.assertEqual(code, 1)
        self.assertEqual(out_lines(out), ["", "bücher", "", ""])
        self.assertIn("line 1: invalid_digit", err)
        self.assertIn("line 3: ", err)
        self.assertIn("line 4: invalid_digit (P4) at byte 3", err)

    def test_argument_errors_name_the_argument(self):
        code, out, err = run(["decode", "tda", "a!"])
        self.assertEqual(code, 1)
        self.assertEqual(out_lines(out), ["ü", ""])
        self.assertIn('argument 2: invalid_digit (P4) at byte 1 (U+0021) in "a!"', err)

    def test_quiet(self):
        code, out, err = run(["decode", "-q", "a!", "tda"])
        self.assertEqual((code, out_lines(out), err), (1, ["", "ü"], ""))

    def test_surrogate_and_out_of_range_rejected(self):
        for bad in ("0000h", "a-9z5g"):
            code, out, err = run(["decode", "--json", "--", bad])
            self.assertEqual(code, 1, bad)
            obj = json_lines(out)[0]
            self.assertIsNone(obj["output"])
            self.assertEqual(len(obj["errors"]), 1)

    def test_nul_is_a_code_point(self):
        # U+0000 is reported as a code point, not as "none" (every command).
        code, out, err = run(["decode", "--json"], "a\0c\n")
        self.assertEqual(code, 1)
        self.assertEqual(json_lines(out)[0]["details"][0]["code_point"], "U+0000")
        code, out, err = run(["to-ascii", "--json"], "a\0b\n")
        self.assertEqual(code, 1)
        detail = json_lines(out)[0]["details"][0]
        self.assertEqual((detail["error"], detail["offset"], detail["code_point"]),
                         ("forbidden_domain_code_point", 1, "U+0000"))
        code, _, err = run(["to-ascii"], "a\0b\n")
        self.assertIn("U+0000", err)

    def test_json_shape(self):
        code, out, _ = run(["decode", "--json"], "bcher-kva\nab!c\n")
        self.assertEqual(code, 1)
        good, bad = json_lines(out)
        self.assertEqual(list(good), ["line", "input", "output", "errors", "offset", "details"])
        self.assertEqual(good, {"line": 1, "input": "bcher-kva", "output": "bücher",
                                "errors": [], "offset": None, "details": []})
        self.assertEqual(list(bad), ["line", "input", "output", "errors", "offset", "details"])
        self.assertEqual(bad["line"], 2)
        self.assertEqual(bad["input"], "ab!c")
        self.assertIsNone(bad["output"])
        self.assertEqual(bad["errors"], ["invalid_digit"])
        self.assertEqual(bad["offset"], 2)
        # "code": the core's UTS #46 code, P4 for Punycode errors, as the C
        # API's puny_uts46_code and Python's Error.uts46_code say.
        self.assertEqual(bad["details"],
                         [{"error": "invalid_digit", "code": "P4", "offset": 2, "code_point": "U+0021"}])
        code, out, _ = run(["encode", "--json", "3年B組金八先生"])
        self.assertEqual(code, 0)
        self.assertEqual(json_lines(out)[0]["output"], "3B-ww4c5e180e575a65lsy2b")

    def test_c_locale_still_utf8(self):
        self.expect(["encode", "bücher", "3年B組金八先生"],
                    ["bcher-kva", "3B-ww4c5e180e575a65lsy2b"], env=C_LOCALE)
        self.expect(["encode"], ["bcher-kva", "p8jh5i5d"], stdin="bücher\nおはよう\n",
                    env=C_LOCALE)
        self.expect(["decode"], ["bücher", "あいうえお"], stdin="bcher-kva\nl8jegik\n",
                    env=C_LOCALE)
        code, out, _ = run(["encode", "--json", "bücher"], env=C_LOCALE)
        self.assertEqual(json_lines(out)[0]["input"], "bücher")
        self.expect(["encode", "--mixed-case", "BÜCHER"], ["BCHER-kvA"], env=C_LOCALE)

    def test_invalid_utf8_is_reported(self):
        stdin = b"b\xc3\xbccher\n\xff\xfeab\nab\xc3\n\xed\xa0\x80\nok\n"
        code, out, err = run(["encode"], stdin)
        self.assertEqual(code, 1)
        self.assertEqual(out_lines(out), ["bcher-kva", "", "", "", "ok-"])
        self.assertIn('line 2: invalid_utf8 at byte 0 in "\\xff\\xfeab"', err)
        self.assertIn('line 3: invalid_utf8 at byte 2 in "ab\\xc3"', err)
        self.assertIn("line 4: invalid_utf8 at byte 0", err)  # encoded surrogate
        code, out, _ = run(["encode", "--json"], stdin)
        objs = json_lines(out)
        self.assertEqual(objs[1]["input"], "\ufffd\ufffdab")
        self.assertEqual(objs[1]["errors"], ["invalid_utf8"])
        self.assertEqual(objs[1]["offset"], 0)
        self.assertIsNone(objs[1]["details"][0]["code_point"])
        self.assertEqual(objs[2]["offset"], 2)
        # The mixed-case path validates UTF-8 itself: same report.
        code, out, err = run(["encode", "--mixed-case"], stdin)
        self.assertEqual(code, 1)
        self.assertEqual(out_lines(out), ["bcher-kva", "", "", "", "ok-"])
        self.assertIn("line 3: invalid_utf8 at byte 2", err)
        # decode: non-ASCII is not a digit.
        code, out, err = run(["decode"], b"t\xffda\n")
        self.assertEqual(code, 1)
        self.assertIn('line 1: ', err)
        self.assertIn('"t\\xffda"', err)
        # A non-ASCII character that is no digit is named by its code point,
        # as '!' is (U+0021); the UTS #46 code is the core's P4.
        code, out, err = run(["decode", "--json", "ab\u00fcc", "a-\U0001F600"])
        self.assertEqual(code, 1)
        first, second = json_lines(out)
        self.assertEqual(first["details"], [{"error": "invalid_digit", "code": "P4", "offset": 2,
                                             "code_point": "U+00FC"}])
        self.assertEqual(second["details"][0]["code_point"], "U+1F600")
        code, _, err = run(["decode", "ab\u00fcc"])
        self.assertIn("invalid_digit (P4) at byte 2 (U+00FC)", err)

    def test_mixed_case(self):
        self.expect(["encode", "--mixed-case", "BÜCHER", "Bücher", "bücher"],
                    ["BCHER-kvA", "Bcher-kva", "bcher-kva"])
        self.expect(["decode", "--mixed-case", "BCHER-kvA", "bcher-KVA", "bcher-kva"],
                    ["BÜCHER", "bÜcher", "bücher"])
        # Without --mixed-case the flags are ignored.
        self.expect(["decode", "BCHER-kvA"], ["BüCHER"])

    def test_mixed_case_round_trip(self):
        words = ["BÜCHER", "Bücher", "MajiでKoiする5秒前", "ÀÉÎÕÜàéîõü", "ΑΒΓαβγ",
                 "ПОЧЕМУЖЕ", "İstanbul", "ǅemal", "ßẞ", "KELVIN\u212a", "3年B組金八先生",
                 "-> $1.00 <-", ""]
        code, out, err = run(["encode", "--mixed-case"], "".join(w + "\n" for w in words))
        self.assertEqual(code, 0, err)
        encoded = out_lines(out)
        self.assertEqual(len(encoded), len(words))
        self.expect(["decode", "--mixed-case"], words,
                    stdin="".join(e + "\n" for e in encoded))

    def test_crlf_and_verbatim_lines(self):
        self.expect(["decode"], ["bücher", "ü", "あいうえお"],
                    stdin=b"bcher-kva\r\ntda\r\nl8jegik\r\n")
        # Spaces, tabs and a lone CR inside a line are data; a final line
        # without a line break is still a line.
        self.expect(["encode"], [" a -", "\tb\t-", "a\rb-", "c d-"],
                    stdin=b" a \r\n\tb\t\na\rb\nc d")
        code, out, _ = run(["encode", "--json"], "bü \r\n")
        self.assertEqual(json_lines(out), [{"line": 1, "input": "bü ", "output": "b -xka",
                                            "errors": [], "offset": None, "details": []}])

    def test_empty_lines(self):
        self.expect(["encode"], ["", "", "a-"], stdin="\n\na\n")
        self.expect(["encode"], [], stdin="")
        self.expect(["encode", ""], [""])

    def test_many_lines(self):
        n = 100_000
        stdin = "".join(("bücher\n" if i % 1000 != 999 else "ab!c\n") for i in range(n))
        start = time.monotonic()
        code, out, err = run(["decode"], stdin.replace("bücher", "bcher-kva"))
        elapsed = time.monotonic() - start
        self.assertEqual(code, 1)
        lines = out_lines(out)
        self.assertEqual(len(lines), n)
        self.assertEqual(lines[999], "")
        self.assertEqual(lines[1001], "bücher")
        self.assertEqual(len(err.splitlines()), n // 1000)
        self.assertIn("line 1000: invalid_digit", err)
        self.assertLess(elapsed, 20)
        code, out, _ = run(["encode"], stdin)
        self.assertEqual(out_lines(out).count("bcher-kva"), n - n // 1000)

    def test_long_line(self):
        text = "".join(chr(0x4E00 + (i * 7) % 20000) for i in range(200_000))
        code, out, err = run(["encode"], text + "\n")
        self.assertEqual(code, 0, err)
        encoded = out_lines(out)[0]
        code, out, err = run(["decode"], encoded + "\n")
        self.assertEqual(code, 0, err)
        self.assertEqual(out_lines(out), [text])

    def test_line_buffered_answers_each_line(self):
        proc = subprocess.Popen([PUNY, "encode", "--line-buffered"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            for word, expected in (("bücher", b"bcher-kva\n"), ("ü", b"tda\n")):
                proc.stdin.write((word + "\n").encode())
                proc.stdin.flush()
                ready, _, _ = select.select([proc.stdout], [], [], 10)
                self.assertTrue(ready, "no answer before stdin was closed")
                self.assertEqual(proc.stdout.readline(), expected)
        finally:
            proc.stdin.close()
            proc.wait(timeout=10)
            proc.stdout.close()
            proc.stderr.close()
        self.assertEqual(proc.returncode, 0)

    def test_dash_inputs_after_double_dash(self):
        self.expect(["encode", "--", "-x", "--json"], ["-x-", "--json-"])


if __name__ == "__main__":
    require_binary()
    unittest.main()
