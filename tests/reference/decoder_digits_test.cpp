// The short decoder reads digit values that label_scan.hpp computes while
// it copies the input (sixteen bytes a step with SSE2, two halves of eight
// for 8 to 15 bytes, else a byte at a time), and checks once per input, not
// per integer, that every byte after the last delimiter is a digit
// (fixed_engine.hpp, decode_short; issue 54).  These inputs aim at that
// arithmetic and that check, against the reference coder and every other
// engine (error kind, offset and code point, each caller-buffer size): the
// bytes on either side of each digit range ('/', '0', '9', ':', '@', 'A',
// 'Z', '[', '`', 'a', 'z', '{'), 0x10-0x1A (the digits less the letters'
// case bit) and others at every position of inputs of
// 1 to 40 bytes, with and without basic code points before them; and every
// digit in upper case, alone and all at once.
#include <gtest/gtest.h>

#include <cctype>
#include <cstddef>
#include <string>

#include "engine_differential.hpp"
#include "rfc3492_reference.hpp"

namespace ref = puny::reference;

namespace {

const std::string digits = "kwjbx9a0zqfhd3ueormy2lvcng8pt5ais7b1xk4e6q";

TEST(DecoderDigits, BytesBesideTheDigitRangesAtEveryPosition) {
  // 0x10-0x19 and 0x30-0x39 differ only in the case bit of the letters.
  const char bytes[] = {'/', '0', '9', ':', '@', 'A', 'Z', '[', '`', 'a', 'z', '{',
                        '\0', '\x10', '\x17', '\x19', '\x1A', ' ', '\x7F', '_', '.', 'M', 'm', '5'};
  std::size_t checked = 0;
  for (std::size_t size = 1; size <= 40; ++size) {
    for (const std::string prefix : {"", "ab-", "x-y-"}) {
      const std::string plain = prefix + digits.substr(0, size);
      ASSERT_EQ(ref::punycode_decode_differences(plain), "");
      for (std::size_t j = prefix.size(); j < plain.size(); ++j) {
        for (const char c : bytes) {
          std::string s = plain;
          s[j] = c;
          ASSERT_EQ(ref::punycode_decode_differences(s), "");
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 3u * 24u * 820u);
}

TEST(DecoderDigits, UpperCaseDigitsDecodeAsLowerCase) {
  std::size_t checked = 0;
  for (std::size_t size = 1; size <= 40; ++size) {
    for (const std::string prefix : {"", "Ab-"}) {
      const std::string plain = prefix + digits.substr(0, size);
      std::string upper = plain;
      for (std::size_t j = prefix.size(); j < upper.size(); ++j) {
        upper[j] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[j])));
        std::string one = plain;
        one[j] = upper[j];
        ASSERT_EQ(ref::punycode_decode_differences(one), "");
        ++checked;
      }
      ASSERT_EQ(ref::punycode_decode_differences(upper), "");
      ++checked;
    }
  }
  EXPECT_EQ(checked, 2u * (820u + 40u));
}

}  // namespace
