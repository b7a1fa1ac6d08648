// The Punycode-profile engine (src/bootstring/fixed_engine.hpp) against the generic
// one (src/bootstring/engine.cpp): the same output and the same errors, offsets and
// code points for every input, and the reciprocal division it relies on.
#include "bootstring/fixed_engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/punycode.hpp"
#include "test_support.hpp"

namespace bs = puny::bootstring;
namespace fixed = puny::bootstring::fixed;
using engine = fixed::engine<puny::punycode::profile>;
using puny::errc;

namespace {

// Both division helpers, for every divisor the engine uses, against the
// hardware division: x below 2^16 (every 7th), the top 2^12 values, and
// the values around the largest multiples of d (where a reciprocal that is
// too small or too large shows first), then random pairs.
void expect_exact_division(std::uint64_t x, std::uint32_t d, std::uint64_t& checked) {
  ASSERT_EQ(fixed::div_u32(static_cast<std::uint32_t>(x), d), x / d) << x << " / " << d;
  if (d >= 2) {
    ASSERT_EQ(fixed::div_u32_from_2(static_cast<std::uint32_t>(x), d), x / d) << x << " / " << d;
  }
  if (x < 0xFFFFFFFFu) {
    ASSERT_EQ(fixed::div_u32_of_successor(static_cast<std::uint32_t>(x + 1), d), x / d)
        << "(" << x + 1 << " - 1) / " << d;
  }
  ++checked;
}

// quotient_estimate<D> (the decoder's choice of adapt's table entry): the
// quotient for every x below exact_below (all of them to 2^25, then the
// 2^16 below the bound), never below it anywhere (random x and the top of
// the range).
template <std::uint32_t D>
void expect_quotient_estimate(std::mt19937_64& rng) {
  using q = fixed::quotient_estimate<D>;
  const std::uint64_t exact_to = std::min<std::uint64_t>(q::exact_below, std::uint64_t{1} << 25);
  for (std::uint64_t x = 0; x < exact_to; ++x)
    ASSERT_EQ(q::of(static_cast<std::uint32_t>(x)), x / D) << x << " / " << D;
  const std::uint64_t top = std::min<std::uint64_t>(q::exact_below, std::uint64_t{1} << 32);
  for (std::uint64_t x = top > (1u << 16) ? top - (1u << 16) : 0; x < top; ++x)
    ASSERT_EQ(q::of(static_cast<std::uint32_t>(x)), x / D) << x << " / " << D;
  for (int t = 0; t < 100000; ++t) {
    const auto x = static_cast<std::uint32_t>(rng());
    ASSERT_GE(q::of(x), x / D) << x << " / " << D;
    if (x < q::exact_below) {
      ASSERT_EQ(q::of(x), x / D) << x << " / " << D;
    }
  }
  for (std::uint32_t x = 0xFFFFFFFFu; x > 0xFFFFFFFFu - (1u << 12); --x) ASSERT_GE(q::of(x), x / D) << x;
}

// The short decoder's copy-and-search (rfc3492_steps.hpp) against
// count_basic and a plain copy: every length to 40 bytes, delimiters at
// no, one or two positions (first byte, word edges, last byte), and bytes
// that differ from '-' in one bit (0x2C, 0x2F, 0xAD) beside them.
TEST(FixedEngineDecode, CopyFindLastMatchesCountBasic) {
  namespace detail = puny::bootstring::detail;
  int checked = 0;
  for (std::size_t n = 0; n <= 40; ++n) {
    for (std::size_t p = 0; p <= n; ++p) {
      for (std::size_t q = 0; q <= n; q += 3) {
        std::string text(n, 'a');
        for (std::size_t j = 0; j < n; ++j) text[j] = "a,/\xAD" "9"[j % 5];
        if (p < n) text[p] = '-';
        if (q < n) text[q] = '-';
        char out[48];
        const std::size_t after = detail::copy_find_last(text.data(), n, out, '-');
        ASSERT_EQ(std::string(out, n), text) << n << " " << p << " " << q;
        const std::size_t last = text.rfind('-');
        ASSERT_EQ(after, last == std::string::npos ? 0 : last + 1) << n << " " << p << " " << q;
        const std::size_t b = after > 1 ? after - 1 : 0;
        ASSERT_EQ(b, detail::count_basic(text.data(), n, '-')) << n << " " << p << " " << q;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

// The CPUID check (fast_arithmetic.hpp) agrees with GCC's CPU model
// detection, which the library no longer links.
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
TEST(FixedEngineCpu, PopcntCheckMatchesCompilerDetection) {
  __builtin_cpu_init();
  EXPECT_EQ(fixed::has_popcnt, __builtin_cpu_supports("popcnt") != 0);
}
#endif

// Divisors past the reciprocal table (wide_divisor, for inputs longer than
// table_limit): x / d and x / (2 d) exact, at the ends of the 32-bit range
// and at random, from the first divisor past the table to 2^31 - 1.
TEST(FixedEngineDivision, WideDivisorsMatchHardwareDivision) {
  std::mt19937_64 rng(6);
  std::uint64_t checked = 0;
  const auto check = [&checked](std::uint32_t x, std::uint32_t d) {
    const fixed::wide_divisor w = fixed::make_divisor(d);
    ASSERT_EQ(fixed::div_u32(x, w), x / d) << x << " / " << d;
    ASSERT_EQ(fixed::div_u32_twice(x, w), static_cast<std::uint32_t>(x / (2 * std::uint64_t{d})))
        << x << " / 2*" << d;
    ++checked;
  };
  for (std::uint32_t d = 1; d < 70000; ++d) {
    for (const std::uint32_t x : {0u, 1u, d - 1, d, 2 * d - 1, 2 * d, 0xFFFFFFFFu, 0xFFFFFFFEu})
      check(x, d);
    check(static_cast<std::uint32_t>(rng()), d);
  }
  for (int t = 0; t < 200000; ++t) {
    const auto d = static_cast<std::uint32_t>(1 + rng() % 0x7FFFFFFFu);
    check(static_cast<std::uint32_t>(rng()), d);
    const std::uint32_t q = static_cast<std::uint32_t>(rng() % (0xFFFFFFFFu / d + 1));
    const std::uint64_t x = std::uint64_t{q} * d;
    if (x <= 0xFFFFFFFFu) check(static_cast<std::uint32_t>(x), d);
    if (x >= 1 && x - 1 <= 0xFFFFFFFFu) check(static_cast<std::uint32_t>(x - 1), d);
  }
  EXPECT_GT(checked, 700000u);
}

TEST(FixedEngineDivision, EveryDivisorMatchesHardwareDivision) {
  std::uint64_t checked = 0;
  for (std::uint32_t d = 1; d < fixed::reciprocal_count; ++d) {
    for (std::uint64_t x = 0; x < (1u << 16); x += 7) expect_exact_division(x, d, checked);
    for (std::uint64_t x = 0xFFFFFFFFu; x > 0xFFFFFFFFu - (1u << 12); --x)
      expect_exact_division(x, d, checked);
    const std::uint64_t top = 0xFFFFFFFFu / d;
    for (std::uint64_t q = top; q + 64 > top && q > 0; --q)
      for (const std::uint64_t x : {q * d - 1, q * d, q * d + d - 1})
        if (x <= 0xFFFFFFFFu) expect_exact_division(x, d, checked);
  }
  std::mt19937_64 rng(5);
  for (int t = 0; t < 1000000; ++t) {
    const auto d = static_cast<std::uint32_t>(1 + rng() % (fixed::reciprocal_count - 1));
    expect_exact_division(static_cast<std::uint32_t>(rng()), d, checked);
  }
  EXPECT_GT(checked, 10'000'000u);
}

TEST(FixedEngineDivision, QuotientEstimateIsExactBelowItsBound) {
  std::mt19937_64 rng(7);
  // Punycode's base - tmin, the test profiles' (decimal: 9), powers of two.
  expect_quotient_estimate<35>(rng);
  expect_quotient_estimate<9>(rng);
  expect_quotient_estimate<59>(rng);
  expect_quotient_estimate<2>(rng);
  expect_quotient_estimate<32>(rng);
  // What the engine needs: exact while the quotient is at most adapt_limit.
  EXPECT_GE(fixed::quotient_estimate<35>::exact_below, (35u * 26u / 2u + 1u) * 35u);
}

// `reference`: the generic engine's RFC loops (simple), or its O(n log n)
// placement for inputs too long for them.
void expect_same_decode(const std::string& in, bs::strategy reference = bs::strategy::simple) {
  std::u32string generic;
  const puny::status g =
      bs::decode(in, puny::punycode::profile, generic, nullptr, bs::advanced_options{reference, nullptr});
  std::vector<char32_t> out(in.size() + 1);
  const bs::buffer_result f = engine::decode(in, out.data(), out.size());
  ASSERT_EQ(f.status.code, g.code) << in;
  ASSERT_EQ(f.status.offset, g.offset) << in;
  ASSERT_EQ(f.status.code_point, g.code_point) << in;
  if (g.code == errc::ok) {
    ASSERT_EQ(std::u32string(out.data(), f.size), generic) << in;
    // Exact capacity, and one less.
    std::vector<char32_t> exact(f.size);
    const bs::buffer_result e = engine::decode(in, exact.data(), exact.size());
    ASSERT_TRUE(e.ok()) << in;
    ASSERT_EQ(std::u32string(exact.data(), e.size), generic) << in;
    if (f.size > 0) {
      const bs::buffer_result small = engine::decode(in, exact.data(), f.size - 1);
      ASSERT_EQ(small.status.code, errc::buffer_too_small) << in;
      ASSERT_EQ(small.status.needed, f.size) << in;
    }
  }
}

// Longest input the two decode tests below compare: the stack path
// (short_limit), then placement with 32-bit arithmetic (decode_limit).
constexpr std::size_t placed_checked = fixed::decode_limit;

// Valid encodings of random strings of every length the engine takes, so
// the short integer path, the digit loop, one and several moved blocks,
// memmove for long tails, the heap buffers above short_limit and the basic
// code points all run.
TEST(FixedEngineDecode, AgreesWithGenericEngineOnValidInput) {
  std::mt19937_64 rng(11);
  std::size_t above_short_limit = 0;
  for (int iteration = 0; iteration < 4200; ++iteration) {
    const std::size_t length =
        iteration < 3000 ? rng() % 40 : iteration < 4000 ? rng() % 200 : 150 + rng() % 1100;
    const std::u32string s = puny::test::random_string(rng, length);
    const auto e = puny::punycode::encode(s);
    ASSERT_TRUE(e.ok());
    if (e.value.size() > placed_checked) continue;
    above_short_limit += e.value.size() > fixed::short_limit;
    expect_same_decode(e.value);
  }
  EXPECT_GT(above_short_limit, 100u);
}

// Medium inputs (short_limit < bytes <= block_limit) are placed with the
// vector structures (small_free_slots up to decode_limit, block_free_slots
// above): strings from just above short_limit to block_limit, plus the
// shapes that stress them: every insertion at the end, every one at the
// front, a long run of basic code points with few insertions, and input
// on both sides of decode_limit and just above block_limit (free_slots),
// each against the generic engine with exact and short caller buffers.
TEST(FixedEngineDecode, MediumPlacementAgreesWithGenericEngine) {
  std::mt19937_64 rng(13);
  std::size_t medium = 0;
  for (const std::size_t length : {200, 300, 700, 1500, 3000, 6000, 12000, 17000}) {
    const std::u32string s = puny::test::random_string(rng, length);
    const auto e = puny::punycode::encode(s);
    ASSERT_TRUE(e.ok());
    medium += e.value.size() > fixed::short_limit && e.value.size() <= fixed::block_limit;
    expect_same_decode(e.value);
  }
  EXPECT_GE(medium, 6u);
  // Deltas of 0: each code point appended after the last one.
  expect_same_decode(std::string(fixed::block_limit, 'a'));
  expect_same_decode(std::string(fixed::block_limit + 1, 'a'));
  expect_same_decode(std::string(fixed::decode_limit, 'a'));
  expect_same_decode(std::string(fixed::decode_limit + 1, 'a'));
  expect_same_decode(std::string(fixed::short_limit + 1, 'a'));
  // Each insertion at position 0: code points in decreasing order.
  std::u32string falling;
  for (char32_t c = 0x4E00 + 3000; c > 0x4E00; --c) falling.push_back(c);
  expect_same_decode(puny::punycode::encode(falling).value);
  // Many basic code points, a few insertions among them.
  std::u32string mostly_basic(20000, U'x');
  for (std::size_t at = 7; at < mostly_basic.size(); at += 997) mostly_basic[at] = U'\u00FC';
  expect_same_decode(puny::punycode::encode(mostly_basic).value);
}

// Long inputs (block_limit < bytes <= large_limit) are placed with
// large_free_slots, superblocks of 49,152 slots: strings of one to several
// superblocks, all the insertions at the end ("aaa...") at and past
// large_limit (free_slots above it), and a corrupted byte late in a long
// input (the exact route's error and offset), against the generic
// engine's placement (its RFC loops are quadratic).
TEST(FixedEngineDecode, LargePlacementAgreesWithGenericEngine) {
  std::mt19937_64 rng(14);
  std::size_t large = 0;
  for (const std::size_t length : {20000, 60000, 150000}) {
    const std::u32string s = puny::test::random_string(rng, length);
    std::string e = puny::punycode::encode(s).value;
    large += e.size() > fixed::block_limit && e.size() <= fixed::large_limit;
    expect_same_decode(e, bs::strategy::fenwick);
    e[e.size() - 1 - rng() % 1000] = '!';
    expect_same_decode(e, bs::strategy::fenwick);
  }
  EXPECT_EQ(large, 3u);
  expect_same_decode(std::string(fixed::large_limit, 'a'), bs::strategy::fenwick);
  expect_same_decode(std::string(fixed::large_limit + 1, 'a'), bs::strategy::fenwick);
}

// Random and mutated input: every error kind, at every offset.
TEST(FixedEngineDecode, AgreesWithGenericEngineOnArbitraryInput) {
  std::mt19937_64 rng(12);
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789---";
  for (int iteration = 0; iteration < 20000; ++iteration) {
    std::string in;
    const std::size_t length = iteration < 15000   ? rng() % 24
                               : iteration < 19000 ? rng() % fixed::short_limit
                                                   : rng() % (placed_checked + 1);
    for (std::size_t j = 0; j < length; ++j) {
      const auto roll = rng() % 100;
      if (roll == 0)
        in.push_back(static_cast<char>(0x80 + rng() % 0x80));  // non-ASCII byte
      else if (roll == 1)
        in.push_back(static_cast<char>(rng() % 0x80));  // any ASCII
      else
        in.push_back(alphabet[rng() % alphabet.size()]);
    }
    expect_same_decode(in);
  }
  // Mutations of valid encodings: one byte changed, dropped or repeated.
  for (int iteration = 0; iteration < 5000; ++iteration) {
    const std::u32string s = puny::test::random_string(rng, 1 + rng() % 30);
    std::string in = puny::punycode::encode(s).value;
    const std::size_t at = rng() % in.size();
    switch (rng() % 3) {
      case 0: in[at] = alphabet[rng() % alphabet.size()]; break;
      case 1: in.erase(at, 1); break;
      default: in.insert(at, 1, in[at]); break;
    }
    expect_same_decode(in);
  }
}

// The longest integers a short input can hold: overflow checks in the digit
// loop, and values that decode out of range.
TEST(FixedEngineDecode, AgreesWithGenericEngineOnLongIntegers) {
  for (std::size_t digits = 1; digits < 40; ++digits) {
    for (const char fill : {'9', 'z', 'a', '8'}) {
      std::string in(digits, fill);
      in.push_back('a');
      expect_same_decode(in);
      expect_same_decode("ab-" + in);
      expect_same_decode(in + in);
    }
  }
}

}  // namespace
