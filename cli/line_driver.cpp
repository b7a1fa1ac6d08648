// puny CLI: input lines, buffered output, error messages and JSON.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "puny/unicode.hpp"

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace puny::cli {
std::string code_point_string(char32_t c) {
  char tmp[16];
  const int len = std::snprintf(tmp, sizeof tmp, "U+%04X", static_cast<unsigned>(c));
  return std::string(tmp, static_cast<std::size_t>(len));
}

namespace {

constexpr std::size_t read_chunk = std::size_t{1} << 20;   // 1 MiB reads
constexpr std::size_t flush_limit = std::size_t{1} << 16;  // flush at 64 KiB

// Reads standard input in large blocks and hands out lines without their
// line break ("\n" or "\r\n").  A last line without "\n" is still a line;
// input ending in "\n" has no extra empty line after it.
// A UTF-8 byte order mark at the very start of the stream is not data
// (Unicode section 23.8): it is skipped.
class line_reader {
 public:
  explicit line_reader(int fd = 0) : fd_(fd) { buf_.resize(read_chunk); }

  bool next(std::string_view& line) {
    if (!bom_checked_) {
      // Enough bytes to tell (or the end of the stream).
      while (!eof_ && end_ - begin_ < 3) fill();
      if (end_ - begin_ >= 3 && buf_.compare(begin_, 3, "\xEF\xBB\xBF") == 0) begin_ += 3;
      bom_checked_ = true;
    }
    for (;;) {
      const char* base = buf_.data();
      if (const void* nl = std::memchr(base + begin_, '\n', end_ - begin_)) {
        const std::size_t pos = static_cast<std::size_t>(static_cast<const char*>(nl) - base);
        std::size_t stop = pos;
        if (stop > begin_ && base[stop - 1] == '\r') --stop;
        line = std::string_view(base + begin_, stop - begin_);
        begin_ = pos + 1;
        return true;
      }
      if (eof_) {
        if (begin_ == end_) return false;
        line = std::string_view(base + begin_, end_ - begin_);
        begin_ = end_;
        return true;
      }
      fill();
    }
  }

  bool failed() const { return error_ != 0; }
  int error() const { return error_; }

 private:
  void fill() {
    // Keep the unfinished line at the front; grow when it fills the buffer.
    if (begin_ > 0) {
      std::memmove(&buf_[0], buf_.data() + begin_, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
    }
    if (buf_.size() - end_ < read_chunk / 2) buf_.resize(buf_.size() * 2);
    const std::size_t want = buf_.size() - end_;
#if defined(_WIN32)
    const std::size_t got = std::fread(&buf_[end_], 1, want, stdin);
    if (got == 0) {
      if (std::ferror(stdin)) error_ = errno ? errno : EIO;
      eof_ = true;
    }
    end_ += got;
#else
    // read(2) returns what is available, so --line-buffered works on pipes.
    for (;;) {
      const ssize_t got = ::read(fd_, &buf_[end_], want);
      if (got > 0) {
        end_ += static_cast<std::size_t>(got);
        return;
      }
      if (got == 0) {
        eof_ = true;
        return;
      }
      if (errno == EINTR) continue;
      error_ = errno;
      eof_ = true;
      return;
    }
#endif
  }

  int fd_;
  std::string buf_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool eof_ = false;
  bool bom_checked_ = false;
  int error_ = 0;
};

// Buffered stdout and stderr.  Both are written out together (stdout first)
// so that their order stays roughly the order of the inputs.
class sink {
 public:
  explicit sink(bool line_buffered) : line_buffered_(line_buffered) {
    out_.reserve(flush_limit * 2);
  }
  ~sink() { flush(); }

  std::string& out() { return out_; }
  std::string& err() { return err_; }

  void end_line() {
    if (line_buffered_ || out_.size() >= flush_limit || err_.size() >= flush_limit) flush();
  }

  void flush() {
    write(stdout, out_);
    write(stderr, err_);
    std::fflush(stdout);
    std::fflush(stderr);
  }

  bool failed() const { return failed_; }

 private:
  void write(std::FILE* f, std::string& s) {
    if (s.empty()) return;
    if (std::fwrite(s.data(), 1, s.size(), f) != s.size()) failed_ = true;
    s.clear();
  }

  std::string out_;
  std::string err_;
  bool line_buffered_;
  bool failed_ = false;
};

void append_number(std::string& out, std::size_t n) {
  char tmp[24];
  const int len = std::snprintf(tmp, sizeof tmp, "%zu", n);
  out.append(tmp, static_cast<std::size_t>(len));
}

void append_code_point(std::string& out, char32_t c) {
  char tmp[16];
  const int len = std::snprintf(tmp, sizeof tmp, "U+%04X", static_cast<unsigned>(c));
  out.append(tmp, static_cast<std::size_t>(len));
}

// puny: line 3: disallowed (V7) at byte 4 (label 0, U+00A0) in "a\u00a0b"
void append_message(std::string& err, const char* what, std::size_t number, const problem& p,
                    std::string_view input) {
  err += "puny: ";
  err += what;
  err += ' ';
  append_number(err, number);
  err += ": ";
  err += p.name;
  if (!p.uts46.empty()) {
    err += " (";
    err += p.uts46;
    err += ')';
  }
  err += " at byte ";
  append_number(err, p.offset);
  if (p.has_label || p.has_code_point()) {
    err += " (";
    if (p.has_label) {
      err += "label ";
      append_number(err, p.label);
      if (p.has_code_point()) err += ", ";
    }
    if (p.has_code_point()) append_code_point(err, p.code_point);
    err += ')';
  }
  err += " in \"";
  append_escaped(err, input);
  err += "\"\n";
}

using json = nlohmann::ordered_json;

json details_json(const std::vector<problem>& problems, json_shape shape) {
  json list = json::array();
  for (const problem& p : problems) {
    json d;
    d["error"] = std::string(p.name);
    const bool idna_like = shape != json_shape::punycode;
    if (idna_like) d["code"] = p.uts46.empty() ? json(nullptr) : json(std::string(p.uts46));
    d["offset"] = p.offset;
    if (idna_like) d["label"] = p.has_label ? json(p.label) : json(nullptr);
    d["code_point"] = p.has_code_point() ? json(code_point_string(p.code_point)) : json(nullptr);
    list.push_back(std::move(d));
  }
  return list;
}

// JSON object for one input; see the --json description in puny.cpp.
void append_json(std::string& out, std::size_t number, std::string_view input,
                 const outcome& r, json_shape shape) {
  json j;
  j["line"] = number;
  j["input"] = std::string(input);
  j["output"] = r.ok ? json(r.output) : json(nullptr);
  // best_effort: the output on success; on failure the profile's
  // best-effort result (UTS #46 section 4.3), or null where it has none
  // (IDNA2008, input modes that fail before converting).
  if (shape == json_shape::idna)
    j["best_effort"] = r.ok ? json(r.output) : r.has_best_effort ? json(r.best_effort) : json(nullptr);
  json errors = json::array();
  for (const problem& p : r.problems) {
    // IDNA: the UTS #46 codes, each once; an error without a UTS #46 code
    // (e.g. invalid_utf8) is listed under its puny name.
    const std::string_view name =
        (shape != json_shape::punycode && !p.uts46.empty()) ? p.uts46 : p.name;
    bool seen = false;
    for (const auto& e : errors) seen = seen || e.get_ref<const std::string&>() == name;
    if (!seen) errors.push_back(std::string(name));
  }
  j["errors"] = std::move(errors);
  const problem* first = r.ok || r.problems.empty() ? nullptr : &r.problems.front();
  if (shape != json_shape::punycode)
    j["label"] = first && first->has_label ? json(first->label) : json(nullptr);
  j["offset"] = first ? json(first->offset) : json(nullptr);
  j["details"] = details_json(r.problems, shape);
  if (shape == json_shape::idna && r.has_validation)
    j["validation_errors"] = details_json(r.validation, shape);
  // display: the decision's own members (profile, labels, ...), made by the
  // subcommand as a JSON object.
  if (!r.extra_json.empty()) {
    json extra = json::parse(r.extra_json);
    for (auto& [key, value] : extra.items()) j[key] = std::move(value);
  }
  // Ill-formed UTF-8 in the input (or anywhere) becomes U+FFFD: JSON text
  // cannot carry raw bytes.
  out += j.dump(-1, ' ', false, json::error_handler_t::replace);
  out += '\n';
}

// Invisible or layout-changing code points, shown as \uXXXX in messages so
// that the reader sees them (they are often the reason an IDNA input fails):
// C1 controls, soft hyphen, zero-width and joiner characters, bidi controls,
// line/paragraph separators, word joiner, BOM.
bool needs_escape(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) || c == 0xAD || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF;
}

}  // namespace

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
}

void append_escaped(std::string& out, std::string_view s, std::size_t max_bytes) {
  static const char hex[] = "0123456789abcdef";
  std::size_t pos = 0;
  while (pos < s.size()) {
    if (pos >= max_bytes) {
      out += "...";
      return;
    }
    const auto b = static_cast<unsigned char>(s[pos]);
    if (b >= 0x20 && b < 0x7F) {
      if (b == '"' || b == '\\') out += '\\';
      out += static_cast<char>(b);
      ++pos;
      continue;
    }
    char32_t c = 0;
    std::size_t next = pos;
    if (b >= 0x80 && puny::unicode::next_utf8(s, next, c)) {
      if (needs_escape(c)) {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4) out += hex[(c >> shift) & 0xF];
      } else {
        out.append(s.data() + pos, next - pos);
      }
      pos = next;
      continue;
    }
    // C0 control, DEL, or a byte that does not start well-formed UTF-8.
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 0xF];
    ++pos;
  }
}

static bool stdout_is_terminal() {
#if defined(_WIN32)
  return _isatty(_fileno(stdout)) != 0;
#else
  return ::isatty(STDOUT_FILENO) != 0;
#endif
}

int run_lines(const io_settings& s, json_shape shape, const processor& process) {
  // Like stdio: line by line on a terminal, in large blocks otherwise.
  sink io(s.line_buffered || stdout_is_terminal());
  outcome r;
  bool any_failed = false;

  auto handle = [&](std::string_view input, const char* what, std::size_t number) {
    r.reset();
    process(input, s.json, r);
    if (!r.ok) any_failed = true;
    if (s.json) {
      append_json(io.out(), number, input, r, shape);
    } else {
      // A failed input prints an empty line: output line N always belongs
      // to input line N.
      if (r.ok) io.out() += r.output;
      io.out() += '\n';
    }
    if (!r.ok && !s.quiet) {
      static const problem unknown{"unknown_error", {}, 0, false, 0, 0};
      append_message(io.err(), what, number, r.problems.empty() ? unknown : r.problems.front(),
                     input);
    }
    io.end_line();
  };

  // The lines of standard input or of --input FILE, numbered from 1.
  std::size_t line_number = 0;
  const auto read_lines = [&](int fd, const std::string& name) {
    line_reader reader(fd);
    std::string_view line;
    while (reader.next(line)) handle(line, "line", ++line_number);
    if (reader.failed()) {
      io.err() += "puny: error reading " + name + ": ";
      io.err() += std::strerror(reader.error());
      io.err() += '\n';
      any_failed = true;
    }
  };
#if defined(_WIN32)
  _setmode(_fileno(stdin), _O_BINARY);
#endif
  if (!s.input_file.empty()) {
#if defined(_WIN32)
    const int fd = _open(verbatim_argument(s.input_file).c_str(), _O_RDONLY | _O_BINARY);
#else
    const int fd = ::open(verbatim_argument(s.input_file).c_str(), O_RDONLY);
#endif
    if (fd < 0) {
      std::fprintf(stderr, "puny: cannot open %s: %s\n",
                   verbatim_argument(s.input_file).c_str(), std::strerror(errno));
      return exit_failed;
    }
    read_lines(fd, verbatim_argument(s.input_file));
#if defined(_WIN32)
    _close(fd);
#else
    ::close(fd);
#endif
  } else if (s.inputs.empty()) {
    read_lines(0, "standard input");
  } else {
    // Each argument is one input; "-" stands for the lines of standard input.
    std::size_t n = 0;
    for (const std::string& token : s.inputs) {
      const std::string& arg = verbatim_argument(token);
      if (arg == "-") {
        read_lines(0, "standard input");
        continue;
      }
      handle(arg, "argument", ++n);
    }
  }
  io.flush();
  if (io.failed() || std::ferror(stdout)) {
    std::fprintf(stderr, "puny: error writing standard output: %s\n", std::strerror(errno));
    return exit_write;
  }
  return any_failed ? exit_failed : exit_ok;
}

}  // namespace puny::cli
