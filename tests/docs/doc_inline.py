"""Examples written in running text and tables (docs/doc-examples.md,
"Inline examples"), for run_doc_examples.py.

<!-- example: inline LANGS --> (LANGS: sh, python, postgres, duckdb) marks the
paragraph or table after it (up to the next blank line).  In it:
  - a table whose header is "| command | output |": each row's first cell
    is one code span, a shell command run by bash in the page's scratch
    folder (`puny` the build's tool), and its output cell says what happens:
      `TEXT` ...            standard output is TEXT (prose may follow)
      `TEXT` among ...      standard output contains TEXT
      error NAME ...        the command fails and says NAME (a code span or
                            a word), "at byte N" if the cell says so, and
                            the code span after "hint" or "words:"
      anything else         prose: not run, listed by --list
  - elsewhere, `CODE` → `RESULT` or `CODE` = `RESULT`: CODE a shell command
    whose output is RESULT (sh), a Python expression whose repr() is RESULT
    (python: the package's interpreter, `puny` and its submodules imported),
    or an SQL expression, SELECT CODE giving the one row RESULT (postgres,
    duckdb).
A `CODE` → `RESULT` pair outside a marked paragraph fails the test: the
arrow is this convention's, so it is run or not written.
"""

import re
import subprocess

import doc_sql

FENCE = re.compile(r"^\s*`{3,}")
MARKER = re.compile(r"^\s*<!--\s*example:\s*inline\s+([a-z ,]+?)\s*-->\s*$")
PAIR = re.compile(r"`([^`]+)`\s*(→|=)\s*`([^`]*)`")
ARROW = re.compile(r"`[^`]+`\s*→\s*`[^`]*`")
LANGS = ("sh", "python") + doc_sql.ENGINES
# What a python example's expression is evaluated with: the package and its
# submodules (puny.idna, puny.email, ...), the expression as argv[1].
PYTHON = ("import importlib, pkgutil, sys, warnings\n"
          "warnings.simplefilter('ignore')\n"
          "names = {}\n"
          "if 'puny' in sys.argv[1]:\n"
          "    import puny\n"
          "    names['puny'] = puny\n"
          "    for m in pkgutil.iter_modules(puny.__path__):\n"
          "        if not m.name.startswith('_') and m.name != 'dask':\n"
          "            importlib.import_module('puny.' + m.name)\n"
          "print(repr(eval(sys.argv[1], names)))\n")


class Inline:
    def __init__(self, path, line, lang, code, expect, kind):
        self.path, self.line, self.lang, self.code, self.expect, self.kind = path, line, lang, code, expect, kind

    def where(self):
        return "%s:%d (inline %s)" % (self.path, self.line, self.lang)


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def output_rule(cell):
    """(kind, expectation) of a table's output cell."""
    m = re.match(r"`([^`]*)`(\s+among\b)?", cell)
    if m:
        return ("contains" if m.group(2) else "equals"), m.group(1)
    m = re.match(r"error\s+(?:`([^`]+)`|([A-Za-z0-9_]+))", cell)
    if m:
        says = [m.group(1) or m.group(2)]
        byte = re.match(r"\s*at byte (\d+)", cell[m.end():])
        if byte:
            says.append("byte " + byte.group(1))
        says += re.findall(r"(?:hint|words:)\s+`([^`]+)`", cell)
        return "error", says
    return "prose", cell


def examples(path, text):
    """(the inline examples of a page, messages for unmarked arrows)."""
    lines = text.split("\n")
    found, unmarked = [], []
    fenced, langs = False, None
    i = 0
    while i < len(lines):
        line = lines[i]
        if FENCE.match(line):
            fenced = not fenced
            i += 1
            continue
        if fenced:
            i += 1
            continue
        m = MARKER.match(line)
        if m:
            langs = [w for w in re.split(r"[\s,]+", m.group(1)) if w]
            bad = [w for w in langs if w not in LANGS]
            if bad:
                unmarked.append("%s:%d: 'inline %s': the languages are %s" % (
                    path, i + 1, m.group(1), ", ".join(LANGS)))
                langs = []
            i += 1
            while i < len(lines) and not lines[i].strip():
                i += 1
            start = i
            while i < len(lines) and lines[i].strip():
                i += 1
            found += region(path, start, lines[start:i], langs)
            continue
        if ARROW.search(re.sub(r"``.*?``", "", line)):  # (``...`` spans show the syntax)
            unmarked.append("%s:%d: `CODE` → `RESULT` outside a paragraph marked "
                            "<!-- example: inline LANGS -->: %s" % (path, i + 1, line.strip()))
        i += 1
    return found, unmarked


def region(path, start, lines, langs):
    out = []
    if lines and [c.lower() for c in cells(lines[0])] == ["command", "output"]:
        for n, line in enumerate(lines[2:], start + 3):
            row = cells(line)
            m = re.fullmatch(r"`([^`]+)`", row[0]) if row else None
            if not m or len(row) < 2:
                out.append(Inline(path, n, "sh", line, None, "bad row"))
                continue
            kind, expect = output_rule(row[1])
            out.append(Inline(path, n, "sh", m.group(1), expect, kind))
        return out
    for n, line in enumerate(lines, start + 1):
        for m in PAIR.finditer(re.sub(r"``.*?``", "", line)):
            for lang in langs:
                out.append(Inline(path, n, lang, m.group(1), m.group(3), "equals"))
    return out


def run_sh(example, env, scratch):
    p = subprocess.run(["bash", "-c", example.code], cwd=scratch, env=env, timeout=120,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.decode("utf-8", "replace").rstrip("\n")
    err = p.stderr.decode("utf-8", "replace")
    got = "exit %d, stdout:\n    | %s\n  stderr:\n    | %s" % (
        p.returncode, out.replace("\n", "\n    | "), err.rstrip("\n").replace("\n", "\n    | "))
    if example.kind == "equals" and (p.returncode != 0 or out != example.expect):
        return "$ %s\n  expected the output `%s`, got %s" % (example.code, example.expect, got)
    if example.kind == "contains" and (p.returncode != 0 or example.expect not in out):
        return "$ %s\n  expected output containing `%s`, got %s" % (example.code, example.expect, got)
    if example.kind == "error":
        missing = [s for s in example.expect if s not in out + err]
        if p.returncode == 0 or missing:
            return "$ %s\n  expected a failure saying %s%s, got %s" % (
                example.code, ", ".join("`%s`" % s for s in example.expect),
                " (missing: %s)" % ", ".join(missing) if missing else "", got)
    return None


def run_python(example, env, scratch, python):
    p = subprocess.run([python, "-c", PYTHON, example.code], cwd=scratch, env=env, timeout=120,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.decode("utf-8", "replace").rstrip("\n")
    if p.returncode != 0 or out != example.expect:
        return ">>> %s\n  expected `%s`, got (exit %d):\n    | %s%s" % (
            example.code, example.expect, p.returncode, out,
            p.stderr.decode("utf-8", "replace").rstrip("\n").replace("\n", "\n    | "))
    return None


def run(example, env, scratch, sessions, python):
    """None when the example does what the page says, else a message."""
    if example.kind == "bad row":
        return "a row of a command | output table whose first cell is not one code span: %s" % example.code
    if example.lang == "sh":
        return run_sh(example, env, scratch)
    if example.lang == "python":
        return run_python(example, env, scratch, python)
    return doc_sql.check(sessions, example.lang, "SELECT " + example.code, [example.expect])
