"""puny.hunt.Report's profile and findings (issue 53, "Triage output": why a
name stays an A-label): the core's hunt::report::findings as puny.Finding,
the shape puny.display() gives, held to `puny hunt --json`'s verdict on the
same names (reason, step, label, code point, similar_to; the profile).

PUNY_BIN names the CLI (ctest python.package sets it; default build/cli/puny
of the checkout).
"""

import json
import os
import pickle
import subprocess

import pytest

import puny
import puny.hunt

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY_BIN = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))

def _cross_surface(name):
    """A file of tests/hunt/data: its lines but blank and '#' ones."""
    with open(os.path.join(REPO, "tests", "hunt", "data", name), encoding="utf-8") as f:
        return [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]


# The brands and names every surface's findings are compared on with the
# CLI's (tests/hunt/data/cross_surface_*.txt).
BRAND_FILE = "".join(b + "\n" for b in _cross_surface("cross_surface_brands.txt"))
NAMES = _cross_surface("cross_surface_names.txt")


def cli_objects(tmp_path, names, profile="chromium"):
    if not os.path.exists(PUNY_BIN):
        raise AssertionError("the CLI is needed for these tests: set PUNY_BIN (now %s)" % PUNY_BIN)
    brands = tmp_path / "brands.txt"
    brands.write_text(BRAND_FILE, encoding="utf-8")
    proc = subprocess.run([PUNY_BIN, "hunt", "--brands", str(brands), "--no-psl", "--json",
                           "--min-score", "0", "--profile", profile],
                          input="".join(n + "\n" for n in names).encode("utf-8"),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    return {o["line"]: o for o in map(json.loads, proc.stdout.decode("utf-8").splitlines())}


def index(profile="chromium"):
    return puny.hunt.BrandIndex.parse(BRAND_FILE, psl=None, min_score=0, profile=profile)


def as_cli(f):
    """A puny.Finding in the CLI's --json form (code points as "U+XXXX")."""
    o = {"label": f.label, "reason": f.reason, "step": f.step}
    if f.code_point is not None:
        o["code_point"] = "U+%04X" % f.code_point
    if f.similar_to is not None:
        o["similar_to"] = f.similar_to
    return o


def test_a_cyrillic_lookalike_says_why_it_stays_an_a_label():
    r = puny.hunt.BrandIndex(["paypal.com"], psl=None).matches("xn--pypal-4ve.com")
    assert r.display == "xn--pypal-4ve.com" and not r.all_shown
    assert r.profile == "chromium"
    assert [(f.reason, f.step, f.label, f.code_point, f.similar_to) for f in r.findings] == [
        ("restriction_level", "chromium/1-icu-restriction-level", 0, 0x430, None),
        ("top_domain_lookalike", "chromium/8-top-domain-skeleton", 0, None, "paypal.com")]
    assert all(type(f) is puny.Finding for f in r.findings)
    # The same findings as puny.display() with the brand as the protected domain.
    top = puny.ProtectedDomains.parse("paypal.com\n")
    shown = puny.display("xn--pypal-4ve.com", top_domains=top, psl=None)
    assert r.findings == tuple(f for label in shown.labels for f in label.findings)


def test_offsets_are_str_indices_of_the_input():
    name = "\u00fc.p\u0430yp\u0430l.com"  # the finding is in label 1, after a 2-byte letter
    findings = index().matches(name).findings
    (f,) = [f for f in findings if f.code_point is not None]
    assert (f.reason, f.label, f.code_point, f.offset) == ("restriction_level", 1, 0x430, 3)
    assert name[f.offset] == "\u0430"
    assert [f.label for f in findings] == sorted(f.label for f in findings)  # label order


def test_findings_equal_the_clis_on_the_same_names(tmp_path):
    cli = cli_objects(tmp_path, NAMES)
    reports = index().matches_many(NAMES)
    assert any(r.findings for r in reports) and any(r.all_shown for r in reports)
    checked = 0
    for line, (name, r) in enumerate(zip(NAMES, reports), 1):
        if line not in cli:
            assert r.matches == () and r.findings == (), name
            continue
        verdict = cli[line]["verdict"]
        assert r.profile == verdict["profile"], name
        assert [as_cli(f) for f in r.findings] == verdict["findings"], name
        checked += 1
    assert checked >= 15


def test_another_profile_is_named_and_decides(tmp_path):
    cli = cli_objects(tmp_path, NAMES, "firefox-moderate")
    reports = index("Firefox-Moderate").matches_many(NAMES)
    assert {r.profile for r in reports} == {"firefox-moderate"}
    for line, r in enumerate(reports, 1):
        if line in cli:
            assert [as_cli(f) for f in r.findings] == cli[line]["verdict"]["findings"], NAMES[line - 1]


def test_no_verdict_no_findings_and_the_old_fields_still_make_a_report():
    r = index().matches("example.org")
    assert r.matches == () and r.findings == () and r.profile == "chromium"
    old = puny.hunt.Report("a", "a", (), None, False, None)
    assert (old.score, old.brands, old.profile, old.findings) == (0, (), "chromium", ())
    assert puny.hunt.Report._fields[-2:] == ("profile", "findings")


def test_a_report_with_findings_pickles():
    r = index().matches("xn--pypal-4ve.com")
    assert pickle.loads(pickle.dumps(r)) == r
