// The browsers' IDN test tables as data (tests/display/data/*.tsv): one
// case a line, three tab-separated columns (the A-label form, the Unicode
// form with \uXXXX / \UXXXXXXXX escapes as the browsers write them, and a
// third column each table defines), '#' comments.  Shared by the display
// tests that read such a table.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "puny/unicode.hpp"

namespace puny::test {

// "\u00fc" and "\U00016f04" escapes, as the browsers' tables write them.
inline std::string unescape(const std::string& s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == 'u' || s[i + 1] == 'U')) {
      const std::size_t digits = s[i + 1] == 'u' ? 4 : 8;
      out.push_back(static_cast<char32_t>(std::stoul(s.substr(i + 2, digits), nullptr, 16)));
      i += 2 + digits;
    } else {
      out.push_back(static_cast<unsigned char>(s[i]));
      ++i;
    }
  }
  std::string utf8;
  EXPECT_TRUE(puny::unicode::utf32_to_utf8(out, utf8).ok());
  return utf8;
}

struct idn_case {
  std::string input, unicode, expected;
  int line;
};

inline std::vector<idn_case> read_cases(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "missing test data: " << path;
  std::vector<idn_case> cases;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    idn_case c;
    c.line = number;
    std::getline(fields, c.input, '\t');
    std::getline(fields, c.unicode, '\t');
    std::getline(fields, c.expected, '\t');
    // Three columns, no per-row exceptions: a fourth would be a case the
    // test quietly treats differently.
    std::string extra;
    EXPECT_FALSE(std::getline(fields, extra, '\t')) << path << ":" << number << ": more than three columns";
    c.unicode = unescape(c.unicode);
    cases.push_back(c);
  }
  return cases;
}

}  // namespace puny::test
