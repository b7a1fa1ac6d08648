"""puny.idna: the API of the `idna` package (kjd/idna 3.x) on puny's engine.

    import puny.idna as idna
    idna.encode("ドメイン.テスト")          # b'xn--eckwd4c7c.xn--zckzah'
    idna.decode(b"xn--eckwd4c7c.xn--zckzah")

Same names, parameters, defaults, return types and exception classes as
idna (IDNA2008, RFC 5891-5893, with idna's optional UTS #46 remapping), on
the Unicode tables of the puny library (puny.unicode_version).  To make
`import idna` give this package everywhere in the process, call install()
before the first import of idna; uninstall() undoes it.  The differences
from idna are listed in docs/python-idna.md.
"""

import sys

from .core import (
    IDNABidiError,
    IDNAError,
    InvalidCodepoint,
    InvalidCodepointContext,
    alabel,
    check_bidi,
    check_hyphen_ok,
    check_initial_combiner,
    check_label,
    check_nfc,
    decode,
    encode,
    ulabel,
    uts46_remap,
    valid_contextj,
    valid_contexto,
    valid_label_length,
    valid_string_length,
)
from .intranges import intranges_contain
from .package_data import __version__

__all__ = [
    "__version__",
    "IDNABidiError",
    "IDNAError",
    "InvalidCodepoint",
    "InvalidCodepointContext",
    "alabel",
    "check_bidi",
    "check_hyphen_ok",
    "check_initial_combiner",
    "check_label",
    "check_nfc",
    "decode",
    "encode",
    "intranges_contain",
    "ulabel",
    "uts46_remap",
    "valid_contextj",
    "valid_contexto",
    "valid_label_length",
    "valid_string_length",
    "install",
    "uninstall",
    "installed",
]

# The modules `import idna...` resolves to once installed.
_SUBMODULES = ("core", "codec", "compat", "intranges", "package_data")
# The sys.modules entries install() replaced, None when not installed; kept
# across importlib.reload(puny.idna) (a reload runs this file again in the
# same namespace), so that uninstall() still puts them back.
_saved = globals().get("_saved")


def install() -> None:
    """Make `import idna` (and idna.core, idna.codec, idna.compat,
    idna.intranges, idna.package_data) resolve to puny.idna in this process.

    Modules that already imported the real idna keep the object they hold;
    call this before them (e.g. first thing in the program, or from a .pth
    file, docs/python-idna.md).  Idempotent; uninstall() undoes it."""
    global _saved
    if _saved is not None:
        return
    import importlib

    names = ["idna"] + ["idna." + n for n in _SUBMODULES]
    _saved = {n: sys.modules.get(n) for n in names}
    for n in list(sys.modules):  # idna's other submodules (idnadata, uts46data)
        if n.startswith("idna.") and n not in _saved:
            _saved[n] = sys.modules.pop(n)
    sys.modules["idna"] = sys.modules[__name__]
    for n in _SUBMODULES:
        sys.modules["idna." + n] = importlib.import_module(__name__ + "." + n)


def uninstall() -> None:
    """Undo install(): `import idna` finds the real package again (or the
    one imported before install())."""
    global _saved
    if _saved is None:
        return
    for n, module in _saved.items():
        if module is None:
            sys.modules.pop(n, None)
        else:
            sys.modules[n] = module
    _saved = None


def installed() -> bool:
    """Whether `import idna` gives puny.idna now."""
    return sys.modules.get("idna") is sys.modules[__name__]
