// puny CLI: the command line of the line-oriented subcommands: arguments
// kept verbatim from CLI11's list syntax, the options every one of them
// takes (add_io_options), and the --jobs count.
#include <algorithm>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.hpp"

namespace puny::cli {

namespace {

constexpr char token_marker = '\x1B';  // ESC: starts a token, never a useful argument

std::vector<std::string>& protected_arguments() {
  static std::vector<std::string> originals;
  return originals;
}

}  // namespace

std::vector<char*> protect_arguments(int argc, char** argv) {
  static std::vector<std::string> tokens;
  std::vector<std::string>& originals = protected_arguments();
  tokens.reserve(static_cast<std::size_t>(argc));
  std::vector<char*> out;
  for (int i = 0; i < argc; ++i) {
    const char first = argv[i][0];
    if (i > 0 && (first == '[' || first == token_marker)) {
      tokens.push_back(std::string(1, token_marker) + std::to_string(originals.size()));
      originals.emplace_back(argv[i]);
      out.push_back(&tokens.back()[0]);
    } else {
      out.push_back(argv[i]);
    }
  }
  out.push_back(nullptr);
  return out;
}

const std::string& verbatim_argument(const std::string& value) {
  if (value.size() < 2 || value[0] != token_marker) return value;
  const std::vector<std::string>& originals = protected_arguments();
  std::size_t index = 0;
  for (std::size_t i = 1; i < value.size(); ++i) {
    if (value[i] < '0' || value[i] > '9') return value;
    index = index * 10 + static_cast<std::size_t>(value[i] - '0');
  }
  return index < originals.size() ? originals[index] : value;
}

void add_io_options(CLI::App& sub, io_settings& s, const char* input_name,
                    const char* input_help) {
  CLI::Option* positional = sub.add_option(input_name, s.inputs, input_help);
  sub.add_option("--input", s.input_file,
                 "Read the inputs from FILE, one per line (as standard input would be)")
      ->excludes(positional);
  sub.add_flag("--json", s.json,
               "Print one JSON object per input instead of plain results");
  sub.add_flag("--line-buffered", s.line_buffered,
               "Flush the output after every line (for pipes and coprocesses)");
  sub.add_flag("-q,--quiet", s.quiet, "Do not print error messages on standard error");
  sub.add_option("-j,--jobs", s.jobs,
                 "Convert the lines on N threads (\"auto\": one per core); the output is the same, "
                 "in the same order, as with one")
      ->check([](const std::string& value) {
        return parse_jobs(value) != 0 ? std::string()
                                      : "--jobs takes a positive number or \"auto\", not " + value;
      });
  sub.add_flag_function(
      "--progress{true},--no-progress{false}",
      [&s](std::int64_t on) { s.progress = on > 0 ? progress_mode::on : progress_mode::off; },
      "A progress line on standard error (lines, lines/s, failures, and the percentage and time "
      "left for a file); by default when standard error is a terminal and standard output is not");
}

CLI::Validator field_number_validator() {
  return CLI::Validator(
      [](std::string& value) {
        const bool digits = !value.empty() && value.size() <= 9 &&
                            value.find_first_not_of("0123456789") == std::string::npos;
        if (digits && std::stoul(value) > 0) return std::string();
        return "--field takes a field number (1 for the first field), not " + value;
      },
      "N>=1");
}

unsigned parse_jobs(const std::string& text) {
  if (text == "auto") return std::max(1u, std::thread::hardware_concurrency());
  if (text.empty() || text.size() > 4) return 0;
  unsigned n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + static_cast<unsigned>(c - '0');
  }
  return n;
}

}  // namespace puny::cli
