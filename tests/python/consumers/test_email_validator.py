"""email-validator 1.x's domain checks, as its tests/test_main.py runs
them: valid internationalized addresses and the exact messages of invalid
ones, which hold idna's message text (str(e) of the IDNAError) and test
"Domain too long" in it (issue 52)."""

import email_validator
import pytest
from email_validator import EmailNotValidError, validate_email

from conftest import held_idna


def test_email_validator_calls_the_idna_asked_for(idna_in_use):
    assert held_idna("email_validator") is idna_in_use


@pytest.mark.parametrize("address,ascii_email,domain", [
    ("jeff@臺網中心.tw", "jeff@xn--fiqq24b10vi0d.tw", "臺網中心.tw"),
    ("jeff@xn--fiqq24b10vi0d.tw", "jeff@xn--fiqq24b10vi0d.tw", "臺網中心.tw"),
    ("info@Bücher.example", "info@xn--bcher-kva.example", "bücher.example"),
    ("me@ＥＸＡＭＰＬＥ.com", "me@example.com", "example.com"),
    ("me@example。com", "me@example.com", "example.com"),
])
def test_valid_international_domains(address, ascii_email, domain):
    v = validate_email(address, check_deliverability=False)
    assert (v.ascii_email, v.domain) == (ascii_email, domain)


LONG = ".".join(["a" * 63] * 3 + ["a" * 58]) + ".com"  # 254 octets
LONG_IDN = ".".join(["a" * 63] * 3 + ["ü" * 56])    # 254 octets as A-labels


@pytest.mark.parametrize("address,message", [
    ("me@⒈wouldbeinvalid.com",
     "The domain name ⒈wouldbeinvalid.com contains invalid characters "
     "(Codepoint U+2488 not allowed at position 1 in '⒈wouldbeinvalid.com')."),
    ("my@baddash.-.com",
     "The domain name baddash.-.com contains invalid characters (Label must not start or end with a hyphen)."),
    ("my@baddash.-a.com",
     "The domain name baddash.-a.com contains invalid characters (Label must not start or end with a hyphen)."),
    ("my@baddash.b-.com",
     "The domain name baddash.b-.com contains invalid characters (Label must not start or end with a hyphen)."),
    ("my@example.com\n",
     "The domain name example.com\n contains invalid characters (Codepoint U+000A at position 4 of 'com\\n' not allowed)."),
    ("my@example\n.com",
     "The domain name example\n.com contains invalid characters "
     "(Codepoint U+000A at position 8 of 'example\\n' not allowed)."),
    ("me@xn--0.tld", "The domain name xn--0.tld contains invalid characters (Invalid A-label)."),
    ("me@ab--c.tld",
     "The domain name ab--c.tld contains invalid characters (Label has disallowed hyphens in 3rd and 4th position)."),
    ("me@a\u200db.tld",
     "The domain name a\u200db.tld contains invalid characters (Joiner U+200D not allowed at position 2 in 'a\\u200db')."),
    ("me@" + LONG, "The email address is too long after the @-sign."),
    ("me@" + LONG_IDN, "The email address is too long after the @-sign."),
])
def test_invalid_domains_and_their_messages(address, message):
    with pytest.raises(EmailNotValidError) as e:
        validate_email(address, check_deliverability=False)
    assert str(e.value) == message


def test_module_holds_idna_error_class(idna_in_use):
    assert email_validator.idna.IDNAError is idna_in_use.IDNAError
