// Internal: the first pass of the short decoder (fixed_engine.hpp,
// decode_short) over an input of at most inplace_limit bytes, in one read of
// each byte: the input copied into the decoder's padded buffer, the
// position after its last delimiter, and whether any byte is outside ASCII
// (then the input cannot decode: a byte at or above 0x80 is neither a basic
// code point nor a digit, so the decoder hands it to the exact route for
// its error).  With SSE2 (every x86-64 build) sixteen bytes a step, or two
// overlapping halves of eight for inputs of 8 to 15 bytes; elsewhere a word
// at a time (rfc3492_steps.hpp's copy_find_last) and an OR of the bytes.
// Includes only the standard library, rfc3492_steps.hpp and <emmintrin.h>.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "bootstring/rfc3492_steps.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace puny::bootstring::fixed {
namespace {

struct label_scan {
  std::size_t after_last;  // one past the last delimiter; 0: there is none
  bool ascii;              // every byte below 0x80
};

#if defined(__SSE2__) && defined(__GNUC__)
// One past the highest set bit of a nonzero 16-bit mask.
inline unsigned one_past_highest(unsigned mask) { return 32 - static_cast<unsigned>(__builtin_clz(mask)); }

// Copies text[0, size) to out[0, size) (out has room for size rounded up
// to 16) and scans it.
inline label_scan scan_label(const char* text, std::size_t size, char* out, char delimiter) {
  const __m128i pattern = _mm_set1_epi8(delimiter);
  if (size >= 16) {
    std::size_t after_last = 0;
    unsigned high = 0;
    const auto chunk = [&](std::size_t at) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + at));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + at), v);
      high |= static_cast<unsigned>(_mm_movemask_epi8(v));
      const unsigned match = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, pattern)));
      if (match != 0) after_last = at + one_past_highest(match);
    };
    std::size_t j = 0;
    for (; j + 16 <= size; j += 16) chunk(j);
    // The last 16 bytes again, overlapping: a match there is the last one.
    if (j < size) chunk(size - 16);
    return {after_last, high == 0};
  }
  if (size >= 8) {
    // The first and the last eight bytes (overlapping below 16) as one
    // vector: bits 8-15 of a mask are the bytes at size - 8 on.
    const __m128i low = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(text));
    const __m128i top = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(text + size - 8));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), low);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + size - 8), top);
    const __m128i v = _mm_unpacklo_epi64(low, top);
    const unsigned match = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, pattern)));
    const bool ascii = _mm_movemask_epi8(v) == 0;
    if (match > 0xFF) return {size - 16 + one_past_highest(match), ascii};
    return {match != 0 ? one_past_highest(match) : 0, ascii};
  }
  std::size_t after_last = 0;
  unsigned seen = 0;
  for (std::size_t j = 0; j < size; ++j) {
    const auto c = static_cast<unsigned char>(text[j]);
    out[j] = static_cast<char>(c);
    seen |= c;
    if (c == static_cast<unsigned char>(delimiter)) after_last = j + 1;
  }
  return {after_last, seen < 0x80};
}
#else
inline label_scan scan_label(const char* text, std::size_t size, char* out, char delimiter) {
  const std::size_t after_last = detail::copy_find_last(text, size, out, delimiter);
  unsigned seen = 0;
  for (std::size_t j = 0; j < size; ++j) seen |= static_cast<unsigned char>(text[j]);
  return {after_last, seen < 0x80};
}
#endif

// Writes text[0, b) to work[0, b) as code points.  With SSE2 sixteen at a
// time: it reads text up to b rounded up to 16 and writes work as far (the
// caller's buffers have that room; what lies past b is overwritten later or
// never read).
inline void widen_basic(const char* text, std::size_t b, char32_t* work) {
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  for (std::size_t j = 0; j < b; j += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + j));
    const __m128i low = _mm_unpacklo_epi8(v, zero);
    const __m128i high = _mm_unpackhi_epi8(v, zero);
    __m128i* const to = reinterpret_cast<__m128i*>(work + j);
    _mm_storeu_si128(to, _mm_unpacklo_epi16(low, zero));
    _mm_storeu_si128(to + 1, _mm_unpackhi_epi16(low, zero));
    _mm_storeu_si128(to + 2, _mm_unpacklo_epi16(high, zero));
    _mm_storeu_si128(to + 3, _mm_unpackhi_epi16(high, zero));
  }
#else
  for (std::size_t j = 0; j < b; ++j) work[j] = static_cast<unsigned char>(text[j]);
#endif
}

}  // namespace
}  // namespace puny::bootstring::fixed
