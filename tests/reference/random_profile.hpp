// Random *valid* Bootstring parameter sets, and code points to encode with
// them, drawn from any byte source (a fuzz input reader or a seeded PRNG).
// Shared by tests/reference/ and the fuzz targets fuzz_bootstring and
// fuzz_reference_differential.
//
// `Source` has byte(), u16(), u32() and flag().
//
// Generation: base in [2, 40]; initial_n in [base + 1, 0x80]; the digits and
// the delimiter are base + 1 distinct characters drawn from [0, initial_n)
// except 'A'-'Z' (NUL and control characters included), so every constraint
// of RFC 3492 section 4 and of validate() holds; the case-insensitive flag
// decides whether upper-case input digits are read.  tmax <= base - 2 unless
// max_code_point is small: with tmax = base - 1 a digit can carry weight
// factor 1 and the encoded length grows linearly with the delta value (a
// legal but useless profile, see docs/security.md); such profiles get at
// most 64 code points above initial_n.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <utility>

#include "puny/bootstring.hpp"

namespace puny::reference {

template <class Source>
bootstring::parameters random_profile(Source& rd) {
  const bool case_insensitive = rd.flag();
  const std::uint32_t base = 2 + rd.byte() % 39;                         // 2..40
  const std::uint32_t initial_n = base + 1 + rd.byte() % (0x80 - base);  // base+1 .. 0x80
  // validate() rejects an alphabet holding a letter in both cases even for
  // a case-sensitive profile, so upper-case letters are left out; at least
  // 65 characters remain whenever initial_n reaches 'A', so the pool always
  // holds base + 1 of them.
  std::string pool;
  for (std::uint32_t c = 0; c < initial_n; ++c) {
    if (c >= 'A' && c <= 'Z') continue;
    pool.push_back(static_cast<char>(c));
  }
  // Partial Fisher-Yates shuffle driven by the source.
  std::uint32_t seed = rd.u32() | 1u;
  for (std::size_t j = 0; j <= base && j + 1 < pool.size(); ++j) {
    seed = seed * 1664525u + 1013904223u;
    const std::size_t k = j + (seed >> 8) % (pool.size() - j);
    std::swap(pool[j], pool[k]);
  }
  const std::string alphabet = pool.substr(0, base);
  const char delimiter = pool[base];

  const std::uint8_t cp_choice = rd.byte();
  char32_t max_code_point = 0x10FFFF;
  if (cp_choice % 4 == 1) max_code_point = 0xFFFF;
  if (cp_choice % 4 == 2) max_code_point = initial_n + (cp_choice >> 2) * 8;
  const bool small_range = max_code_point <= 0x1000;

  std::uint32_t tmax_limit = base - 1;
  if (!small_range && base >= 3) tmax_limit = base - 2;
  if (!small_range && base < 3) max_code_point = initial_n + 0x100;
  const std::uint32_t tmax = 1 + rd.byte() % tmax_limit;
  // With tmax = base - 1 a digit may multiply the weight by 1, so an integer
  // can take as many digits as its value: keep the values small.
  if (tmax == base - 1 && max_code_point > initial_n + 63) max_code_point = initial_n + 63;
  const std::uint32_t tmin = rd.byte() % (tmax + 1);
  const std::uint32_t skew = 1 + rd.byte() % 100;
  const std::uint32_t damp = 2 + rd.u16() % 1000;
  std::uint32_t initial_bias = rd.u16() % 1000;
  if (initial_bias % base > base - tmin) initial_bias -= initial_bias % base;

  bootstring::parameters p = bootstring::make_parameters(
      base, tmin, tmax, skew, damp, initial_bias, initial_n, delimiter, alphabet, case_insensitive);
  p.max_code_point = max_code_point;
  p.reject_surrogates = (cp_choice & 0x80) == 0;
  return p;
}

// One code point for profile p from three source bytes: the first picks a
// range, so that basic, small non-basic, BMP and astral values (and values
// the profile does not allow) all occur.
template <class Source>
char32_t random_code_point(Source& rd, const bootstring::parameters& p) {
  const std::uint8_t kind = rd.byte();
  const std::uint32_t v = rd.u16();
  switch (kind % 5) {
    case 0: return static_cast<char32_t>(v % p.initial_n);
    case 1: return static_cast<char32_t>(p.initial_n + v % 64);
    case 2: return static_cast<char32_t>(v);
    case 3: return static_cast<char32_t>(((kind >> 3) << 16) | v);  // up to 0x1FFFFF
    default:
      return static_cast<char32_t>(p.initial_n + v % (p.max_code_point - p.initial_n + 1));
  }
}

// A Source over a seeded PRNG, for tests.
class prng_source {
 public:
  explicit prng_source(std::uint64_t seed) : rng_(seed) {}
  std::uint8_t byte() { return static_cast<std::uint8_t>(rng_()); }
  std::uint32_t u16() { return static_cast<std::uint32_t>(rng_() & 0xFFFF); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(rng_()); }
  bool flag() { return (rng_() & 1) != 0; }
  std::uint64_t below(std::uint64_t n) { return rng_() % n; }
  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
};

}  // namespace puny::reference
