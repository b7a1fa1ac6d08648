// puny: command-line front end to the puny library.
//
//   puny encode|decode [--mixed-case] [--json] [TEXT...]
//   puny to-ascii|to-unicode [--preset P] [flags] [--json] [DOMAIN...]
//
// Subcommands live in their own files and register themselves below; the
// line-by-line machinery (stdin, buffering, messages, JSON, exit status) is in
// line_driver.cpp.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "puny/unicode.hpp"

#ifndef PUNY_VERSION_STRING
#define PUNY_VERSION_STRING "unknown"
#endif

namespace {

const char* const general_help =
    "Conventions shared by every command:\n"
    "  Input   Each TEXT/DOMAIN argument is one input; without arguments each line of\n"
    "          standard input is one input. Lines are taken verbatim: only the line\n"
    "          break (\\n or \\r\\n) is removed, spaces are data. Input is UTF-8 whatever\n"
    "          the locale (LANG/LC_* are ignored). If an input starts with '-', put --\n"
    "          before the first input.\n"
    "  Output  One line per input, in order. A failed input prints an empty line, so\n"
    "          output line N always belongs to input N. Every input is processed even\n"
    "          after a failure. Output is block-buffered unless --line-buffered\n"
    "          is given or standard output is a terminal.\n"
    "  Errors  On standard error, one per failed input (none with --quiet):\n"
    "            puny: line 3: invalid_digit at byte 2 (U+0021) in \"ab!c\"\n"
    "            puny: line 1: disallowed (V7) at byte 1 (label 0, U+2028) in \"a\\u2028b.de\"\n"
    "          (\"argument N\" instead of \"line N\" for command-line inputs; byte offsets\n"
    "          count from 0 in the input; the UTS #46 code is in parentheses).\n"
    "  --json  One JSON object per input line, keys in this order:\n"
    "            input        the input (ill-formed UTF-8 shown as U+FFFD)\n"
    "            output       the result, null on failure\n"
    "            best_effort  to-ascii/to-unicode only: the UTS #46 result even on error\n"
    "            errors       list of error names: errc names (\"invalid_digit\") for\n"
    "                         encode/decode; UTS #46 codes (\"P4\", \"V7\", \"B1\") for\n"
    "                         to-ascii/to-unicode, each once, or the errc name when there\n"
    "                         is no UTS #46 code (\"invalid_utf8\"); [] on success\n"
    "            label        to-ascii/to-unicode only: label index of the first error\n"
    "            offset       byte offset of the first error, null on success\n"
    "            details      every error: {error, code, offset, label, code_point}\n"
    "                         (code and label only for to-ascii/to-unicode)\n"
    "  Exit    0 every input succeeded, 1 some input failed, 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  puny encode 3\u5e74B\u7d44\u91d1\u516b\u5148\u751f             -> 3B-ww4c5e180e575a65lsy2b\n"
    "  puny decode bcher-kva                  -> b\u00fccher\n"
    "  puny to-ascii b\u00fccher.de                -> xn--bcher-kva.de\n"
    "  puny to-ascii --transitional fa\u00df.de    -> fass.de\n"
    "  puny to-unicode xn--bcher-kva.de       -> b\u00fccher.de\n"
    "  puny to-ascii --json < domains.txt > results.jsonl\n"
    "Run 'puny COMMAND --help' for a command's options.";

}  // namespace

int main(int argc, char** argv) {
  using namespace puny::cli;

  CLI::App app{"puny: Punycode (RFC 3492) and IDNA (UTS #46, Unicode " +
                   std::string(puny::unicode::unicode_version) + ") conversions",
               "puny"};
  app.set_version_flag("-V,--version", std::string("puny ") + PUNY_VERSION_STRING +
                                           " (Unicode " +
                                           std::string(puny::unicode::unicode_version) + ")");
  app.require_subcommand(1);
  app.footer(general_help);

  // Subcommands, in the order --help lists them.  A new command (the planned
  // `explain`) adds a file defining add_<name>_command(app, selected) and one
  // call here.
  action selected;
  add_punycode_commands(app, selected);
  add_idna_commands(app, selected);
  add_explain_command(app, selected);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0 (printed on stdout); anything else is a
    // usage error, described on stderr.
    const int code = app.exit(e);
    return code == 0 ? exit_ok : exit_usage;
  }
  if (!selected) return exit_usage;
  try {
    return selected();
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "puny: %s\n", e.what());
    return exit_failed;
  }
}
