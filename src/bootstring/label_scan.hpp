// Internal: the first pass of the short decoder (fixed_engine.hpp,
// decode_short) over an input of at most inplace_limit bytes, in one read of
// each byte: the input copied into the decoder's padded buffer, its digit
// values into a second one, the position of its last delimiter (0 when
// there is none: the number of basic code points), the position after its
// last byte that is not a digit, and whether any byte is outside ASCII
// (then the input cannot decode: a byte at or above 0x80 is neither a
// basic code point nor a digit, so the decoder hands it to the exact route
// for its error).  The decoder reads the digits' values, so a code point
// waits on one load for each digit, not two (the byte, then a table), and
// checks the digits for a non-digit once, not in each integer.  With SSE2
// (every x86-64 build) sixteen bytes a step, or two overlapping halves of
// eight for inputs of 8 to 15 bytes; elsewhere, and for profiles with
// other digits, a byte at a time.  The values come from the same registers
// as the copy: read back from the copy, a 16-byte load across two of its
// stores waits for them to reach the cache (AMD EPYC: 10% more time on
// labels/decode).
// Includes only the standard library and <emmintrin.h>.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace puny::bootstring::fixed {
namespace {

struct label_scan {
  std::size_t last;       // the last delimiter's position; 0: none, or at 0
  std::size_t after_bad;  // one past the last byte that is not a digit; 0: none
  bool ascii;             // every byte below 0x80
};

// The portable scan (and the one for inputs under 8 bytes): copies
// text[0, size) to out, the digit values (`digit_values`, 255: not a
// digit) to values.
template <class Table>
inline label_scan scan_label_bytes(const char* text, std::size_t size, char* out, char* values,
                                   char delimiter, const Table& digit_values) {
  std::size_t last = 0;
  std::size_t after_bad = 0;
  unsigned seen = 0;
  for (std::size_t j = 0; j < size; ++j) {
    const auto c = static_cast<unsigned char>(text[j]);
    const unsigned v = digit_values[c];
    out[j] = static_cast<char>(c);
    values[j] = static_cast<char>(v);
    seen |= c;
    if (c == static_cast<unsigned char>(delimiter)) last = j;
    if (v >= 0x80) after_bad = j + 1;
  }
  return {last, after_bad, seen < 0x80};
}

#if defined(__SSE2__) && defined(__GNUC__)
// The highest set bit of a nonzero 16-bit mask (clz ^ 31 is one bsr; 32 -
// clz, three instructions more), and one past it.
inline unsigned highest(unsigned mask) { return static_cast<unsigned>(__builtin_clz(mask)) ^ 31u; }
inline unsigned one_past_highest(unsigned mask) { return highest(mask) + 1; }

// Punycode's digit values (a-z and A-Z 0-25, 0-9 26-35; RFC 3492 section
// 5) of sixteen bytes, anything else some value, and a mask of the bytes
// that are digits.  With the case bit set a letter is 'a' to 'z'; a digit
// is '0' to '9' as it stands (the case bit would make 0x10-0x19 digits
// too), and has the case bit already, so its value is the letter's + 75.
inline __m128i digit_values16(__m128i v, __m128i& is_digit_or_letter) {
  const __m128i letter = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
  const __m128i is_letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(25)), letter);
  const __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
  const __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
  is_digit_or_letter = _mm_or_si128(is_letter, is_digit);
  return _mm_add_epi8(letter, _mm_and_si128(is_digit, _mm_set1_epi8('a' - '0' + 26)));
}

// Copies text[0, size) to out[0, size) and the digit values to values[0,
// size) (both have room for size rounded up to 16) and scans it, in one
// read of each byte.  Standard: the profile's digits are Punycode's
// (digit_values16); otherwise the portable scan.
template <bool Standard, class Table>
inline label_scan scan_label(const char* text, std::size_t size, char* out, char* values, char delimiter,
                             const Table& digit_values) {
  if constexpr (!Standard) return scan_label_bytes(text, size, out, values, delimiter, digit_values);
  const __m128i pattern = _mm_set1_epi8(delimiter);
  if (size >= 16) {
    std::size_t last = 0;
    std::size_t after_bad = 0;
    unsigned high = 0;
    const auto chunk = [&](std::size_t at) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + at));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + at), v);
      __m128i ok;
      _mm_storeu_si128(reinterpret_cast<__m128i*>(values + at), digit_values16(v, ok));
      high |= static_cast<unsigned>(_mm_movemask_epi8(v));
      const unsigned match = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, pattern)));
      if (match != 0) last = at + highest(match);
      const unsigned bad = static_cast<unsigned>(_mm_movemask_epi8(ok)) ^ 0xFFFFu;
      if (bad != 0) after_bad = at + one_past_highest(bad);
    };
    std::size_t j = 0;
    for (; j + 16 <= size; j += 16) chunk(j);
    // The last 16 bytes again, overlapping: a match there is the last one.
    if (j < size) chunk(size - 16);
    return {last, after_bad, high == 0};
  }
  if (size >= 8) {
    // The first and the last eight bytes (overlapping below 16) as one
    // vector: bits 8-15 of a mask are the bytes at size - 8 on.
    const __m128i low = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(text));
    const __m128i top = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(text + size - 8));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), low);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + size - 8), top);
    const __m128i v = _mm_unpacklo_epi64(low, top);
    __m128i ok;
    const __m128i value = digit_values16(v, ok);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(values), value);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(values + size - 8), _mm_unpackhi_epi64(value, value));
    const unsigned match = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, pattern)));
    const unsigned bad = static_cast<unsigned>(_mm_movemask_epi8(ok)) ^ 0xFFFFu;
    const bool ascii = _mm_movemask_epi8(v) == 0;
    // The position of the highest bit of a mask (bits 8-15 counting from
    // size - 16), and the one after it; 0 when none.
    const auto at = [size](unsigned mask) -> std::size_t {
      if (mask > 0xFF) return size - 16 + highest(mask);
      return mask != 0 ? highest(mask) : 0;
    };
    const auto after = [size](unsigned mask) -> std::size_t {
      if (mask > 0xFF) return size - 16 + one_past_highest(mask);
      return mask != 0 ? one_past_highest(mask) : 0;
    };
    return {at(match), after(bad), ascii};
  }
  return scan_label_bytes(text, size, out, values, delimiter, digit_values);
}
#else
template <bool Standard, class Table>
inline label_scan scan_label(const char* text, std::size_t size, char* out, char* values, char delimiter,
                             const Table& digit_values) {
  return scan_label_bytes(text, size, out, values, delimiter, digit_values);
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
