#!/usr/bin/env python3
"""Checks that the maps of the tree name what is in the tree.

    tests/layout/check_maps.py [REPO]         (ctest layout.maps)
    tests/layout/check_maps.py --self-test    (ctest layout.maps_self_test)

The maps a contributor reads first, and what each must name:

  * src/idna/stages.hpp's table (its leading comment): every file of
    src/idna/ (a stage added without a row is a stage nobody finds; an
    #include of it further down is no row);
  * src/README.md's table: every folder of src/ as `name/`;
  * docs/library.md's header table: every public header include/puny/*.hpp
    in a row of its own, "| `puny/name.hpp` | ...", not only in the prose
    (the generated ones, version.hpp and unicode_version.hpp, are named
    there by hand or not at all);
  * docs/architecture.md: the count it gives of the internal headers granted
    to surfaces ("Three internal headers are granted ...") equals the number
    of distinct headers check_layers.py grants.

Prints each omission as FILE: message, then "N maps checked, N omissions";
exit status 1 on any omission.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_layers import SURFACE_INTERNALS  # noqa: E402  (the grants, one table)

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
GRANT_SENTENCE = re.compile(r"\b([A-Za-z]+) internal headers? (?:is|are) granted to surfaces")


HEADER_ROW = re.compile(r"^\| `puny/([\w.]+\.hpp)` \|", re.M)


def leading_comment(text):
    """The "//" lines a file starts with (its map), up to the first other line."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        lines.append(line)
    return "\n".join(lines)


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def listing(root, path):
    full = os.path.join(root, path)
    return sorted(os.listdir(full)) if os.path.isdir(full) else []


def omissions(root):
    """(file, message) for each thing a map fails to name."""
    found = []
    stages = leading_comment(read(root, "src/idna/stages.hpp"))
    for name in listing(root, "src/idna"):
        if name != "stages.hpp" and not re.search(r"(?<![\w.])" + re.escape(name) + r"\b", stages):
            found.append(("src/idna/stages.hpp", f"the stage table does not name src/idna/{name}"))

    src_readme = read(root, "src/README.md")
    for name in listing(root, "src"):
        if os.path.isdir(os.path.join(root, "src", name)) and f"`{name}/" not in src_readme:
            found.append(("src/README.md", f"the folder table does not name src/{name}/"))

    rows = set(HEADER_ROW.findall(read(root, "docs/library.md")))
    for name in listing(root, "include/puny"):
        if name.endswith(".hpp") and name not in rows:
            found.append(("docs/library.md", f"the header table does not name puny/{name}"))

    granted = {h for headers in SURFACE_INTERNALS.values() for h in headers}
    match = GRANT_SENTENCE.search(read(root, "docs/architecture.md"))
    if match is None:
        found.append(("docs/architecture.md", "no sentence says how many internal headers are granted"))
    elif NUMBER_WORDS.get(match.group(1).lower()) != len(granted):
        found.append(("docs/architecture.md",
                      f"says {match.group(1)} internal headers are granted; check_layers.py grants "
                      f"{len(granted)}"))
    return found


def run(root):
    found = omissions(root)
    for path, message in found:
        print(f"{path}: {message}")
    print(f"4 maps checked, {len(found)} omissions")
    return 1 if found else 0


def self_test():
    """Builds small trees that must pass and fail, and checks the verdicts."""
    import shutil
    import tempfile

    scratch = tempfile.mkdtemp(prefix="check_maps.")
    made = [0]

    def tree(files):
        made[0] += 1
        root = os.path.join(scratch, str(made[0]))
        for path, text in files.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        return root

    count = len({h for headers in SURFACE_INTERNALS.values() for h in headers})
    word = next(w for w, n in NUMBER_WORDS.items() if n == count).capitalize()
    good = {
        "src/idna/stages.hpp": "// map.cpp, url.hpp\n",
        "src/idna/map.cpp": "", "src/idna/url.hpp": "",
        "src/README.md": "| `idna/` | ... |\n",
        "include/puny/idna.hpp": "",
        "docs/library.md": "| `puny/idna.hpp` | ... |\n",
        "docs/architecture.md": f"{word} internal headers are granted to surfaces, each for a reason:\n",
    }
    failures = 0
    if omissions(tree(good)):
        print("self-test: a complete tree was reported:", omissions(tree(good)))
        failures += 1
    bad_cases = {
        "a stage file without a row": {"src/idna/ace_path.cpp": ""},
        "a row that only names a longer file": {"src/idna/stages.hpp": "// map.cpp, url.hpp, xmap.cpp\n",
                                                "src/idna/ap.cpp": ""},
        "a folder of src/ without a row": {"src/email/x.cpp": ""},
        "a public header without a row": {"include/puny/email.hpp": ""},
        "a public header named only in the prose": {"include/puny/email.hpp": "",
                                                     "docs/library.md": "| `puny/idna.hpp` | ... |\n"
                                                                        "See `puny/email.hpp`.\n"},
        "a stage file named only below the table": {"src/idna/stages.hpp": "// map.cpp, url.hpp\n#pragma once\n"
                                                                          "#include \"idna/ace.hpp\"\n",
                                                    "src/idna/ace.hpp": ""},
        "a wrong count of grants": {"docs/architecture.md": "Ten internal headers are granted to surfaces.\n"},
        "no count of grants": {"docs/architecture.md": "Some headers are granted.\n"},
    }
    for what, change in bad_cases.items():
        files = dict(good)
        files.update(change)
        if not omissions(tree(files)):
            print(f"self-test: not reported: {what}")
            failures += 1
    shutil.rmtree(scratch)
    print(f"self-test: {1 + len(bad_cases)} cases, {failures} wrong")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        sys.exit(self_test())
    sys.exit(run(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")))
