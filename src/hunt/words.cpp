// puny hunt: the common-word test (words.hpp).
#include "words.hpp"

#include <algorithm>

#include "index.hpp"

namespace puny::hunt {

bool is_common_word(std::u32string_view label) {
  if (label.size() < 3 || label.size() > 12) return false;
  for (char32_t c : label)
    if (c < U'a' || c > U'z') return false;
  const auto h = static_cast<std::uint32_t>(key_hash(label) >> 32);
  return std::binary_search(common_word_hashes, common_word_hashes + common_word_count, h);
}

}  // namespace puny::hunt
