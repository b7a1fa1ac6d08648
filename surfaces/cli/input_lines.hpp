// puny CLI: reading the input lines (standard input or --input FILE) for
// run_lines() (line_driver.cpp) and the --jobs runner (parallel_lines.hpp).
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace puny::cli {

constexpr std::size_t read_chunk = std::size_t{1} << 20;  // 1 MiB reads

// The "\n" bytes of `text` (SSE2 where there is SSE2; input_lines.cpp).
std::size_t count_line_breaks(std::string_view text);

// A line without the "\r" of a "\r\n" line break.
inline std::string_view without_cr(std::string_view line) {
  return !line.empty() && line.back() == '\r' ? line.substr(0, line.size() - 1) : line;
}

// Whether `fd` is a terminal.
bool is_terminal(int fd);

// The size of the input behind `fd` when it is a regular file, else 0.
std::size_t regular_file_size(int fd);

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
  bool would_wait() const;

  // Bytes of input handed out as lines so far (their line breaks included).
  std::size_t consumed() const { return consumed_; }

  bool failed() const { return error_ != 0; }

  int fd() const { return fd_; }

  // The input up to the fd's current offset was read elsewhere (by
  // offsets: --jobs on a regular file), `consumed` bytes of it: go on from
  // there, with no byte order mark to look for.  Only before any read.
  void resume_at(std::size_t consumed) {
    consumed_ = consumed;
    bom_checked_ = true;
  }

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
  // Reads more: keeps the unfinished line at the front, grows the buffer
  // when it fills it.
  void fill();

  int fd_;
  std::string buf_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool eof_ = false;
  bool bom_checked_ = false;
  int error_ = 0;
  std::size_t consumed_ = 0;
};

}  // namespace puny::cli
