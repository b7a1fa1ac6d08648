// Internal: Punycode (RFC 3492 with the section 5 parameters) as the IDNA
// pipeline calls it, one label at a time (UTS #46 section 4 steps 4.1 and
// section 4.2's encoding).  Labels of up to bootstring::inplace_limit bytes
// to decode, or 64 code points to encode (every DNS label: 63 bytes), take
// the engine built for speed (fixed_engine.hpp; encoding, its one-register
// route only).  Longer labels, which DNS and every workload of bench/ leave
// out, take the engine built for size (compact_engine.hpp: O(n log n), a
// few hundred bytes of code, the same outputs and errors as the others,
// tests/reference/), so that a program calling only to_ascii and to_unicode
// does not link the long-string routes of the fixed and generic engines
// (some 20 KB, bench/README.md "Size").  The raw punycode:: functions keep those routes:
// there, long strings are a measured workload.
// Defined in punycode.cpp, where the fixed engine is instantiated.
#pragma once

#include <cstddef>
#include <string_view>

#include "puny/bootstring.hpp"

namespace puny::bootstring::label {

// Same contract as punycode::decode(std::string_view, char32_t*, size_t).
buffer_result decode(std::string_view in, char32_t* out, std::size_t capacity);

// For the ACE route of ToUnicode (idna/ace_path.cpp), which needs no
// error: decodes in.size() <= inplace_limit bytes into `out`, which has
// room for in.size() + decode_shaped_room code points, and returns true,
// with the size, the number of basic code points (ASCII, anywhere in the
// result) and the smallest and largest inserted code point (0 and 0 when
// none was inserted); false when the fixed engine's fast route does not
// decode it (every invalid input, and a few valid ones with very long
// integers: the caller then takes its exact route).
struct decoded_shape {
  std::size_t size = 0;
  std::size_t basic = 0;
  char32_t lo = 0, hi = 0;
};
inline constexpr std::size_t decode_shaped_room = 17;
bool decode_shaped(std::string_view in, char32_t* out, decoded_shape& shape);

// Same contract as punycode::encode(std::u32string_view, char*, size_t).
buffer_result encode(std::u32string_view in, char* out, std::size_t capacity);

// With at least this capacity, encode of n <= inplace_limit code points
// writes straight into `out` (the fixed engine, below it, into its own
// buffer first and then copies; the compact engine always writes there):
// the basic code points, the delimiter and at most 11 base-36 digits per
// delta (punycode.cpp checks it against the fixed engine).
constexpr std::size_t direct_encode_capacity(std::size_t n) { return 12 * n + 1; }

}  // namespace puny::bootstring::label
