// puny::unicode::append_escaped: what a message may quote of a name or a
// list line (puny/unicode.hpp).
#include <gtest/gtest.h>

#include <string>

#include "puny/unicode.hpp"

namespace {

std::string escaped(std::string_view s, std::size_t max = std::string_view::npos) {
  std::string out = "[";
  puny::unicode::append_escaped(out, s, max);
  return out + "]";
}

TEST(Escape, PrintableTextStays) {
  EXPECT_EQ(escaped("b\xC3\xBC" "cher.example"), "[b\xC3\xBC" "cher.example]");
  EXPECT_EQ(escaped("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com"), "[\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com]");
  EXPECT_EQ(escaped(""), "[]");
}

TEST(Escape, ControlsAndIllFormedBytesAreHex) {
  EXPECT_EQ(escaped(std::string_view("a\0b", 3)), "[a\\x00b]");
  EXPECT_EQ(escaped("a\x1b[31mb\x7f"), "[a\\x1b[31mb\\x7f]");
  EXPECT_EQ(escaped("bad\xFF\xFE.com"), "[bad\\xff\\xfe.com]");
  EXPECT_EQ(escaped("\xED\xA0\x80"), "[\\xed\\xa0\\x80]");  // a surrogate in UTF-8
  EXPECT_EQ(escaped("\xC3"), "[\\xc3]");                    // cut short
}

TEST(Escape, InvisibleAndBidiFormatCharactersAreNamed) {
  EXPECT_EQ(escaped("a\xE2\x80\xAE" "b"), "[a\\u202eb]");        // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(escaped("a\xE2\x80\x8D" "b"), "[a\\u200db]");        // ZERO WIDTH JOINER
  EXPECT_EQ(escaped("\xEF\xBB\xBFx"), "[\\ufeffx]");             // BOM
  EXPECT_EQ(escaped("\xC2\x85"), "[\\u0085]");                   // NEL, a C1 control
  EXPECT_EQ(escaped("soft\xC2\xAD" "hyphen"), "[soft\\u00adhyphen]");
}

TEST(Escape, QuotesAndBackslashesAreEscaped) {
  EXPECT_EQ(escaped("say \"hi\" \\ bye"), "[say \\\"hi\\\" \\\\ bye]");
}

TEST(Escape, LongTextIsCut) {
  EXPECT_EQ(escaped("abcdef", 3), "[abc...]");
  EXPECT_EQ(escaped("abc", 3), "[abc]");
}

}  // namespace
