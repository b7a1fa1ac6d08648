// Benchmark workloads: loading the shared data files and converting them to
// each API's native form (done once, outside every timed region).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

// Lines of a text file, without their line terminators.  Exits with a
// message when the file cannot be read (a benchmark without its data is
// useless, and silently measuring nothing would be worse).
std::vector<std::string> read_lines(const std::string& path);

// Minimal converters for well-formed input (the workloads are generated and
// checksummed).  They are not used inside timed regions.
std::u32string utf8_to_u32(std::string_view s);
std::string u32_to_utf8(std::u32string_view s);
std::u16string u32_to_u16(std::u32string_view s);
std::u32string u16_to_u32(std::u16string_view s);

// A list of strings in one form, plus the totals the reports need.
template <class String>
struct corpus {
  std::vector<String> items;
  std::size_t bytes = 0;        // size of the workload as UTF-8 / ASCII text
  std::size_t max_length = 0;   // longest item, in code units of String
};

template <class String>
corpus<String> make_corpus(std::vector<String> items, std::size_t bytes) {
  corpus<String> c;
  c.bytes = bytes;
  for (const auto& s : items)
    if (s.size() > c.max_length) c.max_length = s.size();
  c.items = std::move(items);
  return c;
}

std::size_t total_bytes(const std::vector<std::string>& lines);

// One string of `n` code points shaped like the shared long-N.txt files:
// a quarter ASCII letters and digits, the rest CJK (U+4E00..U+9FFF) with as
// many distinct code points as fit (20,992), shuffled.  Deterministic: a
// fixed SplitMix64 stream, independent of the standard library.
std::u32string make_long_string(std::size_t n, std::uint64_t seed);

// The names of domains-mixed.txt that are ASCII letters, digits, hyphens
// and dots, lowercased, and valid under UTS #46 (CheckHyphens, no empty
// label) with no xn-- label: the ascii-lower workload of puny_bench and
// puny_count, derived in memory (the shared files are never rewritten).
std::vector<std::string> ascii_lowercase_names(const std::vector<std::string>& mixed);

}  // namespace bench
