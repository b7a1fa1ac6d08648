// puny::unicode::simple_uppercase / simple_lowercase against UnicodeData.txt
// (fields 12 and 13) for every code point, read from
// ${PUNY_UNICODE_DATA_DIR}/ucd/UnicodeData.txt; fails naming the path when
// the file is missing.  Plus spot checks read from the same file.

#include "puny/case.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef PUNY_UNICODE_DATA_DIR
#error "PUNY_UNICODE_DATA_DIR must be defined"
#endif

namespace {

using puny::unicode::simple_lowercase;
using puny::unicode::simple_uppercase;

const std::string data_file = std::string(PUNY_UNICODE_DATA_DIR) + "/ucd/UnicodeData.txt";

constexpr char32_t code_points = 0x110000;

struct case_data {
  bool loaded = false;
  std::string error;
  std::vector<char32_t> upper;  // identity where UnicodeData.txt has no mapping
  std::vector<char32_t> lower;
  std::size_t upper_count = 0;
  std::size_t lower_count = 0;
};

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ';')) fields.push_back(field);
  if (!line.empty() && line.back() == ';') fields.emplace_back();
  return fields;
}

char32_t parse_hex(const std::string& s) {
  return static_cast<char32_t>(std::stoul(s, nullptr, 16));
}

const case_data& data() {
  static const case_data d = [] {
    case_data r;
    std::ifstream in(data_file);
    if (!in) {
      r.error = "cannot open " + data_file +
                " (set PUNY_UNICODE_DATA_DIR to the directory holding ucd/ and idna/)";
      return r;
    }
    r.upper.resize(code_points);
    r.lower.resize(code_points);
    for (char32_t c = 0; c < code_points; ++c) r.upper[c] = r.lower[c] = c;
    std::string line;
    std::size_t line_no = 0;
    while (std::getline(in, line)) {
      ++line_no;
      if (line.empty()) continue;
      const std::vector<std::string> f = split(line);
      if (f.size() < 15) {
        r.error = data_file + ":" + std::to_string(line_no) + ": expected 15 fields";
        return r;
      }
      const char32_t c = parse_hex(f[0]);
      if (!f[12].empty()) {
        r.upper[c] = parse_hex(f[12]);
        ++r.upper_count;
      }
      if (!f[13].empty()) {
        r.lower[c] = parse_hex(f[13]);
        ++r.lower_count;
      }
    }
    r.loaded = true;
    return r;
  }();
  return d;
}

std::string hex(char32_t c) {
  std::ostringstream s;
  s << "U+" << std::hex << std::uppercase << static_cast<unsigned long>(c);
  return s.str();
}

}  // namespace

TEST(SimpleCase, EveryCodePointMatchesUnicodeData) {
  const case_data& d = data();
  ASSERT_TRUE(d.loaded) << d.error;
  // Unicode 17.0.0 has well over a thousand mappings each way: a parse that
  // found none would make the loop below compare identity with identity.
  EXPECT_GT(d.upper_count, 1000u);
  EXPECT_GT(d.lower_count, 1000u);
  std::size_t failures = 0;
  for (char32_t c = 0; c < code_points && failures < 20; ++c) {
    if (simple_uppercase(c) != d.upper[c]) {
      ++failures;
      ADD_FAILURE() << "simple_uppercase(" << hex(c) << ") = " << hex(simple_uppercase(c))
                    << ", " << data_file << " says " << hex(d.upper[c]);
    }
    if (simple_lowercase(c) != d.lower[c]) {
      ++failures;
      ADD_FAILURE() << "simple_lowercase(" << hex(c) << ") = " << hex(simple_lowercase(c))
                    << ", " << data_file << " says " << hex(d.lower[c]);
    }
  }
}

// Values read from UnicodeData.txt 17.0.0.
TEST(SimpleCase, SpotChecks) {
  EXPECT_EQ(simple_uppercase(U'a'), U'A');
  EXPECT_EQ(simple_lowercase(U'Z'), U'z');
  EXPECT_EQ(simple_uppercase(U'A'), U'A');
  EXPECT_EQ(simple_lowercase(U'1'), U'1');
  EXPECT_EQ(simple_uppercase(0x00FC), 0x00DCu);  // u with diaeresis
  EXPECT_EQ(simple_lowercase(0x00DC), 0x00FCu);
  EXPECT_EQ(simple_uppercase(0x00DF), 0x00DFu);  // sharp s: no simple uppercase
  EXPECT_EQ(simple_lowercase(0x1E9E), 0x00DFu);  // capital sharp s
  EXPECT_EQ(simple_uppercase(0x00FF), 0x0178u);  // y with diaeresis
  EXPECT_EQ(simple_lowercase(0x0130), 0x0069u);  // capital I with dot above
  EXPECT_EQ(simple_uppercase(0x0131), 0x0049u);  // dotless i
  EXPECT_EQ(simple_lowercase(0x212A), 0x006Bu);  // KELVIN SIGN
  EXPECT_EQ(simple_uppercase(0x017F), 0x0053u);  // long s
  EXPECT_EQ(simple_uppercase(0x0101), 0x0100u);  // Latin Extended-A, alternating
  EXPECT_EQ(simple_uppercase(0x0100), 0x0100u);
  EXPECT_EQ(simple_lowercase(0x0100), 0x0101u);
  EXPECT_EQ(simple_lowercase(0x0101), 0x0101u);
  EXPECT_EQ(simple_uppercase(0x01C5), 0x01C4u);  // titlecase DZ with caron
  EXPECT_EQ(simple_lowercase(0x01C5), 0x01C6u);
  EXPECT_EQ(simple_uppercase(0x03C2), 0x03A3u);  // final sigma
  EXPECT_EQ(simple_lowercase(0x03A3), 0x03C3u);
  EXPECT_EQ(simple_lowercase(0x0416), 0x0436u);  // Cyrillic ZHE
  EXPECT_EQ(simple_uppercase(0x10D0), 0x1C90u);  // Georgian Mkhedruli -> Mtavruli
  EXPECT_EQ(simple_lowercase(0x10400), 0x10428u);  // Deseret
  EXPECT_EQ(simple_uppercase(0x1E922), 0x1E900u);  // Adlam
  EXPECT_EQ(simple_uppercase(0x3042), 0x3042u);  // Hiragana: uncased
}

TEST(SimpleCase, NonCharactersAndOutOfRange) {
  for (char32_t c : {char32_t{0xD800}, char32_t{0xDFFF}, char32_t{0xFFFF}, char32_t{0x10FFFF},
                     char32_t{0x110000}, char32_t{0x7FFFFFFF}, char32_t{0xFFFFFFFF}}) {
    EXPECT_EQ(simple_uppercase(c), c) << hex(c);
    EXPECT_EQ(simple_lowercase(c), c) << hex(c);
  }
}
