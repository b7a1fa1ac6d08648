#!/usr/bin/env python3
"""ctest docs.examples: runs the examples of README.md and docs/*.md and
compares what they print with what the page says (docs/doc-examples.md
describes the conventions).

  run_doc_examples.py --root CHECKOUT --puny BUILD/cli/puny --python VENV/bin/python [FILE...]
  run_doc_examples.py --self-test

Fenced blocks, by their info string:
  console   a transcript: "$ command" lines (a line ending in a backslash
            goes on), each followed by what it prints (stdout and stderr
            together); run by bash in a scratch folder, compared line by
            line ("..." alone on a line matches any lines)
  pycon     a Python session (">>> " / "... " and the printed repr): run
            with the standard library's doctest (ELLIPSIS on)
  sh, python  run when the line before the fence is <!-- example: run -->
            (bash -e / the interpreter, exit status 0), skipped with the
            reason when it is <!-- example: not run: REASON -->
  any       after <!-- example: output -->: what the run block before it
            prints on standard output, compared as a console block's output
Every console, pycon, sh, python, c and cpp block is one of these (c and
cpp blocks marked run are compiled with --include and linked with --library,
a block without main() wrapped into one); a sh, python, c or cpp block with
neither comment, or a plain/sh block that starts with "$ " (a
transcript not marked console), fails the test, so a new example is run or says
why not.  Blocks of other languages (js, sql) are counted and listed
(--list) but not run yet.  Each file's blocks share one scratch folder, in
order, so a later block may use a file an earlier one wrote.
"""

import argparse
import doctest
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^( *)(`{3,})\s*([A-Za-z0-9_+-]*)")
MARKER = re.compile(r"^\s*<!--\s*example:\s*(run|output|not run:\s*(.+?))\s*-->\s*$")
CHECKED = {"console", "pycon", "sh", "python"}
COMPILED = {"c", "cpp"}
SCRIPTED = {"js"}  # run by node with the npm package as node_modules/puny
# Set by main(): the public headers and the library a C or C++ block is built with.
BUILD = {"include": None, "library": None, "cc": "cc", "cxx": "c++", "npm_package": None,
         "node_modules": None, "langs": None}


class Block:
    def __init__(self, path, line, lang, text, marker, reason):
        self.path, self.line, self.lang, self.text = path, line, lang, text
        self.marker, self.reason = marker, reason

    def where(self):
        return "%s:%d (%s)" % (self.path, self.line, self.lang or "plain")


def blocks_of(path, text):
    """Every fenced block of a Markdown text, with the marker above it."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = len(m.group(1)), m.group(2), m.group(3).lower()
        start = i
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        i += 1
        marker = reason = None
        j = start - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        mm = MARKER.match(lines[j]) if j >= 0 else None
        if mm:
            marker = mm.group(1) if mm.group(1) in ("run", "output") else "not run"
            reason = mm.group(2)
        out.append(Block(path, start + 1, lang, "\n".join(body) + "\n", marker, reason))
    return out


def transcript(text):
    """[(command, [expected lines])] of a console block."""
    steps = []
    lines = text.rstrip("\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            raise ValueError("line %d of the block is output before any '$ ' command" % (i + 1))
        command = line[2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + "\n" + lines[i]
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        steps.append((command, expected))
    return steps


def matches(expected, got):
    """Line lists equal, "..." standing for any run of lines (also none)."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and expected[0].rstrip() == got[0].rstrip() and matches(expected[1:], got[1:])


def run_block(block, env, scratch, python):
    """None when the block does what the page says, else a message."""
    if block.lang == "console":
        try:
            steps = transcript(block.text)
        except ValueError as e:
            return str(e)
        for command, expected in steps:
            p = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, timeout=120,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            got = p.stdout.decode("utf-8", "replace").rstrip("\n")
            got_lines = got.split("\n") if got else []
            while expected and not expected[-1].strip():
                expected = expected[:-1]
            if not matches(expected, got_lines):
                return ("$ %s\n  expected:\n%s\n  got (exit %d):\n%s" % (
                    command, "".join("    | %s\n" % e for e in expected), p.returncode,
                    "".join("    | %s\n" % g for g in got_lines)))
        return None
    if block.lang == "pycon":
        script = ("import doctest, sys\n"
                  "text = sys.stdin.read()\n"
                  "test = doctest.DocTestParser().get_doctest(text, {}, %r, %r, 0)\n"
                  "runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)\n"
                  "runner.run(test)\n"
                  "sys.exit(1 if runner.failures else 0)\n" % (block.path, block.path))
        p = subprocess.run([python, "-c", script], input=block.text.encode(), cwd=scratch, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        return None if p.returncode == 0 else p.stdout.decode("utf-8", "replace")
    if block.lang in COMPILED:
        return run_compiled(block, env, scratch)
    if block.lang in SCRIPTED:
        return run_js(block, env, scratch)
    if block.lang in ("sh", "python"):
        command = ["bash", "-e", "-c", block.text] if block.lang == "sh" else [python, "-c", block.text]
        p = subprocess.run(command, cwd=scratch, env=env, timeout=300,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        block.stdout = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0:
            return "exit %d:\n%s%s" % (p.returncode, block.stdout, p.stderr.decode("utf-8", "replace"))
        return None
    return None


def program_of(block):
    """A C or C++ block as a whole program: a block without main() is a
    fragment, put into main() after its #include lines (none: puny.h for C,
    every public header for C++), with stdio."""
    if re.search(r"\bint\s+main\s*\(", block.text):
        return block.text
    includes, body = [], []
    for line in block.text.split("\n"):
        (includes if line.startswith("#include") else body).append(line)
    std = "#include <stdio.h>\n" if block.lang == "c" else "#include <cstdio>\n#include <string>\n"
    if not includes:  # a fragment that names no header has the surface's headers
        if block.lang == "c":
            includes = ["#include <puny.h>"]
        else:
            headers = sorted(os.listdir(os.path.join(BUILD["include"][0], "puny")))
            includes = ["#include <puny/%s>" % h for h in headers if h.endswith(".hpp")]
    return (std + "\n".join(includes) + "\nint main(void) {\n" + "\n".join(body) +
            "\n  return 0;\n}\n")


def run_compiled(block, env, scratch):
    if not BUILD["include"] or not BUILD["library"]:
        return "a C/C++ block marked run, but no --include/--library given"
    source = os.path.join(scratch, "example." + block.lang)
    with open(source, "w", encoding="utf-8") as f:
        f.write(program_of(block))
    exe = os.path.join(scratch, "example")
    obj = os.path.join(scratch, "example.o")
    includes = [flag for d in BUILD["include"] for flag in ("-I", d)]
    if block.lang == "c":
        compile_ = [BUILD["cc"], "-std=c99", "-Wall"] + includes + ["-c", source, "-o", obj]
    else:
        compile_ = [BUILD["cxx"], "-std=c++17", "-Wall"] + includes + ["-c", source, "-o", obj]
    steps = [compile_, [BUILD["cxx"], obj, BUILD["library"], "-o", exe], [exe]]
    for i, command in enumerate(steps):
        p = subprocess.run(command, cwd=scratch, env=env, timeout=300,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if i == 2:
            block.stdout = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0:
            return "%s: exit %d\n%s%s" % (" ".join(command), p.returncode,
                                          p.stdout.decode("utf-8", "replace"),
                                          p.stderr.decode("utf-8", "replace"))
    return None


def run_js(block, env, scratch):
    """A js block as an ES module beside node_modules/puny (the npm package) and
    the modules of --node-modules (ajv)."""
    if not BUILD["npm_package"]:
        return "a js block marked run, but no --npm-package given"
    modules = os.path.join(scratch, "node_modules")
    os.makedirs(modules, exist_ok=True)
    links = {"puny": BUILD["npm_package"]}
    if BUILD["node_modules"]:
        for name in os.listdir(BUILD["node_modules"]):
            links.setdefault(name, os.path.join(BUILD["node_modules"], name))
    for name, target in links.items():
        link = os.path.join(modules, name)
        if not os.path.lexists(link):
            os.symlink(target, link)
    source = os.path.join(scratch, "example.mjs")
    with open(source, "w", encoding="utf-8") as f:
        f.write(block.text)
    p = subprocess.run(["node", source], cwd=scratch, env=env, timeout=120,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    block.stdout = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0:
        return "node: exit %d\n%s%s" % (p.returncode, block.stdout, p.stderr.decode("utf-8", "replace"))
    return None


def check_output(block, previous):
    """An output block against the stdout of the run block before it."""
    if previous is None or getattr(previous, "stdout", None) is None:
        return "an output block with no run sh/python block before it"
    expected = block.text.rstrip("\n").split("\n")
    got = previous.stdout.rstrip("\n")
    got_lines = got.split("\n") if got else []
    if matches(expected, got_lines):
        return None
    return ("the output of %s\n  expected:\n%s\n  got:\n%s" % (
        previous.where(), "".join("    | %s\n" % e for e in expected),
        "".join("    | %s\n" % g for g in got_lines)))


def selected(lang):
    """--langs: only those; without it every language but js (ctest docs.examples_js)."""
    if BUILD["langs"] is None:
        return lang not in SCRIPTED
    return lang in BUILD["langs"]


def check_files(root, files, env, python, listing=False):
    failures, ran, skipped, other = [], 0, 0, {}
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            blocks = blocks_of(rel, f.read())
        scratch = tempfile.mkdtemp(prefix="puny-doc-")
        previous = None
        left = False
        try:
            for b in blocks:
                if b.marker == "output" and left:
                    continue  # the output of a block this run leaves to another
                left = not selected(b.lang)
                if left:
                    previous = None
                    continue
                if b.marker == "output":
                    message = check_output(b, previous)
                    ran += 1
                    print("%s %s" % ("ok  " if message is None else "FAIL", b.where()))
                    if message is not None:
                        failures.append("%s: %s" % (b.where(), message))
                    continue
                previous = None
                if b.lang in ("", "sh", "text") and b.text.startswith("$ ") and b.marker is None:
                    failures.append("%s: a transcript ('$ ' lines): make it a console block, "
                                    "or mark it <!-- example: not run: REASON -->" % b.where())
                    continue
                if b.marker == "not run":
                    skipped += 1
                    if listing:
                        print("not run  %s: %s" % (b.where(), b.reason))
                    continue
                if b.lang in COMPILED | SCRIPTED and b.marker == "run":
                    message = run_block(b, env, scratch, python)
                    previous = b
                    ran += 1
                    print("%s %s" % ("ok  " if message is None else "FAIL", b.where()))
                    if message is not None:
                        failures.append("%s:\n%s" % (b.where(), message))
                    continue
                if b.lang in COMPILED | SCRIPTED and b.marker is None:
                    failures.append("%s: no <!-- example: run --> or <!-- example: not run: "
                                    "REASON --> above it" % b.where())
                    continue
                if b.lang not in CHECKED:
                    if b.lang:
                        other.setdefault(b.lang, []).append(b.where())
                    continue
                if b.lang in ("sh", "python") and b.marker != "run":
                    failures.append("%s: no <!-- example: run --> or <!-- example: not run: "
                                    "REASON --> above it" % b.where())
                    continue
                message = run_block(b, env, scratch, python)
                previous = b
                ran += 1
                print("%s %s" % ("ok  " if message is None else "FAIL", b.where()))
                if message is not None:
                    failures.append("%s:\n%s" % (b.where(), message))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    print("%d blocks run, %d not run (each with its reason), %d failed" % (ran, skipped, len(failures)))
    for lang, where in sorted(other.items()):
        print("not run yet (%s): %d block(s)%s" % (lang, len(where),
              "".join("\n  " + w for w in where) if listing else ""))
    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    return failures


SELF_TEST = """\
```console
$ echo one; echo two
one
two
$ printf 'a\\nb\\nc\\n'
a
...
c
```

<!-- example: run -->
```sh
test -n "$PATH"
```

<!-- example: not run: needs a network -->
```sh
curl https://example.com/
```

```pycon
>>> 1 + 1
2
```

<!-- example: run -->
```python
print("x")
print("y")
```

<!-- example: output -->
```text
x
...
```
"""

SELF_TEST_BAD = [
    "```console\n$ echo one\ntwo\n```\n",                 # wrong output
    "```console\n$ echo one\n```\n",                      # output missing from the page
    "```console\nstray\n$ echo one\none\n```\n",          # output before a command
    "```pycon\n>>> 1 + 1\n3\n```\n",                      # wrong repr
    "```sh\necho unmarked\n```\n",                        # neither run nor not run
    "<!-- example: run -->\n```sh\nfalse\n```\n",         # fails
    "<!-- example: run -->\n```python\nraise SystemExit(2)\n```\n",
    "```\n$ echo one\none\n```\n",                        # a transcript not marked console
    "<!-- example: run -->\n```sh\necho a\n```\n<!-- example: output -->\n```\nb\n```\n",
    "<!-- example: output -->\n```\nb\n```\n",              # output of nothing
    "```c\nint x;\n```\n",                                 # a C block neither run nor not run
]


def self_test(python):
    tmp = tempfile.mkdtemp(prefix="puny-doc-self-")
    env = dict(os.environ)
    bad = 0
    try:
        with open(os.path.join(tmp, "good.md"), "w") as f:
            f.write(SELF_TEST)
        if check_files(tmp, ["good.md"], env, python):
            print("self-test: the good page failed", file=sys.stderr)
            return 1
        for n, text in enumerate(SELF_TEST_BAD):
            name = "bad%d.md" % n
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
            if not check_files(tmp, [name], env, python):
                print("self-test: case %d passed but must fail:\n%s" % (n, text), file=sys.stderr)
                bad += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("self-test: %d of %d bad pages reported" % (len(SELF_TEST_BAD) - bad, len(SELF_TEST_BAD)))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root")
    ap.add_argument("--puny", help="the puny command-line tool the examples call as `puny`")
    ap.add_argument("--python", default=sys.executable,
                    help="the interpreter with the puny package (also `python` on PATH)")
    ap.add_argument("--list", action="store_true", help="also list the blocks not run")
    ap.add_argument("--include", action="append", default=[],
                    help="a folder of public headers for C and C++ blocks (include/ first, "
                         "then the build's generated include/); repeatable")
    ap.add_argument("--library", help="the static library (libpuny.a) C and C++ blocks link")
    ap.add_argument("--npm-package", help="the npm package (build/wasm/package) js blocks import as 'puny'")
    ap.add_argument("--node-modules", help="a node_modules folder whose packages js blocks may import (ajv)")
    ap.add_argument("--langs", help="run only the blocks of these languages (comma-separated; "
                                    "default: all but js)")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if a.self_test:
        return self_test(a.python)
    if not a.root or not a.puny:
        ap.error("--root and --puny are required")
    for path, what in ((a.puny, "--puny"), (a.python, "--python")):
        if not os.access(path, os.X_OK):
            print("%s %s: not an executable file" % (what, path), file=sys.stderr)
            return 1
    root = os.path.abspath(a.root)
    BUILD["include"] = [os.path.abspath(d) for d in a.include]
    BUILD["library"] = a.library and os.path.abspath(a.library)
    BUILD["npm_package"] = a.npm_package and os.path.abspath(a.npm_package)
    BUILD["node_modules"] = a.node_modules and os.path.abspath(a.node_modules)
    if a.langs:
        BUILD["langs"] = set(a.langs.split(","))
    files = a.files or (["README.md"] + sorted(
        os.path.join("docs", n) for n in os.listdir(os.path.join(root, "docs")) if n.endswith(".md")))
    # `puny` and `python` on PATH are the build's tool and the package's interpreter.
    bindir = tempfile.mkdtemp(prefix="puny-doc-bin-")
    try:
        os.symlink(os.path.abspath(a.puny), os.path.join(bindir, "puny"))
        os.symlink(os.path.abspath(a.python), os.path.join(bindir, "python"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""),
                   PUNY_CHECKOUT=root, LC_ALL="C.UTF-8", COLUMNS="80")
        failures = check_files(root, files, env, os.path.abspath(a.python), a.list)
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
