"""urllib3 1.26's URL parsing (urllib3.util.url.parse_url), as its
test/test_util.py runs it: a non-ASCII host is encoded with
idna.encode(name.lower(), strict=True, std3_rules=True), and an IDNAError
becomes LocationParseError."""

import pytest
from urllib3.exceptions import LocationParseError
from urllib3.util.url import parse_url


@pytest.mark.parametrize("url,host,expected", [
    ("http://Königsgäßchen.de/straße", "xn--knigsgchen-b4a3dun.de", "http://xn--knigsgchen-b4a3dun.de/stra%C3%9Fe"),
    ("http://bücher.例え.テスト:8080/", "xn--bcher-kva.xn--r8jz45g.xn--zckzah", None),
    ("https://ドメイン.テスト/path", "xn--eckwd4c7c.xn--zckzah", None),
    ("http://BÜCHER.de", "xn--bcher-kva.de", None),
    ("http://xn--bcher-kva.de/", "xn--bcher-kva.de", None),
])
def test_idna_hosts(url, host, expected):
    u = parse_url(url)
    assert u.host == host
    if expected is not None:
        assert u.url == expected


@pytest.mark.parametrize("url", ["http://\u2603.net/", "http://a\u200db.com/", "http://-ü.com/",
                                 "http://ü" + "a" * 63 + ".com/"])
def test_invalid_idna_hosts(url):
    with pytest.raises(LocationParseError):
        parse_url(url)
