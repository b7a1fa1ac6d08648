// puny CLI: the ordered output (output_sink.hpp): the progress line's text,
// and the flushes of the buffered standard output and standard error.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "output_sink.hpp"
#include "positioned_io.hpp"

namespace puny::cli {

void progress_meter::draw(std::size_t lines, std::size_t bytes, std::size_t failures,
                          std::size_t skipped, std::size_t matched, clock::time_point now) {
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(lines) / seconds : 0;
  char text[160];
  int n = std::snprintf(text, sizeof text, "puny: %zu lines, %.0f lines/s, %zu failed", lines, rate,
                        failures);
  if (skipped > 0 && n > 0 && static_cast<std::size_t>(n) < sizeof text)
    n += std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n), ", %zu skipped", skipped);
  if (count_matches_ && n > 0 && static_cast<std::size_t>(n) < sizeof text)
    n += std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n), ", %zu matched", matched);
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

// The outputs and messages of consecutive lines (line i's end in `out`
// is out_ends[i], in `err` err_ends[i]), flushed where appending them a
// line at a time with end_line() would flush: the same writes, found by
// binary search instead of a test per line.
void sink::append_lines(std::string_view out, std::string_view err, const std::vector<std::size_t>& out_ends,
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
      if (std::fwrite(out_part.data(), 1, out_part.size(), stdout) != out_part.size()) note_out_failure();
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
void sink::flush() {
  spilled_ = false;
  write(stdout, out_);
  if (std::fflush(stdout) != 0) note_out_failure();
  if (meter_ != nullptr && !err_.empty()) meter_->erase();
  write(stderr, err_);
  std::fflush(stderr);
}

void sink::write_direct(std::string_view out) {
  if (out_failed_) return;
  write(stdout, out_);
  if (std::fflush(stdout) != 0) note_out_failure();
  if (out_failed_) return;
  if (const int error = write_all(1, out)) note_out_error(error);
}

void sink::note_out_failure() {
  if (!out_failed_) out_errno_ = errno;
  out_failed_ = true;
}

void sink::write(std::FILE* f, std::string& s) {
  if (s.empty()) return;
  if (std::fwrite(s.data(), 1, s.size(), f) != s.size() && f == stdout) note_out_failure();
  s.clear();
}

}  // namespace puny::cli
