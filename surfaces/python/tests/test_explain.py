"""puny.explain: the to-ascii and Punycode traces, the trace limit, offsets
on long input.

Run against the installed package (ctest python.package; by hand:
`.venv/bin/python -m pytest surfaces/python/tests`); shared paths and
readers in puny_case.py.
"""

import pytest

import puny


# ---- explain ----

def test_explain_to_ascii():
    t = puny.explain("Bücher.Example")
    assert t["output"] == "xn--bcher-kva.example"
    assert [l["ascii"] for l in t["labels"]] == ["xn--bcher-kva", "example"]
    assert t["mappings"][0] == {"offset": 0, "code_point": ord("B"), "status": "mapped",
                                "replacement": "b"}
    assert t["mappings"][1]["offset"] == 7  # "E" of Example: a str index
    bad = puny.explain("a\u2028b.de", preset="registration")
    assert bad["output"] is None
    assert [e.uts46_code for e in bad["errors"]] == ["V7"]
    assert bad["errors"][0].offset == 1


def test_explain_punycode_rfc_sample():
    t = puny.explain("bücher", "encode")
    assert t["output"] == "bcher-kva"
    (step,) = t["steps"]
    assert (step["code_point"], step["delta"], step["bias"]) == (0xFC, 745, 72)
    assert "".join(d["character"] for d in step["digits"]) == "kva"
    d = puny.explain("bcher-kva", "decode")
    assert d["output"] == "bücher" and d["steps"][0]["delta"] == 745
    assert "".join(x["character"] for x in d["steps"][0]["digits"]) == "kva"
    bad = puny.explain("ab!c", "decode")
    assert bad["output"] is None and bad["errors"][0].code == "invalid_digit"
    with pytest.raises(ValueError):
        puny.explain("x", "frobnicate")
    with pytest.raises(TypeError):
        puny.explain("x", "encode", check_hyphens=False)


# ---- issue 44: limits and offsets on long input ----

def test_explain_punycode_trace_limit():
    """A Punycode trace covers at most 1024 code points (encode) or bytes
    (decode), the core's punycode::max_traced_length; beyond, the core's
    input_too_long at offset 1024 and no steps, as in the CLI and JS."""
    at_limit = puny.explain("\u00fc" * 1024, operation="encode")
    assert at_limit["errors"] == [] and len(at_limit["steps"]) == 1024
    for text, operation in (("\u00fc" * 1025, "encode"), ("a" * 1025, "decode")):
        t = puny.explain(text, operation=operation)
        assert [(e.code, e.offset) for e in t["errors"]] == [("input_too_long", 1024)]
        assert t["steps"] == [] and t["output"] is None


def test_many_labels_offsets_are_character_indexes():
    """Offsets of a long trace and decision are str indexes (one forward
    cursor in the binding, where each used to count from the start)."""
    s = "\u00fc." * 3000 + "A"
    t = puny.explain(s)
    assert len(t["labels"]) == 3001
    assert t["mappings"][-1]["offset"] == 6000
    d = puny.display("\u00fc." * 3000 + "com", psl=None)
    assert [l.offset for l in d.labels[:3]] == [0, 2, 4]
    assert d.labels[-1].offset == 6000
