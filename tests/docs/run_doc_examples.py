#!/usr/bin/env python3
"""ctest docs.examples: runs the examples of README.md and docs/*.md and
compares what they print with what the page says (docs/doc-examples.md
describes the conventions).

  run_doc_examples.py --root CHECKOUT --puny BUILD/cli/puny --python VENV/bin/python [FILE...]
  run_doc_examples.py ... --langs sql --psql PSQL --duckdb-dir BUILD/duckdb   (docs.examples_sql)
  run_doc_examples.py --self-test
  run_doc_examples.py --self-test-sql --psql PSQL --duckdb-dir BUILD/duckdb

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
why not.  js blocks run with --langs js (node), sql blocks marked
<!-- example: run in postgres, duckdb --> with --langs sql (doc_sql.py; an
sql block with no marker fails here too), and the examples of a paragraph or
table marked <!-- example: inline LANGS --> (doc_inline.py): sh and python ones here,
postgres/duckdb ones with --langs sql.  Each file's blocks share one scratch
folder, in order, so a later block may use a file an earlier one wrote.
"""

import argparse
import doctest
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import doc_inline  # noqa: E402
import doc_sql  # noqa: E402
import self_test_pages as pages  # noqa: E402

FENCE = re.compile(r"^( *)(`{3,})\s*([A-Za-z0-9_+-]*)")
MARKER = re.compile(r"^\s*<!--\s*example:\s*(run(?:\s+in\s+([a-z ,]+?))?|output|not run:\s*(.+?))\s*-->\s*$")
CHECKED = {"console", "pycon", "sh", "python"}
COMPILED = {"c", "cpp"}
SCRIPTED = {"js"}  # run by node with the npm package as node_modules/puny
# Set by main(): the public headers and the library a C or C++ block is built with.
BUILD = {"include": None, "library": None, "cc": "cc", "cxx": "c++", "npm_package": None,
         "node_modules": None, "langs": None, "psql": None, "duckdb_dir": None}


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
            if mm.group(1).startswith("run"):
                marker, reason = "run", mm.group(2)  # the engines of "run in ..."
            else:
                marker = mm.group(1) if mm.group(1) == "output" else "not run"
                reason = mm.group(3)
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
    """--langs: only those; without it every language but js and sql (ctest
    docs.examples_js, docs.examples_sql)."""
    if BUILD["langs"] is None:
        return lang not in SCRIPTED and lang != "sql"
    return lang in BUILD["langs"]


def check_sql(b, sessions, failures, listing):
    """A sql block: marked run in ENGINES (run with --langs sql) or not run;
    the number of blocks run (0 or 1), or None when it was skipped."""
    if b.marker is None or (b.marker == "run" and not b.reason):
        if BUILD["langs"] is not None and not selected("sql"):
            return 0  # (docs.examples reports it; docs.examples_js need not)
        failures.append("%s: no <!-- example: run in postgres, duckdb --> (or one of them) or "
                        "<!-- example: not run: REASON --> above it" % b.where())
        return 0
    if b.marker == "not run":
        if listing:
            print("not run  %s: %s" % (b.where(), b.reason))
        return None
    if b.marker != "run":
        return 0
    try:
        engines = doc_sql.engines_of(b.reason)
    except ValueError as e:
        failures.append("%s: %s" % (b.where(), e))
        return 0
    if not selected("sql"):
        return 0
    messages = doc_sql.run_block(b, sessions, engines)
    print("%s %s in %s" % ("ok  " if not messages else "FAIL", b.where(), ", ".join(engines)))
    failures.extend("%s:\n%s" % (b.where(), m) for m in messages)
    return 1


def check_inline(rel, text, env, scratch, sessions, python, failures, listing):
    """The inline examples of a page; the number run."""
    examples, unmarked = doc_inline.examples(rel, text)
    if BUILD["langs"] is None:
        failures.extend(unmarked)
    ran = 0
    for ex in examples:
        if not selected("sql" if ex.lang in doc_sql.ENGINES else ex.lang):
            continue
        if ex.kind == "prose":
            if listing:
                print("not run  %s: prose output: %s" % (ex.where(), ex.expect))
            continue
        message = doc_inline.run(ex, env, scratch, sessions, python)
        ran += 1
        print("%s %s: %s" % ("ok  " if message is None else "FAIL", ex.where(), ex.code))
        if message is not None:
            failures.append("%s:\n%s" % (ex.where(), message))
    return ran


def check_files(root, files, env, python, listing=False):
    failures, ran, skipped, other = [], 0, 0, {}
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            text = f.read()
        blocks = blocks_of(rel, text)
        scratch = tempfile.mkdtemp(prefix="puny-doc-")
        sessions = doc_sql.Sessions(BUILD, scratch, env)
        previous = None
        left = False
        try:
            for b in blocks:
                if b.lang == "sql":
                    n = check_sql(b, sessions, failures, listing)
                    skipped += n is None
                    ran += n or 0
                    previous, left = None, True
                    continue
                if b.marker == "run" and b.reason:
                    failures.append("%s: 'run in %s' is for sql blocks" % (b.where(), b.reason))
                    continue
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
            ran += check_inline(rel, text, env, scratch, sessions, python, failures, listing)
        finally:
            try:
                sessions.close()
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
    print("%d examples run, %d blocks not run (each with its reason), %d failed" % (ran, skipped, len(failures)))
    for lang, where in sorted(other.items()):
        print("not run yet (%s): %d block(s)%s" % (lang, len(where),
              "".join("\n  " + w for w in where) if listing else ""))
    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    return failures


def self_test(python, good, bad_pages, label):
    """The runner on pages it must pass (good) and pages it must fail."""
    tmp = tempfile.mkdtemp(prefix="puny-doc-self-")
    env = dict(os.environ)
    bad = 0
    try:
        with open(os.path.join(tmp, "good.md"), "w") as f:
            f.write(good)
        if check_files(tmp, ["good.md"], env, python):
            print("%s: the good page failed" % label, file=sys.stderr)
            return 1
        for n, text in enumerate(bad_pages):
            name = "bad%d.md" % n
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
            if not check_files(tmp, [name], env, python):
                print("%s: case %d passed but must fail:\n%s" % (label, n, text), file=sys.stderr)
                bad += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%s: %d of %d bad pages reported" % (label, len(bad_pages) - bad, len(bad_pages)))
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
                                    "default: all but js and sql)")
    ap.add_argument("--psql", help="psql of the server PGHOST/PGPORT/PGUSER name, with the extension "
                                   "installed (sql blocks run in postgres)")
    ap.add_argument("--duckdb-dir", help="surfaces/duckdb/build.sh's folder (build/duckdb: "
                                         "puny.duckdb_extension, node/) (sql blocks run in duckdb)")
    ap.add_argument("--self-test", action="store_true",
                    help="the runner on self_test_pages.py's pages (no database)")
    ap.add_argument("--self-test-sql", action="store_true",
                    help="the SQL runner on self_test_pages.py's SQL pages (needs --psql and --duckdb-dir)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if a.self_test:
        return self_test(a.python, pages.GOOD, pages.BAD, "self-test")
    if a.self_test_sql:
        if not a.psql or not a.duckdb_dir:
            ap.error("--self-test-sql needs --psql and --duckdb-dir")
        BUILD.update(langs={"sql"}, psql=a.psql, duckdb_dir=os.path.abspath(a.duckdb_dir))
        return self_test(a.python, pages.SQL_GOOD, pages.SQL_BAD, "self-test-sql")
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
    BUILD["psql"] = a.psql
    BUILD["duckdb_dir"] = a.duckdb_dir and os.path.abspath(a.duckdb_dir)
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
