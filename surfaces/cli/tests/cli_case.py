"""What the `puny` command-line test files share (test_cli.py,
test_punycode_commands.py, test_idna_commands.py, test_demanding_user.py,
test_big_lists.py, test_manpage_completions.py, test_display_cli.py,
test_email_command.py): the binary and its environment, the RFC 3492
samples, a runner, a test case base and the option lists --help prints.

Environment:
    PUNY_BIN           the puny executable (required)
    PUNY_TESTDATA_DIR  directory holding punycode_tests.json
                       (default: <repo>/../shared/testdata)
    PUNY_UNICODE_VERSION  the Unicode version the tool was built with
                       (default: 18.0.0)
"""

import json
import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", "")
TESTDATA = os.environ.get("PUNY_TESTDATA_DIR",
                          os.path.join(REPO, "..", "shared", "testdata"))
UNICODE_VERSION = os.environ.get("PUNY_UNICODE_VERSION", "18.0.0")

# Environment with a locale that knows nothing about UTF-8: the tool must not
# care (idn2 breaks here).
C_LOCALE = dict(os.environ, LANG="C", LC_ALL="C", LC_CTYPE="C")
C_LOCALE.pop("LANGUAGE", None)

# RFC 3492 section 7.1 samples and the seeds' examples, (unicode, punycode).
VECTORS = [
    ("bücher", "bcher-kva"),
    ("ü", "tda"),
    ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
    ("おはよう", "p8jh5i5d"),
    ("あいうえお", "l8jegik"),
    ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
    ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
    ("-> $1.00 <-", "-> $1.00 <--"),
    ("Bach", "Bach-"),
]


def core_vocabulary():
    """The core's presets, aliases, flags and error names (tests/vocabulary)."""
    path = os.environ.get("PUNY_VOCABULARY")
    if not path or not os.path.exists(path):
        raise AssertionError("PUNY_VOCABULARY does not name the core's vocabulary.json "
                             "(built by the puny_vocabulary target)")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def run(args, stdin=None, env=None, timeout=60):
    """Runs puny; returns (exit status, stdout bytes, stderr text)."""
    if isinstance(stdin, str):
        stdin = stdin.encode("utf-8")
    proc = subprocess.run([PUNY] + list(args), input=stdin if stdin is not None else b"",
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def out_lines(stdout):
    text = stdout.decode("utf-8")
    assert text == "" or text.endswith("\n"), repr(text)
    return text.split("\n")[:-1]


def json_lines(stdout):
    return [json.loads(line) for line in out_lines(stdout)]


class Base(unittest.TestCase):
    def expect(self, args, expected, stdin=None, env=None, status=0):
        code, out, err = run(args, stdin, env)
        self.assertEqual(out_lines(out), expected, msg=err)
        self.assertEqual(code, status, msg=err)
        return err


def help_profiles():
    """The preset names `puny --help` lists under "IDNA profiles"."""
    _, out, _ = run(["--help"])
    lines = out.decode("utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("IDNA profiles"))
    start = next(i for i in range(start, len(lines)) if lines[i].endswith("):"))
    names = []
    for line in lines[start + 1:]:
        if not line.startswith(" "):
            break
        names += line.split()
    assert "idna2008" in names and "url" in names, names
    return names


def long_options(command):
    """Every long option that `puny COMMAND --help` lists."""
    code, out, _ = run(command + ["--help"])
    assert code == 0, command
    found = re.findall(r"^\s+(?:-\w,)?(--[a-z][a-z0-9-]*)", out.decode(), re.M)
    assert "--help" in found, (command, found)
    return sorted(set(found))


COMMANDS = [["encode"], ["decode"], ["to-ascii"], ["to-unicode"], ["explain", "encode"],
            ["explain", "decode"], ["explain", "to-ascii"], ["display"], ["skeleton"], ["email"], ["hunt"]]


def display_profiles():
    """The --profile values `puny display --help` lists (from the library)."""
    _, out, _ = run(["display", "--help"])
    text = out.decode("utf-8")
    return re.findall(r"^\s{2,}([a-z0-9-]+): ", text.split("The display policy:")[1], re.M)


# Runs argv[2:] and writes its peak RSS (kilobytes) to the file argv[1];
# exits with its status.
PEAK_RSS_OF_CHILD = (
    "import resource, subprocess, sys\n"
    "code = subprocess.call(sys.argv[2:])\n"
    "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
    "sys.exit(code)\n")


def require_binary():
    """Stops a test file early when PUNY_BIN names no executable."""
    if not PUNY or not os.path.exists(PUNY):
        sys.exit("PUNY_BIN must name the puny executable")
