#!/usr/bin/env python3
"""Scaling check (issue 44): time and peak memory of every listed entry point
of every surface against the size of one input line.

Each row of ENTRY_POINTS is one public entry point: a surface, a name, and how
to run it on a file holding the input (a CLI command line, or a Python / JS
snippet).  An entry point added later (email, the compatibility layers) is one
more row.  Each measurement runs in a fresh process:

- CLI, C (c_driver.c) and idn2 (Debian's program on our libidn2.so.0): CPU
  time (user + sys, from wait4) minus that of the same command on an empty
  input, and the process's peak RSS minus that empty run's;
- Python / JS / DuckDB: CPU time of the call alone, measured in the child
  (time.process_time, process.cpuUsage), and the process's peak RSS minus
  that of the child on an empty input;
- PostgreSQL: the query's CPU time in a throwaway server (the backend's
  /proc/PID/schedstat before and after it; its wall time where that file
  is missing), and the backend's peak RSS (VmHWM) growth during it.

Checks: time(2n)/time(n) <= --max-ratio between consecutive doublings (only
where time(n) is above a floor, below which timer noise dominates), and peak
memory <= multiple * input bytes + constant, the multiple stated per row.

  tests/scaling/scaling.py --sweep [--write-docs docs/security.md]   the full sweep
  tests/scaling/scaling.py --quick                                   the ctest check
  tests/scaling/scaling.py --adversarial                             every rule's worst case

The rows of the rules' worst cases (CONTEXTJ, CONTEXTO, Bidi, mappings,
marks, length limits, the advisories' payloads) come from adversarial.py:
its quick rows run with --quick, all of them with --adversarial (two
sizes four times apart, 256 KB and 1 MB, <= 2.3 per doubling; and issue 57's
calls at 32,000 units under 50 ms).

--quick runs two sizes four times apart and asks for less than 8x the time
(a quadratic entry point takes 16x) and the memory bound; it also checks the
documented limits and their errors in each surface.
"""
import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adversarial  # noqa: E402 (the rules' worst cases, issue 57)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# Linux caps one command-line argument at 128 KiB (MAX_ARG_STRLEN): the
# commands that take their input as an argument stop there.
ARG_MAX_BYTES = 128 * 1024 - 16

# Input shapes: "name" is one line, a name of many short labels (issue 44's
# junk line); "lines" and "email" are many short host names / addresses, one
# a line, for the entry points with a natural input limit (DNS lengths:
# idn2, puny.idna.encode; an address's domain) and for those a user calls
# once per name or address anyway.  check_limits checks the limit's error
# on one long line.
# "label" is one long label (the Punycode coders take one label), "punycode"
# its Punycode ("a" x n and "-": n basic code points; "tda" + "a" x n: U+00FC
# n + 1 times, each "a" a delta of 0), "labels" and "punycodes" many short
# ones a line, "brands" a brand list for the hunt index (docs/hunt.md),
# "suffixes" a Public Suffix List.  A shape is (repeated text, tail[, head]).
SHAPES = {
    "name": {"ascii": ("a.", "com"), "latin": ("\u00fc.", "com")},
    "label": {"ascii": ("a", ""), "latin": ("\u00fc", "")},
    "punycode": {"ascii": ("a", "-"), "latin": ("a", "", "tda")},
    "labels": {"ascii": ("ab{}x\n", ""), "latin": ("b\u00fc{}cher\n", "")},
    "punycodes": {"ascii": ("ab{}-\n", ""), "latin": ("b{}cher-kva\n", "")},
    "brands": {"ascii": ("paypal{}.com\n", ""), "latin": ("b\u00fccher{}.de keywords=login{}\n", "")},
    "suffixes": {"ascii": ("ab{}.example.com\n", ""), "latin": ("b\u00fc{}cher.example.de\n", "")},
    # Line shapes number their lines (no two alike: a cache would hide work).
    "lines": {"ascii": ("ab{}.example.com\n", ""), "latin": ("b\u00fc{}cher.example.de\n", "")},
    "email": {"ascii": ("user.{}@example.com\n", ""), "latin": ("\u00fcser{}@b\u00fccher.example.de\n", "")},
}
# The shapes handed over whole (one call); the others one call a line.
WHOLE_SHAPES = ("name", "label", "punycode", "brands", "suffixes")

# surface, name, kind, runner, memory multiple (bytes per input byte),
# largest input (bytes, None: the sweep's largest), shape, and "quick"
# where --quick (ctest's scaling.quick) runs the row too: the rows first
# listed and the cheap ones of each kind added with the full inventory; the
# full sweep runs them all.  `{cli}` is the
# puny binary, `{brands}` a small brand list, `{file}` the input file (one
# line, no newline for arguments).  Python and JS snippets see the input as
# `s` and, for the line shapes, as `lines`; SQL expressions as `v`.
# The brand list of every hunt row (the CLI's --brands file, the C driver's
# index, Python's and JS's index, the SQL functions' array).
BRANDS = ["paypal.com", "example.org keywords=login,secure"]
HUNT_SQL = ", ".join("'%s'" % b for b in BRANDS)

ENTRY_POINTS = [
    # CLI: line commands read stdin; explain takes an argument.
    ("cli", "to-ascii", "stdin", ["{cli}", "to-ascii"], 96, None, "name", "quick"),
    ("cli", "to-unicode", "stdin", ["{cli}", "to-unicode"], 96, None, "name", "quick"),
    ("cli", "to-ascii --json", "stdin", ["{cli}", "to-ascii", "--json"], 96, None, "name", "quick"),
    ("cli", "skeleton", "stdin", ["{cli}", "skeleton"], 32, None, "name", "quick"),
    ("cli", "display", "stdin", ["{cli}", "display", "--no-psl"], 96, None, "name", "quick"),
    ("cli", "display --json", "stdin", ["{cli}", "display", "--no-psl", "--json"], 64, None, "name", "quick"),
    ("cli", "explain to-ascii", "arg", ["{cli}", "explain", "to-ascii", "{arg}"], 200, ARG_MAX_BYTES, "name", "quick"),
    ("cli", "explain to-ascii --json", "arg", ["{cli}", "explain", "to-ascii", "--json", "{arg}"],
     200, ARG_MAX_BYTES, "name", "quick"),
    ("cli", "email", "stdin", ["{cli}", "email"], 32, None, "email", "quick"),
    ("cli", "email --json", "stdin", ["{cli}", "email", "--json"], 32, None, "email", "quick"),
    ("cli", "email (one long line)", "stdin", ["{cli}", "email"], 32, None, "name", "quick"),
    ("cli", "hunt", "stdin", ["{cli}", "hunt", "--brands", "{brands}"], 96, None, "name", "quick"),
    ("cli", "hunt --json", "stdin", ["{cli}", "hunt", "--json", "--brands", "{brands}"], 96, None, "name", "quick"),
    ("cli", "encode", "stdin", ["{cli}", "encode"], 32, None, "label", "quick"),
    ("cli", "decode", "stdin", ["{cli}", "decode"], 32, None, "punycode", "quick"),
    ("cli", "to-unicode --json", "stdin", ["{cli}", "to-unicode", "--json"], 96, None, "name"),
    ("cli", "skeleton --json", "stdin", ["{cli}", "skeleton", "--json"], 32, None, "name"),
    # -j 2: the line commands on two threads, many lines (what -j is for)
    # and, for display --json, one junk line among them (streamed, in order).
    ("cli", "to-ascii -j 2", "stdin", ["{cli}", "to-ascii", "-j", "2"], 16, None, "lines"),
    ("cli", "to-unicode -j 2", "stdin", ["{cli}", "to-unicode", "-j", "2"], 16, None, "lines"),
    ("cli", "encode -j 2", "stdin", ["{cli}", "encode", "-j", "2"], 16, None, "labels"),
    ("cli", "decode -j 2", "stdin", ["{cli}", "decode", "-j", "2"], 16, None, "punycodes"),
    ("cli", "skeleton -j 2", "stdin", ["{cli}", "skeleton", "-j", "2"], 16, None, "lines"),
    ("cli", "display -j 2", "stdin", ["{cli}", "display", "--no-psl", "-j", "2"], 16, None, "lines"),
    ("cli", "display --json -j 2", "stdin", ["{cli}", "display", "--no-psl", "--json", "-j", "2"], 100, None,
     "name"),
    ("cli", "email -j 2", "stdin", ["{cli}", "email", "-j", "2"], 16, None, "email"),
    ("cli", "hunt -j 2", "stdin", ["{cli}", "hunt", "-j", "2", "--brands", "{brands}"], 16, None, "lines"),
    # C API: tests/scaling/c_driver.c, the whole file or line by line.
    ("c", "puny_to_ascii", "c", "to_ascii", 96, None, "name", "quick"),
    ("c", "puny_to_unicode", "c", "to_unicode", 96, None, "name", "quick"),
    ("c", "puny_skeleton", "c", "skeleton", 32, None, "name", "quick"),
    ("c", "puny_display", "c", "display", 96, None, "name", "quick"),
    ("c", "puny_display_decide", "c", "display_decide", 200, None, "name", "quick"),
    ("c", "puny_email_ascii", "c", "email_ascii", 16, None, "email", "quick"),
    ("c", "puny_email_validate", "c", "email_validate", 16, None, "email", "quick"),
    ("c", "puny_encode", "c", "encode", 32, None, "label", "quick"),
    ("c", "puny_decode", "c", "decode", 32, None, "punycode", "quick"),
    ("c", "puny_encode_utf32", "c", "encode_utf32", 32, None, "label"),
    ("c", "puny_decode_utf32", "c", "decode_utf32", 32, None, "punycode"),
    ("c", "puny_encode_utf32_annotated", "c", "encode_utf32_annotated", 32, None, "label"),
    ("c", "puny_decode_utf32_annotated", "c", "decode_utf32_annotated", 32, None, "punycode"),
    # (The IDNA2008 presets check the DNS's lengths: one name a line.)
    ("c", "puny_to_ascii_preset (idna2008)", "c", "to_ascii_idna2008", 16, None, "lines"),
    ("c", "puny_to_unicode_preset (idna2008)", "c", "to_unicode_idna2008", 16, None, "lines"),
    ("c", "puny_to_ascii_utf16", "c", "to_ascii_utf16", 96, None, "name"),
    ("c", "puny_to_unicode_utf16", "c", "to_unicode_utf16", 96, None, "name"),
    ("c", "puny_idna2008_register", "c", "idna2008_register", 16, None, "lines"),
    ("c", "puny_idna2008_lookup", "c", "idna2008_lookup", 16, None, "lines"),
    ("c", "puny_display_lists_parse", "c", "display_lists_parse", 96, None, "suffixes"),
    ("c", "puny_email_normalize", "c", "email_normalize", 16, None, "email"),
    ("c", "puny_hunt_find", "c", "hunt_find", 96, None, "name", "quick"),
    ("c", "puny_hunt_find (lines)", "c", "hunt_find", 16, None, "lines"),
    # (Capped at 1 MB, 60,000-80,000 brands: the index keeps every brand's
    # deletion neighbourhoods, about 3.5 KB a brand, 200-300 MB there.)
    ("c", "puny_hunt_index_parse", "c", "hunt_index_parse", 400, 1 << 20, "brands"),
    # libidn2 compatibility: Debian's idn2 program on our libidn2.so.0.  A
    # name is at most 255 bytes there (IDN2_TOO_BIG_DOMAIN): one per line.
    ("idn2", "idn2 (idn2_lookup_u8)", "idn2", [], 16, None, "lines", "quick"),
    ("idn2", "idn2 -d (idn2_to_unicode_8z8z)", "idn2", ["-d"], 16, None, "lines", "quick"),
    # The other exports, through tests/scaling/idn2_driver.c on the same
    # library (registration takes one label a line).
    ("idn2", "idn2_lookup_ul", "idn2c", "lookup_ul", 16, None, "lines"),
    ("idn2", "idn2_register_u8", "idn2c", "register_u8", 16, None, "labels"),
    ("idn2", "idn2_register_ul", "idn2c", "register_ul", 16, None, "labels"),
    ("idn2", "idn2_to_ascii_8z", "idn2c", "to_ascii_8z", 16, None, "lines", "quick"),
    ("idn2", "idn2_to_ascii_lz", "idn2c", "to_ascii_lz", 16, None, "lines"),
    ("idn2", "idn2_to_ascii_4z", "idn2c", "to_ascii_4z", 16, None, "lines"),
    ("idn2", "idn2_to_ascii_4i", "idn2c", "to_ascii_4i", 16, None, "lines"),
    ("idn2", "idn2_to_ascii_4i2", "idn2c", "to_ascii_4i2", 16, None, "lines"),
    ("idn2", "idn2_to_unicode_8zlz", "idn2c", "to_unicode_8zlz", 16, None, "lines"),
    ("idn2", "idn2_to_unicode_lzlz", "idn2c", "to_unicode_lzlz", 16, None, "lines"),
    ("idn2", "idn2_to_unicode_8z4z", "idn2c", "to_unicode_8z4z", 16, None, "lines"),
    ("idn2", "idn2_to_unicode_4z4z", "idn2c", "to_unicode_4z4z", 16, None, "lines"),
    ("idn2", "idn2_to_unicode_44i", "idn2c", "to_unicode_44i", 16, None, "lines"),
    # Python: the package built in the tree or installed (PYTHONPATH).
    ("python", "to_ascii", "py", "puny.to_ascii(s)", 96, None, "name", "quick"),
    ("python", "to_unicode", "py", "puny.to_unicode(s)", 96, None, "name", "quick"),
    ("python", "skeleton", "py", "puny.skeleton(s)", 32, None, "name", "quick"),
    ("python", "to_display", "py", "puny.to_display(s, psl=None)", 96, None, "name", "quick"),
    ("python", "display", "py", "puny.display(s, psl=None)", 600, 2 << 20, "name", "quick"),
    ("python", "explain", "py", "puny.explain(s)", 1500, 1 << 20, "name", "quick"),
    ("python", "email.validate", "py", "for l in lines: puny.email.validate(l)", 64, None, "email", "quick"),
    # puny.idna (python-idna's API): encode checks DNS lengths (253 bytes).
    ("python", "idna.encode", "py", "for l in lines: puny.idna.encode(l)", 64, None, "lines", "quick"),
    ("python", "idna.decode", "py", "for l in lines: puny.idna.decode(l)", 64, None, "lines", "quick"),
    ("python", "encode", "py", "puny.encode(s)", 32, None, "label", "quick"),
    ("python", "decode", "py", "puny.decode(s)", 32, None, "punycode", "quick"),
    # The bulk forms: one huge item, and many items.
    ("python", "to_ascii_many (one item)", "py", "puny.to_ascii_many([s])", 96, None, "name"),
    ("python", "to_ascii_many", "py", "puny.to_ascii_many(lines)", 64, None, "lines"),
    ("python", "to_unicode_many (one item)", "py", "puny.to_unicode_many([s])", 96, None, "name"),
    ("python", "to_unicode_many", "py", "puny.to_unicode_many(lines)", 64, None, "lines"),
    ("python", "encode_many (one item)", "py", "puny.encode_many([s])", 32, None, "label"),
    ("python", "encode_many", "py", "puny.encode_many(lines)", 64, None, "labels"),
    ("python", "decode_many (one item)", "py", "puny.decode_many([s])", 32, None, "punycode"),
    ("python", "decode_many", "py", "puny.decode_many(lines)", 64, None, "punycodes"),
    ("python", "idna2008_register", "py", "for l in lines: puny.idna2008_register(l)", 64, None, "lines"),
    ("python", "idna2008_lookup", "py", "for l in lines: puny.idna2008_lookup(l)", 64, None, "lines"),
    ("python", "PublicSuffixList.parse", "py", "puny.PublicSuffixList.parse(s)", 200, None, "suffixes"),
    ("python", "PublicSuffixList.registrable_domain", "py", "psl.registrable_domain(s)", 32, None, "name"),
    ("python", "ProtectedDomains.parse", "py", "puny.ProtectedDomains.parse(s)", 200, None, "suffixes"),
    ("python", "ProtectedDomains.lookalike_of", "py", "protected.lookalike_of(s)", 96, None, "name"),
    # puny.hunt: the index is built before the clock starts (hunt_index).
    ("python", "hunt BrandIndex.matches", "py", "hunt_index.matches(s)", 96, None, "name", "quick"),
    ("python", "hunt BrandIndex.matches_many", "py", "hunt_index.matches_many(lines)", 64, None, "lines"),
    ("python", "hunt BrandIndex.parse", "py", "puny.hunt.BrandIndex.parse(s)", 400, 1 << 20, "brands"),
    ("python", "email.validate_email", "py",
     "for l in lines: puny.email.validate_email(l, check_deliverability=False)", 64, None, "email"),
    # puny.formats (JSON Schema format checkers): many values, and one long one.
    ("python", "formats.hostname", "py", "for l in lines: puny.formats.hostname(l)", 64, None, "lines"),
    ("python", "formats.idn_hostname", "py", "for l in lines: puny.formats.idn_hostname(l)", 64, None, "lines"),
    ("python", "formats.idn_hostname (one long value)", "py", "puny.formats.idn_hostname(s)", 128, None, "name"),
    ("python", "formats.email", "py", "for l in lines: puny.formats.email(l)", 64, None, "email"),
    ("python", "formats.idn_email", "py", "for l in lines: puny.formats.idn_email(l)", 64, None, "email"),
    ("python", "formats.idn_email (one long value)", "py", "puny.formats.idn_email('a@' + s)", 128, None, "name"),
    # puny.idna's other functions (python-idna's API) as its users call them.
    ("python", "idna.alabel", "py", "for l in lines: puny.idna.alabel(l)", 64, None, "labels"),
    # (An empty label is an error there: the empty run skips the call.)
    ("python", "idna.ulabel", "py", "s and puny.idna.ulabel(s)", 32, None, "label"),
    ("python", "idna.check_label", "py", "s and puny.idna.check_label(s)", 32, None, "label"),
    ("python", "idna.uts46_remap", "py", "puny.idna.uts46_remap(s)", 32, None, "name"),
    ("python", "idna.compat.ToASCII", "py", "for l in lines: puny.idna.compat.ToASCII(l)", 64, None, "labels"),
    # (ToUnicode takes ASCII bytes: the labels' ToASCII, a round trip.)
    ("python", "idna.compat.ToASCII + ToUnicode", "py",
     "for l in lines: puny.idna.compat.ToUnicode(puny.idna.compat.ToASCII(l))", 64, None, "labels"),
    ("python", "codec idna2008", "py", "for l in lines: l.encode('idna2008')", 64, None, "lines"),
    # JavaScript: the npm package's ES module (surfaces/js/build.sh).
    ("js", "toASCII", "js", "puny.toASCII(s)", 64, None, "name", "quick"),
    ("js", "toUnicode", "js", "puny.toUnicode(s)", 64, None, "name", "quick"),
    ("js", "display", "js", "puny.display(s)", 600, 2 << 20, "name", "quick"),
    ("js", "explain toAscii", "js", "puny.explain(s, {operation: 'toAscii'})", 1500, 1 << 20, "name", "quick"),
    # (`puny` is the display entry, which re-exports the main one; `main`,
    # `punycode`, `email` and `formats` are the package's other entries,
    # each its own module and .wasm.)
    ("js", "toAscii (UTS #46)", "js", "puny.toAscii(s)", 64, None, "name"),
    ("js", "idna.toUnicode", "js", "puny.idna.toUnicode(s)", 64, None, "name"),
    # (The Result forms carry the output twice, as output and bestEffort.)
    ("js", "toAsciiResult", "js", "puny.toAsciiResult(s)", 96, None, "name"),
    ("js", "toUnicodeResult", "js", "puny.toUnicodeResult(s)", 96, None, "name"),
    ("js", "toAsciiMany (one item)", "js", "puny.toAsciiMany([s])", 64, None, "name"),
    ("js", "toAsciiMany", "js", "puny.toAsciiMany(lines)", 64, None, "lines"),
    ("js", "toUnicodeMany", "js", "puny.toUnicodeMany(lines)", 64, None, "lines"),
    ("js", "encode (main entry)", "js", "main.encode(s)", 32, None, "label"),
    ("js", "decode (main entry)", "js", "main.decode(s)", 32, None, "punycode"),
    ("js", "puny/punycode encode", "js", "punycode.encode(s)", 32, None, "label", "quick"),
    ("js", "puny/punycode decode", "js", "punycode.decode(s)", 32, None, "punycode", "quick"),
    ("js", "puny/punycode toASCII", "js", "punycode.toASCII(s)", 64, None, "name"),
    ("js", "puny/punycode toUnicode", "js", "punycode.toUnicode(s)", 64, None, "name"),
    ("js", "puny/punycode ucs2.decode + encode", "js", "punycode.ucs2.encode(punycode.ucs2.decode(s))", 64, None,
     "label"),
    ("js", "puny/punycode encodeMany", "js", "punycode.encodeMany(lines)", 64, None, "labels"),
    ("js", "puny/punycode decodeMany", "js", "punycode.decodeMany(lines)", 64, None, "punycodes"),
    ("js", "skeleton", "js", "puny.skeleton(s)", 32, None, "name"),
    ("js", "toDisplay", "js", "puny.toDisplay(s)", 96, None, "name"),
    ("js", "huntIndex matches", "js", "hunt.matches(s)", 96, None, "name", "quick"),
    ("js", "huntIndex matchesMany", "js", "hunt.matchesMany(lines)", 64, None, "lines"),
    ("js", "huntIndex (brand list)", "js", "puny.huntIndex(s).free()", 400, 1 << 20, "brands"),
    ("js", "puny/email validate", "js", "for (const l of lines) email.validate(l)", 64, None, "email"),
    ("js", "puny/email normalize", "js", "for (const l of lines) email.normalize(l)", 64, None, "email"),
    ("js", "puny/email validateResult", "js", "for (const l of lines) email.validateResult(l)", 64, None, "email"),
    ("js", "puny/email toAscii", "js", "for (const l of lines) email.toAscii(l)", 64, None, "email"),
    ("js", "puny/email toUnicode", "js", "for (const l of lines) email.toUnicode(l)", 64, None, "email"),
    ("js", "puny/formats hostname", "js", "for (const l of lines) formats.hostname(l)", 64, None, "lines"),
    ("js", "puny/formats idnHostname", "js", "for (const l of lines) formats.idnHostname(l)", 64, None, "lines"),
    ("js", "puny/formats idnHostname (one long value)", "js", "formats.idnHostname(s)", 128, None, "name"),
    ("js", "puny/formats email", "js", "for (const l of lines) formats.email(l)", 64, None, "email"),
    ("js", "puny/formats idnEmail", "js", "for (const l of lines) formats.idnEmail(l)", 64, None, "email"),
    ("js", "puny/formats idnEmail (one long value)", "js", "formats.idnEmail('a@' + s)", 128, None, "name"),
    # PostgreSQL 15 (surfaces/postgres): the query's time in the server, the
    # backend's peak RSS.  Inputs sit in a table first (not timed).
    ("postgres", "idna_to_ascii", "pg", "idna_to_ascii(v)", 96, None, "name", "quick"),
    ("postgres", "idna_to_unicode", "pg", "idna_to_unicode(v)", 96, None, "name", "quick"),
    ("postgres", "idna_skeleton", "pg", "idna_skeleton(v)", 32, None, "name", "quick"),
    ("postgres", "idna_display", "pg", "idna_display(v)", 96, None, "name", "quick"),
    # jsonb: jsonb_in parses the JSON text into PostgreSQL's JsonbValue tree
    # (about 860 bytes per input byte); jsonb itself stops at 256 MB.
    ("postgres", "idna_display_check", "pg", "idna_display_check(v)::text", 1500, 1 << 20, "name", "quick"),
    ("postgres", "idna_check", "pg", "idna_check(v)::text", 96, None, "name", "quick"),
    ("postgres", "email_check", "pg", "email_check(v)::text", 64, None, "email", "quick"),
    ("postgres", "punycode_encode", "pg", "punycode_encode(v)", 32, None, "label"),
    ("postgres", "punycode_decode", "pg", "punycode_decode(v)", 32, None, "punycode"),
    ("postgres", "try_punycode_encode", "pg", "try_punycode_encode(v)", 32, None, "label"),
    ("postgres", "try_punycode_decode", "pg", "try_punycode_decode(v)", 32, None, "punycode"),
    ("postgres", "try_idna_to_ascii", "pg", "try_idna_to_ascii(v)", 96, None, "name"),
    ("postgres", "try_idna_to_unicode", "pg", "try_idna_to_unicode(v)", 96, None, "name"),
    ("postgres", "email_normalize", "pg", "email_normalize(v)", 64, None, "email"),
    ("postgres", "try_email_ascii", "pg", "try_email_ascii(v)", 64, None, "email"),
    # The index is built once per call site and query (not timed apart).
    ("postgres", "hunt_matches", "pg", "(SELECT count(*) FROM hunt_matches(v, ARRAY[%s]))::text" % HUNT_SQL,
     96, None, "name"),
    ("postgres", "hunt_matches (lines)", "pg", "(SELECT count(*) FROM hunt_matches(v, ARRAY[%s]))::text" % HUNT_SQL,
     64, None, "lines"),
    # DuckDB (surfaces/duckdb) in @duckdb/node-api's DuckDB, one thread.
    ("duckdb", "idna_to_ascii", "duckdb", "idna_to_ascii(v)", 96, None, "name", "quick"),
    ("duckdb", "idna_to_unicode", "duckdb", "idna_to_unicode(v)", 96, None, "name", "quick"),
    ("duckdb", "idna_skeleton", "duckdb", "idna_skeleton(v)", 32, None, "name", "quick"),
    ("duckdb", "idna_display", "duckdb", "idna_display(v)", 96, None, "name", "quick"),
    ("duckdb", "idna_display_check", "duckdb", "idna_display_check(v)::VARCHAR", 400, 2 << 20, "name", "quick"),
    ("duckdb", "idna_check", "duckdb", "idna_check(v)::VARCHAR", 96, None, "name", "quick"),
    ("duckdb", "email_check", "duckdb", "email_check(v)::VARCHAR", 64, None, "email", "quick"),
    ("duckdb", "punycode_encode", "duckdb", "punycode_encode(v)", 32, None, "label"),
    ("duckdb", "punycode_decode", "duckdb", "punycode_decode(v)", 32, None, "punycode"),
    ("duckdb", "try_punycode_encode", "duckdb", "try_punycode_encode(v)", 32, None, "label"),
    ("duckdb", "try_punycode_decode", "duckdb", "try_punycode_decode(v)", 32, None, "punycode"),
    ("duckdb", "try_idna_to_ascii", "duckdb", "try_idna_to_ascii(v)", 96, None, "name"),
    ("duckdb", "try_idna_to_unicode", "duckdb", "try_idna_to_unicode(v)", 96, None, "name"),
    ("duckdb", "email_normalize", "duckdb", "email_normalize(v)", 64, None, "email"),
    ("duckdb", "try_email_ascii", "duckdb", "try_email_ascii(v)", 64, None, "email"),
    ("duckdb", "hunt_matches", "duckdb", "hunt_matches(v, [%s])::VARCHAR" % HUNT_SQL, 96, None, "name"),
    ("duckdb", "hunt_matches (lines)", "duckdb", "hunt_matches(v, [%s])::VARCHAR" % HUNT_SQL, 64, None, "lines"),
]
MEMORY_CONSTANT = 32 << 20  # bytes: allocator slack, tables touched

PY_CHILD = r"""
import gc, sys, time
sys.path[:0] = [p for p in {paths!r} if p]
import puny, puny.idna, puny.email
s = open({file!r}, encoding="utf-8").read()
lines = s.split("\n")
lines = lines[:-1] if lines[-1] == "" else lines
{setup}
t = time.process_time()
{call}
print(time.process_time() - t)
"""

JS_CHILD = r"""
const fs = require('fs');
(async () => {{
  const puny = await import({module!r});
  await (puny.ready || Promise.resolve());
  const s = fs.readFileSync({file!r}, 'utf8');
  const lines = s ? s.replace(/\n$/, '').split('\n') : [];
  {setup}
  const t = process.cpuUsage();
  {call};
  const d = process.cpuUsage(t);
  console.log((d.user + d.system) / 1e6);
}})();
"""

DUCKDB_CHILD = r"""
const path = require('path');
const {{ createRequire }} = require('module');
(async () => {{
  const req = createRequire(path.join({dir!r}, 'node', 'package.json'));
  const {{ DuckDBInstance }} = req('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', {{ allow_unsigned_extensions: 'true', threads: '1' }});
  const db = await instance.connect();
  await db.run("LOAD '" + path.join({dir!r}, 'puny.duckdb_extension') + "'");
  const text = "SELECT content FROM read_text('" + {file!r} + "')";
  // (Line shapes: an empty file is no line, not one empty line.)
  await db.run({lines} ? "CREATE TABLE input AS SELECT * FROM (SELECT unnest(string_split(rtrim(content, chr(10)), chr(10))) AS v FROM (" + text + ")) WHERE v <> ''"
                       : "CREATE TABLE input AS SELECT content AS v FROM (" + text + ")");
  const t = process.cpuUsage();
  await db.runAndReadAll("SELECT sum(length({call})) FROM input");
  const d = process.cpuUsage(t);
  console.log((d.user + d.system) / 1e6);
}})();
"""


def py_setup(call):
    """What a Python row's call needs before the clock starts: the modules
    it names, and the index or lists it queries."""
    lines = ["import puny.formats, puny.hunt, puny.idna.compat, puny.idna.codec"]
    if "hunt_index." in call:
        lines.append("hunt_index = puny.hunt.BrandIndex.parse(%r)" % "".join(b + "\n" for b in BRANDS))
    if "psl." in call:
        lines.append("psl = puny.PublicSuffixList.parse('com\\nde\\n')")
    if "protected." in call:
        lines.append("protected = puny.ProtectedDomains.parse('paypal.com\\n')")
    return "\n".join(lines)


def js_setup(call, module):
    """The same for a JS row: the package's other entries (beside the
    display entry, same folder) and the hunt index."""
    out = []
    for name in ("main", "punycode", "email", "formats"):
        if name + "." in call:
            sibling = os.path.join(os.path.dirname(module), ("puny" if name == "main" else name) + ".mjs")
            out.append("const %s = await import(%r); await (%s.ready || Promise.resolve());"
                       % (name, sibling, name))
    if "hunt." in call:
        out.append("const hunt = puny.huntIndex(%r);" % "".join(b + "\n" for b in BRANDS))
    return "\n  ".join(out)


def run_measured(argv, stdin_path=None, env=None):
    """CPU seconds (user+sys), peak RSS bytes and stdout of one run."""
    # The peak comes from /usr/bin/time's %M: `time` forks the measured
    # program from its own small image.  A child forked from this script
    # would carry this script's RSS into its peak (Linux keeps the peak
    # across exec), and so would wait4's figure for `time` itself.
    with tempfile.NamedTemporaryFile("r") as report:
        argv = ["/usr/bin/time", "-o", report.name, "-f", "%M"] + list(argv)
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                env=env)
        out = proc.stdout.read()
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0
        if stdin_path:
            stdin.close()
        lines = [l for l in open(report.name).read().split("\n") if l.strip().isdigit()]
        peak = int(lines[-1]) * 1024
    return usage.ru_utime + usage.ru_stime, peak, out


class PostgresServer:
    """A throwaway PostgreSQL 15 server (Unix socket only, in a temporary
    directory, as surfaces/postgres/pg-env.sh starts one), with the
    extension's functions created from the build tree's puny.so: nothing is
    installed into the system's PostgreSQL directories."""

    def __init__(self, build, pg_config):
        self.dir = None
        self.problem = None
        self.build, self.pg_config = build, pg_config
        self.port = str(50000 + os.getpid() % 10000)
        self.as_server = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []

    def start(self):
        if not os.access(self.pg_config, os.X_OK):
            self.problem = "%s missing (postgresql-15)" % self.pg_config
            return False
        ext = os.path.join(self.build, "postgres", "ext")
        lib = os.path.join(self.build, "libpuny.a")
        if not os.path.exists(lib):
            self.problem = "%s missing (cmake --build %s --target puny)" % (lib, self.build)
            return False
        os.makedirs(ext, exist_ok=True)
        src = os.path.join(ROOT, "surfaces", "postgres")
        p = subprocess.run(["make", "-s", "-C", ext, "-f", os.path.join(src, "Makefile"), "VPATH=" + src,
                            "PG_CONFIG=" + self.pg_config, "PUNY_SOURCE_DIR=" + ROOT,
                            "PUNY_BUILD_DIR=" + self.build, "PUNY_LIB=" + lib],
                           capture_output=True, text=True)
        if p.returncode != 0:
            self.problem = "building the extension failed: " + p.stderr[-500:]
            return False
        bindir = subprocess.run([self.pg_config, "--bindir"], capture_output=True, text=True).stdout.strip()
        self.dir = tempfile.mkdtemp(prefix="puny-scaling-pg.")
        os.chmod(self.dir, 0o755)
        if self.as_server:
            shutil.chown(self.dir, "postgres")
        shutil.copy(os.path.join(ext, "puny.so"), os.path.join(self.dir, "puny.so"))
        self.pg_ctl = os.path.join(bindir, "pg_ctl")
        data = os.path.join(self.dir, "data")
        steps = [[os.path.join(bindir, "initdb"), "-D", data, "-E", "UTF8", "--locale=C.UTF-8", "-A", "trust"],
                 [self.pg_ctl, "-D", data, "-l", os.path.join(self.dir, "server.log"), "-w", "-t", "60",
                  "-o", "-k %s -p %s -c listen_addresses=''" % (self.dir, self.port), "start"]]
        for step in steps:
            p = subprocess.run(self.as_server + step, capture_output=True, text=True)
            if p.returncode != 0:
                self.problem = "%s failed: %s" % (os.path.basename(step[0]), (p.stdout + p.stderr)[-500:])
                return False
        script = open(os.path.join(src, "puny--0.1.0.sql"), encoding="utf-8").read()
        script = "\n".join(l for l in script.split("\n") if not l.startswith("\\echo"))
        script = script.replace("MODULE_PATHNAME", os.path.join(self.dir, "puny.so"))
        p = self.psql(script)
        if p.returncode != 0:
            self.problem = "creating the functions failed: " + p.stderr[-500:]
            return False
        return True

    def psql(self, script):
        env = dict(os.environ, PGHOST=self.dir, PGPORT=self.port,
                   PGUSER="postgres" if self.as_server else os.environ.get("USER", "postgres"),
                   PGDATABASE="postgres")
        return subprocess.run(["psql", "-qAt", "-v", "ON_ERROR_STOP=1"], input=script,
                              capture_output=True, text=True, env=env)

    def measure(self, expression, path, lines):
        """(CPU seconds of the query in the server, the backend's peak RSS
        growth during it).  CPU time, as for the other surfaces: the wall
        time of a query moves with the machine's load."""
        copy = os.path.join(self.dir, "input.txt")
        shutil.copy(path, copy)
        os.chmod(copy, 0o644)
        read = "pg_read_file('%s')" % copy
        source = ("SELECT l FROM regexp_split_to_table(rtrim(%s, E'\\n'), E'\\n') l WHERE l <> ''" % read
                  if lines else "SELECT %s" % read)
        p = self.psql("DROP TABLE IF EXISTS input; CREATE TABLE input (v text);"
                      " ALTER TABLE input ALTER v SET STORAGE EXTERNAL; INSERT INTO input %s;" % source)
        if p.returncode != 0:
            raise RuntimeError("postgres: loading the input failed: " + p.stderr[-300:])
        # A fresh backend: its peak RSS before and after the query alone.
        p = self.psql("SELECT pg_backend_pid() AS pid \\gset\n\\setenv PID :pid\n"
                      "\\! grep VmHWM /proc/$PID/status; cat /proc/$PID/schedstat\n"
                      "DO $$DECLARE t0 timestamptz := clock_timestamp(); BEGIN"
                      " PERFORM length(%s) FROM input;"
                      " RAISE NOTICE 'scaling-seconds %%', extract(epoch FROM clock_timestamp() - t0);"
                      " EXCEPTION WHEN others THEN"
                      " RAISE NOTICE 'scaling-seconds %%', extract(epoch FROM clock_timestamp() - t0); END$$;\n"
                      "\\! grep VmHWM /proc/$PID/status; cat /proc/$PID/schedstat\n" % expression)
        peaks = [int(x) * 1024 for x in re.findall(r"VmHWM:\s*(\d+) kB", p.stdout)]
        seconds = re.findall(r"scaling-seconds ([0-9.e-]+)", p.stderr)
        if p.returncode != 0 or len(peaks) != 2 or not seconds:
            raise RuntimeError("postgres: measuring %s failed: %s %s" % (expression, p.stdout[-300:], p.stderr[-300:]))
        # schedstat's first field: nanoseconds the backend ran on a CPU.
        cpu = [int(x) for x in re.findall(r"^(\d+) \d+ \d+$", p.stdout, re.M)]
        if len(cpu) == 2:
            return (cpu[1] - cpu[0]) / 1e9, peaks[1] - peaks[0]
        return float(seconds[0]), peaks[1] - peaks[0]

    def stop(self):
        if self.dir:
            subprocess.run(self.as_server + [self.pg_ctl, "-D", os.path.join(self.dir, "data"), "-m", "immediate",
                                             "-w", "stop"], capture_output=True)
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None


class Runner:
    def __init__(self, args, directory):
        self.cli = args.cli
        self.c_driver = args.c_driver
        self.idn2 = args.idn2
        self.idn2_libdir = args.idn2_libdir
        self.idn2_driver = args.idn2_driver
        self.pythonpath = args.pythonpath
        self.js_module = args.js_module
        self.duckdb_dir = args.duckdb_dir
        self.node = args.node
        self.python = args.python
        self.directory = directory
        self.brands = os.path.join(directory, "brands.txt")
        with open(self.brands, "w") as f:
            f.write("".join(b + "\n" for b in BRANDS))
        self.postgres = PostgresServer(args.build, args.pg_config)
        self.checked = {}
        self.why = {}

    def available(self, surface):
        if surface not in self.checked:
            self.checked[surface] = self._available(surface)
        return self.checked[surface]

    def _available(self, surface):
        if surface == "cli":
            self.why[surface] = "no %s" % self.cli
            return os.access(self.cli, os.X_OK)
        if surface == "c":
            self.why[surface] = "no %s (cmake target puny_scaling_c)" % self.c_driver
            return os.access(self.c_driver, os.X_OK)
        if surface == "idn2":
            self.why[surface] = ("no %s, no %s/libidn2.so.0 or no %s (cmake targets puny_idn2, puny_scaling_idn2)"
                                 % (self.idn2, self.idn2_libdir, self.idn2_driver))
            return (os.access(self.idn2, os.X_OK) and os.path.exists(os.path.join(self.idn2_libdir, "libidn2.so.0"))
                    and os.access(self.idn2_driver, os.X_OK))
        if surface == "python":
            self.why[surface] = "import puny failed with PYTHONPATH %r (cmake target puny_scale_python)" % self.pythonpath
            head = PY_CHILD.split("s = open")[0].format(paths=[self.pythonpath])
            return subprocess.run([self.python, "-c", head + "import puny.idna, puny.email\n"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        if surface == "js":
            self.why[surface] = "no %s (surfaces/js/build.sh)" % self.js_module
            return bool(self.js_module) and os.path.exists(self.js_module)
        if surface == "duckdb":
            self.why[surface] = "no %s/puny.duckdb_extension (surfaces/duckdb/build.sh)" % self.duckdb_dir
            return os.path.exists(os.path.join(self.duckdb_dir, "puny.duckdb_extension"))
        if surface == "postgres":
            ok = self.postgres.start()
            self.why[surface] = self.postgres.problem
            return ok
        self.why[surface] = "unknown surface"
        return False

    def measure(self, row, path):
        """(seconds, peak bytes) for one run on the input in `path`; CLI, C
        and idn2 rows count the whole process (the caller subtracts the
        empty run), the others the call alone."""
        surface, _, kind, runner = row[:4]
        lines = row[6] not in WHOLE_SHAPES
        if kind in ("stdin", "arg"):
            text = open(path, encoding="utf-8").read()
            argv = [a.replace("{cli}", self.cli).replace("{brands}", self.brands) for a in runner]
            argv = [text if a == "{arg}" else a for a in argv]
            seconds, peak, _ = run_measured(argv, path if kind == "stdin" else None)
            return seconds, peak
        if kind == "c":
            seconds, peak, _ = run_measured([self.c_driver, runner, "lines" if lines else "whole", path])
            return seconds, peak
        if kind == "idn2":
            env = dict(os.environ, LD_LIBRARY_PATH=self.idn2_libdir)
            seconds, peak, _ = run_measured([self.idn2] + runner, path, env)
            return seconds, peak
        if kind == "idn2c":
            seconds, peak, _ = run_measured([self.idn2_driver, runner, "lines" if lines else "whole", path])
            return seconds, peak
        if kind == "pg":
            return self.postgres.measure(runner, path, lines)
        if kind == "py":
            code = PY_CHILD.format(paths=[self.pythonpath], file=path, call=runner, setup=py_setup(runner))
            _, peak, out = run_measured([self.python, "-c", code])
        elif kind == "duckdb":
            code = DUCKDB_CHILD.format(dir=self.duckdb_dir, file=path, call=runner,
                                       lines="true" if lines else "false")
            _, peak, out = run_measured([self.node, "-e", code])
        else:
            code = JS_CHILD.format(module=self.js_module, file=path, call=runner,
                                   setup=js_setup(runner, self.js_module))
            _, peak, out = run_measured([self.node, "-e", code])
        try:
            return float(out.decode().strip().splitlines()[-1]), peak
        except (ValueError, IndexError):
            raise RuntimeError("%s %s printed no time (it failed; run its snippet by hand): %r"
                               % (surface, row[1], out[-300:]))


def scaled_to(sizes, cap):
    """The sizes of a capped row: the same ratios, ending at the cap."""
    factor = sizes[-1] / cap
    return [s for s in (int(x / factor) for x in sizes) if s >= 1024 or len(sizes) <= 2]


def make_input(directory, shape, unit, size):
    path = os.path.join(directory, "%s-%s-%d.txt" % (shape, unit, size))
    if not os.path.exists(path):
        text, tail, head = (SHAPES[shape][unit] + ("",))[:3]
        with open(path, "w", encoding="utf-8") as f:
            if "{}" not in text:
                f.write(head + text * max(1, size // len(text.encode("utf-8"))) + tail)
            else:
                written, i = 0, 0
                while True:
                    line = text.replace("{}", str(i))
                    written += len(line.encode("utf-8"))
                    if written > size and i > 0:
                        break
                    f.write(line)
                    i += 1
    return path


def sweep(runner, rows, sizes, units, max_ratio, time_floor, directory, optional=()):
    """Measures every row; returns table rows and failures.  A row whose
    surface is not built is a failure unless its surface is in `optional`;
    either way it says so on standard error and in the table."""
    table, failures = [], []
    for row in rows:
        surface, name, kind, _, multiple, cap, shape = row[:7]
        if not runner.available(surface):
            why = runner.why.get(surface, "")
            print("NOT BUILT: %s %s: %s" % (surface, name, why), file=sys.stderr)
            table.append((surface, name, "-", "**not built**", "", "", ""))
            if surface not in optional:
                failures.append("%s %s: not built (%s)" % (surface, name, why))
            continue
        try:
            table += measure_row(runner, row, sizes, units, max_ratio, time_floor, directory, failures)
        except RuntimeError as e:
            failures.append(str(e))
            table.append((surface, name, "-", "**failed**", "", "", ""))
        print("measured: %s %s" % (surface, name), file=sys.stderr, flush=True)
    return table, failures


# How many more times a doubling above the limit is measured (measure_row).
RETRIES = 2


def measure_row(runner, row, sizes, units, max_ratio, time_floor, directory, failures):
    surface, name, kind, _, multiple, cap, shape = row[:7]
    table = []
    # The empty run, once a row (the same for every unit).
    base_path = os.path.join(directory, "empty.txt")
    open(base_path, "w").close()
    base_seconds, base_peak = runner.measure(row, base_path)
    if True:
        # An adversarial shape's units are its own variants.
        for unit in [u for u in units if u in SHAPES[shape]] or list(SHAPES[shape]):
            paths = []
            points = []

            def measure_point(path):
                seconds, peak = runner.measure(row, path)
                if kind in ("stdin", "arg", "c", "idn2", "idn2c"):
                    seconds = max(0.0, seconds - base_seconds)
                return seconds, max(0, peak - base_peak)

            for size in sizes if not cap or cap >= sizes[-1] else scaled_to(sizes, cap):
                path = make_input(directory, shape, unit, size)
                real = os.path.getsize(path)
                seconds, extra = measure_point(path)
                paths.append(path)
                points.append([real, seconds, extra])
                if extra > multiple * real + MEMORY_CONSTANT:
                    failures.append("%s %s (%s, %d bytes): peak memory %d bytes above %d x input + %d"
                                    % (surface, name, unit, real, extra, multiple, MEMORY_CONSTANT))

            def ratio(i):
                (n1, t1, _), (n2, t2, _) = points[i], points[i + 1]
                # Per doubling.  Below the floor timer noise dominates: the
                # larger size is then held to what a row at the floor may
                # take (so a fast row cannot hide a steep one).
                if t1 < time_floor:
                    return None if t2 < time_floor * max_ratio * (n2 / n1) / 2 else (t2 / time_floor) / (n2 / n1) * 2
                return (t2 / t1) / (n2 / n1) * 2

            # A doubling above the limit is measured again: both sizes
            # RETRIES more times, each keeping its least CPU time.  One run
            # on this shared machine is sometimes slowed by another process;
            # a superlinear path is slow every time, so it still fails.
            for i in range(len(points) - 1):
                r = ratio(i)
                if r is None or r <= max_ratio:
                    continue
                for _ in range(RETRIES):
                    for k in (i, i + 1):
                        seconds, _ = measure_point(paths[k])
                        points[k][1] = min(points[k][1], seconds)
            ratios = []
            for i in range(len(points) - 1):
                r = ratio(i)
                if r is None:
                    continue
                ratios.append(r)
                if r > max_ratio:
                    failures.append("%s %s (%s): time x%.2f per doubling from %d to %d bytes (limit %.2f)"
                                    % (surface, name, unit, r, points[i][0], points[i + 1][0], max_ratio))
            largest = points[-1] if points else (0, 0, 0)
            table.append((surface, name, unit + ("" if shape == "name" else " " + shape),
                          "%s" % human(largest[0]),
                          "%.3f s" % largest[1],
                          "%.2f" % max(ratios) if ratios else "n/a (below %.0f ms)" % (time_floor * 1000),
                          "%.0f (limit %d)" % (largest[2] / max(1, largest[0]), multiple)))
    return table


def human(n):
    for unit, size in (("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            return "%g %s" % (round(n / size, 1), unit)
    return "%d B" % n


def markdown(table, sizes, max_ratio):
    lines = ["| surface | entry point | input | largest input | CPU time there | worst time(2n)/time(n) | peak memory / input byte there (stated multiple) |",
             "|---|---|---|---|---|---|---|"]
    for r in table:
        lines.append("| " + " | ".join(r) + " |")
    return "\n".join(lines)


def check_limits(runner, surfaces):
    """The documented limits and their errors, in each built surface."""
    failures = []
    over = "\u00fc" * 1025
    at_limit = "\u00fc" * 1024
    if "cli" in surfaces and runner.available("cli"):
        for op, text in (("encode", over), ("decode", "a" * 1025)):
            p = subprocess.run([runner.cli, "explain", op, "--json", text], capture_output=True, text=True)
            doc = json.loads(p.stdout)
            if p.returncode != 1 or doc.get("error") != "input_too_long" or doc.get("offset") != 1024:
                failures.append("cli explain %s of 1025: expected input_too_long at 1024, got %r (exit %d)"
                                % (op, {k: doc.get(k) for k in ("error", "offset")}, p.returncode))
            p = subprocess.run([runner.cli, "explain", op, text], capture_output=True, text=True)
            if "input_too_long" not in p.stdout or "at most 1024" not in p.stdout:
                failures.append("cli explain %s: the text does not name the limit: %r" % (op, p.stdout[-200:]))
        p = subprocess.run([runner.cli, "explain", "encode", "--json", at_limit], capture_output=True, text=True)
        if p.returncode != 0 or json.loads(p.stdout).get("error") is not None:
            failures.append("cli explain encode of 1024 code points should succeed")
    if "python" in surfaces and runner.available("python"):
        code = (PY_CHILD.split("s = open")[0] +
                "import json\n"
                "r = [puny.explain('\u00fc' * 1025, operation='encode'), puny.explain('a' * 1025, operation='decode'),"
                " puny.explain('\u00fc' * 1024, operation='encode')]\n"
                "print(json.dumps([[(e.code, e.offset) for e in x['errors']] for x in r] + [len(r[2]['steps'])]))\n")
        code = code.format(paths=[runner.pythonpath])
        p = subprocess.run([runner.python, "-c", code], capture_output=True, text=True)
        got = json.loads(p.stdout) if p.returncode == 0 else p.stderr
        if got != [[["input_too_long", 1024]], [["input_too_long", 1024]], [], 1024]:
            failures.append("python explain limit: %r" % (got,))
    if "js" in surfaces and runner.available("js"):
        code = ("(async () => { const puny = await import(%r); await (puny.ready || Promise.resolve());"
                " const r = [puny.explain('\u00fc'.repeat(1025)), puny.explain('a'.repeat(1025), {operation: 'decode'}),"
                " puny.explain('\u00fc'.repeat(1024))];"
                " console.log(JSON.stringify(r.map((x) => [x.error ? x.error.code : null, x.error ? x.error.offset : null, (x.steps || []).length]))); })();"
                % runner.js_module)
        p = subprocess.run([runner.node, "-e", code], capture_output=True, text=True)
        got = p.stdout.strip()
        if not got.startswith('[["input_too_long",1024,0],["input_too_long",1024,0],[null'):
            failures.append("js explain limit: %r %r" % (got, p.stderr[-300:]))
    # Entry points with a natural limit (the DNS's 253 / 255 bytes): one long
    # line gives the limit's error, naming it, at once.
    long_name = "\u00fc." * 100000 + "com"
    if "cli" in surfaces and runner.available("cli"):
        p = subprocess.run([runner.cli, "email"], input="a@" + long_name + "\n", capture_output=True, text=True)
        if p.returncode != 1 or "domain_too_long" not in p.stderr:
            failures.append("cli email of a 200 KB address: expected domain_too_long, got %r (exit %d)"
                            % (p.stderr[:120], p.returncode))
    if "idn2" in surfaces and runner.available("idn2"):
        env = dict(os.environ, LD_LIBRARY_PATH=runner.idn2_libdir)
        p = subprocess.run([runner.idn2], input=long_name + "\n", capture_output=True, text=True, env=env)
        if p.returncode != 1 or "too long" not in p.stderr:
            failures.append("idn2 of a 200 KB name: expected the too-long error, got %r (exit %d)"
                            % (p.stderr[:120], p.returncode))
    if "python" in surfaces and runner.available("python"):
        code = (PY_CHILD.split("s = open")[0].format(paths=[runner.pythonpath]) +
                "import puny.idna, puny.email\n"
                "s = '\\u00fc.' * 100000 + 'com'\n"
                "try: puny.idna.encode(s)\n"
                "except puny.idna.IDNAError as e: print('idna:', e)\n"
                "try: puny.email.validate('a@' + s)\n"
                "except Exception as e: print('email:', type(e).__name__, e)\n")
        p = subprocess.run([runner.python, "-c", code], capture_output=True, text=True)
        # (idna's own message text, which consumers match: issue 52)
        if "idna: Domain too long" not in p.stdout or \
           "email: DomainTooLongError domain_too_long" not in p.stdout:
            failures.append("python puny.idna.encode / puny.email.validate of a 200 KB name: %r %r"
                            % (p.stdout[:300], p.stderr[-300:]))
    failures += check_more_limits(runner, surfaces, long_name)
    return failures


def check_more_limits(runner, surfaces, long_name):
    """The same for the rest of the inventory's entry points bound by the
    DNS's lengths: one long input fails at once with the limit's error."""
    failures = []
    names = os.path.join(runner.directory, "long-name.txt")
    with open(names, "w", encoding="utf-8") as f:
        f.write(long_name)
    addresses = os.path.join(runner.directory, "long-address.txt")
    with open(addresses, "w", encoding="utf-8") as f:
        f.write("a@" + long_name)
    label = os.path.join(runner.directory, "long-label.txt")
    with open(label, "w", encoding="utf-8") as f:
        f.write("\u00fc" * 100000)
    checks = []
    if "c" in surfaces and runner.available("c"):
        checks += [([runner.c_driver, fn, "whole", names], "domain_too_long")
                   for fn in ("idna2008_register", "idna2008_lookup", "to_ascii_idna2008",
                              "to_unicode_idna2008")]
        checks += [([runner.c_driver, fn, "whole", addresses], "domain_too_long")
                   for fn in ("email_normalize", "email_ascii", "email_validate")]
    if "idn2" in surfaces and runner.available("idn2"):
        # libidn2's codes: a name longer than 255 bytes; a label for
        # registration whose A-label would pass 63 bytes.
        checks += [([runner.idn2_driver, fn, "whole", names], "IDN2_TOO_BIG_DOMAIN")
                   for fn in ("lookup_u8", "lookup_ul", "to_ascii_8z", "to_ascii_lz", "to_ascii_4z",
                              "to_ascii_4i", "to_ascii_4i2", "to_unicode_8z8z", "to_unicode_8zlz",
                              "to_unicode_lzlz", "to_unicode_8z4z", "to_unicode_4z4z", "to_unicode_44i")]
        checks += [([runner.idn2_driver, fn, "whole", label], "IDN2_PUNYCODE_BIG_OUTPUT")
                   for fn in ("register_u8", "register_ul")]
    for argv, expected in checks:
        p = subprocess.run(argv, capture_output=True, text=True)
        if p.returncode != 0 or ("1 calls, 1 failed, last failure %s" % expected) not in p.stdout:
            failures.append("%s %s of a 200 KB input: expected %s, got %r %r"
                            % (os.path.basename(argv[0]), argv[1], expected, p.stdout.strip(), p.stderr[-200:]))
    if "python" in surfaces and runner.available("python"):
        code = (PY_CHILD.split("s = open")[0].format(paths=[runner.pythonpath]) +
                "s = '\\u00fc.' * 100000 + 'com'\n"
                "for f in (puny.idna2008_register, puny.idna2008_lookup):\n"
                "    try: f(s)\n"
                "    except puny.Error as e: print(type(e).__name__, e.code)\n"
                "try: puny.idna.alabel('\\u00fc' * 100000)\n"
                "except puny.idna.IDNAError as e: print('alabel:', str(e) == 'Label too long')\n")
        p = subprocess.run([runner.python, "-c", code], capture_output=True, text=True)
        want = "DomainTooLongError domain_too_long\nDomainTooLongError domain_too_long\n" \
               "alabel: True\n"
        if p.stdout != want:
            failures.append("python idna2008_register / idna2008_lookup / idna.alabel of a 200 KB input: %r %r"
                            % (p.stdout[:300], p.stderr[-300:]))
    if "js" in surfaces and runner.available("js"):
        email = os.path.join(os.path.dirname(runner.js_module), "email.mjs")
        code = ("(async () => { const e = await import(%r); const s = 'a@' + '\\u00fc.'.repeat(100000) + 'com';"
                " for (const f of [e.validate, e.normalize]) { try { f(s); console.log('accepted'); }"
                " catch (x) { console.log(x.code); } } })();" % email)
        p = subprocess.run([runner.node, "-e", code], capture_output=True, text=True)
        if p.stdout != "domain_too_long\ndomain_too_long\n":
            failures.append("js puny/email validate / normalize of a 200 KB address: %r %r"
                            % (p.stdout[:200], p.stderr[-300:]))
    return failures


def check_issue_rows(runner, surfaces, directory):
    """Issue 57's calls at 32,000 units: each under 50 ms of CPU time (the
    least of three runs, the empty run's time taken off for processes)."""
    drivers = {(d[0], d[1]): d for d in adversarial.DRIVERS}
    lines = ["| surface | call | input | CPU time at %s units |" % format(adversarial.ISSUE_UNITS, ","),
             "|---|---|---|---|"]
    failures = []
    for surface, name, group, variant in adversarial.ISSUE_ROWS:
        if surface not in surfaces or not runner.available(surface):
            continue
        d = drivers[(surface, name)]
        row = (surface, name, d[2], d[3], d[4], d[5], adversarial.shape_key(group, "whole"))
        path = os.path.join(directory, "issue-%s-%s.txt" % (group, len(lines)))
        with open(path, "w", encoding="utf-8") as f:
            f.write(adversarial.issue_input(group, variant))
        empty = os.path.join(directory, "empty.txt")
        open(empty, "w").close()
        base = min(runner.measure(row, empty)[0] for _ in range(3))
        seconds = min(runner.measure(row, path)[0] for _ in range(3))
        if d[2] in ("stdin", "arg", "c", "idn2", "idn2c"):
            seconds = max(0.0, seconds - base)
        lines.append("| %s | %s | %s x %s | %.3f s |" % (surface, name, variant, format(adversarial.ISSUE_UNITS, ","),
                                                          seconds))
        if seconds > adversarial.ISSUE_LIMIT_SECONDS:
            failures.append("%s %s (%s x %d): %.3f s, limit %.3f s" % (surface, name, variant, adversarial.ISSUE_UNITS,
                                                                       seconds, adversarial.ISSUE_LIMIT_SECONDS))
    return "\n".join(lines), failures


def write_docs(path, text, table="scaling-table"):
    doc = open(path, encoding="utf-8").read()
    begin, end = "<!-- %s:begin -->" % table, "<!-- %s:end -->" % table
    if begin not in doc:
        raise SystemExit("%s has no %s marker" % (path, begin))
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    open(path, "w", encoding="utf-8").write(head + begin + "\n" + text + "\n" + end + tail)


ALL_SURFACES = "cli,c,idn2,python,js,postgres,duckdb"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    build = os.path.join(ROOT, "build")
    ap.add_argument("--build", default=build, help="the CMake build directory (libpuny.a for PostgreSQL)")
    ap.add_argument("--cli", default=os.path.join(build, "cli", "puny"))
    ap.add_argument("--c-driver", default=os.path.join(build, "tests", "puny_scaling_c"))
    ap.add_argument("--idn2", default="/usr/bin/idn2", help="Debian's idn2 program (package idn2)")
    ap.add_argument("--idn2-libdir", default=os.path.join(build, "idn2", "lib"))
    ap.add_argument("--idn2-driver", default=os.path.join(build, "tests", "puny_scaling_idn2"))
    ap.add_argument("--pythonpath", default=os.environ.get("PUNY_PYTHONPATH",
                                                           os.path.join(build, "tests", "scale", "python")))
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--js-module", default=os.path.join(build, "wasm", "package", "dist", "display.mjs"))
    ap.add_argument("--duckdb-dir", default=os.path.join(build, "duckdb"))
    ap.add_argument("--pg-config", default="/usr/lib/postgresql/15/bin/pg_config")
    ap.add_argument("--node", default="node")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--adversarial", action="store_true",
                    help="every rule's worst case through every driver (adversarial.py)")
    ap.add_argument("--min", type=int, default=1 << 10)
    ap.add_argument("--max", type=int, default=8 << 20)
    ap.add_argument("--surfaces", default=ALL_SURFACES)
    ap.add_argument("--rows", help="only the rows whose entry point name contains this text")
    ap.add_argument("--optional", default="",
                    help="surfaces that may be missing (reported as NOT BUILT, not failed)")
    ap.add_argument("--sizes", help="input sizes in bytes for --quick / --adversarial, comma-separated "
                                    "(e.g. 16384,65536 against an old, quadratic build)")
    ap.add_argument("--write-docs")
    args = ap.parse_args()
    surfaces = args.surfaces.split(",")
    # The adversarial rows: their quick subset with --quick (its variants
    # only), all of them with --adversarial (instead of ENTRY_POINTS).
    SHAPES.update(adversarial.shapes(quick=args.quick))
    global WHOLE_SHAPES
    WHOLE_SHAPES = WHOLE_SHAPES + adversarial.WHOLE_SHAPES
    inventory = (adversarial.rows() if args.adversarial else
                 ENTRY_POINTS + (adversarial.rows() if args.quick else []))
    rows = [r for r in inventory if r[0] in surfaces and (not args.rows or args.rows in r[1])]
    rows.sort(key=lambda r: surfaces.index(r[0]))
    optional = set(args.optional.split(",")) - {""}
    sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else None
    with tempfile.TemporaryDirectory() as directory:
        runner = Runner(args, directory)
        try:
            if args.quick:
                # Two sizes four times apart: a linear entry point takes ~4x
                # the time, a quadratic one 16x; < 8x leaves room for noise.
                # The rows marked "quick" only.
                rows = [r for r in rows if len(r) > 7 and r[7] == "quick"]
                table, failures = sweep(runner, rows, sizes or [256 << 10, 1 << 20], ["latin"], 4.0, 0.01,
                                        directory, optional)
                failures += check_limits(runner, surfaces)
            elif args.adversarial:
                # Two sizes four times apart, as --quick, but held to 2.3
                # per doubling (x4.6 in time for the step), each row over its
                # shape group's variants.
                table, failures = sweep(runner, rows, sizes or [256 << 10, 1 << 20], ["-"], 2.3, 0.02, directory,
                                        optional)
                issue_table, issue_failures = check_issue_rows(runner, surfaces, directory)
                failures += issue_failures
            else:
                sizes, s = [], args.min
                while s <= args.max:
                    sizes.append(s)
                    s *= 2
                table, failures = sweep(runner, rows, sizes, ["ascii", "latin"], 2.3, 0.02, directory,
                                        optional)
        finally:
            runner.postgres.stop()
        text = markdown(table, None, 2.3)
        if args.adversarial:
            # Every row on standard output; the docs get it folded per class.
            print(text)
            text = adversarial.summary(table) + "\n\n" + issue_table
        print(text)
        if args.write_docs:
            write_docs(args.write_docs, text, "adversarial-table" if args.adversarial else "scaling-table")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
