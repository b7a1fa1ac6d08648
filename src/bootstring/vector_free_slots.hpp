// Internal: free_slots' two operations ("the rank-th free slot", "take
// it") for the decoding of inputs up to fixed_engine.hpp's large_limit
// bytes (3 MiB), in steps that do not branch on the data, with the counts
// every insertion reads first kept in registers.  The insertion into
// chunks they replaced (a walk to the chunk, memmove of its tail)
// mispredicted about twice an insertion on distinct strings: at 1,024 code
// points two thirds of the time (bench/README.md, "Long strings: one
// string against many"); free_slots' Fenwick descent waits on the tree
// nodes the last insertion wrote.
//
// Layout: a bit per slot (1: free), 64 slots per word, as free_slots; and
// for every unit (a word, or a block of 16 words) the number of free slots
// in the units before it, 16 bits each, eight units a 16-byte vector
// (large_free_slots: the same per superblock of 48 blocks, 32 bits each,
// above them).  These counts never decrease along the string, so the unit that holds the
// rank-th free slot is the last one whose count is <= rank, and the counts
// that lose one when that slot is taken are exactly those > rank: one
// comparison per count does both.  A block has the same counts for its
// words.
//
// Two implementations with one contract, as src/simd/: `take_scalar` (the
// reference; compilers vectorize its loops where they can) and, on x86-64,
// `take_sse2`, which keeps the unit counts in registers across insertions
// and finds the unit from the comparison's byte mask; within the word, the
// broadword select_in_word, or PDEP where it is fast (has_fast_pdep).
// tests/unit/vector_free_slots_test.cpp holds every form to free_slots.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "bootstring/free_slots.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#include <cpuid.h>
#endif

namespace puny::bootstring::detail {

// Whether PDEP (BMI2) deposits bits in a few cycles: on Intel processors
// that have it, and AMD's from family 19h (Zen 3) on; AMD's earlier ones
// (and Hygon's) run it in microcode, hundreds of cycles for a dense mask.
// CPUID leaf 0 (vendor), 1 (family), 7 (BMI2: EBX bit 8); checked once.
#if defined(__GNUC__) && defined(__x86_64__)
inline const bool has_fast_pdep = [] {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0 || eax < 7) return false;
  const bool intel = ebx == 0x756E6547 && edx == 0x49656E69 && ecx == 0x6C65746E;  // GenuineIntel
  const bool amd = ebx == 0x68747541 && edx == 0x69746E65 && ecx == 0x444D4163;    // AuthenticAMD
  if (!intel && !amd) return false;
  __get_cpuid(1, &eax, &ebx, &ecx, &edx);
  const unsigned base_family = (eax >> 8) & 0xF;
  const unsigned family = base_family == 0xF ? base_family + ((eax >> 20) & 0xFF) : base_family;
  if (amd && family < 0x19) return false;
  __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx);
  return (ebx & (1u << 8)) != 0;
}();

// Position of the r-th (0-based) set bit of x (r < popcount(x)) with PDEP:
// the r-th set bit alone, then its index.  Inline assembly that any x86-64
// target assembles; call only when has_fast_pdep.
inline unsigned select_in_word_pdep(std::uint64_t x, std::uint32_t r) {
  std::uint64_t bit;
  __asm__("pdepq %2, %1, %0" : "=r"(bit) : "r"(std::uint64_t{1} << r), "rm"(x));
  return count_trailing_zeros(bit);
}
#else
inline constexpr bool has_fast_pdep = false;
inline unsigned select_in_word_pdep(std::uint64_t x, std::uint32_t r) { return select_in_word(x, r); }
#endif

// take_backwards of the classes below: the best form this build and
// processor have.  Always inlined: called out of line, with the callbacks
// by reference, its loops read their captures from memory (one string of
// 1,024 code points decoded 1,024 times: 103.0 M -> 111.0 M instructions
// under callgrind).
#if defined(__GNUC__)
#define PUNY_SLOTS_INLINE inline __attribute__((always_inline))
#else
#define PUNY_SLOTS_INLINE inline
#endif
template <class Slots, class RankOf, class Put>
PUNY_SLOTS_INLINE void take_in_best_form(Slots& slots, std::size_t count, RankOf& rank_of, Put& put) {
#if defined(__SSE2__)
  if (has_fast_pdep)
    slots.template take_sse2_any<true>(count, rank_of, put);
  else
    slots.template take_sse2_any<false>(count, rank_of, put);
#else
  slots.take_scalar(count, rank_of, put);
#endif
}

// 16-bit counts compared as unsigned (up to 65,535 slots): SSE2 compares
// signed 16-bit integers, so counts are kept with the top bit flipped.
inline std::int16_t biased(std::uint32_t count) {
  return static_cast<std::int16_t>(static_cast<std::uint16_t>(count ^ 0x8000u));
}
inline std::uint32_t unbiased(std::int16_t count) {
  return static_cast<std::uint16_t>(count) ^ 0x8000u;
}

// The scalar form of the unit search (every class below): takes one from
// the counts above `rank` (value_of(count) > rank) and returns the index of
// the last count <= rank (the first never is above).  No branch on the
// counts.
template <class Count, class ValueOf>
std::size_t drop_above_scalar(Count* counts, std::size_t n, std::uint32_t rank, ValueOf value_of) {
  std::size_t at_or_below = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const bool above = value_of(counts[k]) > rank;
    at_or_below += !above;
    counts[k] = static_cast<Count>(counts[k] - above);
  }
  return at_or_below - 1;
}

// UnitWords: the words under one count of the top level.  1: the counts
// are per word (small_free_slots, up to 3,072 slots: 48 counts).  16: per
// block of 1,024 slots (block_free_slots, up to 49,152 slots: 48 counts),
// and each block has a count per word of the slots free in its words before
// it, found and updated the same way (two vectors).
template <std::size_t UnitWords>
class vector_free_slots {
 public:
  static constexpr std::size_t unit_slots = 64 * UnitWords;
  static constexpr std::size_t max_units = 48;
  static constexpr std::size_t max_size = max_units * unit_slots;
  static_assert(max_size < 65536, "counts fit 16 bits");

  // All of slots [0, size) free; 0 < size <= max_size.
  explicit vector_free_slots(std::size_t size) { reset(size); }
  vector_free_slots() = default;  // reset() before use (large_free_slots' parts)

  // A count past the last unit (or past the last word of a block) starts
  // at the free slots in all (in the block) and, being above every rank,
  // loses one with every slot taken (in the block): it stays the number of
  // free slots, above every rank there can be.
  void reset(std::size_t size) {
    units_ = (size + unit_slots - 1) / unit_slots;
    counted_ = (units_ + pair - 1) / pair * pair;
    words_ = (size + 63) / 64;
    for (std::size_t u = 0; u < max_units; ++u)
      before_[u] = biased(static_cast<std::uint32_t>(std::min(u * unit_slots, size)));
    for (std::size_t w = 0; w < max_units * UnitWords; ++w) {
      const std::size_t first = w * 64;
      const std::size_t free = first >= size ? 0 : size - first >= 64 ? 64 : size - first;
      bits_[w] = free == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << free) - 1;
    }
    if constexpr (UnitWords > 1) {
      for (std::size_t u = 0; u < max_units; ++u) {
        const std::size_t first = u * unit_slots;
        const std::size_t in_unit = first >= size ? 0 : std::min(size - first, unit_slots);
        for (std::size_t w = 0; w < UnitWords; ++w)
          within_[u][w] = static_cast<std::int16_t>(std::min(w * 64, in_unit));
      }
    }
  }

  // For j = count - 1 down to 0: takes the rank_of(j)-th (0-based) free
  // slot, which must exist, and calls put(j, slot).  The best form this
  // build and processor have.
  template <class RankOf, class Put>
  void take_backwards(std::size_t count, RankOf&& rank_of, Put&& put) {
    take_in_best_form(*this, count, rank_of, put);
  }

  // The reference form.
  template <class RankOf, class Put>
  void take_scalar(std::size_t count, RankOf&& rank_of, Put&& put) {
    for (std::size_t j = count; j-- > 0;) put(j, take_one<false, false>(rank_of(j)));
  }

  // Takes the rank-th free slot and returns it, with the unit counts read
  // from memory (large_free_slots' superblocks; take_scalar), by vector
  // comparisons (Vector) or one count at a time.
  template <bool Vector, bool Pdep>
  std::size_t take_one(std::uint32_t rank) {
    std::size_t unit;
#if defined(__SSE2__)
    if constexpr (Vector) {
      unit = drop_above_in_memory(before_, counted_ / pair, _mm_set1_epi16(biased(rank)));
    } else
#endif
    {
      unit = drop_above_scalar(before_, counted_, rank, unbiased);
    }
    return take_in_unit<Vector, Pdep>(unit, rank - unbiased(before_[unit]));
  }

#if defined(__SSE2__)
  // The vector form, with select_in_word_pdep (Pdep, when has_fast_pdep)
  // or select_in_word.
  template <bool Pdep, class RankOf, class Put>
  void take_sse2_any(std::size_t count, RankOf&& rank_of, Put&& put) {
    switch (counted_ / lanes) {
      case 2: return take_sse2<2, Pdep>(count, rank_of, put);
      case 4: return take_sse2<4, Pdep>(count, rank_of, put);
      default: return take_sse2<6, Pdep>(count, rank_of, put);
    }
  }
#endif

  // Calls f(slot) for every free slot, in increasing order.
  template <class F>
  void for_each_free(F&& f) const {
    for_each_set_bit(bits_, words_, f);
  }

 private:
  static constexpr std::size_t lanes = 8;  // 16-bit counts in a 16-byte vector
  static constexpr std::size_t pair = 2 * lanes;
  static_assert(max_units % pair == 0, "counted_ never passes max_units");
  static_assert(UnitWords == 1 || UnitWords == pair, "a block's word counts are one pair of vectors");

  // Takes the free slot of rank `in_word` in `word`.
  template <bool Pdep>
  std::size_t take_in_word(std::size_t word, std::uint32_t in_word) {
    std::uint64_t& bits = bits_[word];
    const unsigned bit = Pdep ? select_in_word_pdep(bits, in_word) : select_in_word(bits, in_word);
    bits &= ~(std::uint64_t{1} << bit);
    return word * 64 + bit;
  }

  // Takes the free slot of rank `in_unit` in `unit` (whose count is up to
  // date): for a block, its word first, by its word counts.
  template <bool Vector, bool Pdep>
  std::size_t take_in_unit(std::size_t unit, std::uint32_t in_unit) {
    if constexpr (UnitWords == 1) {
      return take_in_word<Pdep>(unit, in_unit);
    } else {
      std::int16_t* const within = within_[unit];
      std::size_t w;
#if defined(__SSE2__)
      if constexpr (Vector) {
        w = drop_above_in_memory(within, 1, _mm_set1_epi16(static_cast<short>(in_unit)));
      } else
#endif
      {
        w = drop_above_scalar(within, UnitWords, in_unit,
                              [](std::int16_t count) { return static_cast<std::uint32_t>(count); });
      }
      return take_in_word<Pdep>(unit * UnitWords + w, in_unit - static_cast<std::uint32_t>(within[w]));
    }
  }

#if defined(__SSE2__)
  // Compares a pair of vectors of counts with r (broadcast), takes one
  // from the counts above it, and returns the byte mask of those (bit k:
  // count k > r).
  static unsigned drop_above(__m128i& low, __m128i& high, __m128i r) {
    const __m128i gt0 = _mm_cmpgt_epi16(low, r);
    const __m128i gt1 = _mm_cmpgt_epi16(high, r);
    low = _mm_add_epi16(low, gt0);  // -1 where above
    high = _mm_add_epi16(high, gt1);
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(gt0, gt1)));
  }

  // drop_above over `pairs` pairs of vectors of counts in memory, written
  // back; returns the last count <= r (the first is never above).
  static std::size_t drop_above_in_memory(std::int16_t* counts, std::size_t pairs, __m128i r) {
    auto* const v = reinterpret_cast<__m128i*>(counts);
    std::uint64_t above = ~std::uint64_t{0} << (pairs * pair);
    for (std::size_t k = 0; k < 2 * pairs; k += 2) {
      __m128i low = _mm_load_si128(v + k);
      __m128i high = _mm_load_si128(v + k + 1);
      above |= std::uint64_t{drop_above(low, high, r)} << (k * lanes);
      _mm_store_si128(v + k, low);
      _mm_store_si128(v + k + 1, high);
    }
    return count_trailing_zeros(above) - 1;
  }

  // Vectors: counted_ / lanes, even.  The unit counts stay in registers;
  // they are stored after each update only for the one read of the unit's
  // own.  Bit u of `above`: unit u's count > rank; the units past
  // `Vectors * lanes` count as above, so the lowest set bit is the unit
  // after the one that holds the slot (unit 0's count, 0, is never above).
  template <std::size_t Vectors, bool Pdep, class RankOf, class Put>
  void take_sse2(std::size_t count, RankOf&& rank_of, Put&& put) {
    static_assert(Vectors % 2 == 0 && Vectors * lanes < 64, "pairs of vectors, and a bit past them");
    __m128i counts[Vectors];
    auto* const stored = reinterpret_cast<__m128i*>(before_);
    for (std::size_t k = 0; k < Vectors; ++k) counts[k] = _mm_load_si128(stored + k);
    for (std::size_t j = count; j-- > 0;) {
      const std::uint32_t rank = rank_of(j);
      const __m128i r = _mm_set1_epi16(biased(rank));
      std::uint64_t above = ~std::uint64_t{0} << (Vectors * lanes);
      for (std::size_t k = 0; k < Vectors; k += 2) {
        above |= std::uint64_t{drop_above(counts[k], counts[k + 1], r)} << (k * lanes);
        _mm_store_si128(stored + k, counts[k]);
        _mm_store_si128(stored + k + 1, counts[k + 1]);
      }
      const std::size_t unit = count_trailing_zeros(above) - 1;
      put(j, take_in_unit<true, Pdep>(unit, rank - unbiased(before_[unit])));
    }
  }
#endif

  std::size_t units_ = 0;
  std::size_t counted_ = 0;  // units_ rounded up to whole pairs of vectors
  std::size_t words_ = 0;
  alignas(16) std::int16_t before_[max_units];  // free slots before each unit, biased
  std::uint64_t bits_[max_units * UnitWords];
  // Blocks only: free slots in the block's words before each word.
  alignas(16) std::int16_t within_[UnitWords > 1 ? max_units : 1][UnitWords];
};

// Up to fixed_engine.hpp's decode_limit: a count per word.
using small_free_slots = vector_free_slots<1>;
// Up to its block_limit: a count per block of 1,024 slots, then per word.
using block_free_slots = vector_free_slots<16>;

// Up to 3,145,728 slots: superblocks of 49,152 slots (block_free_slots'
// structure each, its counts read from memory), under a 32-bit count per
// superblock of the free slots before it (at most 64: sixteen vectors,
// kept as vector_free_slots' unit counts).  Every insertion compares at
// most 64 + 48 + 16 counts, whatever the input; free_slots' Fenwick
// descent waits on the tree nodes the last insertion wrote.
class large_free_slots {
 public:
  static constexpr std::size_t super_slots = block_free_slots::max_size;
  static constexpr std::size_t max_supers = 64;
  static constexpr std::size_t max_size = super_slots * max_supers;

  // All of slots [0, size) free; 0 < size <= max_size.  The counts past
  // the last superblock start at size, as vector_free_slots' past its last
  // unit.
  explicit large_free_slots(std::size_t size)
      : supers_((size + super_slots - 1) / super_slots),
        counted_((supers_ + group - 1) / group * group),
        parts_(new block_free_slots[supers_]) {
    for (std::size_t k = 0; k < supers_; ++k) parts_[k].reset(std::min(size - k * super_slots, super_slots));
    for (std::size_t k = 0; k < max_supers; ++k)
      before_[k] = static_cast<std::int32_t>(std::min(k * super_slots, size));
  }

  // As vector_free_slots::take_backwards.
  template <class RankOf, class Put>
  void take_backwards(std::size_t count, RankOf&& rank_of, Put&& put) {
    take_in_best_form(*this, count, rank_of, put);
  }

  // The reference form.
  template <class RankOf, class Put>
  void take_scalar(std::size_t count, RankOf&& rank_of, Put&& put) {
    for (std::size_t j = count; j-- > 0;) {
      const std::uint32_t rank = rank_of(j);
      const std::size_t super =
          drop_above_scalar(before_, counted_, rank, [](std::int32_t c) { return static_cast<std::uint32_t>(c); });
      put(j, take_in_super<false, false>(super, rank));
    }
  }

#if defined(__SSE2__)
  template <bool Pdep, class RankOf, class Put>
  void take_sse2_any(std::size_t count, RankOf&& rank_of, Put&& put) {
    switch (counted_ / lanes) {
      case 4: return take_sse2<4, Pdep>(count, rank_of, put);
      case 8: return take_sse2<8, Pdep>(count, rank_of, put);
      case 12: return take_sse2<12, Pdep>(count, rank_of, put);
      default: return take_sse2<16, Pdep>(count, rank_of, put);
    }
  }
#endif

  // Calls f(slot) for every free slot, in increasing order.
  template <class F>
  void for_each_free(F&& f) const {
    for (std::size_t k = 0; k < supers_; ++k)
      parts_[k].for_each_free([&f, first = k * super_slots](std::size_t slot) { f(first + slot); });
  }

 private:
  static constexpr std::size_t lanes = 4;       // 32-bit counts in a 16-byte vector
  static constexpr std::size_t group = 4 * lanes;  // the counts one byte mask covers
  static_assert(max_supers % group == 0, "counted_ never passes max_supers");
  static_assert(max_size < (std::size_t{1} << 31), "counts compare as signed 32-bit integers");

  template <bool Vector, bool Pdep>
  std::size_t take_in_super(std::size_t super, std::uint32_t rank) {
    return super * super_slots +
           parts_[super].take_one<Vector, Pdep>(rank - static_cast<std::uint32_t>(before_[super]));
  }

#if defined(__SSE2__)
  // As vector_free_slots::take_sse2, four vectors (sixteen 32-bit counts)
  // a byte mask.
  template <std::size_t Vectors, bool Pdep, class RankOf, class Put>
  void take_sse2(std::size_t count, RankOf&& rank_of, Put&& put) {
    static_assert(Vectors % 4 == 0 && Vectors * lanes <= 64, "groups of four vectors, in a 64-bit mask");
    __m128i counts[Vectors];
    auto* const stored = reinterpret_cast<__m128i*>(before_);
    for (std::size_t k = 0; k < Vectors; ++k) counts[k] = _mm_load_si128(stored + k);
    for (std::size_t j = count; j-- > 0;) {
      const std::uint32_t rank = rank_of(j);
      const __m128i r = _mm_set1_epi32(static_cast<int>(rank));
      std::uint64_t above = Vectors * lanes < 64 ? ~std::uint64_t{0} << (Vectors * lanes % 64) : 0;
      for (std::size_t k = 0; k < Vectors; k += 4) {
        __m128i gt[4];
        for (std::size_t m = 0; m < 4; ++m) {
          gt[m] = _mm_cmpgt_epi32(counts[k + m], r);
          counts[k + m] = _mm_add_epi32(counts[k + m], gt[m]);  // -1 where above
          _mm_store_si128(stored + k + m, counts[k + m]);
        }
        const __m128i halves = _mm_packs_epi16(_mm_packs_epi32(gt[0], gt[1]), _mm_packs_epi32(gt[2], gt[3]));
        above |= std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(halves))} << (k * lanes);
      }
      // The last superblock whose count is <= rank (superblock 0's never
      // is above): the one before the lowest set bit, or the last of all
      // when none is above.
      put(j, take_in_super<true, Pdep>(count_trailing_zeros((above >> 1) | (std::uint64_t{1} << 63)), rank));
    }
  }
#endif

  std::size_t supers_;
  std::size_t counted_;  // supers_ rounded up to whole groups of four vectors
  alignas(16) std::int32_t before_[max_supers];  // free slots before each superblock
  std::unique_ptr<block_free_slots[]> parts_;
};

}  // namespace puny::bootstring::detail
