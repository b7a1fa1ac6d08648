"""puny.hunt (docs/hunt.md): the same matches as `puny hunt --json` on the same
inputs and brand file, offsets as str indices, the verdict, errors as data,
types, pickling.

PUNY_BIN names the CLI (ctest python.package sets it; default build/cli/puny
of the checkout).  The CLI's byte offsets are turned into str indices here, by
Python's own UTF-8 encoder, so a wrong conversion in the binding fails.
"""

import copy
import gc
import inspect
import json
import os
import pickle
import subprocess
import sys
import threading

import pytest

import puny
import puny.hunt

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY_BIN = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))
BENIGN = os.path.join(REPO, "..", "shared", "bench", "data", "domains-mixed.txt")
BRANDS = ["paypal.com", "google.com", "microsoft.com", "amazon.com", "netflix.com",
          "facebook.com"]
BRAND_FILE = ("# test brands (as surfaces/cli/tests/test_hunt.py)\n"
              "paypal.com keywords=wallet allow=paypal.me\n"
              + "".join(b + "\n" for b in BRANDS[1:]))

# Inputs of every rule, A-label and U-label forms, subdomains, non-ASCII
# before a match (str indices differ from bytes there), names display rejects
# (no blanks: the CLI takes a line's first field).
INPUTS = [
    "paypa1.com", "example.com", "paypal.com-login.evil.tld", "harmless.org",
    "rnicrosoft.com", "paypal-login.com.", "xn--80aa0cbo65f.com",
    "\u0440\u0430\u0443\u0440\u0430l.com", "\u0420\u0430\u0443\u0440\u0430l.com",
    "x.paypal.com.evil.tld", "b\u00fccher.paypal.com.evil.tld", "\u00fc.g00gle.com",
    "paypal.com", "www.paypal.com", "paypal.me", "paypal.net", "paypal-wallet.com",
    "gooogle.com", "goolge.com", "amazom.com", "arnazon.com", "faceb00k.com", "netf1ix.com",
    "micro-soft.com", "googIe.com", "paypal_login.com", "paypa1.com\u3002evil",
    "\u65e5\u672c.paypal.com.evil", "PAYPA1.COM", "g\u043e\u043egle.com", "",
    ".", "paypa1..com", "xn--zz.paypa1.com",
    # A replacement's reasons and a brand split over labels.
    "paypak.com", "paypol.com", "paypcl.com", "pay.pal.com", "\u00fc.p.aypal.com",
]


def cli_available():
    if not os.path.exists(PUNY_BIN):
        raise AssertionError("the CLI is needed for these tests: set PUNY_BIN (now %s)" % PUNY_BIN)


def cli_hunt(brand_file, names, *extra):
    cli_available()
    data = "".join(n + "\n" for n in names).encode("utf-8")
    proc = subprocess.run([PUNY_BIN, "hunt", "--brands", brand_file, "--json"] + list(extra),
                          input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    return [comparable(json.loads(line)) for line in proc.stdout.decode("utf-8").splitlines()]


def comparable(o):
    """The CLI's --json object less what puny.hunt's reports do not carry:
    the triage members (top score, per-brand entries, the verdict's profile
    and findings) and a combined match's "via" (docs/hunt.md, "Output")."""
    for key in ("score", "brands"):
        o.pop(key, None)
    for key in ("profile", "findings"):
        o["verdict"].pop(key, None)
    for m in o["matches"]:
        m.pop("via", None)
    return o


def as_cli(index, lines):
    """puny.hunt's reports in the shape of the CLI's --json, offsets in bytes
    (from the str indices, by Python's encoder)."""
    out = []
    for number, report in enumerate(index.matches_many(lines), 1):
        if not report.matches:
            continue
        text = report.input

        def byte(i):
            return len(text[:i].encode("utf-8"))

        out.append({
            "line": number, "input": text, "name": report.name,
            "verdict": {"status": report.error.code if report.error else None,
                        "display": report.display, "all_shown": report.all_shown},
            "matches": [{"brand": m.brand, "rule": m.rule, "offset": byte(m.offset),
                         "length": byte(m.offset + m.length) - byte(m.offset),
                         "score": m.score} for m in report.matches],
        })
    return out


def plain(report):
    """A Report comparable with ==: its error (an exception, equal only to
    itself) as its class, code, offset and code point."""
    e = report.error
    return report._replace(error=e and (type(e), e.code, e.offset, e.code_point))


@pytest.fixture(scope="module")
def brand_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("hunt") / "brands.txt"
    path.write_text(BRAND_FILE, encoding="utf-8")
    return str(path)


def test_same_matches_as_the_cli(brand_file):
    index = puny.hunt.BrandIndex.load(brand_file)
    cli = cli_hunt(brand_file, INPUTS)
    assert len(cli) >= 20  # the inputs match; an empty comparison proves nothing
    assert as_cli(index, INPUTS) == cli
    # One name at a time gives the same.
    assert [plain(index.matches(n)) for n in INPUTS] == list(map(plain, index.matches_many(INPUTS)))


def test_same_matches_as_the_cli_with_options(brand_file):
    for extra, options in [
            (["--no-psl"], {"psl": None}),
            (["--rules", "homoglyph,skeleton,tld_swap"],
             {"rules": ["homoglyph", "skeleton", "tld_swap"]}),
            (["--rules", "replacement,label_split"], {"rules": ["replacement", "label_split"]}),
            (["--min-score", "80", "--profile", "firefox-high"],
             {"min_score": 80, "profile": "firefox-high"})]:
        index = puny.hunt.BrandIndex.load(brand_file, **options)
        cli = cli_hunt(brand_file, INPUTS, *extra)
        assert cli, extra
        assert as_cli(index, INPUTS) == cli, extra


def dnstwist_permutations():
    # Debian's dnstwist, as the CLI's tests use it (scripts/install-deps.sh).
    script = ("import dnstwist, json, sys\n"
              "out = []\n"
              "for b in sys.argv[1:]:\n"
              "    f = dnstwist.Fuzzer(b); f.generate()\n"
              "    out += [d['domain'] for d in f.domains if d['fuzzer'] != '*original']\n"
              "print(json.dumps(out))\n")
    proc = subprocess.run(["/usr/bin/python3", "-c", script] + BRANDS, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=200)
    assert proc.returncode == 0, "dnstwist is needed: " + proc.stderr.decode()[-300:]
    return json.loads(proc.stdout)


def test_dnstwist_permutations_and_benign_names_as_the_cli(brand_file):
    # Thousands of lookalikes (every rule) and real benign names: the bulk
    # form agrees with the CLI on each, U-labels among them.
    names = dnstwist_permutations()
    with open(BENIGN, encoding="utf-8") as f:
        names += [line.strip() for _, line in zip(range(5000), f)]
    assert len(names) > 10000
    index = puny.hunt.BrandIndex.load(brand_file)
    cli = cli_hunt(brand_file, names)
    assert len(cli) > 5000
    assert {m["rule"] for o in cli for m in o["matches"]} >= {
        "skeleton", "homoglyph", "insertion", "omission", "replacement", "transposition",
        "hyphenation", "keyboard", "vowel_swap", "bitsquatting", "label_split"}
    assert as_cli(index, names) == cli


def test_rules_are_the_cores():
    # The names the CLI offers for --rules (its help lists the core's registry).
    cli_available()
    help_text = subprocess.run([PUNY_BIN, "hunt", "--help"], stdout=subprocess.PIPE,
                               timeout=60).stdout.decode()
    listed = [line.split(":")[0].strip() for line in help_text.splitlines()
              if line.startswith("  ") and ":" in line and line.split(":")[0].strip() in
              puny.hunt.RULES]
    assert tuple(listed) == puny.hunt.RULES
    assert len(puny.hunt.RULES) == 17
    assert puny.hunt.RULES[-5:] == ("keyboard", "vowel_swap", "bitsquatting", "label_split",
                                    "chromium_skeleton")
    # And the core's own list (tests/vocabulary), field by field.
    path = os.environ.get("PUNY_VOCABULARY")
    assert path and os.path.exists(path), "PUNY_VOCABULARY must name the core's vocabulary.json"
    with open(path, encoding="utf-8") as f:
        core = json.load(f)["hunt_rules"]
    assert [tuple(r) for r in puny.hunt.rules()] == [
        (c["name"], c["description"], c["min_brand_length"], c["score"]) for c in core]
    for r in puny.hunt.rules():
        assert r.description and 0 <= r.score <= 100 and r.min_brand_length >= 0


def test_offsets_are_str_indices():
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    name = "\u00fcber.b\u00fccher.paypal.com.evil.tld"
    (m,) = index.matches(name).matches
    assert (m.brand, m.rule) == ("paypal.com", "target_embedding")
    assert name[m.offset:m.offset + m.length] == "paypal.com"
    name = "\u00fc.p.aypal.com"  # aypal is also an omission
    (m,) = [x for x in index.matches(name).matches if x.rule == "label_split"]
    assert name[m.offset:m.offset + m.length] == "p.aypal"
    (m,) = [x for x in index.matches("\U0001f600.g\u043e\u043egle.com").matches
            if x.rule == "skeleton"]
    assert "\U0001f600.g\u043e\u043egle.com"[m.offset:m.offset + m.length] == \
        "g\u043e\u043egle"


def test_from_names_keywords_and_allow():
    index = puny.hunt.BrandIndex(["paypal.com", "google.com"], keywords=["wallet"],
                                 allow=["paypal.me"], psl=None)
    assert len(index) == 2 and index.brands == ["paypal.com", "google.com"]
    assert index.keyword_count >= 1 and index.memory_bytes > 0
    assert [m.rule for m in index.matches("paypal-wallet.com").matches] == ["combo_squatting"]
    assert index.matches("paypal.me").matches == ()
    assert index.matches("paypal.com").matches == ()
    # The same brands from the list's text.
    text_index = puny.hunt.BrandIndex.parse(
        "paypal.com keywords=wallet allow=paypal.me\ngoogle.com\n", psl=None)
    names = ["paypal-wallet.com", "paypa1.com", "g00gle.com", "paypal.me"]
    assert list(map(plain, text_index.matches_many(names))) == list(map(plain, index.matches_many(names)))


def test_verdict_and_errors_as_data():
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    r = index.matches("xn--80aa0cbo65f.com")
    assert r.name == "\u0440\u0430\u0443\u0440\u0430\u04cf.com"
    assert (r.display, r.all_shown, r.error) == ("xn--80aa0cbo65f.com", False, None)
    assert index.matches("paypa1.com")[3:6] == ("paypa1.com", True, None)
    # No match: no verdict.
    assert index.matches("example.com")[2:] == ((), None, False, None, 0, (), "chromium", ())
    # A lone surrogate: matched on the rest, the verdict's error names it at
    # its str index, as every puny function does; nothing raised.
    for call in (index.matches, lambda n: index.matches_many([n])[0]):
        r = call("\u00fc.\ud800paypa1.com")  # byte offset 3, str index 2
        assert r.matches and r.display is None
        assert isinstance(r.error, puny.InvalidCodePointError)
        assert (r.error.offset, r.error.code_point) == (2, 0xD800)
        (m,) = [m for m in r.matches if m.rule == "homoglyph_edit"]
        assert r.input[m.offset:m.offset + m.length] == "\ud800paypa1"
    # A name display rejects (a space is a forbidden domain code point).
    r = index.matches("ex ample.paypa1.com")
    assert r.matches and r.display is None and isinstance(r.error, puny.Error)
    # Huge and empty inputs.
    assert index.matches("").matches == ()
    assert index.matches("a" * 100000 + ".paypa1.com").input.endswith("paypa1.com")
    assert index.matches_many([]) == []


def test_reports_pickle():
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    for r in index.matches_many(["paypa1.com", "x.\ud800paypa1.com", "example.com"]):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            c = pickle.loads(pickle.dumps(r, protocol))
            assert plain(c) == plain(r) and type(c) is puny.hunt.Report
            assert type(c.matches) is tuple and all(type(m) is puny.hunt.Match for m in c.matches)
            assert gc.is_tracked(c) == gc.is_tracked(r)
        if r.error is None:
            assert pickle.loads(pickle.dumps(r)) == r
            assert copy.copy(r) == r == copy.deepcopy(r)
    # Pickles made by 0.1.0, whose Report and Match were collections.namedtuple
    # classes of the same names (protocol 2 and later: the constructor is
    # called with the fields), load as the records.
    from collections import namedtuple
    old_report = namedtuple("Report", "input name matches display all_shown error", module="puny.hunt")
    old_match = namedtuple("Match", "brand rule offset length score", module="puny.hunt")
    saved = puny.hunt.Report, puny.hunt.Match
    puny.hunt.Report, puny.hunt.Match = old_report, old_match
    try:
        data = pickle.dumps(old_report("g00gle.com", "g00gle.com",
                                       [old_match("google.com", "homoglyph", 0, 6, 90)],
                                       "g00gle.com", True, None), 2)
    finally:
        puny.hunt.Report, puny.hunt.Match = saved
    loaded = pickle.loads(data)
    assert type(loaded) is puny.hunt.Report and type(loaded.matches[0]) is puny.hunt.Match
    # The fields added since (issue 53) take their defaults.
    assert loaded == ("g00gle.com", "g00gle.com", [("google.com", "homoglyph", 0, 6, 90, None, "")],
                      "g00gle.com", True, None, 0, (), "chromium", ())


def test_reports_are_not_tracked():
    """Issue 44: a bulk call's reports are nothing the cyclic collector (left
    on) counts or walks: a Report and a Match are not collectible objects,
    a Report's matches a tuple (`()` when none).  As named tuples holding a
    list, each name's Report and list were tracked, and matches_many took
    x2.4-3.15 the time for twice the names."""
    assert gc.isenabled()
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    names = ["example%d.org" % i for i in range(20000)] + ["paypa1.com", "rnicrosoft.com"]
    before = gc.get_count()[0]
    reports = index.matches_many(names)
    assert gc.get_count()[0] - before < 100  # no collectible object per name
    assert not any(gc.is_tracked(r) for r in reports)
    assert len(reports) == 20002 and reports[0].matches == ()
    for r in reports[20000:] + [index.matches("paypa1.com")]:
        assert r.matches and r.display is not None and r.error is None
        assert not gc.is_tracked(r) and not any(gc.is_tracked(m) for m in r.matches)
        assert type(r.matches) is tuple
    gc.collect()  # a tuple of Matches is untracked by the first pass it survives
    assert not gc.is_tracked(reports[20000].matches)
    # A report holding an error (an exception, which user code can put in a
    # cycle) is collectible, and tracked.
    r = index.matches("ex ample.paypa1.com")
    assert isinstance(r.error, puny.Error) and gc.is_tracked(r)


def test_report_and_match_are_named_tuples():
    import weakref
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    r = index.matches("x.g00gle.com")
    (m,) = r.matches
    assert type(r) is puny.hunt.Report and type(m) is puny.hunt.Match
    # Issue 53's fields come last (test_hunt_triage.py checks their values).
    assert isinstance(r, tuple) and len(r) == 10 and len(m) == 7
    assert puny.hunt.Report._fields == ("input", "name", "matches", "display", "all_shown", "error",
                                        "score", "brands", "profile", "findings")
    assert puny.hunt.Match._fields == ("brand", "rule", "offset", "length", "score", "via", "reason")
    assert (m.brand, m.rule, m.offset, m.length) == ("google.com", "homoglyph", 2, 6)
    (entry,) = r.brands
    assert r == ("x.g00gle.com", "x.g00gle.com", (m,), "x.g00gle.com", True, None, m.score, (entry,),
                 "chromium", ())
    assert m == ("google.com", "homoglyph", 2, 6, m.score, None, m.reason) and 0 < m.score <= 100
    assert (r.input, r.matches, r.error) == (r[0], r[2], r[5])
    text, name, matches, shown, all_shown, error, score, brands, profile, findings = r
    assert matches == (m,) and all_shown is True and score == m.score and brands == (entry,)
    assert profile == "chromium" and findings == ()
    assert r[:6] == (text, name, matches, shown, all_shown, error)  # the first six, as before
    assert m._asdict() == {"brand": "google.com", "rule": "homoglyph", "offset": 2, "length": 6,
                           "score": m.score, "via": None, "reason": m.reason}
    assert list(r._asdict()) == list(puny.hunt.Report._fields)
    assert r._replace(matches=()) == (text, name, (), shown, all_shown, error, score, brands, profile,
                                      findings)
    assert puny.hunt.Report._make(list(r)) == r == puny.hunt.Report(**r._asdict())
    assert puny.hunt.Match(*m) == m and hash(puny.hunt.Match(*m)) == hash(m)
    assert repr(m) == ("puny.hunt.Match(brand='google.com', rule='homoglyph', offset=2, "
                       "length=6, score=%d, via=None, reason=%r)" % (m.score, m.reason))
    assert repr(r).startswith("puny.hunt.Report(input='x.g00gle.com', name='x.g00gle.com', "
                              "matches=(puny.hunt.Match(brand=")
    assert puny.hunt.Report.__module__ == "puny.hunt" and puny.hunt.Match.__qualname__ == "Match"
    assert puny.hunt.Report.__match_args__ == puny.hunt.Report._fields
    assert (str(inspect.signature(puny.hunt.Match)) ==
            "(brand, rule, offset, length, score, via=None, reason='')")
    match r:
        case puny.hunt.Report(matches=(puny.hunt.Match(rule=rule, brand="google.com"),)):
            assert rule == "homoglyph"
        case _:
            raise AssertionError(repr(r))
    assert json.loads(json.dumps(r))[2][0][:2] == ["google.com", "homoglyph"]
    with pytest.raises(AttributeError):
        r.matches = []
    with pytest.raises(TypeError):
        puny.hunt.Match("google.com", "homoglyph", 2, 6)  # score missing
    with pytest.raises(TypeError):
        puny.hunt.Report(*r, None)
    with pytest.raises(TypeError):
        puny.hunt.BrandMatches("google.com", m)  # also missing
    with pytest.raises(ValueError):
        m._replace(no_such_field=1)
    # One made by hand from other objects is collectible, and a cycle
    # through it is collected.
    own = puny.hunt.Report("a", "a", [], None, False, None)
    assert gc.is_tracked(own) and not gc.is_tracked(puny.hunt.Report("a", "a", (), None, False, None))

    class Marker:
        pass

    marker = Marker()
    gone = weakref.ref(marker)
    own.matches.extend([own, marker])
    del own, marker
    gc.collect()
    assert gone() is None


def test_wrong_types_raise_type_error():
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    for bad in (b"paypa1.com", None, 3):
        with pytest.raises(TypeError):
            index.matches(bad)
    with pytest.raises(TypeError):
        index.matches_many(["paypa1.com", b"x"])
    with pytest.raises(TypeError):
        index.matches_many("paypa1.com")
    with pytest.raises(TypeError):
        index.matches_many(3)
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex("paypal.com")
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex([b"paypal.com"])
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex(BRANDS, rules="homoglyph")
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex(BRANDS, min_score="80")
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex(BRANDS, min_brand_length={"homoglyph": "3"})
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex.parse("paypal.com\n", colour="red")
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex.parse(b"paypal.com\n")
    with pytest.raises(TypeError):
        puny.hunt.BrandIndex.load(3)


def test_bad_values_raise():
    with pytest.raises(ValueError, match="unknown rule"):
        puny.hunt.BrandIndex(BRANDS, rules=["homoglyphs"])
    with pytest.raises(ValueError, match="display profile"):
        puny.hunt.BrandIndex(BRANDS, profile="netscape")
    with pytest.raises(ValueError):
        puny.hunt.BrandIndex(BRANDS, min_score=101)
    with pytest.raises(ValueError):
        puny.hunt.BrandIndex(["paypal com"])
    with pytest.raises(ValueError):
        puny.hunt.BrandIndex(BRANDS, keywords=["a,b"])
    # The brand list's errors are the core's, naming the line.
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.hunt.BrandIndex.parse("paypal.com\ncom\n", "brands.txt", psl=None)
    assert info.value.label == 2 and "brands.txt:2:" in str(info.value)
    assert info.value.offset == len("paypal.com\n")
    with pytest.raises(puny.ListSyntaxError):
        puny.hunt.BrandIndex(["www.paypal.com"])  # not registrable under the PSL
    with pytest.raises(puny.FileUnreadableError):
        puny.hunt.BrandIndex.load("/nonexistent/brands.txt")


def test_min_brand_length_and_profile_options():
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    assert any(m.rule == "homoglyph" for m in index.matches("paypa1.com").matches)
    longer = puny.hunt.BrandIndex(BRANDS, psl=None, min_brand_length={"homoglyph": 7})
    assert not any(m.rule == "homoglyph" for m in longer.matches("paypa1.com").matches)
    assert any(m.rule == "homoglyph" for m in longer.matches("rnicrosoft.com").matches)
    # A rule past the first sixteen, and a replacement's reason: a cause
    # whose minimum the brand misses passes the pair on to replacement.
    assert [m.rule for m in index.matches("pay.pal.com").matches] == ["label_split"]
    assert [m.rule for m in index.matches("paypak.com").matches] == ["keyboard"]
    longer = puny.hunt.BrandIndex(BRANDS, psl=None,
                                  min_brand_length={"label_split": 7, "keyboard": 7})
    assert longer.matches("pay.pal.com").matches == ()
    assert [m.rule for m in longer.matches("paypak.com").matches] == ["replacement"]


def test_bulk_from_threads_matches_serial():
    # The index is shared by threads calling matches_many at once (the GIL
    # released while they match).
    index = puny.hunt.BrandIndex(BRANDS, psl=None)
    names = INPUTS * 200
    expected = [r[:5] for r in index.matches_many(names)]
    got = [None] * 4

    def work(i):
        got[i] = [r[:5] for r in index.matches_many(names)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == expected for g in got)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
