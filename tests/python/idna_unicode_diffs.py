#!/usr/bin/env python3
"""ctest python.idna_unicode_diffs: every code point through puny.idna and
Debian's python3-idna 3.3 (Unicode 14.0.0 tables); the code points that were
already assigned in Unicode 14.0.0 and give different results must be exactly
the table of docs/python-idna.md ("Differences from idna"), and every other
difference must be a code point unassigned in 14.0.0 and assigned in the
library's Unicode version (UnicodeData.txt).

  idna_unicode_diffs.py UNICODEDATA_TXT DOC_MD [--write]

--write puts the table the scan finds into the document (between the
"idna-unicode-diffs" comments) instead of comparing.  Three calls per code
point c, in each implementation: encode("a" + c, uts46=True), encode("a" + c)
and uts46_remap(c, std3_rules=False); a result is the value or the
exception's class name.  Run it in the venv python.package made, whose
interpreter is Debian's (its unicodedata is 14.0.0, as idna 3.3's tables).
"""

import sys
import unicodedata

BEGIN = "<!-- idna-unicode-diffs: begin (tests/python/idna_unicode_diffs.py --write) -->"
END = "<!-- idna-unicode-diffs: end -->"


def outcome(call):
    try:
        return call()
    except Exception as e:  # the class is what is compared
        return type(e).__name__


def signature(mod, c):
    return (outcome(lambda: mod.encode("a" + c, uts46=True)),
            outcome(lambda: mod.encode("a" + c)),
            outcome(lambda: mod.uts46_remap(c, std3_rules=False)))


def assigned(unicodedata_txt):
    """The code points UnicodeData.txt assigns (First/Last ranges expanded)."""
    out = set()
    first = None
    with open(unicodedata_txt, encoding="utf-8") as f:
        for line in f:
            fields = line.split(";")
            cp, name = int(fields[0], 16), fields[1]
            if name.endswith(", First>"):
                first = cp
            elif name.endswith(", Last>"):
                out.update(range(first, cp + 1))
            else:
                out.add(cp)
    return out


def describe(c, remap_old, remap_new, enc_new):
    """What puny.idna does with uts46=True where idna 3.3 does something else."""
    if remap_new == c and not isinstance(enc_new, bytes):
        return "valid in the remap (`uts46_remap` returns it), `encode` refuses it (`%s`)" % enc_new
    if isinstance(remap_new, str) and remap_new == "":
        return "ignored (removed by the remap)"
    if isinstance(remap_new, str) and remap_new and remap_new[0] not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        target = " ".join("U+%04X" % ord(x) for x in remap_new)
        if isinstance(remap_old, str) and not remap_old[:1].isupper():
            old = " ".join("U+%04X" % ord(x) for x in remap_old)
            return "mapped to %s (idna 3.3: to %s)" % (target, old)
        return "mapped to %s" % target
    return "remap %r, encode %r" % (remap_new, enc_new)


def table_rows(diffs):
    """Runs of consecutive code points with the same kind of difference."""
    rows = []
    for cp, old, new in diffs:
        kind = describe(chr(cp), old[2], new[2], new[0])
        if kind.startswith("mapped to") and " (" not in kind:
            kind_key = "mapped"
        else:
            kind_key = kind
        old_txt = "`InvalidCodepoint`" if old[0] == "InvalidCodepoint" else "`%r`" % (old[0],)
        if rows and rows[-1][1] == cp - 1 and rows[-1][2] == kind_key and rows[-1][4] == old_txt:
            rows[-1][1] = cp
            rows[-1][3].append(kind)
            continue
        rows.append([cp, cp, kind_key, [kind], old_txt])
    lines = ["| code points | names | idna 3.3, `encode(\"a\" + c, uts46=True)` | puny.idna |",
             "|---|---|---|---|"]
    for first, last, key, kinds, old_txt in rows:
        span = "U+%04X" % first if first == last else "U+%04X..U+%04X" % (first, last)
        names = unicodedata.name(chr(first), "?")
        if last != first:
            names += " .. " + unicodedata.name(chr(last), "?")
        if len(kinds) == 1:
            what = kinds[0]
        elif key == "mapped":  # a run of one-to-one mappings: first and last target
            what = "mapped to %s..%s" % (kinds[0].split()[2], kinds[-1].split()[2])
        else:
            what = kinds[0]
        lines.append("| %s | %s | %s | %s |" % (span, names, old_txt, what))
    return lines


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    unicodedata_txt, doc = sys.argv[1], sys.argv[2]
    write = "--write" in sys.argv[3:]
    import idna
    import puny.idna
    if getattr(idna, "__version__", "") != "3.3" or not idna.__file__.startswith("/usr/lib/python3/"):
        print("FAIL: need Debian's python3-idna 3.3, found %s at %s"
              % (getattr(idna, "__version__", "?"), idna.__file__), file=sys.stderr)
        return 1
    if unicodedata.unidata_version != "14.0.0":
        print("FAIL: the interpreter's unicodedata is %s, not idna 3.3's 14.0.0"
              % unicodedata.unidata_version, file=sys.stderr)
        return 1
    now = assigned(unicodedata_txt)
    old_assigned, new_assigned, bad = [], 0, []
    scanned = 0
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue  # not text: neither accepts a lone surrogate in a str it encodes
        c = chr(cp)
        scanned += 1
        old, new = signature(idna, c), signature(puny.idna, c)
        if old == new:
            continue
        if unicodedata.category(c) != "Cn":
            old_assigned.append((cp, old, new))
            if old[1] != new[1]:  # the document says IDNA2008 alone agrees on these
                bad.append("U+%04X: encode without uts46 differs: idna %r, puny.idna %r"
                           % (cp, old[1], new[1]))
        elif cp in now:
            new_assigned += 1
        else:
            bad.append("U+%04X unassigned in both versions: idna %r, puny.idna %r" % (cp, old, new))
    print("%d code points scanned; %d differ: %d assigned since Unicode 14.0.0, %d assigned before"
          % (scanned, new_assigned + len(old_assigned) + len(bad), new_assigned, len(old_assigned)))
    lines = table_rows(old_assigned)
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        print("FAIL: %s has no %s ... %s section" % (doc, BEGIN, END), file=sys.stderr)
        return 1
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    fresh = head + BEGIN + "\n" + "\n".join(lines) + "\n" + END + tail
    for b in bad:
        print("FAIL: " + b, file=sys.stderr)
    if write:
        with open(doc, "w", encoding="utf-8") as f:
            f.write(fresh)
        print("wrote %d rows (%d code points) into %s" % (len(lines) - 2, len(old_assigned), doc))
        return 1 if bad else 0
    if fresh != text:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), fresh.splitlines(True),
                                                   doc, "scan"))
        print("FAIL: %s's table of differences is not what the scan finds (diff above; "
              "--write updates it)" % doc, file=sys.stderr)
        return 1
    if bad:
        return 1
    print("ok: the %d code points of the table are every difference among those assigned in 14.0.0"
          % len(old_assigned))
    return 0


if __name__ == "__main__":
    sys.exit(main())
