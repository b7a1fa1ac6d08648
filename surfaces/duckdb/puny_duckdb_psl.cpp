// puny for DuckDB: the one file the extension reads, Debian's Public Suffix
// List at the path the library names (public_suffix_list::default_path()),
// for idna_display, idna_display_check and hunt_matches (issue 50).
//
// No SQL reaches a path: the extension has no settings and no function takes
// a file name, so the file is the system's, chosen when the library was
// built, and read once per process, by the library's read_list_file (only a
// regular file, never blocking on a FIFO), up to 16 MiB as the PostgreSQL
// extension's lists, checked before reading.  A file that does
// not exist means no list (the last two labels are the registrable domain,
// as documented); any other failure is an error of the functions that use
// the list, naming the file and the line, never a line's text.
#include <sys/stat.h>

#include <cerrno>
#include <new>
#include <mutex>
#include <string>
#include <string_view>

#include "puny/display.hpp"
#include "puny/status.hpp"

namespace {

constexpr std::size_t max_bytes = std::size_t{16} << 20;

struct loaded_list {
  puny::display::public_suffix_list list;
  bool have = false;
  std::string problem;  // why an existing file was not used; empty otherwise
};

void load(loaded_list& loaded) {
  const std::string path(puny::display::public_suffix_list::default_path());
  // No file there: no list (documented), told apart from a file that
  // cannot be used.
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) return;
  std::string text;
  puny::display::list_error error;
  if (!puny::display::read_list_file(path, text, error, max_bytes)) {
    loaded.problem = "the Public Suffix List " + error.text;
    return;
  }
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
