// Internal: Bootstring (RFC 3492 sections 3-6) built for size, for builds
// where every byte of code counts (the Punycode-only WebAssembly module of
// the npm package, surfaces/js/).  The library's own entry points use the
// generic engine (engine.cpp) and the fixed-profile one (fixed_engine.hpp);
// this one gives the same outputs and the same errors (kind, offset, code
// point; tests/reference/engine_differential.hpp holds all three to the
// reference coder) with one code path per direction instead of several:
//
//  * one route for every length, O(n log n).  Encoding sorts the non-basic
//    code points by (code point, position) with a heap sort and counts the
//    smaller code points before each position with a Fenwick tree over the
//    positions; decoding records every insertion (code point, index), then
//    places them in reverse order, each into the index-th slot that no later
//    insertion took (a Fenwick tree over the slots), and the basic code
//    points into the slots left, in order.  (Every DNS label, as the
//    JavaScript module decodes it, takes decode_short first: section 6.2's
//    literal insertions as they are parsed, in 32-bit arithmetic and
//    without building an error, giving up on anything unusual.)
//  * the caller provides the scratch memory (scratch_words(n) 64-bit words
//    for an input of n code points or bytes): nothing is allocated, and
//    nothing beyond <cstring> and the shared steps is linked.
//  * no case flags, observer or strategy choice.
//
// A plain Fenwick tree over the slots is slower than the generic engine's
// free_slots for millions of code points (free_slots.hpp explains why) and
// a heap sort slower than std::sort; for DNS labels neither shows, and both
// are a few hundred bytes of code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "bootstring/rfc3492_steps.hpp"
#include "puny/bootstring.hpp"

namespace puny::bootstring::compact {

using detail::u32;
using detail::u64;

// 64-bit words of scratch that encode() and decode() need for an input of
// n code points (encoding) or bytes (decoding): n sort keys or insertions,
// then a Fenwick tree of n + 1 32-bit counts.
// Saturates instead of wrapping (a 32-bit size_t near max_length): no such
// buffer can be had, so the caller's allocation fails rather than coming up
// short.
constexpr std::size_t scratch_words(std::size_t n) {
  return n >= static_cast<std::size_t>(-1) / 2 ? static_cast<std::size_t>(-1) : n + n / 2 + 1;
}

// Longest input (bytes) decode_short takes (at most this many code points
// moved per insertion).
inline constexpr std::size_t insertion_limit = 256;

// Units decode_short may write past in.size() (its slack), and move at
// once.
inline constexpr std::size_t short_block = 16;

// What decode_short returns when it gives up.
inline constexpr std::size_t not_decoded = static_cast<std::size_t>(-1);

namespace impl {

// A Fenwick tree over positions [0, size): tree[1..size] (tree[0] unused).
struct fenwick {
  u32* tree;
  std::size_t size;

  void add(std::size_t position, u32 amount) {  // amount: 1, or ~0u for -1
    for (std::size_t i = position + 1; i <= size; i += i & (0 - i)) tree[i] += amount;
  }
  // Sum over the positions below `position`.
  u32 below(std::size_t position) const {
    u32 sum = 0;
    for (std::size_t i = position; i > 0; i &= i - 1) sum += tree[i];
    return sum;
  }
  // The first position whose running sum passes `rank` (0-based): with a
  // count of 1 per free slot, the rank-th free slot.
  std::size_t select(u32 rank) const {
    std::size_t top = 1;
    while (top * 2 <= size) top *= 2;
    std::size_t node = 0;
    for (std::size_t step = top; step > 0; step /= 2) {
      if (node + step <= size && tree[node + step] <= rank) {
        node += step;
        rank -= tree[node];
      }
    }
    return node;
  }
};

// Sorts keys[0, count) in increasing order, in place, in O(n log n).
inline void heap_sort(u64* keys, std::size_t count) {
  const auto sift_down = [keys](std::size_t root, std::size_t end) {
    for (;;) {
      std::size_t child = 2 * root + 1;
      if (child >= end) return;
      if (child + 1 < end && keys[child + 1] > keys[child]) ++child;
      if (keys[root] >= keys[child]) return;
      const u64 kept = keys[root];
      keys[root] = keys[child];
      keys[child] = kept;
      root = child;
    }
  };
  for (std::size_t root = count / 2; root-- > 0;) sift_down(root, count);
  for (std::size_t end = count; end > 1;) {
    --end;
    const u64 largest = keys[0];
    keys[0] = keys[end];
    keys[end] = largest;
    sift_down(0, end);
  }
}

inline u32* tree_after(u64* scratch, std::size_t n) { return reinterpret_cast<u32*>(scratch + n); }

// The encoder's sort by default: heap_sort, a few hundred bytes of code.
struct heap_sorter {
  void operator()(u64* keys, std::size_t count) const { heap_sort(keys, count); }
};

}  // namespace impl

// Encodes `in` into out[0, capacity); on errc::buffer_too_small the size
// needed is in status.needed.  `scratch` has scratch_words(in.size()) words.
// `sort` orders the keys[0, count) it is given (u64*, count) increasingly:
// the heap sort by default; a heap sort's sift-downs jump through the
// whole array, a cache miss a level once the keys outgrow the caches, so
// the IDNA pipeline's long labels (label_codec.hpp), where millions of code
// points come from a short input (U+FDFA maps to 18), pass std::sort
// (issue 57: to-ascii of U+FDFA x 640,000 took 4.3 s and doubled at x2.7).
template <class Profile, class Sort = impl::heap_sorter>
buffer_result encode(const Profile& p, std::u32string_view in, char* out, std::size_t capacity,
                     u64* scratch, Sort sort = {}) {
  buffer_result r;
  const std::size_t length = in.size();
  if (length > detail::max_length) {
    r.status = detail::make_error(errc::input_too_long, detail::max_length);
    return r;
  }
  if (!detail::check_code_points(p, in, r.status)) return r;
  std::size_t size = 0;
  const auto put = [&](char c) {
    if (size < capacity) out[size] = c;
    ++size;
  };

  // Section 6.3: the basic code points first, then the delimiter.
  impl::fenwick handled{impl::tree_after(scratch, length), length};
  std::memset(handled.tree, 0, (length + 1) * sizeof(u32));
  u64* const keys = scratch;
  std::size_t count = 0;
  for (std::size_t j = 0; j < length; ++j) {
    if (in[j] < p.initial_n()) {
      put(static_cast<char>(in[j]));
      handled.add(j, 1);
    } else {
      keys[count++] = (u64{in[j]} << 32) | j;
    }
  }
  const std::size_t b = length - count;
  if (b > 0) put(p.delimiter());
  sort(keys, count);

  // The main loop, a group of equal code points m at a time: the smaller
  // code points before a position are the handled positions below it.
  u64 n = p.initial_n();
  u64 delta = 0;
  u32 bias = p.initial_bias();
  u64 h = b;
  for (std::size_t g = 0; g < count;) {
    const u64 m = keys[g] >> 32;
    std::size_t group_end = g;
    while (group_end < count && (keys[group_end] >> 32) == m) ++group_end;
    // Section 6.4: (m - n) * (h + 1) must not overflow.
    if ((m - n) > (~u64{0} - delta) / (h + 1)) {
      r.status = detail::make_error(errc::overflow, 0);
      return r;
    }
    delta += (m - n) * (h + 1);
    n = m;
    const u64 smaller = h;  // every code point below m
    u64 counted = 0;        // those before the previous position of the group
    for (std::size_t k = g; k < group_end; ++k) {
      const auto position = static_cast<std::size_t>(keys[k] & 0xFFFFFFFFu);
      const u64 before = handled.below(position);
      delta += before - counted;
      counted = before;
      if (!detail::write_integer(p, delta, bias, false, put, nullptr)) {
        r.status = detail::make_error(errc::overflow, position, in[position]);
        return r;
      }
      bias = detail::adapt(p, delta, h + 1, h == b);
      delta = 0;
      ++h;
    }
    delta += smaller - counted;  // the smaller code points after the last one
    for (std::size_t k = g; k < group_end; ++k)
      handled.add(static_cast<std::size_t>(keys[k] & 0xFFFFFFFFu), 1);
    ++delta;
    ++n;
    g = group_end;
  }
  r.size = size;
  if (size > capacity) {
    r.status.code = errc::buffer_too_small;
    r.status.needed = size;
  }
  return r;
}

// Section 6.2 for the common case, with the profile's parameters known at
// compile time: `in` of at most insertion_limit bytes decoded into out[0,
// in.size() + short_block) as code units of type Unit (char32_t, or
// char16_t for the JavaScript module, which then writes its UTF-16 output
// directly), each insertion made as its integer is parsed.  Returns the
// output's length, or not_decoded when anything is unusual: an error of
// any kind, a code point that Unit cannot hold in one unit, an integer too
// large to be a code point's.  The caller then decodes with decode()
// below, which reports the error (kind, offset, code point) or places the
// code points.
//
// Why no section 6.4 check is needed: an integer i above `limit` would
// give a code point above max_code_point (n + i div (length + 1) with
// length < insertion_limit), so reading stops there.  Below it, every
// digit before the last is at least tmin >= 1, so each weight w is at most
// the i it was added to, the next at most (base - tmin) times that: i and w
// stay far below 2^64, and i, the code point and the bias fit 32 bits.
template <class Unit, class Profile>
std::size_t decode_short(const Profile& p, std::string_view in, Unit* out) {
  constexpr const parameters& P = Profile::definition;
  static_assert(P.tmin >= 1 && (P.initial_n & (P.initial_n - 1)) == 0, "see above");
  constexpr u64 limit = (u64{P.max_code_point} + 1) * (insertion_limit + 1);
  static_assert(limit * (P.base - P.tmin) * P.base < (u64{1} << 63), "i and w fit in 64 bits");
  constexpr u32 unit_max = sizeof(Unit) == 2 ? 0xFFFF : P.max_code_point;
  const std::size_t size = in.size();
  if (size > insertion_limit) return not_decoded;
  // Section 6.2's first step, as decode(): the last delimiter ends the
  // basic code points, one at 0 is a digit.
  std::size_t b = size;
  while (b > 0 && in[b - 1] != P.delimiter) --b;
  b = b > 1 ? b - 1 : 0;
  u32 seen = 0;
  for (std::size_t j = 0; j < b; ++j) {
    const u32 c = static_cast<unsigned char>(in[j]);
    out[j] = static_cast<Unit>(c);
    seen |= c;
  }
  if (seen >= P.initial_n) return not_decoded;
  u32 n = P.initial_n;
  u32 bias = P.initial_bias;
  u32 i = 0;
  std::size_t length = b;
  for (std::size_t pos = b > 0 ? b + 1 : 0; pos < size; ++length) {
    // "Decode a generalized variable-length integer" (section 6.2).
    u64 value = i;
    u64 w = 1;
    for (u32 k = P.base;; k += P.base) {
      if (pos >= size) return not_decoded;
      const auto c = static_cast<unsigned char>(in[pos++]);
      const int digit = c < 128 ? P.digit_values[c] : -1;
      if (digit < 0) return not_decoded;
      const auto d = static_cast<u32>(digit);
      value += d * w;
      if (value > limit) return not_decoded;
      const u32 t = k <= bias ? P.tmin : k >= bias + P.tmax ? P.tmax : k - bias;
      if (d < t) break;
      w *= P.base - t;
    }
    const auto next = static_cast<u32>(value);
    const auto points = static_cast<u32>(length + 1);
    const u32 step = next / points;
    n += step;
    if (n > unit_max || (P.reject_surrogates && n - 0xD800u < 0x800u)) return not_decoded;
    const u32 delta = next - i;
    const bool first = i == 0;
    i = next - step * points;
    bias = detail::adapt(p, delta, points, first);
    // Labels move a few code points (2.4 on average in bench/'s ACE
    // labels): the last short_block of them as one block whatever their
    // count (the caller's slack takes what passes the output), so that no
    // loop exit is mispredicted (a quarter less time in V8); any before
    // them one at a time (a loop, not unrolled: smaller).
    std::size_t j = length;
#if defined(__clang__)
#pragma clang loop unroll(disable)
#endif
    for (; j - i > short_block; --j) out[j] = out[j - 1];
    u64 block[short_block * sizeof(Unit) / 8];
    std::memcpy(block, out + i, sizeof block);
    std::memcpy(out + i + 1, block, sizeof block);
    out[i] = static_cast<Unit>(n);
    ++i;
  }
  return length;
}

// Decodes `in` into out[0, capacity); on errc::buffer_too_small the size
// needed is in status.needed.  `scratch` has scratch_words(in.size()) words.
template <class Profile>
buffer_result decode(const Profile& p, std::string_view in, char32_t* out, std::size_t capacity,
                     u64* scratch) {
  buffer_result r;
  // Section 6.2's first step (detail::split_basic) with the last delimiter
  // found by string_view::rfind, a plain loop: split_basic's glibc memrchr
  // links four CPU variants of it (2.4 KB) into a program that calls this
  // engine alone.  A delimiter at 0 is a digit (detail::count_basic).
  if (in.size() > detail::max_length) {
    r.status = detail::make_error(errc::input_too_long, detail::max_length);
    return r;
  }
  const std::size_t last = in.rfind(p.delimiter());
  const std::size_t b = last == std::string_view::npos ? 0 : last;
  if (r.status = detail::check_basic(p, in.data(), b, static_cast<char32_t*>(nullptr)); !r.ok())
    return r;
  // Every insertion (code point << 32 | index) is recorded, in order, and
  // placed once the length is known.
  u64* const insertions = scratch;
  std::size_t count = 0;
  std::size_t length = 0;
  r.status = detail::parse_deltas(p, in, b, length, nullptr,
                                  [&](char32_t cp, std::size_t index, std::size_t, bool) {
                                    insertions[count++] = (u64{cp} << 32) | index;
                                  });
  if (!r.ok()) return r;
  r.size = length;
  if (length > capacity) {
    r.status.code = errc::buffer_too_small;
    r.status.needed = length;
    return r;
  }
  // Every slot free (a count of 1 each), then the insertions from the
  // last: each takes the index-th slot still free.
  impl::fenwick free_slots{impl::tree_after(scratch, in.size()), length};
  for (std::size_t i = 1; i <= length; ++i) free_slots.tree[i] = static_cast<u32>(i & (0 - i));
  for (std::size_t k = count; k-- > 0;) {
    const std::size_t slot = free_slots.select(static_cast<u32>(insertions[k] & 0xFFFFFFFFu));
    free_slots.add(slot, ~u32{0});
    out[slot] = static_cast<char32_t>(insertions[k] >> 32);
    insertions[k] = slot;
  }
  // The basic code points, in order, into the slots no insertion took
  // (the tree's counts reused as one mark per slot).
  u32* const taken = free_slots.tree;
  std::memset(taken, 0, length * sizeof(u32));
  for (std::size_t k = 0; k < count; ++k) taken[insertions[k]] = 1;
  for (std::size_t slot = 0, next = 0; slot < length; ++slot)
    if (taken[slot] == 0) out[slot] = static_cast<unsigned char>(in[next++]);
  return r;
}

}  // namespace puny::bootstring::compact
