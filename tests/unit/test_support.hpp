// Helpers shared by the unit tests.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "puny/unicode.hpp"

namespace puny::test {

inline std::string utf8(std::u32string_view s) {
  std::string out;
  (void)puny::unicode::utf32_to_utf8(s, out);
  return out;
}

inline std::u32string utf32(std::string_view s) {
  std::u32string out;
  (void)puny::unicode::utf8_to_utf32(s, out);
  return out;
}

// Random scalar values drawn from a mix of ASCII, Latin, CJK and astral
// ranges, so strings have both repeated and many distinct code points.
inline std::u32string random_string(std::mt19937_64& rng, std::size_t length,
                                    std::uint32_t distinct_cjk = 20000) {
  std::u32string s;
  s.reserve(length);
  for (std::size_t j = 0; j < length; ++j) {
    char32_t c = 0;
    switch (rng() % 5) {
      case 0: c = static_cast<char32_t>(0x20 + rng() % 0x5F); break;
      case 1: c = static_cast<char32_t>(0x80 + rng() % 0x400); break;
      case 2: c = static_cast<char32_t>(0x4E00 + rng() % distinct_cjk); break;
      case 3: c = static_cast<char32_t>(0xE000 + rng() % 0x2000); break;
      default: c = static_cast<char32_t>(0x10000 + rng() % 0x100000); break;
    }
    s.push_back(c);
  }
  return s;
}

}  // namespace puny::test
