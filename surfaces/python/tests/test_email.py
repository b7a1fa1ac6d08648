"""puny.email (issue 38): the fields, the errors by name, email-validator's
shape, and a comparison with Debian's python3-email-validator on the
examples of its own documentation (its installed PKG-INFO) and on ours."""

import glob
import re

import pytest

import puny
import puny.email


def test_fields_and_shape():
    v = puny.email.validate("info@B\u00fccher.DE")
    assert (v.normalized, v.email, v.ascii_email) == (
        "info@b\u00fccher.de", "info@b\u00fccher.de", "info@xn--bcher-kva.de")
    assert (v.local_part, v.ascii_local_part, v.domain, v.ascii_domain, v.smtputf8) == (
        "info", "info", "b\u00fccher.de", "xn--bcher-kva.de", False)
    assert v.original == "info@B\u00fccher.DE"
    assert v["email"] == v.normalized  # email-validator 1.x read results as dicts too
    # RFC 6531: a non-ASCII local part needs SMTPUTF8 and has no ASCII form.
    u = puny.email.validate("\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a")
    assert (u.smtputf8, u.ascii_email, u.ascii_local_part) == (True, None, None)
    # RFC 6532 3.1: NFC.
    assert puny.email.validate("e\u0301@example.com").local_part == "\u00e9"


def test_errors_are_the_core_names_with_str_offsets():
    with pytest.raises(puny.LocalPartDotError) as e:
        puny.email.validate("\u00fc..b@example.com")
    assert (e.value.code, e.value.offset, e.value.code_point) == ("local_part_dot", 2, ord("."))
    assert isinstance(e.value, ValueError) and isinstance(e.value, puny.email.EmailNotValidError)
    with pytest.raises(puny.MissingAtError):
        puny.email.validate("example.com")
    with pytest.raises(puny.Smtputf8RequiredError) as e:
        puny.email.validate("ab\u00fc@example.com", allow_smtputf8=False)
    assert e.value.offset == 2
    # A second @ is named in mail words, with str offsets in the address.
    with pytest.raises(puny.ExtraAtSignError) as e:
        puny.email.validate("\u00fcb@b@c.com")
    assert (e.value.offset, e.value.uts46_code) == (4, None)
    with pytest.raises(puny.InvalidCodePointError) as e:
        puny.email.validate("a\ud800@example.com")
    assert (e.value.offset, e.value.code_point) == (1, 0xD800)
    with pytest.raises(TypeError):
        puny.email.validate(b"a@example.com")
    with pytest.raises(ValueError):
        puny.email.validate("a@example.com", check_deliverability=True)
    with pytest.raises(ValueError):
        puny.email.validate("a@example.com", preset="no-such-preset")


def test_options():
    assert puny.email.validate('"j d"@example.com', allow_quoted_local=True).local_part == '"j d"'
    assert puny.email.validate("a@[IPv6:2001:db8::1]", allow_domain_literal=True).domain == \
        "[IPv6:2001:db8::1]"
    assert puny.email.validate("@example.com", allow_empty_local=True).normalized == "@example.com"
    assert puny.email.validate("J <j@x.com>", allow_display_name=True).display_name == "J"
    assert puny.email.validate("a@localhost", globally_deliverable=False).normalized == "a@localhost"
    assert puny.email.validate_email("a@my.test", test_environment=True,
                                     check_deliverability=False).domain == "my.test"
    # The domain policy: default refuses U+2665 (IDNA2008), uts46-strict admits it.
    with pytest.raises(puny.DisallowedError):
        puny.email.validate("a@\u2665.com")
    assert puny.email.validate("a@\u2665.com", preset="uts46-strict").ascii_domain == "xn--g6h.com"
    v = puny.email.validate("\u0430dmin@p\u0430ypal.com", display_profile="chromium", psl=None,
                            check_local_part_security=True)
    assert v.display.startswith("xn--") and v.display_all_shown is False
    assert (v.local_part_safe, v.local_part_rule) == (False, "restriction_level")


# ---- Debian's email-validator, check_deliverability=False ----

# Intended differences (docs/email.md lists each): puny counts the local part
# in UTF-8 octets (RFC 5321 4.5.3.1.1), email-validator 1.3 in characters.
INTENDED = {"\u00fc" * 33 + "@example.com": "octets, not characters"}

OURS = [
    "john.doe@example.com", "user+mailbox/department=shipping@example.com",
    "!#$%&'*+-/=?^_`.{|}~@example.com", "jeff@\u81fa\u7db2\u4e2d\u5fc3.tw",
    "\u6211\u8cb7@\u5c4b\u4f01.\u9999\u6e2f", "\u043c\u0435\u0434\u0432\u0435\u0434\u044c@\u0441-\u0431\u0430\u043b\u0430\u043b\u0430\u0439\u043a\u043e\u0439.\u0440\u0444",
    "Pel\u00e9@example.com", "me@\uff24\uff4f\uff4d\uff41\uff49\uff4e.com", "my@localhost",
    "my@.leadingdot.com", "my@trailingdot.com.", "my@twodots..com", "my..name@example.com",
    ".leading@example.com", "trailing.@example.com", "a@example", "a@example.123",
    "me@xn--0.tld", "me@\u2488wouldbeinvalid.com", "@example.com", "a@", "abc", "a b@example.com",
    "a\u00a0b@example.com", "\u0301a@example.com", "a\u200db@example.com", "me@[127.0.0.1]",
    '"quoted"@example.com', "Name <a@example.com>", "a@a_b.com", "a@-x.com", "a@x-.com",
    "x" * 64 + "@example.com", "x" * 65 + "@example.com", "a@" + "b" * 64 + ".com",
    "\u00fc" * 33 + "@example.com", "a@\u2665.com", "a@xn--ls8h.la", "a@test", "a@my.test",
    "a@x.local", "a@x.onion", "a@x.arpa", "a@x.invalid", "a@example.org", "a@fa\u00df.de",
    "a@\u216b.com", "a@b\u3002com", "a@xn--bcher-kva.de", "a@XN--BCHER-KVA.DE", "a@1.2.3.4",
    "a\tb@example.com", "a@a.b1", "a@\u0661\u0662.com", "a@\u05d0\u05d1.com",
]


def readme_examples():
    """The addresses in email-validator's own documentation, as installed."""
    found = set()
    for path in glob.glob("/usr/lib/python3/dist-packages/email_validator-*/PKG-INFO"):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found |= set(re.findall(r"`([^`\s]*@[^`\s]*)`", text))
        found |= set(re.findall(r'validate_email\("([^"]+)"', text))
    return sorted(found)


def test_same_verdicts_as_debians_email_validator():
    import email_validator as ev  # Debian's python3-email-validator: a missing one fails
    examples = readme_examples()
    assert len(examples) >= 5, "email-validator's PKG-INFO examples were not found"
    compared = 0
    for address in examples + OURS:
        try:
            r = ev.validate_email(address, check_deliverability=False)
            theirs = ("ok", r.email, r.ascii_email)
        except ev.EmailNotValidError:
            theirs = ("error",)
        try:
            v = puny.email.validate(address)
            ours = ("ok", v.normalized, v.ascii_email)
        except puny.Error:
            ours = ("error",)
        if address in INTENDED:
            assert ours != theirs, (address, "no longer differs: update INTENDED and docs")
            continue
        assert ours == theirs, address
        compared += 1
    assert compared == len(examples) + len(OURS) - len(INTENDED)
