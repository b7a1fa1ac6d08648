#!/usr/bin/env python3
"""Tests of the `puny` command-line tool (Python 3 standard library only).

Run by ctest (surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_cli.py -v
    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_cli.py -v PunycodeCommands

Environment:
    PUNY_BIN           the puny executable (required)
    PUNY_TESTDATA_DIR  directory holding punycode_tests.json
                       (default: <repo>/../shared/testdata)
    PUNY_UNICODE_VERSION  the Unicode version the tool was built with
                       (default: 18.0.0)
"""

import json
import os
import re
import select
import shlex
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", "")
TESTDATA = os.environ.get("PUNY_TESTDATA_DIR",
                          os.path.join(REPO, "..", "shared", "testdata"))
UNICODE_VERSION = os.environ.get("PUNY_UNICODE_VERSION", "18.0.0")

# Environment with a locale that knows nothing about UTF-8: the tool must not
# care (idn2 breaks here).
C_LOCALE = dict(os.environ, LANG="C", LC_ALL="C", LC_CTYPE="C")
C_LOCALE.pop("LANGUAGE", None)

# RFC 3492 section 7.1 samples and the seeds' examples, (unicode, punycode).
VECTORS = [
    ("bücher", "bcher-kva"),
    ("ü", "tda"),
    ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
    ("おはよう", "p8jh5i5d"),
    ("あいうえお", "l8jegik"),
    ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
    ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
    ("-> $1.00 <-", "-> $1.00 <--"),
    ("Bach", "Bach-"),
]


def core_vocabulary():
    """The core's presets, aliases, flags and error names (tests/vocabulary)."""
    path = os.environ.get("PUNY_VOCABULARY")
    if not path or not os.path.exists(path):
        raise AssertionError("PUNY_VOCABULARY does not name the core's vocabulary.json "
                             "(built by the puny_vocabulary target)")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def run(args, stdin=None, env=None, timeout=60):
    """Runs puny; returns (exit status, stdout bytes, stderr text)."""
    if isinstance(stdin, str):
        stdin = stdin.encode("utf-8")
    proc = subprocess.run([PUNY] + list(args), input=stdin if stdin is not None else b"",
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def out_lines(stdout):
    text = stdout.decode("utf-8")
    assert text == "" or text.endswith("\n"), repr(text)
    return text.split("\n")[:-1]


def json_lines(stdout):
    return [json.loads(line) for line in out_lines(stdout)]


class Base(unittest.TestCase):
    def expect(self, args, expected, stdin=None, env=None, status=0):
        code, out, err = run(args, stdin, env)
        self.assertEqual(out_lines(out), expected, msg=err)
        self.assertEqual(code, status, msg=err)
        return err


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


class IdnaCommands(Base):
    def test_to_ascii_examples(self):
        self.expect(["to-ascii", "bücher.de", "3年B組金八先生.jp", "faß.de", "BÜCHER.DE",
                     "example.com"],
                    ["xn--bcher-kva.de", "xn--3b-ww4c5e180e575a65lsy2b.jp", "xn--fa-hia.de",
                     "xn--bcher-kva.de", "example.com"])
        self.expect(["to-ascii", "--transitional", "faß.de"], ["fass.de"])

    def test_to_unicode_examples(self):
        self.expect(["to-unicode", "xn--bcher-kva.de", "XN--BCHER-KVA.DE",
                     "xn--fa-hia.de", "xn--3b-ww4c5e180e575a65lsy2b.jp", "EXAMPLE.com"],
                    ["bücher.de", "bücher.de", "faß.de", "3年b組金八先生.jp", "example.com"])

    def test_idna2008_presets(self):
        # The IDNA2008 profile refuses what UTS #46 maps or accepts.
        for name, cp in (("\U0001F4A9.la", "U+1F4A9"), ("\u2260.com", "U+2260"),
                         ("\u216b.com", "U+216B")):
            code, out, err = run(["to-ascii", "--preset", "idna2008", name])
            self.assertEqual(code, 1, msg=name)
            self.assertEqual(out_lines(out), [""])
            self.assertIn("disallowed at byte 0 (label 0, %s)" % cp, err)
        self.expect(["to-ascii", "--preset", "uts46-strict", "\u216b.com"], ["xii.com"])
        self.expect(["to-ascii", "--preset", "registration", "\u216b.com"], ["xii.com"])
        # Preset names ignore ASCII case (the core's rule, as in SQL, C and Python).
        self.expect(["to-ascii", "--preset", "UTS46-STRICT", "\u216b.com"], ["xii.com"])
        self.expect(["to-ascii", "--preset", "Registration", "\u216b.com"], ["xii.com"])
        self.expect(["to-unicode", "--preset", "IDNA2008", "xn--bcher-kva.de"], ["b\u00fccher.de"])
        code, out, err = run(["to-ascii", "--preset", "uts46-strict\u00e9", "a.com"])
        self.assertEqual((code, out), (2, b""))
        self.assertIn("unknown preset", err)
        self.expect(["to-ascii", "--preset", "idna2008", "b\u00fccher.de", "xn--bcher-kva.de"],
                    ["xn--bcher-kva.de", "xn--bcher-kva.de"])
        self.expect(["to-unicode", "--preset", "idna2008", "xn--bcher-kva.de"], ["b\u00fccher.de"])
        code, _, err = run(["to-ascii", "--preset", "idna2008", "XN--BCHER-KVA.de"])
        self.assertEqual(code, 1)
        self.assertIn("a_label_not_canonical at byte 0", err)
        # Lookup does not evaluate CONTEXTO rules (RFC 5891 section 5.4).
        self.expect(["to-ascii", "--preset", "idna2008-lookup", "a\u00b7b.com"], ["xn--ab-0ea.com"])
        code, _, err = run(["to-ascii", "--preset", "idna2008", "a\u00b7b.com"])
        self.assertEqual(code, 1)
        self.assertIn("contexto at byte 1", err)

    def test_stdin_with_a_bad_line(self):
        stdin = "bücher.de\na\u2028b.de\nfaß.de\n"
        code, out, err = run(["to-ascii"], stdin)
        self.assertEqual(code, 1)
        self.assertEqual(out_lines(out), ["xn--bcher-kva.de", "", "xn--fa-hia.de"])
        # Invisible and layout characters are escaped in the echoed input.
        self.assertIn("puny: line 2: disallowed (V7) at byte 1 (label 0, U+2028) in "
                      "\"a\\u2028b.de\"", err)
        code, _, err = run(["to-ascii", "a\u200db.de"])
        self.assertEqual(code, 1)
        self.assertIn("(C2)", err)
        self.assertIn('"a\\u200db.de"', err)

    def test_json_shape(self):
        code, out, _ = run(["to-ascii", "--json"], "bücher.de\na\u2028b.de\n")
        self.assertEqual(code, 1)
        good, bad = json_lines(out)
        keys = ["line", "input", "output", "best_effort", "errors", "label", "offset", "details"]
        self.assertEqual(list(good), keys)
        self.assertEqual(list(bad), keys)
        self.assertEqual(good["output"], "xn--bcher-kva.de")
        self.assertEqual(good["errors"], [])
        self.assertIsNone(good["label"])
        self.assertIsNone(good["offset"])
        self.assertEqual(good["details"], [])
        self.assertIsNone(bad["output"])
        self.assertEqual(bad["errors"], ["V7"])
        self.assertEqual(bad["label"], 0)
        self.assertEqual(bad["offset"], 1)
        self.assertIsInstance(bad["best_effort"], str)
        self.assertEqual(bad["details"][0], {"error": "disallowed", "code": "V7", "offset": 1,
                                             "label": 0, "code_point": "U+2028"})

    def test_to_unicode_best_effort(self):
        code, out, err = run(["to-unicode", "--json", "xn--0.pt", "xn--bcher-kva.de"])
        self.assertEqual(code, 1)
        bad, good = json_lines(out)
        self.assertIsNone(bad["output"])
        self.assertEqual(bad["errors"], ["P4"])
        # IdnaTestV2: toUnicode("xn--0.pt") = "xn--0.pt"; U+FFFD may mark the error.
        self.assertTrue(bad["best_effort"] in ("xn--0.pt", "\ufffd.pt"), bad["best_effort"])
        self.assertEqual(good["output"], "bücher.de")
        self.assertEqual(good["best_effort"], "bücher.de")
        self.assertRegex(err, r"argument 1: \w+ \(P4\) at byte \d+ \(label 0\)")

    def test_url_preset_validation_errors(self):
        # URL Standard "domain parser" steps 1-2: the strict ToASCII's errors
        # are non-fatal validation errors; step 5 returns ASCII input lowercased.
        code, out, _ = run(["to-ascii", "--preset", "url", "--json",
                            "A_B.com", "ab--c.com", "xn--8i7caa", "bücher.de", "a<b.com"])
        self.assertEqual(code, 1)  # a<b.com: forbidden domain code point (step 8)
        underscore, hyphens, ace, ordinary, forbidden = json_lines(out)
        keys = ["line", "input", "output", "best_effort", "errors", "label", "offset", "details",
                "validation_errors"]
        self.assertEqual(list(underscore), keys)
        self.assertEqual(underscore["output"], "a_b.com")
        self.assertEqual(underscore["errors"], [])
        self.assertEqual(underscore["validation_errors"],
                         [{"error": "std3_disallowed", "code": "U1", "offset": 1, "label": 0,
                           "code_point": "U+005F"}])
        self.assertEqual(hyphens["output"], "ab--c.com")
        self.assertEqual([v["code"] for v in hyphens["validation_errors"]], ["V2"])
        self.assertEqual(ace["output"], "xn--8i7caa")
        self.assertEqual({v["code"] for v in ace["validation_errors"]}, {"V7"})
        self.assertEqual(ordinary["output"], "xn--bcher-kva.de")
        self.assertEqual(ordinary["validation_errors"], [])
        self.assertIsNone(forbidden["output"])
        self.assertIn("U1", [v["code"] for v in forbidden["validation_errors"]])
        # Only the URL family has the key.
        code, out, _ = run(["to-ascii", "--json", "a_b.com"])
        self.assertNotIn("validation_errors", json_lines(out)[0])
        # to-unicode under url lists ToUnicode's own errors (CheckHyphens and
        # UseSTD3ASCIIRules off there: none for a_b.com).
        code, out, _ = run(["to-unicode", "--preset", "url", "--json", "a_b.com"])
        self.assertEqual(json_lines(out)[0]["validation_errors"], [])
        # explain shows them too.
        code, out, _ = run(["explain", "to-ascii", "--preset", "url", "--", "a_b.com"])
        self.assertEqual(code, 0)
        self.assertIn("validation error (strict ToASCII, non-fatal): std3_disallowed (U1) at byte 1",
                      out.decode())

    def test_url_preset_to_unicode_returns_the_input_on_error(self):
        # URL Standard "domain to Unicode" never fails: on a recorded error
        # (step 2) the result is the input, the errors are validation errors.
        code, out, err = run(["to-unicode", "--preset", "url", "--json",
                              "XN--8I7CAA.com", "xn--0-sfa.xn--4db", "XN--BCHER-KVA.de"])
        self.assertEqual(code, 0, err)
        self.assertEqual(err, "")
        ace, bidi, good = json_lines(out)
        self.assertEqual(ace["output"], "XN--8I7CAA.com")
        self.assertEqual(ace["best_effort"], "XN--8I7CAA.com")
        self.assertEqual(ace["errors"], [])
        self.assertEqual({e["code"] for e in ace["validation_errors"]}, {"V7"})
        self.assertEqual(ace["validation_errors"][0]["offset"], 0)  # the xn-- label's start
        self.assertEqual(bidi["output"], "xn--0-sfa.xn--4db")
        self.assertEqual([e["code"] for e in bidi["validation_errors"]], ["B1"])
        self.assertEqual(good["output"], "bücher.de")
        self.assertEqual(good["validation_errors"], [])
        # Plain output: the input, exit 0.
        code, out, err = run(["to-unicode", "--preset", "url", "xn--a.com"])
        self.assertEqual((code, out, err), (0, b"xn--a.com\n", ""))
        # Ill-formed input stays an error.
        code, out, err = run(["to-unicode", "--preset", "url", "--json"], b"xn--a.\xff.com\n")
        self.assertEqual(code, 1)
        obj = json_lines(out)[0]
        self.assertIsNone(obj["output"])
        self.assertEqual(obj["errors"], ["invalid_utf8"])
        self.assertEqual({e["code"] for e in obj["validation_errors"]}, {"V7"})
        # The UTS #46 preset keeps its best-effort decoding, and fails.
        code, out, _ = run(["to-unicode", "--json", "xn--0-sfa.xn--4db"])
        self.assertEqual(code, 1)
        self.assertEqual(json_lines(out)[0]["best_effort"], "0à.א")
        self.assertNotIn("validation_errors", json_lines(out)[0])

    def test_presets_and_flags_are_the_cores(self):
        # --preset accepts exactly the core's presets and aliases, and every
        # flag word of the core is a --X / --no-X pair (puny/presets.hpp).
        vocabulary = core_vocabulary()
        names = [p["name"] for p in vocabulary["presets"]]
        self.assertEqual(names[:6], ["uts46", "url", "url-strict", "uts46-strict", "idna2008",
                                     "idna2008-lookup"])
        for command in ("to-ascii", "to-unicode"):
            code, out, _ = run([command, "--help"])
            self.assertEqual(code, 0)
            text = out.decode()
            choices = re.search(r"--preset TEXT:\{([^}]*)\}", text).group(1).split(",")
            self.assertEqual(choices, names + [a["alias"] for a in vocabulary["aliases"]])
            offered = set(re.findall(r"^\s+(--[a-z0-9-]+)", text, re.M))
            for flag in vocabulary["flags"]:
                self.assertIn("--" + flag["on"], offered, command)
                self.assertIn("--" + flag["off"], offered, command)
            # ... and the CLI offers no processing flag of its own: every
            # option but the input/output ones, --preset, --raw (a synonym
            # of --no-forbid-domain-code-points) and the input modes is one
            # of the core's flag words.
            not_flags = {"--input", "--json", "--line-buffered", "--progress", "--preset", "--raw",
                         "--email", "--url", "--field", "--delimiter"}
            words = {"--" + f[key] for f in vocabulary["flags"] for key in ("on", "off")}
            self.assertEqual(offered - not_flags, words, command)
        # Each alias converts as the preset it names; the IDNA2008 presets by name.
        for alias in vocabulary["aliases"]:
            a = run(["to-ascii", "--preset", alias["alias"], "--json", "-x.com", "bücher.de"])
            b = run(["to-ascii", "--preset", alias["name"], "--json", "-x.com", "bücher.de"])
            self.assertEqual(a[:2], b[:2], alias)
        code, out, _ = run(["to-ascii", "--preset", "idna2008", "\u216b.com"])
        self.assertEqual(code, 1)
        code, out, _ = run(["to-ascii", "--preset", "nonsense", "a.com"])
        self.assertEqual(code, 2)
        # explain traces UTS #46 only: an IDNA2008 preset is a usage error.
        code, out, err = run(["explain", "to-ascii", "--preset", "idna2008", "a.com"])
        self.assertEqual((code, out), (2, b""))
        self.assertIn("IDNA2008", err)

    def test_json_best_effort_is_the_output_or_null(self):
        # best_effort equals the output on success under every preset, and
        # is null on failure where the preset has no best-effort result.
        for preset in ("uts46", "url", "idna2008", "idna2008-lookup"):
            for command in ("to-ascii", "to-unicode"):
                code, out, err = run([command, "--preset", preset, "--json", "bücher.de"])
                self.assertEqual(code, 0, (preset, command, err))
                obj = json_lines(out)[0]
                self.assertEqual(obj["best_effort"], obj["output"], (preset, command))
        for preset in ("idna2008", "idna2008-lookup"):
            code, out, _ = run(["to-ascii", "--preset", preset, "--json", "a..b"])
            self.assertEqual(code, 1)
            self.assertIsNone(json_lines(out)[0]["best_effort"], preset)
        code, out, _ = run(["to-ascii", "--email", "--json", "no-at-sign"])
        self.assertIsNone(json_lines(out)[0]["best_effort"])
        code, out, _ = run(["to-unicode", "--json", "xn--a.com"])  # uts46: its decoding
        self.assertEqual(json_lines(out)[0]["best_effort"], "\ufffd.com")

    def test_ace_labels_that_are_not_new(self):
        code, out, _ = run(["to-ascii", "--json", "xn--example-.com", "xn--a-ä.pt"])
        self.assertEqual(code, 1)
        for obj in json_lines(out):
            self.assertIsNone(obj["output"])
            self.assertIn("P4", obj["errors"])

    def test_joiners(self):
        self.expect(["to-ascii", "a\u200db"], [""], status=1)
        self.expect(["to-ascii", "--transitional", "a\u200db"], ["ab"])
        self.expect(["to-ascii", "--no-check-joiners", "a\u200db"], ["xn--ab-m1t"])
        code, out, _ = run(["to-unicode", "--json", "a\u200db"])
        self.assertEqual(json_lines(out)[0]["errors"], ["C2"])

    def test_bidi(self):
        code, out, _ = run(["to-ascii", "--json", "0à.\u05d0"])
        self.assertEqual(code, 1)
        obj = json_lines(out)[0]
        self.assertEqual(obj["errors"], ["B1"])
        self.assertEqual(obj["label"], 0)
        self.expect(["to-ascii", "--no-check-bidi", "0à.\u05d0"], ["xn--0-sfa.xn--4db"])

    def test_hyphens_std3_and_dns_length(self):
        code, out, _ = run(["to-ascii", "--json", "a.b-.c"])
        obj = json_lines(out)[0]
        self.assertEqual((code, obj["errors"], obj["label"]), (1, ["V3"], 1))
        self.expect(["to-ascii", "--no-check-hyphens", "a.b-.c"], ["a.b-.c"])
        self.expect(["to-ascii", "a_b.de", "(4).four"], ["a_b.de", "(4).four"])
        code, out, _ = run(["to-ascii", "--std3", "--json", "a_b.de"])
        self.assertEqual((code, json_lines(out)[0]["errors"]), (1, ["U1"]))
        code, out, _ = run(["to-ascii", "--verify-dns-length", "--json", "a..b", "a.-b."])
        objs = json_lines(out)
        self.assertEqual(code, 1)
        self.assertIn("A4_2", objs[0]["errors"])
        self.assertTrue({"A4_2", "V3"} <= set(objs[1]["errors"]), objs[1]["errors"])
        self.expect(["to-ascii", "--verify-dns-length", "a.de", "x" * 63 + ".de"],
                    ["a.de", "x" * 63 + ".de"])
        code, out, _ = run(["to-ascii", "--verify-dns-length", "--json", "x" * 64 + ".de"])
        self.assertEqual((code, json_lines(out)[0]["errors"]), (1, ["A4_2"]))

    def test_presets(self):
        # registration: STD3 and DNS length on.
        code, _, _ = run(["to-ascii", "--preset", "registration", "a_b.de"])
        self.assertEqual(code, 1)
        # url (beStrict=false): CheckHyphens off, all-ASCII input passed through.
        self.expect(["to-ascii", "--preset", "url", "a.b-.c", "XN--EXAMPLE-.COM"],
                    ["a.b-.c", "xn--example-.com"])
        code, _, _ = run(["to-ascii", "--preset", "url-strict", "xn--example-.com"])
        self.assertEqual(code, 1)
        # Flags adjust the preset.
        self.expect(["to-ascii", "--preset", "registration", "--no-check-hyphens",
                     "--", "-x.com"], ["-x.com"])
        self.expect(["to-ascii", "--preset", "url", "--transitional", "faß.de"], ["fass.de"])
        self.expect(["to-ascii", "--ignore-invalid-punycode", "bücher.de"],
                    ["xn--bcher-kva.de"])

    def test_idna_invalid_utf8_and_c_locale(self):
        code, out, err = run(["to-ascii", "--json"], b"\xffa.de\nb\xc3\xbccher.de\n")
        self.assertEqual(code, 1)
        bad, good = json_lines(out)
        self.assertEqual(bad["errors"][0], "invalid_utf8")
        self.assertEqual(bad["offset"], 0)
        self.assertIsNone(bad["output"])
        self.assertEqual(good["output"], "xn--bcher-kva.de")
        self.assertIn('line 1: invalid_utf8', err)
        self.assertIn('"\\xffa.de"', err)
        self.expect(["to-ascii", "bücher.de"], ["xn--bcher-kva.de"], env=C_LOCALE)
        self.expect(["to-unicode"], ["bücher.de"], stdin="xn--bcher-kva.de\r\n",
                    env=C_LOCALE)

    def test_to_ascii_output_is_stable(self):
        inputs = ["bücher.de", "3年B組金八先生.jp", "faß.de", "Ⅻ.com", "ﬁ.example", "xn--ls8h.la"]
        code, out, err = run(["to-ascii"], "".join(i + "\n" for i in inputs))
        self.assertEqual(code, 0, err)
        first = out_lines(out)
        code, out, err = run(["to-ascii"], "".join(i + "\n" for i in first))
        self.assertEqual((code, out_lines(out)), (0, first), err)


def punycode_of(text):
    """RFC 3492 encoding by Python's own codec (a peer, not our code)."""
    return text.encode("punycode").decode("ascii")


class DemandingUser(Base):
    """Issue 10: the command line as a user converting real lists meets it."""

    def test_arguments_are_taken_verbatim_by_every_command(self):
        tricky = ["[a.com,b.com]", "[::1]", "x,y", "[]", "[a", "\x1b0", '"q"']
        for dashdash in ([], ["--"]):
            self.expect(["encode"] + dashdash + tricky, [punycode_of(t) for t in tricky])
            self.expect(["to-ascii", "--raw"] + dashdash + tricky, tricky)
            self.expect(["to-unicode", "--raw"] + dashdash + tricky, tricky)
        # decode: "[a,b]" is one input (it fails as one input: '[' is not a digit).
        code, out, err = run(["decode", "--", "[a,b]", "[ab]"])
        self.assertEqual(out_lines(out), ["", ""])
        self.assertEqual(err.count("invalid_digit"), 2, err)
        for args in (["explain", "to-ascii", "--raw", "[::1]"], ["explain", "encode", "[a,b]"]):
            code, out, err = run(args)
            self.assertEqual(code, 0, err)
            self.assertIn("[::1]" if "to-ascii" in args else "[a,b]", out.decode())

    def test_url_preset_error_offset_is_in_the_input(self):
        code, out, err = run(["to-ascii", "--preset", "url", "ü.a b"])
        self.assertEqual(code, 1)
        self.assertIn("forbidden_domain_code_point at byte 4 ", err)
        code, out, _ = run(["to-ascii", "--preset", "url", "--json", "ü.a b"])
        self.assertEqual(json_lines(out)[0]["offset"], 4)

    def test_explain_verdict_equals_to_ascii(self):
        inputs = ["a b.com", "xn--example-.com", "ü.a b", "Bücher.de", "a_b.com", "-x.com",
                  "xn--a.com", "a..b", "\u0661\u0031.com"]
        for preset in ("uts46", "url", "url-strict", "registration"):
            for raw in ([], ["--raw"]):
                for domain in inputs:
                    code, out, _ = run(["to-ascii", "--preset", preset] + raw + ["--", domain])
                    ecode, eout, _ = run(["explain", "to-ascii", "--preset", preset] + raw +
                                         ["--", domain])
                    last = eout.decode().rstrip("\n").split("\n")[-1]
                    what = (preset, raw, domain, last)
                    self.assertEqual(ecode, code, what)
                    if code == 0:
                        self.assertEqual(last, "Result: " + out_lines(out)[0], what)
                    else:
                        self.assertTrue(last.startswith("Failed: "), what)

    def test_explain_json_is_dump_2_written_as_it_goes(self):
        # explain to-ascii --json streams its document (issue 44); the text
        # must be the two-space layout of any JSON pretty printer, here
        # Python's: empty arrays as [], control characters escaped, one
        # member per line.  Many labels, errors, URL validation errors.
        inputs = ["", "a", "a..b", "Fa\u00df.DE", "a\"b\\c\t\x01\x7f.com", "xn--zz.xn--tda",
                  "\u0661\u0031.com", "a.\u00fc." * 3000 + "com"]
        for preset in ("uts46", "url", "uts46-raw"):
            for domain in inputs:
                _, out, _ = run(["explain", "to-ascii", "--json", "--preset", preset, "--", domain])
                text = out.decode("utf-8")
                doc = json.loads(text)
                self.assertEqual(text, json.dumps(doc, indent=2, ensure_ascii=False) + "\n",
                                 (preset, domain[:40]))
                self.assertEqual(len(doc["labels"]), domain.count(".") + 1)
        # Ill-formed UTF-8 still gives a document (it used to give the JSON
        # library's exception): U+FFFD in the strings, the error at byte 1.
        code, out, _ = run(["explain", "to-ascii", "--json", b"a\xffb.c"])
        doc = json.loads(out.decode("utf-8"))
        self.assertEqual(code, 1)
        self.assertEqual(doc["input"], "a\ufffdb.c")
        self.assertEqual([(e["error"], e["offset"]) for e in doc["labels"][0]["errors"]][:1],
                         [("invalid_utf8", 1)])

    def test_host_name_safe_by_default(self):
        garbage = ["https://bücher.de/path?q=ü", "user@bücher.de", "a b.de", "a\tb.de",
                   "a\rb.de", "bücher.de:443", "a%2e.de", "[::1]"]
        for command in ("to-ascii", "to-unicode"):
            code, out, err = run([command, "--"] + garbage)
            self.assertEqual(code, 1)
            self.assertEqual(out_lines(out), [""] * len(garbage))
            self.assertEqual(err.count("forbidden_domain_code_point"), len(garbage), err)
        # NUL only reaches the tool through standard input.
        code, out, err = run(["to-ascii"], b"a\x00b.de\nb\xc3\xbccher.de\n")
        self.assertEqual(out_lines(out), ["", "xn--bcher-kva.de"])
        self.assertIn("forbidden_domain_code_point at byte 1 ", err)
        # --raw: plain UTS #46, which lets them through.
        self.expect(["to-ascii", "--raw", "user@bücher.de"], ["xn--user@bcher-feb.de"])
        # Ordinary host names are not affected, underscores included.
        self.expect(["to-ascii", "Bücher.DE", "_dmarc.example.com"],
                    ["xn--bcher-kva.de", "_dmarc.example.com"])
        help_text = run(["to-ascii", "--help"])[1].decode()
        self.assertIn("--raw", help_text)
        self.assertIn("forbidden", help_text)

    def test_email_mode(self):
        self.expect(["to-ascii", "--email", "Üser+x@Bücher.DE", 'a"@"b@ü.de', "@ü.de"],
                    ["Üser+x@xn--bcher-kva.de", 'a"@"b@xn--tda.de', "@xn--tda.de"])
        self.expect(["to-unicode", "--email", "Üser@XN--BCHER-KVA.de"], ["Üser@bücher.de"])
        code, out, err = run(["to-ascii", "--email", "bücher.de", "x@a b.de"])
        self.assertEqual(out_lines(out), ["", ""])
        self.assertIn("not_an_email", err)
        self.assertIn("forbidden_domain_code_point at byte 3 ", err)  # offset in the line

    def test_url_mode(self):
        self.expect(["to-ascii", "--url",
                     "https://user:pw@BÜcher.de:8080/päth?q=ü#frag",
                     "http://[::1]:80/ü", "ftp://ü.de", "https://ü.de?x", "https://ü.de#x"],
                    ["https://user:pw@xn--bcher-kva.de:8080/päth?q=ü#frag",
                     "http://[::1]:80/ü", "ftp://xn--tda.de", "https://xn--tda.de?x",
                     "https://xn--tda.de#x"])
        self.expect(["to-unicode", "--url", "https://xn--bcher-kva.de/XN--A"],
                    ["https://bücher.de/XN--A"])
        code, out, err = run(["to-ascii", "--url", "bücher.de", "mailto:a@b.de",
                              "http://a.de:x/", "http:///p", "http://ab--c.de/"])
        self.assertEqual(out_lines(out), [""] * 5)
        self.assertEqual(err.count("not_a_url"), 2, err)
        self.assertIn("invalid_port", err)
        self.assertIn("empty_host", err)
        self.assertIn("hyphen_3_4 (V2) at byte 7 ", err)

    def test_field_mode(self):
        csv = ('id,"Bücher.de",x\n'
               '2,straße.de,"kept, as ""is"""\n'
               '"3,4",ü.de,\n'
               '5,"a""b.de",z\n')
        self.expect(["to-ascii", "--raw", "--field", "2"],
                    ['id,"xn--bcher-kva.de",x',
                     '2,xn--strae-oqa.de,"kept, as ""is"""',
                     '"3,4",xn--tda.de,',
                     '5,"a""b.de",z'], stdin=csv)
        self.expect(["to-unicode", "--field", "1", "--delimiter", "\t"],
                    ["bücher.de\tXN--x\t", "ü\t"], stdin="xn--bcher-kva.de\tXN--x\t\nxn--tda\t\n")
        code, out, err = run(["to-ascii", "--field", "2"],
                             '1,"ü.de\n1\n1,ab"c\n"a"b,ü.de\n1,"ü"x\n')
        self.assertEqual(out_lines(out), [""] * 5)
        for name in ("unterminated_quote", "missing_field", "quote_in_unquoted_field",
                     "text_after_quote"):
            self.assertIn(name, err)
        self.assertEqual(run(["to-ascii", "--field", "0", "a"])[0], 2)
        self.assertEqual(run(["to-ascii", "--field", "1", "--delimiter", "ab", "a"])[0], 2)
        self.assertEqual(run(["to-ascii", "--field", "1", "--email", "a"])[0], 2)

    def test_presets_adjust_both_ways(self):
        code, out, _ = run(["to-ascii", "--preset", "registration", "a_b.com"])
        self.assertEqual(code, 1)
        self.expect(["to-ascii", "--preset", "registration", "--no-std3", "a_b.com"], ["a_b.com"])
        self.expect(["to-ascii", "--preset", "registration", "--allow-underscore",
                     "_dmarc.Example.com", "_sip._tcp.bücher.de"],
                    ["_dmarc.example.com", "_sip._tcp.xn--bcher-kva.de"])
        long_label = "a" * 64 + ".com"
        self.assertEqual(run(["to-ascii", "--preset", "registration", long_label])[0], 1)
        self.expect(["to-ascii", "--preset", "registration", "--no-verify-dns-length",
                     long_label], [long_label])
        self.assertEqual(run(["to-ascii", "--preset", "url", "--check-hyphens", "--",
                              "-ü.com"])[0], 1)
        self.expect(["to-ascii", "--preset", "url", "--", "-ü.com"], ["xn----eha.com"])
        self.assertEqual(run(["to-ascii", "--std3", "--no-std3", "a.de"])[0], 2)
        help_text = run(["to-ascii", "--help"])[1].decode()
        self.assertRegex(help_text, r"url: [^\n]*crawlers")
        for flag in ("--no-std3", "--no-verify-dns-length", "--allow-underscore"):
            self.assertIn(flag, help_text)
        # The default preset rejects real names that --preset url accepts.
        name = "r2---sn-4g5e6nzz.googlevideo.com"
        self.assertEqual(run(["to-ascii", name])[0], 1)
        self.expect(["to-ascii", "--preset", "url", name], [name])

    def test_unknown_command_lists_the_valid_ones(self):
        code, out, err = run(["frobnicate", "x"])
        self.assertEqual(code, 2)
        self.assertEqual(out, b"")
        self.assertIn("unknown command 'frobnicate'", err)
        for name in ("encode", "decode", "to-ascii", "to-unicode", "explain"):
            self.assertIn(name, err)

    def test_dash_means_stdin_and_input_file(self):
        self.expect(["to-ascii", "a.de", "-", "b.de"], ["a.de", "xn--tda.de", "xn--4ca.de",
                                                        "b.de"], stdin="ü.de\nä.de\n")
        path = os.path.join(self.tmpdir(), "list.txt")
        with open(path, "wb") as f:
            f.write("\ufeffbücher.de\r\nü.de".encode("utf-8"))
        self.expect(["to-ascii", "--input", path], ["xn--bcher-kva.de", "xn--tda.de"])
        code, out, _ = run(["to-ascii", "--json", "--input", path])
        self.assertEqual([o["line"] for o in json_lines(out)], [1, 2])
        self.assertEqual(run(["to-ascii", "--input", path, "x.de"])[0], 2)
        code, _, err = run(["to-ascii", "--input", path + ".missing"])
        self.assertEqual(code, 1)
        self.assertIn("cannot open", err)

    def tmpdir(self):
        import tempfile
        d = tempfile.mkdtemp(prefix="puny-cli-")
        self.addCleanup(lambda: __import__("shutil").rmtree(d, ignore_errors=True))
        return d

    def test_byte_order_mark_is_not_data(self):
        bom = b"\xef\xbb\xbf"
        self.expect(["encode"], [punycode_of("bü"), punycode_of("\ufeffbü")],
                    stdin=bom + "bü\n".encode() + bom + "bü\n".encode())
        code, out, _ = run(["to-ascii", "--json"], bom + "ü.de\n".encode())
        self.assertEqual(json_lines(out)[0]["input"], "ü.de")
        self.expect(["decode"], ["bü"], stdin=bom + punycode_of("bü").encode())

    def test_write_error_has_its_own_status(self):
        with open("/dev/full", "wb") as full:
            proc = subprocess.run([PUNY, "to-ascii", "a.de"], stdout=full,
                                  stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.returncode, 3)
        self.assertIn(b"error writing standard output", proc.stderr)
        self.assertIn("3 standard output", run(["--help"])[1].decode())

    def test_json_line_key(self):
        code, out, _ = run(["to-ascii", "--json"], "a.de\n\nü.de\nb c\n")
        self.assertEqual([o["line"] for o in json_lines(out)], [1, 2, 3, 4])
        code, out, _ = run(["encode", "--json", "a", "b"])
        self.assertEqual([o["line"] for o in json_lines(out)], [1, 2])


def help_profiles():
    """The preset names `puny --help` lists under "IDNA profiles"."""
    _, out, _ = run(["--help"])
    lines = out.decode("utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("IDNA profiles"))
    start = next(i for i in range(start, len(lines)) if lines[i].endswith("):"))
    names = []
    for line in lines[start + 1:]:
        if not line.startswith(" "):
            break
        names += line.split()
    assert "idna2008" in names and "url" in names, names
    return names


def long_options(command):
    """Every long option that `puny COMMAND --help` lists."""
    code, out, _ = run(command + ["--help"])
    assert code == 0, command
    found = re.findall(r"^\s+(?:-\w,)?(--[a-z][a-z0-9-]*)", out.decode(), re.M)
    assert "--help" in found, (command, found)
    return sorted(set(found))


COMMANDS = [["encode"], ["decode"], ["to-ascii"], ["to-unicode"], ["explain", "encode"],
            ["explain", "decode"], ["explain", "to-ascii"], ["display"], ["skeleton"], ["email"], ["hunt"]]


def display_profiles():
    """The --profile values `puny display --help` lists (from the library)."""
    _, out, _ = run(["display", "--help"])
    text = out.decode("utf-8")
    return re.findall(r"^\s{2,}([a-z0-9-]+): ", text.split("The display policy:")[1], re.M)


# Runs argv[2:] and writes its peak RSS (kilobytes) to the file argv[1];
# exits with its status.
PEAK_RSS_OF_CHILD = (
    "import resource, subprocess, sys\n"
    "code = subprocess.call(sys.argv[2:])\n"
    "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
    "sys.exit(code)\n")


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


class ManPageAndCompletions(Base):
    """puny(1) renders with man -l and, like the completions, knows every
    command and option that --help lists."""

    MAN = os.path.join(REPO, "surfaces", "cli", "puny.1")
    BASH = os.path.join(REPO, "surfaces", "cli", "completions", "puny.bash")
    ZSH = os.path.join(REPO, "surfaces", "cli", "completions", "_puny")

    def test_man_page_renders_and_is_complete(self):
        env = dict(os.environ, MANPAGER="cat", PAGER="cat", MANWIDTH="100", LANG="C.UTF-8")
        proc = subprocess.run(["man", "-l", self.MAN], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        text = re.sub(".\b", "", proc.stdout.decode("utf-8", "replace"))
        # man may hyphenate at line ends: join those before searching.
        text = re.sub(r"[\u2010-]\n\s*", "-", text)
        for section in ("NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS", "EXAMPLES"):
            self.assertIn(section, text)
        for command in ("encode", "decode", "to-ascii", "to-unicode", "explain"):
            self.assertIn(command, text)
        for command in COMMANDS:
            for option in long_options(command):
                self.assertIn(option, text, (command, option))
        for status in ("0", "1", "2", "3"):
            self.assertRegex(text, r"\n\s+%s\s+\S" % status)
        lint = subprocess.run(["groff", "-man", "-ww", "-z", self.MAN], stderr=subprocess.PIPE,
                              timeout=60)
        self.assertEqual(lint.stderr, b"")

    def bash_complete(self, words):
        script = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1));'
                  ' _puny; printf "%s\\n" "${COMPREPLY[@]}"')
        proc = subprocess.run(["bash", "-c", script, "bash", self.BASH] + words,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.stderr, b"")
        return proc.stdout.decode().split()

    def test_bash_completion(self):
        self.assertEqual(self.bash_complete(["puny", "to-a"]), ["to-ascii"])
        self.assertEqual(sorted(self.bash_complete(["puny", "to-ascii", "--preset", "u"])),
                         ["url", "url-strict", "uts46", "uts46-raw", "uts46-strict"])
        # Every profile `puny --help` lists (from the --preset table) is offered.
        offered = self.bash_complete(["puny", "to-ascii", "--preset", ""])
        self.assertEqual(sorted(offered), sorted(help_profiles()))
        for command in COMMANDS:
            offered = self.bash_complete(["puny"] + command + ["--"])
            for option in long_options(command):
                self.assertIn(option, offered, (command, option))

    def test_display_profile_completion(self):
        profiles = display_profiles()
        self.assertIn("chromium", profiles)
        self.assertIn("ascii-only", profiles)
        offered = self.bash_complete(["puny", "display", "--profile", ""])
        self.assertEqual(sorted(offered), sorted(profiles))
        with open(self.ZSH, encoding="utf-8") as f:
            zsh = re.search(r":profile:\(([^)]*)\)", f.read()).group(1).split()
        self.assertEqual(sorted(zsh), sorted(profiles))

    def test_zsh_completion(self):
        proc = subprocess.run(["zsh", "-n", self.ZSH], stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(self.ZSH, encoding="utf-8") as f:
            text = f.read()
        for command in COMMANDS:
            for option in long_options(command):
                self.assertIn(option + "[", text, (command, option))
        presets = re.search(r":preset:\(([^)]*)\)", text).group(1).split()
        self.assertEqual(sorted(presets), sorted(help_profiles()))


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
    if not PUNY or not os.path.exists(PUNY):
        sys.exit("PUNY_BIN must name the puny executable")
    unittest.main()
