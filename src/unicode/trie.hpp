// Internal: the three-stage lookup table shape emitted by
// tools/gen_tables/gen_tables.py.  Only src/unicode/*.cpp include it, right
// before including their generated src/tables/*.inc files.
#pragma once

#include <cstdint>

namespace puny::detail::ucd {

// value(c) = stage3[(stage2[(stage1[c >> (low + mid)] << mid) | mid bits of c] << low)
//                   | low bits of c]
// Identical blocks are shared at both levels.  Code points at or above
// `limit` (everything past the last non-default block, and anything that is
// not a code point at all) read as `fallback`.
template <typename Stage1, typename Stage2, typename Value>
struct trie3 {
  const Stage1* stage1;
  const Stage2* stage2;
  const Value* stage3;
  std::uint32_t limit;
  unsigned low_bits;
  unsigned mid_bits;
  Value fallback;

  constexpr Value operator()(char32_t c) const noexcept {
    const std::uint32_t cp = c;
    if (cp >= limit) return fallback;
    const std::uint32_t b1 = stage1[cp >> (low_bits + mid_bits)];
    const std::uint32_t b2 =
        stage2[(b1 << mid_bits) | ((cp >> low_bits) & ((1u << mid_bits) - 1u))];
    return stage3[(b2 << low_bits) | (cp & ((1u << low_bits) - 1u))];
  }
};

}  // namespace puny::detail::ucd
