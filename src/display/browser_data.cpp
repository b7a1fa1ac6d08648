// The browsers' character data: the identifier set of the ICU they ship
// (chromium_allowed.inc, made by tools/gen_tables/gen_browser_sets.py), which
// the chromium and firefox-* profiles use instead of this build's Unicode
// data.
#include <algorithm>
#include <cstdint>
#include <iterator>

#include "display/internal.hpp"

namespace puny::detail::display {
namespace {

#include "display/chromium_allowed.inc"

}  // namespace

namespace {
// The scripts names are written in (Latin, Greek, Cyrillic, Armenian,
// Hebrew, Arabic, the Indic scripts, up to U+2FFF) as a bitmap of 1.5 KB,
// filled from the ranges once: a bit read instead of a binary search over
// every range for each code point of each checked label.
constexpr char32_t bitmap_limit = 0x3000;
struct low_bitmap {
  std::uint64_t words[bitmap_limit / 64] = {};
  low_bitmap() {
    for (const auto& r : chromium_allowed_ranges)
      for (char32_t c = r[0]; c <= r[1] && c < bitmap_limit; ++c) words[c >> 6] |= std::uint64_t{1} << (c & 63);
  }
};

bool in_ranges(char32_t c) noexcept {
  const auto* first = std::begin(chromium_allowed_ranges);
  const auto* last = std::end(chromium_allowed_ranges);
  const auto* it = std::upper_bound(first, last, c, [](char32_t v, const char32_t (&r)[2]) { return v < r[0]; });
  return it != first && c <= (*(it - 1))[1];
}
}  // namespace

bool in_browser_icu_set(char32_t c) noexcept {
  if (c < bitmap_limit) {
    static const low_bitmap low;
    return (low.words[c >> 6] >> (c & 63)) & 1;
  }
  return in_ranges(c);
}

}  // namespace puny::detail::display
