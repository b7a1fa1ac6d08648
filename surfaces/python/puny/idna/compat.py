"""puny.idna.compat: idna.compat's IDNA 2003 style names."""

from typing import Any, Union

from .core import decode, encode


def ToASCII(label: str) -> bytes:
    return encode(label)


def ToUnicode(label: Union[bytes, bytearray]) -> str:
    return decode(label)


def nameprep(s: Any) -> None:
    raise NotImplementedError("IDNA2008 has no nameprep (RFC 3491 is IDNA2003's)")
