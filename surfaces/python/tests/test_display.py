"""Display safety: profiles and reasons from the library, the decision per
label, lists and their errors, skeletons, per-label results.

Run against the installed package (ctest python.package; by hand:
`.venv/bin/python -m pytest surfaces/python/tests`); shared paths and
readers in puny_case.py.
"""
import ast
import copy
import gc
import inspect
import json
import os
import pickle

import pytest

import puny


# ---- Display safety ----

APPLE = "\u0430\u0440\u0440\u04cf\u0435.com"  # Cyrillic letters that look like "apple"


def test_display_profiles_and_reasons_come_from_the_library():
    assert puny.display_profiles() == [name for name, _, _ in puny._puny.display_profiles()]
    assert puny.display_profiles()[0] == "chromium"
    # The core's registry, in its order (tests/vocabulary, PUNY_VOCABULARY).
    path = os.environ.get("PUNY_VOCABULARY")
    assert path and os.path.exists(path), \
        "PUNY_VOCABULARY must name the core's vocabulary.json (the puny_vocabulary target)"
    with open(path, encoding="utf-8") as f:
        assert puny.display_profiles() == json.load(f)["display_profiles"]
    assert "whole_script_confusable" in puny.display_reasons()
    assert len(set(puny.display_reasons())) == len(puny.display_reasons())


def test_the_stubs_display_profile_type_names_every_profile():
    # __init__.pyi spells DisplayProfile out for type checkers (a stub cannot
    # ask the library); it must be the library's list, in its order.
    stub_path = os.path.join(os.path.dirname(puny.__file__), "__init__.pyi")
    with open(stub_path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    literal = next(n.value for n in tree.body if isinstance(n, ast.Assign)
                   and [t.id for t in n.targets if isinstance(t, ast.Name)] == ["DisplayProfile"])
    elements = getattr(literal.slice, "value", literal.slice).elts  # ast.Index before 3.9
    names = [e.value for e in elements]
    assert names == puny.display_profiles(), (stub_path, names)


def test_display_keeps_lookalikes_and_shows_the_rest():
    d = puny.display(APPLE)
    assert d.display == "xn--80ak6aa92e.com"
    assert d.registrable_domain == APPLE
    first = d.labels[0]
    assert (first.a_label, first.u_label, first.show_unicode) == ("xn--80ak6aa92e", APPLE[:5], False)
    f = first.findings[0]
    assert f.reason == "whole_script_confusable"
    assert (f.code_point, f.imitates, f.offset, f.label) == (0x430, ord("a"), 0, 0)
    assert f.step.startswith("chromium/")
    assert d.labels[1].show_unicode and d.labels[1].findings == ()
    assert puny.to_display("xn--bcher-kva.de") == "b\u00fccher.de"
    assert puny.to_display("b\u00fccher.de", "ascii-only") == "xn--bcher-kva.de"
    assert puny.to_display("b\u057ds.com", "firefox-moderate") == "b\u057ds.com"
    assert puny.to_display("b\u057ds.com", "firefox-high") == "xn--bs-red.com"


def test_display_offsets_are_str_indices():
    d = puny.display("www.eb\u0430y.com")
    f = d.labels[1].findings[0]
    assert f.reason == "restriction_level"
    assert f.offset == 6 and f.code_point == 0x430


def test_display_invalid_name_raises_like_to_unicode():
    with pytest.raises(puny.DisallowedError) as e:
        puny.display("xn--a.com")
    with pytest.raises(puny.DisallowedError) as e2:
        puny.to_unicode("xn--a.com")
    assert e.value.offset == e2.value.offset
    with pytest.raises(ValueError):
        puny.display("a.com", "chrome")


def test_display_lists(tmp_path):
    top = tmp_path / "top.list"
    top.write_text("# protected\ngoogle.com\n", encoding="utf-8")
    d = puny.display("www.googl\u00e9.com", top_domains=str(top))
    assert d.display == "www.xn--googl-fsa.com"
    assert d.labels[1].findings[0].similar_to == "google.com"
    assert puny.to_display("www.googl\u00e9.com") == "www.googl\u00e9.com"
    listed = puny.ProtectedDomains.parse("google.com\n")
    assert len(listed) == 1 and listed.lookalike_of("g\u043e\u043egle.com") == "google.com"
    bad = tmp_path / "bad.list"
    bad.write_text("google.com\nnot a domain\n", encoding="utf-8")
    with pytest.raises(puny.ListSyntaxError) as e:
        puny.display("a.com", top_domains=str(bad))
    assert e.value.label == 2 and str(bad) + ":2" in str(e.value)
    with pytest.raises(puny.FileUnreadableError):
        puny.PublicSuffixList.load(str(tmp_path / "missing.dat"))
    psl = puny.PublicSuffixList.load(puny._puny.default_psl_path)
    assert psl.registrable_domain("a.b.example.co.uk") == "example.co.uk"
    assert puny.display("a.b.example.co.uk", psl=psl).registrable_domain == "example.co.uk"
    assert puny.display("a.b.example.co.uk", psl=None).registrable_domain == "co.uk"


def test_skeleton():
    assert puny.skeleton("\u0440\u0430\u0443\u0440\u0430l") == "paypal"
    assert puny.skeleton("m") == "rn"
    with pytest.raises(puny.InvalidCodePointError):
        puny.skeleton("a\ud800")


def test_list_errors_and_loading(tmp_path):
    # A directory is no list (it loaded as an empty one).
    for cls in (puny.PublicSuffixList, puny.ProtectedDomains):
        with pytest.raises(puny.FileUnreadableError):
            cls.load(str(tmp_path))
    with pytest.raises(puny.FileUnreadableError):
        puny.display("a.b.example.co.uk", psl=str(tmp_path))
    # Offsets are str indices (the line's start), as in every puny error.
    text = "b\u00fccher.de\n\u0440\u043e\u0441\u0441\u0438\u044f.example\nnot a domain\n"
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.ProtectedDomains.parse(text)
    assert info.value.label == 3 and info.value.offset == text.index("not a domain")
    bad = tmp_path / "bad.list"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.ProtectedDomains.load(str(bad))
    assert info.value.offset == text.index("not a domain")
    psl_text = "// \u00e9t\u00e9\nuk\nco.uk\n*.\u00fc\u00fc\na..b\n"
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.PublicSuffixList.parse(psl_text)
    assert info.value.offset == psl_text.index("a..b")
    # ASCII case does not matter; the answer is the span of the name given.
    psl = puny.PublicSuffixList.parse("uk\nco.uk\n")
    assert psl.registrable_domain("www.example.co.uk") == "example.co.uk"
    assert psl.registrable_domain("WWW.EXAMPLE.CO.UK") == "EXAMPLE.CO.UK"
    assert psl.registrable_domain("Www.Example.Co.Uk.") == "Example.Co.Uk"
    assert psl.registrable_domain("CO.UK") == ""


def test_display_and_explain_per_label_results_are_not_tracked():
    """Issue 44: a long name's per-label results are nothing the cyclic
    collector (left on) walks: a LabelVerdict and a Finding are not
    collectible objects, a label's findings a tuple (`()` when empty), an
    explain label a dict of strs, bools, None and a tuple of its errors.
    Tracked, they made every full pass walk them all again: display and
    explain took more than twice the time for twice the labels."""
    assert gc.isenabled()
    name = "a." * 20000 + "\u0430\u0440\u0440\u04cf\u0435.com"
    gc.collect()
    collections = sum(g["collections"] for g in gc.get_stats())
    d = puny.display(name, psl=None)
    # No collectible object per label, so fewer than the 700 allocations
    # (gc.get_threshold()) that start a collection.
    assert sum(g["collections"] for g in gc.get_stats()) == collections
    assert not any(gc.is_tracked(l) for l in d.labels)
    assert not any(gc.is_tracked(l.findings) for l in d.labels[:20000])
    assert len(d.labels) == 20002 and d.labels[0].findings == ()
    spoof = d.labels[20000]
    assert spoof.findings[0].reason == "whole_script_confusable"
    assert not gc.is_tracked(spoof.findings[0])
    gc.collect()  # a tuple of Findings is untracked by the first pass it survives
    assert not gc.is_tracked(spoof.findings)
    t = puny.explain("A." * 20000 + "a\u2028b")
    assert not any(gc.is_tracked(l) for l in t["labels"][:20000])
    assert len(t["labels"]) == 20001 and t["labels"][0]["errors"] == ()
    assert not any(gc.is_tracked(m) for m in t["mappings"])
    bad = t["labels"][20000]["errors"]
    assert type(bad) is tuple and [e.uts46_code for e in bad] == ["V7"]
    assert bad[0].offset == 40001 and gc.is_tracked(t["labels"][20000])


def test_label_verdict_and_finding_are_named_tuples():
    import weakref
    top = puny.ProtectedDomains.parse("google.com\n")
    d = puny.display("www.googl\u00e9.com", top_domains=top, psl=None)
    verdict = d.labels[1]
    (finding,) = verdict.findings
    assert type(verdict) is puny.LabelVerdict and type(finding) is puny.Finding
    assert isinstance(verdict, tuple) and len(verdict) == 5 and len(finding) == 8
    assert puny.LabelVerdict._fields == ("a_label", "u_label", "show_unicode", "offset", "findings")
    assert puny.Finding._fields == ("reason", "message", "offset", "label", "code_point", "step",
                                    "similar_to", "imitates")
    assert verdict == ("xn--googl-fsa", "googl\u00e9", False, 4, (finding,))
    assert (verdict.a_label, verdict.offset, verdict.findings) == (verdict[0], verdict[3], verdict[4])
    a_label, u_label, shown, offset, findings = verdict
    assert findings == (finding,) and shown is False
    assert (finding.reason, finding.similar_to, finding.offset, finding.label) == (
        "top_domain_lookalike", "google.com", 4, 1)
    assert finding._asdict()["similar_to"] == "google.com"
    assert list(verdict._asdict()) == list(puny.LabelVerdict._fields)
    assert verdict._replace(show_unicode=True) == (a_label, u_label, True, offset, findings)
    assert puny.LabelVerdict._make(list(verdict)) == verdict
    assert puny.LabelVerdict(*verdict) == verdict == puny.LabelVerdict(**verdict._asdict())
    assert puny.Finding(**finding._asdict()) == finding and hash(puny.Finding(*finding)) == hash(finding)
    assert repr(verdict).startswith("puny.LabelVerdict(a_label='xn--googl-fsa', u_label='googl\u00e9', "
                                    "show_unicode=False, offset=4, findings=(puny.Finding(reason=")
    assert puny.LabelVerdict.__module__ == "puny" and puny.LabelVerdict.__match_args__ == puny.LabelVerdict._fields
    assert str(inspect.signature(puny.Finding)).startswith("(reason, message, offset, label,")
    match verdict:
        case puny.LabelVerdict(a_label="xn--googl-fsa", findings=(puny.Finding(reason=why),)):
            assert why == "top_domain_lookalike"
        case _:
            raise AssertionError(repr(verdict))
    for copied in (pickle.loads(pickle.dumps(d)), copy.copy(d), copy.deepcopy(d)):
        assert copied == d and type(copied.labels[1]) is puny.LabelVerdict
        assert type(copied.labels[1].findings[0]) is puny.Finding
        assert not gc.is_tracked(copied.labels[1]) and not gc.is_tracked(copied.labels[1].findings[0])
    assert json.loads(json.dumps(verdict))[4][0][0] == "top_domain_lookalike"
    # Pickles of earlier versions name the classes in puny._display_types.
    from puny import _display_types
    assert (_display_types.Finding, _display_types.LabelVerdict) == (puny.Finding, puny.LabelVerdict)
    with pytest.raises(AttributeError):
        verdict.findings = ()
    with pytest.raises(TypeError):
        puny.LabelVerdict("a", "a", True, 0)  # findings missing
    with pytest.raises(TypeError):
        puny.LabelVerdict("a", "a", True, 0, (), a_label="b")
    with pytest.raises(TypeError):
        puny.Finding(*finding, None)
    with pytest.raises(ValueError):
        verdict._replace(no_such_field=1)
    # One made by hand from other objects is collectible, and a cycle
    # through it is collected.
    own = puny.LabelVerdict("a", "a", True, 0, [])
    assert gc.is_tracked(own) and not gc.is_tracked(puny.LabelVerdict("a", "a", True, 0, ()))

    class Marker:
        pass

    marker = Marker()
    gone = weakref.ref(marker)
    own.findings.extend([own, marker])
    del own, marker
    gc.collect()
    assert gone() is None
