"""The named tuples puny.display() returns, and the Literal types of preset
and display profile arguments (imported on first use: `typing` costs more
than the rest of `import puny`)."""

from typing import List, Literal, NamedTuple, Optional

from . import _puny

Preset = Literal[tuple(p["name"] for p in _puny.presets()) + tuple(dict(_puny.preset_aliases()))]
DisplayProfile = Literal[tuple(name for name, _, _ in _puny.display_profiles())]


class Finding(NamedTuple):
    """One rule a label breaks under a display profile."""
    reason: str                # "whole_script_confusable", ... (display_reasons())
    message: str
    offset: int                # index in the input str
    label: int
    code_point: Optional[int]  # None when no code point applies (U+0000 is 0, not None)
    step: str                  # the profile's step, e.g. "chromium/5-whole-script-confusable"
    similar_to: Optional[str]  # the protected domain imitated
    imitates: Optional[int]    # the character the code point imitates


class LabelVerdict(NamedTuple):
    a_label: str
    u_label: str
    show_unicode: bool
    offset: int
    findings: List[Finding]


class Decision(NamedTuple):
    display: str               # U-labels where shown, A-labels elsewhere
    registrable_domain: Optional[str]
    labels: List[LabelVerdict]
