"""puny.idna.compat: idna.compat's IDNA 2003 style names."""

from __future__ import annotations

from .core import decode, encode


def ToASCII(label: str) -> bytes:
    return encode(label)


def ToUnicode(label: bytes | bytearray) -> str:
    return decode(label)


def nameprep(s: object) -> None:
    raise NotImplementedError("IDNA2008 has no nameprep (RFC 3491 is IDNA2003's)")
