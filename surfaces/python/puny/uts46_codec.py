"""The "uts46" text codec: UTS #46 ToASCII / ToUnicode of a whole domain
name with puny's default preset, registered when puny is imported.

    "bücher.example".encode("uts46")        # b'xn--bcher-kva.example'
    b"xn--bcher-kva.example".decode("uts46")  # 'bücher.example'

Unlike the standard library's "idna" codec (IDNA2003, and quadratic on long
input, python/cpython#157675) it is linear in its input: one call of the
library per conversion.  Errors raise UnicodeEncodeError / UnicodeDecodeError
whose start/end are the failing code point or byte and whose reason is the
library's message (the puny.Error is chained as __cause__).  Only
errors="strict" is supported.

Streams: the incremental encoder (what open(path, "w", encoding="uts46")
writes with) and the stream writer take the text of each call as whole
names, one a line: every line is converted at once and the line breaks are
kept, so `f.write("bücher.de")` and `print(name, file=f)` write the name
(TextIOWrapper never makes the final call that would flush a held-back
tail: keeping text until then lost all of it).  A name must therefore not
be split across two writes.  The incremental decoder and the stream reader
convert each line once it is complete (the last one at the final call,
which reading makes), so a name is converted once, as a whole (UTS #46
checks such as Bidi span labels).
"""

import codecs
import re
from typing import Optional, Tuple, Union

_Bytes = Union[bytes, bytearray, memoryview]

from . import _puny


def _strict(errors: str) -> None:
    if errors != "strict":
        raise UnicodeError('the uts46 codec supports errors="strict" only, not "%s"' % errors)


def encode(text: str, errors: str = "strict") -> Tuple[bytes, int]:
    _strict(errors)
    text = str(text)
    if not text:
        return b"", 0
    try:
        out = _puny.to_ascii(text)
    except ValueError as e:  # puny.Error
        start = min(getattr(e, "offset", 0), max(len(text) - 1, 0))
        raise UnicodeEncodeError("uts46", text, start, start + 1, str(e)) from e
    return out.encode("ascii"), len(text)


def decode(data: _Bytes, errors: str = "strict") -> Tuple[str, int]:
    _strict(errors)
    data = bytes(data)
    if not data:
        return "", 0
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UnicodeDecodeError("uts46", data, e.start, e.end, "ill-formed UTF-8") from e
    try:
        out = _puny.to_unicode(text)
    except ValueError as e:
        index = getattr(e, "offset", 0)
        start = len(text[:index].encode("utf-8"))
        raise UnicodeDecodeError("uts46", data, min(start, len(data) - 1), min(start + 1, len(data)), str(e)) from e
    return out, len(data)


_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")


def encode_lines(text: str, errors: str = "strict") -> Tuple[bytes, int]:
    """encode() of each line of `text`, the line breaks kept as they are."""
    _strict(errors)
    text = str(text)
    out = []
    at = 0
    for piece in _LINE_BREAK.split(text):
        if piece in ("\r\n", "\r", "\n"):
            out.append(piece.encode("ascii"))
        elif piece:
            try:
                out.append(encode(piece, errors)[0])
            except UnicodeEncodeError as e:
                raise UnicodeEncodeError("uts46", text, at + e.start, at + e.end, e.reason) from e.__cause__
        at += len(piece)
    return b"".join(out), len(text)


_BYTE_LINE_BREAK = re.compile(rb"(\r\n|\r|\n)")


def decode_lines(data: _Bytes, errors: str = "strict") -> Tuple[str, int]:
    """decode() of each line of `data`, the line breaks kept as they are."""
    _strict(errors)
    data = bytes(data)
    out = []
    at = 0
    for piece in _BYTE_LINE_BREAK.split(data):
        if piece in (b"\r\n", b"\r", b"\n"):
            out.append(piece.decode("ascii"))
        elif piece:
            try:
                out.append(decode(piece, errors)[0])
            except UnicodeDecodeError as e:
                raise UnicodeDecodeError("uts46", data, at + e.start, at + e.end, e.reason) from e.__cause__
        at += len(piece)
    return "".join(out), len(data)


class Codec(codecs.Codec):
    def encode(self, text: str, errors: str = "strict") -> Tuple[bytes, int]:
        return encode(text, errors)

    def decode(self, data: _Bytes, errors: str = "strict") -> Tuple[str, int]:
        return decode(data, errors)


class IncrementalEncoder(codecs.IncrementalEncoder):
    def encode(self, text: str, final: bool = False) -> bytes:
        return encode_lines(text, self.errors)[0]


class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
    # BufferedIncrementalDecoder passes its buffer, bytes (typeshed: any buffer).
    def _buffer_decode(self, data: bytes, errors: str, final: bool) -> Tuple[str, int]:  # type: ignore[override]
        if final:
            return decode_lines(data, errors)
        # Whole lines now; the last, unfinished one (or a "\r" that a "\n"
        # may follow) is kept for the next call.
        end = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
        return decode_lines(data[:end], errors)


class StreamWriter(Codec, codecs.StreamWriter):
    def encode(self, text: str, errors: str = "strict") -> Tuple[bytes, int]:
        return encode_lines(text, errors)


class StreamReader(Codec, codecs.StreamReader):
    def decode(self, data: _Bytes, errors: str = "strict") -> Tuple[str, int]:
        return decode_lines(data, errors)


def search_function(name: str) -> Optional[codecs.CodecInfo]:
    if name != "uts46":
        return None
    # typeshed's _Encoder/_Decoder name the first parameter "input".
    return codecs.CodecInfo(name="uts46", encode=encode, decode=decode,  # type: ignore[arg-type]
                            incrementalencoder=IncrementalEncoder, incrementaldecoder=IncrementalDecoder,
                            streamwriter=StreamWriter, streamreader=StreamReader)


# Registered by puny/__init__.py, which imports this module on first lookup.
