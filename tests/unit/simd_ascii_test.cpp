// src/simd/ascii.hpp: the vector implementation against the scalar
// reference, on the same inputs, for every primitive.  Exhaustive over
// short strings (every byte value up to length 2, an alphabet of the byte
// classes' edges up to length 5), random over long ones.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "simd/ascii.hpp"

namespace {

namespace simd = puny::simd;

#if defined(__SSE2__)
namespace vec = simd::sse2;
constexpr const char* vec_name = "sse2";
#else
// No vector implementation on this target: the library uses the scalar
// code, so there is nothing to compare it with.
namespace vec = simd::scalar;
constexpr const char* vec_name = "scalar (no SSE2 on this target)";
#endif

// The edges of every class the primitives tell apart.
const std::string edges = std::string("\x00\x2c\x2d\x2e\x2f\x30\x39\x3a\x40\x41\x5a\x5b\x60\x61\x7a\x7b\x7f\x80\xc3\xff", 20);

void expect_same_classify(const std::string& s) {
  char out_s[64], out_v[64];
  simd::ldh_masks ms, mv;
  simd::scalar::classify_ldh(s.data(), s.size(), out_s, ms);
  vec::classify_ldh(s.data(), s.size(), out_v, mv);
  ASSERT_EQ(ms.bad, mv.bad) << vec_name << " size " << s.size();
  ASSERT_EQ(ms.dot, mv.dot);
  ASSERT_EQ(ms.hyphen, mv.hyphen);
  ASSERT_EQ(std::string(out_s, s.size()), std::string(out_v, s.size()));
}

void expect_same_lower_ldh(const std::string& s) {
  std::string out_s(s.size(), '\0'), out_v(s.size(), '\0');
  const bool rs = simd::scalar::lower_ldh(s.data(), s.size(), &out_s[0]);
  const bool rv = vec::lower_ldh(s.data(), s.size(), &out_v[0]);
  ASSERT_EQ(rs, rv) << vec_name << " size " << s.size();
  ASSERT_EQ(out_s, out_v);
}

void for_all_strings(const std::string& alphabet, std::size_t max_len,
                     const std::function<void(const std::string&)>& f) {
  std::string s;
  std::function<void(std::size_t)> rec = [&](std::size_t left) {
    f(s);
    if (left == 0) return;
    for (char c : alphabet) {
      s.push_back(c);
      rec(left - 1);
      s.pop_back();
    }
  };
  rec(max_len);
}

std::string every_byte() {
  std::string all;
  for (int b = 0; b < 256; ++b) all.push_back(static_cast<char>(b));
  return all;
}

std::string random_string(std::mt19937_64& rng, std::size_t n) {
  std::string s(n, '\0');
  for (char& c : s) c = rng() % 4 == 0 ? static_cast<char>(rng()) : edges[rng() % edges.size()];
  return s;
}

TEST(SimdAscii, ClassifyLdhShortStringsExhaustive) {
  for_all_strings(every_byte(), 2, expect_same_classify);
  for_all_strings(edges, 5, expect_same_classify);
}

TEST(SimdAscii, ClassifyLdhRandomUpTo64) {
  std::mt19937_64 rng(1);
  for (int k = 0; k < 200000; ++k) expect_same_classify(random_string(rng, rng() % 65));
}

TEST(SimdAscii, LowerLdhShortStringsExhaustive) {
  for_all_strings(every_byte(), 2, expect_same_lower_ldh);
  for_all_strings(edges, 5, expect_same_lower_ldh);
}

// The vector code covers a string with overlapping blocks whose placement
// depends on the length (8-32 bytes: four 8-byte loads): a byte no block
// covers would go unchecked and unlowered.  So at every length, one
// uppercase letter, one forbidden byte, and one dot or hyphen (the masks of
// classify_ldh) at every position.
TEST(SimdAscii, LowerLdhEveryLengthEveryPosition) {
  for (std::size_t n = 1; n <= 80; ++n) {
    for (std::size_t pos = 0; pos < n; ++pos) {
      std::string s(n, 'a');
      s[pos] = 'Q';
      std::string out(n, '\0');
      ASSERT_TRUE(vec::lower_ldh(s.data(), n, &out[0])) << n << " " << pos;
      ASSERT_EQ(out[pos], 'q') << n << " " << pos;
      for (const char bad : {'/', '_', ' ', '\x80', '\xFF', '@', '`', '{', '\0'}) {
        s[pos] = bad;
        ASSERT_FALSE(vec::lower_ldh(s.data(), n, &out[0])) << n << " " << pos << " " << int(bad);
        expect_same_lower_ldh(s);
        if (n <= simd::ldh_masks_max) expect_same_classify(s);
      }
      s[pos] = pos % 2 ? '.' : '-';
      if (n <= simd::ldh_masks_max) expect_same_classify(s);
    }
  }
}

TEST(SimdAscii, LowerLdhRandomLong) {
  std::mt19937_64 rng(2);
  for (int k = 0; k < 100000; ++k) {
    // Mostly LDH, so the answer is not always "no" from the first block.
    std::string s = random_string(rng, rng() % 300);
    if (rng() % 2)
      for (char& c : s)
        if (!simd::is_ldh_or_dot(static_cast<unsigned char>(c))) c = 'q';
    if (!s.empty() && rng() % 3 == 0) s[rng() % s.size()] = static_cast<char>(rng());
    expect_same_lower_ldh(s);
  }
}

TEST(SimdAscii, LowerWiden16EveryByteAtEveryLane) {
  std::mt19937_64 rng(3);
  for (int k = 0; k < 256 * 16 + 100000; ++k) {
    unsigned char block[16];
    if (k < 256 * 16) {
      for (auto& b : block) b = 'a';
      block[k % 16] = static_cast<unsigned char>(k / 16);
    } else {
      for (auto& b : block) b = static_cast<unsigned char>(edges[rng() % edges.size()]);
    }
    char32_t ds[16] = {}, dv[16] = {};
    unsigned dots_s = 99, dots_v = 99;
    const bool rs = simd::scalar::lower_widen16(block, ds, dots_s);
    const bool rv = vec::lower_widen16(block, dv, dots_v);
    ASSERT_EQ(rs, rv) << k;
    if (!rs) continue;  // nothing is promised about dst and dots then
    ASSERT_EQ(dots_s, dots_v) << k;
    for (int j = 0; j < 16; ++j) ASSERT_EQ(ds[j], dv[j]) << k << " lane " << j;
  }
}

TEST(SimdAscii, WidenNarrowIotaEveryLengthUpTo300AndIota16) {
  std::mt19937_64 rng(4);
  for (std::size_t n = 0; n <= 300; ++n) {
    std::string s(n, '\0');
    for (char& c : s) c = static_cast<char>(rng() % 0x80);
    std::vector<char32_t> ws(n + 1, 7), wv(n + 1, 7);
    simd::scalar::widen(s.data(), n, ws.data());
    vec::widen(s.data(), n, wv.data());
    ASSERT_EQ(ws, wv) << n;  // element n (past the end) untouched by both
    std::string ns(n + 1, 'z'), nv(n + 1, 'z');
    simd::scalar::narrow(ws.data(), n, &ns[0]);
    vec::narrow(ws.data(), n, &nv[0]);
    ASSERT_EQ(ns, nv) << n;
    ASSERT_EQ(ns.substr(0, n), s);
    std::vector<std::size_t> is(n + 1, 5), iv(n + 1, 5);
    const std::size_t first = static_cast<std::size_t>(rng() % 100000);
    simd::scalar::iota(is.data(), n, first);
    vec::iota(iv.data(), n, first);
    ASSERT_EQ(is, iv) << n;
  }
  std::size_t s16[17], v16[17];
  s16[16] = v16[16] = 3;
  simd::scalar::iota16(s16, 12345);
  vec::iota16(v16, 12345);
  for (int k = 0; k < 17; ++k) ASSERT_EQ(s16[k], v16[k]) << k;
}

}  // namespace
