"""requests' URL preparation (PreparedRequest.prepare_url), as its
tests/test_requests.py runs it: IDN hosts are encoded with
idna.encode(host, uts46=True), and an IDNAError is InvalidURL("URL has an
invalid label.").  A GET through a local server is ctest
python.idna_consumers (run_idna_consumers.py)."""

import pytest
import requests
from requests.exceptions import InvalidURL


@pytest.mark.parametrize("url,expected", [
    ("http://google.com", "http://google.com/"),
    ("http://ジェーピーニック.jp", "http://xn--hckqz9bzb1cyrb.jp/"),
    ("http://xn--n3h.net/", "http://xn--n3h.net/"),
    ("http://straße.de/straße", "http://xn--strae-oqa.de/stra%C3%9Fe"),
    ("http://Königsgäßchen.de/", "http://xn--knigsgchen-b4a3dun.de/"),
])
def test_preparing_url(url, expected):
    r = requests.Request("GET", url=url)
    assert r.prepare().url == expected


@pytest.mark.parametrize("url", ["http://*example.com", "http://.example.com", "http://\u2603.net/",
                                 "http://a\u200db.com/", "http://\u05d0a.com/"])
def test_preparing_bad_url(url):
    r = requests.Request("GET", url=url)
    with pytest.raises(InvalidURL):
        r.prepare()
