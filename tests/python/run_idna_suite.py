#!/usr/bin/env python3
"""ctest python.idna_suite: idna 3.10's own test suite with `import idna`
resolved to puny.idna (puny.idna.install()).

    run_idna_suite.py TESTS_DIR EXPECTED_FAILURES

TESTS_DIR is tests/ of Debian's python-idna_3.10.orig.tar.xz, which
scripts/install-deps.sh downloads and unpacks outside the repository; each
file is checked against the sha256 below, so a missing or different suite is
a failure, never a skip.  The suite must fail exactly the tests listed in
EXPECTED_FAILURES (with the reason for each, docs/python-idna.md): one more
failure, or a listed test that passes, fails this test.
"""

import hashlib
import os
import sys
import unittest

SUITE_SHA256 = {
    "IdnaTestV2.txt": "c6f3778b0545fd150c8063286c7f5adc901e16557eddccc3751213646d07593d",
    "__init__.py": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "test_idna.py": "4c00a7db81542aa861da481ad312667d551f4f4089b5a6a509c0aa35c2be175f",
    "test_idna_codec.py": "61c45aaf82b8cf44676c9086a57cd83912f5bc57447e732c91fe920f71f5b445",
    "test_idna_compat.py": "165e7cf2c6133e9ad1c81c64df1e407d88728cf89d44f7e22db8bd0b98b0517d",
    "test_idna_other.py": "c7ad487b7d260fd4ae69d5a6079ca1d33209267a3780f18f539830c61ad56ae3",
    "test_idna_uts46.py": "dd4ca545fcf57a4445402c1d94a133e80d3354bfef89325360a2088c2c3cadb2",
    "test_intranges.py": "0504b96daa3f9bd9805effe7ffa685c31f07b8efd2bc863ca4c02592ed502f57",
}


def main():
    tests_dir, expected_file = sys.argv[1], sys.argv[2]
    for name, digest in sorted(SUITE_SHA256.items()):
        path = os.path.join(tests_dir, name)
        if not os.path.isfile(path):
            sys.exit("idna 3.10's test suite is missing (%s): run scripts/install-deps.sh" % path)
        with open(path, "rb") as f:
            if hashlib.sha256(f.read()).hexdigest() != digest:
                sys.exit("%s is not idna 3.10's file (sha256 differs)" % path)
    expected = set()
    with open(expected_file, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                expected.add(line.split()[0])

    import puny.idna
    puny.idna.install()
    import idna
    import idna.codec
    import idna.compat
    assert idna is puny.idna and idna.core is puny.idna.core, "import idna did not give puny.idna"
    print("idna resolves to %s (%s)" % (idna.__name__, idna.__file__))

    top = os.path.dirname(os.path.abspath(tests_dir))
    sys.path.insert(0, top)
    suite = unittest.defaultTestLoader.discover(os.path.abspath(tests_dir), top_level_dir=top)
    result = unittest.TestResult()
    suite.run(result)
    failed = {test.id(): trace for test, trace in result.failures + result.errors}
    unexpected = sorted(set(failed) - expected)
    fixed = sorted(expected - set(failed))
    for test_id in unexpected:
        print("UNEXPECTED FAILURE %s\n%s" % (test_id, failed[test_id]))
    for test_id in fixed:
        print("EXPECTED TO FAIL BUT PASSED %s" % test_id)
    if result.skipped:
        print("skipped: %d (%s)" % (len(result.skipped), result.skipped[0][1]))
    ok = not unexpected and not fixed and not result.skipped and result.testsRun > 6000
    print("idna 3.3 suite: %d tests run, %d failed (%d expected, listed in %s), %d skipped"
          % (result.testsRun, len(failed), len(expected), os.path.basename(expected_file),
             len(result.skipped)))
    print("%d passed, %d failed" % (result.testsRun - len(unexpected) - len(fixed) - len(expected & set(failed)),
                                    len(unexpected) + len(fixed)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
