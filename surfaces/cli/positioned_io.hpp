// puny CLI: the file-offset I/O of the --jobs runner (parallel_lines.hpp,
// issue 58): which way the converted blocks reach standard output, the
// writes at an offset that let every worker write its own block into a
// regular file, and the reads at an offset that let every worker read its
// own block of a regular input file.  POSIX only; elsewhere every route is
// the ordered one and no input is read by offsets.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace puny::cli {

// How the --jobs runner hands its output to standard output.
enum class output_route {
  // Through the sink with the flush points of -j 1 (sink::append_lines):
  // when standard error is the same file as standard output (2>&1), where
  // the interleaving of the two is part of the bytes, and with
  // --line-buffered (a terminal, a coprocess).
  ordered,
  // Each block written by the thread that retires the blocks in order,
  // from the block's own buffer (no copy into the sink): a pipe, a
  // character device such as /dev/null, a file opened for appending.
  direct,
  // Each block written by the worker that converted it, at its offset in
  // the file (pwrite): a regular file, once the blocks before it have their
  // sizes (a running sum).
  positioned,
};

// The route for standard output; `line_buffered` as the sink's.
output_route choose_output_route(bool line_buffered);

// `fd`'s file offset; false when it has none (a pipe).
bool output_offset(int fd, std::size_t& offset);

// Writes all of `data` to `fd` at `offset` (pwrite; short writes and EINTR
// continued).  Returns 0, or errno with `done` the bytes that were written.
int write_at(int fd, std::string_view data, std::size_t offset, std::size_t& done);

// Writes all of `data` to `fd` at its file offset (write(2), as above).
int write_all(int fd, std::string_view data);

// Moves `fd`'s file offset (after positioned writes, so that what is
// written next follows them); ftruncate()s to `size` first when `truncate`.
void settle_output(int fd, std::size_t offset, bool truncate, std::size_t size);

// The part of a regular input file read by offsets: from `fd`'s current
// offset (after a UTF-8 byte order mark there, which is skipped) to just
// after the last "\n" of the file as it is now.  What follows (a last line
// without "\n", lines appended since) is left to the stream reader, from
// `end`.  False when `fd` is not a regular file or there is no such line.
struct input_span {
  std::size_t start = 0;   // the fd's offset when reading began (the progress meter counts from it)
  std::size_t begin = 0;   // the first line's first byte
  std::size_t end = 0;     // after the last "\n"
};
bool find_input_span(int fd, input_span& span);

// Block `index` of the span cut every `block` bytes, as lines: block k
// holds the lines that start in [begin + k * block - 1 ... ) up to the
// first line that ends at or after begin + (k + 1) * block - 1, so any
// thread can find its block's lines from its number alone (a line longer
// than a block makes the blocks it covers empty).  Reads them into
// `text`, from `text_at`, with their line breaks; `next` is the offset
// after them (their end in the file).  Returns 0, or errno (the block is
// then empty); a file that shrank ends the block where its data ends
// (`short_read`).
int read_block(int fd, const input_span& span, std::size_t index, std::size_t block, std::string& text,
               std::size_t& text_at, std::size_t& next, bool& short_read);

// Moves the input's offset to `offset` (where the stream reader goes on).
void seek_input(int fd, std::size_t offset);

}  // namespace puny::cli
