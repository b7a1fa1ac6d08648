#!/usr/bin/env python3
"""puny to-ascii and puny to-unicode (UTS #46 / IDNA2008 presets) against
the real binary.

Run by ctest (cli.IdnaCommands; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_idna_commands.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import re
import unittest

from cli_case import (
    C_LOCALE,
    core_vocabulary,
    run,
    out_lines,
    json_lines,
    Base,
    require_binary)


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


if __name__ == "__main__":
    require_binary()
    unittest.main()
