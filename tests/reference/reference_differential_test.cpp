// Differential test: every Bootstring engine against the reference coder
// (rfc3492_reference.hpp, RFC 3492 section 6 transcribed), on output, case
// flags, and the error kind, offset and code point, for the Punycode profile,
// for two more compile-time profiles (fixed-profile engine) and for random
// valid parameter sets (generic engine).  The reference itself is anchored
// to the published vectors (RFC 3492 section 7.1 and punycode.js).
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine_differential.hpp"
#include "puny/unicode.hpp"
#include "random_profile.hpp"

namespace bs = puny::bootstring;
namespace ref = puny::reference;
using puny::errc;

namespace {

// Two more profiles for the fixed-profile engine: base 10 with a basic range
// that is not a power of two and no surrogate check, and base 60 with
// punctuation digits and tmin 2.
constexpr bs::parameters make_decimal_profile() {
  bs::parameters p = bs::make_parameters(10, 1, 8, 3, 50, 9, 0x3A, '-', "0123456789");
  p.max_code_point = 0xFFFF;
  p.reject_surrogates = false;
  return p;
}
constexpr bs::parameters decimal_profile = make_decimal_profile();
constexpr bs::parameters base60_profile = bs::make_parameters(
    60, 2, 40, 20, 300, 100, 0x80, '.',
    "abcdefghijklmnopqrstuvwxyz0123456789!#$%&*+,/:;<=>?@[]^_{|}~");
static_assert(bs::validate(decimal_profile) == bs::parameter_error::ok);
static_assert(bs::validate(base60_profile) == bs::parameter_error::ok);

// Comparisons made, by kind, printed at the end of each test.
struct tally {
  std::uint64_t encodes = 0, decodes = 0, decode_errors = 0, profiles = 0;
  void print(const char* test) const {
    std::cout << "[reference] " << test << ": " << encodes << " encodings, " << decodes
              << " decodings (" << decode_errors << " failing, error and offset compared), "
              << profiles << " random profiles\n";
  }
};

std::u32string to_utf32(std::string_view s) {
  std::u32string out;
  (void)puny::unicode::utf8_to_utf32(s, out);
  return out;
}

// Scalar values from ASCII, Latin, CJK, private use and astral ranges.
std::u32string random_text(std::mt19937_64& rng, std::size_t length) {
  std::u32string s;
  for (std::size_t j = 0; j < length; ++j) {
    switch (rng() % 5) {
      case 0: s.push_back(static_cast<char32_t>(0x20 + rng() % 0x5F)); break;
      case 1: s.push_back(static_cast<char32_t>(0x80 + rng() % 0x400)); break;
      case 2: s.push_back(static_cast<char32_t>(0x4E00 + rng() % 20000)); break;
      case 3: s.push_back(static_cast<char32_t>(0xE000 + rng() % 0x2000)); break;
      default: s.push_back(static_cast<char32_t>(0x10000 + rng() % 0x100000)); break;
    }
  }
  return s;
}

// One byte changed (to `alphabet` or any byte), dropped or repeated.
std::string mutate(std::mt19937_64& rng, std::string in, std::string_view alphabet) {
  if (in.empty()) return std::string(1, alphabet[rng() % alphabet.size()]);
  const std::size_t at = rng() % in.size();
  switch (rng() % 4) {
    case 0: in[at] = alphabet[rng() % alphabet.size()]; break;
    case 1: in[at] = static_cast<char>(rng()); break;
    case 2: in.erase(at, 1); break;
    default: in.insert(at, 1, in[at]); break;
  }
  return in;
}

TEST(ReferenceCoder, MatchesPublishedVectors) {
  const std::string path = std::string(PUNY_TESTDATA_DIR) + "/punycode_tests.json";
  std::ifstream file(path);
  ASSERT_TRUE(file) << "test data missing: " << path;
  const auto doc = nlohmann::json::parse(file);
  ASSERT_GE(doc.size(), 19u);
  for (const auto& entry : doc) {
    const std::u32string decoded = to_utf32(entry["decoded"].get<std::string>());
    const std::string encoded = entry["encoded"].get<std::string>();
    const ref::encoded e = ref::encode(decoded, puny::punycode::profile);
    ASSERT_TRUE(e.status.ok()) << encoded;
    EXPECT_EQ(e.text, encoded);
    const ref::decoded d = ref::decode(encoded, puny::punycode::profile);
    ASSERT_TRUE(d.status.ok()) << encoded;
    EXPECT_EQ(d.text, decoded) << encoded;
  }
  // RFC 3492 section 7.1 sample L with its appendix A case flags.
  const std::u32string sample_l = U"3\u5E74B\u7D44\u91D1\u516B\u5148\u751F";
  const std::vector<bool> flags = {false, false, true, false, false, false, false, false};
  EXPECT_EQ(ref::encode(sample_l, puny::punycode::profile, flags).text, "3B-ww4c5e180e575a65lsy2b");
  EXPECT_EQ(ref::decode("3B-ww4c5e180e575a65lsy2b", puny::punycode::profile).uppercase, flags);
  // Errors the reference reports, with their offsets.
  const auto error_of = [](std::string_view in) {
    return ref::decode(in, puny::punycode::profile).status;
  };
  EXPECT_EQ(error_of("ab\xC3\xA9-x").code, errc::non_basic_before_delimiter);
  EXPECT_EQ(error_of("ab\xC3\xA9-x").offset, 2u);
  EXPECT_EQ(error_of("-abc").code, errc::invalid_digit);  // a leading delimiter is a digit
  EXPECT_EQ(error_of("-abc").offset, 0u);
  EXPECT_EQ(error_of("ab-9").code, errc::truncated_number);
  EXPECT_EQ(error_of("ab-9").offset, 4u);
  EXPECT_EQ(error_of("99999999999999999999a").code, errc::overflow);
  EXPECT_EQ(error_of("99999a").code, errc::decoded_out_of_range);
}

// Every length the fixed-profile engine takes and past both of its limits,
// valid text; then the reference's encoding decoded by every engine.
TEST(PunycodeDifferential, ValidStringsOfEveryLength) {
  std::mt19937_64 rng(31);
  tally t;
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= bs::fixed::short_limit + 40; ++n) lengths.push_back(n);
  for (int extra = 0; extra < 12; ++extra) lengths.push_back(550 + rng() % 3000);
  for (const std::size_t n : {std::size_t{3072}, std::size_t{4100}}) lengths.push_back(n);
  for (const std::size_t n : lengths) {
    const std::u32string s = random_text(rng, n);
    const std::string e = ref::punycode_encode_differences(s);
    ASSERT_EQ(e, "") << "length " << n;
    ++t.encodes;
    const ref::encoded want = ref::encode(s, puny::punycode::profile);
    ASSERT_TRUE(want.status.ok());
    ASSERT_EQ(ref::punycode_decode_differences(want.text), "") << "length " << n;
    ++t.decodes;
    // Appendix A case flags (random), on the shorter strings.
    if (n <= 600 && n % 3 == 0) {
      std::vector<bool> flags(n);
      for (std::size_t j = 0; j < n; ++j) flags[j] = (rng() & 1) != 0;
      ASSERT_EQ(ref::punycode_encode_differences(s, flags), "") << "length " << n;
      ++t.encodes;
      const ref::encoded mixed = ref::encode(s, puny::punycode::profile, flags);
      ASSERT_EQ(ref::punycode_decode_differences(mixed.text), "") << "length " << n;
      ++t.decodes;
    }
  }
  // Code points the profile rejects, at any position.
  for (int k = 0; k < 300; ++k) {
    std::u32string s = random_text(rng, rng() % 80);
    const char32_t bad[] = {0xD800, 0xDFFF, 0x110000, 0xFFFFFFFF};
    s.insert(s.begin() + static_cast<std::ptrdiff_t>(rng() % (s.size() + 1)), bad[rng() % 4]);
    ASSERT_EQ(ref::punycode_encode_differences(s), "");
    ++t.encodes;
  }
  EXPECT_GT(t.decodes, 600u);
  t.print("PunycodeDifferential.ValidStringsOfEveryLength");
}

// Arbitrary and mutated input: every error kind at every offset.
TEST(PunycodeDifferential, ArbitraryAndMutatedInput) {
  std::mt19937_64 rng(32);
  tally t;
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789---";
  const auto check = [&](const std::string& in) {
    ASSERT_EQ(ref::punycode_decode_differences(in), "");
    ++t.decodes;
    t.decode_errors += !ref::decode(in, puny::punycode::profile).status.ok();
  };
  for (int k = 0; k < 12000; ++k) {
    const std::size_t length = k < 9000    ? rng() % 24
                               : k < 11800 ? rng() % bs::fixed::short_limit
                                           : rng() % (bs::fixed::decode_limit + 600);
    std::string in;
    for (std::size_t j = 0; j < length; ++j) {
      const auto roll = rng() % 100;
      if (roll == 0)
        in.push_back(static_cast<char>(0x80 + rng() % 0x80));
      else if (roll == 1)
        in.push_back(static_cast<char>(rng() % 0x80));
      else
        in.push_back(alphabet[rng() % alphabet.size()]);
    }
    check(in);
  }
  for (int k = 0; k < 6000; ++k) {
    const std::u32string s = random_text(rng, 1 + rng() % (k < 5000 ? 30 : 400));
    check(mutate(rng, ref::encode(s, puny::punycode::profile).text, alphabet));
  }
  // The longest integers: overflow checks and out-of-range values.
  for (std::size_t digits = 1; digits < 40; ++digits)
    for (const char fill : {'9', 'z', 'a', '8', 'Z'}) {
      std::string in(digits, fill);
      in.push_back('a');
      check(in);
      check("ab-" + in);
      check(in + in);
    }
  EXPECT_GT(t.decode_errors, 10000u);
  t.print("PunycodeDifferential.ArbitraryAndMutatedInput");
}

// Integers of three digits or more, which the fixed-profile engine reads
// on a separate path (read_long_integer) when read_short_integer's three
// digits do not end them: every length up to past the unchecked digits,
// ended by a digit, by the end of the input, by a non-digit, by a
// delimiter, after basic code points or not, as the first integer or after
// a short one.
TEST(PunycodeDifferential, IntegersOfThreeDigitsOrMore) {
  tally t;
  for (std::size_t digits = 2; digits <= 16; ++digits)
    for (const char fill : {'9', '0', '1', 'Z'})  // '9'..'1' never end an integer here
      for (const std::string end : {"", "a", "A", "b", "!", "-", "\xC3\xA9", "99a"})
        for (const std::string before : {"", "ab-", "a-b", "ab-a"}) {
          const std::string in = before + std::string(digits, fill) + end;
          ASSERT_EQ(ref::punycode_decode_differences(in), "") << in;
          ++t.decodes;
          t.decode_errors += !ref::decode(in, puny::punycode::profile).status.ok();
        }
  EXPECT_GT(t.decode_errors, 100u);
  t.print("PunycodeDifferential.IntegersOfThreeDigitsOrMore");
}

// The fixed-profile engine with two more compile-time profiles.
template <const bs::parameters& P>
void run_fixed_profile(std::uint64_t seed, tally& t) {
  ref::prng_source src(seed);
  std::string alphabet;
  for (std::size_t c = 0; c < 128; ++c)
    if (P.digit_values[c] >= 0) alphabet.push_back(static_cast<char>(c));
  alphabet.push_back(P.delimiter);
  for (int k = 0; k < 1500; ++k) {
    const std::size_t length = k < 1200 ? src.below(40) : src.below(bs::fixed::short_limit + 60);
    std::u32string s;
    for (std::size_t j = 0; j < length; ++j) s.push_back(ref::random_code_point(src, P));
    ASSERT_EQ(ref::fixed_profile_encode_differences<P>(s), "");
    ++t.encodes;
    const ref::encoded e = ref::encode(s, P);
    for (const std::string& in : {e.text, mutate(src.rng(), e.text, alphabet)}) {
      ASSERT_EQ(ref::fixed_profile_decode_differences<P>(in), "");
      ++t.decodes;
      t.decode_errors += !ref::decode(in, P).status.ok();
    }
  }
}

TEST(FixedProfileDifferential, DecimalAndBase60Profiles) {
  tally t;
  run_fixed_profile<decimal_profile>(41, t);
  run_fixed_profile<base60_profile>(42, t);
  EXPECT_GT(t.decode_errors, 500u);
  t.print("FixedProfileDifferential.DecimalAndBase60Profiles");
}

// Random valid parameter sets (generic engine, every strategy and form).
TEST(RandomProfileDifferential, EncodeAndDecode) {
  ref::prng_source src(51);
  tally t;
  for (int k = 0; k < 2500; ++k) {
    const bs::parameters p = ref::random_profile(src);
    ASSERT_EQ(bs::validate(p), bs::parameter_error::ok);
    ++t.profiles;
    std::string alphabet;
    for (std::size_t c = 0; c < 128; ++c)
      if (p.digit_values[c] >= 0) alphabet.push_back(static_cast<char>(c));
    alphabet.push_back(p.delimiter);
    for (int r = 0; r < 3; ++r) {
      // Mostly short; sometimes past inplace_limit, where automatic is fenwick.
      std::size_t length = src.below(100) < 3 ? 500 + src.below(200) : src.below(40);
      if (p.tmax == p.base - 1) length = std::min<std::size_t>(length, 64);
      std::u32string s;
      for (std::size_t j = 0; j < length; ++j) s.push_back(ref::random_code_point(src, p));
      std::vector<bool> flags;
      if (r == 2)
        for (std::size_t j = 0; j < length; ++j) flags.push_back(src.flag());
      ASSERT_EQ(ref::encode_differences(s, p, flags), "") << "profile " << k;
      ++t.encodes;
      const ref::encoded e = ref::encode(s, p, flags);
      std::string random_bytes;
      for (std::size_t j = src.below(30); j > 0; --j)
        random_bytes.push_back(alphabet[src.below(alphabet.size())]);
      for (const std::string& in : {e.text, mutate(src.rng(), e.text, alphabet), random_bytes}) {
        ASSERT_EQ(ref::decode_differences(in, p), "") << "profile " << k;
        ++t.decodes;
        t.decode_errors += !ref::decode(in, p).status.ok();
      }
    }
  }
  EXPECT_GT(t.decode_errors, 2000u);
  t.print("RandomProfileDifferential.EncodeAndDecode");
}

}  // namespace

// The size-built engine's scratch size saturates instead of wrapping, so a
// caller that cannot have it fails to allocate rather than under-allocating.
TEST(CompactEngine, ScratchSizeSaturates) {
  constexpr std::size_t max = static_cast<std::size_t>(-1);
  static_assert(puny::bootstring::compact::scratch_words(0) == 1);
  static_assert(puny::bootstring::compact::scratch_words(10) == 16);
  EXPECT_EQ(puny::bootstring::compact::scratch_words(max / 2), max);
  EXPECT_EQ(puny::bootstring::compact::scratch_words(max - 1), max);
  const std::size_t below = max / 2 - 1;
  EXPECT_EQ(puny::bootstring::compact::scratch_words(below), below + below / 2 + 1);
  EXPECT_GT(puny::bootstring::compact::scratch_words(below), below);
}
