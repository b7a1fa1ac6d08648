"""puny.formats: JSON Schema format checkers for "hostname", "idn-hostname",
"email" and "idn-email" (JSON Schema Validation, section 7.3.2 and 7.3.3),
each a function str -> bool on puny's core, and format_checker(), a
jsonschema.FormatChecker with the four registered:

    >>> import jsonschema, puny.formats
    >>> jsonschema.validate("info@bücher.de", {"format": "idn-email"},
    ...                     format_checker=puny.formats.format_checker())

What each accepts:
  hostname      RFC 1123 section 2.1 host names (ASCII), A-labels valid
                IDNA (RFC 5891 section 4.4): UTS #46 with STD3 rules, hyphen
                checks and DNS lengths (the uts46-strict preset), nothing mapped,
                and each A-label's U-label valid IDNA2008
  idn-hostname  RFC 5890 section 2.3.2.3: IDNA2008 registration (RFC 5891
                section 4) of the name, U+3002, U+FF0E and U+FF61 taken as
                label separators (RFC 3490 section 3.1)
  email         RFC 5321 section 4.1.2 Mailbox, ASCII only: dot-atom or
                quoted local part, a host name or an address literal
  idn-email     RFC 6531 Mailbox: the same with UTF-8 (RFC 6532), the domain
                under the library's e-mail policy (UTS #46 mapping, then
                IDNA2008 on the A-labels), as mail software maps it (RFC 5895)
The same rules as JavaScript's puny/formats (docs/email.md).
Reachability (dots, special-use names) is not part of any of the four.
Non-str instances are valid, as JSON Schema asks of format checks.
"""

import typing
from typing import Any, Callable, Dict, Optional

from . import Error, idna2008_register, to_ascii, to_unicode
from . import email as _email

__all__ = ["hostname", "idn_hostname", "email", "idn_email", "format_checker", "CHECKERS"]


def hostname(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    if not instance.isascii() or instance.endswith("."):
        return False
    try:
        # Valid and already in its ASCII form (nothing mapped but case).
        if to_ascii(instance, "uts46-strict") != instance.lower():
            return False
        # An A-label's U-label must be valid IDNA2008 (RFC 5890 section
        # 2.3.2.1), which refuses what UTS #46 alone admits (symbols).
        if any(label[:4].lower() == "xn--" for label in instance.split(".")):
            to_unicode(instance, "idna2008")
        return True
    except Error:
        return False


def idn_hostname(instance: object) -> bool:
    if not isinstance(instance, str):
        return True
    for dot in "\u3002\uff0e\uff61":
        instance = instance.replace(dot, ".")
    if instance.endswith("."):
        return False
    try:
        idna2008_register(instance)
        return True
    except Error:
        return False


def _mailbox(instance: object, smtputf8: bool) -> bool:
    if not isinstance(instance, str):
        return True
    if not smtputf8 and not instance.isascii():
        return False
    try:
        _email.validate(instance, allow_quoted_local=True, allow_domain_literal=True,
                        allow_smtputf8=smtputf8, globally_deliverable=False,
                        preset="uts46-strict" if not smtputf8 else None)
        return True
    except Error:
        return False


def email(instance: object) -> bool:
    return _mailbox(instance, False)


def idn_email(instance: object) -> bool:
    return _mailbox(instance, True)


CHECKERS: Dict[str, Callable[[object], bool]] = {"hostname": hostname, "idn-hostname": idn_hostname, "email": email,
            "idn-email": idn_email}


def format_checker(formats: Optional[typing.Iterable[str]] = None) -> Any:
    """A jsonschema.FormatChecker (python3-jsonschema) holding these four
    checkers (or the named ones) beside jsonschema's own others."""
    import jsonschema  # type: ignore[import]  # (Debian's has no types)
    if formats is not None:
        formats = list(formats)
        # jsonschema knows "hostname" and "idn-hostname" only with its optional
        # fqdn and idna packages (Debian's python3-jsonschema has neither), and
        # FormatChecker(names) raises KeyError for a name it does not know: it
        # is asked for its own others only.  A name neither knows still raises.
        checker = jsonschema.FormatChecker([f for f in formats if f not in CHECKERS])
    else:
        checker = jsonschema.FormatChecker()
    for name, check in CHECKERS.items():
        if formats is None or name in formats:
            checker.checks(name)(check)
    return checker
