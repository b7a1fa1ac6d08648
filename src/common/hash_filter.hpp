// A blocked Bloom filter over 64-bit key hashes, two bits a key in one
// 64-bit word: "certainly absent" in one word read from a small array,
// before a probe of the larger table that holds the keys.  With 8 to 16
// bits a key (reset rounds the array to a power of two) about one lookup in
// forty of an absent key passes (2.4% at 13 bits a key, 0.75% at 26; one
// bit a key let 7.4% and 3.8% pass); the array of a 10,000-key set is 16 KB,
// where that set's slot table (slot_table.hpp) is 256 KB, so a name that
// is not there costs an L1/L2 read instead of a cache miss.  Used by the
// Public Suffix List (display/lists.cpp), whose lookups of a name's longer
// suffixes nearly all miss, and by the brand index (hunt/index.hpp, 16 bits
// a key), whose lookups of a name's deletions and pieces nearly all miss.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace puny::detail {

class hash_filter {
 public:
  // Empties the filter, sized for `keys` keys: a power of two of at least
  // `bits_per_key` bits a key, 512 bits at least.
  void reset(std::size_t keys, std::size_t bits_per_key = 8) {
    std::size_t bits = 512;
    while (bits < bits_per_key * keys) bits *= 2;
    words_.assign(bits / 64, 0);
    mask_ = bits - 1;
  }
  // The filter reads the hash from bit 24 up: slot_table picks a slot
  // from the low bits (tables below 2^24 slots), and a filter on those
  // bits would pass exactly the absent keys whose slot is taken.
  // Two bits a key in one word (a blocked filter: one read answers): the
  // word from bits 30 up, the bits' places from the top twelve.
  static std::uint64_t bits_of(std::uint64_t h) noexcept {
    return (std::uint64_t{1} << ((h >> 52) & 63)) | (std::uint64_t{1} << (h >> 58));
  }
  void add(std::uint64_t h) noexcept { words_[((h >> 24) & mask_) >> 6] |= bits_of(h); }
  // False: no key added has hash `h`.  True for every added hash (and for
  // an empty, never reset filter).
  bool may_hold(std::uint64_t h) const noexcept {
    if (words_.empty()) return true;
    const std::uint64_t want = bits_of(h);
    return (words_[((h >> 24) & mask_) >> 6] & want) == want;
  }
  // Never reset: may_hold says yes to everything.
  bool empty() const noexcept { return words_.empty(); }
  std::size_t bytes() const noexcept { return words_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> words_;
  std::uint64_t mask_ = 0;
};

}  // namespace puny::detail
