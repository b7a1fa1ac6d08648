// Internal: Bootstring (RFC 3492 sections 3-6) specialised for one profile
// known at compile time, with no case flags and no observer: encoding of at
// most short_limit code points, decoding of any length.  Everything else
// goes through the generic engine in engine.cpp, which this one must
// match byte for byte: same output, same error codes, offsets and code
// points, same caller-buffer behaviour (tests/reference/ checks both against
// the RFC 3492 reference coder).  The RFC steps both engines share are in
// rfc3492_steps.hpp, its faster divisions in fast_arithmetic.hpp.
//
// Why it is faster than the generic engine with the same parameters:
//  * base, tmin, tmax, skew, damp are constants, so threshold() is a clamp and
//    the constant divisions in adapt() become multiplications;
//  * the divisions by a run-time value (by base - t in the digit loop, by the
//    output length and by numpoints in adapt(), and adapt's final quotient)
//    are a table look-up of a reciprocal plus a multiplication, because the
//    divisors are small and known in advance;
//  * the encoder sorts the non-basic code points once, as (code point,
//    position), instead of rescanning the input for the next minimum (short
//    arrays by ranking, four keys at a time with vector types), counts
//    "smaller code points before this position" with a bit set (one register
//    up to 64 code points), and computes each delta in closed form
//    (encode_deltas);
//  * output goes through a plain pointer: the worst-case size is checked once.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <type_traits>

#include "bootstring/compact_engine.hpp"
#include "bootstring/fast_arithmetic.hpp"
#include "bootstring/free_slots.hpp"
#include "bootstring/vector_free_slots.hpp"
#include "bootstring/label_scan.hpp"
#include "bootstring/rfc3492_steps.hpp"
#include "puny/bootstring.hpp"

// The encoder's rare routes out of line (bench/size.sh: a program that calls
// to_ascii links one copy of them, not one inlined per route).
#if defined(__GNUC__)
#define PUNY_ENGINE_COLD __attribute__((noinline, cold))
#define PUNY_ENGINE_NOINLINE __attribute__((noinline))
#define PUNY_ENGINE_INLINE inline __attribute__((always_inline))
#else
#define PUNY_ENGINE_INLINE inline
#define PUNY_ENGINE_COLD
#define PUNY_ENGINE_NOINLINE
#endif

namespace puny::bootstring::fixed {
// Internal linkage: only punycode.cpp instantiates the engine, and calls into
// it should not go through the PLT of the shared library.
namespace {

using detail::u32;
using detail::u64;

// Longest input (code points to encode, bytes to decode) handled with
// buffers on the stack.
inline constexpr std::size_t short_limit = inplace_limit;
static_assert(short_limit <= 512, "encoder sort keys hold a position in 9 bits");

// Longest input (bytes) decoded with 32-bit arithmetic (i stays below 2^32).
inline constexpr std::size_t decode_limit = 3072;
static_assert(decode_limit <= detail::small_free_slots::max_size, "at most a code point per byte");

// Longest input (bytes) whose every divisor has a reciprocal in the table
// (fast_arithmetic.hpp): the inputs decoded on the stack, DNS names among
// them.  Between table_limit and decode_limit the divisors past the table
// (output lengths above 1,025) divide in hardware, off the chain each code
// point waits on (fast_arithmetic.hpp, wide_divisor); covering decode_limit
// took 48 KB of reciprocals instead of 8 KB.
inline constexpr std::size_t table_limit = short_limit;

// Longest input (bytes) whose insertions are placed with block_free_slots
// (from decode_limit on; small_free_slots up to there); above it with
// large_free_slots, then free_slots.  These vector structures take the same
// steps for every insertion whatever the data, so the time per code point
// is flat: on 64 distinct strings of the bench's mix (25% ASCII, 75% CJK,
// 2.7 bytes per code point) 9.0 ns per code point at 1,024 code points,
// 11.2-11.6 from 1,200 to 17,000 (where the chunked insertion they
// replaced took 19.7 to 29.4, its walk growing with the length).
inline constexpr std::size_t block_limit = 48 * 1024;
static_assert(block_limit <= detail::block_free_slots::max_size, "at most a code point per byte");

// Longest input (bytes) whose insertions are placed with large_free_slots
// (superblocks of 49,152 slots under a 32-bit count each): 15 ns per code
// point at 20,000 code points, 20 at 1,000,000; above it free_slots in O(n
// log n), whose Fenwick descent waits on the tree nodes every insertion
// writes (39 ns per code point at 20,000, 65 at 1,000,000).
inline constexpr std::size_t large_limit = detail::large_free_slots::max_size;

// Every divisor of the decoder of up to table_limit bytes (output lengths up
// to table_limit + 1, and adapt()'s) and of the encoder has a reciprocal.
static_assert(reciprocal_count >= 2 * table_limit + 2, "the reciprocal table covers table_limit");
static_assert(short_limit <= table_limit, "the encoder's divisors are in the table");

// ---- the engine ----

template <const parameters& P>
class engine {
  static_assert(validate(P) == parameter_error::ok, "the profile satisfies RFC 3492 section 4");
  // With tmin >= 1 a digit below t always exists, so the encoder's integers
  // end before their weight can overflow (see emit_integer in engine.cpp).
  static_assert(P.tmin >= 1, "tmin 0 can make encoding overflow; use the generic engine");
  static_assert(P.base - P.tmin >= 2, "adapt() needs base - tmin >= 2 to shrink delta");
  static_assert(P.max_code_point <= 0x10FFFF, "encoder deltas are kept in 32 bits");
  static_assert(P.base < reciprocal_count, "digit divisors come from the reciprocal table");

  static constexpr u32 base = P.base;
  static constexpr u32 tmin = P.tmin;
  static constexpr u32 tmax = P.tmax;
  static constexpr u32 skew = P.skew;
  static constexpr u32 damp = P.damp;
  static constexpr u32 initial_n = P.initial_n;
  static constexpr u32 max_cp = P.max_code_point;

  // Encoder deltas (RFC 3492 section 6.3) are below
  // (max_code_point + 1) * (length + 1) + length: everything is 32-bit.
  static_assert((u64{max_cp} + 1) * (short_limit + 1) + short_limit < (u64{1} << 32),
                "encoder deltas fit in 32 bits for short strings");

  // Digits per delta, worst case: each digit but the last divides q by
  // base - t >= base - tmax (section 6.3), and q < 2^32.
  static constexpr std::size_t max_digits() {
    std::size_t count = 1;
    for (u64 w = 1; w <= 0xFFFFFFFFu && base - tmax >= 2; w *= base - tmax) ++count;
    return base - tmax >= 2 ? count : 0;
  }
  static_assert(max_digits() > 0, "tmax == base - 1 needs unbounded digit counts");

  // The shared RFC 3492 steps (bootstring/rfc3492_steps.hpp) see the
  // profile through this view: its parameters are constants, its digits
  // come from this engine's tables (every byte has an entry).
  struct view : detail::constant_profile<P> {
    static int digit_value(unsigned char c);
    static char digit_char(u32 d);
  };
  static constexpr view profile{};

  // Section 6.1 threshold (the digit at position k = base * (j + 1)).
  static constexpr u32 threshold(u32 k, u32 bias) { return detail::threshold(k, bias, tmin, tmax); }

  // adapt's last step, (base - tmin + 1) * delta / (delta + skew), for every
  // delta the loop can leave (at most (base - tmin) * tmax / 2).
  static constexpr u32 adapt_limit = ((base - tmin) * tmax) / 2;
  struct adapt_table {
    std::array<std::uint16_t, adapt_limit + 1> v{};
    constexpr adapt_table() {
      for (u32 d = 0; d <= adapt_limit; ++d)
        v[d] = static_cast<std::uint16_t>(detail::adapt_tail(d, base, tmin, skew));
    }
  };
  static constexpr adapt_table adapt_tail{};

  // Digits per integer the decoder reads without overflow checks
  // (rfc3492_steps.hpp).
  static constexpr u32 unchecked_digits(u64 start) { return detail::unchecked_digits(start, base, tmin); }
  static_assert(unchecked_digits(decode_limit + 1) >= 4, "the fast path covers typical integers");
  static_assert(unchecked_digits(u64{1} << 32) >= 3, "read_short_integer's three digits");

  // Largest bias adapt() can return (its delta is a 64-bit value).
  static constexpr u32 max_bias() {
    u64 delta = ~u64{0} / 2;
    delta += delta;  // numpoints 1
    const u64 k = detail::adapt_rounds(delta, base, tmin, tmax);
    return static_cast<u32>(k + base);  // adapt's last term is below base - tmin + 1
  }

  // Thresholds of the first three digits and the weights of the second and
  // third, with the bias they come from (for the digit loop).
  static_assert((base - tmin) * (base - tmin) <= 0xFFFF, "weights fit in 16 bits");
  static_assert(base - tmin <= 0xFF && base <= 0xFF, "thresholds fit in 8 bits");
  static_assert(max_bias() <= 0xFFFF, "biases fit in 16 bits");
  struct short_thresholds {
    std::uint8_t t1, t2, t3;
    std::uint8_t w2;    // base - t1
    std::uint16_t w3;   // at most (base - tmin)^2
    std::uint16_t bias;
  };
  static constexpr short_thresholds make_thresholds(u32 bias) {
    const u32 t1 = threshold(base, bias);
    const u32 t2 = threshold(2 * base, bias);
    return short_thresholds{static_cast<std::uint8_t>(t1), static_cast<std::uint8_t>(t2),
                            static_cast<std::uint8_t>(threshold(3 * base, bias)),
                            static_cast<std::uint8_t>(base - t1),
                            static_cast<std::uint16_t>((base - t1) * (base - t2)),
                            static_cast<std::uint16_t>(bias)};
  }
  // By bias.
  struct short_threshold_table_type {
    std::array<short_thresholds, max_bias() + 1> v{};
    constexpr short_threshold_table_type() {
      for (u32 bias = 0; bias <= max_bias(); ++bias) v[bias] = make_thresholds(bias);
    }
  };
  static constexpr short_threshold_table_type short_threshold_table{};
  // By the value adapt() reaches after its division by numpoints, when it
  // ends in at most one round of its loop: entry d for d <= adapt_limit (no
  // round), entry adapt_limit + 1 + d for d = delta / (base - tmin) <=
  // adapt_limit (one round).  The decoder goes from one integer's delta
  // straight to the next integer's thresholds, one load instead of two.
  static constexpr u32 adapt_entries = 2 * (adapt_limit + 1);
  struct adapt_threshold_table_type {
    std::array<short_thresholds, adapt_entries> v{};
    constexpr adapt_threshold_table_type() {
      for (u32 d = 0; d <= adapt_limit; ++d) {
        const u32 tail = adapt_tail.v[d];
        v[d] = make_thresholds(tail);
        v[adapt_limit + 1 + d] = make_thresholds(base + tail);
      }
    }
  };
  static constexpr adapt_threshold_table_type adapt_threshold_table{};
  // d / (base - tmin) for the choice of an adapt_threshold_table entry:
  // never below the quotient and equal to it while the quotient is at
  // most adapt_limit, so that an estimate above adapt_limit sends the
  // caller to the exact division (thresholds_after_rounds).
  using rounds = quotient_estimate<base - tmin>;
  static_assert(rounds::exact_below >= u64{adapt_limit + 1} * (base - tmin), "see above");

  // RFC 3492 section 6.1 adapt(delta, numpoints, firsttime), as the
  // thresholds of the bias it returns (for the encoder and the decoder).
  // A u32 numpoints is at most table_limit (one code point per input byte
  // at most), so 2 * numpoints < reciprocal_count; a wide_divisor may be
  // larger.
  template <class Divisor>
  static const short_thresholds* adapt_thresholds(u32 delta, Divisor numpoints, bool first_time) {
    if (first_time) {
      delta /= damp;
      delta += div_u32(delta, numpoints);
    } else {
      // delta / 2 + (delta / 2) / numpoints, the second term computed as
      // delta / (2 * numpoints): both terms start from delta at once, which
      // shortens the chain every code point waits on (see read_short_integer).
      if constexpr (std::is_same_v<Divisor, wide_divisor>)
        delta = (delta >> 1) + div_u32_twice(delta, numpoints);
      else
        delta = (delta >> 1) + div_u32_from_2(delta, 2 * numpoints);
    }
    const u32 rounded = delta / (base - tmin);
    const u32 index = delta > adapt_limit ? adapt_limit + 1 + rounded : delta;
    if (index < adapt_entries) return &adapt_threshold_table.v[index];
    return thresholds_after_rounds(rounded);
  }

  // adapt()'s end when its loop makes two rounds or more (very long
  // integers only): `rounded` is its delta divided by base - tmin once.
  static const short_thresholds* thresholds_after_rounds(u64 rest) {
    const u64 k = base + detail::adapt_rounds(rest, base, tmin, tmax);
    return &short_threshold_table.v[static_cast<std::size_t>(k + adapt_tail.v[static_cast<std::size_t>(rest)])];
  }

  static constexpr std::size_t block = 16;  // code points per move_block_up

  // Moves the 16 code points at `from` up one slot, through four 16-byte
  // temporaries (registers, not a 64-byte array the compiler would keep in
  // memory).
  static void move_block_up(char32_t* from) {
    unsigned char a[16], b[16], c[16], d[16];
    std::memcpy(a, from, 16);
    std::memcpy(b, from + 4, 16);
    std::memcpy(c, from + 8, 16);
    std::memcpy(d, from + 12, 16);
    std::memcpy(from + 1, a, 16);
    std::memcpy(from + 5, b, 16);
    std::memcpy(from + 9, c, 16);
    std::memcpy(from + 13, d, 16);
  }

  // Section 6.2's "decode a generalized variable-length integer" for the
  // common case, an integer of at most three digits: the three digits and
  // their thresholds are computed up front and the length chosen with
  // masks, so the data-dependent end of the integer costs no branch.  Sets
  // `value` to the integer, advances pos and returns true; returns false,
  // changing nothing, in every other case (longer integer, invalid digit,
  // end of input), which the digit loop handles with its exact errors.
  // `text` has three non-digits after the input, so reading three bytes is
  // always safe.
  //
  // The integer feeds adapt_thresholds() and so the thresholds of the next
  // one: this is the chain every code point waits on.  Masks instead of multiplications by
  // 0 or 1 keep it short: d2 * w2 is computed while the comparisons run.
  static bool read_short_integer(const char* text, std::size_t& pos, const short_thresholds& st,
                                 u32& value) {
    static_assert(unchecked_digits(decode_limit + 1) >= 3, "three digits cannot overflow");
    static_assert(decode_limit + 255u * (1 + (base - tmin) + (base - tmin) * (base - tmin)) <=
                      0xFFFFFFFFu,
                  "value and i stay below 2^32 (decode divides i as a 32-bit value)");
    // Invalid characters read as 255: never below a threshold or the base.
    const u32 d1 = digits.unsigned_values[static_cast<unsigned char>(text[pos])];
    const u32 d2 = digits.unsigned_values[static_cast<unsigned char>(text[pos + 1])];
    const u32 d3 = digits.unsigned_values[static_cast<unsigned char>(text[pos + 2])];
    const u32 end1 = d1 < st.t1;
    const u32 end2 = d2 < st.t2;
    const u32 end3 = d3 < st.t3;
    // A digit that does not end the integer must still be a digit.
    const u32 ok = (end1 | end2 | end3) & (d1 < base) & (end1 | (d2 < base));
    if (!ok) return false;
    const u32 second = end1 - 1;          // all ones: the integer has a second digit
    const u32 third = second & (end2 - 1);  // and a third
    value = d1 + ((d2 * st.w2) & second) + ((d3 * st.w3) & third);
    pos += 1 + (second & 1) + (third & 1);
    return true;
  }

  // Lower-case digit characters, and digit values for every byte (-1: none).
  struct digit_tables {
    std::array<char, 128> chars{};
    std::array<std::int8_t, 256> values{};
    std::array<std::uint8_t, 256> unsigned_values{};  // 255 for "not a digit"
    constexpr digit_tables() {
      for (std::size_t c = 0; c < 128; ++c) {
        chars[c] = P.digits[c];
        values[c] = P.digit_values[c];
      }
      for (std::size_t c = 128; c < 256; ++c) values[c] = -1;
      for (std::size_t c = 0; c < 256; ++c)
        unsigned_values[c] = static_cast<std::uint8_t>(values[c] < 0 ? 255 : values[c]);
    }
  };
  static constexpr digit_tables digits{};
  // Whether the profile's digits are Punycode's (a-z, A-Z, 0-9), whose
  // values label_scan computes sixteen at a time (digit_values16).
  static constexpr bool standard_digits() {
    for (u32 c = 0; c < 256; ++c) {
      int v = -1;
      if (c >= 'a' && c <= 'z') v = static_cast<int>(c - 'a');
      if (c >= 'A' && c <= 'Z') v = static_cast<int>(c - 'A');
      if (c >= '0' && c <= '9') v = static_cast<int>(c - '0' + 26);
      if (digits.values[c] != v) return false;
    }
    return true;
  }

  static status error(errc code, std::size_t offset, char32_t cp = no_code_point) {
    return detail::make_error(code, offset, cp);
  }

  // Number of ones in x.  Hardware: the POPCNT instruction, which baseline
  // x86-64 lacks, so the encoder picks it at run time (has_popcnt below)
  // through inline assembly that any target assembles; else the portable
  // bit count.
  template <bool Hardware>
  static u32 popcount(u64 x) {
#if defined(__GNUC__) && defined(__POPCNT__)
    return static_cast<u32>(__builtin_popcountll(x));
#else
#if defined(__GNUC__) && defined(__x86_64__)
    if constexpr (Hardware) {
      u64 count;
      __asm__("popcntq %1, %0" : "=r"(count) : "rm"(x) : "cc");
      return static_cast<u32>(count);
    }
#endif
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return static_cast<u32>((x * 0x0101010101010101u) >> 56);
#endif
  }

  // One digit of section 6.3's loop with threshold t: writes it and returns
  // true when it is the last, else writes it and leaves the rest in q.
  static bool emit_digit(u32& q, u32 t, char*& dst) {
    u32 digit;
    // divisor >= base - tmax >= 2
    const bool last = detail::next_digit(q, t, base, digit, div_u32_from_2);
    *dst++ = digits.chars[digit];
    return last;
  }

  // RFC 3492 section 6.3, "encode delta as a variable-length integer".  The
  // thresholds come from the adapt table entry (st): the first three are
  // stored there, so only integers of four digits or more compute one.
  static char* emit_integer(u32 q, const short_thresholds& st, char* dst) {
    if (emit_digit(q, st.t1, dst) || emit_digit(q, st.t2, dst) || emit_digit(q, st.t3, dst))
      return dst;
    for (u32 k = 4 * base;; k += base)
      if (emit_digit(q, threshold(k, st.bias), dst)) return dst;
  }

  // Sorts the distinct keys keys[0, count) into `sorted`, count <= 64.
  // They are ranked (each key's rank is the number of smaller keys): no
  // data-dependent branches, where an insertion sort mispredicts about once
  // per key.  With GCC/Clang vector types the ranks of four keys grow at
  // once (SSE2 on x86-64) up to 32 keys; keys[count, round up to 4) must be
  // readable (any value).  Out of line: three keys or more only, and one
  // copy for both routes.
  PUNY_ENGINE_NOINLINE static void sort_keys(const u32* keys, std::size_t count, u32* sorted) {
#if defined(__GNUC__)
    if (count <= 4) return rank_sort<1>(keys, count, sorted);
    if (count <= 8) return rank_sort<2>(keys, count, sorted);
    if (count <= 16) return rank_sort<4>(keys, count, sorted);
    if (count <= 32) return rank_sort<8>(keys, count, sorted);
#endif
    // 33 to 64 keys (labels of that many code points outside ASCII, rare),
    // or every count without vector types: one key at a time.
    for (std::size_t x = 0; x < count; ++x) {
      const u32 key = keys[x];
      u32 rank = 0;
      for (std::size_t y = 0; y < count; ++y) rank += keys[y] < key ? 1u : 0u;
      sorted[rank] = key;
    }
  }

  // Over 64 keys (encode_wide only): std::sort.
  PUNY_ENGINE_COLD static void sort_many(const u32* keys, std::size_t count, u32* sorted) {
    std::copy(keys, keys + count, sorted);
    std::sort(sorted, sorted + count);
  }

#if defined(__GNUC__)
  // Keys are below 2^30 (code point << 9 | position), so signed 32-bit
  // lanes compare them correctly.
  typedef std::int32_t lanes __attribute__((vector_size(16)));
  // Ranks keys[0, count) for count <= 4 * Vectors: for every key y, each
  // lane x whose key is greater counts one more smaller key.
  template <std::size_t Vectors>
  static void rank_sort(const u32* keys, std::size_t count, u32* sorted) {
    lanes key[Vectors];
    lanes rank[Vectors];
    for (std::size_t v = 0; v < Vectors; ++v) {
      std::memcpy(&key[v], keys + 4 * v, 16);
      rank[v] = lanes{0, 0, 0, 0};
    }
    for (std::size_t y = 0; y < count; ++y) {
      const std::int32_t k = static_cast<std::int32_t>(keys[y]);
      const lanes ky = {k, k, k, k};
      for (std::size_t v = 0; v < Vectors; ++v) rank[v] -= key[v] > ky;  // true is -1
    }
    std::int32_t r[4 * Vectors];
    std::memcpy(r, rank, sizeof r);
    for (std::size_t x = 0; x < count; ++x) sorted[r[x]] = keys[x];
  }
#endif

  // Number of set bits of `handled` below position pos (the POPCNT
  // instruction where the processor has it, chosen per call: this is the
  // route of strings over 64 code points only).
  static u32 rank(const u64* handled, u32 pos) {
    const auto count_bits = [](u64 x) { return has_popcnt ? popcount<true>(x) : popcount<false>(x); };
    u32 count = count_bits(handled[pos / 64] & ((u64{1} << (pos % 64)) - 1));
    for (u32 word = 0; word < pos / 64; ++word) count += count_bits(handled[word]);
    return count;
  }

  // RFC 3492 section 6.3 main loop over the sorted keys; `handled` has a bit
  // for each basic code point (short_limit / 64 + 1 words).
  //
  // The loop of section 6.3 in closed form.  Insert key k (code point m_k
  // at position pos_k, sorted by (m, pos)) when h_k = b + k code points are
  // handled, and let i_k be the number of code points before pos_k that are
  // <= m_k: the bits of `handled` below pos_k (the basic code points, and
  // the keys inserted so far: every smaller code point, and the earlier
  // positions of m_k).  Between two insertions the RFC's scan counts the
  // smaller code points after pos_{k-1} (h_k - i_{k-1} - 1), adds 1 and
  // (m_k - m_{k-1} - 1) * (h_k + 1) for the values of n in between, then
  // the smaller code points before pos_k (i_k), which sums to
  //   delta_k = (m_k - m_{k-1}) * (h_k + 1) + i_k - i_{k-1} - 1,
  // also within one code point's group (m_k = m_{k-1}: the smaller code
  // points strictly between the two positions), and for the first key with
  // m_{-1} = initial_n and i_{-1} = -1.  No branch on group changes.
  static char* encode_deltas(const u32* sorted, std::size_t count, u32 b, u64* handled,
                             char* dst) {
    const short_thresholds* st = &short_threshold_table.v[P.initial_bias];
    u32 h = b;
    u32 previous_m = initial_n;
    u32 previous_i = ~u32{0};  // -1
    for (std::size_t x = 0; x < count; ++x) {
      const u32 m = sorted[x] >> 9;
      const u32 pos = sorted[x] & 0x1FFu;
      const u32 i = rank(handled, pos);
      const u32 delta = (m - previous_m) * (h + 1) + (i - previous_i - 1);
      dst = emit_integer(delta, *st, dst);
      st = adapt_thresholds(delta, h + 1, x == 0);
      ++h;
      previous_m = m;
      previous_i = i;
      handled[pos / 64] |= u64{1} << (pos % 64);
    }
    return dst;
  }

  // The keys in insertion order: keys itself when there are at most two
  // (a single non-basic code point, as in most short strings that have
  // any; two are swapped in place when needed), else sorted into `sorted`.
  static const u32* sort_if_needed(u32* keys, std::size_t count, u32* sorted) {
    if (count <= 1) return keys;
    if (count == 2) {  // two accented letters, say: one comparison, in place
      const u32 first = std::min(keys[0], keys[1]);
      keys[1] = std::max(keys[0], keys[1]);
      keys[0] = first;
      return keys;
    }
    // Defined values in the lanes past the keys (their ranks are unused).
    keys[count] = keys[count + 1] = keys[count + 2] = 0;
    sort_keys(keys, count, sorted);
    return sorted;
  }

  // encode_deltas for strings of at most 64 code points, the bit set in a
  // register.
  static PUNY_ENGINE_INLINE char* encode_deltas_word(const u32* sorted, std::size_t count, u32 b, u64 handled,
                                  char* dst) {
    if (count == 0) return dst;
    u32 h = b;
    u32 previous_m = initial_n;
    u32 previous_i = ~u32{0};  // -1
    // The delta of key x; counts it as handled.
    const auto next_delta = [&](std::size_t x) {
      const u32 m = sorted[x] >> 9;
      const u32 pos = sorted[x] & 0x3Fu;  // below 64
      const u64 below = (u64{1} << pos) - 1;
      const u32 i = popcount<true>(handled & below);
      const u32 delta = (m - previous_m) * (h + 1) + (i - previous_i - 1);
      ++h;
      previous_m = m;
      previous_i = i;
      handled |= below + 1;
      return delta;
    };
    // The first key adapts with firsttime set; the last one needs no adapt.
    u32 delta = next_delta(0);
    dst = emit_integer(delta, short_threshold_table.v[P.initial_bias], dst);
    if (count == 1) return dst;
    const short_thresholds* st = adapt_thresholds(delta, h, true);
    for (std::size_t x = 1;; ++x) {
      delta = next_delta(x);
      dst = emit_integer(delta, *st, dst);
      if (x + 1 == count) return dst;
      st = adapt_thresholds(delta, h, false);
    }
  }

  // Whether encode() may take the one-register route, which counts bits
  // with popcount<true>: everywhere but on x86-64 code built without POPCNT
  // and run on a processor without it (there every length takes
  // encode_wide, which counts them either way).
  static bool register_route() {
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
    return has_popcnt;
#else
    return true;
#endif
  }

  // encode() after the code point check, for strings of 65 to short_limit
  // code points (and any length on the processors register_route() turns
  // away): writes the basic code points, the delimiter and the deltas at
  // begin, returns the end.  Out of line: rare, and its bit set and keys
  // are 2 KB each.
  PUNY_ENGINE_COLD static char* encode_wide(const char32_t* text, std::size_t length, char* begin) {
    constexpr std::size_t words = short_limit / 64 + 1;
    u32 keys[short_limit + 3];  // + 3: sort_keys reads whole vectors
    u32 sorted_keys[short_limit];
    sorted_keys[0] = 0;  // (GCC 12 cannot see that sort_keys writes what is read)
    u64 handled[words] = {};  // bit j: code point j is below n
    std::size_t b = 0;
    std::size_t key_count = 0;
    for (std::size_t j = 0; j < length; ++j) {
      const char32_t c = text[j];
      const bool basic = c < initial_n;
      begin[b] = static_cast<char>(c);
      keys[key_count] = static_cast<u32>(c) << 9 | static_cast<u32>(j);
      b += basic;
      key_count += !basic;
      handled[j / 64] |= u64{basic} << (j % 64);
    }
    char* dst = begin + b;
    if (b > 0) *dst++ = P.delimiter;
    const u32* sorted = sorted_keys;
    if (key_count <= register_limit) sorted = sort_if_needed(keys, key_count, sorted_keys);
    else sort_many(keys, key_count, sorted_keys);
    return encode_deltas(sorted, key_count, static_cast<u32>(b), handled, dst);
  }

  // Whether every code point of text[0, n) is allowed by the profile (the
  // error, when not, comes from check_code_points).  Four at a time with
  // GCC/Clang vector types.
  static bool all_allowed(const char32_t* text, std::size_t n) {
    u32 bad = 0;
    std::size_t j = 0;
#if defined(__GNUC__)
    if (n >= 4) {
      typedef u32 ulanes __attribute__((vector_size(16)));
      ulanes any = {0, 0, 0, 0};
      const auto check = [&](std::size_t at) {
        ulanes c;
        std::memcpy(&c, text + at, 16);
        any |= c > max_cp;
        if constexpr (P.reject_surrogates) any |= (c - 0xD800u) < 0x800u;
      };
      for (; j + 4 <= n; j += 4) check(j);
      if (j < n) check(n - 4);  // the last one to three, again with some before them
      u64 halves[2];
      std::memcpy(halves, &any, 16);
      return (halves[0] | halves[1]) == 0;
    }
#endif
    for (; j < n; ++j) bad |= !detail::code_point_allowed(profile, text[j]);
    return bad == 0;
  }

 public:
  // decode() works in the caller's buffer, with no copy, when it has room
  // for size + decode_room code points (size: the input's length).
  static constexpr std::size_t decode_room = block + 1;

  // Longest encoding of n code points (basic ones, delimiter, deltas).
  static constexpr std::size_t max_encoded(std::size_t n) { return n + 1 + n * max_digits(); }

  // Caller-buffer encode of in.size() <= short_limit code points.
  static buffer_result encode(std::u32string_view in, char* out, std::size_t capacity) {
    return encode_routed<true>(in, out, capacity);
  }

  // Longest string the one-register route takes (its bit set is a u64).
  static constexpr std::size_t register_limit = 64;

  // Whether encode_register() may take `length` code points: at most
  // register_limit, on the one-register route (register_route()).
  static bool fits_register(std::size_t length) { return length <= register_limit && register_route(); }

  // encode() of a string for which fits_register() holds, without a
  // reference to encode_wide (the IDNA labels: bootstring::label sends the
  // others to the compact engine, and a program calling only to_ascii
  // links neither encode_wide nor its std::sort).
  static buffer_result encode_register(std::u32string_view in, char* out, std::size_t capacity) {
    return encode_routed<false>(in, out, capacity);
  }

 private:
  template <bool Wide>
  static buffer_result encode_routed(std::u32string_view in, char* out, std::size_t capacity) {
    buffer_result r;
    const std::size_t length = in.size();
    const char32_t* const text = in.data();
    if (!all_allowed(text, length) && !detail::check_code_points(profile, in, r.status)) return r;
    // Write straight into the caller's buffer when even the worst case fits;
    // otherwise into a local one, then copy what fits (snprintf style).
    char local[max_encoded(short_limit)];
    char* const begin = capacity >= max_encoded(length) ? out : local;

    // Section 6.3 copies the basic code points first, in order.  The others
    // become sort keys, code point << 9 | position: sorted, they give the
    // order of insertion (by code point, then position).  Branch-free
    // compaction: both stores happen, one of the counters advances.
    char* dst;
    if (!Wide || fits_register(length)) {
      // Every label of a DNS name: the bit set is one register.
      u32 keys[register_limit + 3];  // + 3: sort_keys reads whole vectors
      u32 sorted_keys[register_limit];
      sorted_keys[0] = 0;  // (GCC 12 cannot see that sort_keys writes what is read)
      std::size_t b = 0;
      u64 handled = 0;  // bit j: code point j is below n
      for (std::size_t j = 0; j < length; ++j) {
        const char32_t c = text[j];
        const bool basic = c < initial_n;
        begin[b] = static_cast<char>(c);
        keys[j - b] = static_cast<u32>(c) << 9 | static_cast<u32>(j);  // j - b: keys so far
        b += basic;
        handled |= u64{basic} << j;
      }
      const std::size_t key_count = length - b;
      dst = begin + b;
      if (b > 0) *dst++ = P.delimiter;
      const u32* sorted = sort_if_needed(keys, key_count, sorted_keys);
      dst = encode_deltas_word(sorted, key_count, static_cast<u32>(b), handled, dst);
    } else {
      dst = encode_wide(text, length, begin);
    }

    r.size = static_cast<std::size_t>(dst - begin);
    if (begin == local && capacity > 0) std::memcpy(out, local, std::min(r.size, capacity));
    if (r.size > capacity) {
      r.status.code = errc::buffer_too_small;
      r.status.needed = r.size;
    }
    return r;
  }

 public:
  // Caller-buffer decode of in.size() <= short_limit bytes (no heap).
  // Callers that know the size is short call it directly: one call fewer
  // per label.
  //
  // One pass copies the input into a padded buffer and finds its last
  // delimiter and any byte outside ASCII (label_scan.hpp); the digits are
  // then decoded by insertion into the caller's buffer when it has room for
  // any result, else into one on the stack that is copied out.  This route
  // decodes what decodes and reports nothing exactly: any failure (an
  // invalid digit, the end of the input inside an integer, a code point
  // out of range or a surrogate, an integer too long for its fast reading)
  // sends the whole input to the compact engine (compact_engine.hpp), which
  // finds the exact error, or the result, the same as every engine
  // (tests/reference/).  So the code point's range is checked once at the
  // end (n only grows) and not per code point.
  static buffer_result decode_short(std::string_view in, char32_t* out, std::size_t capacity) {
    buffer_result r;
    char32_t local[short_limit + decode_room];
    char32_t* const work = capacity < in.size() + decode_room ? local : out;
    std::size_t length = 0;
    no_shape shape;
    if (!decode_fast(in, work, length, shape)) {
      decode_exactly(in, out, capacity, r);
      return r;
    }
    finish_into(r, work, length, out, capacity);
    return r;
  }

  // decode_short (the same steps) with its fast route given: fast(in, work, length) decodes
  // into `work` (room for in.size() + decode_room code points) and sets
  // length, or returns false for the exact route.  label::decode passes
  // label::decode_shaped, so that a program which calls only the IDNA
  // functions links one copy of the decoder's loop (bench/size.sh).
  template <class Fast>
  static PUNY_ENGINE_INLINE buffer_result decode_short_by(std::string_view in, char32_t* out,
                                                          std::size_t capacity, Fast&& fast) {
    buffer_result r;
    char32_t local[short_limit + decode_room];
    char32_t* const work = capacity < in.size() + decode_room ? local : out;
    std::size_t length = 0;
    if (!fast(in, work, length)) {
      decode_exactly(in, out, capacity, r);
      return r;
    }
    finish_into(r, work, length, out, capacity);
    return r;
  }

  // decode_short's route alone, for callers that need no error: decodes
  // in.size() <= short_limit bytes into `out`, which has room for
  // in.size() + decode_room code points, and returns true, with in `s`
  // (any struct with these members) its size, the number of basic code
  // points (the first `basic` of the input, all ASCII, anywhere in the
  // result) and the smallest (`lo`) and largest (`hi`) of the inserted ones
  // (the first and the last n: n only grows; both 0 when none was
  // inserted); false when this route does not decode the input (an error,
  // or an integer too long for its fast reading: decode_short would ask
  // the exact route), with `out` and `s` written or not.
  template <class Shape>
  static PUNY_ENGINE_INLINE bool decode_shaped(std::string_view in, char32_t* out, Shape& s) {
    return decode_fast(in, out, s.size, s);
  }

 private:
  struct no_shape {};

  // Where decode_long records the insertions (fast_step, parse_insertions).
  struct recorder {
    u64* insertions;  // code point << 32 | index, in the order parsed
    std::size_t count;
  };

  // decode_short's route into `work` (room for in.size() + decode_room
  // code points): one pass copies the input into a padded buffer and finds
  // its last delimiter and any byte outside ASCII (label_scan.hpp), then
  // the digits are decoded by insertion (decode_digits).  Returns false
  // when the exact route must decide.
  template <class Shape>
  static PUNY_ENGINE_INLINE bool decode_fast(std::string_view in, char32_t* work, std::size_t& length,
                                             Shape& shape) {
    const std::size_t size = in.size();
    // The input and its digit values, four 0xFF after the values
    // (read_three), with room for label_scan's and widen_basic's 16-byte
    // steps.
    char padded[short_limit + 16];
    char values[short_limit + 16];
    const label_scan scan =
        scan_label<standard_digits()>(in.data(), size, padded, values, P.delimiter, digits.unsigned_values);
    // 0xFF is no digit's value; four bytes are one store (three are two).
    std::memset(values + size, 0xFF, 4);
    // The last delimiter ends the basic code points unless it is the first
    // byte (detail::count_basic): its position is their number.
    const std::size_t b = scan.last;
    // Punycode's basic code points are ASCII; a profile with fewer checks
    // them too (one with more sends the rest to the exact route).  Every
    // byte after them is a digit (read_three relies on it).
    bool valid = scan.ascii && scan.after_bad <= detail::digits_start(b);
    if constexpr (P.initial_n < 0x80)
      valid = valid && !!detail::check_basic(profile, padded, b, static_cast<char32_t*>(nullptr));
    return valid && decode_digits(padded, values, size, b, work, length, shape);
  }

  // decode_fast's first pass, for record_fast: the input into `padded` and
  // its digit values into `values` (room for in.size() + 16 bytes each),
  // four 0xFF after the values (read_three).  Returns the number of basic
  // code points, or not_scanned when the exact route must decide.
  // decode_fast keeps these steps written out: calling this (inlined, the
  // same steps) cost labels/decode 11 to 14 instructions a label with GCC
  // 12 (bench/instructions.sh: 638.7 -> 649.7 or 652.3).
  static constexpr std::size_t not_scanned = ~std::size_t{0};
  static PUNY_ENGINE_INLINE std::size_t scan_digits(std::string_view in, char* padded, char* values) {
    const std::size_t size = in.size();
    const label_scan scan =
        scan_label<standard_digits()>(in.data(), size, padded, values, P.delimiter, digits.unsigned_values);
    // 0xFF is no digit's value; four bytes are one store (three are two).
    std::memset(values + size, 0xFF, 4);
    // The last delimiter ends the basic code points unless it is the first
    // byte (detail::count_basic): its position is their number.
    const std::size_t b = scan.last;
    // Punycode's basic code points are ASCII; a profile with fewer checks
    // them too (one with more sends the rest to the exact route).  Every
    // byte after them is a digit (read_three relies on it).
    bool valid = scan.ascii && scan.after_bad <= detail::digits_start(b);
    if constexpr (P.initial_n < 0x80)
      valid = valid && !!detail::check_basic(profile, padded, b, static_cast<char32_t*>(nullptr));
    return valid ? b : not_scanned;
  }

 public:

  // Caller-buffer decode of any input: up to short_limit bytes on the
  // stack; above, every insertion first, then placed: up to large_limit
  // with the vector structures of vector_free_slots.hpp, whose steps do not
  // branch on the data (on distinct strings the insertion into chunks they
  // replaced mispredicted about twice an insertion: 19.1 -> 9.3 ns a code
  // point at 1,024, bench/README.md "Long strings: one string against
  // many"), above it with free_slots (O(n log n)).
  static buffer_result decode(std::string_view in, char32_t* out, std::size_t capacity) {
    if (in.size() <= short_limit) return decode_short(in, out, capacity);
    return decode_long(in, out, capacity);
  }

 private:
  static buffer_result failed(const status& s) {
    buffer_result r;
    r.status = s;
    return r;
  }

  // The result of a decode into `work` (the caller's buffer or scratch):
  // copies what fits when work is scratch, and reports a short buffer.
  static buffer_result finish(const char32_t* work, std::size_t length, char32_t* out,
                              std::size_t capacity) {
    buffer_result r;
    finish_into(r, work, length, out, capacity);
    return r;
  }
  // The same into a result the caller holds (the short decoder's errors are
  // written there directly, not copied).
  static void finish_into(buffer_result& r, const char32_t* work, std::size_t length, char32_t* out,
                          std::size_t capacity) {
    r.size = length;
    if (work != out && capacity > 0)
      std::memcpy(out, work, std::min(length, capacity) * sizeof(char32_t));
    if (length > capacity) {
      r.status.code = errc::buffer_too_small;
      r.status.needed = length;
    }
  }

  // Section 6.2, "decode a generalized variable-length integer" digit by
  // digit (bootstring/rfc3492_steps.hpp), for long integers, the end of the
  // input and errors: read_short_integer takes the common case.  At the
  // start i is at most decode_limit + 1 when Bounded, else below 2^32, which
  // says how many digits cannot overflow.
  template <bool Bounded>
  static bool read_integer(const char* text, std::size_t size, std::size_t& pos, u32 bias,
                           u64& i, status& error) {
    constexpr u32 unchecked = unchecked_digits(Bounded ? decode_limit + 1 : u64{1} << 32);
    char last_digit;
    return detail::read_integer<unchecked>(profile, text, size, pos, bias, i, last_digit, error,
                                           [](u32, u32, u64, char) {});
  }

  // Section 6.2's digit loop for the integers read_short_integer leaves
  // (four digits or more), when they end within the digits that cannot
  // overflow: adds the integer to i, advances pos and returns true; returns
  // false, changing nothing, on anything else (a non-digit, the end of the
  // input, a longer integer), which read_integer then reports exactly.
  // `text` is the padded input: its first padding byte is not a digit, so
  // the loop never reads past it.  No error status is built here, so the
  // loop stays small.
  template <bool Bounded>
  static bool read_long_integer(const char* text, std::size_t& pos, const short_thresholds& st,
                                u64& i) {
    constexpr u32 unchecked = unchecked_digits(Bounded ? decode_limit + 1 : u64{1} << 32);
    static_assert(unchecked >= 4, "the first three digits and more cannot overflow");
    // read_short_integer failed: either one of the first three characters
    // is not a digit (then so be it), or none of them ends the integer.
    const u32 d1 = digits.unsigned_values[static_cast<unsigned char>(text[pos])];
    const u32 d2 = digits.unsigned_values[static_cast<unsigned char>(text[pos + 1])];
    const u32 d3 = digits.unsigned_values[static_cast<unsigned char>(text[pos + 2])];
    if ((d1 >= base) | (d2 >= base) | (d3 >= base)) return false;
    u64 value = d1 + d2 * st.w2 + d3 * st.w3;
    u64 w = u64{st.w3} * (base - st.t3);
    std::size_t p = pos + 3;
    u32 k = 4 * base;
    for (u32 j = 3; j < unchecked; ++j, k += base) {
      const u32 d = digits.unsigned_values[static_cast<unsigned char>(text[p])];
      if (d >= base) return false;
      ++p;
      value += d * w;
      const u32 t = threshold(k, st.bias);
      if (d < t) {
        i += value;
        pos = p;
        return true;
      }
      w *= base - t;
    }
    return false;
  }

  // x / d for any x and d >= 1 through a double reciprocal of d (computed
  // off the dependency chain, as d does not wait for x): the estimate is
  // within one of the quotient while x < 2^52, and one correction makes it
  // exact; larger x (hostile input only) divide in hardware.
  static u64 divide(u64 x, u64 d, double reciprocal) {
    if (x >= (u64{1} << 52)) return x / d;
    auto q = static_cast<u64>(static_cast<double>(x) * reciprocal);
    const u64 product = q * d;
    if (product > x) return q - 1;
    if (x - product >= d) return q + 1;
    return q;
  }

  // adapt() for the long path: any delta, any numpoints (with 1.0 /
  // numpoints given), as thresholds.
  static const short_thresholds* adapt_thresholds_long(u64 delta, u64 numpoints,
                                                       double reciprocal, bool first_time) {
    delta = first_time ? delta / damp : delta / 2;
    delta += divide(delta, numpoints, reciprocal);
    const u64 k = detail::adapt_rounds(delta, base, tmin, tmax);
    return &short_threshold_table.v[static_cast<std::size_t>(k + adapt_tail.v[static_cast<std::size_t>(delta)])];
  }

  // Section 6.2, main loop.  For each integer: the code point n and the
  // index at which it goes into the string of `length` code points decoded
  // so far, given to insert(n, index, length).  Sets `length` to the final
  // length.  `padded` is the input followed by three non-digits (for
  // read_short_integer).  Bounded: the input has at most decode_limit bytes,
  // so i stays below 2^32.  For inputs longer than short_limit (shorter
  // ones take decode_short): divisors beyond the reciprocal table too.
  template <bool Bounded, class Insert>
  static status parse_insertions(const char* padded, std::size_t size, std::size_t b,
                                 std::size_t& length, Insert&& insert) {
    u64 n = initial_n;
    u64 i = 0;
    const short_thresholds* st = &short_threshold_table.v[P.initial_bias];
    std::size_t pos = detail::digits_start(b);
    for (length = b; pos < size; ++length) {
      const std::size_t delta_start = pos;
      const u64 old_i = i;
      u32 short_value;
      if (read_short_integer(padded, pos, *st, short_value)) {
        i += short_value;
      } else if (read_long_integer<Bounded>(padded, pos, *st, i)) {
        // four digits or more (a CJK code point after a small one, say)
      } else if (status error; !read_integer<Bounded>(padded, size, pos, st->bias, i, error)) {
        return error;
      }
      const u64 delta = i - old_i;
      const u64 divisor = length + 1;
      u64 step;
      double reciprocal = 0;
      [[maybe_unused]] wide_divisor wide{};
      [[maybe_unused]] bool wide_route = false;
      if constexpr (Bounded) {
        // i / divisor >= 2^32 / (decode_limit + 1) > max_cp: the range
        // error below, found here so that the division is 32-bit.
        static_assert((u64{1} << 32) / (decode_limit + 1) > max_cp, "see above");
        if (i > 0xFFFFFFFFu) return error(errc::decoded_out_of_range, delta_start);
        wide = make_divisor(static_cast<u32>(divisor));
        step = div_u32(static_cast<u32>(i), wide);
      } else {
        // Output lengths below 2^31 (all but inputs of 2 GB and more) have a
        // wide_divisor, exact for 32-bit dividends up to twice it; larger i
        // (hostile input only) divide through a double reciprocal.
        wide_route = divisor < (u64{1} << 31);
        if (wide_route) wide = make_divisor(static_cast<u32>(divisor));
        if (wide_route && i <= 0xFFFFFFFFu) {
          step = div_u32(static_cast<u32>(i), wide);
        } else {
          reciprocal = 1.0 / static_cast<double>(divisor);
          step = divide(i, divisor, reciprocal);
        }
      }
      if (status error; !detail::advance_code_point<Bounded>(profile, n, step, delta_start, error))
        return error;
      // 32-bit arithmetic where it suffices (shorter encodings on the chain).
      const u64 index = Bounded ? u64{static_cast<u32>(i) - static_cast<u32>(step) *
                                                               static_cast<u32>(divisor)}
                                : i - step * divisor;
      if constexpr (Bounded) {
        // n <= max_cp, so i < (max_cp + 1) * divisor: delta fits in 32 bits.
        static_assert((u64{max_cp} + 1) * (decode_limit + 1) <= 0xFFFFFFFFu, "see above");
        st = adapt_thresholds(static_cast<u32>(delta), wide, old_i == 0);
      } else {
        if (wide_route && delta <= 0xFFFFFFFFu) {
          st = adapt_thresholds(static_cast<u32>(delta), wide, old_i == 0);
        } else {
          reciprocal = 1.0 / static_cast<double>(divisor);
          st = adapt_thresholds_long(delta, divisor, reciprocal, old_i == 0);
        }
      }
      insert(static_cast<char32_t>(n), static_cast<std::size_t>(index), length);
      i = index + 1;
    }
    return {};
  }

  // One integer of decode_digits: reads it, finds the code point and its
  // index, inserts it, and moves `last`, n and the thresholds on.  First:
  // the first integer of the input (adapt's firsttime), peeled so that the loop
  // does not test for it.  Returns false on anything but an integer of one
  // to the digits that cannot overflow (read_long_integer) which keeps i
  // below 2^32; decode_short then decodes exactly.  No range check: n only
  // grows, so decode_digits looks at it once at the end (n is 64-bit: it
  // cannot wrap in short_limit steps of less than 2^32 each).  `p` points
  // into the digit values (label_scan; 0xFF after them).
  // Empty: the first integer of an input without basic code points, whose
  // code point starts an empty string (divisor 1: no division, nothing to
  // move).
  // OneBlock: the string holds fewer than `block` code points, so what
  // follows the insertion point is one block (insert_at's top is 0).
  // Work: the string (char32_t*: insert into it), or a recorder (decoding
  // of inputs longer than short_limit: record the insertion, and divide by
  // divisors past the reciprocal table).
  template <bool First, bool Empty = false, bool OneBlock = false, class Work>
  static PUNY_ENGINE_INLINE bool fast_step(const char*& p, u64& n, u32& last, const short_thresholds*& st,
                                           u32 divisor, Work work) {
    static_assert(First || !Empty, "only the first integer can meet an empty string");
    constexpr bool records = std::is_same_v<Work, recorder*>;
    // `last` is the index of the last insertion, so i = last + 1 (the
    // first integer starts from i = 0 and ignores it).  After the first
    // integer `delta1` is delta + 1: read_three adds the 1 to the first
    // digit, which waits on no threshold, so that next = last + delta1 and
    // adapt's delta / (2 * numpoints) multiplies delta + 1 (div_u32's
    // form) with no addition on the chain each code point waits on
    // (div_u32_from_2's m + 1 cost two instructions a code point).
    constexpr u32 plus = First ? 0 : 1;
    u32 delta1;
    if (!read_three<plus>(p, *st, delta1)) {
      u64 wide = First ? 0 : u64{last} + 1;
      if (!read_long_values(p, *st, wide) || wide > 0xFFFFFFFFu) return false;
      delta1 = static_cast<u32>(wide) - (First ? 0 : last);
    }
    const u32 next = First ? delta1 : last + delta1;
    // One hardware division gives both (fewer instructions than the
    // reciprocal's multiplications; i is not on the longest chain, the
    // thresholds are: 32-bit division takes some 10-15 cycles on current
    // x86-64).
    const u32 step = Empty ? next : next / divisor;
    n += step;
    const u32 index = Empty ? 0 : next % divisor;
    u32 scaled;
    if constexpr (First) {
      scaled = delta1 / damp;
      if constexpr (records)
        scaled += Empty ? scaled : div_u32(scaled, make_divisor(divisor));
      else
        scaled += Empty ? scaled : div_u32(scaled, divisor);
    } else {
      // (delta / 2) / numpoints as delta / (2 * numpoints): both terms
      // start from delta at once (see adapt_thresholds); the second from
      // delta + 1 as div_u32 multiplies it.  Past the table the
      // reciprocal of 2 * numpoints is numpoints' halved (wide_divisor),
      // computed from the divisor alone, off the chain.
      if constexpr (records)
        scaled = ((delta1 - 1) >> 1) + div_u32_twice_of_successor(delta1, make_divisor(divisor));
      else
        scaled = ((delta1 - 1) >> 1) + div_u32_of_successor(delta1, 2 * divisor);
    }
    const u32 entry = scaled > adapt_limit ? adapt_limit + 1 + rounds::of(scaled) : scaled;
    st = entry < adapt_entries ? &adapt_threshold_table.v[entry]
                               : thresholds_after_rounds(scaled / (base - tmin));
    if constexpr (records) {
      work->insertions[work->count++] = n << 32 | index;
    } else if constexpr (Empty) {
      work[0] = static_cast<char32_t>(n);
    } else if constexpr (OneBlock) {
      move_block_up(work + index);
      work[index] = static_cast<char32_t>(n);
    } else {
      insert_at(work, static_cast<char32_t>(n), index, divisor - 1);
    }
    last = index;
    return true;
  }

  // Section 6.2 for inputs of at most short_limit bytes, the basic code
  // points (all ASCII: label_scan) and then every integer inserted into
  // `work`, with every divisor from the table.  `padded` is the input,
  // `values` its digit values (label_scan), 0xFF after them.  Sets
  // `length` and returns true when the input decodes on this route; false
  // otherwise (see decode_short).
  // Work: the string (char32_t*), or a recorder (record_fast: the
  // insertions recorded, the basic code points left in the input).
  template <class Shape, class Work>
  static PUNY_ENGINE_INLINE bool decode_digits(const char* padded, const char* values, std::size_t size,
                                               std::size_t b, Work work, std::size_t& length,
                                               Shape& shape) {
    if constexpr (!std::is_same_v<Work, recorder*>) widen_basic(padded, b, work);
    const char* p = values + detail::digits_start(b);
    const char* const end = values + size;
    // The length + 1 of the string before each insertion: the divisor.
    u32 divisor = static_cast<u32>(b) + 1;
    constexpr bool records = !std::is_same_v<Shape, no_shape>;
    if constexpr (records) {
      shape.basic = b;
      shape.lo = shape.hi = 0;
    }
    if (p < end) {
      u64 n = initial_n;
      u32 last = 0;  // the index of the last insertion (fast_step)
      const short_thresholds* st = &short_threshold_table.v[P.initial_bias];
      if (!(b == 0 ? fast_step<true, true>(p, n, last, st, divisor, work)
                   : fast_step<true>(p, n, last, st, divisor, work)))
        return false;
      if constexpr (records) shape.lo = static_cast<char32_t>(n);  // below max_cp, checked below
      // The divisor moves on before each step (so the loop's test is the
      // step's pointer alone), and is the length after the last.
      // While the string is shorter than a block, what follows the
      // insertion point is one block to move; then any number.
      while (p < end && divisor < block) {
        ++divisor;
        if (!fast_step<false, false, true>(p, n, last, st, divisor, work)) return false;
      }
      while (p < end) {
        ++divisor;
        if (!fast_step<false>(p, n, last, st, divisor, work)) return false;
      }
      // The last code point is the largest; a surrogate can only be among
      // the inserted ones when the last is past the first surrogate.
      if (n > max_cp) return false;
      if (P.reject_surrogates && n >= 0xD800 && has_surrogate(work, divisor)) return false;
      if constexpr (records) shape.hi = static_cast<char32_t>(n);
      length = divisor;
      return true;
    }
    length = b;
    return true;
  }

  // The same over recorded insertions.
  static PUNY_ENGINE_NOINLINE bool has_surrogate(const recorder* record, std::size_t) {
    for (std::size_t j = 0; j < record->count; ++j)
      if ((record->insertions[j] >> 32) - 0xD800u < 0x800u) return true;
    return false;
  }

  static PUNY_ENGINE_NOINLINE bool has_surrogate(const char32_t* text, std::size_t length) {
    bool any = false;
    for (std::size_t j = 0; j < length; ++j) any |= static_cast<u32>(text[j]) - 0xD800u < 0x800u;
    return any;
  }

  // decode_short's exact route: the compact engine into scratch on the
  // stack (its insertions and Fenwick tree, and the result), then the same
  // copy into the caller's buffer as decode_short's (finish_into).
  static PUNY_ENGINE_COLD void decode_exactly(std::string_view in, char32_t* out, std::size_t capacity,
                                               buffer_result& r) {
    u64 scratch[compact::scratch_words(short_limit)];
    char32_t result[short_limit];
    const buffer_result exact = compact::decode(detail::constant_profile<P>{}, in, result, short_limit, scratch);
    if (!exact.ok()) {
      r = exact;
      return;
    }
    finish_into(r, result, exact.size, out, capacity);
  }

  // read_short_integer for fast_step, at a pointer into digit values
  // (label_scan; decode_short has checked that every byte of the input
  // there is a digit, and the bytes after it are 0xFF), with fewer
  // operations: no table and no check for a non-digit, and the length from two masks (m2: a second digit, m3: a
  // third).  `value` is the integer + Plus (fast_step's delta + 1).  A digit ends the integer when below its threshold, which 0xFF
  // never is: an integer that runs into the padding does not end within
  // three, and returns false.  No branch on the length: it follows the
  // data, and a branch on it costs more in mispredictions than it saves
  // (bench/README.md, the decoder).
  template <u32 Plus = 0>
  static PUNY_ENGINE_INLINE bool read_three(const char*& p, const short_thresholds& st, u32& value) {
    const u32 d1 = static_cast<unsigned char>(p[0]);
    const u32 d2 = static_cast<unsigned char>(p[1]);
    const u32 d3 = static_cast<unsigned char>(p[2]);
    const u32 m2 = (d1 < st.t1) - 1u;
    const u32 m3 = m2 & ((d2 < st.t2) - 1u);
    // The third digit when the integer reaches it, else 0, which is below
    // any threshold: so the integer ends within three unless it reaches a
    // third digit that does not end it (one comparison and branch, where
    // `!(end1 | end2 | end3)` becomes a branch per comparison).
    if ((d3 & m3) >= st.t3) return false;
    // The products start before the masks are known (they are on the chain
    // each code point waits on; `(d3 & m3) * w3` would put the
    // multiplication after them: 5% more time).
    // d1 + Plus is ready long before the masks, and the sum keeps the
    // order d1 + second + third, as with no Plus: left to itself GCC folds
    // the Plus into a three-operand lea with the second product (two
    // cycles on AMD's cores) or adds the two products first, a cycle more
    // on the chain either way.  The empty asm statements emit nothing;
    // they only keep each partial sum as it is written.
    u32 partial = d1 + Plus;
#if defined(__GNUC__)
    if constexpr (Plus != 0) __asm__("" : "+r"(partial));
#endif
    partial += (d2 * st.w2) & m2;
#if defined(__GNUC__)
    if constexpr (Plus != 0) __asm__("" : "+r"(partial));
#endif
    value = partial + ((d3 * st.w3) & m3);
    p += 1 + (m2 & 1) + (m3 & 1);
    return true;
  }

  // read_long_integer for fast_step, on digit values (see read_three):
  // integers of four digits or more that end within the digits that cannot
  // overflow below decode_limit + 1.  Adds the integer to i, advances p and
  // returns true; false on anything else (the padding, a longer integer).
  static bool read_long_values(const char*& p, const short_thresholds& st, u64& i) {
    constexpr u32 unchecked = unchecked_digits(decode_limit + 1);
    static_assert(unchecked >= 4, "the first three digits and more cannot overflow");
    const u32 d1 = static_cast<unsigned char>(p[0]);
    const u32 d2 = static_cast<unsigned char>(p[1]);
    const u32 d3 = static_cast<unsigned char>(p[2]);
    if ((d1 >= base) | (d2 >= base) | (d3 >= base)) return false;
    u64 value = d1 + d2 * st.w2 + d3 * st.w3;
    u64 w = u64{st.w3} * (base - st.t3);
    const char* q = p + 3;
    u32 k = 4 * base;
    for (u32 j = 3; j < unchecked; ++j, k += base) {
      const u32 d = static_cast<unsigned char>(*q);
      if (d >= base) return false;
      ++q;
      value += d * w;
      const u32 t = threshold(k, st.bias);
      if (d < t) {
        i += value;
        p = q;
        return true;
      }
      w *= base - t;
    }
    return false;
  }

  // Inserts n at work[index] in a string of `length` code points (section
  // 6.2's "insert n into output at position i").  The tail moves up one
  // slot in whole blocks, from the last block down: a fixed-size copy per
  // block, where an element loop would mispredict its exit on every
  // insertion; a string of up to `block` code points always takes one.  The
  // top block may read and write up to `block` slots past the end, which
  // `work` has room for.  For strings up to short_limit (DNS labels and
  // names); longer ones are placed (decode_long).
  static void insert_at(char32_t* work, char32_t n, std::size_t index, std::size_t length) {
    char32_t* const at = work + index;
    // Offset of the top block: the tail rounded down to whole blocks (a
    // multiple of `block` moves one block more than needed: harmless, there
    // is room).
    std::size_t top = (length - index) & ~(block - 1);
    for (;;) {
      move_block_up(at + top);
      if (top == 0) break;
      top -= block;
    }
    *at = n;
  }

 public:
  // Caller-buffer decode of in.size() > short_limit bytes (callers that
  // have chosen by length already, as punycode.cpp does), by placement:
  // every insertion (code point, index) first, then their final slots in
  // reverse order (small_free_slots up to decode_limit bytes, read with
  // 32-bit arithmetic; block_free_slots up to block_limit; large_free_slots
  // up to large_limit; free_slots, O(n log n), above), and the basic code
  // points in the slots left over, in order.  The two loops
  // run one after the other: parsing is a chain of dependent steps (each
  // integer's thresholds wait on the last one's bias), placing is many
  // independent ones.
  static buffer_result decode_long(std::string_view in, char32_t* out, std::size_t capacity) {
    const std::size_t size = in.size();
    const char* const text = in.data();
    // Slots are indexed with 32 bits (as in the generic engine).
    if (size > detail::max_length) return failed(error(errc::input_too_long, detail::max_length));
    // (code point << 32 | index) per insertion, at most one per input
    // byte; the input followed by non-digits; its digit values (the fast
    // route up to decode_limit), in one allocation.
    const bool bounded = size <= decode_limit;
    const std::size_t bytes = (size + 16 + 7) / 8 * 8;
    std::unique_ptr<u64[]> memory(new u64[size + (bounded ? 2 : 1) * bytes / 8]);
    recorder record{memory.get(), 0};
    char* const padded = reinterpret_cast<char*>(record.insertions + size);
    std::size_t length = 0;
    if (!(bounded && record_fast(in, padded, padded + bytes, record, length))) {
      // The exact route: every error, with its offset.
      record.count = 0;
      const std::size_t b = detail::count_basic(text, size, P.delimiter);
      if (status s = detail::check_basic(profile, text, b, static_cast<char32_t*>(nullptr)); !s)
        return failed(s);
      std::memcpy(padded, text, size);
      std::memset(padded + size, 0xFF, 3);
      const auto put = [&record](char32_t n, std::size_t index, std::size_t) {
        record.insertions[record.count++] = u64{n} << 32 | index;
      };
      const status s = bounded ? parse_insertions<true>(padded, size, b, length, put)
                               : parse_insertions<false>(padded, size, b, length, put);
      if (!s) return failed(s);
    }
    buffer_result r;
    r.size = length;
    if (length > capacity) {
      r.status.code = errc::buffer_too_small;
      r.status.needed = length;
      return r;
    }
    if (size <= decode_limit)
      place<detail::small_free_slots>(record, text, length, out);
    else if (size <= block_limit)
      place<detail::block_free_slots>(record, text, length, out);
    else if (size <= large_limit)
      place<detail::large_free_slots>(record, text, length, out);
    else
      place<detail::free_slots>(record, text, length, out);
    return r;
  }

 private:
  // decode_long's second step: the insertions into their slots, then
  // the basic code points (text's first) into the slots left, in order.
  template <class Slots>
  static void place(const recorder& record, const char* text, std::size_t length, char32_t* out) {
    const u64* const insertions = record.insertions;
    Slots slots(length);
    slots.take_backwards(
        record.count, [insertions](std::size_t j) { return static_cast<u32>(insertions[j]); },
        [insertions, out](std::size_t j, std::size_t slot) { out[slot] = static_cast<char32_t>(insertions[j] >> 32); });
    std::size_t next = 0;
    slots.for_each_free([&](std::size_t slot) { out[slot] = static_cast<unsigned char>(text[next++]); });
  }

  // decode_fast's steps for short_limit < in.size() <= decode_limit bytes,
  // with the insertions recorded instead of made: the input and its digit
  // values into `padded` and `values` (room for in.size() + 16 bytes
  // each), then every integer by fast_step.  Sets `length` and returns true
  // when the input decodes on this route; false when the exact route must
  // decide (an error, an integer too long for read_three and
  // read_long_values), with any of it written.
  static bool record_fast(std::string_view in, char* padded, char* values, recorder& record, std::size_t& length) {
    static_assert(decode_limit < (u64{1} << 32) / (max_cp + 1), "fast_step's next stays below 2^32");
    const std::size_t b = scan_digits(in, padded, values);
    no_shape shape;
    return b != not_scanned && decode_digits(padded, values, in.size(), b, &record, length, shape);
  }
};

template <const parameters& P>
int engine<P>::view::digit_value(unsigned char c) {
  return engine<P>::digits.values[c];
}

template <const parameters& P>
char engine<P>::view::digit_char(u32 d) {
  return engine<P>::digits.chars[d];
}

}  // namespace
}  // namespace puny::bootstring::fixed
