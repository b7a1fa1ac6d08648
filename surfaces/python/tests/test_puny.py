"""The installed package and Punycode: the RFC 3492 samples both ways, case
annotation, decode errors with their offsets and code points, argument types.

Run against the installed package (ctest python.package; by hand:
`.venv/bin/python -m pytest surfaces/python/tests`); shared paths and
readers in puny_case.py.
"""
import json
import os

import pytest

import puny

from puny_case import default_unicode_version, PUNYCODE_TESTS, read_data


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
