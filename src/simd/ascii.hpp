// ASCII primitives of the IDNA engine, in two implementations with one
// contract: `scalar` (portable, the reference) and `sse2` (x86-64 baseline,
// 16 bytes at a time).  `best` names the one the library uses.  Both are
// always compiled on x86-64, and tests/unit/simd_ascii_test.cpp compares
// them (exhaustively over short strings, randomly over long ones), so the
// scalar code is never dead code that nobody runs.
//
// Nothing here knows about UTS #46 beyond the byte classes it needs:
//   LDH-or-dot = ASCII letters (either case), digits, U+002D and U+002E,
// the set for which UTS #46 section 4 reduces to ASCII lowercasing (see
// src/idna/fast_path.hpp).
//
// AVX2: not dispatched.  Names are short (median 15 bytes in the bench
// workloads); the cost is in the per-call work around these loops, and a
// 32-byte path would run on one block at most.  See bench/README.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "simd/bytes.hpp"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__GNUC__)
#define PUNY_SIMD_INLINE inline __attribute__((always_inline))
#else
#define PUNY_SIMD_INLINE inline
#endif

namespace puny::simd {

// Bit i describes byte i of a string of at most 64 bytes.
struct ldh_masks {
  std::uint64_t bad = 0;     // not an ASCII letter, digit, '-' or '.'
  std::uint64_t dot = 0;     // '.'
  std::uint64_t hyphen = 0;  // '-'
};
constexpr std::size_t ldh_masks_max = 64;

constexpr unsigned char lower_ascii(unsigned char c) noexcept {
  return static_cast<unsigned char>(static_cast<unsigned>(c - 'A') < 26u ? c + 0x20 : c);
}
constexpr bool is_ldh_or_dot(unsigned char c) noexcept {
  const unsigned char l = static_cast<unsigned char>(c | 0x20);
  return (l >= 'a' && l <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

// Index of the lowest set bit of a non-zero mask.
inline unsigned lowest_bit(std::uint64_t m) noexcept {
#if defined(__GNUC__)
  return static_cast<unsigned>(__builtin_ctzll(m));
#else
  unsigned i = 0;
  while (!(m & 1u)) {
    m >>= 1;
    ++i;
  }
  return i;
#endif
}

// ---------------------------------------------------------------------------
// The contract, as the scalar reference states it.

namespace scalar {

// 16 bytes at p: when all are ASCII, writes them lowercased as UTF-32 to
// dst[0, 16), sets bit k of `dots` for each '.' and returns true; otherwise
// writes nothing and returns false.
inline bool lower_widen16(const unsigned char* p, char32_t* dst, unsigned& dots) noexcept {
  for (int k = 0; k < 16; ++k)
    if (p[k] >= 0x80) return false;
  dots = 0;
  for (int k = 0; k < 16; ++k) {
    dst[k] = lower_ascii(p[k]);
    if (p[k] == '.') dots |= 1u << k;
  }
  return true;
}

// dst[k] = in[k] (bytes below 0x80) for k < n.
inline void widen(const char* in, std::size_t n, char32_t* dst) noexcept {
  for (std::size_t k = 0; k < n; ++k) dst[k] = static_cast<unsigned char>(in[k]);
}

// dst[k] = first + k for k < n.
inline void iota(std::size_t* dst, std::size_t n, std::size_t first) noexcept {
  for (std::size_t k = 0; k < n; ++k) dst[k] = first + k;
}

// dst[k] = first + k for k < 16.
inline void iota16(std::size_t* dst, std::size_t first) noexcept { iota(dst, 16, first); }

// out[k] = in[k] for code points below U+0080, k < n.
inline void narrow(const char32_t* in, std::size_t n, char* out) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>(in[i]);
}

// n <= ldh_masks_max: out[0, n) = in lowercased, and the masks of in.
// Touches no byte outside in[0, n) and out[0, n).
inline void classify_ldh(const char* in, std::size_t n, char* out, ldh_masks& m) noexcept {
  m = ldh_masks{};
  for (std::size_t j = 0; j < n; ++j) {
    const auto c = static_cast<unsigned char>(in[j]);
    out[j] = static_cast<char>(lower_ascii(c));
    const std::uint64_t bit = std::uint64_t{1} << j;
    if (c == '.') m.dot |= bit;
    if (c == '-') m.hyphen |= bit;
    if (!is_ldh_or_dot(c)) m.bad |= bit;
  }
}

// Any n: out[0, n) = in lowercased (ASCII letters only); returns whether
// every byte is LDH-or-dot.
inline bool lower_ldh(const char* in, std::size_t n, char* out) noexcept {
  bool ok = true;
  for (std::size_t j = 0; j < n; ++j) {
    const auto c = static_cast<unsigned char>(in[j]);
    out[j] = static_cast<char>(lower_ascii(c));
    ok &= is_ldh_or_dot(c);
  }
  return ok;
}

}  // namespace scalar

// ---------------------------------------------------------------------------
#if defined(__SSE2__)
namespace sse2 {

// Byte lanes of v in [lo, lo + len): (v - lo) mod 256 is below len exactly
// then; flipping the top bit turns that unsigned test into a signed one.
PUNY_SIMD_INLINE __m128i in_range(__m128i v, char lo, int len) noexcept {
  const __m128i x = _mm_add_epi8(v, _mm_set1_epi8(static_cast<char>(0x80 - lo)));
  return _mm_cmplt_epi8(x, _mm_set1_epi8(static_cast<char>(len - 128)));
}

PUNY_SIMD_INLINE void store_widened(__m128i v, char32_t* out) noexcept {
  const __m128i zero = _mm_setzero_si128();
  const __m128i lo16 = _mm_unpacklo_epi8(v, zero);
  const __m128i hi16 = _mm_unpackhi_epi8(v, zero);
  auto* dst = reinterpret_cast<__m128i*>(out);
  _mm_storeu_si128(dst, _mm_unpacklo_epi16(lo16, zero));
  _mm_storeu_si128(dst + 1, _mm_unpackhi_epi16(lo16, zero));
  _mm_storeu_si128(dst + 2, _mm_unpacklo_epi16(hi16, zero));
  _mm_storeu_si128(dst + 3, _mm_unpackhi_epi16(hi16, zero));
}

PUNY_SIMD_INLINE bool lower_widen16(const unsigned char* p, char32_t* dst, unsigned& dots) noexcept {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  if (_mm_movemask_epi8(v) != 0) return false;
  const __m128i upper = in_range(v, 'A', 26);
  store_widened(_mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi8(0x20))), dst);
  dots = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))));
  return true;
}

inline void widen(const char* in, std::size_t n, char32_t* dst) noexcept {
  std::size_t k = 0;
  for (; k + 16 <= n; k += 16)
    store_widened(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + k)), dst + k);
  if (k < n && n >= 16) {
    store_widened(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + n - 16)), dst + n - 16);
    return;
  }
  scalar::widen(in + k, n - k, dst + k);
}

PUNY_SIMD_INLINE void iota16(std::size_t* dst, std::size_t first) noexcept {
  if constexpr (sizeof(std::size_t) == 8) {
    __m128i v = _mm_set_epi64x(static_cast<long long>(first + 1), static_cast<long long>(first));
    const __m128i two = _mm_set1_epi64x(2);
    for (int j = 0; j < 8; ++j) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 2 * j), v);
      v = _mm_add_epi64(v, two);
    }
  } else {
    scalar::iota(dst, 16, first);
  }
}

// Whole blocks of 16, the last one overlapping the one before.
inline void iota(std::size_t* dst, std::size_t n, std::size_t first) noexcept {
  if (n < 16) {
    scalar::iota(dst, n, first);
    return;
  }
  std::size_t k = 0;
  for (; k + 16 <= n; k += 16) iota16(dst + k, first + k);
  if (k < n) iota16(dst + n - 16, first + n - 16);
}

inline void narrow(const char32_t* in, std::size_t n, char* out) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i + 4));
    const __m128i w16 = _mm_packs_epi32(a, b);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + i), _mm_packus_epi16(w16, w16));
  }
  scalar::narrow(in + i, n - i, out + i);
}

struct block_masks {
  unsigned bad, dot, hyphen;  // one bit per byte lane
};

// Classifies 16 bytes and returns them lowercased.  A letter of either case
// is a lane whose value with bit 0x20 set is in a-z; setting that bit on
// every letter lowercases it.
PUNY_SIMD_INLINE __m128i classify16(__m128i v, block_masks& m) noexcept {
  const __m128i bit5 = _mm_set1_epi8(0x20);
  const __m128i letter = in_range(_mm_or_si128(v, bit5), 'a', 26);
  const __m128i digit = in_range(v, '0', 10);
  const __m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
  const __m128i hyphen = _mm_cmpeq_epi8(v, _mm_set1_epi8('-'));
  const __m128i ok = _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(dot, hyphen));
  m.bad = static_cast<unsigned>(_mm_movemask_epi8(ok)) ^ 0xFFFFu;
  m.dot = static_cast<unsigned>(_mm_movemask_epi8(dot));
  m.hyphen = static_cast<unsigned>(_mm_movemask_epi8(hyphen));
  return _mm_or_si128(v, _mm_and_si128(letter, bit5));
}

// Only "is every lane LDH-or-dot", lowercased: the URL pass needs no masks.
PUNY_SIMD_INLINE __m128i lower16(__m128i v, __m128i& bad) noexcept {
  const __m128i bit5 = _mm_set1_epi8(0x20);
  const __m128i letter = in_range(_mm_or_si128(v, bit5), 'a', 26);
  // '-', '.', '0'-'9' are 0x2D..0x39 but for '/' (0x2F).
  const __m128i punct_digit = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')),
                                               in_range(v, '-', 13));
  bad = _mm_or_si128(bad, _mm_andnot_si128(_mm_or_si128(letter, punct_digit), _mm_set1_epi8(-1)));
  return _mm_or_si128(v, _mm_and_si128(letter, bit5));
}

// The 8-32 byte shape of classify_ldh and lower_ldh (nearly every host
// name), with no branch on the length: four 8-byte blocks at 0, p1, p2 and
// n - 8.  They cover [0, n) because consecutive starts are at most 8 apart,
// and every lane holds a real input byte, so no lane needs masking and
// nothing is read or written outside [0, n); blocks that overlap see the
// same bytes and give the same results.  A length switch instead (8-15 /
// 16-32, about half each in real name lists) costs a mispredicted branch on
// every other name.
constexpr bool fits_four_blocks(std::size_t n) noexcept { return n - 8 <= 24; }
struct four_blocks {
  std::size_t p1, p2, last;
  explicit constexpr four_blocks(std::size_t n) noexcept
      : p1(n < 16 ? n - 8 : 8),       // min(8, n - 8)
        p2(n < 24 ? p1 : n - 16),     // max(n - 16, p1)
        last(n - 8) {}
};
// Lanes 0-7: in[a, a + 8); lanes 8-15: in[b, b + 8).
PUNY_SIMD_INLINE __m128i load_two_blocks(const char* in, std::size_t a, std::size_t b) noexcept {
  return _mm_set_epi64x(static_cast<long long>(::puny::simd::load_u64(in + b)), static_cast<long long>(::puny::simd::load_u64(in + a)));
}
PUNY_SIMD_INLINE void store_two_blocks(char* out, __m128i v, std::size_t a, std::size_t b) noexcept {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out + a), v);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out + b), _mm_srli_si128(v, 8));
}

// Lengths that are not a multiple of the block size are covered by two
// overlapping loads: a byte seen twice gets the same bits at the same
// position, so OR-ing is harmless.
PUNY_SIMD_INLINE void classify_ldh(const char* in, std::size_t n, char* out, ldh_masks& m) noexcept {
  m = ldh_masks{};
  block_masks b;
  const auto add = [&m](const block_masks& x, unsigned keep, std::size_t at) {
    m.bad |= static_cast<std::uint64_t>(x.bad & keep) << at;
    m.dot |= static_cast<std::uint64_t>(x.dot & keep) << at;
    m.hyphen |= static_cast<std::uint64_t>(x.hyphen & keep) << at;
  };
  if (fits_four_blocks(n)) {
    // Each block's masks shifted to where it starts.
    const four_blocks at(n);
    const auto add_two = [&](std::size_t first, std::size_t second) {
      add(b, 0xFFu, first);
      add(block_masks{b.bad >> 8, b.dot >> 8, b.hyphen >> 8}, 0xFFu, second);
    };
    store_two_blocks(out, classify16(load_two_blocks(in, 0, at.p1), b), 0, at.p1);
    add_two(0, at.p1);
    store_two_blocks(out, classify16(load_two_blocks(in, at.p2, at.last), b), at.p2, at.last);
    add_two(at.p2, at.last);
  } else if (n >= 16) {
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
      const __m128i low = classify16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i)), b);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), low);
      add(b, 0xFFFFu, i);
    }
    if (i < n) {
      const __m128i low =
          classify16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + n - 16)), b);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + n - 16), low);
      add(b, 0xFFFFu, n - 16);
    }
  } else if (n >= 4) {
    // Lanes 0-3: in[0, 4); lanes 4-7: in[n-4, n).
    const __m128i v = _mm_set_epi32(0, 0, static_cast<int>(::puny::simd::load_u32(in + n - 4)),
                                    static_cast<int>(::puny::simd::load_u32(in)));
    const __m128i low = classify16(v, b);
    const auto w = static_cast<std::uint64_t>(_mm_cvtsi128_si64(low));
    const auto w0 = static_cast<std::uint32_t>(w);
    const auto w1 = static_cast<std::uint32_t>(w >> 32);
    std::memcpy(out, &w0, 4);
    std::memcpy(out + n - 4, &w1, 4);
    add(b, 0xFu, 0);
    const block_masks h{b.bad >> 4, b.dot >> 4, b.hyphen >> 4};
    add(h, 0xFu, n - 4);
  } else {
    scalar::classify_ldh(in, n, out, m);  // fewer than 4 bytes: rare
  }
}

PUNY_SIMD_INLINE bool lower_ldh(const char* in, std::size_t n, char* out) noexcept {
  __m128i bad = _mm_setzero_si128();
  if (fits_four_blocks(n)) {
    const four_blocks at(n);
    const __m128i lo = lower16(load_two_blocks(in, 0, at.p1), bad);
    const __m128i hi = lower16(load_two_blocks(in, at.p2, at.last), bad);
    store_two_blocks(out, lo, 0, at.p1);
    store_two_blocks(out, hi, at.p2, at.last);
    return _mm_movemask_epi8(bad) == 0;
  }
  if (n >= 16) {
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                       lower16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i)), bad));
    if (i < n)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + n - 16),
                       lower16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + n - 16)), bad));
    return _mm_movemask_epi8(bad) == 0;
  }
  if (n >= 4) {
    const __m128i v = _mm_set_epi32(0, 0, static_cast<int>(::puny::simd::load_u32(in + n - 4)),
                                    static_cast<int>(::puny::simd::load_u32(in)));
    const __m128i low = lower16(v, bad);
    const auto w = static_cast<std::uint64_t>(_mm_cvtsi128_si64(low));
    const auto w0 = static_cast<std::uint32_t>(w);
    const auto w1 = static_cast<std::uint32_t>(w >> 32);
    std::memcpy(out, &w0, 4);
    std::memcpy(out + n - 4, &w1, 4);
    return (_mm_movemask_epi8(bad) & 0xFF) == 0;
  }
  return scalar::lower_ldh(in, n, out);
}

}  // namespace sse2
namespace best = sse2;
#else
namespace best = scalar;
#endif

}  // namespace puny::simd
