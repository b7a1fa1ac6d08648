// puny CLI: the --jobs runner of run_lines() (line_driver.cpp).  The input
// is cut into blocks of whole lines, converted by N worker threads and
// written by the reading thread in their order, given to the sink with the
// flushes the single-threaded loop makes (so that the interleaving of
// standard output and standard error is the same too).  At most 4 N blocks
// are in flight: memory stays bounded whatever the input's size.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli.hpp"
#include "input_lines.hpp"
#include "output_sink.hpp"

namespace puny::cli {

class parallel_lines {
 public:
  // Called as batches are written: (lines, input bytes consumed up to the
  // batch's last line, failed lines, skipped lines, lines that matched).
  using written_fn = std::function<void(std::size_t lines, std::size_t consumed, std::size_t failures,
                                        std::size_t skipped, std::size_t matched)>;

  parallel_lines(const io_settings& s, json_shape shape, const processor& process, unsigned jobs);
  ~parallel_lines();

  // What a message calls an input: "line", or "input" where the arguments
  // and the lines of standard input share one numbering (line_driver.cpp).
  const char* what = "line";

  // Converts the lines of `reader`, numbered from `line_number` + 1.
  // `written` is called as batches are written.  Stops reading once
  // standard output cannot be written (a closed pipe).
  void run(line_reader& reader, std::size_t& line_number, sink& io, bool& any_failed,
           const written_fn& written);

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
    std::size_t skipped = 0;
    std::size_t matched = 0;
    bool done = false;                         // guarded by the mutex
  };

  void submit(std::unique_ptr<batch> b, sink& io, bool& any_failed, const written_fn& written);
  // Waits for the oldest batch and writes it.
  void write_front(sink& io, bool& any_failed, const written_fn& written);
  // Converts and writes a block of one long line on this thread, its
  // --json object handed to the sink in blocks as it is made.
  void stream_line(const batch& b, sink& io, bool& any_failed, const written_fn& written);
  // A worker thread: converts batches until stopped.
  void work();
  // Converts the lines of one batch into its out and err.
  void convert(batch& b, outcome& r);

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

}  // namespace puny::cli
