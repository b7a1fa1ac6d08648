// A main() for the fuzz targets without libFuzzer: calls
// LLVMFuzzerTestOneInput once per file, so the committed seed corpora (and
// any crash input) are replayed by ctest with any compiler, GCC included.
//
//   fuzz_punycode_decode_replay FILE_OR_DIRECTORY...
//
// A property failure aborts (PUNY_FUZZ_CHECK), naming the check; the file
// being replayed is printed first so the failing input is known.  An
// argument that does not exist, or a directory without files, is an error:
// a replay that replays nothing must not pass.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

bool replay_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", file.string().c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  std::fprintf(stderr, "replay: %s (%zu bytes)\n", file.string().c_str(), bytes.size());
  // An exact heap copy, so a read one past the end is a sanitizer report.
  const std::unique_ptr<std::uint8_t[]> copy(new std::uint8_t[bytes.size()]);
  std::copy(bytes.begin(), bytes.end(), copy.get());
  LLVMFuzzerTestOneInput(copy.get(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_DIRECTORY...\n", argv[0]);
    return 2;
  }
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> files;
      for (const fs::directory_entry& e : fs::directory_iterator(arg))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      if (files.empty()) {
        std::fprintf(stderr, "replay: no files in %s\n", arg.string().c_str());
        return 1;
      }
      for (const fs::path& f : files) {
        if (!replay_file(f)) return 1;
        ++replayed;
      }
    } else if (fs::is_regular_file(arg, ec)) {
      if (!replay_file(arg)) return 1;
      ++replayed;
    } else {
      std::fprintf(stderr, "replay: %s does not exist\n", arg.string().c_str());
      return 1;
    }
  }
  std::printf("replayed %zu inputs, every property held\n", replayed);
  return 0;
}
