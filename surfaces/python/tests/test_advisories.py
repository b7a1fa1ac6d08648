"""The advisories of the libraries puny replaces, through the Python surface
(issue 57): Python's idna (CVE-2024-3651, CVE-2026-45409) through puny.idna,
its codec and puny's own conversions; the ASCII-only Punycode labels of Go's
x/net/idna (CVE-2026-39821) and Rust's idna (RUSTSEC-2024-0421); libidn2's
CVE-2019-12290 and GNU libidn's CVE-2016-6261.  The same payloads, and the
C++ API's answers, are in tests/hostile/incumbent_advisories_test.cpp; their
time (linear) is measured by tests/scaling/adversarial.py, not here."""

import pytest

import puny
import puny.idna as pidna
import puny.idna.codec  # noqa: F401 (registers "idna2008")

BEH, ZWNJ = "\u0628", "\u200c"


def error_of(f, *args, **kwargs):
    with pytest.raises(puny.Error) as e:
        f(*args, **kwargs)
    return type(e.value).__name__, e.value.code, e.value.offset


IDNA2008 = [
    ("to_ascii idna2008", lambda s: puny.to_ascii(s, "idna2008")),
    ("to_unicode idna2008", lambda s: puny.to_unicode(s, "idna2008")),
    ("idna2008_register", puny.idna2008_register),
    ("idna2008_lookup", puny.idna2008_lookup),
]
PIDNA = [
    ("idna.encode", pidna.encode),
    ("idna.encode uts46", lambda s: pidna.encode(s, uts46=True)),
    ("idna.decode", pidna.decode),
    ("codec idna2008", lambda s: s.encode("idna2008")),
]


# Python idna CVE-2024-3651: BEH (ZWNJ a) x n BEH; the first ZWNJ's context
# fails (RFC 5892 A.1: 'a' is not a joining letter).
@pytest.mark.parametrize("n", [1, 1000, 100000])
def test_cve_2024_3651_zwnj_between_non_joining_letters(n):
    s = BEH + (ZWNJ + "a") * n + BEH
    for name, f in IDNA2008:
        assert error_of(f, s) == ("ContextJError", "contextj", 1), name
    for name, f in PIDNA[:3]:
        with pytest.raises(pidna.InvalidCodepointContext, match="^Joiner U\\+200C not allowed at position 2 "):
            f(s)
    with pytest.raises(pidna.InvalidCodepointContext):
        pidna.check_label(s)
    with pytest.raises(UnicodeError):
        s.encode("idna2008")


def test_cve_2024_3651_zwnj_after_a_latin_run():
    s = "a" * 1000 + ZWNJ  # kjd/idna#175
    for name, f in IDNA2008 + [("to_ascii", puny.to_ascii), ("to_unicode", puny.to_unicode)]:
        assert error_of(f, s) == ("ContextJError", "contextj", 1000), name
    with pytest.raises(pidna.InvalidCodepointContext, match="position 1001 "):
        pidna.encode(s)


# Python idna CVE-2026-45409: "\u0660" * n and "\u30fb" * n + "\u6f22".
@pytest.mark.parametrize("n", [32000, 128000])
def test_cve_2026_45409_long_contexto_labels(n):
    for s in ("\u0660" * n, "\u30fb" * n + "\u6f22"):
        for name, f in IDNA2008:
            assert error_of(f, s) == ("LabelTooLongError", "label_too_long", 0), name
        for name, f in PIDNA:
            if name == "idna.decode" and s[0] == "\u30fb":
                continue  # idna's decode does not check a U-label's length
            with pytest.raises(UnicodeError):
                f(s)
    # UTS #46 has no CONTEXTO rules: a label of AN only is Bidi rule 1.
    assert error_of(puny.to_ascii, "\u0660" * n) == ("BidiError", "bidi", 0)


def test_cve_2026_45409_short_contexto_labels():
    s = "\u30fb" * 3 + "\u6f22"
    assert pidna.encode(s) == b"xn--vekaa8574d"
    assert s.encode("idna2008") == b"xn--vekaa8574d"
    assert puny.idna2008_register(s) == "xn--vekaa8574d"
    # Registration evaluates A.7: no Han, Hiragana or Katakana, no dot.
    assert error_of(puny.idna2008_register, "a" + "\u30fb" * 3) == ("ContextOError", "contexto", 1)
    with pytest.raises(pidna.InvalidCodepointContext):
        pidna.encode("a\u30fb")
    # A.8 / A.9: the two kinds of Arabic-Indic digits never mix in a label.
    with pytest.raises(pidna.InvalidCodepointContext):
        pidna.check_label(BEH + "\u0660\u06f0")
    assert error_of(puny.idna2008_register, BEH + "\u0660\u06f0") == ("ContextOError", "contexto", 1)


# Go x/net/idna CVE-2026-39821, Rust idna RUSTSEC-2024-0421: xn-- labels
# that decode to ASCII only, or to nothing.
@pytest.mark.parametrize("s, offset", [("xn--example-.com", 0), ("www.xn--example-.com", 4), ("xn--ascii-", 0),
                                       ("a.xn--a-.b", 2), ("xn--.example", 0)])
def test_ascii_only_ace_labels(s, offset):
    for name, f in IDNA2008 + [("to_ascii", puny.to_ascii), ("to_unicode", puny.to_unicode),
                               ("to_ascii uts46-strict", lambda s: puny.to_ascii(s, "uts46-strict"))]:
        assert error_of(f, s) == ("InvalidAceLabelError", "invalid_ace_label", offset), name
    for name, f in PIDNA + [("codec uts46", lambda s: s.encode("uts46"))]:
        with pytest.raises(UnicodeError):
            f(s)
    with pytest.raises(UnicodeError):
        s.encode("ascii").decode("uts46")


# libidn2 CVE-2019-12290: an A-label whose decoding is not a valid U-label
# (here not NFC: "u" + U+0308) does not name a domain.
def test_libidn2_cve_2019_12290_a_labels_that_do_not_round_trip():
    for name, f in IDNA2008 + [("to_ascii", puny.to_ascii), ("to_unicode", puny.to_unicode)]:
        assert error_of(f, "xn--u-ccb.com") == ("NotNfcError", "not_nfc", 0), name
    for name, f in PIDNA:
        with pytest.raises(pidna.IDNAError if name != "codec idna2008" else UnicodeError, match="Normalization"):
            f("xn--u-ccb.com")


# GNU libidn CVE-2016-6261: 64 bytes of input; the label limit is an
# answer at the label.
def test_libidn_cve_2016_6261_labels_of_63_and_64():
    assert puny.idna2008_register("a" * 63 + ".com") == "a" * 63 + ".com"
    assert pidna.encode("a" * 63 + ".com") == b"a" * 63 + b".com"
    for name, f in IDNA2008 + [("to_ascii uts46-strict", lambda s: puny.to_ascii(s, "uts46-strict"))]:
        assert error_of(f, "a" * 64 + ".com") == ("LabelTooLongError", "label_too_long", 0), name
    # idna's own message text (consumers match it); puny's words in .detail
    with pytest.raises(pidna.IDNAError, match="^Label too long$") as raised:
        pidna.encode("a" * 64 + ".com")
    assert "longer than 63" in raised.value.detail
