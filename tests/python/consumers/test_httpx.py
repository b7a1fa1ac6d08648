"""httpx 0.23's URL model (httpx.URL over rfc3986), as its tests/models
/test_url.py runs it: raw_host holds the A-labels (rfc3986 encodes each
non-ASCII label with idna.encode(label.lower(), strict=True,
std3_rules=True)), host decodes an xn-- host with idna.decode, and an
IDNAError becomes httpx.InvalidURL."""

import httpx
import pytest

from conftest import held_idna


def test_httpx_calls_the_idna_asked_for(idna_in_use):
    assert held_idna("rfc3986.iri") is idna_in_use
    assert held_idna("httpx._urls") is idna_in_use


@pytest.mark.parametrize("url,raw_host,host", [
    ("http://中国.icom.museum", b"xn--fiqs8s.icom.museum", "中国.icom.museum"),
    ("http://xn--fiqs8s.icom.museum", b"xn--fiqs8s.icom.museum", "中国.icom.museum"),
    ("https://www.Bücher.de/", b"www.xn--bcher-kva.de", "www.xn--bcher-kva.de"),  # host decodes only an xn-- start
    ("http://www.EXAMPLE.org", b"www.example.org", "www.example.org"),
])
def test_idna_url(url, raw_host, host):
    u = httpx.URL(url)
    assert u.raw_host == raw_host
    assert u.host == host


@pytest.mark.parametrize("url", ["http://\u2603.com/", "http://a\u200db.com/", "http://ü" + "a" * 63 + ".com/"])
def test_invalid_idna_url(url):
    with pytest.raises(httpx.InvalidURL):
        httpx.URL(url)
