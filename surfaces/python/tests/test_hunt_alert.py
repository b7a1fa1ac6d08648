"""puny.hunt's default minimum score (issue 53): the core's alert threshold
(puny.hunt.ALERT_SCORE, "hunt_alert_score" of the core's vocabulary,
PUNY_VOCABULARY), so that weak evidence (paypal.net, a tld_swap of
paypal.com scoring 35) is left out by default and kept at min_score=0, on
every way of building an index.
"""

import inspect
import json
import os

import pytest

import puny.hunt


def core_alert_score():
    path = os.environ.get("PUNY_VOCABULARY")
    assert path and os.path.exists(path), "PUNY_VOCABULARY must name the core's vocabulary.json"
    with open(path, encoding="utf-8") as f:
        core = json.load(f)
    assert "hunt_alert_score" in core, "the core's vocabulary has no hunt_alert_score"
    return core["hunt_alert_score"]


def test_the_default_is_the_cores_alert_threshold():
    assert puny.hunt.ALERT_SCORE == core_alert_score()
    assert "ALERT_SCORE" in puny.hunt.__all__
    parameter = inspect.signature(puny.hunt.BrandIndex).parameters["min_score"]
    assert parameter.default == puny.hunt.ALERT_SCORE


def rules_and_scores(index, name):
    return [(m.rule, m.score) for m in index.matches(name).matches]


@pytest.mark.parametrize("make", [
    lambda **o: puny.hunt.BrandIndex(["paypal.com"], psl=None, **o),
    lambda **o: puny.hunt.BrandIndex.parse("paypal.com\n", psl=None, **o),
], ids=["BrandIndex", "parse"])
def test_weak_evidence_only_at_min_score_0(make):
    everything = make(min_score=0)
    assert rules_and_scores(everything, "paypal.net") == [("tld_swap", 35)]
    assert 35 < puny.hunt.ALERT_SCORE
    default = make()
    assert rules_and_scores(default, "paypal.net") == []
    assert default.matches_many(["paypal.net"])[0].matches == ()
    # An alert stays.
    assert "homoglyph" in [r for r, _ in rules_and_scores(default, "paypa1.com")]
    assert rules_and_scores(make(min_score=puny.hunt.ALERT_SCORE), "paypal.net") == []


def test_load_takes_the_same_default(tmp_path):
    path = tmp_path / "brands.txt"
    path.write_text("paypal.com\n", encoding="utf-8")
    assert rules_and_scores(puny.hunt.BrandIndex.load(str(path), psl=None), "paypal.net") == []
    assert rules_and_scores(puny.hunt.BrandIndex.load(str(path), psl=None, min_score=0),
                            "paypal.net") == [("tld_swap", 35)]
