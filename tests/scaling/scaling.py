#!/usr/bin/env python3
"""Scaling check (issue 44): time and peak memory of every listed entry point
of every surface against the size of one input line.

Each row of ENTRY_POINTS is one public entry point: a surface, a name, and how
to run it on a file holding the input (a CLI command line, or a Python / JS
snippet).  An entry point added later (email, the compatibility layers) is one
more row.  Each measurement runs in a fresh process:

- CLI: CPU time (user + sys, from wait4) minus that of the same command on an
  empty input, and the process's peak RSS minus that empty run's;
- Python / JS: CPU time of the call alone, measured in the child
  (time.process_time, process.cpuUsage), and the process's peak RSS
  (ru_maxrss from wait4) minus that of the child on an empty input.

Checks: time(2n)/time(n) <= --max-ratio between consecutive doublings (only
where time(n) is above a floor, below which timer noise dominates), and peak
memory <= multiple * input bytes + constant, the multiple stated per row.

  tests/scaling/scaling.py --sweep [--write-docs docs/security.md]   the full sweep
  tests/scaling/scaling.py --quick                                   the ctest check

--quick runs two sizes four times apart and asks for less than 8x the time
(a quadratic entry point takes 16x) and the memory bound; it also checks the
documented limits and their errors in each surface.
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Units the inputs are made of: a name of many short labels, ASCII and not
# (issue 44's cases).
UNITS = {"ascii": "a.", "latin": "\u00fc."}

# Linux caps one command-line argument at 128 KiB (MAX_ARG_STRLEN): the
# commands that take their input as an argument stop there.
ARG_MAX_BYTES = 128 * 1024 - 16

# surface, name, kind, runner, memory multiple (bytes per input byte),
# largest input (bytes, None: the sweep's largest).  `{cli}` is the puny
# binary, `{file}` the input file (one line, no newline for arguments).
ENTRY_POINTS = [
    # CLI: line commands read stdin; explain takes an argument.
    ("cli", "to-ascii", "stdin", ["{cli}", "to-ascii"], 96, None),
    ("cli", "to-unicode", "stdin", ["{cli}", "to-unicode"], 96, None),
    ("cli", "to-ascii --json", "stdin", ["{cli}", "to-ascii", "--json"], 128, None),
    ("cli", "skeleton", "stdin", ["{cli}", "skeleton"], 32, None),
    ("cli", "display", "stdin", ["{cli}", "display", "--no-psl"], 96, None),
    ("cli", "display --json", "stdin", ["{cli}", "display", "--no-psl", "--json"], 200, None),
    ("cli", "explain to-ascii", "arg", ["{cli}", "explain", "to-ascii", "{arg}"], 200, ARG_MAX_BYTES),
    ("cli", "explain to-ascii --json", "arg", ["{cli}", "explain", "to-ascii", "--json", "{arg}"],
     200, ARG_MAX_BYTES),
    # Python: the package built in the tree or installed (PYTHONPATH).
    ("python", "to_ascii", "py", "puny.to_ascii(s)", 96, None),
    ("python", "to_unicode", "py", "puny.to_unicode(s)", 96, None),
    ("python", "skeleton", "py", "puny.skeleton(s)", 32, None),
    ("python", "to_display", "py", "puny.to_display(s, psl=None)", 96, None),
    ("python", "display", "py", "puny.display(s, psl=None)", 600, 2 << 20),
    ("python", "explain", "py", "puny.explain(s)", 1500, 1 << 20),
    # JavaScript: the npm package's ES module (surfaces/js/build.sh).
    ("js", "toASCII", "js", "puny.toASCII(s)", 64, None),
    ("js", "toUnicode", "js", "puny.toUnicode(s)", 64, None),
    ("js", "display", "js", "puny.display(s)", 600, 2 << 20),
    ("js", "explain toAscii", "js", "puny.explain(s, {operation: 'toAscii'})", 1500, 1 << 20),
]
MEMORY_CONSTANT = 32 << 20  # bytes: allocator slack, tables touched

PY_CHILD = r"""
import gc, sys, time
sys.path[:0] = [p for p in {paths!r} if p]
import puny
s = open({file!r}, encoding="utf-8").read()
t = time.process_time()
try:
    {call}
except Exception:
    pass
print(time.process_time() - t)
"""

JS_CHILD = r"""
const fs = require('fs');
(async () => {{
  const puny = await import({module!r});
  await (puny.ready || Promise.resolve());
  const s = fs.readFileSync({file!r}, 'utf8');
  const t = process.cpuUsage();
  try {{ {call}; }} catch (e) {{}}
  const d = process.cpuUsage(t);
  console.log((d.user + d.system) / 1e6);
}})();
"""


def run_measured(argv, stdin_path=None):
    """CPU seconds (user+sys), peak RSS bytes and stdout of one run."""
    # The peak comes from /usr/bin/time's %M: `time` forks the measured
    # program from its own small image.  A child forked from this script
    # would carry this script's RSS into its peak (Linux keeps the peak
    # across exec), and so would wait4's figure for `time` itself.
    with tempfile.NamedTemporaryFile("r") as report:
        argv = ["/usr/bin/time", "-o", report.name, "-f", "%M"] + list(argv)
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        out = proc.stdout.read()
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0
        if stdin_path:
            stdin.close()
        lines = [l for l in open(report.name).read().split("\n") if l.strip().isdigit()]
        peak = int(lines[-1]) * 1024
    return usage.ru_utime + usage.ru_stime, peak, out


class Runner:
    def __init__(self, args):
        self.cli = args.cli
        self.pythonpath = args.pythonpath
        self.js_module = args.js_module
        self.node = args.node
        self.python = args.python

    def available(self, surface):
        if surface == "cli":
            return os.access(self.cli, os.X_OK)
        if surface == "python":
            head = PY_CHILD.split("s = open")[0].format(paths=[self.pythonpath])
            return subprocess.run([self.python, "-c", head],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        if surface == "js":
            return bool(self.js_module) and os.path.exists(self.js_module)
        return False

    def measure(self, row, path):
        """(seconds, peak bytes) for one run on the input in `path`."""
        surface, _, kind, runner = row[:4]
        if kind in ("stdin", "arg"):
            text = open(path, encoding="utf-8").read()
            argv = [a.replace("{cli}", self.cli) for a in runner]
            argv = [text if a == "{arg}" else a for a in argv]
            seconds, peak, _ = run_measured(argv, path if kind == "stdin" else None)
            return seconds, peak
        if kind == "py":
            code = PY_CHILD.format(paths=[self.pythonpath], file=path, call=runner)
            _, peak, out = run_measured([self.python, "-c", code])
        else:
            code = JS_CHILD.format(module=self.js_module, file=path, call=runner)
            _, peak, out = run_measured([self.node, "-e", code])
        return float(out.decode().strip().splitlines()[-1]), peak


def scaled_to(sizes, cap):
    """The sizes of a capped row: the same ratios, ending at the cap."""
    factor = sizes[-1] / cap
    return [s for s in (int(x / factor) for x in sizes) if s >= 1024 or len(sizes) <= 2]


def make_input(directory, unit, size):
    path = os.path.join(directory, "%s-%d.txt" % (unit, size))
    if not os.path.exists(path):
        text = UNITS[unit]
        n = max(1, size // len(text.encode("utf-8")))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text * n + "com")
    return path


def sweep(runner, rows, sizes, units, max_ratio, time_floor, directory):
    """Measures every row; returns table rows and failures."""
    table, failures = [], []
    for row in rows:
        surface, name, kind, _, multiple, cap = row
        if not runner.available(surface):
            table.append((surface, name, "-", "not built", "", "", ""))
            continue
        for unit in units:
            base_path = os.path.join(directory, "empty.txt")
            open(base_path, "w").close()
            base_seconds, base_peak = runner.measure(row, base_path)
            points = []
            for size in sizes if not cap or cap >= sizes[-1] else scaled_to(sizes, cap):
                path = make_input(directory, unit, size)
                real = os.path.getsize(path)
                seconds, peak = runner.measure(row, path)
                if kind in ("stdin", "arg"):
                    seconds = max(0.0, seconds - base_seconds)
                extra = max(0, peak - base_peak)
                points.append((real, seconds, extra))
                if extra > multiple * real + MEMORY_CONSTANT:
                    failures.append("%s %s (%s, %d bytes): peak memory %d bytes above %d x input + %d"
                                    % (surface, name, unit, real, extra, multiple, MEMORY_CONSTANT))
            ratios = []
            for (n1, t1, _), (n2, t2, _) in zip(points, points[1:]):
                if t1 < time_floor:
                    continue
                r = (t2 / t1) / (n2 / n1) * 2  # per doubling of the input
                ratios.append(r)
                if r > max_ratio:
                    failures.append("%s %s (%s): time x%.2f per doubling from %d to %d bytes (limit %.2f)"
                                    % (surface, name, unit, r, n1, n2, max_ratio))
            largest = points[-1] if points else (0, 0, 0)
            table.append((surface, name, unit,
                          "%s" % human(largest[0]),
                          "%.3f s" % largest[1],
                          "%.2f" % max(ratios) if ratios else "n/a (below %.0f ms)" % (time_floor * 1000),
                          "%.0f (limit %d)" % (largest[2] / max(1, largest[0]), multiple)))
    return table, failures


def human(n):
    for unit, size in (("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            return "%g %s" % (round(n / size, 1), unit)
    return "%d B" % n


def markdown(table, sizes, max_ratio):
    lines = ["| surface | entry point | input | largest input | CPU time there | worst time(2n)/time(n) | peak memory / input byte there (stated multiple) |",
             "|---|---|---|---|---|---|---|"]
    for r in table:
        lines.append("| " + " | ".join(r) + " |")
    return "\n".join(lines)


def check_limits(runner):
    """The documented limits and their errors, in each built surface."""
    failures = []
    over = "\u00fc" * 1025
    at_limit = "\u00fc" * 1024
    if runner.available("cli"):
        for op, text in (("encode", over), ("decode", "a" * 1025)):
            p = subprocess.run([runner.cli, "explain", op, "--json", text], capture_output=True, text=True)
            doc = json.loads(p.stdout)
            if p.returncode != 1 or doc.get("error") != "input_too_long" or doc.get("offset") != 1024:
                failures.append("cli explain %s of 1025: expected input_too_long at 1024, got %r (exit %d)"
                                % (op, {k: doc.get(k) for k in ("error", "offset")}, p.returncode))
            p = subprocess.run([runner.cli, "explain", op, text], capture_output=True, text=True)
            if "input_too_long" not in p.stdout or "at most 1024" not in p.stdout:
                failures.append("cli explain %s: the text does not name the limit: %r" % (op, p.stdout[-200:]))
        p = subprocess.run([runner.cli, "explain", "encode", "--json", at_limit], capture_output=True, text=True)
        if p.returncode != 0 or json.loads(p.stdout).get("error") is not None:
            failures.append("cli explain encode of 1024 code points should succeed")
    if runner.available("python"):
        code = (PY_CHILD.split("s = open")[0] +
                "import json\n"
                "r = [puny.explain('\u00fc' * 1025, operation='encode'), puny.explain('a' * 1025, operation='decode'),"
                " puny.explain('\u00fc' * 1024, operation='encode')]\n"
                "print(json.dumps([[(e.code, e.offset) for e in x['errors']] for x in r] + [len(r[2]['steps'])]))\n")
        code = code.format(paths=[runner.pythonpath])
        p = subprocess.run([runner.python, "-c", code], capture_output=True, text=True)
        got = json.loads(p.stdout) if p.returncode == 0 else p.stderr
        if got != [[["input_too_long", 1024]], [["input_too_long", 1024]], [], 1024]:
            failures.append("python explain limit: %r" % (got,))
    if runner.available("js"):
        code = ("(async () => { const puny = await import(%r); await (puny.ready || Promise.resolve());"
                " const r = [puny.explain('\u00fc'.repeat(1025)), puny.explain('a'.repeat(1025), {operation: 'decode'}),"
                " puny.explain('\u00fc'.repeat(1024))];"
                " console.log(JSON.stringify(r.map((x) => [x.error ? x.error.code : null, x.error ? x.error.offset : null, (x.steps || []).length]))); })();"
                % runner.js_module)
        p = subprocess.run([runner.node, "-e", code], capture_output=True, text=True)
        got = p.stdout.strip()
        if not got.startswith('[["input_too_long",1024,0],["input_too_long",1024,0],[null'):
            failures.append("js explain limit: %r %r" % (got, p.stderr[-300:]))
    return failures


def write_docs(path, text):
    doc = open(path, encoding="utf-8").read()
    begin, end = "<!-- scaling-table:begin -->", "<!-- scaling-table:end -->"
    if begin not in doc:
        raise SystemExit("%s has no %s marker" % (path, begin))
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    open(path, "w", encoding="utf-8").write(head + begin + "\n" + text + "\n" + end + tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "cli", "puny"))
    ap.add_argument("--pythonpath", default=os.environ.get("PUNY_PYTHONPATH", ""))
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--js-module", default=os.path.join(ROOT, "build", "wasm", "package", "dist", "display.mjs"))
    ap.add_argument("--node", default="node")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--min", type=int, default=1 << 10)
    ap.add_argument("--max", type=int, default=8 << 20)
    ap.add_argument("--surfaces", default="cli,python,js")
    ap.add_argument("--write-docs")
    args = ap.parse_args()
    runner = Runner(args)
    surfaces = set(args.surfaces.split(","))
    rows = [r for r in ENTRY_POINTS if r[0] in surfaces]
    with tempfile.TemporaryDirectory() as directory:
        if args.quick:
            # Two sizes four times apart: a linear entry point takes ~4x the
            # time, a quadratic one 16x; < 8x leaves room for noise.
            table, failures = sweep(runner, rows, [256 << 10, 1 << 20], ["latin"], 4.0, 0.01, directory)
            failures += check_limits(runner)
        else:
            sizes, s = [], args.min
            while s <= args.max:
                sizes.append(s)
                s *= 2
            table, failures = sweep(runner, rows, sizes, list(UNITS), 2.3, 0.02, directory)
        text = markdown(table, None, 2.3)
        print(text)
        if args.write_docs:
            write_docs(args.write_docs, text)
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
