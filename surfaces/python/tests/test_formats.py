"""puny.formats (issue 38): the JSON Schema format checkers for hostname,
idn-hostname, email and idn-email, registered in Debian's python3-jsonschema
FormatChecker and run over the JSON-Schema-Test-Suite files for those four
formats that Debian's json-schema-test-suite package ships (draft 7: the
newest draft that package has; a missing file fails)."""

import glob
import json
import os

import jsonschema
import pytest

import puny.formats

SUITE = "/usr/share/json-schema-test-suite/tests"
FORMATS = ["hostname", "idn-hostname", "email", "idn-email"]


def test_json_schema_test_suite_through_jsonschema():
    checker = puny.formats.format_checker()
    ran = 0
    for name in FORMATS:
        path = os.path.join(SUITE, "draft7", "optional", "format", name + ".json")
        assert os.path.exists(path), path + " missing (apt-get install json-schema-test-suite)"
        with open(path, encoding="utf-8") as f:
            groups = json.load(f)
        for group in groups:
            validator = jsonschema.Draft7Validator(group["schema"], format_checker=checker)
            for case in group["tests"]:
                assert validator.is_valid(case["data"]) == case["valid"], (name, case)
                ran += 1
    assert ran >= 13


def test_the_rfc_forms():
    f = puny.formats
    # RFC 5321 4.1.2 Mailbox: quoted local parts and address literals are addresses.
    assert f.email('"joe bloggs"@example.com') and f.email("a@[IPv6:2001:db8::1]")
    assert f.email("te~st@example.com") and f.email("a@localhost")
    assert not f.email("\u00fc@example.com") and not f.email("a..b@example.com")
    assert not f.email("2962") and not f.email("a@b\u00fccher.de")
    # RFC 6531: UTF-8 in both parts.
    assert f.idn_email("\uc2e4\ub840@\uc2e4\ub840.\ud14c\uc2a4\ud2b8")
    assert not f.idn_email("a@\u2665.com")  # IDNA2008: a symbol is DISALLOWED
    assert f.hostname("xn--bcher-kva.de") and not f.hostname("b\u00fccher.de")
    assert not f.hostname("xn--a.com") and not f.hostname("-a.com") and not f.hostname("a_b.com")
    assert f.idn_hostname("b\u00fccher.de") and not f.idn_hostname("\u302e\uc2e4\ub840.com")
    # The same rules as JavaScript's puny/formats (surfaces/js/test/formats.test.mjs).
    assert not f.hostname("xn--n3h.com")  # U+2603 is DISALLOWED in IDNA2008
    assert f.idn_hostname("a\u3002b") and not f.idn_hostname("a\u3002")  # RFC 3490 3.1 dots
    assert f.idn_email("user@cafe\u0301.com")  # the domain mapped (NFC) before the look-up
    assert not f.idn_email("user\uff20example.com")
    # Non-strings are valid for a format check.
    assert all(check(12) for check in f.CHECKERS.values())
    # Registered by name, beside jsonschema's own formats.
    checker = f.format_checker()
    for name in FORMATS:
        assert name in checker.checkers
    assert "ipv4" in checker.checkers


def test_format_checker_of_named_formats_without_fqdn():
    # Debian's python3-jsonschema lacks the fqdn package, so jsonschema has no
    # "hostname" checker of its own and FormatChecker(["hostname"]) raised KeyError.
    import importlib.util

    assert importlib.util.find_spec("fqdn") is None, "this test is about jsonschema without fqdn"
    checker = puny.formats.format_checker(["hostname", "idn-email", "date"])
    assert sorted(checker.checkers) == ["date", "hostname", "idn-email"]
    assert checker.conforms("xn--bcher-kva.de", "hostname") and not checker.conforms("b\u00fccher.de", "hostname")
    assert checker.conforms("2024-02-29", "date") and not checker.conforms("2023-02-29", "date")
    with pytest.raises(KeyError):
        puny.formats.format_checker(["no-such-format"])
