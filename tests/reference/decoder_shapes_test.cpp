// The integer shapes the fixed engine's decoder of labels (parse_short,
// fixed_engine.hpp, issue 54) reads in different ways: one to three digits
// without a branch on the length (read_three), four and more through the
// digit loop, and a non-digit, an upper-case digit or the end of the input
// at each position, after contexts that leave the bias small (thresholds
// 26) or large (thresholds 1), against the reference coder and every other
// engine (error kind, offset and code point included).
#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "engine_differential.hpp"

namespace ref = puny::reference;

namespace {

TEST(DecoderShapes, EveryShortIntegerAfterEachContext) {
  // Digits at the thresholds' edges (a = 0, b = 1, z = 25, 0 = 26, 9 = 35),
  // an upper-case one, and bytes that are not digits.
  const std::string alphabet = std::string("abz09K-!.") + '\x80' + '\xFF';
  // Contexts: none, basic code points only, after a first integer that
  // leaves a small bias, after integers that leave a large one.
  const char* const contexts[] = {"", "ab-", "ab-a", "ab-9z", "x-99zz", "-9999a", "a-bb-c"};
  std::size_t checked = 0;
  for (const char* context : contexts) {
    std::string s;
    for (std::size_t length = 1; length <= 4; ++length) {
      std::size_t count = 1;
      for (std::size_t k = 0; k < length; ++k) count *= alphabet.size();
      for (std::size_t code = 0; code < count; ++code) {
        s = context;
        for (std::size_t k = 0, c = code; k < length; ++k, c /= alphabet.size()) s += alphabet[c % alphabet.size()];
        ASSERT_EQ(ref::punycode_decode_differences(s), "") << "context \"" << context << "\"";
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100000u);
}

}  // namespace
