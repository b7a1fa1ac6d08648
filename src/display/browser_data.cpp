// The browsers' character data: the identifier set of the ICU they ship
// (chromium_allowed.inc, made by tools/gen_tables/gen_browser_sets.py), which
// the chromium and firefox-* profiles use instead of this build's Unicode
// data.
#include <algorithm>
#include <iterator>

#include "display/internal.hpp"

namespace puny::detail::display {
namespace {

#include "display/chromium_allowed.inc"

}  // namespace

bool in_browser_icu_set(char32_t c) noexcept {
  const auto* first = std::begin(chromium_allowed_ranges);
  const auto* last = std::end(chromium_allowed_ranges);
  const auto* it = std::upper_bound(first, last, c, [](char32_t v, const char32_t (&r)[2]) { return v < r[0]; });
  return it != first && c <= (*(it - 1))[1];
}

}  // namespace puny::detail::display
