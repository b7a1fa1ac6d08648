// What the advisory regression tests share (advisories_test.cpp: how a host
// is spelled; advisories_codec_test.cpp: the Punycode codec): UTF-8/UTF-32
// conversions that fail the test on error, ASCII lower-casing, and the
// dots and labels the payloads are built from.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "puny/unicode.hpp"

namespace puny::test::advisory {

inline std::string utf8(std::u32string_view s) {
  std::string out;
  EXPECT_TRUE(puny::unicode::utf32_to_utf8(s, out).ok());
  return out;
}

inline std::u32string utf32(std::string_view s) {
  std::u32string out;
  EXPECT_TRUE(puny::unicode::utf8_to_utf32(s, out).ok());
  return out;
}

// ASCII letters lower-cased (what the UTS #46 Map step does to them).
inline std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

inline bool all_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

inline const std::string nihon = "\xE6\x97\xA5\xE6\x9C\xAC";          // 日本
inline const std::string ideographic_stop = "\xE3\x80\x82";          // U+3002
inline const std::string fullwidth_stop = "\xEF\xBC\x8E";            // U+FF0E
inline const std::string halfwidth_ideographic_stop = "\xEF\xBD\xA1";  // U+FF61

}  // namespace puny::test::advisory
