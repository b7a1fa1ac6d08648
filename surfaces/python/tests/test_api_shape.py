"""The package's shape: the stubs describe the runtime, the documented
example runs, errors pickle and cross a process pool, one rule for every
argument, signatures and real types.

Run against the installed package (ctest python.package; by hand:
`.venv/bin/python -m pytest surfaces/python/tests`); shared paths and
readers in puny_case.py.
"""
import ast
import copy
import inspect
import os
import pickle
import re
import subprocess
import sys

import pytest

import puny

from puny_case import CHECKOUT, read_data


# ---- the stubs describe the runtime ----

def test_stubs_match_runtime():
    stub_path = os.path.join(os.path.dirname(puny.__file__), "__init__.pyi")
    assert os.path.exists(os.path.join(os.path.dirname(puny.__file__), "py.typed"))
    tree = ast.parse(read_data(stub_path))
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    for name in puny.__all__:
        obj = getattr(puny, name)
        if name in ("Preset", "DisplayProfile"):  # typing aliases
            assert re.search(r"^%s = " % name, read_data(stub_path), re.M), name
        elif isinstance(obj, type):
            assert name in classes, name
        elif callable(obj):
            assert name in functions, name
            stub = functions[name].args
            stub_names = [a.arg for a in stub.posonlyargs + stub.args + stub.kwonlyargs]
            # Python and C++ functions alike (text signatures).
            runtime = [p for p in inspect.signature(obj).parameters
                       if inspect.signature(obj).parameters[p].kind
                       not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)]
            assert stub_names == runtime, (name, stub_names, runtime)


# ---- The documented example ----

def test_documented_python_example():
    doc = read_data(os.path.join(CHECKOUT, "docs", "c-and-python.md"))
    example = read_data(os.path.join(CHECKOUT, "examples", "python_example.py"))
    block = "```python\n" + example + "```"
    assert block in doc, "docs/c-and-python.md must show examples/python_example.py verbatim"
    after = doc[doc.index(block) + len(block):]
    printed = re.search(r"```text\n(.*?)```", after, re.S)
    assert printed, "docs/c-and-python.md must show the example's output in a ```text block after it"
    run = subprocess.run([sys.executable, os.path.join(CHECKOUT, "examples", "python_example.py")],
                         capture_output=True, text=True, check=True)
    assert run.stdout == printed.group(1)


# ---- issue 45: errors cross processes, one rule for arguments, signatures ----

def _convert_in_worker(domain):
    return puny.to_ascii(domain)


def _bulk_in_worker(domains):
    return puny.to_ascii_many(domains)


def test_errors_pickle_and_copy():
    for name, cls in puny.ERROR_CLASSES.items():
        e = cls("message of " + name, name, "V7", 3, 1, 0x2028, "input", "best")
        e.extra = [1, 2]  # any attribute a caller sets comes along
        for c in (pickle.loads(pickle.dumps(e)), copy.copy(e), copy.deepcopy(e)):
            assert type(c) is cls and str(c) == str(e) and c.args == e.args
            assert c.__dict__ == e.__dict__, name
    with pytest.raises(puny.DisallowedError) as info:
        puny.to_ascii("a\u2028b.example")
    c = pickle.loads(pickle.dumps(info.value))
    assert (c.code, c.uts46_code, c.offset, c.label, c.code_point, c.input) == \
        ("disallowed", "V7", 1, 0, 0x2028, "a\u2028b.example")
    with pytest.raises(puny.DisallowedError) as info:
        puny.to_ascii("\u216b.com", "idna2008")
    assert pickle.loads(pickle.dumps(info.value)).uts46_code is None  # set after __init__


def test_errors_cross_a_process_pool():
    import concurrent.futures
    import multiprocessing
    ctx = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing inherited
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        good = list(pool.map(_convert_in_worker, ["b\u00fccher.de", "a.example"]))
        assert good == ["xn--bcher-kva.de", "a.example"]
        with pytest.raises(puny.DisallowedError) as info:
            list(pool.map(_convert_in_worker, ["ok.example", "a\u2028b.example"]))
        assert info.value.offset == 1 and info.value.code_point == 0x2028
        results = pool.submit(_bulk_in_worker, ["ok.example", "a\u2028b", "-x.com"]).result()
    assert [type(r) for r in results] == [puny.Result] * 3
    assert results[0] == ("ok.example", "ok.example", None)
    assert type(results[1].error) is puny.DisallowedError and results[1].error.offset == 1


def _public_functions():
    """Every public callable of the package with a valid call: (name, f, args, kwargs)."""
    psl = puny.PublicSuffixList.parse("uk\nco.uk\n")
    top = puny.ProtectedDomains.parse("google.com\n")
    return [
        ("to_ascii", puny.to_ascii, ("a.example",), {}),
        ("to_unicode", puny.to_unicode, ("a.example",), {}),
        ("to_ascii_many", puny.to_ascii_many, (["a.example"],), {}),
        ("to_unicode_many", puny.to_unicode_many, (["a.example"],), {}),
        ("encode", puny.encode, ("abc",), {}),
        ("decode", puny.decode, ("abc-",), {}),
        ("encode_many", puny.encode_many, (["abc"],), {}),
        ("decode_many", puny.decode_many, (["abc-"],), {}),
        ("idna2008_register", puny.idna2008_register, ("a.example",), {}),
        ("idna2008_lookup", puny.idna2008_lookup, ("a.example",), {}),
        ("explain", puny.explain, ("a.example",), {}),
        ("display", puny.display, ("a.example",), {"psl": None}),
        ("to_display", puny.to_display, ("a.example",), {"psl": None}),
        ("skeleton", puny.skeleton, ("abc",), {}),
        ("presets", puny.presets, (), {}),
        ("display_profiles", puny.display_profiles, (), {}),
        ("display_reasons", puny.display_reasons, (), {}),
        ("PublicSuffixList.parse", puny.PublicSuffixList.parse, ("uk\n",), {}),
        ("PublicSuffixList.registrable_domain", psl.registrable_domain, ("a.co.uk",), {}),
        ("ProtectedDomains.parse", puny.ProtectedDomains.parse, ("google.com\n",), {}),
        ("ProtectedDomains.lookalike_of", top.lookalike_of, ("g00gle.com",), {}),
    ]


def test_one_rule_for_every_argument():
    # Flags: True, False, or None (the preset's or function's default);
    # anything else (1, 0, "yes") is a TypeError, in every function.
    # Text (names, presets, profiles, list text): str only, never bytes.
    checked = set()
    for name, f, args, kwargs in _public_functions():
        f(*args, **kwargs)  # the valid call works
        params = inspect.signature(f).parameters
        flags = [p for p in params if p in ("mixed_case", "check_bidi") or
                 (p.startswith(("check_", "use_", "transitional", "verify", "ignore", "allow",
                                "forbid")))]
        for flag in flags:
            for good in (True, False, None):
                f(*args, **dict(kwargs, **{flag: good}))
            for wrong in (1, 0, "yes", 1.0):
                with pytest.raises(TypeError):
                    f(*args, **dict(kwargs, **{flag: wrong}))
            checked.add(name)
        for text in ("preset", "profile", "output", "source"):
            if text in params:
                with pytest.raises(TypeError):
                    f(*args, **dict(kwargs, **{text: text.encode()}))
                checked.add(name)
        if args and isinstance(args[0], str):
            with pytest.raises(TypeError):
                f(args[0].encode(), *args[1:], **kwargs)
            checked.add(name)
    assert {"to_ascii", "to_ascii_many", "encode", "encode_many", "decode_many", "idna2008_register",
            "display", "PublicSuffixList.registrable_domain"} <= checked
    # None keeps the default: RFC 5891's Bidi check stays on.
    with pytest.raises(puny.BidiError):
        puny.idna2008_register("0a.\u05D0\u05D1", check_bidi=None)
    with pytest.raises(puny.BidiError):
        puny.idna2008_register("0a.\u05D0\u05D1")
    assert puny.idna2008_register("0a.\u05D0\u05D1", check_bidi=False) == "0a.xn--4dbc"
    # Preset names ignore ASCII case, as in the CLI, C and SQL.
    assert puny.to_ascii("\u216b.com", "UTS46-Strict") == "xii.com"
    with pytest.raises(puny.DisallowedError):
        puny.to_ascii("\u216b.com", "IDNA2008")
    assert puny.to_ascii_many(["-x.com"], "Registration")[0].error.code == "leading_hyphen"


def test_every_function_has_a_signature():
    stub_path = os.path.join(os.path.dirname(puny.__file__), "__init__.pyi")
    tree = ast.parse(read_data(stub_path))
    stubs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for f in cls.body:
            if isinstance(f, ast.FunctionDef):
                stubs[cls.name + "." + f.name] = f
    for name, f, _, _ in _public_functions():
        sig = inspect.signature(f)  # raised ValueError for every C++ function
        stub = stubs[name].args
        names = [a.arg for a in stub.posonlyargs + stub.args + stub.kwonlyargs]
        if names and names[0] == "self":
            names = names[1:]  # bound: the signature has no self
        runtime = [p for p, v in sig.parameters.items()
                   if v.kind not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)]
        assert runtime == names, (name, runtime, names)


def test_preset_and_display_profile_types_are_real():
    import typing
    assert typing.get_args(puny.Preset) == tuple(puny.PRESETS) + tuple(puny.PRESET_ALIASES)
    assert typing.get_args(puny.DisplayProfile) == tuple(puny.display_profiles())
    assert "Preset" in puny.__all__ and "DisplayProfile" in puny.__all__
