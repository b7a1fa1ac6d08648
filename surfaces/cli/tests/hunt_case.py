"""What the `puny hunt` test files share (test_hunt_combined.py,
test_hunt_loose.py, test_hunt_triage.py): the binary, a runner, and a test
case with a brand list written once for the class."""

import json
import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))
# Real benign names (the bench workload), for false-positive counts.
BENIGN = os.path.join(REPO, "..", "shared", "bench", "data", "domains-mixed.txt")


def run(args, stdin=b""):
    """puny ARGS with STDIN: (exit status, stdout bytes, stderr text)."""
    proc = subprocess.run([PUNY] + args, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


class BrandListCase(unittest.TestCase):
    """A class's BRANDS written to brands.txt once; hunt_json runs names
    through `puny hunt --json` against it."""

    BRANDS = []

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.brands = os.path.join(cls.tmp.name, "brands.txt")
        with open(cls.brands, "w", encoding="utf-8") as f:
            f.write("\n".join(cls.BRANDS) + "\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def hunt_json(self, names, *extra):
        """One JSON object per name, in input order (exit status 0 asserted)."""
        data = ("\n".join(names) + "\n").encode("utf-8")
        code, out, err = run(["hunt", "--brands", self.brands, "--json"] + list(extra), data)
        self.assertEqual(code, 0, err)
        return [json.loads(l) for l in out.decode("utf-8").splitlines()]
