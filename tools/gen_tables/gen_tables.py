#!/usr/bin/env python3
"""Generate puny's Unicode lookup tables from the pinned UCD / IDNA data files.

Reads (never copies) the Unicode Character Database and the UTS #46 data
files and writes compact C++ tables into src/tables/<version>/*.inc plus
src/tables/<version>/MANIFEST.tsv.  Python 3 standard library only, no network.

Usage:
  gen_tables.py [--version X.Y.Z] [--ucd DIR] [--out DIR] [--check]

  --version  Unicode version to generate (default: 18.0.0); picks the two
             defaults below, and the data files must say the same version
  --ucd DIR  directory containing ucd/ and idna/ (default:
             <repo>/../shared/unicode/<version>)
  --out DIR  output directory (default: <repo>/src/tables/<version>)
  --check    regenerate in memory and compare with the files in --out;
             exit 1 naming every differing file, 0 if all identical.

Exit status: 0 ok, 1 tables differ (--check) or inconsistent data,
2 data directory or a data file is missing.

See tools/gen_tables/README.md for the table layout and for how to bump the
Unicode version.
"""

import argparse
import bisect
import hashlib
import os
import re
import sys

MAX_CP = 0x110000
GENERATOR = "tools/gen_tables/gen_tables.py"
# The version CMake builds by default (PUNY_UNICODE_VERSION); every version
# with a folder under src/tables/ can be regenerated with --version.
DEFAULT_VERSION = "18.0.0"


class DataError(Exception):
    """Inconsistent or unexpected data in an input file."""


class MissingData(Exception):
    """A required data file or directory does not exist."""


# ---------------------------------------------------------------------------
# Input parsing
# ---------------------------------------------------------------------------

class DataDir:
    def __init__(self, root):
        self.root = root
        self.versions = {}

    def path(self, *candidates):
        """First existing file among candidate relative paths."""
        for rel in candidates:
            p = os.path.join(self.root, rel)
            if os.path.isfile(p):
                return p
        raise MissingData("none of these data files exist under %s: %s"
                          % (self.root, ", ".join(candidates)))

    def lines(self, *candidates, versioned=True):
        """Lines of the first existing candidate.  versioned=False for a file
        that keeps the version of its last change (intentional.txt says
        15.0.0 in the 17.0.0 and 18.0.0 releases, as published)."""
        p = self.path(*candidates)
        with open(p, encoding="utf-8") as f:
            text = f.read()
        if versioned:
            self._note_version(os.path.basename(p), text)
        return text.splitlines()

    def _note_version(self, name, text):
        head = text[:2000]
        m = re.search(r"^# [A-Za-z0-9]+-(\d+\.\d+\.\d+)\.txt", head, re.M)
        if not m:
            m = re.search(r"^# Version: (\d+\.\d+\.\d+)", head, re.M)
        if m:
            self.versions[name] = m.group(1)

    def unicode_version(self):
        found = sorted(set(self.versions.values()))
        if len(found) != 1:
            raise DataError("data files disagree on the Unicode version: %r" % self.versions)
        return found[0]


def parse_range(field):
    field = field.strip()
    if ".." in field:
        a, b = field.split("..")
        return int(a, 16), int(b, 16)
    v = int(field, 16)
    return v, v


def data_fields(lines):
    """Yield the ';'-separated fields of every non-comment line."""
    for line in lines:
        body = line.split("#", 1)[0].strip()
        if body:
            yield [f.strip() for f in body.split(";")]


def missing_lines(lines):
    """Yield fields of '# @missing:' lines (UAX #44 section 4.2.10)."""
    for line in lines:
        m = re.match(r"#\s*@missing:\s*(.*)$", line)
        if m:
            yield [f.strip() for f in m.group(1).split(";")]


def load_unicode_data(dd, digit_value=None):
    """UnicodeData.txt: general category, ccc, canonical decomposition (and,
    into `digit_value` when given, the decimal digit value of field 6)."""
    gc = ["Cn"] * MAX_CP
    ccc = [0] * MAX_CP
    decomp = {}  # cp -> tuple of code points (canonical, single step)
    first = None
    for f in data_fields(dd.lines("ucd/UnicodeData.txt")):
        cp = int(f[0], 16)
        name = f[1]
        if name.endswith(", First>"):
            first = cp
            continue
        lo = cp
        if name.endswith(", Last>"):
            if first is None:
                raise DataError("UnicodeData.txt: range end %04X without start" % cp)
            lo, first = first, None
        for c in range(lo, cp + 1):
            gc[c] = f[2]
            ccc[c] = int(f[3])
        if f[5] and not f[5].startswith("<"):
            decomp[cp] = tuple(int(x, 16) for x in f[5].split())
        if digit_value is not None and f[6]:
            digit_value[cp] = int(f[6])
    return gc, ccc, decomp


# ---------------------------------------------------------------------------
# Multi-stage table builder
# ---------------------------------------------------------------------------

def int_type(max_value):
    for bits, name in ((8, "std::uint8_t"), (16, "std::uint16_t"), (32, "std::uint32_t")):
        if max_value < (1 << bits):
            return name, bits // 8
    raise DataError("value too large for a table: %d" % max_value)


class Trie3:
    """value = stage3[(stage2[(stage1[c >> (lo+mid)] << mid) | mid bits] << lo) | lo bits]

    Code points >= limit return `fallback`.  Identical blocks are shared at
    both levels; the block sizes are chosen to minimise the total bytes.
    """

    def __init__(self, values, fallback):
        hi = MAX_CP
        while hi > 0 and values[hi - 1] == fallback:
            hi -= 1
        self.fallback = fallback
        best = None
        for lo_bits in range(2, 9):
            # Cover [0, hi) rounded up to the largest span tried, padding with
            # the fallback so that every block past `hi` is a fallback block.
            end = -(-max(hi, 1) // (1 << (lo_bits + 7))) * (1 << (lo_bits + 7))
            padded = values[:min(end, MAX_CP)] + [fallback] * max(0, end - MAX_CP)
            blocks3, index3 = self._dedupe(padded, end, 1 << lo_bits, fallback)
            t3, s3 = int_type(max(max(b) for b in blocks3))
            for mid_bits in range(2, 8):
                span = 1 << (lo_bits + mid_bits)
                n3 = -(-max(hi, 1) // span) * (1 << mid_bits)
                blocks2, index2 = self._dedupe(index3, n3, 1 << mid_bits, 0)
                t2, s2 = int_type(len(blocks3) - 1)
                t1, s1 = int_type(len(blocks2) - 1)
                size = (len(index2) * s1 + len(blocks2) * (1 << mid_bits) * s2
                        + len(blocks3) * (1 << lo_bits) * s3)
                key = (size, lo_bits, mid_bits)
                if best is None or key < best[0]:
                    best = (key, lo_bits, mid_bits, index2, blocks2, blocks3, (t1, t2, t3))
        _, self.lo_bits, self.mid_bits, stage1, blocks2, blocks3, self.types = best
        self.stage1 = stage1
        self.stage2 = [v for b in blocks2 for v in b]
        self.stage3 = [v for b in blocks3 for v in b]
        span = 1 << (self.lo_bits + self.mid_bits)
        self.limit = len(stage1) * span
        for c in range(MAX_CP):  # self-check of the packing
            if self.get(c) != values[c]:
                raise DataError("trie packing error at U+%04X" % c)

    @staticmethod
    def _dedupe(seq, end, size, pad):
        blocks, ids, index = [], {}, []
        for start in range(0, end, size):
            blk = tuple(seq[start:start + size])
            if len(blk) < size:
                blk = blk + (pad,) * (size - len(blk))
            i = ids.get(blk)
            if i is None:
                i = ids[blk] = len(blocks)
                blocks.append(blk)
            index.append(i)
        if not blocks:
            blocks.append((pad,) * size)
            index.append(0)
        return blocks, index

    def get(self, c):
        if c >= self.limit:
            return self.fallback
        b1 = self.stage1[c >> (self.lo_bits + self.mid_bits)]
        b2 = self.stage2[(b1 << self.mid_bits) | ((c >> self.lo_bits) & ((1 << self.mid_bits) - 1))]
        return self.stage3[(b2 << self.lo_bits) | (c & ((1 << self.lo_bits) - 1))]


# ---------------------------------------------------------------------------
# C++ emission
# ---------------------------------------------------------------------------

class IncFile:
    def __init__(self, name, version, description, included_by=None):
        self.name = name
        self.version = version
        self.description = description
        # None: one .cpp file includes it (internal linkage); else the files
        # that do, and the arrays are inline variables (one copy linked).
        self.included_by = included_by
        self.body = []
        self.entries = 0
        self.bytes = 0
        self.parts = []

    def array(self, ctype, elem_size, name, values, comment=None, fmt="%d"):
        self.entries += len(values)
        self.bytes += len(values) * elem_size
        self.parts.append("%s: %d x %d B" % (name, len(values), elem_size))
        if comment:
            self.body.append("// " + comment)
        self.body.append("%sconstexpr %s %s[%d] = {" % (self.storage(), ctype, name, len(values)))
        line = "   "
        for v in values:
            item = " " + (fmt % v) + ","
            if len(line) + len(item) > 99:
                self.body.append(line)
                line = "   "
            line += item
        if line.strip():
            self.body.append(line)
        self.body.append("};")
        self.body.append("")

    def trie(self, prefix, trie, value_type_override=None, comment=None):
        t1, t2, t3 = trie.types
        if value_type_override:
            t3 = value_type_override
        sizes = {"std::uint8_t": 1, "std::uint16_t": 2, "std::uint32_t": 4}
        if comment:
            self.body.append("// " + comment)
        self.body.append("// Three-stage lookup: %d-bit low block, %d-bit middle block, limit U+%04X."
                         % (trie.lo_bits, trie.mid_bits, trie.limit))
        self.array(t1, sizes[t1], prefix + "_stage1", trie.stage1)
        self.array(t2, sizes[t2], prefix + "_stage2", trie.stage2)
        self.array(t3, sizes[t3], prefix + "_stage3", trie.stage3)
        self.body.append(
            "%sconstexpr trie3<%s, %s, %s> %s_trie{%s_stage1, %s_stage2, %s_stage3, 0x%X, %d, %d, %d};"
            % (self.storage(), t1, t2, t3, prefix, prefix, prefix, prefix, trie.limit,
               trie.lo_bits, trie.mid_bits, trie.fallback))
        self.body.append("")

    def line(self, text=""):
        self.body.append(text)

    def storage(self):
        return "inline " if self.included_by else ""

    def render(self):
        head = [
            "// @generated by %s from Unicode %s -- DO NOT EDIT" % (GENERATOR, self.version),
            "// %s" % self.description,
            "// Size: %d entries, %d bytes in total:" % (self.entries, self.bytes),
        ] + ["//   %s" % p for p in self.parts] + [
            ("// Included by exactly one .cpp file, inside namespace puny::detail::ucd."
             if not self.included_by else
             "// Included by %s,\n// inside namespace puny::detail::ucd, not an anonymous one"
             " (inline variables, linked once)." % self.included_by),
            "",
        ]
        text = "\n".join(head + self.body).rstrip("\n") + "\n"
        text.encode("ascii")  # generated files must stay ASCII-only
        return text


def enum_asserts(inc, enum, names):
    for i, n in enumerate(names):
        inc.line("static_assert(static_cast<int>(%s::%s) == %d, \"%s out of sync with generator\");"
                 % (enum, n, i, enum))
    inc.line()


# ---------------------------------------------------------------------------
# Individual tables
# ---------------------------------------------------------------------------

IDNA_STATUS = ["valid", "ignored", "mapped", "deviation", "disallowed"]


def gen_idna_mapping(dd, version):
    """UTS #46 section 5, IdnaMappingTable.txt."""
    status = [None] * MAX_CP
    mapping = [()] * MAX_CP
    for f in data_fields(dd.lines("idna/IdnaMappingTable.txt")):
        lo, hi = parse_range(f[0])
        st = f[1]
        if st not in IDNA_STATUS:
            raise DataError("IdnaMappingTable.txt: unknown status %r (the *_STD3 statuses were "
                            "removed in Unicode 16; update gen_tables.py)" % st)
        m = ()
        if st in ("mapped", "deviation") and len(f) > 2 and f[2]:
            m = tuple(int(x, 16) for x in f[2].split())
        if st == "mapped" and not m:
            raise DataError("IdnaMappingTable.txt: mapped without mapping at %04X" % lo)
        for c in range(lo, hi + 1):
            if status[c] is not None:
                raise DataError("IdnaMappingTable.txt: %04X listed twice" % c)
            status[c] = st
            mapping[c] = m
    gaps = [c for c in range(MAX_CP) if status[c] is None]
    if gaps:
        raise DataError("IdnaMappingTable.txt does not cover U+%04X" % gaps[0])

    # The C++ side handles ASCII without the table: all valid except A-Z.
    for c in range(0x80):
        exp = ("mapped", (c + 0x20,)) if 0x41 <= c <= 0x5A else ("valid", ())
        if (status[c], mapping[c]) != exp:
            raise DataError("ASCII fast path assumption broken at U+%04X" % c)

    # A mapping to one code point is stored as its distance from the code
    # point (entry length field SINGLE): runs that map alike (case pairs,
    # fullwidth forms, mathematical letters) then share entries and trie
    # blocks, and the pool holds only the longer mappings.
    SINGLE = 31
    # Pool the longer mapping strings in one array; longest first so that
    # shorter strings can often be found inside longer ones.
    strings = sorted({m for m in mapping if len(m) > 1}, key=lambda s: (-len(s), s))
    pool = ""
    offsets = {}
    for s in strings:
        u = "".join(chr(x) for x in s)
        at = pool.find(u)
        if at < 0:
            at = len(pool)
            pool += u
        offsets[s] = at
    max_len = max(len(s) for s in strings)
    if max_len >= SINGLE or len(pool) >= (1 << 24):
        raise DataError("IDNA mapping too long for the 5-bit length / 24-bit offset packing")

    # Entry = status | len << 3 | offset << 8, or status | SINGLE << 3 |
    # (target - code point, 24-bit two's complement) << 8.  Code points store
    # an entry index.
    def key(c):
        m = mapping[c]
        if len(m) == 1:
            if m[0] == 0 or not -(1 << 23) <= m[0] - c < (1 << 23):
                raise DataError("U+%04X: mapping does not fit the 24-bit distance" % c)
            return (IDNA_STATUS.index(status[c]), 1, (m[0] - c,))
        return (IDNA_STATUS.index(status[c]), 0, m)

    def pack(k):
        st_i, single, m = k
        if single:
            return st_i | (SINGLE << 3) | ((m[0] & 0xFFFFFF) << 8)
        off = offsets[m] if m else 0
        return st_i | (len(m) << 3) | (off << 8)

    entry_keys = sorted({key(c) for c in range(MAX_CP)})
    entry_index = {}
    entries = []
    for k in entry_keys:
        entry_index[k] = len(entries)
        entries.append(pack(k))
    values = [entry_index[key(c)] for c in range(MAX_CP)]
    fallback = values[MAX_CP - 1]
    trie = Trie3(values, fallback)

    inc = IncFile("idna_mapping", version,
                  "UTS #46 section 5 IDNA Mapping Table: per code point an index into idna_entries.")
    enum_asserts(inc, "idna_status", IDNA_STATUS)
    inc.line("// Mapping strings of two code points or more, pooled.")
    inc.array("char32_t", 4, "idna_pool", [ord(ch) for ch in pool], fmt="0x%X")
    inc.line("// Entry: bits 0-2 idna_status, bits 3-7 mapping length, bits 8-31 offset in idna_pool;")
    inc.line("// length %d: the mapping is one code point, this one plus bits 8-31 (signed)." % SINGLE)
    inc.line("constexpr unsigned idna_single = %d;" % SINGLE)
    inc.array("std::uint32_t", 4, "idna_entries", entries, fmt="0x%X")
    inc.trie("idna", trie)
    return inc, status


BIDI = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
        "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
BIDI_LONG = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN",
    "European_Separator": "ES", "European_Terminator": "ET", "Arabic_Number": "AN",
    "Common_Separator": "CS", "Nonspacing_Mark": "NSM", "Boundary_Neutral": "BN",
    "Paragraph_Separator": "B", "Segment_Separator": "S", "White_Space": "WS",
    "Other_Neutral": "ON", "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO",
    "Right_To_Left_Embedding": "RLE", "Right_To_Left_Override": "RLO",
    "Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI",
    "Right_To_Left_Isolate": "RLI", "First_Strong_Isolate": "FSI",
    "Pop_Directional_Isolate": "PDI",
}


def bidi_value(name, where):
    short = BIDI_LONG.get(name, name)
    if short not in BIDI:
        raise DataError("%s: unknown Bidi_Class %r" % (where, name))
    return BIDI.index(short)


def gen_bidi(dd, version):
    """Bidi_Class from DerivedBidiClass.txt; @missing lines first, in file order."""
    lines = dd.lines("ucd/DerivedBidiClass.txt", "ucd/extracted/DerivedBidiClass.txt")
    values = [None] * MAX_CP
    for f in missing_lines(lines):
        lo, hi = parse_range(f[0])
        v = bidi_value(f[1], "DerivedBidiClass.txt @missing")
        for c in range(lo, hi + 1):
            values[c] = v
    for f in data_fields(lines):
        lo, hi = parse_range(f[0])
        v = bidi_value(f[1], "DerivedBidiClass.txt")
        for c in range(lo, hi + 1):
            values[c] = v
    if None in values:
        raise DataError("DerivedBidiClass.txt: no value for U+%04X" % values.index(None))
    return values


JOINING = ["U", "C", "D", "L", "R", "T"]
JOINING_LONG = {"Non_Joining": "U", "Join_Causing": "C", "Dual_Joining": "D",
                "Left_Joining": "L", "Right_Joining": "R", "Transparent": "T"}


def gen_joining(dd, version, gc):
    """Joining_Type: ArabicShaping.txt; unlisted Mn/Me/Cf are T, others U (UAX #44 / UCD)."""
    values = [JOINING.index("T") if gc[c] in ("Mn", "Me", "Cf") else 0 for c in range(MAX_CP)]
    for f in data_fields(dd.lines("ucd/ArabicShaping.txt")):
        lo, hi = parse_range(f[0])
        if f[2] not in JOINING:
            raise DataError("ArabicShaping.txt: unknown Joining_Type %r" % f[2])
        for c in range(lo, hi + 1):
            values[c] = JOINING.index(f[2])
    # Cross-check with the derived file when it is there.
    try:
        lines = dd.lines("ucd/extracted/DerivedJoiningType.txt", "ucd/DerivedJoiningType.txt")
    except MissingData:
        lines = None
    if lines is not None:
        derived = [0] * MAX_CP
        for f in data_fields(lines):
            lo, hi = parse_range(f[0])
            v = JOINING.index(JOINING_LONG.get(f[1], f[1]))
            for c in range(lo, hi + 1):
                derived[c] = v
        for c in range(MAX_CP):
            if derived[c] != values[c]:
                raise DataError("Joining_Type of U+%04X disagrees with DerivedJoiningType.txt" % c)
    return values


def gen_char_properties(version, bidi, joining, gc, ccc, qc, fast_limit):
    """Bidi_Class, Joining_Type, General_Category M, NFC_Quick_Check and
    Canonical_Combining_Class in one trie of indices into the distinct
    combinations (about a hundred): one table where five took 27 KB, and the
    NFC scan reads ccc and NFC_QC with one lookup."""
    mark = [1 if gc[c] in ("Mn", "Mc", "Me") else 0 for c in range(MAX_CP)]
    packed = [bidi[c] | joining[c] << 5 | mark[c] << 8 | qc[c] << 9 | ccc[c] << 16
              for c in range(MAX_CP)]
    distinct = sorted(set(packed))
    if len(distinct) > 256:
        raise DataError("more than 256 property combinations: widen the trie's values")
    index = {v: k for k, v in enumerate(distinct)}
    trie = Trie3([index[v] for v in packed], index[packed[MAX_CP - 1]])
    inc = IncFile("char_properties", version,
                  "Bidi_Class (DerivedBidiClass.txt incl. @missing), Joining_Type (ArabicShaping.txt; "
                  "unlisted Mn, Me, Cf are T, others U), General_Category M, NFC_Quick_Check and "
                  "Canonical_Combining_Class, per code point.",
                  included_by="src/unicode/ucd.cpp and src/unicode/nfc.cpp")
    enum_asserts(inc, "bidi_class", BIDI)
    enum_asserts(inc, "joining_type", JOINING)
    inc.line("// Every code point below this has ccc 0 and NFC_QC=Yes.")
    inc.line("inline constexpr char32_t nfc_fast_limit = 0x%X;" % fast_limit)
    inc.line()
    inc.line("// Value: bits 0-4 Bidi_Class, 5-7 Joining_Type, 8 General_Category M, 9-10 NFC_QC")
    inc.line("// (0 Yes, 1 Maybe, 2 No), 16-23 Canonical_Combining_Class.")
    inc.array("std::uint32_t", 4, "char_property_values", distinct, fmt="0x%X")
    inc.line("// Per code point: an index into char_property_values.")
    inc.trie("char_properties", trie)
    return inc


IDNA2008 = ["pvalid", "contextj", "contexto", "disallowed", "unassigned"]
IDNA2008_NAMES = {"PVALID": 0, "CONTEXTJ": 1, "CONTEXTO": 2, "CONTEXT0": 2,
                  "DISALLOWED": 3, "UNASSIGNED": 4}


def gen_idna2008(dd, version):
    """RFC 5892 derived property, Idna2008.txt (@missing: UNASSIGNED)."""
    lines = dd.lines("idna/Idna2008.txt")
    values = [None] * MAX_CP
    for f in missing_lines(lines):
        lo, hi = parse_range(f[0])
        for c in range(lo, hi + 1):
            values[c] = IDNA2008_NAMES[f[1]]
    for f in data_fields(lines):
        lo, hi = parse_range(f[0])
        if f[1] not in IDNA2008_NAMES:
            raise DataError("Idna2008.txt: unknown value %r" % f[1])
        for c in range(lo, hi + 1):
            values[c] = IDNA2008_NAMES[f[1]]
    if None in values:
        raise DataError("Idna2008.txt: no value for U+%04X" % values.index(None))
    trie = Trie3(values, values[MAX_CP - 1])
    inc = IncFile("idna2008", version, "RFC 5892 IDNA2008 derived property (Idna2008.txt).")
    enum_asserts(inc, "idna2008", IDNA2008)
    inc.trie("idna2008", trie)
    return inc


# The scripts RFC 5892 appendix A's CONTEXTO rules name (A.4 Greek, A.5/A.6
# Hebrew, A.7 Hiragana, Katakana, Han); every other Script value is "other".
IDNA_SCRIPT = ["other", "greek", "hebrew", "hiragana", "katakana", "han"]
IDNA_SCRIPT_NAMES = {"Greek": 1, "Hebrew": 2, "Hiragana": 3, "Katakana": 4, "Han": 5}


def gen_script(dd, version):
    """Script property (Scripts.txt), reduced to the scripts RFC 5892 appendix A uses."""
    lines = dd.lines("ucd/Scripts.txt")
    values = [0] * MAX_CP  # @missing: Unknown, which is "other" here
    seen = set()
    for f in data_fields(lines):
        lo, hi = parse_range(f[0])
        v = IDNA_SCRIPT_NAMES.get(f[1], 0)
        if v:
            seen.add(f[1])
        for c in range(lo, hi + 1):
            values[c] = v
    if seen != set(IDNA_SCRIPT_NAMES):
        raise DataError("Scripts.txt: no code points for %s"
                        % ", ".join(sorted(set(IDNA_SCRIPT_NAMES) - seen)))
    trie = Trie3(values, 0)
    inc = IncFile("script", version,
                  "Script (Scripts.txt) for the RFC 5892 appendix A CONTEXTO rules: "
                  "other, Greek, Hebrew, Hiragana, Katakana, Han.")
    enum_asserts(inc, "idna_script", IDNA_SCRIPT)
    inc.trie("script", trie)
    return inc


# Hangul syllables are composed/decomposed arithmetically (Unicode section 3.12).
S_BASE, S_COUNT = 0xAC00, 11172


def gen_nfc(dd, version, ccc, decomp):
    """UAX #15 data: ccc, full canonical decompositions, primary composites, NFC_QC."""
    # Cross-check ccc with DerivedCombiningClass.txt when present.
    try:
        lines = dd.lines("ucd/extracted/DerivedCombiningClass.txt", "ucd/DerivedCombiningClass.txt")
    except MissingData:
        lines = None
    if lines is not None:
        for f in data_fields(lines):
            lo, hi = parse_range(f[0])
            for c in range(lo, hi + 1):
                if ccc[c] != int(f[1]):
                    raise DataError("ccc of U+%04X disagrees with DerivedCombiningClass.txt" % c)

    # Full (recursive) canonical decomposition, UAX #15 section 1.3 / D68.
    def full(c):
        if c not in decomp:
            return (c,)
        out = ()
        for x in decomp[c]:
            out += full(x)
        return out

    full_decomp = {c: full(c) for c in sorted(decomp)}

    # Composition exclusions: CompositionExclusions.txt + singletons +
    # non-starter decompositions = Full_Composition_Exclusion (UAX #44).
    excluded = set()
    for f in data_fields(dd.lines("ucd/CompositionExclusions.txt")):
        lo, hi = parse_range(f[0])
        excluded.update(range(lo, hi + 1))
    for c, d in decomp.items():
        if len(d) == 1 or ccc[c] != 0 or ccc[d[0]] != 0:
            excluded.add(c)

    norm_lines = dd.lines("ucd/DerivedNormalizationProps.txt")
    fce = set()
    qc = [0] * MAX_CP  # 0 = Yes, 1 = Maybe, 2 = No
    for f in data_fields(norm_lines):
        lo, hi = parse_range(f[0])
        if f[1] == "Full_Composition_Exclusion":
            fce.update(range(lo, hi + 1))
        elif f[1] == "NFC_QC":
            v = {"Y": 0, "M": 1, "N": 2}[f[2]]
            for c in range(lo, hi + 1):
                qc[c] = v
    if fce != excluded & set(decomp):
        raise DataError("derived composition exclusions disagree with Full_Composition_Exclusion")

    pairs = sorted((d[0], d[1], c) for c, d in decomp.items() if c not in excluded)
    for a, b, _ in pairs:
        if a >= (1 << 21) or b >= (1 << 21):
            raise DataError("composition pair does not fit the 42-bit key")

    # Safe-boundary property that nfc.cpp relies on: a starter with
    # NFC_QC=Yes never combines with what precedes it, and neither does the
    # first code point of its decomposition.
    seconds = {b for _, b, _ in pairs}
    for c in range(MAX_CP):
        if ccc[c] == 0 and qc[c] == 0:
            d0 = full_decomp.get(c, (c,))[0]
            if d0 in seconds or ccc[d0] != 0:
                raise DataError("U+%04X breaks the NFC boundary assumption" % c)
    # Characters that may combine backwards must be NFC_QC=Maybe (UAX #15 section 9).
    for b in seconds:
        if qc[b] != 1:
            raise DataError("U+%04X combines backwards but NFC_QC is not Maybe" % b)
    # Below this code point every character has ccc 0 and NFC_QC=Yes.
    fast_limit = next(c for c in range(MAX_CP) if ccc[c] != 0 or qc[c] != 0)

    # Pool decompositions in UTF-16 (longest first, reusing substrings):
    # nearly all their code points are in the BMP, so 16-bit units take half
    # the room of char32_t; the few others are surrogate pairs.
    def utf16(s):
        units = []
        for x in s:
            if x >= 0x10000:
                units += [0xD800 + ((x - 0x10000) >> 10), 0xDC00 + ((x - 0x10000) & 0x3FF)]
            else:
                if 0xD800 <= x < 0xE000:
                    raise DataError("a decomposition holds a surrogate")
                units.append(x)
        return "".join(chr(u) for u in units)

    strings = sorted(set(full_decomp.values()), key=lambda s: (-len(s), s))
    pool = ""
    offsets = {}
    for s in strings:
        u = utf16(s)
        at = pool.find(u)
        if at < 0:
            at = len(pool)
            pool += u
        offsets[s] = at
    max_len = max(len(s) for s in strings)
    max_units = max(len(utf16(s)) for s in strings)
    if max_units >= 8:
        raise DataError("decomposition longer than the 3-bit length field (UTF-16 units)")
    dvalues = [0] * MAX_CP
    for c, d in full_decomp.items():
        dvalues[c] = (offsets[d] << 3) | len(utf16(d))
    for c in range(S_BASE, S_BASE + S_COUNT):
        if c in decomp:
            raise DataError("Hangul syllable U+%04X has a tabulated decomposition" % c)

    d_trie = Trie3(dvalues, 0)

    incs = []
    inc = IncFile("nfc_decomposition", version,
                  "Full canonical decompositions (UAX #15 D68), Hangul excluded (arithmetic).")
    inc.line("constexpr unsigned decomposition_max_length = %d;" % max_len)
    inc.line("// No code point below this has a canonical decomposition.")
    inc.line("constexpr char32_t decomposition_first = 0x%X;" % min(full_decomp))
    inc.line()
    inc.line("// UTF-16: code points from U+10000 on are surrogate pairs.")
    inc.array("char16_t", 2, "decomposition_pool", [ord(ch) for ch in pool], fmt="0x%X")
    inc.line("// Value: 0 = no decomposition, else length (UTF-16 units) in bits 0-2, pool offset above.")
    inc.trie("decomposition", d_trie)
    incs.append(inc)

    # Keys: first << 7 | the second's index in composition_seconds (the
    # code points that combine backwards, a few dozen); values: the
    # composite's distance from the first code point.
    second_list = sorted(seconds)
    if len(second_list) > 128:
        raise DataError("more than 128 code points combine backwards: widen the 7-bit index")
    second_index = {b: k for k, b in enumerate(second_list)}
    for a, b, c in pairs:
        if a >= (1 << 25) or not -(1 << 15) <= c - a < (1 << 15):
            raise DataError("composition U+%04X does not fit the 32-bit key / 16-bit distance" % c)
    inc = IncFile("nfc_composition", version,
                  "Primary composites (UAX #15 D114): pairs sorted by (first << 7 | index of "
                  "second), Full_Composition_Exclusion removed, Hangul excluded (arithmetic).")
    inc.array("char32_t", 4, "composition_seconds", second_list, fmt="0x%X")
    inc.array("std::uint32_t", 4, "composition_keys",
              [(a << 7) | second_index[b] for a, b, _ in pairs], fmt="0x%X")
    inc.array("std::int16_t", 2, "composition_distances", [c - a for a, _, c in pairs])
    incs.append(inc)

    return incs, qc, fast_limit


# ---------------------------------------------------------------------------
# Plain code points for UTS #46 (BMP bitmap)
# ---------------------------------------------------------------------------

PLAIN_LIMIT = 0x10000  # the bitmap covers the BMP; everything above reads 0
PLAIN_RTL = ("R", "AL", "AN")


def gen_idna_plain(version, status, gc, ccc, qc, bidi):
    """Two bits per BMP code point for ucd::idna_plain_kind (src/unicode/ucd.hpp).

    1 = plain: IdnaMappingTable status valid, General_Category not M, and
    NFC-stable (Canonical_Combining_Class 0 and NFC_Quick_Check=Yes, so a
    string of such code points is NFC, UAX #15 section 9); 2 = plain and
    Bidi_Class R, AL or AN (RFC 5893); 3 = a valid mark: IdnaMappingTable
    status valid and NFC_Quick_Check=Yes but not plain (General_Category M or
    ccc > 0), Bidi_Class not R, AL or AN (such a code point keeps a label NFC
    when the canonical combining classes around it are in order, and fails
    only V6 at a label's start); 0 = anything else.  One read thus answers
    Map (valid: no mapping), the NFC quick check, V7 and whether the label
    makes a Bidi domain name.  Code point c is bits 2 * (c % 4) ..
    2 * (c % 4) + 1 of byte c / 4.
    """
    rtl = {BIDI.index(b) for b in PLAIN_RTL}
    kinds = [0] * PLAIN_LIMIT
    for c in range(PLAIN_LIMIT):
        if status[c] != "valid" or qc[c] != 0:
            continue
        if gc[c] not in ("Mn", "Mc", "Me") and ccc[c] == 0:
            kinds[c] = 2 if bidi[c] in rtl else 1
        elif bidi[c] not in rtl:
            kinds[c] = 3
    # Surrogates are not scalar values: the UTF-8 decoder in uts46.cpp relies
    # on them never being plain to reject encoded surrogates.
    if any(kinds[0xD800:0xE000]):
        raise DataError("a surrogate code point would be plain")
    # The joiners are deviations, never valid marks: the routes that read
    # kind 3 leave CheckJoiners to the pipeline.
    if kinds[0x200C] or kinds[0x200D]:
        raise DataError("U+200C or U+200D would have a kind")
    packed = [0] * (PLAIN_LIMIT // 4)
    for c, k in enumerate(kinds):
        packed[c >> 2] |= k << ((c & 3) * 2)
    inc = IncFile("idna_plain", version,
                  "Plain code points for UTS #46 over the BMP (ucd::idna_plain_kind), 2 bits each.")
    inc.line("// Meanings tied to the enums in src/unicode/ucd.hpp.")
    inc.line("static_assert(static_cast<int>(idna_status::valid) == %d, "
             "\"idna_status out of sync with generator\");" % IDNA_STATUS.index("valid"))
    for b in PLAIN_RTL:
        inc.line("static_assert(static_cast<int>(bidi_class::%s) == %d, "
                 "\"bidi_class out of sync with generator\");" % (b, BIDI.index(b)))
    inc.line()
    inc.line("// 1 = plain: IDNA status valid, General_Category not M, ccc 0 and NFC_QC=Yes;")
    inc.line("// 2 = plain and Bidi_Class R, AL or AN; 3 = a valid mark: status valid and")
    inc.line("// NFC_QC=Yes, but General_Category M or ccc > 0, Bidi_Class not R, AL or AN;")
    inc.line("// 0 = anything else.  %d code points are 1, %d are 2, %d are 3."
             % (kinds.count(1), kinds.count(2), kinds.count(3)))
    inc.line("// Code point c is bits 2 * (c % 4) and 2 * (c % 4) + 1 of byte c / 4;")
    inc.line("// code points from U+%04X on are not in the table (kind 0).  External linkage"
             % PLAIN_LIMIT)
    inc.line("// comes from the extern declaration in src/unicode/ucd.hpp, which must precede")
    inc.line("// the #include.")
    inc.array("std::uint8_t", 1, "idna_plain_bmp", packed, fmt="0x%02X")
    return inc


# ---------------------------------------------------------------------------
# Simple case mapping
# ---------------------------------------------------------------------------

CASE_RUN_MAX = 128  # 7-bit length field


def load_case_mappings(dd):
    """UnicodeData.txt fields 12 and 13: simple uppercase and lowercase mappings."""
    upper, lower = {}, {}
    for f in data_fields(dd.lines("ucd/UnicodeData.txt")):
        cp = int(f[0], 16)
        for field, dest in ((f[12], upper), (f[13], lower)):
            if not field:
                continue
            if f[1].endswith(", First>") or f[1].endswith(", Last>"):
                raise DataError("UnicodeData.txt: case mapping on range line %04X" % cp)
            if " " in field:
                raise DataError("UnicodeData.txt: simple case mapping of %04X is not one "
                                "code point" % cp)
            target = int(field, 16)
            if target >= MAX_CP or 0xD800 <= target <= 0xDFFF or target == cp:
                raise DataError("UnicodeData.txt: bad case mapping %04X -> %04X" % (cp, target))
            dest[cp] = target
    return upper, lower


def case_runs(mapping):
    """Split a mapping into runs (first, length, stride, delta): code points
    first + i * stride (i < length) map to themselves + delta; stride is 1 or
    2 (the alternating upper/lower pairs of Latin Extended-A and others)."""
    items = sorted((c, t - c) for c, t in mapping.items())
    runs = []
    i = 0
    while i < len(items):
        first, delta = items[i]
        stride = 1
        j = i + 1
        if j < len(items) and items[j][1] == delta and items[j][0] - first in (1, 2):
            stride = items[j][0] - first
            while (j < len(items) and j - i < CASE_RUN_MAX and items[j][1] == delta
                   and items[j][0] - items[j - 1][0] == stride):
                j += 1
        runs.append((first, j - i, stride, delta))
        i = j
    return runs


def gen_case_mapping(dd, version):
    """Simple case mapping (UnicodeData.txt fields 12/13) as sorted runs."""
    upper, lower = load_case_mappings(dd)
    up_runs, low_runs = case_runs(upper), case_runs(lower)
    deltas = sorted({r[3] for r in up_runs + low_runs})
    if len(deltas) > 256:
        raise DataError("more than 256 distinct case mapping deltas")

    def pack(run):
        first, length, stride, _ = run
        return (first << 8) | ((length - 1) << 1) | (stride - 1)

    def lookup(packed, indices, c):  # mirrors src/unicode/case.cpp
        k = bisect.bisect_right(packed, (c << 8) | 0xFF)
        if k == 0:
            return c
        p = packed[k - 1]
        off = c - (p >> 8)
        stride = (p & 1) + 1
        if off % stride or off // stride > ((p >> 1) & 0x7F):
            return c
        return c + deltas[indices[k - 1]]

    tables = []
    for name, mapping, runs in (("upper", upper, up_runs), ("lower", lower, low_runs)):
        packed = [pack(r) for r in runs]
        indices = [deltas.index(r[3]) for r in runs]
        if any((a >> 8) >= (b >> 8) for a, b in zip(packed, packed[1:])):
            raise DataError("case runs are not strictly sorted (%s)" % name)
        for c in range(MAX_CP):  # self-check of the packing
            if lookup(packed, indices, c) != mapping.get(c, c):
                raise DataError("case run packing error at U+%04X (%s)" % (c, name))
        tables.append((name, mapping, packed, indices))

    inc = IncFile("case_mapping", version,
                  "Simple case mapping (UnicodeData.txt fields 12 and 13), as sorted runs.")
    inc.line("// Run: bits 8-28 first code point, bits 1-7 length - 1, bit 0 stride - 1.")
    inc.line("// Code points first + i * stride (i < length) map to c + case_deltas[index].")
    inc.line("// Every other code point maps to itself.  Sorted by first code point.")
    inc.line()
    inc.array("std::int32_t", 4, "case_deltas", deltas)
    for name, mapping, packed, indices in tables:
        inc.line("// Simple_%scase_Mapping: %d code points in %d runs, with their deltas."
                 % (name.capitalize(), len(mapping), len(packed)))
        inc.array("std::uint32_t", 4, name + "_runs", packed, fmt="0x%X")
        inc.array("std::uint8_t", 1, name + "_delta_index", indices)
    return inc



# ---------------------------------------------------------------------------
# UTS #39 (Unicode Security Mechanisms): security/ and the script data
# ---------------------------------------------------------------------------

IDENTIFIER_TYPES = ["Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC", "Not_XID",
                    "Exclusion", "Obsolete", "Technical", "Uncommon_Use", "Limited_Use",
                    "Inclusion", "Recommended"]
UTS39_ALLOWED_BIT = 1 << 12
UTS39_DEFAULT_IGNORABLE_BIT = 1 << 13
# Script ids fixed by include/puny/uts39.hpp (puny::uts39::scripts); the
# augmented sets of UTS #39 section 5.1 are not Script values and have no
# code points of their own.
FIXED_SCRIPTS = ["Zyyy", "Zinh", "Zzzz", "Latn", "Grek", "Cyrl", "Hani", "Hira", "Kana",
                 "Hang", "Bopo", "Jpan", "Kore", "Hanb"]
AUGMENTED_SCRIPTS = {"Jpan": "Japanese", "Kore": "Korean", "Hanb": "Han_with_Bopomofo"}


def security_lines(dd, name, versioned=True):
    """security/<name>; some of these files start with a byte order mark."""
    return [l.lstrip("\ufeff") for l in dd.lines("security/" + name, versioned=versioned)]


def gen_uts39_properties(dd, version):
    """Identifier_Status, Identifier_Type and Default_Ignorable_Code_Point in one trie."""
    values = [1] * MAX_CP  # @missing: Not_Character, Restricted
    for f in data_fields(security_lines(dd, "IdentifierType.txt")):
        lo, hi = parse_range(f[0])
        bits = 0
        for t in f[1].split():
            if t not in IDENTIFIER_TYPES:
                raise DataError("IdentifierType.txt: unknown type %r" % t)
            bits |= 1 << IDENTIFIER_TYPES.index(t)
        for c in range(lo, hi + 1):
            values[c] = bits
    allowed = 0
    for f in data_fields(security_lines(dd, "IdentifierStatus.txt")):
        if f[1] != "Allowed":
            raise DataError("IdentifierStatus.txt: unexpected status %r" % f[1])
        lo, hi = parse_range(f[0])
        for c in range(lo, hi + 1):
            values[c] |= UTS39_ALLOWED_BIT
            allowed += 1
    if allowed < 1000:
        raise DataError("IdentifierStatus.txt: only %d Allowed code points" % allowed)
    for f in data_fields(dd.lines("ucd/DerivedCoreProperties.txt")):
        if f[1] == "Default_Ignorable_Code_Point":
            lo, hi = parse_range(f[0])
            for c in range(lo, hi + 1):
                values[c] |= UTS39_DEFAULT_IGNORABLE_BIT
    # The ASCII fast paths of src/uts39 rely on these.
    for c in range(0x61, 0x7B):
        if not values[c] & UTS39_ALLOWED_BIT:
            raise DataError("IdentifierStatus.txt: U+%04X is not Allowed" % c)
    trie = Trie3(values, 1)
    inc = IncFile("uts39_properties", version,
                  "UTS #39 section 3.1 Identifier_Type bits 0-11 (puny::uts39::identifier_type "
                  "order), bit 12 Identifier_Status=Allowed, bit 13 Default_Ignorable_Code_Point.")
    inc.trie("uts39_properties", trie)
    return inc


def load_script_names(dd):
    """(code, long name) of every Script value, PropertyValueAliases.txt order."""
    names = {}
    for f in data_fields(dd.lines("ucd/PropertyValueAliases.txt")):
        if f[0] == "sc":
            names[f[1]] = f[2]
    for code in FIXED_SCRIPTS:
        if code not in names and code not in AUGMENTED_SCRIPTS:
            raise DataError("PropertyValueAliases.txt: no script %s" % code)
    ordered = FIXED_SCRIPTS + sorted(c for c in names if c not in FIXED_SCRIPTS)
    long_names = dict(names)
    long_names.update(AUGMENTED_SCRIPTS)
    return ordered, long_names


def gen_uts39_scripts(dd, version):
    """Script and Script_Extensions (UAX #24) as script ids and distinct sets."""
    codes, long_names = load_script_names(dd)
    if len(codes) > 256:
        raise DataError("%d scripts do not fit puny::uts39::script_set (256)" % len(codes))
    by_long = {long_names[c]: i for i, c in enumerate(codes)}
    by_code = {c: i for i, c in enumerate(codes)}
    script = [by_code["Zzzz"]] * MAX_CP
    for f in data_fields(dd.lines("ucd/Scripts.txt")):
        lo, hi = parse_range(f[0])
        if f[1] not in by_long:
            raise DataError("Scripts.txt: script %r not in PropertyValueAliases.txt" % f[1])
        for c in range(lo, hi + 1):
            script[c] = by_long[f[1]]
    scx = [(s,) for s in script]
    for f in data_fields(dd.lines("ucd/ScriptExtensions.txt")):
        lo, hi = parse_range(f[0])
        ids = []
        for code in f[1].split():
            if code not in by_code:
                raise DataError("ScriptExtensions.txt: unknown script %r" % code)
            ids.append(by_code[code])
        for c in range(lo, hi + 1):
            scx[c] = tuple(sorted(ids))
    sets, set_index = [], {}
    # Singletons first, in script id order, so that set i == {i} for every id.
    for i in range(len(codes)):
        set_index[(i,)] = len(sets)
        sets.append((i,))
    values = []
    for t in scx:
        if t not in set_index:
            set_index[t] = len(sets)
            sets.append(t)
        values.append(set_index[t])
    inc = IncFile("uts39_scripts", version,
                  "Script (Scripts.txt) and Script_Extensions (ScriptExtensions.txt) for "
                  "UTS #39 section 5.1: script ids (puny::uts39::script_id order), names "
                  "(PropertyValueAliases.txt), the distinct extension sets as 4 x 64 bits.")
    inc.line("constexpr std::size_t script_count_value = %d;" % len(codes))
    inc.line("constexpr const char* script_codes[%d] = {" % len(codes))
    for c in codes:
        inc.line('    "%s",' % c)
    inc.line("};")
    inc.line("constexpr const char* script_long_names[%d] = {" % len(codes))
    for c in codes:
        inc.line('    "%s",' % long_names[c])
    inc.line("};")
    inc.line()
    inc.trie("script_id", Trie3(script, by_code["Zzzz"]),
             comment="Script value of each code point as a script id.")
    inc.trie("scx_set", Trie3(values, set_index[(by_code["Zzzz"],)]),
             comment="Index into scx_sets of each code point's Script_Extensions.")
    words = []
    for t in sets:
        w = [0, 0, 0, 0]
        for i in t:
            w[i // 64] |= 1 << (i % 64)
        words.extend(w)
    inc.array("std::uint64_t", 8, "scx_sets", words, fmt="0x%XULL",
              comment="Each distinct Script_Extensions set as four 64-bit words.")
    return inc


def gen_uts39_confusables(dd, version, decomp_full):
    """confusables.txt prototypes (UTS #39 section 4) and intentional.txt pairs."""
    protos = {}
    for f in data_fields(security_lines(dd, "confusables.txt")):
        src = [int(x, 16) for x in f[0].split()]
        if len(src) != 1:
            raise DataError("confusables.txt: source %r is not one code point" % f[0])
        if f[2] != "MA":
            raise DataError("confusables.txt: unexpected table %r" % f[2])
        target = tuple(int(x, 16) for x in f[1].split())
        if src[0] in protos:
            raise DataError("confusables.txt: U+%04X listed twice" % src[0])
        protos[src[0]] = target
    if len(protos) < 5000:
        raise DataError("confusables.txt: only %d mappings" % len(protos))
    keys = sorted(protos)
    index = [0] * MAX_CP
    pool, offsets = [], []
    for i, c in enumerate(keys):
        index[c] = i + 1
        offsets.append(len(pool))
        pool.extend(protos[c])
    offsets.append(len(pool))
    pairs = set()
    for f in data_fields(security_lines(dd, "intentional.txt", versioned=False)):
        a, b = int(f[0], 16), int(f[1], 16)
        pairs.add((a, b))
        pairs.add((b, a))
    if not pairs:
        raise DataError("intentional.txt: no pairs")
    inc = IncFile("uts39_confusables", version,
                  "UTS #39 section 4: the confusables.txt prototype of each listed code "
                  "point (1 + entry, 0 = unlisted; entry i is proto_pool[proto_offsets[i], "
                  "proto_offsets[i + 1])) and the intentional.txt pairs, both orders, sorted.")
    inc.trie("proto_entry", Trie3(index, 0))
    otype, osize = int_type(len(pool))
    inc.array(otype, osize, "proto_offsets", offsets)
    inc.array("char32_t", 4, "proto_pool", pool, fmt="0x%X")
    flat = []
    for a, b in sorted(pairs):
        flat.extend((a, b))
    inc.array("char32_t", 4, "intentional_pairs", flat, fmt="0x%X")
    return inc


def gen_uts39_digits(version, gc, digit_value):
    """Decimal digits (gc=Nd) by the zero of their numbering system (UTS #39 section 5.3)."""
    values = [0] * MAX_CP
    for c in range(MAX_CP):
        if gc[c] == "Nd":
            v = digit_value.get(c)
            if v is None:
                raise DataError("UnicodeData.txt: Nd U+%04X has no decimal value" % c)
            values[c] = c - v
    inc = IncFile("uts39_digits", version,
                  "The zero of each decimal digit's numbering system (gc=Nd, UnicodeData.txt "
                  "field 6), 0 for every other code point, for mixed-number detection.")
    inc.trie("digit_zero", Trie3(values, 0))
    return inc


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def generate(ucd_dir):
    dd = DataDir(ucd_dir)
    digit_value = {}
    gc, ccc, decomp = load_unicode_data(dd, digit_value)
    incs = []
    # Read every input before asking for the version so all headers count.
    inc, idna_status = gen_idna_mapping(dd, "?")
    incs.append(inc)
    bidi = gen_bidi(dd, "?")
    joining = gen_joining(dd, "?", gc)
    incs.append(gen_idna2008(dd, "?"))
    incs.append(gen_script(dd, "?"))
    nfc_incs, nfc_qc, fast_limit = gen_nfc(dd, "?", ccc, decomp)
    incs.extend(nfc_incs)
    incs.append(gen_char_properties("?", bidi, joining, gc, ccc, nfc_qc, fast_limit))
    incs.append(gen_case_mapping(dd, "?"))
    incs.append(gen_idna_plain("?", idna_status, gc, ccc, nfc_qc, bidi))
    incs.append(gen_uts39_properties(dd, "?"))
    incs.append(gen_uts39_scripts(dd, "?"))
    incs.append(gen_uts39_confusables(dd, "?", decomp))
    incs.append(gen_uts39_digits("?", gc, digit_value))
    version = dd.unicode_version()
    # The version itself, so that the C++ code can check at compile time
    # that the tables on its include path are the ones the build selected.
    inc = IncFile("unicode_version", version, "Unicode version of the data these tables were made from.")
    inc.line('constexpr char tables_unicode_version[] = "%s";' % version)
    incs.append(inc)
    files = {}
    manifest = ["table\tentries\tbytes\tsha256"]
    for inc in sorted(incs, key=lambda i: i.name):
        inc.version = version
        text = inc.render()
        fname = inc.name + ".inc"
        files[fname] = text
        digest = hashlib.sha256(text.encode("ascii")).hexdigest()
        manifest.append("%s\t%d\t%d\t%s" % (fname, inc.entries, inc.bytes, digest))
    files["MANIFEST.tsv"] = "\n".join(manifest) + "\n"
    return version, files


def main(argv=None):
    repo = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--version", default=None,
                    help="Unicode version X.Y.Z (default %s, or the version --ucd holds)"
                    % DEFAULT_VERSION)
    ap.add_argument("--ucd", default=None,
                    help="directory containing ucd/ and idna/ "
                    "(default <repo>/../shared/unicode/<version>)")
    ap.add_argument("--out", default=None,
                    help="output directory for the .inc files and MANIFEST.tsv "
                    "(default <repo>/src/tables/<version>)")
    ap.add_argument("--check", action="store_true",
                    help="compare instead of writing; exit 1 if anything differs")
    args = ap.parse_args(argv)
    wanted = args.version or (None if args.ucd else DEFAULT_VERSION)
    if args.ucd is None:
        args.ucd = os.path.join(repo, "..", "shared", "unicode", wanted)

    ucd_dir = os.path.normpath(args.ucd)
    if not os.path.isdir(os.path.join(ucd_dir, "ucd")) or not os.path.isdir(
            os.path.join(ucd_dir, "idna")):
        sys.stderr.write("\n*** gen_tables.py: ERROR: Unicode data directory not found ***\n"
                         "*** expected %s/ucd and %s/idna ***\n\n" % (ucd_dir, ucd_dir))
        return 2
    try:
        version, files = generate(ucd_dir)
    except MissingData as e:
        sys.stderr.write("\n*** gen_tables.py: ERROR: %s ***\n\n" % e)
        return 2
    except DataError as e:
        sys.stderr.write("gen_tables.py: data error: %s\n" % e)
        return 1
    if wanted is not None and version != wanted:
        sys.stderr.write("gen_tables.py: %s holds Unicode %s, not the requested %s\n"
                         % (ucd_dir, version, wanted))
        return 1

    out = os.path.normpath(args.out or os.path.join(repo, "src", "tables", version))
    if args.check:
        differing = []
        for name in sorted(files):
            p = os.path.join(out, name)
            try:
                with open(p, encoding="ascii", newline="") as f:
                    current = f.read()
            except (OSError, UnicodeDecodeError):
                current = None
            if current != files[name]:
                differing.append(name + (" (missing)" if current is None else ""))
        if os.path.isdir(out):
            for name in sorted(os.listdir(out)):
                if name.endswith(".inc") and name not in files:
                    differing.append(name + " (not produced by the generator)")
        if differing:
            sys.stderr.write("gen_tables.py --check: tables in %s differ from what the generator "
                             "makes from Unicode %s:\n" % (out, version))
            for d in differing:
                sys.stderr.write("  %s\n" % d)
            sys.stderr.write("Run tools/gen_tables/gen_tables.py and commit the result.\n")
            return 1
        print("gen_tables.py --check: %d files up to date (Unicode %s)" % (len(files), version))
        return 0

    os.makedirs(out, exist_ok=True)
    for name in sorted(files):
        with open(os.path.join(out, name), "w", encoding="ascii", newline="\n") as f:
            f.write(files[name])
    print("gen_tables.py: wrote %d files to %s (Unicode %s)" % (len(files), out, version))
    return 0


if __name__ == "__main__":
    sys.exit(main())
