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
//    points into the slots left, in order.  (Inputs of up to
//    insertion_limit bytes decoded into a buffer with room for one code
//    point per byte, every DNS label as the JavaScript module decodes it,
//    are built by section 6.2's literal insertions while they are parsed
//    instead: a loop of a few lines, and faster.)
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

// Longest input (bytes) the decoder builds by inserting into the middle of
// its output (at most this many code points moved per insertion); longer
// ones, and output buffers without room for one code point per byte, are
// placed.
inline constexpr std::size_t insertion_limit = 256;

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

}  // namespace impl

// Encodes `in` into out[0, capacity); on errc::buffer_too_small the size
// needed is in status.needed.  `scratch` has scratch_words(in.size()) words.
template <class Profile>
buffer_result encode(const Profile& p, std::u32string_view in, char* out, std::size_t capacity,
                     u64* scratch) {
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
  impl::heap_sort(keys, count);

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
  // Inputs of up to insertion_limit bytes into a buffer with room for any
  // result (one code point per input byte: every DNS label, as the
  // JavaScript module calls it): section 6.2's insertions, literally, as
  // they are parsed.  Otherwise every insertion (code point << 32 | index)
  // is recorded, in order, and placed once the length is known.
  const bool direct = in.size() <= insertion_limit && capacity >= in.size();
  if (direct)
    for (std::size_t j = 0; j < b; ++j) out[j] = static_cast<unsigned char>(in[j]);
  u64* const insertions = scratch;
  std::size_t count = 0;
  std::size_t length = 0;
  r.status = detail::parse_deltas(p, in, b, length, nullptr,
                                  [&](char32_t cp, std::size_t index, std::size_t current, bool) {
                                    if (direct) {
                                      // Labels move a few code points: a loop, not a library call.
                                      for (std::size_t j = current; j > index; --j) out[j] = out[j - 1];
                                      out[index] = cp;
                                    } else {
                                      insertions[count++] = (u64{cp} << 32) | index;
                                    }
                                  });
  if (!r.ok()) return r;
  r.size = length;
  if (direct) return r;
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
