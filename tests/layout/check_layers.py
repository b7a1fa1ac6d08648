#!/usr/bin/env python3
"""Checks the layering of docs/architecture.md on the sources.

    tests/layout/check_layers.py [REPO]        (ctest layout.layers)
    tests/layout/check_layers.py --self-test   (ctest layout.layers_self_test)

The rules, read from every #include "..." (angle-bracket includes are the
standard library's and third parties'):

  * include/ (the public headers) includes only include/ and the generated
    puny/version.hpp and puny/unicode_version.hpp.
  * src/<concern>/ includes the public headers, its own folder, the generated
    tables (src/tables/<version>/*.inc) and the concerns listed for it in
    CORE_DEPENDENCIES, nothing else of src/ and nothing of surfaces/.
  * surfaces/<surface>/ includes the public headers and its own folder; of
    src/ only what SURFACE_INTERNALS grants it, with the reason; never another
    surface.

Prints each violation as FILE:LINE: message, then "N files checked, N
violations"; exit status 1 on any violation.
"""

import os
import re
import sys

# What each concern of the core may include besides the public headers and
# itself (docs/architecture.md draws the same graph).
CORE_DEPENDENCIES = {
    "common": set(),
    "simd": set(),
    "bootstring": set(),
    "unicode": set(),
    "explain": set(),
    "presets": set(),
    "uts39": {"unicode"},
    "idna": {"unicode", "simd", "bootstring"},
    # bootstring: the label codec (label_codec.hpp), as idna calls Punycode.
    "idna2008": {"idna", "unicode", "bootstring"},
    "display": {"common", "unicode", "uts39"},
    "email": {"unicode"},
    "hunt": {"common", "unicode", "uts39", "display", "idna"},
}

# The internal headers a surface may include, and why; anything else of src/
# is out of bounds.
SURFACE_INTERNALS = {
    "cli": {
        # The step recorder every explainer shares (header-only, public API only).
        "src/explain/punycode_trace.hpp",
    },
    "js": {
        "src/explain/punycode_trace.hpp",
        # The Punycode-only module runs the engine built for size (the same
        # outputs and errors as the library's, tests/reference/; 20 KB of
        # code less than the engines built for speed).
        "src/bootstring/compact_engine.hpp",
        # The core's error table, from which the Punycode-only module picks
        # at compile time the rows of the errors it can report.
        "src/common/error_table.hpp",
    },
    "c": set(),
    # puny.explain's Punycode steps (surfaces/python/src/explain.cpp).
    "python": {"src/explain/punycode_trace.hpp"},
    "postgres": set(),
    "duckdb": set(),
}

GENERATED_PUBLIC = {"puny/version.hpp", "puny/unicode_version.hpp"}
SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".h", ".hpp", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def resolve(including, name, files):
    """The repository path a quoted include names, or None if outside it."""
    here = os.path.dirname(including)
    candidates = [os.path.normpath(os.path.join(here, name)),
                  os.path.normpath(os.path.join("src", name)),
                  os.path.normpath(os.path.join("include", name))]
    for c in candidates:
        if c in files:
            return c
    if name in GENERATED_PUBLIC:
        return "include/" + name
    if name.endswith(".inc") and "/" not in name:
        return "src/tables/" + name
    return None


def classify(path):
    """('public', None), ('core', concern), ('surface', name) or (None, None)."""
    parts = path.split("/")
    if parts[0] == "include":
        return "public", None
    if parts[0] == "src" and len(parts) > 2:
        return "core", parts[1]
    if parts[0] == "surfaces" and len(parts) > 2:
        return "surface", parts[1]
    return None, None


def violations_of(path, lines, files):
    """Every broken rule in one file: (line number, message)."""
    kind, owner = classify(path)
    if kind is None:
        return []
    out = []
    for number, line in enumerate(lines, 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        name = m.group(1)
        target = resolve(path, name, files)
        if target is None:
            # Not in the repository: a third party's header (postgres.h,
            # duckdb_extension.h) or a generated one.
            if kind != "surface":
                out.append((number, '"%s" is not in the repository; the core and the public '
                                    'headers include only their own files' % name))
            continue
        tkind, towner = classify(target)
        if target.startswith("src/tables/"):
            tkind, towner = "tables", None
        if kind == "public":
            if tkind != "public":
                out.append((number, "public header includes %s (only include/ may be)" % target))
        elif kind == "core":
            if tkind == "surface":
                out.append((number, "the core includes the surface file %s" % target))
            elif tkind == "core" and towner != owner and towner not in CORE_DEPENDENCIES.get(owner, set()):
                out.append((number, "src/%s/ may not include src/%s/ (%s); see CORE_DEPENDENCIES"
                                    % (owner, towner, target)))
            elif owner not in CORE_DEPENDENCIES:
                out.append((number, "src/%s/ is not a known concern: add it to CORE_DEPENDENCIES "
                                    "and docs/architecture.md" % owner))
        else:  # a surface
            if tkind == "surface" and towner != owner:
                out.append((number, "surface %s includes surface %s (%s): surfaces depend on the "
                                    "core only" % (owner, towner, target)))
            elif tkind in ("core", "tables") and target not in SURFACE_INTERNALS.get(owner, set()):
                out.append((number, "surface %s includes the core's internal %s; use the public "
                                    "headers (or grant it in SURFACE_INTERNALS with the reason)"
                                    % (owner, target)))
    return out


def repository_files(repo):
    files = set()
    for top in ("include", "src", "surfaces"):
        for root, dirs, names in os.walk(os.path.join(repo, top)):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "build", "__pycache__")]
            for n in names:
                files.add(os.path.relpath(os.path.join(root, n), repo))
    return files


def check(repo):
    files = repository_files(repo)
    checked, found = 0, []
    for path in sorted(files):
        if not path.endswith(SOURCE_SUFFIXES) or path.startswith("src/tables/"):
            continue
        with open(os.path.join(repo, path), encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        checked += 1
        found += [(path, n, msg) for n, msg in violations_of(path, lines, files)]
    for path, n, msg in found:
        print("%s:%d: %s" % (path, n, msg))
    print("%d files checked, %d violations" % (checked, len(found)))
    if checked < 50:
        print("check_layers: only %d source files found under %s: wrong directory?" % (checked, repo))
        return 1
    return 1 if found else 0


def self_test():
    """The rules catch what they are for (each case must be reported or not)."""
    files = {"include/puny/idna.hpp", "src/idna/internal.hpp", "src/unicode/ucd.hpp",
             "src/display/internal.hpp", "src/bootstring/fixed_engine.hpp",
             "src/bootstring/compact_engine.hpp",
             "src/explain/punycode_trace.hpp", "surfaces/cli/cli.hpp",
             "surfaces/python/src/module.cpp", "surfaces/duckdb/puny_duckdb.cpp"}
    cases = [
        ("surfaces/duckdb/puny_duckdb.cpp", '#include "../cli/cli.hpp"', True),
        ("surfaces/python/src/module.cpp", '#include "idna/internal.hpp"', True),
        ("surfaces/python/src/module.cpp", '#include "puny/idna.hpp"', False),
        ("surfaces/duckdb/puny_duckdb.cpp", '#include "duckdb_extension.h"', False),
        ("surfaces/js/src/punycode_engine_compact.cpp", '#include "bootstring/compact_engine.hpp"', False),
        ("surfaces/js/src/punycode_engine_compact.cpp", '#include "bootstring/fixed_engine.hpp"', True),
        ("surfaces/cli/explain.cpp", '#include "bootstring/fixed_engine.hpp"', True),
        ("surfaces/cli/explain.cpp", '#include "cli.hpp"', False),
        ("src/idna/map.cpp", '#include "unicode/ucd.hpp"', False),
        ("src/unicode/nfc.cpp", '#include "idna/internal.hpp"', True),
        ("src/idna/map.cpp", '#include "display/internal.hpp"', True),
        ("src/idna/map.cpp", '#include "ccc.inc"', False),
        ("src/idna/map.cpp", '#include "../../surfaces/cli/cli.hpp"', True),
        ("include/puny/idna.hpp", '#include "idna/internal.hpp"', True),
        ("include/puny/idna.hpp", '#include "puny/version.hpp"', False),
    ]
    failed = 0
    for path, line, expected in cases:
        got = bool(violations_of(path, [line], files))
        if got != expected:
            failed += 1
            print("self-test: %s in %s: %s, expected %s" % (line, path, "reported" if got else "accepted",
                                                           "reported" if expected else "accepted"))
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(sys.argv[1] if len(sys.argv) > 1 else
                   os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")))
