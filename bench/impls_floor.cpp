// The floor of the all-ASCII workloads (issue 54): a lowercase copy of each
// name into a caller buffer, which is the least any to_ascii must do with a
// name that is already valid ASCII (read every byte, lowercase it, write
// it).  No validation at all, so it is not a converter: puny_bench times it
// beside puny's caller-buffer to_ascii (impls.cpp, puny_idna) on the same
// names, with the same loop, buffer and call structure, so that the ratio
// puny / floor is what the conversion costs above the copy.
//
//   lower-copy        the plain loop below, which g++ -O3 vectorizes
//                     (16 bytes at a time with SSE2, the default target; a
//                     runtime overlap check, then a scalar tail)
//   lower-copy-bytes  the same loop with vectorization off: one byte at a
//                     time, as a C programmer's tolower loop runs
//   lower-copy-sse2   the fastest copy we know for names of 8 to 32 bytes:
//                     overlapping 8-byte blocks through SSE2, no length
//                     branch (below); the strict floor
//
// Both are out-of-line functions with to_ascii's shape (input view, output
// pointer and capacity, written), as puny's to_ascii is a call into the
// library: the loop around them is the one puny_idna::to_ascii_all runs.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "impls.hpp"

namespace bench {
namespace {

// ASCII lowercase without a table or a branch the vectorizer cannot take:
// 'A'..'Z' are the bytes c with c - 'A' < 26 (unsigned).
inline char lower_byte(unsigned char c) {
  return static_cast<char>(static_cast<unsigned char>(c - 'A') < 26u ? c | 0x20u : c);
}

__attribute__((noinline)) bool lower_copy(std::string_view in, char* out, std::size_t capacity,
                                          std::size_t& written) {
  written = 0;
  const std::size_t n = in.size();
  if (n > capacity) return false;
  const char* p = in.data();
  for (std::size_t i = 0; i < n; ++i) out[i] = lower_byte(static_cast<unsigned char>(p[i]));
  written = n;
  return true;
}

#if defined(__GNUC__) && !defined(__clang__)
#define PUNY_BENCH_NO_VECTORIZE __attribute__((noinline, optimize("no-tree-vectorize")))
#else
#define PUNY_BENCH_NO_VECTORIZE __attribute__((noinline))
#endif

PUNY_BENCH_NO_VECTORIZE bool lower_copy_bytes(std::string_view in, char* out,
                                              std::size_t capacity, std::size_t& written) {
  written = 0;
  const std::size_t n = in.size();
  if (n > capacity) return false;
  const char* p = in.data();
#if defined(__clang__)
#pragma clang loop vectorize(disable) interleave(disable)
#endif
  for (std::size_t i = 0; i < n; ++i) out[i] = lower_byte(static_cast<unsigned char>(p[i]));
  written = n;
  return true;
}

// The fastest lowercase copy we know for host names, with no validation:
// SSE2, the shape of puny's own classify_ldh (src/simd/ascii.hpp) written
// again here without its masks.  8 to 32 bytes (nearly every name): four
// 8-byte blocks at 0, min(8, n - 8), max(n - 16, that) and n - 8, which
// cover [0, n) with no branch on the length and touch nothing outside it;
// longer names 16 bytes at a time with an overlapping last block; 4 to 7
// bytes two overlapping 4-byte blocks; under 4 a byte at a time.
#if defined(__SSE2__)
inline __m128i lower16(__m128i v) {
  // A letter of either case, with bit 0x20 set, is in 'a'..'z': signed
  // compare of (v | 0x20) - 'a' - 128 against 26 - 128.
  const __m128i bit5 = _mm_set1_epi8(0x20);
  const __m128i shifted = _mm_sub_epi8(_mm_or_si128(v, bit5), _mm_set1_epi8('a' + 128 - 256));
  const __m128i letter = _mm_cmplt_epi8(shifted, _mm_set1_epi8(26 - 128));
  return _mm_or_si128(v, _mm_and_si128(letter, bit5));
}
inline std::uint64_t load8(const char* p) {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}
inline std::uint32_t load4(const char* p) {
  std::uint32_t x;
  std::memcpy(&x, p, 4);
  return x;
}

__attribute__((noinline)) bool lower_copy_blocks(std::string_view in, char* out,
                                                 std::size_t capacity, std::size_t& written) {
  written = 0;
  const std::size_t n = in.size();
  if (n > capacity) return false;
  const char* p = in.data();
  if (n - 8 <= 24) {  // 8 <= n <= 32
    const std::size_t p1 = n < 16 ? n - 8 : 8;
    const std::size_t p2 = n < 24 ? p1 : n - 16;
    const std::size_t last = n - 8;
    const __m128i lo = lower16(_mm_set_epi64x(static_cast<long long>(load8(p + p1)),
                                              static_cast<long long>(load8(p))));
    const __m128i hi = lower16(_mm_set_epi64x(static_cast<long long>(load8(p + last)),
                                              static_cast<long long>(load8(p + p2))));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), lo);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + p1), _mm_srli_si128(lo, 8));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + p2), hi);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + last), _mm_srli_si128(hi, 8));
  } else if (n > 32) {
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                       lower16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i))));
    if (i < n)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + n - 16),
                       lower16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - 16))));
  } else if (n >= 4) {
    const __m128i v = lower16(_mm_set_epi32(0, 0, static_cast<int>(load4(p + n - 4)),
                                            static_cast<int>(load4(p))));
    const auto w = static_cast<std::uint64_t>(_mm_cvtsi128_si64(v));
    const auto w0 = static_cast<std::uint32_t>(w);
    const auto w1 = static_cast<std::uint32_t>(w >> 32);
    std::memcpy(out, &w0, 4);
    std::memcpy(out + n - 4, &w1, 4);
  } else {
    for (std::size_t i = 0; i < n; ++i) out[i] = lower_byte(static_cast<unsigned char>(p[i]));
  }
  written = n;
  return true;
}
#endif

using copy_fn = bool (*)(std::string_view, char*, std::size_t, std::size_t&);

class lower_copy_impl final : public idna_impl {
 public:
  lower_copy_impl(const char* name, copy_fn fn) : name_(name), fn_(fn) {}
  std::string name() const override { return name_; }
  bool has_to_unicode() const override { return false; }
  void set_input(const std::vector<std::string>& domains) override {
    in_ = domains;
    out_.assign(1024, '\0');  // as puny_idna's buffer
  }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      std::size_t written = 0;
      if (fn_(d, out_.data(), out_.size(), written)) total += written; else ++errors;
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t&) override { return 0; }
  bool to_ascii_one(std::size_t i, std::string& out) override {
    std::size_t written = 0;
    if (!fn_(in_[i], out_.data(), out_.size(), written)) return false;
    out.assign(out_.data(), written);
    return true;
  }
  bool to_unicode_one(std::size_t, std::string&) override { return false; }

 private:
  std::string name_;
  copy_fn fn_;
  std::vector<std::string> in_;
  std::string out_;
};

}  // namespace

std::vector<std::unique_ptr<idna_impl>> make_floor_impls() {
  std::vector<std::unique_ptr<idna_impl>> v;
  v.push_back(std::make_unique<lower_copy_impl>("lower-copy", lower_copy));
  v.push_back(std::make_unique<lower_copy_impl>("lower-copy-bytes", lower_copy_bytes));
#if defined(__SSE2__)
  v.push_back(std::make_unique<lower_copy_impl>("lower-copy-sse2", lower_copy_blocks));
#endif
  return v;
}

}  // namespace bench
