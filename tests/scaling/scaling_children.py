"""The child programs scaling.py runs to time one call from inside a
process (Python, JavaScript, DuckDB): each reads the input file, calls the
entry point once and prints its CPU time and peak memory as JSON."""
import os

from scaling_rows import BRANDS

PY_CHILD = r"""
import gc, sys, time
sys.path[:0] = [p for p in {paths!r} if p]
import puny, puny.idna, puny.email
s = open({file!r}, encoding="utf-8").read()
lines = s.split("\n")
lines = lines[:-1] if lines[-1] == "" else lines
{setup}
t = time.process_time()
{call}
print(time.process_time() - t)
"""

JS_CHILD = r"""
const fs = require('fs');
(async () => {{
  const puny = await import({module!r});
  await (puny.ready || Promise.resolve());
  const s = fs.readFileSync({file!r}, 'utf8');
  const lines = s ? s.replace(/\n$/, '').split('\n') : [];
  {setup}
  const t = process.cpuUsage();
  {call};
  const d = process.cpuUsage(t);
  console.log((d.user + d.system) / 1e6);
}})();
"""

DUCKDB_CHILD = r"""
const path = require('path');
const {{ createRequire }} = require('module');
(async () => {{
  const req = createRequire(path.join({dir!r}, 'node', 'package.json'));
  const {{ DuckDBInstance }} = req('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', {{ allow_unsigned_extensions: 'true', threads: '1' }});
  const db = await instance.connect();
  await db.run("LOAD '" + path.join({dir!r}, 'puny.duckdb_extension') + "'");
  const text = "SELECT content FROM read_text('" + {file!r} + "')";
  // (Line shapes: an empty file is no line, not one empty line.)
  await db.run({lines} ? "CREATE TABLE input AS SELECT * FROM (SELECT unnest(string_split(rtrim(content, chr(10)), chr(10))) AS v FROM (" + text + ")) WHERE v <> ''"
                       : "CREATE TABLE input AS SELECT content AS v FROM (" + text + ")");
  const t = process.cpuUsage();
  await db.runAndReadAll("SELECT sum(length({call})) FROM input");
  const d = process.cpuUsage(t);
  console.log((d.user + d.system) / 1e6);
}})();
"""


def py_setup(call):
    """What a Python row's call needs before the clock starts: the modules
    it names, and the index or lists it queries."""
    lines = ["import puny.formats, puny.hunt, puny.idna.compat, puny.idna.codec"]
    if "hunt_index." in call:
        lines.append("hunt_index = puny.hunt.BrandIndex.parse(%r)" % "".join(b + "\n" for b in BRANDS))
    if "psl." in call:
        lines.append("psl = puny.PublicSuffixList.parse('com\\nde\\n')")
    if "protected." in call:
        lines.append("protected = puny.ProtectedDomains.parse('paypal.com\\n')")
    return "\n".join(lines)


def js_setup(call, module):
    """The same for a JS row: the package's other entries (beside the
    display entry, same folder) and the hunt index."""
    out = []
    for name in ("main", "punycode", "email", "formats"):
        if name + "." in call:
            sibling = os.path.join(os.path.dirname(module), ("puny" if name == "main" else name) + ".mjs")
            out.append("const %s = await import(%r); await (%s.ready || Promise.resolve());"
                       % (name, sibling, name))
    if "hunt." in call:
        out.append("const hunt = puny.huntIndex(%r);" % "".join(b + "\n" for b in BRANDS))
    return "\n  ".join(out)
