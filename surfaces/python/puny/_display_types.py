"""puny.display()'s Decision, and the Literal types of preset and display
profile arguments (imported on first use: `typing` costs more than the rest
of `import puny`).  Its labels are puny.LabelVerdict and their findings
puny.Finding, tuples with named fields made by the extension (issue 44)."""

from typing import List, Literal, NamedTuple, Optional

from . import _puny

Preset = Literal[tuple(p["name"] for p in _puny.presets()) + tuple(dict(_puny.preset_aliases()))]
DisplayProfile = Literal[tuple(name for name, _, _ in _puny.display_profiles())]


# Also the names pickles made by earlier versions refer to.
Finding = _puny.Finding
LabelVerdict = _puny.LabelVerdict


class Decision(NamedTuple):
    display: str               # U-labels where shown, A-labels elsewhere
    registrable_domain: Optional[str]
    labels: List[LabelVerdict]
