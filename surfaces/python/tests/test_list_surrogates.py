"""A lone surrogate given to a list function (brand lists, the Public
Suffix List, protected domains, a list's source name) raises the package's
InvalidCodePointError at the surrogate's index in the str it is in, as every
conversion does (issue 52: UnicodeDecodeError or RuntimeError "Unable to
cast Python instance" before)."""

import pytest

import puny
import puny.hunt


def refused_at(call, offset, code_point, given):
    with pytest.raises(puny.InvalidCodePointError) as e:
        call()
    error = e.value
    assert (error.code, error.offset, error.code_point, error.input) == (
        "invalid_code_point", offset, code_point, given), (error.code, error.offset, error.code_point, error.input)
    assert isinstance(error, ValueError) and not isinstance(error, UnicodeError)
    return error


@pytest.mark.parametrize("brand,offset", [("a\ud800.com", 1), ("\udfffpaypal.com", 0), ("paypal.co\udc00", 9)])
def test_brand_index_of_names(brand, offset):
    refused_at(lambda: puny.hunt.BrandIndex([brand], psl=None), offset, ord(brand[offset]), brand)
    refused_at(lambda: puny.hunt.BrandIndex(["paypal.com"], keywords=[brand], psl=None), offset,
               ord(brand[offset]), brand)
    refused_at(lambda: puny.hunt.BrandIndex(["paypal.com"], allow=[brand], psl=None), offset,
               ord(brand[offset]), brand)


def test_brand_index_parse():
    text = "paypal.com\nb\ud800.com keywords=wallet\n"
    refused_at(lambda: puny.hunt.BrandIndex.parse(text, psl=None), 12, 0xD800, text)
    refused_at(lambda: puny.hunt.BrandIndex.parse("paypal.com\n", source="brands\udc80.txt", psl=None), 6, 0xDC80,
               "brands\udc80.txt")


def test_public_suffix_list():
    psl = puny.PublicSuffixList.parse("com\nco.uk\n")
    refused_at(lambda: psl.registrable_domain("a\ud800.com"), 1, 0xD800, "a\ud800.com")
    refused_at(lambda: psl.registrable_domain("www.example.co.uk\udbff"), 17, 0xDBFF, "www.example.co.uk\udbff")
    assert psl.registrable_domain("www.b\u00fccher.com") == "b\u00fccher.com"
    refused_at(lambda: puny.PublicSuffixList.parse("com\nc\ud800.uk\n"), 5, 0xD800, "com\nc\ud800.uk\n")
    refused_at(lambda: puny.PublicSuffixList.parse("com\n", "list\ud800"), 4, 0xD800, "list\ud800")


def test_protected_domains():
    domains = puny.ProtectedDomains.parse("paypal.com\n")
    refused_at(lambda: domains.lookalike_of("paypa\ud800.com"), 5, 0xD800, "paypa\ud800.com")
    assert domains.lookalike_of("p\u0430ypal.com") == "paypal.com"
    refused_at(lambda: puny.ProtectedDomains.parse("paypal.com\n\ud800\n"), 11, 0xD800, "paypal.com\n\ud800\n")
