// puny: command-line front end to the puny library.
//
//   puny encode|decode [--mixed-case] [--json] [TEXT...]
//   puny to-ascii|to-unicode [--preset P] [flags] [--json] [DOMAIN...]
//
// Subcommands live in their own files and register themselves below; the
// line-by-line machinery (stdin, buffering, messages, JSON, exit status) is in
// line_driver.cpp and the files it names.
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <vector>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "puny/unicode.hpp"
#include "puny/version.hpp"


namespace {

const char* const general_help =
    "Conventions shared by every command:\n"
    "  Input   Each TEXT/DOMAIN argument is one input, byte for byte (\"[a,b]\" and\n"
    "          \"[::1]\" too); an argument \"-\" stands for the lines of standard input.\n"
    "          Without arguments each line of standard input is one input; --input FILE\n"
    "          reads the lines of FILE instead. Lines are taken verbatim: only the line\n"
    "          break (\\n or \\r\\n) is removed, spaces are data; a UTF-8 byte order mark\n"
    "          at the start of the stream is skipped. Input is UTF-8 whatever the locale\n"
    "          (LANG/LC_* are ignored). If an input starts with '-', put -- before the\n"
    "          first input.\n"
    "  Hosts   to-ascii, to-unicode and explain are host-name safe by default: the URL\n"
    "          Standard's forbidden domain code points (space, controls, # % / : < > ?\n"
    "          @ [ \\ ] ^ |) are errors (forbidden_domain_code_point), so a URL or an\n"
    "          e-mail address fails instead of \"converting\". --raw gives plain UTS #46.\n"
    "          --email, --url and --field N convert one part of each line and keep the\n"
    "          rest byte for byte. For lists of real host names use --preset url.\n"
    "  Output  One line per input, in order. A failed input prints an empty line, so\n"
    "          output line N always belongs to input N. Every input is processed even\n"
    "          after a failure. Output is block-buffered unless --line-buffered\n"
    "          is given or standard output is a terminal.\n"
    "  Errors  On standard error, one per failed input (none with --quiet):\n"
    "            puny: line 3: invalid_digit (P4) at byte 2 (U+0021) in \"ab!c\"\n"
    "            puny: line 1: disallowed (V7) at byte 1 (label 0, U+2028) in \"a\\u2028b.de\"\n"
    "          (\"argument N\" instead of \"line N\" for command-line inputs; byte offsets\n"
    "          count from 0 in the input; the UTS #46 code is in parentheses).\n"
    "  --json  One JSON object per input line, keys in this order:\n"
    "            line         1-based number of the input (line of standard input or\n"
    "                         FILE, or argument number)\n"
    "            input        the input (ill-formed UTF-8 shown as U+FFFD)\n"
    "            output       the result, null on failure\n"
    "            best_effort  to-ascii/to-unicode only: the output on success; on error\n"
    "                         the UTS #46 result, null where the preset has none\n"
    "                         (idna2008, idna2008-lookup)\n"
    "            errors       list of error names: errc names (\"invalid_digit\") for\n"
    "                         encode/decode; UTS #46 codes (\"P4\", \"V7\", \"B1\") for\n"
    "                         to-ascii/to-unicode, each once, or the errc name when there\n"
    "                         is no UTS #46 code (\"invalid_utf8\"); [] on success\n"
    "            label        to-ascii/to-unicode only: label index of the first error\n"
    "            offset       byte offset of the first error, null on success\n"
    "            details      every error: {error, code, offset, label, code_point}\n"
    "                         (label only for to-ascii/to-unicode; code is the UTS #46\n"
    "                         code, P4 for every Punycode error, or null)\n"
    "            validation_errors  --preset url only: the URL Standard's non-fatal\n"
    "                         validation errors (to-ascii: its strict ToASCII run;\n"
    "                         to-unicode: ToUnicode's errors, the input being the\n"
    "                         output), same shape as details; they do not change the\n"
    "                         output or the exit status\n"
    "  Exit    0 every input succeeded, 1 some input failed (or the input could not\n"
    "          be read), 2 usage error (unknown command or option), 3 standard output\n"
    "          could not be written (disk full, closed pipe...).\n"
    "\n"
    "Examples:\n"
    "  puny encode 3\u5e74B\u7d44\u91d1\u516b\u5148\u751f             -> 3B-ww4c5e180e575a65lsy2b\n"
    "  puny decode bcher-kva                  -> b\u00fccher\n"
    "  puny to-ascii b\u00fccher.de                -> xn--bcher-kva.de\n"
    "  puny to-ascii --transitional fa\u00df.de    -> fass.de\n"
    "  puny to-unicode xn--bcher-kva.de       -> b\u00fccher.de\n"
    "  puny to-ascii --json < domains.txt > results.jsonl\n"
    "  puny to-ascii --preset url --input crawl.txt      (real-world host names)\n"
    "  puny to-ascii --email 'user@b\u00fccher.de'       -> user@xn--bcher-kva.de\n"
    "  puny to-ascii --url 'https://b\u00fccher.de/p?q'   -> https://xn--bcher-kva.de/p?q\n"
    "  puny to-unicode --field 2 < hosts.csv\n"
    "Run 'puny COMMAND --help' for a command's options.";

}  // namespace

namespace {

// Standard output could not be written: exit 3, as --help promises, also
// for `| head -1` (SIGPIPE is ignored, so a closed pipe is a failed write).
int output_status(int status) {
  if (status == puny::cli::exit_write) return status;  // run_lines said so already
  const int error = errno;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout) && std::cout.good()) return status;
  std::fprintf(stderr, "puny: error writing standard output: %s\n",
               std::strerror(std::ferror(stdout) && error != 0 ? error : EPIPE));
  return puny::cli::exit_write;
}

// "--brand": the options of the command named on the command line whose
// names are closest (a prefix, or one or two letters off), for the message
// (issue 52: hunt --brand said only that --brands was required).
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The first "--word" argument (before "--") that `sub` does not know, with
// the options it might have meant; false when every option is known.
bool unknown_option(const CLI::App& sub, int argc, char** argv, int first, std::string& typed,
                    std::vector<std::string>& close) {
  std::vector<std::string> known;
  for (const CLI::Option* o : sub.get_options())
    for (const std::string& n : o->get_lnames()) known.push_back(n);
  for (int i = first; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") return false;
    if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) continue;
    const std::string name = arg.substr(2, arg.find('=') == std::string::npos ? std::string::npos
                                                                              : arg.find('=') - 2);
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    typed = "--" + name;
    for (const std::string& k : known)
      if (k.compare(0, name.size(), name) == 0 || edit_distance(name, k) <= 2) close.push_back("--" + k);
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace puny::cli;
#if !defined(_WIN32)
  std::signal(SIGPIPE, SIG_IGN);
#endif

  CLI::App app{"puny: Punycode (RFC 3492) and IDNA (UTS #46, Unicode " +
                   std::string(puny::unicode::unicode_version) + ") conversions",
               "puny"};
  app.set_version_flag("-V,--version", "puny " + std::string(puny::version().string) +
                                           " (Unicode " +
                                           std::string(puny::version().unicode) + ")");
  app.require_subcommand(1);
  // The profiles come from the --preset table, the version from the
  // generated tables: neither is typed here.
  std::string profiles = "IDNA profiles (Unicode " + std::string(puny::unicode::unicode_version) +
                         " tables; --preset of to-ascii and to-unicode, described in\n"
                         "'puny to-ascii --help'):\n ";
  for (const puny::preset& p : puny::presets()) profiles += " " + std::string(p.name);
  app.footer(profiles + "\n\n" + general_help);

  // Subcommands, in the order --help lists them.  A new command (the planned
  // `explain`) adds a file defining add_<name>_command(app, selected) and one
  // call here.
  action selected;
  add_punycode_commands(app, selected);
  add_idna_commands(app, selected);
  add_explain_command(app, selected);
  add_display_commands(app, selected);
  add_email_command(app, selected);
  add_hunt_command(app, selected);

  // An unknown command is named as such, with the valid ones (CLI11 would
  // only say that the arguments were not expected).
  const std::vector<const CLI::App*> commands =
      static_cast<const CLI::App&>(app).get_subcommands([](const CLI::App*) { return true; });
  const bool known = argc > 1 && std::any_of(commands.begin(), commands.end(),
                                             [&](const CLI::App* c) { return c->check_name(argv[1]); });
  if (argc > 1 && argv[1][0] != '-' && !known) {
    std::string valid;
    for (const CLI::App* sub : commands) {
      if (!valid.empty()) valid += ", ";
      valid += sub->get_name();
    }
    std::fprintf(stderr, "puny: unknown command '%s'; valid commands: %s\n"
                 "Run 'puny --help' for usage.\n", argv[1], valid.c_str());
    return exit_usage;
  }
  if (known) {
    // The command (or explain's sub-command) the arguments are for.
    const CLI::App* sub = app.get_subcommand(argv[1]);
    int first = 2;
    if (argc > 2 && argv[2][0] != '-')
      for (const CLI::App* inner : sub->get_subcommands([](const CLI::App*) { return true; }))
        if (inner->check_name(argv[2])) {
          sub = inner;
          first = 3;
        }
    std::string typed;
    std::vector<std::string> close;
    if (unknown_option(*sub, argc, argv, first, typed, close)) {
      std::string hint;
      for (const std::string& c : close) hint += (hint.empty() ? "; did you mean " : " or ") + c;
      std::fprintf(stderr, "puny %s: unknown option %s%s%s\nRun 'puny %s --help' for its options.\n",
                   sub->get_name().c_str(), typed.c_str(), hint.c_str(), hint.empty() ? "" : "?",
                   first == 3 ? (std::string(argv[1]) + " " + argv[2]).c_str() : argv[1]);
      return exit_usage;
    }
  }
  try {
    std::vector<char*> args = protect_arguments(argc, argv);
    app.parse(argc, args.data());
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0 (printed on stdout); anything else is a
    // usage error, described on stderr.
    const int code = app.exit(e);
    return code == 0 ? output_status(exit_ok) : exit_usage;
  }
  if (!selected) return exit_usage;
  try {
    return output_status(selected());
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "puny: %s\n", e.what());
    return exit_failed;
  }
}
