// uts39::skeleton on UTF-8 takes a string whose code points all have a
// starter-first piece (and NFD) through the per-code-point pieces of
// src/uts39/confusables.cpp; the UTF-32 form always takes the general
// algorithm (NFD, default ignorables dropped, prototypes, NFD).  The two
// agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "puny/unicode.hpp"
#include "puny/uts39.hpp"

namespace {

// uts39::skeleton on UTF-8 maps a string of code points with starter-first
// NFDs and pieces through the page table; on UTF-32 it always takes the
// general algorithm (NFD, prototypes, NFD).  Equal for every BMP code point alone,
// after a letter, before a combining mark, and for random strings across
// pages (Latin, Greek, Cyrillic, marks, CJK, Hangul, anything).
TEST(SkeletonPieces, EqualTheGeneralAlgorithm) {
  auto general = [](const std::u32string& s) {
    std::string utf8;
    EXPECT_TRUE(puny::unicode::utf32_to_utf8(puny::uts39::skeleton(std::u32string_view(s)), utf8).ok());
    return utf8;
  };
  auto paged = [](const std::u32string& s) {
    std::string in, out;
    EXPECT_TRUE(puny::unicode::utf32_to_utf8(s, in).ok());
    EXPECT_TRUE(puny::uts39::skeleton(std::string_view(in), out).ok());
    return out;
  };
  long compared = 0, differ = 0;
  auto check = [&](const std::u32string& s) {
    ++compared;
    if (general(s) == paged(s) || ++differ > 10) return;
    std::string shown;
    char buf[12];
    for (const char32_t c : s) {
      std::snprintf(buf, sizeof buf, " U+%04X", static_cast<unsigned>(c));
      shown += buf;
    }
    ADD_FAILURE() << "skeletons differ for" << shown;
  };
  for (char32_t c = 0; c < 0x10000; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    check(std::u32string(1, c));
    check(std::u32string{U'a', c});
    check(std::u32string{c, 0x0301});
  }
  std::mt19937 rng(53);
  const char32_t starts[] = {0x0041, 0x00C0, 0x0250, 0x0300, 0x0370, 0x0400, 0x0530, 0x0E00, 0x1E00, 0x3040, 0x4E00, 0xAC00};
  for (int n = 0; n < 200000; ++n) {
    std::u32string s;
    const int length = 1 + static_cast<int>(rng() % 8);
    for (int i = 0; i < length; ++i) {
      char32_t c = rng() % 5 == 0 ? rng() % 0x10000 : starts[rng() % 12] + rng() % 0x80;
      if (c >= 0xD800 && c <= 0xDFFF) c = U'x';
      s.push_back(c);
    }
    check(s);
  }
  EXPECT_EQ(differ, 0) << "of " << compared;
}

// ASCII strings take a slot per character (eight bytes copied whole):
// every ASCII character, '%' among them (its prototype is not ASCII), in
// random strings and long ones, as the general algorithm maps them.
TEST(SkeletonPieces, AsciiStringsEqualTheGeneralAlgorithm) {
  std::mt19937 rng(54);
  int differ = 0;
  for (int n = 0; n < 50000; ++n) {
    std::string s;
    const std::size_t length = rng() % 40;
    for (std::size_t i = 0; i < length; ++i) s += static_cast<char>(rng() % 128);
    std::string out, general_utf8;
    ASSERT_TRUE(puny::uts39::skeleton(std::string_view(s), out).ok());
    const std::u32string general = puny::uts39::skeleton(std::u32string(s.begin(), s.end()));
    ASSERT_TRUE(puny::unicode::utf32_to_utf8(general, general_utf8).ok());
    if (out != general_utf8 && ++differ <= 5) ADD_FAILURE() << "skeletons differ for '" << s << "'";
  }
  EXPECT_EQ(differ, 0);
  // Long texts, with '%' in them: within the slots' 4,096 characters and
  // past them (then the pieces one by one).
  for (const int length : {1000, 5000}) {
    std::string long_text;
    for (int i = 0; i < length; ++i) long_text += i % 7 == 0 ? '%' : static_cast<char>('a' + i % 26);
    std::string long_out, long_general;
    ASSERT_TRUE(puny::uts39::skeleton(std::string_view(long_text), long_out).ok());
    ASSERT_TRUE(puny::unicode::utf32_to_utf8(
                    puny::uts39::skeleton(std::u32string(long_text.begin(), long_text.end())), long_general)
                    .ok());
    EXPECT_EQ(long_out, long_general) << length << " characters";
  }
  // '%' is the ASCII character whose prototype is not ASCII (U+00B0 or,
  // in Unicode 17.0.0, U+00BA, then '/' U+2080): its slot holds UTF-8.
  std::string out, general;
  ASSERT_TRUE(puny::uts39::skeleton(std::string_view("50%"), out).ok());
  ASSERT_TRUE(puny::unicode::utf32_to_utf8(puny::uts39::skeleton(std::u32string_view(U"50%")), general).ok());
  EXPECT_EQ(out, general);
  EXPECT_TRUE(std::any_of(out.begin(), out.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
      << out;
}

// The case the random strings found: U+032E (breve below, class 220) has
// a starter for prototype in Unicode 18 (U+11B62), and NFD puts it before
// U+00C0's grave (class 230), so it is mapped before the grave, which then
// sits on U+11B62.  The pieces gave A U+0300 U+11B62.
TEST(SkeletonPieces, MarkWithAStarterPrototypeAfterAHigherClassMark) {
  std::string out;
  ASSERT_TRUE(puny::uts39::skeleton(std::string_view("\u00C0\u032E"), out).ok());
  const std::u32string general = puny::uts39::skeleton(std::u32string_view(U"\u00C0\u032E"));
  std::string general_utf8;
  ASSERT_TRUE(puny::unicode::utf32_to_utf8(general, general_utf8).ok());
  EXPECT_EQ(out, general_utf8);
  if (puny::uts39::prototype_of(0x032E) == U"\U00011B62") {
    EXPECT_EQ(general, U"A\U00011B62\u0300");
  }
}

}  // namespace
