// Punycode (RFC 3492) vectors, error kinds, case handling, UTF-8 forms.
#include "puny/punycode.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "test_support.hpp"

using puny::errc;
namespace pc = puny::punycode;
using puny::test::utf32;
using puny::test::utf8;

namespace {

struct vector_case {
  std::string description;
  std::string decoded;  // UTF-8
  std::string encoded;
};

std::vector<vector_case> load_vectors() {
  const std::string path = std::string(PUNY_TESTDATA_DIR) + "/punycode_tests.json";
  std::ifstream file(path);
  if (!file) {
    ADD_FAILURE() << "test data missing: " << path;
    return {};
  }
  const auto doc = nlohmann::json::parse(file);
  std::vector<vector_case> cases;
  for (const auto& entry : doc) {
    vector_case c;
    c.description = entry.value("description", entry["decoded"].get<std::string>());
    c.decoded = entry["decoded"].get<std::string>();
    c.encoded = entry["encoded"].get<std::string>();
    cases.push_back(c);
  }
  return cases;
}

TEST(PunycodeVectors, SharedTestDataBothWays) {
  const auto cases = load_vectors();
  // RFC 3492 section 7.1 has samples A to S; the file adds punycode.js cases.
  ASSERT_GE(cases.size(), 19u);
  for (const auto& c : cases) {
    const auto encoded = pc::encode_utf8(c.decoded);
    ASSERT_TRUE(encoded.ok()) << c.description;
    EXPECT_EQ(encoded.value, c.encoded) << c.description;
    const auto decoded = pc::decode_to_utf8(c.encoded);
    ASSERT_TRUE(decoded.ok()) << c.description;
    EXPECT_EQ(decoded.value, c.decoded) << c.description;
    // The UTF-32 forms agree with the UTF-8 ones.
    const auto e32 = pc::encode(utf32(c.decoded));
    ASSERT_TRUE(e32.ok());
    EXPECT_EQ(e32.value, c.encoded);
    const auto d32 = pc::decode(c.encoded);
    ASSERT_TRUE(d32.ok());
    EXPECT_EQ(utf8(d32.value), c.decoded);
  }
}

// Worked examples from the Japanese and Korean articles in shared/seeds.
TEST(PunycodeVectors, SeedExamples) {
  const std::vector<std::pair<std::string, std::string>> examples = {
      {"3\u5e74B\u7d44\u91d1\u516b\u5148\u751f", "3B-ww4c5e180e575a65lsy2b"},
      {"\u304a\u306f\u3088\u3046", "p8jh5i5d"},
      {"\u3042\u3044\u3046\u3048\u304a", "l8jegik"},
      {"abc\u3042\u3044\u3046\u3048\u304axyz", "abcxyz-k43eqasuw"},
      {"a\ub2e4b\uac00\ub2e4c", "abc-xm7ls9yca"},
      {"\u3042a\u3044b\u3046c\u3048d\u304a", "abcd-u53cnaprt"},
      {"---\u3042a\u3044-b\u3046c--\u3048d\u304a---", "---a-bc--d----rz3l5a8a0bzb"},
      {"\u0936\u0941\u092d-\u092a\u094d\u0930\u092d\u093e\u0924", "--pvdrkcr2b7dva7j"},
      {"b\u00fccher", "bcher-kva"},
  };
  for (const auto& [text, puny] : examples) {
    const auto e = pc::encode_utf8(text);
    ASSERT_TRUE(e.ok()) << text;
    EXPECT_EQ(e.value, puny) << text;
    const auto d = pc::decode_to_utf8(puny);
    ASSERT_TRUE(d.ok()) << puny;
    EXPECT_EQ(d.value, text);
  }
}

TEST(PunycodeDecode, AcceptsUpperAndMixedCaseDigits) {
  for (const char* form : {"bcher-kva", "bcher-KVA", "bcher-kVa", "BCHER-KVA"}) {
    const auto d = pc::decode_to_utf8(form);
    ASSERT_TRUE(d.ok()) << form;
    std::string expected = std::string(form).substr(0, 5) == "BCHER" ? "BCHER" : "bcher";
    expected.insert(1, "\u00fc");
    EXPECT_EQ(d.value, expected) << form;
  }
  const auto upper = pc::decode_to_utf8("3B-WW4C5E180E575A65LSY2B");
  ASSERT_TRUE(upper.ok());
  EXPECT_EQ(upper.value, "3\u5e74B\u7d44\u91d1\u516b\u5148\u751f");
}

TEST(PunycodeEncode, EmitsLowerCaseDigits) {
  const auto e = pc::encode_utf8("\u00dc\u00e4\u00f6\u2665");
  ASSERT_TRUE(e.ok());
  for (char c : e.value) EXPECT_FALSE(c >= 'A' && c <= 'Z') << e.value;
}

// RFC 3492 section 7.1 sample I (Russian) marks its first letter upper case
// with the annotation of appendix A: the uppercase 'D' ends that delta.
TEST(PunycodeMixedCase, RfcSampleIAnnotation) {
  const std::string annotated = "b1abfaaepdrnnbgefbaDotcwatmq2g4l";
  const auto d = pc::decode_annotated(annotated);
  ASSERT_TRUE(d.ok());
  ASSERT_EQ(d.value.uppercase.size(), d.value.text.size());
  EXPECT_TRUE(d.value.uppercase[0]);
  for (std::size_t j = 1; j < d.value.uppercase.size(); ++j) EXPECT_FALSE(d.value.uppercase[j]);
  const auto e = pc::encode(d.value.text, d.value.uppercase);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.value, annotated);
}

TEST(PunycodeMixedCase, BasicLettersCarryTheirFlags) {
  const auto d = pc::decode_annotated("TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g");
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE(d.value.uppercase[0]);   // 'T'
  EXPECT_FALSE(d.value.uppercase[1]);  // U+1EA1
  const std::u32string text = U"ab\u00fccd";
  const std::vector<bool> flags = {true, false, true, false, true};
  const auto e = pc::encode(text, flags);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.value.substr(0, 5), "AbcD-");
  const auto back = pc::decode_annotated(e.value);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.value.text, U"Ab\u00fccD");
  EXPECT_EQ(back.value.uppercase, flags);
}

TEST(PunycodeMixedCase, RandomAnnotationRoundTrips) {
  std::mt19937_64 rng(5);
  for (int iteration = 0; iteration < 2000; ++iteration) {
    std::u32string s = puny::test::random_string(rng, rng() % 40);
    // Basic letters are compared after applying the flag's case.
    std::vector<bool> flags(s.size());
    for (std::size_t j = 0; j < s.size(); ++j) {
      flags[j] = rng() % 2;
      char32_t& c = s[j];
      if (c >= 'A' && c <= 'Z' && !flags[j]) c = c - 'A' + 'a';
      if (c >= 'a' && c <= 'z' && flags[j]) c = c - 'a' + 'A';
      if (c < 0x80 && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z')) flags[j] = false;
    }
    const auto e = pc::encode(s, flags);
    ASSERT_TRUE(e.ok());
    const auto d = pc::decode_annotated(e.value);
    ASSERT_TRUE(d.ok());
    ASSERT_EQ(d.value.text, s);
    ASSERT_EQ(d.value.uppercase, flags);
  }
}

struct error_case {
  const char* input;
  errc code;
  std::size_t offset;
};

TEST(PunycodeDecode, EveryErrorKindWithItsOffset) {
  const std::vector<error_case> cases = {
      {"0000h", errc::decoded_out_of_range, 0},      // value far above U+10FFFF
      {"a-9z5g", errc::decoded_out_of_range, 2},     // decodes to surrogate U+DC00
      {"ab!c", errc::invalid_digit, 2},              // '!' is not a digit
      {"abc-kx", errc::truncated_number, 6},         // ends inside an integer
      {"abc-99999999999999999999", errc::overflow, 21},  // w * 35 passes 2^64 at digit 18
      {"b\xc3\xbc" "cher-kva", errc::non_basic_before_delimiter, 1},
      {"bcher-kv\xc3\xa4", errc::invalid_digit, 8},
      {"bcher-k va", errc::invalid_digit, 7},
      {"-", errc::invalid_digit, 0},           // RFC 3492 6.2: a leading delimiter is not consumed
      {"-abc", errc::invalid_digit, 0},
  };
  for (const auto& c : cases) {
    const auto d = pc::decode_to_utf8(c.input);
    EXPECT_EQ(d.status.code, c.code) << c.input << ": " << puny::to_string(d.status);
    if (c.code != errc::ok) {
      EXPECT_EQ(d.status.offset, c.offset) << c.input;
    }
    EXPECT_FALSE(puny::message(c.code).empty());
  }
}

TEST(PunycodeDecode, OverflowAtEveryStep) {
  // "zzzz..." keeps multiplying w; "9" digits add the largest values.
  for (std::size_t n = 1; n < 40; ++n) {
    const std::string digits(n, '9');
    const auto d = pc::decode(digits);
    EXPECT_FALSE(d.ok());
    EXPECT_TRUE(d.status.code == errc::overflow || d.status.code == errc::truncated_number ||
                d.status.code == errc::decoded_out_of_range)
        << n;
  }
  // A delta that fits in 64 bits but pushes n past U+10FFFF.
  const auto big = pc::decode("99999999a");
  EXPECT_EQ(big.status.code, errc::decoded_out_of_range);
}

TEST(PunycodeEncode, RejectsNonScalarValues) {
  const std::u32string surrogate = {U'a', char32_t{0xD800}};
  const auto s = pc::encode(surrogate);
  EXPECT_EQ(s.status.code, errc::invalid_code_point);
  EXPECT_EQ(s.status.offset, 1u);
  const std::u32string too_big = {char32_t{0x110000}};
  EXPECT_EQ(pc::encode(too_big).status.code, errc::invalid_code_point);
  const auto bad_utf8 = pc::encode_utf8("ab\xed\xa0\x80");
  EXPECT_EQ(bad_utf8.status.code, errc::invalid_utf8);
  EXPECT_EQ(bad_utf8.status.offset, 2u);
}

TEST(PunycodeEdge, EmptyAndBasicOnly) {
  EXPECT_EQ(pc::encode_utf8("").value, "");
  EXPECT_TRUE(pc::decode_to_utf8("").ok());
  EXPECT_EQ(pc::encode_utf8("-> $1.00 <-").value, "-> $1.00 <--");
  EXPECT_EQ(pc::decode_to_utf8("-> $1.00 <--").value, "-> $1.00 <-");
  // Only delimiters: all but the last are basic code points.
  EXPECT_EQ(pc::decode_to_utf8("----").value, "---");
  const std::string nul("a\0b-", 4);
  const auto d = pc::decode_to_utf8(nul);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.value, std::string("a\0b", 3));
}

TEST(PunycodeRoundTrip, RandomShortAndLongStrings) {
  std::mt19937_64 rng(99);
  for (int iteration = 0; iteration < 5000; ++iteration) {
    const std::size_t length = iteration < 4900 ? rng() % 70 : rng() % 20000;
    const std::u32string s = puny::test::random_string(rng, length);
    const auto e = pc::encode(s);
    ASSERT_TRUE(e.ok());
    const auto d = pc::decode(e.value);
    ASSERT_TRUE(d.ok());
    ASSERT_EQ(d.value, s);
    const auto e8 = pc::encode_utf8(utf8(s));
    ASSERT_TRUE(e8.ok());
    ASSERT_EQ(e8.value, e.value);
  }
}

TEST(PunycodeBuffers, Utf8FormsAgreeWithAllocatingOnes) {
  std::mt19937_64 rng(17);
  for (int iteration = 0; iteration < 300; ++iteration) {
    const std::string text = utf8(puny::test::random_string(rng, rng() % (iteration < 250 ? 60 : 2000)));
    const auto e = pc::encode_utf8(text);
    ASSERT_TRUE(e.ok());
    std::vector<char> buf(e.value.size() + 1);
    auto r = pc::encode_utf8(text, buf.data(), buf.size());
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(std::string(buf.data(), r.size), e.value);
    if (!e.value.empty()) {
      r = pc::encode_utf8(text, buf.data(), e.value.size() - 1);
      ASSERT_EQ(r.status.code, errc::buffer_too_small);
      ASSERT_EQ(r.status.needed, e.value.size());
    }
    std::vector<char> back(text.size());
    r = pc::decode_to_utf8(e.value, back.data(), back.size());
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(std::string(back.data(), r.size), text);
    // Room for 4 bytes per code point: the direct path.
    std::vector<char> roomy(4 * text.size() + 4);
    r = pc::decode_to_utf8(e.value, roomy.data(), roomy.size());
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(std::string(roomy.data(), r.size), text);
    if (!text.empty()) {
      r = pc::decode_to_utf8(e.value, back.data(), text.size() - 1);
      ASSERT_EQ(r.status.code, errc::buffer_too_small);
      ASSERT_EQ(r.status.needed, text.size());
    }
  }
}

}  // namespace
