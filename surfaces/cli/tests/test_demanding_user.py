#!/usr/bin/env python3
"""The command line as a user converting real lists meets it (issue 10).

Run by ctest (cli.DemandingUser; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_demanding_user.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import json
import os
import subprocess
import tempfile
import unittest

from cli_case import (PUNY, run, out_lines, json_lines, Base, require_binary)


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


if __name__ == "__main__":
    require_binary()
    unittest.main()
