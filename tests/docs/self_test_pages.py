"""Pages run_doc_examples.py must pass (GOOD, SQL_GOOD) and pages it must
fail (BAD, SQL_BAD, one mistake each): ctest docs.examples_self_test runs
the first two (--self-test), docs.examples_sql the SQL ones
(--self-test-sql, with a server and DuckDB)."""

GOOD = """\
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

BAD = [
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

GOOD += """
<!-- example: inline sh -->
| command | output |
|---|---|
| `echo hi` | `hi` (then prose) |
| `printf 'a b c'` | `b` among the words |
| `echo 'oops: bad_thing at byte 3' >&2; exit 1` | error `bad_thing` at byte 3, the end |
| `cat no-such-file.csv` | prose, not run |

<!-- example: inline sh -->
Running text: `echo x` → `x`, and `printf y` = `y`.

<!-- example: inline python -->
A Python expression: `sorted({"b", "a"})` → `['a', 'b']`.

<!-- example: not run: needs a cluster -->
```sql
SELECT 1;
```
"""

BAD += [
    "<!-- example: inline sh -->\n| command | output |\n|---|---|\n| `echo hi` | `ho` |\n",
    "<!-- example: inline sh -->\n| command | output |\n|---|---|\n| `echo hi` | `x` among them |\n",
    "<!-- example: inline sh -->\n| command | output |\n|---|---|\n| `echo fine` | error `fine` |\n",
    "<!-- example: inline sh -->\n| command | output |\n|---|---|\n"
    "| `echo 'e at byte 2' >&2; exit 1` | error `e` at byte 3 |\n",
    "<!-- example: inline sh -->\n| command | output |\n|---|---|\n| echo bare | `bare` |\n",
    "Unmarked: `echo x` → `x`.\n",                          # an arrow outside a marked paragraph
    "<!-- example: inline sh -->\n`echo x` → `y`\n",          # a wrong inline result
    "<!-- example: inline cobol -->\n`echo x` → `x`\n",       # an unknown language
    "<!-- example: inline python -->\n`1 + 1` → `3`\n",       # a wrong Python value
    "<!-- example: inline python -->\n`1 / 0` → `0`\n",       # an exception
    "```sql\nSELECT 1;\n```\n",                             # a sql block neither run nor not run
    "<!-- example: run -->\n```sql\nSELECT 1;\n```\n",      # run, but in which engine
    "<!-- example: run in mysql -->\n```sql\nSELECT 1;\n```\n",
    "<!-- example: run in postgres -->\n```sh\ntrue\n```\n",  # engines on a sh block
]

# With --self-test-sql: a PostgreSQL server (PGHOST...) and DuckDB.  The
# tables of doc_sql.FIXTURE exist; a page's blocks share its database.
SQL_GOOD = """
<!-- example: run in postgres, duckdb -->
```sql
SELECT idna_to_ascii('Bücher.de');   -- => xn--bcher-kva.de
SELECT name FROM hosts ORDER BY id;  -- => Bücher.de
                                     -- => xn--bcher-kva.de
                                     -- => ...
CREATE TABLE kept (v text);          -- later blocks of the page see it
INSERT INTO kept VALUES ('x'), (NULL);
SELECT punycode_decode('bcher-kva'),
       try_idna_to_ascii('xn--a.de');  -- => bücher | NULL
```

<!-- example: run in postgres, duckdb -->
```sql
SELECT count(*) FROM kept;  -- => 2
```

<!-- example: run in postgres -->
```sql
SELECT * FROM idna_check(U&'a\\2028b.de');  -- => f | disallowed | V7 | 0 | 1 | 2 | U+2028 | NULL
SELECT idna_to_ascii(U&'a\\2028b.de');
-- => ERROR: idna_to_ascii: disallowed (V7) at byte 1 ...
-- => ...
```

<!-- example: run in duckdb -->
```sql
SELECT idna_check('a' || chr(8232) || 'b.de');  -- => {'ok': false, 'error': 'disallowed', ...}
SELECT count(*) FROM read_csv('hosts.csv');     -- => 7
SELECT idna_to_ascii('a' || chr(8232));         -- => ERROR: ...disallowed (V7)...
```

<!-- example: inline postgres, duckdb -->
`punycode_encode('bücher')` = `bcher-kva`, `idna_to_unicode('XN--BCHER-KVA.DE')` → `bücher.de`
"""

SQL_BAD = [
    "<!-- example: run in postgres -->\n```sql\nSELECT idna_to_ascii('Bücher.de');  -- => bücher.de\n```\n",
    "<!-- example: run in duckdb -->\n```sql\nSELECT idna_to_ascii('Bücher.de');  -- => bücher.de\n```\n",
    # the second engine disagrees (DuckDB writes booleans true/false)
    "<!-- example: run in postgres, duckdb -->\n```sql\nSELECT 1 = 1;  -- => t\n```\n",
    # a statement that fails with no "=>" to say so
    "<!-- example: run in postgres -->\n```sql\nSELECT idna_to_ascii(U&'a\\2028b');\n```\n",
    "<!-- example: run in duckdb -->\n```sql\nSELECT idna_to_ascii('a' || chr(8232));\n```\n",
    # an error expected, none raised
    "<!-- example: run in postgres -->\n```sql\nSELECT 1;  -- => ERROR: ...\n```\n",
    # fewer rows on the page than the query gives, and more
    "<!-- example: run in postgres -->\n```sql\nSELECT name FROM hosts ORDER BY id;  -- => Bücher.de\n```\n",
    "<!-- example: run in duckdb -->\n```sql\nSELECT 1;  -- => 1\n-- => 2\n```\n",
    # a result comment that follows no statement, a statement without ';'
    "<!-- example: run in postgres -->\n```sql\n-- => 1\nSELECT 1;\n```\n",
    "<!-- example: run in postgres -->\n```sql\nSELECT 1\n```\n",
    # an inline expression with a wrong result
    "<!-- example: inline postgres -->\n`punycode_encode('bücher')` = `bcher`\n",
    "<!-- example: inline duckdb -->\n`punycode_encode('bücher')` = `bcher`\n",
]
