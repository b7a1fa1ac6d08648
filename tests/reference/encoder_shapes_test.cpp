// The shapes the fixed engine's encoder takes different routes for
// (fixed_engine.hpp, issue 54): strings of at most 64 code points (the bit
// set in a register) and just past it, and each key count at the edges of
// its sorts (0, 1, 2 in place, up to 4, 8, 16 and 32 ranked with vectors,
// above 32 std::sort), with the non-basic code points all distinct, all
// equal (one group: consecutive deltas within one code point) or in a few
// groups, against the reference coder.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "engine_differential.hpp"

namespace ref = puny::reference;

namespace {

// `length` code points of which `keys` are non-basic, spread over the
// string; `groups` distinct non-basic values (1: all the same), taken from a
// wide range so that deltas need several digits.
std::u32string shaped(std::size_t length, std::size_t keys, std::size_t groups) {
  std::u32string s(length, U'a');
  for (std::size_t j = 0; j < length; ++j) s[j] = static_cast<char32_t>(U'a' + j % 26);
  for (std::size_t k = 0; k < keys; ++k) {
    const std::size_t at = keys == length ? k : (k * length) / keys;
    // Descending values for ascending positions, so sorting has work to do.
    const std::size_t g = groups - 1 - k % groups;
    s[at] = static_cast<char32_t>(0xE0 + 0x3F1 * g + (g % 3 == 2 ? 0x10000 : 0));
  }
  return s;
}

TEST(EncoderShapes, KeyCountsAndLengthsAroundEachRoute) {
  std::size_t checked = 0;
  for (std::size_t length = 1; length <= 70; ++length) {
    for (const std::size_t wanted : {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48, 64, 70}) {
      const std::size_t keys = wanted < length ? wanted : length;
      for (const std::size_t groups : {std::size_t{1}, std::size_t{2}, std::size_t{3}, keys}) {
        if (groups == 0 || groups > keys) continue;
        const std::u32string s = shaped(length, keys, groups);
        ASSERT_EQ(ref::punycode_encode_differences(s), "")
            << "length " << length << ", " << keys << " non-basic code points in " << groups
            << " groups";
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 3000u);
}

}  // namespace
