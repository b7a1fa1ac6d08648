// Strict UTF-8 / UTF-16 decoding with exact error offsets.
#include <gtest/gtest.h>

#include "puny/unicode.hpp"

using puny::errc;
namespace u = puny::unicode;

namespace {

TEST(Utf8, DecodesEveryLength) {
  std::u32string out;
  ASSERT_TRUE(u::utf8_to_utf32("a\xc3\xbc\xe5\xb9\xb4\xf0\x9f\x98\x80", out).ok());
  EXPECT_EQ(out, (std::u32string{U'a', 0xFC, 0x5E74, 0x1F600}));
  std::string back;
  ASSERT_TRUE(u::utf32_to_utf8(out, back).ok());
  EXPECT_EQ(back, "a\xc3\xbc\xe5\xb9\xb4\xf0\x9f\x98\x80");
}

TEST(Utf8, RejectsIllFormedSequencesAtTheirOffset) {
  const std::vector<std::pair<std::string, std::size_t>> bad = {
      {"ab\x80", 2},                 // lone continuation byte
      {"a\xc0\x80", 1},              // overlong NUL
      {"a\xc1\xbf", 1},              // overlong
      {"a\xe0\x80\x80", 1},          // overlong 3-byte
      {"a\xed\xa0\x80", 1},          // surrogate U+D800
      {"a\xf4\x90\x80\x80", 1},      // above U+10FFFF
      {"a\xf5\x80\x80\x80", 1},      // invalid lead byte
      {"abc\xe5\xb9", 3},            // truncated at the end
      {"\xe5" "a", 0},               // continuation missing
      {"ok\xff", 2},
  };
  for (const auto& [input, offset] : bad) {
    std::u32string out;
    const auto s = u::utf8_to_utf32(input, out);
    EXPECT_EQ(s.code, errc::invalid_utf8);
    EXPECT_EQ(s.offset, offset);
  }
}

TEST(Utf32, RejectsNonScalarValues) {
  std::string out;
  const std::u32string bad = {U'a', char32_t{0xDFFF}};
  const auto s = u::utf32_to_utf8(bad, out);
  EXPECT_EQ(s.code, errc::invalid_code_point);
  EXPECT_EQ(s.offset, 1u);
  std::u16string out16;
  EXPECT_EQ(u::utf32_to_utf16(std::u32string{char32_t{0x110000}}, out16).code, errc::invalid_code_point);
}

TEST(Utf16, PairsAndLoneSurrogates) {
  std::u32string out;
  ASSERT_TRUE(u::utf16_to_utf32(u"a\U0001F600", out).ok());
  EXPECT_EQ(out, (std::u32string{U'a', 0x1F600}));
  std::u16string back;
  ASSERT_TRUE(u::utf32_to_utf16(out, back).ok());
  EXPECT_EQ(back, u"a\U0001F600");
  const std::u16string lone_high = {u'a', char16_t{0xD800}, u'b'};
  auto s = u::utf16_to_utf32(lone_high, out);
  EXPECT_EQ(s.code, errc::invalid_utf16);
  EXPECT_EQ(s.offset, 1u);
  const std::u16string lone_low = {char16_t{0xDC00}};
  s = u::utf16_to_utf32(lone_low, out);
  EXPECT_EQ(s.code, errc::invalid_utf16);
  EXPECT_EQ(s.offset, 0u);
}

// The caller-buffer forms write what comes before the culprit and say how
// much; the appending forms keep the same prefix.
TEST(Utf16, CallerBufferFormsStopAtTheCulprit) {
  const std::u16string text = {u'x', 0xD83D, 0xDE00, u'y', 0xDFFF, u'z'};
  char32_t cps[6] = {};
  std::size_t written = 99;
  auto s = u::utf16_to_utf32(text, cps, written);
  EXPECT_EQ(s.code, errc::invalid_utf16);
  EXPECT_EQ(s.offset, 4u);
  EXPECT_EQ(s.code_point, char32_t{0xDFFF});
  ASSERT_EQ(written, 3u);
  EXPECT_EQ(std::u32string(cps, written), (std::u32string{U'x', 0x1F600, U'y'}));
  std::u32string appended = U"<";
  (void)u::utf16_to_utf32(text, appended);
  EXPECT_EQ(appended, (std::u32string{U'<', U'x', 0x1F600, U'y'}));

  const std::u32string wide = {U'a', 0x10FFFF, 0xD800, U'b'};
  char16_t units[8] = {};
  s = u::utf32_to_utf16(wide, units, written);
  EXPECT_EQ(s.code, errc::invalid_code_point);
  EXPECT_EQ(s.offset, 2u);
  ASSERT_EQ(written, 3u);
  EXPECT_EQ(std::u16string(units, written), (std::u16string{u'a', 0xDBFF, 0xDFFF}));
  ASSERT_TRUE(u::utf32_to_utf16(std::u32string_view(wide.data(), 2), units, written).ok());
  EXPECT_EQ(written, 3u);
}

}  // namespace
