#!/usr/bin/env python3
"""ctest c_api.hunt_findings_cli: the C API's verdict profile and findings
(puny_hunt_result_profile, _finding; issue 53) equal `puny hunt --json`'s
verdict on the same 20 names, under two profiles.

    hunt_findings_vs_cli.py PUNY_HUNT_FINDINGS_TEST PUNY_CLI

The test program's --dump mode prints, per name that matches, its profile
and findings in the CLI's form (code points as "U+XXXX"); both read the same
brand file without a Public Suffix List.
"""
import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def _cross_surface(name):
    """A file of tests/hunt/data: its lines but blank and '#' ones."""
    with open(os.path.join(REPO, "tests", "hunt", "data", name), encoding="utf-8") as f:
        return [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]


# The brands and names every surface's findings are compared on with the
# CLI's (tests/hunt/data/cross_surface_*.txt).
BRANDS = "".join(b + "\n" for b in _cross_surface("cross_surface_brands.txt"))
NAMES = _cross_surface("cross_surface_names.txt")


def run(cmd, text):
    proc = subprocess.run(cmd, input=text.encode("utf-8"), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)
    if proc.returncode != 0:
        sys.exit("hunt_findings_vs_cli: %s exited %d: %s" % (cmd[0], proc.returncode,
                                                             proc.stderr.decode(errors="replace")))
    return [json.loads(l) for l in proc.stdout.decode("utf-8").splitlines()]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: hunt_findings_vs_cli.py PUNY_HUNT_FINDINGS_TEST PUNY_CLI")
    test, cli = sys.argv[1:]
    for program in (test, cli):
        if not os.access(program, os.X_OK):
            sys.exit("hunt_findings_vs_cli: %s is not an executable (build it first)" % program)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        brands = os.path.join(tmp, "brands.txt")
        with open(brands, "w", encoding="utf-8") as f:
            f.write(BRANDS)
        names = "".join(n + "\n" for n in NAMES)
        for profile in ("chromium", "firefox-moderate"):
            from_cli = {o["line"]: {"line": o["line"], "profile": o["verdict"]["profile"],
                                    "findings": o["verdict"]["findings"]}
                        for o in run([cli, "hunt", "--brands", brands, "--no-psl", "--json",
                                      "--min-score", "0", "--profile", profile], names)}
            from_c = {o["line"]: o for o in run([test, "--dump", brands, profile], names)}
            if len(from_cli) < 15 or not any(o["findings"] for o in from_cli.values()):
                print("FAIL: %s: the CLI matched %d names (expected at least 15, some with findings)"
                      % (profile, len(from_cli)))
                failures += 1
            for line in sorted(set(from_cli) | set(from_c)):
                if from_cli.get(line) != from_c.get(line):
                    print("FAIL: %s, %r:\n  CLI:   %s\n  C API: %s" % (profile, NAMES[line - 1],
                                                                    from_cli.get(line), from_c.get(line)))
                    failures += 1
            print("%s: %d names matched, %d findings, compared" % (
                profile, len(from_cli), sum(len(o["findings"]) for o in from_cli.values())))
    if failures:
        sys.exit("hunt_findings_vs_cli: %d differences" % failures)


if __name__ == "__main__":
    main()
