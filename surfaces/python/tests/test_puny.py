"""Tests of the puny Python package, run against the installed package
(README: `.venv/bin/pip install ./surfaces/python && .venv/bin/python -m pytest surfaces/python/tests`).

Data from ../shared beside the checkout (the IdnaTestV2.txt of the Unicode
version the package was built with, and the Punycode samples); a missing
file fails the test that needs it.
"""
import ast
import copy
import gc
import pickle
import json
import inspect
import os
import re
import subprocess
import sys

import pytest

import puny

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(os.path.dirname(CHECKOUT), "shared")
IDNA_TEST = os.path.join(SHARED, "unicode", puny.unicode_version, "idna", "IdnaTestV2.txt")


def default_unicode_version():
    """The PUNY_UNICODE_VERSION default of the top-level CMakeLists.txt."""
    with open(os.path.join(CHECKOUT, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r'set\(PUNY_UNICODE_VERSION "([0-9.]+)"', f.read())
    assert m, "no PUNY_UNICODE_VERSION default in CMakeLists.txt"
    return m.group(1)
PUNYCODE_TESTS = os.path.join(SHARED, "testdata", "punycode_tests.json")


def read_data(path):
    assert os.path.exists(path), "test data missing: %s (../shared beside the checkout)" % path
    with open(path, encoding="utf-8") as f:
        return f.read()


# ---- the package under test is the installed one ----

def test_installed_package_is_tested():
    # Not surfaces/python/puny from the source tree (which has no extension module).
    assert "site-packages" in puny.__file__, puny.__file__
    assert os.path.dirname(puny._puny.__file__) == os.path.dirname(puny.__file__)
    # pip builds the library with the project's default tables.
    assert puny.unicode_version == default_unicode_version()
    assert puny.__version__ == "0.1.0"


# ---- Punycode ----

def test_punycode_samples_both_ways():
    cases = json.loads(read_data(PUNYCODE_TESTS))
    assert len(cases) >= 10
    for case in cases:
        assert puny.encode(case["decoded"]) == case["encoded"], case["description"]
        assert puny.decode(case["encoded"]) == case["decoded"], case["description"]


def test_mixed_case_annotation():
    assert puny.encode("BÜCHER", mixed_case=True) == "BCHER-kvA"
    assert puny.decode("BCHER-kvA", mixed_case=True) == "BÜCHER"
    assert puny.decode("BCHER-kvA") == "B\u00fcCHER"  # flags ignored, basic keep their case
    # A letter whose case does not round-trip is encoded as it is.
    assert puny.decode(puny.encode("\u0130x", mixed_case=True), mixed_case=True) == "\u0130x"


@pytest.mark.parametrize("text, cls, code, offset, code_point", [
    # A non-ASCII character is named by its code point too (was None).
    ("b\u00fccher-kva", puny.NonBasicBeforeDelimiterError, "non_basic_before_delimiter", 1, 0xFC),
    ("ab!c", puny.InvalidDigitError, "invalid_digit", 2, ord("!")),
    ("abc-kx", puny.TruncatedNumberError, "truncated_number", 6, None),
    ("abc-99999999999999999999", puny.PunycodeOverflowError, "overflow", 21, ord("9")),
    ("a-9z5g", puny.DecodedOutOfRangeError, "decoded_out_of_range", 2, 0xDC00),
    # Offsets are str indices: "é" is one index, two UTF-8 bytes.
    ("\u00e9\u00e9-!", puny.NonBasicBeforeDelimiterError, "non_basic_before_delimiter", 0, 0xE9),
])
def test_decode_errors(text, cls, code, offset, code_point):
    with pytest.raises(cls) as info:
        puny.decode(text)
    e = info.value
    assert isinstance(e, puny.PunycodeError) and isinstance(e, ValueError)
    # uts46_code: the core's, P4 for every Punycode error (as C and the CLI).
    assert (e.code, e.offset, e.code_point, e.label, e.uts46_code) == (
        code, offset, code_point, None, "P4")
    assert e.input == text
    assert code in str(e)


def test_decode_error_offset_counts_code_points():
    # The invalid digit is the 4th character but the 6th UTF-8 byte... after
    # the delimiter only ASCII is valid, so "ü" itself is the invalid digit.
    with pytest.raises(puny.InvalidDigitError) as info:
        puny.decode("abc-\u00fc")
    assert info.value.offset == 4


def test_lone_surrogates_are_invalid_code_points():
    for f in (puny.encode, puny.to_ascii, puny.to_unicode):
        with pytest.raises(puny.InvalidCodePointError) as info:
            f("\u00e9a\ud800b")
        assert info.value.offset == 2 and info.value.code_point == 0xD800, f
    with pytest.raises(puny.InvalidCodePointError) as info:
        puny.encode("ab\udfff", mixed_case=True)
    assert info.value.offset == 2


def test_type_errors():
    with pytest.raises(TypeError):
        puny.to_ascii(b"bytes.example")
    with pytest.raises(TypeError):
        puny.encode(42)
    with pytest.raises(TypeError):
        puny.to_ascii("a.example", check_hyphens="yes")
    with pytest.raises(TypeError):
        puny.to_ascii("a.example", preset=1)
    with pytest.raises(ValueError):
        puny.to_ascii("a.example", "no-such-preset")
    with pytest.raises(TypeError):
        puny.to_ascii("a.example", no_such_flag=True)
    with pytest.raises(TypeError):
        puny.to_ascii("a.example", "uts46", preset="url")
    with pytest.raises(TypeError):
        puny.to_ascii()
    with pytest.raises(TypeError):
        puny.decode("abc", mixed_case=1)
    assert puny.to_ascii("-x-.example", preset="url") == "-x-.example"


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


# ---- bulk ----

def test_many_returns_results_without_raising():
    names = ["Bücher.example", "a\u2028b.example", "ok.example", "-bad-.example"]
    results = puny.to_ascii_many(iter(names))  # any iterable
    assert [r.input for r in results] == names
    assert [r.output for r in results] == ["xn--bcher-kva.example", None, "ok.example", None]
    assert results[0].error is None
    assert isinstance(results[1].error, puny.DisallowedError)
    assert results[1].error.offset == 1
    assert isinstance(results[3].error, puny.LeadingHyphenError)
    # Each result equals what the single-name function does.
    for r in results:
        if r.error is None:
            assert puny.to_ascii(r.input) == r.output
    unicode = puny.to_unicode_many(["xn--bcher-kva.de", "xn--u-ccb"], preset="registration")
    assert unicode[0].output == "bücher.de" and isinstance(unicode[1].error, puny.NotNfcError)
    assert [r.output for r in puny.encode_many(["bücher", "abc"])] == ["bcher-kva", "abc-"]
    decoded = puny.decode_many(["bcher-kva", "ab!c"])
    assert decoded[0].output == "bücher" and decoded[1].error.code == "invalid_digit"
    with pytest.raises(TypeError):
        puny.to_ascii_many(["ok", 3])


def test_result_is_a_tuple_with_named_fields():
    import copy
    import gc
    import pickle
    ok, bad = puny.to_ascii_many(["bücher.de", "a\u2028b"])
    assert isinstance(ok, tuple) and type(ok) is puny.Result and len(ok) == 3
    assert ok == ("bücher.de", "xn--bcher-kva.de", None) and tuple(ok) == ok
    assert (ok.input, ok.output, ok.error) == (ok[0], ok[1], ok[2])
    assert hash(ok) == hash(("bücher.de", "xn--bcher-kva.de", None))
    given, output, error = ok
    assert output == "xn--bcher-kva.de" and error is None
    assert repr(ok) == "puny.Result(input='bücher.de', output='xn--bcher-kva.de', error=None)"
    assert puny.Result.__module__ == "puny" and puny.Result.__match_args__ == ("input", "output", "error")
    match bad:
        case puny.Result(input=i, output=None, error=puny.DisallowedError() as e):
            assert i == "a\u2028b" and e.offset == 1
        case _:
            raise AssertionError(repr(bad))
    for copied in (pickle.loads(pickle.dumps(ok)), copy.copy(ok), copy.deepcopy(ok)):
        assert type(copied) is puny.Result and copied == ok
    assert puny.Result(["a", "b", None]) == ("a", "b", None)
    with pytest.raises(TypeError):
        puny.Result(("a", "b"))
    with pytest.raises(AttributeError):
        ok.output = "x"
    # Results of str and None are left to reference counting; one holding
    # an Error can be in a cycle, and the collector sees it.
    assert not gc.is_tracked(ok) and gc.is_tracked(bad)
    import weakref
    error = weakref.ref(bad.error)
    bad.error.result = bad  # a cycle through the Error
    del bad, e  # (e: bound by the match above)
    gc.collect()
    assert error() is None
    # The bulk call leaves the collector as it found it.
    assert gc.isenabled()
    puny.to_ascii_many(["x.example"] * 10000)
    assert gc.isenabled()
    gc.disable()
    try:
        puny.to_ascii_many(["x.example"] * 10000)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_bulk_calls_never_switch_the_collector_off():
    # The collector is process-wide: a bulk call that disabled it while it
    # ran disabled it for every other thread too.  The iterable runs
    # Python code inside the call (as another thread would) and looks.
    seen = []

    def names():
        for i in range(5000):
            if i % 1000 == 0:
                seen.append(gc.isenabled())
            yield "x%d.example" % i

    for many in (puny.to_ascii_many, puny.to_unicode_many, puny.encode_many, puny.decode_many):
        seen.clear()
        many(names())
        assert seen and all(seen), many.__name__


class _Name(str):
    """A str subclass: its result must still be a plain str."""


def _single(function, item, **kwargs):
    try:
        return function(item, **kwargs), None
    except puny.Error as e:
        return None, (type(e), e.code, e.offset)


def test_many_on_several_threads_answers_as_the_single_calls():
    # Long enough for the bulk forms' threads (32,768 items a thread), with
    # items each pass must hand to the single call: errors, lone
    # surrogates, a str subclass, unchanged names, U+0000.
    awkward = ["a\u2028b.example", "x\udc00y.com", _Name("Sub.Example"), "ok.example",
               "-bad-.example", "b\u00fccher.de", "a\u0000b", "xn--a.com", ""]
    items = [awkward[i // 7 % len(awkward)] if i % 7 == 0 else "n\u00e4me%d.Example" % i
             for i in range(66000)]
    labels = [x.split(".")[0] for x in items]
    aces = [("bcher-kva" if i % 3 else x) for i, x in enumerate(labels)]
    cases = [(puny.to_ascii_many, puny.to_ascii, items, {}),
             (puny.to_ascii_many, puny.to_ascii, items, {"preset": "url"}),
             (puny.to_ascii_many, puny.to_ascii, items, {"preset": "idna2008"}),
             (puny.to_unicode_many, puny.to_unicode, items, {}),
             (puny.encode_many, puny.encode, labels, {}),
             (puny.decode_many, puny.decode, aces, {})]
    for bulk, single, inputs, kwargs in cases:
        results = bulk(iter(inputs), **kwargs)  # a generator is read once
        assert len(results) == len(inputs)
        failures = 0
        for item, r in zip(inputs, results):
            assert isinstance(r, tuple) and isinstance(r, puny.Result)
            given, output, error = r
            assert given is item
            expected, problem = _single(single, item, **kwargs)
            assert output == expected, (bulk.__name__, item)
            assert output is None or type(output) is str
            assert (error and (type(error), error.code, error.offset)) == problem, (bulk.__name__, item)
            failures += problem is not None
        assert failures > 0
    with pytest.raises(TypeError):
        puny.to_ascii_many(["ok"] * 5000 + [3])


def test_many_on_real_world_names():
    domains = read_data(os.path.join(SHARED, "bench", "data", "domains-idn.txt")).split("\n")
    expected = read_data(os.path.join(SHARED, "bench", "data",
                                      "domains-idn.expected.txt")).split("\n")
    domains, expected = domains[:2000], expected[:2000]
    results = puny.to_ascii_many(domains)
    assert [r.output or "" for r in results] == expected


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


# ---- explain ----

def test_explain_to_ascii():
    t = puny.explain("Bücher.Example")
    assert t["output"] == "xn--bcher-kva.example"
    assert [l["ascii"] for l in t["labels"]] == ["xn--bcher-kva", "example"]
    assert t["mappings"][0] == {"offset": 0, "code_point": ord("B"), "status": "mapped",
                                "replacement": "b"}
    assert t["mappings"][1]["offset"] == 7  # "E" of Example: a str index
    bad = puny.explain("a\u2028b.de", preset="registration")
    assert bad["output"] is None
    assert [e.uts46_code for e in bad["errors"]] == ["V7"]
    assert bad["errors"][0].offset == 1


def test_explain_punycode_rfc_sample():
    t = puny.explain("bücher", "encode")
    assert t["output"] == "bcher-kva"
    (step,) = t["steps"]
    assert (step["code_point"], step["delta"], step["bias"]) == (0xFC, 745, 72)
    assert "".join(d["character"] for d in step["digits"]) == "kva"
    d = puny.explain("bcher-kva", "decode")
    assert d["output"] == "bücher" and d["steps"][0]["delta"] == 745
    assert "".join(x["character"] for x in d["steps"][0]["digits"]) == "kva"
    bad = puny.explain("ab!c", "decode")
    assert bad["output"] is None and bad["errors"][0].code == "invalid_digit"
    with pytest.raises(ValueError):
        puny.explain("x", "frobnicate")
    with pytest.raises(TypeError):
        puny.explain("x", "encode", check_hyphens=False)


# ---- the stubs describe the runtime ----

def test_stubs_match_runtime():
    stub_path = os.path.join(os.path.dirname(puny.__file__), "__init__.pyi")
    assert os.path.exists(os.path.join(os.path.dirname(puny.__file__), "py.typed"))
    tree = ast.parse(read_data(stub_path))
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    for name in puny.__all__:
        obj = getattr(puny, name)
        if name in ("Preset", "DisplayProfile"):  # typing aliases
            assert re.search(r"^%s = " % name, read_data(stub_path), re.M), name
        elif isinstance(obj, type):
            assert name in classes, name
        elif callable(obj):
            assert name in functions, name
            stub = functions[name].args
            stub_names = [a.arg for a in stub.posonlyargs + stub.args + stub.kwonlyargs]
            # Python and C++ functions alike (text signatures).
            runtime = [p for p in inspect.signature(obj).parameters
                       if inspect.signature(obj).parameters[p].kind
                       not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)]
            assert stub_names == runtime, (name, stub_names, runtime)


# ---- The documented example ----

def test_documented_python_example():
    doc = read_data(os.path.join(CHECKOUT, "docs", "c-and-python.md"))
    example = read_data(os.path.join(CHECKOUT, "examples", "python_example.py"))
    block = "```python\n" + example + "```"
    assert block in doc, "docs/c-and-python.md must show examples/python_example.py verbatim"
    after = doc[doc.index(block) + len(block):]
    printed = re.search(r"```text\n(.*?)```", after, re.S)
    assert printed, "docs/c-and-python.md must show the example's output in a ```text block after it"
    run = subprocess.run([sys.executable, os.path.join(CHECKOUT, "examples", "python_example.py")],
                         capture_output=True, text=True, check=True)
    assert run.stdout == printed.group(1)


# ---- Display safety ----

APPLE = "\u0430\u0440\u0440\u04cf\u0435.com"  # Cyrillic letters that look like "apple"


def test_display_profiles_and_reasons_come_from_the_library():
    assert puny.display_profiles() == [name for name, _, _ in puny._puny.display_profiles()]
    assert puny.display_profiles()[0] == "chromium"
    assert set(puny.display_profiles()) == {
        "chromium", "firefox-moderate", "firefox-high", "uts39-highly-restrictive",
        "uts39-moderately-restrictive", "ascii-only"}
    assert "whole_script_confusable" in puny.display_reasons()
    assert len(set(puny.display_reasons())) == len(puny.display_reasons())


def test_display_keeps_lookalikes_and_shows_the_rest():
    d = puny.display(APPLE)
    assert d.display == "xn--80ak6aa92e.com"
    assert d.registrable_domain == APPLE
    first = d.labels[0]
    assert (first.a_label, first.u_label, first.show_unicode) == ("xn--80ak6aa92e", APPLE[:5], False)
    f = first.findings[0]
    assert f.reason == "whole_script_confusable"
    assert (f.code_point, f.imitates, f.offset, f.label) == (0x430, ord("a"), 0, 0)
    assert f.step.startswith("chromium/")
    assert d.labels[1].show_unicode and d.labels[1].findings == ()
    assert puny.to_display("xn--bcher-kva.de") == "b\u00fccher.de"
    assert puny.to_display("b\u00fccher.de", "ascii-only") == "xn--bcher-kva.de"
    assert puny.to_display("b\u057ds.com", "firefox-moderate") == "b\u057ds.com"
    assert puny.to_display("b\u057ds.com", "firefox-high") == "xn--bs-red.com"


def test_display_offsets_are_str_indices():
    d = puny.display("www.eb\u0430y.com")
    f = d.labels[1].findings[0]
    assert f.reason == "restriction_level"
    assert f.offset == 6 and f.code_point == 0x430


def test_display_invalid_name_raises_like_to_unicode():
    with pytest.raises(puny.DisallowedError) as e:
        puny.display("xn--a.com")
    with pytest.raises(puny.DisallowedError) as e2:
        puny.to_unicode("xn--a.com")
    assert e.value.offset == e2.value.offset
    with pytest.raises(ValueError):
        puny.display("a.com", "chrome")


def test_display_lists(tmp_path):
    top = tmp_path / "top.list"
    top.write_text("# protected\ngoogle.com\n", encoding="utf-8")
    d = puny.display("www.googl\u00e9.com", top_domains=str(top))
    assert d.display == "www.xn--googl-fsa.com"
    assert d.labels[1].findings[0].similar_to == "google.com"
    assert puny.to_display("www.googl\u00e9.com") == "www.googl\u00e9.com"
    listed = puny.ProtectedDomains.parse("google.com\n")
    assert len(listed) == 1 and listed.lookalike_of("g\u043e\u043egle.com") == "google.com"
    bad = tmp_path / "bad.list"
    bad.write_text("google.com\nnot a domain\n", encoding="utf-8")
    with pytest.raises(puny.ListSyntaxError) as e:
        puny.display("a.com", top_domains=str(bad))
    assert e.value.label == 2 and str(bad) + ":2" in str(e.value)
    with pytest.raises(puny.FileUnreadableError):
        puny.PublicSuffixList.load(str(tmp_path / "missing.dat"))
    psl = puny.PublicSuffixList.load(puny._puny.default_psl_path)
    assert psl.registrable_domain("a.b.example.co.uk") == "example.co.uk"
    assert puny.display("a.b.example.co.uk", psl=psl).registrable_domain == "example.co.uk"
    assert puny.display("a.b.example.co.uk", psl=None).registrable_domain == "co.uk"


def test_skeleton():
    assert puny.skeleton("\u0440\u0430\u0443\u0440\u0430l") == "paypal"
    assert puny.skeleton("m") == "rn"
    with pytest.raises(puny.InvalidCodePointError):
        puny.skeleton("a\ud800")


def test_nul_is_a_code_point():
    # U+0000 is reported as code point 0, not as "none" (None).
    with pytest.raises(puny.InvalidDigitError) as info:
        puny.decode("a\0c")
    assert (info.value.offset, info.value.code_point) == (1, 0)
    assert "(U+0000)" in str(info.value)
    with pytest.raises(puny.ForbiddenDomainCodePointError) as info:
        puny.to_ascii("a\0b.example", forbid_domain_code_points=True)
    assert (info.value.offset, info.value.code_point) == (1, 0)
    with pytest.raises(puny.Hyphen34Error) as info:
        puny.to_ascii("ab--c.com")
    assert info.value.code_point is None


def test_many_survives_another_thread_changing_the_list():
    # The bulk forms release the GIL while they convert: the list they were
    # given may change meanwhile (a copy of its items is what they read).
    import threading
    names = ["b\u00fccher%d.example" % i for i in range(6000)]
    shared = list(names)
    stop = threading.Event()

    def churn():
        while not stop.is_set():
            shared[:] = []
            shared.extend("x%d\u00e9.example" % i for i in range(6000))
            shared[:] = list(names)

    worker = threading.Thread(target=churn)
    worker.start()
    try:
        for _ in range(30):
            results = puny.to_ascii_many(shared)
            for r in results:
                assert r.error is None and r.output == puny.to_ascii(r.input)
    finally:
        stop.set()
        worker.join()


# ---- issue 45: errors cross processes, one rule for arguments, signatures ----

def _convert_in_worker(domain):
    return puny.to_ascii(domain)


def _bulk_in_worker(domains):
    return puny.to_ascii_many(domains)


def test_errors_pickle_and_copy():
    for name, cls in puny.ERROR_CLASSES.items():
        e = cls("message of " + name, name, "V7", 3, 1, 0x2028, "input", "best")
        e.extra = [1, 2]  # any attribute a caller sets comes along
        for c in (pickle.loads(pickle.dumps(e)), copy.copy(e), copy.deepcopy(e)):
            assert type(c) is cls and str(c) == str(e) and c.args == e.args
            assert c.__dict__ == e.__dict__, name
    with pytest.raises(puny.DisallowedError) as info:
        puny.to_ascii("a\u2028b.example")
    c = pickle.loads(pickle.dumps(info.value))
    assert (c.code, c.uts46_code, c.offset, c.label, c.code_point, c.input) == \
        ("disallowed", "V7", 1, 0, 0x2028, "a\u2028b.example")
    with pytest.raises(puny.DisallowedError) as info:
        puny.to_ascii("\u216b.com", "idna2008")
    assert pickle.loads(pickle.dumps(info.value)).uts46_code is None  # set after __init__


def test_errors_cross_a_process_pool():
    import concurrent.futures
    import multiprocessing
    ctx = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing inherited
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        good = list(pool.map(_convert_in_worker, ["b\u00fccher.de", "a.example"]))
        assert good == ["xn--bcher-kva.de", "a.example"]
        with pytest.raises(puny.DisallowedError) as info:
            list(pool.map(_convert_in_worker, ["ok.example", "a\u2028b.example"]))
        assert info.value.offset == 1 and info.value.code_point == 0x2028
        results = pool.submit(_bulk_in_worker, ["ok.example", "a\u2028b", "-x.com"]).result()
    assert [type(r) for r in results] == [puny.Result] * 3
    assert results[0] == ("ok.example", "ok.example", None)
    assert type(results[1].error) is puny.DisallowedError and results[1].error.offset == 1


def test_lone_surrogates_in_punycode_are_invalid_code_points():
    for text, offset in (("\ud800", 0), ("ab\udfff", 2), ("ab\ud800-x", 2)):
        with pytest.raises(puny.InvalidCodePointError) as info:
            puny.decode(text)
        assert (info.value.offset, info.value.code_point) == (offset, ord(text[offset])), text
        r = puny.decode_many([text])[0]
        assert type(r.error) is puny.InvalidCodePointError and r.error.offset == offset


def test_invalid_non_ascii_digit_has_its_code_point():
    # '!' is named (33); so is any other character that is no digit.
    for text, offset in (("ab!c", 2), ("ab\u00fcc", 2), ("a-\U0001F600", 2), ("\u20ac", 0)):
        with pytest.raises(puny.InvalidDigitError) as info:
            puny.decode(text)
        assert (info.value.offset, info.value.code_point) == (offset, ord(text[offset])), text
    with pytest.raises(puny.NonBasicBeforeDelimiterError) as info:
        puny.decode("b\u00fccher-kva")
    assert (info.value.offset, info.value.code_point) == (1, 0xFC)


def test_punycode_errors_have_the_cores_uts46_code():
    # The core's uts46_code decides (P4 for every Punycode error), as the C
    # API's puny_uts46_code and the CLI say.
    for text in ("ab!c", "abc-kx", "abc-99999999999999999999"):
        with pytest.raises(puny.PunycodeError) as info:
            puny.decode(text)
        assert info.value.uts46_code == "P4", text
        assert puny.decode_many([text])[0].error.uts46_code == "P4"
    with pytest.raises(puny.PunycodeError) as info:
        puny.to_ascii("xn--ab!c.com")
    assert info.value.uts46_code == "P4"


def test_list_errors_and_loading(tmp_path):
    # A directory is no list (it loaded as an empty one).
    for cls in (puny.PublicSuffixList, puny.ProtectedDomains):
        with pytest.raises(puny.FileUnreadableError):
            cls.load(str(tmp_path))
    with pytest.raises(puny.FileUnreadableError):
        puny.display("a.b.example.co.uk", psl=str(tmp_path))
    # Offsets are str indices (the line's start), as in every puny error.
    text = "b\u00fccher.de\n\u0440\u043e\u0441\u0441\u0438\u044f.example\nnot a domain\n"
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.ProtectedDomains.parse(text)
    assert info.value.label == 3 and info.value.offset == text.index("not a domain")
    bad = tmp_path / "bad.list"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.ProtectedDomains.load(str(bad))
    assert info.value.offset == text.index("not a domain")
    psl_text = "// \u00e9t\u00e9\nuk\nco.uk\n*.\u00fc\u00fc\na..b\n"
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.PublicSuffixList.parse(psl_text)
    assert info.value.offset == psl_text.index("a..b")
    # ASCII case does not matter; the answer is the span of the name given.
    psl = puny.PublicSuffixList.parse("uk\nco.uk\n")
    assert psl.registrable_domain("www.example.co.uk") == "example.co.uk"
    assert psl.registrable_domain("WWW.EXAMPLE.CO.UK") == "EXAMPLE.CO.UK"
    assert psl.registrable_domain("Www.Example.Co.Uk.") == "Example.Co.Uk"
    assert psl.registrable_domain("CO.UK") == ""


def _public_functions():
    """Every public callable of the package with a valid call: (name, f, args, kwargs)."""
    psl = puny.PublicSuffixList.parse("uk\nco.uk\n")
    top = puny.ProtectedDomains.parse("google.com\n")
    return [
        ("to_ascii", puny.to_ascii, ("a.example",), {}),
        ("to_unicode", puny.to_unicode, ("a.example",), {}),
        ("to_ascii_many", puny.to_ascii_many, (["a.example"],), {}),
        ("to_unicode_many", puny.to_unicode_many, (["a.example"],), {}),
        ("encode", puny.encode, ("abc",), {}),
        ("decode", puny.decode, ("abc-",), {}),
        ("encode_many", puny.encode_many, (["abc"],), {}),
        ("decode_many", puny.decode_many, (["abc-"],), {}),
        ("idna2008_register", puny.idna2008_register, ("a.example",), {}),
        ("idna2008_lookup", puny.idna2008_lookup, ("a.example",), {}),
        ("explain", puny.explain, ("a.example",), {}),
        ("display", puny.display, ("a.example",), {"psl": None}),
        ("to_display", puny.to_display, ("a.example",), {"psl": None}),
        ("skeleton", puny.skeleton, ("abc",), {}),
        ("presets", puny.presets, (), {}),
        ("display_profiles", puny.display_profiles, (), {}),
        ("display_reasons", puny.display_reasons, (), {}),
        ("PublicSuffixList.parse", puny.PublicSuffixList.parse, ("uk\n",), {}),
        ("PublicSuffixList.registrable_domain", psl.registrable_domain, ("a.co.uk",), {}),
        ("ProtectedDomains.parse", puny.ProtectedDomains.parse, ("google.com\n",), {}),
        ("ProtectedDomains.lookalike_of", top.lookalike_of, ("g00gle.com",), {}),
    ]


def test_one_rule_for_every_argument():
    # Flags: True, False, or None (the preset's or function's default);
    # anything else (1, 0, "yes") is a TypeError, in every function.
    # Text (names, presets, profiles, list text): str only, never bytes.
    checked = set()
    for name, f, args, kwargs in _public_functions():
        f(*args, **kwargs)  # the valid call works
        params = inspect.signature(f).parameters
        flags = [p for p in params if p in ("mixed_case", "check_bidi") or
                 (p.startswith(("check_", "use_", "transitional", "verify", "ignore", "allow",
                                "forbid")))]
        for flag in flags:
            for good in (True, False, None):
                f(*args, **dict(kwargs, **{flag: good}))
            for wrong in (1, 0, "yes", 1.0):
                with pytest.raises(TypeError):
                    f(*args, **dict(kwargs, **{flag: wrong}))
            checked.add(name)
        for text in ("preset", "profile", "output", "source"):
            if text in params:
                with pytest.raises(TypeError):
                    f(*args, **dict(kwargs, **{text: text.encode()}))
                checked.add(name)
        if args and isinstance(args[0], str):
            with pytest.raises(TypeError):
                f(args[0].encode(), *args[1:], **kwargs)
            checked.add(name)
    assert {"to_ascii", "to_ascii_many", "encode", "encode_many", "decode_many", "idna2008_register",
            "display", "PublicSuffixList.registrable_domain"} <= checked
    # None keeps the default: RFC 5891's Bidi check stays on.
    with pytest.raises(puny.BidiError):
        puny.idna2008_register("0a.\u05D0\u05D1", check_bidi=None)
    with pytest.raises(puny.BidiError):
        puny.idna2008_register("0a.\u05D0\u05D1")
    assert puny.idna2008_register("0a.\u05D0\u05D1", check_bidi=False) == "0a.xn--4dbc"
    # Preset names ignore ASCII case, as in the CLI, C and SQL.
    assert puny.to_ascii("\u216b.com", "UTS46-Strict") == "xii.com"
    with pytest.raises(puny.DisallowedError):
        puny.to_ascii("\u216b.com", "IDNA2008")
    assert puny.to_ascii_many(["-x.com"], "Registration")[0].error.code == "leading_hyphen"


def test_every_function_has_a_signature():
    stub_path = os.path.join(os.path.dirname(puny.__file__), "__init__.pyi")
    tree = ast.parse(read_data(stub_path))
    stubs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for f in cls.body:
            if isinstance(f, ast.FunctionDef):
                stubs[cls.name + "." + f.name] = f
    for name, f, _, _ in _public_functions():
        sig = inspect.signature(f)  # raised ValueError for every C++ function
        stub = stubs[name].args
        names = [a.arg for a in stub.posonlyargs + stub.args + stub.kwonlyargs]
        if names and names[0] == "self":
            names = names[1:]  # bound: the signature has no self
        runtime = [p for p, v in sig.parameters.items()
                   if v.kind not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)]
        assert runtime == names, (name, runtime, names)


def test_preset_and_display_profile_types_are_real():
    import typing
    assert typing.get_args(puny.Preset) == tuple(puny.PRESETS) + tuple(puny.PRESET_ALIASES)
    assert typing.get_args(puny.DisplayProfile) == tuple(puny.display_profiles())
    assert "Preset" in puny.__all__ and "DisplayProfile" in puny.__all__


# ---- issue 44: limits and offsets on long input ----

def test_explain_punycode_trace_limit():
    """A Punycode trace covers at most 1024 code points (encode) or bytes
    (decode), the core's punycode::max_traced_length; beyond, the core's
    input_too_long at offset 1024 and no steps, as in the CLI and JS."""
    at_limit = puny.explain("\u00fc" * 1024, operation="encode")
    assert at_limit["errors"] == [] and len(at_limit["steps"]) == 1024
    for text, operation in (("\u00fc" * 1025, "encode"), ("a" * 1025, "decode")):
        t = puny.explain(text, operation=operation)
        assert [(e.code, e.offset) for e in t["errors"]] == [("input_too_long", 1024)]
        assert t["steps"] == [] and t["output"] is None


def test_many_labels_offsets_are_character_indexes():
    """Offsets of a long trace and decision are str indexes (one forward
    cursor in the binding, where each used to count from the start)."""
    s = "\u00fc." * 3000 + "A"
    t = puny.explain(s)
    assert len(t["labels"]) == 3001
    assert t["mappings"][-1]["offset"] == 6000
    d = puny.display("\u00fc." * 3000 + "com", psl=None)
    assert [l.offset for l in d.labels[:3]] == [0, 2, 4]
    assert d.labels[-1].offset == 6000


def test_display_and_explain_per_label_results_are_not_tracked():
    """Issue 44: a long name's per-label results are nothing the cyclic
    collector (left on) walks: a LabelVerdict and a Finding are not
    collectible objects, a label's findings a tuple (`()` when empty), an
    explain label a dict of strs, bools, None and a tuple of its errors.
    Tracked, they made every full pass walk them all again: display and
    explain took more than twice the time for twice the labels."""
    assert gc.isenabled()
    name = "a." * 20000 + "\u0430\u0440\u0440\u04cf\u0435.com"
    gc.collect()
    collections = sum(g["collections"] for g in gc.get_stats())
    d = puny.display(name, psl=None)
    # No collectible object per label, so fewer than the 700 allocations
    # (gc.get_threshold()) that start a collection.
    assert sum(g["collections"] for g in gc.get_stats()) == collections
    assert not any(gc.is_tracked(l) for l in d.labels)
    assert not any(gc.is_tracked(l.findings) for l in d.labels[:20000])
    assert len(d.labels) == 20002 and d.labels[0].findings == ()
    spoof = d.labels[20000]
    assert spoof.findings[0].reason == "whole_script_confusable"
    assert not gc.is_tracked(spoof.findings[0])
    gc.collect()  # a tuple of Findings is untracked by the first pass it survives
    assert not gc.is_tracked(spoof.findings)
    t = puny.explain("A." * 20000 + "a\u2028b")
    assert not any(gc.is_tracked(l) for l in t["labels"][:20000])
    assert len(t["labels"]) == 20001 and t["labels"][0]["errors"] == ()
    assert not any(gc.is_tracked(m) for m in t["mappings"])
    bad = t["labels"][20000]["errors"]
    assert type(bad) is tuple and [e.uts46_code for e in bad] == ["V7"]
    assert bad[0].offset == 40001 and gc.is_tracked(t["labels"][20000])


def test_label_verdict_and_finding_are_named_tuples():
    import weakref
    top = puny.ProtectedDomains.parse("google.com\n")
    d = puny.display("www.googl\u00e9.com", top_domains=top, psl=None)
    verdict = d.labels[1]
    (finding,) = verdict.findings
    assert type(verdict) is puny.LabelVerdict and type(finding) is puny.Finding
    assert isinstance(verdict, tuple) and len(verdict) == 5 and len(finding) == 8
    assert puny.LabelVerdict._fields == ("a_label", "u_label", "show_unicode", "offset", "findings")
    assert puny.Finding._fields == ("reason", "message", "offset", "label", "code_point", "step",
                                    "similar_to", "imitates")
    assert verdict == ("xn--googl-fsa", "googl\u00e9", False, 4, (finding,))
    assert (verdict.a_label, verdict.offset, verdict.findings) == (verdict[0], verdict[3], verdict[4])
    a_label, u_label, shown, offset, findings = verdict
    assert findings == (finding,) and shown is False
    assert (finding.reason, finding.similar_to, finding.offset, finding.label) == (
        "top_domain_lookalike", "google.com", 4, 1)
    assert finding._asdict()["similar_to"] == "google.com"
    assert list(verdict._asdict()) == list(puny.LabelVerdict._fields)
    assert verdict._replace(show_unicode=True) == (a_label, u_label, True, offset, findings)
    assert puny.LabelVerdict._make(list(verdict)) == verdict
    assert puny.LabelVerdict(*verdict) == verdict == puny.LabelVerdict(**verdict._asdict())
    assert puny.Finding(**finding._asdict()) == finding and hash(puny.Finding(*finding)) == hash(finding)
    assert repr(verdict).startswith("puny.LabelVerdict(a_label='xn--googl-fsa', u_label='googl\u00e9', "
                                    "show_unicode=False, offset=4, findings=(puny.Finding(reason=")
    assert puny.LabelVerdict.__module__ == "puny" and puny.LabelVerdict.__match_args__ == puny.LabelVerdict._fields
    assert str(inspect.signature(puny.Finding)).startswith("(reason, message, offset, label,")
    match verdict:
        case puny.LabelVerdict(a_label="xn--googl-fsa", findings=(puny.Finding(reason=why),)):
            assert why == "top_domain_lookalike"
        case _:
            raise AssertionError(repr(verdict))
    for copied in (pickle.loads(pickle.dumps(d)), copy.copy(d), copy.deepcopy(d)):
        assert copied == d and type(copied.labels[1]) is puny.LabelVerdict
        assert type(copied.labels[1].findings[0]) is puny.Finding
        assert not gc.is_tracked(copied.labels[1]) and not gc.is_tracked(copied.labels[1].findings[0])
    assert json.loads(json.dumps(verdict))[4][0][0] == "top_domain_lookalike"
    # Pickles of earlier versions name the classes in puny._display_types.
    from puny import _display_types
    assert (_display_types.Finding, _display_types.LabelVerdict) == (puny.Finding, puny.LabelVerdict)
    with pytest.raises(AttributeError):
        verdict.findings = ()
    with pytest.raises(TypeError):
        puny.LabelVerdict("a", "a", True, 0)  # findings missing
    with pytest.raises(TypeError):
        puny.LabelVerdict("a", "a", True, 0, (), a_label="b")
    with pytest.raises(TypeError):
        puny.Finding(*finding, None)
    with pytest.raises(ValueError):
        verdict._replace(no_such_field=1)
    # One made by hand from other objects is collectible, and a cycle
    # through it is collected.
    own = puny.LabelVerdict("a", "a", True, 0, [])
    assert gc.is_tracked(own) and not gc.is_tracked(puny.LabelVerdict("a", "a", True, 0, ()))

    class Marker:
        pass

    marker = Marker()
    gone = weakref.ref(marker)
    own.findings.extend([own, marker])
    del own, marker
    gc.collect()
    assert gone() is None

