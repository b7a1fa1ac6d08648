"""puny(1) read as a page (issue 52): every command on its own SYNOPSIS line
and in its own COMMANDS entry, hunt's options described, the presets,
display profiles and hunt rules of the core's registries (PUNY_VOCABULARY)
named, and no warning from groff -ww or man --warnings.

    PUNY_BIN=build/cli/puny PUNY_VOCABULARY=build/vocabulary.json \\
        python3 surfaces/cli/tests/test_manpage.py -v
"""

import json
import os
import re
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PUNY = os.environ.get("PUNY_BIN", os.path.join(REPO, "build", "cli", "puny"))
MAN = os.path.join(REPO, "surfaces", "cli", "puny.1")
COMMANDS = ["encode", "decode", "to-ascii", "to-unicode", "explain", "display", "skeleton",
            "email", "hunt"]


def rendered():
    env = dict(os.environ, MANPAGER="cat", PAGER="cat", MANWIDTH="200", LANG="C.UTF-8")
    proc = subprocess.run(["man", "--warnings", "-l", MAN], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env, timeout=60)
    text = re.sub(".\b", "", proc.stdout.decode("utf-8", "replace"))
    return proc, re.sub(r"[\u2010-]\n\s*", "-", text)


def section(text, name):
    match = re.search(r"^%s\n(.*?)(?=^[A-Z][A-Z ]+\n)" % re.escape(name), text, re.S | re.M)
    if match is None:
        raise AssertionError("puny(1) has no section %s" % name)
    return match.group(1)


class ManPage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        vocabulary = os.environ.get("PUNY_VOCABULARY")
        if not vocabulary or not os.path.exists(vocabulary):
            raise AssertionError("PUNY_VOCABULARY must name the core's vocabulary.json (build it)")
        with open(vocabulary, encoding="utf-8") as f:
            cls.vocabulary = json.load(f)
        cls.proc, cls.text = rendered()

    def test_no_warnings(self):
        self.assertEqual(self.proc.returncode, 0, self.proc.stderr)
        self.assertEqual(self.proc.stderr, b"")
        lint = subprocess.run(["groff", "-man", "-ww", "-z", MAN], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=60)
        self.assertEqual((lint.returncode, lint.stderr), (0, b""))

    def test_synopsis_gives_each_command_its_line(self):
        lines = [l.strip() for l in section(self.text, "SYNOPSIS").splitlines() if l.strip()]
        starts = [l.split()[1] for l in lines if l.startswith("puny ")]
        for command in COMMANDS:
            self.assertEqual(starts.count(command), 1, (command, lines))
        for line in lines:
            # A command never runs into the next one ("... [ADDRESS...] puny hunt").
            self.assertNotRegex(line, r"\S\s+puny\s", line)

    def test_commands_gives_each_command_its_entry(self):
        body = section(self.text, "COMMANDS")
        tags = re.findall(r"^ {7}(\S+)", body, re.M)
        for command in COMMANDS:
            self.assertIn(command, tags, "%s has no entry of its own in COMMANDS" % command)
        self.assertNotRegex(body, r"\.\s+hunt Which")

    def test_hunt_options_are_described(self):
        body = section(self.text, "HUNT OPTIONS")
        help_text = subprocess.run([PUNY, "hunt", "--help"], stdout=subprocess.PIPE,
                                   timeout=60).stdout.decode()
        own = {"--brands", "--rules", "--min-score", "--profile", "--psl", "--no-psl"}
        self.assertTrue(own <= set(re.findall(r"--[a-z][a-z-]*", help_text)), help_text)
        for option in own:
            self.assertIn(option, body)
        for rule in self.vocabulary["hunt_rules"]:
            self.assertIn(rule["name"], body)
        self.assertIn("0 to 100", body)

    def test_every_preset_is_listed(self):
        body = section(self.text, "IDNA OPTIONS")
        preset = body[body.index("--preset"):body.index("--transitional")]
        for p in self.vocabulary["presets"]:
            self.assertRegex(preset, r"\b%s\b" % re.escape(p["name"]), p["name"])
        for a in self.vocabulary["aliases"]:
            self.assertIn(a["alias"], preset)

    def test_every_display_profile_is_listed(self):
        # DISPLAY OPTIONS' --profile entry names the core's profiles, no other.
        body = section(self.text, "DISPLAY OPTIONS")
        entry = body[body.index("--profile"):body.index("--top-domains")]
        named = re.findall(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*\b", entry.split("policy:", 1)[1].split(".")[0])
        named = [n for n in named if n != "default"]
        self.assertEqual(sorted(named), sorted(self.vocabulary["display_profiles"]), entry)


if __name__ == "__main__":
    unittest.main()
