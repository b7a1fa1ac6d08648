#!/usr/bin/env python3
"""puny(1) and the bash/zsh completions know every command and option
that --help lists.

Run by ctest (cli.ManPageAndCompletions; surfaces/cli/tests/CMakeLists.txt), or by hand:

    PUNY_BIN=build/cli/puny python3 surfaces/cli/tests/test_manpage_completions.py -v

The shared setup (binary, environment, runner) is in cli_case.py.
"""

import os
import re
import subprocess
import unittest

from cli_case import (
    REPO,
    Base,
    help_profiles,
    long_options,
    COMMANDS,
    display_profiles,
    require_binary)


class ManPageAndCompletions(Base):
    """puny(1) renders with man -l and, like the completions, knows every
    command and option that --help lists."""

    MAN = os.path.join(REPO, "surfaces", "cli", "puny.1")
    BASH = os.path.join(REPO, "surfaces", "cli", "completions", "puny.bash")
    ZSH = os.path.join(REPO, "surfaces", "cli", "completions", "_puny")

    def test_man_page_renders_and_is_complete(self):
        env = dict(os.environ, MANPAGER="cat", PAGER="cat", MANWIDTH="100", LANG="C.UTF-8")
        proc = subprocess.run(["man", "-l", self.MAN], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        text = re.sub(".\b", "", proc.stdout.decode("utf-8", "replace"))
        # man may hyphenate at line ends: join those before searching.
        text = re.sub(r"[\u2010-]\n\s*", "-", text)
        for section in ("NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS", "EXAMPLES"):
            self.assertIn(section, text)
        for command in ("encode", "decode", "to-ascii", "to-unicode", "explain"):
            self.assertIn(command, text)
        for command in COMMANDS:
            for option in long_options(command):
                self.assertIn(option, text, (command, option))
        for status in ("0", "1", "2", "3"):
            self.assertRegex(text, r"\n\s+%s\s+\S" % status)
        lint = subprocess.run(["groff", "-man", "-ww", "-z", self.MAN], stderr=subprocess.PIPE,
                              timeout=60)
        self.assertEqual(lint.stderr, b"")

    def bash_complete(self, words):
        script = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1));'
                  ' _puny; printf "%s\\n" "${COMPREPLY[@]}"')
        proc = subprocess.run(["bash", "-c", script, "bash", self.BASH] + words,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.stderr, b"")
        return proc.stdout.decode().split()

    def test_bash_completion(self):
        self.assertEqual(self.bash_complete(["puny", "to-a"]), ["to-ascii"])
        self.assertEqual(sorted(self.bash_complete(["puny", "to-ascii", "--preset", "u"])),
                         ["url", "url-strict", "uts46", "uts46-raw", "uts46-strict"])
        # Every profile `puny --help` lists (from the --preset table) is offered.
        offered = self.bash_complete(["puny", "to-ascii", "--preset", ""])
        self.assertEqual(sorted(offered), sorted(help_profiles()))
        for command in COMMANDS:
            offered = self.bash_complete(["puny"] + command + ["--"])
            for option in long_options(command):
                self.assertIn(option, offered, (command, option))

    def test_display_profile_completion(self):
        profiles = display_profiles()
        self.assertIn("chromium", profiles)
        self.assertIn("ascii-only", profiles)
        offered = self.bash_complete(["puny", "display", "--profile", ""])
        self.assertEqual(sorted(offered), sorted(profiles))
        with open(self.ZSH, encoding="utf-8") as f:
            lists = re.findall(r":profile:\(([^)]*)\)", f.read())
        self.assertEqual(len(lists), 3, "display --profile, email --display, hunt --profile")
        for zsh in lists:
            self.assertEqual(sorted(zsh.split()), sorted(profiles))
        for command in (["email", "a@b.c", "--display"], ["hunt", "--profile"]):
            offered = self.bash_complete(["puny"] + command + [""])
            self.assertEqual(sorted(offered), sorted(profiles), command)

    def test_zsh_completion(self):
        proc = subprocess.run(["zsh", "-n", self.ZSH], stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(self.ZSH, encoding="utf-8") as f:
            text = f.read()
        for command in COMMANDS:
            for option in long_options(command):
                self.assertIn(option + "[", text, (command, option))
        presets = re.search(r":preset:\(([^)]*)\)", text).group(1).split()
        self.assertEqual(sorted(presets), sorted(help_profiles()))


if __name__ == "__main__":
    require_binary()
    unittest.main()
