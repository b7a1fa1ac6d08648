"""puny.idna.core: the functions and exceptions of idna.core (kjd/idna 3.x)
on puny's engine.  The work is done in C++ (surfaces/python/src/idna_api.cpp)
on the library's Unicode tables; this module gives each function idna's
name, parameters, defaults and accepted input types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _puny


class IDNAError(UnicodeError):
    """Base exception for every IDNA encoding or decoding problem.

    The message (``str(e)``, ``e.args[0]``) is idna's own text for the same
    failure ("Label too long", "Domain too long", "Codepoint U+2488 not
    allowed at position 1 in '⒈a'", ...), which programs written for idna
    match; ``detail`` is puny's description of it (which rule failed, and
    where), or None for an error raised by code other than puny.idna's."""

    detail: "str | None" = None


class IDNABidiError(IDNAError):
    """A label breaks the Bidi rule (RFC 5893)."""


class InvalidCodepoint(IDNAError):
    """A code point is not allowed (DISALLOWED, UNASSIGNED, or refused by UTS #46 mapping)."""


class InvalidCodepointContext(IDNAError):
    """A CONTEXTJ or CONTEXTO code point is not in a context RFC 5892 allows."""


_puny.idna_register(IDNAError, IDNABidiError, InvalidCodepoint, InvalidCodepointContext)

_alabel_prefix = b"xn--"


def _error(message: str, detail: str) -> IDNAError:
    """IDNAError with idna's message and puny's detail (as the C++ side raises them)."""
    error = IDNAError(message)
    error.detail = detail
    return error


def valid_label_length(label: bytes | str) -> bool:
    """At most 63 (RFC 1035 section 2.3.4)."""
    return len(label) <= 63


def valid_string_length(label: bytes | str, trailing_dot: bool) -> bool:
    """At most 253, or 254 with the root dot."""
    return len(label) <= (254 if trailing_dot else 253)


def check_bidi(label: str, check_ltr: bool = False) -> bool:
    _puny.idna_check_bidi(label, bool(check_ltr))
    return True


def check_initial_combiner(label: str) -> bool:
    _puny.idna_check_initial_combiner(label)
    return True


def check_hyphen_ok(label: str) -> bool:
    _puny.idna_check_hyphen_ok(label)
    return True


def check_nfc(label: str) -> None:
    _puny.idna_check_nfc(label)


def valid_contextj(label: str, pos: int) -> bool:
    return _puny.idna_valid_contextj(label, pos)


def valid_contexto(label: str, pos: int, exception: bool = False) -> bool:
    return _puny.idna_valid_contexto(label, pos)


def check_label(label: str | bytes | bytearray) -> None:
    if isinstance(label, (bytes, bytearray)):
        label = label.decode("utf-8")
    _puny.idna_check_label(label)


def alabel(label: str) -> bytes:
    if isinstance(label, str):
        return _puny.idna_alabel(label)
    # idna begins with label.encode("ascii"): AttributeError for bytes, None,
    # numbers; whatever an object's encode() returns is then a bytes label.
    label_bytes = label.encode("ascii")
    ulabel(label_bytes)
    if not valid_label_length(label_bytes):
        raise _error("Label too long", "label %r is longer than 63 bytes (%d)" % (label, len(label_bytes)))
    return label_bytes


def ulabel(label: str | bytes | bytearray) -> str:
    if isinstance(label, str):
        return _puny.idna_ulabel(label)
    if not isinstance(label, (bytes, bytearray)):
        label = label.encode("ascii")  # as idna: AttributeError for non-text objects
    # Bytes: idna lowercases them as bytes; only ASCII can be a label.
    label_bytes = bytes(label).lower()
    if label_bytes.startswith(_alabel_prefix):
        rest = label_bytes[len(_alabel_prefix):]
        if not rest:
            raise _error("Malformed A-label, no Punycode eligible content found",
                         "A-label %r has nothing after xn--" % (label,))
        if rest.decode("ascii")[-1] == "-":
            raise _error("A-label must not end with a hyphen", "A-label %r ends with a hyphen" % (label,))
        return _puny.idna_ulabel(label_bytes.decode("ascii"))
    check_label(label_bytes)
    return label_bytes.decode("ascii")


def uts46_remap(domain: str, std3_rules: bool = True, transitional: bool = False) -> str:
    """UTS #46 section 4 steps 1-2 (Map, NFC) of `domain`, no validation."""
    return _puny.idna_uts46_remap(domain, bool(std3_rules), bool(transitional))


# encode(s, strict=False, uts46=False, std3_rules=False, transitional=False)
# -> bytes and decode(s, strict=False, uts46=False, std3_rules=False) -> str
# are the C functions themselves (no Python frame on the hot path); like
# idna they take a str, or ASCII bytes-like input (str(s, "ascii")).
if TYPE_CHECKING:
    def encode(s: str | bytes | bytearray | memoryview, strict: bool = False, uts46: bool = False,
               std3_rules: bool = False, transitional: bool = False) -> bytes: ...

    def decode(s: str | bytes | bytearray | memoryview, strict: bool = False, uts46: bool = False,
               std3_rules: bool = False) -> str: ...
else:
    encode = _puny.idna_encode
    decode = _puny.idna_decode
