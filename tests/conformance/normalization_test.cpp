// UAX #15 conformance: runs every line of NormalizationTest.txt against our
// NFC (src/unicode/nfc.cpp).  The file is read from
// ${PUNY_UNICODE_DATA_DIR}/ucd/NormalizationTest.txt; if it is missing the
// test fails (it is never skipped).
//
// Checked per line (NormalizationTest.txt header, CONFORMANCE 1, NFC part):
//   c2 == NFC(c1) == NFC(c2) == NFC(c3)
//   c4 == NFC(c4) == NFC(c5)
// and is_nfc(x) == (NFC(x) == x) for every column, with the quick check
// never contradicting it.  CONFORMANCE 2 (code points not listed in Part 1
// are their own NFC) is checked for every scalar value.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"

#ifndef PUNY_UNICODE_DATA_DIR
#error "PUNY_UNICODE_DATA_DIR must be defined"
#endif

namespace ucd = puny::detail::ucd;

namespace {

const std::string test_file = std::string(PUNY_UNICODE_DATA_DIR) + "/ucd/NormalizationTest.txt";

struct test_line {
  std::size_t line_no;
  int part;
  std::u32string col[5];
};

std::string hex(std::u32string_view s) {
  std::string out;
  char buf[16];
  for (const char32_t c : s) {
    std::snprintf(buf, sizeof buf, "%s%04X", out.empty() ? "" : " ",
                  static_cast<unsigned>(c));
    out += buf;
  }
  return out;
}

bool parse_column(const std::string& text, std::u32string& out) {
  std::istringstream in(text);
  std::string tok;
  while (in >> tok) {
    std::size_t used = 0;
    unsigned long v = 0;
    try {
      v = std::stoul(tok, &used, 16);
    } catch (...) {
      return false;
    }
    if (used != tok.size() || v > 0x10FFFF) return false;
    out.push_back(static_cast<char32_t>(v));
  }
  return !out.empty();
}

// Returns false (with a message) if the file cannot be read or parsed.
bool load(std::vector<test_line>& lines, std::string& error) {
  std::ifstream in(test_file);
  if (!in) {
    error = "cannot open " + test_file +
            " (set PUNY_UNICODE_DATA_DIR to the directory holding ucd/ and idna/)";
    return false;
  }
  std::string line;
  std::size_t no = 0;
  int part = -1;
  while (std::getline(in, line)) {
    ++no;
    // "# NormalizationTest-18.0.0.txt": the data must be the version of the
    // tables this build was made from (PUNY_UNICODE_VERSION).
    if (no == 1) {
      const std::string want =
          "# NormalizationTest-" + std::string(puny::unicode::unicode_version) + ".txt";
      if (line != want) {
        error = test_file + " starts with \"" + line + "\", not \"" + want +
                "\": data of another Unicode version than this build's tables";
        return false;
      }
    }
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '@') {
      if (line.rfind("@Part", 0) == 0) part = std::atoi(line.c_str() + 5);
      continue;
    }
    test_line t{no, part, {}};
    std::size_t pos = 0;
    for (auto& col : t.col) {
      const std::size_t semi = line.find(';', pos);
      if (semi == std::string::npos || !parse_column(line.substr(pos, semi - pos), col)) {
        error = test_file + ":" + std::to_string(no) + ": cannot parse: " + line;
        return false;
      }
      pos = semi + 1;
    }
    lines.push_back(std::move(t));
  }
  if (lines.empty()) {
    error = test_file + " contains no test lines";
    return false;
  }
  return true;
}

// Checks one column for is_nfc / quick-check consistency; returns a failure
// description or an empty string.
std::string check_is_nfc(std::u32string_view s) {
  const bool is = ucd::nfc(s) == s;
  if (ucd::is_nfc(s) != is) return "is_nfc(" + hex(s) + ") != (nfc(x) == x)";
  const ucd::quick_check q = ucd::nfc_quick_check(s);
  if ((q == ucd::quick_check::yes && !is) || (q == ucd::quick_check::no && is)) {
    return "nfc_quick_check(" + hex(s) + ") contradicts nfc";
  }
  return {};
}

std::string check_line(const test_line& t) {
  const auto& c = t.col;
  std::string why;
  const auto expect = [&why](const std::u32string& want, std::u32string_view input,
                             const char* what) {
    const std::u32string got = ucd::nfc(input);
    if (got != want && why.empty()) {
      why = std::string(what) + ": NFC(" + hex(input) + ") = " + hex(got) + ", want " + hex(want);
    }
  };
  expect(c[1], c[0], "c2 == NFC(c1)");
  expect(c[1], c[1], "c2 == NFC(c2)");
  expect(c[1], c[2], "c2 == NFC(c3)");
  expect(c[3], c[3], "c4 == NFC(c4)");
  expect(c[3], c[4], "c4 == NFC(c5)");
  for (const auto& col : c) {
    if (!why.empty()) break;
    why = check_is_nfc(col);
  }
  return why;
}

}  // namespace

TEST(NormalizationTest, AllLines) {
  std::vector<test_line> lines;
  std::string error;
  ASSERT_TRUE(load(lines, error)) << error;

  std::size_t passed = 0;
  std::size_t failed = 0;
  for (const auto& t : lines) {
    const std::string why = check_line(t);
    if (why.empty()) {
      ++passed;
      continue;
    }
    ++failed;
    if (failed <= 20) {
      ADD_FAILURE() << "NormalizationTest.txt:" << t.line_no << " (Part " << t.part
                    << "): " << why;
    }
  }
  std::printf("NormalizationTest.txt (Unicode %s): %zu passed, %zu failed\n",
              std::string(puny::unicode::unicode_version).c_str(), passed, failed);
  EXPECT_EQ(failed, 0u);
  EXPECT_EQ(passed, lines.size());
}

TEST(NormalizationTest, UnlistedCodePointsAreStable) {
  std::vector<test_line> lines;
  std::string error;
  ASSERT_TRUE(load(lines, error)) << error;

  std::unordered_set<char32_t> listed;
  for (const auto& t : lines) {
    if (t.part == 1 && t.col[0].size() == 1) listed.insert(t.col[0][0]);
  }
  ASSERT_GT(listed.size(), 1000u) << "Part 1 of " << test_file << " looks truncated";

  std::size_t checked = 0;
  std::size_t failed = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c == 0xD800) c = 0xE000;  // scalar values only
    if (listed.count(c) != 0) continue;
    ++checked;
    const std::u32string one(1, c);
    if (ucd::nfc(one) != one || !ucd::is_nfc(one)) {
      if (++failed <= 20) ADD_FAILURE() << "U+" << hex(one) << " is not its own NFC";
    }
  }
  std::printf("part 1 implied rule: %zu code points checked, %zu not stable\n", checked, failed);
  EXPECT_EQ(failed, 0u);
}
