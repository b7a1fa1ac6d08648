# Types of puny.hunt (puny/hunt.py; docs/hunt.md).
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple, Union, final

from . import Error, Finding, PublicSuffixList

class Rule(NamedTuple):
    name: str
    description: str
    min_brand_length: int
    score: int

# Match, BrandMatches and Report are tuples with named fields made by the
# extension (typed here as the NamedTuples they behave as).
@final
class Match(NamedTuple):
    brand: str
    rule: str
    offset: int  # str index into Report.input
    length: int  # in code points
    score: int
    via: Optional[str] = ...  # a combined match's second rule; None for a plain match
    reason: str = ...  # the library's reason in words

@final
class BrandMatches(NamedTuple):
    brand: str
    best: Match
    also: Tuple[Match, ...]  # highest score first; () when none

@final
class Report(NamedTuple):
    input: str
    name: str
    matches: Tuple[Match, ...]  # () when none
    display: Optional[str]
    all_shown: bool
    error: Optional[Error]
    score: int = ...  # the best match's, 0 when none
    brands: Tuple[BrandMatches, ...] = ...  # one per brand, highest best score first
    profile: str = ...  # the verdict's display profile, e.g. 'chromium'
    findings: Tuple[Finding, ...] = ...  # why labels stay A-labels; () when none

RULES: Tuple[str, ...]
ALERT_SCORE: int  # min_score's default, the library's alert threshold

def rules() -> List[Rule]: ...

class BrandIndex:
    def __init__(self, brands: Iterable[str], *, keywords: Iterable[str] = ...,
                 allow: Iterable[str] = ..., rules: Optional[Iterable[str]] = ...,
                 min_brand_length: Optional[Dict[str, int]] = ..., min_score: int = ...,
                 profile: str = ..., psl: Union[str, PublicSuffixList, None] = ...) -> None: ...
    @classmethod
    def parse(cls, text: str, source: str = ..., *, rules: Optional[Iterable[str]] = ...,
              min_brand_length: Optional[Dict[str, int]] = ..., min_score: int = ...,
              profile: str = ..., psl: Union[str, PublicSuffixList, None] = ...) -> BrandIndex: ...
    @classmethod
    def load(cls, path: str, *, rules: Optional[Iterable[str]] = ...,
             min_brand_length: Optional[Dict[str, int]] = ..., min_score: int = ...,
             profile: str = ..., psl: Union[str, PublicSuffixList, None] = ...) -> BrandIndex: ...
    def __len__(self) -> int: ...
    @property
    def brands(self) -> List[str]: ...
    @property
    def keyword_count(self) -> int: ...
    @property
    def memory_bytes(self) -> int: ...
    def matches(self, name: str) -> Report: ...
    def matches_many(self, names: Iterable[str]) -> List[Report]: ...
