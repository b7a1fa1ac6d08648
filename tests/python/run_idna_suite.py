#!/usr/bin/env python3
"""ctest python.idna_suite: idna 3.3's own test suite with `import idna`
resolved to puny.idna (puny.idna.install()).

    run_idna_suite.py TESTS_DIR EXPECTED_FAILURES

TESTS_DIR is tests/ of Debian's python-idna_3.3.orig.tar.gz, which
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
    "test_idna.py": "e9d516fdd0c79419d354e5ed92b714e05389654c34f23b6392524e7e22d08a68",
    "test_idna_codec.py": "8f9c343600a5b8b97d7c404d40e5b8a233f8a4153c5d05b822a77608678d44a2",
    "test_idna_compat.py": "db2c5e06e637fe58dbeae39d4c4361596f89af156663948a442d94d2d77dc136",
    "test_idna_other.py": "a1a5f662992263b51b31a701bc4c2917dc6c1eb95e9fe1565a72f21e3b2443f1",
    "test_idna_uts46.py": "3ff27087dbb5a1175838a99b11d2d157c19e1654dd37b0959a984e61df7cc4b4",
    "test_intranges.py": "a38d21c06c7cbdb09bde3484b9e76506bb4ba50eb3cb671514b0f5c7f5110547",
}


def main():
    tests_dir, expected_file = sys.argv[1], sys.argv[2]
    for name, digest in sorted(SUITE_SHA256.items()):
        path = os.path.join(tests_dir, name)
        if not os.path.isfile(path):
            sys.exit("idna 3.3's test suite is missing (%s): run scripts/install-deps.sh" % path)
        with open(path, "rb") as f:
            if hashlib.sha256(f.read()).hexdigest() != digest:
                sys.exit("%s is not idna 3.3's file (sha256 differs)" % path)
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
