// Fuzz target: the fast path against the full pipeline.  Every public
// UTS #46 entry point (to_ascii / to_unicode, allocating, caller-buffer at
// several capacities, detailed, UTF-16 and UTF-32) runs on the input twice,
// once normally and once with every call forced through the full pipeline
// (idna::detail::fast_paths_disabled); output, errors and offsets must be
// identical.
//
// Input layout: two bytes choose the options (a preset or every flag, as in
// the other IDNA targets); the rest is the domain as UTF-8 (may be
// ill-formed).  The fast path only applies to ASCII, so a third byte, when
// odd, keeps only the input's ASCII bytes to reach it more often.
#include <cstdio>
#include <cstdlib>

#include "idna_all_paths.hpp"
#include "idna_fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t a = rd.byte();
  const std::uint8_t b = rd.byte();
  const std::uint8_t mode = rd.byte();
  const puny::idna::options opt = puny::fuzz::pick_options(a, b);
  std::string in(rd.rest());
  if (mode & 1) {
    std::string ascii;
    for (char c : in)
      if (static_cast<unsigned char>(c) < 0x80) ascii.push_back(c);
    in.swap(ascii);
  }
  const std::string diff = puny::fuzz::fast_path_mismatch(in, opt);
  if (!diff.empty()) {
    std::fprintf(stderr, "fast path and full pipeline disagree:\n%s", diff.c_str());
    std::abort();
  }
  return 0;
}
