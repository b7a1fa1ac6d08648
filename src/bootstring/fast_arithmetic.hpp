// Internal: the arithmetic the fixed-profile Bootstring engine
// (fixed_engine.hpp) does faster than the C++ operators on the machines it
// runs on: division by small divisors known only at run time (a table of
// reciprocals; every divisor in RFC 3492's digit loop and adapt() is small),
// and whether the POPCNT instruction may count bits.  Owns no Bootstring
// rule; includes only the standard library, rfc3492_steps.hpp's integer
// types and, on x86-64, <cpuid.h>.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "bootstring/rfc3492_steps.hpp"

#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
#include <cpuid.h>
#endif

namespace puny::bootstring::fixed {
// Internal linkage, like the engine that uses it.
namespace {

using detail::u32;
using detail::u64;

// ---- division by small run-time divisors ----
//
// For 1 <= d < 2^32 let m = floor((2^64 - 1) / d), so that
// m = 2^64 / d - e with 0 < e <= 1.  For x < 2^32 write x = q * d + r; then
//   m * (x + 1) / 2^64 = q + (r + 1) / d - e * (x + 1) / 2^64,
// where the last term is positive and below 2^-32 < 1 / d: the floor is q.
// So x / d == floor(m * (x + 1) / 2^64), one multiplication, with no special
// case for d == 1 (the first insertion into an empty string) or for powers
// of two.  (The round-up variant, Lemire, Kaser and Kurz 2019, needs
// m = 2^64 for d == 1, which does not fit.)  The fixed engine's table
// divisions never pass 2 * decode_limit + 1 (fixed_engine.hpp checks it).
// The table covers what DNS names reach (decode_limit = 512 bytes, 8 KB of
// reciprocals): at 3,072 bytes, as before, it was 48 KB, a sixth of what a
// program that only calls to_ascii/to_unicode links of puny, for inputs
// that are not host names (bench/README.md, "Size").
inline constexpr std::size_t reciprocal_count = 2 * 512 + 2;

constexpr std::array<u64, reciprocal_count> make_reciprocals() {
  std::array<u64, reciprocal_count> m{};
  for (std::size_t d = 1; d < reciprocal_count; ++d) m[d] = ~u64{0} / d;
  return m;
}
inline constexpr std::array<u64, reciprocal_count> reciprocals = make_reciprocals();

// High 64 bits of m * x for x <= 2^32, in portable C++: m = hi * 2^32 + lo,
// and floor((hi*x*2^32 + lo*x) / 2^64) == floor((hi*x + floor(lo*x / 2^32)) / 2^32)
// (hi * x and lo * x stay below 2^64 because x <= 2^32).
inline u64 mul_high(u64 m, u64 x) {
#if defined(__SIZEOF_INT128__)
  __extension__ using u128 = unsigned __int128;
  return static_cast<u64>((static_cast<u128>(m) * x) >> 64);
#else
  const u64 hi = (m >> 32) * x;
  const u64 lo = ((m & 0xFFFFFFFFu) * x) >> 32;
  return (hi + lo) >> 32;
#endif
}

#if defined(__wasm__)
// WebAssembly divides 32-bit integers natively and has no 64 x 64 -> 128
// multiplication (unsigned __int128 becomes a call to __multi3, which cost
// the JavaScript package's decoder a tenth of its time): divide.
inline u32 div_u32(u32 x, u32 d) { return x / d; }
inline u32 div_u32_from_2(u32 x, u32 d) { return x / d; }
inline u32 div_u32_of_successor(u32 x_plus_1, u32 d) { return (x_plus_1 - 1) / d; }
#else
// x / d for a 32-bit x and 1 <= d < reciprocal_count (see above).
inline u32 div_u32(u32 x, u32 d) {
  return static_cast<u32>(mul_high(reciprocals[d], u64{x} + 1));
}

// x / d as div_u32 for x + 1 given (1 <= x + 1 < 2^32): the + 1 is the
// caller's, where it costs no time (the decoder's adapt).
inline u32 div_u32_of_successor(u32 x_plus_1, u32 d) {
  return static_cast<u32>(mul_high(reciprocals[d], x_plus_1));
}

// x / d for a 32-bit x and 2 <= d < reciprocal_count, without the + 1 on x
// (on the dependency chains of the encoder's digits and the decoder's
// adapt): with m + 1 = ceil(2^64 / d) for every d >= 2, the round-up
// method of Lemire, Kaser and Kurz (2019) is exact for x < 2^32.  The
// + 1 on m does not wait for x.
inline u32 div_u32_from_2(u32 x, u32 d) {
  return static_cast<u32>(mul_high(reciprocals[d] + 1, x));
}
#endif

// x / D for a constant D >= 2 as one multiplication and shift, with a
// factor below 2^31 (an immediate of x86-64's imul; the compiler's own
// division by 35 needs a 33-bit reciprocal and five instructions more):
// never below the quotient, since factor >= 2^shift / D, and equal to it
// for every x below exact_below.  With x = q * D + r and the factor's
// excess e = factor * D - 2^shift, x * factor / 2^shift = q + (r + x * e /
// 2^shift) / D, whose floor is q while x * e < 2^shift (r <= D - 1).
template <u32 D>
struct quotient_estimate {
  static_assert(D >= 2, "a divisor of 2 or more");
  static constexpr u32 shift = [] {
    u32 s = 31;
    for (u32 d = D; d > 1; d >>= 1) ++s;  // 31 + floor(log2(D)): 36 for 35
    return (D & (D - 1)) == 0 ? s - 1 : s;  // a power of two: factor 2^30
  }();
  static constexpr u64 factor = ((u64{1} << shift) + D - 1) / D;
  static_assert(factor < (u64{1} << 31), "an instruction's immediate; x * factor fits in 64 bits");
  static constexpr u64 excess = factor * D - (u64{1} << shift);
  static constexpr u64 exact_below = excess == 0 ? u64{1} << 32 : ((u64{1} << shift) - 1) / excess + 1;
  static u32 of(u32 x) { return static_cast<u32>((u64{x} * factor) >> shift); }
};

// A divisor that may pass the table (the decoder of inputs longer than the
// table covers), with its reciprocal taken once for the two divisions by it
// and by twice it: floor(floor(N / d) / 2) == floor(N / (2 * d)), so
// reciprocals[2 * d] == reciprocals[d] >> 1.  The hardware division for a
// divisor past the table does not wait for the dividend: it runs off the
// chain each code point waits on.
struct wide_divisor {
  u32 d;
  u64 m;  // floor((2^64 - 1) / d)
};

#if defined(__wasm__)
inline wide_divisor make_divisor(u32 d) { return {d, 0}; }
inline u32 div_u32(u32 x, wide_divisor v) { return x / v.d; }
inline u32 div_u32_twice(u32 x, wide_divisor v) { return x / (2 * v.d); }
inline u32 div_u32_twice_of_successor(u32 x_plus_1, wide_divisor v) { return (x_plus_1 - 1) / (2 * v.d); }
#else
inline wide_divisor make_divisor(u32 d) {
  return {d, d < reciprocal_count ? reciprocals[d] : ~u64{0} / d};
}
// x / v.d for a 32-bit x (see div_u32 above).
inline u32 div_u32(u32 x, wide_divisor v) { return static_cast<u32>(mul_high(v.m, u64{x} + 1)); }
// x / (2 * v.d) for a 32-bit x, as div_u32_from_2 with reciprocals[2 * d].
inline u32 div_u32_twice(u32 x, wide_divisor v) {
  return static_cast<u32>(mul_high((v.m >> 1) + 1, x));
}
// x / (2 * v.d) as div_u32_of_successor, x + 1 given.
inline u32 div_u32_twice_of_successor(u32 x_plus_1, wide_divisor v) {
  return static_cast<u32>(mul_high(v.m >> 1, x_plus_1));
}
#endif

// Whether the encoder may count bits with the POPCNT instruction: x86-64
// processors have had it since 2008, but baseline x86-64 code cannot
// assume it, so it is checked once, at load time, with CPUID leaf 1 (ECX
// bit 23, Intel SDM vol. 2A, CPUID).  <cpuid.h>'s inline __get_cpuid, not
// __builtin_cpu_supports: that one links libgcc's CPU model detection,
// 4.5 KB in every static program that calls to_ascii (bench/size.sh).
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
inline const bool has_popcnt = [] {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_POPCNT) != 0;
}();
#else
inline constexpr bool has_popcnt = false;  // __POPCNT__: the builtin is POPCNT already
#endif

}  // namespace
}  // namespace puny::bootstring::fixed
