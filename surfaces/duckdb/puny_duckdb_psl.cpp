// puny for DuckDB: the one file the extension reads, Debian's Public Suffix
// List at the path the library names (public_suffix_list::default_path()),
// for idna_display, idna_display_check and hunt_matches (issue 50).
//
// No SQL reaches a path: the extension has no settings and no function takes
// a file name, so the file is the system's, chosen when the library was
// built, and read once per process.  It is read as the PostgreSQL extension
// reads its lists: opened without blocking (a FIFO does not wait for a
// writer) and checked with fstat on that descriptor, so only a regular file
// is read, and only up to 16 MiB, checked before reading.  A file that does
// not exist means no list (the last two labels are the registrable domain,
// as documented); any other failure is an error of the functions that use
// the list, naming the file and the line, never a line's text.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <mutex>
#include <string>
#include <string_view>

#include "puny/display.hpp"
#include "puny/status.hpp"

namespace {

constexpr long long max_bytes = 16LL * 1024 * 1024;

struct loaded_list {
  puny::display::public_suffix_list list;
  bool have = false;
  std::string problem;  // why an existing file was not used; empty otherwise
};

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Reads the regular file `path` into `text`: "" when done, "missing" when
// it does not exist, else what went wrong (with the path).
std::string read_regular_file(const std::string& path, std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return "missing";
    return path + ": cannot open: " + std::strerror(errno);
  }
  struct stat st;
  std::string problem;
  if (::fstat(fd, &st) != 0) {
    problem = path + ": cannot stat: " + std::strerror(errno);
  } else if (!S_ISREG(st.st_mode)) {
    problem = path + " is " + kind_of(st.st_mode) + ", not a regular file";
  } else if (st.st_size > max_bytes) {
    problem = path + " has " + std::to_string(static_cast<long long>(st.st_size)) +
              " bytes, over the limit of " + std::to_string(max_bytes);
  } else {
    text.resize(static_cast<std::size_t>(st.st_size) + 1);
    std::size_t used = 0;
    for (;;) {
      if (used == text.size()) text.resize(std::min<std::size_t>(text.size() * 2, max_bytes + 1));
      const ssize_t got = ::read(fd, &text[used], text.size() - used);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        problem = path + ": cannot read: " + std::strerror(errno);
        break;
      }
      if (got == 0) break;
      used += static_cast<std::size_t>(got);
      if (used > static_cast<std::size_t>(max_bytes)) {
        problem = path + " grew past the limit of " + std::to_string(max_bytes) + " bytes";
        break;
      }
    }
    text.resize(used);
  }
  ::close(fd);
  return problem;
}

void load(loaded_list& loaded) {
  const std::string path(puny::display::public_suffix_list::default_path());
  std::string text;
  const std::string problem = read_regular_file(path, text);
  if (problem == "missing") return;
  if (!problem.empty()) {
    loaded.problem = "the Public Suffix List " + problem;
    return;
  }
  puny::display::list_error error;
  if (!puny::display::public_suffix_list::parse(text, path, loaded.list, error)) {
    loaded.problem = "the Public Suffix List " + path + ", line " + std::to_string(error.line) +
                     ": not a valid rule (" + std::string(puny::to_string(error.status.code)) + ")";
    return;
  }
  loaded.have = true;
}

const loaded_list& suffixes() {
  static loaded_list loaded;
  static std::once_flag once;
  std::call_once(once, [] {
    try {
      load(loaded);
    } catch (const std::bad_alloc&) {
      loaded.have = false;
      loaded.problem = "the Public Suffix List: out of memory reading it";
    }
  });
  return loaded;
}

}  // namespace

// Debian's Public Suffix List when it is installed, else nullptr; *problem
// (if not NULL) says why an installed file could not be used ("" when the
// list was read or is not installed).
const puny::display::public_suffix_list* puny_duckdb_suffix_list(std::string_view* problem) {
  const loaded_list& l = suffixes();
  if (problem != nullptr) *problem = l.problem;
  return l.have ? &l.list : nullptr;
}
