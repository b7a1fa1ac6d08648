"""puny.idna raises with idna's own message text (issue 52).

Programs written for idna read its messages: dnspython turns
`e.args[0] == "Label too long"` into dns.name.LabelTooLong, email-validator
reports "too long" when `"Domain too long" in str(e)` and puts str(e) into
its own messages, which its test suite compares whole.  So every puny.idna
exception has the class *and* the args Debian's idna 3.3 gives for the same
call; puny's own description of the failure is its `detail` attribute.
"""

import importlib
import random
import sys

import pytest

import puny.idna as pidna
from test_idna_api import NAMES, PIECES

pytestmark = pytest.mark.filterwarnings("ignore:puny.idna.encode. transitional:DeprecationWarning")


@pytest.fixture(scope="module")
def real():
    """Debian's idna 3.3, imported while puny.idna is not installed."""
    pidna.uninstall()
    for name in [n for n in sys.modules if n == "idna" or n.startswith("idna.")]:
        del sys.modules[name]
    module = importlib.import_module("idna")
    assert module is not pidna and "dist-packages" in module.__file__, module
    return module


def raised(f, *args, **kwargs):
    """(class name, args) of what f raises; ("ok", result) when it returns."""
    try:
        return ("ok", f(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - class and message are the point
        return (type(e).__name__, e.args)


CALLS = [("encode", {}), ("encode", {"uts46": True}), ("encode", {"uts46": True, "std3_rules": True}),
         ("encode", {"strict": True}), ("decode", {}), ("decode", {"uts46": True}), ("alabel", {}),
         ("ulabel", {}), ("check_label", {}), ("uts46_remap", {}), ("uts46_remap", {"std3_rules": False}),
         ("check_bidi", {}), ("check_bidi", {"check_ltr": True})]


def differences(real, names):
    out = []
    for name in names:
        for function, flags in CALLS:
            mine = raised(getattr(pidna, function), name, **flags)
            theirs = raised(getattr(real, function), name, **flags)
            if mine != theirs:
                out.append((function, flags, name, "puny.idna:", mine, "idna:", theirs))
    return out


def test_the_messages_consumers_match(real):
    # dnspython's IDNA_2008 codec: alabel of a label over 63 octets.
    for label in ("a" * 64, "\u00fc" * 60, "a\u00fc" * 40):
        e = raised(pidna.alabel, label)
        assert e == ("IDNAError", ("Label too long",)) == raised(real.alabel, label), label
    # email-validator: encode of a name over 253 octets.
    name = ".".join(["a" * 63] * 3 + ["\u00fc" * 56])  # 3 * 64 + 62 octets as A-labels
    assert raised(pidna.encode, name) == ("IDNAError", ("Domain too long",)) == raised(real.encode, name)
    try:
        pidna.encode(name)
    except pidna.IDNAError as e:
        assert "Domain too long" in str(e)
        assert e.detail == "domain name is longer than 253 bytes (254)", e.detail
    # A bytes label (alabel's Python path) says the same.
    assert raised(pidna.alabel, _Text("a" * 64)) == ("IDNAError", ("Label too long",))


class _Text(str):
    """An object whose encode() gives bytes: alabel's non-str path."""

    def encode(self, *args):  # noqa: D102
        return str(self).encode("ascii")


def test_detail_names_the_rule():
    with pytest.raises(pidna.InvalidCodepointContext) as e:
        pidna.encode("a\u200db")
    assert e.value.args == ("Joiner U+200D not allowed at position 2 in 'a\\u200db'",)
    assert "RFC 5892 appendix A.1/A.2" in e.value.detail
    with pytest.raises(pidna.IDNABidiError) as e:
        pidna.encode("\u05d01\u0661")
    assert e.value.args == ("Can not mix numeral types in a right-to-left label",)
    assert e.value.detail == "label '\u05d01\u0661' breaks rule 4 of the Bidi rule (RFC 5893 section 2)"
    assert pidna.IDNAError("made elsewhere").detail is None


def test_hand_picked_names_give_idnas_messages(real):
    extra = ["\u05d0a", "a\u05d0", "\u05d0\u05d01\u0661", "1\u05d0", "\u05d0\u0300", "\u05d0-", "\u05d0\u05d0\u00b7",
             "\u0378", "a\u0378", "\ufdd0", "xn--a-rc4g", "xn--0.tld", "xn--a-.com", "A\u030a", "\u2488a.com",
             "a\u00a0b", "\u0627\u0661\u06f1", "\u05d0" * 10 + "a", "\u05d0" * 10 + "1\u0661"]
    assert differences(real, NAMES + extra) == []


def test_random_names_give_idnas_messages(real):
    rnd = random.Random(52)
    names = ["".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 8))) for _ in range(3000)]
    found = differences(real, names)
    assert found == [], "%d differences, first: %s" % (len(found), found[:3])


def test_bytes_input_messages(real):
    for value in (b"\xff.com", bytearray(b"a\x80")):
        assert raised(pidna.decode, value) == raised(real.decode, value) == ("IDNAError", ("Invalid ASCII in A-label",))
