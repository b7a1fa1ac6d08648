"""The IDNA paths of idna's users, as their own test suites exercise them
(Debian packages the libraries without their tests): dnspython,
email-validator, requests, urllib3 and httpx.  Run with --idna=puny
(puny.idna.install() before any of them is imported: ctest
python.idna_consumer_tests_puny) and with --idna=real (Debian's idna 3.3:
python.idna_consumer_tests_real), so every expectation here is what the
library gives on idna itself, and puny.idna must give the same.
"""

import sys

import pytest


def pytest_addoption(parser):
    parser.addoption("--idna", choices=("puny", "real"), required=True,
                     help="puny: puny.idna installed as idna; real: Debian's idna")


def pytest_configure(config):
    # Before the test modules import the consumers: email_validator and
    # rfc3986 (httpx) bind the idna module when they are imported.
    if config.getoption("--idna") == "puny":
        import puny.idna

        puny.idna.install()


@pytest.fixture(autouse=True)
def idna_in_use(request):
    """Fails a test whose consumer would not run on the idna asked for."""
    import idna

    want = request.config.getoption("--idna")
    assert idna.__name__ == ("puny.idna" if want == "puny" else "idna"), idna.__name__
    if want == "real":
        assert "dist-packages" in idna.__file__, idna.__file__
    return idna


def held_idna(module_name):
    """The idna module a consumer's module holds (what its calls reach)."""
    return sys.modules[module_name].idna
