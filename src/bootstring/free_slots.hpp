// Internal: the order-statistic structure behind O(n log n) Bootstring
// decoding (RFC 3492 section 6.2 inserts every code point into the middle of
// the output, which is quadratic when done literally).
//
// The decoders first compute every insertion (code point, index); the
// length of the string before each insertion is known, so they can place the
// insertions in reverse order: an insertion's final slot is the index-th
// (0-based) slot not taken by a later insertion.  free_slots answers "which
// slot is the r-th free one" and "take that slot", in O(log n).
//
// Layout, chosen so that the working set stays in the first cache levels:
//  * a bit per slot (1: free), 64 slots per word: 128 KB for a million slots;
//  * the free count of each word, one byte each, four words per group of
//    256 slots read as one 32-bit value;
//  * a Fenwick tree over the groups' free counts: 16 KB for a million slots.
// select() descends the tree to a group, picks the word from the four byte
// counts with three comparisons, and the bit within the word with byte
// popcounts and a 2 KB table, without data-dependent branches below the
// tree.  (A Fenwick tree over the slots themselves, the previous design,
// takes 4 MB for a million slots, and its descent misses the cache at
// almost every level.)
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

namespace puny::bootstring::detail {

// select_in_byte[b][k]: position of the k-th set bit of byte b (8 if none).
struct byte_select_table {
  std::array<std::array<std::uint8_t, 8>, 256> v{};
  constexpr byte_select_table() {
    for (unsigned b = 0; b < 256; ++b) {
      unsigned k = 0;
      for (unsigned bit = 0; bit < 8; ++bit) v[b][bit] = 8;
      for (unsigned bit = 0; bit < 8; ++bit)
        if ((b >> bit) & 1) v[b][k++] = static_cast<std::uint8_t>(bit);
    }
  }
};
inline constexpr byte_select_table byte_select{};

inline unsigned count_trailing_zeros(std::uint64_t x) {
#if defined(__GNUC__)
  return static_cast<unsigned>(__builtin_ctzll(x));
#else
  unsigned n = 0;
  while ((x & 1) == 0) {
    x >>= 1;
    ++n;
  }
  return n;
#endif
}

inline unsigned popcount_word(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  return static_cast<unsigned>((x * 0x0101010101010101u) >> 56);
}

// Position of the r-th (0-based) set bit of x; r < popcount(x).  Byte
// popcounts, their running sums by one multiplication, the byte found by
// comparing the running sums with r (broadword) and taking the first that
// passes it, then a table.
// No branch: the sum before the byte is read from the running sums moved
// up one byte (byte <= 7, since the last running sum is popcount(x) > r).
inline unsigned select_in_word(std::uint64_t x, std::uint32_t r) {
  constexpr std::uint64_t ones = 0x0101010101010101u;
  constexpr std::uint64_t highs = 0x8080808080808080u;
  std::uint64_t s = x - ((x >> 1) & 0x5555555555555555u);
  s = (s & 0x3333333333333333u) + ((s >> 2) & 0x3333333333333333u);
  s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  const std::uint64_t running = s * ones;  // byte k: set bits in bytes 0..k (<= 64)
  // High bit of byte k set when running_k <= r: (r + 128) - running_k keeps bit 7.
  const std::uint64_t le = ((r * ones) | highs) - running;
  // The first byte whose running sum passes r (bit 7 of it clear in le;
  // the last byte's always passes): 8 * its index.
  const unsigned shift = count_trailing_zeros(~le & highs) - 7;
  const auto before = static_cast<std::uint32_t>(((running << 8) >> shift) & 0xFF);
  const auto byte_bits = static_cast<unsigned>((x >> shift) & 0xFF);
  return shift + byte_select.v[byte_bits][r - before];
}

// Calls f(64 * w + bit) for every set bit of words[0, count), in increasing
// order: the free slots, where a set bit marks one.
template <class F>
void for_each_set_bit(const std::uint64_t* words, std::size_t count, F&& f) {
  for (std::size_t w = 0; w < count; ++w)
    for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1)
      f(w * 64 + static_cast<std::size_t>(count_trailing_zeros(bits)));
}

class free_slots {
 public:
  // All of slots [0, size) free.  size < 2^32.
  explicit free_slots(std::size_t size)
      : words_((size + 63) / 64),
        groups_((words_ + 3) / 4),
        bits_(new std::uint64_t[groups_ * 4]),
        counts_(new std::uint8_t[groups_ * 4]),
        tree_(new std::uint32_t[groups_ + 1]) {
    for (std::size_t w = 0; w < groups_ * 4; ++w) {
      const std::size_t first = w * 64;
      const std::size_t free = first >= size ? 0 : size - first >= 64 ? 64 : size - first;
      bits_[w] = free == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << free) - 1;
      counts_[w] = static_cast<std::uint8_t>(free);
    }
    // O(n) Fenwick construction: each node adds itself to its parent.
    tree_[0] = 0;
    for (std::size_t g = 0; g < groups_; ++g)
      tree_[g + 1] = counts_[4 * g] + counts_[4 * g + 1] + counts_[4 * g + 2] + counts_[4 * g + 3];
    for (std::size_t i = 1; i <= groups_; ++i) {
      const std::size_t parent = i + (i & (~i + 1));
      if (parent <= groups_) tree_[parent] += tree_[i];
    }
    top_ = 1;
    while (top_ * 2 <= groups_) top_ *= 2;
  }

  // The rank-th (0-based) free slot; rank < the number of free slots.
  std::size_t select(std::size_t rank) const {
    // Fenwick descent to the group holding it.
    std::size_t node = 0;
    auto r = static_cast<std::uint32_t>(rank);
    for (std::size_t step = top_; step > 0; step /= 2) {
      const std::size_t next = node + step;
      if (next <= groups_ && tree_[next] <= r) {
        node = next;
        r -= tree_[next];
      }
    }
    const std::size_t group = node;
    // The word: cumulative free counts of the group's first three words
    // (each at most 192, so the bytes do not carry).
    std::uint32_t c;
    std::memcpy(&c, &counts_[4 * group], 4);
    const std::uint32_t cumulative = c * 0x01010101u;
    const std::uint32_t p0 = cumulative & 0xFF;
    const std::uint32_t p1 = (cumulative >> 8) & 0xFF;
    const std::uint32_t p2 = (cumulative >> 16) & 0xFF;
    const std::uint32_t word_in_group = (r >= p0) + (r >= p1) + (r >= p2);
    const std::uint32_t before = word_in_group == 0 ? 0 : (cumulative >> (8 * (word_in_group - 1))) & 0xFF;
    const std::size_t word = 4 * group + word_in_group;
    return word * 64 + select_in_word(bits_[word], r - before);
  }

  // For j = count - 1 down to 0: takes the rank_of(j)-th free slot and
  // calls put(j, slot) (small_free_slots' form).
  template <class RankOf, class Put>
  void take_backwards(std::size_t count, RankOf&& rank_of, Put&& put) {
    for (std::size_t j = count; j-- > 0;) {
      const std::size_t slot = select(rank_of(j));
      take(slot);
      put(j, slot);
    }
  }

  // Marks a free slot taken.
  void take(std::size_t slot) {
    const std::size_t word = slot / 64;
    bits_[word] &= ~(std::uint64_t{1} << (slot % 64));
    --counts_[word];
    for (std::size_t i = word / 4 + 1; i <= groups_; i += i & (~i + 1)) --tree_[i];
  }

  // Number of free slots below `slot` (the encoder's "smaller code points
  // before this position", counted as slot minus the free ones).
  std::size_t free_before(std::size_t slot) const {
    const std::size_t word = slot / 64;
    const std::size_t group = word / 4;
    std::size_t count = 0;
    for (std::size_t i = group; i > 0; i &= i - 1) count += tree_[i];
    for (std::size_t w = 4 * group; w < word; ++w) count += counts_[w];
    const std::uint64_t below = (std::uint64_t{1} << (slot % 64)) - 1;
    return count + popcount_word(bits_[word] & below);
  }

  // Calls f(slot) for every free slot, in increasing order.
  template <class F>
  void for_each_free(F&& f) const {
    for_each_set_bit(bits_.get(), words_, f);
  }

 private:
  std::size_t words_;
  std::size_t groups_;
  std::size_t top_ = 1;
  std::unique_ptr<std::uint64_t[]> bits_;
  std::unique_ptr<std::uint8_t[]> counts_;
  std::unique_ptr<std::uint32_t[]> tree_;  // 1-based Fenwick tree over groups
};

}  // namespace puny::bootstring::detail
