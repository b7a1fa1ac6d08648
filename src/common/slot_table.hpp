// An open-addressing index over keys kept elsewhere (a vector of entries,
// a pool of strings): the display lists' and the brand index's string sets.
// Linear probing in a power of two at least twice the keys, so a lookup,
// hit or miss, reads a slot or a few adjacent ones where a node-based set
// chases a pointer per probe and grew slower than linearly as it outgrew
// the cache (docs/security.md's scaling table); it is one block to build
// and to free.  A slot holds the high 32 bits of the key's hash beside
// 1 + the key's number (0: empty), so a miss rarely touches a key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace puny::detail {

class slot_table {
 public:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  // The most keys a table numbers (32 bits, less the empty slot's 0).
  static constexpr std::size_t max_keys = 0xFFFFFFFEu;

  // Empties the table, sized for `keys` keys.
  void reset(std::size_t keys) {
    std::size_t size = 16;
    while (size < 2 * keys) size *= 2;
    slots_.assign(size, 0);
  }
  // Whether one more key keeps the table at most half full.
  bool has_room_for(std::size_t keys) const noexcept { return 2 * keys <= slots_.size(); }
  // The number of the key with hash `h` for which `same(number)` holds, or npos.
  template <class Same>
  std::size_t find(std::uint64_t h, Same&& same) const {
    if (slots_.empty()) return npos;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask; slots_[i] != 0; i = (i + 1) & mask) {
      if ((slots_[i] >> 32) != (h >> 32)) continue;
      const std::size_t number = static_cast<std::size_t>(slots_[i] & 0xFFFFFFFFu) - 1;
      if (same(number)) return number;
    }
    return npos;
  }
  // Adds key `number` under hash `h`: the caller knows it is not there and
  // that the table has room (has_room_for).
  void add(std::uint64_t h, std::size_t number) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = h & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = ((h >> 32) << 32) | static_cast<std::uint64_t>(number + 1);
  }
  std::size_t bytes() const noexcept { return slots_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> slots_;
};

}  // namespace puny::detail
