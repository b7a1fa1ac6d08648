// Generic Bootstring engine: parameter checks, strategies, traces, buffers.
#include "puny/bootstring.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "puny/punycode.hpp"
#include "test_support.hpp"

namespace bs = puny::bootstring;
using puny::errc;

namespace {

bs::advanced_options with(bs::strategy s) {
  bs::advanced_options o;
  o.algorithm = s;
  return o;
}

TEST(BootstringParameters, PunycodeProfileIsValid) {
  EXPECT_EQ(bs::validate(puny::punycode::profile), bs::parameter_error::ok);
}

struct broken_case {
  bs::parameters params;
  bs::parameter_error expected;
};

TEST(BootstringParameters, EachConstraintIsReportedByName) {
  const std::string_view a36 = "abcdefghijklmnopqrstuvwxyz0123456789";
  const std::vector<broken_case> cases = {
      {bs::make_parameters(1, 1, 1, 38, 700, 72, 0x80, '-', "a"), bs::parameter_error::base_out_of_range},
      {bs::make_parameters(36, 27, 26, 38, 700, 72, 0x80, '-', a36), bs::parameter_error::tmin_greater_than_tmax},
      {bs::make_parameters(36, 1, 36, 38, 700, 72, 0x80, '-', a36), bs::parameter_error::tmax_not_below_base},
      {bs::make_parameters(36, 0, 0, 38, 700, 72, 0x80, '-', a36), bs::parameter_error::tmax_zero},
      {bs::make_parameters(36, 1, 26, 0, 700, 72, 0x80, '-', a36), bs::parameter_error::skew_zero},
      {bs::make_parameters(36, 1, 26, 38, 1, 72, 0x80, '-', a36), bs::parameter_error::damp_too_small},
      {bs::make_parameters(36, 2, 26, 38, 700, 35, 0x80, '-', a36), bs::parameter_error::initial_bias_too_large},
      {bs::make_parameters(36, 1, 26, 38, 700, 72, 0x81, '-', a36), bs::parameter_error::initial_n_out_of_range},
      {bs::make_parameters(36, 1, 26, 38, 700, 72, 0x80, '-', "abc"), bs::parameter_error::alphabet_size_mismatch},
      {bs::make_parameters(36, 1, 26, 38, 700, 72, 0x80, '-', "abcdefghijklmnopqrstuvwxyz012345678a"),
       bs::parameter_error::duplicate_digit},
      {bs::make_parameters(36, 1, 26, 38, 700, 72, 0x80, '-', "abcdefghijklmnopqrstuvwxyz012345678A"),
       bs::parameter_error::duplicate_digit},
      {bs::make_parameters(36, 1, 26, 38, 700, 72, 0x80, 'a', a36), bs::parameter_error::delimiter_is_digit},
      {bs::make_parameters(36, 1, 26, 38, 700, 72, 0x40, '-', a36), bs::parameter_error::digit_not_basic},
      {bs::make_parameters(36, 1, 26, 38, 700, 72, 0x80, '\x80', a36), bs::parameter_error::delimiter_not_basic},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(bs::validate(c.params), c.expected) << bs::to_string(c.expected);
    EXPECT_FALSE(bs::to_string(c.expected).empty());
    std::string out = "keep";
    EXPECT_EQ(bs::encode(U"\u00fc", c.params, out).code, errc::bad_parameters);
    EXPECT_EQ(out, "keep");
    std::u32string decoded;
    EXPECT_EQ(bs::decode("tda", c.params, decoded).code, errc::bad_parameters);
  }
  bs::parameters p = puny::punycode::profile;
  p.max_code_point = 0x7F;
  EXPECT_EQ(bs::validate(p), bs::parameter_error::max_code_point_too_small);
}

// A user-defined profile: base 32 with the z-base-32 alphabet, '_' as the
// delimiter and a smaller code point range.
constexpr bs::parameters zbase32 =
    bs::make_parameters(32, 1, 26, 38, 700, 72, 0x80, '_', "ybndrfg8ejkmcpqxot1uwisza345h769");

TEST(BootstringCustomProfile, RoundTripsAndDiffersFromPunycode) {
  ASSERT_EQ(bs::validate(zbase32), bs::parameter_error::ok);
  std::mt19937_64 rng(7);
  for (int iteration = 0; iteration < 500; ++iteration) {
    const std::u32string s = puny::test::random_string(rng, rng() % 80);
    std::string encoded;
    ASSERT_TRUE(bs::encode(s, zbase32, encoded).ok());
    for (char c : encoded) ASSERT_LT(static_cast<unsigned char>(c), 0x80);
    std::u32string decoded;
    ASSERT_TRUE(bs::decode(encoded, zbase32, decoded).ok()) << encoded;
    ASSERT_EQ(decoded, s);
  }
  std::string z, p;
  ASSERT_TRUE(bs::encode(U"b\u00fccher", zbase32, z).ok());
  ASSERT_TRUE(bs::encode(U"b\u00fccher", puny::punycode::profile, p).ok());
  EXPECT_EQ(p, "bcher-kva");
  EXPECT_NE(z, p);
  EXPECT_EQ(z.substr(0, 6), "bcher_");
  // Upper-case input of the custom alphabet decodes the same.
  std::string upper = z;
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  std::u32string decoded;
  ASSERT_TRUE(bs::decode(upper.substr(0, 5) + z.substr(5), zbase32, decoded).ok());
  ASSERT_TRUE(bs::decode(z.substr(0, 6) + upper.substr(6), zbase32, decoded).ok());
}

TEST(BootstringCustomProfile, RestrictedRangeRejectsLargeValues) {
  bs::parameters bmp = puny::punycode::profile;
  bmp.max_code_point = 0xFFFF;
  std::string out;
  const auto s = bs::encode(U"a\U0001F600", bmp, out);
  EXPECT_EQ(s.code, errc::invalid_code_point);
  EXPECT_EQ(s.offset, 1u);
  std::string full;
  ASSERT_TRUE(bs::encode(U"a\U0001F600", puny::punycode::profile, full).ok());
  std::u32string decoded;
  EXPECT_EQ(bs::decode(full, bmp, decoded).code, errc::decoded_out_of_range);
}

TEST(BootstringStrategies, SimpleAndFenwickAgree) {
  std::mt19937_64 rng(42);
  for (int iteration = 0; iteration < 3000; ++iteration) {
    const std::size_t length = iteration < 2000 ? rng() % 64 : rng() % 3000;
    const std::u32string s =
        puny::test::random_string(rng, length, iteration % 2 ? 30 : 20000);
    std::vector<bool> flags(s.size());
    for (std::size_t j = 0; j < flags.size(); ++j) flags[j] = (rng() % 3) == 0;
    const std::vector<bool>* flag_arg = iteration % 3 == 0 ? &flags : nullptr;
    std::string simple, fen;
    ASSERT_TRUE(bs::encode(s, puny::punycode::profile, simple, flag_arg, with(bs::strategy::simple)).ok());
    ASSERT_TRUE(bs::encode(s, puny::punycode::profile, fen, flag_arg, with(bs::strategy::fenwick)).ok());
    ASSERT_EQ(simple, fen) << "iteration " << iteration;
    std::u32string d1, d2;
    std::vector<bool> f1, f2;
    ASSERT_TRUE(bs::decode(simple, puny::punycode::profile, d1, &f1, with(bs::strategy::simple)).ok());
    ASSERT_TRUE(bs::decode(simple, puny::punycode::profile, d2, &f2, with(bs::strategy::fenwick)).ok());
    // With flags the encoder also sets the case of basic letters.
    if (flag_arg == nullptr) {
      ASSERT_EQ(d1, s);
    }
    ASSERT_EQ(d2, d1);
    ASSERT_EQ(f1, f2);
  }
}

TEST(BootstringStrategies, LongStringRoundTripUsesFenwickPath) {
  std::mt19937_64 rng(3);
  const std::u32string s = puny::test::random_string(rng, 200000);
  std::string encoded;
  ASSERT_TRUE(bs::encode(s, puny::punycode::profile, encoded).ok());
  std::u32string decoded;
  ASSERT_TRUE(bs::decode(encoded, puny::punycode::profile, decoded).ok());
  EXPECT_EQ(decoded, s);
}

// Records what the observer hook reports.
struct recorder : bs::observer {
  std::vector<std::uint64_t> deltas;
  std::vector<std::uint32_t> biases_before;
  std::vector<char32_t> code_points;
  std::string digits;
  void on_delta(char32_t cp, std::size_t, std::uint64_t delta, std::uint32_t bias) override {
    code_points.push_back(cp);
    deltas.push_back(delta);
    biases_before.push_back(bias);
  }
  void on_digit(std::uint32_t, std::uint32_t, std::uint64_t, char c) override { digits.push_back(c); }
};

// The seeds and RFC 3492 section 7 trace sample L by hand: these are their numbers.
TEST(BootstringTrace, SampleLDeltasAndBiases) {
  const std::vector<std::uint64_t> deltas = {62042, 139, 16683, 34821, 14592, 42088};
  const std::vector<std::uint32_t> biases = {72, 27, 24, 67, 82, 67};
  bs::advanced_options adv;
  recorder enc;
  adv.trace = &enc;
  std::string out;
  ASSERT_TRUE(bs::encode(U"3\u5e74B\u7d44\u91d1\u516b\u5148\u751f", puny::punycode::profile, out, nullptr, adv).ok());
  EXPECT_EQ(out, "3B-ww4c5e180e575a65lsy2b");
  EXPECT_EQ(enc.deltas, deltas);
  EXPECT_EQ(enc.biases_before, biases);
  EXPECT_EQ(enc.digits, "ww4c5e180e575a65lsy2b");

  recorder dec;
  adv.trace = &dec;
  std::u32string decoded;
  ASSERT_TRUE(bs::decode(out, puny::punycode::profile, decoded, nullptr, adv).ok());
  EXPECT_EQ(dec.deltas, deltas);
  EXPECT_EQ(dec.biases_before, biases);
  EXPECT_EQ(dec.digits, "ww4c5e180e575a65lsy2b");
}

TEST(BootstringBuffers, ExactSizeAndOneLess) {
  const std::u32string input = U"3\u5e74B\u7d44\u91d1\u516b\u5148\u751f";
  const std::string expected = "3B-ww4c5e180e575a65lsy2b";
  for (std::size_t capacity = 0; capacity <= expected.size() + 2; ++capacity) {
    std::vector<char> buf(capacity + 8, '#');
    const auto r = bs::encode(input, puny::punycode::profile, buf.data(), capacity);
    for (std::size_t k = capacity; k < buf.size(); ++k) ASSERT_EQ(buf[k], '#') << "wrote past capacity";
    if (capacity < expected.size()) {
      EXPECT_EQ(r.status.code, errc::buffer_too_small);
      EXPECT_EQ(r.status.needed, expected.size());
    } else {
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(std::string(buf.data(), r.size), expected);
    }
  }
  for (std::size_t capacity = 0; capacity <= input.size() + 2; ++capacity) {
    std::vector<char32_t> buf(capacity + 8, U'#');
    std::vector<char> flag_buf(capacity + 8, 2);
    const auto r = bs::decode(expected, puny::punycode::profile, buf.data(), capacity,
                              reinterpret_cast<bool*>(flag_buf.data()));
    for (std::size_t k = capacity; k < buf.size(); ++k) {
      ASSERT_EQ(buf[k], U'#') << "wrote past capacity";
      ASSERT_EQ(flag_buf[k], 2) << "flag written past capacity";
    }
    if (capacity < input.size()) {
      EXPECT_EQ(r.status.code, errc::buffer_too_small);
      EXPECT_EQ(r.status.needed, input.size());
    } else {
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(std::u32string(buf.data(), r.size), input);
    }
  }
}

TEST(BootstringBuffers, LongInputsInCallerBuffers) {
  std::mt19937_64 rng(11);
  const std::u32string s = puny::test::random_string(rng, 5000);
  std::string encoded;
  ASSERT_TRUE(bs::encode(s, puny::punycode::profile, encoded).ok());
  std::vector<char> out(encoded.size());
  auto r = bs::encode(s, puny::punycode::profile, out.data(), out.size() - 1);
  EXPECT_EQ(r.status.code, errc::buffer_too_small);
  EXPECT_EQ(r.status.needed, encoded.size());
  r = bs::encode(s, puny::punycode::profile, out.data(), out.size());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::string(out.data(), r.size), encoded);
  std::vector<char32_t> cps(s.size());
  r = bs::decode(encoded, puny::punycode::profile, cps.data(), cps.size() - 1);
  EXPECT_EQ(r.status.code, errc::buffer_too_small);
  EXPECT_EQ(r.status.needed, s.size());
  r = bs::decode(encoded, puny::punycode::profile, cps.data(), cps.size());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(std::u32string(cps.data(), r.size), s);
}

TEST(BootstringErrors, FailureRestoresOutputs) {
  std::u32string out = U"prefix";
  std::vector<bool> flags = {true};
  EXPECT_EQ(bs::decode("abc-9999999999999999999999999", puny::punycode::profile, out, &flags).code,
            errc::overflow);
  EXPECT_EQ(out, U"prefix");
  EXPECT_EQ(flags.size(), 1u);
  std::string text = "prefix";
  EXPECT_EQ(bs::encode(U"a\xD800", puny::punycode::profile, text).code, errc::invalid_code_point);
  EXPECT_EQ(text, "prefix");
  std::vector<bool> wrong(3);
  EXPECT_EQ(bs::encode(U"ab", puny::punycode::profile, text, &wrong).code, errc::case_flags_mismatch);
}

}  // namespace
