"""puny: Punycode (RFC 3492), IDNA (UTS #46 ToASCII / ToUnicode) and IDNA2008
(RFC 5891 registration and lookup) for Python.

Bindings to the puny C++ library (UTS #46 revision 35; the Unicode version is
`puny.unicode_version`).

    >>> import puny
    >>> puny.to_ascii("Bücher.example")
    'xn--bcher-kva.example'
    >>> puny.to_unicode("xn--bcher-kva.example")
    'bücher.example'
    >>> puny.encode("bücher"), puny.decode("bcher-kva")
    ('bcher-kva', 'bücher')

Errors raise a subclass of puny.Error (itself a ValueError) that says what
failed and where: .code ("disallowed"), .uts46_code ("V7"), .offset (index
into the str you passed), .label, .code_point.  The *_many functions take an
iterable and return one Result per item without raising for bad names.
"""

from __future__ import annotations

import codecs

from . import _puny

__version__ = "0.1.0"
unicode_version: str = _puny.unicode_version

#: Preset names accepted by the IDNA functions, from the library's one
#: registry (the CLI's --preset names): "uts46", "url", "url-strict",
#: "uts46-strict", "idna2008", "idna2008-lookup".
PRESETS = tuple(p["name"] for p in _puny.presets())
#: Former names still accepted, each with the preset it stands for
#: ("registration" -> "uts46-strict", "url_strict" -> "url-strict").
PRESET_ALIASES = dict(_puny.preset_aliases())
# Preset (the type of a preset argument: the names and aliases above, from
# the library's registry; a type checker reads the same list in
# __init__.pyi; ASCII case is ignored, "UTS46-Strict", as in every surface)
# and DisplayProfile (the library's display profile names) are typing
# Literals built on first use (__getattr__ below), like the display types.


def presets() -> List[dict]:
    """Every preset: {"name", "description", "family"} ("uts46" or "idna2008")."""
    return _puny.presets()


class Error(ValueError):
    """A conversion failed.  Attributes say what and where.

    code        stable name of the error kind, e.g. "invalid_digit"
    uts46_code  UTS #46 status code ("P4", "V7", "B1", ...) or None
    offset      index into the input str of the failure
    label       0-based label index (IDNA functions), None for Punycode
    code_point  the offending code point as an int, or None
    input       the input str
    best_effort to_unicode: the best-effort output (U+FFFD where UTS #46
                marks errors); None otherwise
    """

    def __init__(self, message: str, code: str, uts46_code: Optional[str], offset: int,
                 label: Optional[int], code_point: Optional[int], input: str,
                 best_effort: Optional[str] = None) -> None:
        super().__init__(message)
        self.code = code
        self.uts46_code = uts46_code
        self.offset = offset
        self.label = label
        self.code_point = code_point
        self.input = input
        self.best_effort = best_effort

    # pickle and copy: an exception is rebuilt from its args, which hold
    # only the message here, so say how to call __init__ again; the
    # attributes' current values (uts46_code may have been set after
    # __init__) come back as the state.  Errors then cross processes
    # (ProcessPoolExecutor, multiprocessing) like any ValueError.
    def __reduce__(self):
        message = self.args[0] if self.args else ""
        return (type(self), (message, self.code, self.uts46_code, self.offset, self.label,
                             self.code_point, self.input, self.best_effort), self.__dict__)


# ---- categories ----

class InputError(Error):
    """The input is not well-formed (a lone surrogate in the str)."""


class PunycodeError(Error):
    """RFC 3492 encoding or decoding failed (also P4 inside an xn-- label)."""


class IdnaError(Error):
    """A UTS #46 processing or validity check failed."""


# ---- one class per error kind (the C++ puny::errc names) ----

class InvalidUtf8Error(InputError): pass
class InvalidUtf16Error(InputError): pass
class InvalidCodePointError(InputError): pass
class InputTooLongError(InputError): pass
class NonBasicBeforeDelimiterError(PunycodeError): pass
class InvalidDigitError(PunycodeError): pass
class TruncatedNumberError(PunycodeError): pass
class PunycodeOverflowError(PunycodeError): pass
class DecodedOutOfRangeError(PunycodeError): pass
class DisallowedError(IdnaError): pass
class Std3DisallowedError(IdnaError): pass
class InvalidAceLabelError(IdnaError): pass
class NotNfcError(IdnaError): pass
class Hyphen34Error(IdnaError): pass
class LeadingHyphenError(IdnaError): pass
class TrailingHyphenError(IdnaError): pass
class AcePrefixError(IdnaError): pass
class LabelHasDotError(IdnaError): pass
class LeadingCombiningMarkError(IdnaError): pass
class ContextJError(IdnaError): pass
class BidiError(IdnaError): pass
class EmptyLabelError(IdnaError): pass
class LabelTooLongError(IdnaError): pass
class DomainTooLongError(IdnaError): pass
class PunycodeEncodeFailedError(IdnaError): pass
class ForbiddenDomainCodePointError(IdnaError): pass
# IDNA2008 only (idna2008_register / idna2008_lookup, RFC 5891-5893).
class UnassignedError(IdnaError): pass
class ContextOError(IdnaError): pass
class ALabelNotCanonicalError(IdnaError): pass


class ListError(Error):
    """A list file (Public Suffix List, protected domains) is malformed or unreadable."""


class ListSyntaxError(ListError): pass
class FileUnreadableError(ListError): pass


# E-mail addresses (puny.email).
class EmailError(Error): pass


class MissingAtError(EmailError): pass
class EmptyLocalPartError(EmailError): pass
class LocalPartTooLongError(EmailError): pass
class AddressTooLongError(EmailError): pass
class LocalPartCharacterError(EmailError): pass
class LocalPartDotError(EmailError): pass
class QuotedLocalPartError(EmailError): pass
class UnterminatedQuoteError(EmailError): pass
class AddressLiteralError(EmailError): pass
class InvalidAddressLiteralError(EmailError): pass
class Smtputf8RequiredError(EmailError): pass
class DisplayNameSyntaxError(EmailError): pass
class DomainNotGlobalError(EmailError): pass
class SpecialUseDomainError(EmailError): pass
class ExtraAtSignError(EmailError): pass
class DomainCharacterError(EmailError): pass

#: Error kind name (Error.code) -> class.
ERROR_CLASSES = {
    "invalid_utf8": InvalidUtf8Error,
    "invalid_utf16": InvalidUtf16Error,
    "invalid_code_point": InvalidCodePointError,
    "input_too_long": InputTooLongError,
    "non_basic_before_delimiter": NonBasicBeforeDelimiterError,
    "invalid_digit": InvalidDigitError,
    "truncated_number": TruncatedNumberError,
    "overflow": PunycodeOverflowError,
    "decoded_out_of_range": DecodedOutOfRangeError,
    "disallowed": DisallowedError,
    "std3_disallowed": Std3DisallowedError,
    "invalid_ace_label": InvalidAceLabelError,
    "not_nfc": NotNfcError,
    "hyphen_3_4": Hyphen34Error,
    "leading_hyphen": LeadingHyphenError,
    "trailing_hyphen": TrailingHyphenError,
    "ace_prefix": AcePrefixError,
    "label_has_dot": LabelHasDotError,
    "leading_combining_mark": LeadingCombiningMarkError,
    "contextj": ContextJError,
    "bidi": BidiError,
    "empty_label": EmptyLabelError,
    "label_too_long": LabelTooLongError,
    "domain_too_long": DomainTooLongError,
    "punycode_encode_failed": PunycodeEncodeFailedError,
    "forbidden_domain_code_point": ForbiddenDomainCodePointError,
    "unassigned": UnassignedError,
    "contexto": ContextOError,
    "a_label_not_canonical": ALabelNotCanonicalError,
    "list_syntax": ListSyntaxError,
    "file_unreadable": FileUnreadableError,
    "missing_at": MissingAtError,
    "empty_local_part": EmptyLocalPartError,
    "local_part_too_long": LocalPartTooLongError,
    "address_too_long": AddressTooLongError,
    "local_part_character": LocalPartCharacterError,
    "local_part_dot": LocalPartDotError,
    "quoted_local_part": QuotedLocalPartError,
    "unterminated_quote": UnterminatedQuoteError,
    "address_literal": AddressLiteralError,
    "invalid_address_literal": InvalidAddressLiteralError,
    "smtputf8_required": Smtputf8RequiredError,
    "display_name_syntax": DisplayNameSyntaxError,
    "domain_not_global": DomainNotGlobalError,
    "special_use_domain": SpecialUseDomainError,
    "extra_at_sign": ExtraAtSignError,
    "domain_character": DomainCharacterError,
}


# One item of a *_many call, (input, output, error): `output` on success,
# else `error`.  A tuple with named fields made by the extension (a struct
# sequence, like os.stat_result: cheaper than a NamedTuple per item).
Result = _puny.Result

_puny._register(Error, ERROR_CLASSES)



# The "uts46" text codec ("bücher.de".encode("uts46")): puny/uts46_codec.py,
# imported when the codec is first looked up.
def _codec_search(name):
    if name != "uts46":
        return None
    from . import uts46_codec
    return uts46_codec.search_function(name)


codecs.register(_codec_search)

# The conversions are the C++ functions themselves (no Python wrapper on the
# hot path); their signatures are in __init__.pyi.
to_ascii = _puny.to_ascii
to_unicode = _puny.to_unicode
to_ascii_many = _puny.to_ascii_many
to_unicode_many = _puny.to_unicode_many
encode = _puny.encode
decode = _puny.decode
encode_many = _puny.encode_many
decode_many = _puny.decode_many
idna2008_register = _puny.idna2008_register
idna2008_lookup = _puny.idna2008_lookup


# ---- Display safety (docs/display.md) ----

PublicSuffixList = _puny.PublicSuffixList
ProtectedDomains = _puny.ProtectedDomains
skeleton = _puny.skeleton


# A label's verdict and a finding: tuples with named fields made by the
# extension, neither a collectible object (issue 44).
Finding = _puny.Finding
LabelVerdict = _puny.LabelVerdict

# Decision (the named tuple display() returns) lives in
# puny/_display_types.py, imported on first use (__getattr__ below):
# `typing` alone costs more than the rest of `import puny`.
_LAZY = {"Decision", "Preset", "DisplayProfile"}


def __getattr__(name):  # PEP 562
    if name in _LAZY:
        from . import _display_types
        value = getattr(_display_types, name)
        globals()[name] = value
        return value
    raise AttributeError("module 'puny' has no attribute %r" % (name,))


def display_profiles() -> List[str]:
    """The display profile names, from the library, in its order."""
    return [name for name, _, _ in _puny.display_profiles()]


def display_reasons() -> List[str]:
    """The reason names a Finding can carry, from the library."""
    return [name for name, _ in _puny.display_reasons()]


_DEBIAN = object()
_lists: dict = {}


def _list(value, cls):
    """A list object from a path (loaded once per path) or the object itself."""
    if value is None or isinstance(value, cls):
        return value
    if isinstance(value, str):
        key = (cls, value)
        if key not in _lists:
            _lists[key] = cls.load(value)
        return _lists[key]
    raise TypeError("puny: expected a path or a %s, not %r" % (cls.__name__, value))


def display(domain: str, profile: str = "chromium", *, top_domains=None, psl=_DEBIAN) -> Decision:
    """May `domain` be shown in Unicode?  The decision of `profile` per label.

    top_domains: protected domains (a path to a file of one domain a line, or a
    ProtectedDomains).  psl: the Public Suffix List (a path or a
    PublicSuffixList; default Debian's file; None: the last two labels are the
    registrable part).  Raises the IDNA error when `domain` is not valid IDNA,
    ListError for a malformed or unreadable list, ValueError for an unknown profile.
    """
    shown, registrable, labels = _display_decide(domain, profile, top_domains, psl)
    # The cyclic collector is left running (pausing it is process-wide, and
    # other threads would see it, issue 45).  The binding makes the labels'
    # LabelVerdicts and their Findings (findings a tuple), which are not
    # collectible objects: the collector neither counts nor walks them, so
    # a long name's decision takes linear time (issue 44).
    from ._display_types import Decision
    return Decision(shown, registrable, labels)


def _display_decide(domain, profile, top_domains, psl, call=None):
    if psl is _DEBIAN:
        psl = _puny.default_psl_path
    return (call or _puny.display_decide)(domain, profile, _list(psl, PublicSuffixList),
                                          _list(top_domains, ProtectedDomains))


def to_display(domain: str, profile: str = "chromium", *, top_domains=None, psl=_DEBIAN) -> str:
    """The name as `profile` shows it (Decision.display)."""
    # The core's display form alone: no per-label results (issue 44).
    return _display_decide(domain, profile, top_domains, psl, _puny.display_string)


def explain(text: str, operation: str = "to_ascii", preset: str = "uts46", **flags: bool) -> dict:
    """The algorithm's steps for one input, as `puny explain` shows them.

    operation "to_ascii": UTS #46 mapping, NFC, each label's checks and
    Punycode step (keys: mappings, mapped, normalized, labels, output,
    best_effort, errors, validation_errors: with preset "url", the URL
    Standard's non-fatal validation errors).  "encode" / "decode": the RFC 3492 deltas with
    their bias, thresholds and digits (keys: steps, output, errors).
    Errors are listed (Error instances), never raised.
    """
    if operation == "to_ascii":
        return _puny.explain_to_ascii(text, preset, **flags)
    if operation in ("encode", "decode"):
        if flags or preset != "uts46":
            raise TypeError("puny.explain: flags and presets apply to to_ascii only")
        return _puny.explain_punycode(text, operation == "decode")
    raise ValueError("puny.explain: operation must be 'to_ascii', 'encode' or 'decode', not %r"
                     % (operation,))


__all__ = [
    "to_ascii", "to_unicode", "to_ascii_many", "to_unicode_many", "encode", "decode",
    "encode_many", "decode_many", "explain", "idna2008_register", "idna2008_lookup", "Error", "InputError", "PunycodeError",
    "IdnaError", "ListError", "Result", "PRESETS", "PRESET_ALIASES", "presets", "display", "to_display", "skeleton",
    "display_profiles", "display_reasons", "Decision", "LabelVerdict", "Finding",
    "PublicSuffixList", "ProtectedDomains", "ERROR_CLASSES", "unicode_version", "__version__",
    "Preset", "DisplayProfile",
] + [cls.__name__ for cls in ERROR_CLASSES.values()]

# puny.email (e-mail addresses, docs/email.md) and puny.hunt (lookalike
# hunting, docs/hunt.md): imported last, they use the names above.
from . import email  # noqa: E402
from . import hunt  # noqa: E402
