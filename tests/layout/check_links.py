#!/usr/bin/env python3
"""Checks that every link in the repository's Markdown resolves.

    tests/layout/check_links.py [REPO]         (ctest layout.links)
    tests/layout/check_links.py --self-test    (ctest layout.links_self_test)

For README.md and every other tracked-looking *.md (outside build trees):
  * a relative link [text](path) or [text](path#anchor) names a file or
    folder of the repository, and the anchor a heading of that Markdown file
    (GitHub's rule: lower case, punctuation dropped, spaces to hyphens,
    -1, -2, ... for repeated headings);
  * [text](#anchor) names a heading of the same file;
  * a path written as code (`surfaces/js/build.sh`) that starts with one of
    the repository's top-level folders exists (so a moved file cannot leave
    its old path behind in the prose);
  * docs/README.md, the index, links to every page of docs/.
Links to other sites (http:, https:, mailto:) are not fetched: CI has no
network.  Fenced code blocks are skipped.  Prints every broken link as
FILE:LINE: message, then "N links checked, N broken"; exit status 1 if any.
"""

import os
import re
import sys

SKIP_DIRS = {".git", "node_modules", "__pycache__"}
LINK = re.compile(r"(?<!!)\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^()\s]+)\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+(\S+)")
CODE_PATH = re.compile(r"`([A-Za-z0-9_.\-]+/[^`\s]*)`")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def slug(text):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"`([^`]*)`", r"\1", text)                  # code spans keep their text
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)       # links keep their text
    text = re.sub(r"<[^>]+>", "", text)                        # inline HTML goes
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)                       # punctuation goes (\w keeps letters of any script)
    return text.replace(" ", "-")


def anchors_of(lines):
    seen, out = {}, set()
    for line in strip_fences(lines):
        if line is None:
            continue
        m = HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            out.add(base if n == 0 else "%s-%d" % (base, n))
            seen[base] = n + 1
        for a in re.findall(r'<a\s+(?:name|id)="([^"]+)"', line):
            out.add(a)
    return out


def strip_fences(lines):
    """The lines, with those inside fenced code blocks replaced by None."""
    out, fence = [], None
    for line in lines:
        m = re.match(r"^\s*(```+|~~~+)", line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * 3
                out.append(None)
                continue
            if m.group(1).startswith(fence):
                fence = None
                out.append(None)
                continue
        out.append(None if fence else line)
    return out


def markdown_files(repo):
    found = []
    for root, dirs, names in os.walk(repo):
        rel = os.path.relpath(root, repo)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not (rel == "." and d.startswith("build"))
                         and not (rel == "." and d in ("out",)))
        for n in sorted(names):
            if n.endswith(".md"):
                found.append(os.path.normpath(os.path.join(rel, n)))
    return found


class Checker:
    def __init__(self, repo, read=None, exists=None, top_dirs=None):
        self.repo = repo
        self.read = read or (lambda p: open(os.path.join(repo, p), encoding="utf-8").read())
        self.exists = exists or (lambda p: os.path.exists(os.path.join(repo, p)))
        self.top_dirs = top_dirs if top_dirs is not None else {
            d for d in os.listdir(repo) if os.path.isdir(os.path.join(repo, d))
            and not d.startswith(".") and not d.startswith("build") and d != "out"}
        self.anchor_cache = {}
        self.links = 0

    def anchors(self, path):
        if path not in self.anchor_cache:
            self.anchor_cache[path] = anchors_of(self.read(path).split("\n"))
        return self.anchor_cache[path]

    def target_problem(self, md, target):
        """Why `target` (a link in md) does not resolve, or None."""
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):   # http:, https:, mailto:, ...
            return None
        path, _, anchor = target.partition("#")
        if path == "":
            resolved = md
        else:
            resolved = os.path.normpath(os.path.join(os.path.dirname(md), path))
            if resolved.startswith(".."):
                # ../shared beside the checkout: data CI provides, not a page of ours.
                return None if resolved.startswith(os.path.join("..", "shared")) else \
                    "%s leaves the repository" % target
            if not self.exists(resolved):
                return "%s: no such file (%s)" % (target, resolved)
        if anchor and resolved.endswith(".md"):
            if anchor not in self.anchors(resolved):
                return "%s: no heading with anchor #%s in %s" % (target, anchor, resolved)
        return None

    def check_file(self, md):
        problems = []
        for number, line in enumerate(strip_fences(self.read(md).split("\n")), 1):
            if line is None:
                continue
            targets = LINK.findall(line) + IMAGE.findall(line)
            m = REFERENCE.match(line)
            if m:
                targets.append(m.group(1))
            for t in targets:
                self.links += 1
                p = self.target_problem(md, t)
                if p:
                    problems.append((md, number, p))
            for code in CODE_PATH.findall(line):
                top = code.split("/")[0]
                if top not in self.top_dirs or re.search(r"[*{}<>$\[\]|]|\.\.\.", code):
                    continue
                path = code.rstrip(".,:;)").split("#")[0]
                path = path.split(":")[0]               # file.cpp:123
                self.links += 1
                if not self.exists(path):
                    problems.append((md, number, "`%s`: no such path in the repository" % code))
        return problems


def unindexed(files, index_text):
    """The pages of docs/ that the index (docs/README.md) does not link to."""
    linked = {os.path.normpath(os.path.join("docs", t.split("#")[0])) for t in LINK.findall(index_text)}
    return [f for f in files if os.path.dirname(f) == "docs" and f != os.path.join("docs", "README.md")
            and f not in linked]


def check(repo):
    checker = Checker(repo)
    problems = []
    files = markdown_files(repo)
    for md in files:
        problems += checker.check_file(md)
    index = os.path.join("docs", "README.md")
    if index not in files:
        problems.append((index, 0, "missing: the index of the documents"))
    else:
        problems += [(index, 0, "%s is not listed in the index" % f)
                     for f in unindexed(files, checker.read(index))]
    for md, n, p in problems:
        print("%s:%d: %s" % (md, n, p))
    print("%d links checked in %d Markdown files, %d broken" % (checker.links, len(files), len(problems)))
    if "README.md" not in files or checker.links < 20:
        print("check_links: README.md or its links not found under %s: wrong directory?" % repo)
        return 1
    return 1 if problems else 0


def self_test():
    pages = {
        "README.md": "# puny\n## Quick start\n## Quick start\nSee [docs](docs/README.md), [cli](docs/cli.md#options),\n"
                     "[gone](docs/gone.md), [bad](docs/cli.md#nowhere), [here](#quick-start-1), [no](#quick),\n"
                     "[site](https://example.com/x), `src/idna/map.cpp`, `src/idna/old.cpp`, `build/cli/puny`\n"
                     "```\n[fenced](nowhere.md)\n```\n[ref]: docs/missing.md\n",
        "docs/README.md": "# Docs\n[up](../README.md#quick-start) [shared](../../shared/unicode)\n",
        "docs/cli.md": "# The `puny` tool: options\n## Options\n",
    }
    exists = lambda p: p in pages or p in ("docs", "src/idna/map.cpp")
    checker = Checker(".", read=lambda p: pages[p], exists=exists, top_dirs={"src", "docs"})
    got = {(md, p.split(":")[0]) for md in pages for _, _, p in checker.check_file(md)}
    expected = {("README.md", "docs/gone.md"), ("README.md", "docs/cli.md#nowhere"),
                ("README.md", "#quick"), ("README.md", "`src/idna/old.cpp`"),
                ("README.md", "docs/missing.md")}
    # The index must list every page of docs/.
    missing = unindexed(["docs/README.md", "docs/cli.md", "docs/new.md"], "[cli](cli.md#options)")
    if missing != ["docs/new.md"]:
        got.add(("index", "unindexed %s" % missing))
    failed = 0
    for e in sorted(expected | got):
        ok = (e in expected) == (e in got)
        if not ok:
            failed += 1
            print("self-test: %s %s" % (e, "missed" if e in expected else "reported wrongly"))
    print("%d passed, %d failed" % (len(expected | got) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(check(sys.argv[1] if len(sys.argv) > 1 else
                   os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")))
