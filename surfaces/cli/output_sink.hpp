// puny CLI: the ordered output of run_lines() (line_driver.cpp): standard
// output and standard error buffered together and flushed in input order,
// and the --progress line drawn between their writes.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace puny::cli {

constexpr std::size_t flush_limit = std::size_t{1} << 16;  // flush at 64 KiB

// --progress: one line on standard error, redrawn at most a few times a
// second: lines done, lines per second, failures so far, lines skipped
// (hunt's certstream heartbeats; shown once there is one), for hunt the
// lines with a matching name, and, when the
// input's size is known (a regular file), the percentage and the time left.
// On a terminal the line is redrawn in place and erased before anything
// else is written to standard error; elsewhere (asked for with --progress)
// each update is a line of its own.
class progress_meter {
 public:
  progress_meter(bool terminal, std::size_t total_bytes, bool count_matches = false)
      : terminal_(terminal), count_matches_(count_matches), total_(total_bytes), start_(clock::now()),
        last_(start_) {}

  void update(std::size_t lines, std::size_t bytes, std::size_t failures, std::size_t skipped,
              std::size_t matched = 0) {
    const auto now = clock::now();
    if (now - last_ < interval) return;
    last_ = now;
    draw(lines, bytes, failures, skipped, matched, now);
  }

  void finish(std::size_t lines, std::size_t bytes, std::size_t failures, std::size_t skipped,
              std::size_t matched = 0) {
    draw(lines, bytes, failures, skipped, matched, clock::now());
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

  void draw(std::size_t lines, std::size_t bytes, std::size_t failures, std::size_t skipped,
            std::size_t matched, clock::time_point now);

  bool terminal_;
  bool count_matches_;  // hunt: "N matched"
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
    if (spilled_ || line_buffered_ || out_.size() >= flush_limit || err_.size() >= flush_limit)
      flush();
  }

  // Part of a long output line (format_line's spill): standard output so
  // far goes out, the messages wait for the line's end.  That line's
  // end_line() then flushes, as it would have with the line whole in the
  // buffer, so both streams get the same bytes in the same order.
  void spill() {
    write(stdout, out_);
    spilled_ = true;
  }

  // The outputs and messages of consecutive lines (line i's end in `out`
  // is out_ends[i], in `err` err_ends[i]), flushed where appending them a
  // line at a time with end_line() would flush: the same writes, found by
  // binary search instead of a test per line.
  void append_lines(std::string_view out, std::string_view err, const std::vector<std::size_t>& out_ends,
                    const std::vector<std::size_t>& err_ends);

  // --jobs writing standard output itself (positioned_io.hpp): a block's
  // output written at once from where it is, after anything buffered
  // (output_route::direct), and the messages of a block, written once its
  // output is (a block of 128 KiB: about as often as -j 1 flushes).  Where
  // they go relative to the output is not kept: these routes are taken
  // only where standard error is another file.
  void write_direct(std::string_view out);
  void append_messages(std::string_view err) {
    if (err.empty()) return;
    err_.append(err);
    flush();
  }
  bool line_buffered() const { return line_buffered_; }
  // A failed write made elsewhere (errno `error`): reported as standard
  // output's failure.
  void note_out_error(int error) {
    if (!out_failed_) out_errno_ = error;
    out_failed_ = true;
  }

  // Standard output reaches the file before the messages do, so that when
  // both go to one file (2>&1) a message follows the output lines written
  // before it, whatever stdio kept in its buffer (and the same with --jobs).
  void flush();

  // Whether writing standard output failed (disk full, a closed pipe), and
  // errno then.  A failed write to standard error (closed with 2>&-) only
  // loses the messages: it is not a failure of the output.
  bool out_failed() const { return out_failed_; }
  int out_error() const { return out_errno_; }

 private:
  void write(std::FILE* f, std::string& s);
  void note_out_failure();

  std::string out_;
  std::string err_;
  bool line_buffered_;
  bool spilled_ = false;  // part of the current line is written
  bool out_failed_ = false;
  int out_errno_ = 0;
  progress_meter* meter_ = nullptr;
};

}  // namespace puny::cli
