// puny hunt: the common-word test (words.hpp).
#include "words.hpp"

#include <algorithm>

#include "index.hpp"

namespace puny::hunt {

namespace {
// The hash the generated table holds (tools/gen_words/gen_words.py's
// key_hash): FNV-1a over the letters with MurmurHash3's 64-bit finaliser,
// which the brand tables' key_hash (index.hpp) was until it became a
// polynomial for the deletion hashes.
std::uint64_t word_hash(std::u32string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ull ^ s.size();
  for (char32_t c : s) h = (h ^ static_cast<std::uint32_t>(c)) * 0x100000001b3ull;
  return key_hash_end(h);
}
}  // namespace

bool is_common_word(std::u32string_view label) {
  if (label.size() < 3 || label.size() > 12) return false;
  for (char32_t c : label)
    if (c < U'a' || c > U'z') return false;
  const auto h = static_cast<std::uint32_t>(word_hash(label) >> 32);
  return std::binary_search(common_word_hashes, common_word_hashes + common_word_count, h);
}

}  // namespace puny::hunt
