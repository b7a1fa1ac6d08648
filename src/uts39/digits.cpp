// UTS #39 section 5.3: mixed-number detection.  Each decimal digit (gc=Nd)
// belongs to the numbering system of its zero.
#include <cstddef>
#include <string_view>

#include "puny/uts39.hpp"
#include "unicode/trie.hpp"

namespace puny::detail::ucd {
#include "uts39_digits.inc"
}  // namespace puny::detail::ucd

namespace puny::uts39 {

std::size_t mixed_numbers_at(std::u32string_view s) noexcept {
  char32_t system = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char32_t zero = detail::ucd::digit_zero_trie(s[i]);
    if (zero == 0) continue;
    if (system == 0) {
      system = zero;
    } else if (zero != system) {
      return i;
    }
  }
  return std::u32string_view::npos;
}

}  // namespace puny::uts39
