// puny command-line tool: pieces shared by the subcommands.
//
// Every line-oriented subcommand (encode, decode, to-ascii, to-unicode) is a
// `processor` run by run_lines(), which owns input, output, error messages,
// JSON and the exit status.  A subcommand only converts one input string.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/presets.hpp"
#include "puny/unicode.hpp"

namespace puny::display {
struct finding;
}

namespace CLI {
class App;
class Option;
class Validator;
}

namespace puny::cli {

// Exit statuses (documented in --help).
inline constexpr int exit_ok = 0;       // every input converted
inline constexpr int exit_failed = 1;   // at least one input failed (or input unreadable)
inline constexpr int exit_usage = 2;    // bad command line
inline constexpr int exit_write = 3;    // writing standard output failed (disk full, ...)

// What to do after parsing: the chosen subcommand stores its action here.
using action = std::function<int()>;

// Options common to every line-oriented subcommand.
// --progress: a progress line on standard error.
enum class progress_mode { automatic, on, off };  // automatic: when stderr is a terminal

struct io_settings {
  std::vector<std::string> inputs;  // positional arguments, verbatim; "-" = stdin
  std::string input_file;           // --input FILE: its lines are the inputs
  bool json = false;
  bool line_buffered = false;
  bool quiet = false;
  std::string jobs = "1";           // -j/--jobs: a count, or "auto" (the machine's cores)
  progress_mode progress = progress_mode::automatic;
};

// Adds --json, --line-buffered, --quiet, --input, -j/--jobs, --progress and
// the positional INPUT... to `sub`.
void add_io_options(CLI::App& sub, io_settings& s, const char* input_name,
                    const char* input_help);

// Arguments verbatim.  CLI11 reads an argument "[a,b]" given to a vector
// option as a list of two values, and "[::1]" as "::1".  So before parsing,
// every argument that starts with '[' (or with the token marker, to stay
// reversible) is replaced by a token naming its index, and every value
// taken from the parse goes through verbatim_argument(), which gives back
// the original bytes.
std::vector<char*> protect_arguments(int argc, char** argv);
const std::string& verbatim_argument(const std::string& value);

// One error found in one input.
struct problem {
  std::string_view name;    // puny::to_string(errc), e.g. "invalid_digit"
  std::string_view uts46;   // the core's UTS #46 code ("V7"; "P4" for Punycode errors), or empty
  std::size_t offset = 0;   // byte offset in the input line
  bool has_label = false;   // IDNA commands report the label index
  std::size_t label = 0;
  char32_t code_point = puny::no_code_point;  // U+0000 is a code point
  // What to do about it, when the command knows ("; " + hint on stderr).
  std::string_view hint;
  bool has_code_point() const noexcept { return code_point != puny::no_code_point; }
};

// Writes out and empties a long output line's text formatted so far
// (output_sink.hpp, sink::spill): a huge line's --json object then goes out
// in blocks of about flush_limit bytes instead of whole (issue 44).
using spill_fn = std::function<void(std::string& out)>;

// The result of converting one input.  Reused from line to line.
struct outcome {
  bool ok = true;
  std::string output;             // meaningful when ok
  bool has_best_effort = false;   // IDNA commands: UTS #46 output even on error
  std::string best_effort;
  std::vector<problem> problems;  // first = the one printed on stderr
  // to-ascii --preset url (the URL family) with --json: the URL Standard's
  // non-fatal validation errors (idna::detailed::validation_errors).
  bool has_validation = false;
  std::vector<problem> validation;
  // display --json: more members for the input's object, as JSON text
  // without the braces ("key":value,...), spliced after the common keys.
  std::string extra_json;
  // hunt --json: the input's line number and the driver's output text,
  // where the processor appends its whole objects ({"line":N,...}\n)
  // itself: a lookalike's object is 2 KB against a list with a brand
  // under many suffixes, and a copy through extra_json cost about 4% of
  // such a run (issue 53).  Set by the driver after reset().
  std::size_t line = 0;
  std::string* json_out = nullptr;
  // Or, for a long input, a writer of those same members: it appends them
  // to `out`, handing `out` to `spill` (when given) whenever it holds a
  // block's worth, so that the text is never whole in memory.
  std::function<void(std::string& out, const spill_fn* spill)> write_extra;
  // hunt: an input that matched nothing prints no line at all (it is not a
  // failure either).
  bool silent = false;
  // hunt: an input that holds no names by design (a certstream heartbeat):
  // not a failure, counted as skipped by --progress.
  bool skipped = false;
  // hunt: some name of the input matched a brand (--progress counts them).
  bool matched = false;

  void reset() {
    ok = true;
    output.clear();
    has_best_effort = false;
    best_effort.clear();
    problems.clear();
    has_validation = false;
    validation.clear();
    extra_json.clear();
    line = 0;
    json_out = nullptr;
    write_extra = nullptr;
    silent = false;
    skipped = false;
    matched = false;
  }
};

// Converts one input into `out` (already reset).  `detailed` is true in
// --json mode: then collect every error and the best-effort string; else the
// first error is enough.
using processor = std::function<void(std::string_view input, bool detailed, outcome& out)>;

// --email, --url, --field N (input_modes.cpp): which part of each line the
// converter sees; every other byte of the line is kept.
enum class input_mode { whole, email, url, field };
struct mode_settings {
  input_mode mode = input_mode::whole;
  std::size_t field = 0;  // 1-based, for input_mode::field
  char delimiter = ',';
};
// `inner` applied to the mode's part of each line, spliced back.
processor with_input_mode(const mode_settings& m, processor inner);

// The shape of the JSON objects.
// display: like idna without best_effort, plus the decision's members.
// hunt: the processor writes its objects to outcome::json_out itself;
// the driver writes only a line that could not be read.
enum class json_shape { punycode, idna, display, hunt };

// Runs `process` over the positional inputs, or over the lines of standard
// input (or of --input FILE) when there are none.  Returns the exit status.
// With --jobs N the lines are converted on N threads, in batches, and
// written in their order: the output (standard output and standard error,
// and their interleaving) is byte for byte what one thread writes, so
// `process` must be safe to call from several threads at once.
int run_lines(const io_settings& s, json_shape shape, const processor& process);

// The thread count --jobs asks for: a positive number, or "auto" for the
// machine's cores; 0 when `text` is neither.
unsigned parse_jobs(const std::string& text);

// Sources stay ASCII: non-ASCII text in help strings is written as \uXXXX
// (UTF-8 in the executable, as GCC and Clang encode narrow literals).

// The IDNA processing flags shared by to-ascii, to-unicode and explain.
// Each flag can be turned on or off on top of the preset (-1 = as the
// preset says).
// --preset and the flag pairs, both from the core's registry
// (puny/presets.hpp): the CLI adds no preset or flag of its own.
struct idna_flags {
  std::string preset = "uts46";  // a name or an alias of puny::presets()
  // Per puny::option_flags() entry: -1 not given, 1 --X, 0 --no-X.
  std::vector<int> flags = std::vector<int>(puny::option_flags().size(), -1);
  // Host-name safety (options::forbid_domain_code_points, the core's
  // default) stays as the preset says unless --raw (or
  // --no-forbid-domain-code-points, or --preset uts46-raw) asks for plain
  // UTS #46.
  bool raw = false;

  const puny::preset& selected() const;  // the --preset (validated by the parser)
  // The preset, then each flag given on the command line on top of it.
  idna::options options() const;
};
void add_idna_flags(CLI::App& sub, idna_flags& s);

// Subcommand registration.  Each adds its subcommands to `app`; the one the
// user picks stores its work in `selected`.
void add_punycode_commands(CLI::App& app, action& selected);
void add_idna_commands(CLI::App& app, action& selected);
void add_explain_command(CLI::App& app, action& selected);
void add_display_commands(CLI::App& app, action& selected);
void add_email_command(CLI::App& app, action& selected);

// A name of one of the core's registries as users type it, ASCII case
// ignored (the core's rule): `find` says whether the typed name names an
// entry and may rewrite it to the entry's own name; the error message calls
// it a `what` and lists `names`.
CLI::Validator registry_name_validator(const std::string& what, const std::vector<std::string>& names,
                                       std::function<bool(std::string&)> find);
// --field N: a field number, 1 or more (CLI11's PositiveNumber printed its
// range up to DBL_MAX).
CLI::Validator field_number_validator();
// One display finding as --json writes it: {reason, message, offset, label
// (the label's index), code_point, step, similar_to, imitates}
// (display_commands.cpp; display and email --display share it).
void append_finding_json(std::string& out, const display::finding& f);
// --profile / --display: a display profile (display::find_profile_ignoring_case),
// rewritten to the profile's own name.
CLI::Validator profile_name_validator(const std::vector<std::string>& names);
void add_hunt_command(CLI::App& app, action& selected);

// An IDNA status as a problem (code, UTS #46 code, offset, label, code point).
problem idna_problem(const puny::status& st);
// "U+00FC", as messages and JSON write a code point.
std::string code_point_string(char32_t c);

// Simple (1:1) case mapping for RFC 3492 appendix A mixed-case annotation.
// From the library's tables (puny/case.hpp, of the Unicode version the build
// was generated for: puny::unicode::unicode_version), whatever LANG/LC_* say.
char32_t to_upper(char32_t c) noexcept;
char32_t to_lower(char32_t c) noexcept;

// Writes `s` for a terminal message (puny::unicode::append_escaped), at
// most `max_bytes` of it (then "...").
inline void append_escaped(std::string& out, std::string_view s, std::size_t max_bytes = 256) {
  puny::unicode::append_escaped(out, s, max_bytes);
}

}  // namespace puny::cli
