"""The SQL examples of the documents (docs/doc-examples.md, "SQL"), for
run_doc_examples.py: a ```sql block after <!-- example: run in ENGINES -->
(postgres, duckdb or both) runs statement by statement in each engine named,
and a statement whose comment starts with "=>" must print what follows it:

  SELECT idna_to_ascii('Bücher.de');         -- => xn--bcher-kva.de
  SELECT * FROM idna_check(U&'a\\2028b.de');  -- => f | disallowed | V7 | ...
                                             -- => (a second row)
  SELECT idna_to_ascii('a b');               -- => ERROR: idna_to_ascii: ...
                                             -- => DETAIL: ...

A row is its columns joined by " | ", NULL written NULL (psql -A -t with
null=NULL in PostgreSQL; each value's own text in DuckDB, as @duckdb/node-api
gives it); a failed statement's rows are its error: psql's lines
("ERROR: ...", "DETAIL: ...", one space after the colon), DuckDB's message
after "ERROR: "; "..." stands for any text within a row, and a row that is only
"..." for any rows.  A statement with no "=>" must only succeed.

Each page gets one PostgreSQL database (UTF8, the extension created) and one
DuckDB connection (the extension loaded), both with the tables of FIXTURE,
and DuckDB runs in the page's scratch folder, which holds hosts.csv and
build/duckdb (a link to the extension's folder).
"""

import json
import os
import re
import subprocess

ENGINES = ("postgres", "duckdb")

# The tables every page's SQL examples may read (docs/doc-examples.md lists them).
HOSTS = [(1, "Bücher.de"), (2, "xn--bcher-kva.de"), (3, "www.Example.com"), (4, "faß.de"),
         (5, "a_b.example"), (6, "xn--a.de"), (7, "аррӏе.com")]
FIXTURE = [
    "CREATE TABLE hosts (id bigint NOT NULL, name text)",
    "INSERT INTO hosts VALUES " + ", ".join("(%d, '%s')" % row for row in HOSTS),
    "CREATE TABLE domains (name text)",
    "INSERT INTO domains VALUES ('paypa1.com'), ('login-paypal.com'), ('bücher.de')",
    "CREATE TABLE brands (line text)",
    "INSERT INTO brands VALUES ('paypal.com')",
]


def code_and_comment(line):
    """A line split at its first "--" outside single quotes."""
    quoted = False
    for i, c in enumerate(line):
        if c == "'":
            quoted = not quoted
        elif not quoted and line.startswith("--", i):
            return line[:i], line[i + 2:]
    return line, None


def statements(text):
    """[(sql, [expected rows] or None)] of a block: a statement ends with a line
    whose code ends with ";"; "-- => ROW" on its lines, or on comment lines
    right after it, gives its rows."""
    out = []
    code, expected, after = [], None, False
    for line in text.split("\n"):
        part, comment = code_and_comment(line)
        result = comment.strip()[2:].strip() if comment and comment.strip().startswith("=>") else None
        if not part.strip():
            if result is not None:
                if code:
                    expected = (expected or []) + [result]
                elif after and out:
                    sql, rows = out[-1]
                    out[-1] = (sql, (rows or []) + [result])
                else:
                    raise ValueError("'-- => %s' follows no statement" % result)
            else:
                after = False
            continue
        code.append(part.rstrip())
        if result is not None:
            expected = (expected or []) + [result]
        if part.rstrip().endswith(";"):
            out.append(("\n".join(code).rstrip().rstrip(";"), expected))
            code, expected, after = [], None, True
    if any(c.strip() for c in code):
        raise ValueError("the block ends inside a statement (no ';'): %s" % " ".join(code))
    return out


def row_matches(expected, got):
    if "..." not in expected:
        return expected.rstrip() == got.rstrip()
    pattern = ".*".join(re.escape(p) for p in expected.rstrip().split("..."))
    return re.fullmatch(pattern, got.rstrip(), re.S) is not None


def rows_match(expected, got):
    if not expected:
        return not got
    if expected[0] == "...":
        return any(rows_match(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and row_matches(expected[0], got[0]) and rows_match(expected[1:], got[1:])


class Postgres:
    """One database of the server PGHOST/PGPORT/PGUSER name, psql per statement."""

    count = 0

    def __init__(self, psql, scratch, env):
        Postgres.count += 1
        self.psql, self.scratch, self.env = psql, scratch, env
        self.db = "puny_doc_%d_%d" % (os.getpid(), Postgres.count)
        for sql, db in (("CREATE DATABASE %s ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' "
                         "TEMPLATE template0" % self.db, "postgres"),
                        ("CREATE EXTENSION puny", self.db)):
            rows, error = self._run(sql, db)
            if error:
                raise RuntimeError("postgres: %s: %s" % (sql, " ".join(error)))
        for sql in FIXTURE:
            rows, error = self.run(sql)
            if error:
                raise RuntimeError("postgres: the fixture's %s: %s" % (sql, " ".join(error)))

    def _run(self, sql, db):
        p = subprocess.run([self.psql, "-X", "-q", "-A", "-t", "-F", " | ", "-P", "null=NULL",
                            "-v", "ON_ERROR_STOP=1", "-d", db, "-c", sql],
                           cwd=self.scratch, env=self.env, timeout=120,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = p.stdout.decode("utf-8", "replace").rstrip("\n")
        if p.returncode != 0:
            err = p.stderr.decode("utf-8", "replace").strip().split("\n")
            lines = [re.sub(r"^([A-Z]+):\s+", r"\1: ", e) for e in err if e.strip()]
            return None, lines or ["psql exit %d" % p.returncode]
        return (out.split("\n") if out else []), None

    def run(self, sql):
        return self._run(sql, self.db)

    def close(self):
        self._run("DROP DATABASE IF EXISTS %s" % self.db, "postgres")


class DuckDB:
    """One in-memory DuckDB with the extension loaded, in a node process
    (duckdb_session.mjs) that runs one statement per line of JSON."""

    def __init__(self, duckdb_dir, scratch, env):
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(scratch, "hosts.csv"), "w", encoding="utf-8") as f:
            f.write("id,name\n" + "".join("%d,%s\n" % row for row in HOSTS))
        os.makedirs(os.path.join(scratch, "build"), exist_ok=True)
        link = os.path.join(scratch, "build", "duckdb")
        if not os.path.lexists(link):
            os.symlink(duckdb_dir, link)
        self.p = subprocess.Popen(["node", os.path.join(here, "duckdb_session.mjs"), duckdb_dir],
                                  cwd=scratch, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        for sql in FIXTURE:
            rows, error = self.run(sql)
            if error:
                raise RuntimeError("duckdb: the fixture's %s: %s" % (sql, " ".join(error)))

    def run(self, sql):
        self.p.stdin.write((json.dumps({"sql": sql}) + "\n").encode())
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("duckdb: the node session (tests/docs/duckdb_session.mjs) ended: %s"
                               % self.p.stderr.read().decode("utf-8", "replace"))
        answer = json.loads(line)
        if "error" in answer:
            return None, ["ERROR: " + answer["error"]]
        return answer["rows"], None

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


class Sessions:
    """The engines of one page, started on first use."""

    def __init__(self, config, scratch, env):
        self.config, self.scratch, self.env, self.open = config, scratch, env, {}

    def get(self, engine):
        if engine not in self.open:
            if engine == "postgres":
                if not self.config.get("psql"):
                    raise RuntimeError("a SQL example runs in postgres, but no --psql was given")
                self.open[engine] = Postgres(self.config["psql"], self.scratch, self.env)
            else:
                if not self.config.get("duckdb_dir"):
                    raise RuntimeError("a SQL example runs in duckdb, but no --duckdb-dir was given")
                self.open[engine] = DuckDB(self.config["duckdb_dir"], self.scratch, self.env)
        return self.open[engine]

    def close(self):
        for s in self.open.values():
            s.close()
        self.open = {}


def engines_of(words):
    """The engines of "run in postgres, duckdb"; ValueError for another word."""
    names = [w for w in re.split(r"[\s,]+", words.strip()) if w]
    bad = [n for n in names if n not in ENGINES]
    if bad or not names:
        raise ValueError("'run in %s': the engines are %s" % (words, ", ".join(ENGINES)))
    return names


def check(sessions, engine, sql, expected):
    """None when the statement does what the page says, else a message."""
    try:
        rows, error = sessions.get(engine).run(sql)
    except RuntimeError as e:
        return str(e)
    if error is not None:
        if expected and rows_match(expected, error):
            return None
        return "%s: %s\n  failed:\n%s%s" % (engine, sql, "".join("    | %s\n" % e for e in error),
                                            "" if expected is None else
                                            "  expected:\n" + "".join("    | %s\n" % e for e in expected))
    if expected is None or rows_match(expected, rows):
        return None
    return "%s: %s\n  expected:\n%s  got:\n%s" % (
        engine, sql, "".join("    | %s\n" % e for e in expected),
        "".join("    | %s\n" % g for g in rows) or "    (no rows)\n")


def run_block(block, sessions, engines):
    """Every statement of a sql block in each engine; a list of messages."""
    try:
        steps = statements(block.text)
    except ValueError as e:
        return [str(e)]
    failures = []
    for engine in engines:
        for sql, expected in steps:
            message = check(sessions, engine, sql, expected)
            if message:
                failures.append(message)
    return failures
