"""puny.email.ValidatedEmail reads as email-validator's result (issue 52):
1.x's dict keys ("domain" is the ASCII form there, "domain_i18n" the
Unicode one), its attributes and bytes input, compared with Debian's
python3-email-validator (1.3.0) on the same addresses; and 2.x's attribute
names (original, normalized, display_name; email and original_email kept
as the older names)."""

import importlib

import pytest

import puny.email

ADDRESSES = [
    "info@B\u00fccher.DE", "jeff@\u81fa\u7db2\u4e2d\u5fc3.tw", "jeff@xn--fiqq24b10vi0d.tw",
    "\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a", "e\u0301@example.com", "Abc.Def@Example.COM",
    "user+tag@sub.example.org", "me@\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25.com", "me@example\u3002com",
]

KEYS_1X = ["email", "email_ascii", "local", "domain", "domain_i18n", "smtputf8", "mx", "mx-fallback"]
ATTRIBUTES_1X = ["original_email", "email", "local_part", "domain", "ascii_email", "ascii_local_part",
                 "ascii_domain", "smtputf8", "mx", "mx_fallback_type"]
ATTRIBUTES_2X = ["original", "normalized", "email", "original_email", "local_part", "domain", "ascii_email",
                 "ascii_local_part", "ascii_domain", "smtputf8", "mx", "mx_fallback_type", "display_name"]


@pytest.fixture(scope="module")
def ev():
    module = importlib.import_module("email_validator")
    assert "dist-packages" in module.__file__, module.__file__
    return module


def both(ev, address):
    theirs = ev.validate_email(address, check_deliverability=False)
    mine = puny.email.validate_email(address, check_deliverability=False)
    return mine, theirs


@pytest.mark.parametrize("address", ADDRESSES)
def test_dict_keys_of_1x(ev, address):
    mine, theirs = both(ev, address)
    assert [mine[k] for k in KEYS_1X] == [theirs[k] for k in KEYS_1X]
    for key in ("original", "normalized", "local_part", "ascii_domain", "display_name", 0, None):
        with pytest.raises(KeyError):
            theirs[key]
        with pytest.raises(KeyError):
            mine[key]


@pytest.mark.parametrize("address", ADDRESSES)
def test_attributes_of_1x(ev, address):
    mine, theirs = both(ev, address)
    assert {a: getattr(mine, a) for a in ATTRIBUTES_1X} == {a: getattr(theirs, a) for a in ATTRIBUTES_1X}


def test_attributes_of_2x():
    v = puny.email.validate_email("Info@B\u00fccher.de", check_deliverability=False)
    assert {a: getattr(v, a) for a in ATTRIBUTES_2X} == {
        "original": "Info@B\u00fccher.de", "normalized": "Info@b\u00fccher.de", "email": "Info@b\u00fccher.de",
        "original_email": "Info@B\u00fccher.de", "local_part": "Info", "domain": "b\u00fccher.de",
        "ascii_email": "Info@xn--bcher-kva.de", "ascii_local_part": "Info", "ascii_domain": "xn--bcher-kva.de",
        "smtputf8": False, "mx": None, "mx_fallback_type": None, "display_name": ""}


def test_bytes_input(ev):
    for address in (b"info@xn--bcher-kva.de", bytearray(b"Abc@Example.COM")):
        mine, theirs = both(ev, address)
        assert [mine[k] for k in KEYS_1X] == [theirs[k] for k in KEYS_1X]
        assert mine.original_email == theirs.original_email == bytes(address).decode("ascii")
    with pytest.raises(ev.EmailSyntaxError):
        ev.validate_email("info@b\u00fccher.de".encode("utf-8"), check_deliverability=False)
    with pytest.raises(puny.InvalidCodePointError) as e:
        puny.email.validate_email("info@b\u00fccher.de".encode("utf-8"), check_deliverability=False)
    assert (e.value.offset, e.value.code_point) == (6, 0xC3)
    with pytest.raises(TypeError):
        puny.email.validate_email(None, check_deliverability=False)
    with pytest.raises(TypeError):  # puny's own validate takes a str, as every puny function
        puny.email.validate(b"info@example.com")
