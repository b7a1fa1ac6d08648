// in_browser_icu_set (src/display/browser_data.cpp) answers below U+3000
// from a bitmap filled from the generated ranges, above it by a search of
// them: every code point answers as the ranges say.
#include <gtest/gtest.h>

#include <vector>

#include "display/internal.hpp"

namespace ranges {
#include "display/chromium_allowed.inc"
}  // namespace ranges

namespace {

TEST(BrowserSet, EveryCodePointAsTheRangesSay) {
  std::vector<bool> listed(0x110000, false);
  for (const auto& r : ranges::chromium_allowed_ranges)
    for (char32_t c = r[0]; c <= r[1]; ++c) listed[c] = true;
  long members = 0, differ = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    const bool expected = listed[c];
    members += expected;
    if (puny::detail::display::in_browser_icu_set(c) != expected && ++differ <= 5)
      ADD_FAILURE() << "U+" << std::hex << static_cast<unsigned long>(c);
  }
  EXPECT_EQ(differ, 0);
  EXPECT_GT(members, 30000);  // the identifier set: letters of most scripts, CJK
}

}  // namespace
