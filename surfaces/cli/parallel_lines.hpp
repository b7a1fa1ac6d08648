// puny CLI: the --jobs runner of run_lines() (line_driver.cpp).  The input
// is cut into blocks of whole lines, converted by N threads (N - 1 workers
// and the thread that called run(), which retires the blocks in input
// order), and written in their order, byte for byte what -j 1 writes.
//
// Reading and writing are shared by the threads where the files allow it
// (issue 58, positioned_io.hpp):
// - a regular input file is cut by offsets: any thread reads block k's
//   lines with pread from its number alone, counts them, and the blocks'
//   first line numbers follow as a running sum; a pipe is read by the
//   calling thread, as before;
// - to a regular file, the thread that converted a block writes it with
//   pwrite at its offset, known once the blocks before it are converted
//   (a running sum of their sizes); to a pipe or /dev/null the calling
//   thread writes each block from its own buffer; where standard error is
//   the same file as standard output (2>&1) or with --line-buffered the
//   blocks go through the sink with -j 1's flush points (output_route).
// At most 4 N blocks are in flight: memory stays bounded whatever the
// input's size.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli.hpp"
#include "input_lines.hpp"
#include "output_sink.hpp"
#include "positioned_io.hpp"

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

  // Converts the lines of `reader` (its fd read by offsets up to the last
  // line break when it is a regular file, then by `reader`), numbered from
  // `line_number` + 1.  `written` is called as batches are written.  Stops
  // reading once standard output cannot be written (a closed pipe, a full
  // disk).
  void run(line_reader& reader, std::size_t& line_number, sink& io, bool& any_failed,
           const written_fn& written);

  // errno of a failed read by offsets, else 0 (the reader's own are its).
  int input_error() const { return input_error_; }

 private:
  static constexpr std::size_t batch_bytes = std::size_t{1} << 17;

  struct batch {
    std::size_t seq = 0;                       // its place in the input
    std::size_t index = 0;                     // read by offsets: its block number
    std::string text;                          // whole lines, with their line breaks, from text_at
    std::size_t text_at = 0;
    std::size_t lines = 0;
    std::size_t first_line = 0;
    std::size_t consumed = 0;                  // input bytes read up to its last line
    bool stream = false;                       // its last line is a long --json line: stream_tail()
    std::size_t tail_at = 0;                   // stream: where that line starts in lines_text()
    bool ends_input = false;                   // a failed or short read by offsets: nothing follows
    int read_error = 0;
    std::string out, err;                      // what the lines print
    std::vector<std::size_t> out_ends, err_ends;
    std::size_t failures = 0;
    std::size_t skipped = 0;
    std::size_t matched = 0;
    // Guarded by the mutex.
    bool counted = false;                      // lines known
    bool numbered = false;                     // first_line known
    bool discarded = false;                    // after an input that ended early
    bool converted = false;
    bool finished = false;                     // nothing left but retiring it
    std::size_t out_offset = 0;                // positioned: where its output goes

    std::string_view lines_text() const { return std::string_view(text).substr(text_at); }
    // Empty again, keeping the buffers' memory (a long line's is let go).
    void reset();
  };

  enum class task_kind { none, read, convert, write };
  struct task {
    task_kind kind = task_kind::none;
    batch* b = nullptr;
  };

  // The calling thread: retires the oldest batch, doing tasks while it is
  // not finished.  False when there is none and none can come.
  bool retire_one(sink& io, bool& any_failed, const written_fn& written);
  // The last line of the oldest batch, a long --json line (any line longer
  // than a block is the last of its block): converted here once the lines
  // before it are written, its object handed to the sink in blocks as it
  // is made (issue 44).
  void stream_tail(batch& b, sink& io, bool& any_failed, const written_fn& written);
  // The lines a worker converts: all but a streamed last one.
  static std::size_t head_lines(const batch& b) { return b.lines - (b.stream ? 1 : 0); }
  // Hands a batch read by the calling thread to the others.
  void submit(std::unique_ptr<batch> b, sink& io, bool& any_failed, const written_fn& written);
  void work();  // a worker thread: tasks until stopped
  // With the mutex held: takes the most urgent task (write, convert, read).
  bool take_task(task& t);
  void run_task(const task& t, outcome& r);
  void read(batch& b);
  void convert(batch& b, outcome& r);
  // With the mutex held: first line numbers, output offsets, as far as
  // the batches before allow.  Count the tasks they make in new_tasks_.
  void advance_numbering();
  void advance_placement();
  batch& at(std::size_t seq) { return *in_flight_[seq - front_seq_]; }
  void wake(std::unique_lock<std::mutex>& lock);  // unlocks
  std::size_t in_flight_count();
  // A batch from the ones retired (their buffers reused: fresh memory for
  // every block cost a page fault per 4 KiB), or a new one.
  std::unique_ptr<batch> fresh_batch();
  void recycle(std::unique_ptr<batch> b);

  const io_settings& s_;
  json_shape shape_;
  const processor& process_;
  std::vector<std::thread> workers_;
  std::size_t max_in_flight_ = 0;
  outcome helper_outcome_;    // the calling thread's, when it converts
  output_route route_ = output_route::ordered;
  int input_fd_ = -1;
  input_span span_;
  std::size_t block_count_ = 0;
  int input_error_ = 0;

  std::mutex mutex_;
  std::condition_variable work_cv_;   // workers: a task may be there
  std::condition_variable main_cv_;   // the calling thread: the oldest batch or a task
  bool main_waiting_ = false;
  bool stopping_ = false;
  std::size_t new_tasks_ = 0;
  std::deque<std::unique_ptr<batch>> in_flight_;  // in input order
  std::size_t front_seq_ = 0, next_seq_ = 0;
  std::deque<batch*> convert_queue_, write_queue_;
  std::vector<std::unique_ptr<batch>> spare_;
  std::size_t next_block_ = 0;
  bool claims_open_ = false;         // blocks left to read by offsets
  bool input_ended_ = false;
  std::size_t numbered_seq_ = 0, next_line_ = 0;
  std::size_t placed_seq_ = 0, next_offset_ = 0;
  bool placement_waits_ = false;     // for a streamed line's size
  bool write_failed_ = false;
  std::size_t fail_seq_ = 0, fail_end_ = 0, wrote_end_ = 0;
  int write_error_ = 0;
};

}  // namespace puny::cli
