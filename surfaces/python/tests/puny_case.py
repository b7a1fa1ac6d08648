"""What the puny package's test files share: where the checkout and ../shared
are, the IdnaTestV2.txt of the Unicode version the package was built with,
the Punycode samples, and a reader that fails when a data file is missing."""
import os
import re

import puny

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(os.path.dirname(CHECKOUT), "shared")
IDNA_TEST = os.path.join(SHARED, "unicode", puny.unicode_version, "idna", "IdnaTestV2.txt")


def default_unicode_version():
    """The PUNY_UNICODE_VERSION default of the top-level CMakeLists.txt."""
    with open(os.path.join(CHECKOUT, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r'set\(PUNY_UNICODE_VERSION "([0-9.]+)"', f.read())
    assert m, "no PUNY_UNICODE_VERSION default in CMakeLists.txt"
    return m.group(1)
PUNYCODE_TESTS = os.path.join(SHARED, "testdata", "punycode_tests.json")


def read_data(path):
    assert os.path.exists(path), "test data missing: %s (../shared beside the checkout)" % path
    with open(path, encoding="utf-8") as f:
        return f.read()
