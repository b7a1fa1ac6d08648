"""Adversarial inputs for scaling.py (issue 57): the worst case of each rule
an entry point applies, through every surface.

scaling.py's own shapes (`a.`, `ü`) exercise the common paths.  A rule that
looks at more than its code point's neighbourhood (a CONTEXTO rule that asks
about the whole label, a Bidi rule that asks what follows, a canonical
reordering, a mapping that expands) is linear on those shapes and may still
be quadratic on its own characters: CVE-2026-45409 (`"\\u0660" * n` in
Python's idna) was.  This module holds those characters as SHAPES, each with
its variants, and the entry points as DRIVERS; rows() crosses them, so a new
rule is one shape and a new entry point one driver.

A shape variant is (repeated text, tail, head), as in scaling.py: the input
is head + text * k + tail, k growing with the size.  Every variant has two
forms: "whole" (one line: a huge label, or a huge name of short labels) and
"lines" (numbered names, one a line, each label cut to at most 63 bytes of
UTF-8: the DNS-bound entry points see the rule many times within their
limits).  A driver states which forms it takes: whole for the entry points
without a limit, and for the DNS-bound ones too (one huge input must be
refused before any per-code-point rule runs), lines for the DNS-bound ones.

rows(quick) gives scaling.py's ENTRY_POINTS rows; the rows marked quick are
the worst rules (QUICK_SHAPES) through the cheapest driver of each surface
(drivers marked quick), for ctest's scaling.quick; the others run in
`scaling.py --adversarial` (ctest scaling.adversarial, label
scaling-adversarial, opt-in: `ctest -C Adversarial -L scaling-adversarial`).
ISSUE_ROWS are the calls of issue 57's table, whose time at 32,000 units the
adversarial run checks against ISSUE_LIMIT_SECONDS.
"""
import codecs

# ---------------------------------------------------------------------------
# Shapes: name -> {variant: (text, tail, head)}.

ZWNJ, ZWJ = "\u200c", "\u200d"
BEH, FATHATAN = "\u0628", "\u064b"  # Joining_Type D; T (a mark, ccc 27)
KA, VIRAMA = "\u0915", "\u094d"     # DEVANAGARI KA; SIGN VIRAMA (ccc 9)
ALEF_HEB, ALEF = "\u05d0", "\u0627"  # Bidi R; AL


def _ace_fit(unit, target):
    """The longest run of `unit` whose A-label ("xn--" + Punycode) is at
    most `target` bytes (the label at a length limit)."""
    k = 1
    while len(b"xn--" + codecs.encode(unit * (k + 1), "punycode")) <= target:
        k += 1
    return unit * k


SHAPES = {
    # RFC 5892 A.1: ZWNJ after a virama, or between joining letters with
    # runs of Joining_Type T (transparent) around it; A.2: ZWJ after a virama.
    "contextj": {
        "ZWNJ in D T ZWNJ T D": (BEH + FATHATAN + ZWNJ + FATHATAN, BEH, ""),
        "ZWNJ after a run of T": (FATHATAN, ZWNJ + BEH, BEH),
        "virama ZWJ": (KA + VIRAMA + ZWJ, "", ""),
        "virama ZWNJ": (KA + VIRAMA + ZWNJ, "", ""),
    },
    # Joiners alone: an error at every one (where errors are collected).
    "joiners": {"ZWJ": (ZWJ, "", "a"), "ZWNJ": (ZWNJ, "", "a")},
    # RFC 5892 A.3-A.9.
    "contexto": {
        "MIDDLE DOT between l's": ("l\u00b7l", "", ""),
        "GREEK KERAIA": ("\u0375\u03b1", "", ""),
        "HEBREW GERESH": (ALEF_HEB + "\u05f3", "", ""),
        "HEBREW GERSHAYIM": (ALEF_HEB + "\u05f4", "", ""),
        "KATAKANA MIDDLE DOT, Han at the end": ("\u30fb", "\u6f22", ""),
        "KATAKANA MIDDLE DOT, no Han": ("\u30fb", "", "a"),
    },
    "arabic-digits": {
        "U+0660": ("\u0660", "", ""),
        "U+06F0": ("\u06f0", "", ""),
        "U+0660, one U+06F0 at the end": ("\u0660", "\u06f0", ""),
    },
    # RFC 5893: AN, EN, R, AL and NSM runs.
    "bidi": {
        "R then AN": ("\u0660", "", ALEF_HEB),
        "AL then EN": ("1", "", ALEF),
        "R, EN, one AN at the end": ("1", "\u0660", ALEF_HEB),
        "R then NSM": ("\u05b0", "", ALEF_HEB),
        "AL NSM pairs": (BEH + "\u064e", "", ""),
        "L then NSM": ("\u0300", "", "a"),
    },
    # UTS #46 mappings that expand: U+FDFA is 18 code points (33 bytes).
    "mapping": {"U+FDFA": ("\ufdfa", "", ""), "U+3316": ("\u3316", "", "")},
    # Combining marks in reverse canonical order: NFC sorts the whole run.
    "marks": {
        "ccc 230, 220": ("\u0301\u0316", "", "a"),
        "ccc 230, 220, 202, 1": ("\u0301\u0316\u0327\u0334", "", "a"),
    },
    # Length limits: labels at and over 63 bytes, many labels, one huge ACE.
    "lengths": {
        "ASCII labels of 63": ("a" * 63 + ".", "com", ""),
        "ASCII labels of 64": ("a" * 64 + ".", "com", ""),
        "A-labels of 63": (_ace_fit("\u00fc", 63) + ".", "com", ""),
        "A-labels of 64+": (_ace_fit("\u00fc", 63) + "\u00fc.", "com", ""),
        "xn--tda labels": ("xn--tda.", "com", ""),
        "empty labels": (".", "com", "a"),
        "one huge xn-- label (CVE-2022-45061)": ("a", "", "xn--016c"),
    },
    # The advisories' payloads (tests/hostile/advisories_test.cpp names
    # them): CVE-2024-3651, ZWNJ after non-joining letters (idna's contextj
    # scan did not stop); CVE-2026-45409's second payload is
    # "KATAKANA MIDDLE DOT, Han at the end" above, its first "U+0660".
    "advisories": {
        "CVE-2024-3651": (ZWNJ + "a", BEH, BEH),
        "ASCII-only xn-- labels (CVE-2026-39821)": ("xn--example-.", "com", ""),
    },
}

# The variants of ctest's scaling.quick: the rules whose naive form is
# quadratic (a whole-label question asked per code point), once each.
QUICK_SHAPES = {
    "contextj": ["ZWNJ in D T ZWNJ T D", "virama ZWJ"],
    "contexto": ["KATAKANA MIDDLE DOT, Han at the end", "HEBREW GERESH", "MIDDLE DOT between l's"],
    "arabic-digits": ["U+0660", "U+0660, one U+06F0 at the end"],
    "bidi": ["R then NSM", "R, EN, one AN at the end"],
    "mapping": ["U+FDFA"],
    "marks": ["ccc 230, 220"],
    "advisories": ["CVE-2024-3651"],
}


def _lines_variant(text, tail, head):
    """The lines form: numbered names of labels of at most 63 bytes."""
    def cut(s):
        out = ""
        for ch in s:
            if len((out + ch).encode("utf-8")) > 50:
                break
            out += ch
        return out
    if text == ".":  # empty labels
        name = "a...b"
    elif "." in text:  # a shape of labels (at or over a limit): three a name
        name = ".".join([head + text.split(".")[0]] * 3)
    else:
        body = head + text * 64
        label = cut(body)[: max(1, len(cut(body)) - len(tail))] + tail
        name = label + "." + label
    # The number keeps every line distinct (no cache hides work).
    return (name + ".n{}\n", "", "")


def shape_key(group, form):
    return "adv-%s-%s" % (group, form)


def shapes(quick=False):
    """scaling.py's SHAPES entries: one per group and form, the group's
    variants as its units (quick: QUICK_SHAPES' variants only)."""
    out = {}
    for group, variants in SHAPES.items():
        if quick and group not in QUICK_SHAPES:
            continue
        chosen = {k: v for k, v in variants.items() if not quick or k in QUICK_SHAPES[group]}
        out[shape_key(group, "whole")] = {k: v for k, v in chosen.items()}
        out[shape_key(group, "lines")] = {k: _lines_variant(*v) for k, v in chosen.items()}
    return out


WHOLE_SHAPES = tuple(shape_key(g, "whole") for g in SHAPES)

# ---------------------------------------------------------------------------
# Drivers: (surface, name, kind, runner, memory multiple, cap, forms, quick).
# kind and runner as in scaling.py's ENTRY_POINTS; Python and JS calls that
# raise on an invalid input are wrapped (an error is an answer here).

PRESETS = ["uts46", "uts46-strict", "uts46-raw", "url", "url-strict", "idna2008", "idna2008-lookup"]
W, L, WL = ("whole",), ("lines",), ("whole", "lines")


def _py(call):
    return "for l in lines:\n    try: %s\n    except Exception: pass" % call


def _py1(call):
    return "try: %s\nexcept Exception: pass" % call


def _js(call):
    return "for (const l of lines) { try { %s; } catch (e) {} }" % call


def _js1(call):
    return "try { %s; } catch (e) {}" % call


DRIVERS = (
    # Core presets through the CLI.
    # (Lines where a preset checks the DNS's lengths.)
    [("cli", "to-ascii --preset " + p, "stdin", ["{cli}", "to-ascii", "--preset", p], 96, None,
      WL if p in ("uts46-strict", "idna2008", "idna2008-lookup") else W, p in ("uts46", "idna2008"))
     for p in PRESETS]
    + [("cli", "to-unicode --preset " + p, "stdin", ["{cli}", "to-unicode", "--preset", p], 96, None, W, False)
       for p in ("uts46", "uts46-strict", "url", "idna2008")]
    + [
        # (--json writes a detail per error, and a line's record whole: one
        # huge xn-- label, an error a byte, peaks at 936 bytes per input byte.)
        ("cli", "to-ascii --json", "stdin", ["{cli}", "to-ascii", "--json"], 400, None, W, False),
        ("cli", "display", "stdin", ["{cli}", "display", "--no-psl"], 96, None, W, False),
        ("cli", "display --json", "stdin", ["{cli}", "display", "--no-psl", "--json"], 64, None, W, False),
        ("cli", "skeleton", "stdin", ["{cli}", "skeleton"], 32, None, W, False),
        ("cli", "explain to-ascii", "arg", ["{cli}", "explain", "to-ascii", "{arg}"], 200, 128 * 1024 - 16, W,
         False),
        ("cli", "email", "stdin", ["{cli}", "email"], 32, None, L, False),
        ("cli", "hunt", "stdin", ["{cli}", "hunt", "--brands", "{brands}"], 96, None, W, False),
        ("cli", "encode", "stdin", ["{cli}", "encode"], 32, None, W, False),
        # C API (tests/scaling/c_driver.c).
        ("c", "puny_to_ascii", "c", "to_ascii", 96, None, W, False),
        ("c", "puny_to_unicode", "c", "to_unicode", 96, None, W, False),
        ("c", "puny_to_ascii_preset (idna2008)", "c", "to_ascii_idna2008", 96, None, WL, True),
        ("c", "puny_to_ascii_preset (uts46-strict)", "c", "to_ascii_preset=uts46-strict", 96, None, W, False),
        ("c", "puny_to_unicode_preset (idna2008)", "c", "to_unicode_idna2008", 96, None, W, False),
        ("c", "puny_to_ascii_utf16", "c", "to_ascii_utf16", 96, None, W, False),
        ("c", "puny_idna2008_register", "c", "idna2008_register", 96, None, WL, False),
        ("c", "puny_idna2008_lookup", "c", "idna2008_lookup", 96, None, WL, False),
        ("c", "puny_skeleton", "c", "skeleton", 32, None, W, False),
        ("c", "puny_display_decide", "c", "display_decide", 200, None, W, False),
        ("c", "puny_email_validate", "c", "email_validate", 16, None, L, False),
        ("c", "puny_hunt_find", "c", "hunt_find", 96, None, W, False),
        # libidn2 API (tests/scaling/idn2_driver.c on our libidn2.so.0).
        ("idn2", "idn2_lookup_u8", "idn2c", "lookup_u8", 96, None, WL, True),
        ("idn2", "idn2_register_u8", "idn2c", "register_u8", 96, None, WL, False),
        ("idn2", "idn2_to_ascii_8z", "idn2c", "to_ascii_8z", 16, None, L, False),
        ("idn2", "idn2_to_unicode_8z8z", "idn2c", "to_unicode_8z8z", 16, None, L, False),
        ("idn2", "idn2_to_ascii_4i", "idn2c", "to_ascii_4i", 16, None, L, False),
        # Python: the conversions, puny.idna (python-idna's API) and codecs.
        ("python", "to_ascii (idna2008)", "py", _py1("puny.to_ascii(s, 'idna2008')"), 96, None, W, False),
        ("python", "to_ascii", "py", _py1("puny.to_ascii(s)"), 96, None, W, False),
        ("python", "to_unicode", "py", _py1("puny.to_unicode(s)"), 96, None, W, False),
        ("python", "idna2008_register", "py", _py1("puny.idna2008_register(s)"), 64, None, WL, False),
        ("python", "idna.encode", "py", _py("puny.idna.encode(l)"), 64, None, WL, True),
        ("python", "idna.encode (uts46=True)", "py", _py("puny.idna.encode(l, uts46=True)"), 64, None, WL, False),
        ("python", "idna.decode", "py", _py("puny.idna.decode(l)"), 64, None, WL, False),
        ("python", "idna.check_label", "py", _py("puny.idna.check_label(l)"), 64, None, WL, True),
        ("python", "idna.alabel", "py", _py("puny.idna.alabel(l)"), 64, None, L, False),
        ("python", "idna.uts46_remap", "py", _py1("puny.idna.uts46_remap(s)"), 32, None, W, False),
        ("python", "codec idna2008", "py", _py("l.encode('idna2008')"), 64, None, WL, False),
        ("python", "codec uts46", "py", _py("l.encode('uts46')"), 64, None, L, False),
        ("python", "display", "py", _py1("puny.display(s, psl=None)"), 600, 1 << 20, W, False),
        ("python", "skeleton", "py", _py1("puny.skeleton(s)"), 32, None, W, False),
        ("python", "email.validate", "py", _py("puny.email.validate('a@' + l)"), 64, None, L, False),
        ("python", "hunt BrandIndex.matches", "py", _py1("hunt_index.matches(s)"), 96, None, W, False),
        ("python", "formats.idn_hostname", "py", _py("puny.formats.idn_hostname(l)"), 64, None, L, False),
        # JavaScript: the npm package (surfaces/js/build.sh).  The Result
        # forms keep every error as an object with its own description
        # string (from the module's JSON): about 2 KB an error, and a name
        # of joiners has one every 3 bytes (UTS #46 collects them all):
        # 680-740 bytes per input byte at 1 MB (docs/security.md).
        ("js", "toAsciiResult (idna2008)", "js", _js1("puny.toAsciiResult(s, {preset: 'idna2008'})"), 96, None,
         WL, True),
        ("js", "toAsciiResult", "js", _js1("puny.toAsciiResult(s)"), 800, None, W, False),
        ("js", "toUnicodeResult", "js", _js1("puny.toUnicodeResult(s)"), 800, None, W, False),
        ("js", "puny/punycode toASCII", "js", _js1("punycode.toASCII(s)"), 64, None, W, False),
        ("js", "display", "js", _js1("puny.display(s)"), 600, 1 << 20, W, False),
        ("js", "skeleton", "js", _js1("puny.skeleton(s)"), 32, None, W, False),
        ("js", "puny/email validate", "js", _js("email.validate('a@' + l)"), 64, None, L, False),
        ("js", "puny/formats idnHostname", "js", _js("formats.idnHostname(l)"), 64, None, L, False),
        ("js", "huntIndex matches", "js", _js1("hunt.matches(s)"), 160, None, W, False),
        # SQL (full sweep only: a server, a DuckDB instance).
        ("postgres", "idna_check", "pg", "idna_check(v)::text", 96, None, W, False),
        ("postgres", "try_idna_to_ascii", "pg", "try_idna_to_ascii(v)", 96, None, W, False),
        ("duckdb", "idna_check", "duckdb", "idna_check(v)::VARCHAR", 96, None, W, False),
        ("duckdb", "try_idna_to_ascii", "duckdb", "try_idna_to_ascii(v)", 96, None, W, False),
    ]
)


# Groups whose inputs expand: U+FDFA is 18 code points from 3 bytes, six
# times the code points per input byte of the other shapes, so the memory
# multiple per input byte is four times the driver's.  "lengths" records an
# error per input byte (each empty label; each 'a' of the huge xn-- label
# decodes to one more U+FD1F, disallowed in a decoded label), 130-200 bytes
# per input byte where every error is kept (the detailed forms' list).
MEMORY_FACTOR = {"mapping": 4, "lengths": 3}


def rows():
    """ENTRY_POINTS rows: every driver with every shape group in each form
    it takes; "quick" where the driver is quick, the form is whole (the one
    input no DNS limit shortens) and the group has quick variants
    (scaling.quick measures those variants only)."""
    out = []
    for surface, name, kind, runner, multiple, cap, forms, quick in DRIVERS:
        for group in SHAPES:
            for form in forms:
                row = (surface, "%s [%s%s]" % (name, group, ", lines" if form == "lines" else ""), kind, runner,
                       multiple * MEMORY_FACTOR.get(group, 1), cap, shape_key(group, form))
                marked = quick and form == "whole" and group in QUICK_SHAPES
                out.append(row + (("quick",) if marked else ()))
    return out


# Issue 57's table: (surface, driver name, shape group, variant, units);
# the adversarial run checks their time at 32,000 units.
ISSUE_ROWS = [
    ("cli", "to-ascii --preset idna2008", "arabic-digits", "U+0660"),
    ("cli", "to-ascii --preset idna2008", "arabic-digits", "U+06F0"),
    ("cli", "to-ascii --preset idna2008", "contextj", "virama ZWJ"),
    ("cli", "to-ascii --preset idna2008-lookup", "contextj", "virama ZWJ"),
    ("js", "toAsciiResult (idna2008)", "arabic-digits", "U+0660"),
    ("python", "idna.encode", "arabic-digits", "U+0660"),
    ("python", "idna.check_label", "arabic-digits", "U+0660"),
    ("python", "idna.encode (uts46=True)", "arabic-digits", "U+0660"),
    ("python", "idna.decode", "arabic-digits", "U+0660"),
]
ISSUE_UNITS = 32000
ISSUE_LIMIT_SECONDS = 0.05


def issue_input(group, variant):
    """The issue's input of ISSUE_UNITS repetitions (one line)."""
    text, tail, head = SHAPES[group][variant]
    return head + text * ISSUE_UNITS + tail


def summary(table):
    """The adversarial run's table folded per shape group and surface (the
    docs list every class this way; the run prints every row): rows and
    variants measured, the worst doubling and the slowest time at the
    largest size, each with its row."""
    folded = {}
    for surface, name, unit, _, seconds, ratio, _ in table:
        if "[" not in name or not seconds:
            continue
        group = name.rsplit("[", 1)[1].rstrip("]").split(",")[0]
        f = folded.setdefault((group, surface), {"rows": set(), "n": 0, "ratio": (0.0, ""), "time": (0.0, "")})
        f["rows"].add(name)
        f["n"] += 1
        where = "%s (%s)" % (name.rsplit(" [", 1)[0], unit.rsplit(" adv-", 1)[0])
        r = float(ratio) if ratio[:1].isdigit() else 0.0
        t = float(seconds.split()[0])
        f["ratio"] = max(f["ratio"], (r, where))
        f["time"] = max(f["time"], (t, where))
    lines = ["| class | surface | rows (x variants) | worst time(2n)/time(n), where | slowest CPU time at 1 MB, where |",
             "|---|---|---|---|---|"]
    for group in SHAPES:
        for surface in ("cli", "c", "idn2", "python", "js", "postgres", "duckdb"):
            f = folded.get((group, surface))
            if not f:
                continue
            r, rw = f["ratio"]
            t, tw = f["time"]
            lines.append("| %s | %s | %d (%d) | %s | %.3f s, %s |" % (
                group, surface, len(f["rows"]), f["n"],
                "%.2f, %s" % (r, rw) if r else "below the 20 ms floor", t, tw))
    return "\n".join(lines)
