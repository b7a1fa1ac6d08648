// puny CLI: the --jobs runner (parallel_lines.hpp): the reading thread cuts
// blocks and writes them in order, the workers (and the reading thread while
// it waits) convert them.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "line_format.hpp"
#include "parallel_lines.hpp"

namespace puny::cli {

parallel_lines::parallel_lines(const io_settings& s, json_shape shape, const processor& process,
                               unsigned jobs)
    : s_(s), shape_(shape), process_(process) {
  // The reading thread converts too while it waits (write_front): N - 1
  // workers keep N cores busy.
  for (unsigned i = 1; i < jobs; ++i) workers_.emplace_back([this] { work(); });
  max_in_flight_ = 4 * static_cast<std::size_t>(jobs);
}

parallel_lines::~parallel_lines() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_workers_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void parallel_lines::run(line_reader& reader, std::size_t& line_number, sink& io, bool& any_failed,
                         const written_fn& written) {
  for (;;) {
    if (io.out_failed()) break;  // nobody reads the output any more
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
    if (s_.json && b->lines == 1 && b->text.size() >= flush_limit) {
      // A long line alone in its block: once every line before it is
      // written it is the next to write, so its --json object can go out
      // in blocks as it is made instead of whole in memory (issue 44).
      while (!in_flight_.empty()) write_front(io, any_failed, written);
      stream_line(*b, io, any_failed, written);
      continue;
    }
    submit(std::move(b), io, any_failed, written);
  }
  while (!in_flight_.empty()) write_front(io, any_failed, written);
}

void parallel_lines::submit(std::unique_ptr<batch> b, sink& io, bool& any_failed,
                            const written_fn& written) {
  while (in_flight_.size() >= max_in_flight_) write_front(io, any_failed, written);
  batch* raw = b.get();
  in_flight_.push_back(std::move(b));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(raw);
  }
  wake_workers_.notify_one();
}

void parallel_lines::write_front(sink& io, bool& any_failed, const written_fn& written) {
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
  written(b.lines, b.consumed, b.failures, b.skipped, b.matched);
  in_flight_.pop_front();
}

void parallel_lines::stream_line(const batch& b, sink& io, bool& any_failed, const written_fn& written) {
  const std::string_view text(b.text);
  // As convert(): a "\r" goes with the "\n" that follows it only.
  const std::string_view input =
      text.back() == '\n' ? without_cr(text.substr(0, text.size() - 1)) : text;
  outcome& r = helper_outcome_;
  r.reset();
  process_(input, s_.json, r);
  const spill_fn spill = [&io](std::string&) { io.spill(); };
  format_line(s_, shape_, input, what, b.first_line, r, io.out(), io.err(), &spill);
  io.end_line();
  if (!r.ok) any_failed = true;
  written(1, b.consumed, r.ok ? 0 : 1, r.skipped ? 1 : 0, r.matched ? 1 : 0);
  r.reset();  // its decision's memory goes now, not at the next line
}

void parallel_lines::work() {
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

void parallel_lines::convert(batch& batch_ref, outcome& r) {
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
      format_line(s_, shape_, input, what, b->first_line + i, r, b->out, b->err);
      b->out_ends.push_back(b->out.size());
      b->err_ends.push_back(b->err.size());
      if (!r.ok) ++b->failures;
      if (r.skipped) ++b->skipped;
      if (r.matched) ++b->matched;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      b->done = true;
    }
    batch_done_.notify_all();
  }
}

}  // namespace puny::cli
