"""puny.hunt: which names imitate my brands, by which rule, where, and what a
browser shows of them?  (docs/hunt.md; `puny hunt` on the command line)

    >>> import puny.hunt
    >>> index = puny.hunt.BrandIndex(["paypal.com", "microsoft.com"], psl=None)
    >>> [(m.brand, m.rule) for m in index.matches("rnicrosoft.com").matches]
    [('microsoft.com', 'homoglyph')]

A BrandIndex is built once from a brand list (registrable names, optional
keywords for combo squatting, allowed own names) with its matching options
(the rules, per-rule minimum brand lengths, the minimum score, the display
profile of the verdict); matches(name) checks one name and matches_many(names)
a list of names, the matching done without the GIL.  Each name gives a
Report: the name as matched, its Match tuple (brand, rule, offset and length as
str indices of the input, score, the via rule of a combined match, the reason
in words), the display verdict (display and all_shown, or the error display
rejected the name with, as data; its profile and the findings that keep labels
in A-labels, puny.Finding as puny.display() gives them), the top score and the matches per brand
(brands: BrandMatches of brand, best Match and the others as `also`, as `puny
hunt` prints them).  Rule names, scores, reasons, the grouping per brand and
the brand list format are the C++ library's (puny/hunt.hpp).
"""

from collections import namedtuple
from typing import Dict, Iterable, List, Optional

from . import PublicSuffixList, _list, _puny

__all__ = ["ALERT_SCORE", "BrandIndex", "BrandMatches", "Match", "Report", "Rule", "RULES",
           "rules"]

#: One rule of the library's registry: name, description, default minimum
#: brand label length, default score.
Rule = namedtuple("Rule", "name description min_brand_length score")

#: A match: the brand's registrable name, the rule's name, where in the input
#: (offset and length: str indices, input[offset:offset + length]), the score,
#: via (a combined match's second rule, the one that matched the brand's label
#: inside it: paypa1-login.com is combo_squatting via homoglyph; None for a plain
#: match) and reason (the library's short English reason, as `puny hunt --json`
#: gives it).  A tuple with named fields made by the extension
#: (record_type.cpp); via and reason come last, so the first five fields keep
#: their positions, and default to None and "" so that Match(brand, rule,
#: offset, length, score) still makes one.
Match = _puny.HuntMatch

#: One brand's matches in a Report (puny::hunt::by_brand, the CLI's triage
#: view): the brand, its best Match and the others (`also`, a tuple, highest
#: score first; ties in the order of Report.matches).  The Matches are the
#: same objects as in Report.matches.
BrandMatches = _puny.HuntBrandMatches

#: What a name gave: the input, the name as matched (Unicode labels,
#: lowercase), its matches (a tuple of Match, `()` when none), and the display
#: verdict of the whole input: display (the form the profile shows) and
#: all_shown (every label shown in Unicode), or error (the puny.Error display
#: rejects the name with; then display is None).  Errors are data here, never
#: raised.  The verdict is decided only for a name that matches: without
#: matches display and error are None and all_shown False.  Then score (the
#: best match's, 0 when none) and brands (a tuple of BrandMatches, one per
#: brand, the highest best score first; ties in the order the brands were
#: first matched), added after the first six fields (defaults 0 and ()).
#: Last, profile (the verdict's display profile, as `puny hunt --json`'s
#: verdict names it) and findings (why labels stay A-labels: a tuple of
#: puny.Finding, the shape puny.display() gives, of every label the verdict
#: does not show, in label order; `()` when all are shown or no verdict was
#: made), defaults "chromium" and ().  Made by the
#: extension as Match is: neither is a collectible object (one holding an
#: error is), so the cyclic collector, left on, neither counts nor walks a
#: long list of reports and matches_many takes linear time (issue 44).
Report = _puny.HuntReport


def rules() -> List[Rule]:
    """The library's rules, in its order."""
    return [Rule(*r) for r in _puny.hunt_rules()]


#: The rule names, from the library.
RULES = tuple(r.name for r in rules())

#: The alert threshold, the library's (puny::hunt::alert_score): min_score's
#: default.  Matches scoring less are weak evidence (a tld_swap of the brand's
#: exact label scores 35; docs/hunt.md); min_score=0 keeps them.
ALERT_SCORE = _puny.hunt_alert_score

_DEBIAN = object()


def _field(value, what: str, separators: str) -> str:
    if not isinstance(value, str):
        raise TypeError("puny.hunt: %s must be str, not %s" % (what, type(value).__name__))
    _puny.check_text(value)  # a lone surrogate: InvalidCodePointError at its index
    if not value or any(c in value for c in separators):
        raise ValueError("puny.hunt: %s %r is empty or holds a blank, '#', ',' or a line break"
                         % (what, value))
    return value


def _brand_list(brands: Iterable[str], keywords: Iterable[str],
                allow: Iterable[str]) -> str:
    """The brand list text (puny/hunt.hpp's format) of the given names."""
    if isinstance(brands, str):
        raise TypeError("puny.hunt: brands must be an iterable of str, not a str")
    separators = " \t\r\n\v\f#,"
    lines = [_field(b, "a brand", separators) for b in brands]
    if isinstance(keywords, str) or isinstance(allow, str):
        raise TypeError("puny.hunt: keywords and allow must be iterables of str, not a str")
    extra = []
    words = [_field(k, "a keyword", separators) for k in keywords]
    own = [_field(a, "an allowed name", separators) for a in allow]
    if words:
        extra.append("keywords=" + ",".join(words))
    if own:
        extra.append("allow=" + ",".join(own))
    if extra and lines:  # keywords and own names apply to every brand
        lines[0] += " " + " ".join(extra)
    return "\n".join(lines) + "\n"


class BrandIndex:
    """The brands to hunt for, indexed once, and how to match them.

    BrandIndex(brands, *, keywords=(), allow=(), ...): from registrable names
    such as "paypal.com" (U-label or A-label form); keywords are words for combo
    squatting (added to the library's built-in ones), allow the brands' own
    other names, which never match.  BrandIndex.load(path, ...) and
    BrandIndex.parse(text, ...) read a brand list file as `puny hunt --brands`
    does.  Keywords of every form:

    rules             rule names to run (default: every rule, RULES)
    min_brand_length  {rule name: minimum brand label length} other than the defaults
    min_score         matches scoring below are dropped (0..100; default ALERT_SCORE,
                      the alert threshold; 0 keeps weak evidence too)
    profile           the display profile of the verdict (default "chromium")
    psl               the Public Suffix List (a path or a PublicSuffixList; default
                      Debian's file, as the CLI; None: the last label is the suffix)

    A malformed brand list raises puny.ListSyntaxError naming the line, an
    unreadable file puny.FileUnreadableError; an unknown rule or profile
    ValueError; a wrong type TypeError.  An index is immutable and may be used
    from many threads at once.
    """

    __slots__ = ("_native",)

    def __init__(self, brands: Iterable[str], *, keywords: Iterable[str] = (),
                 allow: Iterable[str] = (), rules: Optional[Iterable[str]] = None,
                 min_brand_length: Optional[Dict[str, int]] = None,
                 min_score: int = ALERT_SCORE,
                 profile: str = "chromium", psl=_DEBIAN) -> None:
        self._native = _make(_brand_list(brands, keywords, allow), None, "<brands>", psl, rules,
                             min_brand_length, min_score, profile)

    @classmethod
    def parse(cls, text: str, source: str = "<text>", **options) -> "BrandIndex":
        """An index of a brand list's text (one brand a line, keywords=, allow=, '#')."""
        self = cls.__new__(cls)
        self._native = _make(text, None, source, **_options(options))
        return self

    @classmethod
    def load(cls, path: str, **options) -> "BrandIndex":
        """An index of a brand list file, as `puny hunt --brands FILE` reads it."""
        if not isinstance(path, str):
            raise TypeError("puny.hunt: path must be a str, not %s" % type(path).__name__)
        self = cls.__new__(cls)
        self._native = _make(None, path, "", **_options(options))
        return self

    def __len__(self) -> int:
        return len(self._native)

    @property
    def brands(self) -> List[str]:
        """The brands' registrable names (Unicode), in the list's order."""
        return self._native.brands()

    @property
    def keyword_count(self) -> int:
        """Keywords for combo squatting, the built-in ones included."""
        return self._native.keyword_count()

    @property
    def memory_bytes(self) -> int:
        """An estimate of the index's memory."""
        return self._native.memory_bytes()

    def matches(self, name: str) -> Report:
        """Every match of one name (U-labels or A-labels, any depth of subdomains)."""
        return self._native.find(name)

    def matches_many(self, names: Iterable[str]) -> List[Report]:
        """A Report per name, in order; the matching runs without the GIL.
        TypeError (before any matching) when an item is not a str."""
        if isinstance(names, str):
            raise TypeError("puny.hunt: matches_many takes an iterable of str, not a str")
        return self._native.find_many(list(names))

    def __repr__(self) -> str:
        return "<puny.hunt.BrandIndex of %d brands>" % len(self)


_OPTION_NAMES = ("rules", "min_brand_length", "min_score", "profile", "psl")


def _options(options: dict) -> dict:
    unknown = set(options) - set(_OPTION_NAMES)
    if unknown:
        raise TypeError("puny.hunt: unexpected keyword argument %r" % sorted(unknown)[0])
    return options


def _make(text, path, source, psl=_DEBIAN, rules=None, min_brand_length=None,
          min_score=ALERT_SCORE, profile="chromium"):
    if psl is _DEBIAN:
        psl = _puny.default_psl_path
    if isinstance(rules, str):
        raise TypeError("puny.hunt: rules must be an iterable of rule names, not a str")
    if rules is not None:
        rules = list(rules)
    return _puny.HuntIndex(text, path, source, _list(psl, PublicSuffixList), rules,
                           min_brand_length, min_score, profile)

