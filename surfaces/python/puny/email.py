"""puny.email: what is this e-mail address?  (docs/email.md)

    >>> import puny.email
    >>> v = puny.email.validate("info@Bücher.de")
    >>> v.normalized, v.ascii_email, v.smtputf8
    ('info@bücher.de', 'info@xn--bcher-kva.de', False)

validate() checks an address per RFC 5321 (Mailbox), RFC 5322 (addr-spec, and
name-addr with allow_display_name) and RFC 6531/6532 (UTF-8), and raises the
puny.Error subclass named by the core's error table (puny.LocalPartDotError,
puny.DisallowedError, ...; every one a ValueError) with code, offset (an
index into the str), label and code_point.  The result has the attributes of
email-validator's ValidatedEmail (email, normalized, local_part, domain,
ascii_email, ascii_local_part, ascii_domain, smtputf8, original, display_name)
and its dict keys (1.x: v["domain"] is the ASCII form) so that code written
for email-validator can switch; validate_email is the
same function under email-validator's name and keywords.  puny looks nothing
up: check_deliverability=True is refused.
"""

from typing import Any, Dict, Optional, Union

from . import ERROR_CLASSES, Error, PublicSuffixList, _list, _puny

__all__ = ["validate", "validate_email", "ValidatedEmail", "EmailNotValidError"]

#: email-validator's base exception name: puny's e-mail errors and the IDNA
#: errors of the domain are all puny.Error (a ValueError).
EmailNotValidError = Error

#: psl's default, Debian's list (typed Any so that it can stand for a str).
_DEBIAN: Any = object()


class ValidatedEmail:
    """A valid address, with email-validator's attribute names (2.x) and
    dict keys (1.x).

    original          the input (a str; bytes given to validate_email are decoded as ASCII)
    normalized        local_part "@" domain: the local part NFC, the domain in U-labels
    local_part        the local part (NFC; a quoted one stays quoted unless it needs no quotes)
    ascii_local_part  the local part when it is ASCII, else None (never Punycoded)
    domain            the domain in U-label form (or the address literal)
    ascii_domain      the domain in A-label form
    ascii_email       ascii_local_part "@" ascii_domain, None when the local part is not ASCII
    smtputf8          delivery needs SMTPUTF8 (non-ASCII local part)
    display_name      the display name ("" when none)
    mx, mx_fallback_type  None: puny checks no deliverability
    email, original_email  email-validator's older names of normalized and original
    address_literal   the domain is [192.0.2.1] or [IPv6:...]
    display           with display_profile: the domain as that profile shows it
    display_all_shown with display_profile: whether every label is shown in Unicode
    local_part_safe   with check_local_part_security: the check's verdict
    local_part_rule   the rule that failed, or None

    v[key] reads email-validator 1.x's keys: "email", "email_ascii",
    "local", "domain" (the ASCII form, as 1.x), "domain_i18n", "smtputf8",
    "mx", "mx-fallback"; any other key raises KeyError.
    """

    __slots__ = ("original", "normalized", "local_part", "ascii_local_part", "domain",
                 "ascii_domain", "ascii_email", "smtputf8", "display_name", "address_literal",
                 "display", "display_all_shown", "local_part_safe", "local_part_rule")
    # The types of the slots (set from the core's fields in __init__).
    original: str
    normalized: str
    local_part: str
    ascii_local_part: Optional[str]
    domain: str
    ascii_domain: str
    ascii_email: Optional[str]
    smtputf8: bool
    display_name: str
    address_literal: bool
    display: Optional[str]
    display_all_shown: Optional[bool]
    local_part_safe: Optional[bool]
    local_part_rule: Optional[str]

    #: email-validator's deliverability results; puny looks nothing up.
    mx: None = None
    mx_fallback_type: None = None

    def __init__(self, original: str, fields: Dict[str, Any]) -> None:
        self.original = original
        for key, value in fields.items():
            setattr(self, key, value)
        self.ascii_local_part = None if self.smtputf8 else self.local_part

    @property
    def email(self) -> str:
        """email-validator's older name for the normalized address."""
        return self.normalized

    @property
    def original_email(self) -> str:
        """email-validator 1.x's name for the input."""
        return self.original

    # email-validator 1.x's dict keys: some are not the attribute names.
    _KEYS = {"email": "normalized", "email_ascii": "ascii_email", "local": "local_part",
             "domain": "ascii_domain", "domain_i18n": "domain", "smtputf8": "smtputf8",
             "mx": "mx", "mx-fallback": "mx_fallback_type"}

    def __getitem__(self, key: str) -> Union[str, bool, None]:
        if not isinstance(key, str) or key not in self._KEYS:
            raise KeyError(key)
        return getattr(self, self._KEYS[key])

    def as_dict(self) -> Dict[str, Any]:
        d = {key: getattr(self, key) for key in self.__slots__}
        d["email"] = self.normalized
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ValidatedEmail) and self.as_dict() == other.as_dict()

    def __repr__(self) -> str:
        return "<ValidatedEmail %s>" % (self.normalized,)


def _text_of(email: Union[str, bytes, bytearray]) -> str:
    """email-validator's input rule: a str, or bytes of ASCII."""
    if isinstance(email, (bytes, bytearray)):
        data = bytes(email)
        bad = next((i for i, b in enumerate(data) if b >= 0x80), None)
        if bad is not None:
            raise ERROR_CLASSES["invalid_code_point"](
                "invalid_code_point at %d (byte 0x%02X): the email address is not valid ASCII "
                "(bytes must be ASCII; pass a str)" % (bad, data[bad]),
                "invalid_code_point", None, bad, None, data[bad], data)
        return data.decode("ascii")
    if not isinstance(email, str):
        raise TypeError("puny.email: expected str or bytes, not %s" % type(email).__name__)
    return email


def validate(email: str, *, allow_smtputf8: bool = True, allow_empty_local: bool = False,
             allow_quoted_local: bool = False, allow_domain_literal: bool = False,
             allow_display_name: bool = False, globally_deliverable: bool = True,
             preset: Optional[str] = None, display_profile: Optional[str] = None,
             psl: Union[str, PublicSuffixList, None] = _DEBIAN,
             check_local_part_security: bool = False,
             check_deliverability: bool = False) -> ValidatedEmail:
    """Checks one address; returns a ValidatedEmail or raises a puny.Error.

    preset: the domain policy, a preset name with optional flag words as SQL
    spells them ("uts46-strict", "idna2008", "uts46-strict, allow-underscore");
    None: email-validator's policy (uts46-strict, then IDNA2008 on the A-labels).
    display_profile: also decide whether the domain may be shown in Unicode
    (puny.display_profiles()); psl: the Public Suffix List for that decision
    (a path or PublicSuffixList, default Debian's, None for none).
    """
    if check_deliverability:
        raise ValueError("puny.email: check_deliverability is not supported (puny makes no "
                         "DNS look-ups); pass check_deliverability=False")
    if display_profile is not None and psl is _DEBIAN:
        psl = _puny.default_psl_path
    suffixes = _list(psl, PublicSuffixList) if display_profile is not None else None
    error, fields = _puny._email_validate(
        email, bool(allow_quoted_local), bool(allow_domain_literal), bool(allow_empty_local),
        bool(allow_display_name), bool(allow_smtputf8), bool(globally_deliverable), preset or "",
        display_profile, bool(check_local_part_security), suffixes)
    if error is not None:
        code, offset, code_point, label, uts46, message = error
        where = " at %d" % offset
        if code_point is not None:
            where += " (U+%04X)" % code_point
        raise ERROR_CLASSES.get(code, Error)("%s%s: %s" % (code, where, message), code, uts46,
                                             offset, label, code_point, email)
    return ValidatedEmail(email, fields)


def validate_email(email: Union[str, bytes], allow_smtputf8: bool = True, allow_empty_local: bool = False,
                   check_deliverability: bool = True, test_environment: bool = False,
                   globally_deliverable: bool = True, timeout: Optional[float] = None,
                   dns_resolver: object = None, *,
                   allow_quoted_local: bool = False, allow_domain_literal: bool = False,
                   allow_display_name: bool = False, **puny_options: Any) -> ValidatedEmail:
    """email-validator's signature, bytes of ASCII included (validate takes a
    str only).  check_deliverability defaults to True there:
    callers switching to puny pass check_deliverability=False (puny makes no
    DNS look-ups).  test_environment=True accepts the special-use and dotless
    domains (puny has no separate switch for ".test" alone)."""
    return validate(_text_of(email), allow_smtputf8=allow_smtputf8, allow_empty_local=allow_empty_local,
                    allow_quoted_local=allow_quoted_local,
                    allow_domain_literal=allow_domain_literal,
                    allow_display_name=allow_display_name,
                    globally_deliverable=globally_deliverable and not test_environment,
                    check_deliverability=check_deliverability, **puny_options)
