// detail::hash_filter (src/common/hash_filter.hpp): never says "absent" for
// a hash that was added, and lets few absent ones through at its size of
// eight bits a key; the Public Suffix List lookups it guards (lists.cpp)
// find every rule of a list through it.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "common/hash_filter.hpp"
#include "puny/display.hpp"

namespace {

using puny::detail::hash_filter;

std::vector<std::uint64_t> random_hashes(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<std::uint64_t> v(n);
  for (auto& h : v) h = g();
  return v;
}

TEST(HashFilter, EveryAddedHashMayBeHeld) {
  for (std::size_t keys : {0u, 1u, 63u, 1000u, 20000u}) {
    hash_filter f;
    f.reset(keys);
    const auto added = random_hashes(keys, keys + 1);
    for (std::uint64_t h : added) f.add(h);
    for (std::uint64_t h : added) ASSERT_TRUE(f.may_hold(h)) << keys << " keys";
  }
}

TEST(HashFilter, FewAbsentHashesPass) {
  hash_filter f;
  f.reset(20000);
  for (std::uint64_t h : random_hashes(20000, 7)) f.add(h);
  std::size_t passed = 0;
  const auto absent = random_hashes(100000, 8);
  for (std::uint64_t h : absent) passed += f.may_hold(h);
  // 20,000 keys in 262,144 bits, two bits each in one word: about 2.4% of
  // absent hashes pass (7.4% with one bit a key).
  EXPECT_LT(passed, absent.size() / 25) << passed << " of " << absent.size();
  EXPECT_GT(passed, 0u);
  // 8 bits a key at least, in whole 64-bit words.
  EXPECT_GE(f.bytes() * 8, 8u * 20000u);
}

TEST(HashFilter, UnsetFilterHoldsEverything) {
  hash_filter f;
  EXPECT_TRUE(f.may_hold(0));
  EXPECT_TRUE(f.may_hold(~std::uint64_t{0}));
}

// Every rule of a list, and the names under it, through the filtered set.
TEST(HashFilter, SuffixListFindsEveryRule) {
  std::string text;
  std::vector<std::string> rules;
  for (int i = 0; i < 5000; ++i) {
    rules.push_back("r" + std::to_string(i) + (i % 3 == 0 ? ".example" : ""));
    text += rules.back() + "\n";
  }
  text += "*.wild.example\n!keep.wild.example\n";
  puny::display::public_suffix_list psl;
  puny::display::list_error err;
  ASSERT_TRUE(puny::display::public_suffix_list::parse(text, "test", psl, err)) << err.text;
  for (const std::string& r : rules) {
    ASSERT_EQ(psl.public_suffix("a.b." + r), r);
    ASSERT_EQ(psl.registrable_domain("a.b." + r), "b." + r);
  }
  EXPECT_EQ(psl.public_suffix("x.y.wild.example"), "y.wild.example");
  EXPECT_EQ(psl.public_suffix("x.keep.wild.example"), "wild.example");
  // No rule: the implicit "*" rule, the last label.
  EXPECT_EQ(psl.public_suffix("a.b.nowhere"), "nowhere");
}

}  // namespace
