"""The bulk forms (*_many): results without raising, named fields, threads,
the collector, real-world names, a list changed by another thread.

Run against the installed package (ctest python.package; by hand:
`.venv/bin/python -m pytest surfaces/python/tests`); shared paths and
readers in puny_case.py.
"""
import copy
import gc
import os
import pickle

import pytest

import puny

from puny_case import SHARED, read_data


# ---- bulk ----

def test_many_returns_results_without_raising():
    names = ["Bücher.example", "a\u2028b.example", "ok.example", "-bad-.example"]
    results = puny.to_ascii_many(iter(names))  # any iterable
    assert [r.input for r in results] == names
    assert [r.output for r in results] == ["xn--bcher-kva.example", None, "ok.example", None]
    assert results[0].error is None
    assert isinstance(results[1].error, puny.DisallowedError)
    assert results[1].error.offset == 1
    assert isinstance(results[3].error, puny.LeadingHyphenError)
    # Each result equals what the single-name function does.
    for r in results:
        if r.error is None:
            assert puny.to_ascii(r.input) == r.output
    unicode = puny.to_unicode_many(["xn--bcher-kva.de", "xn--u-ccb"], preset="registration")
    assert unicode[0].output == "bücher.de" and isinstance(unicode[1].error, puny.NotNfcError)
    assert [r.output for r in puny.encode_many(["bücher", "abc"])] == ["bcher-kva", "abc-"]
    decoded = puny.decode_many(["bcher-kva", "ab!c"])
    assert decoded[0].output == "bücher" and decoded[1].error.code == "invalid_digit"
    with pytest.raises(TypeError):
        puny.to_ascii_many(["ok", 3])


def test_result_is_a_tuple_with_named_fields():
    import copy
    import gc
    import pickle
    ok, bad = puny.to_ascii_many(["bücher.de", "a\u2028b"])
    assert isinstance(ok, tuple) and type(ok) is puny.Result and len(ok) == 3
    assert ok == ("bücher.de", "xn--bcher-kva.de", None) and tuple(ok) == ok
    assert (ok.input, ok.output, ok.error) == (ok[0], ok[1], ok[2])
    assert hash(ok) == hash(("bücher.de", "xn--bcher-kva.de", None))
    given, output, error = ok
    assert output == "xn--bcher-kva.de" and error is None
    assert repr(ok) == "puny.Result(input='bücher.de', output='xn--bcher-kva.de', error=None)"
    assert puny.Result.__module__ == "puny" and puny.Result.__match_args__ == ("input", "output", "error")
    match bad:
        case puny.Result(input=i, output=None, error=puny.DisallowedError() as e):
            assert i == "a\u2028b" and e.offset == 1
        case _:
            raise AssertionError(repr(bad))
    for copied in (pickle.loads(pickle.dumps(ok)), copy.copy(ok), copy.deepcopy(ok)):
        assert type(copied) is puny.Result and copied == ok
    assert puny.Result(["a", "b", None]) == ("a", "b", None)
    with pytest.raises(TypeError):
        puny.Result(("a", "b"))
    with pytest.raises(AttributeError):
        ok.output = "x"
    # Results of str and None are left to reference counting; one holding
    # an Error can be in a cycle, and the collector sees it.
    assert not gc.is_tracked(ok) and gc.is_tracked(bad)
    import weakref
    error = weakref.ref(bad.error)
    bad.error.result = bad  # a cycle through the Error
    del bad, e  # (e: bound by the match above)
    gc.collect()
    assert error() is None
    # The bulk call leaves the collector as it found it.
    assert gc.isenabled()
    puny.to_ascii_many(["x.example"] * 10000)
    assert gc.isenabled()
    gc.disable()
    try:
        puny.to_ascii_many(["x.example"] * 10000)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_bulk_calls_never_switch_the_collector_off():
    # The collector is process-wide: a bulk call that disabled it while it
    # ran disabled it for every other thread too.  The iterable runs
    # Python code inside the call (as another thread would) and looks.
    seen = []

    def names():
        for i in range(5000):
            if i % 1000 == 0:
                seen.append(gc.isenabled())
            yield "x%d.example" % i

    for many in (puny.to_ascii_many, puny.to_unicode_many, puny.encode_many, puny.decode_many):
        seen.clear()
        many(names())
        assert seen and all(seen), many.__name__


class _Name(str):
    """A str subclass: its result must still be a plain str."""


def _single(function, item, **kwargs):
    try:
        return function(item, **kwargs), None
    except puny.Error as e:
        return None, (type(e), e.code, e.offset)


def test_many_on_several_threads_answers_as_the_single_calls():
    # Long enough for the bulk forms' threads (32,768 items a thread), with
    # items each pass must hand to the single call: errors, lone
    # surrogates, a str subclass, unchanged names, U+0000.
    awkward = ["a\u2028b.example", "x\udc00y.com", _Name("Sub.Example"), "ok.example",
               "-bad-.example", "b\u00fccher.de", "a\u0000b", "xn--a.com", ""]
    items = [awkward[i // 7 % len(awkward)] if i % 7 == 0 else "n\u00e4me%d.Example" % i
             for i in range(66000)]
    labels = [x.split(".")[0] for x in items]
    aces = [("bcher-kva" if i % 3 else x) for i, x in enumerate(labels)]
    cases = [(puny.to_ascii_many, puny.to_ascii, items, {}),
             (puny.to_ascii_many, puny.to_ascii, items, {"preset": "url"}),
             (puny.to_ascii_many, puny.to_ascii, items, {"preset": "idna2008"}),
             (puny.to_unicode_many, puny.to_unicode, items, {}),
             (puny.encode_many, puny.encode, labels, {}),
             (puny.decode_many, puny.decode, aces, {})]
    for bulk, single, inputs, kwargs in cases:
        results = bulk(iter(inputs), **kwargs)  # a generator is read once
        assert len(results) == len(inputs)
        failures = 0
        for item, r in zip(inputs, results):
            assert isinstance(r, tuple) and isinstance(r, puny.Result)
            given, output, error = r
            assert given is item
            expected, problem = _single(single, item, **kwargs)
            assert output == expected, (bulk.__name__, item)
            assert output is None or type(output) is str
            assert (error and (type(error), error.code, error.offset)) == problem, (bulk.__name__, item)
            failures += problem is not None
        assert failures > 0
    with pytest.raises(TypeError):
        puny.to_ascii_many(["ok"] * 5000 + [3])


def test_many_on_real_world_names():
    domains = read_data(os.path.join(SHARED, "bench", "data", "domains-idn.txt")).split("\n")
    expected = read_data(os.path.join(SHARED, "bench", "data",
                                      "domains-idn.expected.txt")).split("\n")
    domains, expected = domains[:2000], expected[:2000]
    results = puny.to_ascii_many(domains)
    assert [r.output or "" for r in results] == expected


def test_many_survives_another_thread_changing_the_list():
    # The bulk forms release the GIL while they convert: the list they were
    # given may change meanwhile (a copy of its items is what they read).
    import threading
    names = ["b\u00fccher%d.example" % i for i in range(6000)]
    shared = list(names)
    stop = threading.Event()

    def churn():
        while not stop.is_set():
            shared[:] = []
            shared.extend("x%d\u00e9.example" % i for i in range(6000))
            shared[:] = list(names)

    worker = threading.Thread(target=churn)
    worker.start()
    try:
        for _ in range(30):
            results = puny.to_ascii_many(shared)
            for r in results:
                assert r.error is None and r.output == puny.to_ascii(r.input)
    finally:
        stop.set()
        worker.join()
