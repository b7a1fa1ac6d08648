// A one-hash Bloom filter over 64-bit key hashes: "certainly absent" in one
// bit read from a small array, before a probe of the larger table that
// holds the keys.  With about eight bits a key (bits_for) one lookup in
// thirteen of an absent key passes; the array of a 10,000-key set is 16 KB,
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
  void add(std::uint64_t h) noexcept {
    const std::uint64_t b = (h >> 24) & mask_;
    words_[b >> 6] |= std::uint64_t{1} << (b & 63);
  }
  // False: no key added has hash `h`.  True for every added hash (and for
  // an empty, never reset filter).
  bool may_hold(std::uint64_t h) const noexcept {
    if (words_.empty()) return true;
    const std::uint64_t b = (h >> 24) & mask_;
    return (words_[b >> 6] >> (b & 63)) & 1;
  }
  // Never reset: may_hold says yes to everything.
  bool empty() const noexcept { return words_.empty(); }
  std::size_t bytes() const noexcept { return words_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> words_;
  std::uint64_t mask_ = 0;
};

}  // namespace puny::detail
