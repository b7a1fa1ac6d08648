"""UTS #46 and IDNA2008 through puny.to_ascii/to_unicode and the idna2008
functions: presets and flags against the core's vocabulary, every error with
its class, code, offset, label and code point, IdnaTestV2 through the binding.

Run against the installed package (ctest python.package; by hand:
`.venv/bin/python -m pytest surfaces/python/tests`); shared paths and
readers in puny_case.py.
"""
import ast
import inspect
import json
import os
import re

import pytest

import puny

from puny_case import IDNA_TEST, read_data


# ---- IDNA ----

def test_to_ascii_and_to_unicode():
    assert puny.to_ascii("Bücher.example") == "xn--bcher-kva.example"
    assert puny.to_unicode("XN--BCHER-KVA.DE") == "bücher.de"
    assert puny.to_ascii("3年B組金八先生.jp") == "xn--3b-ww4c5e180e575a65lsy2b.jp"
    assert puny.to_ascii("faß.de") == "xn--fa-hia.de"
    assert puny.to_ascii("faß.de", transitional_processing=True) == "fass.de"
    long_name = "a" * 300 + ".ü"  # longer than the fast stack buffer
    assert puny.to_ascii(long_name) == "a" * 300 + ".xn--tda"


def test_url_preset_to_unicode_returns_the_input_on_error():
    # URL Standard "domain to Unicode" step 2: any recorded error returns
    # the domain itself (so xn--8i7caa round-trips through the domain
    # parser); it never fails, the errors are validation errors.
    assert puny.to_unicode("XN--8I7CAA.com", "url") == "XN--8I7CAA.com"
    assert puny.to_unicode("xn--a.com", "url") == "xn--a.com"
    assert puny.to_ascii("XN--8I7CAA.com", "url") == "xn--8i7caa.com"
    assert [r.output for r in puny.to_unicode_many(["xn--a.com", "xn--bcher-kva.de"], "url")] \
        == ["xn--a.com", "bücher.de"]
    # Ill-formed input (a lone surrogate) stays an error.
    with pytest.raises(puny.InvalidCodePointError):
        puny.to_unicode("a\ud800.com", "url")
    # UTS #46 keeps its best-effort decoding.
    with pytest.raises(puny.DisallowedError) as info:
        puny.to_unicode("XN--8I7CAA.com")
    assert info.value.best_effort == "\ufffd\ufffd\ufffd.com"
    # Step 3: no error, the ToUnicode result.
    assert puny.to_unicode("XN--BCHER-KVA.DE", "url") == "bücher.de"


def test_url_preset_explain_lists_validation_errors():
    # URL Standard "domain parser" steps 1-2: non-fatal validation errors.
    t = puny.explain("\u00fc.A_B.com", preset="url")
    assert t["output"] == "xn--tda.a_b.com"
    assert t["errors"] == []
    assert [(e.code, e.uts46_code, e.offset, e.label) for e in t["validation_errors"]] == [
        ("std3_disallowed", "U1", 3, 1)]
    assert puny.explain("A_B.com")["validation_errors"] == []


def core_vocabulary():
    """The core's presets, aliases, flags and error names (tests/vocabulary)."""
    path = os.environ.get("PUNY_VOCABULARY")
    assert path and os.path.exists(path), \
        "PUNY_VOCABULARY must name the core's vocabulary.json (the puny_vocabulary target)"
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def test_presets_are_the_cores():
    # The package offers the core's registry, under the same names as the
    # CLI, C, JavaScript and SQL.
    vocabulary = core_vocabulary()
    assert list(puny.PRESETS) == [p["name"] for p in vocabulary["presets"]]
    assert puny.presets() == vocabulary["presets"]
    assert puny.PRESET_ALIASES == {a["alias"]: a["name"] for a in vocabulary["aliases"]}
    # Error classes: named by the core's error names; the ones without a
    # class cannot come out of a Python call (caller buffers, bootstring
    # parameters and case flags are not exposed).
    core_errors = {e["name"] for e in vocabulary["errors"] if e["code"] != 0}
    assert set(puny.ERROR_CLASSES) <= core_errors
    assert core_errors - set(puny.ERROR_CLASSES) == {
        "buffer_too_small", "bad_parameters", "case_flags_mismatch"}
    # Every name and alias works, each alias as the preset it names.
    for name in list(puny.PRESETS) + list(puny.PRESET_ALIASES):
        assert puny.to_ascii("bücher.de", name) == "xn--bcher-kva.de", name
    for alias, name in puny.PRESET_ALIASES.items():
        for domain in ("-x.com", "a_b.com", "ab--c.com", "xn--a.com"):
            a = puny.to_ascii_many([domain], alias)[0]
            b = puny.to_ascii_many([domain], name)[0]
            assert (a.output, a.error and a.error.code) == (b.output, b.error and b.error.code)
    # IDNA2008 by name: no mapping, so U+216B fails where UTS #46 maps it.
    assert puny.to_ascii("\u216b.com") == "xii.com"
    with pytest.raises(puny.DisallowedError) as info:
        puny.to_ascii("\u216b.com", "idna2008")
    assert info.value.uts46_code is None
    assert puny.to_unicode("xn--bcher-kva.de", "idna2008-lookup") == "bücher.de"
    assert puny.to_ascii("bücher.de", "idna2008") == puny.idna2008_register("bücher.de")
    with pytest.raises(ValueError, match="unknown preset 'strict'"):
        puny.to_ascii("a.com", "strict")


IDNA_FUNCTIONS = ("to_ascii", "to_unicode", "to_ascii_many", "to_unicode_many")


def test_flags_are_the_cores():
    # The flag keywords of the IDNA functions are the core's option registry
    # (puny/presets.hpp option_flags(), each flag's field name, in its
    # order), as the C API's struct members and the CLI's words are: a flag
    # the core gains must be a keyword here, in the text signatures and in
    # the stubs, or this fails.
    fields = [f["field"] for f in core_vocabulary()["flags"]]
    assert fields and len(set(fields)) == len(fields)
    stub = ast.parse(read_data(os.path.join(os.path.dirname(puny.__file__), "__init__.pyi")))
    stubs = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef)}
    for name in IDNA_FUNCTIONS:
        function = getattr(puny, name)
        keywords = [p.name for p in inspect.signature(function).parameters.values()
                    if p.kind == inspect.Parameter.KEYWORD_ONLY]
        assert keywords == fields, name
        assert [a.arg for a in stubs[name].args.kwonlyargs] == fields, name
        domain = ["a.example"] if name.endswith("_many") else "a.example"
        for field in fields:
            for value in (True, False, None):
                function(domain, **{field: value})  # accepted
            with pytest.raises(TypeError, match=field):
                function(domain, **{field: 1})  # a flag is True, False or None
        with pytest.raises(TypeError, match="no_such_flag"):
            function(domain, no_such_flag=True)
    for field in fields:
        assert puny.explain("a.example", **{field: False})["output"] == "a.example"
    with pytest.raises(TypeError, match="no_such_flag"):
        puny.explain("a.example", no_such_flag=True)


def test_presets_and_flags():
    assert puny.to_ascii("-x-.example", "url") == "-x-.example"
    with pytest.raises(puny.LeadingHyphenError):
        puny.to_ascii("-x-.example", "uts46-strict")
    with pytest.raises(puny.LeadingHyphenError):
        puny.to_ascii("-x-.example", "registration")  # the former name
    assert puny.to_ascii("-x-.example", "uts46-strict", check_hyphens=False) == "-x-.example"
    assert puny.to_ascii("a_b.example") == "a_b.example"
    with pytest.raises(puny.Std3DisallowedError):
        puny.to_ascii("a_b.example", use_std3_ascii_rules=True)
    with pytest.raises(puny.LabelTooLongError):
        puny.to_ascii("a" * 64 + ".com", verify_dns_length=True)
    # Beyond UTS #46: '_' under STD3 rules, and forbidden domain code points.
    with pytest.raises(puny.Std3DisallowedError):
        puny.to_ascii("_dmarc.example.com", "registration")
    assert puny.to_ascii("_dmarc.example.com", "registration",
                         allow_underscore=True) == "_dmarc.example.com"
    # Host-name safety is the default (forbidden domain code points are
    # errors); "uts46-raw" or forbid_domain_code_points=False is plain UTS #46.
    assert puny.to_unicode("bücher de", "uts46-raw") == "bücher de"
    assert puny.to_unicode("bücher de", forbid_domain_code_points=False) == "bücher de"
    with pytest.raises(puny.ForbiddenDomainCodePointError) as info:
        puny.to_unicode("bücher de")
    assert (info.value.offset, info.value.code_point) == (6, ord(" "))
    assert [r.error.code for r in puny.to_ascii_many(["a b"])] == ["forbidden_domain_code_point"]
    assert [r.error for r in puny.to_ascii_many(["a b"], "uts46-raw")] == [None]
    # IgnoreInvalidPunycode keeps a bad xn-- label instead of failing P4.
    with pytest.raises(puny.Error):
        puny.to_ascii("xn--ab!c.example")


# Every IDNA error kind an input can reach: class, UTS #46 code, offset (str
# index), label and code point.
IDNA_ERRORS = [
    # (function, input, options, class, code, uts46, offset, label, code_point)
    ("to_ascii", "é\u2028b.de", {}, puny.DisallowedError, "disallowed", "V7", 1, 0, 0x2028),
    ("to_ascii", "é.a/b", {"use_std3_ascii_rules": True}, puny.Std3DisallowedError,
     "std3_disallowed", "U1", 3, 1, ord("/")),
    ("to_ascii", "xn--example-.com", {}, puny.InvalidAceLabelError, "invalid_ace_label", "P4",
     0, 0, None),
    ("to_ascii", "é.xn--ab!c", {}, puny.InvalidDigitError, "invalid_digit", "P4", 8, 1,
     ord("!")),
    ("to_unicode", "xn--u-ccb", {}, puny.NotNfcError, "not_nfc", "V1", 0, 0, None),
    ("to_ascii", "ab--c.com", {}, puny.Hyphen34Error, "hyphen_3_4", "V2", 0, 0, None),
    ("to_ascii", "é.-b.com", {}, puny.LeadingHyphenError, "leading_hyphen", "V3", 2, 1, None),
    ("to_ascii", "b-.com", {}, puny.TrailingHyphenError, "trailing_hyphen", "V3", 0, 0, None),
    ("to_unicode", "xn--xn--a--gua", {"check_hyphens": False}, puny.AcePrefixError,
     "ace_prefix", "V4", 0, 0, None),
    ("to_unicode", "a.b.xn--c-bcb.d", {}, puny.LeadingCombiningMarkError,
     "leading_combining_mark", "V6", 4, 2, 0x308),
    ("to_ascii", "é\u200c.example", {}, puny.ContextJError, "contextj", "C1", 1, 0, 0x200C),
    ("to_ascii", "é\u200d.example", {}, puny.ContextJError, "contextj", "C2", 1, 0, 0x200D),
    ("to_unicode", "xn--0-sfa.xn--4db", {}, puny.BidiError, "bidi", "B1", 0, 0, None),
    ("to_ascii", "é..b", {"verify_dns_length": True}, puny.EmptyLabelError, "empty_label",
     "A4_2", 2, 1, None),
    ("to_unicode", "é..b", {"verify_dns_length": True}, puny.EmptyLabelError, "empty_label",
     "X4_2", 2, 1, None),
    ("to_ascii", "a" * 64 + ".com", {"verify_dns_length": True}, puny.LabelTooLongError,
     "label_too_long", "A4_2", 0, 0, None),
    ("to_ascii", ".".join(["a"] * 128), {"verify_dns_length": True}, puny.DomainTooLongError,
     "domain_too_long", "A4_1", 0, 0, None),
    ("to_ascii", "ü.a<b", {"preset": "url"}, puny.ForbiddenDomainCodePointError,
     "forbidden_domain_code_point", None, 3, 1, ord("<")),
]


@pytest.mark.parametrize("function, text, options, cls, code, uts46, offset, label, code_point",
                         IDNA_ERRORS)
def test_idna_errors(function, text, options, cls, code, uts46, offset, label, code_point):
    f = getattr(puny, function)
    with pytest.raises(cls) as info:
        f(text, **options)
    e = info.value
    assert isinstance(e, puny.IdnaError) or isinstance(e, puny.PunycodeError)
    assert (e.code, e.uts46_code, e.offset, e.label, e.code_point) == (
        code, uts46, offset, label, code_point)
    if function == "to_unicode":
        assert isinstance(e.best_effort, str)
    else:
        assert e.best_effort is None


def test_every_error_name_has_a_class():
    names = set(puny._puny.error_names())
    # Kinds the Python API cannot produce: a custom Bootstring profile, a
    # case-flag list of the wrong length, the buffer interface.
    unreachable = {"bad_parameters", "case_flags_mismatch", "buffer_too_small"}
    assert set(puny.ERROR_CLASSES) == names - unreachable
    for name, cls in puny.ERROR_CLASSES.items():
        assert issubclass(cls, puny.Error) and cls not in (puny.Error,), name


# ---- IDNA2008 (RFC 5891-5893) ----

IDNA2008_ERRORS = [
    # function, text, options, class, code, offset (str index), label, code point
    ("idna2008_register", "\U0001F4A9.la", {}, puny.DisallowedError, "disallowed", 0, 0, 0x1F4A9),
    ("idna2008_register", "\u216B.com", {}, puny.DisallowedError, "disallowed", 0, 0, 0x216B),
    ("idna2008_lookup", "a.B\u00fccher", {}, puny.DisallowedError, "disallowed", 2, 1, ord("B")),
    ("idna2008_register", "a\u0378", {}, puny.UnassignedError, "unassigned", 1, 0, 0x0378),
    ("idna2008_register", "a\u00B7b", {}, puny.ContextOError, "contexto", 1, 0, 0xB7),
    ("idna2008_register", "XN--BCHER-KVA.de", {}, puny.ALabelNotCanonicalError,
     "a_label_not_canonical", 0, 0, ord("X")),
    ("idna2008_register", "a\u200Cb", {}, puny.ContextJError, "contextj", 1, 0, 0x200C),
    ("idna2008_register", "-\u00fc.com", {}, puny.LeadingHyphenError, "leading_hyphen", 0, 0, None),
    ("idna2008_register", "0a.\u05D0\u05D1", {}, puny.BidiError, "bidi", 0, 0, None),
    ("idna2008_lookup", "xn---9uc", {}, puny.InvalidDigitError, "invalid_digit", 4, 0, ord("-")),
    # Offsets are str indices: U+1F4A9 is one code point (four UTF-8 bytes).
    ("idna2008_register", "\U0001F600x.a\u00B7b", {}, puny.DisallowedError, "disallowed", 0, 0,
     0x1F600),
    ("idna2008_lookup", "\u00fc\u00fc.a\u0378", {}, puny.UnassignedError, "unassigned", 4, 1,
     0x0378),
]


@pytest.mark.parametrize("function, text, options, cls, code, offset, label, code_point",
                         IDNA2008_ERRORS)
def test_idna2008_errors(function, text, options, cls, code, offset, label, code_point):
    with pytest.raises(cls) as info:
        getattr(puny, function)(text, **options)
    e = info.value
    # An A-label that is not Punycode is a PunycodeError, the rest IdnaErrors.
    assert isinstance(e, puny.PunycodeError if code == "invalid_digit" else puny.IdnaError)
    # Not UTS #46 errors: no UTS #46 status code, no best effort.
    assert (e.code, e.uts46_code, e.offset, e.label, e.code_point, e.best_effort) == (
        code, None, offset, label, code_point, None)
    assert e.input == text


def test_idna2008_register_and_lookup():
    assert puny.idna2008_register("b\u00fccher.de") == "xn--bcher-kva.de"
    assert puny.idna2008_lookup("b\u00fccher.de") == "xn--bcher-kva.de"
    assert puny.idna2008_register("xn--bcher-kva.de", output="unicode") == "b\u00fccher.de"
    assert puny.idna2008_register("l\u00B7l") == "xn--ll-0ea"
    # Lookup: CONTEXTO rules not evaluated, leading hyphens and non-LDH
    # ASCII labels left to the DNS (RFC 5891 section 5.4).
    assert puny.idna2008_lookup("a\u00B7b") == "xn--ab-0ea"
    assert puny.idna2008_lookup("-\u00fc.com") == "xn----eha.com"
    assert puny.idna2008_lookup("_dmarc.example.com") == "_dmarc.example.com"
    # UTS #46 maps what IDNA2008 refuses.
    assert puny.to_ascii("\u216B.com") == "xii.com"
    # check_bidi=False.
    assert puny.idna2008_register("0a.\u05D0\u05D1", check_bidi=False) == "0a.xn--4dbc"
    with pytest.raises(ValueError):
        puny.idna2008_register("a", output="utf8")
    with pytest.raises(TypeError):
        puny.idna2008_register(b"a")
    with pytest.raises(TypeError):
        puny.idna2008_register("a", "unicode")  # output is keyword-only
    # A lone surrogate is reported as such, at its index.
    with pytest.raises(puny.InvalidCodePointError) as info:
        puny.idna2008_register("ab\ud800")
    assert (info.value.offset, info.value.code_point) == (2, 0xD800)


def test_to_unicode_best_effort_on_error():
    with pytest.raises(puny.DisallowedError) as info:
        puny.to_unicode("a\u2028b.xn--bcher-kva")
    assert info.value.best_effort == "a\ufffdb.bücher"


# ---- conformance through the binding: every to_ascii success line ----

def unescape(field):
    return re.sub(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}",
                  lambda m: chr(int(m.group(1) or m.group(2), 16)), field)


def test_idna_test_v2_to_ascii_n_through_python():
    checked = 0
    for line in read_data(IDNA_TEST).split("\n"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        cols = [c.strip() for c in line.split(";")]
        source = unescape(cols[0])
        to_unicode = unescape(cols[1]) if cols[1] else source
        to_ascii_n = unescape(cols[3]) if cols[3] else to_unicode
        status_ascii_n = cols[4] if cols[4] else cols[2]
        if status_ascii_n or any(0xD800 <= ord(c) <= 0xDFFF for c in source):
            continue  # error lines: the C++ conformance test compares their codes
        assert puny.to_ascii(source) == to_ascii_n, line
        checked += 1
    assert checked > 500  # 549 lines of Unicode 17.0.0's file convert without error
