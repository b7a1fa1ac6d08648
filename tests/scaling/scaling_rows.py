"""The inventory scaling.py sweeps (issue 44): the input shapes and one row
per public entry point of every surface (surface, name, kind, runner,
memory multiple, largest input, shape, and "quick" for scaling.quick).  The
rules' worst cases are adversarial.py's rows, added by scaling.py."""

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
