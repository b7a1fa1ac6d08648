// puny CLI: the --jobs runner (parallel_lines.hpp): the batches' states and
// the order they go through them.  A batch is read (by offsets: any thread;
// from a pipe: the calling thread), counted, numbered (its first line is
// known once every batch before it is counted), converted by any thread,
// placed (positioned output: its offset is known once every batch before
// it is converted), written (positioned: by any thread) and retired in
// input order by the calling thread, which writes the other routes' output
// and the messages.  One mutex guards the states; the work is done outside
// it.
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
  // The calling thread works too while it waits (retire_one): N - 1
  // workers keep N cores busy.
  for (unsigned i = 1; i < jobs; ++i) workers_.emplace_back([this] { work(); });
  max_in_flight_ = 4 * static_cast<std::size_t>(jobs);
}

parallel_lines::~parallel_lines() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void parallel_lines::run(line_reader& reader, std::size_t& line_number, sink& io, bool& any_failed,
                         const written_fn& written) {
  input_fd_ = reader.fd();
  route_ = choose_output_route(io.line_buffered());
  std::size_t base = 0;
  if (route_ != output_route::ordered) io.flush();  // what the arguments before "-" printed
  if (route_ == output_route::positioned && !output_offset(1, base)) route_ = output_route::direct;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    next_line_ = line_number;
    next_offset_ = base;
  }
  bool tail = true;  // lines left for the reader
  if (!io.out_failed() && find_input_span(input_fd_, span_)) {
    block_count_ = (span_.end - span_.begin + batch_bytes - 1) / batch_bytes;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      claims_open_ = true;
    }
    work_cv_.notify_all();
    while (retire_one(io, any_failed, written)) {
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (input_ended_ || write_failed_ || io.out_failed()) {
      tail = false;
    } else {
      seek_input(input_fd_, span_.end);
      reader.resume_at(span_.end - span_.start);
    }
  }
  while (tail) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (write_failed_) break;
    }
    if (io.out_failed()) break;  // nobody reads the output any more
    if (reader.would_wait()) {   // a coprocess gets every answer first
      while (retire_one(io, any_failed, written)) {
      }
    }
    std::unique_ptr<batch> b;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      b = fresh_batch();
    }
    if (!reader.next_block(b->text, batch_bytes)) break;
    // Every line of a block ends with "\n" but, at the end of the input,
    // a last line without one.
    b->lines = count_line_breaks(b->text);
    if (b->text.back() != '\n') ++b->lines;
    b->consumed = reader.consumed();
    b->stream = s_.json && b->lines == 1 && b->text.size() >= flush_limit;  // tail_at 0
    submit(std::move(b), io, any_failed, written);
  }
  while (retire_one(io, any_failed, written)) {
  }
  std::lock_guard<std::mutex> lock(mutex_);
  line_number = next_line_;
  if (route_ == output_route::positioned) {
    // What follows (the arguments after "-", the shell's next command)
    // goes after the output; after a failed write the file ends where -j 1
    // would have stopped: a block after the failing one may have been
    // written already.
    const std::size_t end = write_failed_ ? fail_end_ : next_offset_;
    settle_output(1, end, write_failed_ && wrote_end_ > end, end);
    if (write_failed_) io.note_out_error(write_error_);
  }
}

void parallel_lines::batch::reset() {
  for (std::string* s : {&text, &out, &err}) {
    if (s->capacity() > 4 * batch_bytes) std::string().swap(*s);
    s->clear();
  }
  for (std::vector<std::size_t>* v : {&out_ends, &err_ends}) {
    if (v->capacity() > batch_bytes) std::vector<std::size_t>().swap(*v);
    v->clear();
  }
  text_at = tail_at = lines = first_line = consumed = failures = skipped = matched = out_offset = 0;
  seq = index = 0;
  stream = ends_input = counted = numbered = discarded = converted = finished = false;
  read_error = 0;
}

std::unique_ptr<parallel_lines::batch> parallel_lines::fresh_batch() {
  if (spare_.empty()) return std::make_unique<batch>();
  std::unique_ptr<batch> b = std::move(spare_.back());
  spare_.pop_back();
  return b;
}

void parallel_lines::recycle(std::unique_ptr<batch> b) {
  b->reset();
  spare_.push_back(std::move(b));
}

std::size_t parallel_lines::in_flight_count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return in_flight_.size();
}

void parallel_lines::submit(std::unique_ptr<batch> b, sink& io, bool& any_failed, const written_fn& written) {
  while (in_flight_count() >= max_in_flight_) retire_one(io, any_failed, written);
  std::unique_lock<std::mutex> lock(mutex_);
  b->seq = next_seq_++;
  b->counted = true;
  in_flight_.push_back(std::move(b));
  advance_numbering();
  wake(lock);
}

bool parallel_lines::retire_one(sink& io, bool& any_failed, const written_fn& written) {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (!in_flight_.empty()) {
      batch& front = *in_flight_.front();
      if (front.finished) {
        std::unique_ptr<batch> b = std::move(in_flight_.front());
        in_flight_.pop_front();
        ++front_seq_;
        if (claims_open_) ++new_tasks_;  // room to read one more
        wake(lock);
        const std::size_t head = b->discarded ? 0 : head_lines(*b);
        if (head > 0) {
          switch (route_) {
            case output_route::ordered:
              io.append_lines(b->out, b->err, b->out_ends, b->err_ends);
              break;
            case output_route::direct:
              io.write_direct(b->out);
              io.append_messages(b->err);
              break;
            case output_route::positioned:
              io.append_messages(b->err);
              break;
          }
          if (b->failures > 0) any_failed = true;
          const std::size_t tail_bytes = b->stream ? b->lines_text().size() - b->tail_at : 0;
          written(head, b->consumed - tail_bytes, b->failures, b->skipped, b->matched);
        }
        if (b->stream && !b->discarded) stream_tail(*b, io, any_failed, written);
        lock.lock();
        if (route_ != output_route::positioned && io.out_failed())
          claims_open_ = false;  // nobody reads the output any more
        recycle(std::move(b));
        return true;
      }
    } else if (!claims_open_) {
      return false;
    }
    task t;
    if (take_task(t)) {
      lock.unlock();
      run_task(t, helper_outcome_);
      lock.lock();
      continue;
    }
    main_waiting_ = true;
    main_cv_.wait(lock);
    main_waiting_ = false;
  }
}

void parallel_lines::stream_tail(batch& b, sink& io, bool& any_failed, const written_fn& written) {
  const std::string_view text = b.lines_text().substr(b.tail_at);
  // As convert(): a "\r" goes with the "\n" that follows it only.
  const std::string_view input =
      text.back() == '\n' ? without_cr(text.substr(0, text.size() - 1)) : text;
  std::size_t offset = 0;
  if (route_ == output_route::positioned) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      offset = next_offset_;  // every line before it is written; placement waits
    }
    settle_output(1, offset, false, 0);
  }
  outcome& r = helper_outcome_;
  r.reset();
  r.line = b.first_line + b.lines - 1;
  r.json_out = &io.out();
  process_(input, s_.json, r);
  const spill_fn spill = [&io](std::string&) { io.spill(); };
  format_line(s_, shape_, input, what, b.first_line + b.lines - 1, r, io.out(), io.err(), &spill);
  io.end_line();
  if (!r.ok) any_failed = true;
  written(1, b.consumed, r.ok ? 0 : 1, r.skipped ? 1 : 0, r.matched ? 1 : 0);
  r.reset();  // its decision's memory goes now, not at the next line
  if (route_ != output_route::positioned) return;
  io.flush();
  if (!output_offset(1, offset)) offset = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  next_offset_ = offset;
  placement_waits_ = false;
  if (io.out_failed() && !write_failed_) {
    write_failed_ = true;
    fail_seq_ = b.seq;
    fail_end_ = offset;
    write_error_ = io.out_error();
    claims_open_ = false;
  }
  advance_placement();
  wake(lock);
}

void parallel_lines::work() {
  outcome r;
  for (;;) {
    task t;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_cv_.wait(lock, [&] { return take_task(t) || stopping_; });
      if (t.kind == task_kind::none) return;  // stopping
    }
    run_task(t, r);
  }
}

bool parallel_lines::take_task(task& t) {
  if (!write_queue_.empty()) {
    t = {task_kind::write, write_queue_.front()};
    write_queue_.pop_front();
    return true;
  }
  if (!convert_queue_.empty()) {
    t = {task_kind::convert, convert_queue_.front()};
    convert_queue_.pop_front();
    return true;
  }
  if (claims_open_ && in_flight_.size() < max_in_flight_) {
    std::unique_ptr<batch> b = fresh_batch();
    b->seq = next_seq_++;
    b->index = next_block_++;
    if (next_block_ >= block_count_) claims_open_ = false;
    t = {task_kind::read, b.get()};
    in_flight_.push_back(std::move(b));
    return true;
  }
  return false;
}

void parallel_lines::run_task(const task& t, outcome& r) {
  batch& b = *t.b;
  switch (t.kind) {
    case task_kind::none:
      return;
    case task_kind::read: {
      read(b);
      std::unique_lock<std::mutex> lock(mutex_);
      b.counted = true;
      advance_numbering();
      wake(lock);
      return;
    }
    case task_kind::convert: {
      convert(b, r);
      std::unique_lock<std::mutex> lock(mutex_);
      b.converted = true;
      if (route_ == output_route::positioned)
        advance_placement();
      else
        b.finished = true;
      wake(lock);
      return;
    }
    case task_kind::write: {
      bool skip = false;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        skip = write_failed_ && b.seq > fail_seq_;  // past the end -j 1 would reach
      }
      std::size_t done = 0;
      const int error = skip ? 0 : write_at(1, b.out, b.out_offset, done);
      std::unique_lock<std::mutex> lock(mutex_);
      wrote_end_ = std::max(wrote_end_, b.out_offset + done);
      if (error != 0 && (!write_failed_ || b.seq < fail_seq_)) {
        write_failed_ = true;
        fail_seq_ = b.seq;
        fail_end_ = b.out_offset + done;
        write_error_ = error;
        claims_open_ = false;
      }
      b.finished = true;
      wake(lock);
      return;
    }
  }
}

void parallel_lines::read(batch& b) {
  std::size_t next = 0;
  bool short_read = false;
  const int error = read_block(input_fd_, span_, b.index, batch_bytes, b.text, b.text_at, next, short_read);
  const std::string_view text = b.lines_text();
  b.lines = count_line_breaks(text);
  if (!text.empty() && text.back() != '\n') ++b.lines;  // a file that shrank
  b.consumed = next > span_.start ? next - span_.start : 0;
  b.read_error = error;
  b.ends_input = error != 0 || short_read;
  if (s_.json && b.lines > 0) {
    const std::size_t last_nl = text.size() >= 2 ? text.rfind('\n', text.size() - 2) : std::string_view::npos;
    b.tail_at = last_nl == std::string_view::npos ? 0 : last_nl + 1;
    b.stream = text.size() - b.tail_at >= flush_limit;
  }
}

void parallel_lines::advance_numbering() {
  while (numbered_seq_ < next_seq_) {
    batch& b = at(numbered_seq_);
    if (!b.counted) break;
    ++numbered_seq_;
    b.numbered = true;
    if (input_ended_) {
      b.discarded = true;  // its lines do not follow the ones before
      b.stream = false;
    } else {
      b.first_line = next_line_ + 1;
      next_line_ += b.lines;
      if (b.ends_input) {
        input_ended_ = true;
        claims_open_ = false;
        if (input_error_ == 0) input_error_ = b.read_error;
      }
    }
    if (b.discarded || head_lines(b) == 0) {
      b.converted = true;
      if (route_ != output_route::positioned) b.finished = true;
    } else {
      convert_queue_.push_back(&b);
      ++new_tasks_;
    }
  }
  if (route_ == output_route::positioned) advance_placement();
}

void parallel_lines::advance_placement() {
  while (!placement_waits_ && placed_seq_ < numbered_seq_) {
    batch& b = at(placed_seq_);
    if (!b.converted) break;
    ++placed_seq_;
    b.out_offset = next_offset_;
    next_offset_ += b.out.size();
    // A streamed last line's size is known once stream_tail() wrote it.
    if (b.stream && !b.discarded) placement_waits_ = true;
    if (b.out.empty() || write_failed_) {
      b.finished = true;
    } else {
      write_queue_.push_back(&b);
      ++new_tasks_;
    }
  }
}

void parallel_lines::wake(std::unique_lock<std::mutex>& lock) {
  const std::size_t tasks = new_tasks_;
  new_tasks_ = 0;
  const bool main = main_waiting_;
  lock.unlock();
  if (tasks == 1)
    work_cv_.notify_one();
  else if (tasks > 1)
    work_cv_.notify_all();
  if (main) main_cv_.notify_one();
}

void parallel_lines::convert(batch& b, outcome& r) {
  b.out_ends.reserve(b.lines);
  b.err_ends.reserve(b.lines);
  const std::string_view text = b.lines_text();
  b.out.reserve(text.size() + text.size() / 4 + 64);  // most outputs are near their input's size
  for (std::size_t i = 0, at = 0, n = head_lines(b); i < n; ++i) {
    const std::size_t nl = std::min(text.find('\n', at), text.size());
    // As line_reader::next: a "\r" goes with the "\n" that follows it only.
    const std::string_view raw = text.substr(at, nl - at);
    const std::string_view input = nl < text.size() ? without_cr(raw) : raw;
    at = nl + 1;
    r.reset();
    r.line = b.first_line + i;
    r.json_out = &b.out;
    process_(input, s_.json, r);
    format_line(s_, shape_, input, what, b.first_line + i, r, b.out, b.err);
    b.out_ends.push_back(b.out.size());
    b.err_ends.push_back(b.err.size());
    if (!r.ok) ++b.failures;
    if (r.skipped) ++b.skipped;
    if (r.matched) ++b.matched;
  }
}

}  // namespace puny::cli
