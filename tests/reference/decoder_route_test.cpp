// The fixed engine's short decoder (decode_short, fixed_engine.hpp, issue
// 54) decodes what decodes and sends every failure to the compact engine
// for the exact error; it checks the code point's range once, at the end,
// and scans the input in 16-byte steps, two halves of 8, or bytes
// (label_scan.hpp).  These inputs aim at what that could get wrong, against
// the reference coder and every other engine (error kind, offset and code
// point, and each caller-buffer size): the last delimiter and a byte
// outside ASCII at every position of inputs of 1 to 40 bytes; an error
// after a code point out of range (the first one must be reported);
// surrogates among later, larger code points.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine_differential.hpp"
#include "rfc3492_reference.hpp"

namespace ref = puny::reference;

namespace {

TEST(DecoderRoute, DelimiterAndNonAsciiAtEveryPosition) {
  const std::string digits = "kwjbx9a0zqfhd3ueormy2lvcng8pt5ais7b1xk4e6q";
  std::size_t checked = 0;
  for (std::size_t size = 1; size <= 40; ++size) {
    const std::string plain = digits.substr(0, size);
    ASSERT_EQ(ref::punycode_decode_differences(plain), "");
    for (std::size_t j = 0; j < size; ++j) {
      for (const char c : {'-', '\x80', '\xC3', '\xFF'}) {
        std::string s = plain;
        s[j] = c;
        ASSERT_EQ(ref::punycode_decode_differences(s), "");
        // A delimiter before it too: the last one counts.
        if (j > 1) {
          s[j / 2] = '-';
          ASSERT_EQ(ref::punycode_decode_differences(s), "");
        }
        checked += 2;
      }
    }
  }
  EXPECT_GT(checked, 6000u);
}

TEST(DecoderRoute, ErrorsAfterACodePointOutOfRange) {
  // Integers that take n past U+10FFFF (or into the surrogates), then
  // whatever follows: nothing, a valid integer, a non-digit, the end of the
  // input inside an integer, a non-ASCII byte.
  const char* const prefixes[] = {"",   "ab-", "a-", "99999", "zzzzz", "9999999",
                                  "0999a", "a9999", "n0999", "zz9999b"};
  const char* const middles[] = {"9zzzz", "99999", "zzzzzz", "09999", "999999", "9", "a"};
  const char* const suffixes[] = {"", "a", "b", "9", "!", "\x80", "-", "zz", "99a", "zzzz"};
  std::size_t checked = 0;
  for (const char* prefix : prefixes)
    for (const char* middle : middles)
      for (const char* suffix : suffixes) {
        const std::string s = std::string(prefix) + middle + suffix;
        ASSERT_EQ(ref::punycode_decode_differences(s), "");
        ++checked;
      }
  EXPECT_EQ(checked, 700u);
}

TEST(DecoderRoute, SurrogatesAmongLargerCodePoints) {
  // Encoded by the reference with a profile that lets surrogates through,
  // decoded with Punycode's, which rejects them wherever they are.
  puny::bootstring::parameters lenient = puny::punycode::profile;
  lenient.reject_surrogates = false;
  const std::u32string inputs[] = {
      {0xD800},
      {0xDFFF},
      {0xD7FF, 0xE000},  // valid: around the surrogates
      {0xD800, 0xE000},
      {U'a', 0xDBFF, 0x10000},
      {0xE000, 0xDC00, 0x10FFFF},
      {U'x', U'y', U'-', 0xDABC, 0xFFFD, 0x1F600},
      {0x4E2D, 0xD800, 0x4E2D},
      {0x10FFFF, 0xD800},
  };
  for (const std::u32string& in : inputs) {
    const ref::encoded e = ref::encode(in, lenient);
    ASSERT_TRUE(e.status.ok());
    ASSERT_EQ(ref::punycode_decode_differences(e.text), "");
    // And with a non-digit after it.
    ASSERT_EQ(ref::punycode_decode_differences(e.text + "!"), "");
  }
}

}  // namespace
