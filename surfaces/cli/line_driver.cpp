// puny CLI: input lines, buffered output, error messages and JSON.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "puny/unicode.hpp"

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#else
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
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

// The "\n" bytes of `text`.  The reading thread of --jobs counts every
// block's lines (the next block's first line number) while the other
// threads convert, so this is part of the work only one thread can do:
// with SSE2 (every x86-64), 16 bytes per compare, the matches summed in
// byte counters that are folded into 64-bit sums (psadbw) before they can
// overflow, a few instructions per 16 bytes where std::count is a byte loop
// and the eight-byte version below spends about three instructions a byte
// (baseline x86-64 has no POPCNT instruction).
std::size_t count_line_breaks(std::string_view text) {
  std::size_t count = 0, i = 0;
#if defined(__SSE2__) && defined(__x86_64__)
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  while (i + 16 <= text.size()) {
    // At most 255 rounds per byte counter.
    const std::size_t rounds = std::min<std::size_t>((text.size() - i) / 16, 255);
    __m128i counters = zero;
    for (std::size_t r = 0; r < rounds; ++r, i += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(bytes, newline));  // a match is -1
    }
    const __m128i sums = _mm_sad_epu8(counters, zero);
    count += static_cast<std::size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
#else
  // Per 64-bit word: the bytes equal to '\n' become zero in x, and y gets
  // the high bit of exactly those bytes (no borrow between bytes).
  constexpr std::uint64_t newlines = 0x0A0A0A0A0A0A0A0Aull;
  constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    const std::uint64_t x = word ^ newlines;
    const std::uint64_t y = ~(((x & low7) + low7) | x | low7);
    count += static_cast<std::size_t>(__builtin_popcountll(y));
  }
#endif
  for (; i < text.size(); ++i) count += text[i] == '\n';
  return count;
}

// A line without the "\r" of a "\r\n" line break.
std::string_view without_cr(std::string_view line) {
  return !line.empty() && line.back() == '\r' ? line.substr(0, line.size() - 1) : line;
}

// Reads standard input in large blocks and hands out lines without their
// line break ("\n" or "\r\n").  A last line without "\n" is still a line;
// input ending in "\n" has no extra empty line after it.
class line_reader {
 public:
  explicit line_reader(int fd = 0) : fd_(fd) { buf_.resize(read_chunk); }

  bool next(std::string_view& line) {
    skip_bom();
    for (;;) {
      const char* base = buf_.data();
      if (const void* nl = std::memchr(base + begin_, '\n', end_ - begin_)) {
        const std::size_t pos = static_cast<std::size_t>(static_cast<const char*>(nl) - base);
        line = without_cr(std::string_view(base + begin_, pos - begin_));
        consumed_ += pos + 1 - begin_;
        begin_ = pos + 1;
        return true;
      }
      if (eof_) {
        if (begin_ == end_) return false;
        line = std::string_view(base + begin_, end_ - begin_);
        consumed_ += end_ - begin_;
        begin_ = end_;
        return true;
      }
      fill();
    }
  }

  // For --jobs: appends to `block` whole lines, as many as are buffered
  // within `max_bytes` (at least one), with their line breaks; at the end of
  // the stream, a last line without one.  Waits for input only when no
  // whole line is buffered, so that a coprocess gets its answers.  False
  // at the end of the input.
  bool next_block(std::string& block, std::size_t max_bytes) {
    skip_bom();
    for (;;) {
      const std::string_view buffered(buf_.data() + begin_, end_ - begin_);
      std::size_t last = buffered.substr(0, max_bytes).rfind('\n');
      if (last == std::string_view::npos && buffered.size() > max_bytes) last = buffered.find('\n', max_bytes);
      if (last != std::string_view::npos || (eof_ && !buffered.empty())) {
        const std::size_t n = last != std::string_view::npos ? last + 1 : buffered.size();
        block.append(buffered.data(), n);
        begin_ += n;
        consumed_ += n;
        return true;
      }
      if (eof_) return false;
      fill();
    }
  }

  // Whether the next next_block() would wait for input: no whole line is
  // buffered and nothing can be read at once (poll).  --jobs writes every
  // converted line first, so that a coprocess gets its answers.
  bool would_wait() const {
    if (eof_ || std::memchr(buf_.data() + begin_, '\n', end_ - begin_) != nullptr) return false;
#if defined(_WIN32)
    return true;
#else
    pollfd p{fd_, POLLIN, 0};
    return ::poll(&p, 1, 0) == 0;
#endif
  }

  // Bytes of input handed out as lines so far (their line breaks included).
  std::size_t consumed() const { return consumed_; }

  bool failed() const { return error_ != 0; }

  // A UTF-8 byte order mark at the very start of the stream is not data
  // (Unicode section 23.8): it is skipped.
  void skip_bom() {
    if (bom_checked_) return;
    // Enough bytes to tell (or the end of the stream).
    while (!eof_ && end_ - begin_ < 3) fill();
    if (end_ - begin_ >= 3 && buf_.compare(begin_, 3, "\xEF\xBB\xBF") == 0) {
      begin_ += 3;
      consumed_ += 3;
    }
    bom_checked_ = true;
  }
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
  std::size_t consumed_ = 0;
};

// --progress: one line on standard error, redrawn at most a few times a
// second: lines done, lines per second, failures so far and, when the
// input's size is known (a regular file), the percentage and the time left.
// On a terminal the line is redrawn in place and erased before anything
// else is written to standard error; elsewhere (asked for with --progress)
// each update is a line of its own.
class progress_meter {
 public:
  progress_meter(bool terminal, std::size_t total_bytes)
      : terminal_(terminal), total_(total_bytes), start_(clock::now()), last_(start_) {}

  void update(std::size_t lines, std::size_t bytes, std::size_t failures) {
    const auto now = clock::now();
    if (now - last_ < interval) return;
    last_ = now;
    draw(lines, bytes, failures, now);
  }

  void finish(std::size_t lines, std::size_t bytes, std::size_t failures) {
    draw(lines, bytes, failures, clock::now());
    if (terminal_) std::fputs("\n", stderr);
    shown_ = false;
    std::fflush(stderr);
  }

  // Before other text goes to standard error: the line is erased, and
  // drawn again at the next update.
  void erase() {
    if (!terminal_ || !shown_) return;
    std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

 private:
  using clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds interval{250};

  void draw(std::size_t lines, std::size_t bytes, std::size_t failures, clock::time_point now) {
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(lines) / seconds : 0;
    char text[160];
    int n = std::snprintf(text, sizeof text, "puny: %zu lines, %.0f lines/s, %zu failed", lines, rate,
                          failures);
    if (total_ > 0 && n > 0 && static_cast<std::size_t>(n) < sizeof text) {
      const double done = std::min(1.0, static_cast<double>(bytes) / static_cast<double>(total_));
      const double left = done > 0 ? seconds * (1 - done) / done : 0;
      n += std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n), ", %.1f%%, %.0f s left",
                         100 * done, left);
    }
    std::fputs(terminal_ ? "\r\033[K" : "", stderr);
    std::fputs(text, stderr);
    if (!terminal_) std::fputs("\n", stderr);
    std::fflush(stderr);
    shown_ = true;
  }

  bool terminal_;
  std::size_t total_;
  clock::time_point start_;
  clock::time_point last_;
  bool shown_ = false;
};

// Buffered stdout and stderr.  Both are written out together (stdout first)
// so that their order stays roughly the order of the inputs.
class sink {
 public:
  explicit sink(bool line_buffered) : line_buffered_(line_buffered) {
    out_.reserve(flush_limit * 2);
  }
  ~sink() { flush(); }

  void set_progress(progress_meter* meter) { meter_ = meter; }

  std::string& out() { return out_; }
  std::string& err() { return err_; }

  void end_line() {
    if (line_buffered_ || out_.size() >= flush_limit || err_.size() >= flush_limit) flush();
  }

  // The outputs and messages of consecutive lines (line i's end in `out`
  // is out_ends[i], in `err` err_ends[i]), flushed where appending them a
  // line at a time with end_line() would flush: the same writes, found by
  // binary search instead of a test per line.
  void append_lines(std::string_view out, std::string_view err, const std::vector<std::size_t>& out_ends,
                    const std::vector<std::size_t>& err_ends) {
    std::size_t first = 0, out_at = 0, err_at = 0;
    const std::size_t count = out_ends.size();
    while (first < count) {
      // The first line after which a buffer reaches the limit.
      const std::size_t out_room = flush_limit - std::min(flush_limit, out_.size());
      const std::size_t err_room = flush_limit - std::min(flush_limit, err_.size());
      const auto fills = [&](std::size_t i) {
        return line_buffered_ || out_ends[i] - out_at >= out_room || err_ends[i] - err_at >= err_room;
      };
      std::size_t lo = first, hi = count;  // fills() is monotonic in i
      while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (fills(mid)) hi = mid; else lo = mid + 1;
      }
      const std::size_t last = lo < count ? lo : count - 1;
      const std::string_view out_part = out.substr(out_at, out_ends[last] - out_at);
      err_.append(err.substr(err_at, err_ends[last] - err_at));
      out_at = out_ends[last];
      err_at = err_ends[last];
      if (lo < count) {  // flush, writing this part from where it is
        write(stdout, out_);
        if (std::fwrite(out_part.data(), 1, out_part.size(), stdout) != out_part.size()) failed_ = true;
        flush();
      } else {
        out_.append(out_part);
      }
      first = last + 1;
    }
  }

  // Standard output reaches the file before the messages do, so that when
  // both go to one file (2>&1) a message follows the output lines written
  // before it, whatever stdio kept in its buffer (and the same with --jobs).
  void flush() {
    write(stdout, out_);
    std::fflush(stdout);
    if (meter_ != nullptr && !err_.empty()) meter_->erase();
    write(stderr, err_);
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
  progress_meter* meter_ = nullptr;
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
    d["code"] = p.uts46.empty() ? json(nullptr) : json(std::string(p.uts46));
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
  if (shape == json_shape::hunt) {
    // One object per matching name of the line (docs/hunt.md).
    if (r.extra_json.empty()) return;
    for (auto& item : json::parse(r.extra_json)) {
      json j;
      j["line"] = number;
      for (auto& [key, value] : item.items()) j[key] = std::move(value);
      out += j.dump(-1, ' ', false, json::error_handler_t::replace);
      out += '\n';
    }
    return;
  }
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
  // Ill-formed UTF-8 in the input (or anywhere) becomes U+FFFD: JSON text
  // cannot carry raw bytes.
  out += j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (!r.extra_json.empty()) {
    // Spliced as text before the closing brace: parsing it into a tree
    // again cost hundreds of bytes per input byte (issue 44).
    out.pop_back();
    out += ',';
    out += r.extra_json;
    out += '}';
  }
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

namespace {

bool is_terminal(int fd) {
#if defined(_WIN32)
  return _isatty(fd) != 0;
#else
  return ::isatty(fd) != 0;
#endif
}

// The size of the input behind `fd` when it is a regular file, else 0.
std::size_t regular_file_size(int fd) {
#if defined(_WIN32)
  (void)fd;
  return 0;
#else
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  const off_t here = ::lseek(fd, 0, SEEK_CUR);
  return st.st_size > here && here >= 0 ? static_cast<std::size_t>(st.st_size - here) : 0;
#endif
}

// One converted input as the command prints it: its output line (or JSON
// object) on `out`, its error message on `err`.
void format_line(const io_settings& s, json_shape shape, std::string_view input, const char* what,
                 std::size_t number, const outcome& r, std::string& out, std::string& err) {
  if (s.json) {
    append_json(out, number, input, r, shape);
  } else if (r.silent) {
    // hunt: nothing matched, nothing to print.
  } else if (shape == json_shape::hunt) {
    // hunt: each output line (one per matching name) starts with the
    // input's line number.
    std::size_t start = 0;
    for (;;) {
      std::size_t nl = r.output.find('\n', start);
      out += std::to_string(number);
      out += '\t';
      out.append(r.output, start, nl == std::string::npos ? std::string::npos : nl - start);
      out += '\n';
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  } else {
    // A failed input prints an empty line: output line N always belongs
    // to input line N.
    if (r.ok) out += r.output;
    out += '\n';
  }
  if (!r.ok && !s.quiet) {
    static const problem unknown{"unknown_error", {}, 0, false, 0, 0};
    append_message(err, what, number, r.problems.empty() ? unknown : r.problems.front(), input);
  }
}

// --jobs N: the input is cut into blocks of whole lines, converted by N
// worker threads and written by the reading thread in their order, given
// to the sink with the flushes the single-threaded loop makes (so that the
// interleaving of standard output and standard error is the same too).  At
// most 4 N blocks are in flight: memory stays bounded whatever the input's
// size.
class parallel_lines {
 public:
  parallel_lines(const io_settings& s, json_shape shape, const processor& process, unsigned jobs)
      : s_(s), shape_(shape), process_(process) {
    // The reading thread converts too while it waits (write_front): N - 1
    // workers keep N cores busy.
    for (unsigned i = 1; i < jobs; ++i) workers_.emplace_back([this] { work(); });
    max_in_flight_ = 4 * static_cast<std::size_t>(jobs);
  }

  ~parallel_lines() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_workers_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  // Converts the lines of `reader`, numbered from `line_number` + 1.
  // `written(lines, bytes, failures)` is called as batches are written.
  template <class Written>
  void run(line_reader& reader, std::size_t& line_number, sink& io, bool& any_failed, Written&& written) {
    for (;;) {
      if (reader.would_wait())
        while (!in_flight_.empty()) write_front(io, any_failed, written);
      auto b = std::make_unique<batch>();
      if (!reader.next_block(b->text, batch_bytes)) break;
      b->first_line = line_number + 1;
      // Every line of a block ends with "\n" but, at the end of the input,
      // a last line without one.
      b->lines = count_line_breaks(b->text);
      if (b->text.back() != '\n') ++b->lines;
      line_number += b->lines;
      b->consumed = reader.consumed();
      submit(std::move(b), io, any_failed, written);
    }
    while (!in_flight_.empty()) write_front(io, any_failed, written);
  }

 private:
  static constexpr std::size_t batch_bytes = std::size_t{1} << 17;

  struct batch {
    std::string text;                          // whole lines, with their line breaks
    std::size_t lines = 0;
    std::size_t first_line = 0;
    std::size_t consumed = 0;                  // input bytes read up to its last line
    std::string out, err;                      // what the lines print
    std::vector<std::size_t> out_ends, err_ends;
    std::size_t failures = 0;
    bool done = false;                         // guarded by the mutex
  };

  template <class Written>
  void submit(std::unique_ptr<batch> b, sink& io, bool& any_failed, Written& written) {
    while (in_flight_.size() >= max_in_flight_) write_front(io, any_failed, written);
    batch* raw = b.get();
    in_flight_.push_back(std::move(b));
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(raw);
    }
    wake_workers_.notify_one();
  }

  // Waits for the oldest batch and writes it.
  template <class Written>
  void write_front(sink& io, bool& any_failed, Written& written) {
    batch& b = *in_flight_.front();
    for (;;) {
      std::unique_lock<std::mutex> lock(mutex_);
      if (b.done) break;
      if (queue_.empty()) {
        batch_done_.wait(lock, [&b] { return b.done; });
        break;
      }
      batch* next = queue_.front();  // help rather than wait
      queue_.pop_front();
      lock.unlock();
      convert(*next, helper_outcome_);
    }
    io.append_lines(b.out, b.err, b.out_ends, b.err_ends);
    if (b.failures > 0) any_failed = true;
    written(b.lines, b.consumed, b.failures);
    in_flight_.pop_front();
  }

  void work() {
    outcome r;
    for (;;) {
      batch* b = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_workers_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping
        b = queue_.front();
        queue_.pop_front();
      }
      convert(*b, r);
    }
  }

  void convert(batch& batch_ref, outcome& r) {
    batch* b = &batch_ref;
    {
      b->out_ends.reserve(b->lines);
      b->err_ends.reserve(b->lines);
      b->out.reserve(b->text.size() + b->text.size() / 4 + 64);  // most outputs are near their input's size
      const std::string_view text(b->text);
      for (std::size_t i = 0, at = 0; i < b->lines; ++i) {
        const std::size_t nl = std::min(text.find('\n', at), text.size());
        // As line_reader::next: a "\r" goes with the "\n" that follows it only.
        const std::string_view raw = text.substr(at, nl - at);
        const std::string_view input = nl < text.size() ? without_cr(raw) : raw;
        at = nl + 1;
        r.reset();
        process_(input, s_.json, r);
        format_line(s_, shape_, input, "line", b->first_line + i, r, b->out, b->err);
        b->out_ends.push_back(b->out.size());
        b->err_ends.push_back(b->err.size());
        if (!r.ok) ++b->failures;
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        b->done = true;
      }
      batch_done_.notify_all();
    }
  }

  const io_settings& s_;
  json_shape shape_;
  const processor& process_;
  std::vector<std::thread> workers_;
  std::size_t max_in_flight_ = 0;
  std::deque<std::unique_ptr<batch>> in_flight_;  // the reading thread's, in input order
  std::mutex mutex_;
  std::condition_variable wake_workers_;
  std::condition_variable batch_done_;
  std::deque<batch*> queue_;  // not yet taken by a worker
  bool stopping_ = false;
  outcome helper_outcome_;    // the reading thread's, when it converts
};

}  // namespace

int run_lines(const io_settings& s, json_shape shape, const processor& process) {
  const unsigned jobs = std::max(1u, parse_jobs(s.jobs));
  // Like stdio: line by line on a terminal, in large blocks otherwise.
  sink io(s.line_buffered || is_terminal(1));
  outcome r;
  bool any_failed = false;

  // Converts and prints one input; whether it converted.
  auto handle = [&](std::string_view input, const char* what, std::size_t number) {
    r.reset();
    process(input, s.json, r);
    if (!r.ok) any_failed = true;
    format_line(s, shape, input, what, number, r, io.out(), io.err());
    io.end_line();
    return r.ok;
  };

  const bool show_progress = s.progress == progress_mode::on ||
                             (s.progress == progress_mode::automatic && is_terminal(2) && !is_terminal(1));
  std::unique_ptr<progress_meter> meter;
  std::size_t lines_done = 0, bytes_done = 0, failures = 0;
  std::size_t until_clock = 0;  // lines until the meter next looks at the clock
  const auto written = [&](std::size_t lines, std::size_t consumed, std::size_t failed) {
    lines_done += lines;
    bytes_done = consumed;
    failures += failed;
    if (!meter || lines < until_clock) {
      until_clock -= std::min(until_clock, lines);
      return;
    }
    until_clock = 1024;
    meter->update(lines_done, bytes_done, failures);
  };

  // The lines of standard input or of --input FILE, numbered from 1.
  std::size_t line_number = 0;
  const auto read_lines = [&](int fd, const std::string& name) {
    line_reader reader(fd);
    if (show_progress && !meter) {
      meter = std::make_unique<progress_meter>(is_terminal(2), regular_file_size(fd));
      io.set_progress(meter.get());
    }
    if (jobs > 1) {
      parallel_lines pool(s, shape, process, jobs);
      pool.run(reader, line_number, io, any_failed, written);
    } else {
      std::string_view line;
      while (reader.next(line)) {
        const bool ok = handle(line, "line", ++line_number);
        written(1, reader.consumed(), ok ? 0 : 1);
      }
    }
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
  if (meter) meter->finish(lines_done, bytes_done, failures);
  if (io.failed() || std::ferror(stdout)) {
    std::fprintf(stderr, "puny: error writing standard output: %s\n", std::strerror(errno));
    return exit_write;
  }
  return any_failed ? exit_failed : exit_ok;
}

}  // namespace puny::cli
