#!/usr/bin/env python3
"""Scaling check (issue 44): time and peak memory of every listed entry point
of every surface against the size of one input line.

Each row of ENTRY_POINTS is one public entry point: a surface, a name, and how
to run it on a file holding the input (a CLI command line, or a Python / JS
snippet).  An entry point added later (email, the compatibility layers) is one
more row.  Each measurement runs in a fresh process:

- CLI, C (c_driver.c) and idn2 (Debian's program on our libidn2.so.0): CPU
  time (user + sys, from wait4) minus that of the same command on an empty
  input, and the process's peak RSS minus that empty run's;
- Python / JS / DuckDB: CPU time of the call alone, measured in the child
  (time.process_time, process.cpuUsage), and the process's peak RSS minus
  that of the child on an empty input;
- PostgreSQL: the query's CPU time in a throwaway server (the backend's
  /proc/PID/schedstat before and after it; its wall time where that file
  is missing), and the backend's peak RSS (VmHWM) growth during it.

Checks: time(2n)/time(n) <= --max-ratio between consecutive doublings (only
where time(n) is above a floor, below which timer noise dominates), and peak
memory <= multiple * input bytes + constant, the multiple stated per row.

  tests/scaling/scaling.py --sweep [--write-docs docs/security.md]   the full sweep
  tests/scaling/scaling.py --quick                                   the ctest check
  tests/scaling/scaling.py --adversarial                             every rule's worst case

The rows of the rules' worst cases (CONTEXTJ, CONTEXTO, Bidi, mappings,
marks, length limits, the advisories' payloads) come from adversarial.py:
its quick rows run with --quick, all of them with --adversarial (two
sizes four times apart, 256 KB and 1 MB, <= 2.3 per doubling; and issue 57's
calls at 32,000 units under 50 ms).

Beside it: scaling_rows.py (the shapes and the ENTRY_POINTS rows),
scaling_children.py (the Python, JS and DuckDB child programs) and
scaling_limits.py (the limit checks of --quick).

--quick runs two sizes four times apart and asks for less than 8x the time
(a quadratic entry point takes 16x) and the memory bound; it also checks the
documented limits and their errors in each surface.
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import adversarial  # noqa: E402 (the rules' worst cases, issue 57)
from scaling_children import DUCKDB_CHILD, JS_CHILD, PY_CHILD, js_setup, py_setup  # noqa: E402
from scaling_limits import check_limits  # noqa: E402
from scaling_rows import BRANDS, ENTRY_POINTS, SHAPES, WHOLE_SHAPES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


MEMORY_CONSTANT = 32 << 20  # bytes: allocator slack, tables touched

def run_measured(argv, stdin_path=None, env=None):
    """CPU seconds (user+sys), peak RSS bytes and stdout of one run."""
    # The peak comes from /usr/bin/time's %M: `time` forks the measured
    # program from its own small image.  A child forked from this script
    # would carry this script's RSS into its peak (Linux keeps the peak
    # across exec), and so would wait4's figure for `time` itself.
    with tempfile.NamedTemporaryFile("r") as report:
        argv = ["/usr/bin/time", "-o", report.name, "-f", "%M"] + list(argv)
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                env=env)
        out = proc.stdout.read()
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0
        if stdin_path:
            stdin.close()
        lines = [l for l in open(report.name).read().split("\n") if l.strip().isdigit()]
        peak = int(lines[-1]) * 1024
    return usage.ru_utime + usage.ru_stime, peak, out


class PostgresServer:
    """A throwaway PostgreSQL 15 server (Unix socket only, in a temporary
    directory, as surfaces/postgres/pg-env.sh starts one), with the
    extension's functions created from the build tree's puny.so: nothing is
    installed into the system's PostgreSQL directories."""

    def __init__(self, build, pg_config):
        self.dir = None
        self.problem = None
        self.build, self.pg_config = build, pg_config
        self.port = str(50000 + os.getpid() % 10000)
        self.as_server = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []

    def start(self):
        if not os.access(self.pg_config, os.X_OK):
            self.problem = "%s missing (postgresql-15)" % self.pg_config
            return False
        ext = os.path.join(self.build, "postgres", "ext")
        lib = os.path.join(self.build, "libpuny.a")
        if not os.path.exists(lib):
            self.problem = "%s missing (cmake --build %s --target puny)" % (lib, self.build)
            return False
        os.makedirs(ext, exist_ok=True)
        src = os.path.join(ROOT, "surfaces", "postgres")
        p = subprocess.run(["make", "-s", "-C", ext, "-f", os.path.join(src, "Makefile"), "VPATH=" + src,
                            "PG_CONFIG=" + self.pg_config, "PUNY_SOURCE_DIR=" + ROOT,
                            "PUNY_BUILD_DIR=" + self.build, "PUNY_LIB=" + lib],
                           capture_output=True, text=True)
        if p.returncode != 0:
            self.problem = "building the extension failed: " + p.stderr[-500:]
            return False
        bindir = subprocess.run([self.pg_config, "--bindir"], capture_output=True, text=True).stdout.strip()
        self.dir = tempfile.mkdtemp(prefix="puny-scaling-pg.")
        os.chmod(self.dir, 0o755)
        if self.as_server:
            shutil.chown(self.dir, "postgres")
        shutil.copy(os.path.join(ext, "puny.so"), os.path.join(self.dir, "puny.so"))
        self.pg_ctl = os.path.join(bindir, "pg_ctl")
        data = os.path.join(self.dir, "data")
        steps = [[os.path.join(bindir, "initdb"), "-D", data, "-E", "UTF8", "--locale=C.UTF-8", "-A", "trust"],
                 [self.pg_ctl, "-D", data, "-l", os.path.join(self.dir, "server.log"), "-w", "-t", "60",
                  "-o", "-k %s -p %s -c listen_addresses=''" % (self.dir, self.port), "start"]]
        for step in steps:
            p = subprocess.run(self.as_server + step, capture_output=True, text=True)
            if p.returncode != 0:
                self.problem = "%s failed: %s" % (os.path.basename(step[0]), (p.stdout + p.stderr)[-500:])
                return False
        script = open(os.path.join(src, "puny--0.1.0.sql"), encoding="utf-8").read()
        script = "\n".join(l for l in script.split("\n") if not l.startswith("\\echo"))
        script = script.replace("MODULE_PATHNAME", os.path.join(self.dir, "puny.so"))
        p = self.psql(script)
        if p.returncode != 0:
            self.problem = "creating the functions failed: " + p.stderr[-500:]
            return False
        return True

    def psql(self, script):
        env = dict(os.environ, PGHOST=self.dir, PGPORT=self.port,
                   PGUSER="postgres" if self.as_server else os.environ.get("USER", "postgres"),
                   PGDATABASE="postgres")
        return subprocess.run(["psql", "-qAt", "-v", "ON_ERROR_STOP=1"], input=script,
                              capture_output=True, text=True, env=env)

    def measure(self, expression, path, lines):
        """(CPU seconds of the query in the server, the backend's peak RSS
        growth during it).  CPU time, as for the other surfaces: the wall
        time of a query moves with the machine's load."""
        copy = os.path.join(self.dir, "input.txt")
        shutil.copy(path, copy)
        os.chmod(copy, 0o644)
        read = "pg_read_file('%s')" % copy
        source = ("SELECT l FROM regexp_split_to_table(rtrim(%s, E'\\n'), E'\\n') l WHERE l <> ''" % read
                  if lines else "SELECT %s" % read)
        p = self.psql("DROP TABLE IF EXISTS input; CREATE TABLE input (v text);"
                      " ALTER TABLE input ALTER v SET STORAGE EXTERNAL; INSERT INTO input %s;" % source)
        if p.returncode != 0:
            raise RuntimeError("postgres: loading the input failed: " + p.stderr[-300:])
        # A fresh backend: its peak RSS before and after the query alone.
        p = self.psql("SELECT pg_backend_pid() AS pid \\gset\n\\setenv PID :pid\n"
                      "\\! grep VmHWM /proc/$PID/status; cat /proc/$PID/schedstat\n"
                      "DO $$DECLARE t0 timestamptz := clock_timestamp(); BEGIN"
                      " PERFORM length(%s) FROM input;"
                      " RAISE NOTICE 'scaling-seconds %%', extract(epoch FROM clock_timestamp() - t0);"
                      " EXCEPTION WHEN others THEN"
                      " RAISE NOTICE 'scaling-seconds %%', extract(epoch FROM clock_timestamp() - t0); END$$;\n"
                      "\\! grep VmHWM /proc/$PID/status; cat /proc/$PID/schedstat\n" % expression)
        peaks = [int(x) * 1024 for x in re.findall(r"VmHWM:\s*(\d+) kB", p.stdout)]
        seconds = re.findall(r"scaling-seconds ([0-9.e-]+)", p.stderr)
        if p.returncode != 0 or len(peaks) != 2 or not seconds:
            raise RuntimeError("postgres: measuring %s failed: %s %s" % (expression, p.stdout[-300:], p.stderr[-300:]))
        # schedstat's first field: nanoseconds the backend ran on a CPU.
        cpu = [int(x) for x in re.findall(r"^(\d+) \d+ \d+$", p.stdout, re.M)]
        if len(cpu) == 2:
            return (cpu[1] - cpu[0]) / 1e9, peaks[1] - peaks[0]
        return float(seconds[0]), peaks[1] - peaks[0]

    def stop(self):
        if self.dir:
            subprocess.run(self.as_server + [self.pg_ctl, "-D", os.path.join(self.dir, "data"), "-m", "immediate",
                                             "-w", "stop"], capture_output=True)
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None


class Runner:
    def __init__(self, args, directory):
        self.cli = args.cli
        self.c_driver = args.c_driver
        self.idn2 = args.idn2
        self.idn2_libdir = args.idn2_libdir
        self.idn2_driver = args.idn2_driver
        self.pythonpath = args.pythonpath
        self.js_module = args.js_module
        self.duckdb_dir = args.duckdb_dir
        self.node = args.node
        self.python = args.python
        self.directory = directory
        self.brands = os.path.join(directory, "brands.txt")
        with open(self.brands, "w") as f:
            f.write("".join(b + "\n" for b in BRANDS))
        self.postgres = PostgresServer(args.build, args.pg_config)
        self.checked = {}
        self.why = {}

    def available(self, surface):
        if surface not in self.checked:
            self.checked[surface] = self._available(surface)
        return self.checked[surface]

    def _available(self, surface):
        if surface == "cli":
            self.why[surface] = "no %s" % self.cli
            return os.access(self.cli, os.X_OK)
        if surface == "c":
            self.why[surface] = "no %s (cmake target puny_scaling_c)" % self.c_driver
            return os.access(self.c_driver, os.X_OK)
        if surface == "idn2":
            self.why[surface] = ("no %s, no %s/libidn2.so.0 or no %s (cmake targets puny_idn2, puny_scaling_idn2)"
                                 % (self.idn2, self.idn2_libdir, self.idn2_driver))
            return (os.access(self.idn2, os.X_OK) and os.path.exists(os.path.join(self.idn2_libdir, "libidn2.so.0"))
                    and os.access(self.idn2_driver, os.X_OK))
        if surface == "python":
            self.why[surface] = "import puny failed with PYTHONPATH %r (cmake target puny_scale_python)" % self.pythonpath
            head = PY_CHILD.split("s = open")[0].format(paths=[self.pythonpath])
            return subprocess.run([self.python, "-c", head + "import puny.idna, puny.email\n"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        if surface == "js":
            self.why[surface] = "no %s (surfaces/js/build.sh)" % self.js_module
            return bool(self.js_module) and os.path.exists(self.js_module)
        if surface == "duckdb":
            self.why[surface] = "no %s/puny.duckdb_extension (surfaces/duckdb/build.sh)" % self.duckdb_dir
            return os.path.exists(os.path.join(self.duckdb_dir, "puny.duckdb_extension"))
        if surface == "postgres":
            ok = self.postgres.start()
            self.why[surface] = self.postgres.problem
            return ok
        self.why[surface] = "unknown surface"
        return False

    def measure(self, row, path):
        """(seconds, peak bytes) for one run on the input in `path`; CLI, C
        and idn2 rows count the whole process (the caller subtracts the
        empty run), the others the call alone."""
        surface, _, kind, runner = row[:4]
        lines = row[6] not in WHOLE_SHAPES
        if kind in ("stdin", "arg"):
            text = open(path, encoding="utf-8").read()
            argv = [a.replace("{cli}", self.cli).replace("{brands}", self.brands) for a in runner]
            argv = [text if a == "{arg}" else a for a in argv]
            seconds, peak, _ = run_measured(argv, path if kind == "stdin" else None)
            return seconds, peak
        if kind == "c":
            seconds, peak, _ = run_measured([self.c_driver, runner, "lines" if lines else "whole", path])
            return seconds, peak
        if kind == "idn2":
            env = dict(os.environ, LD_LIBRARY_PATH=self.idn2_libdir)
            seconds, peak, _ = run_measured([self.idn2] + runner, path, env)
            return seconds, peak
        if kind == "idn2c":
            seconds, peak, _ = run_measured([self.idn2_driver, runner, "lines" if lines else "whole", path])
            return seconds, peak
        if kind == "pg":
            return self.postgres.measure(runner, path, lines)
        if kind == "py":
            code = PY_CHILD.format(paths=[self.pythonpath], file=path, call=runner, setup=py_setup(runner))
            _, peak, out = run_measured([self.python, "-c", code])
        elif kind == "duckdb":
            code = DUCKDB_CHILD.format(dir=self.duckdb_dir, file=path, call=runner,
                                       lines="true" if lines else "false")
            _, peak, out = run_measured([self.node, "-e", code])
        else:
            code = JS_CHILD.format(module=self.js_module, file=path, call=runner,
                                   setup=js_setup(runner, self.js_module))
            _, peak, out = run_measured([self.node, "-e", code])
        try:
            return float(out.decode().strip().splitlines()[-1]), peak
        except (ValueError, IndexError):
            raise RuntimeError("%s %s printed no time (it failed; run its snippet by hand): %r"
                               % (surface, row[1], out[-300:]))


def scaled_to(sizes, cap):
    """The sizes of a capped row: the same ratios, ending at the cap."""
    factor = sizes[-1] / cap
    return [s for s in (int(x / factor) for x in sizes) if s >= 1024 or len(sizes) <= 2]


def make_input(directory, shape, unit, size):
    path = os.path.join(directory, "%s-%s-%d.txt" % (shape, unit, size))
    if not os.path.exists(path):
        text, tail, head = (SHAPES[shape][unit] + ("",))[:3]
        with open(path, "w", encoding="utf-8") as f:
            if "{}" not in text:
                f.write(head + text * max(1, size // len(text.encode("utf-8"))) + tail)
            else:
                written, i = 0, 0
                while True:
                    line = text.replace("{}", str(i))
                    written += len(line.encode("utf-8"))
                    if written > size and i > 0:
                        break
                    f.write(line)
                    i += 1
    return path


def sweep(runner, rows, sizes, units, max_ratio, time_floor, directory, optional=()):
    """Measures every row; returns table rows and failures.  A row whose
    surface is not built is a failure unless its surface is in `optional`;
    either way it says so on standard error and in the table."""
    table, failures = [], []
    for row in rows:
        surface, name, kind, _, multiple, cap, shape = row[:7]
        if not runner.available(surface):
            why = runner.why.get(surface, "")
            print("NOT BUILT: %s %s: %s" % (surface, name, why), file=sys.stderr)
            table.append((surface, name, "-", "**not built**", "", "", ""))
            if surface not in optional:
                failures.append("%s %s: not built (%s)" % (surface, name, why))
            continue
        try:
            table += measure_row(runner, row, sizes, units, max_ratio, time_floor, directory, failures)
        except RuntimeError as e:
            failures.append(str(e))
            table.append((surface, name, "-", "**failed**", "", "", ""))
        print("measured: %s %s" % (surface, name), file=sys.stderr, flush=True)
    return table, failures


# How many more times a doubling above the limit is measured (measure_row).
RETRIES = 2


def measure_row(runner, row, sizes, units, max_ratio, time_floor, directory, failures):
    surface, name, kind, _, multiple, cap, shape = row[:7]
    table = []
    # The empty run, once a row (the same for every unit).
    base_path = os.path.join(directory, "empty.txt")
    open(base_path, "w").close()
    base_seconds, base_peak = runner.measure(row, base_path)
    if True:
        # An adversarial shape's units are its own variants.
        for unit in [u for u in units if u in SHAPES[shape]] or list(SHAPES[shape]):
            paths = []
            points = []

            def measure_point(path):
                seconds, peak = runner.measure(row, path)
                if kind in ("stdin", "arg", "c", "idn2", "idn2c"):
                    seconds = max(0.0, seconds - base_seconds)
                return seconds, max(0, peak - base_peak)

            for size in sizes if not cap or cap >= sizes[-1] else scaled_to(sizes, cap):
                path = make_input(directory, shape, unit, size)
                real = os.path.getsize(path)
                seconds, extra = measure_point(path)
                paths.append(path)
                points.append([real, seconds, extra])
                if extra > multiple * real + MEMORY_CONSTANT:
                    failures.append("%s %s (%s, %d bytes): peak memory %d bytes above %d x input + %d"
                                    % (surface, name, unit, real, extra, multiple, MEMORY_CONSTANT))

            def ratio(i):
                (n1, t1, _), (n2, t2, _) = points[i], points[i + 1]
                # Per doubling.  Below the floor timer noise dominates: the
                # larger size is then held to what a row at the floor may
                # take (so a fast row cannot hide a steep one).
                if t1 < time_floor:
                    return None if t2 < time_floor * max_ratio * (n2 / n1) / 2 else (t2 / time_floor) / (n2 / n1) * 2
                return (t2 / t1) / (n2 / n1) * 2

            # A doubling above the limit is measured again: both sizes
            # RETRIES more times, each keeping its least CPU time.  One run
            # on this shared machine is sometimes slowed by another process;
            # a superlinear path is slow every time, so it still fails.
            for i in range(len(points) - 1):
                r = ratio(i)
                if r is None or r <= max_ratio:
                    continue
                for _ in range(RETRIES):
                    for k in (i, i + 1):
                        seconds, _ = measure_point(paths[k])
                        points[k][1] = min(points[k][1], seconds)
            ratios = []
            for i in range(len(points) - 1):
                r = ratio(i)
                if r is None:
                    continue
                ratios.append(r)
                if r > max_ratio:
                    failures.append("%s %s (%s): time x%.2f per doubling from %d to %d bytes (limit %.2f)"
                                    % (surface, name, unit, r, points[i][0], points[i + 1][0], max_ratio))
            largest = points[-1] if points else (0, 0, 0)
            table.append((surface, name, unit + ("" if shape == "name" else " " + shape),
                          "%s" % human(largest[0]),
                          "%.3f s" % largest[1],
                          "%.2f" % max(ratios) if ratios else "n/a (below %.0f ms)" % (time_floor * 1000),
                          "%.0f (limit %d)" % (largest[2] / max(1, largest[0]), multiple)))
    return table


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


def check_issue_rows(runner, surfaces, directory):
    """Issue 57's calls at 32,000 units: each under 50 ms of CPU time (the
    least of three runs, the empty run's time taken off for processes)."""
    drivers = {(d[0], d[1]): d for d in adversarial.DRIVERS}
    lines = ["| surface | call | input | CPU time at %s units |" % format(adversarial.ISSUE_UNITS, ","),
             "|---|---|---|---|"]
    failures = []
    for surface, name, group, variant in adversarial.ISSUE_ROWS:
        if surface not in surfaces or not runner.available(surface):
            continue
        d = drivers[(surface, name)]
        row = (surface, name, d[2], d[3], d[4], d[5], adversarial.shape_key(group, "whole"))
        path = os.path.join(directory, "issue-%s-%s.txt" % (group, len(lines)))
        with open(path, "w", encoding="utf-8") as f:
            f.write(adversarial.issue_input(group, variant))
        empty = os.path.join(directory, "empty.txt")
        open(empty, "w").close()
        base = min(runner.measure(row, empty)[0] for _ in range(3))
        seconds = min(runner.measure(row, path)[0] for _ in range(3))
        if d[2] in ("stdin", "arg", "c", "idn2", "idn2c"):
            seconds = max(0.0, seconds - base)
        lines.append("| %s | %s | %s x %s | %.3f s |" % (surface, name, variant, format(adversarial.ISSUE_UNITS, ","),
                                                          seconds))
        if seconds > adversarial.ISSUE_LIMIT_SECONDS:
            failures.append("%s %s (%s x %d): %.3f s, limit %.3f s" % (surface, name, variant, adversarial.ISSUE_UNITS,
                                                                       seconds, adversarial.ISSUE_LIMIT_SECONDS))
    return "\n".join(lines), failures


def write_docs(path, text, table="scaling-table"):
    doc = open(path, encoding="utf-8").read()
    begin, end = "<!-- %s:begin -->" % table, "<!-- %s:end -->" % table
    if begin not in doc:
        raise SystemExit("%s has no %s marker" % (path, begin))
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    open(path, "w", encoding="utf-8").write(head + begin + "\n" + text + "\n" + end + tail)


ALL_SURFACES = "cli,c,idn2,python,js,postgres,duckdb"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    build = os.path.join(ROOT, "build")
    ap.add_argument("--build", default=build, help="the CMake build directory (libpuny.a for PostgreSQL)")
    ap.add_argument("--cli", default=os.path.join(build, "cli", "puny"))
    ap.add_argument("--c-driver", default=os.path.join(build, "tests", "puny_scaling_c"))
    ap.add_argument("--idn2", default="/usr/bin/idn2", help="Debian's idn2 program (package idn2)")
    ap.add_argument("--idn2-libdir", default=os.path.join(build, "idn2", "lib"))
    ap.add_argument("--idn2-driver", default=os.path.join(build, "tests", "puny_scaling_idn2"))
    ap.add_argument("--pythonpath", default=os.environ.get("PUNY_PYTHONPATH",
                                                           os.path.join(build, "tests", "scale", "python")))
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--js-module", default=os.path.join(build, "wasm", "package", "dist", "display.mjs"))
    ap.add_argument("--duckdb-dir", default=os.path.join(build, "duckdb"))
    ap.add_argument("--pg-config", default="/usr/lib/postgresql/15/bin/pg_config")
    ap.add_argument("--node", default="node")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--adversarial", action="store_true",
                    help="every rule's worst case through every driver (adversarial.py)")
    ap.add_argument("--min", type=int, default=1 << 10)
    ap.add_argument("--max", type=int, default=8 << 20)
    ap.add_argument("--surfaces", default=ALL_SURFACES)
    ap.add_argument("--rows", help="only the rows whose entry point name contains this text")
    ap.add_argument("--optional", default="",
                    help="surfaces that may be missing (reported as NOT BUILT, not failed)")
    ap.add_argument("--sizes", help="input sizes in bytes for --quick / --adversarial, comma-separated "
                                    "(e.g. 16384,65536 against an old, quadratic build)")
    ap.add_argument("--write-docs")
    args = ap.parse_args()
    surfaces = args.surfaces.split(",")
    # The adversarial rows: their quick subset with --quick (its variants
    # only), all of them with --adversarial (instead of ENTRY_POINTS).
    SHAPES.update(adversarial.shapes(quick=args.quick))
    global WHOLE_SHAPES
    WHOLE_SHAPES = WHOLE_SHAPES + adversarial.WHOLE_SHAPES
    inventory = (adversarial.rows() if args.adversarial else
                 ENTRY_POINTS + (adversarial.rows() if args.quick else []))
    rows = [r for r in inventory if r[0] in surfaces and (not args.rows or args.rows in r[1])]
    rows.sort(key=lambda r: surfaces.index(r[0]))
    optional = set(args.optional.split(",")) - {""}
    sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else None
    with tempfile.TemporaryDirectory() as directory:
        runner = Runner(args, directory)
        try:
            if args.quick:
                # Two sizes four times apart: a linear entry point takes ~4x
                # the time, a quadratic one 16x; < 8x leaves room for noise.
                # The rows marked "quick" only.
                rows = [r for r in rows if len(r) > 7 and r[7] == "quick"]
                table, failures = sweep(runner, rows, sizes or [256 << 10, 1 << 20], ["latin"], 4.0, 0.01,
                                        directory, optional)
                failures += check_limits(runner, surfaces)
            elif args.adversarial:
                # Two sizes four times apart, as --quick, but held to 2.3
                # per doubling (x4.6 in time for the step), each row over its
                # shape group's variants.
                table, failures = sweep(runner, rows, sizes or [256 << 10, 1 << 20], ["-"], 2.3, 0.02, directory,
                                        optional)
                issue_table, issue_failures = check_issue_rows(runner, surfaces, directory)
                failures += issue_failures
            else:
                sizes, s = [], args.min
                while s <= args.max:
                    sizes.append(s)
                    s *= 2
                table, failures = sweep(runner, rows, sizes, ["ascii", "latin"], 2.3, 0.02, directory,
                                        optional)
        finally:
            runner.postgres.stop()
        text = markdown(table, None, 2.3)
        if args.adversarial:
            # Every row on standard output; the docs get it folded per class.
            print(text)
            text = adversarial.summary(table) + "\n\n" + issue_table
        print(text)
        if args.write_docs:
            write_docs(args.write_docs, text, "adversarial-table" if args.adversarial else "scaling-table")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
