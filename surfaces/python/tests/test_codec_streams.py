"""The "uts46" codec on streams (issue 52): open(path, "w",
encoding="uts46").write("bücher.de") wrote nothing (the incremental encoder
kept everything for a final call TextIOWrapper never makes).  Each write's
text is whole names, one a line; reading converts each line."""

import codecs

import pytest

import puny  # noqa: F401  (registers the codec)


def test_text_file_write_and_read(tmp_path):
    path = tmp_path / "names.txt"
    with open(path, "w", encoding="uts46") as f:
        f.write("b\u00fccher.de")
    assert path.read_bytes() == b"xn--bcher-kva.de"
    with open(path, "w", encoding="uts46", newline="") as f:
        print("B\u00fccher.de", file=f)
        print("\u30c9\u30e1\u30a4\u30f3.\u30c6\u30b9\u30c8", file=f)
        f.write("a.example\r\nxn--bcher-kva.example")
    assert path.read_bytes() == (b"xn--bcher-kva.de\nxn--eckwd4c7c.xn--zckzah\n"
                                 b"a.example\r\nxn--bcher-kva.example")
    with open(path, encoding="uts46", newline="") as f:
        assert f.read() == ("b\u00fccher.de\n\u30c9\u30e1\u30a4\u30f3.\u30c6\u30b9\u30c8\n"
                            "a.example\r\nb\u00fccher.example")


def test_stream_writer_and_reader(tmp_path):
    path = tmp_path / "names.txt"
    with codecs.open(str(path), "w", "uts46") as f:
        f.write("b\u00fccher.de\nm\u00fcnchen.de\n")
    assert path.read_bytes() == b"xn--bcher-kva.de\nxn--mnchen-3ya.de\n"
    with codecs.open(str(path), "r", "uts46") as f:
        assert f.read() == "b\u00fccher.de\nm\u00fcnchen.de\n"


def test_errors_point_into_the_written_text(tmp_path):
    with pytest.raises(UnicodeEncodeError) as e:
        with open(tmp_path / "bad.txt", "w", encoding="uts46") as f:
            f.write("ok.de\na/b.de")
    assert (e.value.start, e.value.end) == (7, 8)
    assert isinstance(e.value.__cause__, puny.ForbiddenDomainCodePointError)


def test_incremental_decoder_across_chunks():
    chunks = [b"xn--bch", b"er-kva.", b"de\r", b"\nxn--", b"zckzah"]
    assert "".join(codecs.iterdecode(chunks, "uts46")) == "b\u00fccher.de\r\n\u30c6\u30b9\u30c8"
    assert b"".join(codecs.iterencode(["b\u00fccher.de\n", "x.org"], "uts46")) == b"xn--bcher-kva.de\nx.org"
