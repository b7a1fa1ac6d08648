"""List files that are not lists (issue 50): every Python entry point that loads a
list from a path (PublicSuffixList.load, ProtectedDomains.load,
puny.hunt.BrandIndex.load, and the psl=/top_domains= paths of puny.display,
puny.to_display, puny.email and puny.hunt.BrandIndex) raises FileUnreadableError
naming the path for a directory, an empty file, a FIFO or a device, and returns
at once for a FIFO that has no writer (each call runs in a thread given 10 s).
"""

import os
import threading

import pytest

import puny
import puny.email
import puny.hunt


def _loads(tmp_path):
    brands = tmp_path / "brands.txt"
    brands.write_text("paypal.com\n", encoding="utf-8")
    return {
        "PublicSuffixList.load": lambda p: puny.PublicSuffixList.load(p),
        "ProtectedDomains.load": lambda p: puny.ProtectedDomains.load(p),
        "BrandIndex.load": lambda p: puny.hunt.BrandIndex.load(p, psl=None),
        "BrandIndex(psl=path)": lambda p: puny.hunt.BrandIndex(["paypal.com"], psl=p),
        "BrandIndex.load(psl=path)": lambda p: puny.hunt.BrandIndex.load(str(brands), psl=p),
        "display(psl=path)": lambda p: puny.display("b\u00fccher.de", psl=p),
        "to_display(top_domains=path)": lambda p: puny.to_display("b\u00fccher.de", psl=None, top_domains=p),
        "email(psl=path)": lambda p: puny.email.validate("a@b\u00fccher.de", display_profile="chromium", psl=p),
    }


def _bad_files(tmp_path):
    directory = tmp_path / "a-directory"
    directory.mkdir()
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    fifo = tmp_path / "a-fifo"
    os.mkfifo(fifo)
    return [(str(directory), "is a directory"), (str(empty), "is empty"),
            (str(fifo), "is a FIFO"), ("/dev/zero", "is a character device")]


def _call_with_timeout(f, path):
    """f(path)'s exception, failing the test if f blocks for 10 s."""
    box = {}

    def target():
        try:
            f(path)
            box["raised"] = None
        except BaseException as e:  # noqa: BLE001 - handed to the test
            box["raised"] = e

    t = threading.Thread(target=target, daemon=True)
    t.start()
    t.join(10)
    if t.is_alive():
        pytest.fail("%s is still loading after 10 s (blocked on it?)" % path)
    return box["raised"]


def test_every_path_entry_refuses_what_is_not_a_list_file(tmp_path):
    loads = _loads(tmp_path)
    for path, kind in _bad_files(tmp_path):
        for name, load in loads.items():
            e = _call_with_timeout(load, path)
            assert isinstance(e, puny.FileUnreadableError), (name, path, e)
            assert ("%s: %s" % (path, kind)) in str(e), (name, str(e))


def test_a_regular_file_still_loads(tmp_path):
    brands = tmp_path / "brands.txt"
    brands.write_text("# brands\npaypal.com\n", encoding="utf-8")
    assert len(puny.hunt.BrandIndex.load(str(brands), psl=None)) == 1
    top = tmp_path / "top.list"
    top.write_text("google.com\n", encoding="utf-8")
    assert len(puny.ProtectedDomains.load(str(top))) == 1


def test_syntax_error_offsets_index_the_file_read_once(tmp_path):
    # The offset is a str index into the text that was parsed (read once now,
    # where the file used to be read a second time for it).
    text = "b\u00fccher.de\n\u0440\u043e\u0441\u0441\u0438\u044f.example\nnot a domain\n"
    bad = tmp_path / "bad.list"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.ProtectedDomains.load(str(bad))
    assert info.value.label == 3 and info.value.offset == text.index("not a domain")
    brands = tmp_path / "bad-brands.txt"
    brands.write_text("b\u00fccher.de\npaypal.com colour=red\n", encoding="utf-8")
    with pytest.raises(puny.ListSyntaxError) as info:
        puny.hunt.BrandIndex.load(str(brands), psl=None)
    assert info.value.label == 2 and info.value.offset == len("b\u00fccher.de\n")
