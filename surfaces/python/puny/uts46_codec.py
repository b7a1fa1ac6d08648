"""The "uts46" text codec: UTS #46 ToASCII / ToUnicode of a whole domain
name with puny's default preset, registered when puny is imported.

    "bücher.example".encode("uts46")        # b'xn--bcher-kva.example'
    b"xn--bcher-kva.example".decode("uts46")  # 'bücher.example'

Unlike the standard library's "idna" codec (IDNA2003, and quadratic on long
input, python/cpython#157675) it is linear in its input: one call of the
library per conversion.  Errors raise UnicodeEncodeError / UnicodeDecodeError
whose start/end are the failing code point or byte and whose reason is the
library's message (the puny.Error is chained as __cause__).  Only
errors="strict" is supported.  The incremental encoder and decoder keep the
input until the final call, so a name is converted once, as a whole (UTS #46
checks such as Bidi span labels).
"""

import codecs

from . import _puny


def _strict(errors):
    if errors != "strict":
        raise UnicodeError('the uts46 codec supports errors="strict" only, not "%s"' % errors)


def encode(text, errors="strict"):
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


def decode(data, errors="strict"):
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


class Codec(codecs.Codec):
    def encode(self, text, errors="strict"):
        return encode(text, errors)

    def decode(self, data, errors="strict"):
        return decode(data, errors)


class IncrementalEncoder(codecs.BufferedIncrementalEncoder):
    def _buffer_encode(self, text, errors, final):
        if not final:
            return b"", 0  # kept in self.buffer until the final call
        return encode(text, errors)


class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
    def _buffer_decode(self, data, errors, final):
        if not final:
            return "", 0
        return decode(data, errors)


class StreamWriter(Codec, codecs.StreamWriter):
    pass


class StreamReader(Codec, codecs.StreamReader):
    pass


def search_function(name):
    if name != "uts46":
        return None
    return codecs.CodecInfo(name="uts46", encode=encode, decode=decode,
                            incrementalencoder=IncrementalEncoder, incrementaldecoder=IncrementalDecoder,
                            streamwriter=StreamWriter, streamreader=StreamReader)


# Registered by puny/__init__.py, which imports this module on first lookup.
