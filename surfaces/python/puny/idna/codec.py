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


def _complete_labels(data: str, final: bool) -> tuple[list[str], bool, int]:
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
    # CPython calls _buffer_encode for (output, consumed); typeshed says bytes.
    def _buffer_encode(self, data: str, errors: str, final: bool) -> tuple[bytes, int]:  # type: ignore[override]
        _strict(errors)
        if not data:
            return b"", 0
        labels, trailing_dot, size = _complete_labels(data, final)
        return b".".join(alabel(label) for label in labels) + (b"." if trailing_dot else b""), size


class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
    # BufferedIncrementalDecoder passes its buffer, bytes (typeshed: any buffer).
    def _buffer_decode(self, data: bytes, errors: str, final: bool) -> tuple[str, int]:  # type: ignore[override]
        _strict(errors)
        if not data:
            return "", 0
        text: str = data if isinstance(data, str) else str(data, "ascii")
        labels, trailing_dot, size = _complete_labels(text, final)
        return ".".join(ulabel(label) for label in labels) + ("." if trailing_dot else ""), size


class StreamWriter(Codec, codecs.StreamWriter):
    pass


class StreamReader(Codec, codecs.StreamReader):
    pass


def search_function(name: str) -> codecs.CodecInfo | None:
    if name != "idna2008":
        return None
    # typeshed's _Encoder/_Decoder name the first parameter "input"; idna's is "data".
    return codecs.CodecInfo(
        name=name,
        encode=Codec().encode,  # type: ignore[arg-type]
        decode=Codec().decode,  # type: ignore[arg-type]
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamwriter=StreamWriter,
        streamreader=StreamReader,
    )


codecs.register(search_function)
