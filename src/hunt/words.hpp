// puny hunt: common words (docs/hunt.md, "Brands that are words").  A brand
// label that is a word (mail, office, free) is met in ordinary names beside
// other words and under other suffixes, and a name label that is a word
// (hotel, cloud, video) is spelled so on purpose, not as an edit of a brand
// (hotels, icloud, vimeo).  The list is generated (words_table.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace puny::hunt {

extern const std::uint32_t common_word_hashes[];
extern const std::size_t common_word_count;

// Whether the label (lowercase) is one of the common words: a binary search
// of its hash (words.cpp's word_hash) among theirs.
bool is_common_word(std::u32string_view label);

}  // namespace puny::hunt
