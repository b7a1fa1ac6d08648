"""dnspython's IDNA 2008 codecs (dns.name.IDNA_2008*), as its
tests/test_name.py uses them: encoding and decoding through idna.alabel,
ulabel and uts46_remap, and the errors it turns idna's exceptions into
(dns.name.LabelTooLong when e.args[0] == "Label too long", else
IDNAException)."""

import dns.name
import pytest

from conftest import held_idna


def test_dnspython_calls_the_idna_asked_for(idna_in_use):
    assert held_idna("dns.name") is idna_in_use
    assert dns.name.have_idna_2008


def test_from_unicode_idna2008():
    t = "Königsgäßchen"
    with pytest.raises(dns.name.IDNAException):  # capital K: not without UTS #46
        dns.name.from_unicode(t, idna_codec=dns.name.IDNA_2008_Strict)
    assert str(dns.name.from_unicode(t, idna_codec=dns.name.IDNA_2008)) == "xn--knigsgchen-b4a3dun."
    assert str(dns.name.from_unicode(t, idna_codec=dns.name.IDNA_2008_Transitional)) == "xn--knigsgsschen-lcb0w."


def test_from_unicode_idna2008_mixed():
    t = "_sip._tcp.Königsgäßchen"
    for codec in (dns.name.IDNA_2008_Strict, dns.name.IDNA_2008_UTS_46, dns.name.IDNA_2008_Transitional):
        with pytest.raises(dns.name.IDNAException):
            dns.name.from_unicode(t, idna_codec=codec)
    assert str(dns.name.from_unicode(t, idna_codec=dns.name.IDNA_2008_Practical)) == "_sip._tcp.xn--knigsgchen-b4a3dun."


def test_to_unicode_idna2008():
    n = dns.name.from_text("ドメイン.テスト", idna_codec=dns.name.IDNA_2008)
    assert str(n) == "xn--eckwd4c7c.xn--zckzah."
    assert n.to_unicode() == "ドメイン.テスト."
    gross = dns.name.from_text("xn--gro-7ka.com")
    assert gross.to_unicode(idna_codec=dns.name.IDNA_2008) == "groß.com."
    assert gross.to_unicode(True, dns.name.IDNA_2008) == "groß.com"


@pytest.mark.parametrize("label", ["ü" * 60, "a" * 64, "aü" * 30])
@pytest.mark.parametrize("codec", ["IDNA_2008", "IDNA_2008_Strict", "IDNA_2008_Transitional"])
def test_label_too_long(label, codec):
    # Issue 52: dnspython matches idna's message text exactly.
    with pytest.raises(dns.name.LabelTooLong):
        dns.name.from_unicode(label + ".com", idna_codec=getattr(dns.name, codec))


@pytest.mark.parametrize("name", ["-a.com", "a\u200db.com", "\u2488.com", "ab--c.com", "\u05d0a.com"])
def test_invalid_labels_are_idna_exceptions(name):
    with pytest.raises(dns.name.IDNAException) as e:
        dns.name.from_unicode(name, idna_codec=dns.name.IDNA_2008_Strict)
    assert isinstance(e.value.kwargs["idna_exception"], UnicodeError)


def test_strict_decode_refuses_invalid_a_labels():
    codec = dns.name.IDNA2008Codec(strict_decode=True)
    for label in (b"xn--0", b"xn--a-", b"xn--gro-7ka"):
        if label == b"xn--gro-7ka":
            assert codec.decode(label) == "groß"
            continue
        with pytest.raises(dns.name.IDNAException):
            codec.decode(label)
