// puny CLI: run_lines(), the loop every line-oriented subcommand runs: the
// inputs (arguments, standard input, --input FILE) through the processor,
// one thread or --jobs N, into the ordered output; and the exit status.
// Its parts: input_lines.hpp (reading), parallel_lines.hpp (--jobs) and
// positioned_io.hpp (its reads and writes at file offsets),
// output_sink.hpp (buffered output, --progress), line_format.hpp (the text
// of each result), io_options.cpp (the options they share).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "cli.hpp"
#include "input_lines.hpp"
#include "line_format.hpp"
#include "output_sink.hpp"
#include "parallel_lines.hpp"

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace puny::cli {

int run_lines(const io_settings& s, json_shape shape, const processor& process) {
  const unsigned jobs = std::max(1u, parse_jobs(s.jobs));
  // Like stdio: line by line on a terminal, in large blocks otherwise.
  sink io(s.line_buffered || is_terminal(1));
  outcome r;
  bool any_failed = false;
  // A long --json object goes out in blocks as it is written (issue 44).
  const spill_fn spill = [&io](std::string&) { io.spill(); };

  // Converts and prints one input; whether it converted.
  auto handle = [&](std::string_view input, const char* what, std::size_t number) {
    r.reset();
    r.line = number;
    r.json_out = &io.out();
    process(input, s.json, r);
    if (!r.ok) any_failed = true;
    format_line(s, shape, input, what, number, r, io.out(), io.err(), &spill);
    io.end_line();
    return r.ok;
  };

  const bool show_progress = s.progress == progress_mode::on ||
                             (s.progress == progress_mode::automatic && is_terminal(2) && !is_terminal(1));
  std::unique_ptr<progress_meter> meter;
  std::size_t lines_done = 0, bytes_done = 0, failures = 0, skips = 0, matches = 0;
  std::size_t until_clock = 0;  // lines until the meter next looks at the clock
  const auto written = [&](std::size_t lines, std::size_t consumed, std::size_t failed,
                           std::size_t skipped, std::size_t matched) {
    lines_done += lines;
    bytes_done = consumed;
    failures += failed;
    skips += skipped;
    matches += matched;
    if (!meter || lines < until_clock) {
      until_clock -= std::min(until_clock, lines);
      return;
    }
    until_clock = 1024;
    meter->update(lines_done, bytes_done, failures, skips, matches);
  };

  // The lines of standard input or of --input FILE, numbered from 1.  With
  // "-" among the arguments, the arguments and the lines share this one
  // numbering, in the order they are converted, and messages say "input N"
  // (issue 52: argument 2 and line 2 were both "line": 2).
  std::size_t line_number = 0;
  const bool mixed = std::find(s.inputs.begin(), s.inputs.end(), std::string("-")) != s.inputs.end();
  const char* const what = mixed ? "input" : "line";
  const auto read_lines = [&](int fd, const std::string& name) {
    line_reader reader(fd);
    if (show_progress && !meter) {
      meter = std::make_unique<progress_meter>(is_terminal(2), regular_file_size(fd), shape == json_shape::hunt);
      io.set_progress(meter.get());
    }
    int read_error = 0;
    if (jobs > 1) {
      parallel_lines pool(s, shape, process, jobs);
      pool.what = what;
      pool.run(reader, line_number, io, any_failed, written);
      read_error = pool.input_error();
    } else {
      std::string_view line;
      while (!io.out_failed() && reader.next(line)) {
        const bool ok = handle(line, what, ++line_number);
        written(1, reader.consumed(), ok ? 0 : 1, r.skipped ? 1 : 0, r.matched ? 1 : 0);
      }
    }
    if (reader.failed()) read_error = reader.error();
    if (read_error != 0) {
      io.err() += "puny: error reading " + name + ": ";
      io.err() += std::strerror(read_error);
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
    for (const std::string& token : s.inputs) {
      if (io.out_failed()) break;
      const std::string& arg = verbatim_argument(token);
      if (arg == "-") {
        read_lines(0, "standard input");
        continue;
      }
      handle(arg, mixed ? "input" : "argument", ++line_number);
    }
  }
  io.flush();
  if (meter) meter->finish(lines_done, bytes_done, failures, skips, matches);
  if (io.out_failed() || std::ferror(stdout)) {
    std::fprintf(stderr, "puny: error writing standard output: %s\n",
                 std::strerror(io.out_failed() ? io.out_error() : EIO));
    return exit_write;
  }
  return any_failed ? exit_failed : exit_ok;
}

}  // namespace puny::cli
