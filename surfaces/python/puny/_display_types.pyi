# Types of puny._display_types: the static forms __init__.pyi gives (the
# runtime builds the Literal types from the core's lists).
from . import Decision as Decision, DisplayProfile as DisplayProfile, Finding as Finding
from . import LabelVerdict as LabelVerdict, Preset as Preset
