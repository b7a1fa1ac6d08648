#!/usr/bin/env python3
"""The encodings matrix of the PostgreSQL extension (issue 52), run by
test-encodings.sh against a server holding the databases puny_utf8,
puny_latin1, puny_euc_jp and puny_sql_ascii, each with the extension.

Every case runs in every database whose encoding holds its arguments (the
client encoding is always UTF8).  The UTF8 database's answer is the
reference; in another database the answer must be that reference under the
rules of docs/postgres.md ("Encodings"), decided for each character by
PostgreSQL's own conversion (convert_to in the UTF8 database):

  plain   a text result: the same text, or where the encoding cannot hold it
          ERROR 22P05 "F: the result holds U+XXXX, which the database
          encoding E cannot hold" (the first such character), whose hint
          names only functions that exist
  try     a text result: the same text, or NULL
  skel    idna_skeleton: the same, or in LATIN1/EUC_JP the U&'' escapes
  json    every string the same, or null with its path in "unrepresentable"
  rows    per column: 'same', 'null' (as try) or 'prose' (a character the
          encoding cannot hold written U+XXXX)
  errors  the same SQLSTATE, message, detail and hint, as prose

SQL_ASCII takes the UTF-8 as it is: its answers must equal UTF8's.  Every
function of the extension (pg_depend) must have run in every database; some
cases also check the reference itself (the CLI's display JSON, the preset
words the CLI refuses).
"""
import json
import os
import re
import subprocess
import sys

try:
    import psycopg2
except ImportError:
    sys.exit("encodings_matrix: python3-psycopg2 is not installed (scripts/install-deps.sh)")

DATABASES = {"UTF8": "puny_utf8", "LATIN1": "puny_latin1", "EUC_JP": "puny_euc_jp",
             "SQL_ASCII": "puny_sql_ascii"}
PUNY_BIN = os.environ.get("PUNY_BIN", "")

# Brand lists: the second is all LATIN1 can take (the brands it cannot hold
# as A-labels), so that hunt_matches and hunt_brands run there with brands
# and display forms LATIN1 lacks.  microsoft.com: xn--icrosof-sig5d.com
# (Cyrillic m and t) is its chromium_skeleton match, whose reason names
# Cyrillic letters (prose: U+043F in LATIN1).
BRAND_LISTS = [["paypal.com", "bücher.de", "xn--mxacd.gr", "日本語.jp", "microsoft.com"],
               ["paypal.com", "bücher.de", "xn--mxacd.gr", "xn--wgv71a119e.jp", "microsoft.com"]]


def case(fn, sql, args=(), shape="plain", columns=None, check=None):
    return {"fn": fn, "sql": sql, "args": list(args), "shape": shape, "columns": columns,
            "check": check}


def cli_display(name):
    out = subprocess.run([PUNY_BIN, "display", "--json", name], capture_output=True, check=False)
    return json.loads(out.stdout.decode("utf-8").splitlines()[0])


def same_as_cli_display(name):
    """idna_display_check holds the CLI's labels (findings with message) and display."""
    def check(ref):
        if ref[0] != "ok":
            return f"error {ref[1]} {ref[2]}"
        got, cli = ref[1][0][0], cli_display(name)
        if got["labels"] != cli["labels"]:
            return f"labels {json.dumps(got['labels'], ensure_ascii=False)} != the CLI's " \
                   f"{json.dumps(cli['labels'], ensure_ascii=False)}"
        if got["display"] != cli["output"]:
            return f"display {got['display']!r} != the CLI's {cli['output']!r}"
        return None
    return check


def error_with(sqlstate, pattern):
    def check(ref):
        if ref[0] != "error" or ref[1] != sqlstate or not re.search(pattern, ref[2]):
            return f"wanted error {sqlstate} /{pattern}/, got {ref!r}"
        return None
    return check


NAMES = ["bücher.de", "Bücher.de", "xn--bcher-kva.de", "xn--mxacd.gr", "αβγ.gr", "xn--80ak6aa92e.com",
         "xn--wgv71a119e.jp", "日本語.jp", "xn--ls8h.la", "xn--a.com", "üü_x.de"]
LABELS = ["bücher", "bcher-kva", "mxacd", "wgv71a119e", "ls8h", "日本語", "αβγ", "a-"]
ADDRESSES = ["user@bücher.de", "user@xn--bcher-kva.de", "josé@café.fr", "αβγ@example.gr",
             "user@xn--mxacd.gr", "日本@日本語.jp", "user@xn--80ak6aa92e.com", "john@@example.com",
             "Jo <jo@example.com>"]

CASES = []
for label in LABELS:
    CASES += [case("punycode_encode", "SELECT punycode_encode(%s)", [label]),
              case("try_punycode_encode", "SELECT try_punycode_encode(%s)", [label], "try")]
for label in LABELS[1:5] + ["a-b-c-"]:
    CASES += [case("punycode_decode", "SELECT punycode_decode(%s)", [label]),
              case("try_punycode_decode", "SELECT try_punycode_decode(%s)", [label], "try")]
for name in NAMES:
    for preset in ["uts46", "uts46,std3", "idna2008"]:
        CASES += [case("idna_to_ascii", "SELECT idna_to_ascii(%s, %s)", [name, preset]),
                  case("idna_to_unicode", "SELECT idna_to_unicode(%s, %s)", [name, preset]),
                  case("try_idna_to_ascii", "SELECT try_idna_to_ascii(%s, %s)", [name, preset], "try"),
                  case("try_idna_to_unicode", "SELECT try_idna_to_unicode(%s, %s)", [name, preset], "try")]
    for to_unicode in [False, True]:
        CASES.append(case("idna_check", "SELECT * FROM idna_check(%s, 'uts46', %s)", [name, to_unicode],
                          "rows", ["same"] * 7 + ["null"]))
    CASES += [case("idna_skeleton", "SELECT idna_skeleton(%s)", [name], "skel"),
              case("idna_display", "SELECT idna_display(%s)", [name]),
              case("idna_display_check", "SELECT idna_display_check(%s)", [name], "json",
                   check=same_as_cli_display(name) if name != "xn--a.com" else None)]
# Usage errors quoting what the user wrote (in the database encoding).
CASES += [
    case("idna_to_ascii", "SELECT idna_to_ascii('a.de', %s)", ["uts46 stdü"],
         check=error_with("22023", 'unknown IDNA flag "stdü"')),
    case("idna_to_ascii", "SELECT idna_to_ascii('a.de', %s)", ["uts46 transitional nontransitional"],
         check=error_with("22023", '"nontransitional"')),
    case("try_idna_to_unicode", "SELECT try_idna_to_unicode('a.de', %s)", ["url, No-Std3 std3"],
         check=error_with("22023", '"std3"')),
    case("idna_display", "SELECT idna_display('a.de', %s)", ["chrömium"],
         check=error_with("22023", 'unknown profile "chrömium"')),
]
for address in ADDRESSES:
    CASES += [case("email_normalize", "SELECT email_normalize(%s)", [address]),
              case("try_email_ascii", "SELECT try_email_ascii(%s)", [address], "try"),
              case("email_check", "SELECT email_check(%s)", [address], "json")]
# brand, rule, score, position, length, display, shown, via, reason (prose:
# chromium_skeleton's names Cyrillic letters); hunt_brands adds also (jsonb
# of rule names and numbers: ASCII).
HUNT_COLUMNS = ["null", "same", "same", "same", "same", "null", "same", "same", "prose"]
HUNT_BRAND_COLUMNS = HUNT_COLUMNS + ["same"]


def cyrillic_reason(ref):
    """xn--icrosof-sig5d.com: a chromium_skeleton match whose reason names п."""
    if ref[0] != "ok" or not any(len(r) > 8 and r[1] == "chromium_skeleton" and "Cyrillic п/n" in r[8]
                                   for r in ref[1]):
        return f"wanted a chromium_skeleton row whose reason names Cyrillic п, got {show(ref)}"
    return None


def combined_with_also(ref):
    """paypa1-login.com and paypa1.com: via homoglyph; replacement in also."""
    if ref[0] != "ok" or not any(len(r) > 9 and (r[7] == "homoglyph" or r[9]) for r in ref[1]):
        return f"wanted a via or an also, got {show(ref)}"
    return None


for name in ["paypa1.com", "büchor.de", "xn--mxacf.gr", "xn--mxacd.com", "日本語.com", "xn--wgv71a119e.com",
             "xn--pypal-4ve.com", "paypa1-login.com", "xn--icrosof-sig5d.com"]:
    for brands in BRAND_LISTS:
        CASES.append(case("hunt_matches", "SELECT * FROM hunt_matches(%s, %s, '', 0) ORDER BY 1, 2, 3",
                          [name, brands], "rows", HUNT_COLUMNS,
                          check=cyrillic_reason if name == "xn--icrosof-sig5d.com" else None))
        CASES.append(case("hunt_brands", "SELECT * FROM hunt_brands(%s, %s, '', 0)", [name, brands], "rows",
                          HUNT_BRAND_COLUMNS,
                          check=cyrillic_reason if name == "xn--icrosof-sig5d.com" else
                          combined_with_also if name.startswith("paypa1") else None))
CASES += [
    case("hunt_matches", "SELECT * FROM hunt_matches('a.com', %s)", [["bücher.de bogus=ü"]], "rows",
         HUNT_COLUMNS, check=error_with("22023", "bogus")),
    case("hunt_matches", "SELECT * FROM hunt_matches('a.com', %s, %s)", [["paypal.com"], "skëleton"], "rows",
         HUNT_COLUMNS, check=error_with("22023", 'unknown rule in "skëleton"')),
    case("hunt_brands", "SELECT * FROM hunt_brands('a.com', %s)", [["bücher.de bogus=ü"]], "rows",
         HUNT_BRAND_COLUMNS, check=error_with("22023", "hunt_brands: .*bogus")),
    case("hunt_brands", "SELECT * FROM hunt_brands('a.com', %s, %s)", [["paypal.com"], "skëleton"], "rows",
         HUNT_BRAND_COLUMNS, check=error_with("22023", 'hunt_brands: unknown rule in "skëleton"')),
    case("hunt_rules", "SELECT * FROM hunt_rules()", [], "rows", ["same", "prose"]),
    case("hunt_alert_score", "SELECT hunt_alert_score()"),
    case("puny_version", "SELECT puny_version()"),
    case("idna_presets", "SELECT idna_presets()"),
    case("idna_preset_aliases", "SELECT idna_preset_aliases()"),
    case("idna_preset_flags", "SELECT idna_preset_flags()"),
    case("idna_display_profiles", "SELECT idna_display_profiles()"),
]


def run(conn, sql, args):
    cur = conn.cursor()
    try:
        cur.execute(sql, args)
        return ("ok", [tuple(r) for r in cur.fetchall()])
    except psycopg2.Error as e:
        d = e.diag
        return ("error", e.pgcode, d.message_primary, d.message_detail, d.message_hint)
    finally:
        cur.close()


class Oracle:
    """Which characters an encoding holds, as PostgreSQL's conversion says."""

    def __init__(self, conn):
        self.conn, self.cache = conn, {}

    def holds(self, encoding, text):
        if encoding in ("UTF8", "SQL_ASCII"):
            return True
        return all(self.char(encoding, c) for c in text if ord(c) >= 0x80)

    def char(self, encoding, c):
        if (encoding, c) not in self.cache:
            self.cache[encoding, c] = run(self.conn, "SELECT convert_to(%s, %s)", [c, encoding])[0] == "ok"
        return self.cache[encoding, c]

    def prose(self, encoding, text):
        if text is None:
            return None
        return "".join(c if ord(c) < 0x80 or self.holds(encoding, c) else "U+%04X" % ord(c) for c in text)

    def first_lacking(self, encoding, text):
        return next(c for c in text if ord(c) >= 0x80 and not self.char(encoding, c))


def escaped_skeleton(value):
    out = []
    for c in value:
        if c == "\\":
            out.append("\\\\")
        elif ord(c) < 0x80:
            out.append(c)
        else:
            out.append("\\%04X" % ord(c) if ord(c) <= 0xFFFF else "\\+%06X" % ord(c))
    return "".join(out)


def expected_json(oracle, encoding, value, path, dropped):
    if isinstance(value, dict):
        return {k: expected_json(oracle, encoding, v, f"{path}.{k}" if path else k, dropped)
                for k, v in value.items()}
    if isinstance(value, list):
        return [expected_json(oracle, encoding, v, f"{path}.{i}", dropped) for i, v in enumerate(value)]
    if isinstance(value, str) and not oracle.holds(encoding, value):
        dropped.append(path)
        return None
    return value


def expected(oracle, encoding, c, ref, functions):
    """The answer `c` must give in `encoding`, or a function that checks it."""
    if ref[0] == "error":
        return ("error", ref[1], oracle.prose(encoding, ref[2]), oracle.prose(encoding, ref[3]),
                oracle.prose(encoding, ref[4]))
    rows, shape = ref[1], c["shape"]
    if shape == "plain":
        value = rows[0][0]
        if not isinstance(value, str) or oracle.holds(encoding, value):
            return ref
        bad = oracle.first_lacking(encoding, value)
        message = (f"{c['fn']}: the result holds U+{ord(bad):04X}, which the database encoding "
                   f"{encoding} cannot hold")

        def check(got):
            if got[:3] != ("error", "22P05", message):
                return f"wanted 22P05 {message!r}"
            named = set(re.findall(r"\b[a-z]+_[a-z_]+\b", got[4] or ""))
            if not named or not named <= functions:
                return f"the hint {got[4]!r} names {sorted(named - functions) or 'no function'}, " \
                       f"not a function of the extension"
            return None
        return check
    if shape == "try":
        value = rows[0][0]
        return ("ok", [(value if value is None or oracle.holds(encoding, value) else None,)])
    if shape == "skel":
        return ("ok", [(escaped_skeleton(rows[0][0]) if encoding in ("LATIN1", "EUC_JP") else rows[0][0],)])
    if shape == "json":
        dropped = []
        value = expected_json(oracle, encoding, rows[0][0], "", dropped)
        if dropped:
            value["unrepresentable"] = sorted(dropped)

        def check(got):  # "unrepresentable" in any order
            if got[0] == "ok" and isinstance(got[1][0][0], dict) and "unrepresentable" in got[1][0][0]:
                got = ("ok", [({**got[1][0][0], "unrepresentable": sorted(got[1][0][0]["unrepresentable"])},)])
            return None if got == ("ok", [(value,)]) else f"wanted {show(value)}, got {show(got)}"
        return check
    if shape == "rows":
        out = []
        for row in rows:
            new = []
            for rule, v in zip(c["columns"], row):
                if rule == "null" and isinstance(v, str) and not oracle.holds(encoding, v):
                    v = None
                elif rule == "prose" and isinstance(v, str):
                    v = oracle.prose(encoding, v)
                new.append(v)
            out.append(tuple(new))
        return ("ok", out)
    raise ValueError(shape)


def show(value):
    return json.dumps(value, ensure_ascii=False, default=str)[:700]


def main():
    conns = {}
    for encoding, db in DATABASES.items():
        conn = psycopg2.connect(dbname=db)
        conn.autocommit = True
        conn.set_client_encoding("UTF8")
        actual = run(conn, "SELECT getdatabaseencoding()", [])
        if actual != ("ok", [(encoding,)]):
            sys.exit(f"encodings_matrix: {db} is {actual}, not {encoding}")
        conns[encoding] = conn
    oracle = Oracle(conns["UTF8"])
    ref_conn = conns["UTF8"]
    functions = {r[0] for r in run(ref_conn, """
        SELECT p.proname FROM pg_proc p
          JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
          JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'puny'""", [])[1]}
    if not PUNY_BIN or not os.access(PUNY_BIN, os.X_OK):
        sys.exit(f"encodings_matrix: PUNY_BIN ({PUNY_BIN!r}) is not the puny CLI")
    failures, ran, skipped, coverage = [], 0, 0, {}
    for c in CASES:
        if c["fn"] not in functions:
            failures.append(f"the case {c['sql']} names {c['fn']}, which is no function of the extension")
            continue
        what = f"{c['sql']} {show(c['args'])}"
        ref = run(ref_conn, c["sql"], c["args"])
        if c["check"] is not None:
            problem = c["check"](ref)
            if problem:
                failures.append(f"UTF8 {what}: {problem}")
        for encoding, conn in conns.items():
            texts = [a for arg in c["args"] for a in (arg if isinstance(arg, list) else [arg])
                     if isinstance(a, str)]
            if not all(oracle.holds(encoding, t) for t in texts):
                skipped += 1
                continue
            got = ref if encoding == "UTF8" else run(conn, c["sql"], c["args"])
            want = expected(oracle, encoding, c, ref, functions)
            problem = want(got) if callable(want) else (None if got == want else
                                                        f"wanted {show(want)}, got {show(got)}")
            ran += 1
            coverage.setdefault(c["fn"], set()).add(encoding)
            if problem:
                failures.append(f"{encoding} {what}: {problem}")
    for fn in sorted(functions):
        missing = set(DATABASES) - coverage.get(fn, set())
        if missing:
            failures.append(f"{fn} did not run in {sorted(missing)}: the matrix needs a case for it")
    for f in failures:
        print("FAIL", f)
    print(f"postgres.encodings: {len(CASES)} cases x {len(DATABASES)} databases: {ran} ran "
          f"({skipped} skipped: an argument the encoding cannot hold), {len(functions)} functions, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
