"""puny.idna.codec: the "idna2008" codec of idna.codec (kjd/idna 3.5 and
later), registered with codecs.register when this module is imported, as
idna does.  Encoding is idna.encode, decoding idna.decode; the incremental
forms convert each complete label once (a label is complete when a dot
follows it, or at the final call)."""

from __future__ import annotations

import codecs
import re

from .core import IDNAError, alabel, decode, encode, ulabel

_unicode_dots_re = re.compile("[\u002e\u3002\uff0e\uff61]")


def _strict(errors: str) -> None:
    if errors != "strict":
        raise IDNAError('the idna2008 codec supports errors="strict" only, not "%s"' % errors)


class Codec(codecs.Codec):
    def encode(self, data: str, errors: str = "strict") -> tuple[bytes, int]:
        _strict(errors)
        if not data:
            return b"", 0
        return encode(data), len(data)

    def decode(self, data: bytes, errors: str = "strict") -> tuple[str, int]:
        _strict(errors)
        if not data:
            return "", 0
        return decode(data), len(data)


def _complete_labels(data, final):
    """(labels to convert now, trailing dot?, number of input characters they use)."""
    labels = _unicode_dots_re.split(data)
    trailing_dot = False
    if not labels[-1]:
        trailing_dot = True
        del labels[-1]
    elif not final:
        del labels[-1]  # may go on in the next call
        trailing_dot = bool(labels)
    size = sum(len(label) for label in labels) + max(len(labels) - 1, 0) + trailing_dot
    return labels, trailing_dot, size


class IncrementalEncoder(codecs.BufferedIncrementalEncoder):
    def _buffer_encode(self, data: str, errors: str, final: bool) -> tuple[bytes, int]:
        _strict(errors)
        if not data:
            return b"", 0
        labels, trailing_dot, size = _complete_labels(data, final)
        return b".".join(alabel(label) for label in labels) + (b"." if trailing_dot else b""), size


class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
    def _buffer_decode(self, data: object, errors: str, final: bool) -> tuple[str, int]:
        _strict(errors)
        if not data:
            return "", 0
        if not isinstance(data, str):
            data = str(data, "ascii")
        labels, trailing_dot, size = _complete_labels(data, final)
        return ".".join(ulabel(label) for label in labels) + ("." if trailing_dot else ""), size


class StreamWriter(Codec, codecs.StreamWriter):
    pass


class StreamReader(Codec, codecs.StreamReader):
    pass


def search_function(name: str) -> codecs.CodecInfo | None:
    if name != "idna2008":
        return None
    return codecs.CodecInfo(
        name=name,
        encode=Codec().encode,
        decode=Codec().decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamwriter=StreamWriter,
        streamreader=StreamReader,
    )


codecs.register(search_function)
