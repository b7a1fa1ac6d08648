// read_list_file (puny/display.hpp): the one way every surface reads a list
// file from a path (the Public Suffix List, protected domains, hunt's brand
// list): a regular file only, never blocking on a FIFO, never reading a
// device without end, never taking an empty or huge file for a list.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "puny/display.hpp"

#if defined(_WIN32)
#include <filesystem>
#include <fstream>
#include <sstream>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace puny::display {
namespace {

bool fail(list_error& error, const std::string& path, const std::string& what) {
  error.status = status{};
  error.status.code = errc::file_unreadable;
  error.source = path;
  error.line = 0;
  error.text = path + ": " + what;
  return false;
}

std::string too_big(std::size_t max_bytes) {
  return "is larger than the " + std::to_string(max_bytes) + " bytes a list file may hold";
}

#if !defined(_WIN32)
// What a file that is not a regular file is, for the message.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory, not a regular file";
  if (S_ISFIFO(mode)) return "is a FIFO (a named pipe), not a regular file";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}
#endif

}  // namespace

bool read_list_file(const std::string& path, std::string& text, list_error& error,
                    std::size_t max_bytes) {
  text.clear();
  if (path.empty()) return fail(error, path, "no file name given");
#if defined(_WIN32)
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec) return fail(error, path, "cannot open the file: " + ec.message());
  if (st.type() == std::filesystem::file_type::directory)
    return fail(error, path, "is a directory, not a regular file");
  if (st.type() != std::filesystem::file_type::regular) return fail(error, path, "is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(error, path, "cannot open the file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return fail(error, path, "cannot read the file");
  text = buffer.str();
  if (text.size() > max_bytes) {
    text.clear();
    return fail(error, path, too_big(max_bytes));
  }
#else
  // The type first, by name: a FIFO or a device is never opened (opening
  // some devices has effects, and a FIFO's open waits for a writer).
  struct stat before {};
  if (::stat(path.c_str(), &before) != 0)
    return fail(error, path, std::string("cannot open the file: ") + std::strerror(errno));
  if (!S_ISREG(before.st_mode)) return fail(error, path, kind_of(before.st_mode));
  // Then on the open file: the name may have been replaced in between.
  // O_NONBLOCK: an open of a FIFO put there meanwhile returns at once.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return fail(error, path, std::string("cannot open the file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int e = errno;
    ::close(fd);
    return fail(error, path, std::string("cannot read the file: ") + std::strerror(e));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return fail(error, path, kind_of(st.st_mode));
  }
  if (static_cast<unsigned long long>(st.st_size) > max_bytes) {
    ::close(fd);
    return fail(error, path, too_big(max_bytes));
  }
  // Read to the end (the file may have grown since fstat), one byte past
  // the limit at most.
  text.resize(static_cast<std::size_t>(st.st_size) + 1);
  std::size_t have = 0;
  for (;;) {
    if (have == text.size()) {
      if (text.size() > max_bytes) break;
      text.resize(std::min(text.size() * 2 + 4096, max_bytes + 1));
    }
    const ssize_t n = ::read(fd, &text[have], text.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int e = errno;
      ::close(fd);
      text.clear();
      return fail(error, path, std::string("cannot read the file: ") + std::strerror(e));
    }
    if (n == 0) break;
    have += static_cast<std::size_t>(n);
  }
  ::close(fd);
  text.resize(have);
  if (have > max_bytes) {
    text.clear();
    return fail(error, path, too_big(max_bytes));
  }
#endif
  if (text.empty()) return fail(error, path, "is empty; a list file holds at least one line");
  return true;
}

}  // namespace puny::display
