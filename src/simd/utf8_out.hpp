// simd/: UTF-8 of a run of code points whose encoded length the caller
// knows is the same for all: two bytes (U+0080 to U+07FF) or three
// (U+0800 to U+FFFF).  The ACE route of ToUnicode (idna/ace_path.cpp) knows
// it from the decoder's smallest and largest inserted code point.  With
// SSE2 eight (two bytes) or four (three bytes) code points a step, with no
// branch on each: it reads up to 7 code points past the end of `cps` and
// writes up to 14 bytes past the end of the result (the caller has that
// room; what lies there is overwritten later or never read).  Elsewhere a
// code point at a time, exactly.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace puny::simd {

// Room past the end that utf8_two and utf8_three may read (code points)
// and write (bytes).
constexpr std::size_t utf8_run_read_slack = 7;
constexpr std::size_t utf8_run_write_slack = 14;

// cps[0, n), each in [U+0080, U+07FF], as UTF-8 at out; returns the end.
inline char* utf8_two(const char32_t* cps, std::size_t n, char* out) noexcept {
#if defined(__SSE2__)
  // Packed to 16 bits (every value fits: no saturation), then each lane
  // becomes lead | trail << 8 = (c >> 6 | 0xC0) | (c & 0x3F | 0x80) << 8,
  // the two bytes in memory order.
  const __m128i trail_bits = _mm_set1_epi16(0x3F00);
  const __m128i tags = _mm_set1_epi16(static_cast<short>(0x80C0));
  for (std::size_t i = 0; i < n; i += 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cps + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cps + i + 4));
    const __m128i v = _mm_packs_epi32(a, b);
    const __m128i w = _mm_or_si128(_mm_or_si128(_mm_srli_epi16(v, 6), _mm_and_si128(_mm_slli_epi16(v, 8), trail_bits)), tags);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * i), w);
  }
  return out + 2 * n;
#else
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = cps[i];
    out[2 * i] = static_cast<char>(0xC0 | (c >> 6));
    out[2 * i + 1] = static_cast<char>(0x80 | (c & 0x3F));
  }
  return out + 2 * n;
#endif
}

// cps[0, n), each in [U+0800, U+FFFF], as UTF-8 at out; returns the end.
inline char* utf8_three(const char32_t* cps, std::size_t n, char* out) noexcept {
#if defined(__SSE2__)
  // Each 32-bit lane becomes its three bytes (E0 | c >> 12, 80 | c >> 6 &
  // 3F, 80 | c & 3F) and a zero; each 64-bit half's two lanes are joined
  // into six bytes, stored 6 bytes apart (each store 8 bytes wide).
  const __m128i six = _mm_set1_epi32(0x3F);
  const __m128i tags = _mm_set1_epi32(0x8080E0);
  const __m128i low3 = _mm_set1_epi64x(0xFFFFFF);
  const __m128i high3 = _mm_set1_epi64x(0xFFFFFF000000);
  for (std::size_t i = 0; i < n; i += 4) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cps + i));
    const __m128i b1 = _mm_slli_epi32(_mm_and_si128(_mm_srli_epi32(v, 6), six), 8);
    const __m128i b2 = _mm_slli_epi32(_mm_and_si128(v, six), 16);
    const __m128i lanes = _mm_or_si128(_mm_or_si128(_mm_srli_epi32(v, 12), b1), _mm_or_si128(b2, tags));
    const __m128i pairs =
        _mm_or_si128(_mm_and_si128(lanes, low3), _mm_and_si128(_mm_srli_epi64(lanes, 8), high3));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 3 * i), pairs);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 3 * i + 6), _mm_unpackhi_epi64(pairs, pairs));
  }
  return out + 3 * n;
#else
  for (std::size_t i = 0; i < n; ++i) {
    const char32_t c = cps[i];
    out[3 * i] = static_cast<char>(0xE0 | (c >> 12));
    out[3 * i + 1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out[3 * i + 2] = static_cast<char>(0x80 | (c & 0x3F));
  }
  return out + 3 * n;
#endif
}

}  // namespace puny::simd
