"""puny.hunt's triage view (issue 53, "Triage output" for every surface):
Match.via and Match.reason, Report.score and Report.brands, all from the
C++ core (puny::hunt::reason, puny::hunt::by_brand), as `puny hunt --json`
gives them: the reasons, the top score and the entries per brand are held
to the CLI's on the same names.

PUNY_BIN names the CLI (ctest python.package sets it; default build/cli/puny
of the checkout).
"""

import gc
import json
import os
import pickle
import subprocess

import pytest

import puny.hunt

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY_BIN = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))

HOMOGLYPH = "Same skeleton as the brand's label with ASCII lookalikes only (rn/m, 0/o, 1/l, vv/w)"
COMBO = "The brand's label joined to a keyword or to a word by a hyphen"

BRAND_FILE = "paypal.com keywords=wallet allow=paypal.me\ngoogle.com\nmicrosoft.com\namazon.com\n"
# Combined matches (a lookalike or an edit beside a word or in a subdomain),
# names matching one brand by two rules, names matching two brands, and
# names matching nothing; U-labels before the match.
NAMES = [
    "paypa1-login.com", "paypa1.com", "g00gle-paypal.com", "paypal.com.evil.tld",
    "paypa1.com.evil.tld", "amazn.com.evil.tld", "securepaypall.com", "rnicrosoft-support.com",
    "\u0440\u0430\u0443\u0440\u0430l-login.com", "\u0440\u0430\u0443\u0440\u0430l.com.evil.tld",
    "g00gle.com", "paypal.net", "pay-pal.com", "paypak.com", "pay.pal.com", "gooogle.com",
    "\u00fc.paypa1-wallet.com", "example.org", "paypal.me", "harmless.net",
]


@pytest.fixture(scope="module")
def brand_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("hunt-triage") / "brands.txt"
    path.write_text(BRAND_FILE, encoding="utf-8")
    return str(path)


def cli_objects(brand_file, names):
    if not os.path.exists(PUNY_BIN):
        raise AssertionError("the CLI is needed for these tests: set PUNY_BIN (now %s)" % PUNY_BIN)
    proc = subprocess.run([PUNY_BIN, "hunt", "--brands", brand_file, "--no-psl", "--json",
                           "--min-score", "0"],
                          input="".join(n + "\n" for n in names).encode("utf-8"),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    return {o["line"]: o for o in map(json.loads, proc.stdout.decode("utf-8").splitlines())}


def index():
    return puny.hunt.BrandIndex.parse(BRAND_FILE, psl=None, min_score=0)


def test_a_combined_match_has_its_via_rule_and_both_reasons():
    r = puny.hunt.BrandIndex(["paypal.com"], psl=None).matches("paypa1-login.com")
    (m,) = r.matches
    assert (m.brand, m.rule, m.via) == ("paypal.com", "combo_squatting", "homoglyph")
    assert m.reason == COMBO + "; the brand's label in it: s" + HOMOGLYPH[1:]
    assert r.score == m.score >= puny.hunt.ALERT_SCORE
    assert r.brands == (puny.hunt.BrandMatches("paypal.com", m, ()),)
    assert r.brands[0].best is m  # the same object as in matches


def test_one_brand_by_two_rules_is_one_entry_with_also():
    r = index().matches("paypa1.com")
    assert [(m.rule, m.via, m.score) for m in r.matches] == [("homoglyph", None, 90),
                                                             ("replacement", None, 65)]
    (entry,) = r.brands
    assert type(entry) is puny.hunt.BrandMatches
    assert entry.brand == "paypal.com" and entry.best is r.matches[0]
    assert entry.also == (r.matches[1],) and entry.also[0] is r.matches[1]
    assert entry.best.reason == HOMOGLYPH
    assert entry.also[0].reason.startswith("The brand's label with one character replaced (")
    assert r.score == 90


def test_brands_by_best_score_and_no_match():
    r = index().matches("g00gle-paypal.com")
    assert [(b.brand, b.best.rule, b.best.via) for b in r.brands] == [
        ("google.com", "combo_squatting", "homoglyph"), ("paypal.com", "combo_squatting", None)]
    assert r.brands[0].best.score > r.brands[1].best.score and r.score == r.brands[0].best.score
    assert r.brands[1].best.reason == COMBO
    none = index().matches("example.org")
    assert (none.score, none.brands, none.matches) == (0, (), ())


def test_every_reason_is_made_from_the_rule_descriptions():
    description = {r.name: r.description for r in puny.hunt.rules()}
    combined = 0
    for report in index().matches_many(NAMES):
        for m in report.matches:
            if m.via is None:
                assert m.reason == description[m.rule], m
                continue
            combined += 1
            assert m.via in puny.hunt.RULES
            via = description[m.via]
            assert m.reason == (description[m.rule] + "; the brand's label in it: " +
                                via[0].lower() + via[1:]), m
    assert combined >= 5


def test_the_same_triage_and_reasons_as_the_cli(brand_file):
    """Python's score, brands (brand, rule, via, score, offset and length as
    bytes, reason, also) and every match's via are the CLI's --json."""
    cli = cli_objects(brand_file, NAMES)
    reports = index().matches_many(NAMES)
    assert len(cli) >= 15  # the names match; an empty comparison proves nothing
    seen_reasons = {}
    for number, (name, r) in enumerate(zip(NAMES, reports), 1):
        if number not in cli:
            assert r.matches == () and r.brands == () and r.score == 0, name
            continue
        c = cli[number]

        def byte(i):
            return len(name[:i].encode("utf-8"))

        def entry(m):
            return {"rule": m.rule, **({"via": m.via} if m.via else {}), "score": m.score,
                    "offset": byte(m.offset), "length": byte(m.offset + m.length) - byte(m.offset)}

        assert [m.via for m in r.matches] == [m.get("via") for m in c["matches"]], name
        assert r.score == c["score"], name
        assert [{"brand": b.brand, **entry(b.best), "reason": b.best.reason,
                 "also": [entry(o) for o in b.also]} for b in r.brands] == c["brands"], name
        for b in c["brands"]:
            seen_reasons[(b["rule"], b.get("via"))] = b["reason"]
    # Every match's reason, those in `also` too, is the CLI's for its pair.
    checked = 0
    for r in reports:
        for m in r.matches:
            if (m.rule, m.via) in seen_reasons:
                assert m.reason == seen_reasons[(m.rule, m.via)]
                checked += 1
    assert checked >= 15 and sum(1 for (_, via) in seen_reasons if via) >= 3


def test_records_stay_plain_data():
    """Issue 44: a Report with brands (Matches inside BrandMatches inside a
    tuple) is still no collectible object, and pickles."""
    reports = index().matches_many(NAMES)
    assert any(len(b.also) > 0 for r in reports for b in r.brands)
    for r in reports:
        assert not gc.is_tracked(r), r.input
        assert not any(gc.is_tracked(b) for b in r.brands)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(r, protocol)) == r
    # The fields added for the triage view have defaults, so a record made
    # with the earlier fields (by hand, or an older pickle) still is one.
    m = puny.hunt.Match("paypal.com", "homoglyph", 0, 6, 90)
    assert (m.via, m.reason) == (None, "")
    assert puny.hunt.Match._field_defaults == {"via": None, "reason": ""}
    r = puny.hunt.Report("paypa1.com", "paypa1.com", (m,), "paypa1.com", True, None)
    assert (r.score, r.brands) == (0, ())
    assert puny.hunt.Report._field_defaults == {"score": 0, "brands": (), "profile": "chromium",
                                                "findings": ()}
    with pytest.raises(TypeError):
        puny.hunt.BrandMatches("paypal.com", m)
