"""puny.idna: the API of the `idna` package (kjd/idna 3.x), checked against
Debian's python3-idna (3.3) itself where the Unicode versions agree, and
against the RFCs' own examples (docs/python-idna.md)."""

import codecs
import importlib
import os
import sys

import pytest

import puny
import puny.idna as pidna

# encode(transitional=True) warns (as idna 3.12+ does; test_transitional_warns_as_idna_3_12).
pytestmark = pytest.mark.filterwarnings("ignore:puny.idna.encode. transitional:DeprecationWarning")


@pytest.fixture(scope="module")
def real():
    """Debian's idna 3.3, imported while puny.idna is not installed."""
    pidna.uninstall()
    for name in [n for n in sys.modules if n == "idna" or n.startswith("idna.")]:
        del sys.modules[name]
    module = importlib.import_module("idna")
    assert module is not pidna and "dist-packages" in module.__file__
    return module


def outcome(f, *args, **kwargs):
    """(result) or (exception class name): what a caller can observe."""
    try:
        return ("ok", f(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the class is the point
        return ("raises", type(e).__name__)


# Names and labels whose code points mean the same in Unicode 14 (idna 3.3)
# and 18 (puny): the two must agree on result or exception class.
NAMES = [
    "example.com", "Example.COM", "bücher.de", "Bücher.de", "ドメイン.テスト", "xn--eckwd4c7c.xn--zckzah",
    "XN--ECKWD4C7C.xn--zckzah", "xn--bcher-kva.de.", "a..b", "", ".", "a.", "-a.com", "a-.com", "ab--c.com",
    "xn--.com", "xn--a-.com", "xn--zz.com", "*.com", "a b.com", "a_b.com", "\u05d0\u05d1.com", "\u05d0a.com",
    "\u0627\u0661\u06f1.com", "a\u200db", "\u094d\u200d", "l\u00b7l", "a\u00b7l", "\u30fb", "\u30a1\u30fb",
    "\u0375\u03b1", "\u0375a", "\u05d0\u05f3", "a\u05f3", "\u0300a", "e\u0301", "\u00e9", "\u2488.com",
    "\u00df.de", "\u03c2.gr", "a" * 63, "a" * 64, ".".join(["a" * 63] * 4), ".".join(["a" * 63] * 3 + ["a" * 61]),
    "xn--" + "a" * 60, "\uff21.com", "a\u3002b", "a\uff0eb", "\ud800.com", "a\u0000b", "\U0001f4a9.la",
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("flags", [{}, {"uts46": True}, {"uts46": True, "std3_rules": True},
                                   {"strict": True}, {"uts46": True, "transitional": True}])
def test_encode_agrees_with_idna(real, name, flags):
    assert outcome(pidna.encode, name, **flags) == outcome(real.encode, name, **flags)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("flags", [{}, {"uts46": True}, {"strict": True}])
def test_decode_agrees_with_idna(real, name, flags):
    assert outcome(pidna.decode, name, **flags) == outcome(real.decode, name, **flags)


@pytest.mark.parametrize("name", NAMES)
def test_labels_and_checks_agree_with_idna(real, name):
    for f in ("alabel", "ulabel", "check_label", "check_nfc", "uts46_remap"):
        assert outcome(getattr(pidna, f), name) == outcome(getattr(real, f), name), f
    for f in ("check_hyphen_ok", "check_initial_combiner", "check_bidi"):
        assert outcome(getattr(pidna, f), name) == outcome(getattr(real, f), name), f
    assert outcome(pidna.check_bidi, name, check_ltr=True) == outcome(real.check_bidi, name, check_ltr=True)
    for pos in range(len(name)):
        assert pidna.valid_contextj(name, pos) == real.valid_contextj(name, pos), (name, pos)
        assert pidna.valid_contexto(name, pos) == real.valid_contexto(name, pos), (name, pos)


def test_a_label_of_a_surrogate(real):
    # Python's punycode codec decodes "a-rc4g" to "a\ud800" and "-a" (a
    # hyphen with nothing before it) to "\x80"; idna refuses those code
    # points (InvalidCodepoint), not the Punycode.
    for name in ("xn--a-rc4g", b"xn--a-rc4g", "xn--a-rc4g.com", "xn---a", "xn---Ax"):
        assert outcome(pidna.decode, name) == outcome(real.decode, name) == ("raises", "InvalidCodepoint")
        assert outcome(pidna.encode, name) == outcome(real.encode, name)
    assert outcome(pidna.decode, "xn---zckzah") == outcome(real.decode, "xn---zckzah") == ("ok", "\u30c6\u30b9\u30c8")


@pytest.mark.parametrize("value", [b"xn--bcher-kva.de", bytearray(b"xn--bcher-kva.de"), b"b\xfccher.de"])
def test_bytes_input(real, value):
    assert outcome(pidna.decode, value) == outcome(real.decode, value)
    assert outcome(pidna.ulabel, value.split(b".")[0]) == outcome(real.ulabel, value.split(b".")[0])


def test_transitional_warns_as_idna_3_12():
    import warnings

    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert pidna.encode("fa\u00df.de", uts46=True, transitional=True) == b"fass.de"  # UTS #46 deviation
        assert pidna.encode("fa\u00df.de", uts46=True) == b"xn--fa-hia.de"
    assert len(w) == 1 and issubclass(w[0].category, DeprecationWarning) and "transitional" in str(w[0].message)
    assert w[0].filename == __file__  # attributed to the caller, as idna's stacklevel=2 does


def test_exception_classes():
    assert issubclass(pidna.IDNAError, UnicodeError)
    for cls in (pidna.IDNABidiError, pidna.InvalidCodepoint, pidna.InvalidCodepointContext):
        assert issubclass(cls, pidna.IDNAError)
    assert pidna.core.IDNAError is pidna.IDNAError


def test_rfc_examples():
    # RFC 3492 section 7.1 (L) and RFC 5893's Bidi rule (RFC 5893 section 2, rule 1).
    assert pidna.encode("\u3072\u3068\u3064\u5c4b\u6839\u306e\u4e0b2") == b"xn--2-u9tlzr9756bt3uc0v"
    assert pidna.decode("xn--2-u9tlzr9756bt3uc0v") == "\u3072\u3068\u3064\u5c4b\u6839\u306e\u4e0b2"
    with pytest.raises(pidna.IDNABidiError):
        pidna.check_bidi("\u0660")
    with pytest.raises(pidna.InvalidCodepointContext):
        pidna.encode("a\u200db.com")  # RFC 5892 A.2: ZWJ only after a virama
    with pytest.raises(pidna.InvalidCodepoint):
        pidna.encode("\u2665.com")  # DISALLOWED (RFC 5892: symbols)


def test_wrong_types_raise_like_idna(real):
    for value in (None, 12, 1.5, ["a"]):
        assert outcome(pidna.encode, value)[0] == "raises"
        assert outcome(pidna.decode, value)[0] == "raises"
    assert outcome(pidna.decode, b"\xff") == outcome(real.decode, b"\xff") == ("raises", "IDNAError")
    assert outcome(pidna.encode, b"\xff") == ("raises", "IDNAError")  # idna >= 3.7; 3.3 raised UnicodeDecodeError
    assert outcome(pidna.valid_contextj, "ab", 5) == ("raises", "IndexError")
    for value in (None, 12, b"abc", bytearray(b"xn--zckzah"), memoryview(b"abc"), ["a"]):
        for f in ("alabel", "ulabel"):  # idna calls value.encode(): AttributeError
            assert outcome(getattr(pidna, f), value) == outcome(getattr(real, f), value), (f, value)
    # The checks take a str; other types are a TypeError (idna's answers for
    # them are accidents of duck typing: check_hyphen_ok(b"-a") is True).
    for f in ("check_nfc", "check_hyphen_ok", "check_initial_combiner", "check_bidi", "uts46_remap"):
        assert outcome(getattr(pidna, f), b"-a") == ("raises", "TypeError")


def test_huge_input_is_linear_and_safe():
    name = ".".join(["b\u00fccher"] * 50000)
    with pytest.raises(pidna.IDNAError):
        pidna.encode(name)  # too long as a domain name, found after every label is checked
    assert pidna.decode(name).count(".") == 49999
    with pytest.raises(pidna.IDNAError):
        pidna.ulabel("xn--" + "a" * 100000 + "-")


def test_install_makes_import_idna_ours():
    saved = {n: m for n, m in sys.modules.items() if n == "idna" or n.startswith("idna.")}
    try:
        pidna.install()
        assert pidna.installed()
        import idna
        import idna.codec
        import idna.core
        assert idna is pidna and idna.core is pidna.core and idna.codec is pidna.codec
        assert codecs.lookup("idna2008").incrementalencoder is pidna.codec.IncrementalEncoder
        assert "bücher.de".encode("idna2008") == b"xn--bcher-kva.de"
        assert b"xn--bcher-kva.de".decode("idna2008") == "bücher.de"
        assert b"".join(codecs.iterencode(["b\u00fc", "cher.d", "e."], "idna2008")) == b"xn--bcher-kva.de."
        pidna.uninstall()
        assert not pidna.installed()
        assert sys.modules.get("idna") is saved.get("idna")
    finally:
        pidna.uninstall()
        sys.modules.update(saved)


def test_compat():
    import puny.idna.compat as compat

    assert compat.ToASCII("\u30c6\u30b9\u30c8.xn--zckzah") == b"xn--zckzah.xn--zckzah"
    assert compat.ToUnicode(b"xn--zckzah") == "\u30c6\u30b9\u30c8"
    with pytest.raises(NotImplementedError):
        compat.nameprep("a")


def test_uts46_codec():
    assert "Bücher.example".encode("uts46") == b"xn--bcher-kva.example"
    assert b"xn--bcher-kva.example".decode("uts46") == "bücher.example"
    with pytest.raises(UnicodeEncodeError) as e:
        "ab\u200dc.de".encode("uts46")
    assert (e.value.start, e.value.end) == (2, 3)
    with pytest.raises(UnicodeDecodeError):
        b"\xff.de".decode("uts46")
    # One conversion however long the name (the stdlib codec is quadratic).
    long_name = ".".join(["label"] * 200000)
    assert long_name.encode("uts46") == long_name.encode("ascii")
    assert "".join(codecs.iterdecode([b"xn--bch", b"er-kva.", b"de"], "uts46")) == "bücher.de"


BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))), "shared", "bench", "data")


@pytest.mark.parametrize("file_name,function", [("domains-mixed.txt", "encode"), ("domains-idn.txt", "encode"),
                                                ("domains-idn.txt", "decode"), ("domains-idn.ascii.txt", "decode"),
                                                ("domains-idn.ascii.txt", "encode")])
def test_bench_workloads_agree_with_idna(real, file_name, function):
    # Real host names (../shared/bench/data): the fast paths for ASCII input
    # and the general path must give idna's result or exception class for
    # every one (all of them were checked, 0 differences; the first 4,000 of
    # each file keep this test fast).
    path = os.path.join(BENCH, file_name)
    assert os.path.exists(path), "test data missing: %s (../shared beside the checkout)" % path
    with open(path, encoding="utf-8") as f:
        names = [line for line in f.read().split("\n") if line][:4000]
    for flags in ({}, {"uts46": True}, {"uts46": True, "std3_rules": True}):
        mine, theirs = getattr(pidna, function), getattr(real, function)
        differ = [n for n in names if outcome(mine, n, **flags) != outcome(theirs, n, **flags)]
        assert differ == [], (flags, differ[:5])


# Pieces of names that exercise every rule: dots of all four kinds, joiners
# after a virama or letters, marks, RTL letters and digits, the CONTEXTO code
# points with and without their context, deviations, mapped and disallowed
# code points, a lone surrogate, xn-- prefixes.  Code points whose status
# changed between Unicode 14 and 18 (docs/python-idna.md) are left out.
PIECES = list("abcxyzAZ09-._ ") + [
    "xn--", "XN--", "\u3002", "\uff0e", "\uff61", "\u200c", "\u200d", "\u094d", "\u0301", "\u0300", "\u00e9",
    "e\u0301", "\u05d0", "\u05d1", "\u0627", "\u0660", "\u06f0", "\u0661", "\u00b7", "l", "\u0375", "\u03b1",
    "\u05f3", "\u30fb", "\u30a1", "\u00df", "\u03c2", "\u2488", "\uff21", "\u00a0", "\u2665", "\ud800", "\u0644",
    "\u0628", "!", "\u00ad", "-", "--", "bcher-kva", "zckzah", "\u0130", "\u0345", "\u2163", "\u3000",
    "\U0001f4a9", "\u0008"]


def test_random_names_agree_with_idna(real):
    import random

    rnd = random.Random(37)
    calls = [("encode", {}), ("encode", {"uts46": True}), ("encode", {"uts46": True, "std3_rules": True}),
             ("encode", {"uts46": True, "transitional": True}), ("encode", {"strict": True}), ("decode", {}),
             ("decode", {"uts46": True}), ("alabel", {}), ("ulabel", {}), ("check_label", {}),
             ("uts46_remap", {}), ("check_bidi", {"check_ltr": True})]
    differ = []
    for _ in range(3000):
        name = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 8)))
        for function, flags in calls:
            mine = outcome(getattr(pidna, function), name, **flags)
            if mine != outcome(getattr(real, function), name, **flags):
                differ.append((function, flags, name, mine))
    assert differ == [], differ[:5]
