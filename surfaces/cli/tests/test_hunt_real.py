#!/usr/bin/env python3
"""puny hunt on a real brand list against real benign names (issue 53):
Chromium's top-domain list, tests/hunt/data/chromium_domains.list (source
and licence beside it). Its 489 top-bucket names are the brands, its
4,500 other names the benign input; chromium_benign_labels.tsv says, for
each benign name that matched, whether it is the brand's own site, an
imitation or an unrelated site (a false positive).

Issue 53's target: unrelated matches at most 0.1% of the benign names, at
the alert threshold (score 50 or more; weaker matches are weak evidence,
docs/hunt.md "Weak evidence"). Every own site and imitation is still
reported, at some score."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hunt_case import PUNY, REPO  # noqa: E402

DATA = os.path.join(REPO, "tests", "hunt", "data")
LIST = os.path.join(DATA, "chromium_domains.list")
LABELS = os.path.join(DATA, "chromium_benign_labels.tsv")
ALERT = 50          # the alert threshold (docs/hunt.md)
MAX_RATE = 0.001    # issue 53: false positives <= 0.1%


def read_list():
    brands, benign, after = [], [], False
    with open(LIST, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line == "###END_TOP_BUCKET###":
                after = True
            elif line and not line.startswith("#"):
                (benign if after else brands).append(line)
    return brands, benign


def read_labels():
    out = {}
    with open(LABELS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 4 or fields[2] not in ("own", "imitation", "unrelated") \
                    or not fields[3]:
                raise AssertionError("%s:%d: want name, brand, own|imitation|unrelated, reason"
                                     % (LABELS, n))
            out[fields[0]] = (fields[1], fields[2])
    return out


class HuntRealBenign(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.brands, cls.benign = read_list()
        cls.labels = read_labels()
        cls.tmp = tempfile.TemporaryDirectory()
        brand_file = os.path.join(cls.tmp.name, "brands.txt")
        with open(brand_file, "w", encoding="utf-8") as f:
            f.write("\n".join(cls.brands) + "\n")
        cls.matches = cls.hunt(brand_file, 0)       # every match
        cls.alerts = cls.hunt(brand_file, ALERT)    # puny hunt --min-score 50

    @classmethod
    def hunt(cls, brand_file, min_score):
        """{name: [(brand, rule, score)]} of the benign names that match."""
        proc = subprocess.run([PUNY, "hunt", "--brands", brand_file, "--json",
                               "--min-score", str(min_score)],
                              input=("\n".join(cls.benign) + "\n").encode(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
        if proc.returncode != 0:
            raise AssertionError("puny hunt failed (%d): %s" % (proc.returncode,
                                                                proc.stderr.decode()[-400:]))
        out = {}
        for line in proc.stdout.decode("utf-8").splitlines():
            o = json.loads(line)
            out[o["input"]] = [(m["brand"], m["rule"], m["score"]) for m in o["matches"]]
        return out

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_lists_are_the_committed_ones(self):
        self.assertEqual((len(self.brands), len(self.benign)), (489, 4500))

    def test_every_match_is_labelled(self):
        # A benign name matched that nobody labelled is a new finding to
        # label by hand, not something to count blindly.
        unlabelled = sorted((set(self.matches) | set(self.alerts)) - set(self.labels))
        self.assertEqual(unlabelled, [], "label these in %s" % LABELS)

    def test_unrelated_matches_at_the_alert_threshold(self):
        alerts = sorted(n for n in self.alerts
                        if self.labels.get(n, ("", "unrelated"))[1] == "unrelated")
        rate = len(alerts) / len(self.benign)
        print("\nunrelated at score >= %d: %d of %d = %.3f%% (%s)" %
              (ALERT, len(alerts), len(self.benign), 100 * rate, ", ".join(alerts)))
        self.assertLessEqual(rate, MAX_RATE, "unrelated benign names scoring >= %d: %s"
                             % (ALERT, alerts))

    def test_own_sites_and_imitations_are_still_matched(self):
        kept = [(n, b) for n, (b, cls) in self.labels.items() if cls != "unrelated"]
        lost = sorted(n for n, b in kept
                      if not any(brand == b for brand, _, _ in self.matches.get(n, ())))
        self.assertEqual(lost, [], "own sites or imitations no longer matched to their brand")
        self.assertEqual(len(kept), 162)

    def test_typo_imitations_still_alert(self):
        # The imitations that are typing slips of the brand's name under its
        # own suffix, or of a long label, still score as alerts.
        for name, brand in (("umblr.com", "tumblr.com"), ("xvideos2.com", "xvideos.com"),
                            ("w3school.com.cn", "w3schools.com")):
            self.assertIn(brand, [b for b, _, _ in self.alerts.get(name, ())],
                          (name, self.matches.get(name)))


if __name__ == "__main__":
    unittest.main()
