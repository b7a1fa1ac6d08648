// src/bootstring/vector_free_slots.hpp: every form of taking the rank-th
// free slot, with a count per word (small_free_slots), per block
// (block_free_slots) and per superblock (large_free_slots) (the scalar reference, the SSE2 form with the broadword select
// and with PDEP where the processor runs it fast) against free_slots, the
// structure of the long decoder, on the same ranks; and both selects within
// a word against a bit-by-bit count.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "bootstring/free_slots.hpp"
#include "bootstring/vector_free_slots.hpp"

namespace {

using puny::bootstring::detail::block_free_slots;
using puny::bootstring::detail::free_slots;
using puny::bootstring::detail::large_free_slots;
using puny::bootstring::detail::small_free_slots;

// What a form produced: the slot taken for each rank (in the order taken),
// then the free slots left.
struct outcome {
  std::vector<std::size_t> taken;
  std::vector<std::size_t> left;
  bool operator==(const outcome& o) const { return taken == o.taken && left == o.left; }
};

enum class form { reference, scalar, sse2_broadword, sse2_pdep };

// Takes ranks.back() first, as the decoder does (take_backwards).
template <class Slots>
outcome run(Slots& slots, const std::vector<std::uint32_t>& ranks, form f) {
  outcome o;
  o.taken.assign(ranks.size(), 0);
  const auto rank_of = [&](std::size_t j) { return ranks[j]; };
  const auto put = [&](std::size_t j, std::size_t slot) { o.taken[j] = slot; };
  if constexpr (std::is_same_v<Slots, free_slots>) {
    slots.take_backwards(ranks.size(), rank_of, put);
  } else {
    switch (f) {
      case form::scalar: slots.take_scalar(ranks.size(), rank_of, put); break;
#if defined(__SSE2__)
      case form::sse2_broadword: slots.template take_sse2_any<false>(ranks.size(), rank_of, put); break;
      case form::sse2_pdep: slots.template take_sse2_any<true>(ranks.size(), rank_of, put); break;
#endif
      default: slots.take_backwards(ranks.size(), rank_of, put); break;
    }
  }
  slots.for_each_free([&](std::size_t slot) { o.left.push_back(slot); });
  return o;
}

std::vector<form> forms_here() {
  std::vector<form> forms{form::scalar};
#if defined(__SSE2__)
  forms.push_back(form::sse2_broadword);
  if (puny::bootstring::detail::has_fast_pdep) forms.push_back(form::sse2_pdep);
#endif
  return forms;
}

template <class Slots>
void expect_all_forms_agree(std::size_t size, const std::vector<std::uint32_t>& ranks, const std::string& what) {
  free_slots reference(size);
  const outcome expected = run(reference, ranks, form::reference);
  ASSERT_EQ(expected.taken.size() + expected.left.size(), size) << what;
  for (const form f : forms_here()) {
    Slots slots(size);
    EXPECT_TRUE(run(slots, ranks, f) == expected) << what << ", form " << static_cast<int>(f);
  }
  Slots best(size);
  EXPECT_TRUE(run(best, ranks, form::reference) == expected) << what << ", take_backwards";
}

// Ranks for `taken` insertions into a string of `size` slots, taken from
// the last: the j-th rank is below the slots still free when it is taken
// (size - (ranks.size() - 1 - j)).
std::vector<std::uint32_t> ranks_for(std::size_t size, std::size_t taken, std::mt19937_64& rng, int shape) {
  std::vector<std::uint32_t> ranks(taken);
  for (std::size_t j = 0; j < taken; ++j) {
    const auto free = static_cast<std::uint32_t>(size - (taken - 1 - j));
    switch (shape) {
      case 0: ranks[j] = static_cast<std::uint32_t>(rng() % free); break;
      case 1: ranks[j] = 0; break;         // every insertion at the front
      case 2: ranks[j] = free - 1; break;  // every one at the end
      default: ranks[j] = static_cast<std::uint32_t>(j % 2 == 0 ? 0 : free - 1); break;
    }
  }
  return ranks;
}

// Every size whose units (words, or blocks of 1,024 slots) fill one, two or
// three pairs of vectors, and the edges between them.
template <class Slots>
void check_sizes(std::initializer_list<std::size_t> sizes, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::size_t checked = 0;
  for (const std::size_t size : sizes) {
    ASSERT_LE(size, Slots::max_size);
    for (int shape = 0; shape < 4; ++shape) {
      for (const std::size_t taken : {size, size * 3 / 4, size / 2, std::size_t{1}}) {
        expect_all_forms_agree<Slots>(size, ranks_for(size, taken, rng, shape),
                                      "size " + std::to_string(size) + " taken " + std::to_string(taken) +
                                          " shape " + std::to_string(shape));
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, sizes.size() * 4 * 4);
}

TEST(SmallFreeSlots, EveryFormAgreesWithFreeSlots) {
  check_sizes<small_free_slots>({1, 2, 63, 64, 65, 127, 128, 500, 1023, 1024, 1025, 1500, 2047, 2048, 2049, 3000,
                                 3071, small_free_slots::max_size},
                                54);
}

TEST(BlockFreeSlots, EveryFormAgreesWithFreeSlots) {
  check_sizes<block_free_slots>({1, 64, 65, 1023, 1024, 1025, 1087, 3073, 16383, 16384, 16385, 20000, 32767, 32768,
                                 32769, 40000, 49151, block_free_slots::max_size},
                                57);
}

template <class Slots>
void check_random_sizes(std::uint64_t seed, int iterations) {
  std::mt19937_64 rng(seed);
  for (int iteration = 0; iteration < iterations; ++iteration) {
    const std::size_t size = 1 + rng() % Slots::max_size;
    const std::size_t taken = rng() % (size + 1);
    expect_all_forms_agree<Slots>(size, ranks_for(size, taken, rng, 0),
                                  "size " + std::to_string(size) + " taken " + std::to_string(taken));
  }
}

TEST(SmallFreeSlots, RandomSizes) { check_random_sizes<small_free_slots>(55, 300); }
TEST(BlockFreeSlots, RandomSizes) { check_random_sizes<block_free_slots>(58, 40); }

// Superblocks of 49,152 slots, one to sixty-four: the edges between them
// and between groups of sixteen (one byte mask), the largest size, with a
// few thousand insertions each (the reference takes a while at 3 million
// slots), and every insertion of one size of four superblocks.
TEST(LargeFreeSlots, EveryFormAgreesWithFreeSlots) {
  std::mt19937_64 rng(59);
  constexpr std::size_t super = large_free_slots::super_slots;
  std::size_t checked = 0;
  for (const std::size_t size : std::vector<std::size_t>{1, 1000, super - 1, super, super + 1, 3 * super + 77,
                                                        16 * super, 16 * super + 1, 33 * super - 5,
                                                        large_free_slots::max_size - 1,
                                                        large_free_slots::max_size}) {
    for (int shape = 0; shape < 4; ++shape) {
      const std::size_t taken = std::min<std::size_t>(size, 3000);
      expect_all_forms_agree<large_free_slots>(size, ranks_for(size, taken, rng, shape),
                                               "size " + std::to_string(size) + " shape " + std::to_string(shape));
      ++checked;
    }
  }
  EXPECT_EQ(checked, 11u * 4);
  const std::size_t size = 4 * super - 1000;
  expect_all_forms_agree<large_free_slots>(size, ranks_for(size, size, rng, 0), "every slot of 4 superblocks");
}

unsigned select_bit_by_bit(std::uint64_t x, std::uint32_t r) {
  for (unsigned bit = 0; bit < 64; ++bit)
    if ((x >> bit) & 1) {
      if (r == 0) return bit;
      --r;
    }
  return 64;
}

// Words of every density (sparse to full), every rank each has.
TEST(SmallFreeSlots, SelectInWordMatchesBitByBit) {
  std::mt19937_64 rng(56);
  std::vector<std::uint64_t> words{~std::uint64_t{0}, 1, std::uint64_t{1} << 63, 0x8000000000000001u,
                                   0x00000000FFFFFFFFu, 0xFFFFFFFF00000000u, 0x0101010101010101u};
  for (int k = 0; k < 2000; ++k) {
    std::uint64_t x = rng();
    for (int thin = k % 4; thin > 0; --thin) x &= rng();
    for (int thick = k % 3; thick > 0; --thick) x |= rng();
    if (x != 0) words.push_back(x);
  }
  const bool pdep = puny::bootstring::detail::has_fast_pdep;
  for (const std::uint64_t x : words) {
    const auto bits = static_cast<std::uint32_t>(__builtin_popcountll(x));
    for (std::uint32_t r = 0; r < bits; ++r) {
      const unsigned expected = select_bit_by_bit(x, r);
      ASSERT_EQ(puny::bootstring::detail::select_in_word(x, r), expected) << std::hex << x << " rank " << std::dec << r;
      if (pdep) {
        ASSERT_EQ(puny::bootstring::detail::select_in_word_pdep(x, r), expected)
            << std::hex << x << " rank " << std::dec << r;
      }
    }
  }
  // Says which forms ran, so that a run on a processor without fast PDEP
  // shows that form was not checked.
  std::printf("select_in_word checked on %zu words; PDEP form: %s\n", words.size(),
              pdep ? "checked" : "not run (no fast PDEP on this processor)");
}

}  // namespace
