// puny CLI: the file-offset I/O of the --jobs runner (positioned_io.hpp).
#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

#include "positioned_io.hpp"

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#endif

namespace puny::cli {

#if defined(_WIN32)

output_route choose_output_route(bool) { return output_route::ordered; }
bool output_offset(int, std::size_t&) { return false; }
int write_at(int, std::string_view, std::size_t, std::size_t& done) {
  done = 0;
  return EINVAL;
}
int write_all(int, std::string_view) { return EINVAL; }
void settle_output(int, std::size_t, bool, std::size_t) {}
bool find_input_span(int, input_span&) { return false; }
int read_block(int, const input_span&, std::size_t, std::size_t, std::string&, std::size_t&,
               std::size_t&, bool&) {
  return EINVAL;
}
void seek_input(int, std::size_t) {}

#else

namespace {

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Reads [offset, offset + size) into `out` at `at`; returns the bytes read
// (fewer at the end of the file) or -1 with errno.
long long read_at(int fd, char* out, std::size_t size, std::size_t offset) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::pread(fd, out + got, size - got, static_cast<off_t>(offset + got));
    if (n > 0) {
      got += static_cast<std::size_t>(n);
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {
      return -1;
    }
  }
  return static_cast<long long>(got);
}

}  // namespace

output_route choose_output_route(bool line_buffered) {
  if (line_buffered) return output_route::ordered;
  struct stat out, err, null;
  if (::fstat(1, &out) != 0) return output_route::ordered;
  const bool to_null = S_ISCHR(out.st_mode) && ::stat("/dev/null", &null) == 0 && same_file(out, null);
  // One file behind both: the messages' places among the output lines are
  // part of its bytes (nobody reads /dev/null).
  if (!to_null && ::fstat(2, &err) == 0 && same_file(out, err)) return output_route::ordered;
  if (!S_ISREG(out.st_mode)) return output_route::direct;
  const int flags = ::fcntl(1, F_GETFL);
  // pwrite on a file opened with O_APPEND appends wherever it is told to write (Linux).
  if (flags < 0 || (flags & O_APPEND) != 0) return output_route::direct;
  return output_route::positioned;
}

bool output_offset(int fd, std::size_t& offset) {
  const off_t here = ::lseek(fd, 0, SEEK_CUR);
  if (here < 0) return false;
  offset = static_cast<std::size_t>(here);
  return true;
}

int write_at(int fd, std::string_view data, std::size_t offset, std::size_t& done) {
  done = 0;
  while (done < data.size()) {
    const ssize_t n = ::pwrite(fd, data.data() + done, data.size() - done, static_cast<off_t>(offset + done));
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return n < 0 ? errno : ENOSPC;  // a write of nothing: no room
    }
  }
  return 0;
}

int write_all(int fd, std::string_view data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return n < 0 ? errno : ENOSPC;
    }
  }
  return 0;
}

void settle_output(int fd, std::size_t offset, bool truncate, std::size_t size) {
  if (truncate && ::ftruncate(fd, static_cast<off_t>(size)) != 0) {
    // The bytes past `size` stay; the failure itself is already reported.
  }
  ::lseek(fd, static_cast<off_t>(offset), SEEK_SET);
}

bool find_input_span(int fd, input_span& span) {
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return false;
  const off_t here = ::lseek(fd, 0, SEEK_CUR);
  if (here < 0 || here >= st.st_size) return false;
  span.start = static_cast<std::size_t>(here);
  const std::size_t size = static_cast<std::size_t>(st.st_size);
  char bom[3];
  const long long got = read_at(fd, bom, 3, span.start);
  if (got < 0) return false;  // the stream reader reports it
  span.begin = span.start + (got == 3 && std::memcmp(bom, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0);
  // The last "\n", read backwards a piece at a time.
  std::string piece;
  for (std::size_t to = size; to > span.begin;) {
    const std::size_t from = to - std::min<std::size_t>(to - span.begin, std::size_t{1} << 16);
    piece.resize(to - from);
    const long long n = read_at(fd, &piece[0], piece.size(), from);
    if (n < 0) return false;
    const std::size_t nl = std::string_view(piece.data(), static_cast<std::size_t>(n)).rfind('\n');
    if (nl != std::string_view::npos) {
      span.end = from + nl + 1;
      return true;
    }
    to = from;
  }
  return false;
}

int read_block(int fd, const input_span& span, std::size_t index, std::size_t block, std::string& text,
               std::size_t& text_at, std::size_t& next, bool& short_read) {
  short_read = false;
  text.clear();
  text_at = 0;
  next = 0;
  const std::size_t nominal = span.begin + index * block;  // below span.end
  const std::size_t from = index == 0 ? span.begin : nominal - 1;
  const std::size_t stop = std::min(nominal + block - 1, span.end);
  text.resize(stop - from);
  long long n = read_at(fd, &text[0], text.size(), from);
  if (n < 0) return errno;
  if (static_cast<std::size_t>(n) < text.size()) {
    short_read = true;
    text.resize(static_cast<std::size_t>(n));
  }
  if (index > 0) {
    // The first line that starts here follows the first "\n" at or after
    // nominal - 1; none before the next block's start: the block is empty.
    const std::size_t nl = text.find('\n');
    if (nl == std::string::npos) {
      text.clear();
      return 0;
    }
    text_at = nl + 1;
  }
  // The last line: up to the first "\n" at or after nominal + block - 1.
  std::size_t at = from + text.size();
  std::size_t piece = 4096;
  while (!short_read && at < span.end) {
    const std::size_t old = text.size();
    text.resize(old + std::min(piece, span.end - at));
    n = read_at(fd, &text[old], text.size() - old, at);
    if (n < 0) {
      text.clear();
      text_at = 0;
      return errno;
    }
    if (static_cast<std::size_t>(n) < text.size() - old) short_read = true;
    text.resize(old + static_cast<std::size_t>(n));
    const std::size_t nl = std::string_view(text).find('\n', old);
    if (nl != std::string::npos) {
      text.resize(nl + 1);
      break;
    }
    at += static_cast<std::size_t>(n);
    if (n == 0) break;
    piece = std::min(piece * 2, block);
  }
  next = from + text.size();
  if (text_at >= text.size()) {  // the first line is the next block's
    text.clear();
    text_at = 0;
  }
  return 0;
}

void seek_input(int fd, std::size_t offset) { ::lseek(fd, static_cast<off_t>(offset), SEEK_SET); }

#endif

}  // namespace puny::cli
